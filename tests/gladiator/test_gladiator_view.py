"""Gladiator!'s per-player view (rulesets/gladiator/view.py), which its screens read through a
`Front` (issue 28, item 1): the same for both seats and for nobody (the rules hide nothing but the
future dice), never the dice or the seed that foretells them, everything the table draws, and the
questions the table asks (arena, sides, odds) answering what the rules say."""

from __future__ import annotations

import random

from test_gladiator import setup_for
from test_gladiator_odds import bout

from deathmatch.core.front import Front
from deathmatch.rulesets.gladiator import events as ev
from deathmatch.rulesets.gladiator import ruleset as rules
from deathmatch.rulesets.gladiator.odds import exchange_odds
from deathmatch.rulesets.gladiator.setup import new_game
from deathmatch.scenes.gladiator import facts, log


def played(seed: int, answers: int):
    g = new_game(setup_for(seed))
    rng = random.Random(seed)
    for _ in range(answers):
        if g.over:
            break
        g.apply(rules.random_answer(g, rng))
    return g


def test_every_seat_and_nobody_see_the_same_bout_and_never_its_seed():
    g = played(3, 40)
    f = Front(g)
    public = f.view(None)
    assert all(f.view(p) == public for p in g.state.players)
    flat = repr(public)
    assert "dice" not in public and "seed" not in public and f"'seed': {g.setup.seed}" not in flat


def test_the_view_names_what_the_table_draws_of_each_man():
    g = played(5, 60)
    v = Front(g).view(None)
    assert v.colours == tuple(s.colour for s in g.setup.seats) and v.answers == len(g.history)
    for m in g.state.men.values():
        seen = v.men[m.id]
        assert (seen.id, seen.name, seen.type, seen.beast) == (m.id, m.gladiator.name, m.gladiator.type, m.beast)
        assert (seen.kit.armour, seen.kit.shield, seen.kit.weapon, seen.kit.net) == \
            (m.kit.armour, m.kit.shield, m.kit.weapon, m.kit.net)
        assert (seen.weapon_dropped, seen.shield_dropped, seen.net_spent) == \
            (m.weapon_dropped, m.shield_dropped, m.net_spent)
        assert [(c.id, c.name, c.text) for c in seen.hand] == [(c.id, c.name, c.text) for c in m.cards]
        assert list(seen.cards) == [c.id for c in m.cards]  # the old key keeps its meaning
        assert facts.words_of(seen) == m.gladiator.words() and facts.state_of(seen) == facts.state_of(m)
        assert facts.kit_of(seen) == m.kit


def test_the_questions_answer_as_the_rules_do():
    g = bout("thracian", "retiarius")
    f = Front(g)
    a, b = g.man("a"), g.man("b")
    assert f.ask("red", "arena") is g.state.arena
    assert f.ask("red", "sides", "a", "b") == g.sides(a, b)
    assert f.ask(None, "exchange_odds", "a", "b", frenzied=True) == exchange_odds(g, "a", "b", frenzied=True)


def test_the_screens_words_read_from_the_view_name_the_men_as_the_game_does():
    g = played(7, 400)
    v = Front(g).view(None)
    assert facts.seats(v) == list(g.state.players)
    head, lines = facts.outcome_words(v)
    assert [line.split(":")[0] for line in lines[-2:]] == [f"{m.gladiator.name} ({m.owner})" for m in g.state.men.values()]
    again = new_game(g.setup)
    halves = 0
    for action in g.history:
        for e in again.apply(action):
            if isinstance(e, ev.HalfStarted):
                halves += 1
                assert log.describe(e, Front(again).view(e.player)) == f"{again.man(e.man).gladiator.name}'s half ({e.player})"
    assert halves
