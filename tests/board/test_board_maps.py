"""The board's Tiled loader knows no rules: square maps, the rulesets a map is for,
and Celebrity Deathmatch's map check giving the messages it always gave."""

import json
import subprocess
import sys
from collections import Counter

import pytest

from conftest import ROOT
from deathmatch.board import HEX, SQUARE, Square
from deathmatch.board.arenas import ensure_user_arenas, list_arenas
from deathmatch.board.tiled import (
    MapError, check_map, load_arena, map_check, parse_rulesets, read_map,
)
from deathmatch.cli import main
from deathmatch.rulesets.celebrity.arena_check import check_arena
from test_maps import FOUR_SPAWNS, tmx
import deathmatch.rulesets.supers.arena_check  # noqa: E402,F401  registers the map check of "supers"

DATA = ROOT / "tests" / "data" / "tiled"
YARD = DATA / "tiled_saved_square_yard.tmx"

# --- square maps ----------------------------------------------------------------------


def test_an_orthogonal_map_saved_by_tiled_loads_into_a_square_board():
    """tiled_saved_square_yard.tmx is tools/make_square_test_map.py's map as Tiled 1.8.2 saved it."""
    assert 'tiledversion="1.8.2"' in YARD.read_text() and 'orientation="orthogonal"' in YARD.read_text()
    report = check_map(YARD)
    assert report.ok and not report.problems, [str(p) for p in report.problems]
    a = report.arena
    assert a.grid is SQUARE and a.rulesets == ("sandbox",)
    assert (a.name, a.author) == ("The Yard", "Deathmatch tests")
    # 8 x 6 cells, the top-right one void; ranks count from the bottom (Tiled's row 5 is rank 0)
    assert len(a.terrain) == 47 and a.terrain_at(Square(7, 5)) == "void"
    assert a.blocked == {Square(2, 4), Square(5, 1), Square(3, 2)}  # two obstacles and a wall tile
    assert a.hazards == {Square(4, 3)} and a.terrain_at(Square(4, 3)) == "hazard"
    assert len(a.floor) == 43
    assert a.markers["spawn"] == (Square(0, 0), Square(6, 5)) and a.spawn == a.markers["spawn"]
    assert a.markers["objective"] == (Square(3, 3),) and a.markers["loot"] == (Square(6, 0),)
    assert a.cells[Square(0, 0)] == (0, 5) and a.cells[Square(7, 0)] == (7, 5)
    for c, cell in a.cells.items():
        assert a.layout.to_offset(c) == cell and a.layout.to_cell(*cell) == c
        assert a.layout.cell_at(*a.layout.cell_center(*cell)) == cell
    # king-step neighbours on the board: a corner has three, one beside an obstacle loses it
    assert a.floor_ring[Square(0, 0)] == (Square(1, 0), Square(1, 1), Square(0, 1))
    assert len(a.floor_ring[Square(1, 1)]) == 8
    assert Square(2, 4) not in a.floor_ring[Square(1, 4)]
    assert len(a.floor_islands()) == 1


def test_the_written_map_and_the_one_tiled_saved_are_the_same_board():
    a, b = load_arena(DATA / "square_yard.tmx"), load_arena(YARD)
    assert a.terrain == b.terrain and a.markers == b.markers and a.cells == b.cells
    assert (a.name, a.description, a.rulesets) == (b.name, b.description, b.rulesets)


