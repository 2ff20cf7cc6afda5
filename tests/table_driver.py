"""The part of driving a table headless that every ruleset's screen tests share: frames at a fixed
step, and running them until the table waits for a person (passing hand-offs by mouse or key)."""

from __future__ import annotations

import pygame

from deathmatch.scenes.handoff import HandOffScene
from test_client import click, past_the_guard, press

DT = 1 / 60


class BaseDriver:
    """`mode` is "mouse" or "keys": how the hand-off screen (and the subclasses' choices) are passed."""

    def __init__(self, app, table, mode: str, rng):
        self.app, self.table, self.mode, self.rng = app, table, mode, rng
        self.game = table.game

    def frames(self, n=1, events=()):
        events = list(events)
        for _ in range(n):
            self.app.frame(events, DT)
            events = []

    def settle(self, limit=20000):
        """Run frames until the table waits for a person (or the game is over)."""
        for _ in range(limit):
            top = self.app.stack.top
            if isinstance(top, HandOffScene):
                past_the_guard(self.app)
                w, h = self.app.size
                self.frames(1, click((w // 2, h // 2)) if self.mode == "mouse" else press(pygame.K_RETURN))
                continue
            t = self.table
            if t.stage == "over" or (t.decision is not None and not t.animator.busy
                                     and t.stage not in ("idle", "auto")):
                return
            thinking = getattr(t, "thinking", None)
            if thinking is not None and not thinking.done():
                # A thinking bot answers on the worker thread: wait for its answer itself, never for a
                # count of frames, which a slow or busy machine may run through first.
                thinking.result(timeout=300)
            self.frames(1)
        raise AssertionError(f"the table never waited for a player (stage {self.table.stage})")
