"""Save the game under a name (F5 on the battle screen): a transparent prompt over the board.

A name that is already saved is not overwritten without asking: the prompt shows that
save and offers Overwrite (O) or Cancel (Esc), with Left/Right/Tab and Enter as well.
"""

from __future__ import annotations

import pygame

from ..client.safetext import typable
from ..client.ui import DIM, GOLD, INK, Button, draw_label, fit_text_block, panel, text
from ..core.front import Front
from .base import Scene


class SaveAsScene(Scene):
    transparent = True

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        front = Front(game)
        arena = front.arena.name.replace("The ", "")
        self.name = f"{arena} {app.router.round_words(front.when() or 0, front.ruleset_id)}"
        self.saved = None
        self.error = ""
        self.replacing: str | None = None
        """While asking whether to overwrite: what the save already under this name is (else None)."""
        self.choice = 1
        """The confirm's focused button: 0 Overwrite, 1 Cancel (the safe one first)."""

    def handle_event(self, event):
        if self.replacing is not None:
            return self.handle_confirm(event)
        if event.type == pygame.KEYDOWN:
            if self.saved is not None:
                self.app.stack.remove(self)
            elif event.key == pygame.K_ESCAPE:
                self.app.stack.remove(self)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.save()
            elif event.key == pygame.K_BACKSPACE:
                self.name = self.name[:-1]
                self.error = ""
            elif typable(event.unicode) and len(self.name) < 40:
                self.name += event.unicode
                self.error = ""
            return None
        if event.type == pygame.MOUSEBUTTONUP and self.saved is not None:
            self.app.stack.remove(self)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return None
        return event

    def handle_confirm(self, event):
        """Overwrite or Cancel: O/Y or Esc/C/N, Left/Right/Tab and Enter/Space, or the mouse."""
        buttons = self.confirm_buttons(self.app.size)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_o, pygame.K_y):
                self.overwrite()
            elif event.key in (pygame.K_ESCAPE, pygame.K_c, pygame.K_n):
                self.cancel()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.choice = 1 - self.choice
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                buttons[self.choice].action()
            return None
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(buttons):
                if b.hit(event.pos):
                    self.choice = i
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in buttons:
                if b.hit(event.pos):
                    b.action()
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return None
        return event

    def save(self, overwrite: bool = False) -> None:
        import os

        from .. import saves

        name = self.name.strip()
        if not name:
            self.error = "Give the save a name."
            return
        path = saves.named_save_path(name)
        if not overwrite and os.path.lexists(path):
            self.replacing = _describe(saves, path, name, self.app.router)
            self.choice = 1
            return
        try:
            self.saved = saves.write_named(self.game, name)
        except OSError as e:
            self.error = saves.save_problem(e)  # a full disk says so, and that nothing earlier was lost

    def overwrite(self) -> None:
        self.replacing = None
        self.save(overwrite=True)

    def cancel(self) -> None:
        """Back to the name, to type another."""
        self.replacing = None
        self.error = "Not saved: type another name, or Enter again to be asked once more."

    # --- drawing ---
    def frame(self, size) -> pygame.Rect:
        s = self.app.ui_scale
        w, h = size
        rect = pygame.Rect(0, 0, min(int(560 * s), w - 20), int((260 if self.replacing is not None else 190) * s))
        rect.center = (w // 2, h // 2)
        return rect

    def confirm_buttons(self, size) -> list[Button]:
        s = self.app.ui_scale
        rect = self.frame(size)
        bw, bh = int(200 * s), int(40 * s)
        y = rect.bottom - bh - int(16 * s)
        over = Button("Overwrite (O)", pygame.Rect(rect.centerx - bw - int(8 * s), y, bw, bh), self.overwrite, True, pygame.K_o)
        cancel = Button("Cancel (Esc)", pygame.Rect(rect.centerx + int(8 * s), y, bw, bh), self.cancel, True, pygame.K_ESCAPE)
        return [over, cancel]

    def draw(self, surface) -> None:
        s = self.app.ui_scale
        rect = self.frame(surface.get_size())
        panel(surface, rect, (30, 22, 26, 248), GOLD, 12)
        surface.blit(text("Save the game as", int(30 * s), GOLD, True), (rect.x + int(20 * s), rect.y + int(16 * s)))
        box = pygame.Rect(rect.x + int(20 * s), rect.y + int(64 * s), rect.w - int(40 * s), int(40 * s))
        panel(surface, box, (60, 44, 40, 240), GOLD, 6)
        cursor = "|" if self.saved is None and self.replacing is None else ""
        draw_label(surface, self.name + cursor, box.inflate(-16, 0), int(24 * s), INK, min_size=10)
        words_box = pygame.Rect(rect.x + int(20 * s), rect.y + int(114 * s), rect.w - int(40 * s), int(56 * s))
        if self.replacing is not None:
            words = f"{self.replacing} Overwrite it?"
            fit_text_block(surface, words, words_box, int(19 * s), (255, 190, 120), min_size=9, line_gap=0)
            for i, b in enumerate(self.confirm_buttons(surface.get_size())):
                b.draw(surface, int(19 * s), hover=(i == self.choice))
            return
        if self.saved is not None:
            words = "Saved. Load it from the title screen. (any key)"
        else:
            words = self.error or "Enter saves, Esc cancels. The game also saves itself after every move."
        fit_text_block(surface, words, words_box, int(18 * s), DIM if not self.error else (255, 150, 110), min_size=9,
                       line_gap=0)


def _describe(saves, path, name: str, router=None) -> str:
    """The save a name would replace, in words: "“Friday” is already saved: Colosseum, round 3, 2024-05-01 12:00."."""
    info = next((i for i in saves.list_saves() if i.path == path), None)
    if info is None or info.error:
        return f"A save called “{name}” already exists."
    when = info.saved_at.astimezone().strftime("%Y-%m-%d %H:%M") if info.saved_at else ""
    state = "finished" if info.over else (router.round_words(info.round, info.ruleset) if router is not None
                                          else f"round {info.round}")
    return f"“{name}” is already saved: {', '.join(p for p in (info.arena, state, when) if p)}."
