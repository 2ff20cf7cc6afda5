"""Gladiator!'s options on the shared setup frame: the special rolls on or off (§7). The frame itself
gives the animation speed. Remembered in the settings' `last_setup` under "gladiator_special_rolls"."""

from __future__ import annotations

from typing import Callable

import pygame

from ...client.ui import Button
from ...rulesets.gladiator.state import Options


class GladiatorOptions:
    """The options of a bout, as the setup screen shows and changes them."""

    def __init__(self, last: dict):
        self.special_rolls = bool(last.get("gladiator_special_rolls", True))

    hidden_cards = False
    """Nothing is hidden in a bout: both men's experience cards are on the table."""

    def buttons(self, x: int, y: int, width: int, s: float, changed: Callable[[], None]) -> list[Button]:
        def flip():
            self.special_rolls = not self.special_rolls
            changed()
        return [Button(f"Special rolls: {'on' if self.special_rolls else 'off'}", pygame.Rect(x, y, width, int(32 * s)),
                       flip, True, pygame.K_s,
                       "6-6 kills, 1-1 falls, 2-2 drops, 5-5 pleases the crowd, 1 against 6 (S)")]

    def options(self) -> Options:
        return Options(special_rolls=self.special_rolls)

    def remembered(self) -> dict:
        return {"gladiator_special_rolls": self.special_rolls}
