"""Small drawing helpers for the client: fonts, colours, text, panels, buttons.

Text that must stay inside something is drawn with its box: `draw_text_block`
(wrapped; `box=` says where it must end), `fit_text_block` (wrapped, shrunk
until it fits a rect), `draw_label` (one line fitted to a rect: shrunk, and
cut with "…" only where the caller allows it) and `Button` (its label shrinks
to fit). `recording()` is the layout tests' hook: while it is on, every text
drawn on a `RecordingSurface` is written down as a `TextDrawn` (the string,
the rectangle of its ink, the box it had to stay in) so a test can find text
that leaves its box, runs off the window or sits on other text. Off, it costs
one `is None` test per helper call.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterator

import pygame

# The screens' colours, from the one palette (art/palette.py), under the names the scenes import.
from .art.palette import UI_DIM as DIM
from .art.palette import UI_GOLD as GOLD
from .art.palette import UI_GREEN as GREEN  # noqa: F401  (for the scenes)
from .art.palette import UI_INK as INK
from .art.palette import UI_PANEL as PANEL
from .art.palette import UI_PANEL_EDGE as PANEL_EDGE
from .art.palette import UI_RED as RED  # noqa: F401  (for the scenes)
from .art.palette import UI_TEXT_SHADOW as SHADOW
from .safetext import EvenFont, drawable


MIN_TEXT = 12
"""The smallest size any text is drawn at (`font` never gives a smaller one, the fitting helpers never
shrink below it): about 8 px letters, what still reads on a 1024×600 netbook."""


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The screens' font at `size` (never below MIN_TEXT)."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = _font(size, bold)
    try:
        f.size("0")
    except pygame.error:  # pygame was quit and started again since: a dead font
        _font.cache_clear()
        text.cache_clear()
        f = _font(size, bold)
    return f


@lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> pygame.font.Font:
    f = EvenFont(None, max(MIN_TEXT, int(size)))
    f.set_bold(bold)
    return f


@lru_cache(maxsize=2048)
def text(s: str, size: int, colour=INK, bold: bool = False) -> pygame.Surface:
    """Rendered text with a soft shadow (cached)."""
    f = font(size, bold)
    fg = f.render(s, True, colour)
    out = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
    out.blit(f.render(s, True, SHADOW), (2, 2))
    out.blit(fg, (0, 0))
    if _sources is not None:
        _sources[id(out)] = (s, out)
    return out


def shortened(words: str, size: int, width: int, colour=INK, bold: bool = False) -> pygame.Surface:
    """The text rendered, shortened with … until it fits `width`."""
    img = text(words, size, colour, bold)
    if img.get_width() <= width or len(words) <= 1:
        return img
    # The longest prefix that fits, found by halving (a hostile 10,000-letter name took seconds cut a letter at
    # a time); widths are measured, not rendered, and the shadow's 2 px counted.
    f = font(size, bold)
    lo, hi = 1, len(words) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(words[:mid].rstrip() + "…")[0] + 2 <= width:
            lo = mid
        else:
            hi = mid - 1
    return text(words[:lo].rstrip() + "…", size, colour, bold)


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `s` into lines that fit `width` pixels."""
    return list(_wrap(s, size, width, bold))


