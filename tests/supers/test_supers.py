"""Superhero Gladiators headless: random fights keep the invariants after every decision (oomph
never above the maximum, uses never negative nor above the card's, a fainted hero never acts, no two
standing heroes on one cell, nobody on a hazard), every record replays to the identical state; the
view hides hidden gizmos from the other teams until they notice them; setup places heroes in §4's
order; refusals name a code and leave the fight as it was."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deathmatch.core import registry
from deathmatch.core.errors import IllegalAction, SetupError
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.rulesets.supers import actions as act
from deathmatch.rulesets.supers import events as ev
from deathmatch.rulesets.supers.model import Hero, Power
from deathmatch.rulesets.supers.randomplay import random_hero
from deathmatch.rulesets.supers.setup import Seat, Setup, make_arena, new_game
from deathmatch.rulesets.supers.state import Options
from deathmatch.rulesets.supers.view import UNKNOWN
from deathmatch.scenario import run_file, run_paths

RULES = registry.get("supers")
ACTING = (ev.Held, ev.Moved, ev.AttackDeclared, ev.GizmoAttacked, ev.Healed, ev.EscapeRolled, ev.NoticeRolled)
ARENAS = ({"hexagon": 3}, {"hexagon": 4, "walls": [[1, 0], [-1, 1]], "hazards": [[0, -2], [2, -1]]},
          {"square": [6, 6], "walls": [[2, 2]], "hazards": [[3, 3]]})


def setup_for(seed: int, players: int = 2, heroes: int = 2, arena=None, turn_limit=None) -> Setup:
    rng = random.Random(seed)
    seats = tuple(Seat(f"p{k + 1}", "red", tuple(random_hero(rng, k * 10 + j) for j in range(heroes)))
                  for k in range(players))
    return Setup(seats, arena or ARENAS[seed % len(ARENAS)], Options(turn_limit), seed)


def check(game, events, out: set) -> None:
    """The invariants after one answer (`out`: every hero found fainted so far)."""
    s = game.state
    cells = []
    for m in s.models.values():
        assert m.oomph <= m.hero.max_oomph, f"{m.id} has {m.oomph} of {m.hero.max_oomph}"
        for p in m.hero.powers:
            u = m.uses[p.name]
            assert (u is None) == (p.uses is None) and (u is None or 0 <= u <= p.uses), (m.id, p.name, u)
        assert m.altitude >= 0 and m.entangled >= 0
        if m.at is not None and not m.fainted:
            cells.append(tuple(m.at))
            t = s.arena.terrain_at(m.at)
            assert t != "hazard", f"{m.id} stands on a hazard"
            assert t == "floor" or any("wall_walking" in p.movement for p in m.hero.powers)
    assert len(cells) == len(set(cells)), "two standing heroes on one cell"
    for e in events:
        if isinstance(e, ACTING):
            assert e.model not in out, f"{e.model}, fainted, acted: {e}"
        if isinstance(e, ev.Fainted):
            out.add(e.model)
    assert out == {m.id for m in s.models.values() if m.fainted}
    d = game.pending
    if d is not None and d.kind == act.ACT:
        assert not s.models[d.model].fainted


def play(seed: int, max_decisions: int = 20_000, **kw):
    rng = random.Random(seed)
    game = new_game(setup_for(seed, **kw))
    out: set = set()
    check(game, [], out)
    n = play_until_over(game, lambda g: RULES.random_answer(g, rng),
                        on_events=lambda events: check(game, events, out), max_decisions=max_decisions)
    return game, n


def test_a_soak_of_random_fights_ends_every_fight_and_keeps_the_invariants():
    reasons: dict = {}
    for seed in range(24):
        game, n = play(seed, players=2 + seed % 3 // 2, heroes=1 + seed % 3)
        assert game.over, f"seed {seed}: no end after {n} decisions"
        reasons[game.outcome.reason] = reasons.get(game.outcome.reason, 0) + 1
    assert reasons.get("victory", 0) > 0 and reasons.get("quiet", 0) > 0, reasons


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 3))
def test_random_fights_replay_exactly_from_their_record(seed, players):
    game, _ = play(seed, players=players, max_decisions=3_000)
    again = registry.replay(Record.loads(registry.record_of(game, RULES).dumps()))
    for p in game.state.players:
        assert RULES.view(again, p) == RULES.view(game, p)
    assert again.history == game.history and again.outcome == game.outcome


def test_every_listed_answer_is_legal_and_a_refusal_changes_nothing():
    rng = random.Random(5)
    game = new_game(setup_for(5, arena={"hexagon": 3}))
    for _ in range(300):
        if game.over:
            break
        legal = game.legal_actions()
        assert legal and all(game.is_legal(a) for a in legal)
        d = game.pending
        other = next(p for p in game.state.players if p != d.player)
        mine = next(m.id for m in game.state.models.values() if m.owner == other)
        before = json.dumps(RULES.view(game, "p1"), sort_keys=True)
        for wrong in (act.Hold(other, mine), act.Defend(other, mine, None), act.Copy(other, mine, True),
                      act.Place(other, mine, (0, 0)), act.Escape(other, mine)):
            with pytest.raises(IllegalAction) as e:
                game.apply(wrong)
            assert e.value.code and str(e.value)
            assert json.dumps(RULES.view(game, "p1"), sort_keys=True) == before
        game.apply(rng.choice(legal))


def test_actions_round_trip_through_json():
    for a in (act.Place("a", "x", (1, 2)), act.Move("a", "x", ((1, 0), (2, 0)), 2, ("Wings",)),
              act.Attack("a", "x", "Bolt", "y"), act.Attack("a", "x", "Blast", None, (3, -1)),
              act.AttackGizmo("a", "x", "Bolt", "y", "Plate"), act.Heal("a", "x", "Patch"),
              act.Notice("a", "x", "y", "Cloak"), act.Escape("a", "x"), act.Hold("a", "x"),
              act.Defend("a", "x", "Hide"), act.Defend("a", "x"), act.Copy("a", "x", True),
              act.Choose("a", "x", "Shade")):
        data = json.loads(json.dumps(act.to_json(a)))
        assert act.from_json(data) == a
    with pytest.raises(ValueError):
        act.from_json({"type": "Move", "player": "a", "model": "x", "path": [[1]]})
    with pytest.raises(ValueError):
        act.from_json({"type": "Teleport"})


def test_setup_round_trips_and_refuses_an_illegal_hero():
    s = setup_for(4, players=3)
    assert Setup.from_json(json.loads(json.dumps(s.to_json()))) == s
    greedy = Hero("greedy", "Greedy", 4, 4, 4, 3, (Power("Big", "shot", 8, None),))
    with pytest.raises(SetupError, match="over"):
        new_game(Setup((Seat("a", "red", (greedy,)), Seat("b", "blue", (greedy,)))))


def hero(hid, s, d, z, p, *powers):
    return Hero(hid, hid.title(), s, d, z, p, tuple(powers))


def test_placement_lowest_perception_first_perception_one_placed_by_the_next_seat():
    # ann's hero per 4; bob's: per 1 (placed by cat), per 4 str 5 (after ann's str 3), cat's per 2.
    a = hero("a", 3, 4, 4, 4)
    b1, b2 = hero("b1", 6, 4, 4, 1), hero("b2", 5, 3, 3, 4)
    c = hero("c", 5, 4, 4, 2)
    game = new_game(Setup((Seat("ann", "red", (a,)), Seat("bob", "blue", (b1, b2)), Seat("cat", "green", (c,))),
                          {"hexagon": 4}, seed=1))
    placed = []
    while game.pending.kind == act.PLACE:
        d = game.pending
        placed.append((d.model, d.player))
        game.apply(game.legal_actions()[0])
    assert placed == [("b1", "cat"), ("c", "cat"), ("a", "ann"), ("b2", "bob")]
    assert game.pending.kind == act.ACT and game.state.turn == 1


def test_placement_ties_go_to_the_lowest_die_and_spawn_cells_are_used():
    a, b = hero("a", 4, 4, 4, 3), hero("b", 4, 4, 4, 3)
    setup = Setup((Seat("ann", "red", (a,)), Seat("bob", "blue", (b,))), {"hexagon": 3}, seed=11)
    game = new_game(setup)
    ties = [e for e in game.setup_events if isinstance(e, ev.TieRolled)]
    order_ties = [e for e in ties if e.purpose == "order"]
    place_ties = [e for e in ties if e.purpose == "placement"]
    assert [e.model for e in order_ties[:2]] == ["a", "b"] and [e.model for e in place_ties[:2]] == ["a", "b"]
    first = game.pending.model
    low = min(place_ties[:2], key=lambda e: e.value)
    if place_ties[0].value != place_ties[1].value:
        assert first == low.model
    arena = make_arena({"hexagon": 3})
    game.spawns = {"ann": ((0, 0), (1, 0)), "bob": ((-2, 0),)}
    d = game.pending
    cells = [tuple(x.at) for x in game.legal_actions()]
    assert cells == sorted(game.spawns[d.player]) and arena


def sheet(gizmo="hidden"):
    return (hero("spy", 3, 5, 3, 4, Power("Bolt", "shot", 2, 5)),
            hero("tank", 5, 3, 4, 3, Power("Cloak", "toughness", 1, 5, gizmo=gizmo), Power("Fist", "smash", 1, 5)))


def test_the_view_hides_a_hidden_gizmo_from_the_other_team_until_noticed():
    spy, tank = sheet()
    game = new_game(Setup((Seat("ann", "red", (spy,)), Seat("bob", "blue", (tank,))), {"hexagon": 3}, seed=2))
    mine = RULES.view(game, "bob")["models"]["tank"]
    theirs = RULES.view(game, "ann")["models"]["tank"]
    cloak, fist = theirs["powers"]
    assert mine["powers"][0]["gizmo"] == "hidden" and "cost" in mine["powers"][0] and "spent" in mine
    assert cloak["gizmo"] == fist["gizmo"] == UNKNOWN, "a hidden gizmo shows as any ordinary power does"
    assert "cost" not in cloak and "cost" not in fist and "spent" not in theirs and "left" not in theirs
    assert set(cloak) == set(fist)
    assert "hidden" in RULES.view(game, "ann") and RULES.view(game, "ann")["hidden"]
    text = json.dumps(RULES.view(game, "ann"))
    assert '"hidden"' not in text.replace('"hidden":', ""), "the word hidden appears only as the view's key"
    # once ann's team knows it, it shows
    game.state.models["tank"].known["Cloak"].add("ann")
    assert RULES.view(game, "ann")["models"]["tank"]["powers"][0]["gizmo"] == "hidden"


def test_a_notice_is_told_only_to_the_two_teams():
    e = ev.Noticed("spy", "tank", "Cloak", ("ann", "bob"))
    assert RULES.event_visible_to(e, "ann") and RULES.event_visible_to(e, "bob")
    assert not RULES.event_visible_to(e, "cat")
    assert RULES.event_visible_to(ev.NoticeRolled("spy", "tank", 3, True), "cat")


def test_a_pending_questions_options_show_only_to_its_player():
    spy, tank = sheet()
    game = new_game(Setup((Seat("ann", "red", (spy,)), Seat("bob", "blue", (tank,))), {"hexagon": 3}, seed=2))
    game.pending = act.Decision("bob", act.CHOOSE, "tank", ("Cloak",), "spy")
    assert "options" not in RULES.view(game, "ann")["pending"]
    assert RULES.view(game, "bob")["pending"]["options"] == ["Cloak"]


def test_a_quick_game_places_random_heroes_on_a_loaded_arena():
    arena = make_arena({"hexagon": 4})
    game = RULES.quick_game(("A", "B", "C"), arena, 9, heroes=2)
    assert game.pending.kind == act.PLACE and len(game.state.models) == 6
    assert all(not m.hero.problems() for m in game.state.models.values())


def test_the_rules_import_no_pygame():
    import subprocess
    import sys

    code = "import sys, deathmatch.rulesets.supers.game, deathmatch.rulesets.supers.scenario; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_malformed_scenario_fails_naming_file_line_and_reason(tmp_path):
    p = tmp_path / "bad.yaml"
    p.write_text("ruleset: supers\nname: bad\nheroes: []\nmodels:\n  - {id: a, player: x, hero: nobody, at: [0, 0]}\n")
    r = run_file(p)
    assert not r.ok and "bad.yaml:5" in r.message and "nobody" in r.message
    p.write_text("ruleset: supers\nname: bad\nheroes:\n  - {id: g, name: G, str: 4, dex: 4, size: 4, per: 3, "
                 "powers: [{name: B, type: shot, level: 8, uses: infinite}]}\nmodels: []\n")
    r = run_file(p)
    assert not r.ok and "over" in r.message and "bad.yaml:4" in r.message


def test_scenario_count_and_all_pass():
    results = run_paths(["tests/scenarios/supers"])
    assert len(results) >= 50
    assert all(r.ok for r in results), [r.line() for r in results if not r.ok]


def test_a_perception_one_hero_is_placed_by_the_next_seat_on_its_own_teams_spawn_cells():
    a, b = hero("a", 4, 4, 6, 1), hero("b", 4, 4, 4, 3)
    game = new_game(Setup((Seat("ann", "red", (a,)), Seat("bob", "blue", (b,))), {"hexagon": 3}, seed=3))
    game.spawns = {"ann": ((0, 0), (1, 0)), "bob": ((-2, 0), (-1, 0))}
    d = game.pending
    assert (d.model, d.player, d.about) == ("a", "bob", "ann")
    assert sorted(tuple(x.at) for x in game.legal_actions()) == [(0, 0), (1, 0)]
    with pytest.raises(IllegalAction):
        game.apply(act.Place("bob", "a", (-2, 0)))
    game.apply(act.Place("bob", "a", (1, 0)))
    assert tuple(game.state.models["a"].at) == (1, 0)


def test_no_view_or_event_tells_another_team_of_a_hidden_gizmo_it_has_not_noticed():
    def views_keep_the_secret(game, events):
        for p in game.state.players:
            view = RULES.view(game, p)
            for mid, mv in view["models"].items():
                m = game.state.models[mid]
                if m.owner == p:
                    continue
                assert "spent" not in mv and "left" not in mv
                for pv, power in zip(mv["powers"], m.hero.powers):
                    assert "cost" not in pv
                    secret = power.gizmo == "hidden" and p not in m.known.get(power.name, ())
                    assert pv["gizmo"] == (UNKNOWN if secret or power.gizmo == "none" else power.gizmo)
            for e in [e for e in events if RULES.event_visible_to(e, p)]:
                if isinstance(e, ev.Noticed):
                    assert p in (game.state.models[e.model].owner, game.state.models[e.target].owner)
                assert "hidden" not in json.dumps([str(getattr(e, f)) for f in e.__dataclass_fields__])

    for seed in range(6):
        rng = random.Random(seed)
        game = new_game(setup_for(seed, players=3, arena={"hexagon": 3}))
        play_until_over(game, lambda g: RULES.random_answer(g, rng),
                        on_events=lambda events: views_keep_the_secret(game, events), max_decisions=1500)
