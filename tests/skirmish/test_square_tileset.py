"""The square tileset of Chessboard Skirmish (tools/make_square_tileset.py): drawn again, it is
the very picture in assets/tiles (same pixels, same .tsx), with the palette's colours only."""

from __future__ import annotations

import importlib.util
import os
import xml.etree.ElementTree as ET

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from conftest import ROOT  # noqa: E402

TILES = ROOT / "assets" / "tiles"


def _tool():
    spec = importlib.util.spec_from_file_location("make_square_tileset_under_test",
                                                  ROOT / "tools" / "make_square_tileset.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tool_draws_the_committed_tileset_again(tmp_path):
    tool = _tool()
    tool.write_all(tmp_path)
    for name in ("chessboard", "chessboard_marks"):
        fresh = pygame.image.load(str(tmp_path / f"{name}.png"))
        kept = pygame.image.load(str(TILES / f"{name}.png"))
        assert fresh.get_size() == kept.get_size(), name
        assert pygame.image.tobytes(fresh, "RGBA") == pygame.image.tobytes(kept, "RGBA"), f"{name}.png drawn differently"
        assert (tmp_path / f"{name}.tsx").read_text() == (TILES / f"{name}.tsx").read_text()
    # and a second run writes the same bytes
    again = tmp_path / "again"
    tool.write_all(again)
    for name in ("chessboard.png", "chessboard_marks.png"):
        assert (again / name).read_bytes() == (tmp_path / name).read_bytes(), name


def test_every_tile_says_its_terrain_and_every_mark_its_type():
    tool = _tool()
    root = ET.parse(TILES / "chessboard.tsx").getroot()
    assert (root.get("tilewidth"), root.get("tileheight")) == ("128", "128")
    terrain = {int(t.get("id")): {p.get("name"): p.get("value") for p in t.iter("property")} for t in root.iter("tile")}
    assert len(terrain) == int(root.get("tilecount")) == len(tool.TILES)
    assert {v["terrain"] for v in terrain.values()} == {"floor", "blocked"}
    assert terrain[tool.TILE_ID["water"]]["terrain"] == "blocked"   # the river is impassable
    assert terrain[tool.TILE_ID["ford"]]["terrain"] == "floor"      # the fords are the way over
    marks = ET.parse(TILES / "chessboard_marks.tsx").getroot()
    kinds = [p.get("value") for p in marks.iter("property") if p.get("name") == "marker"]
    assert kinds == ["home_bottom", "home_top", "centre"]


def test_the_home_rows_wear_the_seats_colours():
    from deathmatch.client.art.palette import player_colour

    tool = _tool()
    assert tool.BOTTOM_ARMY == player_colour(0).rgb and tool.TOP_ARMY == player_colour(1).rgb
    marks = pygame.image.load(str(TILES / "chessboard_marks.png"))
    # the frame of each home mark is its army's colour, mostly opaque; the centre is see-through
    for i, rgb in enumerate((player_colour(0).rgb, player_colour(1).rgb)):
        r, g, b, a = marks.get_at((i * 128 + 64, 128 - 8))
        assert a > 150 and max(abs(r - rgb[0]), abs(g - rgb[1]), abs(b - rgb[2])) < 40, (i, (r, g, b, a))
        assert marks.get_at((i * 128 + 64, 64)).a < 100