def test_a_square_map_is_no_celebrity_arena(tmp_path):
    text = (DATA / "square_yard.tmx").read_text().replace('value="sandbox"', 'value="celebrity"')
    p = tmp_path / "yard.tmx"
    p.write_text(text)
    for name in ("squares.tsx", "squares.png"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    found = [str(x) for x in check_map(p).problems]
    assert found == [f"{p}: error: map: orientation is 'orthogonal': Deathmatch arenas must be hexagonal "
                     "(Map > Map Properties > Orientation: Hexagonal)"]
    with pytest.raises(MapError, match="must be hexagonal"):
        load_arena(p)
    # the board alone reads it fine
    assert read_map(p).arena.grid is SQUARE


# --- the board knows no rules ------------------------------------------------------------


def test_the_board_reads_without_rules_and_the_ruleset_registers_its_check(tmp_path):
    p = tmp_path / "fewspawns.tmx"
    p.write_text(tmx(markers=FOUR_SPAWNS[1:], tileset=(ROOT / "assets" / "tiles" / "arena_pointy.tsx").as_posix()))
    assert map_check("celebrity") is check_arena
    alone = read_map(p)
    assert alone.ok and alone.arena.grid is HEX and alone.arena.rulesets == ("celebrity",)
    assert not any("spawn hexes" in str(x) for x in alone.problems)
    checked = check_map(p)
    assert not checked.ok and any("error: markers: 3 spawn hexes, but 2 players bring 4 models" in str(x)
                                  for x in checked.problems)
    # a ruleset with no check of its own: only the board's
    assert check_map(p, ruleset="sandbox").ok
    # Chessboard Skirmish's check: not a board of squares
    assert any("Chessboard Skirmish boards are squares" in str(x) for x in check_map(p, ruleset="skirmish").errors)


def test_the_board_imports_no_rules():
    code = ("import sys, deathmatch.board, deathmatch.board.tiled, deathmatch.board.arenas\n"
            "print(sorted(m for m in sys.modules if m.startswith('deathmatch.') and not m.startswith('deathmatch.board')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.strip() == "['deathmatch.paths']"


CASES = {
    "ortho": dict(orientation="orthogonal"), "iso": dict(orientation="isometric"), "infinite": dict(infinite="1"),
    "unknown": dict(markers=FOUR_SPAWNS + [("treasure", 2, 3)]),
    "onvoid": dict(ground=[[1] * 5 for _ in range(4)] + [[1, 1, 1, 1, 0]], markers=FOUR_SPAWNS),
    "onblocked": dict(objects_layer=[[0] * 5, [0] * 5, [0, 0, 13, 0, 0], [0] * 5, [0] * 5], markers=FOUR_SPAWNS),
    "fewspawns": dict(markers=FOUR_SPAWNS[1:]),
    "toosmall": dict(width=3, height=3, markers=[], props={"name": "T", "description": "d", "min_players": 2, "max_players": 4}),
    "badrange": dict(markers=FOUR_SPAWNS, props={"name": "T", "description": "d", "min_players": 3, "max_players": 2}),
    "badint": dict(markers=FOUR_SPAWNS, props={"name": "T", "description": "d", "min_players": "x", "max_players": 12}),
    "noprops": dict(markers=FOUR_SPAWNS, props={}),
    "islands": dict(objects_layer=[[0] * 5, [0] * 5, [13] * 5, [0] * 5, [0] * 5],
                    markers=[m for m in FOUR_SPAWNS if m[2] != 2] + [("loot", 2, 1), ("beast", 1, 3), ("beast", 3, 3)]),
    "noside": dict(side=0, markers=FOUR_SPAWNS), "flatpointy": dict(axis="x", markers=[]),
    "nofloor": dict(ground=[[0] * 5 for _ in range(5)], markers=[]),
    "dupe": dict(markers=FOUR_SPAWNS + [("spawn", 0, 0)]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_check_map_prints_the_messages_it_printed_before_the_rules_moved(tmp_path, capsys, name):
    """Every message of check-map for these hex maps, as the code before the move printed them
    (tests/data/tiled/check_map_messages.json; the order may differ, the messages not)."""
    golden = json.loads((DATA / "check_map_messages.json").read_text(encoding="utf-8"))
    for f in ("arena_pointy.tsx", "arena_pointy.png"):
        (tmp_path / f).write_bytes((ROOT / "assets" / "tiles" / f).read_bytes())
    p = tmp_path / f"{name}.tmx"
    p.write_text(tmx(tileset="arena_pointy.tsx", **CASES[name]))
    main(["check-map", str(p)])
    printed = [line.split(": ", 1)[1] for line in capsys.readouterr().out.splitlines() if line.startswith(str(p) + ":")]
    assert Counter(printed) == Counter(golden[name])


# --- the rulesets a map is for -------------------------------------------------------------


def test_rulesets_property():
    assert parse_rulesets("celebrity") == ("celebrity",)
    assert parse_rulesets(" celebrity, supers ") == ("celebrity", "supers")
    for bad in ("", " , ", "Celebrity Deathmatch"):
        with pytest.raises(ValueError):
            parse_rulesets(bad)


def test_a_bad_rulesets_property_is_named(tmp_path):
    p = tmp_path / "bad.tmx"
    p.write_text(tmx(markers=FOUR_SPAWNS, tileset=(ROOT / "assets" / "tiles" / "arena_pointy.tsx").as_posix(),
                     props={"name": "T", "description": "d", "min_players": 2, "max_players": 2, "rulesets": "Big Fight"}))
    found = [str(x) for x in check_map(p).problems]
    assert any("error: map properties: rulesets names 'Big Fight', which is not a ruleset id" in m for m in found), found


def test_each_ruleset_is_listed_its_own_maps():
    folder = ensure_user_arenas()
    for name in ("squares.tsx", "squares.png"):
        (folder / name).write_bytes((DATA / name).read_bytes())
    (folder / "yard.tmx").write_text((DATA / "square_yard.tmx").read_text())
    both = (folder / "my_first_arena.tmx").read_text().replace(
        'name="rulesets" value="celebrity"', 'name="rulesets" value="celebrity, supers"')
    (folder / "both.tmx").write_text(both)

    celebrity = {e.id: e for e in list_arenas()}
    assert "user:yard" not in celebrity
    assert {"user:both", "user:my_first_arena", "bundled:colosseum"} <= set(celebrity)
    assert all(e.ok for e in celebrity.values())
    assert celebrity["user:both"].rulesets == ("celebrity", "supers")

    supers = {e.id: e for e in list_arenas(ruleset="supers")}
    bundled_supers = [i for i in supers if i.startswith("bundled:")]
    assert [i for i in supers if i.startswith("user:")] == ["user:both"]
    assert bundled_supers == ["bundled:supers_crater", "bundled:supers_danger_room", "bundled:supers_foundry",
                              "bundled:supers_skyline"] and all(supers[i].ok for i in bundled_supers)
    sandbox = {e.id: e for e in list_arenas(ruleset="sandbox")}
    assert list(sandbox) == ["user:yard"] and sandbox["user:yard"].ok
    assert sandbox["user:yard"].report.arena.grid is SQUARE
    skirmish = {e.id: e for e in list_arenas(ruleset="skirmish")}
    assert "user:yard" not in skirmish and "bundled:chessboard" in skirmish
    assert all(e.ok and e.report.arena.grid is SQUARE for e in skirmish.values())
    assert not set(skirmish) & set(celebrity)
    gladiator = {e.id: e for e in list_arenas(ruleset="gladiator")}
    assert "bundled:sand_circle" in gladiator and not set(gladiator) & (set(celebrity) | set(skirmish))
    assert len(list_arenas(ruleset=None)) == len(celebrity) + 1 + len(skirmish) + len(gladiator) + len(bundled_supers)


def test_arenas_command_lists_a_rulesets_maps(capsys):
    folder = ensure_user_arenas()
    for name in ("squares.tsx", "squares.png"):
        (folder / name).write_bytes((DATA / name).read_bytes())
    (folder / "yard.tmx").write_text((DATA / "square_yard.tmx").read_text())
    assert main(["arenas"]) == 0
    out = capsys.readouterr().out
    assert "The Colosseum" in out and "The Yard" not in out
    assert main(["arenas", "--ruleset", "sandbox"]) == 0
    out = capsys.readouterr().out
    assert "The Yard" in out and "The Colosseum" not in out
    assert main(["arenas", "--ruleset", "skirmish"]) == 0
    out = capsys.readouterr().out
    assert "The Chessboard" in out and "The Yard" not in out and "The Colosseum" not in out
    assert main(["arenas", "--ruleset", "all"]) == 0
    out = capsys.readouterr().out
    assert "The Yard" in out and "The Colosseum" in out


def test_hazard_and_wall_tiles_are_board_terrain_but_no_celebrity_arena_has_hazards(tmp_path):
    (tmp_path / "kinds.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><tileset name="kinds" tilewidth="112" tileheight="128" tilecount="3" columns="3">'
        '<image source="kinds.png" width="336" height="128"/>'
        + "".join(f'<tile id="{i}"><properties><property name="terrain" value="{t}"/></properties></tile>'
                  for i, t in enumerate(("floor", "wall", "hazard")))
        + "</tileset>")
    (tmp_path / "kinds.png").write_bytes((DATA / "squares.png").read_bytes())
    ground = [[1] * 5 for _ in range(5)]
    ground[1][1], ground[3][3] = 2, 3
    p = tmp_path / "fire.tmx"
    p.write_text(tmx(tileset="kinds.tsx", ground=ground, markers=FOUR_SPAWNS))
    board = read_map(p)
    assert board.ok, [str(x) for x in board.problems]
    a = board.arena
    assert a.terrain_at(a.layout.to_cell(1, 1)) == "blocked" and a.hazards == {a.layout.to_cell(3, 3)}
    found = [str(x) for x in check_map(p).problems]
    assert any("error: map: 1 hazard hexes: Celebrity Deathmatch has no hazards" in m for m in found), found
