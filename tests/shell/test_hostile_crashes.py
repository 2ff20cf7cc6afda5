"""Plain crashes and hangs found on the way (issue 27, class 9): a replay whose decisions no longer
play, `demo`/`play` of every ruleset, a tournament night naming thousands of arenas, a save of a
great many decisions on the title screen, and broken files of every game named on its New game screen.
Each test drives the real path (the CLI, the scene, the loader) and asserts the message or the count."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.cli import main  # noqa: E402
from deathmatch.core import registry  # noqa: E402

RULESETS = [m.id for m in registry.games() if m.client is not None]
"""Every installed game with a table (the registry's: the four bundled, and any plugin)."""


# --- b. demo and play of every ruleset ---------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_demo_runs_for_every_ruleset(ruleset, capsys):
    assert main(["demo", "--ruleset", ruleset, "--frames", "20"]) == 0
    assert "demo: 20 frames" in capsys.readouterr().out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_play_opens_every_rulesets_table_and_runs(ruleset, monkeypatch):
    from deathmatch.scenes.app import App

    tables = []
    run = App.run
    monkeypatch.setattr(App, "run", lambda self, max_frames=None: tables.append(self.stack.top) or run(self, 5))
    assert main(["play", "--ruleset", ruleset, "--seed", "3"]) == 0
    table = tables[0]
    assert table.app.router.is_a(table, "battle") and table.handoff
    if ruleset == "celebrity":  # the one table with cards to hide hides them in a hotseat game
        assert table.hidden_cards is True


# --- a. a replay whose decisions do not play -----------------------------------------------------------

DT = 1 / 60


def _saved_game(ruleset: str, decisions: int = 12):
    """A quick game of `ruleset` after a few random answers, autosaved; its save's path and JSON."""
    import json
    import random

    from deathmatch import saves
    from deathmatch.board.tiled import load_arena
    from deathmatch.cli import arena_path
    from deathmatch.launch import make_game
    from deathmatch.core import registry

    path = arena_path(None, None, ruleset)
    game, _ = make_game(load_arena(path).min_players, path, 5, ruleset=ruleset)
    rules, rng = registry.get(ruleset), random.Random(6)
    for _ in range(decisions):
        if game.over:
            break
        game.apply(rules.random_answer(game, rng))
    file = saves.write_game(game)
    return file, json.loads(file.read_text(encoding="utf-8"))


def _unplayable(file, data) -> str:
    """Rewrite the save so its decisions no longer play (each decision still reads); the reason."""
    import json

    from deathmatch import saves
    from deathmatch.core.errors import RecordError

    d = data["decisions"]
    for wrong in (d[1:], d[:1] + d, d[:1] * 2 + d[1:], list(reversed(d))):
        file.write_text(json.dumps({**data, "decisions": wrong}), encoding="utf-8")
        try:
            saves.load_game(file)
        except RecordError as e:
            if "illegal on replay" in str(e):
                return str(e)
    raise AssertionError("no rewrite made the decisions unplayable")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_replay_whose_decisions_do_not_play_is_said_on_the_load_screen(ruleset):
    from deathmatch.scenes.app import App
    from deathmatch.scenes.load import LoadScene
    from deathmatch.scenes.title import TitleScene

    file, data = _saved_game(ruleset)
    assert len(data["decisions"]) >= 2
    _unplayable(file, data)
    app = App((1280, 720))
    app.catch_errors = False  # a crash fails the test, not the crash screen
    app.push(TitleScene(app))
    app.frame([], DT)
    app.frame(press(pygame.K_l), DT)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    replay = next(b for b in load.buttons if b.label == "Replay")
    assert replay.enabled
    app.frame(click(replay.rect.center), DT)
    assert app.stack.top is load  # no replay opened: the message instead
    assert "can not be replayed" in load.message and "illegal on replay" in load.message
    assert "decision " in load.message
    for _ in range(5):  # and the app keeps running
        app.frame([], DT)
    assert app.stack.top is load and app.running


def press(key, mod=0):
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]


def click(pos):
    pos = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


# --- c. a tournament night listing thousands of arenas -------------------------------------------------

