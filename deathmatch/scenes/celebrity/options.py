"""Celebrity Deathmatch's setup options on the shared setup frame: beasts, obstacles, round limit, hidden cards.

The shared new-game and tournament setup (scenes/setup.py, scenes/tourney.py) ask the router
for the current ruleset's options (`Router.setup_options()`), put its buttons where the options
go, and hand its `options()` to the ruleset's setup. They never name an option themselves.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ...client.ui import Button
from ..newgame import stepper
from ...rulesets.celebrity import Options

ROUND_LIMITS = [None, 6, 8, 10, 12, 15, 20]
OBSTACLES = [0, 3, 6, 10]
HINTS = {
    "beasts": "On: the arena's beasts prowl a hex after every round and bite everyone next to them "
              "(a 5 or a 6 hurts). Nobody can attack them, and their bites score for nobody.",
    "obstacles": "Extra walls dropped on empty hexes at random when the game starts: none, 3, 6 or 10.",
    "round_limit": "None: play until one player's models are the last standing. A number: the game ends "
                   "after that round and the most VP wins (nobody scores for last standing).",
    "hidden": "On: each player sees only their own unplayed abilities, and the screen is passed from "
              "player to player. Off: every card is open to the whole table.",
}
"""What each option does, in players' words (shown when the mouse is on its button)."""


class CelebrityOptions:
    """The four options of a game of Celebrity Deathmatch, as the setup screen shows and changes them."""

    def __init__(self, last: dict):
        """Start from `last`, the options the player chose last time (settings' `last_setup`); bad values give the default."""
        self.beasts = bool(last.get("beasts", True))
        self.obstacles = int(last.get("obstacles", 0)) if last.get("obstacles", 0) in OBSTACLES else 0
        self.round_limit = last.get("round_limit") if last.get("round_limit") in ROUND_LIMITS else None
        self.hidden = bool(last.get("hidden_cards", True))

    @property
    def hidden_cards(self) -> bool:
        """Whether a player sees only their own unplayed abilities (the frame hides picked cards then)."""
        return self.hidden

    def buttons(self, x: int, y: int, width: int, s: float, changed: Callable[[], None]) -> list[Button]:
        """The options' buttons, two a row from (`x`, `y`), `width` wide at UI scale `s`; `changed()` after a click."""
        h, row = int(32 * s), int(40 * s)
        return [
            Button(f"Beasts: {'on' if self.beasts else 'off'}", pygame.Rect(x, y, width, h), self._toggle("beasts", changed),
                   hint=HINTS["beasts"]),
            Button(f"Obstacles: {self.obstacles or 'none'}", pygame.Rect(x + width + 10, y, width, h),
                   stepper(self, "obstacles", OBSTACLES, changed), hint=HINTS["obstacles"]),
            Button(f"Round limit: {self.round_limit or 'none'}", pygame.Rect(x, y + row, width, h),
                   stepper(self, "round_limit", ROUND_LIMITS, changed), hint=HINTS["round_limit"]),
            Button(f"Hidden cards: {'on' if self.hidden else 'off'}", pygame.Rect(x + width + 10, y + row, width, h),
                   self._toggle("hidden", changed), hint=HINTS["hidden"]),
        ]

    def options(self) -> Options:
        """The ruleset's `Options` these choices make."""
        return Options(beasts=self.beasts, obstacles=self.obstacles, round_limit=self.round_limit,
                       hidden_cards=self.hidden)

    def remembered(self) -> dict:
        """The choices as the settings keep them (`last_setup`, `last_tournament`), read back by `__init__`."""
        return {"beasts": self.beasts, "obstacles": self.obstacles, "round_limit": self.round_limit,
                "hidden_cards": self.hidden}

    def _toggle(self, attr: str, changed: Callable[[], None]):
        def go():
            setattr(self, attr, not getattr(self, attr))
            changed()
        return go
