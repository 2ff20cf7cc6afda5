"""The art package (deathmatch/client/art): one palette, rooms that import only the rooms above them,
and the old `deathmatch.client.sprites` address as a re-export of the same functions.

That the move changed no pixel was checked with tools/sprite_digest.py (before and after, one machine)."""

from __future__ import annotations

import ast
import importlib.util
import os
from pathlib import Path
from conftest import ROOT

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ART = ROOT / "deathmatch" / "client" / "art"
ROOMS = ["palette", "pens", "look", "bases", "weapons", "hats", "figures", "portraits", "beasts", "markers",
         "dice", "skirmish", "gladiator", "supers"]
"""The art package's modules, each importing only rooms listed before it."""


def _is_colour(node: ast.AST) -> bool:
    """A literal RGB or RGBA tuple: a colour written down outside the palette."""
    return (isinstance(node, ast.Tuple) and len(node.elts) in (3, 4)
            and all(isinstance(e, ast.Constant) and type(e.value) is int and 0 <= e.value <= 255 for e in node.elts))


def _colours_named_at_top(path: Path) -> list[str]:
    """Module-level names bound to a colour literal (or a list of colour stops) in `path`."""
    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            if any(_is_colour(n) for n in ast.walk(node.value)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                found += [t.id for t in targets if isinstance(t, ast.Name)]
    return found


def test_colours_are_named_only_in_the_palette():
    places = [ROOT / "deathmatch" / "client" / "ui.py", ROOT / "tools" / "make_tileset.py",
              ROOT / "tools" / "make_square_tileset.py", ROOT / "tools" / "make_supers_tileset.py",
              ROOT / "deathmatch" / "client" / "sprites.py", ROOT / "deathmatch" / "scenes" / "menu.py",
              ROOT / "deathmatch" / "client" / "mapview.py",
              *[ART / f"{room}.py" for room in ROOMS if room != "palette"]]
    for path in places:
        assert _colours_named_at_top(path) == [], path
    assert {"EDGE", "UI_INK", "TILE_NIGHT", "PLAYER_COLOURS"} <= set(_colours_named_at_top(ART / "palette.py"))


def test_the_colour_finder_sees_a_colour(tmp_path):
    f = tmp_path / "x.py"
    f.write_text("GOLD = (242, 190, 74)\nRAMP = [(0.0, (1, 2, 3))]\nSIZE = (1280, 720)\nN = 3\n")
    assert _colours_named_at_top(f) == ["GOLD", "RAMP"]


def test_ui_and_the_tileset_paint_with_the_palette():
    from deathmatch.client import ui
    from deathmatch.client.art import palette

    assert (ui.INK, ui.DIM, ui.GOLD, ui.PANEL, ui.SHADOW) == (palette.UI_INK, palette.UI_DIM, palette.UI_GOLD,
                                                               palette.UI_PANEL, palette.UI_TEXT_SHADOW)
    spec = importlib.util.spec_from_file_location("make_tileset_under_test", ROOT / "tools" / "make_tileset.py")
    tiles = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tiles)
    assert tiles.NIGHT is palette.TILE_NIGHT and tiles.SAND_RAMP is palette.TILE_SAND_RAMP
    assert tiles.EDGE is palette.EDGE and tiles.SHADOW is palette.SHADOW  # the tiles' and the figures' are one


def test_the_palette_is_pure_data():
    tree = ast.parse((ART / "palette.py").read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported <= {"__future__", "math", "dataclasses"}


def test_each_room_imports_only_rooms_above_it():
    assert sorted(p.stem for p in ART.glob("*.py") if p.stem != "__init__") == sorted(ROOMS)
    for i, room in enumerate(ROOMS):
        tree = ast.parse((ART / f"{room}.py").read_text(encoding="utf-8"))
        used = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 1}
        assert used <= set(ROOMS[:i]), (room, used - set(ROOMS[:i]))
        # the one thing the art takes from the client above it: the font that draws any string (a leaf on pygame)
        assert not any(isinstance(n, ast.ImportFrom) and n.level > 1 and not (n.level == 2 and n.module == "safetext")
                       for n in ast.walk(tree)), room


def test_sprites_is_the_art_package_under_its_old_name():
    from deathmatch.client import art, sprites

    for name in art.__all__:
        assert getattr(sprites, name) is getattr(art, name), name
    tree = ast.parse((ROOT / "deathmatch" / "client" / "sprites.py").read_text(encoding="utf-8"))
    assert not any(isinstance(n, (ast.FunctionDef, ast.ClassDef)) for n in ast.walk(tree))  # no code lives there
