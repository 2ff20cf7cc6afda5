"""New game setup: players, their cards, the arena and the options — in under a minute."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pygame

from ..client import sprites
from ..client.safetext import typable
from ..client.scroll import ScrollList
from ..client.ui import DIM, GOLD, INK, Button, block_height, draw_label, draw_text_block, fit_size, fit_text_block, panel, text
from ..core.search import THINKING
from ..yamlfile import text_fault
from .menu import MenuScene
from .newgame import stepper


def names_problem(names: list[str]) -> str | None:
    """Why the seats' names can not start a game (None if they can): a name with nothing to
    show, or with a character that draws as nothing (the one name rule, yamlfile.text_problem)."""
    for k, name in enumerate(names, 1):
        fault = text_fault(name)
        if fault is not None:
            return f"Player {k}'s name {fault}: give it letters or digits."
    return None

DEFAULT_NAMES = ["Red", "Blue", "Gold", "Green", "Pink", "Orange", "Navy", "Snow", "Ink", "Wine"]
SPEEDS = [0.5, 1.0, 2.0, 4.0]


KINDS = ["Human", "Phone", "easy", "normal", "hard"]
"""Who plays a seat: a person at the screen, a person on their own phone, or a bot of that strength."""
PEOPLE = ("Human", "Phone")
"""The kinds that are people (no bot plays them; hidden cards start them on standing orders)."""
KIND_HINT = ("Who plays this seat: a person at the table (the screen is passed to them), a person on a phone "
             "(played from the player's own phone: a code to scan appears on the table, nothing to install), "
             "or the computer")


def kind_label(kind: str) -> str:
    """A seat's kind on its button: "Human", "Phone", "Bot: hard"."""
    return kind if kind in PEOPLE else f"Bot: {kind}"


def phone_names(seats) -> list[str]:
    """The names of the seats played from phones (`Seat`s, or `Entrant`s: anything with a name and a kind)."""
    return [s.name.strip() for s in seats if s.kind == "Phone"]


def tournament_key(tournament) -> str:
    """What a night's phone codes are kept under (`App.seat_phones`): its game and its seed."""
    return f"{tournament.ruleset}:{tournament.seed}"


def start_phones(app, seats, purpose: str = "game", key: str = "", *, fresh: bool = False):
    """Before a game (a night, a season) opens: its phone seats get their host (`App.seat_phones`: the one
    already open when it has the same seats, else a new one), or there is none (and a host open is stopped).
    `fresh`: set up just now, on the setup screen — every phone seat is played on its phone, whatever the last
    game's host had taken back to the screen."""
    host = app.seat_phones(phone_names(seats), purpose, key)
    if fresh and host is not None and host.at_screen:
        host.at_screen = []
        app.keep_phones_seats()
    return host


def players_words(arena) -> str:
    """"2–10 players", or "2 players" for an arena of one size (a Skirmish board)."""
    if arena.min_players == arena.max_players:
        return f"{arena.min_players} players"
    return f"{arena.min_players}–{arena.max_players} players"


def skipped_files_words(library, what: str = "card", check: str = "check-cards") -> str:
    """The New game screens' line for a game's own files (cards, armies, gladiators, heroes…) skipped
    because they are broken: how many files, the first one's problem (its file by name: the folder is
    the player's), and the command that lists every problem; "" if none was. The same words on every
    game's screen: `library` is the game's (`app.library`), with its `problems` (the loader's Problem
    objects or their strings, in the order found) and, where it keeps them, the files `left_out`."""
    from pathlib import Path

    problems = list(getattr(library, "problems", None) or ())
    if not problems:
        return ""
    files = [f for f in (getattr(library, "left_out", None) or ()) if f]
    if not files:
        files = list(dict.fromkeys(f for f in (getattr(p, "file", "") for p in problems) if f))
    n = len(files) or len(problems)
    first = str(problems[0])
    where = getattr(problems[0], "file", "") or next((f for f in files if first.startswith(str(f))), "")
    if where:
        first = Path(str(where)).name + first[len(str(where)):] if first.startswith(str(where)) else first
    return (f"{n} {what} file{'s' if n != 1 else ''} skipped: {first}. "
            f"Fix {'them' if n != 1 else 'it'}, or see every problem with: deathmatch-cli {check}")


@dataclass
class Seat:
    name: str
    colour: int
    cards: list[str] = field(default_factory=list)
    """Picked card ids; empty means deal at random."""
    kind: str = "Human"
    """Human, or a bot's strength."""


