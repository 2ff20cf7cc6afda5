"""Gladiator!'s careers on screen, the way in: the saved seasons (go on with one, or start a new
one) and a new season's settings (how many ludi, each a person's or a bot's, the schedule).

Reached from Gladiator!'s setup ("Careers: seasons", C) and, for the season in progress, from
the title screen's Continue. A new season is saved at once (`season.py`, the seasons folder), its
bot ludi founded and stocked; then each person founds a ludus (scenes/gladiator/ludus.py) and the
season hub (scenes/gladiator/hub.py) takes over.
"""

from __future__ import annotations

import os
import random

import pygame

from ...rulesets.gladiator import season as S
from ...client.ui import DIM, INK, Button, fit_text_block, text
from ...rulesets.gladiator.career import LUDUS_NAMES, MAX_NAME, SCHEDULES, Season, SeasonError, swiss_rounds
from ..menu import MenuScene
from .ledger import LEVELS, TextField, ended_by_enter, rgb

MAX_LUDI = 8
"""A season on screen: 2 to 8 ludi (a hotseat night; the headless season takes 10)."""
SHOWN = 7
"""Saved seasons listed at once (the wheel and the arrows page through more)."""


class SeasonsScene(MenuScene):
    """The saved seasons, newest first: each a button (its progress beside it); New season; Back."""

    title = "Gladiator! seasons"

    def __init__(self, app):
        super().__init__(app)
        self.top = 0
        self.load()

    def load(self) -> None:
        self.good, self.broken = S.list_seasons()

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        bw = min(int(760 * s), w - int(60 * s))
        x = (w - bw) // 2
        y = int(110 * s)
        bh, gap = int(40 * s), int(8 * s)
        rows = max(1, min(SHOWN, (h - y - int(150 * s)) // (bh + gap)))
        self.rows = rows
        self.top = max(0, min(self.top, len(self.good) - rows))
        self.buttons = []
        for k, (path, season) in enumerate(self.good[self.top:self.top + rows]):
            label = f"{season.name} — {season.progress()}"
            self.buttons.append(Button(label, pygame.Rect(x, y, bw, bh), (lambda p=path: self.open_season(p)),
                                       True, pygame.K_1 + k if k < 9 else None, ellipsize=True))
            y += bh + gap
        by = h - int(70 * s)
        self.buttons.append(Button("New season (N)", pygame.Rect(w // 2 - int(250 * s), by, int(240 * s), int(44 * s)),
                                   self.new_season, True, pygame.K_n))
        self.buttons.append(Button("Back (Esc)", pygame.Rect(w // 2 + int(10 * s), by, int(240 * s), int(44 * s)),
                                   self.back, True, pygame.K_ESCAPE))
        self.focus = 0

    def wheel(self, dy: int) -> None:
        self.top = max(0, min(self.top - dy, len(self.good) - self.rows))
        self.layout()

    def key(self, event) -> bool:
        if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.wheel(-self.rows if event.key == pygame.K_PAGEDOWN else self.rows)
            return True
        return False

    def resume(self) -> None:
        self.load()
        super().resume()

    def new_season(self) -> None:
        self.app.open("new season")

    about_words = ("A season is a career for your school of gladiators (your ludus): each person founds one, buys "
                   "men in the market and sends one into each of a list of bouts against the other schools, the "
                   "bots' too. Winners earn prize money and experience cards; the dead are gone for good. "
                   "Everything is kept from one game night to the next.")
    """What a season is, for a first-time player on the empty list."""

    def open_season(self, path) -> None:
        try:
            self.app.open("season", path)
        except SeasonError as e:
            self.message = str(e)

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        self.draw_title(surface, self.title, int(24 * s), 52)
        if not self.good:
            img = text("No season yet: New season starts one.", int(22 * s), DIM)
            surface.blit(img, img.get_rect(midtop=(w // 2, int(120 * s))))
            box = pygame.Rect(int(w * 0.15), int(160 * s), int(w * 0.7), int(120 * s))
            fit_text_block(surface, self.about_words, box, int(18 * s), INK, min_size=9, line_gap=2)
        elif len(self.good) > self.rows:
            more = text(f"{self.top + 1}–{min(len(self.good), self.top + self.rows)} of {len(self.good)}"
                        "  (wheel or PgUp/PgDn for more)", int(16 * s), DIM)
            surface.blit(more, more.get_rect(midtop=(w // 2, int(86 * s))))
        self.draw_buttons(surface)
        y = self.buttons[-1].rect.y - int(8 * s)
        notes = []
        if self.broken:
            notes.append(f"{len(self.broken)} season file{'s' if len(self.broken) != 1 else ''} can not be read "
                         f"(left as they are): " + "; ".join(why for _, why in self.broken[:2]))
        notes.append(f"Seasons are kept in {S.seasons_dir()}")
        if self.message:
            notes.insert(0, self.message)
        box = pygame.Rect(int(w * 0.06), y - int(56 * s), int(w * 0.88), int(52 * s))
        fit_text_block(surface, "\n".join(notes), box, int(16 * s), (255, 170, 110) if self.broken or self.message else DIM,
                       min_size=9, line_gap=0)


PERSON_WORDS = {"Human": "A person", "Phone": "A person, by phone"}
"""The kinds of a ludus a person runs (at the screen, or playing its bouts from their own phone), in words."""


class NewSeasonScene(MenuScene):
    """A new season: its name, how many ludi (2–8), each a person's or a bot's (easy, normal,
    hard), the schedule (round-robin or swiss, and a swiss season's rounds). Create saves it."""

    title = "A new season"
    seed: int | None = None
    """A fixed seed for the season Create makes (tests, the tour); None draws one."""

    def __init__(self, app):
        super().__init__(app)
        self.count = 4
        self.kinds = ["Human", "Human", "normal", "normal"] + ["normal"] * (MAX_LUDI - 4)
        self.schedule = "round-robin"
        self.rounds: int | None = None
        name, _ = S.free_path("Season")
        self.name = TextField(name, MAX_NAME - 8)

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        x = max(int(30 * s), w // 2 - int(330 * s))
        y = int(100 * s)
        bh = int(34 * s)
        b = [Button(f"Name: {self.name.shown()}", pygame.Rect(x, y, int(460 * s), bh), self.type_name, True, pygame.K_F2,
                    "Click (or F2) and type the season's name; Enter ends the typing")]
        y += bh + int(14 * s)
        b.append(Button("−", pygame.Rect(x + int(200 * s), y, int(40 * s), bh), lambda: self.set_count(-1), self.count > 2,
                        pygame.K_MINUS))
        b.append(Button("+", pygame.Rect(x + int(250 * s), y, int(40 * s), bh), lambda: self.set_count(1),
                        self.count < MAX_LUDI, pygame.K_EQUALS))
        self.count_y = y
        y += bh + int(10 * s)
        row_h = min(int(40 * s), max(int(26 * s), (h - y - int(200 * s)) // MAX_LUDI))
        self.seat_top = y
        for i in range(self.count):
            kind = self.kinds[i]
            label = PERSON_WORDS.get(kind) or f"Bot: {kind}"
            b.append(Button(label, pygame.Rect(x + int(140 * s), y + i * row_h, int(180 * s), row_h - int(4 * s)),
                            (lambda i=i: self.cycle_kind(i)), True, pygame.K_1 + i,
                            f"Ludus {i + 1}: a person founds it and plays at this screen, or plays its bouts from "
                            "their own phone (a code to scan appears on the table), or a bot runs it (easy, normal, "
                            f"hard) — key {i + 1}"))
        self.row_h = row_h
        y += MAX_LUDI * row_h + int(8 * s) if h >= 700 else self.count * row_h + int(8 * s)
        b.append(Button(f"Schedule: {self.schedule}", pygame.Rect(x, y, int(260 * s), bh), self.cycle_schedule, True,
                        pygame.K_s, "Round-robin: every ludus meets every other once. Swiss: a few rounds, "
                        "each paired by the standings"))
        if self.schedule == "swiss":
            b.append(Button("−", pygame.Rect(x + int(420 * s), y, int(40 * s), bh), lambda: self.set_rounds(-1),
                            True, pygame.K_LEFTBRACKET))
            b.append(Button("+", pygame.Rect(x + int(470 * s), y, int(40 * s), bh), lambda: self.set_rounds(1),
                            True, pygame.K_RIGHTBRACKET))
        self.schedule_y = y
        b.append(Button("Back (Esc)", pygame.Rect(x, h - int(64 * s), int(200 * s), int(44 * s)), self.back, True))
        b.append(Button("Create the season (Enter)", pygame.Rect(w - x - int(300 * s), h - int(64 * s), int(300 * s),
                                                                 int(44 * s)), self.create, True, pygame.K_RETURN))
        self.buttons = b
        self.focus = len(b) - 1
        self.x = x

    def type_name(self) -> None:
        self.name.editing = True
        self.layout()
        self.focus = 0

    def key(self, event) -> bool:
        if self.name.key(event):
            self.message = ""
            focus = self.focus
            self.layout()
            self.focus = len(self.buttons) - 1 if ended_by_enter(self.name, event) else focus
            return True
        return False

    def set_count(self, d: int) -> None:
        self.count = max(2, min(MAX_LUDI, self.count + d))
        self.layout()

    def cycle_kind(self, i: int) -> None:
        order = [*PERSON_WORDS, *LEVELS]
        self.kinds[i] = order[(order.index(self.kinds[i]) + 1) % len(order)]
        focus = self.focus
        self.layout()
        self.focus = focus

    def cycle_schedule(self) -> None:
        self.schedule = SCHEDULES[(SCHEDULES.index(self.schedule) + 1) % len(SCHEDULES)]
        self.rounds = None
        self.layout()

    def most_rounds(self) -> int:
        return self.count - 1 if self.count % 2 == 0 else self.count

    def set_rounds(self, d: int) -> None:
        now = self.rounds or swiss_rounds(self.count)
        self.rounds = max(1, min(self.most_rounds(), now + d))
        self.layout()

    def bouts_words(self) -> str:
        n = self.count
        if self.schedule == "round-robin":
            rounds = n - 1 if n % 2 == 0 else n
            bouts = n * (n - 1) // 2
            return (f"{rounds} round{'s' if rounds != 1 else ''}, {bouts} bout{'s' if bouts != 1 else ''}: "
                    "every ludus meets every other once")
        rounds = min(self.rounds or swiss_rounds(n), self.most_rounds())
        return f"{rounds} round{'s' if rounds != 1 else ''} of {n // 2} bout{'s' if n // 2 != 1 else ''}" + \
            (", one ludus sitting out each round" if n % 2 else "")

    def problem(self) -> str:
        name = self.name.value.strip()
        if not name:
            return "The season needs a name."
        if os.path.lexists(S.season_path(name)):  # (a dangling link too: never written through)
            return f"There is already a season called {name!r}: give this one another name."
        return ""

    def create(self) -> Season | None:
        """Make the season, found and stock its bot ludi, save it, and open its hub (which has each
        person found a ludus first)."""
        why = self.problem()
        if why:
            self.message = why
            return None
        rules = S.rules_for_careers()
        rounds = None
        if self.schedule == "swiss":
            rounds = min(self.rounds or swiss_rounds(self.count), self.most_rounds())
        seed = self.seed if self.seed is not None else random.randrange(1 << 30)
        season = Season(seed, self.schedule, rounds, rules.career.deck(),
                        self.name.value.strip())
        path = S.season_path(season.name)
        humans = 0
        phones = []
        """For each person in order, whether they play by phone (the hub learns their ludus as they found it)."""
        for i in range(self.count):
            if self.kinds[i] in PERSON_WORDS:
                humans += 1
                phones.append(self.kinds[i] == "Phone")
                continue
            name = next(n for n in LUDUS_NAMES if n not in season.ludi)
            bots = sum(1 for l in season.ludi.values() if l.bot)
            season.found(name, f"Bot {chr(65 + bots)} ({self.kinds[i]})", colour=(self.count - 1 - bots) % 10,
                         bot=self.kinds[i])
        S.advance(season, None, begin=False)  # the bots buy their men
        try:
            S.save(season, path)
        except OSError as e:  # the seasons folder a file, a link in the season's place: said, not a crash
            self.message = f"The season could not be saved: {e.strerror or e}"
            self.layout()
            return None
        self.app.stack.remove(self)
        self.app.open("season", path, season=season, humans=humans, fresh=True, phones=phones)
        return season

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        self.draw_title(surface, self.title, int(24 * s), 52)
        x = self.x
        surface.blit(text(f"Ludi: {self.count}", int(22 * s), INK, True), (x, self.count_y + int(5 * s)))
        for i in range(self.count):
            y = self.seat_top + i * self.row_h
            pygame.draw.rect(surface, rgb(self.colour_of(i)), (x, y + int(6 * s), int(14 * s), int(14 * s)))
            surface.blit(text(f"Ludus {i + 1}", int(20 * s), INK), (x + int(22 * s), y + int(4 * s)))
        if self.schedule == "swiss":
            rounds = min(self.rounds or swiss_rounds(self.count), self.most_rounds())
            surface.blit(text(f"Rounds: {rounds}", int(20 * s), INK), (x + int(290 * s), self.schedule_y + int(6 * s)))
        words = [self.bouts_words() + ".",
                 "Each person then founds a ludus, a school of gladiators (a name and a colour), and buys "
                 "gladiators with 100 denarii; "
                 "the bots stock their own. Saved after every action: Continue on the title screen goes on."]
        box = pygame.Rect(x, self.schedule_y + int(44 * s), min(w - 2 * x, int(700 * s)),
                          h - int(80 * s) - self.schedule_y - int(44 * s))
        fit_text_block(surface, "\n".join(words), box, int(18 * s), DIM, min_size=9, line_gap=2)
        self.draw_buttons(surface)
        if self.message:
            self.draw_message(surface, h - int(100 * s))

    def colour_of(self, i: int) -> int:
        """The colour a person's ludus is offered first / a bot's ludus gets (bots from the end)."""
        if self.kinds[i] in PERSON_WORDS:
            return sum(1 for k in self.kinds[:i] if k in PERSON_WORDS)
        return (self.count - 1 - sum(1 for k in self.kinds[:i] if k not in PERSON_WORDS)) % 10

