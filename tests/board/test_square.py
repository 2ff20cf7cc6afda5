"""Square geometry and the one grid interface (SKIRMISH.md §1, SUPERS.md §1)."""

import copy
import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deathmatch.board import (
    HEX, SQUARE, SQUARE_DIRECTIONS, Arena, Hex, Square, from_spec, square, square_rear_directions,
)

squares = st.builds(Square, st.integers(-30, 30), st.integers(-30, 30))


def test_square_is_a_frozen_hashable_value_that_round_trips():
    assert Square(1, 2) == Square(1, 2) and Square(1, 2) != Square(2, 1)
    assert len({Square(1, 2), Square(1, 2), Square(2, 1)}) == 2
    assert repr(Square(1, -2)) == "Square(1, -2)"
    assert eval(repr(Square(3, -4))) == Square(3, -4)
    assert Square(*json.loads(json.dumps(Square(3, 4)))) == Square(3, 4)
    with pytest.raises(AttributeError):
        Square(1, 2).x = 5


def test_directions_count_counter_clockwise_from_the_right_straight_ones_even():
    assert SQUARE_DIRECTIONS == ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
    c = Square(4, 4)
    assert c.neighbors() == tuple(c.neighbor(d) for d in range(8))
    assert set(c.orthogonal_neighbors()) == {Square(5, 4), Square(4, 5), Square(3, 4), Square(4, 3)}
    assert set(c.diagonal_neighbors()) == {Square(5, 5), Square(3, 5), Square(3, 3), Square(5, 3)}
    assert c.neighbor(8) == c.neighbor(0)


@given(squares)
def test_neighbours_are_one_king_step_away_and_know_their_direction(c):
    for d, n in enumerate(c.neighbors()):
        assert c.distance(n) == 1
        assert c.direction_to(n) == d
        assert n.direction_to(c) == (d + 4) % 8
    assert all(c.manhattan(n) == 1 for n in c.orthogonal_neighbors())
    assert all(c.manhattan(n) == 2 for n in c.diagonal_neighbors())
    assert c.direction_to(c + (2, 0)) is None


@given(squares, squares)
def test_chebyshev_and_manhattan_distances_are_metrics(a, b):
    assert a.distance(b) == b.distance(a) == max(abs(a.x - b.x), abs(a.y - b.y))
    assert a.manhattan(b) == b.manhattan(a) == abs(a.x - b.x) + abs(a.y - b.y)
    assert a.distance(b) <= a.manhattan(b) <= 2 * a.distance(b)
    assert (a.distance(b) == 0) == (a == b)


@given(squares, squares)
def test_a_line_is_one_king_step_at_a_time_from_end_to_end(a, b):
    line = a.line(b)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(p.distance(q) == 1 for p, q in zip(line, line[1:]))


@given(squares, squares)
def test_a_supercover_touches_the_line_and_steps_straight_or_through_corners(a, b):
    cover = a.supercover(b)
    assert cover[0] == a and cover[-1] == b
    assert set(a.line(b)) <= set(cover)
    assert len(cover) >= a.manhattan(b) - min(abs(a.x - b.x), abs(a.y - b.y)) + 1
    assert len(set(cover)) == len(cover)


def test_lines_on_files_ranks_and_diagonals_are_the_squares_between():
    assert Square(0, 0).line((3, 0)) == [Square(0, 0), Square(1, 0), Square(2, 0), Square(3, 0)]
    assert Square(2, 5).line((2, 2)) == [Square(2, 5), Square(2, 4), Square(2, 3), Square(2, 2)]
    assert Square(0, 0).line((3, 3)) == [Square(i, i) for i in range(4)]
    # a diagonal passes through corners: the supercover adds the squares beside each one
    assert Square(0, 0).supercover((2, 2)) == [
        Square(0, 0), Square(1, 0), Square(0, 1), Square(1, 1), Square(2, 1), Square(1, 2), Square(2, 2)]
    assert Square(0, 0).aligned((5, 5)) and Square(0, 0).aligned((0, 7)) and not Square(0, 0).aligned((1, 2))
    assert not Square(1, 1).aligned((1, 1))


