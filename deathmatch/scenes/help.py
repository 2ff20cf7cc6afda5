"""The controls overlay (F1): a transparent scene over the battle."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ..client.ui import DIM, GOLD, INK, block_height, draw_label, draw_text_block, font, line_height, panel
from .base import Scene

CONTROLS = [
    ("Mouse", ""),
    ("click a blue hex", "move there, then point the way to face and click"),
    ("click a red foe", "attack it (the badge is the roll it needs)"),
    ("buttons", "hold, abilities (hover for the card text), pass"),
    ("drag / wheel", "pan / zoom the arena"),
    ("right click", "go back"),
    ("Keyboard", ""),
    ("0–9", "the buttons: 1 move, 2 attack, 3 both, 4 hold, 5… abilities, 0 pass"),
    ("Tab / Shift+Tab", "cycle the highlighted hexes; Enter picks"),
    ("1–6, Left/Right", "choose a facing; Enter confirms"),
    ("Esc", "go back"),
    ("arrows / WASD, + -", "pan, zoom"),
    ("Space / click", "skip the animation; [ ] animation speed"),
    ("U / Ctrl+Z", "take back your last move (before a die is rolled or a card shown)"),
    ("O", "standing orders: how your reactions are answered for you"),
    ("F5", "save the game under a name (it also saves itself after every move)"),
    ("F11", "fullscreen;  F1: this help"),
]


class HelpOverlay(Scene):
    transparent = True

    def __init__(self, app, controls=None):
        super().__init__(app)
        self.controls = list(controls) if controls else CONTROLS
        """(key, what it does) rows, a row with no words a heading: the table's own (Celebrity's by default)."""

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN or event.type == pygame.MOUSEBUTTONUP:
            self.app.stack.remove(self)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return None
        return event

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        fit = fit_help(self.controls, (w, h), self.app.ui_scale)
        rect = fit.rect
        panel(surface, rect, (30, 22, 26, 245), GOLD, 12)
        inner = rect.inflate(-2 * fit.pad, -2 * fit.pad)
        draw_label(surface, "Controls", pygame.Rect(inner.x, inner.y, inner.w, fit.title_h), fit.title, GOLD, True,
                   min_size=max(10, fit.title // 2))
        y = inner.y + fit.title_h
        for i, (key, what) in enumerate(self.controls):
            if not what:
                y += fit.row_gap * 2 if i else 0
                y += draw_text_block(surface, key, (inner.x, y), fit.head, inner.w, GOLD, True, 0, box=inner)
                continue
            keys = draw_text_block(surface, key, (inner.x + fit.indent, y), fit.size, fit.key_w, INK, True, 0,
                                   box=inner)
            words = draw_text_block(surface, what, (inner.x + fit.indent + fit.key_w + fit.gap, y), fit.size,
                                    fit.what_w, DIM, False, 0, box=inner)
            y += max(keys, words) + fit.row_gap


@dataclass(frozen=True)
class HelpFit:
    """Where the controls overlay goes at one window size: its panel and its fonts (`fit_help`)."""

    rect: pygame.Rect
    pad: int
    title: int
    title_h: int
    head: int
    size: int
    indent: int
    key_w: int
    gap: int
    what_w: int
    row_gap: int


def fit_help(controls, window, scale: float) -> HelpFit:
    """The controls overlay laid out for `window` (w, h): the key column as wide as its widest key (at most
    two fifths), each description wrapped in the rest, the fonts shrunk until every row fits the panel and the
    panel fits the window — so a long list (or a long line) never runs past its panel at any size."""
    w, h = window
    margin = max(8, int(16 * scale))
    pad = max(8, int(20 * scale))
    width = min(w - 2 * margin, int(860 * scale))
    room_h = h - 2 * margin
    inner_w = width - 2 * pad
    size = max(10, int(20 * scale))
    while True:
        title = max(12, int(size * 1.6))
        head = size + 2
        title_h = line_height(title, True) + max(4, size // 2)
        indent = max(6, size * 3 // 4)
        gap = max(8, size)
        row_gap = max(2, size // 3)
        widest = max((font(size, True).size(k)[0] + 2 for k, what in controls if what), default=0)
        key_w = min(widest, int((inner_w - indent) * 0.4))
        what_w = inner_w - indent - key_w - gap
        used = title_h
        for i, (key, what) in enumerate(controls):
            if not what:
                used += block_height(key, head, inner_w, True, 0) + (row_gap * 2 if i else 0)
            else:
                used += max(block_height(key, size, key_w, True, 0), block_height(what, size, what_w, False, 0)) + row_gap
        if used + 2 * pad <= room_h or size <= 10:
            break
        size -= 1
    rect = pygame.Rect(0, 0, width, min(room_h, used + 2 * pad))
    rect.center = (w // 2, h // 2)
    return HelpFit(rect, pad, title, title_h, head, size, indent, key_w, gap, what_w, row_gap)
