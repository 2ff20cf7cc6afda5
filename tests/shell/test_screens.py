"""The game around the battle, driven headless: title → setup → a game → results → rematch,
Continue after a kill, the error screen, broken settings."""

import os
import random
import signal
import subprocess
import sys
import time

import pygame
import pytest

from conftest import ROOT

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch import saves  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.battle import BattleScene  # noqa: E402
from deathmatch.scenes.error import ErrorScene  # noqa: E402
from deathmatch.scenes.handoff import HandOffScene  # noqa: E402
from deathmatch.scenes.results import ResultsScene  # noqa: E402
from deathmatch.scenes.setup import NewGameScene  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from test_client import Driver, press  # noqa: E402

DT = 1 / 60


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def test_title_setup_game_results_rematch():
    app = fresh_app()
    title = app.stack.top
    assert not title.buttons[0].enabled  # nothing to continue yet
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    # an invalid choice is explained, not silently blocked
    setup.arena = [e.path.stem for e in setup.arenas].index("duel_pit")
    app.frame(press(pygame.K_RETURN), DT)
    assert isinstance(app.stack.top, NewGameScene)
    assert "The Duel Pit needs 2–3 players" in setup.message
    setup.arena = [e.path.stem for e in setup.arenas].index("classic_square")
    setup.options.round_limit = 2
    setup.speed = 60.0
    app.settings.animation_speed = 60.0
    app.frame(press(pygame.K_RETURN), DT)
    battle = app.stack.top
    assert isinstance(battle, BattleScene)
    game = battle.game
    assert len(game.players) == 4 and game.options.round_limit == 2
    assert saves.latest_unfinished() is not None  # autosaved from the first moment
    Driver(app, battle, "mouse", random.Random(5)).play()
    app.frame(press(pygame.K_ESCAPE), DT)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and results.game is game
    app.frame([], DT)
    app.frame(press(pygame.K_r), DT)
    rematch = app.stack.top
    assert isinstance(rematch, BattleScene) and rematch.game is not game
    assert [p.cards for p in rematch.game.setup.players] == [p.cards for p in game.setup.players]
    assert rematch.game.arena.name == game.arena.name
    # the remembered seats come back in the next setup
    again = NewGameScene(app)
    assert [s.name for s in again.seats[:4]] == [s.name for s in setup.seats[:4]]


def test_continue_resumes_the_autosave_exactly():
    app = fresh_app()
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    app.settings.animation_speed = 60.0
    app.frame(press(pygame.K_RETURN), DT)
    battle = app.stack.top
    d = Driver(app, battle, "keyboard", random.Random(2))
    for _ in range(15):
        d.settle()
        d.step()
    snapshot = battle.game.snapshot()
    app2 = fresh_app()
    title = app2.stack.top
    assert title.buttons[0].enabled and title.continue_info is not None
    app2.frame(press(pygame.K_c), DT)
    resumed = resumed_battle(app2)
    assert resumed.game.snapshot() == snapshot


def resumed_battle(app) -> BattleScene:
    """The battle screen Continue opened: on top, or under the hand-off to the seat whose decision it is
    (a resumed game animates nothing of its past, so the hand-off opens at once)."""
    top = app.stack.top
    battle = next(s for s in reversed(app.stack.scenes) if isinstance(s, BattleScene))
    assert top is battle or (isinstance(top, HandOffScene) and top.player == battle.game.pending.player)
    return battle


def test_killed_mid_battle_the_game_continues_where_it_stopped(tmp_path):
    env = dict(os.environ, DEATHMATCH_USER_DIR=str(tmp_path), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "-m", "deathmatch", "demo", "--seed", "9", "--players", "4", "--speed", "60",
                             "--autosave"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    save = tmp_path / "saves" / "autosave.json"
    deadline = time.time() + 60
    try:
        while time.time() < deadline:
            if save.exists() and save.stat().st_size > 0 and save.read_text().count('"type"') >= 25:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
    os.environ["DEATHMATCH_USER_DIR"] = str(tmp_path)
    killed = saves.load_game(save)  # never torn: it loads and replays
    assert len(killed.history) >= 25 and not killed.over
    # The same seeded demo, uninterrupted, makes the same decisions: the save is a prefix of it.
    from deathmatch.launch import make_game

    app = App((1280, 720))
    game, path = make_game(4, None, 9, round_limit=30)
    battle = BattleScene(app, game, path, auto_players=set(game.players), anim_speed=60, seed=9, handoff=False,
                         hidden_cards=False, auto_delay=0.15)
    app.stack.replace(battle)
    while len(game.history) < len(killed.history):
        app.frame([], DT)
    assert game.history[: len(killed.history)] == killed.history
    # and Continue picks it up on the battle screen
    title = TitleScene(app)
    app.stack.replace(title)
    app.frame([], DT)
    app.frame(press(pygame.K_c), DT)
    assert resumed_battle(app).game.snapshot() == killed.snapshot()


def test_an_unexpected_error_shows_the_error_screen_and_keeps_the_autosave(tmp_path):
    app = fresh_app()
    app.catch_errors = True
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    app.frame(press(pygame.K_RETURN), DT)
    battle = app.stack.top
    assert isinstance(battle, BattleScene)

    def boom(dt):
        raise RuntimeError("a test gremlin")

    battle.update = boom
    app.frame([], DT)
    err = app.stack.top
    assert isinstance(err, ErrorScene)
    assert err.log_path.exists() and "a test gremlin" in err.log_path.read_text()
    app.frame([], DT)  # the error screen draws
    assert saves.latest_unfinished() is not None
    app.frame(press(pygame.K_t), DT)
    assert isinstance(app.stack.top, TitleScene) and app.stack.top.buttons[0].enabled


def test_a_broken_settings_file_starts_with_defaults_and_says_why():
    from deathmatch.settings import settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"effects_volume": 7, "width": "wide", ')
    app = fresh_app()
    assert app.settings.effects_volume == 0.8
    assert app.settings_problems and str(path.name) in app.settings_problems[0]
    assert path.read_text() == '{"effects_volume": 7, "width": "wide", '


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600)])
def test_every_screen_draws_at_both_sizes(size):
    from deathmatch.scenes.gallery import GalleryScene
    from deathmatch.scenes.load import LoadScene
    from deathmatch.scenes.rules import RulesScene
    from deathmatch.scenes.settings import SettingsScene

    app = fresh_app(size)
    for make in (NewGameScene, LoadScene, RulesScene, SettingsScene, GalleryScene):
        app.push(make(app))
        app.frame([], DT)
        assert app.screen.get_size() == size
        app.stack.pop()


