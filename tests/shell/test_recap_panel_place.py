"""Where the "since your last turn" panel stands on a table with no hand-off (scenes/recap.py): clear of
the cells the seat may pick first, then of the pieces of either side, and in the empty margin beside
the map when it fits there (narrowed to it); the prompt says when a replay plays."""

from __future__ import annotations

import pygame

from deathmatch.scenes import recap


class Front:
    answers = 5


class FakeTable:
    """What the panel reads of a table: its scale, board, picks, pieces and map."""

    def __init__(self, board, mapr, picks=(), pieces=(), s=1.0):
        self.s = s
        self.board_rect = pygame.Rect(board)
        self._map = pygame.Rect(mapr)
        self.candidates = {c: None for c in picks}
        self.pieces = list(pieces)
        self.front = Front()
        self.viewer = "Ann"
        self.stage = "act"

    def cell_point(self, c):
        return c  # (a cell is its own screen point here)

    def piece_points(self):
        return self.pieces

    def map_rect(self):
        return self._map


def corner_of(table, w=300, h=120):
    p = recap.Panel("Ann", ["Joan of Arc (Bob) moves 2 hexes"], 5)
    return recap.place(table, w, h, p)


def test_the_panel_keeps_off_the_other_sides_pieces():
    board, mapr = (0, 0, 1000, 700), (0, 0, 1000, 700)
    # nothing to pick: the lower left corner, unless a piece (the other side's) is there
    assert corner_of(FakeTable(board, mapr)).topleft == (10, 700 - 120 - 8)
    t = FakeTable(board, mapr, pieces=[(60, 640), (900, 40)])
    r = corner_of(t)
    assert not any(r.collidepoint(q) for q in t.pieces) and r.topleft == (10, 8)
    # a cell to pick weighs more than a piece: the panel covers a piece rather than a pick
    t = FakeTable(board, mapr, picks=[(50, 30), (950, 650), (950, 30)], pieces=[(60, 640)])
    r = corner_of(t)
    assert not any(r.collidepoint(q) for q in t.candidates) and r.collidepoint((60, 640))


def test_the_panel_takes_the_empty_margin_beside_the_map():
    pygame.font.init()
    board = pygame.Rect(0, 0, 1600, 900)
    for mapr, width in ((pygame.Rect(100, 0, 900, 900), 430),  # (600 px empty on its right)
                        (pygame.Rect(0, 0, 1250, 900), 330)):  # (350: the panel narrows to fit)
        t = FakeTable(board, mapr, s=1.0)
        r = recap.tracker(t)
        r.panel = recap.Panel("Ann", ["Joan of Arc (Bob) plays Raise the Banner on Attila (Cy)"] * 3, 5)
        recap.draw_panel(t, pygame.Surface(board.size))
        rect = r.panel.rect
        assert rect is not None and rect.x >= mapr.right and not rect.colliderect(mapr), (rect, mapr)
        assert rect.w == width and rect.right <= board.right
    # no room beside the map: the panel keeps its width and goes to the corner covering least
    t2 = FakeTable((0, 0, 1000, 700), (0, 0, 1000, 700))
    r2 = recap.tracker(t2)
    r2.panel = recap.Panel("Ann", ["Attila moves 2 hexes"], 5)
    recap.draw_panel(t2, pygame.Surface((1000, 700)))
    assert r2.panel.rect.w == 430 and r2.panel.rect.x == 10


def test_a_replay_says_so_in_the_prompt():
    t = FakeTable((0, 0, 10, 10), (0, 0, 10, 10))
    assert recap.busy_words(t) == "… (click or Space to skip)"
    recap.tracker(t).replaying = True
    assert recap.busy_words(t) == recap.REPLAYING
    assert "Since your last turn" in recap.REPLAYING and "skip" in recap.REPLAYING
