"""A Chessboard Skirmish tournament night on screen, driven headless through the screens: the title's
Tournament asks which game, the Skirmish night's setup (two seats, the night's games and boards), each
game on the Skirmish table, the shared standings between games, who sets up at the bottom alternating
game by game, Continue in the middle of a game, and the podium at the end."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.choose import GameChoiceScene  # noqa: E402
from deathmatch.scenes.handoff import HandOffScene  # noqa: E402
from deathmatch.scenes.skirmish.battle import SkirmishTable  # noqa: E402
from deathmatch.scenes.skirmish.setup import SkirmishSetupScene  # noqa: E402
from deathmatch.scenes.skirmish.tourney import SkirmishTournamentSetup  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from deathmatch.scenes.tourney import TournamentScene, TournamentSetupScene  # noqa: E402
from deathmatch.tournament import Tournament  # noqa: E402
from test_client import click, past_the_guard, press  # noqa: E402

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
    assert [b.label for b in choice.buttons] == ["Semi-Historical Celebrity Deathmatch", "Chessboard Skirmish",
                                                "Superhero Gladiators", "Back"]
    app.frame(click(button(choice, name).rect.center), DT)
    return app.stack.top


def play_out(app, table, limit=20000, stop=None):
    """Frames until the game on `table` is over (bots at both seats; a hand-off is passed), or `stop()`."""
    for _ in range(limit):
        if table.stage == "over" or (stop and stop()):
            return
        if isinstance(app.stack.top, HandOffScene):
            past_the_guard(app)
            app.frame(press(pygame.K_RETURN), DT)
            continue
        app.frame([], 0.5)  # a bot answers at once, an animation ends
    raise AssertionError(f"the game never ended (stage {table.stage}, round {table.game.state.round})")


def test_a_skirmish_night_of_two_bots_from_the_title_to_the_podium():
    random.seed(21)  # the night's seed (the setup draws it): the same night every run
    app = fresh_app()
    setup = choose(app, "Chessboard Skirmish")
    assert isinstance(setup, SkirmishTournamentSetup) and app.router.ruleset == "skirmish"
    levels = ["Human", "Phone", "Bot: easy", "Bot: normal", "Bot: hard"]
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
        saved = Tournament.load()  # saved after every action; the ending one files the game with the results
        assert saved.current is None and len(saved.records) == game_no
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
    random.seed(22)
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


def test_the_next_skirmish_night_remembers_the_last_one_apart_from_new_game():
    from deathmatch.settings import load_settings

    app = fresh_app()
    app.frame(press(pygame.K_n) + press(pygame.K_DOWN) + press(pygame.K_RETURN), DT)  # a Skirmish new game
    ng = app.stack.top
    assert type(ng) is SkirmishSetupScene
    ng.options.points = 40
    ng.remember()
    app.stack.remove(ng)
    app.frame([], DT)
    setup = choose(app, "Chessboard Skirmish")
    assert setup.options.points == 40  # the first night starts from the last new game's options
    setup.options.points, setup.options.scenario = 20, "retrieve"
    setup.games = 6
    rect = dict(setup.arena_rects)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect[1].center, button=1)], DT)  # a second board
    chosen = [setup.arenas[k].id for k in setup.chosen]
    assert len(chosen) == 2
    app.frame(press(pygame.K_RETURN), DT)
    t = app.stack.top.t
    assert (t.games, t.arenas, t.options.points, t.options.scenario) == (6, chosen, 20, "retrieve")
    st = load_settings()[0]
    assert st.last_setup["skirmish_points"] == 40  # New game's choices are New game's
    night = SkirmishTournamentSetup(app)
    assert (night.games, night.options.points, night.options.scenario) == (6, 20, "retrieve")
    assert [night.arenas[k].id for k in night.chosen] == chosen


def _words(app, scene, monkeypatch):
    """Every word `scene` draws."""
    import deathmatch.scenes.tourney as tourney

    said = []
    real, block = tourney.text, tourney.fit_text_block

    def spy(words, *a, **k):
        said.append(words)
        return real(words, *a, **k)

    def spy_block(surface, words, *a, **k):
        said.append(words)
        return block(surface, words, *a, **k)

    monkeypatch.setattr(tourney, "text", spy)
    monkeypatch.setattr(tourney, "fit_text_block", spy_block)
    scene.layout()
    scene.draw(app.screen)
    monkeypatch.setattr(tourney, "text", real)
    monkeypatch.setattr(tourney, "fit_text_block", block)
    return said


def test_the_standings_speak_each_games_words(monkeypatch):
    """A Skirmish night's table: defeated and left (its manifest's scoring), and who sets
    up at the bottom next; Celebrity's: kills, loot and the placement order, as before."""
    from deathmatch.tournament import bot_tournament

    app = fresh_app()
    skirmish = bot_tournament(2, 2, 5, ruleset="skirmish")
    said = _words(app, TournamentScene(app, skirmish), monkeypatch)
    assert {"defeated", "left"} <= set(said) and not {"kills", "loot"} & set(said)
    assert "Ties: VP, then wins, then defeated, then left." in said
    assert any(w.startswith("Next: game 1 on ") and w.endswith("; Bot A sets up at the bottom, Bot B at the top")
               for w in said)
    celebrity = bot_tournament(3, 3, 5)
    said = _words(app, TournamentScene(app, celebrity), monkeypatch)
    assert {"VP", "wins", "kills", "loot", "games"} <= set(said) and "Ties: VP, then wins, then kills, then loot." in said
    assert any(w.endswith("; placement order Bot A, Bot B, Bot C") for w in said)


def test_a_skirmish_night_leaves_celebritys_first_night_to_start_from_new_game():
    """What a Skirmish night remembers sits beside Celebrity's night: Celebrity's first night still starts
    from the last Celebrity new game's seats."""
    app = fresh_app()
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)  # a Celebrity new game
    ng = app.stack.top
    ng.seats[0].name = "Newgamer"
    ng.set_count(1)
    ng.remember()
    app.stack.remove(ng)
    app.frame([], DT)
    setup = choose(app, "Chessboard Skirmish")
    setup.remember()
    assert any(k.startswith("night_skirmish_") for k in app.settings.last_tournament)
    app.stack.remove(setup)
    app.frame([], DT)
    night = choose(app, "Semi-Historical Celebrity Deathmatch")
    assert night.seats[0].name == "Newgamer" and night.count == ng.count


def test_a_celebrity_night_keeps_the_last_skirmish_nights_choices():
    """Each game remembers its own night: Celebrity's night setup, saving its choices, leaves the
    Skirmish night's (night_skirmish_*) as they were, and the next Skirmish night starts from them."""
    app = fresh_app()
    skirmish = SkirmishTournamentSetup(app)
    skirmish.games = 6
    skirmish.remember()
    celebrity = TournamentSetupScene(app)
    celebrity.games = 3
    celebrity.remember()
    kept = app.settings.last_tournament
    assert kept["games"] == 3 and kept["night_skirmish_games"] == 6
    assert SkirmishTournamentSetup(app).games == 6
