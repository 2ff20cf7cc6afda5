"""Superhero Gladiators' options on the shared setup frame: the turn limit (§8: an option; the fight is
then a draw), and how many heroes a team sent at random brings. Remembered in the settings'
`last_setup` under "supers_turn_limit" and "supers_random_heroes"."""

from __future__ import annotations

from typing import Callable

import pygame

from ...client.ui import Button
from ...rulesets.supers.state import Options
from .facts import counted

TURN_LIMITS = (None, 10, 20, 40)
"""The turn limits offered (None: none)."""


class SupersOptions:
    """The options of a fight, as the setup screen shows and changes them."""

    def __init__(self, last: dict):
        limit = last.get("supers_turn_limit", 20)
        self.turn_limit = limit if limit in TURN_LIMITS else 20
        n = last.get("supers_random_heroes", 2)
        self.random_heroes = n if n in (2, 3) else 2

    hidden_cards = False
    """The heroes picked are public; a hidden gizmo stays hidden on the table (the per-player view)."""

    def buttons(self, x: int, y: int, width: int, s: float, changed: Callable[[], None]) -> list[Button]:
        def limit():
            self.turn_limit = TURN_LIMITS[(TURN_LIMITS.index(self.turn_limit) + 1) % len(TURN_LIMITS)]
            changed()

        def heroes():
            self.random_heroes = 5 - self.random_heroes
            changed()
        words = "none" if self.turn_limit is None else counted(self.turn_limit, "turn")
        return [Button(f"Turn limit: {words}", pygame.Rect(x, y, width, int(32 * s)), limit, True, pygame.K_l,
                       "The fight is a draw after this many turns (L)"),
                Button(f"Random team: {self.random_heroes} heroes", pygame.Rect(x + width + 10, y, width, int(32 * s)),
                       heroes, True, pygame.K_o, "How many heroes a team left to chance brings (O)")]

    def options(self) -> Options:
        return Options(turn_limit=self.turn_limit)

    def remembered(self) -> dict:
        return {"supers_turn_limit": self.turn_limit, "supers_random_heroes": self.random_heroes}
