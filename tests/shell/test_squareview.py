"""The square board on the screen (deathmatch/client/squareview.py): a Tiled orthogonal map drawn as
Tiled draws it, fitted whole into the board's rectangle at every window size, and the screen point ↔
square geometry the table's clicks and highlights use."""

from __future__ import annotations

import os
import shutil

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from conftest import ROOT  # noqa: E402
from deathmatch.board import arena as arenas  # noqa: E402
from deathmatch.board.square import Square  # noqa: E402
from deathmatch.board.tiled import load_arena  # noqa: E402
from deathmatch.client.squareview import SquareBoard, square_name  # noqa: E402

YARD = ROOT / "tests" / "data" / "tiled" / "square_yard.tmx"
SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
RASTERIZER = shutil.which("tmxrasterizer")


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield


def yard() -> SquareBoard:
    return SquareBoard(load_arena(YARD), YARD)


def board_rect(size) -> pygame.Rect:
    """Roughly where the table puts the board: under a top bar, left of a side panel, above the log."""
    w, h = size
    return pygame.Rect(0, 54, w - 300, h - 54 - 112)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("which", ["yard", "generated 8x8", "generated 16x16"])
def test_the_whole_board_fits_and_every_square_round_trips(which, size):
    board = {"yard": yard, "generated 8x8": lambda: SquareBoard(arenas.square(8, 8)),
             "generated 16x16": lambda: SquareBoard(arenas.square(16, 16))}[which]()
    rect = board_rect(size)
    board.fit(rect)
    assert rect.contains(board.rect)
    # the labels fit too: a band below and one on the left
    assert board.rect.bottom + board.label_size <= rect.bottom and board.rect.x - board.label_size >= rect.x
    for sq in board.arena.terrain:
        r = board.square_rect(sq)
        assert r.size == (board.tile, board.tile) and board.rect.contains(r)
        for point in (r.center, r.topleft, (r.right - 1, r.bottom - 1)):
            assert board.square_at(point) == sq
    # as big as fits: a pixel more a square and the board (with its labels) would not
    lab = board.label_size
    assert (board.tile + 1) * board.files + lab > rect.w or (board.tile + 1) * board.ranks + lab > rect.h


def test_square_zero_is_bottom_left_and_files_run_right():
    board = yard()
    board.fit(pygame.Rect(0, 0, 1000, 800))
    a1 = board.square_rect(Square(0, 0))
    assert a1.left == board.rect.left and a1.bottom == board.rect.bottom
    assert board.square_rect(Square(1, 0)).left == a1.right
    assert board.square_rect(Square(0, 1)).bottom == a1.top
    assert (square_name(Square(0, 0)), square_name(Square(7, 5))) == ("a1", "h6")


def test_off_the_board_and_void_are_no_square():
    board = yard()  # its top-right cell (column 7, row 0 in Tiled) has no tile: void
    board.fit(pygame.Rect(0, 0, 1000, 800))
    assert Square(7, 5) not in board.arena.terrain
    assert board.square_at(board.square_rect(Square(7, 5)).center) is None
    assert board.square_at((board.rect.x - 1, board.rect.centery)) is None
    assert board.square_at((board.rect.centerx, board.rect.bottom)) is None
    gen = SquareBoard(arenas.square(6, 6, void=[(5, 5)]))
    gen.fit(pygame.Rect(0, 0, 600, 600))
    assert gen.square_at(gen.square_rect(Square(5, 5)).center) is None
    assert gen.square_at(gen.square_rect(Square(4, 5)).center) == Square(4, 5)


def test_a_generated_board_shows_its_obstacles():
    board = SquareBoard(arenas.square(8, 8, blocked=[(3, 3)]))
    board.fit(pygame.Rect(0, 0, 800, 800))
    surf = pygame.Surface((800, 800))
    board.draw(surf)
    floor = {surf.get_at(board.square_rect(Square(x, 3)).center)[:3] for x in (2, 4)}
    assert surf.get_at(board.square_rect(Square(3, 3)).center)[:3] not in floor
    # light and dark floor alternate, a1 dark as on a chessboard
    a1, b1 = (surf.get_at(board.square_rect(Square(x, 0)).center)[:3] for x in (0, 1))
    assert sum(a1) < sum(b1)


@pytest.mark.skipif(RASTERIZER is None, reason="Tiled's tmxrasterizer is not installed (apt-get install tiled)")
def test_the_map_picture_is_what_tiled_renders(tmp_path):
    from test_mapview import compare, matches, rasterize

    theirs = rasterize(YARD, tmp_path / "yard.png")
    mine = yard().static
    assert mine.get_size() == theirs.get_size()
    stats = compare(mine, theirs)
    assert matches(stats), stats
    shifted = pygame.Surface(mine.get_size(), pygame.SRCALPHA)
    shifted.blit(mine, (0, 1))
    assert not matches(compare(shifted, theirs))


def test_the_maps_tile_objects_are_drawn_over_its_tiles(tmp_path):
    """Marks (home rows, the Retrieve centre) are tile objects: drawn where Tiled draws them, bottom-left
    corner at the object's position, on the square they mark and nowhere else."""
    import shutil as sh

    for name in ("squares.tsx", "squares.png"):
        sh.copy(YARD.parent / name, tmp_path / name)
    text = YARD.read_text(encoding="utf-8")
    mark = '<object id="9" name="mark" type="home_bottom" gid="2" x="64" y="384" width="64" height="64"/>'
    (tmp_path / "yard.tmx").write_text(text.replace('<objectgroup id="2" name="markers">',
                                                    '<objectgroup id="2" name="markers">\n  ' + mark))
    plain = yard()
    marked = SquareBoard(load_arena(tmp_path / "yard.tmx"), tmp_path / "yard.tmx")
    assert plain.marks is None and marked.marks is not None
    for b in (plain, marked):
        b.fit(pygame.Rect(0, 0, 800, 600))
    pics = []
    for b in (plain, marked):
        surf = pygame.Surface((800, 600))
        b.draw(surf)
        pics.append(surf)
    b1 = Square(1, 0)  # x 64..128, y 320..384 in Tiled's pixels: file b, the bottom rank
    assert pics[0].get_at(plain.square_rect(b1).center) != pics[1].get_at(marked.square_rect(b1).center)
    for other in (Square(0, 0), Square(2, 0), Square(1, 1)):
        assert pics[0].get_at(plain.square_rect(other).center) == pics[1].get_at(marked.square_rect(other).center)
