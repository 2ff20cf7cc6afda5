"""What every ruleset's table (its battle screen) does the same way: passing the screen to the
next person (the hand-off), the computer players' turns (a thinking bot asked on a worker
thread, so the screen keeps drawing while it thinks) and leaving the table.

A ruleset's replay is `Replay` before its table (`class SkirmishReplay(Replay, SkirmishTable)`): the
record's decisions answered in order on the table, every animation as it happened.

A ruleset's table subclasses `Table` (a shared helper, like `menu`). Its `__init__` sets `game` and
`view`, then `seat_table(seats, animator, …)` sets up the attributes these methods read (`pass_to`,
`decision`, `stage`, `candidates`, `buttons`, `animator`, `bots`, `auto`, `humans`, `handoff`, `viewer`,
`thinking`, `auto_wait`, `auto_delay`, `autosave`, `on_exit`, the log). It gives `enter_stage()` (set out a person's decision), `take(events)` (animate and log
them: through `self.animator`'s `add` and `Call`s queued on its `queue`, so that `retell` can tell a
resumed game's log again through it) and `fallback_answer()` (what a computer seat without a bot plays).
Its `__init__` ends with `begin_log(start_events)`. Its `new_decision()` puts
its view in step with the game and calls `Table.new_decision`; its `answer(action)` calls
`Table.answer`, then clears its own choices.
"""

from __future__ import annotations

import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pygame

from ..client.art.palette import TABLE_EDGE, TABLE_FILL
from ..client.ui import GOLD, INK, Button, Overlay, block_height, draw_text_block, fit_size, panel, shortened, text, wrap
from ..core.front import Front, plays_through
from . import recap
from .base import Scene
from .phones import PhoneHooks

_THINKERS: dict[str, ThreadPoolExecutor] = {}


@dataclass(frozen=True)
class Frame:
    """A table's one layout value: the sizes of its parts before the screen's scale. The board
    takes the top left, the side panel (`hud`, at most `hud_share` of the width) the right, the
    top bar `top` high above both, the bar (`bar`: log, prompt, buttons) under the board; the log
    takes `log_share` of the bar's width; the Menu button stands `menu_y` down the top bar; the
    board is fitted inside its rectangle less `board_margin` (x, y)."""

    hud: int = 300
    hud_share: float | None = None
    top: int = 54
    bar: int = 112
    menu_y: int = 10
    log_share: float = 0.42
    board_margin: tuple[int, int] = (16, 12)
    button_text: int = 18
    """The buttons' text size."""
    hint_text: int = 17
    """The text size of the hint over the button under the mouse."""


def thinker(name: str) -> ThreadPoolExecutor:
    """The one worker thread a table's thinking bots run on (named, made when first needed)."""
    if name not in _THINKERS:
        _THINKERS[name] = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
    return _THINKERS[name]


