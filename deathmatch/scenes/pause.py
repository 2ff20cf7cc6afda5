"""The in-game menu (Esc on the battle screen): resume, save, load, rules, settings, quit to title.

A transparent overlay: the board stays drawn behind it, as the seated player sees it
(nothing more), and the game waits under it: the stack runs only its top scene's time, so no
computer seat answers, nothing animates and no phone's answer is taken until Resume. The game
saves itself after every answer, so quitting loses nothing.
"""

from __future__ import annotations

import pygame

from ..client.ui import DIM, GOLD, panel, text
from .menu import MenuScene


class PauseMenu(MenuScene):
    transparent = True
    title = "Paused"

    def __init__(self, app, battle):
        super().__init__(app)
        self.battle = battle

    def layout(self) -> None:
        over = self.battle.front.over
        entries = [
            ("Resume (Esc)", self.back, True, pygame.K_r),
            ("Save as… (F5)", self.save, not over and self.kept_with is None, pygame.K_s),
            ("Load a game", self.load, True, pygame.K_l),
            ("Rules", self.rules, True, pygame.K_u),
            ("Settings", self.settings, True, pygame.K_e),
            ("Quit to title", self.quit_to_title, True, pygame.K_q),
        ]
        self.buttons = self.column(entries, self.top() + int(70 * self.s), width=300, height=42, gap=8)
        self.focus = 0

    @property
    def kept_with(self) -> str | None:
        """What the game on the table is kept with instead of a save of its own ("season" for a career
        bout): a copy saved under a name would be a standalone bout outside it, so Save as… is off."""
        return getattr(self.battle, "kept_with", None)

    def top(self) -> int:
        return self.app.size[1] // 2 - int(190 * self.s)

    def save(self) -> None:
        self.app.stack.remove(self)
        self.app.open("save as", self.battle.game)

    def load(self) -> None:
        self.app.open("load")

    def rules(self) -> None:
        # the rules of the game on the table, whichever game the title screen was last set to; its
        # character pages show only what the seated player's view of this game shows (nobody seated:
        # the public view)
        self.app.open("rules", ruleset=self.battle.front.ruleset_id,
                      game=self.battle.game, viewer=getattr(self.battle, "viewer", None))

    def settings(self) -> None:
        self.app.open("settings")

    def quit_to_title(self) -> None:
        """Back to the title screen; Continue picks the game up where it stands."""
        stack = self.app.stack
        title = stack.scenes[0] if stack.scenes and self.app.router.is_a(stack.scenes[0], "title") else None
        while len(stack.scenes) > (1 if title else 0):
            stack.pop()
        if title is None:
            self.app.open("title")

    def draw(self, surface) -> None:
        s = self.s
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        rect = pygame.Rect(0, 0, int(380 * s), int(390 * s))
        rect.midtop = (w // 2, self.top())
        panel(surface, rect, (30, 22, 26, 248), GOLD, 12)
        img = text(self.title, int(34 * s), GOLD, True)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + int(16 * s))))
        self.draw_buttons(surface)
        words = (f"This bout is kept with its {self.kept_with} after every move." if self.kept_with
                 else "The game saves itself after every move.")
        note = text(words, int(16 * s), DIM)
        surface.blit(note, note.get_rect(midbottom=(rect.centerx, rect.bottom - int(10 * s))))
