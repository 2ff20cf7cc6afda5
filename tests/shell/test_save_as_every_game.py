"""Save as (F5, or the game menu) opens on every game's table, with a name from the public view: the
arena's and the round's (or turn's) words. It read `game.arena` and `game.round`, which only Celebrity
Deathmatch's game has."""

from __future__ import annotations

import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import fault_sweep  # noqa: E402

from deathmatch.core.front import Front  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.saveas import SaveAsScene  # noqa: E402


@pytest.mark.parametrize("rid", ["celebrity", "skirmish", "gladiator", "supers"])
def test_save_as_names_the_game_by_its_arena_and_round(rid, tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    app = App((1280, 720))
    app.catch_errors = False
    game = fault_sweep.quick_game(rid, 2)
    front = Front(game)
    scene = SaveAsScene(app, game)
    arena = front.arena.name.replace("The ", "")
    assert scene.name.startswith(arena) and len(scene.name) > len(arena)
    assert app.router.round_words(front.when() or 0, rid) in scene.name


@pytest.mark.parametrize("rid", ["celebrity", "skirmish", "gladiator", "supers"])
def test_a_game_still_being_placed_is_before_its_first_round_not_round_0(rid):
    """Save as during placement offered "Colosseum round 0"; the load list and Continue said "round 0" too."""
    app = App((1024, 600))
    word = app.router.round_words(3, rid).split()[0]
    assert app.router.round_words(0, rid) == f"before {word} 1"
    assert app.router.round_words(1, rid) == f"{word} 1"
