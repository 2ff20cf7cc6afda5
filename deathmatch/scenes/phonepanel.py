"""The big screen's word about the phones (issue 30): the phones panel, the Phones button, the line that says
the server listens, and taking a seat back from its phone to the screen.

A table with phone seats (`Table.phones`, a `scenes/phones.PhoneLink`) has one `PhonePanel`
(`Table.phone_panel`). It

- opens by itself when the game starts and a phone seat has not joined yet (and closes by itself once every
  phone seat is connected, if nobody opened it by hand); P or the top bar's "Phones" button opens and closes
  it. For each phone seat: its name in its colour, its QR code (its own link, secret in it: the panel says
  "scan your own seat's code"), the short address under it to type, whether its phone is connected, and
  the buttons "New code" (a lost or shared phone: the old link stops, the phones on it are shut out) and
  "Play at the screen" / "Back to the phone";
- takes a seat back to the screen (`take_back`): the seat leaves the link's seats, so its decisions come to
  the screen with the usual hand-off — a decision of that seat waiting on its phone is taken up again at
  once, behind the hand-off — and the phone is told it is played at the screen now (its hand no longer
  shown there). `give_back` returns it to its phone, its decision too. The game never stops for either;
- says on the board "Phones: listening on the local network at 192.168.1.20:8765" while a phone seat has
  not joined (the panel and the top bar's "Phones 3/3" say it once all have), or why the server could not
  start, or, when a phone seat's decision waits and its phone is not connected, "Ann's phone is not
  connected — press P for its code, or play it at the screen".

Nothing here reads a game: only the table's seats, its decision's seat and the phones' host. The panel asks
for a frame only when what it shows changed (`wants_frame`: a phone came or went, a button was pressed);
"last seen 40 s ago" follows the idle loop's frame every two seconds.
"""

from __future__ import annotations

import math
import time

import pygame

from ..client import qr
from ..client.ui import DIM, GOLD, GREEN, INK, RED, Button, draw_label, panel

KEY = pygame.K_p
TITLE = "Phones — scan your own seat's code"
FILL = (20, 14, 20, 255)
CARD_FILL = (40, 30, 36, 240)
CARD_MIN_W = 220
"""A seat's card is at least this wide (before the screen's scale): its address and its two buttons."""
MIN_MODULE = 3
"""The smallest module (pixels) a code is drawn at; a layout whose codes would be smaller takes pages."""
GOOD_MODULE = 4
"""A layout with codes at least this crisp is preferred to one with fewer pages."""
LOOK_EVERY = 0.2
"""Seconds between two looks at the phones' connections while the screen idles (`wants_frame`)."""
MAX_MODULE = 7
"""The largest module (before the screen's scale): a bigger code reads no better."""


def words_ago(seconds: float) -> str:
    s = max(0, int(seconds))
    if s < 5:
        return "just now"
    if s < 90:
        return f"{s} s"
    if s < 90 * 60:
        return f"{round(s / 60)} min"
    return f"{round(s / 3600)} h"


def rgb(css: str, fallback=INK) -> tuple[int, int, int]:
    """#rrggbb as a colour (the seat's colour as its phone shows it)."""
    try:
        return int(css[1:3], 16), int(css[3:5], 16), int(css[5:7], 16)
    except (TypeError, ValueError, IndexError):
        return fallback


