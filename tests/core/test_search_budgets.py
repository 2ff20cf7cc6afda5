"""A ruleset's own search budgets (`Ruleset.search_budgets`): its hard bot thinks by them, a
setting it does not name (or a ruleset with none) by the core's `BUDGETS`."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_search import toy_rules
from toy_tictactoe import RULESET

from deathmatch.core.search import BUDGETS, Budget, hard_bot, search_budget


def test_a_ruleset_thinks_by_its_own_budgets_and_by_the_cores_for_the_rest():
    rules = toy_rules()
    own = Budget(iterations=37, seconds=1.0)
    toy = replace(RULESET, determinize=rules.determinize, evaluate=rules.evaluate, search_budgets={"normal": own})
    assert search_budget(toy, "normal") is own and hard_bot(toy, 1, "normal").budget is own
    assert search_budget(toy, "deep") == BUDGETS["deep"] and hard_bot(toy, 1, "deep").budget == BUDGETS["deep"]
    plain = replace(toy, search_budgets=None)
    assert [hard_bot(plain, 1, t).budget for t in BUDGETS] == list(BUDGETS.values())
    given = Budget(iterations=5)
    assert hard_bot(toy, 1, given).budget is given  # a Budget handed over is used as it is
    with pytest.raises(ValueError, match="fast, normal, deep"):
        search_budget(toy, "forever")


def test_a_bounded_search_values_every_position_at_the_horizon():
    from test_search import position

    from deathmatch.core.search import Rules, SearchBot

    def marks(game):
        return len(game.board)

    def run(bounded):
        base = toy_rules()
        seen = []

        def evaluate(game, player):
            seen.append(marks(game))
            return base.evaluate(game, player)

        rules = Rules(base.determinize, base.ranked, base.policy, evaluate, epoch=marks)
        game = position({(1, 1): "X"}, "O")
        SearchBot(rules, 3, Budget(iterations=200, epochs=2, bounded=bounded)).search(game)
        return set(seen)

    assert run(True) == {3}  # O's answer and X's reply, never deeper
    assert max(run(False)) > 3  # unbounded, the tree grows past the rollouts' horizon
