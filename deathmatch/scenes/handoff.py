"""The hand-off screen: pass the computer to the next player, hiding the board's secrets.

Two rules keep the next player's secrets from the person still seated:

- **The same words whatever the coming seat holds.** The screen says only public facts: whose
  move it is and how far the game has come (the round, or turn, of the public view: nobody
  seated, `front.view(None)`). What kind of decision waits (a
  reaction to play, a gizmo to name) is not said: it would tell the table what that seat holds.
- **A guard against a press meant for the screen before.** For `GUARD` seconds after it opens
  the screen ignores every key and click, and then it takes only a deliberate press: a key-down
  that began after the guard (a key already held when the screen opened, or pressed during the
  guard, counts only once released and pressed again), or a click whose button went down and up
  after it. The time is the screen's own clock: the `dt` the app passes to `update` (capped per
  frame by the app, so never faster than the wall clock), or a clock given to it (`clock=`, a
  callable returning seconds: tests pass a fake one). While the guard runs the screen asks for
  frames (`animating`), so the app's clock keeps moving.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ..client import sprites
from ..client.ui import DIM, GOLD, INK, panel, text
from .base import Scene

GUARD = 0.6
"""Seconds after it opens during which the hand-off ignores every key and click."""

PASS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""The keys that pass the screen (Enter, not Space: Space skips the battle's animations)."""
UNDO_KEY = pygame.K_u


def held_keys() -> set[int]:
    """The screen's keys held down right now (a key held from before the screen opened)."""
    try:
        down = pygame.key.get_pressed()
        return {k for k in (*PASS_KEYS, UNDO_KEY) if down[k]}
    except (pygame.error, IndexError):
        return set()


class HandOffScene(Scene):
    """Opaque: nothing of the board shows until the named player clicks."""

    transparent = False
    guard = GUARD

    def __init__(self, app, battle, player: str, clock: Callable[[], float] | None = None):
        super().__init__(app)
        self.battle = battle
        self.player = player
        self.shown: list[str] = []
        """Every line of text the last frame showed (the hidden-information tests read it)."""
        self.elapsed = 0.0
        """Seconds of `update` since the screen opened (its clock when none is given)."""
        self.clock: Callable[[], float] = clock if clock is not None else (lambda: self.elapsed)
        self.opened = self.clock()
        self.held: set[int] = held_keys()
        """Keys that went down before the guard ended (or before the screen opened) and are not
        yet released: they pass nothing, however long they are held (key repeat included)."""
        self.pressed = False
        """Whether a mouse button went down on this screen after the guard. A click counts only
        when it began there: a player clicking to skip the last animation must not pass the
        screen with the same click's release."""

    @property
    def ready(self) -> bool:
        """Whether the guard is over: a deliberate press may pass the screen now."""
        return self.clock() - self.opened >= self.guard - 1e-9  # (a sum of frame times rounds)

    @property
    def animating(self) -> bool:
        return not self.ready  # frames keep coming while the guard runs, so its time passes

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def public_words(self) -> str:
        """The public words under the title: the round (or turn) and whose move, from the public
        view (nobody seated) — never what the coming seat is to decide, which could tell what
        it holds. The same for every seat holding anything."""
        front = self.battle.front
        n = front.when()
        when = self.app.router.round_words(n, front.ruleset_id) if n is not None and n > 0 else ""
        move = f"your move, {self.player}"
        return f"{when[:1].upper()}{when[1:]}: {move}" if when else move[:1].upper() + move[1:]

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

    def deliberate(self, event) -> bool | None:
        """Whether `event` is a deliberate press (a key-down or a click's release that began after
        the guard); None for an event that is no press at all. Tracks the keys and the button."""
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return None
        if event.type == pygame.KEYDOWN:
            if not self.ready or event.key in self.held:
                self.held.add(event.key)
                return False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.ready
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            began_here, self.pressed = self.pressed, False
            return began_here and self.ready
        return None

    def handle_event(self, event):
        press = self.deliberate(event)
        clicked = press and event.type == pygame.MOUSEBUTTONUP
        keyed = press and event.type == pygame.KEYDOWN
        if self.undo_for() is not None and (
                clicked and self.undo_rect().collidepoint(event.pos) or keyed and event.key == UNDO_KEY):
            self.app.stack.remove(self)
            self.battle.undo()
            return None
        if clicked or keyed and event.key in PASS_KEYS:
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
        aside = self.app.router.handoff_aside(self.battle.front.ruleset_id)
        lines = [f"Pass to {self.player}", self.public_words(), aside, "Click (or press Enter) when ready"]
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
