"""A table's phones: the seats played from phones (`deathmatch.phones.PhoneHost`), for every game alike.

The table stays the only authority. On its own thread it

- publishes to each phone seat what that seat may see, made from **its own view only**
  (`front.view(seat)`, `front.legal(seat)`, `front.told(events, seat)`): the game's name, where the game is,
  whose turn it is, the seat's private hand (`Table.phone_hand`), its standing orders (`phone_orders`), its
  pending decision with the same answers the table would offer (`phone_choice` words each one, `phone_cell`
  puts it on the board's picture), "since your last turn" and its log (`scenes/recap.py`, told to that seat);
- takes the phones' answers (already checked for size, rate and shape by the host) and applies them through
  `front.apply(seat, …)` — an answer to a decision that is not the seat's, or no longer pending, is refused
  with words sent back to that phone, and changes nothing;
- sends the phones the board as the big screen shows everyone (a picture of the public board), when the
  screen shows no seat's own view.

A message never holds the seed, the dice or another seat's view: the leak check of
tests/phones/ reads every message each phone received against what that seat may know.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from . import recap

LOG_LINES = 40
"""The lines of its log a phone is sent (the newest)."""
PICTURE_WIDTH = 720
"""The board's picture is at most this wide (a phone's screen, twice its CSS pixels)."""
PAUSED = ("Your turn · paused at the computer",
          "The big screen has a menu open; your choices come back when it closes.")
"""A phone's status and the line under it while its decision waits for a scene over the table (the game menu,
the help, Save as…)."""


class PhoneLink:
    """The phones of one table (see the module's words)."""

    def __init__(self, table, host):
        self.table = table
        self.host = host
        self.seats = [s for s in host.seats if s in table.front.seats()]
        self.picture = getattr(host, "pictures_made", 0)
        """The number of the last board picture made (on from the last table's on this host) …"""
        self.ready = 0
        """… and of the last one the server has (0: none yet): the one the phones are told of."""
        self.picture_wanted = True
        self.decision_id: int | None = None
        self._offer: tuple | None = None
        """(the answers so far, the table's options, the step) of the last offer published (`offer_id`)."""
        self.dirty = True
        self.held_sent = False
        """Whether the phones were last told the table holds (a scene over it: `hold`)."""

    # --- the screen's loop ---------------------------------------------------------------------------
    def update(self) -> None:
        """Take the phones' messages; publish again what changed."""
        if self.held_sent:  # the table is on top again: the phone whose decision it is gets its choices back
            self.dirty = True
        for seat, msg in self.host.take():
            if seat in self.seats:
                self.handle(seat, msg)
        if self.dirty:
            self.publish_all()

    def changed(self) -> None:
        """The game or the table moved on: every phone is sent its seat's state again (next update)."""
        self.dirty = True
        self.picture_wanted = True

    def handle(self, seat: str, msg: dict) -> None:
        t = self.table
        kind = msg.get("t")
        if kind == "answer":
            d = t.decision
            if msg["d"] < t.front.answers:  # a decision answered before (a replay, a late second tap)
                self.host.tell(seat, refusal("stale", "That decision was already answered."))
                return
            if d is None or d.player != seat or t.stage != "auto" or not t.on_phone(d):
                self.host.tell(seat, refusal("not_yours", "It is not your decision now."))
                return
            if msg["d"] != self.decision_id:  # an earlier step of this decision (a second tap on the list)
                self.host.tell(seat, refusal("stale", "That choice was already answered."))
                return
            options = t.options
            if not 0 <= msg["c"] < len(options):
                self.host.tell(seat, refusal("bad_choice", "There is no such choice."))
                return
            t.answer(options[msg["c"]])
            self.publish_all()  # at once: the phone sees its answer taken (the next decision follows)
        elif kind == "order":
            try:
                action = t.phone_set_order(seat, msg["o"], msg["v"])
            except (KeyError, ValueError, TypeError, AttributeError):  # a phone's words the game does not know
                action = None
            if action is None:
                self.host.tell(seat, refusal("bad_order", "There is no such standing order."))
                return
            try:
                t.apply_side_answer(seat, action)
            except ValueError as e:  # IllegalAction: refused, nothing changed (its words, not its code)
                words = str(getattr(e, "message", "") or e)
                self.host.tell(seat, refusal("refused", words[:1].upper() + words[1:] + ("" if words.endswith(".") else ".")))
                return
            self.publish_all()
        elif kind == "recap":
            recap.tracker(t).shown[seat] = t.front.answers
            self.dirty = True  # (its state again, without the recap: a reload does not show it twice)

    # --- what each phone is sent ---------------------------------------------------------------------
    def held(self) -> bool:
        """Whether the table holds: another scene is over it (the game menu, the help, Save as…, a hand-off),
        and the stack runs only the top scene's time, so no phone's answer is taken until it is closed."""
        return self.table.app.stack.top is not self.table

    def hold(self) -> None:
        """A scene was put over the table: the phones are told now (the table's `update`, which publishes,
        waits until it is on top again). A phone whose decision it is sees its choices taken back and
        "paused at the computer"; an answer it had already sent waits, and is taken after."""
        self.publish_all()

    def publish_all(self) -> None:
        self.dirty = False
        self.held_sent = self.held()
        d = self.table.decision
        self.decision_id = self.offer_id() if d is not None else None
        messages = [(seat, self.message(seat)) for seat in self.seats]
        with self.host.batch():  # (made first, then sent together: one wake-up of the network thread)
            for seat, message in messages:
                self.host.publish(seat, message)

    STEP = 1 << 20
    """A further offer's id is the answers so far plus a multiple of this (no game has this many answers)."""

    def offer_id(self) -> int:
        """The id of the answers the table offers now: the game's count of answers (`front.answers`), or,
        when the table offers another set of answers for the same decision (a step of the phone's own, as
        Celebrity's facing after a move), that count plus `STEP` times the step: a new id, so that a page
        takes it as a new choice and an answer to the set before is refused as stale."""
        t = self.table
        answers = t.front.answers
        offered = tuple(t.options)
        if self._offer is None or self._offer[0] != answers:
            self._offer = (answers, offered, 0)
        elif self._offer[1] != offered:  # (the same answers set out again are the same offer: its id stays)
            self._offer = (answers, offered, self._offer[2] % 1000 + 1)
        return answers + self.STEP * self._offer[2]

    def message(self, seat: str) -> dict[str, Any]:
        """Everything `seat`'s phone shows now, from `seat`'s own view (plain JSON data)."""
        t = self.table
        f = t.front
        d = t.decision
        waits = d is not None and d.player == seat and t.stage == "auto" and t.on_phone(d)
        paused = waits and self.held()  # its decision, but a scene over the table holds the game
        mine = waits and not paused
        tracker = recap.tracker(t)
        now = f.answers
        msg: dict[str, Any] = {
            "t": "state",
            "game": t.phone_game_name(),
            "seat": seat,
            "colour": t.phone_colour(seat),
            "when": t.phone_when(),
            "turn": f.turn,
            "status": PAUSED[0] if paused else t.phone_status(seat, mine),
            "hand": t.phone_hand(seat),
            "orders": t.phone_orders(seat),
            "recap": {"heading": recap.heading(t, seat),
                      "lines": tracker.lines(t, seat, seat)[-LOG_LINES:] if tracker.shown.get(seat) != now else []},
            "log": tracker.lines(t, seat, seat, start=0)[-LOG_LINES:],
            "decision": None,
            "over": t.phone_over(seat) if f.over else None,
            "picture": self.ready or None,
        }
        if paused:
            msg["sub"] = PAUSED[1]
        after = getattr(t, "phone_after", "")
        if msg["over"] is not None and after:
            msg["over"] = {**msg["over"], "next": after}  # (a night's game: what comes after it, for the phone)
        if mine:
            choices = []
            said = set()
            for i, a in enumerate(t.options):
                c = dict(t.phone_choice(a, seat))
                at = self.where(t.phone_cell(a, seat))
                if at is not None:
                    c["at"] = at
                # Answers a player cannot tell apart (the same words at the same place: Skirmish's two
                # Musketeers (d4) placed on b6) are listed once; the first of them is the one taken.
                same = json.dumps(c, sort_keys=True, default=str)
                if same in said:
                    continue
                said.add(same)
                c["i"] = i
                choices.append(c)
            msg["decision"] = {"id": self.decision_id, "prompt": t.phone_prompt(seat), "choices": choices}
        return msg

    def where(self, cell) -> list[float] | None:
        """A board cell as a fraction of the board's picture (x, y from its top left), None off it."""
        t = self.table
        rect = getattr(t, "board_rect", None)
        if cell is None or rect is None or rect.w <= 0 or rect.h <= 0:
            return None
        try:
            x, y = t.phone_point(cell)
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        fx, fy = (x - rect.x) / rect.w, (y - rect.y) / rect.h
        return [round(fx, 4), round(fy, 4)] if 0 <= fx <= 1 and 0 <= fy <= 1 else None

    # --- the board's picture ---------------------------------------------------------------------------
    def snap(self, surface) -> None:
        """After the table drew a frame: if a picture is wanted and the screen shows only what everyone may
        see (nobody's own view of a game that hides something) and nothing moves, send the board's."""
        t = self.table
        if not self.picture_wanted or t.animator.lively or self.host.server is None:
            return
        if t.viewer is not None and t.hides_anything():
            return
        import pygame  # lazy: this module is imported by tables only

        rect = t.board_rect.clip(surface.get_rect())
        if rect.w <= 0 or rect.h <= 0:
            return
        shot = surface.subsurface(rect).copy()
        if rect.w > PICTURE_WIDTH:
            shot = pygame.transform.smoothscale(shot, (PICTURE_WIDTH, max(1, rect.h * PICTURE_WIDTH // rect.w)))
        self.picture_wanted = False
        self.picture += 1
        self.host.pictures_made = self.picture
        number, server = self.picture, self.host.server

        def encode():  # (on a worker thread: a PNG of a copy, then the phones are told of it)
            from ..phones import png  # (not pygame's PNG: it holds the interpreter while it encodes)

            server.picture(number, png.encode(shot.get_width(), shot.get_height(), pygame.image.tobytes(shot, "RGB")))
            self.ready = max(self.ready, number)
            self.dirty = True

        _painter().submit(encode)


def listen(host) -> bool:
    """Start `host`'s server if it is not listening yet, its page's icon the game's own; whether it listens."""
    if not host.listening:
        if not host.icon:
            from ..paths import assets_dir  # lazy: start-up

            try:
                host.icon = (assets_dir() / "icon" / "deathmatch.png").read_bytes()
            except OSError:
                pass
        host.start()
    return host.listening


class PhonePick:
    """A secret pick on a phone before a game (a night's cards picked in secret, or drafted in turn): `seat`'s
    phone is asked `count` times to pick one of `items` (each `{"id", "label", "hint", "lines"}`: public things,
    the pool everyone may see), its picks so far shown as its hand; the other phone seats are told whose pick it
    is, never what was picked. `update()` takes the phones' answers; `done` is the list of ids once all are
    picked. The screen shows only "Ann is picking on the phone"."""

    def __init__(self, host, seat: str, items: list[dict], count: int, prompt: str, heading: str = "Picked so far"):
        self.host, self.seat, self.items, self.count = host, seat, list(items), count
        self.prompt, self.heading = prompt, heading
        self.picked: list[str] = []
        self.number = 0
        self.done: list[str] | None = None
        listen(host)
        self.publish()

    def left(self) -> list[dict]:
        return [i for i in self.items if i["id"] not in self.picked]

    def cancel(self) -> None:
        """The pick is made at the screen after all (a lost phone): the phones are told, and nothing is asked."""
        if self.done is None:
            self.done = []
            self.cancelled = True
            self.publish()

    cancelled = False

    # --- the big screen while the phone picks ------------------------------------------------------------
    _drawn_connected = None
    _code = (None, None)
    """(url and module size, the QR code's picture) last drawn."""

    def wants_frame(self) -> bool:
        """A frame when the phone's answer waits or its phone came or went (the screen sleeps otherwise)."""
        return self.host.waiting() or self.host.connected(self.seat) != self._drawn_connected

    def draw(self, surface, s: float, buttons, words: str) -> None:
        """The screen while `seat` picks on its phone: `words`, and the seat's own code and address until its
        phone joins (before a night's first game nobody has scanned yet); `buttons` under them (a way to pick
        at the screen instead)."""
        import pygame  # lazy: this module is imported by screens only

        from ..client.ui import DIM, GOLD, INK, text

        w, h = surface.get_size()
        cy = h // 2
        self._drawn_connected = self.host.connected(self.seat)
        if not self._drawn_connected and self.host.listening:
            from ..client import qr  # lazy: start-up

            url = self.host.url(self.seat)
            module = max(2, int(min(h * 0.42, w * 0.4) // qr.size_in_modules(url)))
            if self._code[0] != (url, module):
                self._code = ((url, module), qr.picture(url, module))
            code = self._code[1]
            top = int(70 * s)
            head = text(f"{self.seat}: scan your own code to pick on your phone", int(26 * s), GOLD, True)
            surface.blit(head, head.get_rect(midtop=(w // 2, top)))
            box = code.get_rect(midtop=(w // 2, top + head.get_height() + int(14 * s)))
            surface.blit(code, box)
            where = text(url, max(16, int(20 * s)), INK)
            surface.blit(where, where.get_rect(midtop=(w // 2, box.bottom + int(8 * s))))
            cy = box.bottom + int(60 * s)
        else:
            line = text(words, int(34 * s), GOLD, True)
            surface.blit(line, line.get_rect(center=(w // 2, cy - int(20 * s))))
        note = text("Nothing of the pick shows here.", int(20 * s), DIM)
        surface.blit(note, note.get_rect(center=(w // 2, cy + int(22 * s))))
        mouse = pygame.mouse.get_pos()
        y = min(h - int(60 * s), cy + int(80 * s))
        for b in buttons:
            b.rect.center = (w // 2, y)
            y += b.rect.h + int(10 * s)
            b.draw(surface, int(20 * s), b.rect.collidepoint(mouse))

    def publish(self) -> None:
        self.number += 1
        for seat in self.host.seats:
            mine = seat == self.seat and self.done is None
            status = ("Your pick" if mine else "The pick is made at the big screen" if self.cancelled
                      else "Your picks are in: the game starts when everyone has picked"
                      if seat == self.seat else f"{self.seat} is picking")
            msg = {"t": "state", "game": "", "seat": seat, "colour": "", "when": "Before the game",
                   "turn": self.seat, "status": status,
                   "hand": [], "orders": [], "recap": {"heading": "", "lines": []}, "log": [], "decision": None,
                   "over": None, "picture": None}
            if seat == self.seat and self.picked:
                by_id = {i["id"]: i for i in self.items}
                msg["hand"] = [{"title": by_id[k]["label"], "lines": list(by_id[k].get("lines", ())), "tag": "picked"}
                               for k in self.picked]
            if mine:
                n = len(self.picked) + 1
                msg["decision"] = {"id": self.number, "prompt": f"{self.prompt} ({n} of {self.count})"
                                   if self.count > 1 else self.prompt,
                                   "choices": [{"i": k, "label": i["label"], "group": "", "hint": i.get("hint", "")}
                                               for k, i in enumerate(self.left())]}
            self.host.publish(seat, msg)

    def update(self) -> None:
        for seat, msg in self.host.take():
            if msg.get("t") != "answer":
                continue
            if seat != self.seat or self.done is not None:
                self.host.tell(seat, refusal("not_yours", "It is not your pick now."))
            elif msg["d"] != self.number:
                self.host.tell(seat, refusal("stale", "That choice was already answered."))
            elif not 0 <= msg["c"] < len(self.left()):
                self.host.tell(seat, refusal("bad_choice", "There is no such choice."))
            else:
                self.picked.append(self.left()[msg["c"]]["id"])
                if len(self.picked) >= self.count:
                    self.done = list(self.picked)
                self.publish()


_PAINTER = []


def _painter():
    """The one worker thread the board's pictures are made into PNGs on (made when first needed)."""
    if not _PAINTER:
        from concurrent.futures import ThreadPoolExecutor

        _PAINTER.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="phone-pictures"))
    return _PAINTER[0]


def refusal(code: str, text: str) -> dict:
    return {"t": "error", "code": code, "text": text}


def generic_cell(action):
    """Where an answer stands on the board when its game says nothing: its `to`, `at` or the end of its
    `path` (a cell of the board), else None."""
    if not dataclasses.is_dataclass(action):
        return None
    for name in ("to", "at"):
        v = getattr(action, name, None)
        if v is not None and not isinstance(v, (str, int, bool)):
            return v
    path = getattr(action, "path", None)
    if isinstance(path, tuple) and path:
        return path[-1]
    return None


class PhoneHooks:
    """What a game's table may say to its phones (the shared `Table` inherits these plain defaults; each
    game words its own from its view, its log's words and its facts)."""

    def phone_game_name(self) -> str:
        return self.front.ruleset.name

    def phone_colour(self, seat: str) -> str:
        """The seat's colour as CSS (#rrggbb)."""
        from ..client.art.palette import PLAYER_COLOURS  # lazy: start-up

        i = getattr(self, "index", {}).get(seat, 0)
        r, g, b = PLAYER_COLOURS[i % len(PLAYER_COLOURS)].rgb
        return f"#{r:02x}{g:02x}{b:02x}"

    def phone_when(self) -> str:
        """Where the game is ("Round 3"), from the public view."""
        n = self.front.when()
        router = getattr(self.app, "router", None)
        if n is None or router is None:
            return ""
        words = router.round_words(n, self.front.ruleset_id)
        return words[:1].upper() + words[1:]

    def phone_status(self, seat: str, mine: bool) -> str:
        f = self.front
        if f.over:
            return "The game is over."
        if mine:
            return "Your turn"
        return f"{f.turn}'s turn" if f.turn else ""

    def phone_hand(self, seat: str) -> list[dict]:
        """The seat's own things, each `{"title": …, "lines": [...]}` (its cards, its gizmos), from its view."""
        return []

    def phone_orders(self, seat: str) -> list[dict]:
        """The seat's standing orders, each `{"id", "label", "value", "values": [[value, words], …], "hint"}`."""
        return []

    def phone_set_order(self, seat: str, order: str, value: str):
        """The side answer setting `seat`'s standing order `order` to `value`, None if there is none such."""
        return None

    def phone_prompt(self, seat: str) -> str:
        """What the seat is asked (the table's words for the decision)."""
        return "Your move"

    def phone_choice(self, action, seat: str) -> dict:
        """One answer's words: `{"label": …, "group": …, "hint": …}` (group: answers of a kind together)."""
        name = type(action).__name__
        return {"label": name, "group": ""}

    def phone_cell(self, action, seat: str):
        """The board cell the answer stands for (marked on the board's picture), None for none."""
        return generic_cell(action)

    def phone_point(self, cell) -> tuple[float, float]:
        """The screen point of a board cell's centre (the board's picture is the screen's `board_rect`); a
        table whose board names it otherwise says so."""
        return self.board.centre(cell)

    def phone_over(self, seat: str) -> dict:
        """The end, for the seat: `{"head": …, "lines": [...]}`."""
        out = self.front.outcome
        return {"head": "The game is over", "lines": [str(getattr(out, "reason", "") or "")] if out else []}
