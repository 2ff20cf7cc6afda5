"""The results screen's frame, shared by every ruleset: the title and the line under it, two columns,
and the buttons (Watch replay, Rematch, New game, Title).

What fills it is the ruleset's (`ClientRuleset.results`, e.g. scenes/celebrity/results.py: the final
table, awards, VP chart and key moments), asked through the router for the ruleset that played the game.
"""

from __future__ import annotations

import pygame

from ..client.ui import shortened as fit
from ..core.front import Front
from .menu import MenuScene


class PlainResults:
    """The part of a ruleset that brings none: who won, nothing else (no replay, no rematch)."""

    can_replay = False
    can_rematch = False

    def __init__(self, app, game):
        self.game = game

    def headline(self) -> tuple[str, str]:
        winners = tuple(getattr(Front(self.game).outcome, "winners", ()) or ())
        if not winners:
            return "Nobody wins", ""
        return f"{' & '.join(winners)} win{'s' if len(winners) == 1 else ''}!", ""

    def draw(self, surface, left, right, areas) -> None:
        pass

    def wheel(self, dy: int) -> None:
        pass

    def watch_replay(self) -> None:
        pass

    def rematch(self):
        return None


class ResultsScene(MenuScene):
    """The ruleset's part in two columns under the title; the buttons below."""

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        part = app.router.results_part(game)
        self.part = (part or PlainResults)(app, game)
        """The ruleset's part of the screen (its table, awards, chart, story), by the ruleset that played the game."""
        self.areas: dict = {}
        """What the last frame drew where (the part's: table, awards, chart, moments)."""

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        bw, gap = int(190 * s), int(16 * s)
        self.buttons = []
        from ..client.ui import Button

        entries = [("Watch replay", self.watch_replay, self.part.can_replay, pygame.K_w),
                   ("Rematch", self.rematch, self.part.can_rematch, pygame.K_r),
                   ("New game", self.new_game, True, pygame.K_n),
                   ("Title", self.title, True, pygame.K_t)]
        x = w // 2 - (len(entries) * bw + (len(entries) - 1) * gap) // 2
        for label, action, enabled, key in entries:
            self.buttons.append(Button(label, pygame.Rect(x, h - int(56 * s), bw, int(42 * s)), action, enabled, key))
            x += bw + gap
        self.focus = -1  # nothing until Tab, an arrow or the mouse picks a button: a key still
        # held from the game's last move (Enter, Space) must not start a rematch or leave the results

    def watch_replay(self) -> None:
        self.part.watch_replay()

    def wheel(self, dy: int) -> None:
        self.part.wheel(dy)

    def key(self, event) -> bool:
        if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.wheel(-5 if event.key == pygame.K_PAGEDOWN else 5)
            return True
        return False

    def rematch(self) -> None:
        """The ruleset's rematch: for Celebrity the same players, cards, arena and options, a new seed."""
        game = self.part.rematch()
        if game is not None:
            self.app.play(game)

    def new_game(self) -> None:
        self.app.go("setup")

    def title(self) -> None:
        self.app.go("title")

    def back(self) -> None:
        self.title()

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        title, why = self.part.headline()
        self.draw_title(surface, title, int(10 * s), 52)
        sub = fit(why, int(21 * s), w - int(40 * s))
        surface.blit(sub, sub.get_rect(midtop=(w // 2, int(60 * s))))
        top, bottom = int(90 * s), h - int(68 * s)
        margin = int(w * 0.025)
        left = pygame.Rect(margin, top, int(w * 0.46), bottom - top)
        right = pygame.Rect(left.right + margin, top, w - left.right - 2 * margin, bottom - top)
        self.areas = {}
        self.part.draw(surface, left, right, self.areas)
        self.draw_buttons(surface)
