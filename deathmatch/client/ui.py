"""Small drawing helpers for the client: fonts, colours, text, panels, buttons."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

import pygame

INK = (238, 228, 206)
DIM = (150, 140, 125)
GOLD = (242, 190, 74)
RED = (214, 70, 52)
GREEN = (110, 200, 110)
PANEL = (24, 18, 28, 225)
PANEL_EDGE = (120, 86, 52)
SHADOW = (0, 0, 0)


def font(size: int, bold: bool = False) -> pygame.font.Font:
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
    f = pygame.font.Font(None, max(8, int(size)))
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
    return out


def wrap(s: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `s` into lines that fit `width` pixels."""
    f = font(size, bold)
    lines: list[str] = []
    for para in s.split("\n"):
        line = ""
        for word in para.split():
            candidate = f"{line} {word}".strip()
            if f.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_text_block(surface, s: str, pos, size: int, width: int, colour=INK, bold=False, line_gap=2) -> int:
    """Draw wrapped text at `pos`; return the height used."""
    x, y = pos
    h0 = y
    for line in wrap(s, size, width, bold):
        img = text(line, size, colour, bold)
        surface.blit(img, (x, y))
        y += img.get_height() + line_gap
    return y - h0


def panel(surface, rect: pygame.Rect, fill=PANEL, edge=PANEL_EDGE, radius: int = 8) -> None:
    surface.blit(_panel(tuple(rect.size), tuple(fill), tuple(edge), radius), rect.topleft)


@lru_cache(maxsize=256)
def _panel(size, fill, edge, radius) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, fill, layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, edge, layer.get_rect(), width=2, border_radius=radius)
    return layer


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
        label = self.label
        img = text(label, size, colour)
        if img.get_width() > self.rect.w - 8:
            while len(label) > 3 and text(label + "…", size, colour).get_width() > self.rect.w - 8:
                label = label[:-1]
            img = text(label + "…", size, colour)
        surface.blit(img, img.get_rect(center=self.rect.center))

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
    return {ch for ch in set(s) if not ch.isspace() and f.get_metrics(ch)[0] is None}