class NewGameScene(MenuScene):
    title = "New game"

    def __init__(self, app):
        super().__init__(app)
        from ..board.arenas import list_arenas

        st = app.settings
        last, remembered = self.remembered()
        n = int(last.get("players", 4)) if isinstance(last.get("players", 4), int) else 4
        self.seats = []
        for i in range(10):
            r = remembered[i] if i < len(remembered) and isinstance(remembered[i], dict) else {}
            kind = r.get("kind", "Human") if r.get("kind", "Human") in KINDS else "Human"
            self.seats.append(Seat(str(r.get("name") or DEFAULT_NAMES[i])[:16], int(r.get("colour", i)) % 10, kind=kind))
        self.count = max(2, min(10, n))
        self.arenas = list_arenas()
        self.arena = self.arena_index(last.get("arena"))
        if self.arena is None:
            self.arena = self.arena_index("bundled:colosseum") or 0
        self.options = app.router.setup_options()(last)
        """The ruleset's own options (scenes/<id>/options.py): their buttons, and the ruleset's options they make."""
        self.side = app.router.new_game_side()
        """The ruleset's side of this frame (scenes/<id>/newgame.py): cards per seat, and the game the choices make."""
        self.speed = float(st.animation_speed)
        self.thinking = st.bot_thinking if st.bot_thinking in THINKING else "normal"
        """How long hard bots think (settings, not the record: a record replays its decisions)."""
        self.editing: int | None = None
        self.thumbs: dict = {}
        self.arena_list = ScrollList(on_scroll=self.layout)
        """The arena list's scrolling (it scrolls when it is longer than its room)."""
        self.reveal = True
        """Scroll the selected arena into view at the next layout (after a key, a resize, on entering)."""

    def remembered(self) -> tuple[dict, list]:
        """The choices this screen offers first: the last new game's options and its seats."""
        st = self.app.settings
        return dict(st.last_setup or {}), list(st.players or [])

    def arena_index(self, ref) -> int | None:
        """The arena list's index of an arena id ("bundled:colosseum"), or of a bare file
        name as older settings kept it ("colosseum"); None if it is not listed."""
        for by in (lambda e: e.id, lambda e: e.path.stem):
            for k, e in enumerate(self.arenas):
                if ref is not None and by(e) == ref:
                    return k
        return None

    # --- rules of the setup (explained, not silently blocked) ---
    same_seats = "Two players"
    """How the lines about two seats alike begin ("The two players" where there are only two)."""
    no_arena = "No arena found."
    """The line when no arena is listed for the game."""

    def seats_problem(self, seats) -> str:
        """What every game's setup checks first: each seat's name, names and colours told apart, and
        the arena shown ("" if all is well)."""
        names = [s.name.strip() for s in seats]
        if any(not n for n in names):
            return "Every player needs a name."
        if (why := names_problem(names)) is not None:
            return why
        if len(set(n.lower() for n in names)) != len(names):
            return f"{self.same_seats} have the same name."
        if len({s.colour for s in seats}) != len(seats):
            return f"{self.same_seats} have the same colour: click a swatch to change it."
        entry = self.arenas[self.arena] if self.arenas else None
        if entry is None:
            return self.no_arena
        if not entry.ok:
            return f"{entry.name} is broken: {entry.reason}"
        return ""

    def problem(self) -> str:
        seats = self.seats[: self.count]
        why = self.seats_problem(seats)
        if why:
            return why
        entry = self.arenas[self.arena]
        a = entry.report.arena
        if not a.min_players <= self.count <= a.max_players:
            return f"{a.name} needs {players_words(a)}, you have {self.count}."
        per = self.side.cards_each(self.count)
        picked = [c for s in seats for c in s.cards]
        for s in seats:
            if s.cards and len(s.cards) != per:
                return f"With {self.count} players each picks {per} card{'s' if per > 1 else ''}; {s.name} has {len(s.cards)}."
        if len(set(picked)) != len(picked):
            return self.side.PICKED_TWICE
        return ""

    random_words = "dealt at random"
    """A seat's line when it picked nothing (a game whose piece is not a card says what is dealt)."""

    def piece_words(self, entry) -> str:
        """A picked piece on its seat's line (a card: its name up to the first comma)."""
        return entry.name.split(",")[0]

    # --- actions ---
    offers_thinking = True
    """Whether the frame sets how long hard bots think (a setting of every screen that offers it)."""
    seed: int | None = None
    """A fixed seed for the game Start makes (tests, the tour); None draws one."""

    def start(self) -> None:
        why = self.problem()
        if why:
            self.message = why
            return
        game = self.make(self.seed)
        self.remember()
        start_phones(self.app, self.seats[: self.count], "game", self.app.game_key(game), fresh=True)
        self.app.play(game)

    def make(self, seed=None):
        lib = self.app.library
        per = self.side.cards_each(self.count)
        seats = self.seats[: self.count]
        rng = random.Random(seed)
        taken = {c for s in seats for c in s.cards}
        pool = sorted(set(lib.cards) - taken)
        rng.shuffle(pool)
        chosen = []
        for s in seats:
            cards = list(s.cards) or [pool.pop() for _ in range(per)]
            chosen.append((s.name.strip(), cards))
        entry = self.arenas[self.arena]
        options = self.options.options()
        return self.side.new_game(entry.report.arena, chosen, lib, options,
                                  seed=rng.randrange(1 << 30) if seed is None else seed, colours=[s.colour for s in seats],
                                  bots={s.name.strip(): s.kind for s in seats if s.kind not in PEOPLE},
                                  # hidden cards: the people start on standing orders (no hand-off at every window)
                                  orders_for=[s.name.strip() for s in seats if s.kind in PEOPLE] if self.options.hidden_cards else ())

    def remember(self) -> None:
        from ..settings import save_settings

        st = self.app.settings
        st.players = [{"name": s.name, "colour": s.colour, "kind": s.kind} for s in self.seats]
        st.last_setup = {"players": self.count, "arena": self.arenas[self.arena].id, **self.options.remembered()}
        st.animation_speed = self.speed
        st.bot_thinking = self.thinking
        save_settings(st)

    def set_count(self, d: int) -> None:
        self.count = max(2, min(10, self.count + d))
        for s in self.seats:
            s.cards = []
        self.layout()

    def cycle_kind(self, i: int) -> None:
        seat = self.seats[i]
        seat.kind = KINDS[(KINDS.index(seat.kind) + 1) % len(KINDS)] if seat.kind in KINDS else "Human"
        self.layout()

    def cycle_colour(self, i: int) -> None:
        used = {s.colour for j, s in enumerate(self.seats[: self.count]) if j != i}
        c = self.seats[i].colour
        for _ in range(10):
            c = (c + 1) % 10
            if c not in used:
                break
        self.seats[i].colour = c

    def pick(self, i: int) -> None:
        per = self.side.cards_each(self.count)
        taken = {c for j, s in enumerate(self.seats[: self.count]) if j != i for c in s.cards}
        self.app.open("gallery", self.seats[i], per, taken, hidden=self.options.hidden_cards)

    # --- layout and input ---
    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        self.rows = []
        x0, y0 = int(30 * s), int(110 * s)
        row_h = int(38 * s)
        b = []
        b.append(Button("−", pygame.Rect(x0 + int(160 * s), int(70 * s), int(34 * s), int(30 * s)), lambda: self.set_count(-1), True, pygame.K_MINUS))
        b.append(Button("+", pygame.Rect(x0 + int(200 * s), int(70 * s), int(34 * s), int(30 * s)), lambda: self.set_count(1), True, pygame.K_PLUS))
        for i in range(self.count):
            y = y0 + i * row_h
            name_r = pygame.Rect(x0 + int(40 * s), y, int(150 * s), int(32 * s))
            self.rows.append((i, y, name_r))
            b.append(Button("Pick cards" if not self.seats[i].cards else "Change", pygame.Rect(x0 + int(196 * s), y, int(100 * s), int(32 * s)),
                            lambda i=i: self.pick(i), hint=getattr(self.side, "PICK_HINT", "")))
            b.append(Button("Deal", pygame.Rect(x0 + int(300 * s), y, int(56 * s), int(32 * s)),
                            lambda i=i: self.seats[i].cards.clear(), bool(self.seats[i].cards),
                            hint=getattr(self.side, "DEAL_HINT", "")))
            kind = self.seats[i].kind
            b.append(Button(kind_label(kind),
                            pygame.Rect(x0 + int(360 * s), y, int(104 * s), int(32 * s)), lambda i=i: self.cycle_kind(i),
                            hint=f"{KIND_HINT} (easy, normal or hard)"))
        ox = int(w * 0.52)
        oy = h - int(200 * s)
        bw = int(200 * s)
        b.extend(self.options.buttons(ox, oy, bw, s, self.layout))  # the ruleset's options: two rows of two
        b.append(Button(f"Animations: x{self.speed:g}", pygame.Rect(ox, oy + int(80 * s), bw, int(32 * s)), self.cycle("speed", SPEEDS),
                        hint="How fast moves, attacks and dice play out on the board"))
        if self.offers_thinking:
            b.append(Button(f"Bot thinking: {self.thinking}", pygame.Rect(ox + bw + 10, oy + int(80 * s), bw, int(32 * s)),
                            self.cycle("thinking", list(THINKING)), True, None,
                            "How long a hard bot thinks a move: fast, normal (about a tenth of a second) or deep"))
        b.append(Button("Back (Esc)", pygame.Rect(x0, h - int(60 * s), int(160 * s), int(40 * s)), self.back))
        start = Button("Start the game (Enter)", pygame.Rect(w - int(300 * s), h - int(60 * s), int(270 * s), int(40 * s)), self.start,
                       True, pygame.K_RETURN)
        b.append(start)
        self.buttons = b
        self.focus = len(b) - 1
        self.arena_rects = []
        ay = int(70 * s)
        # the list fills the room above the options: taller rows on a big window, room for the descriptions;
        # longer than that room, it shows the rows that fit whole and scrolls (wheel, keys, scroll bar)
        n = len(self.arenas)
        self.arena_area = pygame.Rect(ox, ay, w - ox - int(30 * s), oy - int(12 * s) - ay)
        step = max(int(54 * s), min(int(84 * s), self.arena_area.h // max(1, n)))
        self.arena_step = step
        scrolls = self.arena_list.fit(n, self.arena_area.h // step, self.arena, self.reveal)
        self.reveal = False
        bar_w = max(6, int(12 * s)) if scrolls else 0
        for k in self.arena_list.shown():
            r = pygame.Rect(ox, ay + (k - self.arena_top) * step, self.arena_area.w - (bar_w + int(8 * s) if scrolls else 0),
                            step - int(4 * s))
            self.arena_rects.append((k, r))
        self.arena_list.set_track(pygame.Rect(self.arena_area.right - bar_w, ay, bar_w, self.arena_rows * step - int(4 * s)), s)

    # --- the arena list's scrolling (client/scroll.py) ---
    @property
    def arena_top(self) -> int:
        """The arena list's first row on screen."""
        return self.arena_list.top

    @property
    def arena_rows(self) -> int:
        """How many arenas fit on screen."""
        return self.arena_list.rows

    @property
    def arena_track(self) -> pygame.Rect | None:
        """The scroll bar's track, or None when every arena fits."""
        return self.arena_list.track

    def scroll_arenas(self, rows: int) -> None:
        """Move the list by `rows` (negative: up), within its ends; the selection stays as it is."""
        self.arena_list.scroll(rows)

    def select_arena(self, k: int) -> None:
        """Select arena `k` (clamped to the list) and scroll it into view."""
        self.arena = max(0, min(len(self.arenas) - 1, k))
        self.message = ""
        self.reveal = True
        self.layout()

    def arena_thumb(self) -> pygame.Rect | None:
        """The scroll bar's thumb, or None when all fits."""
        return self.arena_list.thumb()

    def on_resize(self, size) -> None:
        self.reveal = True
        super().on_resize(size)

    def handle_event(self, event):
        """The scroll bar first (press on its thumb and drag, or on its track to page), then the menu's."""
        if self.arena_list.handle_event(event):
            return None
        return super().handle_event(event)

    def cycle(self, attr, values):
        return stepper(self, attr, values, self.layout)

    def click(self, pos) -> None:
        self.editing = None
        for i, y, r in self.rows:
            if r.collidepoint(pos):
                self.editing = i
                return
            sw = pygame.Rect(r.x - int(36 * self.s), y, int(30 * self.s), int(30 * self.s))
            if sw.collidepoint(pos):
                self.cycle_colour(i)
                return
        for k, r in self.arena_rects:
            if r.collidepoint(pos):
                self.arena = k
                self.message = ""
                return

    def key(self, event) -> bool:
        if self.editing is not None:
            seat = self.seats[self.editing]
            if event.key in (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB):
                self.editing = None
            elif event.key == pygame.K_BACKSPACE:
                seat.name = seat.name[:-1]
            elif typable(event.unicode) and len(seat.name) < 16:
                seat.name += event.unicode
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.select_arena((self.arena + (1 if event.key == pygame.K_RIGHT else -1)) % max(1, len(self.arenas)))
            return True
        page = self.arena_list.page(event.key)
        if page is not None:  # a page (or to an end) of the arena list, the selection with it
            self.select_arena(self.arena + page)
            return True
        return False

    def wheel(self, dy) -> None:
        """The wheel scrolls a list longer than its room; a list that fits, it steps through."""
        if self.arena_track is not None:
            self.scroll_arenas(-dy)
        else:
            self.arena = (self.arena - dy) % max(1, len(self.arenas))

    # --- drawing ---
    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        surface.blit(text(self.title, int(44 * s), GOLD, True), (int(30 * s), int(14 * s)))
        surface.blit(text(f"Players: {self.count}", int(26 * s), INK, True), (int(30 * s), int(72 * s)))
        per = self.side.cards_each(self.count)
        surface.blit(text(self.side.each_runs(per), int(20 * s), DIM), (int(280 * s), int(76 * s)))
        for i, y, r in self.rows:
            seat = self.seats[i]
            pc = sprites.PLAYER_COLOURS[seat.colour]
            sw = pygame.Rect(r.x - int(36 * s), y, int(30 * s), int(30 * s))
            pygame.draw.rect(surface, pc.rgb, sw, border_radius=5)
            surface.blit(text(str(pc.number), int(20 * s), (0, 0, 0), True), sw.move(int(9 * s), int(6 * s)))
            panel(surface, r, (50, 36, 40, 230) if self.editing != i else (90, 60, 40, 240), GOLD if self.editing == i else (110, 80, 50), 5)
            surface.blit(text(seat.name + ("|" if self.editing == i else ""), int(22 * s), INK), (r.x + 6, r.y + int(6 * s)))
            lib = self.app.library
            cards = ", ".join(self.piece_words(lib.cards[c]) for c in seat.cards if c in lib.cards) if seat.cards \
                else self.random_words
            if seat.cards and self.options.hidden_cards:
                cards = f"{len(seat.cards)} picked (hidden)"
            room = int(w * 0.52) - (r.x + int(434 * s)) - 10
            box = pygame.Rect(r.x + int(434 * s), r.y, room, r.h)  # the picked names, whole (two lines, smaller, if need be)
            size = fit_size(cards, int(16 * s), box.w, box.h, min_size=8, line_gap=0)
            names = [lib.cards[c].name.split(",")[0] for c in seat.cards if c in lib.cards]
            shown = len(names)
            while shown > 1 and block_height(cards, size, box.w, line_gap=0) > box.h and not self.options.hidden_cards:
                shown -= 1  # too many to read at the smallest size: the first ones and how many more
                cards = ", ".join(names[:shown]) + f" +{len(names) - shown} more"
            box.h = min(box.h, block_height(cards, size, box.w, line_gap=0))
            box.centery = r.centery
            draw_text_block(surface, cards, box.topleft, size, box.w, DIM, line_gap=0, box=box)
        self.draw_arenas(surface)
        for i, b in enumerate(self.buttons):
            b.draw(surface, int(19 * s), hover=(i == self.focus))
        why = self.problem()
        line = self.message or why
        if line:
            img = text(line, int(20 * s), (255, 170, 110))
            surface.blit(img, img.get_rect(bottomright=(w - int(30 * s), h - int(70 * s))))
        self.draw_skipped(surface)
        self.draw_hint(surface, pygame.mouse.get_pos() if pygame.mouse.get_focused() else None)

    def hint_area(self) -> pygame.Rect | None:
        """Where the hint of the button under the mouse shows: the room under the seats, left of the
        arenas (None: this screen's left column is its own)."""
        s = self.s
        w, h = self.app.size
        top = int(110 * s) + self.count * int(38 * s) + int(14 * s)
        return pygame.Rect(int(30 * s), top, int(w * 0.52) - int(50 * s), h - int(74 * s) - top)

    def hint_for(self, mouse) -> str:
        """The hint of the enabled button under `mouse` ("" for none)."""
        return next((b.hint for b in self.buttons if mouse is not None and b.hit(mouse) and b.hint), "")

    def draw_hint(self, surface, mouse) -> None:
        """What the button under the mouse does, in words, in `hint_area` (the options' "Hidden cards:
        on" says nothing by itself to a new group)."""
        words, area = self.hint_for(mouse), self.hint_area()
        if not words or area is None or area.h < int(24 * self.s):
            return
        pad = int(8 * self.s)
        inner = area.inflate(-2 * pad, -2 * pad)
        size = fit_size(words, int(19 * self.s), inner.w, inner.h, min_size=8)
        box = pygame.Rect(area.x, area.y, area.w, min(area.h, block_height(words, size, inner.w) + 2 * pad))
        panel(surface, box, (40, 30, 34, 225), (110, 80, 50), 6)
        draw_text_block(surface, words, (box.x + pad, box.y + pad), size, inner.w, INK, box=box.inflate(-pad, -pad))

    def skipped_words(self) -> str:
        """This game's broken files, skipped (`skipped_files_words`; the side's `FILES`: what its files
        hold, and the command that checks them)."""
        what, check = getattr(self.side, "FILES", ("card", "check-cards"))
        return skipped_files_words(self.app.library, what, check)

    def draw_skipped(self, surface) -> None:
        """The broken files' line, in the bottom row between the buttons on the left (Back…) and Start,
        where every game's New game screen has room for it."""
        words = self.skipped_words()
        if not words:
            return
        s = self.s
        w, h = surface.get_size()
        row = [b.rect for b in self.buttons if b.rect.y >= h - int(64 * s)]
        left = max((r.right for r in row if r.centerx < w // 2), default=int(30 * s)) + int(12 * s)
        right = min((r.left for r in row if r.centerx >= w // 2), default=w - int(30 * s)) - int(12 * s)
        box = pygame.Rect(left, h - int(62 * s), max(1, right - left), int(46 * s))
        fit_text_block(surface, words, box, int(16 * s), (255, 150, 110), min_size=8, line_gap=0)

    arena_heading = "Arena (click, or Left/Right)"
    """The arena list's heading (a tournament night's says how its list is made)."""

    def draw_arenas(self, surface) -> None:
        s = self.s
        area = self.arena_area
        head = pygame.Rect(area.x, int(44 * s), area.w, int(24 * s))
        if self.arena_track is not None:  # that there is more, and where in the list this is
            where = draw_label(surface, f"{self.arena_list.where()} (wheel, PgUp/PgDn)", head, int(17 * s), DIM,
                               align="right")
            head.w = where.x - head.x - int(8 * s)
        draw_label(surface, self.arena_heading, head, int(22 * s), GOLD, True, min_size=10)
        self.arena_list.draw_bar(surface)
        for k, r in self.arena_rects:
            e = self.arenas[k]
            selected = k == self.arena
            panel(surface, r, (70, 48, 32, 240) if selected else (34, 26, 30, 220), GOLD if selected else (90, 64, 44), 6)
            thumb = self.thumb(e, (int(r.h * 1.4), r.h - 6))
            if thumb:
                surface.blit(thumb, (r.x + 3, r.y + 3))
            tx = r.x + int(r.h * 1.4) + int(10 * s)
            col = int(150 * s)  # the name and the player count; the description beside them
            if e.ok:
                a = e.report.arena
                draw_label(surface, a.name, pygame.Rect(tx, r.y + int(3 * s), col, int(22 * s)), int(20 * s), INK, True, min_size=8)
                fits = a.min_players <= self.count <= a.max_players
                draw_label(surface, players_words(a), pygame.Rect(tx, r.y + int(26 * s), col, int(20 * s)),
                           int(17 * s), INK if fits else (255, 140, 100))
                box = pygame.Rect(tx + col + int(8 * s), r.y + int(4 * s), 0, r.h - int(8 * s))
                box.w = r.right - int(36 * s) - box.x  # the right end is kept for the tournament's badge
                fit_text_block(surface, a.description, box, int(15 * s), DIM, min_size=9, line_gap=0)
            else:
                draw_label(surface, f"{e.name} — broken", pygame.Rect(tx, r.y + int(3 * s), r.right - tx - 6, int(22 * s)),
                           int(20 * s), DIM, True, min_size=8)
                draw_label(surface, e.reason, pygame.Rect(tx, r.y + int(26 * s), r.right - tx - 6, int(20 * s)), int(15 * s),
                           (220, 120, 100), ellipsize=True)

    def thumb(self, entry, size):
        key = (entry.path, size)
        if key not in self.thumbs:
            img = None
            if entry.ok:
                try:
                    img = self.picture(entry, size)
                except Exception:  # a thumbnail is a nicety: a map that will not draw just has none
                    img = None
            self.thumbs[key] = img
        return self.thumbs[key]

    def picture(self, entry, size) -> pygame.Surface:
        """An arena's thumbnail, `size` (the map's picture, centred); it may raise (then there is none)."""
        from ..client.mapview import MapView

        mv = MapView(entry.report.arena, entry.path)
        src = mv.scaled(min(size[0] / mv.size[0], size[1] / mv.size[1]))
        img = pygame.Surface(size)
        img.fill(mv.background)
        img.blit(src, src.get_rect(center=(size[0] // 2, size[1] // 2)))
        return img


class GameSetup(NewGameScene):
    """A game's own New game frame (Chessboard Skirmish's, Gladiator!'s, Superhero Gladiators'): the arenas
    marked for it, its bot levels as the seats' kinds, and its choices kept in the settings' `last_setup`
    under keys of its own ("<id>_arena", …) beside the other games', so that playing one game never
    resets another's setup."""

    ruleset_id = ""

    def hint_area(self) -> pygame.Rect | None:
        """None: a game's own frame draws its own things under the seats."""
        return None
    """The game (its registry id): its arenas, its bot levels, the prefix of its keys in the settings."""
    default_arena = ""
    """The arena shown first when none is remembered ("bundled:chessboard")."""
    no_bot_levels: tuple[str, ...] = ()
    """The seats' kinds beside Human when the ruleset lists no bot levels."""

    def take_up_arenas(self, seats) -> dict:
        """The game's arenas, the one remembered (else `default_arena`) shown, and `seats` made people
        where the game has no bot of their kind; returns the last setup (`remembered`)."""
        from ..board.arenas import list_arenas

        self.arenas = list_arenas(ruleset=self.ruleset_id)
        last, _ = self.remembered()
        self.arena = self.arena_index(last.get(f"{self.ruleset_id}_arena"))
        if self.arena is None:
            self.arena = self.arena_index(self.default_arena) or 0
        for seat in seats:
            if seat.kind not in self.kinds():
                seat.kind = "Human"
        return last

    def kinds(self) -> tuple[str, ...]:
        from ..core import registry

        return PEOPLE + (tuple(registry.get(self.ruleset_id).bot_levels) or self.no_bot_levels)

    def cycle_kind(self, i: int) -> None:
        kinds = self.kinds()
        seat = self.seats[i]
        seat.kind = kinds[(kinds.index(seat.kind) + 1) % len(kinds)] if seat.kind in kinds else "Human"
        self.layout()

    def own_choices(self) -> dict:
        """The game's choices kept beside its arena and its options (its keys prefixed with its id)."""
        return {}

    def remember(self) -> None:
        from ..settings import save_settings

        st = self.app.settings
        st.players = [{"name": s.name, "colour": s.colour, "kind": s.kind if s.kind in KINDS else "Human"}
                      for s in self.seats]
        st.last_setup = {**(st.last_setup or {}), f"{self.ruleset_id}_arena": self.arenas[self.arena].id,
                         **self.own_choices(), **self.options.remembered()}
        st.animation_speed = self.speed
        save_settings(st)


class TwoSeatSetup(GameSetup):
    """A setup of two seats, each bringing its own pieces (an army, a gladiator: the seat's `cards`,
    chosen or dealt by the ruleset's `new_game`): Chessboard Skirmish's and Gladiator!'s."""

    same_seats = "The two players"
    piece = ""
    """What a seat brings, in words ("army")."""
    pick_hint = ""
    """The hint of a seat's button that steps through the pieces."""
    random_hint = ""
    """The hint of a seat's Random button."""
    pick_keys: tuple[int, ...] = ()
    """The keys of the seats' step buttons (the first seat's, the second's), if any."""

    def set_count(self, d: int) -> None:
        """Always two players."""

    def piece_problems(self, entry) -> list[str]:
        """Why a picked piece (its library entry) can not play, in words (empty: it can)."""
        return []

    def problem(self) -> str:
        seats = self.seats[:2]
        why = self.seats_problem(seats)
        if why:
            return why
        lib = self.app.library
        for s in seats:
            if s.cards and s.cards[0] in lib.cards:
                why = self.piece_problems(lib.cards[s.cards[0]])
                if why:
                    return f"{s.name}'s {self.piece}: {why[0]}"
        return ""

    def seat_buttons(self) -> list[Button]:
        """The frame's buttons for two seats, each with a piece: no − / + (always two), a seat's "Pick
        cards" steps through the pieces, "Deal" is "Random", and the bots' thinking only where there are bots."""
        keep = []
        row_of = {y: i for i, y, _ in self.rows}
        for b in self.buttons:
            if b.label in ("−", "+"):
                continue  # always two players
            if b.label in ("Pick cards", "Change"):
                i = row_of.get(b.rect.y, 0)
                b.label = f"Next {self.piece}" if self.seats[i].cards else f"Pick {self.piece}"
                b.key = self.pick_keys[i] if i < len(self.pick_keys) else None
                b.hint = self.pick_hint
                b.enabled = bool(self.choices())
            elif b.label == "Deal":
                b.label = "Random"
                b.hint = self.random_hint
            elif b.label.startswith("Bot thinking"):
                b.enabled = len(self.kinds()) > 1
            keep.append(b)
        return keep

    def choices(self) -> list[str]:
        """The pieces (ids in the library) a seat may pick now, in the order picking steps through them."""
        raise NotImplementedError

    def pick(self, i: int) -> None:
        """Seat `i`'s next piece (after the last one: dealt at random)."""
        ids = self.choices()
        seat = self.seats[i]
        if not ids:
            seat.cards = []
        elif seat.cards and seat.cards[0] in ids and ids.index(seat.cards[0]) + 1 < len(ids):
            seat.cards = [ids[ids.index(seat.cards[0]) + 1]]
        elif seat.cards:
            seat.cards = []
        else:
            seat.cards = [ids[0]]
        self.message = ""
        self.layout()

    def make(self, seed=None):
        rng = random.Random(seed)
        seats = [(s.name.strip(), list(s.cards)) for s in self.seats[:2]]
        entry = self.arenas[self.arena]
        seat_args = getattr(self.options, "seat_args", None)  # options a ruleset gives its human seats
        humans = [s.name.strip() for s in self.seats[:2] if s.kind in PEOPLE]
        return self.side.new_game(entry.report.arena, seats, self.app.library, self.options.options(),
                                  seed=rng.randrange(1 << 30) if seed is None else seed,
                                  colours=[s.colour for s in self.seats[:2]],
                                  bots={s.name.strip(): s.kind for s in self.seats[:2] if s.kind not in PEOPLE},
                                  **(seat_args(humans) if seat_args else {}))


class NightArenas:
    """A tournament setup's list of the night's arenas, on a setup frame (mixed in before it): a
    click on an arena puts it on the list, or takes it off (never the last one), the first is the
    one shown, and each listed arena wears its place in the night as a numbered badge. The
    scene keeps the list in `chosen` (indices of `arenas`, in the order clicked)."""

    def take_up_night(self, own: dict, prefix: str, games: list, default_games: int, names) -> None:
        """The last night's choices, as a setup keeps them (`own`, its keys starting with `prefix`): the
        number of games (one of `games`, else `default_games`), shuffle, no repeats, and the arenas
        listed (`names`, in order; unknown ones dropped, none: the arena shown)."""
        self.games = own.get(f"{prefix}games") if own.get(f"{prefix}games") in games else default_games
        self.shuffle = own.get(f"{prefix}shuffle") is True
        self.no_repeat = own.get(f"{prefix}no_repeat") is not False
        chosen = [self.arena_index(a) for a in names if isinstance(a, str) and a]
        self.chosen: list[int] = list(dict.fromkeys(k for k in chosen if k is not None)) or [self.arena]
        """The arenas of the night, in the order clicked (click again to take one off)."""
        self.arena = self.chosen[0]

    def click(self, pos) -> None:
        super().click(pos)
        for k, r in self.arena_rects:
            if r.collidepoint(pos):
                if k in self.chosen:
                    if len(self.chosen) > 1:
                        self.chosen.remove(k)
                else:
                    self.chosen.append(k)
                self.arena = self.chosen[0]

    def draw_arenas(self, surface) -> None:
        super().draw_arenas(surface)
        s = self.s
        for k, r in self.arena_rects:
            if k in self.chosen:
                n = self.chosen.index(k) + 1
                img = text(str(n), int(22 * s), (30, 20, 10), True)
                badge = img.get_rect(center=(r.right - int(18 * s), r.y + int(16 * s)))
                pygame.draw.circle(surface, GOLD, badge.center, int(13 * s))
                surface.blit(img, badge)

    def _flip(self, attr: str) -> None:
        setattr(self, attr, not getattr(self, attr))
        self.layout()

    seat_words = "players"
    """What the night's seats are, in words ("teams")."""

    def problem(self) -> str:
        why = super().problem()
        if why:
            return why
        for k in self.chosen:
            why = self.listed_problem(self.arenas[k])
            if why:
                return why
        return ""

    def listed_problem(self, e) -> str:
        """Why the night can not play an arena on its list ("" if it can): broken, or not for so many seats."""
        if not e.ok or not e.report.arena.min_players <= self.count <= e.report.arena.max_players:
            return f"{e.name} does not take {self.count} {self.seat_words}: click it to take it off the night's list."
        return ""

    def _cycle(self, attr: str, values: list) -> None:
        setattr(self, attr, values[(values.index(getattr(self, attr)) + 1) % len(values)])
        self.layout()

    def night_buttons(self, x: int, y: int, choices) -> list[Button]:
        """The night's own choices [(label, action, hint)] as buttons, two a row from (`x`, `y`)."""
        s = self.s
        bw = int(200 * s)
        return [Button(label, pygame.Rect(x + (i % 2) * (bw + 10), y + (i // 2) * int(40 * s), bw, int(32 * s)), act,
                       True, None, hint) for i, (label, act, hint) in enumerate(choices)]

    # --- the night ---
    def night_options(self):
        """The ruleset's options every game of the night plays with."""
        return self.options.options()

    def night(self, seed: int | None = None):
        """The tournament these choices make (not yet saved)."""
        from ..tournament import Entrant, Tournament

        seats = self.seats[: self.count]
        ruleset = getattr(self, "ruleset_id", "")
        return Tournament([Entrant(s.name.strip(), s.colour, s.kind) for s in seats], self.games,
                          [self.arenas[k].id for k in self.chosen], self.shuffle, self.assign, self.no_repeat,
                          self.night_options(), seed=random.randrange(1 << 30) if seed is None else seed,
                          **({"ruleset": ruleset} if ruleset else {}))

    def start(self) -> None:
        why = self.problem()
        if why:
            self.message = why
            return
        self.remember()
        t = self.night()
        t.save()
        # the night's phones, from its start: the standings and every game share one host (the same codes)
        start_phones(self.app, self.seats[: self.count], "tournament", tournament_key(t), fresh=True)
        self.app.go("tournament", t)


class GameNight(NightArenas):
    """A game's own tournament night setup (Chessboard Skirmish's, Superhero Gladiators'), mixed in before
    its New game frame (a `GameSetup`): its choices are kept in the settings' `last_tournament` under keys
    "night_<id>_…" beside the other games' nights (plain values only: the arenas as one text, "id|id"), and
    over New game's when the screen opens; the pieces are dealt game by game."""

    assign = "deal"
    """How the night gives out the pieces: dealt, game by game."""
    night_games: list[int] = []
    """The numbers of games a night may have."""
    arenas_key = "arenas"
    """The key (after the prefix) of the night's arenas in the settings ("boards" for Skirmish's)."""

    @property
    def night_key(self) -> str:
        return f"night_{self.ruleset_id}"

    def take_up_game_night(self) -> dict:
        """The last night of this game's choices (`take_up_night`); returns what the settings keep of it."""
        own = dict(self.app.settings.last_tournament or {})
        key = self.night_key
        listed = own.get(f"{key}_{self.arenas_key}") if isinstance(own.get(f"{key}_{self.arenas_key}"), str) else ""
        self.take_up_night(own, f"{key}_", self.night_games, 4, listed.split("|"))  # the arenas of the night, in order
        return own

    def remembered(self) -> tuple[dict, list]:
        """New game's choices and seats, with the last night of this game's options over them."""
        last, seats = super().remembered()
        night = {k[len("night_"):]: v for k, v in (self.app.settings.last_tournament or {}).items()
                 if k.startswith(f"{self.night_key}_")}
        return {**last, **night}, seats

    def night_choices(self) -> dict:
        """The night's own choices the settings keep beside the games, arenas and options (keys unprefixed)."""
        return {}

    def remember(self) -> None:
        """Keep the night's choices for the next night of this game, apart from New game's (and other games' nights)."""
        from ..settings import save_settings

        st = self.app.settings
        key = self.night_key
        arenas = "|".join(self.arenas[k].id for k in self.chosen)
        st.last_tournament = {**(st.last_tournament or {}), f"{key}_games": self.games, f"{key}_shuffle": self.shuffle,
                              f"{key}_no_repeat": self.no_repeat,
                              f"{key}_{self.arenas_key}": arenas if len(arenas) <= 200 else "",
                              **{f"{key}_{k}": v for k, v in self.night_choices().items()},
                              **{f"night_{k}": v for k, v in self.options.remembered().items()}}
        if self.offers_thinking:
            st.bot_thinking = self.thinking  # the bots' thinking is one setting, whichever screen set it
        save_settings(st)

    def game_night_choices(self, place: str, seating: str, piece: str) -> list[tuple]:
        """The night's three choices [(label, action, hint)]: how many games (`seating`: how the seating
        turns), the arenas (`place`: "Boards") in order or shuffled, and whether a `piece` may be dealt twice."""
        return [
            (f"Games: {self.games}", lambda: self._cycle("games", self.night_games),
             f"How many games the night plays ({seating})"),
            (f"{place}: {'shuffled' if self.shuffle else 'in order'}", lambda: self._flip("shuffle"),
             f"The {place.lower()} of the night in the order clicked, or shuffled"),
            (f"No repeats: {'on' if self.no_repeat else 'off'}", lambda: self._flip("no_repeat"),
             f"On: nobody is dealt the same {piece} twice in the night (while another is left)"),
        ]
