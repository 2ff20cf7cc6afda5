"""Standing orders: each kind's conditions, "ask" and "never", SetOrder, the record, views, undo."""

import dataclasses
import json
import random

import pytest

from deathmatch.abilities.base import all_kinds
from deathmatch.board import Hex, hexagon
from deathmatch.core.front import Front
from deathmatch.scenes.celebrity.log import describe
from deathmatch.rulesets.celebrity import (
    Attack,
    ForcedDice,
    GameRecord,
    Hold,
    IllegalAction,
    Move,
    Options,
    Pass,
    SetOrder,
    UseAbility,
    events as ev,
    from_position,
    make_setup,
    new_game,
    parse_card,
)
from deathmatch.rulesets.celebrity import orders
from deathmatch.rulesets.celebrity.record import RecordError, undo
from deathmatch.rulesets.celebrity.state import Model
from deathmatch.rulesets.celebrity.view import ability_visible_to, event_visible_to, order_visible_to

PLAIN = {"name": "Punch", "timing": "action", "effect": {"kind": "whirlwind"}}


def card(*abilities, cid="t"):
    c, problems = parse_card({"id": cid, "name": cid.title(), "abilities": list(abilities) or [PLAIN]},
                             exact_three=False)
    assert not problems
    return c


def ability(name, timing, kind, **params):
    return {"name": name, "timing": timing, "effect": {"kind": kind, **params}}


def position(models, dice=(), loot=(), hidden=False, orders=None):
    """A started game; models are listed in placement order (the last one activates first);
    `orders` {(model, ability): order} are given before the first window."""
    players = []
    for m in models:
        if m.player not in players:
            players.append(m.player)
    game = from_position(hexagon(3), players, models, dice=ForcedDice(list(dice)), loot=loot,
                         options=Options(hidden_cards=hidden))
    game.orders.update(orders or {})
    game.start()
    return game


def played(events, by_order=True):
    return [e.ability for e in events if type(e) is ev.AbilityPlayed and e.by_order == by_order]


DODGE = ability("Sidestep", "attack_response", "dodge")


def dodge_game(order, rear, lives, attacker_card=None):
    """a (red, at 0,0) is about to act; b (blue, at 1,0) holds a dodge on `order`."""
    a = Model("a", "red", attacker_card or card(), Hex(0, 0), 0)
    b = Model("b", "blue", card(DODGE, cid="dodger"), Hex(1, 0), 0 if rear else 3, lives=lives)
    game = position([b, a], dice=[1], orders={("b", "Sidestep"): order})
    return game


@pytest.mark.parametrize("order, rear, lives, dodges", [
    ("always", False, 3, True),
    ("rear", True, 3, True),
    ("rear", False, 1, False),
    ("lethal", False, 1, True),
    ("lethal", True, 3, False),
    ("rear_or_lethal", True, 3, True),
    ("rear_or_lethal", False, 1, True),
    ("rear_or_lethal", False, 3, False),
    ("ranged", True, 1, False),
    ("never", True, 1, False),
])
def test_dodge_conditions(order, rear, lives, dodges):
    game = dodge_game(order, rear, lives)
    assert game.pending.player == "red" and game.pending.kind == "action"
    events = game.apply(Attack("a", "b"))
    assert played(events) == (["Sidestep"] if dodges else [])
    assert any(type(e) is ev.Missed and e.dodged for e in events) == dodges
    assert game.dice.left == (1 if dodges else 0)  # a dodge rolls no die
    assert game.pending.kind != "window"  # an order never stops the game


def test_dodge_when_shot_at():
    bow = card(ability("Bow", "action", "ranged_attack", range=3, hit_on=5), cid="archer")
    game = dodge_game("ranged", rear=False, lives=3, attacker_card=bow)
    events = game.apply(UseAbility("a", "Bow", target="b"))
    assert played(events) == ["Sidestep"]


