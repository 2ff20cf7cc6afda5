"""Arenas: generated boards and arena specs."""

import pytest

from deathmatch.board import Hex, from_spec, hexagon, rectangle


def test_hexagon_has_the_right_hexes():
    a = hexagon(4, blocked=[(2, -1)], void=[(4, 0)])
    assert len(a.terrain) == 61 - 1
    assert a.terrain_at(Hex(2, -1)) == "blocked"
    assert a.terrain_at(Hex(4, 0)) == "void"
    assert a.terrain_at(Hex(9, 9)) == "void"
    assert Hex(2, -1) not in a.floor and Hex(0, 0) in a.floor
    assert a.floor_neighbors[Hex(1, -1)][0] is None  # (2,-1) is blocked


def test_rectangle_rows():
    a = rectangle(5, 4)
    assert len(a.floor) == 20
    for r in range(4):
        assert sum(1 for h in a.floor if h.r == r) == 5


def test_with_blocked_keeps_the_facts():
    a = hexagon(3, name="Pit", min_players=2, max_players=3)
    b = a.with_blocked([(0, 0)])
    assert b.name == "Pit" and b.max_players == 3
    assert b.terrain_at(Hex(0, 0)) == "blocked" and a.terrain_at(Hex(0, 0)) == "floor"


def test_islands():
    a = hexagon(2, blocked=[h for h in Hex(0, 0).ring(1)])
    islands = a.floor_islands()
    assert [len(i) for i in islands] == [12, 1]


def test_spec_round_trip():
    a = hexagon(3, blocked=[(1, 0)])
    b = from_spec(a.source)
    assert b.terrain == a.terrain


@pytest.mark.parametrize(
    "spec, words",
    [
        ({"hexagon": 0}, "radius"),
        ({"hexagon": 3, "wall": []}, "unknown key 'wall'"),
        ({"rectangle": [3]}, "width, height"),
        ({"blocked": []}, "give one of"),
        ({"hexagon": 3, "blocked": [[1]]}, "[q, r] pairs"),
        ([1, 2], "mapping"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec, words):
    with pytest.raises(ValueError, match=None) as e:
        from_spec(spec)
    assert words in str(e.value)
