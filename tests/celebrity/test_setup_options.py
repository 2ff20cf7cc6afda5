"""A ruleset's setup options on the shared setup frame (scenes/celebrity/options.py, found through the router)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from deathmatch.rulesets.celebrity import Options  # noqa: E402
from deathmatch.scenes.celebrity.options import CelebrityOptions  # noqa: E402


def test_bad_remembered_choices_give_the_defaults():
    o = CelebrityOptions({"beasts": False, "obstacles": 7, "round_limit": "soon"})
    assert (o.beasts, o.obstacles, o.round_limit, o.hidden_cards) == (False, 0, None, True)


def test_the_buttons_change_the_options_and_the_options_round_trip():
    o = CelebrityOptions({})
    calls = []
    buttons = o.buttons(100, 50, 200, 1.0, lambda: calls.append(1))
    assert [b.label for b in buttons] == ["Beasts: on", "Obstacles: none", "Round limit: none", "Hidden cards: on"]
    assert [(b.rect.x, b.rect.y) for b in buttons] == [(100, 50), (310, 50), (100, 90), (310, 90)]
    for b in buttons:
        b.action()
    buttons[1].action()
    assert len(calls) == 5
    assert o.options() == Options(beasts=False, obstacles=6, round_limit=6, hidden_cards=False)
    again = CelebrityOptions(o.remembered())
    assert again.options() == o.options() and not again.hidden_cards


def test_the_setup_frame_shows_the_rulesets_options(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.scenes.app import App

    app = App((1024, 600))
    app.open("title")
    setup = app.open("setup")
    assert isinstance(setup.options, app.router.setup_options())
    beasts = next(b for b in setup.buttons if b.label == "Beasts: on")
    beasts.action()
    assert any(b.label == "Beasts: off" for b in setup.buttons)  # the frame laid itself out again
    assert setup.make(seed=3).options.beasts is False


def test_the_setup_frame_sets_how_long_hard_bots_think_and_the_battle_uses_it(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.rulesets.celebrity.ruleset import SEARCH_BUDGETS as BUDGETS
    from deathmatch.scenes.app import App
    from deathmatch.scenes.celebrity.battle import BattleScene
    from deathmatch.settings import load_settings

    app = App((1024, 600))
    app.open("title")
    setup = app.open("setup")
    assert any(b.label == "Bot thinking: normal" for b in setup.buttons)
    next(b for b in setup.buttons if b.label.startswith("Bot thinking")).action()
    assert any(b.label == "Bot thinking: deep" for b in setup.buttons)
    setup.seats[1].kind = "hard"
    game = setup.make(seed=3)
    setup.remember()
    assert load_settings()[0].bot_thinking == app.settings.bot_thinking == "deep"
    assert "deep" not in str(game.setup.to_json())  # the record holds decisions, not how long a bot thought
    battle = BattleScene(app, game, setup.arenas[setup.arena].path, handoff=False)
    bot = battle.bots[setup.seats[1].name]
    assert bot.level == "hard" and bot.budget == BUDGETS["deep"]
