"""Chessboard Skirmish (ruleset id `skirmish`): docs/rules/SKIRMISH.md, headless, on the
core's machine (`deathmatch.core`). Pure Python, no pygame.

- `army.py`: an army list as data, points and legality.
"""

from . import army  # noqa: F401
from . import arena_check  # noqa: E402,F401  (registers the map check of "skirmish")
