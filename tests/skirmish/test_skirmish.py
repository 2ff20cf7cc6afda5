"""Chessboard Skirmish's rules (docs/rules/SKIRMISH.md) beyond the scenarios: the exact odds, setup
(placement, points, random obstacles, the marker), the record, the view, the registry hooks and
what the scenario runner says about a bad file."""

import itertools
import random
import re
from fractions import Fraction

import pytest

from deathmatch.board import Square, from_spec, square
from deathmatch.core import registry
from deathmatch.core.errors import IllegalAction, SetupError
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.rulesets.skirmish import actions as act
from deathmatch.rulesets.skirmish import events as ev
from deathmatch.rulesets.skirmish.army import Army, Miniature
from deathmatch.rulesets.skirmish.odds import attack_odds, percent, save_chance, skill_chance
from deathmatch.rulesets.skirmish.randomplay import random_army
from deathmatch.rulesets.skirmish.setup import Seat, Setup, centre_squares, new_game, random_obstacles
from deathmatch.rulesets.skirmish.state import Options
from deathmatch.scenario import run_file
from conftest import ROOT, TESTS

SCENARIOS = TESTS / "scenarios" / "skirmish"
SPEC = ROOT / "docs" / "rules" / "SKIRMISH.md"
RULES = registry.get("skirmish")


def army(*minis, points=30):
    return Army("test", tuple(minis), points)


def setup(a=None, b=None, **kw):
    a = a or army(Miniature("A", 8), Miniature("B", 6))
    b = b or army(Miniature("C", 8), Miniature("D", 6))
    return Setup((Seat("red", "red", a), Seat("blue", "blue", b)), **kw)


# --- odds ---

def brute(a_sides, d_sides, bow, armoured):
    """Every attack, defence and save face, counted."""
    n = hit = wound = 0
    for x, y, s in itertools.product(range(1, a_sides + 1), range(1, d_sides + 1), range(1, d_sides + 1)):
        att = (x + 1) // 2 if bow else x
        n += 1
        if att >= y:
            hit += 1
            wound += s < 4
    return Fraction(hit, n), Fraction(wound, n), Fraction(0) if armoured else Fraction(wound, n)


@pytest.mark.parametrize("a_sides", [4, 6, 8, 10, 12, 20])
@pytest.mark.parametrize("d_sides", [4, 6, 12, 20])
def test_odds_are_the_count_of_every_face(a_sides, d_sides):
    for weapon, ranged in (("melee", False), ("bow", True), ("bow", False), ("gun", True)):
        for armour in (0, 1):
            o = attack_odds(Miniature("a", a_sides, weapon), Miniature("t", d_sides, armour=armour), ranged=ranged)
            assert (o.hit, o.wound, o.defeat) == brute(a_sides, d_sides, weapon == "bow" and ranged, armour > 0)


def test_d8_against_d6_and_the_small_chances():
    o = attack_odds(Miniature("a", 8), Miniature("t", 6))
    assert o.hit == Fraction(11, 16) and o.defeat == Fraction(11, 32) and percent(o.defeat) == 34
    assert save_chance(4) == Fraction(1, 4) and save_chance(20) == Fraction(17, 20)
    assert skill_chance(4) == Fraction(3, 4) and skill_chance(8) == Fraction(5, 8)
    # armour left: no defeat this attack, whatever the list says
    assert attack_odds(Miniature("a", 8), Miniature("t", 6, armour=1), target_armour=0).defeat == o.defeat


