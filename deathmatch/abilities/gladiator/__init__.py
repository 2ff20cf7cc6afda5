"""Gladiator!'s experience-card effect kinds (GLADIATOR.md §10): one module per kind of
`rulesets/gladiator/model.py`'s `CARD_KINDS`, registered by name (`base.py` says how the game
hands them itself)."""

from . import (  # noqa: F401  (each module registers its kind)
    bind_wounds,
    brutal,
    crowd_favourite,
    dodge,
    feint,
    free_turn,
    fury,
    gods_favour,
    guard,
    second_wind,
    slip_free,
    sure_footed,
)
from .base import KINDS, CardEffect, get_kind, register

__all__ = ["KINDS", "CardEffect", "get_kind", "register"]
