"""The hand-off screen: pass the computer to the next player, hiding the board's secrets."""

from __future__ import annotations

import pygame

from ..client import sprites
from ..client.ui import DIM, GOLD, INK, panel, text
from .base import Scene


class HandOffScene(Scene):
    """Opaque: nothing of the board shows until the named player clicks."""

    transparent = False

    def __init__(self, app, battle, player: str):
        super().__init__(app)
        self.battle = battle
        self.player = player

    def undo_for(self) -> str | None:
        """The player who may still take back their last answer from here (before the next
        player has seen anything), or None."""
        b = self.battle
        who = b.last_human
        if who is not None and who != self.player and b.can_undo(for_player=who):
            return who
        return None

    def undo_rect(self) -> pygame.Rect:
        s = self.app.ui_scale
        w, h = self.app.size
        r = pygame.Rect(0, 0, int(360 * s), int(40 * s))
        r.midtop = (w // 2, h // 2 + int(150 * s))
        return r

    def handle_event(self, event):
        if self.undo_for() is not None and (
                event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.undo_rect().collidepoint(event.pos)
                or event.type == pygame.KEYDOWN and event.key == pygame.K_u):
            self.app.stack.remove(self)
            self.battle.undo()
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 or \
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.battle.viewer = self.player
            self.app.stack.remove(self)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            return None  # nothing reaches the board behind the screen
        return event

    def draw(self, surface) -> None:
        s = self.app.ui_scale
        surface.fill((16, 11, 18))
        w, h = surface.get_size()
        idx = self.battle.index.get(self.player, 0)
        colour = sprites.PLAYER_COLOURS[idx % len(sprites.PLAYER_COLOURS)]
        rect = pygame.Rect(0, 0, int(640 * s), int(260 * s))
        rect.center = (w // 2, h // 2)
        panel(surface, rect, (36, 26, 30, 250), colour.rgb, 14)
        d = self.battle.decision
        m = self.battle.game.models.get(d.model) if d is not None and d.model else None
        title = text(f"Pass to {self.player}", int(48 * s), GOLD, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + int(26 * s))))
        what = {
            "action": f"{m.card.name}'s turn" if m else "your turn",
            "place": f"place {m.card.name}" if m else "place a model",
            "push_back": f"{m.card.name} is pushed back: you choose where" if m else "a push back",
            "window": "you may play an ability now",
        }.get(d.kind if d else "", "")
        sub = text(what, int(28 * s), INK)
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.y + int(96 * s))))
        note = text("Keep your cards close to your chest — the others look away.", int(22 * s), DIM)
        surface.blit(note, note.get_rect(midtop=(rect.centerx, rect.y + int(146 * s))))
        go = text("Click (or press Enter) when ready", int(26 * s), colour.rgb, True)
        surface.blit(go, go.get_rect(midtop=(rect.centerx, rect.y + int(196 * s))))
        who = self.undo_for()
        if who is not None:
            r = self.undo_rect()
            panel(surface, r, (46, 34, 40, 230), (120, 86, 52), 6)
            img = text(f"{who}: undo your last move (U)", int(20 * s), INK)
            surface.blit(img, img.get_rect(center=r.center))
