"""Gladiator! headless: random bouts keep the invariants after every decision (wounds and damage
never negative, AP never below 0, a man down or dead never acts), every bout ends, every record
replays to the identical state; refusals name a code and leave the bout as it was; the
experience cards' kinds match the shared model; setups and records are checked."""

import json
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from deathmatch.abilities.gladiator import KINDS
from deathmatch.core import registry
from deathmatch.core.errors import IllegalAction, SetupError
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.rulesets.gladiator import actions as act
from deathmatch.rulesets.gladiator import events as ev
from deathmatch.rulesets.gladiator.game import side_of
from deathmatch.rulesets.gladiator.model import CARD_KINDS, TYPES, Card, Gladiator
from deathmatch.rulesets.gladiator.randomplay import random_gladiator
from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game
from deathmatch.rulesets.gladiator.state import Options
from deathmatch.scenario import run_file

RULES = registry.get("gladiator")
CARDS = {k: Card(k, k.replace("_", " ").title(), k, CARD_KINDS[k].high if CARD_KINDS[k].takes_amount else 0)
         for k in CARD_KINDS}
"""One card of every kind (the highest amount), as a card lookup a setup is handed."""
ACTING = (ev.HalfStarted, ev.PostureChosen, ev.APRolled, ev.Advanced, ev.Retreated, ev.Turned, ev.GotLoose,
          ev.PickedUp, ev.StoodUp, ev.Recovered, ev.APGained)


def setup_for(seed: int, *, cards: bool = True, special_rolls: bool = True, arena=None) -> Setup:
    rng = random.Random(seed)
    seats = []
    for k, (name, colour) in enumerate((("red", "red"), ("blue", "blue"))):
        g = random_gladiator(rng, k + 1)
        if cards:
            g = Gladiator(g.id, g.name, g.type, cards=tuple(rng.sample(sorted(CARDS), 3)), bonus_ap=rng.randint(0, 1))
        seats.append(Seat(name, colour, g))
    return Setup(tuple(seats), arena or {"hexagon": 3}, Options(special_rolls), seed, CARDS if cards else {})


def check(game, events, out: set) -> None:
    """The invariants after one answer (`out`: every man found down or dead so far)."""
    s = game.state
    hexes = [m.at for m in s.men.values()]
    assert len(set(hexes)) == 2 and all(h in s.arena.floor for h in hexes)
    for m in s.men.values():
        assert all(v >= 0 for v in m.wounds.values()), m.wounds
        assert m.damage >= 0 and m.ap >= 0 and 0 <= m.loose < 3
        assert m.weapon_dropped >= 0 and m.weapons >= 0
        assert m.alive or not m.down or m.damage == 7
        if m.id != s.acting:
            assert m.ap == 0, f"{m.id} holds {m.ap} AP out of his half"
    for e in events:
        man = getattr(e, "man", None) or getattr(e, "attacker", None) or getattr(e, "thrower", None)
        if isinstance(e, ACTING + (ev.ExchangeDeclared, ev.NetThrown)):
            assert man not in out, f"{man}, out of the fight, acted: {e}"
        if isinstance(e, (ev.Down, ev.Dead)):
            out.add(e.man)
    assert out == {m.id for m in s.men.values() if m.out}
    d = game.pending
    if d is not None and d.kind in (act.POSTURE, act.ORDER):
        assert not s.men[d.man].out
    if game.over:  # a man is out, or the bout was called off: a draw (game.called_off_why)
        assert any(m.out for m in s.men.values()) or (game.outcome.reason == "called_off"
                                                      and not game.outcome.winners)


def play(seed: int, max_decisions: int = 40_000, **kw):
    rng = random.Random(seed)
    game = new_game(setup_for(seed, **kw))
    out: set = set()
    check(game, [], out)
    n = play_until_over(game, lambda g: RULES.random_answer(g, rng),
                        on_events=lambda events: check(game, events, out), max_decisions=max_decisions)
    return game, n


def test_a_soak_of_random_bouts_ends_every_bout_and_keeps_the_invariants():
    reasons = {}
    for seed in range(40):
        game, n = play(seed, cards=seed % 2 == 0, special_rolls=seed % 5 != 0)
        assert game.over, f"seed {seed}: no end after {n} decisions"
        reasons[game.outcome.reason] = reasons.get(game.outcome.reason, 0) + 1
    assert reasons.get("victory", 0) > 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), cards=st.booleans())
