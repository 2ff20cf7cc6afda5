"""The error screen: something went wrong, what, and where the log is. The autosave is kept."""

from __future__ import annotations

import traceback

import pygame

from ..client.ui import DIM, INK, draw_text_block, panel, text
from .menu import MenuScene


class ErrorScene(MenuScene):
    def __init__(self, app, exc: BaseException, log_path):
        super().__init__(app)
        self.exc = exc
        self.log_path = log_path
        frames = traceback.extract_tb(exc.__traceback__)
        self.where = f"{frames[-1].filename.split('/')[-1]}, line {frames[-1].lineno}" if frames else "unknown"

    def layout(self) -> None:
        w, h = self.app.size
        self.buttons = self.column([("Back to the title", self.title_screen, True, pygame.K_t),
                                    ("Quit", self.app.quit, True, pygame.K_q)], int(h * 0.62))

    def title_screen(self) -> None:
        self.app.go("title")

    def back(self) -> None:
        self.title_screen()

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        from ..saves import is_disk_full, save_problem

        full = is_disk_full(self.exc)
        self.draw_title(surface, "Could not save" if full else "Something went wrong", int(h * 0.1), 56)
        rect = pygame.Rect(0, 0, int(820 * s), int(220 * s))
        rect.midtop = (w // 2, int(h * 0.24))
        panel(surface, rect)
        y = rect.y + int(14 * s)
        what = save_problem(self.exc) if full else f"{type(self.exc).__name__}: {self.exc}"  # a full disk: no jargon
        y += draw_text_block(surface, what, (rect.x + 16, y), int(22 * s), rect.w - 32, INK)
        y += draw_text_block(surface, f"(in {self.where})", (rect.x + 16, y + 4), int(18 * s), rect.w - 32, DIM)
        y += int(12 * s)
        y += draw_text_block(surface, f"The details are in {self.log_path}", (rect.x + 16, y), int(20 * s), rect.w - 32, INK)
        after = ("Free some space on the disk: Continue on the title screen then picks up the last save that "
                 "was written." if full else
                 "Your game was saved after its last move: Continue on the title screen picks it up.")
        draw_text_block(surface, after, (rect.x + 16, y + 6), int(20 * s), rect.w - 32, INK)
        self.draw_buttons(surface)