def test_f5_saves_under_a_name_that_load_lists():
    app = fresh_app()
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    app.frame(press(pygame.K_RETURN), DT)
    battle = app.stack.top
    app.frame(press(pygame.K_F5), DT)
    from deathmatch.scenes.saveas import SaveAsScene

    prompt = app.stack.top
    assert isinstance(prompt, SaveAsScene)
    prompt.name = ""
    for ch in "Friday final":
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode=ch, scancode=0)], DT)
    app.frame(press(pygame.K_RETURN), DT)
    assert prompt.saved is not None and prompt.saved.exists()
    app.frame(press(pygame.K_SPACE), DT)
    assert app.stack.top is battle
    assert "Friday final" in [s.name for s in saves.list_saves()]  # listed under the name typed


def test_a_tournament_night_on_screen_with_continue_mid_game():
    from deathmatch.scenes.tourney import TournamentScene, TournamentSetupScene

    app = fresh_app()
    app.frame(press(pygame.K_t) + press(pygame.K_RETURN), DT)  # Tournament, then the choice of game: Celebrity
    setup = app.stack.top
    assert isinstance(setup, TournamentSetupScene)
    setup.set_count(-1)  # 3 players
    names = [e.path.stem for e in setup.arenas]
    rect = dict(setup.arena_rects)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect[names.index("classic_square")].center, button=1)], DT)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect[names.index("harbour")].center, button=1)], DT)
    assert "The Colosseum needs 4–8 players" in setup.problem()  # still first on the list
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect[names.index("colosseum")].center, button=1)], DT)
    assert [names[k] for k in setup.chosen] == ["classic_square", "harbour"] and not setup.problem()
    setup.options.round_limit = 2
    setup.games = 3
    app.settings.animation_speed = 60.0
    for seat in setup.seats[1:3]:
        seat.kind = "normal"
    app.frame(press(pygame.K_RETURN), DT)
    standings = app.stack.top
    assert isinstance(standings, TournamentScene)
    t = standings.t
    assert t.arenas == ["bundled:classic_square", "bundled:harbour"]
    assert t.placement_order(0)[0] == setup.seats[0].name
    app.frame(press(pygame.K_RETURN), DT)  # next game (cards dealt)
    battle = app.stack.top
    assert isinstance(battle, BattleScene) and battle.auto == {setup.seats[1].name, setup.seats[2].name}
    Driver(app, battle, "keyboard", random.Random(4)).play()
    app.frame(press(pygame.K_ESCAPE), DT)
    assert isinstance(app.stack.top, TournamentScene) and len(app.stack.top.t.records) == 1
    app.frame(press(pygame.K_RETURN), DT)  # game 2
    battle = app.stack.top
    d = Driver(app, battle, "mouse", random.Random(6))
    for _ in range(6):
        d.settle()
        d.step()
    snapshot = battle.game.snapshot()
    # the evening is interrupted; Continue resumes game 2 of the tournament exactly
    app2 = fresh_app()
    app2.frame(press(pygame.K_c), DT)
    resumed = app2.stack.top
    assert isinstance(resumed, BattleScene) and resumed.game.snapshot() == snapshot
    app2.frame(press(pygame.K_e), DT)  # nothing exported from a battle; the standings screen exports:
    standings = TournamentScene(app2, resumed.game and __import__("deathmatch.tournament", fromlist=["x"]).Tournament.load())
    app2.push(standings)
    app2.frame(press(pygame.K_e), DT)
    assert "tournament.html" in standings.exported


