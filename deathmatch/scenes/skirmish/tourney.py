"""A tournament night of Chessboard Skirmish: its setup, the Skirmish setup screen (two seats, human
or bot) with the night's own choices: how many games, the boards of the night, shuffled or in
order, and whether an army may be dealt twice to the same player.

The armies are dealt game by game from the bundled and the player's own (the ruleset's tournament
rules, `rulesets/skirmish/tournament.py`); who sets up at the bottom alternates game by game (the
night's placement order). The night then runs on the shared standings screen (scenes/tourney.py,
"tournament"), each game on the Skirmish table. An even number of games gives each player the
bottom as often as the top.
"""

from __future__ import annotations

import pygame

from ...client.ui import GOLD, Button, text
from ..setup import GameNight  # a game's own night: its arena list, its choices kept, its start
from .setup import SkirmishSetupScene  # the screen this one extends (tests/shell/test_router.py EXTENDS)

GAMES = [2, 4, 6, 8, 10]
"""Even: each player sets up at the bottom in as many games as at the top."""


class SkirmishTournamentSetup(GameNight, SkirmishSetupScene):
    title = "Tournament night: Chessboard Skirmish"
    night_games = GAMES
    arenas_key = "boards"

    def __init__(self, app):
        super().__init__(app)
        self.take_up_game_night()  # the boards of the night, in order
        for seat in self.seats[:2]:
            seat.cards = []  # the armies are dealt game by game

    # --- the choices ---
    def listed_problem(self, e) -> str:
        """A board is for two, as every Skirmish game: only a broken one can not be played."""
        return "" if e.ok else f"{e.name} is broken: click it to take it off the night's list."

    def layout(self) -> None:
        super().layout()
        s = self.s
        h = self.app.size[1]
        # the armies are dealt game by game; the animation speed is a setting of the Settings screen
        keep = [b for b in self.buttons
                if b.label not in ("Pick army", "Next army", "Random") and not b.label.startswith("Animations")]
        extra = self.game_night_choices("Boards", "each sets up at the bottom in half", "army")
        for b in self.night_buttons(int(30 * s), h - int(160 * s), extra):  # bottom left, under the seats
            keep.insert(len(keep) - 1, b)
        start = next(b for b in keep if b.label.startswith("Start the game"))
        start.label = "Start the tournament (Enter)"
        start.action = self.start
        self.buttons = keep
        self.focus = keep.index(start)

    # --- the picture ---
    def draw(self, surface) -> None:
        super().draw(surface)
        s = self.s
        surface.blit(text("Tournament  (click boards to list them for the night, in order)", int(20 * s), GOLD, True),
                     (int(30 * s), self.app.size[1] - int(190 * s)))
