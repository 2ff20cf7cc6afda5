"""Offset <-> axial for the four Tiled hex layouts, checked against Tiled's own pixel layout."""

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deathmatch.board import Hex
from deathmatch.board.tiled import Layout, axial_to_offset, offset_to_axial

VARIANTS = [("y", "odd"), ("y", "even"), ("x", "odd"), ("x", "even")]


@pytest.mark.parametrize("axis, index", VARIANTS)
@given(col=st.integers(-50, 50), row=st.integers(-50, 50))
def test_offset_axial_round_trip(axis, index, col, row):
    assert axial_to_offset(offset_to_axial(col, row, axis, index), axis, index) == (col, row)


@pytest.mark.parametrize("axis, index", VARIANTS)
@given(q=st.integers(-50, 50), r=st.integers(-50, 50))
def test_axial_offset_round_trip(axis, index, q, r):
    assert offset_to_axial(*axial_to_offset(Hex(q, r), axis, index), axis, index) == Hex(q, r)


def layout(axis, index, w=8, h=7):
    tw, th = (112, 128) if axis == "y" else (128, 112)
    return Layout(w, h, tw, th, 64, axis, index)


@pytest.mark.parametrize("axis, index", VARIANTS)
def test_neighbours_in_tiled_pixels_are_neighbours_in_axial(axis, index):
    """Two cells whose centres Tiled draws one hex apart are exactly the axial neighbours."""
    lay = layout(axis, index)
    cells = [(c, r) for r in range(lay.height) for c in range(lay.width)]
    step = 112  # centre-to-centre distance of neighbours in these tiles (111 on the slant)
    for a, b in itertools.combinations(cells, 2):
        (ax, ay), (bx, by) = lay.cell_center(*a), lay.cell_center(*b)
        near = math.hypot(ax - bx, ay - by) <= step * 1.15
        assert near == (lay.to_axial(*a).distance(lay.to_axial(*b)) == 1), (a, b)


@pytest.mark.parametrize("axis, index", VARIANTS)
def test_directions_point_the_same_way_everywhere(axis, index):
    """Direction d from any cell goes the same way on screen (odd and even rows/columns alike)."""
    lay = layout(axis, index)
    for d in range(6):
        angles = set()
        for col, row in [(2, 2), (3, 3), (2, 3), (3, 2)]:
            h = lay.to_axial(col, row)
            n = lay.to_offset(h.neighbor(d))
            (x0, y0), (x1, y1) = lay.cell_center(col, row), lay.cell_center(*n)
            angles.add(round(math.degrees(math.atan2(y1 - y0, x1 - x0))))
        assert len(angles) == 1, (d, angles)


def test_tiled_cell_origins():
    # Tiled's HexagonalRenderer: pointy odd rows shift right by half a tile,
    # rows step by (tile height + side) / 2.
    lay = layout("y", "odd")
    assert lay.cell_origin(0, 0) == (0, 0)
    assert lay.cell_origin(0, 1) == (56, 96)
    assert lay.cell_origin(1, 2) == (112, 192)
    flat = layout("x", "even")
    assert flat.cell_origin(0, 0) == (0, 56)  # even columns shift down
    assert flat.cell_origin(1, 0) == (96, 0)


@pytest.mark.parametrize("axis, index", VARIANTS)
def test_pixel_to_cell_finds_each_centre(axis, index):
    lay = layout(axis, index)
    for row in range(lay.height):
        for col in range(lay.width):
            cx, cy = lay.cell_center(col, row)
            assert lay.cell_at(cx + 5, cy - 5) == (col, row)
    assert lay.cell_at(-500, -500) is None
