"""A tournament night of Superhero Gladiators (team play): its setup, the Superhero Gladiators setup
screen (2 to 4 teams, each seat a person or a bot) with the night's own choices: how many games, the
arenas of the night, shuffled or in order, and whether a hero may be dealt twice to the same player.

The teams are dealt game by game from the bundled heroes and the player's own (two heroes a team:
the ruleset's tournament rules, `rulesets/supers/tournament.py`), so the hero list of New game is not
shown; the seating rotates game by game (the night's placement order). The night then runs on the
shared standings screen (scenes/tourney.py, "tournament"), each game on the Superhero Gladiators table.
"""

from __future__ import annotations

import random

import pygame

from ...client.ui import GOLD, Button, text
from ..setup import NightArenas  # the night's arena list, shared with Celebrity's night
from .setup import SupersSetupScene  # the screen this one extends (tests/test_router.py EXTENDS)

GAMES = [2, 3, 4, 6, 8, 10]
KEY = "night_supers"
"""The prefix of this screen's choices in the settings' `last_tournament`, beside the other games' nights
(plain values only, as the settings keep a ruleset's own: the arenas as one text, "id|id")."""
LEFT_OUT = ("Team", "Random", "Design a hero", "Animations", "Random team")
"""New game's buttons a night has no use for (labels they start with): its teams are dealt game by game,
and the animation speed is a setting of the Settings screen."""


class NightSide:
    """New game's side of the frame (scenes/supers/newgame.py), saying what a team of the night brings."""

    def __init__(self, side):
        self.side = side

    def __getattr__(self, name):
        return getattr(self.side, name)

    @staticmethod
    def each_runs(n: int) -> str:
        return "two heroes a team, dealt game by game"


class SupersTournamentSetup(NightArenas, SupersSetupScene):
    title = "Tournament night: Superhero Gladiators"

    def __init__(self, app):
        super().__init__(app)
        self.side = NightSide(self.side)
        own = dict(app.settings.last_tournament or {})
        self.games = own.get(f"{KEY}_games") if own.get(f"{KEY}_games") in GAMES else 4
        self.shuffle = own.get(f"{KEY}_shuffle") is True
        self.no_repeat = own.get(f"{KEY}_no_repeat") is not False
        listed = own.get(f"{KEY}_arenas") if isinstance(own.get(f"{KEY}_arenas"), str) else ""
        chosen = [self.arena_index(a) for a in listed.split("|") if a]
        self.chosen: list[int] = list(dict.fromkeys(k for k in chosen if k is not None)) or [self.arena]
        """The arenas of the night, in the order clicked (click again to take one off)."""
        self.arena = self.chosen[0]
        for seat in self.seats:
            seat.cards = []  # the teams are dealt game by game
        self.layout()

    def remembered(self) -> tuple[dict, list]:
        """New game's choices and seats, with the last Superhero Gladiators night's over them."""
        last, seats = super().remembered()
        night = {k[len("night_"):]: v for k, v in (self.app.settings.last_tournament or {}).items()
                 if k.startswith(f"{KEY}_")}
        return {**last, **night}, seats

    def remember(self) -> None:
        """Keep the night's choices for the next night of this game, apart from New game's (and other games' nights)."""
        from ...settings import save_settings

        st = self.app.settings
        arenas = "|".join(self.arenas[k].id for k in self.chosen)
        st.last_tournament = {**(st.last_tournament or {}), f"{KEY}_games": self.games, f"{KEY}_shuffle": self.shuffle,
                              f"{KEY}_no_repeat": self.no_repeat, f"{KEY}_players": self.count,
                              f"{KEY}_arenas": arenas if len(arenas) <= 200 else "",
                              **{f"night_{k}": v for k, v in self.options.remembered().items()}}
        save_settings(st)

    # --- the choices ---
    def problem(self) -> str:
        why = super().problem()
        if why:
            return why
        for k in self.chosen:
            e = self.arenas[k]
            if not e.ok or not e.report.arena.min_players <= self.count <= e.report.arena.max_players:
                return f"{e.name} does not take {self.count} teams: click it to take it off the night's list."
        return ""

    def _cycle(self) -> None:
        self.games = GAMES[(GAMES.index(self.games) + 1) % len(GAMES)]
        self.layout()

    def layout(self) -> None:
        if not hasattr(self, "chosen"):
            return  # the setup frame lays out before the night's choices exist
        super().layout()
        s = self.s
        h = self.app.size[1]
        heroes = {id(b) for _, b in self.hero_buttons}
        self.hero_buttons = []
        keep = [b for b in self.buttons if id(b) not in heroes and not b.label.startswith(LEFT_OUT)]
        bw = int(200 * s)
        extra = [
            (f"Games: {self.games}", self._cycle, "How many games the night plays (the seating turns each game)"),
            (f"Arenas: {'shuffled' if self.shuffle else 'in order'}", lambda: self._flip("shuffle"),
             "The arenas of the night in the order clicked, or shuffled"),
            (f"No repeats: {'on' if self.no_repeat else 'off'}", lambda: self._flip("no_repeat"),
             "On: nobody is dealt the same hero twice in the night (while another is left)"),
        ]
        lx, ly = int(30 * s), h - int(160 * s)  # the night's own choices: bottom left, under the seats
        for i, (label, act, hint) in enumerate(extra):
            rect = pygame.Rect(lx + (i % 2) * (bw + 10), ly + (i // 2) * int(40 * s), bw, int(32 * s))
            keep.insert(len(keep) - 1, Button(label, rect, act, True, None, hint))
        start = keep[-1]
        start.label = "Start the tournament (Enter)"
        start.action = self.start
        self.buttons = keep
        self.focus = len(keep) - 1

    # --- the picture ---
    def draw(self, surface) -> None:
        super(SupersSetupScene, self).draw(surface)  # the shared frame, without New game's hero list
        s = self.s
        surface.blit(text("Tournament  (click arenas to list them for the night, in order)", int(20 * s), GOLD, True),
                     (int(30 * s), self.app.size[1] - int(190 * s)))

    # --- the night ---
    def night(self, seed: int | None = None):
        """The tournament these choices make (not yet saved)."""
        from ...tournament import Entrant, Tournament

        seats = self.seats[: self.count]
        return Tournament([Entrant(s.name.strip(), s.colour, s.kind) for s in seats], self.games,
                          [self.arenas[k].id for k in self.chosen], self.shuffle, "deal", self.no_repeat,
                          self.options.options(), seed=random.randrange(1 << 30) if seed is None else seed,
                          ruleset="supers")

    def start(self) -> None:
        why = self.problem()
        if why:
            self.message = why
            return
        self.remember()
        t = self.night()
        t.save()
        self.app.go("tournament", t)