@lru_cache(maxsize=4096)
def _wrap(s: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    f = font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split():
            candidate = f"{line} {word}".strip()
            if f.size(candidate)[0] + 2 <= width or not line:  # (+2: the shadow `text` draws)
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return tuple(lines)


def draw_text_block(surface, s: str, pos, size: int, width: int, colour=INK, bold=False, line_gap=2,
                    box: pygame.Rect | None = None) -> int:
    """Draw wrapped text at `pos`; return the height used. `box`: where it must stay (for the layout tests)."""
    x, y = pos
    h0 = y
    step = line_height(size, bold) + line_gap
    for line in wrap(s, size, width, bold):
        _blit(surface, text(line, size, colour, bold), (x, y), box, line)
        y += step
    return y - h0


@lru_cache(maxsize=256)
def line_height(size: int, bold: bool = False) -> int:
    """The height of one line of `text` at `size` (its shadow included), whatever its letters."""
    return font(size, bold).get_linesize() + 2


@lru_cache(maxsize=4096)
def block_height(s: str, size: int, width: int, bold: bool = False, line_gap: int = 2) -> int:
    """The height `draw_text_block` would use."""
    lines = wrap(s, size, width, bold)
    return len(lines) * (line_height(size, bold) + line_gap)


@lru_cache(maxsize=1024)
def fit_size(s: str, size: int, width: int, height: int, bold: bool = False, min_size: int = 9, line_gap: int = 2) -> int:
    """The largest font size ≤ `size` (not below `min_size`) at which `s`, wrapped to `width`, is at most `height` high."""
    min_size = max(min_size, MIN_TEXT)
    size = max(size, min_size)
    while size > min_size and (block_height(s, size, width, bold, line_gap) > height
                               or any(font(size, bold).size(w)[0] > width for w in s.split())):
        size -= 1
    return size


def fit_text_block(surface, s: str, rect: pygame.Rect, size: int, colour=INK, bold=False, min_size: int = 9,
                   line_gap: int = 2) -> int:
    """Wrapped text inside `rect`, shrunk (down to `min_size`) until it fits; returns the height used."""
    size = fit_size(s, size, rect.w, rect.h, bold, min_size, line_gap)
    return draw_text_block(surface, s, rect.topleft, size, rect.w, colour, bold, line_gap, box=rect)


@lru_cache(maxsize=2048)
def fit_line(s: str, size: int, width: int, bold: bool = False, min_size: int | None = None,
             ellipsize: bool = False) -> tuple[str, int]:
    """(words, font size) for one line in `width` px: the font shrinks down to `min_size` (70 % of
    `size` unless told) and, only if `ellipsize`, the end is then cut with "…"."""
    floor = max(MIN_TEXT, int(size * 0.7) if min_size is None else min_size)
    size = max(size, floor)
    while size > floor and font(size, bold).size(s)[0] + 2 > width:
        size -= 1
    if ellipsize and font(size, bold).size(s)[0] + 2 > width:
        while len(s) > 1 and font(size, bold).size(s + "…")[0] + 2 > width:
            s = s[:-1]
        s = s.rstrip() + "…"
    return s, size


def typing_tail(s: str, size: int, width: int, bold: bool = False, min_size: int | None = None) -> str:
    """A text field's words as typed into it: whole if they fit `width` (`fit_line` may shrink them),
    else their end after a "…" (the cursor's end stays in view, as a text box scrolls)."""
    if fits(s, size, width, bold, min_size):
        return s
    _, least = fit_line(s, size, width, bold, min_size)
    f = font(least, bold)
    tail = s
    while len(tail) > 1 and f.size("…" + tail)[0] + 2 > width:
        tail = tail[1:]
    return "…" + tail


def fits(s: str, size: int, width: int, bold: bool = False, min_size: int | None = None) -> bool:
    """True if one line of `s` fits `width` px once `fit_line` has shrunk it (without cutting)."""
    words, size = fit_line(s, size, width, bold, min_size)
    return font(size, bold).size(words)[0] + 2 <= width


def draw_label(surface, s: str, rect: pygame.Rect, size: int, colour=INK, bold: bool = False, *,
               align: str = "left", min_size: int | None = None, ellipsize: bool = False) -> pygame.Rect:
    """One line of text fitted to `rect` (see `fit_line`), aligned left, centre or right and
    centred vertically; returns where it went."""
    words, size = fit_line(s, size, rect.w, bold, min_size, ellipsize)
    img = text(words, size, colour, bold)
    where = img.get_rect(centery=rect.centery)
    if align == "center":
        where.centerx = rect.centerx
    elif align == "right":
        where.right = rect.right
    else:
        where.x = rect.x
    _blit(surface, img, where, rect, words)
    return where


def panel(surface, rect: pygame.Rect, fill=PANEL, edge=PANEL_EDGE, radius: int = 8) -> None:
    if _sources is not None and isinstance(surface, RecordingSurface):
        surface.panels.append((pygame.Rect(rect).clip(surface.get_clip()), surface.owner, len(surface.records)))
    surface.blit(_panel(tuple(rect.size), tuple(fill), tuple(edge), radius), rect.topleft)


@lru_cache(maxsize=256)
def _panel(size, fill, edge, radius) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, edge, layer.get_rect(), width=2, border_radius=radius)
    return layer


class Overlay:
    """A window-sized see-through layer a table draws its highlights on, then lays over the window:
    made once and kept (each frame clears only what the last one drew), and only the part drawn on
    is blitted. The pixels are those of a new layer blitted whole: a fully transparent pixel leaves
    the window's as it was. `begin(size)` gives the cleared layer; every drawing on it goes through
    `mark(rect)` (the rect a `pygame.draw` call or a blit returns); `blit(surface)` lays it over."""

    def __init__(self) -> None:
        self.layer: pygame.Surface | None = None
        self.drawn: list[pygame.Rect] = []

    def begin(self, size) -> pygame.Surface:
        if self.layer is None or self.layer.get_size() != tuple(size):
            self.layer = pygame.Surface(size, pygame.SRCALPHA)
        else:
            for r in self.drawn:
                self.layer.fill((0, 0, 0, 0), r)
        self.drawn = []
        return self.layer

    def mark(self, rect: pygame.Rect) -> pygame.Rect:
        if rect.w and rect.h:
            self.drawn.append(rect)
        return rect

    def blit(self, surface) -> None:
        if self.drawn and self.layer is not None:
            area = self.drawn[0].unionall(self.drawn[1:])
            surface.blit(self.layer, area.topleft, area)


