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
from deathmatch.rulesets.skirmish.actions import Attack, End, Move, Pass, Pick, PickUp, Reroll
from deathmatch.rulesets.skirmish.army import Miniature
from deathmatch.rulesets.skirmish.game import Game
from deathmatch.rulesets.skirmish.randomplay import random_army
from deathmatch.rulesets.skirmish.setup import Seat, Setup, new_game
from deathmatch.rulesets.skirmish.state import Marker, Mini, Options, State

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


def scenario_position(minis, scenario, marker=None, carrier=None, dice=(5, 2)):
    """`position` playing `scenario`; Retrieve's marker on `marker` or carried by `carrier`."""
    state = State(square(8, 8), ("A", "B"), Options(None, scenario), {m.id: m for m in minis})
    if scenario == "retrieve":
        state.marker = Marker(None if carrier else Square(*marker), carrier)
        if carrier:
            state.minis[carrier].carrying = True
    g = Game(state, ForcedDice(list(dice)), placement=False)
    g.start()
    return g


def test_the_race_counts_activations_to_the_scenarios_goal_in_worth():
    R = bots.RACE
    # Retrieve, the marker carried: a d6 (Move 3) three squares from its corner needs one activation
    near = scenario_position([mini("a", "A", 6, (3, 1)), mini("b", "B", 6, (5, 6))], "retrieve", carrier="a")
    far = scenario_position([mini("a", "A", 6, (3, 7)), mini("b", "B", 6, (5, 6))], "retrieve", carrier="a")
    assert bots.race(near, "A") == R["carry"] - R["per_turn"] == -bots.race(near, "B")
    assert bots.race(far, "A") == R["carry"] - 3 * R["per_turn"]
    # a corner an enemy stands on is no way home: the carrier counts the other one
    blocked = scenario_position([mini("a", "A", 6, (1, 1)), mini("b", "B", 6, (0, 0))], "retrieve", carrier="a")
    assert bots.turns(blocked.state.minis["a"], Square(7, 0)) == 2
    assert bots.race(blocked, "A") == R["carry"] - 2 * R["per_turn"]
    # the marker on the ground: the side whose nearest miniature gets there sooner is ahead
    ground = scenario_position([mini("a", "A", 8, (3, 0)), mini("b", "B", 4, (4, 7))], "retrieve", marker=(3, 3))
    assert bots.race(ground, "A") == R["marker"] * (2 - 1) == -bots.race(ground, "B")
    # Infiltrate: A has one miniature on B's home row (not a corner), the other two activations off
    inf = scenario_position([mini("a", "A", 4, (3, 7)), mini("c", "A", 4, (5, 3)), mini("b", "B", 4, (2, 6)),
                             mini("d", "B", 4, (6, 6))], "infiltrate", dice=(4, 2))
    mine = R["row"] - R["row_turn"] * 2
    theirs = -R["row_turn"] * (3 + 3)  # B's d4s are six ranks from A's row: three activations each
    assert bots.race(inf, "A") == mine - theirs == -bots.race(inf, "B")
    assert bots.evaluate(inf, "A") > 0.5
    # a corner is not on the home row: a miniature there still needs an activation
    inf.state.minis["a"].at = Square(7, 7)
    assert bots.race(inf, "A") == -R["row_turn"] * (1 + 2) - theirs
    # no scenario: no race
    assert bots.race(position([mini("a", "A", 6, (3, 1)), mini("b", "B", 6, (5, 6))]), "A") == 0.0


def test_the_hard_bot_picks_the_marker_up_when_it_may():
    # on the marker with an enemy in reach of its bow: the normal player picks up; so does the search
    g = scenario_position([mini("a", "A", 12, (4, 4), weapon="bow"), mini("b", "B", 4, (4, 6))], "retrieve",
                          marker=(4, 4), dice=[5, 2] + [6] * 10)
    g.apply(Pick("A", "a"))
    assert bots.search_ranked(g, 4) == [PickUp("A", "a")]
    assert hard_bot(RULES, 3, Budget(iterations=24)).choose(g) == PickUp("A", "a")
