"""Superhero Gladiators' arenas: the bundled maps, the tiles, how a map is read (supers/arena.py)
and the ruleset's map check (supers/arena_check.py); docs/ARENAS.md "Superhero Gladiators arenas"."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT
from deathmatch.board.arena import Arena, hexagon, square
from deathmatch.board.grid import HEX, SQUARE
from deathmatch.board.hex import Hex
from deathmatch.board.tiled import MapReport, check_map, map_check, read_map
from deathmatch.rulesets.supers import arena_check
from deathmatch.rulesets.supers.arena import FIRE, PIT, VOID, WALL, read_arena, team_of
from deathmatch.rulesets.supers.arena_check import MIN_FLOOR, ZONE_MIN, check_arena

MAPS = [p for p in sorted((ROOT / "maps").glob("*.tmx")) if "supers" in read_map(p).draft.rulesets]
TILES = (ROOT / "assets" / "tiles").as_posix() + "/"


def _load(name):
    spec = importlib.util.spec_from_file_location(f"{name}_under_test", ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


TOOL = _load("make_supers_arenas")


def write(tmp_path, design, name="arena.tmx"):
    """A design of the tool written in tmp_path, finding the game's tilesets where they are."""
    design.tiles = TILES
    path = tmp_path / name
    path.write_text(design.tmx())
    return path


def disc(radius=4, axis="y", players=(2, 2)):
    """A plain round arena of the tool, no markers yet."""
    d = TOOL.Fight("test.tmx", "Test", "A test arena.", players, 2 * radius + 3, 2 * radius + 3, axis, "odd")
    c = d.center()
    d.sand([h for h in d.all_hexes() if c.distance(h) <= radius])
    return d, c


def two_zones(d, c, far=3):
    d.zone(1, c + (-far, 0), c + (-far, 1), c + (-far - 1, 1))
    d.zone(2, c + (far, 0), c + (far, -1), c + (far + 1, -1))


def found(path, severity="error"):
    report = check_map(path)
    return [str(p) for p in report.problems if p.severity == severity and not p.where.startswith("tileset '")]


# --- the bundled arenas ----------------------------------------------------------------------


def test_three_hex_arenas_and_a_square_one_for_the_ruleset():
    assert [p.stem for p in MAPS] == ["supers_crater", "supers_danger_room", "supers_foundry", "supers_skyline"]
    grids = []
    for path in MAPS:
        report = check_map(path)
        assert report.ok and report.problems == [], [str(p) for p in report.problems]
        a = report.arena
        assert a.rulesets == ("supers",) and a.name and a.description
        r = read_arena(a)
        assert r.walls and r.pits and r.fires, path.stem                 # walls and both hazards on each
        assert r.teams == a.max_players >= 2 and a.min_players == 2
        assert all(len(z) >= ZONE_MIN for z in r.zones.values())
        assert len(a.floor_islands()) == 1
        grids.append(a.grid)
    assert grids.count(HEX) == 3 and grids.count(SQUARE) == 1
    assert read_arena(check_map(ROOT / "maps" / "supers_skyline.tmx").arena).teams == 4


