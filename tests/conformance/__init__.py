"""The conformance suite: every check here runs for every game the registry knows
(`deathmatch.core.registry.games()`: the four bundled games and the toy plugin of
tests/toy_tictactoe/, installed the way a plugin is), the way OpenSpiel tests every
registered game. A new game gets every check by being registered: see games.py."""
