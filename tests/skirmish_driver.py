"""Drives Chessboard Skirmish's table headless, by the mouse alone or the keyboard alone, the way a
player would: only what the screen offers (highlighted squares, buttons, the hand-off screen)."""

from __future__ import annotations

import pygame

from table_driver import BaseDriver
from test_client import click, press


class TableDriver(BaseDriver):
    def __init__(self, app, table, mode: str, rng, prefer_attacks: bool = True):
        super().__init__(app, table, mode, rng)
        self.prefer_attacks = prefer_attacks
        self.seen_stages: set[str] = set()
        self.pressed: set[str] = set()

    def pick_square(self, sq):
        t = self.table
        if self.mode == "mouse":
            self.frames(1, click(t.board.square_rect(sq).center))
            return
        order = t.candidate_order()
        if sq in order:  # Tab to it
            # from a square that is not a candidate, the first Tab goes to the first candidate
            steps = (order.index(sq) - order.index(t.cursor)) % len(order) if t.cursor in order else order.index(sq) + 1
            events = []
            for _ in range(steps):
                events += press(pygame.K_TAB)
            events += press(pygame.K_RETURN)
            self.frames(1, events)
            return
        events = []  # walk the cursor there with the arrows
        cx, cy = t.cursor
        for _ in range(abs(sq[0] - cx)):
            events += press(pygame.K_RIGHT if sq[0] > cx else pygame.K_LEFT)
        for _ in range(abs(sq[1] - cy)):
            events += press(pygame.K_UP if sq[1] > cy else pygame.K_DOWN)
        events += press(pygame.K_RETURN)
        self.frames(1, events)

    def press_button(self, button):
        self.pressed.add(button.label)
        if self.mode == "mouse":
            self.frames(1, click(button.rect.center))
        else:
            self.frames(1, press(button.key))

    def step(self):
        """One answer (or one choice on the way to it) by the screen's own means."""
        t = self.table
        self.seen_stages.add(t.stage)
        before = len(self.game.history)
        for _ in range(8):
            if len(self.game.history) > before or t.stage == "over":
                return
            buttons = [b for b in t.buttons if b.enabled and b.key is not None and not b.label.startswith("Back")]
            cands = t.candidate_order()
            if t.stage in ("reroll", "weapon"):
                self.press_button(self.rng.choice(buttons))
                continue
            if t.stage == "act":
                mine = t.rf.square_of(t.seen, t.selected)
                attacks = [sq for sq in cands if any(not isinstance(o, tuple) and t.rf.action_kind(o) == "attack"
                                                     for o in t.candidates[sq])]
                moves = [sq for sq in cands if sq != mine and sq not in attacks]
                if attacks and self.prefer_attacks:
                    self.pick_square(self.rng.choice(attacks))
                elif buttons and (not moves or self.rng.random() < 0.25):
                    self.press_button(self.rng.choice(buttons))
                elif moves:
                    self.pick_square(self.rng.choice(moves))
                else:
                    raise AssertionError("a picked miniature with nothing to do")
                continue
            if cands:
                self.pick_square(self.rng.choice(cands))
                continue
            if buttons:
                self.press_button(self.rng.choice(buttons))
                continue
            raise AssertionError(f"nothing to do at stage {t.stage}")
        raise AssertionError(f"no answer after eight tries at stage {t.stage}")

    def play(self, max_steps=4000) -> int:
        n = 0
        while True:
            self.settle()
            if self.table.stage == "over":
                return n
            self.step()
            n += 1
            assert n < max_steps, "the game did not end"
