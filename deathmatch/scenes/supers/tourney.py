"""A tournament night of Superhero Gladiators (team play): its setup, the Superhero Gladiators setup
screen (2 to 4 teams, each seat a person or a bot) with the night's own choices: how many games, the
arenas of the night, shuffled or in order, and whether a hero may be dealt twice to the same player.

Each person's team is picked before the night on New game's hero list (its "Team" button, the bundled
heroes and the player's own, "Design a hero…" to make one) and kept for the whole night; a team left
empty ("Random") and every bot's is dealt game by game from the same heroes ("Random team: n heroes"
a team). The picks go into the night's options, saved in its file (the ruleset's tournament rules,
`rulesets/supers/tournament.py` `night_options`). The seating rotates game by game (the night's placement
order). The night then runs on the shared standings screen (scenes/tourney.py, "tournament"), each game
on the Superhero Gladiators table.

Layout: the left half is New game's (the seats, the hero list, the shown hero's card); the right half the
arena list (the night's arenas wear their place as a badge) over the options: the turn limit and a dealt
team's size, then the night's games, arenas' order and no-repeats, where New game's animation speed was.
"""

from __future__ import annotations

import pygame

from ...client.ui import GOLD, Button, draw_label
from ..setup import PEOPLE, GameNight  # a game's own night: its arena list, its choices kept, its start
from .setup import SupersSetupScene, teams_of, teams_text  # the screen this one extends (tests/shell/test_router.py EXTENDS)

GAMES = [2, 3, 4, 6, 8, 10]
LEFT_OUT = ("Animations",)
"""New game's buttons a night has no use for (labels they start with): the animation speed is a setting
of the Settings screen. (A bot's row loses its Team and Random buttons too: a bot's team is dealt.)"""
BOT_LEFT_OUT = ("Team", "Random")


class NightSide:
    """New game's side of the frame (scenes/supers/newgame.py), saying what a team of the night brings."""

    def __init__(self, side):
        self.side = side

    def __getattr__(self, name):
        return getattr(self.side, name)

    @staticmethod
    def each_runs(n: int) -> str:
        return "teams kept all night; bots' dealt"



class SupersTournamentSetup(GameNight, SupersSetupScene):
    title = "Tournament night: Superhero Gladiators"
    night_games = GAMES
    seat_words = "teams"

    def __init__(self, app):
        super().__init__(app)
        self.side = NightSide(self.side)
        own = self.take_up_game_night()
        picked = teams_of(own.get(f"{self.night_key}_picked"))  # the last night's teams (never New game's)
        for k, seat in enumerate(self.seats):
            team = picked[k] if k < len(picked) and seat.kind in PEOPLE else []
            seat.cards = [h for h in team if h in self.app.library.cards][:3]
        self.team_seat = self.first_person()
        self.layout()

    arena_heading = "Arenas of the night (click to list them, in order)"

    def first_person(self) -> int:
        """The first seat a person plays (whose team the hero list shows), or -1 if every seat is a bot's."""
        return next((i for i, seat in enumerate(self.seats[: self.count]) if seat.kind in PEOPLE), -1)

    def teams(self) -> dict[str, list[str]]:
        """The teams picked for the night, by player: a person's picks (none: dealt), a bot's always dealt."""
        return {s.name.strip(): list(s.cards) if s.kind in PEOPLE else [] for s in self.seats[: self.count]}

    def night_choices(self) -> dict:
        return {"players": self.count, "picked": teams_text([list(s.cards) for s in self.seats[: self.count]])}

    # --- the choices ---
    def cycle_kind(self, i: int) -> None:
        """A seat becomes a person or a bot; a bot's team is dealt, so its picks go (and the list shows a person's)."""
        super().cycle_kind(i)
        if self.seats[i].kind not in PEOPLE:
            self.seats[i].cards = []
        if self.team_seat < 0 or self.seats[self.team_seat].kind not in PEOPLE:
            self.team_seat = self.first_person()
            self.layout()

    def set_count(self, d: int) -> None:
        super().set_count(d)
        if self.team_seat < 0 or self.seats[self.team_seat].kind not in PEOPLE:
            self.team_seat = self.first_person()
            self.layout()

    def toggle(self, hero_id: str) -> None:
        if self.team_seat >= 0:
            super().toggle(hero_id)

    def shown_hero(self):
        return super().shown_hero() if self.team_seat >= 0 else None

    def hero_saved(self, hero, path=None) -> None:
        if self.team_seat >= 0:
            super().hero_saved(hero, path)
        else:
            self.app.designed.setdefault(self.ruleset_id, set()).add(hero.id)  # never dealt (see the setup's)
            self.app.forget_library()
            self.layout()

    def layout(self) -> None:
        if not hasattr(self, "chosen"):
            return  # the setup frame lays out before the night's choices exist
        was = self.focused_rect()
        seat = self.team_seat
        self.team_seat = max(0, seat)  # New game's list lays out for a seat; none is shown if all are bots'
        super().layout()
        self.team_seat = seat
        s = self.s
        h = self.app.size[1]
        row_of = {y: i for i, y, _ in self.rows}
        heroes = {id(b) for _, b in self.hero_buttons}
        if seat < 0:
            self.hero_buttons = []
        bots = {i for i in range(self.count) if self.seats[i].kind not in PEOPLE}
        keep = []
        for b in self.buttons:
            if b.label.startswith(LEFT_OUT) or (seat < 0 and id(b) in heroes):
                continue
            if b.label in BOT_LEFT_OUT and row_of.get(b.rect.y) in bots:
                if b.label == "Team":  # one greyed "Dealt" where a person's Team and Random are
                    rect = pygame.Rect(b.rect.x, b.rect.y, int(160 * s), b.rect.h)  # the frame's Team + Random
                    keep.append(Button("Dealt", rect, lambda: None, False, None, "A bot's team is dealt game by game"))
                continue
            keep.append(b)
        extra = self.game_night_choices("Arenas", "the seating turns each game", "hero")
        # the night's own choices: in the right half under the fight's options, where New game's animation
        # speed was (the same rows as the frame's: scenes/setup.py lays its options out at h - 200)
        for b in self.night_buttons(int(self.app.size[0] * 0.52), h - int(200 * s) + int(40 * s), extra):
            keep.insert(len(keep) - 1, b)
        start = keep[-1]
        start.label = "Start the tournament (Enter)"
        start.action = self.start
        self.buttons = keep
        self.refocus(was)

    # --- the picture ---
    def team_words(self, seat) -> str:
        return (f"{seat.name}'s team for the night: {len(seat.cards)} picked (2 or 3; none: "
                f"{self.options.random_heroes} dealt game by game)")

    def draw(self, surface) -> None:
        if self.team_seat >= 0:
            super().draw(surface)
            return
        super(SupersSetupScene, self).draw(surface)  # every seat a bot's: no hero list
        s = self.s
        draw_label(surface, "Every team is a bot's: each is dealt game by game.",
                   pygame.Rect(self.list_rect.x, self.list_rect.y, self.list_rect.w, int(24 * s)), int(19 * s), GOLD,
                   True, min_size=9)

    # --- the night ---
    def night_options(self):
        from ...rulesets.supers.tournament import night_options

        return night_options(self.options.options(), self.teams(), self.options.random_heroes,
                             not_dealt=self.app.designed.get("supers", set()))
