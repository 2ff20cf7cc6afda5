"""A game taken up again — the title screen's Continue, a named save from the Load screen, a tournament
night's game, a Gladiator! season's bout — shows its log as it was: the lines a player at the screen saw
before, told again from the record through the table's own log code (`scenes/table.py`'s `retell`), never
more than the player now at the screen may read (another seat's unplayed abilities, another team's hidden
gizmos). Each game is played on its table by the screen's own means, then taken up again."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from deathmatch import saves  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.handoff import HandOffScene  # noqa: E402
from deathmatch.scenes.table import Table  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from table_driver import DT  # noqa: E402
from test_client import click, press  # noqa: E402


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def table_of(app) -> Table:
    """The table on the stack (a hand-off screen may be over it)."""
    return next(s for s in reversed(app.stack.scenes) if isinstance(s, Table))


def continue_from_title(app) -> Table:
    """Back to a fresh title screen, and its Continue (the C key, as a player presses it)."""
    app.go("title")
    app.frame([], DT)
    app.frame(press(pygame.K_c), DT)
    return table_of(app)


def take_the_seat(app, table, limit=600):
    """Run frames until the hand-off opens, and pass it: the next player sits at the screen."""
    for _ in range(limit):
        if isinstance(app.stack.top, HandOffScene):
            app.frame(press(pygame.K_RETURN), DT)
            return
        app.frame([], DT)
    raise AssertionError(f"no hand-off opened (stage {table.stage})")


# --- Celebrity Deathmatch ---------------------------------------------------------------------------

def _unplayed(game) -> list[tuple[str, str, str]]:
    """(who, ability name, its text) of every ability no model has played."""
    from deathmatch.scenes.celebrity.log import who

    return [(who(game, m.id), ab.name, ab.text) for m in game.models.values() for ab in m.card.abilities
            if ab.name not in m.used]


def _give_an_order(battle) -> bool:
    """The seated player gives one of their reactions a standing order (the orders screen's answer)."""
    from deathmatch.rulesets.celebrity import SetOrder
    from deathmatch.rulesets.celebrity import orders as standing

    g, d = battle.game, battle.decision
    for m in g.models_of(d.player):
        for ab in standing.orderable(g, m) if m.alive else ():
            battle.set_order(SetOrder(d.player, m.id, ab.name, standing.choices(g, m.id, ab.name)[-1][0]))
            return True
    return False


def test_celebrity_continue_shows_the_log_as_it_was_and_no_unplayed_ability():
    from deathmatch.client.launch import make_game
    from deathmatch.rulesets.celebrity import SetOrder
    from deathmatch.scenes.celebrity.battle import BattleScene
    from test_client import Driver

    app = fresh_app()
    game, path = make_game(4, "colosseum", seed=4)
    assert game.options.hidden_cards
    battle = app.play(game, path)
    assert isinstance(battle, BattleScene) and battle.hidden_cards
    driver = Driver(app, battle, "mouse", random.Random(1))
    ordered = False
    for i in range(45):
        driver.settle()
        if i >= 20 and not ordered:
            ordered = _give_an_order(battle)
        driver.step()
    driver.settle()
    assert ordered and any(isinstance(a, SetOrder) for a in game.history)
    live = list(battle.log)
    assert len(live) > 30 and any(line.startswith("— Round 2") for line in live)

    again = continue_from_title(app)
    assert isinstance(again, BattleScene) and again is not battle and again.game.history == game.history
    assert again.log == live
    take_the_seat(app, again)
    assert again.viewer == game.pending.player and again.log == live
    for who, name, body in _unplayed(again.game):  # nobody reads of an ability nobody has played
        assert not any(f"{who} plays {name}" in line or (body and body in line) for line in again.log), name


def test_celebrity_a_tournament_nights_game_resumed_shows_its_log():
    from deathmatch.tournament import Entrant, Tournament
    from test_client import Driver

    app = fresh_app()
    night = Tournament([Entrant("Ann"), Entrant("Bob"), Entrant("Cy")], 2, ["bundled:colosseum"], seed=3)
    game = night.start_game(app.library)
    battle = app.play(game, tournament=night)
    driver = Driver(app, battle, "keyboard", random.Random(2))
    for _ in range(25):
        driver.settle()
        driver.step()
    driver.settle()
    live = list(battle.log)
    assert any(" moves " in line or " attacks " in line for line in live)
    again = continue_from_title(app)
    assert again is not battle and again.game.history == game.history
    assert again.log == live


def test_celebrity_after_continue_the_results_tell_the_story_and_the_replay_reaches_the_end():
    """The resumed game played on to its end: its log goes on from the lines told again, and the results
    screen's story (the timeline) and the replay viewer are the whole game's."""
    from deathmatch.client.launch import make_game
    from deathmatch.scenes.celebrity.replay import ReplayScene
    from deathmatch.scenes.results import ResultsScene
    from test_client import Driver

    app = fresh_app()
    game, path = make_game(2, "duel_pit", seed=6, round_limit=3)
    battle = app.play(game, path)
    driver = Driver(app, battle, "mouse", random.Random(3))
    for _ in range(12):
        driver.settle()
        driver.step()
    driver.settle()
    live = list(battle.log)
    again = continue_from_title(app)
    assert again.log == live
    Driver(app, again, "mouse", random.Random(4)).play()
    assert again.game.over and again.log[:len(live)] == live and len(again.log) > len(live)
    again.leave()
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    app.frame([], DT)
    assert results.part.timeline is not None and results.part.timeline.steps[-1].index == len(again.game.history)
    app.frame(press(pygame.K_w), DT)  # Watch replay
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    replay.go(replay.last)
    replay.animator.skip()
    assert replay.game.snapshot() == again.game.snapshot()
