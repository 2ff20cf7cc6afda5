"""A game's story: the step-by-step replay, VP over time and the key moments (engine/timeline.py)."""

import random
from dataclasses import replace

import pytest

from deathmatch.rulesets.celebrity.bots import make_bot
from deathmatch.rulesets.celebrity import GameRecord, RecordError, new_game
from deathmatch.rulesets.celebrity import events as ev
from deathmatch.rulesets.celebrity.randomplay import random_setup
from deathmatch.rulesets.celebrity.timeline import Timeline, replay_steps


def bot_game(library, seed, players=3, round_limit=None, stop_after=None):
    setup = random_setup(library, random.Random(seed), players=players, beasts=True, round_limit=round_limit)
    game = new_game(setup)
    bots = {p: make_bot("normal", i) for i, p in enumerate(game.players)}
    while not game.over and (stop_after is None or len(game.history) < stop_after):
        game.apply(bots[game.pending.player].choose(game))
    return game


@pytest.fixture(scope="module")
def finished(library):
    return bot_game(library, 11, players=4)


def test_one_step_per_decision_with_who_answered_and_the_vp_after_it(library, finished):
    tl = Timeline.of(finished)
    assert len(tl.steps) == len(finished.history) + 1
    assert tl.steps[0].decision is None and any(isinstance(e, ev.TurnOrder) for e in tl.steps[0].events)
    assert [s.decision for s in tl.steps[1:]] == finished.history
    assert tl.game.snapshot() == finished.snapshot()
    # the state after k decisions: the same VP and round as a fresh replay of k decisions
    for k in (0, 1, len(finished.history) // 3, len(finished.history) // 2, len(finished.history)):
        fresh = GameRecord(finished.setup, finished.history[:k]).replay()
        step = tl.steps[k]
        assert step.index == k and step.round == fresh.round
        assert dict(step.vp) == {p: s.vp for p, s in fresh.scores.items()}
        if k:
            before = GameRecord(finished.setup, finished.history[:k - 1]).replay()
            assert step.player == before.pending.player
            assert list(step.events) == before.apply(finished.history[k - 1])


def test_vp_over_time_by_decision_and_by_round(finished):
    tl = Timeline.of(finished)
    by_decision = tl.vp_by_decision()
    assert set(by_decision) == set(finished.players)
    for p, series in by_decision.items():
        assert len(series) == len(finished.history) + 1
        assert series[0] == 0 and series[-1] == finished.scores[p].vp
    rounds, by_round = tl.vp_by_round()
    assert rounds == list(range(finished.round + 1))
    for p, series in by_round.items():
        assert series[0] == 0 and series[-1] == finished.scores[p].vp
        # round r's point is the VP at the last step of round r
        for r in rounds[1:]:
            last = max(s.index for s in tl.steps if s.round == r)
            assert series[r] == by_decision[p][last]
    assert tl.first_step_of_round(1) == min(s.index for s in tl.steps if s.round == 1)
    assert tl.steps[tl.first_step_of_round(1) - 1].round == 0


def test_key_moments_are_the_kills_loot_and_abilities_of_the_game(finished):
    tl = Timeline.of(finished)
    moments = tl.moments()
    assert [m.step for m in moments] == sorted(m.step for m in moments)
    kills = [m for m in moments if m.kind == "kill"]
    dead = [m for m in finished.models.values() if not m.alive]
    assert len(kills) >= len(dead) > 0
    assert {k.event.model for k in kills} >= {m.id for m in dead}
    for k in kills:
        if k.event.by in finished.models:
            assert k.player == finished.models[k.event.by].player
    loot = [m for m in moments if m.kind == "loot"]
    assert len(loot) == sum(s.loot for s in finished.scores.values())
    abilities = [m for m in moments if m.kind == "ability"]
    assert len(abilities) == sum(len(m.used) for m in finished.models.values())
    for m in moments:
        assert m.round == tl.steps[m.step].round and m.vp == tl.steps[m.step].vp


def test_lead_changes_name_a_new_sole_leader_and_big_jumps_are_big(library):
    for seed in (11, 3, 7):
        game = bot_game(library, seed, players=4)
        tl = Timeline.of(game)
        moments = tl.moments()
        leader = None
        for m in moments:
            vp = dict(m.vp)
            if m.kind == "lead":
                assert m.player != leader
                assert all(vp[m.player] > v for p, v in vp.items() if p != m.player)
                assert m.amount == vp[m.player] - max(v for p, v in vp.items() if p != m.player)
                leader = m.player
            elif m.kind == "level":
                assert vp[m.player] == max(vp.values()) and vp[leader] == vp[m.player]
                leader = None
            elif m.kind == "jump":
                before = tl.steps[m.step - 1].vp_of(m.player)
                assert m.amount == vp[m.player] - before and abs(m.amount) >= 3
        # every step where someone becomes the only one on top is a lead moment
        sole = [s.index for s, prev in zip(tl.steps[1:], tl.steps) if _sole(s) and _sole(s) != _sole(prev)]
        leads = [m.step for m in moments if m.kind == "lead"]
        assert set(leads) <= set(sole) and leads


def _sole(step):
    vp = dict(step.vp)
    top = max(vp.values())
    leaders = [p for p, v in vp.items() if v == top]
    return leaders[0] if top > 0 and len(leaders) == 1 else None


def test_worst_deficit_is_the_biggest_gap_behind_the_leader(finished):
    tl = Timeline.of(finished)
    worst = tl.worst_deficits()
    for p in finished.players:
        per_step = max(max(v for _, v in s.vp) - s.vp_of(p) for s in tl.steps)
        assert worst[p] >= per_step  # counted after every VP change, so at least the gap between decisions


def test_an_unfinished_record_has_a_timeline_too(library):
    game = bot_game(library, 5, players=3, stop_after=40)
    assert not game.over
    tl = Timeline.from_record(GameRecord.of(game))
    assert len(tl.steps) == 41 and tl.game.snapshot() == game.snapshot()
    rounds, series = tl.vp_by_round()
    assert rounds[-1] == game.round


def test_an_illegal_decision_on_replay_is_named(library):
    game = bot_game(library, 5, players=3, stop_after=10)
    bad = GameRecord(game.setup, game.history[:3] + [game.history[0]])
    with pytest.raises(RecordError, match="decision 4"):
        list(replay_steps(bad.setup, bad.decisions))
    with pytest.raises(RecordError):
        Timeline.from_record(GameRecord(replace(game.setup, players=game.setup.players[:1]), []))
