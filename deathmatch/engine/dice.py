"""Where the dice come from: the core's seeded and forced dice (`deathmatch.core.dice`).

Kept so that `deathmatch.engine.dice` still names them.
"""

from ..core.dice import ForcedDice, SeededDice

__all__ = ["ForcedDice", "SeededDice"]