def test_standings_of_a_night_of_thousands_of_arenas_load_each_map_once_not_every_frame(monkeypatch):
    import deathmatch.board.tiled as tiled
    from deathmatch.scenes.app import App
    from deathmatch.scenes.tourney import TournamentScene
    from deathmatch.paths import maps_dir
    from deathmatch.tournament import Tournament, bot_tournament

    night = bot_tournament(3, 3, 5).to_json()
    unfit = []  # bundled arenas that do not take this night's three players (or are not Celebrity's)
    for p in sorted(maps_dir().glob("*.tmx")):
        try:
            a = tiled.load_arena(f"bundled:{p.stem}")
        except ValueError:
            continue
        if not (a.min_players <= 3 <= a.max_players and "celebrity" in a.rulesets):
            unfit.append(f"bundled:{p.stem}")
    assert unfit
    names = [f"user:nowhere_{i}" for i in range(1000)] + unfit * (1000 // len(unfit) + 1)
    night["arenas"] = names[:2000] + ["bundled:colosseum"]
    t = Tournament.from_json(night)
    assert len(t.arenas) == 2001
    loads, looks = [], []
    real, look = tiled.load_arena, tiled.saved_arena_id
    monkeypatch.setattr(tiled, "load_arena", lambda path, *a, **k: loads.append(str(path)) or real(path, *a, **k))
    monkeypatch.setattr(tiled, "saved_arena_id", lambda ref: looks.append(ref) or look(ref))
    app = App((1280, 720))
    app.catch_errors = False
    said = []
    scene = TournamentScene(app, t)
    app.push(scene)
    app.frame([], DT)
    first, looked = len(loads), len(looks)
    assert 0 < first <= len(list(maps_dir().glob("*.tmx")))  # each map read once to find the next game's arena
    assert len(set(loads)) == len(loads)  # none twice, however often the list names it
    for _ in range(10):
        app.frame([], DT)
    assert (len(loads), len(looks)) == (first, looked)  # drawing the standings again reads no map
    import deathmatch.scenes.tourney as tourney

    monkeypatch.setattr(tourney, "fit_text_block", lambda surface, words, *a, **k: said.append(words))
    scene.draw(app.screen)
    assert (len(loads), len(looks)) == (first, looked)
    assert f"Next: game 1 on {tourney._arena_name(t.arena_for(0))};" in said[0]  # the arena the night plays


# --- d. a save of a great many decisions on the title screen ---------------------------------------------

def test_the_title_screen_does_not_read_a_saves_decisions(monkeypatch):
    """Continue needs the autosave's header (ruleset, names, round): the title reads no decision, so a
    save of 800,000 decisions costs it no more decision reads than one of 12 (it held the title 9–14 s)."""
    import json

    from deathmatch import saves
    from deathmatch.core import registry
    from deathmatch.scenes.app import App
    from deathmatch.scenes.title import TitleScene

    file, data = _saved_game("celebrity")
    many = (data["decisions"] * 70_000)[:800_000]
    file.write_text(json.dumps({**data, "decisions": many}, separators=(",", ":")), encoding="utf-8")
    from dataclasses import replace

    rules = registry.get("celebrity")
    reads = []
    real = rules.action_from_json
    counted = replace(rules, action_from_json=lambda d: reads.append(1) or real(d))
    monkeypatch.setitem(registry._RULESETS, "celebrity", counted)
    whole = []
    read_data = saves._read_data
    monkeypatch.setattr(saves, "_read_data", lambda path: whole.append(path) or read_data(path))
    app = App((1280, 720))
    app.catch_errors = False
    title = TitleScene(app)
    app.push(title)
    app.frame([], DT)
    assert reads == []  # not one decision read (it was 800,000)
    assert whole == []  # nor the whole file: its header and its meta only, from its two ends
    assert title.continue_info is not None and title.continue_info.slot == saves.AUTOSAVE
    assert title.continue_info.round == data["meta"]["round"] and title.buttons[0].enabled  # Continue, from the header
    listed = saves.list_saves()[0]
    assert listed.error is None and len(reads) == 800_000 and whole == [file]  # the Load screen still reads them all
    assert listed == title.continue_info  # and says the same of it


@pytest.mark.parametrize("layout", ["meta first", "no meta", "not a record", "newer", "cut short"])
def test_a_long_save_laid_out_otherwise_is_still_judged_right_by_the_title(layout, monkeypatch):
    """The title's quick read of a long save's ends gives way to the whole read where it can not tell
    (or refuses what the whole read refuses): never a crash, never a broken save offered to Continue."""
    import json

    from deathmatch import saves

    file, data = _saved_game("celebrity")
    many = (data["decisions"] * 30_000)[:300_000]
    meta = data.pop("meta")
    body = {"meta first": {"meta": meta, **data, "decisions": many},
            "no meta": {**data, "decisions": many},
            "not a record": {**data, "format": "something else", "decisions": many, "meta": meta},
            "newer": {**data, "version": 99, "decisions": many, "meta": meta},
            "cut short": {**data, "decisions": many, "meta": meta}}[layout]
    text = json.dumps(body, separators=(",", ":"))
    file.write_text(text[:-20] if layout == "cut short" else text, encoding="utf-8")
    assert file.stat().st_size > 3 * saves.HEAD_BYTES
    best = saves.latest_unfinished()
    full = saves._info(file)  # the whole file read, as the Load screen reads it
    if layout in ("meta first", "no meta"):
        assert full.error is None and best is not None and best.path == file
        if layout == "meta first":
            assert best.round == meta["round"] and best.players == meta["players"]
    else:
        assert full.error and best is None


# --- e. broken files of every game named on its New game screen --------------------------------------------

def _broken_file(kind: str):
    """A broken file of `kind` in the player's folder for it (made if missing); its path."""
    from deathmatch import paths

    folder = paths.user_dir({"card": "cards", "army": "armies", "gladiator": "gladiators", "experience": "experience",
                             "hero": "heroes"}[kind])
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"broken_{kind}.yaml"
    path.write_text("id: [unclosed\nname: : :\n", encoding="utf-8")
    return path


def _setup_words(ruleset: str) -> tuple[object, str]:
    """The ruleset's New game screen, opened as a player does (the router), and every word it draws."""
    from deathmatch.client import ui
    from deathmatch.scenes.app import App

    app = App((1280, 720))
    app.catch_errors = False
    app.router.ruleset = ruleset
    setup = app.router.open("setup")
    app.frame([], DT)
    surface = ui.RecordingSurface(app.size, [])
    with ui.recording() as records:
        surface.records = records
        setup.draw(surface)
    return setup, " ".join(r.words for r in records)


@pytest.mark.parametrize("ruleset, kind, what, check", [
    ("celebrity", "card", "1 card file skipped: broken_card.yaml", "check-cards"),
    ("skirmish", "army", "1 army file skipped: broken_army.yaml", "check-armies"),
    ("gladiator", "gladiator", "1 gladiator or experience card file skipped: broken_gladiator.yaml", "check-gladiators"),
    ("gladiator", "experience", "1 gladiator or experience card file skipped: broken_experience.yaml", "check-gladiators"),
    ("supers", "hero", "1 hero file skipped: broken_hero.yaml", "check-heroes"),
])
def test_a_broken_file_is_named_on_its_games_new_game_screen(ruleset, kind, what, check):
    from deathmatch.scenes.setup import NewGameScene

    path = _broken_file(kind)
    setup, words = _setup_words(ruleset)
    assert isinstance(setup, NewGameScene) and setup.app.stack.top is setup  # it opened, nothing crashed
    assert what in words, words
    assert f"or see every problem with: deathmatch-cli {check}" in words
    assert str(path.parent) not in words  # the file by its name: the folder is the player's


def test_two_broken_files_are_counted_and_no_broken_file_says_nothing():
    _, words = _setup_words("skirmish")
    assert "skipped" not in words  # nothing broken: no line
    _broken_file("army")
    from deathmatch import paths

    (paths.user_dir("armies") / "also_broken.yaml").write_text("- just a list\n", encoding="utf-8")
    _, words = _setup_words("skirmish")
    assert "2 army files skipped: " in words and "Fix them" in words


def test_the_results_story_of_a_record_that_stops_playing_is_the_story_so_far():
    """The results screen tells a game's events again from its record: a decision that no longer plays
    ends the story there (it was an IllegalAction out of the results screen)."""
    from deathmatch.core import registry
    from deathmatch.scenes.app import App
    from deathmatch.scenes.skirmish.results import SkirmishResults

    file, data = _saved_game("skirmish")
    from deathmatch import saves

    game = saves.load_game(file)
    n = len(game.history)
    game.history.append(game.history[0])  # played again at the end: not legal now
    app = App((1280, 720))
    panel = SkirmishResults(app, game)
    again = registry.get("skirmish").new_game(game.setup)
    told = list(getattr(again, "setup_events", ()))
    for a in game.history[:n]:
        told += again.apply(a)
    assert panel.events == told