def test_random_bouts_replay_exactly_from_their_record(seed, cards):
    # Whatever was played (to the end, called off or not, or cut at 5,000 answers) replays the same.
    game, _ = play(seed, cards=cards, max_decisions=5_000)
    again = registry.replay(Record.loads(registry.record_of(game, RULES).dumps()))
    assert RULES.view(again, "red") == RULES.view(game, "red")
    assert again.history == game.history and again.outcome == game.outcome


def test_every_listed_answer_is_legal_and_a_refusal_changes_nothing():
    rng = random.Random(3)
    game = new_game(setup_for(3))
    for _ in range(400):
        if game.over:
            break
        legal = game.legal_actions()
        assert legal and all(game.is_legal(a) for a in legal)
        d = game.pending
        other = next(p for p in game.state.players if p != d.player)
        other_man = game.state.man_of(other).id
        before = json.dumps(RULES.view(game, "red"), sort_keys=True)
        for wrong in (act.End(other, other_man), act.Choose(other, True), act.Turn(other, other_man, 0),
                      act.Reroll(other, True), act.Pass(other)):
            with pytest.raises(IllegalAction) as e:
                game.apply(wrong)
            assert e.value.code and str(e.value)
            assert json.dumps(RULES.view(game, "red"), sort_keys=True) == before
        game.apply(rng.choice(legal))


def test_a_copy_plays_on_without_touching_the_original():
    rng = random.Random(8)
    game = new_game(setup_for(8))
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    before = json.dumps(RULES.view(game, "red"), sort_keys=True)
    trial = game.copy()
    play_until_over(trial, lambda g: RULES.random_answer(g, rng), max_decisions=20_000)
    assert trial.over and trial.history[:len(game.history)] == game.history
    assert json.dumps(RULES.view(game, "red"), sort_keys=True) == before
    nxt = game.legal_actions()[0]
    assert game.copy().apply(nxt) == game.apply(nxt)


def test_actions_round_trip_through_json():
    samples = [act.Choose("a", True), act.Posture("a", "x", "attack"),
               act.Advance("a", "x", (act.Hex(0, 1), act.Hex(1, 1)), 4), act.Retreat("a", "x", (act.Hex(-1, 0),)),
               act.Turn("a", "x", 3), act.Attack("a", "x", "y", True), act.ThrowNet("a", "x", "y"),
               act.GetLoose("a", "x"), act.PickUp("a", "x"), act.StandUp("a", "x"), act.Recover("a", "x", "arm"),
               act.End("a", "x"), act.PlayCard("a", "x", "c", "leg", None), act.Pass("a"),
               act.Reroll("a", True, "fav")]
    for a in samples:
        assert act.from_json(json.loads(json.dumps(act.to_json(a)))) == a
    with pytest.raises(ValueError):
        act.from_json({"type": "Attack", "player": "a", "man": "x", "target": "y", "sword": 1})
    with pytest.raises(ValueError):
        act.from_json({"type": "Advance", "player": "a", "man": "x", "path": [[0, True]]})


def test_setup_round_trips_and_refuses_unknown_cards():
    s = setup_for(9)
    assert Setup.from_json(json.loads(json.dumps(s.to_json()))) == s
    bad = Setup((Seat("red", "r", Gladiator("x", "X", "thracian", cards=("nope",))),
                 Seat("blue", "b", Gladiator("y", "Y", "lion"))))
    with pytest.raises(SetupError, match="nope"):
        new_game(bad)
    with pytest.raises(SetupError, match="hexes"):
        new_game(Setup((Seat("red", "r", Gladiator("x", "X", "thracian")),
                        Seat("blue", "b", Gladiator("y", "Y", "lion"))), {"square": [6, 6]}))


def test_default_start_places_face_each_other_on_the_small_sand_circle():
    game = new_game(setup_for(1, cards=False))
    a, b = game.state.men.values()
    d = a.at.direction_to(a.at.neighbor(a.facing))
    assert a.at.distance(b.at) == 4
    assert side_of(a, d) == "face" and a.at.neighbor(a.facing).distance(b.at) == 3
    assert side_of(b, b.facing) == "face" and b.at.neighbor(b.facing).distance(a.at) == 3


def test_every_card_kind_of_the_model_has_an_effect_module_with_its_timing():
    assert set(KINDS) == set(CARD_KINDS)
    for name, kind in KINDS.items():
        assert kind.timing == CARD_KINDS[name].timing


def test_each_card_is_played_once_then_gone():
    game, _ = play(12, cards=True)
    played = [e.card for e in game.history if isinstance(e, act.PlayCard)]
    assert len(played) == len(set(played))
    for m in game.state.men.values():
        assert not set(played) & {c.id for c in m.cards}


