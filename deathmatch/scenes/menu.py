"""A menu screen's common parts: a backdrop, a title, a column of buttons driven by mouse or keys."""

from __future__ import annotations

import pygame

from ..client.art.palette import UI_BACKDROP as BACKDROP
from ..client.ui import DIM, GOLD, INK, Button, panel, text
from .base import Scene


class MenuScene(Scene):
    """A scene of buttons: Up/Down or Tab move the focus, Enter presses, Esc goes back."""

    title = ""

    def __init__(self, app):
        super().__init__(app)
        self.buttons: list[Button] = []
        self.focus = 0
        self.message = ""
        """A line shown under the buttons (why something is not possible)."""

    def on_resize(self, size) -> None:
        self.layout()

    def enter(self) -> None:
        self.layout()

    def resume(self) -> None:
        self.layout()

    def layout(self) -> None:
        """Make `self.buttons` for the current window size."""

    @property
    def s(self) -> float:
        return self.app.ui_scale

    def column(self, entries, top: int, width: int = 320, height: int = 44, gap: int = 10) -> list[Button]:
        """Buttons in a centred column: entries are (label, action, enabled, key)."""
        s = self.s
        w, _ = self.app.size
        out = []
        y = top
        for label, action, enabled, key in entries:
            r = pygame.Rect(0, 0, int(width * s), int(height * s))
            r.midtop = (w // 2, y)
            out.append(Button(label, r, action, enabled, key))
            y += int((height + gap) * s)
        return out

    def handle_event(self, event):
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    b.action()
                    return None
            self.click(event.pos)
            return None
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                if b.rect.collidepoint(event.pos) and b.enabled:
                    self.focus = i
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.wheel(event.y)
            return None
        if event.type == pygame.KEYDOWN:
            if self.key(event):
                return None
            enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
            if event.key in (pygame.K_DOWN, pygame.K_TAB) and enabled:
                back = event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
                self.focus = self._next(enabled, -1 if back else 1)
            elif event.key == pygame.K_UP and enabled:
                self.focus = self._next(enabled, -1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if 0 <= self.focus < len(self.buttons) and self.buttons[self.focus].enabled:
                    self.buttons[self.focus].action()
            elif event.key == pygame.K_ESCAPE:
                self.back()
            else:
                for b in self.buttons:
                    if b.key == event.key and b.enabled:
                        b.action()
                        break
            return None
        return event

    def _next(self, enabled, step) -> int:
        if self.focus not in enabled:
            return enabled[0]
        return enabled[(enabled.index(self.focus) + step) % len(enabled)]

    # hooks
    def key(self, event) -> bool:
        """Handle a key of the scene's own; True if used."""
        return False

    def click(self, pos) -> None: ...

    def wheel(self, dy: int) -> None: ...

    def back(self) -> None:
        self.app.stack.pop()

    # drawing
    def draw_backdrop(self, surface) -> None:
        surface.fill(BACKDROP)
        w, h = surface.get_size()
        glow = _glow(w, h)
        surface.blit(glow, (0, 0))

    def draw_title(self, surface, words: str, y: int, size: int = 64) -> None:
        img = text(words, int(size * self.s), GOLD, True)
        surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, y)))

    def draw_buttons(self, surface) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surface, int(22 * self.s), hover=(i == self.focus))

    def draw_message(self, surface, y: int) -> None:
        if self.message:
            img = text(self.message, int(22 * self.s), (255, 170, 110))
            surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, y)))

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        self.draw_title(surface, self.title, int(40 * self.s))
        self.draw_buttons(surface)


_glow_cache: dict = {}


def _glow(w: int, h: int) -> pygame.Surface:
    """Torchlight from the bottom corners, cached per window size."""
    key = (w, h)
    if key not in _glow_cache:
        g = pygame.Surface((w, h), pygame.SRCALPHA)
        for cx in (0, w):
            for r in range(int(h * 0.9), 0, -12):
                a = int(40 * (1 - r / (h * 0.9)))
                pygame.draw.circle(g, (255, 140, 40, a), (cx, h), r)
        _glow_cache.clear()
        _glow_cache[key] = g
    return _glow_cache[key]


__all__ = ["MenuScene", "DIM", "INK", "GOLD", "panel", "text"]
