"""Superhero Gladiators' learned position value (supers/value.py, its shipped value.json) and the
hard bot that values its leaves by it (supers/hard.py `ExpectBot`): the shipped file loads with the
game's features, the features read only the seat's view, the to-hit die is taken by its odds, and
the hard bot plays a whole fight with the learned value (an iteration budget: no clock)."""

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from deathmatch.core import learned
from deathmatch.core.loop import play_until_over
from deathmatch.core.search import Budget
from deathmatch.rulesets.supers import actions as act
from deathmatch.rulesets.supers import hard, odds, value

from test_supers_hard import brute, fight, spy, tinker, to_red, truths

SMALL = Budget(iterations=6, candidates=3, rollout=0)


def test_the_shipped_value_loads_with_the_games_features():
    lv = learned.load(Path(value.__file__).with_name("value.json"), value.FEATURES)
    assert lv.ruleset == "supers" and len(lv.weights) == len(value.FEATURES)
    assert lv.trained["held_out"]["accuracy"] > lv.trained["hand_written_held_out"]["accuracy"]
    assert value.shipped() is not None


def test_features_are_the_same_for_fights_the_seat_sees_alike():
    """Blue's Coil is a hidden gizmo in one fight and not in the other (and the dice differ): red's
    features are the same; blue's own may differ (blue knows its gizmo)."""
    a, b = map(to_red, truths())
    assert value.features(a, "red") == value.features(b, "red")
    assert len(value.features(a, "red")) == len(value.FEATURES)


def test_a_noticed_gizmo_counts_for_the_team_that_noticed_it():
    game = fight((spy(),), (tinker("hidden"),), cells=((0, 0), (3, 0)))
    k = value.FEATURES.index("gizmos")
    before = value.features(game, "red")[k]
    game.model("tinker").known["Coil"].add("red")
    assert value.features(game, "red")[k] == before + 1


def test_features_are_mine_minus_theirs():
    game = fight((spy(), brute()), (replace(spy(), id="spy2"), replace(brute(), id="ogre")))
    red, blue = value.features(game, "red"), value.features(game, "blue")
    assert red == pytest.approx([-x for x in blue])
    game.model("ogre").oomph -= 5
    assert value.features(game, "red")[0] > 0
    assert 0.5 < value.value(game, "red") < 1 and value.value(game, "blue") == pytest.approx(1 - value.value(game, "red"))


def test_the_to_hit_classes_add_up_to_the_odds():
    game = to_red(fight((spy(), brute()), (tinker("none"), replace(brute(), id="ogre"))))
    attacks = [a for a in game.legal_actions() if isinstance(a, act.Attack)]
    assert attacks
    for a in attacks:
        classes = hard.to_hit_classes(game, a)
        assert sum(c for _, c in classes) == pytest.approx(1.0)
        o = odds.attack_odds(game, a.model, a.power, a.target, a.at)[0]
        hit = sum(c for r, c in classes if r <= o.number and r != 20 or r == 1)
        assert Fraction(hit).limit_denominator(20) == o.hit / odds.works(game.model(a.model).power(a.power))
    assert hard.to_hit_classes(game, act.Hold("red", game.state.acting)) == [(0, 1.0)]


def test_the_hard_bot_chooses_the_same_whatever_red_can_not_see():
    a, b = map(to_red, truths())
    found = []
    for game in (a, b):
        s = hard.ExpectBot(7, SMALL).search(game)
        found.append((s.action, s.iterations, s.children))
    assert found[0] == found[1] and 0 < found[0][1] <= SMALL.iterations


def test_the_hard_bot_plays_a_whole_fight_with_the_learned_value():
    assert isinstance(hard.make_bot("hard", 1, SMALL), hard.ExpectBot)
    game = fight((spy(), brute()), (tinker("hidden"), replace(brute(), id="ogre")), seed=3)
    bots = {"red": hard.make_bot("hard", 1, SMALL), "blue": hard.make_bot("normal", 2)}
    searched = []

    def choose(g):
        answer = bots[g.pending.player].choose(g.copy())
        assert g.is_legal(answer), answer
        if g.pending.player == "red":
            searched.append(bots["red"].last.iterations)
        return answer

    play_until_over(game, choose, max_decisions=2_000)
    assert game.over and any(searched)


def test_the_hard_bot_is_the_same_for_a_seed():
    game = to_red(fight((spy(), brute()), (tinker("none"), replace(brute(), id="ogre")), seed=8))
    first = [hard.ExpectBot(4, SMALL).search(game.copy()).children for _ in range(2)]
    assert first[0] == first[1]


def test_without_a_learned_value_the_leaves_are_the_hand_written_evaluation(monkeypatch):
    game = fight((spy(),), (brute(),), cells=((0, 0), (3, 0)))
    monkeypatch.setattr(value, "shipped", lambda: None)
    assert hard.leaf(game, "red") == hard.evaluate(game, "red")
