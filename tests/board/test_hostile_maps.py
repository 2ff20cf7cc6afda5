"""Hostile and careless map files: never a hang, a crash or a leak, always a clear message.

Each bad file goes through the paths the game uses: the New game arena list
(`list_arenas`), `deathmatch check-map`, `deathmatch arenas`, and `demo` /
`play --arena` (`launch.make_game`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from deathmatch.board.arenas import ensure_user_arenas, list_arenas
from deathmatch.board.tiled import Layout, check_map
from deathmatch.cli import main
from test_maps import FOUR_SPAWNS, tmx

TILES = ROOT / "assets" / "tiles"


def user_map(name: str, text: str) -> Path:
    """A map saved in the player's arenas folder (with the tilesets beside it), as a player would."""
    folder = ensure_user_arenas()
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def through_every_path(path: Path, capsys) -> dict[str, str]:
    """What the game says about a map: in the New game list, check-map and the arenas command."""
    said = {}
    entries = [e for e in list_arenas(ruleset=None) if e.path == path]
    assert len(entries) == 1
    said["list"] = "" if entries[0].ok else entries[0].reason
    capsys.readouterr()
    assert main(["check-map", str(path)]) == 1
    said["check-map"] = capsys.readouterr().out
    assert main(["arenas", "--ruleset", "all"]) == 0
    said["arenas"] = capsys.readouterr().out
    return said


# --- 2. a huge map is refused from its header ------------------------------------------------


HUGE = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" renderorder="right-down" width="10000" height="10000"
 tilewidth="112" tileheight="128" infinite="0" hexsidelength="64" staggeraxis="y" staggerindex="odd">
 <properties><property name="name" value="Huge"/><property name="description" value="d"/></properties>
 <tileset firstgid="1" source="arena_pointy.tsx"/>
 <layer id="1" name="ground" width="10000" height="10000"><data encoding="csv">1,1,1,1</data></layer>
 <objectgroup id="2" name="markers">
""" + "".join(f'  <object id="{i}" type="spawn" x="{56 + 112 * i}" y="64"><point/></object>\n' for i in range(1, 9)) + """
 </objectgroup>
