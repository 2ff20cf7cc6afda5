"""New game of Chessboard Skirmish: the shared setup frame (scenes/setup.py) with two seats, each
leading an army, a square board, and Skirmish's options (scenes/skirmish/options.py).

A seat's "Army" button steps through the armies legal at the points (scenes/skirmish/newgame.py
lists them); "Random" deals one at the start. What is remembered sits beside Celebrity's choices
in the settings (its own keys), so playing one game never resets the other's setup.
"""

from __future__ import annotations

import pygame

from ...client.squareview import SquareBoard
from ...client.ui import Button
from ..setup import TwoSeatSetup


class SkirmishSetupScene(TwoSeatSetup):
    title = "New game: Chessboard Skirmish"
    ruleset_id = "skirmish"
    default_arena = "bundled:chessboard"
    no_arena = "No board found for Chessboard Skirmish."
    piece = "army"
    pick_hint = "Step through the armies legal at the points (bundled and your own)"
    random_hint = "Lead an army dealt at random"

    def __init__(self, app):
        super().__init__(app)
        self.count = 2
        self.take_up_arenas(self.seats[:2])
        for seat in self.seats[:2]:
            seat.cards = []

    # --- the choices ---
    def choices(self) -> list[str]:
        return self.armies()

    def armies(self) -> list[str]:
        """The armies a seat may pick now: those legal at the points."""
        return self.side.legal_armies(self.app.library, self.options.options().points)

    def piece_problems(self, entry) -> list[str]:
        return entry.army.problems(self.options.options().points)

    # --- the frame, for two seats with an army each ---
    def layout(self) -> None:
        super().layout()
        keep = self.seat_buttons()
        start = len(keep) - 1  # the frame's last button: Start the game
        if self.can_build():
            s = self.s
            y = max(y for _, y, _ in self.rows) + int(48 * s)
            keep.append(Button("Build an army…", pygame.Rect(int(70 * s), y, int(200 * s), int(32 * s)), self.build,
                               True, pygame.K_b, "Make your own army list and save it to your armies folder (B)"))
        self.buttons = keep
        self.focus = start  # Enter starts the game, as on every setup screen

    # --- the army builder (scenes/skirmish/builder.py, when it is routed) ---
    def can_build(self) -> bool:
        return "army builder" in self.app.router.target_names("skirmish")

    def build(self) -> None:
        self.app.open("army builder", points=self.options.options().points)

    def resume(self) -> None:
        """Back from the builder: a saved army is in the list now."""
        self.app.forget_library()
        self.layout()

    def picture(self, entry, size):
        board = SquareBoard(entry.report.arena, entry.path)
        board.fit(pygame.Rect(0, 0, *size), labels=False)
        img = pygame.Surface(size)
        img.fill(board.background)
        board.rect.topleft = ((size[0] - board.rect.w) // 2, (size[1] - board.rect.h) // 2)
        img.blit(board.scaled(), board.rect)
        return img