def test_ask_asks_and_never_neither_plays_nor_asks():
    game = dodge_game("ask", rear=True, lives=1)
    game.apply(Attack("a", "b"))
    d = game.pending
    assert (d.player, d.kind, d.window.name) == ("blue", "window", "attack_declared")
    assert d.options == (UseAbility("b", "Sidestep"), Pass("blue"))
    game = dodge_game("never", rear=True, lives=1)
    events = game.apply(Attack("a", "b"))
    assert not [e for e in events if type(e) is ev.AbilityPlayed]
    assert game.dice.left == 0 and game.models["b"].alive  # rolled 1+1: a miss
    assert game.pending.kind != "window" and "Sidestep" not in game.models["b"].used


def test_counterattack_always():
    b = Model("b", "blue", card(ability("Riposte", "attack_response", "counterattack"), cid="fencer"), Hex(1, 0), 3)
    a = Model("a", "red", card(), Hex(0, 0), 0)
    game = position([b, a], dice=[1, 6], orders={("b", "Riposte"): "always"})
    events = game.apply(Attack("a", "b"))
    assert played(events) == ["Riposte"]
    assert [e.source for e in events if type(e) is ev.AttackDeclared] == [None, "counterattack"]
    assert game.models["a"].lives == 2


REROLL = ability("Fate", "any_time", "reroll")


@pytest.mark.parametrize("holder, order, dice, rerolls", [
    ("a", "my_miss", [1, 6], True),         # a's own attack missed
    ("a", "hit_against_me", [1, 6], False),
    ("a", "either", [1, 6], True),
    ("a", "my_miss", [6], False),            # a hit: nothing to fix
    ("b", "hit_against_me", [6, 1], True),   # the die against b hit
    ("b", "my_miss", [6, 1], False),
    ("b", "either", [6, 1], True),
    ("b", "hit_against_me", [1], False),     # it missed anyway
])
def test_reroll_conditions(holder, order, dice, rerolls):
    a_card = card(REROLL, cid="seer") if holder == "a" else card()
    b_card = card(REROLL, cid="seer") if holder == "b" else card(cid="dummy")
    a = Model("a", "red", a_card, Hex(0, 0), 0)
    b = Model("b", "blue", b_card, Hex(1, 0), 3)  # b faces a: no rear bonus
    game = position([b, a], dice=dice, orders={(holder, "Fate"): order})
    events = game.apply(Attack("a", "b"))
    assert played(events) == (["Fate"] if rerolls else [])
    assert [e.rerolled for e in events if type(e) is ev.DieRolled] == ([False, True] if rerolls else [False])


@pytest.mark.parametrize("order, lives, heals", [
    ("one_life", 1, True), ("one_life", 2, False), ("hurt", 2, True), ("never", 1, False)])
def test_heal_conditions(order, lives, heals):
    b = Model("b", "blue", card(ability("Bandage", "any_time", "heal", lives=1), cid="medic"), Hex(3, 0), 3, lives=lives)
    a = Model("a", "red", card(), Hex(0, 0), 0)
    game = position([b, a], orders={("b", "Bandage"): order})
    # the first window (a's activation start) already healed b, with no decision asked of blue
    assert game.models["b"].lives == (lives + 1 if heals else lives)
    assert game.pending.player == "red"


@pytest.mark.parametrize("order", ["always", "never"])
def test_revive_always(order):
    b = Model("b", "blue", card(ability("Again", "on_death", "revive", lives=1), cid="phoenix"), Hex(1, 0), 0, lives=1)
    a = Model("a", "red", card(), Hex(0, 0), 0)
    game = position([b, a], dice=[5])  # 5 + 1 from behind: a hit, b dies
    game.orders[("b", "Again")] = order
    events = game.apply(Attack("a", "b"))
    assert any(type(e) is ev.Died for e in events)
    if order == "always":
        assert played(events) == ["Again"] and game.models["b"].alive and not game.over
    else:
        assert game.over and not game.models["b"].alive