</map>
"""


@pytest.mark.timeout(30)
def test_a_2kb_map_declaring_10000_by_10000_cells_is_refused_at_once(capsys):
    assert len(HUGE) < 2048
    path = user_map("huge.tmx", HUGE)
    said = through_every_path(path, capsys)
    words = "error: map: width is 10000 cells: arenas are at most 64×64 (Map > Resize Map)"
    assert words in said["check-map"]
    assert "width is 10000 cells" in said["list"]
    assert "BROKEN: map: width is 10000 cells" in said["arenas"]


@pytest.mark.timeout(30)
def test_a_layer_bigger_than_its_map_is_refused_too(tmp_path):
    text = tmx(markers=FOUR_SPAWNS).replace('<layer id="1" name="ground" width="5" height="5">',
                                            '<layer id="1" name="ground" width="5" height="90000">')
    path = tmp_path / "tall_layer.tmx"
    path.write_text(text)
    assert any("layer 'ground': height is 90000 cells" in str(p) for p in check_map(path).errors)


class CountingLayout(Layout):
    looked_at = 0

    def cell_center(self, col, row):
        CountingLayout.looked_at += 1
        return super().cell_center(col, row)


@pytest.mark.parametrize("axis", ["x", "y"])
def test_finding_a_markers_cell_looks_at_a_few_cells_however_big_the_map(axis):
    tile = (112, 128) if axis == "y" else (128, 112)
    for size in (8, 64):
        lay = CountingLayout(size, size, *tile, 64, axis, "odd")
        CountingLayout.looked_at = 0
        assert lay.cell_at(*lay.cell_center(size // 2, size // 2)) == (size // 2, size // 2)
        assert CountingLayout.looked_at <= 64, (size, CountingLayout.looked_at)


def _every_cell(lay: Layout, px: float, py: float):
    """What `cell_at` answers, by looking at every cell (the definition)."""
    best, best_d = None, None
    for row in range(lay.height):
        for col in range(lay.width):
            cx, cy = lay.cell_center(col, row)
            d = (cx - px) ** 2 + (cy - py) ** 2
            if best_d is None or d < best_d:
                best, best_d = (col, row), d
    if best is None or best_d > (lay.tile_width ** 2 + lay.tile_height ** 2) / 4:
        return None
    return best


@settings(max_examples=300, deadline=None)
@given(
    st.integers(1, 12), st.integers(1, 12), st.integers(1, 200), st.integers(1, 200), st.integers(0, 250),
    st.sampled_from("xy"), st.sampled_from(["odd", "even"]), st.floats(-0.3, 1.3), st.floats(-0.3, 1.3),
)
def test_cell_lookup_answers_as_if_it_looked_at_every_cell(w, h, tw, th, side, axis, index, fx, fy):
    lay = Layout(w, h, tw, th, side, axis, index)
    px, py = fx * (w + 1) * tw * 1.5, fy * (h + 1) * th * 1.5
    assert lay.cell_at(px, py) == _every_cell(lay, px, py)
    col, row = w // 2, h // 2  # exactly on a centre: ties go as in row order
    cx, cy = lay.cell_center(col, row)
    assert lay.cell_at(cx, cy) == _every_cell(lay, cx, cy)


# --- 5. numbers that are not numbers: a clear message, never a traceback -----------------------


def kit_map(folder: Path) -> Path:
    """A good small map with its own copies of the tilesets (so they can be broken too) and tile markers."""
    for name in ("arena_pointy.tsx", "markers.tsx"):
        (folder / name).write_text((TILES / name).read_text())
    text = tmx(tileset="arena_pointy.tsx", markers=FOUR_SPAWNS, extra_tilesets='<tileset firstgid="25" source="markers.tsx"/>')
    text = text.replace("</objectgroup>", '<object id="9" gid="25" x="0" y="128" width="64" height="64"/></objectgroup>')
    path = folder / "kit.tmx"
    path.write_text(text)
    return path


@pytest.mark.parametrize("attr, value, words", [
    ("tilewidth", "abc", "error: map: tilewidth is 'abc': give a whole number of at least 1 (Map > Map Properties > Tile Width)"),
    ("hexsidelength", "six", "error: map: hexsidelength is 'six': give a whole number (Map > Map Properties > Hex Side Length)"),
    ("width", "", "error: map: width is '': give a whole number of at least 1 (Map > Resize Map)"),
    ("tileheight", "nan", "error: map: tileheight is 'nan': give a whole number of at least 1"),
])
def test_a_map_number_that_is_not_one_is_named_in_every_list(capsys, attr, value, words):
    text = re.sub(rf' {attr}="[^"]*"', f' {attr}="{value}"', tmx(markers=FOUR_SPAWNS), count=1)
    path = user_map("careless.tmx", text)
    said = through_every_path(path, capsys)
    assert words in said["check-map"]
    assert words.split("error: ")[1] in said["list"]
    assert "BROKEN: " + words.split("error: ")[1] in said["arenas"]


def test_a_missing_size_and_bad_numbers_on_tileset_layer_and_object_are_named(tmp_path):
    path = kit_map(tmp_path)
    text = path.read_text().replace(' tilewidth="112"', "", 1)
    text = text.replace('<layer id="1" name="ground" width="5"', '<layer id="1" name="ground" width="five"')
    text = text.replace('<object id="9" gid="25" x="0"', '<object id="9" gid="25" x="left"')
    path.write_text(text)
    (tmp_path / "markers.tsx").write_text((tmp_path / "markers.tsx").read_text().replace('tileheight="64"', 'tileheight="-3"'))
    found = [str(p) for p in check_map(path).errors]
    for words in ("map: has no tilewidth: Map > Map Properties > Tile Width",
                  "layer 'ground': width is 'five': give a whole number of at least 1",
                  "object 9 in layer 'markers': x is 'left': give a number",
                  "tileset 'markers.tsx': tileheight is '-3': give a whole number of at least 1"):
        assert any(words in f for f in found), (words, found)


VALUES = ["abc", "", "-1", "0", "1e309", "nan", "inf", "3.5", "99999999999999999999", "six", " 7 ", "0x10", "-0", None]
NUMERIC = ["width", "height", "tilewidth", "tileheight", "hexsidelength", "firstgid", "id", "x", "y", "gid",
           "rotation", "opacity", "visible", "offsetx", "offsety", "spacing", "margin", "columns", "tilecount", "value"]


@pytest.mark.timeout(240)  # a hang (a huge size read as real) fails here, not after CI's 90 minutes
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_maps_never_make_check_map_raise(tmp_path_factory, data):
    folder = tmp_path_factory.mktemp("fuzz")
    path = kit_map(folder)
    for _ in range(data.draw(st.integers(1, 3))):
        target = data.draw(st.sampled_from([path, path, folder / "arena_pointy.tsx", folder / "markers.tsx"]))
        tree = ET.parse(target)
        tag = data.draw(st.sampled_from(["map", "tileset", "layer", "objectgroup", "object", "image", "property",
                                         "tile", "data"]))
        elements = [e for e in tree.getroot().iter() if e.tag == tag]
        if not elements:
            continue
        element = data.draw(st.sampled_from(elements))
        attr = data.draw(st.sampled_from(sorted(set(element.keys()) | set(NUMERIC))))
        value = data.draw(st.sampled_from(VALUES))
        if element.tag == "data" and value is not None:
            element.text = data.draw(st.sampled_from(["1,2,x", "", "1" * 30, "99999,1", "-5,1", "eJzz", "AAAA"]))
            element.set("encoding", data.draw(st.sampled_from(["csv", "base64", "xml"])))
        elif value is None:
            element.attrib.pop(attr, None)
        else:
            element.set(attr, value)
        tree.write(target)
    report = check_map(path)  # never raises
    assert not any("could not check" in str(p) for p in report.problems), [str(p) for p in report.problems]
    if report.ok:
        assert report.arena.floor


# --- 9. every file a map names goes through the one folder check ----------------------------------


def _with(text: str, before: str, insert: str) -> str:
    assert before in text
    return text.replace(before, insert + before, 1)


PASSWD = "/etc/passwd"
OUTSIDE = [
    ("image layer", lambda t: _with(t, "</map>", f'<imagelayer id="9" name="sky"><image source="{PASSWD}"/></imagelayer>'),
     f"error: image layer 'sky' image: refused: {PASSWD} is outside the map's folder"),
    ("image layer, relative", lambda t: _with(t, "</map>", '<imagelayer id="9" name="sky"><image source="../../../../../../../../etc/passwd"/></imagelayer>'),
     "error: image layer 'sky' image: refused: "),
    ("image collection tileset", lambda t: _with(t, '<layer id="1"', '<tileset firstgid="100" name="pics" tilewidth="112" tileheight="128" tilecount="1" columns="0">'
                                                 f'<grid orientation="orthogonal" width="1" height="1"/><tile id="0"><image width="112" height="128" source="{PASSWD}"/></tile></tileset>'),
     f"error: tileset 'pics' tile 0 image: refused: {PASSWD} is outside"),
]


@pytest.mark.parametrize("name, edit, words", OUTSIDE, ids=[o[0] for o in OUTSIDE])
def test_a_map_that_names_a_file_outside_its_folder_is_refused_in_every_list(capsys, name, edit, words):
    path = user_map("sneaky.tmx", edit(tmx(tileset="arena_pointy.tsx", markers=FOUR_SPAWNS)))
    said = through_every_path(path, capsys)
    assert words in said["check-map"], said["check-map"]
    assert "refused" in said["list"] and "BROKEN" in said["arenas"]


def test_an_external_tilesets_per_tile_image_outside_is_refused(tmp_path):
    (tmp_path / "pics.tsx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?><tileset name="pics" tilewidth="112" tileheight="128" tilecount="1" columns="0">'
        f'<grid orientation="orthogonal" width="1" height="1"/><tile id="0"><image width="112" height="128" source="{PASSWD}"/></tile></tileset>')
    path = tmp_path / "pics.tmx"
    path.write_text(tmx(tileset=(TILES / "arena_pointy.tsx").as_posix(), markers=FOUR_SPAWNS,
                        extra_tilesets='<tileset firstgid="100" source="pics.tsx"/>'))
    found = [str(p) for p in check_map(path).errors]
    assert any(f"tileset 'pics.tsx' tile 0 image: refused: {PASSWD} is outside" in f for f in found), found


def test_a_link_in_the_arenas_folder_to_a_file_outside_is_refused(capsys):
    folder = ensure_user_arenas()
    (folder / "sky.png").symlink_to(PASSWD)
    path = user_map("linked.tmx", _with(tmx(tileset="arena_pointy.tsx", markers=FOUR_SPAWNS), "</map>",
                                        '<imagelayer id="9" name="sky"><image source="sky.png"/></imagelayer>'))
    assert "image layer 'sky' image: refused" in through_every_path(path, capsys)["check-map"]


# --- 15. a marker tile's Type, as each Tiled saves it --------------------------------------------

TYPED_MARKERS = ROOT / "tests" / "data" / "tiled" / "typed_markers.tsx"
"""Saved by Tiled 1.8.2 itself (`tiled --export-tileset`): each marker tile has a Type (type="spawn") and no property."""


@pytest.mark.parametrize("attribute", ["type", "class"])
def test_tile_markers_typed_on_their_tile_are_read(capsys, attribute):
    assert '<tile id="0" type="spawn"/>' in TYPED_MARKERS.read_text()
    folder = ensure_user_arenas()
    (folder / "typed_markers.tsx").write_text(TYPED_MARKERS.read_text().replace(' type="', f' {attribute}="'))
    text = tmx(tileset="arena_pointy.tsx", extra_tilesets='<tileset firstgid="25" source="typed_markers.tsx"/>')
    lay = Layout(5, 5, 112, 128, 64, "y", "odd")
    objects = []
    for i, (kind, col, row) in enumerate(FOUR_SPAWNS, start=1):
        x, y = lay.cell_center(col, row)
        gid = 25 + ["spawn", "loot", "beast"].index(kind)
        objects.append(f'<object id="{i}" gid="{gid}" x="{x - 32}" y="{y + 32}" width="64" height="64"/>')
    path = user_map("typed.tmx", text.replace("</objectgroup>", "".join(objects) + "</objectgroup>"))
    report = check_map(path)
    assert report.ok and not report.warnings, [str(p) for p in report.problems]
    assert (len(report.arena.spawn), len(report.arena.loot), len(report.arena.beasts)) == (4, 1, 2)
    main(["check-map", str(path)])
    assert "4 spawn, 1 loot, 2 beast markers" in capsys.readouterr().out


# --- 13. demo / play find the player's arenas by name, and one that fits ---------------------------


def hourglass() -> Path:
    """A player's own arena, The Hourglass (2 players), saved in the arenas folder."""
    props = {"name": "The Hourglass", "description": "Two bulbs of sand", "min_players": 2, "max_players": 2}
    return user_map("hourglass.tmx", tmx(tileset="arena_pointy.tsx", markers=FOUR_SPAWNS, props=props))


