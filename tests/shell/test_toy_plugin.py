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

from deathmatch.board import Square
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


def test_the_help_names_a_plugin_game_too(toy, capsys):
    from deathmatch.cli import main

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "Tic-tac-toe" in out and any(line.split() == ["tictactoe", "Tic-tac-toe"] for line in out.splitlines())


def key(k):
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]


def settle(app, passed: list | None = None) -> None:
    """Frames until nothing moves; a hand-off is passed by a click after its guard, by the one it names (noted
    in `passed`)."""
    from deathmatch.scenes.handoff import GUARD, HandOffScene

    for _ in range(2000):
        top = app.stack.top
        if isinstance(top, HandOffScene):
            app.frame(click(app.stack.top.undo_rect().move(0, 80).center), 1 / 60)  # at once: the guard ignores it
            assert app.stack.top is top, "a click the instant the hand-off opened passed it"
            if passed is not None:
                passed.append(top.player)
            app.frame([], GUARD)
            app.frame(click((app.size[0] // 2, app.size[1] // 2)), 1 / 60)
            continue
        if not app.stack.animating:
            return
        app.frame([], 1 / 60)
    raise AssertionError("the screen never settled")


def mark(app, table, square, passed=None):
    app.frame(click(table.board.centre(Square(*square))), 1 / 60)
    settle(app, passed)


def test_which_game_offers_it_and_it_plays_by_mouse_to_its_results_saves_loads_and_replays(toy):
    """Two people at one screen: every mark by mouse on the shared table, no hand-off between them (nothing is
    hidden at tic-tac-toe: a banner says whose turn it is),
    the game menu over the table, the autosave, the results, the game loaded again with its log, the replay."""
    from toy_tictactoe.table import ToyReplay, ToySetup, ToyTable

    from deathmatch import saves
    from deathmatch.core.front import Front
    from deathmatch.scenes.app import App
    from deathmatch.scenes.choose import GameChoiceScene
    from deathmatch.scenes.pause import PauseMenu
    from deathmatch.scenes.results import ResultsScene
    from deathmatch.scenes.table import Replay, Table

    app = App((1024, 600))
    app.catch_errors = False
    assert app.settings.handoff  # two people, one screen: the hand-off between them
    app.open("title")
    app.frame(key(pygame.K_n), 1 / 60)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene) and choice.buttons[4].label == "Tic-tac-toe"
    assert choice.blurbs[4][1].startswith("Three in a row")
    app.frame(click(choice.buttons[4].rect.center), 1 / 60)
    assert app.router.ruleset == "tictactoe" and isinstance(app.stack.top, ToySetup)
    app.frame(click(app.stack.top.buttons[0].rect.center), 1 / 60)  # Play
    table = app.stack.top.battle if hasattr(app.stack.top, "battle") else app.stack.top
    assert isinstance(table, ToyTable) and isinstance(table, Table)
    passed: list = []
    settle(app, passed)
    first = table.front.turn
    assert passed == [] and table.viewer == first and table.stage == "mark"  # nothing hidden: no hand-off
    assert table.log[0].startswith("The d2 rolls") and table.log[0].endswith(f"{first} starts.")
    for square in [(0, 0), (0, 1), (1, 0), (1, 1)]:
        mark(app, table, square, passed)
    assert passed == []  # nobody passes the screen: the banner names each person's turn (issue 29)
    mark(app, table, (1, 1))  # taken: nothing happens
    assert len(table.front.view(None).board) == 4 and table.front.turn == first
    saved = saves.load_game("autosave")  # every mark autosaved: the save loads as the same game
    assert Front(saved).view(first) == table.front.view(first)
    # the game menu over the shared table (the Menu button, then Esc back to the game)
    app.frame(click(table.menu_button.rect.center), 1 / 60)
    assert isinstance(app.stack.top, PauseMenu)
    app.frame(key(pygame.K_ESCAPE), 1 / 60)
    assert app.stack.top is table
    mark(app, table, (2, 0))  # the top row: the first player wins
    assert table.stage == "over" and table.front.outcome.winners == (first,)
    assert table.log[-1] == f"{first} wins!"
    surface = pygame.Surface(app.size)
    table.draw(surface)  # plain squares where the board is, the end over it, the Results button in the bar
    assert surface.get_at(table.board.square(Square(2, 2)).center)[:3] == (222, 214, 190)
    results_button = next(b for b in table.buttons if b.label.startswith("Results"))
    app.frame(click(results_button.rect.center), 1 / 60)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.part.headline()[0] == f"{first} wins!"
    # Continue after a load: the saved game goes back on the toy's table, its log told again as it was
    app.router.ruleset = "celebrity"
    loaded = app.play(saves.load_game("autosave"))
    assert isinstance(loaded, ToyTable) and loaded.front.over
    assert loaded.front.view(None) == table.front.view(None) and loaded.log == table.log
    # the replay: from the results screen, the game again on the shared table, to the same board and log
    app.go("results", table.game)
    app.stack.top.watch_replay()
    replay = app.stack.top
    assert isinstance(replay, ToyReplay) and isinstance(replay, Replay) and replay.front.view(None).board == {}
    settle(app)
    assert replay.stage == "over" and replay.at_end
    assert replay.front.view(None) == table.front.view(None) and replay.log == table.log
    app.frame(key(pygame.K_ESCAPE), 1 / 60)
    assert app.stack.top is not replay


def test_a_person_against_the_toys_bot_on_the_shared_table(toy):
    """A computer seat (the host's note `seat_bots`, as the setup screens leave it) answers on its own through the
    shared table's turn; the one person marks by mouse, with no hand-off (nobody else to hide anything from)."""
    from toy_tictactoe import Setup, new_game

    from deathmatch.scenes.app import App
    from deathmatch.scenes.handoff import HandOffScene

    app = App((1280, 720))
    app.catch_errors = False
    app.open("title")
    game = new_game(Setup(seed=4))
    game.seat_bots = {"O": "random"}
    table = app.play(game)
    assert table.auto == {"O"} and table.humans == ["X"]
    for _ in range(12):
        settle(app)
        assert not isinstance(app.stack.top, HandOffScene)
        if table.stage == "over":
            break
        assert table.stage == "mark" and table.decision.player == "X"
        mark(app, table, tuple(table.candidate_order()[0]))
    assert table.stage == "over" and table.front.over
    assert sum(line.startswith("O marks") for line in table.log) >= 2


def test_the_toy_table_reads_no_game():
    """The toy's screens read the game only through the front, as tests/shell/test_view_only.py holds every screen of
    the program to: no attribute read of a game, and none of the live game's own calls."""
    import ast

    from test_view_only import reaches

    path = TESTS / "toy_tictactoe" / "table.py"
    assert reaches(path) == []
    live = {"pending", "history", "legal_actions", "is_legal", "apply", "outcome", "board", "setup"}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in live:
            assert ast.unparse(node.value) in ("self", "self.front", "self.seen", "super()"), ast.unparse(node)


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

