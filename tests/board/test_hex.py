"""Hex geometry: RULES.md §1's direction table and the usual hex math."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deathmatch.board import DIRECTIONS, Hex, rear_directions

hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


def test_direction_table_is_the_rules_table():
    assert DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert Hex(0, 0).neighbors() == tuple(Hex(*d) for d in DIRECTIONS)


def test_facing_sides():
    # facing 0: rear-left is direction 2, rear 3, rear-right 4 (RULES.md §1)
    assert rear_directions(0) == (2, 3, 4)
    assert rear_directions(5) == (1, 2, 3)


def test_hex_is_a_value():
    assert Hex(1, 2) == Hex(1, 2)
    assert len({Hex(1, 2), Hex(1, 2), Hex(2, 1)}) == 2
    assert repr(Hex(1, -2)) == "Hex(1, -2)"
    assert Hex(1, -2).s == 1
    with pytest.raises(AttributeError):
        Hex(1, 2).q = 5


@given(hexes, hexes)
def test_distance_is_a_metric(a, b):
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes)
def test_neighbors_are_at_distance_one_and_know_their_direction(h):
    for d, n in enumerate(h.neighbors()):
        assert h.distance(n) == 1
        assert h.direction_to(n) == d
        assert h.neighbor(d) == n
    assert h.direction_to(h) is None


@given(hexes, hexes)
def test_line_steps_one_hex_at_a_time(a, b):
    line = a.line(b)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(x.distance(y) == 1 for x, y in zip(line, line[1:]))


def test_line_along_a_direction_is_straight():
    assert Hex(0, 0).line(Hex(3, 0)) == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]


@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_rings_and_spirals(radius):
    ring = Hex(2, -1).ring(radius)
    assert len(ring) == max(1, 6 * radius)
    assert all(Hex(2, -1).distance(h) == radius for h in ring)
    assert len(set(Hex(0, 0).spiral(radius))) == 3 * radius * (radius + 1) + 1


@given(hexes, st.integers(0, 12))
def test_rotation_keeps_distance_and_six_steps_go_round(h, k):
    assert h.rotate(k).length() == h.length()
    assert h.rotate(6) == h
    assert h.rotate(k).rotate(6 - k % 6) == h


def test_one_rotation_step_turns_each_direction_into_the_next():
    for d in range(6):
        assert Hex(*DIRECTIONS[d]).rotate(1) == Hex(*DIRECTIONS[(d + 1) % 6])
