"""Chessboard Skirmish's learnt position value (`rulesets/skirmish/value.py`), a leaf evaluation
the hard bot's benchmark screens (`--evaluation learnt`; not shipped: it played no better): it reads only what a player sees (never the dice to come), a position is worth to one
side what it is not worth to the other, and its trainer (`tools/skirmish_value.py`) is seeded."""

from __future__ import annotations

import importlib.util
import random

from conftest import ROOT

from deathmatch.board import Square, square
from deathmatch.core import registry
from deathmatch.core.dice import ForcedDice, SeededDice
from deathmatch.rulesets.skirmish import bots, value
from deathmatch.rulesets.skirmish.army import Miniature
from deathmatch.rulesets.skirmish.game import Game
from deathmatch.rulesets.skirmish.state import Mini, Options, State

RULES = registry.get("skirmish")

spec = importlib.util.spec_from_file_location("skirmish_value_tool", ROOT / "tools" / "skirmish_value.py")
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)


def played(seed: int, answers: int):
    """A quick game after `answers` of the normal bot's answers."""
    g = RULES.quick_game(["A", "B"], square(8, 8), seed)
    bot = bots.NormalBot()
    for _ in range(answers):
        if g.over:
            break
        g.apply(bot.choose(g))
    return g


def test_the_value_reads_the_view_never_the_dice_to_come():
    for seed in range(6):
        g = played(seed, 12)
        for dice in (SeededDice(1), SeededDice(987654321), ForcedDice([1, 1, 1, 1]), ForcedDice([20] * 4)):
            other = g.copy()
            other.dice = dice
            for p in g.state.players:
                assert value.features(other, p) == value.features(g, p)
                assert value.evaluate_learnt(other, p) == value.evaluate_learnt(g, p)
        # and the features are what the player's view holds: a view's copy gives the same numbers
        assert RULES.view(g, "A") == RULES.view(g, "B")


def test_a_position_is_worth_to_one_side_what_it_is_not_to_the_other():
    for seed in range(6):
        g = played(seed, 20)
        if g.over:
            continue
        a, b = g.state.players
        assert all(abs(x + y) < 1e-12 for x, y in zip(value.features(g, a), value.features(g, b)))
        assert abs(value.value(g, a) + value.value(g, b) - 1) < 1e-12
        assert len(value.features(g, a)) == len(value.FEATURES) == len(value.WEIGHTS)


def test_more_worth_and_an_attack_in_hand_are_worth_more():
    def position(minis):
        state = State(square(8, 8), ("A", "B"), Options(None), {m.id: m for m in minis})
        g = Game(state, ForcedDice([5, 2]), placement=False)
        g.start()
        return g

    def mini(id, owner, die, at):
        return Mini(id, owner, Miniature(id, die), Square(*at))

    even = position([mini("a", "A", 8, (0, 0)), mini("b", "B", 8, (7, 7))])
    ahead = position([mini("a", "A", 8, (0, 0)), mini("c", "A", 6, (1, 0)), mini("b", "B", 8, (7, 7))])
    reach = position([mini("a", "A", 8, (3, 2)), mini("b", "B", 8, (3, 7))])  # A acts first: its d8 reaches
    assert value.value(ahead, "A") > value.value(even, "A")
    assert value.value(reach, "A") > value.value(even, "A")


def test_the_trainer_is_seeded_the_same_flags_give_the_same_weights():
    runs = [tool.collect(games=3, seed=5, jobs=1, explore=0.2, every=1) for _ in range(2)]
    assert runs[0] == runs[1] and len(runs[0]) > 20
    assert {y for _, y in runs[0]} <= {0.0, 0.5, 1.0}
    w = [tool.fit(runs[k], l2=1.0, steps=4) for k in range(2)]
    assert w[0] == w[1] and len(w[0]) == len(value.FEATURES) and any(w[0])
    assert tool.render(w[0], "a test") == tool.render(w[1], "a test")
    # another seed plays other games
    assert tool.collect(games=3, seed=6, jobs=1, explore=0.2, every=1) != runs[0]


def test_the_fit_finds_a_planted_rule():
    rng = random.Random(3)
    rows = []
    for _ in range(400):
        x = [rng.uniform(-1, 1) for _ in range(3)]
        rows.append((x, 1.0 if 2 * x[0] - x[1] + rng.gauss(0, 0.3) > 0 else 0.0))
    w = tool.fit(rows, l2=0.01)
    assert w[0] > 2 and w[1] < -1 and abs(w[2]) < 0.5 * abs(w[1])
    assert tool.log_loss(w, rows) < tool.log_loss([0.0, 0.0, 0.0], rows)