def test_the_bundled_types_all_fight():
    assert {"lion", "retiarius", "dimachaerus"} <= set(TYPES)
    for t in TYPES:
        g = new_game(Setup((Seat("red", "r", Gladiator("a", "A", t)), Seat("blue", "b", Gladiator("b", "B", t))),
                           seed=5))
        assert not g.over and g.pending is not None


def test_the_rules_import_no_pygame():
    code = ("import sys, deathmatch.rulesets.gladiator, deathmatch.abilities.gladiator; "
            "assert 'pygame' not in sys.modules")
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_a_quick_game_deals_two_men_on_a_loaded_arena():
    from deathmatch.board import hexagon
    game = RULES.quick_game(["Ann", "Bob"], hexagon(4), 11)
    assert game.state.players == ("Ann", "Bob") and not game.over
    assert {m.owner for m in game.state.men.values()} == {"Ann", "Bob"}


def test_a_malformed_scenario_fails_naming_file_line_and_reason(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("ruleset: gladiator\nname: bad\nmodels:\n  - {id: a, player: red, gladiator: centurion, at: [0, 0]}\n"
                 "  - {id: b, player: blue, gladiator: lion, at: [1, 0]}\n", encoding="utf-8")
    r = run_file(p)
    assert not r.ok and "bad.yaml:4" in r.message and "centurion" in r.message
    p.write_text("ruleset: gladiator\nname: bad\nmodels:\n  - {id: a, player: red, gladiator: thracian, at: [0, 0]}\n"
                 "  - {id: b, player: blue, gladiator: lion, at: [1, 0]}\ndice: [6, 1]\nsteps:\n"
                 "  - {player: red, choose: first}\n  - {model: a, do: posture, posture: attack}\n", encoding="utf-8")
    r = run_file(p)
    assert not r.ok and "step 2" in r.message and "ran out of forced dice" in r.message


def test_scenario_count():
    assert len(list((ROOT / "tests" / "scenarios" / "gladiator").glob("*.yaml"))) >= 40


def test_a_bout_starts_on_the_two_hexes_its_map_marks_facing_each_other():
    from deathmatch.board.tiled import load_arena
    from deathmatch.paths import maps_dir
    from deathmatch.rulesets.gladiator.model import Gladiator
    from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game

    for name in ("ludus_yard", "sand_circle", "broken_ring"):
        arena = load_arena(maps_dir() / f"{name}.tmx")
        seats = (Seat("A", "red", Gladiator("a", "A", "secutor")), Seat("B", "blue", Gladiator("b", "B", "retiarius")))
        game = new_game(Setup(seats, {"map": name}, seed=1), arena)
        men = list(game.state.men.values())
        assert [m.at for m in men] == list(arena.spawn)
        a, b = men
        assert a.at.neighbor(a.facing).distance(b.at) == a.at.distance(b.at) - 1
        assert b.at.neighbor(b.facing).distance(a.at) == b.at.distance(a.at) - 1


def test_a_new_bout_keeps_what_its_start_told_for_the_table():
    from deathmatch.rulesets.gladiator import events as gev
    from deathmatch.rulesets.gladiator.model import Gladiator
    from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game

    seats = (Seat("A", "red", Gladiator("a", "A", "secutor")), Seat("B", "blue", Gladiator("b", "B", "retiarius")))
    game = new_game(Setup(seats, seed=3))
    told = game.setup_events
    assert any(type(e) is gev.DieRolled and e.purpose == "initiative" for e in told)
    assert type(told[0]) is gev.TurnStarted and game.pending is not None and not game.history


def test_a_scenario_gladiator_may_say_her_pronoun_and_a_wrong_one_is_named(tmp_path):
    head = "ruleset: gladiator\nname: p\ngladiators:\n  - {id: ach, name: Achillia, type: dimachaerus, pronoun: %s}\n"
    body = ("models:\n  - {id: a, player: red, gladiator: ach, at: [0, 0], facing: 0}\n"
            "  - {id: b, player: blue, gladiator: lion, at: [2, 0], facing: 3}\ndice: [6, 1]\nexpect:\n  over: false\n")
    p = tmp_path / "p.yaml"
    p.write_text(head % "she" + body, encoding="utf-8")
    assert run_file(p).ok, run_file(p).message
    p.write_text(head % "xe" + body, encoding="utf-8")
    r = run_file(p)
    assert not r.ok and "p.yaml:4" in r.message and "pronoun" in r.message and "she" in r.message
