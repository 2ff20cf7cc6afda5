"""The toy's screens: a minimal table (plain squares, played by mouse), its setup, its results part and
its replay. Written against the shell alone (`deathmatch.scenes.base`, `.menu`, `.results`, `client.ui`),
as a game from another package would be."""

from __future__ import annotations

import random

import pygame

from deathmatch import saves
from deathmatch.client.ui import INK, text
from deathmatch.core import registry
from deathmatch.core.record import Record
from deathmatch.scenes.base import Scene
from deathmatch.scenes.menu import MenuScene
from deathmatch.scenes.results import PlainResults

from . import Mark, Setup, new_game

BACKDROP, SQUARE, EDGE = (24, 24, 32), (222, 214, 190), (60, 50, 40)


class ToyTable(Scene):
    """The board in the middle of the window, one square a cell; a click marks it for the seat to play."""

    def __init__(self, app, game, path=None):
        super().__init__(app)
        self.game = game

    def cells(self) -> dict:
        """Each floor square's rectangle on the window."""
        w, h = self.app.size
        floor = self.game.setup.arena.floor
        cols, rows = max(c.x for c in floor) + 1, max(c.y for c in floor) + 1
        side = min(w // (cols + 2), h // (rows + 2))
        left, top = (w - cols * side) // 2, (h - rows * side) // 2
        return {c: pygame.Rect(left + c.x * side, top + c.y * side, side - 4, side - 4) for c in floor}

    def handle_event(self, event):
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.game.over:
            at = next((c for c, r in self.cells().items() if r.collidepoint(event.pos)), None)
            action = Mark(self.game.pending.player, at)
            if at is not None and self.game.is_legal(action):
                self.game.apply(action)
                saves.write_game(self.game)  # the autosave, as every table keeps
                if self.game.over:
                    self.app.go("results", self.game)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go("title")
            return None
        return event

    def status(self) -> str:
        return "Over" if self.game.over else f"{self.game.pending.player} to mark a square"

    def draw(self, surface) -> None:
        surface.fill(BACKDROP)
        for c, r in self.cells().items():
            pygame.draw.rect(surface, SQUARE, r)
            pygame.draw.rect(surface, EDGE, r, 2)
            if c in self.game.board:
                mark = text(self.game.board[c][:1], r.h // 2, EDGE, bold=True)
                surface.blit(mark, mark.get_rect(center=r.center))
        line = text(self.status(), 28, INK)
        surface.blit(line, line.get_rect(midtop=(self.app.size[0] // 2, 12)))


class ToyReplay(ToyTable):
    """The game again from its setup, one mark a click (or the Right key): of a finished game, or of a saved
    game's record (the Load screen's Replay)."""

    def __init__(self, app, game):
        game = registry.replay(game) if isinstance(game, Record) else game
        self.marks = list(game.history)
        super().__init__(app, new_game(game.setup))

    def step(self) -> None:
        if self.marks:
            self.game.apply(self.marks.pop(0))

    def handle_event(self, event):
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or \
                (event.type == pygame.KEYDOWN and event.key == pygame.K_RIGHT):
            self.step()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        return event

    def status(self) -> str:
        return f"Replay: {len(self.game.history)} marks of {len(self.game.history) + len(self.marks)}"


class ToySetup(MenuScene):
    title = "Tic-tac-toe"

    def layout(self) -> None:
        self.buttons = self.column([("Play", self.play, True, pygame.K_RETURN), ("Back", self.back, True, pygame.K_ESCAPE)],
                                   int(self.app.size[1] * 0.4))

    def play(self) -> None:
        self.app.play(new_game(Setup(seed=random.randrange(1 << 30))))


class ToyResults(PlainResults):
    """Who won (the shell's plain part) and a replay of the game."""

    can_replay = True

    def __init__(self, app, game):
        super().__init__(app, game)
        self.app = app

    def watch_replay(self) -> None:
        self.app.open("replay", self.game)


def start(app, game, path=None) -> ToyTable:
    """Put a game on the toy's table (over the title screen)."""
    app.stack.replace(app.router.make("title"))
    table = ToyTable(app, game, path)
    app.push(table)
    return table
