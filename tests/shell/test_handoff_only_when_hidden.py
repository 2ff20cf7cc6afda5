"""A hand-off screen only when something on screen is hidden from the next person (issue 29 item 3).

Two people at a Gladiator! bout or a Skirmish game see the same board: a change of seat brings no
"Pass to …" screen, only a short "Ann's turn" banner over the board. Celebrity with hidden cards and
Superhero Gladiators (hidden gizmos) still hand the screen over. Whole games driven headless by the
screens' own means (the shared drivers), every hand-off screen that opens counted."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.handoff import HandOffScene  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from table_driver import DT  # noqa: E402


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def watch(app, table):
    """Count the hand-off screens that open over `table`, and the people its banner names, as frames run."""
    seen = {"handoffs": 0, "banners": set(), "open": None}
    frame = app.frame

    def counted(events, dt):
        frame(events, dt)
        top = app.stack.top
        if isinstance(top, HandOffScene) and top is not seen["open"]:
            seen["handoffs"] += 1
        seen["open"] = top if isinstance(top, HandOffScene) else None
        if table.turn_banner is not None:
            seen["banners"].add(table.turn_banner[0])

    app.frame = counted
    return seen


def test_a_two_person_gladiator_bout_shows_no_hand_off_and_names_whose_turn_it_is():
    from deathmatch.scenes.gladiator import newgame
    from deathmatch.scenes.gladiator.bout import GladiatorTable
    from test_gladiator_screens import Driver

    app = fresh_app()
    lib = newgame.library()
    from deathmatch.board import hexagon
    from deathmatch.rulesets.gladiator.state import Options

    # every die asked ("ask"): the most questions, each to the man's own player, mid-attack too
    game = newgame.new_game(hexagon(3), [("Ann", ["thracian"]), ("Bob", ["retiarius"])], lib, Options(), seed=5,
                            gods={"Ann": "ask", "Bob": "ask"})
    table = GladiatorTable(app, game, None, handoff=True, anim_speed=60.0, auto_delay=0.0)
    app.stack.replace(table)
    seen = watch(app, table)
    driver = Driver(app, table, "mouse", random.Random(3))
    driver.play()
    assert game.over
    assert {"reroll"} <= driver.stages and driver.players == {"Ann", "Bob"}
    assert seen["handoffs"] == 0
    assert seen["banners"] == {"Ann", "Bob"}  # each change of seat said over the board instead


def test_a_two_person_skirmish_game_shows_no_hand_off():
    from deathmatch.board import arena as arenas
    from deathmatch.core import registry
    from deathmatch.scenes.skirmish.battle import SkirmishTable
    from skirmish_driver import TableDriver

    app = fresh_app((1024, 600))
    game = registry.get("skirmish").quick_game(["Red", "Blue"], arenas.square(8, 8), 9)
    table = SkirmishTable(app, game, None, anim_speed=60.0, handoff=True)
    app.stack.replace(table)
    seen = watch(app, table)
    driver = TableDriver(app, table, "mouse", random.Random(11))
    driver.play()
    assert game.over
    assert seen["handoffs"] == 0 and seen["banners"] == {"Red", "Blue"}


def test_celebrity_with_hidden_cards_and_superheroes_with_hidden_gizmos_still_hand_off():
    from deathmatch.launch import make_game
    from deathmatch.scenes.celebrity.battle import BattleScene
    from deathmatch.scenes.supers.table import SupersTable
    from test_supers_screens import hidden_game

    app = fresh_app()
    game, path = make_game(4, "colosseum", seed=8)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    seen = watch(app, battle)
    for _ in range(600):
        app.frame([], DT)
        if battle.decision is not None:
            break
    assert seen["handoffs"] == 1 and battle.viewer is None  # the first seat sits down behind it

    app = fresh_app()
    table = SupersTable(app, hidden_game(), None, handoff=True)
    app.stack.replace(table)
    seen = watch(app, table)
    for _ in range(600):
        app.frame([], DT)
        if isinstance(app.stack.top, HandOffScene):
            break
    assert seen["handoffs"] == 1
