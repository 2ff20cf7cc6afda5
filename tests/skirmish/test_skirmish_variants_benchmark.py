"""benchmarks/skirmish_variants.py screens what it says: a variant with the normal bot's own weights
is the normal bot (every game the same), a changed weight changes play (Survival's count weights
only Survival's), the scenario flag reaches the games, and an unknown weight is refused by name."""

import pytest
from benchmark_module import load

from deathmatch.board import square
from deathmatch.core import registry
from deathmatch.core.loop import play_until_over

RULES = registry.get("skirmish")


@pytest.fixture(scope="module")
def bench():
    return load("skirmish_variants")


def answers(seed, bot_a, scenario=None):
    """Every answer of a game of `bot_a` (as A) against the normal bot."""
    game = RULES.quick_game(["A", "B"], square(8, 8), seed, scenario=scenario)
    bots = {"A": bot_a, "B": RULES.bot("normal", "B", 1)}
    got = []

    def choose(g):
        a = bots[g.pending.player].choose(g)
        got.append(a)
        return a

    play_until_over(game, choose, max_decisions=5000)
    return got


def test_the_normal_bots_own_weights_play_the_normal_bots_games(bench):
    for seed, scenario in ((1, None), (2, "retrieve"), (3, "infiltrate"), (4, "survival")):
        same = bench.VariantBot(bench.parse(""))
        assert answers(seed, same, scenario) == answers(seed, RULES.bot("normal", "A", 0), scenario)


def test_a_changed_weight_changes_play_and_an_unknown_one_is_refused(bench):
    assert bench.parse("danger=1.2,pickmode=best")["danger"] == 1.2
    changed = [answers(seed, bench.VariantBot(bench.parse("pickmode=best,acted=0.0"))) for seed in range(4)]
    normal = [answers(seed, RULES.bot("normal", "A", 0)) for seed in range(4)]
    assert changed != normal
    with pytest.raises(ValueError, match="unknown weight 'bogus'"):
        bench.parse("bogus=1")


def test_the_count_weights_change_survival_play_only(bench):
    counted = bench.parse("count=20,late=1")
    assert counted["count"] == 20.0 and counted["late"] == 1.0
    survival = [answers(seed, bench.VariantBot(counted), "survival") for seed in range(4)]
    assert survival != [answers(seed, RULES.bot("normal", "A", 0), "survival") for seed in range(4)]
    for seed in range(2):  # every other game kind counts miniatures by their worth alone
        assert answers(seed, bench.VariantBot(counted)) == answers(seed, RULES.bot("normal", "A", 0))
    lines = [answers(seed, bench.VariantBot(bench.parse("lines=0"))) for seed in range(4)]
    assert lines != [answers(seed, RULES.bot("normal", "A", 0)) for seed in range(4)]


def test_a_game_plays_the_scenario_asked_and_scores_side_a(bench):
    score, over = bench.play(("normal", 400_002, "retrieve"))
    assert score in (0.0, 0.5, 1.0) and over
    assert bench.play(("easy", 400_002, None))[0] in (0.0, 0.5, 1.0)
