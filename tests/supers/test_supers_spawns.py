"""Superhero Gladiators reads spawn cells once: the setup places each team on arena.py's reading
(`read_arena(arena).spawn_cells(seat)`, the map check's and the screens'), not on a second reading
of its own."""

from dataclasses import replace

from deathmatch.board import hexagon
from deathmatch.board.hex import Hex
from deathmatch.board.tiled import load_arena
from deathmatch.paths import maps_dir
from deathmatch.rulesets.supers.arena import read_arena
from deathmatch.rulesets.supers.model import Hero
from deathmatch.rulesets.supers.setup import Seat, Setup, new_game

ZONE_1 = (Hex(-3, 0), Hex(-3, 1))
ZONE_2 = (Hex(3, 0), Hex(3, -1))
OPEN = (Hex(0, 0), Hex(0, 1), Hex(1, 0))


def hero(hid: str, per: int) -> Hero:
    return Hero(hid, hid.title(), 4, 4, 15 - 8 - per, per, ())


def fight(arena, seats: int = 3):
    names = list(zip(("ann", "bob", "cat"), ("red", "blue", "green")))[:seats]
    setup = Setup(tuple(Seat(n, c, (hero(n[0], 3 + k),)) for k, (n, c) in enumerate(names)),
                  dict(arena.source), seed=3)
    return new_game(setup, arena)


def marked():
    """A hexagon with two team zones and plain spawn markers (open to a team with no zone)."""
    return replace(hexagon(3), markers={"spawn_1": ZONE_1, "spawn_2": ZONE_2, "spawn": OPEN}, spawn=OPEN)


def test_each_team_gets_its_zone_and_a_team_without_one_the_open_markers():
    game = fight(marked())
    assert game.spawns == {"ann": ZONE_1, "bob": ZONE_2, "cat": OPEN}
    while game.pending.kind == "place":                      # every hero goes on its team's cells
        d = game.pending
        team = game.state.models[d.model].owner
        assert sorted(tuple(a.at) for a in game.legal_actions()) == sorted(tuple(c) for c in game.spawns[team])
        game.apply(game.legal_actions()[0])


def test_a_zone_walled_over_is_no_zone_its_team_places_on_the_open_markers():
    """The one behaviour the old second reading had otherwise: it sent such a team anywhere."""
    arena = marked().with_blocked(ZONE_1)
    game = fight(arena)
    assert game.spawns["ann"] == OPEN == read_arena(arena).spawn_cells(0)
    assert game.spawns["bob"] == ZONE_2


def test_every_bundled_supers_map_is_placed_on_as_arena_py_reads_it():
    maps = [a for a in map(load_arena, sorted(maps_dir().glob("*.tmx"))) if "supers" in a.rulesets]
    assert maps
    for arena in maps:
        reading = read_arena(arena)
        game = fight(arena, seats=2)
        assert game.spawns == {"ann": reading.zones[1], "bob": reading.zones[2]}
        assert all(game.spawns.values())
