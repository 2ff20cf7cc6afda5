"""Gladiator!'s arenas: the bundled hex maps (tools/make_gladiator_arenas.py) and the ruleset's map
check (deathmatch/rulesets/gladiator/arena_check.py; docs/ARENAS.md, "Gladiator! arenas")."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT
import deathmatch.rulesets.gladiator  # noqa: F401  registers the map check of "gladiator"
from deathmatch.board.arenas import list_arenas
from deathmatch.board.grid import HEX
from deathmatch.board.tiled import check_map, map_check, read_map
from deathmatch.cli import main
from deathmatch.rulesets.gladiator.arena_check import FAR, ROOMY, check_arena

MAPS = [p for p in sorted((ROOT / "maps").glob("*.tmx")) if "gladiator" in read_map(p).draft.rulesets]
TILES = (ROOT / "assets" / "tiles").as_posix() + "/"


def _tool():
    spec = importlib.util.spec_from_file_location("make_gladiator_arenas_under_test",
                                                  ROOT / "tools" / "make_gladiator_arenas.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def write(tmp_path, design, name="arena.tmx"):
    """A design of the tool written in tmp_path, finding the game's tilesets where they are."""
    design.tiles = TILES
    path = tmp_path / name
    path.write_text(design.tmx())
    return path


def disc(radius=3, axis="y"):
    """A plain round arena of the tool, no markers yet."""
    d = TOOL.Bout("test.tmx", "Test", "A test arena.", 2 * radius + 3, 2 * radius + 3, axis, "odd")
    c = d.center()
    d.sand([h for h in d.all_hexes() if c.distance(h) <= radius])
    return d, c


def found(path, severity="error"):
    report = check_map(path)
    return [str(p) for p in report.problems if p.severity == severity]


# --- the bundled arenas ----------------------------------------------------------------------


def test_three_bundled_arenas_are_small_hex_circles_for_two_with_a_few_obstacles():
    assert [p.stem for p in MAPS] == ["broken_ring", "ludus_yard", "sand_circle"]
    for path in MAPS:
        report = check_map(path)
        assert report.ok and report.problems == [], [str(p) for p in report.problems]
        a = report.arena
        assert a.rulesets == ("gladiator",) and a.grid is HEX
        assert (a.min_players, a.max_players) == (2, 2) and a.name and a.description
        assert 19 <= len(a.floor) <= ROOMY and 2 <= len(a.blocked) <= 10
        s, t = a.spawn
        assert 2 <= s.distance(t) <= FAR and a.markers.get("loot", ()) == () and a.beasts == ()
        assert len(a.floor_islands()) == 1


