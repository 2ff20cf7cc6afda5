"""Superhero Gladiators (docs/rules/SUPERS.md): teams of home-made superheroes, each designed on a card
with a points budget, fight in an arena in turns of six segments.

`model` holds the hero card as data (attributes, traits, segments, powers and their costs);
`heroes` reads, checks and writes hero files. The rules of play live beside them.
"""

from . import ruleset  # noqa: E402,F401  (registers "supers")
