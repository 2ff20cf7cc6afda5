"""benchmarks/supers_bots.py plays what it says: four different bundled heroes drawn from a fight's
seed, the levels swapping seats every other fight, on the bundled Superhero Gladiators arenas, every
decision timed, and the hard bot's budget taken from the flags."""

import argparse

import pytest
from benchmark_module import load

from deathmatch.rulesets.supers.hard import SEARCH_BUDGETS


@pytest.fixture(scope="module")
def bench():
    return load("supers_bots")


def test_fights_are_drawn_from_the_seed_with_the_seats_swapped(bench):
    a = bench.setup_of(100_000, ("A", "B"), "supers_crater", 30)
    again = bench.setup_of(100_000, ("A", "B"), "supers_crater", 30)
    other = bench.setup_of(100_001, ("B", "A"), "supers_crater", 30)
    assert a == again and a != other
    heroes = [h.id for s in a.seats for h in s.heroes]
    assert len(heroes) == len(set(heroes)) == 4
    assert [s.name for s in other.seats] == ["B", "A"]
    assert all(h.budget == 200 and h.spent <= 200 for s in a.seats for h in s.heroes)
    assert set(bench.arenas()) >= {"supers_crater", "supers_danger_room", "supers_foundry", "supers_skyline"}


def test_a_fight_is_played_and_timed(bench):
    budget = SEARCH_BUDGETS["fast"]
    score, times, iterations = bench.play(("easy", "hard", 100_002, budget, "supers_foundry", 30))
    assert score in (0.0, 0.5, 1.0)
    assert times["hard"] and times["easy"] and all(t >= 0 for t in times["hard"])
    assert iterations and set(iterations) <= set(range(1, budget.iterations + 1))


def test_the_flags_make_the_budget(bench):
    args = argparse.Namespace(thinking="normal", **{k: None for k in bench.KNOBS})
    assert bench.budget_of(args) is None
    args.iterations = 7
    b = bench.budget_of(args)
    assert b.iterations == 7 and b.seconds == 0.0 and b.rollout == SEARCH_BUDGETS["normal"].rollout