class PhonePanel:
    """The phones panel of one table (see the module's words)."""

    def __init__(self, table):
        self.table = table
        self.host = table.phones.host
        self.seats: list[str] = list(table.phones.seats)
        """Every phone seat of this game, in seat order (played on its phone or taken back to the screen)."""
        self.at_screen: list[str] = []
        """The phone seats taken back: played at the screen (with the hand-off) until given back."""
        self.new_code: dict[str, bool] = {}
        """Seats given a new code whose phone has not joined on it yet → whether the phones on the old link
        have been seen gone (until then a connection counted is an old one still closing)."""
        self.open = False
        self.auto = False
        """The panel opened by itself (seats to join): it closes by itself once they all have."""
        self.page = 0
        self.pages = 1
        self.rect: pygame.Rect | None = None
        self.buttons: list[Button] = []
        """The panel's buttons as last drawn (Close, the pages', each card's)."""
        self.toggle: Button | None = None
        """The top bar's "Phones" button as last drawn."""
        self.qr_rects: dict[str, pygame.Rect] = {}
        """Where each seat's code was last drawn (its quiet zone included) …"""
        self.qr_modules = 0
        """… and how many modules wide each is (the tests read the code back off the screen)."""
        self.drawn = None
        """What the panel and its words showed at the last frame (`signature`)."""
        self.looked = 0.0
        self.wanted = True
        self.layer: pygame.Surface | None = None
        """The open panel as last drawn (`draw_open`) …"""
        self.look = None
        """… and what it showed then."""
        for seat in [s for s in getattr(self.host, "at_screen", ()) if s in self.seats]:
            self.take_back(seat, again=True)  # (taken back in the last game of the host's, or before a Continue)
        if any(not self.host.connected(s) for s in self.seats if self.on_phone(s)):
            self.open = self.auto = True

    # --- the seats' states ------------------------------------------------------------------------------
    @property
    def link(self):
        return self.table.phones

    def on_phone(self, seat: str) -> bool:
        return seat in self.link.seats

    def connected(self, seat: str) -> bool:
        on = self.host.connected(seat)
        if seat in self.new_code:
            if not on:
                self.new_code[seat] = True  # the old link's phones are gone
            elif self.new_code[seat]:
                del self.new_code[seat]  # a phone joined on the new code
        return on

    def state(self, seat: str) -> tuple[str, tuple[int, int, int]]:
        """What the seat's card says of its phone, and in which colour."""
        if seat in self.at_screen:
            return "Played at the screen", GOLD
        if not self.host.listening:
            return "Its phone can not join: play it at the screen", RED
        on = self.connected(seat)
        if seat in self.new_code:
            return "New code: scan it (the old link no longer works)", GOLD
        if on:
            n = self.host.connections(seat)
            if n > 1:  # two pages on one seat's link: its hidden hand shows on both (a shared link?)
                return f"Open on {n} phones — not all yours? New code", GOLD
            return "Connected", GREEN
        seen = self.host.last_seen(seat)
        if not seen:
            return "Not joined yet", INK
        ago = words_ago(time.monotonic() - seen)
        return f"Lost — last seen {ago}" + ("" if ago == "just now" else " ago"), RED

    def waiting_unconnected(self) -> str | None:
        """The phone seat whose decision waits while its phone is not connected, None if none."""
        t = self.table
        d = t.decision
        if d is None or t.stage != "auto" or not t.on_phone(d) or self.connected(d.player):
            return None
        return d.player

    def signature(self):
        size = self.table.board_rect.size if getattr(self.table, "board_rect", None) is not None else None
        return (self.open, self.page, tuple(self.connected(s) for s in self.seats),
                tuple(self.host.connections(s) for s in self.seats), tuple(self.at_screen),
                tuple(sorted(self.new_code)), self.waiting_unconnected(), self.host.listening, self.host.problem,
                tuple(self.host.secret(s) for s in self.seats), size)

    def wants_frame(self) -> bool:
        """Whether what the panel shows changed since it was last drawn (a phone came or went …): asked by
        the idle loop 60 times a second, so looked at only every `LOOK_EVERY` seconds (a phone joining shows
        a fifth of a second later at most; the idle loop's CPU stays as it was)."""
        now = time.monotonic()
        if now - self.looked >= LOOK_EVERY:
            self.looked = now
            self.wanted = self.signature() != self.drawn
        return self.wanted

    def update(self) -> None:
        if self.auto and self.open and all(self.connected(s) for s in self.seats if self.on_phone(s)):
            self.open = self.auto = False  # everyone has joined: the codes go away

    # --- what the buttons do ----------------------------------------------------------------------------
    def set_open(self, open_: bool) -> None:
        self.open = open_
        self.auto = False

    def reissue(self, seat: str) -> None:
        """A new code for `seat` (a lost or shared phone): the old link stops, its phones are shut out."""
        self.host.reissue(seat)
        kept = getattr(getattr(self.table, "app", None), "phones_reissued", None)
        if kept is not None:  # the code kept for Continue follows: a crash must not bring the old link back
            kept()
        self.new_code[seat] = False
        self.table.write(f"{seat} has a new phone code: the old one no longer works.")
        self.link.changed()

    def take_back(self, seat: str, *, again: bool = False) -> None:
        """Play `seat` at the screen from now on: its decisions come to the screen with the usual hand-off;
        one waiting on its phone now is taken up again at once. Its phone is told, and shows its hand no
        more. The host keeps it so (`PhoneHost.at_screen`, and the user folder's `phones.json` through the
        app) until it is given back: the next game of a night and a Continue play it at the screen too
        (`again`: this table opening with it so)."""
        t, link = self.table, self.link
        if seat not in link.seats:
            return
        link.seats.remove(seat)
        self.at_screen.append(seat)
        self.keep()
        self.host.publish(seat, self.away_message(seat))
        t.write(f"{seat}'s seat is played at the screen" + (" (as it was before; P, then “Back to the phone”, "
                                                              "gives it back)." if again else " now."))
        d = t.decision
        if d is not None and d.player == seat and t.stage == "auto":
            # Its decision waited on the phone: taken up again next frame, at the screen (the hand-off first
            # where the game hides anything); the codes make way for it.
            t.decision = None
            t.stage = "idle"
            t.buttons = []
            t.candidates = {}
            t.turn_banner = None
            self.set_open(False)
        link.changed()

    def give_back(self, seat: str) -> None:
        """Play `seat` on its phone again; a decision of its waiting at the screen goes to its phone."""
        t, link = self.table, self.link
        if seat not in self.at_screen:
            return
        self.at_screen.remove(seat)
        self.keep()
        link.seats[:] = [s for s in self.seats if s in link.seats or s == seat]
        t.write(f"{seat}'s seat is played on the phone again.")
        hidden = t.hides_anything()
        if t.pass_to == seat:
            t.pass_to = None
        d = t.decision
        if d is not None and d.player == seat and t.stage != "over":
            t.decision = None  # taken up again next frame: asked of the phone
            t.stage = "idle"
            t.buttons = []
            t.candidates = {}
        if hidden and t.viewer == seat:
            t.viewer = None  # the screen shows nobody's own things now
        link.changed()

    def keep(self) -> None:
        """The host (and through the app, `phones.json`) holds which seats are played at the screen now."""
        host = self.host
        host.at_screen = [s for s in getattr(host, "at_screen", ()) if s not in self.seats] + list(self.at_screen)
        keep = getattr(getattr(self.table, "app", None), "keep_phones_seats", None)
        if keep is not None:
            keep()

    def away_message(self, seat: str) -> dict:
        """What a seat's phone shows once its seat is played at the screen: nothing of its own."""
        msg = self.link.message(seat)
        msg.update(status="Your seat is played at the screen now.", hand=[], orders=[], decision=None, log=[],
                   sub="Your turns come to the big screen, with a hand-off, until the seat is given back to this "
                       "phone: on the big screen, Phones (P), then “Back to the phone”.",
                   recap={"heading": "", "lines": []})
        return msg

    def button(self, what: str, seat: str) -> Button | None:
        """The card button `what` ("new", "screen", "phone") of `seat` as last drawn (None if not shown)."""
        return next((b for b in self.buttons if b.tag == (what, seat)), None)

    # --- keys and clicks --------------------------------------------------------------------------------
    def key(self, key: int) -> bool:
        """P opens and closes the panel (unless a button of the table's own has P: Gladiator!'s Pass);
        Esc closes it; ← → page. Whether the key was the panel's."""
        t = self.table
        if key == KEY and not any(b.key == KEY and b.enabled for b in t.buttons):
            self.set_open(not self.open)
            return True
        if not self.open:
            return False
        if key == pygame.K_ESCAPE:
            self.set_open(False)
            return True
        if key in (pygame.K_RIGHT, pygame.K_PAGEDOWN) and self.pages > 1:
            self.page = (self.page + 1) % self.pages
            return True
        if key in (pygame.K_LEFT, pygame.K_PAGEUP) and self.pages > 1:
            self.page = (self.page - 1) % self.pages
            return True
        return False

    def click(self, pos) -> bool:
        """A click on the Phones button or on the open panel (its buttons act; elsewhere on it, nothing):
        whether it was the panel's."""
        if self.toggle is not None and self.toggle.hit(pos):
            self.set_open(not self.open)
            return True
        if not self.open or self.rect is None or not self.rect.collidepoint(pos):
            return False
        for b in self.buttons:
            if b.hit(pos):
                b.action()
                break
        return True

    def covers(self, pos) -> bool:
        """Whether `pos` is on the Phones button or the open panel (a press there is the panel's)."""
        return (self.toggle is not None and self.toggle.rect.collidepoint(pos)) or \
            (self.open and self.rect is not None and self.rect.collidepoint(pos))

    def wheel(self, pos, dy: int) -> bool:
        if not self.open or self.rect is None or not self.rect.collidepoint(pos):
            return False
        if self.pages > 1 and dy:
            self.page = max(0, min(self.pages - 1, self.page - (1 if dy > 0 else -1)))
        return True

    # --- drawing ----------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        """The Phones button on the top bar, the line about the phones on the board, the panel if open."""
        owner = getattr(surface, "owner", None)
        if owner is not None:  # (a recording surface: the panel is an overlay of its own over the table)
            surface.owner = "PhonePanel"
        signature = self.signature()
        try:
            self.draw_toggle(surface)
            if self.open:
                self.draw_open(surface, owner is not None, signature)
            else:
                self.buttons = []
                self.rect = None
                self.look = None
                self.draw_line(surface)
        finally:
            if owner is not None:
                surface.owner = owner
        self.drawn = signature
        self.wanted = False

    def draw_open(self, surface, recording: bool, signature) -> None:
        """The open panel, drawn once into a layer kept while what it shows stays the same (the seats' states,
        the button under the mouse, the window): each idle frame then costs one blit, not the codes, the
        cards and their words again. A recording surface (the layout tests) is drawn on directly."""
        if recording:
            self.draw_panel(surface)
            return
        mouse = pygame.mouse.get_pos()
        look = (signature, tuple(self.state(x)[0] for x in self.seats), surface.get_size(),
                next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(mouse)), None))
        if self.layer is None or self.layer.get_size() != surface.get_size() or look != self.look or self.rect is None:
            if self.layer is None or self.layer.get_size() != surface.get_size():
                self.layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self.layer.fill((0, 0, 0, 0))
            self.draw_panel(self.layer)
            if pygame.display.get_surface() is not None:
                self.layer = self.layer.convert_alpha()  # (the screen's pixel format: a faster blit)
            self.look = (look[0], look[1], look[2],
                         next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(mouse)), None))
        surface.blit(self.layer, self.rect.topleft, self.rect)

    def draw_toggle(self, surface) -> None:
        t = self.table
        s = t.s
        on = [x for x in self.seats if self.on_phone(x)]
        label = f"Phones {sum(self.connected(x) for x in on)}/{len(on)}" if on else "Phones"
        w = surface.get_width()
        r = t.menu_button.rect
        rect = pygame.Rect(0, r.y, int(92 * s), r.h)
        rect.right = w - int(8 * s)
        self.toggle = Button(label, rect, lambda: None, True, KEY, "The phones: their codes, who is connected (P)",
                             selected=self.open)
        self.toggle.draw(surface, int(17 * s), rect.collidepoint(pygame.mouse.get_pos()))
        if self.waiting_unconnected() is not None or self.host.problem:
            pygame.draw.circle(surface, RED, (rect.right - int(6 * s), rect.y + int(6 * s)), max(3, int(5 * s)))

    def listening_words(self) -> tuple[str, tuple[int, int, int]]:
        """The line saying where the phones' server listens (or why it does not)."""
        h = self.host
        if h.problem:
            return f"{h.problem}. Phone seats can be played at the screen (P: Play at the screen).", RED
        if not h.listening:
            return "Phones: the server is not running. Phone seats can be played at the screen (P).", RED
        if h.bind != "127.0.0.1" and (h.address or "").startswith("127."):
            return (f"Phones: no network found — only this computer reaches {h.host_words()}. "
                    "Phone seats can be played at the screen (P)."), RED
        return f"Phones: listening on the local network at {h.host_words()}", DIM

    def draw_line(self, surface) -> None:
        """One line over the top of the board: a phone that is not there while its decision waits, else
        where the server listens."""
        t = self.table
        s = t.s
        who = self.waiting_unconnected()
        if who is not None:
            words, colour = f"{who}'s phone is not connected — press P for its code, or play it at the screen", GOLD
        else:
            words, colour = self.listening_words()
            if colour == DIM and all(self.connected(x) for x in self.seats if self.on_phone(x)):
                return  # every phone is here: the top bar's "Phones 3/3" says it, and the board's top row stays clear
        board = t.board_rect
        size = int(15 * s) if colour == DIM else int(17 * s)
        from ..client.ui import fit_line, font

        fitted, size = fit_line(words, size, board.w - int(40 * s), min_size=10)
        tw = font(size).size(fitted)[0]
        box = pygame.Rect(0, 0, tw + int(20 * s), int(size * 1.5))
        box.midtop = (board.centerx, board.y + int(4 * s))
        panel(surface, box, (16, 12, 18, 215), RED if colour != DIM else (70, 56, 50), 6)
        draw_label(surface, words, box.inflate(-int(10 * s), 0), size, colour, align="center", min_size=10)

    def layout(self, area: pygame.Rect, n: int, modules: int, extra: int):
        """(columns, rows, module px) of the seats' cards in `area`: codes at least GOOD_MODULE px a module
        where that can be, then the fewest pages, then the biggest codes."""
        s = self.table.s
        gap = int(10 * s)
        pad = int(10 * s)
        cap = max(MIN_MODULE, int(MAX_MODULE * s))
        best = None
        for cols in range(1, n + 1):
            cw = (area.w - (cols + 1) * gap) // cols
            if cw < int(CARD_MIN_W * s) and cols > 1:
                break
            for rows in range(1, n + 1):
                if cols * rows > n and rows > 1 and cols * (rows - 1) >= n:
                    break
                ch = (area.h - (rows + 1) * gap) // rows
                module = min(cap, (cw - 2 * pad) // modules, (ch - extra) // modules)
                if module < MIN_MODULE and (cols, rows) != (1, 1):
                    continue
                pages = math.ceil(n / (cols * rows))
                score = (module >= GOOD_MODULE, -pages, module, -cols * rows)
                if best is None or score > best[0]:
                    best = (score, cols, rows, max(1, module))
        return best[1], best[2], best[3]

    def draw_panel(self, surface) -> None:
        t = self.table
        s = t.s
        w, h = surface.get_size()
        inset = int(6 * s)
        rect = pygame.Rect(inset, t.top_h + inset, w - 2 * inset, h - t.top_h - t.bar_h - 2 * inset)
        self.rect = rect
        panel(surface, rect, FILL, GOLD, 10)
        mouse = pygame.mouse.get_pos()
        buttons: list[Button] = []
        # the head: what this is, and where the server listens
        close = Button("Close (P)", pygame.Rect(0, rect.y + int(8 * s), int(110 * s), int(32 * s)),
                       lambda: self.set_open(False))
        close.rect.right = rect.right - int(10 * s)
        buttons.append(close)
        head = pygame.Rect(rect.x + int(14 * s), rect.y + int(6 * s), close.rect.x - rect.x - int(24 * s), int(30 * s))
        draw_label(surface, TITLE if self.host.listening else "Phones — no phone can join now", head, int(26 * s), GOLD,
                   True, min_size=12)
        words, colour = self.listening_words()
        line = pygame.Rect(head.x, head.bottom + int(2 * s), rect.right - head.x - int(14 * s), int(22 * s))
        draw_label(surface, words, line, int(17 * s), INK if colour == DIM else colour, min_size=10)
        # the cards
        urls = {x: self.host.url(x) for x in self.seats}
        modules = max((qr.size_in_modules(u) for u in urls.values()), default=41)
        self.qr_modules = modules
        name_h, addr_h, host_h, state_h, btn_h = int(28 * s), int(26 * s), int(20 * s), int(22 * s), int(30 * s)
        extra = name_h + host_h + addr_h + state_h + btn_h + int(26 * s)
        foot_h = int(36 * s)
        area = pygame.Rect(rect.x, line.bottom + int(4 * s), rect.w, rect.bottom - line.bottom - int(4 * s))
        n = len(self.seats)
        cols, rows, module = self.layout(area.inflate(0, -foot_h), n, modules, extra)
        per = cols * rows
        self.pages = max(1, math.ceil(n / per))
        self.page = min(self.page, self.pages - 1)
        if self.pages > 1:
            area.h -= foot_h
        gap = int(10 * s)
        cw = min((area.w - (cols + 1) * gap) // cols,
                 max(int(CARD_MIN_W * s), modules * module + int(80 * s)))  # (a few seats: cards no wider than needed)
        ch = min((area.h - (rows + 1) * gap) // rows, extra + modules * module + int(10 * s))
        shown = self.seats[self.page * per:(self.page + 1) * per]
        used_rows = math.ceil(len(shown) / cols)
        top = area.y + max(0, (area.h - used_rows * ch - (used_rows + 1) * gap) // 2) + gap
        self.qr_rects = {}
        for i, seat in enumerate(shown):
            c, r = i % cols, i // cols
            in_row = min(cols, len(shown) - r * cols)
            left = area.x + (area.w - in_row * cw - (in_row - 1) * gap) // 2
            card = pygame.Rect(left + c * (cw + gap), top + r * (ch + gap), cw, ch)
            self.draw_card(surface, card, seat, urls[seat], modules, module,
                           (name_h, host_h, addr_h, state_h, btn_h), buttons)
        if self.pages > 1:
            fy = rect.bottom - foot_h + int(2 * s)
            words = f"Page {self.page + 1} of {self.pages}"
            mid = pygame.Rect(0, fy, int(220 * s), int(30 * s))
            mid.centerx = rect.centerx
            draw_label(surface, words, mid, int(17 * s), INK, align="center", min_size=10)
            prev = Button("‹ Back", pygame.Rect(mid.x - int(110 * s), fy, int(100 * s), int(30 * s)),
                          lambda: setattr(self, "page", (self.page - 1) % self.pages))
            nxt = Button("Next ›", pygame.Rect(mid.right + int(10 * s), fy, int(100 * s), int(30 * s)),
                         lambda: setattr(self, "page", (self.page + 1) % self.pages))
            buttons += [prev, nxt]
        for b in buttons:
            b.draw(surface, int(17 * s), b.rect.collidepoint(mouse))
        self.buttons = buttons

    def draw_card(self, surface, card, seat, url, modules, module, heights, buttons) -> None:
        t = self.table
        s = t.s
        name_h, host_h, addr_h, state_h, btn_h = heights
        panel(surface, card, CARD_FILL, rgb(t.phone_colour(seat), GOLD), 8)
        inner = card.inflate(-int(16 * s), 0)
        y = card.y + int(6 * s)
        draw_label(surface, seat, pygame.Rect(inner.x, y, inner.w, name_h), int(24 * s),
                   rgb(t.phone_colour(seat)), True, align="center", min_size=12)
        y += name_h + int(2 * s)
        side = modules * module
        box = pygame.Rect(0, y, side, side)
        box.centerx = card.centerx
        if seat in self.at_screen or not self.host.listening:
            panel(surface, box, (30, 24, 28, 255), (70, 56, 50), 4)
            words = "No code: played here" if self.host.listening else "No code: phones can not join"
            draw_label(surface, words, box.inflate(-int(8 * s), 0), int(17 * s), DIM, align="center", min_size=10)
        else:
            surface.blit(qr.picture(url, module), box)
            self.qr_rects[seat] = box
        y = box.bottom + int(4 * s)
        if self.host.listening:  # (no address to type while nothing listens at it)
            start, _, secret = url.rpartition("/p/")
            draw_label(surface, start, pygame.Rect(inner.x, y, inner.w, host_h), int(17 * s), INK, align="center",
                       min_size=10)
            draw_label(surface, f"/p/{secret}", pygame.Rect(inner.x, y + host_h, inner.w, addr_h), int(21 * s), INK,
                       True, align="center", min_size=10)
        y += host_h + addr_h
        words, colour = self.state(seat)
        draw_label(surface, words, pygame.Rect(inner.x, y, inner.w, state_h), int(17 * s), colour, align="center",
                   min_size=10, ellipsize=True)
        y += state_h + int(4 * s)
        half = (inner.w - int(8 * s)) // 2
        renew = Button("New code", pygame.Rect(inner.x, y, int(half * 0.8), btn_h), lambda x=seat: self.reissue(x),
                       True, None, "A lost or shared phone: a new code; the old link stops working", tag=("new", seat))
        if seat in self.at_screen:
            move = Button("Back to the phone", pygame.Rect(renew.rect.right + int(8 * s), y,
                                                          inner.right - renew.rect.right - int(8 * s), btn_h),
                          lambda x=seat: self.give_back(x), tag=("phone", seat))
        else:
            move = Button("Play at the screen", pygame.Rect(renew.rect.right + int(8 * s), y,
                                                           inner.right - renew.rect.right - int(8 * s), btn_h),
                          lambda x=seat: self.take_back(x), tag=("screen", seat))
        buttons += [renew, move]


def panel_of(table) -> PhonePanel | None:
    return getattr(table, "phone_panel", None)
