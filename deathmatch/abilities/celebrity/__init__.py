"""Effect kinds of abilities: one module per kind, registered by name.

The eight core kinds of RULES.md §9.1 (ranged_attack, move, charge, dodge,
reroll, heal, whirlwind, counterattack) and our own (revive, shove, teleport,
double_strike, glory, steal, swap, turn_foe).
"""

from . import (  # noqa: F401  (each module registers its kind)
    charge,
    counterattack,
    dodge,
    double_strike,
    glory,
    heal,
    move,
    ranged_attack,
    reroll,
    revive,
    shove,
    steal,
    swap,
    teleport,
    turn_foe,
    whirlwind,
)
from .base import KINDS, TIMINGS, TRIGGERED, EffectKind, Param, get_kind, register

__all__ = ["KINDS", "TIMINGS", "TRIGGERED", "EffectKind", "Param", "get_kind", "register"]
