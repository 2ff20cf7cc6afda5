"""The engine's API: setup, decisions, errors, events and records."""

import json
import random

import pytest

from deathmatch.board import Hex
from deathmatch.rulesets.celebrity import (
    Attack,
    GameRecord,
    Hold,
    IllegalAction,
    Move,
    Options,
    Place,
    PushBack,
    RecordError,
    SetupError,
    events as ev,
    make_setup,
    new_game,
)
from deathmatch.rulesets.celebrity.randomplay import play_out, random_answer, random_setup


def setup_for(library, players=3, **options):
    ids = sorted(library.cards)
    per = 2 if players <= 4 else 1
    seats = [(f"P{i}", ids[i * per:(i + 1) * per]) for i in range(players)]
    return make_setup({"hexagon": 4}, seats, library, Options(**options), seed=7)


def test_setup_dice_off_then_round_robin_placement(library):
    game = new_game(setup_for(library, 3))
    offs = [e for e in game.setup_events if isinstance(e, ev.DiceOff)]
    order = next(e for e in game.setup_events if isinstance(e, ev.TurnOrder)).players
    assert sorted(order) == ["P0", "P1", "P2"]
    first = dict(offs[0].rolls)
    assert [first[p] for p in order] == sorted(first.values(), reverse=True) or len(offs) > 1
    placed = []
    while game.pending.kind == "place":
        d = game.pending
        placed.append((d.player, d.model))
        game.apply(Place(d.model, d.options[0].to, 2))
    assert [p for p, _ in placed] == list(order) * 2  # A1 B1 C1 A2 B2 C2
    # activation order is the reverse of placement order
    assert game.order == [m for _, m in reversed(placed)]
    assert len(game.loot) == 2  # one fewer than players
    assert game.round == 1


def test_models_per_player_and_player_limits(library):
    assert len(new_game(setup_for(library, 5)).models) == 5
    assert len(new_game(setup_for(library, 4)).models) == 8
    ids = sorted(library.cards)
    with pytest.raises(SetupError, match="2–10 players"):
        new_game(make_setup({"hexagon": 4}, [("solo", ids[:2])], library))
    with pytest.raises(SetupError, match="controls 2 model"):
        new_game(make_setup({"hexagon": 4}, [("a", ids[:1]), ("b", ids[1:2])], library))
    with pytest.raises(SetupError, match="different character card"):
        new_game(make_setup({"hexagon": 4}, [("a", ids[:2]), ("b", ids[1:3])], library))


def test_beasts_and_obstacles_options(library):
    plain = new_game(setup_for(library, 2))
    game = new_game(setup_for(library, 2, beasts=True, obstacles=5))
    assert len(game.arena.blocked) == 5 and not plain.arena.blocked
    while game.pending.kind == "place":
        game.apply(game.legal_actions()[0])
    assert len(game.beasts) == 2
    assert all(game.arena.is_floor(b.hex) for b in game.beasts.values())


def _placed_game(library, seed=7):
    game = new_game(setup_for(library, 2))
    rng = random.Random(seed)
    while game.pending.kind == "place":
        game.apply(random_answer(game, rng))
    return game


def test_illegal_actions_raise_a_code_and_change_nothing(library):
    game = _placed_game(library)
    while game.pending.kind != "action":
        game.apply(game.legal_actions()[-1])
    m = game.models[game.pending.model]
    other = next(x for x in game.models.values() if x.player != m.player)
    friend = next(x for x in game.models.values() if x.player == m.player and x.id != m.id)
    before = game.snapshot()
    far = Hex(m.hex.q + 3, m.hex.r)
    cases = [
        (Move(m.id, (m.hex.neighbor(0), m.hex.neighbor(0).neighbor(0), far)), "too_far"),
        (Move(m.id, (far,)), "not_adjacent"),
        (Move(other.id, (other.hex.neighbor(0),)), "not_your_turn"),
        (Attack(m.id, friend.id), "friendly"),
        (Hold(m.id, 9), "bad_facing"),
        (PushBack(m.id, m.hex), "wrong_decision"),
    ]
    for action, code in cases:
        with pytest.raises(IllegalAction) as e:
            game.apply(action)
        assert e.value.code == code, (action, e.value)
        assert isinstance(e.value, ValueError)
        assert game.snapshot() == before


def test_apply_returns_events(library):
    game = _placed_game(library)
    while game.pending.kind != "action":
        game.apply(game.legal_actions()[-1])
    m = game.models[game.pending.model]
    move = next(a for a in game.legal_actions() if isinstance(a, Move))
    events = game.apply(Move(m.id, move.path, 4))
    assert isinstance(events[0], ev.Moved) and events[0].path == move.path
    assert any(isinstance(e, ev.ActivationEnded) for e in events)
    assert m.hex == move.path[-1] and m.facing == 4


