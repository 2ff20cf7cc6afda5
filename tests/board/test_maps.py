"""Tiled arenas: the bundled maps, the loader, check-map's messages, the arena list."""

from pathlib import Path

import pytest

from conftest import ROOT
from deathmatch.board import Hex
from deathmatch.board.arenas import ensure_user_arenas, list_arenas
from deathmatch.board.tiled import MapError, check_map, load_arena, read_map
from deathmatch.cli import main

MAPS = [p for p in sorted((ROOT / "maps").glob("*.tmx")) if "celebrity" in read_map(p).draft.rulesets]
"""The bundled Celebrity Deathmatch arenas (the other rulesets' boards are tested with their rulesets)."""
TILES = ROOT / "assets" / "tiles"


def test_there_are_seven_bundled_arenas_using_all_four_layouts():
    assert len(MAPS) >= 6
    layouts = {(load_arena(m).layout.stagger_axis, load_arena(m).layout.stagger_index) for m in MAPS}
    assert layouts == {("x", "odd"), ("x", "even"), ("y", "odd"), ("y", "even")}


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_bundled_map_is_clean_and_fits_its_players(path):
    report = check_map(path)
    assert report.ok, [str(p) for p in report.problems]
    assert not report.problems, [str(p) for p in report.problems]
    a = report.arena
    assert a.name and a.description
    assert a.properties["rulesets"] == "celebrity" and a.rulesets == ("celebrity",)
    from deathmatch.rulesets.celebrity import models_per_player

    most = max(n * models_per_player(n) for n in range(a.min_players, a.max_players + 1))
    assert len(a.spawn) >= most
    assert len(a.loot) >= a.max_players - 1
    assert len(a.beasts) == 2
    assert len(a.floor_islands()) == 1
    # every hex keeps its Tiled cell, and the cells convert back
    for h, cell in a.cells.items():
        assert a.layout.to_offset(h) == cell


