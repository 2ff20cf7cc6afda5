"""Text that can always be drawn. `pygame.font` refuses some strings outright: a NUL
("A null character was found in the text"), text of only zero-width characters (a
zero-width space, a right-to-left mark: "Text has zero width"), a lone surrogate (what
`os.fsdecode` makes of a file name that is not UTF-8). Names come from files, settings
and saves that others wrote, so every font the client makes is a `SafeFont`, whose
`render` and `size` take any string: control characters are drawn as "�", invisible
format characters (zero-width spaces, direction marks and overrides) are left out, text
past MAX_DRAWN characters is cut with "…", and a string that still has no width draws
as an empty surface of the font's height. A string of printable characters (every
normal string) is passed to pygame untouched, so it draws exactly as before."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

import pygame

MAX_DRAWN = 2000
"""The most characters one `render` draws (a line on screen holds about 150)."""
REPLACEMENT = "\ufffd"


def drawable(s: object) -> str:
    """`s` as a string pygame can draw: unchanged when it is printable text (line breaks
    are kept too: pygame-ce draws them as new lines)."""
    if not isinstance(s, str):
        s = str(s)
    if len(s) > MAX_DRAWN:
        s = s[:MAX_DRAWN - 1] + "…"
    if s.isprintable():
        return s
    out = []
    for ch in s:
        if ch == "\n" or ch.isprintable():
            out.append(ch)
            continue
        kind = unicodedata.category(ch)
        if kind == "Cf":
            continue  # zero-width space, joiners, direction marks and overrides: they show nothing
        out.append(" " if kind in ("Zl", "Zp") else REPLACEMENT if kind in ("Cc", "Cs") else ch)
    return "".join(out)


class SafeFont(pygame.font.Font):
    """A `pygame.font.Font` whose `render` and `size` never raise on a string (see the module)."""

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # noqa: D102
        s = drawable(text)
        try:
            return self._render(s, antialias, color, bgcolor, wraplength)
        except (pygame.error, ValueError, UnicodeError):
            return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)

    def size(self, text):  # noqa: D102
        try:
            return self._size(drawable(text))
        except (pygame.error, ValueError, UnicodeError):
            return 0, self.get_height()

    # The drawing itself, on a string already made drawable (a subclass draws differently; every
    # render still passes through `render`, which the leak tests watch).
    def _render(self, s, antialias, color, bgcolor, wraplength):
        if bgcolor is None and not wraplength:
            return super().render(s, antialias, color)
        return super().render(s, antialias, color, bgcolor, wraplength)

    def _size(self, s):
        return super().size(s)


class EvenFont(SafeFont):
    """A `SafeFont` whose letters are evenly spaced at every size: the screens' font.

    pygame's own `Font` (SDL_ttf with HarfBuzz) places each hinted glyph at an unhinted,
    kerned position, rounded: at the small sizes a 1024×600 or 1280×720 window uses that
    opens gaps inside words ("Cleopa tra", "a ttacks") and closes the space between them
    ("one4", "upthe"). This font draws the same file with pygame.freetype, glyph after glyph
    on their hinted advances and without kerning, so a space is always a space and no word
    splits (and at the smallest sizes the space is a little wider, `_runs`); its metrics
    (`get_height`, `get_ascent`, `get_linesize`) are pygame's, so lines stack as before. One line at a time: a string with a line break (or `wraplength`) is
    drawn the old way."""

    def __init__(self, file=None, size: int = 20):
        super().__init__(file, size)
        self._file = file if file is not None else _default_font_file()
        self._pt = self.point_size
        self._extents: dict[str, tuple[int, int, int, int, int]] = {}

    SMALL = 10
    """Point sizes up to this get a wider space between words (see `_runs`)."""

    def _runs(self, s: str) -> tuple[list[tuple[str, int]], int]:
        """The words `s` is drawn in, each with where its pen starts, and the advance of the whole.
        Word after word on their hinted advances, a space apart: what FreeType itself lays out
        without kerning, measured from each word's metrics (kept: `_word`) rather than the whole
        string's at every `size` a wrap asks. At the small sizes the font's space, 2 px at 8 pt,
        hardly parts two words whose letters stand 1–2 px apart: there, and in bold, the space is a
        third of the size. Bold letters grow past their advance and would eat the space: a bold
        word's successor starts after its ink."""
        bold = self.get_bold()
        style = self._style()
        space = self._space()
        runs, x = [], 0
        for i, word in enumerate(s.split(" ")):
            if i:
                x += space
            if word:
                if bold:  # letter by letter (see `_word`)
                    runs.extend((ch, x + dx) for ch, dx in _letters(self._file, self._pt, word))
                else:
                    runs.append((word, x))
                advance, rect = _word(self._file, self._pt, style, word)
                x += max(advance, rect[0] + rect[2]) if bold else advance
        return runs, x

    def _layout(self, s: str) -> tuple[int, int, int, int]:
        """(x of the pen at the start, baseline y, width, height) of the surface `s` draws on."""
        advance, left, right, top, below = self._extent(s)
        x0 = max(0, -left)
        baseline = max(self.get_ascent(), top)
        return x0, baseline, x0 + max(right, advance), max(self.get_height(), baseline + below)

    def _extent(self, s: str) -> tuple[int, int, int, int, int]:
        """(the pen's advance, the ink's left and right from the start, its top above the baseline and
        its depth below) of `s` as `_runs` lays it out. Kept per string, and a string that is a kept
        one and one more word (what a wrap measures, word after word) adds only that word."""
        got = self._extents.get(s)
        if got is not None:
            return got
        head, _, last = s.rpartition(" ")
        base = self._extents.get(head) if _ else None
        if base is None:
            runs, x = self._runs(s)
            first = True
            left = right = top = below = 0
            for piece, at in runs:
                rx, ry, rw, rh = _word(self._file, self._pt, self._style(), piece)[1]
                if first:
                    left, right, top, below, first = at + rx, at + rx + rw, ry, rh - ry, False
                else:
                    left, right = min(left, at + rx), max(right, at + rx + rw)
                    top, below = max(top, ry), max(below, rh - ry)
            got = (x, left, right, top, below) if not first else (x, 0, 0, 0, 0)
        else:
            x, left, right, top, below = base
            inked = right > left or top or below  # (an empty head has no ink to keep)
            x += self._space()
            if last:
                advance, (rx, ry, rw, rh) = _word(self._file, self._pt, self._style(), last)
                if inked:
                    left, right = min(left, x + rx), max(right, x + rx + rw)
                    top, below = max(top, ry), max(below, rh - ry)
                else:
                    left, right, top, below = x + rx, x + rx + rw, ry, rh - ry
                x += max(advance, rx + rw) if self.get_bold() else advance
            got = (x, left, right, top, below)
        if len(self._extents) > 4096:
            self._extents.clear()
        self._extents[s] = got
        return got

    def _space(self) -> int:
        space = _word(self._file, self._pt, self._style(), " ")[0]
        return max(space, round(self._pt * 0.34)) if self._pt <= self.SMALL or self.get_bold() else space

    def _style(self) -> int:
        import pygame.freetype as ft

        return ft.STYLE_STRONG if self.get_bold() else ft.STYLE_DEFAULT

    def _render(self, s, antialias, color, bgcolor, wraplength):
        if wraplength or "\n" in s:
            return super()._render(s, antialias, color, bgcolor, wraplength)
        if not s:
            return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)
        x0, baseline, w, h = self._layout(s)
        runs = self._runs(s)[0]
        if bgcolor is None:
            out = pygame.Surface((max(1, w), h), pygame.SRCALPHA)
        else:
            out = pygame.Surface((max(1, w), h))
            out.fill(bgcolor)
        f = _freetype(self._file)
        f.antialiased = bool(antialias)
        for piece, x in runs:
            f.render_to(out, (x0 + x, baseline), piece, color, style=self._style(), size=self._pt)
        return out

    def _size(self, s):
        if "\n" in s:
            return super()._size(s)
        if not s:
            return 0, self.get_height()
        _x0, _baseline, w, h = self._layout(s)
        return w, h


