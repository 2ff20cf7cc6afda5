"""The conformance suite: every check here runs for every game the registry knows
(`deathmatch.core.registry.games()`: the four bundled games and the toy plugin of
tests/toy_tictactoe/, installed the way a plugin is), the way OpenSpiel tests every
registered game.

- test_rules.py: a random-play soak, record → replay identical, save → load → the same view for
  every seat and the public one, a tournament night of bots, the scenario runner on one file;
- test_screens.py: every screen of the game (from its manifest's client part) at 1024×600,
  1280×720 and 1920×1080 through the layout check of tests/shell/test_layout.py;
- test_leaks.py (leaks.py): the game through its real table by simulated people, every string
  drawn and every log line checked against what the seated person's per-player view lets them
  know, and the proof that the detector catches the four leaks of issue 28;
- test_detector.py: the detector's reading of views, on a game it never heard of.

**Adding a game** needs nothing here: register it (its manifest in the `deathmatch.games` entry
points) and every test above is parametrised over it. What a test needs of a game it asks the
registry: the `Ruleset` (`random_answer`, `view`, `new_game`, `quick_game` or `tournament.setup`
to deal, `run_scenario`), the manifest's client part (its screens), the bundled maps naming the
game, and a scenario file of the game under tests/. A game without tournament nights skips that
test and says so (Gladiator! today). Every game's table is the shared `Table` (the toy's too), so
every game plays through the leak detector, the hand-off and the game menu. The one per-game
table is `games.HINTS`, empty: use it only where the registry can not say something.

Run: `pytest tests/conformance -q`.
"""
