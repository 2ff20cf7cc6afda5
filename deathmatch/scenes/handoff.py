"""The hand-off screen: pass the computer to the next player, hiding the board's secrets.

What it says of the coming decision comes from the next player's own view (the core's
per-player view, `deathmatch.core.view.state_for`), in the words of the ruleset's client
(`ClientRuleset.handoff`): what that view hides can not show here."""

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
        self.shown: list[str] = []
        """Every line of text the last frame showed (the hidden-information tests read it)."""
        self.pressed = False
        """Whether a mouse button went down on this screen. A click counts only when it began
        here: a player clicking to skip the last animation must not pass the screen with the
        same click's release."""

    def decision_words(self) -> str:
        """What the next player is about to decide, from their own view of the game."""
        from ..core import registry
        from ..core.view import state_for

        game = self.battle.game
        view = state_for(game, self.player, registry.get(game.ruleset_id))
        return self.app.router.handoff_words(view, game.ruleset_id)

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
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = True
            return None
        clicked = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed
        if event.type == pygame.MOUSEBUTTONUP:
            self.pressed = False
        if self.undo_for() is not None and (
                clicked and self.undo_rect().collidepoint(event.pos)
                or event.type == pygame.KEYDOWN and event.key == pygame.K_u):
            self.app.stack.remove(self)
            self.battle.undo()
            return None
        # Enter, not Space: Space skips the battle's animations, and a press meant to skip the
        # last one would otherwise pass this screen the moment it opens, showing the cards.
        if clicked or event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.battle.viewer = self.player
            self.app.stack.remove(self)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.MOUSEMOTION,
                          pygame.MOUSEWHEEL):
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
        aside = self.app.router.handoff_aside(self.battle.game.ruleset_id)
        lines = [f"Pass to {self.player}", self.decision_words(), aside, "Click (or press Enter) when ready"]
        title = text(lines[0], int(48 * s), GOLD, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + int(26 * s))))
        sub = text(lines[1], int(28 * s), INK)
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.y + int(96 * s))))
        note = text(lines[2], int(22 * s), DIM)
        surface.blit(note, note.get_rect(midtop=(rect.centerx, rect.y + int(146 * s))))
        go = text(lines[3], int(26 * s), colour.rgb, True)
        surface.blit(go, go.get_rect(midtop=(rect.centerx, rect.y + int(196 * s))))
        who = self.undo_for()
        if who is not None:
            r = self.undo_rect()
            panel(surface, r, (46, 34, 40, 230), (120, 86, 52), 6)
            lines.append(f"{who}: undo your last move (U)")
            img = text(lines[-1], int(20 * s), INK)
            surface.blit(img, img.get_rect(center=r.center))
        self.shown = lines