def test_hero_rerolls_help_whoever_has_one_by_exactly_the_best_play():
    a, t = Miniature("a", 8, hero=True), Miniature("t", 6, hero=True)
    base = attack_odds(a, t).defeat
    att = attack_odds(a, t, attacker_reroll=True).defeat
    dfc = attack_odds(a, t, target_reroll=True).defeat
    assert att > base > dfc
    # the attacker re-rolls a die worth less than a fresh one: by hand for d4 against d4
    per_face = [Fraction(min(x, 4), 4) * Fraction(3, 4) for x in range(1, 5)]
    fresh = sum(per_face) / 4
    assert attack_odds(Miniature("a", 4), Miniature("t", 4), attacker_reroll=True).defeat == \
        sum(max(w, fresh) for w in per_face) / 4
    # the target: re-roll a lost defence (hit only if it loses again) or keep the re-roll for the save
    fail = Fraction(3, 4)
    by_hand = sum(Fraction(min(x, 4), 4) * min(Fraction(min(x, 4), 4) * fail, fail * fail) for x in range(1, 5)) / 4
    assert attack_odds(Miniature("a", 4), Miniature("t", 4), target_reroll=True).defeat == by_hand


# --- setup ---

def test_players_place_alternately_on_their_home_rows_first_seat_first():
    a = army(*(Miniature(f"a{k}", 4) for k in range(7)), points=None)
    game = new_game(setup(a, army(Miniature("x", 4), Miniature("y", 4), points=None), options=Options(points=None)))
    order = []
    while game.pending.kind == act.PLACE:
        d = game.pending
        options = game.legal_actions()
        assert all(o.at in game.state.home_row(d.player) for o in options)
        assert Square(0, 0) not in [o.at for o in options] and Square(7, 7) not in [o.at for o in options]
        order.append(d.player)
        events = game.apply(options[0])
        order += [e.player for e in events if isinstance(e, ev.Placed)][1:]  # placements made by themselves
    # red, blue, red, blue, then red alone; the 7th red miniature finds no free square: reserve
    assert order[:4] == ["red", "blue", "red", "blue"] and set(order[4:]) == {"red"}
    assert [m.id for m in game.state.reserves("red")] == ["A7"] and game.state.round == 1
    with pytest.raises(IllegalAction) as e:
        game.apply(act.Place("red", "A7", Square(3, 1)))
    assert e.value.code == "no_placement_owed"


def test_placement_refusals():
    game = new_game(setup())
    for action, code in [(act.Place("red", "A1", Square(0, 0)), "not_home_row"),
                         (act.Place("red", "A1", Square(3, 7)), "not_home_row"),
                         (act.Place("red", "A1", Square(9, 0)), "off_board"),
                         (act.Place("blue", "B1", Square(3, 7)), "no_placement_owed"),
                         (act.Pick("red", "A1"), "not_your_turn"),
                         (act.Reroll("red", True), "no_reroll")]:
        with pytest.raises(IllegalAction) as e:
            game.apply(action)
        assert e.value.code == code, action


def test_armies_must_be_legal_at_the_points_and_the_board_a_legal_size():
    big = army(Miniature("x", 20, "gun", 2), Miniature("y", 12))
    with pytest.raises(SetupError, match="over the 30"):
        new_game(setup(big))
    new_game(setup(big, options=Options(points=50)))
    with pytest.raises(SetupError, match="6×6 to 16×16"):
        new_game(setup(arena={"square": [5, 8]}))
    with pytest.raises(SetupError, match="squares"):
        new_game(setup(arena={"hexagon": 4}))
    with pytest.raises(SetupError, match="points"):
        new_game(setup(options=Options(points=25)))


@pytest.mark.parametrize("seed", range(12))
def test_random_obstacles_are_symmetric_off_the_back_ranks_and_never_split_the_floor(seed):
    board = square(8, 8) if seed % 2 else from_spec({"square": [10, 9], "obstacles": [[4, 4]]})
    n = 2 * (seed % 5) + 6
    got = random_obstacles(board, n, random.Random(seed))
    w, h = (8, 8) if seed % 2 else (10, 9)
    assert len(got) == n == len(set(got))
    assert all(0 < s.y < h - 1 for s in got)
    assert {Square(w - 1 - s.x, h - 1 - s.y) for s in got} == set(got)
    assert len(board.with_blocked(got).floor_islands()) == 1


