"""The core's search bot (`deathmatch.core.search`): it finds what a look-ahead finds, its
budget is reproducible, and it looks at the true game only through `determinize`."""

from __future__ import annotations

import random

import pytest
from toy_tictactoe import Mark, Setup, new_game

from deathmatch.board import Square
from deathmatch.core.dice import ForcedDice
from deathmatch.core.search import BUDGETS, THINKING, Budget, Rules, SearchBot, budget_for


def toy_rules(peeks: list | None = None) -> Rules:
    """Tic-tac-toe's hooks: nothing is hidden (a copy is a determinization); the squares ranked
    in reading order (no advice at all); random rollouts; the result as the value."""

    def determinize(game, player, rng):
        if peeks is not None:
            peeks.append(game)
        return game.copy()

    def ranked(game, k):
        return list(game.legal_actions())[:k]

    def policy(seed):
        rng = random.Random(seed)
        return lambda g: rng.choice(g.legal_actions())

    def evaluate(game, player):
        if not game.over:
            return 0.5
        winners = game.outcome.winners
        return 1.0 if winners == (player,) else 0.5 if not winners else 0.0

    return Rules(determinize, ranked, policy, evaluate)


def position(marks: dict, turn: str):
    game = new_game(Setup(), ForcedDice([1 if turn == "X" else 2]), {Square(*k): v for k, v in marks.items()})
    assert game.pending.player == turn
    return game


def test_the_search_takes_a_win_and_blocks_a_loss_the_ranking_puts_last():
    # X to play: X wins at (2, 2); the ranking (reading order) offers (2, 0) first
    win = position({(0, 0): "X", (1, 1): "X", (0, 1): "O", (1, 0): "O"}, "X")
    bot = SearchBot(toy_rules(), seed=1, budget=Budget(iterations=300, candidates=9, widening=3.0, halving=10))
    assert bot.choose(win) == Mark("X", Square(2, 2))
    # O to play: X threatens (2, 2) (the diagonal); O must take it
    block = position({(0, 0): "X", (1, 1): "X", (0, 1): "O"}, "O")
    assert SearchBot(toy_rules(), seed=1, budget=Budget(iterations=600, candidates=9, widening=3.0, halving=10)).choose(block) == Mark("O", Square(2, 2))


def test_an_iteration_budget_gives_the_same_search_every_time():
    game = position({(1, 1): "X"}, "O")
    runs = [SearchBot(toy_rules(), seed=7, budget=Budget(iterations=120)).search(game) for _ in range(2)]
    assert runs[0].iterations == runs[1].iterations == 120
    assert runs[0].children == runs[1].children and runs[0].action == runs[1].action
    assert sum(visits for visits, _ in runs[0].children.values()) == 120
    other = SearchBot(toy_rules(), seed=8, budget=Budget(iterations=120)).search(game)
    assert other.children != runs[0].children  # the seed is what makes it reproducible


class Sealed:
    """A game the search may not look into: only the pending decision's player shows."""

    def __init__(self, game):
        self._game = game
        self.pending = game.pending

    def __getattr__(self, name):
        raise AssertionError(f"the search read {name!r} of the true game")


def test_the_search_reads_the_true_game_only_through_determinize():
    game = position({(0, 0): "X", (1, 1): "X", (0, 1): "O", (1, 0): "O"}, "X")
    seen: list = []
    rules = toy_rules()
    sealed = Rules(lambda g, p, rng: (seen.append(g), rules.determinize(g._game, p, rng))[1],
                   rules.ranked, rules.policy, rules.evaluate)
    found = SearchBot(sealed, seed=1, budget=Budget(iterations=50)).search(Sealed(game))
    assert found.iterations == 50 and found.action in game.legal_actions()
    assert seen and all(type(g) is Sealed for g in seen)  # one determinization a world
    assert game.history == [] and len(game.board) == 4  # and the true game is as it was


def test_a_forced_answer_is_given_without_a_search():
    game = position({(0, 0): "X", (1, 0): "O", (2, 0): "X", (0, 1): "X", (1, 1): "O", (2, 1): "O",
                     (0, 2): "O", (1, 2): "X"}, "X")
    bot = SearchBot(toy_rules(), seed=1, budget=Budget(iterations=50))
    assert bot.choose(game) == Mark("X", Square(2, 2)) and bot.last.iterations == 0


def test_the_thinking_settings_and_budgets():
    assert THINKING == ("fast", "normal", "deep")
    assert [budget_for(t) for t in THINKING] == [BUDGETS[t] for t in THINKING]
    assert budget_for("fast").seconds < budget_for("normal").seconds < budget_for("deep").seconds
    with pytest.raises(ValueError, match="fast, normal, deep"):
        budget_for("forever")
    with pytest.raises(ValueError, match="iterations > 0 or seconds > 0"):
        Budget()


def test_a_ruleset_with_determinize_and_evaluate_gets_a_hard_bot_from_the_core():
    from dataclasses import replace

    from toy_tictactoe import RULESET

    from deathmatch.core.search import hard_bot

    with pytest.raises(ValueError, match="no search bot"):
        hard_bot(RULESET, 1)
    rules = toy_rules()
    toy = replace(RULESET, determinize=rules.determinize, evaluate=rules.evaluate)
    bot = hard_bot(toy, 1, Budget(iterations=300, candidates=9, widening=3.0, halving=10))
    win = position({(0, 0): "X", (1, 1): "X", (0, 1): "O", (1, 0): "O"}, "X")
    assert bot.level == "hard" and bot.thinks
    assert bot.choose(win) in (Mark("X", Square(2, 2)), Mark("X", Square(2, 0)))  # a win, or a fork that wins