def test_steal_takes_from_the_richest_neighbour():
    thief = card(ability("Pickpocket", "on_kill", "steal", vp=2), cid="thief")
    a = Model("a", "red", thief, Hex(0, 0), 0)
    b = Model("b", "blue", card(cid="d1"), Hex(1, 0), 0, lives=1)
    c = Model("c", "green", card(cid="d2"), Hex(-1, 0), 0)
    d = Model("d", "gold", card(cid="d3"), Hex(0, 1), 0)
    game = position([d, c, b, a], dice=[5], orders={("a", "Pickpocket"): "always"})
    game.scores["green"].vp = 1
    game.scores["gold"].vp = 4
    events = game.apply(Attack("a", "b"))
    assert played(events) == ["Pickpocket"]
    assert next(e for e in events if type(e) is ev.AbilityPlayed).target == "d"
    assert game.scores["gold"].vp == 2 and game.scores["green"].vp == 1


def test_move_on_loot_grabs_more_loot():
    runner = card(ability("Dash", "on_loot", "move", hexes=2), cid="runner")
    a = Model("a", "red", runner, Hex(0, 0), 0)
    b = Model("b", "blue", card(), Hex(-3, 3), 0)
    game = position([b, a], loot=[Hex(1, 0), Hex(3, 0)], orders={("a", "Dash"): "loot"})
    events = game.apply(Move("a", (Hex(1, 0),)))
    assert played(events) == ["Dash"]
    assert game.models["a"].hex == Hex(3, 0) and not game.loot
    assert game.scores["red"].loot == 2


def test_move_loot_order_does_nothing_without_loot_in_reach():
    runner = card(ability("Dash", "on_loot", "move", hexes=1), cid="runner")
    a = Model("a", "red", runner, Hex(0, 0), 0)
    b = Model("b", "blue", card(), Hex(-3, 3), 0)
    game = position([b, a], loot=[Hex(1, 0), Hex(3, 0)], orders={("a", "Dash"): "loot"})
    events = game.apply(Move("a", (Hex(1, 0),)))
    assert played(events) == [] and game.models["a"].hex == Hex(1, 0)
    assert game.pending.kind != "window"


def test_teleport_on_hit_to_loot():
    blinker = card(ability("Blink", "on_hit", "teleport", range=3), cid="blinker")
    b = Model("b", "blue", blinker, Hex(1, 0), 0)  # a stands in b's rear
    a = Model("a", "red", card(), Hex(0, 0), 0)
    game = position([b, a], dice=[5], loot=[Hex(1, 2)], orders={("b", "Blink"): "loot"})
    events = game.apply(Attack("a", "b"))
    if game.pending.kind == "push_back":  # both rear hexes free: blue picks
        events += game.apply(game.legal_actions()[0])
    assert played(events) == ["Blink"]
    assert game.models["b"].hex == Hex(1, 2)
    leap = next(e for e in events if type(e) is ev.Moved and e.how == "jump")
    assert leap.start == Hex(1, -1)  # from the hex b was pushed back to
    assert describe(leap, Front(game).view(None)) == "Blinker leaps 3 hexes"


def test_turn_foe_exposes_the_target_of_my_attack():
    spinner = card(ability("Spin", "any_time", "turn_foe", range=3), cid="spinner")
    c = Model("c", "red", spinner, Hex(-2, 0), 0)
    b = Model("b", "blue", card(cid="dummy"), Hex(1, 0), 3)  # b faces a: a needs a 6
    a = Model("a", "red", card(), Hex(0, 0), 0)
    game = position([c, b, a], dice=[5], orders={("c", "Spin"): "expose"})
    events = game.apply(Attack("a", "b"))
    assert played(events) == ["Spin"]
    hit = next(e for e in events if type(e) is ev.Hit)
    assert hit.rear and hit.roll == 5