def test_lines_off_the_eight_directions():
    assert Square(0, 0).line((5, 2)) == [Square(0, 0), Square(1, 0), Square(2, 1), Square(3, 1), Square(4, 2), Square(5, 2)]
    # through a corner the supercover takes both squares beside it
    assert Square(0, 0).supercover((3, 1)) == [
        Square(0, 0), Square(1, 0), Square(2, 0), Square(1, 1), Square(2, 1), Square(3, 1)]
    assert Square(0, 0).supercover((2, 1)) == [Square(0, 0), Square(1, 0), Square(1, 1), Square(2, 1)]


def test_facing_sides_on_squares_and_hexes():
    assert square_rear_directions(0) == (3, 4, 5)
    assert square_rear_directions(6) == (1, 2, 3)
    assert [SQUARE.side(2, d) for d in range(8)] == [
        "right", "front-right", "front", "front-left", "left", "rear-left", "rear", "rear-right"]
    assert [HEX.side(0, d) for d in range(6)] == ["front", "front-left", "rear-left", "rear", "rear-right", "front-right"]
    assert HEX.rear_directions(0) == (2, 3, 4)


@pytest.mark.parametrize("grid, a, b", [(HEX, Hex(0, 0), Hex(3, -1)), (SQUARE, Square(0, 0), Square(3, -1))])
def test_one_grid_interface_over_both(grid, a, b):
    assert grid.cell(*a) == a
    assert grid.neighbors(a) == tuple(grid.neighbor(a, d) for d in range(len(grid.directions)))
    assert all(grid.distance(a, n) == 1 and grid.direction(a, n) == d for d, n in enumerate(grid.neighbors(a)))
    line = grid.line(a, b)
    assert line[0] == a and line[-1] == b and len(line) == grid.distance(a, b) + 1
    assert len(grid.rear_directions(0)) == 3


def test_a_square_board_has_king_step_floor_neighbours():
    board = square(8, 8, blocked=[(3, 3)], void=[(7, 7)])
    assert isinstance(board, Arena) and board.grid is SQUARE
    assert len(board.floor) == 62 and board.blocked == {Square(3, 3)}
    assert board.terrain_at(Square(7, 7)) == "void" and board.terrain_at(Square(3, 3)) == "blocked"
    assert board.floor_ring[Square(0, 0)] == (Square(1, 0), Square(1, 1), Square(0, 1))
    assert Square(3, 3) not in board.floor_ring[Square(2, 2)]
    assert len(board.floor_islands()) == 1
    assert board.with_blocked([(0, 0)]).grid is SQUARE
    assert from_spec({"square": [8, 8], "blocked": [[3, 3]], "void": [[7, 7]]}).terrain == board.terrain
    with pytest.raises(ValueError, match="arena.square"):
        from_spec({"square": [0, 8]})


def test_grids_stay_the_singletons_through_pickle_and_copy():
    for grid in (HEX, SQUARE):
        assert pickle.loads(pickle.dumps(grid)) is grid and copy.deepcopy(grid) is grid
    board = pickle.loads(pickle.dumps(square(3, 3)))
    assert board.grid is SQUARE and board.floor_ring[Square(1, 1)] == Square(1, 1).neighbors()


@given(col=st.integers(0, 40), row=st.integers(0, 40))
def test_orthogonal_tiled_cells_round_trip_with_ranks_from_the_bottom(col, row):
    from deathmatch.board.tiled import SquareLayout

    lay = SquareLayout(41, 41, 64, 48)
    c = lay.to_cell(col, row)
    assert c == Square(col, 40 - row) and lay.to_offset(c) == (col, row)
    assert lay.cell_at(*lay.cell_center(col, row)) == (col, row)
    # Tiled's row above is one rank up; the neighbour to the right is direction 0
    if row > 0:
        assert lay.to_cell(col, row - 1) == c.neighbor(2)
    assert lay.to_cell(col + 1, row) == c.neighbor(0)
    assert lay.cell_at(-1, 10) is None and lay.cell_at(10, 41 * 48) is None
