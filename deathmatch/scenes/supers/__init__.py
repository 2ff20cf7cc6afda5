"""Superhero Gladiators' screens: the setup (teams of heroes, arena, options), the table (the fight, by
mouse alone or keyboard alone), the log, the hand-off's words, the results."""
