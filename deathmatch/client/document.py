"""Reading pages (the rules screen): a small markup, laid out and drawn with the game's font.

The markup of `assets/rules/*.txt`, one construct per line:

    # Page title
    ## Heading
    A paragraph runs over lines up to a blank line.
    - A bullet; the lines after it, up to a blank line or the next bullet, belong to it.
    | Header | Header |          a table: one row per line, the first row is the header
    | cell   | cell   |
    [box Title] ... [/box]      a framed box (the rulings)
    [step NAME] ... [/step]     a how-to-play step: picture NAME beside the blocks inside

There is no inline emphasis: what is drawn is exactly the words written.
`parse` turns a text into blocks (a mistake raises `MarkupError` naming the
line); `layout` places them for a width and returns a `Page` of drawing
operations in page coordinates; `draw_page` paints the part of a page a
scrolled viewport shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from .ui import DIM, GOLD, INK, PANEL_EDGE, font, panel, text, wrap


class MarkupError(ValueError):
    """A page's markup is wrong; the message names the file and line."""


@dataclass(frozen=True)
class Heading:
    level: int
    """1 for the page title, 2 for a heading."""
    text: str


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    rows: tuple[tuple[str, ...], ...]
    """The first row is the header."""


@dataclass(frozen=True)
class Box:
    title: str
    blocks: tuple


@dataclass(frozen=True)
class Step:
    picture: str
    """The name of the how-to-play picture drawn beside the blocks."""
    blocks: tuple


def parse(source: str, name: str = "page") -> list:
    """The blocks of a page written in the markup above."""
    root: list = []
    stack: list[tuple[str, str, list, int]] = []  # (kind, argument, blocks, line) of open boxes and steps
    para: list[str] = []
    bullets: list[str] = []
    rows: list[tuple[str, ...]] = []

    def out() -> list:
        return stack[-1][2] if stack else root

    def flush() -> None:
        if para:
            out().append(Para(" ".join(para)))
            para.clear()
        if bullets:
            out().append(Bullets(tuple(bullets)))
            bullets.clear()
        if rows:
            width = len(rows[0])
            out().append(Table(tuple(r + ("",) * (width - len(r)) for r in rows)))
            rows.clear()

    for n, raw in enumerate(source.splitlines(), 1):
        line = raw.strip()
        if line.startswith("|"):
            if para or bullets:
                flush()
            cells = tuple(c.strip() for c in line.strip("|").split("|"))
            if rows and len(cells) > len(rows[0]):
                raise MarkupError(f"{name}, line {n}: this table row has {len(cells)} cells, the header {len(rows[0])}")
            rows.append(cells)
            continue
        if rows:
            flush()
        if not line:
            flush()
        elif line.startswith("[/"):
            flush()
            kind = line[2:-1].strip()
            if not stack or stack[-1][0] != kind or not line.endswith("]"):
                raise MarkupError(f"{name}, line {n}: {line} closes nothing that is open")
            kind, arg, blocks, _ = stack.pop()
            out().append(Box(arg, tuple(blocks)) if kind == "box" else Step(arg, tuple(blocks)))
        elif line.startswith("[") and line.endswith("]"):
            flush()
            kind, _, arg = line[1:-1].partition(" ")
            if kind not in ("box", "step"):
                raise MarkupError(f"{name}, line {n}: unknown [{kind}] (use [box Title] or [step picture])")
            if kind == "step" and not arg.strip():
                raise MarkupError(f"{name}, line {n}: [step] needs a picture name")
            stack.append((kind, arg.strip(), [], n))
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            out().append(Heading(min(level, 2), line.lstrip("#").strip()))
        elif line.startswith("- "):
            if para:
                flush()
            bullets.append(line[2:].strip())
        elif bullets:
            bullets[-1] += " " + line
        else:
            para.append(line)
    flush()
    if stack:
        kind, _, _, n = stack[-1]
        raise MarkupError(f"{name}, line {n}: [{kind}] is never closed with [/{kind}]")
    return root


# --- layout ------------------------------------------------------------------------------------

