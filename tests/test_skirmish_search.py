"""Chessboard Skirmish's hard bot: the core's search on Skirmish's hooks. Its look-ahead sees only
re-seeded dice, it searches the picks, moves and attacks (re-rolls and placements are the normal
player's), its look-ahead stops after a like number of half-activations, and it values a position
by the worth on each side and the attacks still to come, in expectation (exact odds), not by dice
it has not rolled."""

from __future__ import annotations

import random

from deathmatch.board import Square, square
from deathmatch.core import registry
from deathmatch.core.dice import ForcedDice, SeededDice
from deathmatch.core.search import BUDGETS, Budget, SearchBot, hard_bot, rules_for, search_budget
from deathmatch.rulesets.skirmish import bots
from deathmatch.rulesets.skirmish.actions import Attack, End, Move, Pass, Pick, Reroll
from deathmatch.rulesets.skirmish.army import Miniature
from deathmatch.rulesets.skirmish.game import Game
from deathmatch.rulesets.skirmish.randomplay import random_army
from deathmatch.rulesets.skirmish.setup import Seat, Setup, new_game
from deathmatch.rulesets.skirmish.state import Mini, Options, State

RULES = registry.get("skirmish")


def game_for(seed):
    rng = random.Random(seed)
    seats = (Seat("A", "red", random_army(rng)), Seat("B", "blue", random_army(rng)))
    return new_game(Setup(seats, options=Options(30), seed=seed))


def position(minis, dice=(5, 2)):
    """A game on the 8x8 board with `minis` placed, round 1 started (A first with the dice given)."""
    state = State(square(8, 8), ("A", "B"), Options(None), {m.id: m for m in minis})
    g = Game(state, ForcedDice(list(dice)), placement=False)
    g.start()
    return g


def mini(id, owner, die, at, **kw):
    return Mini(id, owner, Miniature(id, die, **kw), Square(*at), armour=kw.get("armour", 0))


def test_the_hard_bot_thinks_by_skirmishs_own_iteration_budgets():
    for thinking in BUDGETS:
        budget = search_budget(RULES, thinking)
        assert budget == RULES.search_budgets[thinking] and budget.iterations > 0
        assert RULES.bot("hard", "A", 1, thinking).budget == budget
    fast, normal, deep = (RULES.search_budgets[t] for t in ("fast", "normal", "deep"))
    assert fast.iterations < normal.iterations < deep.iterations
    assert normal.seconds > 0  # a clock cap as a safety net on a slow machine


def test_the_search_sees_only_reseeded_dice():
    # the same position with other dice to come: the same search, answer for answer
    g = game_for(8)
    while g.pending.kind == "place":
        g.apply(RULES.bot("normal", g.pending.player, 0).choose(g))
    other = g.copy()
    other.dice = SeededDice(123456789)
    assert g.dice.state() != other.dice.state()
    runs = [SearchBot(rules_for(RULES, 4), 4, Budget(iterations=40)).search(x) for x in (g, other)]
    assert runs[0].iterations == 40 and runs[0].action == runs[1].action and runs[0].children == runs[1].children
    # and the true game's dice are not drawn from
    before = g.dice.state()
    hard_bot(RULES, 4, Budget(iterations=40)).choose(g)
    assert g.dice.state() == before


def test_an_epoch_is_half_an_activation_the_move_then_the_rest():
    g = position([mini("a", "A", 8, (3, 3)), mini("c", "A", 6, (0, 3)), mini("b", "B", 6, (5, 5))], dice=(5, 2, 5, 2))
    start = bots.epoch(g)
    g.apply(Pick("A", "a"))
    assert bots.epoch(g) == start  # picked, not yet moved
    g.apply(Move("A", "a", (Square(4, 4),)))
    assert bots.epoch(g) == start + 1  # moved: the attack's dice are still to come
    g.apply(End("A", "a"))
    assert bots.epoch(g) == start + 2
    g.apply(Pick("B", "b"))
    g.apply(End("B", "b"))
    assert bots.epoch(g) == start + 4  # an activation that never moved counts whole when it ends
    g.apply(Pass("A", "c"))
    assert g.state.round == 2 and bots.epoch(g) > start + 6  # a new round: afresh, higher


def test_re_rolls_and_placements_take_the_normal_players_answer_the_rest_are_searched():
    g = position([mini("a", "A", 8, (3, 3)), mini("h", "B", 6, (3, 4), hero=True)], dice=[5, 2, 3, 1])
    g.apply(Pick("A", "a"))
    assert bots.search_ranked(g, 4) == bots.ranked(g, 4) and len(bots.ranked(g, 4)) == 4
    g.apply(Attack("A", "a", "h"))
    assert g.pending.kind == "reroll"
    assert bots.search_ranked(g, 4) == [bots.NormalBot().choose(g)] == [Reroll("B", True)]
    bot = hard_bot(RULES, 1, Budget(iterations=50))
    assert bot.choose(g) == Reroll("B", True) and bot.last.iterations == 0


def test_the_threat_is_the_best_attack_in_reach_by_exact_odds():
    a = mini("a", "A", 12, (3, 3))
    near, far = mini("n", "B", 4, (3, 7)), mini("f", "B", 4, (7, 0))
    g = position([a, near, far])
    s = g.state
    # a d12 moves 6: both d4s are in its reach (a move and a step); a d4 moves 2
    defeat = float(bots.attack_odds(a.spec, near.spec, 0).defeat)
    assert abs(bots.threat(s, "A") - defeat * bots.worth(near)) < 1e-9
    assert bots.threat(s, "B") == 0.0  # neither d4 reaches the d12, nor has a line of fire
    # once it has acted, the threat waits for the next round: at half
    a.acted = True
    assert abs(bots.threat(s, "A") - 0.5 * defeat * bots.worth(near)) < 1e-9


def test_a_position_is_worth_more_with_an_attack_in_hand():
    # the same miniatures each side; A's d10 can reach B's d6, B's can not reach back
    threat = position([mini("a", "A", 10, (3, 2)), mini("b", "B", 6, (3, 7))])
    quiet = position([mini("a", "A", 10, (0, 0)), mini("b", "B", 6, (7, 7))])
    assert bots.evaluate(threat, "A") > bots.evaluate(quiet, "A") > 0.5
    assert abs(bots.evaluate(threat, "A") + bots.evaluate(threat, "B") - 1) < 1e-9
    # a gun on a clear line threatens from afar; a miniature in between blocks it
    gun = position([mini("g", "A", 8, (0, 0), weapon="gun"), mini("b", "B", 6, (7, 7))])
    blocked = position([mini("g", "A", 8, (0, 0), weapon="gun"), mini("w", "A", 4, (3, 3)), mini("b", "B", 6, (7, 7))])
    assert bots.threat(gun.state, "A") > 0 and bots.threat(blocked.state, "A") < bots.threat(gun.state, "A")
