"""Gladiator!'s standing orders for calling on the gods (game.GODS_ORDERS, docs/RULINGS.md): a seat's
order, kept in the setup, decides whether its player is asked after a die of his man's ("ask": every
die, as before; "low": only a low one; "never": no call; "auto": the engine calls on a low die, unasked).
Whole seeded bouts of two human seats answered at random."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from deathmatch.core.errors import SetupError
from deathmatch.rulesets.gladiator import actions as act
from deathmatch.rulesets.gladiator import events as ev
from deathmatch.rulesets.gladiator.game import low_die
from deathmatch.rulesets.gladiator.model import Card, Gladiator
from deathmatch.rulesets.gladiator.randomplay import random_answer, random_gladiator
from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game
from deathmatch.rulesets.gladiator.state import Options

FAVOUR = {"favour": Card("favour", "Favour", "gods_favour")}


def setup_for(seed: int, orders=(), favour: bool = False) -> Setup:
    rng = random.Random(seed)
    seats = []
    for k, name in enumerate(("red", "blue")):
        g = random_gladiator(rng, k + 1, lions=False)
        if favour:
            g = Gladiator(g.id, g.name, g.type, cards=("favour",))
        seats.append(Seat(name, name, g))
    return Setup(tuple(seats), {"hexagon": 3}, Options(), seed, FAVOUR if favour else {}, gods=tuple(orders))


def play(setup: Setup, answer_seed: int):
    """The bout answered at random (up to 5000 answers: random men may dance around each other);
    returns (the game, its re-roll decisions with the game as each was asked, every event)."""
    game = new_game(setup)
    rng = random.Random(answer_seed)
    asked, events = [], list(game._events)  # the start's events (initiative)
    for _ in range(5000):
        d = game.pending
        if d is None:
            break
        if d.kind == act.REROLL:
            asked.append((d, game.copy()))
        events += game.apply(random_answer(game, rng))
    return game, asked, events


SEEDS = range(12)


def test_never_raises_no_reroll_decision_in_whole_bouts():
    rolled = 0
    for seed in SEEDS:
        game, asked, events = play(setup_for(seed, (("red", "never"), ("blue", "never"))), seed)
        assert asked == []
        assert not any(isinstance(e, ev.GodsCalled) for e in events)
        rolled += sum(isinstance(e, ev.DieRolled) for e in events)
    assert rolled > 100  # many dice stood unasked


def test_ask_is_the_default_and_asks_after_every_die_until_the_gods_are_called():
    plain = [play(setup_for(seed), seed) for seed in SEEDS]
    asked_all = [play(setup_for(seed, (("red", "ask"), ("blue", "ask"))), seed) for seed in SEEDS]
    for (g1, a1, e1), (g2, a2, e2) in zip(plain, asked_all):
        assert e1 == e2 and len(a1) == len(a2)
    for game, asked, events in plain:
        # every die of a man who had not yet called on the gods that turn was asked about
        gods, due = set(), 0
        for e in events:
            if isinstance(e, ev.TurnStarted):
                gods = set()
            elif isinstance(e, ev.GodsCalled):
                gods.add(e.man)
            elif isinstance(e, ev.DieRolled) and not e.reroll and e.man not in gods:
                due += 1
        assert due == len(asked) > 0


def test_low_asks_only_after_a_low_die_and_only_its_own_seat():
    seen_low = 0
    for seed in SEEDS:
        game, asked, events = play(setup_for(seed, (("red", "low"),)), seed)
        for d, before in asked:
            if d.player == "red":
                assert low_die(before, before.man(d.man), d.roll.purpose, d.roll.value), d.roll
                seen_low += 1
        # blue (not named: asked each die) is asked on good dice too
        assert any(d.player == "blue" for d, _ in asked)
    assert seen_low > 0
    # and red was never asked about a good die though he rolled many
    goods = 0
    for seed in SEEDS:
        game, asked, events = play(setup_for(seed, (("red", "low"), ("blue", "low"))), seed)
        for d, before in asked:
            assert low_die(before, before.man(d.man), d.roll.purpose, d.roll.value)
        goods += sum(isinstance(e, ev.DieRolled) and not e.reroll and e.value >= 5 and e.purpose != "drop"
                     for e in events)
    assert goods > 20


def test_auto_calls_on_the_gods_itself_on_a_low_die():
    calls = 0
    for seed in SEEDS:
        game, asked, events = play(setup_for(seed, (("red", "auto"), ("blue", "auto"))), seed)
        assert asked == []
        for k, e in enumerate(events):
            if isinstance(e, ev.GodsCalled):
                assert e.by_order and e.card is None
                rolled = events[k - 1]
                assert isinstance(rolled, ev.DieRolled) and rolled.purpose == e.purpose
                assert events[k + 1] == ev.DieRolled(e.man, e.purpose, events[k + 1].value, True, "gods")
                calls += 1
        turns = sum(isinstance(e, ev.TurnStarted) for e in events)
        per_turn: dict = {}
        turn = 0
        for e in events:
            if isinstance(e, ev.TurnStarted):
                turn = e.turn
            elif isinstance(e, ev.GodsCalled):
                per_turn[(turn, e.man)] = per_turn.get((turn, e.man), 0) + 1
        assert all(n == 1 for n in per_turn.values()) and turns >= 1
    assert calls > 0


def test_a_gods_favour_card_is_still_offered_on_a_low_die_under_never():
    offered = 0
    for seed in SEEDS:
        game, asked, events = play(setup_for(seed, (("red", "never"), ("blue", "never")), favour=True), seed)
        for d, before in asked:
            assert d.cards == ("favour",)
            assert low_die(before, before.man(d.man), d.roll.purpose, d.roll.value)
            legal = before.legal_actions()
            assert act.Reroll(d.player, True) not in legal and act.Reroll(d.player, True, "favour") in legal
            assert not before.is_legal(act.Reroll(d.player, True))
            offered += 1
        assert not any(isinstance(e, ev.GodsCalled) and e.card is None for e in events)
    assert offered > 0


def test_low_die_words():
    game = new_game(setup_for(1))
    m = next(iter(game.state.men.values()))
    for purpose in ("initiative", "ap", "attack", "defence", "net"):
        assert [low_die(game, m, purpose, v) for v in range(1, 7)] == [True, True, False, False, False, False]
    assert [low_die(game, m, "location", v) for v in range(1, 7)] == [True] + [False] * 5
    assert [low_die(game, m, "drop", v) for v in range(1, 7)] == [True] * 3 + [False] * 3
    m.inflicted = 3
    assert [low_die(game, m, "thumbs", v) for v in range(1, 7)] == [True, True] + [False] * 4


def test_the_setup_keeps_the_orders_in_its_json_and_old_records_mean_ask():
    setup = setup_for(3, (("blue", "never"), ("red", "low")))
    data = json.loads(json.dumps(setup.to_json()))
    assert data["gods"] == [["blue", "never"], ["red", "low"]]
    again = Setup.from_json(data)
    assert again == setup
    a, b = play(setup, 3), play(again, 3)
    assert a[2] == b[2]
    old = setup_for(3).to_json()
    assert "gods" not in old  # a record without orders is written as before
    game = new_game(Setup.from_json(old))
    assert game.gods_order("red") == game.gods_order("blue") == "ask"


def test_a_bad_order_is_a_setup_error_naming_it():
    with pytest.raises(SetupError, match="gods: red's order 'often'"):
        new_game(setup_for(1, (("red", "often"),)))
    with pytest.raises(SetupError, match="gods: 'green' is not a seat"):
        new_game(replace(setup_for(1), gods=(("green", "low"),)))


def test_the_setup_screen_gives_the_human_seats_its_order_and_remembers_it(tmp_path, monkeypatch):
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from test_client import click
    from test_gladiator_screens import DT, button, fresh_app

    saved = {}
    monkeypatch.setattr("deathmatch.settings.save_settings", lambda st: saved.update(st.last_setup))
    app = fresh_app()
    app.router.ruleset = "gladiator"
    setup = app.open("setup")
    assert button(setup, "Calling on the gods").label == \
        "Calling on the gods: only when it can change the result"  # new games
    game = setup.make(seed=4)
    names = [s.name.strip() for s in setup.seats[:2]]
    assert game.setup.gods == tuple(sorted((n, "useful") for n in names))
    app.frame(click(button(setup, "Calling on the gods").rect.center), DT)
    assert button(setup, "Calling on the gods").label == "Calling on the gods: ask me every die"
    assert setup.make(seed=4).setup.gods == ()  # "ask" is what no order means
    app.frame(click(button(setup, "Calling on the gods").rect.center), DT)
    assert button(setup, "Calling on the gods").label == "Calling on the gods: never"
    setup.seats[1].kind = next(k for k in setup.kinds() if k not in ("Human", "Phone"))  # a bot answers for itself
    game = setup.make(seed=4)
    assert game.setup.gods == ((names[0], "never"),)
    assert game.gods_order(names[1]) == "ask" and game.gods_order(names[0]) == "never"
    assert Setup.from_json(json.loads(json.dumps(game.setup.to_json()))).gods == ((names[0], "never"),)
    app.frame(click(button(setup, "Calling on the gods").rect.center), DT)
    app.frame(click(button(setup, "Calling on the gods").rect.center), DT)
    assert button(setup, "Calling on the gods").label == "Calling on the gods: ask me every die"
    setup.seats[1].kind = "Human"
    setup.remember()
    assert saved["gladiator_gods"] == "ask"
    again = app.open("setup")
    assert again.options.gods == "ask"
