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

import random

import pygame

from ...client.ui import GOLD, Button, text
from ..setup import NightArenas  # the night's arena list, shared with Celebrity's night
from .setup import SkirmishSetupScene  # the screen this one extends (tests/test_router.py EXTENDS)

GAMES = [2, 4, 6, 8, 10]
"""Even: each player sets up at the bottom in as many games as at the top."""
KEY = "night_skirmish"
"""The prefix of this screen's choices in the settings' `last_tournament`, beside Celebrity's night's
(plain values only, as the settings keep a ruleset's own: the boards as one text, "id|id")."""


class SkirmishTournamentSetup(NightArenas, SkirmishSetupScene):
    title = "Tournament night: Chessboard Skirmish"

    def __init__(self, app):
        super().__init__(app)
        own = dict(app.settings.last_tournament or {})
        listed = own.get(f"{KEY}_boards") if isinstance(own.get(f"{KEY}_boards"), str) else ""
        self.take_up_night(own, f"{KEY}_", GAMES, 4, listed.split("|"))  # the boards of the night, in order
        for seat in self.seats[:2]:
            seat.cards = []  # the armies are dealt game by game

    def remembered(self) -> tuple[dict, list]:
        """New game's choices and seats, with the last Skirmish night's options over them."""
        last, seats = super().remembered()
        night = {k[len("night_"):]: v for k, v in (self.app.settings.last_tournament or {}).items()
                 if k.startswith("night_skirmish_")}
        return {**last, **night}, seats

    def remember(self) -> None:
        """Keep the night's choices for the next Skirmish night, apart from New game's (and Celebrity's night's)."""
        from ...settings import save_settings

        st = self.app.settings
        boards = "|".join(self.arenas[k].id for k in self.chosen)
        st.last_tournament = {**(st.last_tournament or {}), f"{KEY}_games": self.games, f"{KEY}_shuffle": self.shuffle,
                              f"{KEY}_no_repeat": self.no_repeat, f"{KEY}_boards": boards if len(boards) <= 200 else "",
                              **{f"night_{k}": v for k, v in self.options.remembered().items()}}
        st.bot_thinking = self.thinking  # the bots' thinking is one setting, whichever screen set it
        save_settings(st)

    # --- the choices ---
    def problem(self) -> str:
        why = super().problem()
        if why:
            return why
        for k in self.chosen:
            e = self.arenas[k]
            if not e.ok:
                return f"{e.name} is broken: click it to take it off the night's list."
        return ""

    def _cycle(self) -> None:
        self.games = GAMES[(GAMES.index(self.games) + 1) % len(GAMES)]
        self.layout()

    def layout(self) -> None:
        super().layout()
        s = self.s
        h = self.app.size[1]
        # the armies are dealt game by game; the animation speed is a setting of the Settings screen
        keep = [b for b in self.buttons
                if b.label not in ("Pick army", "Next army", "Random") and not b.label.startswith("Animations")]
        bw = int(200 * s)
        extra = [
            (f"Games: {self.games}", self._cycle, "How many games the night plays (each sets up at the bottom in half)"),
            (f"Boards: {'shuffled' if self.shuffle else 'in order'}", lambda: self._flip("shuffle"),
             "The boards of the night in the order clicked, or shuffled"),
            (f"No repeats: {'on' if self.no_repeat else 'off'}", lambda: self._flip("no_repeat"),
             "On: nobody is dealt the same army twice in the night (while another is left)"),
        ]
        lx, ly = int(30 * s), h - int(160 * s)  # the night's own choices: bottom left, under the seats
        for i, (label, act, hint) in enumerate(extra):
            rect = pygame.Rect(lx + (i % 2) * (bw + 10), ly + (i // 2) * int(40 * s), bw, int(32 * s))
            keep.insert(len(keep) - 1, Button(label, rect, act, True, None, hint))
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

    # --- the night ---
    def night(self, seed: int | None = None):
        """The tournament these choices make (not yet saved)."""
        from ...tournament import Entrant, Tournament

        seats = self.seats[:2]
        return Tournament([Entrant(s.name.strip(), s.colour, s.kind) for s in seats], self.games,
                          [self.arenas[k].id for k in self.chosen], self.shuffle, "deal", self.no_repeat,
                          self.options.options(), seed=random.randrange(1 << 30) if seed is None else seed,
                          ruleset="skirmish")

    def start(self) -> None:
        why = self.problem()
        if why:
            self.message = why
            return
        self.remember()
        t = self.night()
        t.save()
        self.app.go("tournament", t)
