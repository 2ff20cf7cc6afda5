"""Chessboard Skirmish's screens: the battle table, army builder, setup, log, hand-off, results, tourney."""
