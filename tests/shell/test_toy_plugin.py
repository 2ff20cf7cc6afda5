"""The toy proves a game is one folder: tests/toy_tictactoe/ (rules, a table of plain squares, one manifest),
installed the way a plugin is, by its distribution's metadata on the path (a `deathmatch.games` entry point),
shows up in "Which game?", plays by mouse to its results, saves, loads, replays, plays a tournament night of
bots and its scenario files, and adds nothing to the program but itself."""

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from test_client import click

from deathmatch.core import registry
from deathmatch.scenes import router
from conftest import TESTS

TOY_SCENARIOS = TESTS / "data" / "toy"


def install_plugin(where: Path) -> Path:
    """A distribution's metadata as pip leaves it: a dist-info folder whose entry_points.txt names the manifest."""
    info = where / "deathmatch_tictactoe-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: deathmatch-tictactoe\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text('[deathmatch.games]\ntictactoe = toy_tictactoe.manifest:MANIFEST\n')
    return info


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy installed as a plugin (its metadata on sys.path), the games found afresh; taken away after."""
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path / "user"))
    install_plugin(tmp_path / "site")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    registry.forget_games()
    monkeypatch.setattr(router, "RULESETS", router.client_rulesets())
    toy = registry.manifest("tictactoe")
    registry.register(toy.ruleset())  # (the bare rules, which other tests import, may have been registered first)
    yield toy
    registry.forget_games()
    import toy_tictactoe

    registry.register(toy_tictactoe.RULESET)  # uninstalled: the bare rules again, as tests that import them expect


def test_without_the_plugin_there_are_the_four_games():
    assert [m.id for m in registry.games()][:4] == ["celebrity", "skirmish", "gladiator", "supers"]
    assert "tictactoe" not in router.RULESETS


def test_the_plugin_is_found_through_its_entry_point(toy):
    assert toy.name == "Tic-tac-toe" and toy.ruleset() is registry.get("tictactoe")
    assert [m.id for m in registry.games()] == ["celebrity", "skirmish", "gladiator", "supers", "tictactoe"]
    assert list(router.RULESETS) == [m.id for m in registry.games()]
    assert "tictactoe" in registry.ids() and not registry.PROBLEMS
    from deathmatch.cli import main

    with pytest.raises(SystemExit):  # --ruleset's choices are the registry's
        main(["play", "--ruleset", "croquet"])


def mark(app, table, square):
    app.frame(click(table.cells()[square].center), 1 / 60)


def test_which_game_offers_it_and_it_plays_by_mouse_to_its_results_saves_loads_and_replays(toy):
    from toy_tictactoe.table import ToyReplay, ToySetup, ToyTable

    from deathmatch import saves
    from deathmatch.scenes.app import App
    from deathmatch.scenes.choose import GameChoiceScene
    from deathmatch.scenes.results import ResultsScene

    app = App((1024, 600))
    app.open("title")
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="", scancode=0)], 1 / 60)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene) and choice.buttons[4].label == "Tic-tac-toe"
    assert choice.blurbs[4][1].startswith("Three in a row")
    app.frame(click(choice.buttons[4].rect.center), 1 / 60)
    assert app.router.ruleset == "tictactoe" and isinstance(app.stack.top, ToySetup)
    app.frame(click(app.stack.top.buttons[0].rect.center), 1 / 60)  # Play
    table = app.stack.top
    assert isinstance(table, ToyTable) and table.game.pending.kind == "mark"
    first = table.game.pending.player
    for square in [(0, 0), (0, 1), (1, 0), (1, 1)]:
        mark(app, table, square)
    mark(app, table, (1, 1))  # taken: nothing happens
    assert len(table.game.history) == 4
    saved = saves.load_game("autosave")  # every mark autosaved: the save loads as the same game
    assert saved.board == table.game.board and saved.pending == table.game.pending
    mark(app, table, (2, 0))  # the top row: the first player wins
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.part.headline()[0] == f"{first} wins!"
    assert table.game.over and table.game.outcome.winners == (first,)
    # Continue after a load: the saved game goes back on the toy's own table
    app.router.ruleset = "celebrity"
    loaded = app.play(saves.load_game("autosave"))
    assert isinstance(loaded, ToyTable) and loaded.game.over and loaded.game.board == table.game.board
    # the replay: from the results screen, one mark a click, to the same board
    app.go("results", table.game)
    app.stack.top.watch_replay()
    replay = app.stack.top
    assert isinstance(replay, ToyReplay) and replay.game.board == {}
    for _ in range(5):
        app.frame(click((5, 5)), 1 / 60)
    assert replay.game.board == table.game.board and replay.game.outcome == table.game.outcome
    surface = pygame.Surface(app.size)
    replay.draw(surface)  # a plain square is drawn where the board is
    assert surface.get_at(replay.cells()[(2, 2)].center)[:3] == (222, 214, 190)


def test_a_tournament_night_of_bots_plays_it(toy):
    from deathmatch.tournament import Entrant, Tournament, play_game_with_bots

    night = Tournament([Entrant("Ann", 0, "random"), Entrant("Bob", 1, "random")], 3, ["yard"], seed=5,
                       ruleset="tictactoe")
    while not night.over:
        play_game_with_bots(night)
    assert len(night.records) == 3 and all(r.ruleset == "tictactoe" for r in night.records)
    table = night.standings()
    assert sorted(row["player"] for row in table) == ["Ann", "Bob"] and all(row["games"] == 3 for row in table)
    assert sum(row["vp"] for row in table) == sum(len(r["winners"]) for r in night.results())
    assert len(night.highlights()) == 3 and night.export_csv().count("\n") >= 3
    assert [c.key for c in night.scoring.totals] == ["vp", "wins"]  # its manifest's own columns, no others
    assert night.export_csv().splitlines()[0] == "rank,player,vp,wins,games,dropped"


def test_the_scenario_runner_plays_its_files(toy, capsys):
    from deathmatch.cli import main

    assert main(["scenario", str(TOY_SCENARIOS)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 passed, 0 failed"


def test_a_plugin_that_fails_to_load_is_named_and_the_rest_play(tmp_path, monkeypatch):
    info = install_plugin(tmp_path)
    (info / "entry_points.txt").write_text("[deathmatch.games]\nbroken = no_such_module_anywhere:MANIFEST\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.forget_games()
    try:
        assert [m.id for m in registry.games()] == ["celebrity", "skirmish", "gladiator", "supers"]
        assert len(registry.PROBLEMS) == 1 and "'broken'" in registry.PROBLEMS[0]
    finally:
        registry.forget_games()

