"""A Chessboard Skirmish tournament night on screen, driven headless through the screens: the title's
Tournament asks which game, the Skirmish night's setup (two seats, the night's games and boards), each
game on the Skirmish table, the shared standings between games, who sets up at the bottom alternating
game by game, Continue in the middle of a game, and the podium at the end."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.choose import GameChoiceScene  # noqa: E402
from deathmatch.scenes.handoff import HandOffScene  # noqa: E402
from deathmatch.scenes.skirmish.battle import SkirmishTable  # noqa: E402
from deathmatch.scenes.skirmish.tourney import SkirmishTournamentSetup  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from deathmatch.scenes.tourney import TournamentScene, TournamentSetupScene  # noqa: E402
from deathmatch.tournament import Tournament  # noqa: E402
from test_client import click, press  # noqa: E402

DT = 1 / 60


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def button(scene, label):
    return next(b for b in scene.buttons if b.label.startswith(label))


def choose(app, name):
    """Tournament on the title screen, then the game called `name` on the choice of game."""
    app.frame(press(pygame.K_t), DT)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    assert [b.label for b in choice.buttons] == ["Semi-Historical Celebrity Deathmatch", "Chessboard Skirmish", "Back"]
    app.frame(click(button(choice, name).rect.center), DT)
    return app.stack.top


def play_out(app, table, limit=20000, stop=None):
    """Frames until the game on `table` is over (bots at both seats; a hand-off is passed), or `stop()`."""
    for _ in range(limit):
        if table.stage == "over" or (stop and stop()):
            return
        if isinstance(app.stack.top, HandOffScene):
            app.frame(press(pygame.K_RETURN), DT)
            continue
        app.frame([], 0.5)  # a bot answers at once, an animation ends
    raise AssertionError(f"the game never ended (stage {table.stage}, round {table.game.state.round})")


def test_a_skirmish_night_of_two_bots_from_the_title_to_the_podium():
    app = fresh_app()
    setup = choose(app, "Chessboard Skirmish")
    assert isinstance(setup, SkirmishTournamentSetup) and app.router.ruleset == "skirmish"
    levels = ["Human", "Bot: easy", "Bot: normal", "Bot: hard"]
    for i in range(2):  # each seat's button steps to the normal bot
        while setup.seats[i].kind != "normal":
            app.frame(click([b for b in setup.buttons if b.label in levels][i].rect.center), DT)
    while setup.games != 2:
        app.frame(click(button(setup, "Games:").rect.center), DT)
    assert not [b for b in setup.buttons if b.label in ("Pick army", "Next army", "Random")]  # dealt game by game
    setup.options.scenario = "survival"  # three rounds a game
    first, second = (s.name for s in setup.seats[:2])
    app.frame(press(pygame.K_RETURN), DT)
    standings = app.stack.top
    assert isinstance(standings, TournamentScene)
    t = standings.t
    assert (t.ruleset, t.games, t.assignment) == ("skirmish", 2, "deal")
    assert [e.kind for e in t.entrants] == ["normal", "normal"]
    assert Tournament.load().ruleset == "skirmish"  # saved before the first game
    app.frame([], DT)  # the standings draw
    for game_no, bottom in ((1, first), (2, second)):
        app.frame(press(pygame.K_RETURN), DT)  # next game
        table = app.stack.top
        assert isinstance(table, SkirmishTable)
        game = table.game
        assert game.state.players[0] == bottom  # who sets up at the bottom alternates
        assert set(table.bots) == {first, second}
        play_out(app, table)
        assert Tournament.load().current is not None  # saved after every action
        app.frame(press(pygame.K_ESCAPE), DT)
        standings = app.stack.top
        assert isinstance(standings, TournamentScene) and len(standings.t.records) == game_no
        app.frame([], DT)
    t = standings.t
    assert t.over and t.champion() in (first, second)
    saved = Tournament.load()
    assert saved.ruleset == "skirmish" and len(saved.records) == 2 and saved.current is None
    assert [r.setup["seats"][0]["name"] for r in saved.records] == [first, second]
    assert [b.label for b in standings.buttons] == ["Export (E)", "Title (Esc)"]  # no next game: the podium
    app.frame(press(pygame.K_e), DT)
    assert "tournament.html" in standings.exported


def test_continue_resumes_a_skirmish_nights_game_on_its_table():
    app = fresh_app()
    setup = choose(app, "Chessboard Skirmish")
    for seat in setup.seats[:2]:
        seat.kind = "normal"
    setup.options.scenario = "survival"
    app.frame(press(pygame.K_RETURN), DT)
    app.frame(press(pygame.K_RETURN), DT)  # game 1
    table = app.stack.top
    play_out(app, table, stop=lambda: len(table.game.history) >= 6)
    history = list(table.game.history)
    app2 = fresh_app()
    app2.router.ruleset = "celebrity"  # whatever was played last
    app2.frame(press(pygame.K_c), DT)
    resumed = app2.stack.top
    assert isinstance(resumed, SkirmishTable) and list(resumed.game.history) == history
    assert set(resumed.bots) == {s.name for s in setup.seats[:2]}  # still the night's bots
    play_out(app2, resumed)
    app2.frame(press(pygame.K_ESCAPE), DT)
    assert isinstance(app2.stack.top, TournamentScene) and len(app2.stack.top.t.records) == 1
    assert app2.router.ruleset == "skirmish"


def test_tournament_offers_celebrity_and_its_night_is_unchanged():
    app = fresh_app()
    setup = choose(app, "Semi-Historical Celebrity Deathmatch")
    assert type(setup) is TournamentSetupScene and app.router.ruleset == "celebrity"
    assert [b.label for b in setup.buttons if b.label.split(":")[0] in ("Games", "Arenas", "Cards", "No repeats")] == [
        "Games: 5", "Arenas: in order", "Cards: deal", "No repeats: on"]