def _default_font_file() -> str:
    import os

    return os.path.join(os.path.dirname(pygame.__file__), pygame.font.get_default_font())


_FREETYPE: dict[str, object] = {}


@lru_cache(maxsize=8192)
def _word(file: str, pt: int, style: int, word: str) -> tuple[int, tuple[int, int, int, int]]:
    """(the pen's advance, the ink's rect from the pen on the baseline: x, top above it, w, h) of one
    word (no space inside) at `pt` points in `style`. A bold word is laid out letter by letter on
    the letters' own hinted advances (`_letters`): FreeType's bold adds a fraction of a pixel to
    each advance, and the rounding opened gaps inside bold words ("act ion", "Tr ibute")."""
    if len(word) > 1 and style != _plain_style():
        left = right = top = below = 0
        for i, (ch, dx) in enumerate(_letters(file, pt, word)):
            rx, ry, rw, rh = _word(file, pt, style, ch)[1]
            if i == 0:
                left, right, top, below = dx + rx, dx + rx + rw, ry, rh - ry
            else:
                left, right = min(left, dx + rx), max(right, dx + rx + rw)
                top, below = max(top, ry), max(below, rh - ry)
        return _word(file, pt, _plain_style(), word)[0], (left, top, right - left, top + below)
    f = _freetype(file)
    r = f.get_rect(word, style=style, size=pt)
    metrics = f.get_metrics(word, size=pt)
    if any(m is None for m in metrics):  # a glyph the font lacks: as wide as it draws
        advance = r.x + r.w
    else:
        advance = round(sum(m[4] for m in metrics))
    return advance, (r.x, r.y, r.w, r.h)


@lru_cache(maxsize=4096)
def _letters(file: str, pt: int, word: str) -> tuple[tuple[str, int], ...]:
    """Each letter of `word` with where its pen starts: the letters' hinted advances added up."""
    out, x = [], 0
    for ch in word:
        out.append((ch, x))
        x += _word(file, pt, _plain_style(), ch)[0]
    return tuple(out)


def _plain_style() -> int:
    import pygame.freetype as ft

    return ft.STYLE_DEFAULT


def _freetype(file: str):
    """One pygame.freetype font per file, sized per call: drawn from its origin (the baseline),
    no kerning."""
    import pygame.freetype as ft

    if not ft.get_init():
        ft.init()
        _FREETYPE.clear()  # fonts of a FreeType quit since are dead
        _word.cache_clear()
        _letters.cache_clear()
    f = _FREETYPE.get(file)
    if f is None:
        f = _FREETYPE[file] = ft.Font(file)
        f.origin = True
        f.kerning = False
        f.ucs4 = True
        f.pad = False
    return f


def typable(typed: str) -> bool:
    """Whether the text a key typed may go into a name field: printable, and no zero-width,
    direction or other invisible character (the one name rule, yamlfile.text_problem)."""
    from ..yamlfile import BIDI_CONTROLS, INVISIBLE

    return bool(typed) and typed.isprintable() and not any(ch in BIDI_CONTROLS or ch in INVISIBLE for ch in typed)
