"""Since your last turn: what happened at the table since a seat last decided, told to that seat.

Every answer the table applies (a person's or a computer's, and a resumed game's record as its log is
told again) is noted here with the moment it leaves the game at (`front.answers`, the record's length)
and its lines in the game's own log words, once per viewer: the public lines (told to every seat, what
the hand-off may show before anybody sits down) and each person's seat's (`front.told(events, seat)`,
a line told to some seats only kept for them). A seat's mark is the moment after its last answer; its
recap is the lines of the answers after that mark.

- The hand-off (`scenes/handoff.py`) shows the public recap of the coming seat (`lines(table, seat,
  None)`): the same for whoever sits at the screen, so nothing of any seat's secrets. Enter passes over
  it; "Show on the board" (R) plays the steps again on the board, under that seat's view (`replay`).
- Where no hand-off shows (an open table, computer seats between a person's turns), a compact panel
  in the board's lower left corner says the same in the seat's own view when its turn starts
  (`offer`, drawn by `draw_panel`), in the board's corner that covers the fewest cells the seat may
  pick, then pieces of either side (the table's `piece_points()`), then map (its `map_rect()`: the
  empty margin beside the map when the panel fits there): its × closes it, its "Show on the board" replays, and it goes away by itself once the seat
  begins its turn (the table's stage or offered cells change) or answers.

Each game's table gives the words (`recap_lines(events, viewer)`: its log's, for the events told to
that viewer, worded short: an ability played by its name, not its rules text; at a table of more than
two, whose piece acts; no line past `LONGEST`) and, when its `sync` is not it, how its picture snaps to the game (`snap_picture()`).

A replay plays the game again from its record (`Front.retold`) up to the seat's mark, snaps the
picture to that moment under the seat's view, and queues the animations of every answer since on the
table's animator (nothing written in the log: it already holds those lines); the prompt says so
(`busy_words`: "Since your last turn: replaying — click or Space to skip"); a click or Space skips it,
and the picture ends snapped to the game as it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..client.ui import DIM, GOLD, INK, panel, shortened, text, wrap

PUBLIC = None
"""The viewer of the public lines (nobody seated: what any person at the screen may read)."""

KEEP = 800
"""Answers kept (a seat that has not decided for longer gets the last of them)."""

LONGEST = 120
"""The longest a recap line is (characters): a game's table words its recap lines short (an ability
played by its name only, not its rules text); a longer line is cut at a word, with "…"."""

REPLAYING = "Since your last turn: replaying — click or Space to skip"
"""The prompt while a replay plays on the board (instead of the animations' "click or Space to skip")."""


@dataclass
class Entry:
    """One answer: the moment it left the game at, who gave it, and its lines for each viewer."""

    at: int
    player: str | None
    lines: dict = field(default_factory=dict)


class Recap:
    """The answers noted at one table and each seat's mark (see the module)."""

    def __init__(self):
        self.entries: list[Entry] = []
        self.marks: dict[str, int] = {}
        """Seat → the moment (`front.answers`) after its last answer."""
        self.shown: dict[str, int] = {}
        """Seat → the moment its recap was last shown to it (a panel does not show it twice)."""
        self.panel: Panel | None = None
        self.replaying = False
        """Whether the animations playing are a replay (`replay`: until `restage`)."""

    def note(self, table, player: str | None, events) -> None:
        """Note an answer `player` gave (None: the setup) and the `events` it caused, with `table.front`
        the game as the answer left it."""
        front = table.front
        at = front.answers
        if self.entries and self.entries[-1].at >= at and player is not None:
            # an answer taken back (Celebrity's undo): the game is at an earlier moment than the last noted
            self.entries = [e for e in self.entries if e.at < at]
            self.marks = {p: min(m, at - 1) for p, m in self.marks.items()}
        humans = list(getattr(table, "humans", ()) or ())
        lines = {}
        if humans:
            everyone = front.told(events, PUBLIC)
            lines[PUBLIC] = tuple(lines_of(table, events, PUBLIC))
            for seat in humans:  # (told nothing of its own: the same words as everyone's)
                same = front.told(events, seat) == everyone
                lines[seat] = lines[PUBLIC] if same else tuple(lines_of(table, events, seat))
        self.entries.append(Entry(at, player, lines))
        del self.entries[:-KEEP]
        if player is not None:
            self.marks[player] = at

    def since(self, seat: str) -> int:
        """The moment `seat` last decided at (0: never, the game's start)."""
        return self.marks.get(seat, 0)

    def lines(self, table, seat: str, viewer: str | None = PUBLIC, start: int | None = None) -> list[str]:
        """The lines of every answer after `seat`'s mark (or `start`) up to now, as `viewer` is told
        them (PUBLIC: every seat; a seat: that seat's own view)."""
        begin = self.since(seat) if start is None else start
        now = table.front.answers
        out: list[str] = []
        for e in self.entries:
            if begin < e.at <= now:
                out.extend(e.lines.get(viewer, ()))
        return out


def heading(table, seat: str) -> str:
    """The recap's heading for `seat`: since its last turn, or (it has not decided yet) so far."""
    return "Since your last turn" if seat in tracker(table).marks else "So far, before your first turn"


def tracker(table) -> Recap:
    """The table's recap (made when first asked for)."""
    r = table.__dict__.get("_recap")
    if r is None:
        r = table.__dict__["_recap"] = Recap()
    return r


def note(table, player: str | None, events) -> None:
    """Note an answer at `table` (`Table.answer`, `Table.retell`)."""
    r = tracker(table)
    r.note(table, player, events)
    if r.panel is not None and r.panel.at != table.front.answers:
        r.panel = None  # the seat answered (or the game moved on): the panel has served


# ---------------------------------------------------------------------------------------- the lines

def tidy(line: str, longest: int | None = LONGEST) -> str:
    """A log line as the recap shows it: first letter capitalised, a detail line (the log indents
    them: a die, a VP) indented by two spaces, at most `longest` characters (None: as long as it is)."""
    stripped = line.strip()
    if not stripped:
        return ""
    stripped = stripped[:1].upper() + stripped[1:]
    if longest is not None and len(stripped) > longest - 2:
        cut = stripped[:longest - 3].rsplit(" ", 1)[0].rstrip(" ,;:(—")
        stripped = cut + "…"
    return ("  " + stripped) if line[:1].isspace() else stripped


def lines_of(table, events, viewer: str | None) -> list[str]:
    """The log lines of `events` told to `viewer` (PUBLIC: to every seat), in the game's own words: its
    table's `recap_lines(events, viewer)` (its `scenes/<id>/log.py`, the table's front being the game
    as the events left it); none for a table that gives none."""
    own = getattr(table, "recap_lines", None)
    raw = own(events, viewer) if callable(own) else []
    return [t for t in (tidy(x) for x in raw if x) if t]


# ---------------------------------------------------------------------------------------- the replay

def snap(table) -> None:
    """Snap the table's picture to its front's game under its viewer: its `snap_picture`, else `sync`."""
    own = getattr(table, "snap_picture", None)
    (own if callable(own) else table.sync)()


def replay(table, seat: str) -> bool:
    """Play on the board the answers since `seat` last decided, under its view (see the module).
    Whether anything was queued (False: nothing since, or a record that does not play again)."""
    from ..client.steps import Call

    since = tracker(table).since(seat)
    now = table.front.answers
    if now <= since:
        return False
    anim = table.animator
    anim.skip()
    live_front, live_game = table.front, table.game
    viewer, table.viewer = table.viewer, seat
    queued = False
    try:
        for i, (front, events) in enumerate(live_front.retold()):
            if i < since:
                continue
            table.front = front  # (the game as it stood then: the table's pictures read it)
            table._game = front.hand_to(lambda then: then)
            if i == since:
                snap(table)
                banner = _banner(table)
                if banner is not None:
                    anim.queue.append(banner)
                continue
            told = front.told(events, seat)
            if told:
                anim.add(told)
                queued = True
            if i >= now:
                break
    except (KeyError, ValueError, TypeError, OSError, AttributeError):
        queued = False  # a record that does not play again: the picture stays as it is
    finally:
        table.front, table._game = live_front, live_game
    if not queued:
        anim.queue.clear()
        snap(table)
        table.viewer = viewer if viewer is not None else seat
        return False
    table.viewer = seat
    tracker(table).replaying = True
    table.candidates, table.buttons = {}, []  # (the seat's choices wait: the board shows the past meanwhile)
    anim.queue.append(Call(lambda view: restage(table)))
    return True


def restage(table) -> None:
    """The replay is over: the picture snapped to the game as it is, the seat's decision set out again."""
    tracker(table).replaying = False
    snap(table)
    d = table.decision
    if d is not None and d.player not in getattr(table, "auto", ()) and table.stage not in ("idle", "auto", "over"):
        table.enter_stage()


def busy_words(table) -> str:
    """The prompt while animations play: a replay's own words (what is happening and how to skip it),
    else the animations' "click or Space to skip"."""
    r = table.__dict__.get("_recap")
    return REPLAYING if r is not None and r.replaying else "… (click or Space to skip)"


def _banner(table):
    """A banner over the board as the replay starts (a table whose view shows banners)."""
    from ..client.steps import Banner

    v = getattr(table.animator, "view", None)
    if v is None or not hasattr(v, "banner"):
        return None
    return Banner("Since your last turn", 0.9)


# ---------------------------------------------------------------------------------------- the panel

@dataclass
class Panel:
    """The recap panel of one seat's turn on a table with no hand-off (see the module)."""

    seat: str
    lines: list
    at: int
    rect: pygame.Rect | None = None
    close: pygame.Rect | None = None
    show: pygame.Rect | None = None
    drawn: list = field(default_factory=list)
    """Every string the last frame drew (the tests read it)."""
    stage: tuple | None = None
    """The table's stage and the cells it offered as the panel first showed (it goes once they change)."""
    corner: tuple | None = None
    """(the board's rectangle and the panel's size, the corner chosen for them)."""


def offer(table, seat: str) -> Panel | None:
    """A person's seat's turn starts with no hand-off: the panel of what others did since its last
    answer, in its own view, unless nothing happened or it was shown already."""
    r = tracker(table)
    if seat not in (getattr(table, "humans", ()) or ()):
        return None
    now = table.front.answers
    start = max(r.since(seat), r.shown.get(seat, 0))
    others = [e for e in r.entries if start < e.at <= now and e.player != seat]
    lines = r.lines(table, seat, seat, start=start) if others else []
    r.shown[seat] = now
    r.panel = Panel(seat, lines, now) if lines else None
    return r.panel


def seen_by(table, seat: str) -> None:
    """The seat has seen its recap (the hand-off showed it): no panel for it now."""
    r = tracker(table)
    r.shown[seat] = table.front.answers
    r.panel = None


def panel_click(table, pos) -> bool:
    """A click on the panel: × closes it, "Show on the board" replays, elsewhere on it closes it.
    Whether the click was the panel's."""
    r = tracker(table)
    p = r.panel
    if p is None or p.rect is None or not p.rect.collidepoint(pos):
        return False
    r.panel = None
    if p.show is not None and p.show.collidepoint(pos):
        replay(table, p.seat)
    return True


def draw_panel(table, surface) -> None:
    """The panel, if one is up, in a corner of the board (never over the log and the prompt)."""
    r = tracker(table)
    p = r.panel
    if p is None:
        return
    if p.at != table.front.answers or getattr(table, "viewer", None) != p.seat or table.stage == "over":
        r.panel = None
        return
    stage = (table.stage, frozenset(getattr(table, "candidates", {}) or {}))
    if p.stage is None:
        p.stage = stage
    elif p.stage != stage:
        r.panel = None  # the seat has begun its turn (a piece picked, a mode chosen): out of the way
        return
    owner = getattr(surface, "owner", None)
    if owner is not None:  # (a recording surface: the panel is an overlay of its own over the table)
        surface.owner = "RecapPanel"
    try:
        _draw_panel(table, surface, p)
    finally:
        if owner is not None:
            surface.owner = owner


AVOID = {"pick": 100, "piece": 10}
"""What covering costs, where the panel stands: a cell the seat may pick, a piece (either side's); the
map under it costs by how much of the panel covers it (at most 1), so the empty margin beside the
map is taken when the panel fits there."""


def _safe(fn, *args):
    try:
        return fn(*args)
    except (TypeError, ValueError, KeyError, AttributeError):
        return None


def map_rect(table) -> pygame.Rect | None:
    """The map's rectangle on screen (the table's `map_rect()`), None if the table does not say."""
    own = getattr(table, "map_rect", None)
    r = _safe(own) if callable(own) else None
    return pygame.Rect(r) if r is not None else None


def beside(table, board: pygame.Rect) -> int:
    """The width of the wider empty margin beside the map inside the board (0: the map fills it)."""
    m = map_rect(table)
    if m is None:
        return 0
    return max(0, max(m.x - board.x, board.right - m.right))


def place(table, w: int, h: int, p: Panel) -> pygame.Rect:
    """Where the panel stands: the corner of the board (lower left first) that covers the fewest of
    the cells the seat may pick now, then of the pieces on the board (the other side's too: the
    table's `piece_points()`), then of the map (`AVOID`), chosen as it first shows (and again when
    the window changes)."""
    s = getattr(table, "s", 1.0)
    board = table.board_rect
    mx, my = int(10 * s), int(8 * s)
    corners = [(board.x + mx, board.bottom - h - my), (board.x + mx, board.y + my),
               (board.right - w - mx, board.bottom - h - my), (board.right - w - mx, board.y + my)]
    key = (tuple(board), w, h)
    if p.corner is None or p.corner[0] != key:
        point = getattr(table, "cell_point", None) or getattr(getattr(table, "board", None), "centre", None)
        picks = [_safe(point, cell) for cell in (getattr(table, "candidates", {}) or {})] if point else []
        own = getattr(table, "piece_points", None)
        pieces = (_safe(own) or []) if callable(own) else []
        m = map_rect(table)
        best, least = corners[0], None
        for c in corners:
            r = pygame.Rect(c, (w, h))
            cost = sum(AVOID["pick"] for q in picks if q is not None and r.collidepoint(q))
            cost += sum(AVOID["piece"] for q in pieces if r.collidepoint(q))
            if m is not None:
                cost += r.clip(m).w * r.clip(m).h / max(1, w * h)
            if least is None or cost < least - 1e-9:
                best, least = c, cost
        p.corner = (key, best)
    return pygame.Rect(p.corner[1], (w, h))


def _draw_panel(table, surface, p: Panel) -> None:
    s = getattr(table, "s", 1.0)
    board = table.board_rect
    size = max(12, int(15 * s))
    line_h = size + max(2, int(3 * s))
    w = min(int(430 * s), board.w - int(24 * s))
    side = beside(table, board) - int(20 * s)
    if side >= int(300 * s):  # (room beside the map: the panel stands there, as wide as it is)
        w = min(w, side)
    head_h = int(30 * s)
    foot_h = int(34 * s)
    room = max(2, min(8, (board.h // 2 - head_h - foot_h) // line_h))
    wrapped: list[str] = []
    for line in p.lines:
        indent = "  " if line.startswith("  ") else ""
        for k, piece in enumerate(wrap(line.strip(), size, w - int(28 * s) - size)):  # (room for the indent)
            wrapped.append(("    " if k else indent) + piece)
    more = max(0, len(wrapped) - room)
    shown = wrapped[more:]
    h = head_h + line_h * (len(shown) + (1 if more else 0)) + foot_h
    rect = place(table, w, h, p)
    p.rect = rect
    panel(surface, rect, (20, 14, 22, 225), GOLD, 8)
    drawn = []
    head = f"{heading(table, p.seat)}, {p.seat}"
    img = shortened(head, max(12, int(17 * s)), w - int(50 * s), GOLD, True)
    surface.blit(img, (rect.x + int(10 * s), rect.y + int(6 * s)))
    drawn.append(head)
    p.close = pygame.Rect(rect.right - int(30 * s), rect.y + int(4 * s), int(26 * s), int(24 * s))
    x_img = text("×", max(12, int(20 * s)), INK, True)
    surface.blit(x_img, x_img.get_rect(center=p.close.center))
    y = rect.y + head_h
    if more:
        words = f"… {more} earlier line{'s' if more != 1 else ''} (in the log)"
        surface.blit(text(words, size, DIM), (rect.x + int(12 * s), y))
        drawn.append(words)
        y += line_h
    for line in shown:
        surface.blit(text(line, size, INK), (rect.x + int(12 * s), y))
        drawn.append(line)
        y += line_h
    show = "Show on the board"
    img = text(show, max(12, int(16 * s)), GOLD, True)
    p.show = img.get_rect(topleft=(rect.x + int(12 * s), rect.bottom - foot_h + int(6 * s))).inflate(
        int(14 * s), int(8 * s))
    panel(surface, p.show, (46, 34, 40, 230), (120, 86, 52), 5)
    surface.blit(img, img.get_rect(center=p.show.center))
    drawn.append(show)
    tip = "click here to close"
    tip_img = text(tip, max(11, int(13 * s)), DIM)
    surface.blit(tip_img, tip_img.get_rect(midright=(rect.right - int(12 * s), p.show.centery)))
    drawn.append(tip)
    p.drawn = drawn
