"""The client's shell is shared by every ruleset: it names none.

The title, setup frame, load, settings, tournament, results frame, hand-off, error, help and
save-as screens, and the saves, import nothing of Celebrity Deathmatch (its rules or its screens):
they ask the router's `ClientRuleset` (scenes/router.py) or the core's registry. A save of another
ruleset loads back as that ruleset's game, and the hand-off screen tells only what the next
player's own view shows.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from conftest import ROOT  # noqa: E402
from test_router import imported_modules  # noqa: E402

PACKAGE = ROOT / "deathmatch"
SHELL = sorted(p for p in (PACKAGE / "scenes").glob("*.py") if p.stem != "__init__") + \
    [PACKAGE / "saves.py", PACKAGE / "settings.py"]
"""Every shell module: deathmatch/scenes/*.py (a ruleset's own screens are in scenes/<id>/), and the saves."""
RULESET_SIDE = ("deathmatch.rulesets.celebrity", "deathmatch.scenes.celebrity", "deathmatch.rulesets.celebrity")
"""Celebrity Deathmatch's rules (and their old name) and its screens."""


def _celebrity_imports(path: Path, package: str | None = None) -> set[str]:
    package = package or ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    return {m for m in imported_modules(path, package)
            if any(m == side or m.startswith(side + ".") for side in RULESET_SIDE)}


def test_the_reader_sees_a_ruleset_imported_inside_a_method(tmp_path):
    """What scenes/results.py did before: Celebrity's story and record, imported in its methods."""
    f = tmp_path / "results.py"
    f.write_text("class R:\n    def go(self):\n        from .celebrity.story import key_moments\n"
                 "        from ..rulesets.celebrity import GameRecord\n        from ..core.errors import RecordError\n")
    assert _celebrity_imports(f, "deathmatch.scenes") == {
        "deathmatch.scenes.celebrity.story", "deathmatch.scenes.celebrity.story.key_moments",
        "deathmatch.rulesets.celebrity", "deathmatch.rulesets.celebrity.GameRecord"}


@pytest.mark.parametrize("path", SHELL, ids=lambda p: p.stem)
def test_a_shell_module_imports_nothing_of_celebrity(path):
    wrong = _celebrity_imports(path)
    assert not wrong, (f"{path.relative_to(ROOT)} imports {sorted(wrong)}: ask the router's ClientRuleset "
                       "(scenes/router.py) or the core registry for what is the ruleset's")


def test_the_shell_is_every_shared_screen():
    stems = {p.stem for p in SHELL}
    assert {"title", "setup", "load", "settings", "tourney", "results", "handoff", "error", "help", "saveas",
            "saves"} <= stems


def test_celebrity_brings_its_parts_of_the_shell():
    from deathmatch.core.manifest import module_of
    from deathmatch.scenes import router

    rs = router.RULESETS["celebrity"]
    part = router._load(rs.results)
    assert all(callable(getattr(part, a)) for a in ("headline", "draw", "wheel", "watch_replay", "rematch"))
    side = router._load(rs.new_game)
    assert side.cards_each(4) == 2 and side.cards_each(10) == 1 and len(side.library().cards) >= 20
    assert {module_of(t) for t in (rs.results, rs.new_game)} <= set(router.route_modules())


# ------------------------------------------------------------ a save of another ruleset


@pytest.fixture
def toy():
    import toy_tictactoe

    from deathmatch.core import registry

    registry.register(toy_tictactoe.RULESET)
    return toy_tictactoe


def toy_game(toy, marks=3):
    game = toy.new_game(toy.Setup(("X", "O"), 12))
    game.ruleset_id = toy.RULESET.id  # a game names the ruleset that plays it (Celebrity's Game does in its class)
    rng = random.Random(4)
    for _ in range(marks):
        if not game.over:
            game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_save_of_another_ruleset_loads_back_as_that_ruleset(toy):
    from deathmatch import saves

    game = toy_game(toy)
    path = saves.write_game(game, "noughts")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["ruleset"] == {"id": "tictactoe", "version": 1}
    assert data["meta"]["players"] == ["X", "O"] and data["meta"]["over"] is False
    info, = saves.list_saves()
    assert info.error is None and info.players == ["X", "O"] and info.slot == "noughts"
    loaded = saves.load_game(info)
    assert type(loaded) is toy.TicTacToe and loaded.ruleset_id == "tictactoe"  # not a game of Celebrity Deathmatch
    assert loaded.board == game.board and loaded.history == game.history and loaded.turn == game.turn
    record = saves.load_record("noughts")
    assert record.ruleset == "tictactoe" and len(record.decisions) == 3


def test_a_save_of_an_unknown_ruleset_is_a_broken_save_that_says_so(toy):
    from deathmatch import saves

    path = saves.write_game(toy_game(toy), "alien")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["ruleset"]["id"] = "chess960"
    path.write_text(json.dumps(data), encoding="utf-8")
    info, = saves.list_saves()
    assert "no ruleset 'chess960'" in info.error
    with pytest.raises(saves.RecordError, match="no ruleset 'chess960'"):
        saves.load_game("alien")


FROZEN = sorted((ROOT / "tests" / "data" / "frozen").glob("*.json"))[:2]


@pytest.mark.parametrize("frozen", FROZEN, ids=lambda p: p.stem)
def test_a_version_1_record_loads_through_the_saves_as_celebrity(frozen):
    """Records from before there were rulesets (no "ruleset") are Celebrity Deathmatch's."""
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from freeze_records import state

    from deathmatch import saves

    data = json.loads(frozen.read_text(encoding="utf-8"))
    assert data["record"]["version"] == 1 and "ruleset" not in data["record"]
    (saves.saves_dir() / "old.json").write_text(json.dumps(data["record"]), encoding="utf-8")
    game = saves.load_game("old")
    assert game.ruleset_id == "celebrity" and state(game) == data["final"]
    assert saves.load_record("old").ruleset == "celebrity"


def test_the_client_says_a_games_screens_are_not_installed(toy):
    """Load and Continue of a game whose ruleset has no table here: a clear message, no crash."""
    from deathmatch import saves
    from deathmatch.scenes.app import App

    saves.write_game(toy_game(toy), "noughts")
    app = App((1024, 600))
    app.catch_errors = False
    title = app.open("title")
    assert title.continue_info is not None and title.continue_info.slot == "noughts"
    title.continue_game()
    assert app.stack.top is title
    assert title.message == ("That save can not be continued: it is a game of Tic-tac-toe, "
                             "whose screens are not installed in this program")
    load = app.open("load")
    load.load(load.saves[0])
    assert app.stack.top is load and "noughts can not be loaded: it is a game of Tic-tac-toe" in load.message
    load.replay(load.saves[0])
    assert app.stack.top is load and "noughts can not be replayed: it is a game of Tic-tac-toe" in load.message
    with pytest.raises(KeyError, match="screens are not installed"):
        app.play(saves.load_game("noughts"))


def test_the_results_frame_shows_a_game_whose_ruleset_brings_no_part(toy):
    """The frame alone: who won, and no Watch replay or Rematch it could not do."""
    from deathmatch.scenes.app import App

    game = toy_game(toy, marks=9)
    assert game.over
    app = App((1024, 600))
    app.catch_errors = False
    results = app.go("results", game)
    app.frame([], 1 / 60)
    winners = game.outcome.winners
    assert results.part.headline()[0] == (f"{winners[0]} wins!" if winners else "Nobody wins")
    enabled = {b.label: b.enabled for b in results.buttons}
    assert enabled == {"Watch replay": False, "Rematch": False, "New game": True, "Title": True}


def test_a_tournament_game_keeps_the_night_after_every_answer():
    """The tournament screen's battle saves the game in progress with the night, through the
    tournament (`record_game`) rather than a ruleset's record of its own."""
    from deathmatch.scenes.app import App
    from deathmatch.tournament import Entrant, Tournament

    app = App((1024, 600))
    app.catch_errors = False
    night = Tournament([Entrant("Ann"), Entrant("Bob")], 2, ["bundled:harbour"], seed=3)
    game = night.start_game(app.library)
    battle = app.play(game, tournament=night)
    game.apply(game.legal_actions()[0])
    battle.autosave(game)  # what the battle does after every answer
    kept = Tournament.load()
    assert len(kept.current.decisions) == len(game.history) == 1
    assert kept.resume_game().snapshot() == game.snapshot()


# ------------------------------------------------------------ the hand-off


def _hidden_from(game, player) -> set[str]:
    """Everything `player` may not see: the names of the others' unplayed abilities (hidden cards on)."""
    from deathmatch.rulesets.celebrity.view import ability_visible_to

    return {ab.name for m in game.models.values() for ab in m.card.abilities
            if not ability_visible_to(game, player, m.id, ab.name)}


def _handoff_at_a_window(library):
    """A battle on the hand-off screen to a player who must answer an ability window, with hidden cards on."""
    from deathmatch.launch import make_game
    from deathmatch.rulesets.celebrity.randomplay import random_answer
    from deathmatch.scenes.app import App

    for seed in range(40):
        game, _ = make_game(4, "colosseum", seed)  # hidden cards on
        assert game.options.hidden_cards
        rng = random.Random(seed)
        while not game.over and game.pending.kind != "window":
            game.apply(random_answer(game, rng))
        if not game.over:
            break
    else:
        pytest.fail("no seed reached an ability window")
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.handoff = True
    app.settings.animation_speed = 60.0
    battle = app.play(game)
    for _ in range(600):  # the battle asks for its first decision, and hands the computer over
        if app.stack.top is not battle:
            break
        app.frame([], 1 / 60)
    return app, battle, app.stack.top, game


def test_the_handoff_shows_nothing_hidden_from_the_next_player(library):
    app, battle, handoff, game = _handoff_at_a_window(library)
    assert app.router.is_a(handoff, "handoff") and handoff.player == game.pending.player
    app.frame([], 1 / 60)
    shown = " ".join(handoff.shown)
    assert f"Pass to {handoff.player}" in shown and f"Round {game.round}: your move, {handoff.player}" in shown
    assert "ability" not in shown  # not what the coming seat is to decide (a reaction it holds)
    hidden = _hidden_from(game, handoff.player)
    assert hidden  # the others hold unplayed abilities this player may not know of
    assert not [name for name in hidden if name in shown]


def test_the_handoff_tells_only_what_the_public_view_says(library, monkeypatch):
    """The hand-off's words come from the public view (nobody seated: the registry's `view` asked for
    None), not from the game nor the coming seat's own view: only what everyone may know reaches it."""
    from dataclasses import replace

    from deathmatch.core import registry

    app, battle, handoff, game = _handoff_at_a_window(library)
    real = registry.get("celebrity")
    asked = []

    def view(g, player):
        asked.append(player)
        return {**real.view(g, player), "round": 77}

    monkeypatch.setattr(registry, "_RULESETS", {**registry._RULESETS, "celebrity": replace(real, view=view)})
    battle.game = battle.game  # the table's front, made again, holds the patched ruleset
    app.frame([], 1 / 60)
    assert asked and set(asked) == {None}
    assert f"Round 77: your move, {handoff.player}" in handoff.shown
