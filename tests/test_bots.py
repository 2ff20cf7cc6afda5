"""Computer players: legal answers only, no peeking, and the client plays them."""

import random

import pytest

from deathmatch.rulesets.celebrity.bots import STRENGTHS, HardBot, make_bot
from deathmatch.engine.invariants import Watcher
from deathmatch.engine.randomplay import random_setup
from deathmatch.engine import new_game


@pytest.mark.parametrize("strength", STRENGTHS)
def test_bots_answer_every_decision_legally(library, strength):
    rng = random.Random(4)
    setup = random_setup(library, rng, players=3, beasts=True, round_limit=4)
    game = new_game(setup)
    watch = Watcher(game)
    bots = {p: make_bot(strength, i, budget=0.005) if strength == "hard" else make_bot(strength, i)
            for i, p in enumerate(game.players)}
    while not game.over:
        action = bots[game.pending.player].choose(game)
        assert game.is_legal(action), action
        watch.see(game.apply(action))


def test_unknown_strength_is_refused():
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_bot("godlike")


def test_the_hard_bot_does_not_peek_at_the_dice_or_hidden_cards(library):
    from dataclasses import replace

    from deathmatch.engine.dice import SeededDice

    rng = random.Random(8)
    setup = random_setup(library, rng, players=2, beasts=False, round_limit=10)
    setup = replace(setup, options=replace(setup.options, hidden_cards=True))
    game = new_game(setup)
    normal = make_bot("normal", 1)
    while game.pending.kind != "action" or game.round < 2:
        game.apply(normal.choose(game))
    me = game.pending.player
    other = game.copy()
    other.dice = SeededDice(12345)  # different future dice
    for m in other.models.values():  # and the opponent's unplayed abilities differ
        if m.player != me:
            m.used = {m.card.abilities[0].name}
    other._any_time_cache = None
    a = HardBot(seed=3, budget=0.0).choose(game)
    b = HardBot(seed=3, budget=0.0).choose(other)
    assert a == b