@dataclass
class Page:
    """Drawing operations in page coordinates (x from the left of the text column, y from its top)."""

    ops: list = field(default_factory=list)
    """(kind, rect, payload): "text" (a line of words, a surface), "image" (a picture, a surface), "panel" ((fill, edge,
    radius)), "line" ((colour, width)), "dot" (colour)."""
    height: int = 0
    texts: list[str] = field(default_factory=list)
    """Every string drawn on the page (for the glyph check)."""
    anchors: list[tuple[str, int]] = field(default_factory=list)
    """(heading, y) of each heading, for jumping."""


BODY, H1, H2, TABLE = 22, 38, 28, 20
"""Text sizes at scale 1."""


class _Layout:
    def __init__(self, page: Page, s: float, picture: Callable[[str, int], pygame.Surface] | None):
        self.page = page
        self.s = s
        self.picture = picture

    def px(self, v: float) -> int:
        return max(1, int(round(v * self.s)))

    def words(self, words: str, x: int, y: int, width: int, size: int, colour=INK, bold=False, gap=3) -> int:
        """Wrapped text from (x, y); returns the y below it."""
        for line in wrap(words, size, width - 2, bold):  # the text's shadow is 2 pixels wider
            img = text(line, size, colour, bold)
            self.page.texts.append(line)
            self.page.ops.append(("text", pygame.Rect((x, y), img.get_size()), img))
            y += font(size, bold).get_linesize() + self.px(gap)
        return y

    def blocks(self, blocks, x: int, y: int, width: int) -> int:
        for i, b in enumerate(blocks):
            if i:
                y += self.px(12)
            y = self.block(b, x, y, width)
        return y

    def block(self, b, x: int, y: int, width: int) -> int:
        px = self.px
        if isinstance(b, Heading):
            size = px(H1 if b.level == 1 else H2)
            if b.level == 2:
                y += px(8)
            self.page.anchors.append((b.text, y))
            y = self.words(b.text, x, y, width, size, GOLD, True)
            if b.level == 2:
                self.page.ops.append(("line", pygame.Rect(x, y, width, 0), ((120, 86, 52), max(1, px(1)))))
                y += px(4)
            return y
        if isinstance(b, Para):
            return self.words(b.text, x, y, width, px(BODY))
        if isinstance(b, Bullets):
            indent = px(26)
            size = px(BODY)
            for i, item in enumerate(b.items):
                if i:
                    y += px(6)
                mid = y + font(size).get_linesize() // 2
                self.page.ops.append(("dot", pygame.Rect(x + px(9), mid - px(4), px(8), px(8)), GOLD))
                y = self.words(item, x + indent, y, width - indent, size)
            return y
        if isinstance(b, Table):
            return self.table(b, x, y, width)
        if isinstance(b, Box):
            return self.box(b, x, y, width)
        if isinstance(b, Step):
            return self.step(b, x, y, width)
        raise TypeError(f"not a block: {b!r}")

    def table(self, t: Table, x: int, y: int, width: int) -> int:
        px = self.px
        size = px(TABLE)
        pad = px(10)
        ncol = len(t.rows[0])
        natural = [max(font(size, r == 0).size(row[c])[0] for r, row in enumerate(t.rows)) + 2 * pad + 4
                   for c in range(ncol)]  # (+4: the 2 pixels `words` keeps for the shadow and the 2 `wrap` keeps)
        widths = list(natural)
        if sum(natural) > width:
            # columns narrower than a fair share keep their width; the others share what is left
            fair = width / ncol
            keep = [c for c in range(ncol) if natural[c] <= fair]
            left = width - sum(natural[c] for c in keep)
            rest = [c for c in range(ncol) if c not in keep]
            total = sum(natural[c] for c in rest)
            for c in rest:
                widths[c] = max(px(60), int(left * natural[c] / total))
        else:  # tables span the column: the widest column takes the rest
            widest = max(range(ncol), key=lambda c: natural[c])
            widths[widest] += width - sum(natural)
        edge = (150, 110, 60)
        top = y
        row_tops = []
        start = len(self.page.ops)
        for r, row in enumerate(t.rows):
            row_tops.append(y)
            bottom = y
            cx = x
            for c, cell in enumerate(row):
                colour = GOLD if r == 0 else INK
                end = self.words(cell, cx + pad, y + px(6), widths[c] - 2 * pad, size, colour, r == 0, gap=1)
                bottom = max(bottom, end)
                cx += widths[c]
            y = bottom + px(6)
        row_tops.append(y)
        right = x + sum(widths)
        frame = [("panel", pygame.Rect(x, top, right - x, y - top), ((36, 26, 30, 235), edge, 0)),
                 ("panel", pygame.Rect(x, top, right - x, row_tops[1] - top), ((92, 60, 36, 245), edge, 0))]
        lines = []
        for ry in row_tops[2:-1]:
            lines.append(("line", pygame.Rect(x, ry, right - x, 0), (edge, max(1, px(1)))))
        cx = x
        for w in widths[:-1]:
            cx += w
            lines.append(("line", pygame.Rect(cx, top, 0, y - top), (edge, max(1, px(1)))))
        self.page.ops[start:start] = frame + lines
        return y

    def box(self, b: Box, x: int, y: int, width: int) -> int:
        px = self.px
        pad = px(18)
        start = len(self.page.ops)
        inner = y + pad
        if b.title:
            inner = self.words(b.title, x + pad, inner, width - 2 * pad, px(H2), GOLD, True) + px(6)
        bottom = self.blocks(b.blocks, x + pad, inner, width - 2 * pad) + pad
        self.page.ops.insert(start, ("panel", pygame.Rect(x, y, width, bottom - y), ((44, 30, 26, 240), GOLD, px(10))))
        return bottom

    def step(self, b: Step, x: int, y: int, width: int) -> int:
        px = self.px
        gap = px(20)
        side = min(int(width * 0.36), px(300))
        beside = width - side - gap >= px(300)
        if not beside:
            side = min(width, px(300))
        img = self.picture(b.picture, side) if self.picture else None
        start = len(self.page.ops)
        pad = px(12)
        top = y + pad
        if img is not None:
            self.page.ops.append(("image", pygame.Rect((x + pad, top), img.get_size()), img))
            pic_bottom = top + img.get_height()
        else:
            pic_bottom = top
        if beside:
            bottom = max(pic_bottom, self.blocks(b.blocks, x + pad + side + gap, top, width - side - gap - 2 * pad))
        else:
            bottom = self.blocks(b.blocks, x + pad, pic_bottom + px(10), width - 2 * pad)
        bottom += pad
        self.page.ops.insert(start, ("panel", pygame.Rect(x, y, width, bottom - y), ((30, 22, 28, 200), PANEL_EDGE, px(8))))
        return bottom