def test_every_reaction_kind_offers_its_conditions_and_a_sensible_default():
    for name, kind in all_kinds().items():
        reactive = kind.timings & orders.ORDERABLE_TIMINGS
        if not reactive:
            continue
        assert kind.default_order != "ask", name
        assert kind.default_order == "never" or kind.default_order in kind.orders, name
        assert not set(kind.orders) & {"ask", "never"}, name


# --- SetOrder ---------------------------------------------------------------------------


def _new(library, orders_for=(), hidden=True):
    ids = ["beowulf", "boudica", "cleopatra", "hypatia"]  # reroll, dodge, counterattack… among them
    setup = make_setup({"hexagon": 4}, [("A", ids[:2]), ("B", ids[2:])], library,
                       Options(hidden_cards=hidden), seed=3, orders_for=orders_for)
    return new_game(setup)


def _some_orderable(game, player):
    for m in game.models_of(player):
        for ab in orders.orderable(game, m):
            return m, ab
    raise AssertionError(f"{player} holds no orderable ability")


def test_set_order_is_recorded_and_replays(library):
    game = _new(library)
    player = game.pending.player
    m, ab = _some_orderable(game, player)
    pending = game.pending
    choice = orders.choices(game, m.id, ab.name)
    assert choice[:2] == [("ask", "ask me"), ("never", "never")]
    order = choice[-1][0]
    assert game.is_legal(SetOrder(player, m.id, ab.name, order))
    events = game.apply(SetOrder(player, m.id, ab.name, order))
    assert events == [ev.OrderSet(player, m.id, ab.name, order)]
    assert game.pending == pending and game.order_of(m.id, ab.name) == order
    assert game.history[-1] == SetOrder(player, m.id, ab.name, order)
    assert SetOrder(player, m.id, ab.name, order) not in list(game.legal_actions())
    rng = random.Random(1)
    for _ in range(40):
        game.apply(game.legal_actions()[rng.randrange(len(game.legal_actions()))] if game.pending.kind != "action"
                   else Hold(game.pending.model))
    record = GameRecord.loads(GameRecord.of(game).dumps())
    assert json.loads(GameRecord.of(game).dumps())["decisions"][0]["type"] == "set_order"
    assert record.replay().snapshot() == game.snapshot()


def test_set_order_refusals_leave_the_state_unchanged(library):
    game = _new(library)
    player = game.pending.player
    other = next(p for p in game.players if p != player)
    mine, ab = _some_orderable(game, player)
    theirs, their_ab = _some_orderable(game, other)
    action_ab = next((a for a in mine.card.abilities if a.timing in ("action", "action_plus")), None)
    before, history = game.snapshot(), list(game.history)
    cases = [
        (SetOrder(other, theirs.id, their_ab.name, "never"), "not_your_turn"),
        (SetOrder(player, theirs.id, their_ab.name, "never"), "not_your_model"),
        (SetOrder(player, mine.id, ab.name, "sometimes"), "bad_order"),
        (SetOrder(player, "nobody", ab.name, "never"), "unknown_model"),
        (SetOrder(player, mine.id, "No Such Thing", "never"), "unknown_ability"),
    ]
    if action_ab is not None:
        cases.append((SetOrder(player, mine.id, action_ab.name, "never"), "not_orderable"))
    for action, code in cases:
        with pytest.raises(IllegalAction) as err:
            game.apply(action)
        assert err.value.code == code, action
        assert not game.is_legal(action)
    mine.used.add(ab.name)
    with pytest.raises(IllegalAction) as err:
        game.apply(SetOrder(player, mine.id, ab.name, "never"))
    assert err.value.code == "used"
    mine.used.discard(ab.name)
    assert game.snapshot() == before and game.history == history


