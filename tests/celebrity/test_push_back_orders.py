"""Standing orders that ask less: a model's push back can be left to the game ("safer"), and an
order never plays a reaction whose effect would change nothing where the models stand."""

import dataclasses
import random

import pytest

from deathmatch.board import Hex, hexagon
from deathmatch.core.front import Front, seen
from deathmatch.rulesets.celebrity import (
    Attack,
    ForcedDice,
    GameRecord,
    Hold,
    IllegalAction,
    Options,
    SetOrder,
    UseAbility,
    events as ev,
    from_position,
    make_setup,
    new_game,
    parse_card,
)
from deathmatch.rulesets.celebrity import orders
from deathmatch.rulesets.celebrity.setup import GameSetup
from deathmatch.rulesets.celebrity.state import Model

PUNCH = {"name": "Punch", "timing": "action", "effect": {"kind": "whirlwind"}}
COUNTER = {"name": "Arena Instincts", "timing": "attack_response", "effect": {"kind": "counterattack"}}
BOW = {"name": "Bow", "timing": "action", "effect": {"kind": "ranged_attack", "range": 4, "hit_on": 5}}


def card(*abilities, cid="t"):
    c, problems = parse_card({"id": cid, "name": cid.title(), "abilities": list(abilities) or [PUNCH]},
                             exact_three=False)
    assert not problems
    return c


def position(models, dice=(), loot=(), orders_=None):
    """A started game; models in placement order (the last one acts first)."""
    players = []
    for m in models:
        if m.player not in players:
            players.append(m.player)
    game = from_position(hexagon(4), players, models, dice=ForcedDice(list(dice)), loot=loot,
                         options=Options(hidden_cards=True))
    game.orders.update(orders_ or {})
    game.start()
    return game


# b stands at (0, 0) facing 3 (towards (-1, 0)); a hits it from the front.
# Behind b: rear-left (0, 1) and rear-right (1, -1).
REAR_LEFT, REAR_RIGHT = Hex(0, 1), Hex(1, -1)


def push_game(order, loot=(), extra=()):
    b = Model("b", "blue", card(cid="brute"), Hex(0, 0), 3)
    a = Model("a", "red", card(cid="hitter"), Hex(-1, 0), 0)
    return position([b, *extra, a], dice=[6], loot=loot, orders_={} if order is None else {("b", orders.PUSH_BACK): order})


def test_push_back_is_asked_without_an_order():
    game = push_game(None)
    game.apply(Attack("a", "b"))
    d = game.pending
    assert (d.player, d.kind) == ("blue", "push_back")
    assert {o.to for o in d.options} == {REAR_LEFT, REAR_RIGHT}


def test_safer_push_back_takes_the_loot_without_asking():
    game = push_game("safer", loot=[REAR_RIGHT])
    events = game.apply(Attack("a", "b"))
    assert game.pending.kind != "push_back"
    assert [e.to for e in events if type(e) is ev.PushedBack] == [REAR_RIGHT]
    assert game.models["b"].hex == REAR_RIGHT and any(type(e) is ev.LootTaken for e in events)


def test_safer_push_back_goes_away_from_foes():
    # a second red model stands next to the rear-left hex only: b goes right
    c = Model("c", "red", card(cid="lurker"), Hex(-1, 2), 0)
    assert c.hex.distance(REAR_LEFT) == 1 and c.hex.distance(REAR_RIGHT) > 1
    game = push_game("safer", extra=[c])
    game.apply(Attack("a", "b"))
    assert game.models["b"].hex == REAR_RIGHT
    # with nothing to tell them apart it goes rear-left, the way the first option lies
    game = push_game("safer")
    game.apply(Attack("a", "b"))
    assert game.models["b"].hex == REAR_LEFT


def test_push_back_order_is_set_in_private_and_checked():
    game = push_game(None)
    assert orders.choices(game, "b", orders.PUSH_BACK)[0] == ("ask", "ask me")
    assert "never" not in dict(orders.choices(game, "b", orders.PUSH_BACK))  # a push back always happens
    with pytest.raises(IllegalAction) as err:
        game.apply(SetOrder("red", "b", orders.PUSH_BACK, "safer"))
    assert err.value.code in ("not_your_turn", "not_your_model")
    with pytest.raises(IllegalAction) as err:
        game.apply(SetOrder("red", "a", orders.PUSH_BACK, "never"))
    assert err.value.code == "bad_order"
    assert game.apply(SetOrder("red", "a", orders.PUSH_BACK, "safer")) == [ev.OrderSet("red", "a", orders.PUSH_BACK, "safer")]
    assert game.order_of("a", orders.PUSH_BACK) == "safer"
    rows = seen(Front(game).ask("red", "orders"))
    assert [(r.model, r.ability, r.current) for r in rows if r.timing == "push_back"] == [("a", "", "safer")]
    assert all(r.model == "a" for r in rows)  # only the seat's own models
    assert all("_" not in r.heading for r in rows)  # players' words