def test_each_arena_is_the_same_for_every_team():
    """Turned round its centre (half a turn for two teams; the skyline's four zones too), a
    hex arena reads the same, team 1's zone landing on team 2's."""
    for path in MAPS:
        a = check_map(path).arena
        r = read_arena(a)
        if a.grid is SQUARE:
            w = 1 + max(x for x, _ in a.terrain)
            h = 1 + max(y for _, y in a.terrain)
            turn = lambda s, w=w, h=h: type(s)(w - 1 - s[0], h - 1 - s[1])  # noqa: E731
        else:
            c = sum((Hex(*x) for x in r.zones[1] + r.zones[2]), Hex(0, 0))
            n = len(r.zones[1] + r.zones[2])
            assert c.q % n == 0 and c.r % n == 0, path.stem
            centre = Hex(c.q // n, c.r // n)
            turn = lambda s, centre=centre: Hex(2 * centre.q - s[0], 2 * centre.r - s[1])  # noqa: E731
        for kind in ("wall", "pit", "fire"):
            cells = r.cells(kind)
            assert {turn(s) for s in cells} == set(cells), (path.stem, kind)
        assert {turn(s) for s in r.zones[1]} == set(r.zones[2]), path.stem


def test_the_tools_draw_the_committed_maps():
    for make in TOOL.DESIGNS:
        d = make()
        assert (ROOT / "maps" / d.file).read_text(encoding="utf-8") == d.tmx(), d.file
    file, make = TOOL.SQUARE
    assert (ROOT / "maps" / file).read_text(encoding="utf-8") == make()


def test_the_tool_draws_the_committed_tiles_again(tmp_path):
    import pygame

    tool = _load("make_supers_tileset")
    tool.write_all(tmp_path)
    for name in ("supers_pointy", "supers_flat", "supers_square", "supers_marks"):
        fresh = pygame.image.load(str(tmp_path / f"{name}.png"))
        kept = pygame.image.load(str(ROOT / "assets" / "tiles" / f"{name}.png"))
        assert pygame.image.tobytes(fresh, "RGBA") == pygame.image.tobytes(kept, "RGBA"), f"{name}.png drawn differently"
        assert (tmp_path / f"{name}.tsx").read_text() == (ROOT / "assets" / "tiles" / f"{name}.tsx").read_text()


def test_the_tiles_name_their_terrain_and_hazard_kind():
    for name in ("supers_pointy", "supers_flat", "supers_square"):
        text = (ROOT / "assets" / "tiles" / f"{name}.tsx").read_text()
        assert (ROOT / "assets" / "tiles" / f"{name}.png").exists()
        assert '<property name="hazard" value="pit"/>' in text and '<property name="hazard" value="fire"/>' in text
        assert text.count('value="hazard"') == 2
    marks = (ROOT / "assets" / "tiles" / "supers_marks.tsx").read_text()
    assert [f'value="spawn_{t}"' in marks for t in (1, 2, 3, 4)] == [True] * 4


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed (apt-get install tiled)")
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_the_real_tiled_draws_each_arena(path, tmp_path):
    runtime = tmp_path / "xdg-runtime"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(runtime))
    out = tmp_path / f"{path.stem}.png"
    done = subprocess.run(["tmxrasterizer", "--scale", "0.25", str(path), str(out)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    import pygame

    picture = pygame.image.load(str(out))
    a = check_map(path).arena
    # the fire tiles glow: every fire cell's centre in Tiled's picture is bright and red
    for h in read_arena(a).fires:
        x, y = a.layout.cell_center(*a.cells[h])
        r, g, b, *_ = picture.get_at((int(x * 0.25), int(y * 0.25)))
        assert r > 180 and r > b + 60, (path.stem, h, (r, g, b))
    # and a pit's centre is dark
    for h in read_arena(a).pits:
        x, y = a.layout.cell_center(*a.cells[h])
        assert sum(picture.get_at((int(x * 0.25), int(y * 0.25)))[:3]) < 150, (path.stem, h)


# --- reading a map ---------------------------------------------------------------------------


def test_the_loader_keeps_each_hazards_kind_from_its_tile(tmp_path):
    d, c = disc()
    d.hazard(TOOL.PIT, c)
    d.hazard(TOOL.FIRE, c + (1, 0))
    d.put(TOOL.BULKHEAD, c + (-1, 0))
    two_zones(d, c)
    a = check_map(write(tmp_path, d)).arena
    assert a.hazard_kinds == {c: "pit", c + (1, 0): "fire"}
    r = read_arena(a)
    assert (r.kind(c), r.kind(c + (1, 0)), r.kind(c + (-1, 0)), r.kind(c + (0, 1)), r.kind(c + (40, 0))) == \
        (PIT, FIRE, WALL, "floor", VOID)
    assert r.pits == {c} and r.fires == {c + (1, 0)} and r.hazards == {c, c + (1, 0)}
    # a wall painted over a hazard keeps only what is left a hazard
    assert a.with_blocked([c]).hazard_kinds == {c + (1, 0): "fire"}


def test_spawn_zones_by_team_and_seat(tmp_path):
    d, c = disc()
    two_zones(d, c)
    r = read_arena(check_map(write(tmp_path, d)).arena)
    assert r.zones == {1: (c + (-3, 0), c + (-3, 1), c + (-4, 1)), 2: (c + (3, 0), c + (3, -1), c + (4, -1))}
    assert r.spawn_cells(0) == r.zones[1] and r.spawn_cells(1) == r.zones[2] and r.spawn_cells(2) == ()
    # plain spawn markers are for a team without a zone of its own
    d.mark("spawn", c + (0, 3), c + (1, 3))
    r = read_arena(check_map(write(tmp_path, d, "open.tmx")).draft)
    assert r.spawn_cells(1) == r.zones[2] and r.spawn_cells(2) == r.open_spawn == (c + (0, 3), c + (1, 3))
    assert (team_of("spawn_3"), team_of("spawn"), team_of("loot"), team_of("spawn_x")) == (3, None, None, None)


def test_generated_arenas_read_too():
    """A scenario's arena (no map): hazards without a kind are pits, plain spawn markers open to all."""
    a = hexagon(3, blocked=[(1, 0)])
    terrain = dict(a.terrain)
    terrain[Hex(0, 1)] = "hazard"
    b = Arena(terrain, spawn=(Hex(-2, 0), Hex(2, 0)))
    r = read_arena(b)
    assert r.pits == {Hex(0, 1)} and r.fires == frozenset() and r.walls == {Hex(1, 0)}
    assert r.teams == 0 and r.spawn_cells(0) == r.spawn_cells(5) == (Hex(-2, 0), Hex(2, 0))
    assert read_arena(square(4, 4)).spawn_cells(0) == () and read_arena(square(4, 4)).grid is SQUARE


# --- the map check -----------------------------------------------------------------------------


def test_the_check_is_registered_for_the_ruleset():
    assert map_check("supers") is check_arena is arena_check.check_arena


def test_a_good_arena_passes(tmp_path):
    d, c = disc()
    d.hazard(TOOL.PIT, c)
    two_zones(d, c)
    path = write(tmp_path, d)
    report = check_map(path)
    assert report.ok and found(path) == [] and found(path, "warning") == []


def test_too_little_floor(tmp_path):
    d, c = disc(radius=2)
    d.hazard(TOOL.PIT, c)
    d.zone(1, c + (-2, 0), c + (-2, 1), c + (-1, 1))
    d.zone(2, c + (2, 0), c + (2, -1), c + (1, -1))
    path = write(tmp_path, d)
    assert found(path) == [f"{path}: error: map: 18 floor hexes: a team fight needs at least {MIN_FLOOR}; paint more "
                           "floor (terrain = floor) or fewer walls and hazards"]


@pytest.mark.parametrize("zones, message", [
    ({1: [(-3, 0), (-3, 1), (-4, 1)]}, "error: markers: only team 1 has a spawn zone: mark at least two teams' zones"),
    ({1: [(-3, 0), (-3, 1), (-4, 1)], 3: [(3, 0), (3, -1), (4, -1)]},
     "error: markers: spawn zones for teams 1 and 3 but none for team 2: teams are numbered without gaps from 1"),
    ({1: [(-3, 0), (-3, 1)], 2: [(3, 0), (3, -1), (4, -1)]},
     f"error: markers: team 1's spawn zone has 2 hexes: a team brings up to 3 heroes; mark at least {ZONE_MIN} "
     "floor hexes spawn_1"),
    ({1: [(-3, 0), (-3, 1), (-4, 1)], 2: [(3, 0), (3, -1), (-3, 0)]},
     "marks cell (2, 5) for team 2, but it is in team 1's spawn zone already: a cell belongs to one team"),
])
def test_spawn_zones_per_team(tmp_path, zones, message):
    d, c = disc()
    d.hazard(TOOL.PIT, c)
    for team, cells in zones.items():
        d.zone(team, *[c + v for v in cells])
    errors = found(write(tmp_path, d))
    assert any(message in m for m in errors), errors


def test_spawn_zones_no_walk_joins_are_an_error_and_floor_across_hazards_a_warning(tmp_path):
    d, c = disc()
    d.hazard(TOOL.FIRE, *[h for h in d.floor if h.q == c.q])              # a line of fire across the middle
    two_zones(d, c)
    path = write(tmp_path, d)
    errors = found(path)
    assert len(errors) == 1 and "team 1's spawn zone (cell (2, 5)) and team 2's (cell (8, 5)) are on pieces of floor " \
        "that no walk joins: heroes without flight or line-of-sight could never meet" in errors[0], errors
    warnings = found(path, "warning")
    assert any("the floor of 26 hexes at cell" in m and "is reached only across pits or fire" in m for m in warnings), warnings


def test_other_markers_and_the_player_range(tmp_path):
    d, c = disc(players=(1, 3))
    d.hazard(TOOL.PIT, c)
    two_zones(d, c)
    d.markers.append(("loot", c + (0, 2)))
    path = write(tmp_path, d)
    errors = found(path)
    assert any("is a 'loot' marker: Superhero Gladiators marks only its teams' spawn zones" in m for m in errors), errors
    assert any("min_players is 1: a fight needs at least 2 teams; set it to 2" in m for m in errors), errors
    assert any("max_players is 3, but only 2 teams have spawn zones: mark spawn_3, or set max_players to 2" in m
               for m in errors), errors


def test_warnings_no_hazards_and_zones_in_reach(tmp_path):
    d, c = disc()
    two_zones(d, c, far=1)
    path = write(tmp_path, d)
    assert found(path) == []
    warnings = found(path, "warning")
    assert any("no hazards: pits and fire are what make flight and line-of-sight worth their points" in m
               for m in warnings), warnings
    assert any("team 1's and team 2's spawn zones are 2 apart" in m for m in warnings), warnings


def test_a_celebrity_arena_checked_for_supers_says_what_to_change():
    report = check_map(ROOT / "maps" / "duel_pit.tmx", ruleset="supers")
    messages = [str(p) for p in report.problems]
    assert sum("is a 'loot' marker: Superhero Gladiators marks only its teams' spawn zones" in m
               for m in messages) == 2
    assert sum("is a 'beast' marker" in m for m in messages) == 2
    assert any("no hazards" in m for m in messages)
    assert read_arena(report.draft).spawn_cells(1) == report.draft.spawn      # its spawns are open to every team


def test_the_check_never_raises_on_arenas_the_loader_did_not_make():
    report = MapReport(ROOT / "nowhere.tmx")
    check_arena(hexagon(1), report)
    assert any("7 floor hexes" in str(p) for p in report.errors)
    report = MapReport(ROOT / "nowhere.tmx")
    check_arena(square(8, 8), report)
    assert any("no hazards" in str(p) for p in report.warnings) and not report.errors


def test_your_arenas_folder_has_what_a_supers_arena_needs():
    from deathmatch.board.arenas import ensure_user_arenas, list_arenas

    folder = ensure_user_arenas()
    for name in ("supers_pointy", "supers_flat", "supers_square", "supers_marks"):
        for ext in (".tsx", ".png"):
            assert (folder / f"{name}{ext}").read_bytes() == (ROOT / "assets" / "tiles" / f"{name}{ext}").read_bytes()
    assert 'name="spawn_4"' in (folder / "objecttypes.xml").read_text()
    assert '"spawn_4"' in (folder / "deathmatch.tiled-project").read_text()
    # an arena saved there, beside its tilesets, is one of yours and plays
    (folder / "my_fight.tmx").write_text((ROOT / "maps" / "supers_crater.tmx").read_text().replace("../assets/tiles/", ""))
    mine = {e.id: e for e in list_arenas(ruleset="supers")}["user:my_fight"]
    assert mine.ok and not mine.report.problems, [str(p) for p in mine.report.problems]


def test_the_guide_names_every_bundled_arena_and_the_marks():
    guide = (ROOT / "docs" / "ARENAS.md").read_text()
    section = guide[guide.index("## 11. Superhero Gladiators arenas"):]
    assert all(f"`{p.name}`" in section for p in MAPS)
    assert all(f"`spawn_{t}`" in section for t in (1, 2, 3, 4)) and "`hazard` = `fire`" in section


def test_a_map_with_walls_added_keeps_which_hazards_are_pits_and_which_fire():
    """A scenario's `walls:` on a bundled map rebuild its arena (supers.setup.make_arena): the map's
    fire must stay fire for the screens, and a cell walled over is no hazard any more."""
    from deathmatch.rulesets.supers.setup import make_arena

    plain = make_arena({"map": "maps/supers_crater.tmx"})
    fire = sorted(c for c, k in plain.hazard_kinds.items() if k == "fire")
    assert fire, "the Crater has fire"
    floor = next(c for c, t in sorted(plain.terrain.items()) if t == "floor")
    walled = make_arena({"map": "maps/supers_crater.tmx", "walls": [[floor.q, floor.r], [fire[0].q, fire[0].r]]})
    assert {c: k for c, k in walled.hazard_kinds.items()} == {c: k for c, k in plain.hazard_kinds.items() if c != fire[0]}