def test_default_orders_setup(library):
    game = _new(library, orders_for=("A",))
    a_abilities = {(m.id, ab.name): ab for m in game.models_of("A") for ab in orders.orderable(game, m)}
    assert a_abilities, "the dealt cards must hold a reaction"
    assert {k: v for k, v in game.orders.items()} == {k: ab.effect.default_order for k, ab in a_abilities.items()}
    assert all(game.order_of(m.id, ab.name) == "ask" for m in game.models_of("B") for ab in orders.orderable(game, m))
    data = GameRecord.of(game).to_json()
    assert data["setup"]["orders_for"] == ["A"]
    del data["setup"]["orders_for"]  # a record from before orders
    old = GameRecord.from_json(data)
    assert old.setup.orders_for == () and old.replay().orders == {}
    with pytest.raises(Exception, match="orders_for"):
        new_game(dataclasses.replace(game.setup, orders_for=("Z",)))


def test_views_hide_orders_and_unplayed_abilities():
    b = Model("b", "blue", card(DODGE, cid="dodger"), Hex(1, 0), 0)
    a = Model("a", "red", card(), Hex(0, 0), 0)
    game = position([b, a], hidden=True)
    e = ev.OrderSet("blue", "b", "Sidestep", "rear")
    assert event_visible_to(e, "blue") and not event_visible_to(e, "red")
    assert event_visible_to(ev.AbilityPlayed("b", "Sidestep", "dodge", by_order=True), "red")
    assert ability_visible_to(game, "blue", "b", "Sidestep") and not ability_visible_to(game, "red", "b", "Sidestep")
    game.models["b"].used.add("Sidestep")
    assert ability_visible_to(game, "red", "b", "Sidestep")
    assert order_visible_to(game, "blue", "b", "Sidestep") and not order_visible_to(game, "red", "b", "Sidestep")
    open_game = position([Model("b", "blue", card(DODGE, cid="dodger"), Hex(1, 0), 0),
                          Model("a", "red", card(), Hex(0, 0), 0)], hidden=False)
    assert ability_visible_to(open_game, "red", "b", "Sidestep")
    assert not order_visible_to(open_game, "red", "b", "Sidestep")


def test_log_lines_for_orders():
    b = Model("b", "blue", card(DODGE, cid="dodger"), Hex(1, 0), 0)
    a = Model("a", "red", card(), Hex(0, 0), 0)
    game = position([b, a])
    seen = Front(game).view(None)  # (the log is told from the public view)
    assert describe(ev.OrderSet("blue", "b", "Sidestep", "rear"), seen) is None
    line = describe(ev.AbilityPlayed("b", "Sidestep", "dodge", by_order=True), seen)
    assert line.startswith("Dodger plays Sidestep (standing order)")
    assert "standing order" not in describe(ev.AbilityPlayed("b", "Sidestep", "dodge"), seen)
    assert describe(ev.Moved("b", Hex(0, 0), (Hex(3, 0),), "jump"), seen) == "Dodger leaps 3 hexes"
    assert describe(ev.Moved("b", Hex(0, 0), (Hex(1, 0), Hex(2, 0)), "walk"), seen) == "Dodger moves 2 hexes"


# --- undo ---------------------------------------------------------------------------------


def _to_first_action(library):
    game = _new(library)
    rng = random.Random(4)
    while game.pending.kind == "place":
        assert game.can_undo() == (len(game.history) > 0)
        game.apply(game.legal_actions()[rng.randrange(len(game.legal_actions()))])
    return game


def test_undo_after_a_move_restores_the_position_before_it(library):
    game = _to_first_action(library)
    assert not game.can_undo()  # the last placement revealed the loot
    with pytest.raises(RecordError):
        undo(game)
    while game.pending.kind != "action":
        game.apply(Pass(game.pending.player))
    before = game.snapshot()
    d = game.pending
    move = next(a for a in game.legal_actions() if type(a) is Move)
    events = game.apply(move)
    if any(type(e) in (ev.DieRolled, ev.AbilityPlayed) for e in events):
        pytest.fail("the chosen move should reveal nothing")  # pragma: no cover
    assert game.can_undo()
    m, ab = _some_orderable(game, game.pending.player)
    game.apply(SetOrder(game.pending.player, m.id, ab.name, "never"))
    assert game.can_undo()  # a SetOrder is not an answer
    back = undo(game)
    assert back.snapshot() == before and back.pending == d
    assert len(back.history) == len(game.history) - 2


