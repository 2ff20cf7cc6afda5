"""benchmarks/skirmish_choices.py plays out what it says: at side A's studied decisions the normal
bot's own answer first, each answer's results from the same seeded worlds, the paired differences
their means' differences, the same study again from the same seed, and a summary that counts an
alternative as better or worse only beyond two standard errors."""

import pytest
from benchmark_module import load

from deathmatch.board import square
from deathmatch.core import registry
from deathmatch.rulesets.skirmish import bots


@pytest.fixture(scope="module")
def bench():
    return load("skirmish_choices")


@pytest.fixture(scope="module")
def study(bench):
    return bench.positions(5000, worlds=4, every=3)


def test_each_studied_decision_starts_from_the_normal_bots_own_answer(study):
    assert len(study) >= 3
    # replay the game the normal bot plays against itself and find each studied answer in it
    game = registry.get("skirmish").quick_game(["A", "B"], square(8, 8), 5000)
    normal = bots.NormalBot()
    firsts = []
    while not game.over:
        a = normal.choose(game)
        firsts.append((game.pending.kind, game.state.round, str(a), [str(x) for x in bots.ranked(game, 3)]))
        game.apply(a)
    for p in study:
        assert (p["kind"], p["round"], p["answers"][0], p["answers"]) in firsts
        assert p["kind"] in ("pick", "act") and 2 <= len(p["answers"]) <= 3


def test_paired_differences_are_the_differences_of_the_means(study):
    for p in study:
        assert all(0.0 <= m <= 1.0 for m in p["means"])
        for k, (diff, se) in enumerate(p["diffs"], start=1):
            assert diff == pytest.approx(p["means"][k] - p["means"][0])
            assert se >= 0.0


def test_the_same_seed_studies_the_same_positions_with_the_same_results(bench, study):
    again = bench.positions(5000, worlds=4, every=3)
    assert again == study


def test_summary_counts_only_differences_beyond_two_standard_errors(bench):
    found = [
        {"kind": "act", "round": 1, "answers": ["first", "much better", "a little better"],
         "means": [0.4, 0.6, 0.45], "diffs": [(0.2, 0.05), (0.05, 0.05)]},
        {"kind": "pick", "round": 2, "answers": ["first", "much worse"], "means": [0.7, 0.4], "diffs": [(-0.3, 0.1)]},
    ]
    s = bench.summary(found)
    assert (s["positions"], s["alternatives"], s["better"], s["worse"]) == (2, 3, 1, 1)
    assert s["mean"] == pytest.approx((0.2 + 0.05 - 0.3) / 3)
    assert [r[4] for r in s["rows"]] == ["much better", "a little better", "much worse"]