def test_a_counter_on_always_is_kept_when_the_attacker_is_not_next_to_it():
    """Arena Instincts on "always": an archer two hexes off can not be struck back, so the order
    does not waste it; a blow from next to it later still plays it."""
    spartacus = Model("s", "blue", card(COUNTER, cid="spartacus"), Hex(0, 0), 3)
    archer = Model("a", "red", card(BOW, PUNCH, cid="archer"), Hex(-2, 0), 0)
    game = position([spartacus, archer], dice=[1, 1, 1], orders_={("s", "Arena Instincts"): "always"})
    events = game.apply(UseAbility("a", "Bow", target="s"))
    assert not [e for e in events if type(e) is ev.AbilityPlayed and e.model == "s"]
    assert "Arena Instincts" not in game.models["s"].used
    assert game.pending.player != "blue" or game.pending.kind != "window"  # nobody asked either
    # the same order next to the attacker plays it
    close = Model("a", "red", card(cid="archer"), Hex(-1, 0), 0)
    game = position([Model("s", "blue", card(COUNTER, cid="spartacus"), Hex(0, 0), 3), close],
                    dice=[1, 1], orders_={("s", "Arena Instincts"): "always"})
    events = game.apply(Attack("a", "s"))
    assert [e.ability for e in events if type(e) is ev.AbilityPlayed] == ["Arena Instincts"]


def test_a_counter_on_ask_is_still_asked_from_afar():
    """Only orders hold back: a person asked may still play it."""
    spartacus = Model("s", "blue", card(COUNTER, cid="spartacus"), Hex(0, 0), 3)
    archer = Model("a", "red", card(BOW, PUNCH, cid="archer"), Hex(-2, 0), 0)
    game = position([spartacus, archer], dice=[1])
    game.apply(UseAbility("a", "Bow", target="s"))
    assert (game.pending.player, game.pending.kind) == ("blue", "window")


def _setup(library, push_back_orders):
    ids = ["beowulf", "boudica", "cleopatra", "hypatia"]
    return make_setup({"hexagon": 4}, [("A", ids[:2]), ("B", ids[2:])], library, Options(hidden_cards=True),
                      seed=3, orders_for=("A",), push_back_orders=push_back_orders)


def test_new_setups_start_push_backs_on_safer_and_old_records_still_ask(library):
    game = new_game(_setup(library, True))
    assert {k: v for k, v in game.orders.items() if k[1] == orders.PUSH_BACK} == {
        (m.id, orders.PUSH_BACK): "safer" for m in game.models_of("A")}
    data = GameRecord.of(game).to_json()
    assert data["setup"]["push_back_orders"] is True
    assert GameRecord.from_json(data).setup.push_back_orders
    old = _setup(library, False)
    assert "push_back_orders" not in old.to_json()  # records from before read and write as they did
    assert GameSetup.from_json(old.to_json()) == old
    assert not any(k[1] == orders.PUSH_BACK for k in new_game(old).orders)
    assert not make_setup({"hexagon": 4}, old.players and [("A", ["beowulf", "boudica"]), ("B", ["cleopatra", "hypatia"])],
                          library, push_back_orders=True).push_back_orders  # only with orders_for


def test_a_game_with_push_back_orders_replays(library):
    game = new_game(_setup(library, True))
    rng = random.Random(2)
    while not game.over and len(game.history) < 400:
        d = game.pending
        assert not (d.kind == "push_back" and d.player == "A")  # A is never asked where to go
        opts = list(game.legal_actions())
        game.apply(opts[rng.randrange(len(opts))] if d.kind != "action" or rng.random() < 0.7 else Hold(d.model))
    again = GameRecord.loads(GameRecord.of(game).dumps()).replay()
    assert again.snapshot() == game.snapshot()
    assert dataclasses.replace(game.setup) == again.setup