def test_every_listed_action_is_legal(library):
    game = _placed_game(library)
    rng = random.Random(3)
    for _ in range(200):
        if game.over:
            break
        for a in game.legal_actions():
            assert game.is_legal(a), a
        game.apply(random_answer(game, rng))


def test_record_round_trips_through_json_and_replays_identically(library, tmp_path):
    setup = random_setup(library, random.Random(11), players=4, beasts=True, obstacles=3, round_limit=8)
    game = new_game(setup)
    play_out(game, random.Random(5))
    assert game.over
    record = GameRecord.of(game)
    path = tmp_path / "game.json"
    record.save(path)
    data = json.loads(path.read_text())
    assert data["format"] == "deathmatch-record" and data["version"] == 2
    assert data["ruleset"] == {"id": "celebrity", "version": 1} and data["seed"] == data["setup"]["seed"]
    again = GameRecord.load(path).replay()
    assert again.snapshot() == game.snapshot()
    assert again.outcome == game.outcome


def test_half_played_record_resumes_where_it_stopped(library):
    game = new_game(random_setup(library, random.Random(2), players=3, round_limit=10))
    rng = random.Random(9)
    for _ in range(60):
        game.apply(random_answer(game, rng))
    again = GameRecord.loads(GameRecord.of(game).dumps()).replay()
    assert again.snapshot() == game.snapshot()
    assert again.legal_actions() == game.legal_actions()


@pytest.mark.parametrize(
    "text, words",
    [
        ("{not json", "not valid JSON"),
        ('{"format": "something-else"}', "not a Deathmatch game record"),
        ('{"format": "deathmatch-record", "version": 99, "setup": {}}', "newer than this game"),
        ('{"format": "deathmatch-record", "version": 1, "setup": {"arena": {}}}', "bad setup"),
    ],
)
def test_bad_records_say_why(text, words):
    with pytest.raises(RecordError, match=words):
        GameRecord.loads(text)


def test_a_record_with_an_illegal_decision_is_refused(library):
    game = new_game(setup_for(library, 2))
    record = GameRecord.of(game)
    record.decisions.append(Place("nobody", Hex(0, 0)))
    with pytest.raises(RecordError, match="decision 1"):
        record.replay()


def test_copy_is_independent(library):
    game = _placed_game(library)
    twin = game.copy()
    rng = random.Random(1)
    twin.apply(random_answer(twin, rng))
    assert twin.snapshot() != game.snapshot()
    assert twin.arena is game.arena


def test_round_limit_ends_the_game_without_last_standing(library):
    game = new_game(setup_for(library, 2, round_limit=1))
    rng = random.Random(4)
    while game.pending.kind == "place":
        game.apply(random_answer(game, rng))
    while not game.over:
        d = game.pending
        game.apply(Hold(d.model) if d.kind == "action" else game.legal_actions()[-1])
    assert game.outcome.reason == "round_limit"
    assert game.round == 1
    assert all(s.last_standing == 0 for s in game.scores.values())


def test_needed_roll_comes_from_the_rules():
    from deathmatch.board import hexagon
    from deathmatch.rulesets.celebrity import ForcedDice, from_position, parse_card
    from deathmatch.rulesets.celebrity.actions import UseAbility
    from deathmatch.rulesets.celebrity.state import Model

    card, _ = parse_card({"id": "t", "name": "T", "abilities": [
        {"name": "Bow", "timing": "action", "effect": {"kind": "ranged_attack", "range": 3, "hit_on": 4}},
        {"name": "Rush", "timing": "action", "effect": {"kind": "charge", "hexes": 2, "bonus": 1}},
    ]}, exact_three=False)
    a = Model("a", "red", card, Hex(0, 0), 0)
    b = Model("b", "blue", card, Hex(1, 0), 0)  # b faces away: a stands in its rear
    c = Model("c", "blue", card, Hex(-1, 1), 1)  # c faces a (direction 1 from c is a)
    game = from_position(hexagon(3), ["red", "blue"], [a, b, c], dice=ForcedDice([]))
    game.start()
    assert game.needed_roll(Attack("a", "b")) == 5
    assert game.needed_roll(Attack("a", "c")) == 6
    assert game.needed_roll(UseAbility("a", "Bow", target="c")) == 4
    assert game.needed_roll(UseAbility("a", "Rush", target="b")) == 4
    assert game.needed_roll(Hold("a")) is None