def test_check_map_cli_passes_the_bundled_maps(capsys):
    assert main(["check-map", *map(str, MAPS)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == f"{len(MAPS)} maps: 0 errors, 0 warnings"


# --- broken maps -------------------------------------------------------------------


def tmx(*, orientation="hexagonal", infinite="0", tileset=None, extra_tilesets="", ground=None, objects_layer=None,
        markers=(), props=None, width=5, height=5, axis="y", index="odd", side=64):
    """A small pointy map: ground all floor unless given, markers as (type, col, row)."""
    from deathmatch.board.tiled import Layout

    tileset = tileset or (TILES / "arena_pointy.tsx").as_posix()
    ground = ground or [[1] * width for _ in range(height)]
    lay = Layout(width, height, 112, 128, 64, axis, index)
    objs = []
    for i, (kind, col, row) in enumerate(markers, start=1):
        x, y = lay.cell_center(col, row)
        objs.append(f'<object id="{i}" type="{kind}" x="{x}" y="{y}"><point/></object>')
    props = props if props is not None else {"name": "Test", "description": "A test map", "min_players": 2, "max_players": 2}
    prop_xml = "".join(f'<property name="{k}" value="{v}"/>' for k, v in props.items())

    def layer(lid, name, rows):
        data = ",\n".join(",".join(str(g) for g in r) for r in rows)
        return f'<layer id="{lid}" name="{name}" width="{width}" height="{height}"><data encoding="csv">{data}</data></layer>'

    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="{orientation}" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="112" tileheight="128" infinite="{infinite}" hexsidelength="{side}" '
        f'staggeraxis="{axis}" staggerindex="{index}"><properties>{prop_xml}</properties>'
        f'<tileset firstgid="1" source="{tileset}"/>{extra_tilesets}'
        + layer(1, "ground", ground)
        + (layer(2, "walls", objects_layer) if objects_layer else "")
        + f'<objectgroup id="3" name="markers">{"".join(objs)}</objectgroup></map>'
    )


FOUR_SPAWNS = [("spawn", 0, 0), ("spawn", 4, 0), ("spawn", 0, 4), ("spawn", 4, 4), ("loot", 2, 2), ("beast", 1, 2), ("beast", 3, 2)]


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def messages(path) -> list[str]:
    return [str(p) for p in check_map(path).problems]


def test_a_small_good_map_loads(tmp_path):
    p = write(tmp_path, "good.tmx", tmx(markers=FOUR_SPAWNS))
    report = check_map(p)
    assert report.ok and not report.errors, messages(p)
    a = report.arena
    assert len(a.floor) == 25 and len(a.spawn) == 4 and len(a.loot) == 1 and len(a.beasts) == 2
    assert a.spawn[0] == Hex(0, 0) and a.cells[Hex(0, 0)] == (0, 0)


@pytest.mark.parametrize(
    "name, kwargs, words",
    [
        ("ortho.tmx", dict(orientation="orthogonal"), "error: map: orientation is 'orthogonal'"),
        ("infinite.tmx", dict(infinite="1"), "error: map: the map is infinite"),
        ("nosuch.tmx", dict(tileset="nope.tsx"), "error: tileset 'nope.tsx': file missing"),
        ("outside.tmx", dict(tileset="/etc/hostname"), "error: tileset '/etc/hostname': refused: /etc/hostname is outside"),
        ("unknown.tmx", dict(markers=FOUR_SPAWNS + [("treasure", 2, 3)]), "error: object 8 in layer 'markers': unknown marker type 'treasure'"),
        ("onvoid.tmx", dict(ground=[[1] * 5 for _ in range(4)] + [[1, 1, 1, 1, 0]], markers=FOUR_SPAWNS),
         "error: object 4 in layer 'markers': spawn marker on cell (4, 4), which is void"),
        ("onblocked.tmx", dict(objects_layer=[[0] * 5, [0] * 5, [0, 0, 13, 0, 0], [0] * 5, [0] * 5], markers=FOUR_SPAWNS),
         "error: object 5 in layer 'markers': loot marker on cell (2, 2), which is blocked"),
        ("fewspawns.tmx", dict(markers=FOUR_SPAWNS[1:]), "error: markers: 3 spawn hexes, but 2 players bring 4 models"),
        ("toosmall.tmx", dict(width=3, height=3, markers=[], props={"name": "T", "description": "d", "min_players": 2, "max_players": 4}),
         "error: map: too small for 4 players: 9 floor hexes"),
        ("badrange.tmx", dict(markers=FOUR_SPAWNS, props={"name": "T", "description": "d", "min_players": 3, "max_players": 2}),
         "error: map properties: min_players (3) is more than max_players (2)"),
        ("islands.tmx", dict(objects_layer=[[0] * 5, [0] * 5, [13] * 5, [0] * 5, [0] * 5],
                             markers=[m for m in FOUR_SPAWNS if m[2] != 2] + [("loot", 2, 1), ("beast", 1, 3), ("beast", 3, 3)]),
         "warning: map: the floor is split into 2 islands"),
        ("noname.tmx", dict(markers=FOUR_SPAWNS, props={"min_players": 2, "max_players": 2}), "warning: map properties: no 'name' property"),
        ("noside.tmx", dict(side=0, markers=FOUR_SPAWNS), "error: map: the hex side length is 0"),
        ("flatpointy.tmx", dict(axis="x", markers=[]), "warning: map: stagger axis X wants tiles wider than tall"),
        ("noloot.tmx", dict(markers=[m for m in FOUR_SPAWNS if m[0] != "loot"]), "warning: markers: 0 loot markers"),
        ("onebeast.tmx", dict(markers=FOUR_SPAWNS[:-1]), "warning: markers: 1 beast markers"),
    ],
)
def test_each_broken_map_gets_its_message(tmp_path, capsys, name, kwargs, words):
    p = write(tmp_path, name, tmx(**kwargs))
    found = messages(p)
    assert any(words in m for m in found), found
    assert all(m.startswith(str(p)) for m in found)
    code = main(["check-map", str(p)])
    out = capsys.readouterr().out
    assert words in out
    assert code == (1 if words.startswith("error") else 0)


def test_a_tile_without_terrain_is_named_with_its_layer_and_cell(tmp_path):
    (tmp_path / "plain.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><tileset name="plain" tilewidth="112" tileheight="128" tilecount="2" columns="2">'
        '<image source="plain.png" width="224" height="128"/><tile id="1"><properties><property name="terrain" value="lava"/></properties></tile></tileset>'
    )
    ground = [[1] * 5 for _ in range(5)]
    ground[3][2] = 2
    p = write(tmp_path, "plain.tmx", tmx(tileset="plain.tsx", ground=ground, markers=FOUR_SPAWNS))
    found = messages(p)
    assert any("error: layer 'ground', cell (0, 0): tile 0 of tileset 'plain' has no 'terrain' property" in m for m in found), found
    assert any("error: layer 'ground', cell (2, 3): tile 1 of tileset 'plain' has terrain 'lava'" in m for m in found), found
    assert any("warning: tileset 'plain.tsx' image: file missing" in m for m in found), found


def test_a_broken_map_never_raises_from_check_and_load_says_why(tmp_path):
    p = write(tmp_path, "junk.tmx", "<map><this is not xml")
    assert "not a readable .tmx file" in messages(p)[0]
    with pytest.raises(MapError, match="not a readable"):
        load_arena(p)
    assert "no such file" in messages(tmp_path / "missing.tmx")[0]


# --- the arena list and the player's folder ----------------------------------------------


def test_user_folder_is_made_with_tilesets_and_a_starter_map_that_loads():
    folder = ensure_user_arenas()
    for name in ("arena_pointy.tsx", "arena_pointy.png", "arena_flat.tsx", "markers.tsx"):
        assert (folder / name).exists()
    starter = folder / "my_first_arena.tmx"
    report = check_map(starter)
    assert report.ok, [str(p) for p in report.problems]
    assert report.arena.name == "My First Arena"
    assert 'name="rulesets" value="celebrity"' in starter.read_text() and report.arena.rulesets == ("celebrity",)
    starter.write_text(starter.read_text().replace("My First Arena", "Edited"))
    ensure_user_arenas()  # never overwrites the player's work
    assert "Edited" in starter.read_text()


def test_arena_list_shows_broken_maps_with_their_reason(tmp_path):
    folder = ensure_user_arenas()
    (folder / "broken.tmx").write_text(tmx(orientation="isometric"))
    entries = list_arenas()
    assert [e.origin for e in entries].count("bundled") == len(MAPS)
    broken = [e for e in entries if not e.ok]
    assert [e.path.name for e in broken] == ["broken.tmx"]
    assert "orientation is 'isometric'" in broken[0].reason
    assert any(e.ok and e.origin == "user" for e in entries)


def test_arenas_command_lists_and_prints_the_folder(capsys):
    assert main(["arenas"]) == 0
    out = capsys.readouterr().out
    assert "The Colosseum" in out and "your arenas folder:" in out
    assert main(["arenas", "--open-folder"]) == 0
    assert capsys.readouterr().out.strip().endswith("arenas")


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_each_bundled_arena_plays_full_games_with_beasts(path, library):
    """Random games at both ends of the arena's player range, beasts on: every
    invariant holds, models start on spawn hexes, loot on loot hexes first."""
    import random

    from deathmatch.rulesets.celebrity import Options, make_setup, models_per_player, new_game
    from deathmatch.rulesets.celebrity.invariants import Watcher
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    arena = load_arena(path)
    rel = path.relative_to(ROOT).as_posix()
    for players in sorted({arena.min_players, arena.max_players}):
        rng = random.Random(players)
        per = models_per_player(players)
        ids = rng.sample(sorted(library.cards), players * per)
        seats = [(f"P{i}", ids[i * per:(i + 1) * per]) for i in range(players)]
        game = new_game(make_setup({"map": rel}, seats, library, Options(beasts=True, round_limit=25), seed=players))
        watch = Watcher(game)
        while game.pending.kind == "place":
            assert {o.to for o in game.legal_actions()} <= set(arena.spawn)
            watch.see(game.apply(random_answer(game, rng)))
        assert game.loot <= set(arena.loot) and len(game.loot) == players - 1
        assert {b.hex for b in game.beasts.values()} <= set(arena.beasts)
        while not game.over:
            watch.see(game.apply(random_answer(game, rng, 0.6)))
