"""The toy's screens: its table, its setup, its results part and its replay, written as a game from another
package would write them, against the shell's shared parts alone.

`ToyTable` is a client of the one shared table (`deathmatch.scenes.table.Table`), written against its
typed protocol (`deathmatch.scenes.protocol.GameTable`, checked by mypy: `_conforms` at the end). The
shared table gives it the seating, the hand-off, the log, the game menu, the HUD frame, the autosave,
the computer seats' turns, the way to the results and, with `Replay`, the replay. The toy gives only
its hooks: the board as plain squares, what a decision offers on it, how its two events animate and
read in the log, its top bar and side panel. It reads the game through `self.front` only
(`front.view(viewer)`, `front.decision`, `front.legal`, `front.apply` via `Table.answer`): never the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pygame

from deathmatch.client.art.palette import PLAYER_COLOURS
from deathmatch.client.steps import Banner, Call, EventAnimator, Floater, Pause, Step
from deathmatch.client.ui import DIM, GOLD, INK, Button, shortened, text
from deathmatch.core import registry
from deathmatch.core.front import Front
from deathmatch.core.record import Record
from deathmatch.scenes.menu import MenuScene
from deathmatch.scenes.protocol import GameTable
from deathmatch.scenes.results import PlainResults
from deathmatch.scenes.table import Frame, Replay, Table, open_table

from . import DieRolled, Marked, Setup, new_game

BACKDROP, SQUARE, EDGE, CANDIDATE, CURSOR = (24, 24, 32), (222, 214, 190), (60, 50, 40), (150, 200, 150), GOLD

CONTROLS = [
    ("Mouse", ""),
    ("click a free square", "mark it"),
    ("Keyboard", ""),
    ("Tab / Shift+Tab", "the next / previous free square; Enter marks it"),
    ("Esc", "the menu"),
    ("Space / click", "skip the animation; [ ] animation speed"),
    ("F5", "save the game under a name (it also saves itself after every mark)"),
    ("F11", "fullscreen;  F1: this help"),
]


class Squares:
    """The board as plain squares: each floor square of the arena a square of the grid, fitted into a rectangle."""

    def __init__(self, floor) -> None:
        self.floor = frozenset(floor)
        self.cols = max((c.x for c in self.floor), default=0) + 1
        self.rows = max((c.y for c in self.floor), default=0) + 1
        self.rect = pygame.Rect(0, 0, self.cols, self.rows)
        self.side = 1

    def fit(self, rect: pygame.Rect) -> None:
        self.side = max(4, min(rect.w // self.cols, rect.h // self.rows))
        self.rect = pygame.Rect(0, 0, self.side * self.cols, self.side * self.rows)
        self.rect.center = rect.center

    def square(self, cell) -> pygame.Rect:
        """The square of a cell on the screen (a gap between squares)."""
        gap = max(2, self.side // 20)
        return pygame.Rect(self.rect.x + cell.x * self.side + gap, self.rect.y + cell.y * self.side + gap,
                           self.side - 2 * gap, self.side - 2 * gap)

    def centre(self, cell) -> tuple[float, float]:
        r = self.square(cell)
        return float(r.centerx), float(r.centery)

    def cell_at(self, pos) -> Any:
        return next((c for c in self.floor if self.square(c).collidepoint(pos)), None)


class Picture:
    """What the table shows of the board while the events play: the marks drawn so far (put in step with the
    view between decisions), the newest one, and the animator's banner (the shared steps' view)."""

    def __init__(self) -> None:
        self.marks: dict = {}
        self.newest = None
        self.banner: tuple[str, float] | None = None
        self.floaters: list[Floater] = []
        self.figures: dict = {}


class ToyTable(Table):
    """Tic-tac-toe on the shared table: a click (or Tab and Enter) marks a free square for the seat to play."""

    controls = tuple(CONTROLS)
    bot_thread = "toy-bot"
    HINT = "F1: controls    Esc: menu"
    menu = True
    frame = Frame(hud=260, hud_share=0.3, top=50, bar=104, menu_y=8, log_share=0.45)

    def __init__(self, app, game, arena_path=None, *, handoff: bool = True, auto_players=(), anim_speed: float = 1.0,
                 seed: int = 0, on_exit=None, auto_delay: float = 0.35, autosave=None) -> None:
        super().__init__(app)
        self.game = game  # (held for the host: the front over it is all the table reads)
        self.viewer: str | None = None
        seats = self.front.seats()
        self.index: dict[str, int] = {p: i for i, p in enumerate(seats)}
        self.board = Squares(self.front.arena.floor)
        self.view = Picture()
        self.animator = EventAnimator(self.view, self.steps_for, anim_speed)
        self.handoff = handoff
        bot_seats = self.front.hand_to(lambda g: dict(getattr(g, "seat_bots", None) or {}))  # the host's note
        self.seat_players(game, seats, auto_players, sorted(bot_seats.items()), seed)
        self.rng = random.Random(seed)
        self.auto_delay, self.auto_wait, self.thinking = auto_delay, 0.0, None
        self.on_exit, self.autosave = on_exit, autosave
        self.log: list[str] = []
        self.log_scroll = 0
        self.last_human: str | None = None
        self.pass_to: str | None = None
        self.decision: Any = None
        self.options: list = []
        self.stage = "idle"
        """idle (animating, nothing asked), auto (a computer seat's turn), mark (a person's), over."""
        self.candidates: dict = {}
        self.cursor: Any = None
        self.hover_cell: Any = None
        self.buttons: list[Button] = []
        self.layout(app.size)
        self.begin_log(self.front.hand_to(lambda g: list(getattr(g, "setup_events", ()))))
        self.sync()

    # --- what it reads: the view ---
    @property
    def seen(self):
        """The game as the seated person sees it (the public view behind the hand-off)."""
        return self.front.view(self.viewer)

    def sync(self) -> None:
        """The picture in step with the view (when nothing is playing)."""
        if not self.animator.busy:
            self.view.marks = dict(self.seen.board)

    def new_decision(self) -> None:
        self.sync()
        super().new_decision()

    # --- the hooks (deathmatch.scenes.protocol.GameTable) ---
    def steps_for(self, event) -> list[Step]:
        """A die: who starts, across the board; a mark: drawn, then a moment to see it."""
        if isinstance(event, DieRolled):
            seats = self.front.seats()
            return [Banner(f"{seats[event.value - 1]} starts", 0.6)]
        if isinstance(event, Marked):
            def put(view, event=event):
                view.marks[event.at] = event.player
                view.newest = event.at
            return [Call(put), Pause(0.25)]
        return []

    def take(self, events: Sequence[Any]) -> None:
        for e in self.front.told(events, self.viewer):
            self.animator.add([e])
            line = self.describe(e)
            if line:
                self.animator.queue.append(Call(lambda view, line=line: self.write(line)))
        if self.front.over and events:
            line = self.outcome_words()[0]
            self.animator.queue.append(Call(lambda view, line=line: self.write(line)))

    def describe(self, e: Any) -> str | None:
        """An event's line in the log (None: not told there)."""
        if isinstance(e, DieRolled):
            return f"The d2 rolls {e.value}: {self.front.seats()[e.value - 1]} starts."
        if isinstance(e, Marked):
            mark: Any = e  # (mypy reads a namedtuple made in a pair, as the rules make Marked, as a bare tuple)
            return f"{mark.player} marks the square {mark.at.x + 1},{mark.at.y + 1}."
        return None

    def fallback_answer(self) -> Any:
        return self.rng.choice(self.front.legal(self.front.turn))

    def enter_stage(self) -> None:
        self.stage = "mark"
        self.candidates = {o.at: [o] for o in self.options}
        order = self.candidate_order()
        if self.cursor not in self.candidates:
            self.cursor = order[0] if order else None
        self.make_buttons()

    def make_buttons(self) -> None:
        self.buttons = []
        if self.stage == "over":
            s = self.s
            rect = pygame.Rect(self.log_rect.right + int(12 * s), self.bar_rect.y + int(50 * s), int(150 * s), int(30 * s))
            self.buttons.append(Button("Results (Esc)", rect, self.leave, True, pygame.K_ESCAPE))

    def prompt_words(self) -> str:
        if self.animator.busy:
            return "… (click or Space to skip)"
        if self.stage == "over":
            return "The game is over."
        d = self.decision
        if d is None:
            return ""
        if self.stage == "auto":
            return f"{d.player} (computer) is thinking…"
        if self.stage == "mark":
            return f"{d.player}: mark a free square (click it, or Tab and Enter)"
        return ""

    def click(self, pos) -> None:
        if self.click_skips_or_presses(pos):
            return
        cell = self.board.cell_at(pos)
        if cell is not None:
            self.cursor = cell if cell in self.candidates else self.cursor
            self.pick(cell)

    def key(self, key, mod) -> None:
        if self.common_key(key) or self.animator.busy:
            return
        if key == pygame.K_TAB and self.candidates:
            self.step_cursor(back=bool(mod & pygame.KMOD_SHIFT))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.stage == "over":
                self.leave()
            elif self.cursor is not None:
                self.pick(self.cursor)
        else:
            self.press_key(key)

    def back(self) -> bool:
        return False  # one click answers: nothing to take back

    def hover(self, pos) -> None:
        self.hover_cell = self.board.cell_at(pos)

    def pick(self, cell) -> None:
        """Mark `cell` if it is a free square for the seat deciding (a taken one does nothing)."""
        options = self.candidates.get(cell) if self.stage == "mark" else None
        if options:
            self.answer(options[0])

    def answer(self, action) -> None:
        super().answer(action)
        self.cursor = None

    # --- drawing ---
    def draw_board(self, surface: pygame.Surface) -> None:
        surface.fill(BACKDROP)
        b = self.board
        line = max(2, b.side // 14)
        for c in sorted(b.floor):
            r = b.square(c)
            surface.fill(SQUARE, r)
            if c in self.candidates and not self.animator.busy:
                surface.fill(CANDIDATE, r.inflate(-line * 2, -line * 2))
            player = self.view.marks.get(c)
            if player is not None:
                self.draw_mark(surface, r, player, c == self.view.newest and self.animator.busy)
        if self.cursor is not None and self.stage == "mark" and not self.animator.busy:
            pygame.draw.rect(surface, CURSOR, b.square(self.cursor), line)
        if self.view.banner is not None:
            self.draw_banner_words(surface, self.view.banner[0], 30)

    def draw_mark(self, surface, r: pygame.Rect, player: str, fresh: bool = False) -> None:
        """A seat's mark: the first seat a cross, the second a ring, in the seat's colour."""
        i = self.index.get(player, 0)
        colour = GOLD if fresh else PLAYER_COLOURS[i % len(PLAYER_COLOURS)].rgb
        w = max(3, r.w // 10)
        m = r.inflate(-r.w // 3, -r.h // 3)
        if i % 2 == 0:
            pygame.draw.line(surface, colour, m.topleft, m.bottomright, w)
            pygame.draw.line(surface, colour, m.bottomleft, m.topright, w)
        else:
            pygame.draw.circle(surface, colour, m.center, m.w // 2, w)

    def draw_top(self, surface: pygame.Surface) -> None:
        s = self.s
        img = text("Tic-tac-toe", int(26 * s), GOLD, True)
        surface.blit(img, (int(12 * s), int(12 * s)))
        x = int(24 * s) + img.get_width()
        room = self.board_rect.right - x - int(10 * s)
        if room > int(40 * s):
            speed = "instant" if self.animator.speed >= 60 else f"x{self.animator.speed:g}"
            hint = shortened(f"animations {speed} ([ ])   {self.HINT}", int(15 * s), room, DIM)
            surface.blit(hint, (self.board_rect.right - hint.get_width() - int(10 * s), int(18 * s)))

    def draw_side(self, surface: pygame.Surface, y: int) -> None:
        s = self.s
        x, width = self.hud_rect.x + int(12 * s), self.hud_rect.w - int(24 * s)
        y += int(10 * s)
        marks = list(self.seen.board.values())
        for p, i in self.index.items():
            swatch = pygame.Rect(x, y + int(3 * s), int(20 * s), int(20 * s))
            surface.fill(PLAYER_COLOURS[i % len(PLAYER_COLOURS)].rgb, swatch)
            deciding = self.front.turn == p
            name = shortened(p + ("  · to play" if deciding else ""), int(20 * s), width - int(28 * s),
                             GOLD if deciding else INK, True)
            surface.blit(name, (x + int(28 * s), y))
            y += int(24 * s)
            words = shortened(f"{marks.count(p)} marked · {'crosses' if i % 2 == 0 else 'rings'}", int(16 * s),
                              width - int(28 * s), DIM)
            surface.blit(words, (x + int(28 * s), y))
            y += int(28 * s)

    def outcome_words(self) -> tuple[str, list[str]]:
        """The end's head and lines (public: the front's outcome)."""
        o = self.front.outcome
        winners = tuple(getattr(o, "winners", ()) or ())
        if winners:
            return f"{' & '.join(winners)} wins!", ["Three in a row."]
        return "A draw", ["The board is full: nobody has three in a row."]

    def draw_game_over(self, surface: pygame.Surface) -> None:
        head, lines = self.outcome_words()
        self.draw_outcome(surface, head, lines, (30, 20, 24, 245), 38, 20)


class ToyReplay(Replay, ToyTable):
    """The game again on the shared table from its record, every mark as it was made ([ ] speed, Esc leaves): of a
    finished game, or of a saved game's record (the Load screen's Replay)."""

    def __init__(self, app, source) -> None:
        record = source if isinstance(source, Record) else \
            Front(source).hand_to(lambda g: registry.record_of(g, registry.get("tictactoe")))
        rules, setup, decisions = registry.read(record)
        again = rules.new_game(setup)
        self.begin(app, again, None, Front(again, rules).seats(), decisions)


class ToySetup(MenuScene):
    title = "Tic-tac-toe"

    def layout(self) -> None:
        self.buttons = self.column([("Play", self.play, True, pygame.K_RETURN), ("Back", self.back, True, pygame.K_ESCAPE)],
                                   int(self.app.size[1] * 0.4))

    def play(self) -> None:
        self.app.play(new_game(Setup(seed=random.randrange(1 << 30))))


class ToyResults(PlainResults):
    """Who won (the shell's plain part) and a replay of the game."""

    can_replay = True

    def __init__(self, app, game) -> None:
        super().__init__(app, game)
        self.app = app

    def watch_replay(self) -> None:
        self.app.open("replay", self.game)


def start(app, game, path=None) -> Table:
    """Put a game on the toy's table with the player's settings (the hand-off, the animation speed) and the
    autosave; the results screen follows the end (the shared `open_table`)."""
    return open_table(app, ToyTable, game, path)


def _conforms(table: ToyTable, replay: ToyReplay) -> tuple[GameTable, GameTable]:
    """mypy's check that the toy's tables give every hook of the shared table's protocol, typed as it says."""
    return table, replay