@dataclass
class Button:
    """A clickable labelled box; `key` is its keyboard shortcut (a pygame key or None)."""

    label: str
    rect: pygame.Rect
    action: Callable[[], Any]
    enabled: bool = True
    key: int | None = None
    hint: str = ""
    """Shown on hover (an ability's card text)."""
    selected: bool = False
    tag: Any = field(default=None)
    ellipsize: bool = False
    """True if a label too long even in a smaller font may end in "…" (never for a name that must show)."""

    def draw(self, surface, size: int, hover: bool = False) -> None:
        if not self.enabled:
            fill, edge, colour = (40, 34, 40, 200), (70, 60, 60), DIM
        elif self.selected:
            fill, edge, colour = (120, 70, 30, 235), GOLD, INK
        elif hover:
            fill, edge, colour = (80, 52, 36, 235), GOLD, INK
        else:
            fill, edge, colour = (46, 34, 40, 230), PANEL_EDGE, INK
        panel(surface, self.rect, fill, edge, radius=6)
        smallest = int(size * (0.85 if self.ellipsize else 0.6))  # a label that may be cut is cut before it gets tiny
        draw_label(surface, self.label, self.rect.inflate(-8, -2), size, colour, align="center", min_size=max(8, smallest),
                   ellipsize=self.ellipsize)

    def hit(self, pos) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def font_file() -> str:
    """The TrueType file `font()` draws with: pygame's default font."""
    import os

    return os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())


@lru_cache(maxsize=1)
def _glyph_font():
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(font_file(), 20)


def missing_glyphs(s: str) -> set[str]:
    """The characters of `s` that the game's font has no glyph for (they would show as empty boxes).

    `pygame.font` draws a missing glyph as a box with made-up metrics; `pygame.freetype`
    reports it as None, so this asks the latter about the same file."""
    f = _glyph_font()
    return {ch for ch in set(drawable(s)) if not ch.isspace() and f.get_metrics(ch)[0] is None}


# --- the layout tests' hook ---------------------------------------------------------------

@dataclass(frozen=True)
class TextDrawn:
    """One text drawn while `recording()`."""

    words: str
    """The string drawn (with its "…" if it was cut)."""
    ink: pygame.Rect
    """Where its pixels landed on the recording surface (the tight bounding box, shadow included)."""
    box: pygame.Rect
    """Where it had to stay: the box its helper was given, else the clip area then (the window if none)."""
    owner: str = ""
    """Which scene drew it (`RecordingSurface.owner` at the time)."""

    @property
    def outside(self) -> bool:
        return not self.box.contains(self.ink)


_sources: dict[int, tuple[str, pygame.Surface]] | None = None
"""While recording: id of every rendered text surface → (its string, the surface)."""
_box: pygame.Rect | None = None
"""While a helper blits: the box its text must stay in."""


def _blit(surface, img, where, box, words) -> None:
    global _box
    if _sources is None or box is None:
        surface.blit(img, where)
        return
    _box = pygame.Rect(box)
    try:
        surface.blit(img, where)
    finally:
        _box = None


class RecordingSurface(pygame.Surface):
    """A drawing surface that writes down every text blitted on it (see `recording`)."""

    def __init__(self, size, records: list[TextDrawn]):
        super().__init__(size)
        self.records = records
        self.owner = ""
        self.panels: list[tuple[pygame.Rect, str, int]] = []
        """Every `panel` drawn: (its rect, the scene, how many texts were drawn before it)."""
        self._ink: dict[int, pygame.Rect] = {}

    def blit(self, source, dest, area=None, special_flags=0):
        done = super().blit(source, dest, area, special_flags)
        known = _sources.get(id(source)) if _sources is not None else None
        if known is not None and known[1] is source:
            ink = self._ink.get(id(source))
            if ink is None:
                ink = self._ink[id(source)] = source.get_bounding_rect()
            x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            clip = self.get_clip()
            box = _box.clip(clip) if _box is not None else clip
            ink = ink.move(x, y)
            if ink.colliderect(clip):  # wholly outside the clip is not shown at all (a scrolled list)
                self.records.append(TextDrawn(known[0], ink, box, self.owner))
        return done


@contextmanager
def recording() -> Iterator[list[TextDrawn]]:
    """Write down the text drawn on `RecordingSurface`s until the block ends (tests only)."""
    global _sources
    text.cache_clear()  # surfaces rendered before now would not be known as text
    _sources = {}
    records: list[TextDrawn] = []
    try:
        yield records
    finally:
        _sources = None
        text.cache_clear()