def layout(blocks, width: int, s: float = 1.0, picture: Callable[[str, int], pygame.Surface] | None = None) -> Page:
    """Place `blocks` in a column `width` pixels wide at UI scale `s`; `picture(name, width)` draws steps' pictures."""
    page = Page()
    lay = _Layout(page, s, picture)
    page.height = lay.blocks(blocks, 0, 0, width) + lay.px(24)
    return page


def draw_page(surface: pygame.Surface, page: Page, view: pygame.Rect, scroll: int) -> None:
    """Paint the part of `page` that `view` shows when scrolled down by `scroll` pixels: pictures and panels cut
    at its edges, lines of words whole or not at all (never half a line)."""
    clip = surface.get_clip()
    surface.set_clip(view.clip(clip) if clip else view)
    dx, dy = view.x, view.y - scroll
    for kind, rect, payload in page.ops:
        if rect.bottom + dy < view.top or rect.top + dy > view.bottom:
            continue
        r = rect.move(dx, dy)
        if kind == "text":
            if view.top <= r.top and r.bottom <= view.bottom:
                surface.blit(payload, r)
        elif kind == "image":
            surface.blit(payload, r)
        elif kind == "panel":
            fill, edge, radius = payload
            panel(surface, r, fill, edge, radius)
        elif kind == "line":
            colour, w = payload
            pygame.draw.line(surface, colour, r.topleft, (r.right, r.bottom), w)
        elif kind == "dot":
            pygame.draw.circle(surface, payload, r.center, r.w // 2)
    surface.set_clip(clip)


__all__ = ["Box", "Bullets", "Heading", "MarkupError", "Page", "Para", "Step", "Table", "draw_page", "layout",
           "parse", "DIM"]
