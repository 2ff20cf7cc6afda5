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
from test_client import click, past_the_guard, press  # noqa: E402


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
            past_the_guard(app)
            app.frame(press(pygame.K_RETURN), DT)
            return
        app.frame([], DT)
    raise AssertionError(f"no hand-off opened (stage {table.stage})")


# --- Celebrity Deathmatch ---------------------------------------------------------------------------

def _unplayed(game) -> list[tuple[str, str, str]]:
    """(who, ability name, its text) of every ability no model has played."""
    from deathmatch.core.front import Front
    from deathmatch.scenes.celebrity.log import who

    seen = Front(game).view(None)
    return [(who(seen, m.id), ab.name, ab.text) for m in game.models.values() for ab in m.card.abilities
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
    from deathmatch.launch import make_game
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
    from deathmatch.launch import make_game
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


# --- Chessboard Skirmish ----------------------------------------------------------------------------

def test_skirmish_a_named_save_loaded_shows_its_log():
    from deathmatch.board import arena as arenas
    from deathmatch.core import registry
    from deathmatch.scenes.load import LoadScene
    from deathmatch.scenes.skirmish.battle import SkirmishTable
    from skirmish_driver import TableDriver

    app = fresh_app()
    game = registry.get("skirmish").quick_game(["Red", "Blue"], arenas.square(8, 8), 9)
    table = app.play(game)
    driver = TableDriver(app, table, "mouse", random.Random(1))
    for _ in range(16):
        driver.settle()
        driver.step()
    driver.settle()
    live = list(table.log)
    assert len(live) > 10
    saves.write_named(game, "friday")  # what F5's save-as prompt writes
    table.game.apply(table.game.legal_actions()[0])
    saves.write_game(table.game)  # the autosave moved on: Load picks the named one
    app.go("title")
    app.frame([], DT)
    load = app.open("load")
    app.frame([], DT)
    assert isinstance(load, LoadScene)
    row = next(b for b in load.buttons if b.label.startswith("friday:"))
    app.frame(click(row.rect.center), DT)
    again = table_of(app)
    assert isinstance(again, SkirmishTable) and again is not table and again.game.history == game.history[:-1]
    assert again.log == live


# --- Gladiator! --------------------------------------------------------------------------------------

def test_gladiator_continue_shows_the_log_the_replay_writes_to_the_same_decision():
    """A bout saved mid-way and continued: the log as it was on the table, which is also the log the
    results screen's replay writes once it has played the record that far."""
    from deathmatch.core import registry
    from deathmatch.scenes.gladiator.bout import GladiatorReplay, GladiatorTable
    from test_gladiator_screens import Driver, start_from_title_by_mouse

    app = fresh_app()
    table = start_from_title_by_mouse(app, seed=11)
    driver = Driver(app, table, "mouse", random.Random(5))
    for _ in range(8):
        driver.settle()
        driver.step()
    driver.settle()
    assert not table.game.over
    live = list(table.log)
    assert any("AP" in line for line in live)
    again = continue_from_title(app)
    assert isinstance(again, GladiatorTable) and again is not table and again.game.history == table.game.history
    assert again.log == live
    record = registry.record_of(again.game, registry.get("gladiator"))
    replay = GladiatorReplay(app, record)
    app.push(replay)
    for _ in range(30000):
        if replay.stage == "over":
            break
        app.frame([], DT)
    assert replay.stage == "over" and replay.log == live


def test_gladiator_a_seasons_bout_taken_up_again_shows_its_log_and_no_man_who_was_not_picked():
    from deathmatch.rulesets.gladiator import season as S
    from deathmatch.scenes.gladiator.bout import GladiatorTable
    from deathmatch.scenes.gladiator.hub import PickScene, SeasonHub
    from deathmatch.scenes.pause import PauseMenu
    from test_gladiator_career_screens import Career, _season_at_a_peoples_bout
    from test_gladiator_screens import Driver

    app = fresh_app()
    season, path = _season_at_a_peoples_bout(app)
    app.stack.top.layout()
    c = Career(app, "keys", seed=9)
    c.frames(press(pygame.K_c))  # Continue: the season's hub
    hub = c.top
    assert isinstance(hub, SeasonHub)
    c.press(hub, "Play next bout")
    while isinstance(c.top, PickScene):  # each owner picks a man, in secret
        c.pick()
    table = c.top
    assert isinstance(table, GladiatorTable)
    index = hub.season.current().index
    driver = Driver(app, table, "keyboard", random.Random(2))
    for _ in range(14):
        driver.settle()
        if table.stage == "over":
            break
        driver.step()
    driver.settle()
    live = list(table.log)
    assert len(live) > 8
    c.frames(press(pygame.K_ESCAPE))
    assert isinstance(c.top, PauseMenu)
    c.frames(press(pygame.K_q))  # Quit to title, mid-bout
    c.frames(press(pygame.K_c))  # Continue: the bout taken up at once, the season's hub under it
    again = c.top if isinstance(c.top, GladiatorTable) else table_of(app)
    hub2 = app.stack.scenes[app.stack.scenes.index(again) - 1]
    assert isinstance(hub2, SeasonHub) and hub2 is not hub
    assert isinstance(again, GladiatorTable) and again is not table
    assert again.game.history == table.game.history
    assert again.log == live + [f"Bout {index + 1} taken up where it was left."]  # players' words: no count of answers
    fighting = {m.gladiator.name for m in again.game.state.men.values()}
    benched = {f.name for f in hub2.season.fighters.values()} - fighting
    assert {"Aulus", "Bruna", "Cato"} & benched  # a people's ludus had a man it did not pick
    for name in benched:  # the men who were not picked are not named
        assert not any(name in line for line in again.log), name
    assert S.bout_path(path).exists()


# --- Superhero Gladiators ---------------------------------------------------------------------------

def _noticing_driver(app, table, rng):
    """The supers screens' driver, but Bob's and Cy's heroes study Ann's whenever they may."""
    from test_supers_screens import Driver

    class Noticing(Driver):
        def step(self):
            t = self.table
            if t.stage == "act" and t.decision.player != "Ann" and self.labelled("Notice"):
                self.press(self.labelled("Notice")[0])
                ann = [c for c, o in t.candidates.items() if self.game.state.models[o[0].target].owner == "Ann"]
                if ann:
                    self.pick_cell(sorted(ann)[0])
                    return
                self.press(self.labelled("Back")[0])
            super().step()

    return Noticing(app, table, "keys", rng)


def test_supers_continue_shows_each_player_the_log_they_read_and_no_unnoticed_gizmo():
    from deathmatch.rulesets.supers.model import Hero, Power
    from deathmatch.rulesets.supers.setup import Seat, Setup, new_game
    from deathmatch.scenes.supers.table import SupersTable

    gadgets = Hero("gadgeteer", "The Gadgeteer", 4, 4, 4, 3, (Power("Zap", "shot", 2, 10, (), (), "reliable", "hidden"),
                                                             Power("Shell", "toughness", 2, 5, (), (), "reliable", "hidden")))
    seer = Hero("seer", "The Seer", 3, 4, 3, 5, (Power("Poke", "smash", 2, None),))
    third = Hero("third", "The Third", 4, 4, 4, 3, (Power("Jab", "smash", 2, None),))
    game = new_game(Setup((Seat("Ann", "vermilion", (gadgets,)), Seat("Bob", "sky blue", (seer,)),
                           Seat("Cy", "gold", (third,))), {"hexagon": 4}, seed=2))
    app = fresh_app()
    table = app.play(game)
    assert isinstance(table, SupersTable)
    driver = _noticing_driver(app, table, random.Random(1))
    for _ in range(60):
        driver.settle()
        if table.stage == "over" or any(to is not None for _, to in table.entries):
            break
        driver.step()
    driver.settle()
    assert not game.over
    told = [(line, to) for line, to in table.entries if to is not None]
    assert told and all("is a hidden gizmo" in line for line, _ in told)  # a gizmo noticed, told to two teams
    live = {viewer: (table.__setattr__("viewer", viewer), list(table.log))[1] for viewer in ("Ann", "Bob", "Cy", None)}
    line, to = told[0]
    assert "Cy" not in to and line in live["Ann"] and line not in live["Cy"] and line not in live[None]

    again = continue_from_title(app)
    assert isinstance(again, SupersTable) and again is not table and again.game.history == game.history
    assert again.entries == table.entries
    secret_kept = False
    for viewer, lines in live.items():
        again.viewer = viewer
        assert again.log == lines, viewer
        gadgeteer = again.game.state.models["gadgeteer"]
        for power in ("Zap", "Shell"):  # a gizmo this player's team has not noticed is never named one
            if viewer != "Ann" and viewer not in gadgeteer.known.get(power, ()) and power not in gadgeteer.destroyed:
                secret_kept = True
                assert not any(power in line and "gizmo" in line for line in again.log), (viewer, power)
    assert secret_kept  # some player's team had a gizmo of Ann's still unnoticed: the check looked at it
    again.viewer = None
    take_the_seat(app, again)
    assert again.viewer == game.pending.player and again.log == live[again.viewer]
