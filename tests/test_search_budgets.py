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
