"""Gladiator! (ruleset id `gladiator`): docs/rules/GLADIATOR.md, headless, on the core's machine
(`deathmatch.core`). Pure Python, no pygame.

- `model.py`: the types, a gladiator's kit, the modifier tables, experience cards and their kinds.
"""

from . import model  # noqa: F401
from . import arena_check  # noqa: E402,F401  (registers the map check of "gladiator")
