"""Save the game under a name (F5 on the battle screen): a transparent prompt over the board."""

from __future__ import annotations

import pygame

from ..client.ui import DIM, GOLD, INK, panel, text
from .base import Scene


class SaveAsScene(Scene):
    transparent = True

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        arena = game.arena.name.replace("The ", "")
        self.name = f"{arena} round {game.round}"
        self.saved = None
        self.error = ""

    def handle_event(self, event):
        if event.type == pygame.KEYDOWN:
            if self.saved is not None:
                self.app.stack.remove(self)
            elif event.key == pygame.K_ESCAPE:
                self.app.stack.remove(self)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
            elif event.key == pygame.K_BACKSPACE:
                self.name = self.name[:-1]
            elif event.unicode and event.unicode.isprintable() and len(self.name) < 40:
                self.name += event.unicode
            return None
        if event.type == pygame.MOUSEBUTTONUP and self.saved is not None:
            self.app.stack.remove(self)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return None
        return event

    def save(self) -> None:
        from .. import saves

        if not self.name.strip():
            self.error = "Give the save a name."
            return
        try:
            self.saved = saves.write_game(self.game, slot=self.name.strip())
        except OSError as e:
            self.error = f"Could not save: {e}"

    def draw(self, surface) -> None:
        s = self.app.ui_scale
        w, h = surface.get_size()
        rect = pygame.Rect(0, 0, int(560 * s), int(190 * s))
        rect.center = (w // 2, h // 2)
        panel(surface, rect, (30, 22, 26, 248), GOLD, 12)
        surface.blit(text("Save the game as", int(30 * s), GOLD, True), (rect.x + int(20 * s), rect.y + int(16 * s)))
        box = pygame.Rect(rect.x + int(20 * s), rect.y + int(64 * s), rect.w - int(40 * s), int(40 * s))
        panel(surface, box, (60, 44, 40, 240), GOLD, 6)
        surface.blit(text(self.name + ("|" if self.saved is None else ""), int(24 * s), INK), (box.x + 8, box.y + int(9 * s)))
        if self.saved is not None:
            words = f"Saved. Load it from the title screen. (any key)"
        else:
            words = self.error or "Enter saves, Esc cancels. The game also saves itself after every move."
        surface.blit(text(words, int(18 * s), DIM if not self.error else (255, 150, 110)), (rect.x + int(20 * s), rect.y + int(124 * s)))
