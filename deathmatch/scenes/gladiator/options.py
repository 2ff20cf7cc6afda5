"""Gladiator!'s options on the shared setup frame: the special rolls on or off (§7), and the human
seats' standing order for calling on the gods (§9; game.GODS_ORDERS: only when it can change the result,
ask every die, never; changed during the bout on its "Gods" panel). The frame itself gives the animation speed. Remembered in the settings' `last_setup` under
"gladiator_special_rolls" and "gladiator_gods"."""

from __future__ import annotations

from typing import Callable

import pygame

from ...client.ui import Button
from ...rulesets.gladiator.state import Options
from .facts import GODS_CHOICES

class GladiatorOptions:
    """The options of a bout, as the setup screen shows and changes them."""

    def __init__(self, last: dict):
        self.special_rolls = bool(last.get("gladiator_special_rolls", True))
        gods = last.get("gladiator_gods", "useful")
        self.gods = gods if gods in GODS_CHOICES else "useful"

    hidden_cards = False
    """Nothing is hidden in a bout: both men's experience cards are on the table."""

    def buttons(self, x: int, y: int, width: int, s: float, changed: Callable[[], None]) -> list[Button]:
        def step():
            keys = list(GODS_CHOICES)
            self.gods = keys[(keys.index(self.gods) + 1) % len(keys)]
            changed()

        def flip():
            self.special_rolls = not self.special_rolls
            changed()
        return [Button(f"Special rolls: {'on' if self.special_rolls else 'off'}", pygame.Rect(x, y, width, int(32 * s)),
                       flip, True, pygame.K_s,
                       "6-6 kills, 1-1 falls, 2-2 drops, 5-5 pleases the crowd, 1 against 6 (S)"),
                Button(f"Calling on the gods: {GODS_CHOICES[self.gods]}",
                       pygame.Rect(x, y + int(40 * s), 2 * width + 10, int(32 * s)), step, True, pygame.K_o,
                       "When you are asked to call on the gods to roll your die again: only when it can change "
                       "the result, after every die, or never; you can change it during the bout (O)")]

    def options(self) -> Options:
        return Options(special_rolls=self.special_rolls)

    def seat_args(self, humans) -> dict:
        """What the human seats bring to the bout's setup: their standing order (bots answer for themselves)."""
        return {"gods": {name: self.gods for name in humans}}

    def remembered(self) -> dict:
        return {"gladiator_special_rolls": self.special_rolls, "gladiator_gods": self.gods}