def test_check_map_passes_on_them(capsys):
    assert main(["check-map", *map(str, MAPS)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "3 maps: 0 errors, 0 warnings"
    assert all(line.startswith("ok   ") and "2-2 players" in line and "2 spawn, 0 loot, 0 beast" in line
               for line in out[:-1])


def test_the_ruleset_lists_them_and_only_them():
    listed = {e.id: e for e in list_arenas(ruleset="gladiator")}
    assert sorted(listed) == [f"bundled:{p.stem}" for p in MAPS] and all(e.ok for e in listed.values())
    assert not set(listed) & {e.id for e in list_arenas()}          # not Celebrity Deathmatch's


def test_the_tool_draws_the_committed_maps():
    for make in TOOL.DESIGNS:
        d = make()
        assert (ROOT / "maps" / d.file).read_text(encoding="utf-8") == d.tmx(), d.file


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed (apt-get install tiled)")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_the_real_tiled_draws_each_arena(path, tmp_path):
    runtime = tmp_path / "xdg-runtime"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(runtime))
    out = tmp_path / f"{path.stem}.png"
    done = subprocess.run(["tmxrasterizer", str(path), str(out)], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    import struct

    width, height = struct.unpack(">II", out.read_bytes()[16:24])  # the PNG's IHDR
    a = check_map(path).arena
    lay = a.layout
    side_step = lay.side_length + ((lay.tile_height if lay.stagger_axis == "y" else lay.tile_width) - lay.side_length) // 2
    if lay.stagger_axis == "y":   # Tiled's size of a staggered hex map: the rows overlap, odd rows shift half a tile
        want = (lay.width * lay.tile_width + lay.tile_width // 2, lay.height * side_step + (lay.tile_height - side_step))
    else:
        want = (lay.width * side_step + (lay.tile_width - side_step), lay.height * lay.tile_height + lay.tile_height // 2)
    assert (width, height) == want and out.stat().st_size > 100_000      # the whole map, painted


# --- the map check -----------------------------------------------------------------------------


def test_the_check_is_registered_for_the_ruleset():
    assert map_check("gladiator") is check_arena


def test_a_good_arena_passes(tmp_path):
    d, c = disc()
    d.put(TOOL.arenas.PILLAR, c)
    d.starts(c + (-2, 0), c + (2, 0))
    report = check_map(write(tmp_path, d))
    told = [str(p) for p in report.problems if not p.where.startswith("tileset")]  # (the tiles are the game's own)
    assert report.ok and told == [] and report.arena.spawn == (c + (-2, 0), c + (2, 0))


@pytest.mark.parametrize("starts, message", [
    ([(-2, 0)], "error: markers: 1 spawn markers: a Gladiator! arena marks exactly 2 starting hexes, one a man; "
                "add 1 on floor"),
    ([], "error: markers: 0 spawn markers: a Gladiator! arena marks exactly 2 starting hexes, one a man; add 2"),
    ([(-2, 0), (2, 0), (0, 2)], "error: markers: 3 spawn markers: a Gladiator! arena marks exactly 2 starting "
                                "hexes, one a man; delete all but two"),
    ([(0, 0), (1, 0)], "are next to each other: a bout does not start in contact; move one at least a hex away"),
])
def test_the_starting_hexes_are_exactly_two_and_not_adjacent(tmp_path, starts, message):
    d, c = disc()
    d.mark("spawn", *[c + s for s in starts])
    errors = found(write(tmp_path, d))
    assert any(message in m for m in errors), errors


def test_starting_hexes_on_two_pieces_of_floor_are_an_error(tmp_path):
    d, c = disc()
    d.put(TOOL.arenas.WALL, *[h for h in d.floor if h.r == c.r])       # a wall across the middle
    d.mark("spawn", c + (0, -2), c + (0, 2))
    errors = found(write(tmp_path, d))
    assert any("are on two pieces of floor that no step joins: the men could never meet" in m for m in errors), errors


@pytest.mark.parametrize("kind", ["loot", "beast"])
def test_loot_and_beast_markers_are_not_gladiators(tmp_path, kind):
    d, c = disc()
    d.starts(c + (-2, 0), c + (2, 0))
    d.mark(kind, c)
    errors = found(write(tmp_path, d))
    assert any(f"is a {kind!r} marker: a Gladiator! arena marks only its two starting hexes" in m for m in errors), errors


def test_a_bout_is_for_two_players(tmp_path):
    d, c = disc()
    d.starts(c + (-2, 0), c + (2, 0))
    d.players = (2, 4)
    errors = found(write(tmp_path, d))
    assert errors == [f"{tmp_path / 'arena.tmx'}: error: map properties: max_players is 4: a Gladiator! bout is for "
                      "2 players; set it to 2 or delete it (Map > Map Properties…)"]


def test_far_starts_and_a_big_arena_are_warnings(tmp_path):
    d, c = disc(radius=6)
    d.starts(c + (-6, 0), c + (6, 0))
    path = write(tmp_path, d)
    assert found(path) == []
    warnings = found(path, "warning")
    assert any(f"the starting hexes are 12 hexes apart: the first turns will be only walking; a bout plays well "
               f"with {FAR} or fewer" in m for m in warnings), warnings
    assert any(f"127 floor hexes: a bout of two men plays best on a small circle of sand (at most {ROOMY}" in m
               for m in warnings), warnings


def test_a_square_board_is_not_a_gladiator_arena():
    board = ROOT / "maps" / "chessboard.tmx"
    report = check_map(board, ruleset="gladiator")
    assert any("orientation is 'orthogonal': Gladiator! arenas are hexagonal" in str(p) for p in report.errors)


def test_a_celebrity_arena_checked_for_gladiator_says_each_thing_to_change():
    report = check_map(ROOT / "maps" / "duel_pit.tmx", ruleset="gladiator")
    messages = [str(p) for p in report.errors]
    assert any("max_players is 3" in m for m in messages)
    assert sum("marker: a Gladiator! arena marks only its two starting hexes" in m for m in messages) == 4
    assert any("6 spawn markers" in m and "delete all but two" in m for m in messages)