class Table(PhoneHooks, Scene):
    bot_thread = "bot"
    """The name of the worker thread its thinking bots run on."""

    front: Front
    """The game as its viewers may see it: all a table reads of its game (`deathmatch.core.front`)."""
    animator: Any
    """The game's animations (`deathmatch.scenes.protocol.Animator`; `retell` lends it a `_Told` meanwhile)."""
    thinking: Future | None
    """A thinking bot's answer to come (on the `bot_thread`), None when no bot thinks."""

    @property
    def game(self):
        """The live game, to hand on unread (a save, a results screen, a tournament): a table draws
        from `front` only (tests/shell/test_view_only.py). Setting it puts a new `front` over it."""
        return self._game

    @game.setter
    def game(self, game) -> None:
        self._game = game
        self.front = Front(game)

    def fallback_answer(self):
        """The answer of a computer seat that has no bot (a random legal one)."""
        raise NotImplementedError

    def seat_table(self, seats, animator, *, effect_for=None, auto_players=(), bot_seats=(), bot_seed: int = 0,
                   handoff: bool = True, seed: int = 0, on_exit=None, auto_delay: float = 0.35,
                   autosave=None) -> None:
        """What every table's `__init__` sets up alike, once `self.game` is set: its `animator` (playing
        the app's sounds, `effect_for(event)` naming each event's when given), who plays each seat
        (`seat_players`), the hand-off (`handoff`), the computer seats' pace (`auto_delay` seconds, random
        legal answers from a `seed`ed rng), the empty log, nobody seated and nothing decided yet, what
        the end calls (`on_exit`) and the autosave (called with the game after every answer)."""
        self.animator = animator
        animator.sound = getattr(self.app, "sound", None)
        if effect_for is not None:
            animator.effect_for = effect_for
        self.handoff = handoff
        self.seat_players(seats, auto_players, bot_seats, bot_seed)
        self.rng = random.Random(seed)
        self.auto_delay = auto_delay
        self.auto_wait = 0.0
        self.thinking = None
        """A thinking bot's decision being worked out on the worker thread."""
        self.on_exit = on_exit
        self.autosave = autosave
        self.log = []
        self.log_scroll = 0
        self.viewer: str | None = None
        """Whose view the screen shows (the seat at the screen); None: the public view (the hand-off)."""
        self.last_human: str | None = None
        """The seat that gave the last answer, if a person did (who an undo is for)."""
        self.pass_to: str | None = None
        """The seat a hand-off is owed to while another screen (the save-as prompt, the menu) is over
        this one: nobody sits here meanwhile, and the hand-off opens once this screen is on top again."""
        self.decision = None
        self.options: list = []
        self.stage = "idle"
        self.candidates: dict = {}
        """Board place → the answers it stands for now."""
        self.buttons: list[Button] = []
        self.phones = None
        """The seats played from phones (`scenes/phones.PhoneLink`), None when every person sits at the screen."""
        self.link_phones()

    def link_phones(self) -> None:
        """Link the app's phone seats (`App.phones`, a `deathmatch.phones.PhoneHost` the setup made) that
        are seats of this game: their decisions are asked of their phones, never handed off at the screen."""
        host = getattr(self.app, "phones", None)
        if host is None or not set(host.seats) & set(self.front.seats()) & set(self.humans):
            return  # (no person's seat here is a phone's: a replay's seats are all the record's)
        from .phones import PhoneLink, listen  # lazy: start-up

        listen(host)
        self.phones = PhoneLink(self, host)
        from .phonepanel import PhonePanel  # lazy: start-up

        self.phone_panel = PhonePanel(self)

    phones = None
    """(The class's default: a table set up by `seat_table` has its own, None or a `PhoneLink`.)"""
    phone_panel = None
    """The phones panel (`scenes/phonepanel.PhonePanel`: codes, who is connected, taking a seat back to the
    screen), None without phone seats."""

    def phone_tag(self, seat: str) -> str:
        """" (phone)" after a seat's name where a table lists its seats, while that seat is played on a phone."""
        return " (phone)" if self.phones is not None and seat in self.phones.seats else ""

    def on_phone(self, d=None) -> bool:
        """Whether decision `d` (default: the pending one) is asked of a phone."""
        d = self.decision if d is None else d
        return d is not None and self.phones is not None and d.player in self.phones.seats

    def seat_players(self, seats, auto_players, bot_seats, seed: int) -> None:
        """Who plays each seat: `bots` (seat → a computer player: `auto_players` when it is a dict, then
        one made for each `(seat, level)` of `bot_seats` with seed `seed + i`, or None — random legal
        answers — for a level the ruleset has no bot of), `auto` (the seats the computer answers:
        those bots, and every seat of `auto_players`) and `humans` (the rest, in seat order)."""
        from ..bots import make_bot

        self.bots = dict(auto_players) if isinstance(auto_players, dict) else {}
        thinking = getattr(getattr(self.app, "settings", None), "bot_thinking", "normal")
        for i, (player, level) in enumerate(bot_seats):
            try:
                self.bots.setdefault(player, make_bot(level, seed=seed + i, player=player,
                                                      ruleset=self.front.ruleset_id, thinking=thinking))
            except (ValueError, KeyError, TypeError, ImportError):
                self.bots.setdefault(player, None)  # no bot of that level yet: random legal answers
        self.auto = set(auto_players) | set(self.bots)
        self.humans = [p for p in seats if p not in self.auto]

    def new_decision(self) -> None:
        """Take up the game's next decision (the table's view already put in step with the game): the
        end of the game; a computer seat's turn (answered by `update` after `auto_wait`); or a person's,
        set out by `enter_stage` — behind the hand-off when another person sat here before."""
        f = self.front
        d = f.decision(f.turn)
        self.decision = d
        if d is None:
            self.stage = "over"
            self.make_buttons()
            return
        self.options = f.legal(d.player)
        if d.player in self.auto:
            self.auto_wait = self.auto_delay
            self.stage = "auto"
            self.make_buttons()
            return
        if self.on_phone(d):
            # A phone's seat: its phone is asked (its own view, its answers); the screen shows only what
            # everyone may see, says whose turn it is, and never hands the screen to that seat. The table
            # treats it as a seat the computer waits on ("auto"), without answering for it.
            if self.hides_anything():
                self.viewer = None
            self.stage = "auto"
            self.turn_banner = (d.player, self.TURN_BANNER_SECONDS)
            self.turn_banner_words = f"{self.banner_words(d)} — on the phone"
            self.make_buttons()
            self.phones.changed()
            return
        if self.handoff and d.player != self.viewer and len(self.humans) > 1 and not self.hides_anything():
            # Nothing on screen is hidden from the next person: no hand-off screen, the table just
            # says whose turn it is.
            self.viewer = d.player
            self.turn_banner = (d.player, self.TURN_BANNER_SECONDS)
            self.turn_banner_words = self.banner_words(d)
        elif not self.handoff or len(self.humans) <= 1:
            self.viewer = d.player  # one person: whoever decides sees their own
        elif d.player != self.viewer:
            if self.animator.lively:
                # The last answer plays out (a die lands, its "−1" floats up) before the one who made
                # it: the hand-off waits (`update` takes the decision up again next frame).
                self.decision = None
                return
            # A new seat (or a game just started or resumed): nothing of theirs shows until that
            # player has taken the seat behind the hand-off screen.
            self.viewer = None
            self.pass_to = d.player
            self.hand_over()
            return
        recap.offer(self, d.player)  # what the others did since this seat's last answer, if it saw no hand-off
        self.enter_stage()

    TURN_BANNER_SECONDS = 1.6
    turn_banner: tuple[str, float] | None = None
    """(whose turn, seconds left) of the "Ann's turn" banner over the board, shown instead of a hand-off
    where nothing is hidden; None when none shows."""
    turn_banner_words = ""
    """What that banner says (`banner_words` of the decision it announces)."""

    def banner_words(self, d) -> str:
        """The banner's words for decision `d` when the seat changes without a hand-off ("Ann's turn"); a
        game words a question asked out of turn to fit it ("Bob: call on the gods?")."""
        return f"{d.player}'s turn"

    def hides_anything(self) -> bool:
        """Whether the game hides anything from one seat that another's screen shows (the ruleset's
        `secrets`: Celebrity's cards and orders, Superhero Gladiators' gizmos): only then a change of
        seat between people brings the hand-off screen."""
        router = getattr(self.app, "router", None)
        return router.has_secrets(self.front.ruleset_id) if router is not None else True

    def answer(self, action) -> None:
        """Send an answer to the engine, autosave, animate what it caused, and clear the decision
        (a table clears its own choices after calling this)."""
        player = self.decision.player if self.decision is not None else self.front.turn
        events = self.front.apply(player, action)
        recap.note(self, player, events)
        # (a phone seat's answer is not the screen's to take back: whoever sits at the screen is someone else)
        at_screen = player is not None and player not in self.auto and not self.on_phone(self.decision)
        self.last_human = player if at_screen else None
        self.save_now()
        self.take(events)
        self.decision = None
        self.stage = "idle"
        self.candidates = {}
        self.buttons = []
        if self.phones is not None:
            self.phones.changed()

    def apply_side_answer(self, seat: str, action) -> None:
        """A seat's side answer (a standing order set from its phone): applied, kept, its events told.
        IllegalAction (a ValueError), nothing changed, when the game refuses it."""
        events = self.front.apply(seat, action)
        self.save_now()
        self.take(events)
        if self.phones is not None:
            self.phones.changed()

    def begin_log(self, start_events) -> None:
        """The log of the game the table opens on: a new game's `start_events` told (and animated);
        a game taken up again (Continue, Load, a tournament's or a season's game resumed) gets its
        log told again as it was (`retell`), not an empty one."""
        if self.front.played_before:
            self.retell()
        else:
            self.take(start_events)

    def retell(self) -> None:
        """Write the log a player would have seen had the game been played through on this table: the
        record (setup, seed, decisions) played again from the start, each answer's events fed to the
        table's own `take` (its filters and words, `self.game` the game as it stood then) with nothing
        animated, so the log holds exactly the lines it held live, the last 400 of them (what each
        table keeps). The log's lines told to some players only stay theirs, as live. A record that no
        longer plays leaves the lines told so far."""
        live, animator = self.game, self.animator
        told = _Told()
        self.animator = told
        try:
            deciding = None
            for front, events in self.front.retold():
                self.front = front  # (the game as it stood then: the table's filters and words read it)
                self._game = front.hand_to(lambda then: then)  # (host: what the table hands on, in step)
                self.take(events)
                told.play(self.view)
                if deciding is not None:
                    recap.note(self, deciding, events)  # (each seat's last decision in the record marked)
                deciding = front.turn
        except (KeyError, ValueError, TypeError, OSError):  # IllegalAction and SetupError are ValueErrors
            pass  # a record that no longer plays: the log keeps what it could tell
        finally:
            self.game, self.animator = live, animator
        self.log_scroll = 0

    def can_undo(self, for_player: str | None = None) -> bool:
        """No take-backs (a table whose rules allow them says so): every answer rolls dice or shows
        the other side something."""
        return False

    def undo(self) -> None:
        pass

    def leave(self) -> None:
        if self.on_exit:
            self.on_exit(self)
        else:
            self.app.quit()

    def hand_over(self) -> None:
        """Open the hand-off to `pass_to` — but only over this table (not over the game menu or
        the save-as prompt): until it opens, the decision waits unshown (no buttons, no
        highlights: they would show the next seat's choices to whoever is at the screen), and
        keys typed into a prompt, Enter among them, can not pass a hand-off that opened under
        the typing hands."""
        if self.pass_to is None:
            return
        if self.app.stack.top is not self:
            self.stage = "idle"
            self.candidates = {}
            self.buttons = []
            return
        player, self.pass_to = self.pass_to, None
        self.app.open("handoff", self, player)
        if self.decision is not None and self.decision.player == player:
            self.enter_stage()

    def update(self, dt: float) -> None:
        if self.phones is not None:
            self.phones.update()
        if self.phone_panel is not None:
            self.phone_panel.update()
        if self.pass_to is not None:
            self.hand_over()
            return
        if self.turn_banner is not None and not self.animator.busy:
            who, left = self.turn_banner
            self.turn_banner = (who, left - dt) if left > dt else None
        self.animator.update(dt)
        if self.animator.busy:
            return
        if self.decision is None and self.stage != "over":
            self.new_decision()
            return
        if self.stage == "auto" and self.decision is not None and not self.on_phone():
            self.auto_wait -= dt
            bot = self.bots.get(self.decision.player)
            if bot is not None and getattr(bot, "thinks", False):
                # A searching bot thinks for up to a second or two (its thinking setting: a ruleset's
                # `search_budgets`): on a worker thread, so the screen keeps drawing meanwhile (nothing
                # changes the game until its answer is applied).
                if self.thinking is None:  # the bot is the host's: it gets the game (and reads its seat's view)
                    self.thinking = thinker(self.bot_thread).submit(self.front.hand_to, bot.choose)
                if self.auto_wait <= 0 and self.thinking.done():
                    answer, self.thinking = self.thinking.result(), None
                    self.answer(answer)
            elif self.auto_wait <= 0:
                self.answer(self.front.hand_to(bot.choose) if bot else self.fallback_answer())

    # --- what the Skirmish and Gladiator! tables (and some of Celebrity's) do alike ---

    log_font = 16
    """The log's text size (before the screen's scale)."""

    def pause(self) -> None:
        """A scene was put over the table (the game menu, the help, Save as…, the standing orders, a
        hand-off): the table holds until it is on top again (the stack runs only the top scene's time),
        and a phone whose decision it is is told so at once (`PhoneLink.hold`)."""
        if self.phones is not None:
            self.phones.hold()

    def resume(self) -> None:
        self.make_buttons()
        self.hand_over()

    @property
    def animating(self) -> bool:
        """Frames are needed while something moves, a computer seat is to answer (a thinking bot's answer
        is looked for every frame) or the next decision is to be taken up; a table waiting for a person,
        or over (a replay at the end of an unfinished game's record still has a computer seat's decision
        pending), lets the loop sleep."""
        if self.animator.lively or self.turn_banner is not None:
            return True
        if self.phones is not None and (self.phones.dirty or self.phones.host.waiting()):
            return True  # a phone answered, or its seat's state is to be sent
        if self.phone_panel is not None and self.phone_panel.wants_frame():
            return True  # a phone came or went: the panel and the Phones button say so
        if self.stage == "over":
            return False
        return (self.decision is not None and self.decision.player in self.auto) or \
            (self.decision is None and not self.front.over)

    frame = Frame()
    """The table's layout (its sizes before the screen's scale)."""

    def layout(self, size) -> None:
        """Lay the table out for a window of `size`: the top bar, the board, the side panel, the bar
        with the log, the Menu button (the sizes of `frame`), then the board fitted and the buttons."""
        w, h = size
        s = self.app.ui_scale
        self.s = s
        fr = self.frame
        self.hud_w = int(fr.hud * s) if fr.hud_share is None else int(min(fr.hud * s, w * fr.hud_share))
        self.top_h = int(fr.top * s)
        self.bar_h = int(fr.bar * s)
        self.board_rect = pygame.Rect(0, self.top_h, w - self.hud_w, h - self.top_h - self.bar_h)
        self.hud_rect = pygame.Rect(w - self.hud_w, self.top_h, self.hud_w, h - self.top_h)
        self.bar_rect = pygame.Rect(0, h - self.bar_h, w - self.hud_w, self.bar_h)
        self.menu_button = Button("Menu", pygame.Rect(w - self.hud_w + int(8 * s), int(fr.menu_y * s), int(84 * s),
                                                      int(34 * s)),
                                  self.open_menu, True, None, "Resume, save, load, rules, settings, quit (Esc)")
        self.log_rect = pygame.Rect(int(8 * s), h - self.bar_h + int(6 * s), int((w - self.hud_w) * fr.log_share),
                                    self.bar_h - int(12 * s))
        self.fit_board()
        self.make_buttons()

    def fit_board(self) -> None:
        """Fit the board into its rectangle (less the frame's margin)."""
        mx, my = self.frame.board_margin
        self.board.fit(self.board_rect.inflate(-int(mx * self.s), -int(my * self.s)))

    def on_resize(self, size) -> None:
        self.layout(size)
        self.sync()

    def sync(self) -> None:
        """Snap the picture to the game (a table whose picture follows the game)."""

    _highlights: Overlay | None = None

    def highlight_layer(self, surface) -> Overlay:
        """The table's see-through highlight layer (`client.ui.Overlay`, kept from frame to frame),
        cleared for a frame on `surface`: draw on its `layer` through `mark`, then `blit` it."""
        if self._highlights is None:
            self._highlights = Overlay()
        self._highlights.begin(surface.get_size())
        return self._highlights

    hud_fill = (22, 16, 24, 240)
    """The side panel's colour."""
    panel_fill = TABLE_FILL
    """The top bar's and the bar's colour."""
    panel_edge = TABLE_EDGE
    """The panels' edges."""

    def draw(self, surface) -> None:
        """The board (`draw_board`), the HUD over it (a table drawing more between them overrides this)."""
        self.draw_board(surface)
        self.draw_hud(surface)

    def draw_board(self, surface) -> None:
        """The board, its pieces and highlights (a table's own: `deathmatch.scenes.protocol.GameTable`)."""

    def draw_hud(self, surface) -> None:
        """Everything around the board: the top bar (`draw_top`) with the Menu button, the side
        panel (`draw_side(surface, top)`), the bar with the log, the prompt and the
        buttons (and the hint of the one under the mouse), the game's end over the board."""
        if self.phones is not None:
            self.phones.snap(surface)  # (the board as drawn, before the HUD's panels and banners)
        s = self.s
        w, h = surface.get_size()
        panel(surface, pygame.Rect(0, 0, w, self.top_h), self.panel_fill, self.panel_edge, 0)
        self.draw_top(surface)
        if self.menu:
            self.menu_button.draw(surface, int(19 * s), self.menu_button.rect.collidepoint(pygame.mouse.get_pos()))
        panel(surface, self.hud_rect, self.hud_fill, self.panel_edge, 0)
        self.draw_side(surface, self.hud_rect.y)
        panel(surface, self.bar_rect, self.panel_fill, self.panel_edge, 0)
        self.draw_log(surface)
        self.draw_prompt(surface)
        mouse = pygame.mouse.get_pos()
        for b in self.buttons:
            self.draw_button(surface, b, mouse)
        recap.draw_panel(self, surface)
        self.draw_button_hint(surface, mouse, self.frame.hint_text)
        if self.stage == "over":
            self.draw_game_over(surface)
        elif self.turn_banner is not None:
            self.draw_banner_words(surface, self.turn_banner_words or f"{self.turn_banner[0]}'s turn")
        if self.phone_panel is not None:
            self.phone_panel.draw(surface)  # (over everything: the Phones button, the codes when asked)

    def draw_button(self, surface, b, mouse) -> None:
        """One button of the bar (a table may add to it: an icon)."""
        b.draw(surface, int(self.frame.button_text * self.s), b.rect.collidepoint(mouse))

    def draw_top(self, surface) -> None:
        """The top bar's words (a table's own)."""

    def draw_side(self, surface, y: int) -> None:
        """The side panel's contents from its top `y` down (a table's own)."""

    banner_fill = (30, 20, 24, 235)
    """The banner's colour."""

    def draw_banner_words(self, surface, words: str, size: int = 34) -> None:
        """Words across the middle of the board on a gold-edged panel (a new round, game over)."""
        s = self.s
        img = text(words, int(size * s), GOLD, True)
        r = img.get_rect(center=self.board_rect.center).inflate(int(40 * s), int(20 * s))
        r.clamp_ip(self.board_rect)
        panel(surface, r, self.banner_fill, GOLD, 10)
        surface.blit(img, img.get_rect(center=r.center))

    def button_row(self, inset: tuple[int, int], size: tuple[int, int], gap: int, *, clamp: bool = True):
        """The `add(label, action, enabled=True, key=None, hint="", width=None, selected=False)` of a
        table's `make_buttons`: each call puts a new `Button` in `buttons`, in rows from `inset` (x from the
        log's right edge, y from the bar's top), `size` (w, h) unless `width` says (no wider than a row when
        `clamp`), `gap` apart; a button that would pass the bar's right end starts the next row (the
        sizes before the screen's scale)."""
        s = self.s
        x0 = self.log_rect.right + int(inset[0] * s)
        bw, bh, gap = int(size[0] * s), int(size[1] * s), int(gap * s)
        right = self.bar_rect.right - gap
        at = [x0, self.bar_rect.y + int(inset[1] * s)]

        def add(label, action, enabled=True, key=None, hint="", width=None, selected=False) -> None:
            x, y = at
            width = min(width or bw, right - x0) if clamp else width or bw
            if x + width > right and x > x0:
                x, y = x0, y + bh + gap
            self.buttons.append(Button(label, pygame.Rect(x, y, width, bh), action, enabled, key, hint, selected))
            at[:] = [x + width + gap, y]
        return add

    def draw_floaters(self, surface, screen, tile: float, size: float = 0.3, lift: float = 0.4) -> None:
        """The words floating up from the board (`view.floaters`: a hit, a miss): each at `screen(x, y)`,
        `size` of a `tile` high (14 px at the least), starting `lift` tiles above its point and rising
        half a tile over its life, fading out over its last 40 %, kept inside the board."""
        for fl in self.view.floaters:
            x, y = screen(fl.x, fl.y)
            rise = fl.age / fl.life
            img = text(fl.text, max(14, int(tile * size)), fl.colour, True)
            img.set_alpha(int(255 * (1 - max(0.0, rise - 0.6) / 0.4)))
            r = img.get_rect(center=(x, y - tile * (lift + 0.5 * rise)))
            r.clamp_ip(self.board_rect)
            surface.blit(img, r)

    def open_menu(self) -> None:
        self.app.open("pause", self)

    def save_now(self) -> bool:
        """Autosave the game (if this table autosaves); a save the disk refuses (full, or not
        writable) is said in the log, once until a save works again, and play goes on: the
        earlier save is kept (`saves.write_atomic`). Returns whether it saved."""
        if not self.autosave:
            return False
        from ..saves import note_write_problem, save_problem

        try:
            self.autosave(self.game)
        except OSError as e:
            note_write_problem("The game in progress", e)  # (the title screen says it too, until a save works)
            line = save_problem(e)
            if getattr(self, "save_failed", None) != line:
                self.write(line)
            self.save_failed = line
            return False
        note_write_problem("The game in progress", None)
        if getattr(self, "save_failed", None):
            self.write("Saved again: the autosave is up to date.")
        self.save_failed = None
        return True

    save_failed: str | None = None
    """Why the last autosave failed (shown in the log), None after one that worked."""

    def write_after(self, line: str) -> None:
        """Write `line` to the log once what the animator holds now has played: a table's `take`
        calls it after adding each event, so no die's result is told before it lands."""
        from ..client.steps import Call

        self.animator.queue.append(Call(lambda view, line=line: self.write(line)))

    def write(self, line: str) -> None:
        """Add a line to the log (the last 400 kept), scrolled to the newest."""
        self.log.append(line[:1].upper() + line[1:])
        self.log = self.log[-400:]
        self.log_scroll = 0

    controls: tuple = ()
    """The table's keys and clicks for the help screen (F1)."""

    def common_key(self, key) -> bool:
        """The keys every table answers alike: Space skips the animation, F5 saves as, F1 shows the
        controls, [ and ] set the animation speed, Esc steps back (or opens the menu, or leaves a
        finished game). True if `key` was one, or while an animation plays (no other key counts then)."""
        if key == pygame.K_SPACE and self.animator.busy:
            self.animator.skip()
            return True
        if key == pygame.K_F5 and not self.front.over:
            if getattr(self, "kept_with", None) is None:  # a career bout is kept with its season instead
                self.app.open("save as", self.game)
            return True
        if key == pygame.K_F1:
            self.app.open("help", controls=self.controls)
            return True
        if key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            speeds = [0.5, 1.0, 2.0, 4.0, 60.0]
            i = min(range(len(speeds)), key=lambda k: abs(speeds[k] - self.animator.speed))
            i = max(0, i - 1) if key == pygame.K_LEFTBRACKET else min(len(speeds) - 1, i + 1)
            self.animator.speed = speeds[i]
            return True
        if key == pygame.K_ESCAPE:
            if self.stage == "over":
                self.leave()
            elif not self.back():
                self.open_menu()
            return True
        return self.animator.busy

    def hover(self, pos) -> None:
        """The mouse moved to `pos` (a table marks what is under it)."""

    def click_skips_or_presses(self, pos) -> bool:
        """A click that skips the animation playing, or presses the button under it (the menu's too):
        whether it was one (if not, the table looks at the board under it)."""
        if self.animator.busy:
            self.animator.skip()
            return True
        if recap.panel_click(self, pos):
            return True
        for b in self.buttons + ([self.menu_button] if self.menu else []):
            if b.hit(pos):
                b.action()
                return True
        return False

    def press_key(self, key) -> bool:
        """Press the enabled button whose key `key` is; whether there was one."""
        for b in self.buttons:
            if b.key == key and b.enabled:
                b.action()
                return True
        return False

    def step_cursor(self, back: bool = False) -> None:
        """Move the cursor to the next cell that may be picked, in `candidate_order()` (Tab's order);
        `back`: to the one before."""
        order = self.candidate_order()
        i = order.index(self.cursor) if self.cursor in order else -1
        self.cursor = order[(i + (-1 if back else 1)) % len(order)]

    def candidate_order(self) -> list:
        """The cells that may be picked, top to bottom, left to right on screen (Tab's order)."""
        def key(c):
            x, y = self.board.centre(c)
            return round(y), x
        return sorted(self.candidates, key=key)

    def handle_event(self, event):
        if self.phone_panel_event(event):
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.click(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.back()
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            return None
        if event.type == pygame.MOUSEWHEEL:
            if self.log_rect.collidepoint(pygame.mouse.get_pos()):
                self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + event.y))
            return None
        if event.type == pygame.KEYDOWN:
            self.key(event.key, event.mod)
            return None
        return event

    def phone_panel_event(self, event) -> bool:
        """Whether `event` was the phones panel's (P, its button, a click or the wheel on it): a table's own
        `handle_event` asks this first."""
        p = self.phone_panel
        if p is None:
            return False
        if event.type == pygame.KEYDOWN:
            return p.key(event.key)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return p.click(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            return p.covers(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            return p.wheel(pygame.mouse.get_pos(), event.y)
        return False

    over_words = "The game is over."
    """The prompt once the game is over (a bout, a fight …)."""

    def waiting_words(self) -> str | None:
        """The prompt while no person is asked: an animation playing (it can be skipped), the game over
        (`over_words`), nothing decided yet, a computer seat thinking; None when a person decides (the
        table's own words for its stage)."""
        d = self.decision
        if self.animator.busy:
            return recap.busy_words(self)  # (a replay of "since your last turn" says so)
        if self.stage == "over":
            return self.over_words
        if d is None:
            return ""
        if self.stage == "auto":
            return f"{d.player} is choosing on the phone…" if self.on_phone(d) else f"{d.player} (computer) is thinking…"
        return None

    def prompt_words(self) -> str:
        """The prompt: `waiting_words`, else what the seat deciding is asked (`asked_words(who)`)."""
        words = self.waiting_words()
        return words if words is not None else self.asked_words(self.decision.player)

    def asked_words(self, who: str) -> str:
        """What the person deciding (`who`) is asked at this stage (the table's own words)."""
        return ""

    prompt_font = 16
    """The prompt's largest text size (before the screen's scale): it shrinks to fit above the buttons."""
    prompt_inset = (10, 6)
    """Where the prompt starts: (x, y) from the log's right edge and the bar's top (before the scale)."""

    def draw_prompt(self, surface) -> None:
        """The prompt (`prompt_words()`) in the bar right of the log, above the buttons, shrunk to fit."""
        s = self.s
        dx, dy = self.prompt_inset
        x, y = self.log_rect.right + int(dx * s), self.bar_rect.y + int(dy * s)
        words = self.prompt_words()
        top = min([b.rect.y for b in self.buttons] + [self.bar_rect.bottom])
        box = pygame.Rect(x, y, self.bar_rect.right - x - 10, top - y - int(2 * s))
        size = fit_size(words, int(self.prompt_font * s), box.w, box.h, min_size=9)
        draw_text_block(surface, words, box.topleft, size, box.w, INK, box=box)

    def draw_outcome(self, surface, head: str, lines, fill, head_size: int, line_size: int, *,
                     room: int = 100, first: int = 60) -> None:
        """The end of the game over the board: `head` in gold, then `lines` (text sizes before the
        screen's scale), on a panel of colour `fill`, `room` high besides the lines, whose `first`
        stands that far down it (before the screen's scale)."""
        s = self.s
        rect = pygame.Rect(0, 0, min(int(560 * s), self.board_rect.w - 20), int(room * s + 26 * s * len(lines)))
        rect.center = self.board_rect.center
        panel(surface, rect, fill, GOLD, 12)
        img = shortened(head, int(head_size * s), rect.w - 20, GOLD, True)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + int(14 * s))))
        y = rect.y + int(first * s)
        for line in lines:
            img = shortened(line, int(line_size * s), rect.w - 30, INK)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += int(26 * s)

    def draw_button_hint(self, surface, mouse, size: int) -> None:
        """The hint of the button under the mouse in a box over the board just above the bar, never on
        the prompt it explains or the buttons (text size `size` before the screen's scale)."""
        s = self.s
        for b in self.buttons:
            if b.hint and b.rect.collidepoint(mouse):
                tw = int(320 * s)
                height = block_height(b.hint, int(size * s), tw - 12) + 8
                tip = pygame.Rect(b.rect.x, 0, tw, height)
                tip.bottom = min(b.rect.y, self.bar_rect.y) - int(4 * s)
                tip.right = min(tip.right, self.bar_rect.right - 4)
                panel(surface, tip)
                draw_text_block(surface, b.hint, (tip.x + 6, tip.y + 4), int(size * s), tip.w - 12, box=tip)

    def button_point(self, key) -> tuple[int, int] | None:
        """The centre of the enabled button with keyboard key `key` (None if none): where tests and the
        tour click."""
        for b in self.buttons:
            if b.key == key and b.enabled:
                return b.rect.center
        return None

    def draw_log(self, surface) -> None:
        """The log panel: the newest lines that fit, wrapped, scrolled by the wheel."""
        s = self.s
        r = self.log_rect
        panel(surface, r, (14, 10, 16, 230), (70, 50, 40), 6)
        size = int(self.log_font * s)
        line_h = int((self.log_font + 1) * s)
        rows = max(1, (r.h - 8) // line_h)
        end = len(self.log) - self.log_scroll
        lines: list[str] = []
        for entry in reversed(self.log[max(0, end - rows):end]):
            lines[:0] = wrap(entry, size, r.w - 14)
            if len(lines) >= rows:
                break
        y = r.y + 4
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-4, -4))
        for line in lines[-rows:]:
            surface.blit(text(line, size, INK), (r.x + 6, y))
            y += line_h
        surface.set_clip(clip)


