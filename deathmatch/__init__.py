"""Deathmatch: the digital edition of Semi-Historical Celebrity Deathmatch."""

__version__ = "0.1.0"