def test_the_game_draws_its_obstacles_and_marker_from_its_seed():
    s = setup(options=Options(obstacles=8, scenario="retrieve"), seed=5)
    g1, g2 = new_game(s), new_game(s)
    assert g1.state.board.blocked == g2.state.board.blocked and len(g1.state.board.blocked) == 8
    assert g1.state.marker.at == g2.state.marker.at
    assert g1.state.marker.at in centre_squares(g1.state) and g1.state.marker.at in g1.state.board.floor
    assert {Square(3, 3), Square(4, 3), Square(3, 4), Square(4, 4)} >= set(centre_squares(g1.state))
    markers = {new_game(setup(options=Options(scenario="retrieve"), seed=k)).state.marker.at for k in range(30)}
    assert len(markers) == 4


def test_a_fixed_placement_skips_the_placing():
    s = setup(placement=(("A1", (3, 0)), ("A2", None), ("B1", (4, 7)), ("B2", (5, 7))))
    game = new_game(s)
    assert game.state.round == 1 and game.pending.kind == act.PICK
    assert game.state.minis["A2"].at is None
    with pytest.raises(SetupError):
        new_game(setup(placement=(("A1", (3, 3)), ("A2", None), ("B1", (4, 7)), ("B2", (5, 7)))))


# --- a whole game, the record, the view ---

def random_game(seed, **options):
    rng = random.Random(seed)
    s = setup(random_army(rng), random_army(rng), options=Options(**options), seed=seed)
    game = new_game(s)
    play_until_over(game, lambda g: RULES.random_answer(g, rng), max_decisions=20_000)
    return game


def test_a_record_replays_to_the_same_state_through_json():
    for seed, scenario in enumerate((None, "infiltrate", "retrieve", "survival")):
        game = random_game(seed, scenario=scenario, obstacles=4)
        assert game.over
        record = Record.loads(registry.record_of(game, RULES).dumps())
        again = registry.replay(record)
        assert RULES.view(again, "red") == RULES.view(game, "red") and again.outcome == game.outcome


def test_the_view_is_the_whole_state_for_everyone():
    game = random_game(3)
    assert RULES.view(game, "red") == RULES.view(game, "blue")
    view = RULES.view(game, "red")
    assert set(view["minis"]) == set(game.state.minis) and "dice" not in view
    assert all(RULES.event_visible_to(e, "blue") for e in [ev.RoundStarted(1), ev.Defeated("red", "A1", Square(0, 0))])


def test_actions_round_trip_through_json():
    sq = Square(2, 3)
    for a in [act.Place("p", "A1", sq), act.Pick("p", "A1"), act.Move("p", "A1", (sq, Square(3, 3))),
              act.Attack("p", "A1", "B1", act.RANGED), act.PickUp("p", "A1"), act.Drop("p", "A1"),
              act.End("p", "A1"), act.Pass("p", "A1"), act.Reroll("p", False)]:
        assert act.from_json(act.to_json(a)) == a
    with pytest.raises(ValueError):
        act.from_json({"type": "Attack", "player": "p", "mini": "a", "target": "b", "mode": "magic"})
    with pytest.raises(ValueError):
        act.from_json({"type": "Fly", "player": "p"})


def test_legal_actions_are_legal_and_any_simple_path_is():
    game = new_game(setup(placement=(("A1", (3, 0)), ("A2", (4, 0)), ("B1", (3, 7)), ("B2", (4, 7))), seed=1))
    p = game.pending.player
    mini = game.state.ready(p)[0]
    game.apply(act.Pick(p, mini.id))
    moves = [a for a in game.legal_actions() if isinstance(a, act.Move)]
    assert all(game.is_legal(a) for a in game.legal_actions())
    assert len({m.path[-1] for m in moves}) == len(moves)  # one per square
    start = mini.at
    # a longer, turning path to a square next door is legal too (d8 moves 4)
    dy = 1 if start.y == 0 else -1
    wander = (start + (0, dy), start + (1, 2 * dy), start + (1, dy))
    assert game.is_legal(act.Move(p, mini.id, wander))