def map_file(board):
    """The Tiled map file a board (an arena) was made from; None for a generated one."""
    from ..board.tiled import resolve_map_path

    spec = getattr(board, "source", {}) or {}
    return resolve_map_path(spec["map"]) if spec.get("map") else None


def open_table(app, table_class, game, path, **more) -> Table:
    """Put `game` on a new `table_class` (its map file `path`, and `more` of its own arguments) with the
    player's settings (the hand-off, the animation speed), autosaving after every answer; the results
    screen follows the end. Replaces every scene but the title screen."""
    from .. import saves

    st = app.settings

    def leave(table):
        app.stack.remove(table)
        app.open("results", table.game)

    table = table_class(app, game, path, handoff=st.handoff, anim_speed=st.animation_speed, on_exit=leave,
                        autosave=lambda g: saves.write_game(g), **more)
    while len(app.stack.scenes) > 1:
        app.stack.pop()
    app.push(table)
    kept = saves.keep_unfinished(game)  # (another game, unfinished, in the autosave: kept before it is replaced)
    if kept is not None:
        table.write(f"The unfinished game that was in progress is kept: Load it as “{kept.name}”.")
    table.save_now()
    return table


class _Told:
    """What a table's `take` feeds while its log is told again (`Table.retell`): the events'
    animations are left out; the log lines a table queues to write as an animation ends
    (`client.steps.Call`s) are written by `play`, in order."""

    busy = lively = False

    def __init__(self):
        self.queue: list = []

    def add(self, events) -> None:
        pass

    def play(self, view) -> None:
        from ..client.steps import Call

        queued, self.queue = self.queue, []
        for step in queued:
            if isinstance(step, Call):
                step.start(view)


