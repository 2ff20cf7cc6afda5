"""Proof with the real Tiled: maps saved by Tiled itself load into the same arenas.

Uses Debian's `tiled` command line (headless, QT_QPA_PLATFORM=offscreen);
skipped with the reason where it is not installed (.ci/run installs it).
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import ROOT
from deathmatch.board.tiled import check_map, load_arena

MAPS = sorted((ROOT / "maps").glob("*.tmx"))
TILED = shutil.which("tiled")
needs_tiled = pytest.mark.skipif(TILED is None, reason="the Tiled editor is not installed (apt-get install tiled)")


def export(src: Path, dst: Path) -> None:
    runtime = dst.parent / "xdg-runtime"
    runtime.mkdir(mode=0o700, exist_ok=True)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(runtime))
    out = subprocess.run([TILED, "--export-map", str(src), str(dst)], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and dst.exists(), out.stderr


def same_arena(a, b):
    assert a.terrain == b.terrain
    assert (a.spawn, a.loot, a.beasts) == (b.spawn, b.loot, b.beasts)
    assert (a.name, a.description, a.author, a.min_players, a.max_players) == (
        b.name, b.description, b.author, b.min_players, b.max_players)
    assert a.cells == b.cells and a.layout == b.layout
    assert a.rulesets == b.rulesets and a.grid is b.grid


@needs_tiled
@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_tiled_resaves_each_bundled_map_into_the_same_arena(path, tmp_path):
    # Tiled rewrites the tileset paths relative to where it saves the copy.
    out = tmp_path / f"resaved-{path.stem}.tmx"
    export(path, out)
    assert 'tiledversion="' in out.read_text()
    same_arena(load_arena(path), load_arena(out))


@needs_tiled
def test_a_map_written_as_json_and_saved_by_tiled_loads(tmp_path):
    src = ROOT / "tests" / "data" / "tiled" / "json_ford.tmj"
    dst = tmp_path / "ford.tmx"
    export(src, dst)
    report = check_map(dst)
    assert report.ok, [str(p) for p in report.problems]
    same_arena(report.arena, load_arena(ROOT / "tests" / "data" / "tiled" / "tiled_saved_ford.tmx"))


def test_the_committed_tiled_saved_map_loads():
    """tiled_saved_ford.tmx was written by Tiled 1.8.2 itself (from json_ford.tmj),
    so this runs even where Tiled is not installed."""
    path = ROOT / "tests" / "data" / "tiled" / "tiled_saved_ford.tmx"
    assert 'tiledversion="1.8.2"' in path.read_text()
    report = check_map(path)
    assert report.ok, [str(p) for p in report.problems]
    a = report.arena
    assert a.name == "The Ford" and a.layout.stagger_axis == "x" and a.layout.stagger_index == "even"
    assert len(a.spawn) == 4 and len(a.loot) == 1 and len(a.beasts) == 2


@needs_tiled
def test_tiled_resaves_the_orthogonal_test_map_into_the_same_square_board(tmp_path):
    data = ROOT / "tests" / "data" / "tiled"
    for name in ("square_yard.tmx", "squares.tsx", "squares.png"):
        (tmp_path / name).write_bytes((data / name).read_bytes())
    out = tmp_path / "resaved.tmx"
    export(tmp_path / "square_yard.tmx", out)
    assert 'tiledversion="' in out.read_text() and 'orientation="orthogonal"' in out.read_text()
    a, b = load_arena(out), load_arena(data / "tiled_saved_square_yard.tmx")
    assert a.grid is b.grid and a.grid.name == "square"
    assert a.terrain == b.terrain and a.markers == b.markers and a.cells == b.cells
    assert (a.name, a.description, a.author, a.rulesets) == (b.name, b.description, b.author, b.rulesets)
