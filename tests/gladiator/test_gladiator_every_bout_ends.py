"""Every Gladiator! bout ends (docs/RULINGS.md, Gladiator! ruling 11): the engine itself calls a bout
off as a draw, `Outcome("called_off", ())`, when neither man can act again or after `TURN_LIMIT` game
turns, so the table, careers, the lab, the bots and the CLI all get the same end; the table says so."""

import random
import sys

import pytest

from conftest import ROOT
from deathmatch.core import registry
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.rulesets.gladiator import game as rules
from deathmatch.rulesets.gladiator.actions import POSTURE
from deathmatch.rulesets.gladiator.events import Outcome as rules_outcome
from deathmatch.rulesets.gladiator.model import Gladiator
from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game
from deathmatch.scenario import run_file

RULES = registry.get("gladiator")
SCENARIO = ROOT / "tests" / "scenarios" / "gladiator" / "neither_can_act_called_off.yaml"


def heavy_bout(seed: int = 3):
    """A secutor (armoured, large shield) against a thracian (armoured, medium shield): with six leg
    wounds neither can ever roll an AP (6 + 1 for the attack posture − 1 armour − 1 or 0 shield ≤ 6)."""
    seats = (Seat("red", "red", Gladiator("s", "Secutor", "secutor")),
             Seat("blue", "blue", Gladiator("t", "Thracian", "thracian")))
    return new_game(Setup(seats, {"map": "bundled:sand_circle"}, seed=seed))


def lame(m, leg: int = 6) -> None:
    m.wounds["leg"] += leg
    m.damage += leg


def test_a_man_can_act_again_while_his_best_ap_roll_beats_his_leg_wounds():
    game = heavy_bout()
    s, t = game.state.men.values()
    assert rules.can_act_again(s) and rules.can_act_again(t)
    lame(s, 4)  # secutor's best: 6 + 1 − 1 − 1 = 5 AP
    assert rules.can_act_again(s)
    lame(s, 1)
    assert not rules.can_act_again(s)
    s.shield_dropped = True  # fighting with no shield now: +1 AP, so one AP again at best
    assert rules.can_act_again(s)
    assert rules.called_off_why(game.state) is None  # the thracian can still act


def test_a_bout_in_which_neither_man_can_act_again_is_called_off_at_the_next_game_turn():
    game = heavy_bout()
    rng = random.Random(1)
    while game.pending.kind != POSTURE:  # into the first half of game turn 1
        game.apply(RULES.random_answer(game, rng))
    for m in game.state.men.values():
        lame(m)
    assert rules.called_off_why(game.state) == "no_one_can_act"
    n = play_until_over(game, lambda g: RULES.random_answer(g, rng), max_decisions=50)
    assert game.over and n < 50
    assert game.outcome.reason == rules.CALLED_OFF and game.outcome.winners == ()
    assert game.state.turn == 1  # the halves of turn 1 end at 0 AP; turn 2 never begins
    # the career hooks read it as a draw, both men standing
    result = RULES.career.bout_result(game)
    assert result["winner"] is None and [m["end"] for m in result["men"]] == ["standing", "standing"]


def test_random_bouts_all_end_within_the_turn_limit_and_replay_to_the_same_end():
    seen = set()
    for seed in range(12):
        rng = random.Random(seed)
        game = heavy_bout(seed) if seed % 2 else new_game(setup_for(seed))
        play_until_over(game, lambda g: RULES.random_answer(g, rng), max_decisions=100_000)
        assert game.over and game.state.turn <= rules.TURN_LIMIT, seed
        seen.add(game.outcome.reason)
        if game.outcome.reason == rules.CALLED_OFF:
            assert game.outcome.winners == ()
        again = registry.replay(Record.loads(registry.record_of(game, RULES).dumps()))
        assert again.over and again.outcome == game.outcome and again.state.turn == game.state.turn
    assert rules.CALLED_OFF in seen and "victory" in seen  # random play reaches the limit often


def test_the_turn_limit_calls_a_bout_off_as_its_next_turn_would_begin(monkeypatch):
    monkeypatch.setattr(rules, "TURN_LIMIT", 2)
    game = heavy_bout()
    rng = random.Random(5)
    turns = set()
    while not game.over:
        turns.add(game.state.turn)
        game.apply(RULES.random_answer(game, rng))
    assert game.outcome == rules_outcome(rules.CALLED_OFF, ())  # nobody fell in two turns of this seed
    assert game.state.turn == 2 and turns == {1, 2} and rules.called_off_why(game.state) == "turn_limit"
    assert all(rules.can_act_again(m) for m in game.state.men.values())  # not stuck: the limit ended it


def test_the_scenario_of_two_lame_men_is_called_off_with_no_die_rolled():
    result = run_file(SCENARIO)
    assert result.ok, result.message


def test_the_table_says_a_called_off_bout_is_a_draw_and_why():
    from deathmatch.scenes.gladiator import facts, log
    from deathmatch.rulesets.gladiator import events as ev

    game = heavy_bout()
    for m in game.state.men.values():
        lame(m)
    rng = random.Random(2)
    events = []
    play_until_over(game, lambda g: RULES.random_answer(g, rng), max_decisions=50, on_events=events.extend)
    head, lines = facts.outcome_words(game)
    assert head == "Called off: a draw" and lines[0].startswith("Neither man can act again")
    over = [e for e in events if isinstance(e, ev.BoutOver)]
    assert over == [ev.BoutOver((), rules.CALLED_OFF)]
    assert log.describe(over[0], game) == "The bout is called off: a draw"


def setup_for(seed):
    sys.path.insert(0, str(ROOT / "tests"))
    from test_gladiator import setup_for as plain

    return plain(seed)


def test_the_table_shows_the_called_off_end_on_screen():
    pytest.importorskip("pygame")
    from test_gladiator_career_screens import texts_of
    from test_gladiator_screens import fresh_app

    from deathmatch.scenes.gladiator.bout import GladiatorTable, map_path
    from table_driver import DT

    app = fresh_app((1024, 600))
    game = heavy_bout(7)
    rng = random.Random(7)
    while game.pending.kind != POSTURE:
        game.apply(RULES.random_answer(game, rng))
    for m in game.state.men.values():
        lame(m)
    table = GladiatorTable(app, game, map_path(game), handoff=False, auto_players={p: None for p in game.state.players},
                           anim_speed=60.0, seed=7, auto_delay=0.0)
    app.stack.replace(table)
    for _ in range(20000):
        if table.stage == "over":
            break
        table.update(DT)
    assert table.stage == "over" and game.outcome.reason == rules.CALLED_OFF
    app.frame([], DT)
    assert table.log[-1] == "The bout is called off: a draw"
    words = texts_of(app)
    assert "Called off: a draw" in words
    assert any(w.startswith("Neither man can act again") for w in words)
