"""Superhero Gladiators' screens read the fight through its front (issue 28, item 1): the view's keys the
table needs (seat colours, computer seats, the strike being resolved), the questions the ruleset answers
(`rulesets/supers/view.py:QUESTIONS`) giving the engine's own answers, the screen facts made from a view
alike whether given a game, a front or a view, and nothing of another team's hidden gizmo or power
costs reachable from what the screen holds."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from deathmatch.client.art import supers as art  # noqa: E402
from deathmatch.core.front import Front  # noqa: E402
from deathmatch.rulesets.supers import actions as ac  # noqa: E402
from deathmatch.rulesets.supers import odds  # noqa: E402
from deathmatch.rulesets.supers.view import UNKNOWN, state_for  # noqa: E402
from deathmatch.scenes.supers import facts  # noqa: E402
from test_supers_screens import fresh_app, hidden_game  # noqa: E402

SECRET = {"Brace of Pistols", "Brick Hide"}
"""Ann's hidden gizmos in `hidden_game` (Bob's heroes have none)."""


def walk(game, rng, steps: int):
    """Answer `steps` random legal answers (fewer if the fight ends), yielding the fight after each."""
    for _ in range(steps):
        if game.over:
            return
        game.apply(rng.choice(game.legal_actions()))
        yield game


def test_the_public_view_and_the_added_keys():
    game = hidden_game()
    front = Front(game)
    pub = front.view(None)
    assert pub.players == ("Ann", "Bob")
    assert pub.colours == tuple(s.colour for s in game.setup.seats)
    assert dict(pub.bots) == {}
    assert pub.strike is None
    for m in pub.models.values():  # nobody's own team: no cost, no points, no hidden gizmo
        assert "spent" not in m and "left" not in m
        assert all("cost" not in p for p in m.powers)
        assert not {p.name for p in m.powers if p.gizmo == "hidden"}
    # the old keys keep their meaning: Ann sees her own hidden gizmos, Bob does not
    ann, bob = front.view("Ann"), front.view("Bob")
    assert {p.name for m in ann.models.values() for p in m.powers if p.gizmo == "hidden"} == SECRET
    assert all(p.gizmo == UNKNOWN for m in bob.models.values() if m.owner == "Ann" for p in m.powers
               if p.name in SECRET)
    assert state_for(game, None)["you"] is None


def test_a_fight_with_computer_seats_says_so_in_its_view():
    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers import newgame

    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    game = newgame.new_game(arena, [("Ann", ["powder_nell"]), ("Bob", ["bog_hound"])], newgame.library(), None,
                            seed=2, bots={"Bob": "easy"})
    assert dict(Front(game).view(None).bots) == {"Bob": "easy"}
    assert dict(game.setup.bots) == {"Bob": "easy"}


def test_the_questions_give_the_engines_own_answers_and_the_strike_is_public():
    asked: set = set()
    for seed in range(8):  # fights until every question was asked where it matters
        check_questions(hidden_game(seed), random.Random(seed), asked)
        if {"move", "attack", "outlook"} <= asked:
            break
    assert {"move", "attack", "outlook"} <= asked


def check_questions(game, rng, asked: set) -> None:
    front = Front(game)
    for g in walk(game, rng, 600):
        d = g.pending
        if d is None:
            break
        if d.kind == "defend":
            x = front.view(None).strike
            assert x is not None and x.attacker == g.strike.attacker and x.power_name == g.strike.power_name
            assert x.power.level == g.strike.power.level and tuple(x.power.styles) == tuple(g.strike.power.styles)
            assert front.ask(None, "strike_damage", d.model) == odds.strike_damage(g, d.model)
            if d.about == "hit":
                for n in d.options:
                    assert front.ask(d.player, "defence_outlook", d.model, n) == odds.defence_outlook(g, d.model, n)
                    asked.add("outlook")
        if d.kind != "act":
            continue
        m = g.state.models[d.model]
        for a in g.legal_actions():
            if isinstance(a, ac.Move):
                plan, _ = g.plan_move(m, a)
                got = front.ask(d.player, "move_plan", a)
                assert (got is None) == (plan is None)
                if plan is not None:
                    assert [p.name for p in got[1]] == [p.name for p in plan[0]] and got[2] == plan[1]
                    assert [tuple(p.movement) for p in got[1]] == [tuple(p.movement) for p in plan[0]]
                    asked.add("move")
            elif isinstance(a, ac.Attack):
                assert front.ask(d.player, "odds", a) == odds.attack_odds(g, a.model, a.power, a.target, a.at)
                p, copied = g.attack_power(m, a.power)[0]
                power = front.ask(d.player, "attack_power", a.model, a.power)
                assert (power["name"], power["type"], power["level"], power["copied"]) == \
                    (p.name, p.type, p.level, copied)
                radius = 2 if "superarea" in p.styles else 1 if "area" in p.styles else 0
                hub = m.at if p.type == "smash" else (g.state.models[a.target].at if a.target else g.cell(a.at))
                want = {c for c in g.state.arena.terrain if g.grid.distance(hub, c) <= radius} if radius else set()
                assert set(front.ask(d.player, "reach", a)) == want
                asked.add("attack")
            elif isinstance(a, ac.AttackGizmo):
                assert front.ask(d.player, "odds", a) == odds.gizmo_odds(g, a.model, a.power, a.target)
                asked.add("gizmo")
    assert front.ask(None, "arena") is game.state.arena


def test_the_facts_read_a_view_a_front_or_a_game_alike():
    game = hidden_game()
    for _ in walk(game, random.Random(3), 200):
        pass
    front = Front(game)
    for where in (game, front, front.view(None), front.view("Ann")):
        assert facts.seats(where) == ["Ann", "Bob"]
        assert facts.colours(where) == [0, 1]
        assert facts.outcome_words(where) == facts.outcome_words(game)
        for mid, m in game.state.models.items():
            assert facts.hero_name(where, mid) == m.hero.name
            if m.at is not None and not m.fainted:
                assert facts.occupant(where, m.at) == mid


def test_the_art_draws_a_hero_made_from_any_view_as_the_real_one_and_it_holds_no_gizmo():
    game = hidden_game()
    front = Front(game)
    for viewer in (None, "Ann", "Bob"):
        for mid, mv in front.view(viewer).models.items():
            made = facts.hero_of(mv)
            real = game.state.models[mid].hero
            assert art.hero_look(made) == art.hero_look(real)
            assert all(p.gizmo == "none" for p in made.powers)
            assert [(p.name, p.type, p.level, p.uses, p.styles, p.movement, p.reliability) for p in made.powers] == \
                [(p.name, p.type, p.level, p.uses, p.styles, p.movement, p.reliability) for p in real.powers]


def test_nothing_the_table_holds_names_another_teams_hidden_gizmo_or_a_cost():
    """What Bob's screen holds — its view, its heroes for the art, its move plans, its candidates — never
    says a power of Ann's is a hidden gizmo, nor prices one."""
    from deathmatch.scenes.supers.table import SupersTable

    app = fresh_app()
    game = hidden_game()
    table = SupersTable(app, game, None, handoff=False)
    app.push(table)
    rng = random.Random(11)
    for g in walk(game, rng, 300):
        table.decision = None
        table.animator.skip()
        table.viewer = "Bob"
        v = table.seen()
        for m in v.models.values():
            if m.owner != "Ann":
                continue
            assert "spent" not in m and "left" not in m
            for p in m.powers:
                assert "cost" not in p
                if p.name in SECRET and p.gizmo != UNKNOWN:  # only once Bob's team knows, or it is destroyed
                    mid = next(k for k, x in v.models.items() if x is m)
                    real = g.state.models[mid]
                    assert "Bob" in real.known.get(p.name, ()) or p.name in real.destroyed
        for h in table.heroes.values():
            assert all(p.gizmo == "none" for p in h.powers)