def _drawn(scene, app, monkeypatch):
    """(the title, the words drawn in gold) when `scene` draws itself."""
    import deathmatch.scenes.tourney as tourney

    said, gold = [], []
    real = tourney.text

    def spy(words, size, colour, *a):
        if colour == tourney.GOLD:
            gold.append(words)
        return real(words, size, colour, *a)

    monkeypatch.setattr(tourney, "text", spy)
    monkeypatch.setattr(scene, "draw_title", lambda surface, words, *a, **k: said.append(words), raising=False)
    scene.draw(pygame.Surface(app.size))
    monkeypatch.setattr(tourney, "text", real)
    return said[0], gold


def test_the_standings_screen_names_no_leader_before_the_first_game_and_no_champion_before_the_last(monkeypatch):
    from deathmatch.rulesets.celebrity import load_default_cards
    from deathmatch.scenes.tourney import TournamentScene
    from deathmatch.tournament import bot_tournament, play_game_with_bots

    app = fresh_app()
    t = bot_tournament(3, 3, 11)
    names = {e.name for e in t.entrants}
    screen = TournamentScene(app, t)
    app.push(screen)
    app.frame([], DT)
    title, gold = _drawn(screen, app, monkeypatch)
    assert title == "Tournament — no game played yet, 3 to play"
    assert not names & set(gold)  # no row in the leader's gold
    lib = load_default_cards()
    for _ in range(2):
        play_game_with_bots(t, lib)
    title, gold = _drawn(TournamentScene(app, t), app, monkeypatch)
    assert title == "Tournament — standings after game 2 of 3"
    assert names & set(gold) == set(t.leaders()) and t.standings()[0]["player"] in gold
    play_game_with_bots(t, lib)
    title, gold = _drawn(TournamentScene(app, t), app, monkeypatch)
    assert title == "Champion!" and names & set(gold) == {t.champion()}


def test_tournament_choices_stay_out_of_new_game_and_the_settings():
    from dataclasses import asdict

    from deathmatch.scenes.tourney import TournamentSetupScene
    from deathmatch.settings import load_settings

    app = fresh_app()
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)  # a new game first: what it remembers is New game's
    ng = app.stack.top
    ng.seats[0].name = "Newgamer"
    ng.arena = [e.path.stem for e in ng.arenas].index("classic_square")
    ng.options.round_limit = 6
    ng.remember()
    before = asdict(load_settings()[0])
    app.stack.remove(ng)
    app.frame([], DT)
    app.frame(press(pygame.K_t) + press(pygame.K_RETURN), DT)  # Tournament, then the choice of game: Celebrity
    setup = app.stack.top
    assert isinstance(setup, TournamentSetupScene)
    assert setup.seats[0].name == "Newgamer"  # the first night starts from the last new game's seats
    assert not [b for b in setup.buttons if b.label.startswith("Animations")]  # a setting, not a night's choice
    setup.seats[0].name = "Champ"
    setup.set_count(-1)
    setup.options.beasts, setup.options.obstacles, setup.options.round_limit, setup.options.hidden = False, 6, 8, False
    setup.games = 3
    names = [e.path.stem for e in setup.arenas]
    rect = dict(setup.arena_rects)
    for stem in ("harbour", "ruined_temple"):
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect[names.index(stem)].center, button=1)], DT)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect[names.index("classic_square")].center, button=1)], DT)
    app.frame(press(pygame.K_RETURN), DT)
    assert app.stack.top.__class__.__name__ == "TournamentScene"
    after = asdict(load_settings()[0])
    mine = after.pop("last_tournament")
    before.pop("last_tournament")
    assert after == before  # New game's seats and options, and every setting, as they were
    assert mine["arenas"] == ["bundled:harbour", "bundled:ruined_temple"] and mine["games"] == 3
    again = NewGameScene(app)
    assert again.seats[0].name == "Newgamer" and again.options.round_limit == 6 and again.options.beasts
    assert again.arenas[again.arena].id == "bundled:classic_square"
    night = TournamentSetupScene(app)  # the next night remembers the last one
    assert night.seats[0].name == "Champ" and night.count == 3 and night.games == 3
    assert [night.arenas[k].id for k in night.chosen] == ["bundled:harbour", "bundled:ruined_temple"]
    assert (night.options.beasts, night.options.obstacles, night.options.round_limit, night.options.hidden) == (False, 6, 8, False)


def test_load_does_not_list_the_tournament_as_a_broken_save():
    from deathmatch.scenes.load import LoadScene
    from deathmatch.tournament import bot_tournament

    bot_tournament(3, 3, 1).save()
    app = fresh_app()
    app.frame(press(pygame.K_l), DT)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    assert saves.list_saves() == [] and load.saves == []
    assert [b.label for b in load.buttons] == ["Back (Esc)"]
    # a copy under another name is not a save either, and says what it is
    (saves.saves_dir() / "friday.json").write_text((saves.saves_dir() / "tournament.json").read_text())
    assert "a tournament night, not a saved game" in saves.list_saves()[0].error