@pytest.mark.parametrize("ref", ["hourglass", "The Hourglass", "user:hourglass", "HOURGLASS", "path"])
def test_demo_plays_a_players_arena_named_by_name_id_or_path(capsys, ref):
    path = hourglass()
    ref = str(path) if ref == "path" else ref
    assert main(["demo", "--arena", ref, "--players", "2", "--frames", "1"]) == 0
    assert "demo: 1 frames" in capsys.readouterr().out


def test_play_gets_the_players_arena_too(monkeypatch):
    import deathmatch.launch as launch

    asked = []
    monkeypatch.setattr(launch, "play", lambda players, arena, *a, **k: asked.append((players, arena)) or 0)
    path = hourglass()
    assert main(["play", "--arena", "hourglass", "--players", "2"]) == 0
    assert asked == [(2, str(path))]


def test_an_unknown_arena_gets_the_list_of_arenas_not_a_traceback(capsys):
    hourglass()
    assert main(["demo", "--arena", "nowhere", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("deathmatch demo: no arena called 'nowhere'; the arenas (bundled, then yours):")
    assert "colosseum            The Colosseum (4–8 players)" in err
    assert "hourglass            The Hourglass (2–2 players) [yours]" in err
    assert "Traceback" not in err


def test_a_named_arena_for_other_player_counts_says_which_arenas_fit(capsys):
    assert main(["demo", "--arena", "colosseum", "--players", "10", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "The Colosseum is for 4–8 players, not 10; the arenas for 10 players:" in err
    assert "grand_arena" in err and "duel_pit" not in err


@pytest.mark.parametrize("players", [2, 10])
def test_without_an_arena_demo_picks_one_for_that_many_players(capsys, players):
    assert main(["demo", "--players", str(players), "--frames", "1"]) == 0
    assert "demo: 1 frames" in capsys.readouterr().out


# --- 17. the starter map is the player's own little arena, not a copy of a bundled one --------------


def test_the_starter_map_is_a_distinct_legal_arena_listed_once(capsys):
    folder = ensure_user_arenas()
    starter = folder / "my_first_arena.tmx"
    report = check_map(starter)
    assert report.ok and not report.problems, [str(p) for p in report.problems]
    mine = report.arena
    assert mine.name == "My First Arena" and mine.author == "you" and mine.rulesets == ("celebrity",)
    entries = [e for e in list_arenas() if e.ok]
    assert sorted(e.name for e in entries) == sorted({e.name for e in entries})  # no name twice
    for e in entries:
        if e.path != starter:
            theirs = e.report.arena
            assert (theirs.terrain, theirs.spawn) != (mine.terrain, mine.spawn), e.path
            assert e.path.read_text() != starter.read_text().replace('source="', 'source="../assets/tiles/')
    assert main(["check-map", str(starter)]) == 0
    assert "ok   " in capsys.readouterr().out


def test_the_starter_map_in_the_game_folder_is_the_one_the_arena_maker_writes(tmp_path, monkeypatch):
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_arenas", ROOT / "tools" / "make_arenas.py")
    make_arenas = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_arenas)
    assert make_arenas.STARTER().tmx() == (ROOT / "maps" / "starter" / "my_first_arena.tmx").read_text()


# --- 16. the hex side length against the tiles' own hexagons, as Tiled draws them ------------------

import os  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402

TMXRASTERIZER = shutil.which("tmxrasterizer")


def side_map(folder: Path, side: int, axis: str = "y", scale: float = 1.0, opacity: str = "1") -> Path:
    """A 4×4 map of floor tiles with this hex side length, on the game's tileset (or one scaled, e.g. by ½)."""
    pointy = axis == "y"
    name = "arena_pointy" if pointy else "arena_flat"
    tw, th = (112, 128) if pointy else (128, 112)
    tileset = f"{name}.tsx"
    if scale != 1.0:
        import pygame

        sheet = pygame.image.load(str(TILES / f"{name}.png"))
        w, h = round(sheet.get_width() * scale), round(sheet.get_height() * scale)
        pygame.image.save(pygame.transform.smoothscale(sheet, (w, h)), str(folder / "scaled.png"))
        text = (TILES / tileset).read_text().replace(f'tilewidth="{tw}" tileheight="{th}"',
                                                     f'tilewidth="{round(tw * scale)}" tileheight="{round(th * scale)}"')
        text = re.sub(r'<image source="[^"]+" width="\d+" height="\d+"/>', f'<image source="scaled.png" width="{w}" height="{h}"/>', text)
        (folder / "scaled.tsx").write_text(text)
        tileset, tw, th = "scaled.tsx", round(tw * scale), round(th * scale)
    else:
        tileset = (TILES / tileset).as_posix()
    text = tmx(width=4, height=4, side=side, axis=axis, markers=[], tileset=tileset)
    text = text.replace('tilewidth="112" tileheight="128"', f'tilewidth="{tw}" tileheight="{th}"')
    text = text.replace('<layer id="1" name="ground" width="4" height="4">',
                        f'<layer id="1" name="ground" width="4" height="4" opacity="{opacity}">')
    path = folder / f"side{side}{axis}{scale}.tmx"
    path.write_text(text)
    return path


def drawn_by_tiled_cleanly(path: Path) -> bool:
    """Whether Tiled's own renderer draws the map's hexes edge to edge: with the layer at half
    opacity, a pixel covered twice is more opaque (overlap), one covered by none is clear (gap)."""
    import pygame

    from deathmatch.board.tiled import read_map

    png = path.with_suffix(".png")
    runtime = path.parent / "xdg-runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(runtime))
    out = subprocess.run([TMXRASTERIZER, str(path), str(png)], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and png.exists(), out.stderr
    image = pygame.image.load(str(png))
    lay = read_map(path).draft.layout
    (x0, y0), (x1, y1) = lay.cell_center(1, 1), lay.cell_center(2, 2)  # inside the map: every pixel covered once
    alphas = [image.get_at((x, y)).a for x in range(int(x0), int(x1)) for y in range(int(y0), int(y1))]
    return not any(a > 160 or a < 40 for a in alphas)


def side_error(path: Path) -> str:
    found = [str(p) for p in check_map(path).errors if "hex side length is" in p.message]
    return found[0] if found else ""


@pytest.mark.skipif(TMXRASTERIZER is None, reason="Tiled's tmxrasterizer is not installed (apt-get install tiled)")
@pytest.mark.parametrize("axis, scale, natural, sides", [
    ("y", 1.0, 64, [40, 56, 62, 63, 64, 65, 66, 67, 68, 72, 90]),
    ("x", 1.0, 64, [40, 62, 63, 64, 65, 66, 67, 68, 90]),
    ("y", 0.5, 32, [24, 30, 31, 32, 33, 34, 40]),
    ("x", 0.5, 32, [24, 30, 31, 32, 33, 34, 40]),
])
def test_check_map_passes_only_side_lengths_tiled_draws_edge_to_edge(tmp_path, axis, scale, natural, sides):
    verdicts = {}
    for side in sides:
        half = side_map(tmp_path, side, axis, scale, opacity="0.5")
        verdicts[side] = (drawn_by_tiled_cleanly(half), not side_error(side_map(tmp_path, side, axis, scale)))
    assert all(tiled for tiled, ours in verdicts.values() if ours), verdicts  # never passes what Tiled draws wrong
    assert verdicts[natural] == (True, True), verdicts
    # what it refuses that Tiled draws cleanly is within 3 px of the tiles' own side (Tiled's pixel rounding)
    assert all(abs(side - natural) <= 3 for side, (tiled, ours) in verdicts.items() if tiled and not ours), verdicts
    assert verdicts[sides[0]] == verdicts[sides[-1]] == (False, False), verdicts  # both ways of wrong are in the range


def test_a_side_of_40_on_a_tileset_of_32_is_an_error_that_says_what_to_set(tmp_path, capsys):
    path = side_map(tmp_path, 40, "y", 0.5)
    assert side_error(path).endswith(
        "error: map: the hex side length is 40, but the tiles of tileset 'arena_pointy' are hexagons with sides "
        "of 32 px: Tiled and the game draw them with gaps between them; set Map > Map Properties > Hex Side Length to 32")
    assert not side_error(side_map(tmp_path, 32, "y", 0.5))
    assert "the hex side length is 40" in side_error(side_map(tmp_path, 40, "y"))  # on the game's own 64 px tiles
    assert main(["check-map", str(path)]) == 1


# --- 15. Tiled JSON maps and tilesets: said plainly that the game reads .tmx / .tsx -----------------

JSON_MAP = ROOT / "tests" / "data" / "tiled" / "duel_pit_export.tmj"
"""maps/duel_pit.tmx as Tiled 1.8.2 exports it to JSON (`tiled --export-map maps/duel_pit.tmx …tmj`)."""


def test_a_tiled_json_map_in_the_arenas_folder_is_listed_with_what_to_do(capsys):
    assert '"tiledversion":"1.8.2"' in JSON_MAP.read_text()
    path = user_map("duel_pit_json.tmj", JSON_MAP.read_text())
    words = 'map: a Tiled JSON map: the game reads .tmx maps; in Tiled, File > Save As… and pick "Tiled map files (*.tmx)"'
    said = through_every_path(path, capsys)
    assert said["list"] == words
    assert f"{path}: error: {words}" in said["check-map"]
    assert "BROKEN: " + words in said["arenas"]
    assert main(["demo", "--arena", str(path), "--frames", "1", "--players", "2"]) == 2
    err = capsys.readouterr().err
    assert "can not be played" in err and "a Tiled JSON map" in err and "Traceback" not in err


def test_a_folder_checked_with_check_map_includes_its_json_maps(tmp_path, capsys):
    (tmp_path / "x.tmj").write_text(JSON_MAP.read_text())
    assert main(["check-map", str(tmp_path)]) == 1
    assert "x.tmj: error: map: a Tiled JSON map" in capsys.readouterr().out


@pytest.mark.skipif(shutil.which("tiled") is None, reason="the Tiled editor is not installed (apt-get install tiled)")
def test_a_map_using_a_tiled_json_tileset_says_to_export_it_as_tsx(tmp_path):
    runtime = tmp_path / "xdg-runtime"
    runtime.mkdir(mode=0o700)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(runtime))
    for name in ("arena_pointy.tsx", "arena_pointy.png"):
        (tmp_path / name).write_bytes((TILES / name).read_bytes())
    out = subprocess.run(["tiled", "--export-tileset", "json", str(tmp_path / "arena_pointy.tsx"), str(tmp_path / "arena_pointy.tsj")],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    path = tmp_path / "jsonset.tmx"
    path.write_text(tmx(tileset="arena_pointy.tsj", markers=FOUR_SPAWNS))
    found = [str(p) for p in check_map(path).errors]
    assert any("error: tileset 'arena_pointy.tsj': a Tiled JSON tileset: the game reads .tsx tilesets; open it in Tiled "
               'and File > Export As… "Tiled tileset files (*.tsx)", then Map > Replace Tileset' in f for f in found), found


def test_a_class_property_is_named_not_a_pytmx_error(tmp_path):
    path = tmp_path / "classy.tmx"
    path.write_text(tmx(markers=FOUR_SPAWNS).replace(
        "<properties>", '<properties><property name="look" type="class" propertytype="Style"><properties>'
                        '<property name="tint" value="red"/></properties></property>', 1))
    found = [str(p) for p in check_map(path).errors]
    assert any("map: property 'look': is of the custom class 'Style' (Tiled 1.9+): the game can not read class "
               "properties; use a plain property (string, int, bool)" in f for f in found), found


def test_the_size_is_read_from_the_header_before_the_rest_of_the_file(tmp_path):
    path = tmp_path / "huge_then_junk.tmx"
    path.write_text(HUGE.split("<properties>")[0] + "<properties><this is not xml")
    assert [p.message for p in check_map(path).errors][0].startswith("width is 10000 cells")


# --- the New game screen itself, with every kind of bad map in the arenas folder ----------------------


@pytest.mark.timeout(60)
def test_new_game_opens_with_hostile_maps_listed_as_broken_and_never_opens_their_files(monkeypatch):
    import pygame

    from test_screens import DT, fresh_app
    from deathmatch.scenes.setup import NewGameScene

    user_map("a_huge.tmx", HUGE)
    user_map("b_careless.tmx", tmx(tileset="arena_pointy.tsx", markers=FOUR_SPAWNS).replace('tilewidth="112"', 'tilewidth="abc"'))
    user_map("c_sneaky.tmx", OUTSIDE[0][1](tmx(tileset="arena_pointy.tsx", markers=FOUR_SPAWNS)))
    opened = []
    real_load = pygame.image.load
    monkeypatch.setattr(pygame.image, "load", lambda f, *a: opened.append(str(f)) or real_load(f, *a))
    app = fresh_app()
    app.push(NewGameScene(app))
    for _ in range(3):
        app.frame([], DT)
    scene = app.stack.top
    broken = {e.path.name: e.reason for e in scene.arenas if not e.ok}
    assert set(broken) == {"a_huge.tmx", "b_careless.tmx", "c_sneaky.tmx"}, broken
    assert "width is 10000 cells" in broken["a_huge.tmx"]
    assert "tilewidth is 'abc'" in broken["b_careless.tmx"]
    assert "refused" in broken["c_sneaky.tmx"]
    assert not any("passwd" in f for f in opened)


# --- 27. decompression bombs: pictures, tilesets and player counts that would fill the memory ------------


def png_claiming(width: int, height: int) -> bytes:
    """A valid PNG whose IHDR says width×height (8-bit RGBA) with a tiny IDAT: a few hundred bytes on
    disk, width × height × 4 bytes decoded (1.6 GB for 20,000×20,000)."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    rows = zlib.compress(b"\0" * (1 + 4 * min(width, 256)))  # the first row's start: it would decode as far as it goes
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def jpeg_claiming(width: int, height: int) -> bytes:
    """A JPEG's start (SOI, a JFIF APP0, the SOF0 frame header) saying width×height."""
    import struct

    app0 = b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"
    sof = b"\x08" + struct.pack(">HH", height, width) + b"\x03\x01\x11\0\x02\x11\x01\x03\x11\x01"
    return (b"\xff\xd8" + b"\xff\xe0" + struct.pack(">H", len(app0) + 2) + app0
            + b"\xff\xc0" + struct.pack(">H", len(sof) + 2) + sof + b"\xff\xd9")


def bmp_claiming(width: int, height: int) -> bytes:
    """A BMP's headers (BITMAPINFOHEADER, top-down) saying width×height, no pixels."""
    import struct

    info = struct.pack("<IiiHHIIiiII", 40, width, -height, 1, 32, 0, 0, 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 14 + len(info), 0, 0, 14 + len(info)) + info


def bomb_kit(folder: Path, image: str, picture: bytes, **tileset) -> Path:
    """A good map in `folder` whose ground tileset (a copy of arena_pointy.tsx) uses the picture `image`,
    with `tileset`'s attributes changed on the tileset and its <image> (width/height go on the image)."""
    text = (TILES / "arena_pointy.tsx").read_text().replace('source="arena_pointy.png"', f'source="{image}"')
    for attr, value in tileset.items():
        if attr in ("width", "height"):
            text = re.sub(rf'(<image [^>]*?){attr}="[^"]*"', rf'\g<1>{attr}="{value}"', text)
        else:
            text = re.sub(rf'(<tileset [^>]*?){attr}="[^"]*"', rf'\g<1>{attr}="{value}"', text)
    (folder / "bomb.tsx").write_text(text)
    (folder / image).write_bytes(picture)
    return folder / "bomb.tsx"


@pytest.fixture
def nothing_decoded(monkeypatch):
    """Every picture the map check or the client would decode, recorded (tile_shape's PNG reader and pygame)."""
    import pygame

    from deathmatch.board import tile_shape

    opened: list[str] = []
    real_rows, real_load = tile_shape._alpha_rows, pygame.image.load
    monkeypatch.setattr(tile_shape, "_alpha_rows", lambda p, *a: opened.append(str(p)) or real_rows(p, *a))
    monkeypatch.setattr(pygame.image, "load", lambda f, *a: opened.append(str(f)) or real_load(f, *a))
    return opened


BOMBS = [("png", "bomb.png", png_claiming), ("jpeg", "bomb.jpg", jpeg_claiming), ("bmp", "bomb.bmp", bmp_claiming)]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind, image, make", BOMBS, ids=[b[0] for b in BOMBS])
def test_a_small_picture_that_decodes_to_20000_by_20000_pixels_is_refused_before_it_is_decoded(
        capsys, nothing_decoded, kind, image, make):
    picture = make(20000, 20000)
    assert len(picture) < 1000
    bomb_kit(ensure_user_arenas(), image, picture)  # the tileset says 672×512: only the file's header tells
    path = user_map("bomb.tmx", tmx(tileset="bomb.tsx", markers=FOUR_SPAWNS))
    said = through_every_path(path, capsys)
    words = (f"error: tileset 'bomb.tsx' image: {image} is 20000×20000 pixels: a tileset image may be at most "
             "4096×4096 pixels; scale it down or split it into smaller tilesets")
    assert words in said["check-map"], said["check-map"]
    assert f"{image} is 20000×20000 pixels" in said["list"]
    assert f"BROKEN: tileset 'bomb.tsx' image: {image} is 20000×20000 pixels" in said["arenas"]
    assert not any(image in f for f in nothing_decoded), nothing_decoded


def test_a_picture_the_game_can_not_size_is_refused_not_opened(tmp_path, nothing_decoded):
    bomb_kit(tmp_path, "bomb.gif", b"GIF89a" + bytes([0x20, 0x4E, 0x20, 0x4E]) + b"\0" * 20)
    path = tmp_path / "gif.tmx"
    path.write_text(tmx(tileset="bomb.tsx", markers=FOUR_SPAWNS))
    found = [str(p) for p in check_map(path).errors]
    assert any("tileset 'bomb.tsx' image: refused: bomb.gif is not a PNG, JPEG or BMP image (the game reads only "
               "images it can size before opening them): save it as PNG" in f for f in found), found
    assert not nothing_decoded


def test_a_tileset_declaring_a_20000_pixel_image_is_refused_from_its_words(tmp_path, nothing_decoded):
    bomb_kit(tmp_path, "bomb.png", png_claiming(20000, 20000), width=20000, height=20000)
    path = tmp_path / "said.tmx"
    path.write_text(tmx(tileset="bomb.tsx", markers=FOUR_SPAWNS))
    found = [str(p) for p in check_map(path).errors]
    assert any("error: tileset 'bomb.tsx' image: width is 20000 pixels: a tileset image may be at most 4096×4096 "
               "pixels; scale it down or split it into smaller tilesets" in f for f in found), found
    assert not nothing_decoded


DUST = [  # (what the tileset says, the words): pytmx would go through every one of these tiles
    (dict(tilewidth=1, tileheight=1, tilecount=10_000_000_000, columns=100_000, width=100_000, height=100_000),
     ["tileset 'bomb.tsx': tilecount is 10000000000: a tileset may have at most 4096 tiles",
      "tileset 'bomb.tsx': columns is 100000: a tileset may have at most 4096 tiles",
      "tileset 'bomb.tsx' image: width is 100000 pixels: a tileset image may be at most 4096×4096 pixels"]),
    (dict(tilewidth=1, tileheight=1, tilecount=24, columns=6, width=4096, height=4096),
     ["tileset 'bomb.tsx': its 4096×4096-pixel image cuts into 16777216 tiles of 1×1: a tileset may have at most "
      "4096 tiles; use bigger tiles or a smaller image"]),
    (dict(tilewidth=100_000, tileheight=100_000),
     ["tileset 'bomb.tsx': tilewidth is 100000 pixels: a tileset's tiles may be at most 512×512 pixels (the "
      "game's are 112×128)"]),
]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("said, words", DUST, ids=["100000x100000 of 1x1", "4096x4096 of 1x1", "huge tiles"])
def test_a_tileset_of_countless_tiles_is_refused_before_pytmx_goes_through_them(capsys, said, words):
    bomb_kit(ensure_user_arenas(), "bomb.png", png_claiming(672, 512), **said)
    path = user_map("dust.tmx", tmx(tileset="bomb.tsx", markers=FOUR_SPAWNS))
    found = through_every_path(path, capsys)
    for w in words:
        assert "error: " + w in found["check-map"], (w, found["check-map"])
    assert words[0] in found["list"] and "BROKEN: " + words[0] in found["arenas"]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("key, value", [("max_players", 1_000_000_000), ("min_players", -1_000_000_000)])
def test_a_map_for_a_billion_players_is_refused_before_a_ruleset_counts_them(capsys, key, value):
    props = {"name": "Crowd", "description": "d", "min_players": 2, "max_players": 8, key: value}
    path = user_map("crowd.tmx", tmx(markers=FOUR_SPAWNS, props=props))
    said = through_every_path(path, capsys)
    words = (f"error: map properties: {key} is {value}: an arena is for at most 16 players (and never fewer than "
             f"none); set {key} to the number of players the arena is for (Map > Map Properties…)")
    assert words in said["check-map"], said["check-map"]
    assert f"{key} is {value}" in said["list"] and f"BROKEN: map properties: {key} is {value}" in said["arenas"]
    # a supers map too: its check names the teams from 1 to max_players
    props["rulesets"] = "supers"
    path.write_text(tmx(markers=[("spawn_1", 0, 0), ("spawn_2", 4, 4)], props=props))
    assert [p.message for p in check_map(path).errors] == [words.split("map properties: ")[1]]


@pytest.mark.timeout(60)
def test_a_huge_tile_object_layers_by_the_thousand_and_huge_tiles_are_refused(tmp_path):
    path = kit_map(tmp_path)
    text = path.read_text()
    path.write_text(text.replace('width="64" height="64"/></objectgroup>', 'width="1e9" height="64"/></objectgroup>'))
    assert any("object 9 in layer 'markers': width is 1e9 pixels: a tile object may be at most 4096×4096 pixels"
               in str(p) for p in check_map(path).errors), [str(p) for p in check_map(path).errors]
    import base64
    import zlib

    packed = base64.b64encode(zlib.compress(bytes(4 * 25))).decode()  # an empty 5×5 layer in a few bytes
    empty = f'<layer id="9" name="e" width="5" height="5"><data encoding="base64" compression="zlib">{packed}</data></layer>'
    path.write_text(text.replace("<objectgroup", empty * 100 + "<objectgroup"))
    assert [p.message for p in check_map(path).errors] == [
        "102 layers: a map may have at most 64; merge them (Layer > Merge Layer Down)"]
    path.write_text(re.sub(r'<map ([^>]*?)tilewidth="112" tileheight="128"', r'<map \1tilewidth="100000" tileheight="128"', text))
    assert any("map: tilewidth is 100000 pixels: a map's tiles may be at most 512×512 pixels" in str(p)
               for p in check_map(path).errors)


def _kit_links(folder: Path, outside: Path) -> None:
    """Where the kit's tilesets go, the player's folder already has: a link to a folder that is not there,
    a link to a file that is not there yet outside the folder (copying through it would write it), a loop
    (`markers.tsx`). The starter map uses arena_flat.tsx and markers.tsx."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "arena_pointy.tsx").symlink_to(outside / "no_such_folder" / "x.tsx")
    (folder / "arena_flat.tsx").symlink_to(outside / "written_through.tsx")
    (folder / "markers.tsx").symlink_to(folder / "loop.tsx")
    (folder / "loop.tsx").symlink_to(folder / "markers.tsx")


@pytest.mark.timeout(60)
def test_broken_links_in_the_arena_kit_never_crash_start_up_or_the_arena_lists(tmp_path, capsys):
    from deathmatch.paths import ensure_user_folders, user_arenas_dir

    folder = user_arenas_dir()
    _kit_links(folder, tmp_path)
    ensure_user_folders()  # start-up: made the rest of the kit, wrote through no link
    assert not (tmp_path / "written_through.tsx").exists() and not (tmp_path / "no_such_folder").exists()
    assert (folder / "arena_pointy.png").is_file() and (folder / "my_first_arena.tmx").is_file()
    assert (folder / "arena_pointy.tsx").is_symlink()  # the player's (or whoever's) link is left alone
    (folder / "gone.tmx").symlink_to(tmp_path / "gone.tmx")  # a map that is a broken link, in the list too
    starter = folder / "my_first_arena.tmx"  # a flat-top map of arena_flat.tsx and markers.tsx
    said = through_every_path(starter, capsys)
    assert (f"error: tileset 'arena_flat.tsx': refused: {folder / 'arena_flat.tsx'} is a broken link (to "
            f"{tmp_path / 'written_through.tsx'}): put the file itself there") in said["check-map"], said["check-map"]
    assert f"tileset 'markers.tsx': refused: {folder / 'markers.tsx'} is a broken link" in said["check-map"]
    assert "is a broken link" in said["list"] and "BROKEN: tileset 'arena_flat.tsx'" in said["arenas"]
    gone = [e for e in list_arenas(ruleset=None) if e.path.name == "gone.tmx"]
    assert len(gone) == 1 and not gone[0].ok and "missing" in gone[0].reason


@pytest.mark.timeout(120)
def test_new_game_opens_with_bombs_and_broken_links_listed_as_broken_and_decodes_none(tmp_path, nothing_decoded):
    from test_screens import DT, fresh_app
    from deathmatch.paths import user_arenas_dir
    from deathmatch.scenes.setup import NewGameScene

    _kit_links(user_arenas_dir(), tmp_path)
    bomb_kit(ensure_user_arenas(), "bomb.png", png_claiming(20000, 20000))
    user_map("bomb.tmx", tmx(tileset="bomb.tsx", markers=FOUR_SPAWNS))
    user_map("crowd.tmx", tmx(markers=FOUR_SPAWNS, props={"name": "Crowd", "description": "d", "min_players": 2,
                                                          "max_players": 10 ** 9}))
    app = fresh_app()
    app.push(NewGameScene(app))
    for _ in range(3):
        app.frame([], DT)
    broken = {e.path.name: e.reason for e in app.stack.top.arenas if not e.ok}
    assert "bomb.png is 20000×20000 pixels" in broken["bomb.tmx"]
    assert "max_players is 1000000000" in broken["crowd.tmx"]
    assert "is a broken link" in broken["my_first_arena.tmx"]
    assert not any("bomb.png" in f for f in nothing_decoded)


def test_the_client_sizes_a_picture_before_pygame_decodes_it(tmp_path, nothing_decoded):
    """A map that passed its check, whose picture was swapped for a bomb since: the client refuses it too."""
    from deathmatch.client.mapview import MapView

    bomb_kit(tmp_path, "bomb.png", (TILES / "arena_pointy.png").read_bytes())
    path = tmp_path / "swapped.tmx"
    path.write_text(tmx(tileset="bomb.tsx", markers=FOUR_SPAWNS))
    report = check_map(path)
    assert report.ok, [str(p) for p in report.problems]
    MapView(report.arena, path)  # draws
    (tmp_path / "bomb.png").write_bytes(png_claiming(20000, 20000))
    nothing_decoded.clear()
    with pytest.raises(ValueError, match=r"bomb.png is 20000×20000 pixels: a map's picture may be at most 4096×4096"):
        MapView(report.arena, path)
    assert not any("bomb.png" in f for f in nothing_decoded)
