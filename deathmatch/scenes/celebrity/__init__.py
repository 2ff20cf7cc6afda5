"""Celebrity Deathmatch's screens: the battle table, hand-off, log, orders, replay, story, results."""