def test_quick_game_on_a_map_and_the_registry():
    arena = from_spec({"map": "tests/data/tiled/square_yard.tmx"})
    game = RULES.quick_game(["Ann", "Bob"], arena, 4, scenario="infiltrate")
    assert game.state.players == ("Ann", "Bob") and game.setup.arena == {"map": "tests/data/tiled/square_yard.tmx"}
    for seat in game.setup.seats:
        assert seat.army.miniatures and seat.army.problems(30) == []
    rng = random.Random(1)
    play_until_over(game, lambda g: RULES.random_answer(g, rng), max_decisions=20_000)
    assert game.over and registry.replay(registry.record_of(game, RULES)).outcome == game.outcome


# --- the scenario runner ---

def test_every_refusal_code_of_the_spec_has_a_scenario():
    codes = re.search(r"Refusal codes \(`expect_error: CODE`\): (.*?)\.\n", SPEC.read_text(), re.S).group(1)
    codes = set(re.findall(r"`(\w+)`", codes))
    assert len(codes) == 17
    used = set()
    for f in SCENARIOS.rglob("*.yaml"):
        used |= set(re.findall(r"expect_error: (\w+)", f.read_text()))
    assert codes <= used, codes - used


def test_there_are_forty_scenarios_and_they_pass():
    files = sorted(SCENARIOS.rglob("*.yaml"))
    assert len(files) >= 40
    failed = [r.line() for r in map(run_file, files) if not r.ok]
    assert failed == []


def write(tmp_path, text):
    f = tmp_path / "s.yaml"
    f.write_text(text)
    return run_file(f)


BASE = """ruleset: skirmish
name: t
players: [red, blue]
armies:
  red: [{id: a, die: d8, at: [3, 3]}]
  blue: [{id: b, die: d6, at: [3, 4]}]
"""


def test_a_forced_die_above_its_sides_fails_the_scenario(tmp_path):
    r = write(tmp_path, BASE + "dice: [5, 2, 9, 1, 1]\nsteps:\n  - {model: a, do: attack, target: b}\n")
    assert not r.ok and "forced die 3 is 9" in r.message and "d8" in r.message and "step 1" in r.message
    r = write(tmp_path, BASE + "dice: [5, 7]\n")
    assert not r.ok and "before the first step" in r.message


def test_a_malformed_scenario_names_the_file_line_and_field(tmp_path):
    r = write(tmp_path, BASE.replace("die: d8", "die: d7") + "dice: [5, 2]\n")
    assert not r.ok and re.search(r"s\.yaml:5: armies\.red\.0\.die: expected one of d4", r.message)
    r = write(tmp_path, BASE + "dice: [5, 2]\nsteps:\n  - {model: a, do: fly}\n")
    assert not r.ok and "step 1" in r.message and "do" in r.message
    r = write(tmp_path, BASE + "dice: [5, 2]\nsteps:\n  - {model: a, do: move, path: [[3, 2]], expect_error: obstacle}\n")
    assert not r.ok and "the game said yes, expected obstacle" in r.message
    r = write(tmp_path, BASE + "dice: [5, 2]\nexpect: {models: {a: {lives: 3}}}\n")
    assert not r.ok and "unknown key" in r.message
    r = write(tmp_path, BASE + "dice: [5, 2]\nsteps:\n  - {model: b, do: end}\n")
    assert not r.ok and "not_your_turn" in r.message


def test_a_refused_step_leaves_the_game_as_it_was_pick_included(tmp_path):
    r = write(tmp_path, BASE + "dice: [5, 2]\nsteps:\n  - {model: a, do: move, path: [[3, 4]], expect_error: occupied}\n"
                               "expect: {models: {a: {acted: false}}, pending: {player: red, kind: pick}}\n")
    assert r.ok, r.message