class Script:
    """Answers a replay's decisions from a record, in order (a computer seat of the replay)."""

    thinks = False
    level = "replay"

    def __init__(self, decisions):
        self.decisions = list(decisions)
        self.next = 0

    def choose(self, game):
        action = self.decisions[self.next]
        self.next += 1
        return action


played_through = plays_through  # (the old name)


class Replay:
    """A game played again on its ruleset's table from its record, every animation and log line as
    it happened; [ ] set the speed, Esc leaves. Put before the table in the bases; its `__init__`
    makes the game afresh from the record and calls `begin`. An unfinished game's record stops
    where it ends."""

    menu = False
    HINT = "Esc: leave the replay"
    replay_words = "Replay: the game as it was played ([ ] speed, Esc leaves)."

    def replay_record(self, app, source, set_out, map_path, seats, what: str = "arena") -> None:
        """`begin` on the game of `source` (a finished game, or a saved game's record) made afresh:
        `set_out(setup, source)` makes it from the record's setup (`RecordError` naming `what` when it
        can not be set out again), `map_path(game)` is its map file and `seats(game)` its seats."""
        from ..core import registry
        from ..core.errors import RecordError, SetupError

        if hasattr(source, "history"):
            setup, decisions = source.setup, list(source.history)
        else:
            _, setup, decisions = registry.read(source)
        try:
            fresh = set_out(setup, source)
        except (SetupError, ValueError, OSError) as e:
            raise RecordError(f"its {what} can not be set out again: {e}") from None
        self.begin(app, fresh, map_path(fresh), seats(fresh), decisions)

    def begin(self, app, fresh, path, seats, decisions) -> None:
        """Set the table up on `fresh` (the game made again from the record's setup), every seat
        answered from `decisions`. A record whose decisions do not all play (a hand-edited save, one
        of an older version of the rules) raises `RecordError` naming the first that does not, before
        anything is on screen, as Celebrity's replay viewer does: the Load screen says so."""
        played_through(fresh, decisions)
        self.script = Script(decisions)
        super().__init__(app, fresh, path, handoff=False, auto_players={p: self.script for p in seats},
                         anim_speed=getattr(getattr(app, "settings", None), "animation_speed", 1.0), auto_delay=0.4,
                         on_exit=lambda table: app.stack.remove(table))

    @property
    def at_end(self) -> bool:
        """The record is played out."""
        return self.script.next >= len(self.script.decisions)

    def update(self, dt: float) -> None:
        if self.stage == "auto" and self.at_end and not self.animator.busy:
            self.stage = "over"
            self.make_buttons()
            return
        super().update(dt)

    def key(self, key, mod) -> None:
        if key == pygame.K_ESCAPE:
            self.leave()
            return
        super().key(key, mod)

    def prompt_words(self) -> str:
        if self.stage == "over":
            return "The replay is over." if self.front.over else "The replay has reached the end of the record."
        return self.replay_words

    def draw_game_over(self, surface) -> None:
        if self.front.over:
            super().draw_game_over(surface)
