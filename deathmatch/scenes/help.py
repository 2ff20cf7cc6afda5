"""The controls overlay (F1): a transparent scene over the battle."""

from __future__ import annotations

import pygame

from ..client.ui import DIM, GOLD, INK, panel, text
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
        s = self.app.ui_scale
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        rect = pygame.Rect(0, 0, int(760 * s), int((70 + 30 * len(self.controls)) * s))
        rect.center = (w // 2, h // 2)
        panel(surface, rect, (30, 22, 26, 245), GOLD, 12)
        surface.blit(text("Controls", int(34 * s), GOLD, True), (rect.x + int(20 * s), rect.y + int(14 * s)))
        y = rect.y + int(58 * s)
        for key, what in self.controls:
            if not what:
                surface.blit(text(key, int(22 * s), GOLD, True), (rect.x + int(20 * s), y))
            else:
                surface.blit(text(key, int(20 * s), INK, True), (rect.x + int(36 * s), y))
                surface.blit(text(what, int(20 * s), DIM), (rect.x + int(250 * s), y))
            y += int(30 * s)
