"""The title screen: Continue, New game, Load, Rules, Settings, Quit."""

from __future__ import annotations

import pygame

from ..client import sprites
from ..client.ui import DIM, INK, text
from .menu import MenuScene


class TitleScene(MenuScene):
    title = "DEATHMATCH"

    def layout(self) -> None:
        from .. import saves

        s = self.s
        self.continue_info = saves.latest_unfinished()
        entries = [
            ("Continue", self.continue_game, self.continue_info is not None, pygame.K_c),
            ("New game", self.new_game, True, pygame.K_n),
            ("Load", self.load, True, pygame.K_l),
            ("Rules", self.rules, True, pygame.K_r),
            ("Settings", self.settings, True, pygame.K_s),
            ("Quit", self.app.quit, True, pygame.K_q),
        ]
        self.buttons = self.column(entries, int(self.app.size[1] * 0.36))
        self.focus = 0 if self.continue_info else 1

    def continue_game(self) -> None:
        from .. import saves
        from ..engine import RecordError
        from .battle import start_battle

        try:
            game = saves.load_game(self.continue_info.path)
        except RecordError as e:
            self.message = f"That save can not be continued: {e}"
            return
        start_battle(self.app, game)

    def new_game(self) -> None:
        from .setup import NewGameScene

        self.app.push(NewGameScene(self.app))

    def load(self) -> None:
        from .load import LoadScene

        self.app.push(LoadScene(self.app))

    def rules(self) -> None:
        from .rules import RulesScene

        self.app.push(RulesScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def back(self) -> None:
        self.app.quit()

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        self.draw_title(surface, "DEATHMATCH", int(h * 0.07), 96)
        sub = text("Semi-Historical Celebrity Deathmatch — there is glory in death", int(26 * s), INK)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, int(h * 0.07 + 100 * s))))
        self.draw_champions(surface, int(h * 0.07 + 140 * s))
        self.draw_buttons(surface)
        if self.continue_info is not None:
            c = self.continue_info
            words = f"Continue: {c.arena}, {', '.join(c.players)}, round {c.round}"
            img = text(words, int(18 * s), DIM)
            surface.blit(img, img.get_rect(midtop=(w // 2, self.buttons[-1].rect.bottom + int(16 * s))))
        self.draw_message(surface, self.buttons[-1].rect.bottom + int(44 * s))

    def draw_champions(self, surface, y) -> None:
        """A row of the celebrities' portraits: the cast of tonight's show."""
        s = self.s
        lib = self.app.library
        cards = sorted(lib.cards.values(), key=lambda c: c.id)[:10]
        size = int(58 * s)
        gap = int(10 * s)
        x = surface.get_width() // 2 - (len(cards) * (size + gap) - gap) // 2
        for c in cards:
            surface.blit(sprites.portrait(c, (size, size)), (x, y))
            x += size + gap
