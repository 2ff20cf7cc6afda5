"""Chessboard Skirmish's learned position value (`rulesets/skirmish/value.py` and the shipped
`value.json`, trained by `tools/train_value.py --ruleset skirmish`): it loads with the game's
features, reads only what a player sees (never the dice to come), a position is worth to one side
what it is not worth to the other, the hard bot plays a whole game with it, and the trainer is
seeded."""

from __future__ import annotations

import importlib.util
import random

from conftest import ROOT

from deathmatch.board import Square, square
from deathmatch.core import learned, registry
from deathmatch.core.dice import ForcedDice, SeededDice
from deathmatch.core.loop import play_until_over
from deathmatch.core.search import Budget, SearchBot, rules_for
from deathmatch.rulesets.skirmish import bots, value
from deathmatch.rulesets.skirmish.army import Miniature
from deathmatch.rulesets.skirmish.game import Game
from deathmatch.rulesets.skirmish.state import Mini, Options, State

RULES = registry.get("skirmish")

spec = importlib.util.spec_from_file_location("train_value_tool", ROOT / "tools" / "train_value.py")
tool = importlib.util.module_from_spec(spec)
spec.loader.exec_module(tool)


def played(seed: int, answers: int, scenario=None):
    """A quick game after `answers` of the normal bot's answers."""
    g = RULES.quick_game(["A", "B"], square(8, 8), seed, scenario=scenario)
    bot = bots.NormalBot()
    for _ in range(answers):
        if g.over:
            break
        g.apply(bot.choose(g))
    return g


def test_the_shipped_value_loads_with_the_games_features():
    shipped = learned.load(value.VALUE_FILE, value.FEATURES)
    assert shipped.ruleset == "skirmish" and shipped.features == value.FEATURES
    assert len(shipped.weights) == len(value.FEATURES) and any(shipped.weights)
    assert shipped.bias == 0.0  # each feature is mine minus theirs: no side is favoured by itself
    assert shipped.trained["held_out"]["accuracy"] > 0.6
    assert value.model() is not None


def test_the_value_reads_the_view_never_the_dice_to_come():
    for seed in range(8):
        g = played(seed, 12, (None, "retrieve", "infiltrate", "survival")[seed % 4])
        for dice in (SeededDice(1), SeededDice(987654321), ForcedDice([1, 1, 1, 1]), ForcedDice([20] * 4)):
            other = g.copy()
            other.dice = dice
            for p in g.state.players:
                assert value.features(other, p) == value.features(g, p)
                assert value.evaluate_learnt(other, p) == value.evaluate_learnt(g, p)
        # Skirmish hides nothing else: both seats' views are the same
        assert RULES.view(g, "A") == RULES.view(g, "B")


def test_a_position_is_worth_to_one_side_what_it_is_not_to_the_other():
    for seed in range(8):
        g = played(seed, 20, (None, "retrieve", "infiltrate", "survival")[seed % 4])
        if g.over:
            continue
        a, b = g.state.players
        assert all(abs(x + y) < 1e-12 for x, y in zip(value.features(g, a), value.features(g, b)))
        assert abs(value.value(g, a) + value.value(g, b) - 1) < 1e-12
        assert len(value.features(g, a)) == len(value.FEATURES)


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


def test_the_hard_bot_with_the_learned_value_plays_a_game_to_its_end(monkeypatch):
    assert value.model() is not None
    monkeypatch.setattr(bots, "evaluate", value.evaluate_learnt)
    for scenario in (None, "retrieve"):
        g = RULES.quick_game(["A", "B"], square(8, 8), 3, scenario=scenario)
        hard = SearchBot(rules_for(RULES, 3), 3, Budget(iterations=12, epochs=1, bounded=True))
        normal = RULES.bot("normal", "B", 3)
        n = play_until_over(g, lambda g: (hard if g.pending.player == "A" else normal).choose(g), max_decisions=5000)
        assert g.over and n > 10


def test_a_broken_value_file_falls_back_to_the_hand_written_evaluation(tmp_path, monkeypatch):
    bad = tmp_path / "value.json"
    bad.write_text('{"ruleset": "skirmish", "features": ["worth"], "weights": [1.0]}', encoding="utf-8")
    monkeypatch.setattr(value, "VALUE_FILE", bad)
    learned.forget()
    try:
        assert value.model() is None
        g = played(1, 12)
        assert value.evaluate_learnt(g, "A") == bots.hand_evaluate(g, "A")
    finally:
        learned.forget()


def test_the_trainer_is_seeded_the_same_flags_give_the_same_positions():
    runs = [tool.collect("skirmish", 4, 5, 1, 0.2, 1, False) for _ in range(2)]
    assert runs[0] == runs[1] and sum(len(g) for g in runs[0]) > 20
    rows = [r for g in runs[0] for r in g]
    assert {y for _, y, _ in rows} <= {0.0, 0.5, 1.0}
    assert all(len(f) == len(value.FEATURES) for f, _, _ in rows)
    w = [tool.fit(rows, False, l2=1.0, steps=4) for _ in range(2)]
    assert w[0] == w[1] and any(w[0][0])
    assert tool.collect("skirmish", 4, 6, 1, 0.2, 1, False) != runs[0]


def test_the_fit_finds_a_planted_rule():
    rng = random.Random(3)
    rows = []
    for _ in range(400):
        x = [rng.uniform(-1, 1) for _ in range(3)]
        rows.append((x, 1.0 if 2 * x[0] - x[1] + rng.gauss(0, 0.3) > 0 else 0.0))
    w, _ = tool.fit(rows, False, l2=0.01)
    assert w[0] > 2 and w[1] < -1 and abs(w[2]) < 0.5 * abs(w[1])