def test_no_undo_after_a_die_or_an_ability(library):
    b = Model("b", "blue", card(DODGE, cid="dodger"), Hex(1, 0), 3)
    a = Model("a", "red", card(), Hex(0, 0), 0)
    game = position([b, a], dice=[1])
    game.apply(Attack("a", "b"))  # an attack rolls a die
    assert not game.can_undo()
    game = dodge_game("always", rear=False, lives=3)
    game.apply(Hold("a"))
    assert game.can_undo()
    # after a hold that lets a standing order play, nothing may be taken back
    b2 = Model("b", "blue", card(ability("Bandage", "any_time", "heal", lives=1), cid="medic"), Hex(3, 0), 3, lives=1)
    a2 = Model("a", "red", card(), Hex(0, 0), 0)
    game = position([a2, b2], orders={("b", "Bandage"): "never"})  # b activates first
    game.apply(Hold("b"))
    game.orders[("b", "Bandage")] = "one_life"
    events = game.apply(Hold("a"))
    assert played(events) == ["Bandage"] and not game.can_undo()


def test_random_games_with_random_orders_keep_the_invariants_and_replay(library):
    from deathmatch.rulesets.celebrity.invariants import Watcher
    from deathmatch.rulesets.celebrity.randomplay import random_answer, random_setup

    by_order = 0
    for seed in range(12):
        rng = random.Random(seed)
        setup = random_setup(library, rng, players=rng.choice([2, 3, 4, 6]), round_limit=8)
        setup = dataclasses.replace(setup, orders_for=tuple(p.name for p in setup.players[::2]))
        game = new_game(setup)
        watcher = Watcher(game)
        while not game.over:
            if rng.random() < 0.2:  # now and then the deciding player changes an order
                player = game.pending.player
                pairs = [(m, ab) for m in game.models_of(player) for ab in orders.orderable(game, m)]
                if pairs:
                    m, ab = rng.choice(pairs)
                    order = rng.choice(orders.choices(game, m.id, ab.name))[0]
                    assert game.apply(SetOrder(player, m.id, ab.name, order)) == [ev.OrderSet(player, m.id, ab.name, order)]
            events = game.apply(random_answer(game, rng, aggression=0.5))
            by_order += len(played(events))
            watcher.see(events)
            watcher.check()
        assert GameRecord.loads(GameRecord.of(game).dumps()).replay().snapshot() == game.snapshot()
    assert by_order > 0  # the orders did play


def test_scenario_orders_are_checked(tmp_path):
    from deathmatch.scenario import run_file

    text = """
name: bad order
arena: {hexagon: 3}
cards:
  - id: dodger
    name: Dodger
    abilities:
      - {name: Sidestep, timing: attack_response, effect: {kind: dodge}}
players: [red, blue]
models:
  - {id: a, player: red, card: dodger, at: [0, 0], orders: {Sidestep: ORDER}}
  - {id: b, player: blue, card: dodger, at: [2, 0]}
"""
    for order, ok in (("sometimes", False), ("rear", True)):
        path = tmp_path / f"{order}.yaml"
        path.write_text(text.replace("ORDER", order), encoding="utf-8")
        result = run_file(path)
        assert result.ok == ok, result
        if not ok:
            assert "Sidestep takes the orders ask, never, rear_or_lethal" in result.message
            assert "sometimes" in result.message


def test_hard_bot_look_ahead_does_not_use_others_orders(library):
    import random

    from deathmatch.rulesets.celebrity.lookahead import determinize

    game = _new(library, orders_for=("A", "B"), hidden=False)
    assert {game.models[m].player for m, _ in game.orders} == {"A", "B"}
    sim = determinize(game, "A", random.Random(1))
    assert {sim.models[m].player for m, _ in sim.orders} == {"A"}
    assert game.orders and len(game.orders) > len(sim.orders)
