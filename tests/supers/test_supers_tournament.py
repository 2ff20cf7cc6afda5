"""Superhero Gladiators' tournament nights (`rulesets/supers/tournament.py` through
`deathmatch.tournament`): teams of two heroes dealt without repeats, the seats rotating, the
standings adding up the fights, a night saved and loaded, and `deathmatch tournament --ruleset supers`."""

import json
import random
import re

import pytest

from deathmatch import tournament as night
from deathmatch.core import registry
from deathmatch.core.errors import SetupError
from deathmatch.rulesets.supers import tournament as rules
from deathmatch.rulesets.supers.state import Options

GAMES = 4


@pytest.fixture(scope="module")
def played():
    t = night.bot_tournament(2, GAMES, seed=3, strength="normal", ruleset="supers")
    library = t.rules.library()
    while not t.over:
        night.play_game_with_bots(t, library)
    return t


def test_the_ruleset_has_a_tournament_part():
    assert registry.get("supers").tournament is rules


def test_a_short_night_plays_to_the_standings(played):
    assert len(played.records) == GAMES and played.over and played.current is None
    assert all(a.startswith("bundled:supers_") for a in played.arenas)
    results = played.results()
    table = played.standings(results)
    assert [r["games"] for r in table] == [GAMES, GAMES]
    wins = {p: 0.0 for p in ("Bot A", "Bot B")}
    draws = sum(1 for r in results if not r["winners"])
    for r in results:
        assert r["game"].over
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
    for row in table:
        assert row["wins"] == round(wins[row["player"]], 2)
        assert row["vp"] == 3 * wins[row["player"]] + draws
    assert played.champion() == table[0]["player"]


def test_the_seats_rotate_and_teams_never_repeat(played):
    firsts = [rec.setup["seats"][0]["name"] for rec in played.records]
    assert firsts == ["Bot A", "Bot B", "Bot A", "Bot B"]
    for player in ("Bot A", "Bot B"):
        fielded = [h for rec in played.records for h in rules.pieces(rec.setup)[player]]
        assert len(fielded) == len(set(fielded)) == 2 * GAMES  # 13 bundled heroes: no repeats in 4 fights
    for rec in played.records:
        a, b = rules.pieces(rec.setup).values()
        assert len(a) == len(b) == rules.TEAM and not set(a) & set(b)
        assert rec.setup["options"]["turn_limit"] == rules.BOT_TURN_LIMIT


def test_the_result_counts_what_happened(played):
    for r in played.results():
        g = r["game"]
        s = g.state
        for p, (vp, kills, standing, taken) in r["scores"].items():
            foes = [m for m in s.models.values() if m.owner != p]
            assert kills == sum(m.fainted for m in foes)
            assert standing == sum(not m.fainted for m in s.team(p))
            assert taken == sum(m.hero.max_oomph - max(m.oomph, 0) for m in foes)
            assert vp == (3 if p in r["winners"] else 1 if not r["winners"] else 0)


def test_the_night_saves_and_loads_to_the_same_standings(played, tmp_path):
    path = played.save(tmp_path / "night.json")
    back = night.Tournament.load(path)
    assert back.ruleset == "supers" and back.options == Options(rules.BOT_TURN_LIMIT)
    assert back.standings() == played.standings()
    assert json.loads(path.read_text())["ruleset"] == "supers"


def test_highlights_tell_the_first_seats_record(played):
    lines = played.highlights()
    assert re.fullmatch(rf"The first seat won \d of {GAMES} fights(, \d drawn)?", lines[0]), lines[0]
    assert any(line.startswith("Longest fight: ") for line in lines)


def test_deal_avoids_the_banned_and_the_other_team_then_falls_back():
    heroes = rules.library()
    ids = [h.id for h in heroes]
    rng = random.Random(1)
    for _ in range(20):
        team = rules.deal(set(ids[:5]), set(ids[5:9]), rng, heroes)
        assert {h.id for h in team} <= set(ids[9:]) and len({h.id for h in team}) == 2
    team = rules.deal(set(ids[:-1]), set(), rng, heroes)  # one hero left unbanned: banned ones come back
    assert len({h.id for h in team}) == 2
    with pytest.raises(SetupError, match="a team needs 2"):
        rules.deal(set(), set(), rng, heroes[:1])


def test_picked_heroes_are_played_and_an_unknown_one_is_refused():
    seats = [("Ann", 0, "Human"), ("Bob", 1, "normal")]
    setup = rules.setup(seats, "bundled:supers_crater", 7, Options(), order=["Bob", "Ann"], banned={},
                        rng=random.Random(2), pieces={"Ann": ["brick_king", "mirror_monk"]})
    assert [s.name for s in setup.seats] == ["Bob", "Ann"]
    assert [h.id for h in setup.seats[1].heroes] == ["brick_king", "mirror_monk"]
    assert not {h.id for h in setup.seats[0].heroes} & {"brick_king", "mirror_monk"}
    assert setup.arena == {"map": "bundled:supers_crater"} and setup.bots == (("Bob", "normal"),)
    game = registry.get("supers").new_game(setup)
    assert game.pending.kind == "place"
    with pytest.raises(SetupError, match="'nobody' is not in the heroes folders"):
        rules.setup(seats, "bundled:supers_crater", 7, Options(), order=["Ann", "Bob"], banned={},
                    rng=random.Random(2), pieces={"Ann": ["nobody"]})


def test_an_arena_that_is_not_a_supers_map_is_a_plain_hexagon():
    setup = rules.setup([("A", 0, "easy"), ("B", 1, "easy")], "bundled:colosseum", 1, Options(), order=["A", "B"],
                        banned={}, rng=random.Random(0))
    assert setup.arena == {"hexagon": 5}


def test_options_round_trip_and_bad_ones_are_named():
    assert rules.options_from_json(rules.options_to_json(Options(12))) == Options(12)
    assert rules.options_from_json({}) == Options()
    with pytest.raises(ValueError, match="unknown option 'points'"):
        rules.options_from_json({"points": 30})
    with pytest.raises(ValueError, match="'turn_limit' is 0"):
        rules.options_from_json({"turn_limit": 0})


def test_the_command_plays_a_night(capsys, tmp_path):
    assert night.cli(["--ruleset", "supers", "--bots", "2", "--games", "2", "--seed", "4", "--strength", "easy",
                      "--csv", str(tmp_path / "n.csv")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games, 2 easy bots, seed 4") and "Bot A" in out and "Bot B" in out
    assert (tmp_path / "n.csv").read_text().startswith("rank,player,vp,wins,kos,standing,games")  # its own columns


def test_teams_picked_for_the_night_are_kept_game_by_game_and_saved_in_its_file(tmp_path):
    """A team picked before the night plays every game of it; a team not picked is dealt (three heroes,
    the night's dealt size), never one of the picked heroes; the night's file keeps the picks."""
    ann = ["brick_king", "mirror_monk", "storm_widow"]
    options = rules.night_options(Options(20), {"Ann": ann, "Bob": []}, team_size=3)
    t = night.Tournament([night.Entrant("Ann", 0, "Human"), night.Entrant("Bob", 1, "normal")], 3,
                         ["bundled:supers_crater"], options=options, seed=9, ruleset="supers")
    dealt = []
    for k in range(3):
        setup = t.setup_for(k)
        teams = {s.name: [h.id for h in s.heroes] for s in setup.seats}
        assert teams["Ann"] == ann  # the same team, whichever seat she has
        assert len(teams["Bob"]) == 3 and not set(teams["Bob"]) & set(ann)
        assert setup.options == Options(20)  # the fight keeps only its own options
        dealt.append(teams["Bob"])
    assert len({tuple(d) for d in dealt}) > 1  # Bob's team is dealt game by game
    path = t.save(tmp_path / "night.json")
    saved = json.loads(path.read_text())["options"]
    assert saved == {"turn_limit": 20, "teams": {"Ann": ann}, "team_size": 3}
    back = night.Tournament.load(path)
    assert back.options == options and back.setup_for(1) == t.setup_for(1)


def test_a_night_file_from_before_picked_teams_still_loads_and_deals_two(tmp_path):
    t = night.bot_tournament(2, 2, seed=4, ruleset="supers")
    data = t.to_json()
    assert data["options"] == {"turn_limit": rules.BOT_TURN_LIMIT}  # nothing picked: the old form, unchanged
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    back = night.Tournament.load(path)
    assert back.options == Options(rules.BOT_TURN_LIMIT)
    assert [len(s.heroes) for s in back.setup_for(0).seats] == [2, 2]


def test_bad_picked_teams_in_a_night_file_are_named():
    with pytest.raises(ValueError, match="'teams' 'Ann' has 1 heroes"):
        rules.options_from_json({"teams": {"Ann": ["brick_king"]}})
    with pytest.raises(ValueError, match="'team_size' is 5"):
        rules.options_from_json({"team_size": 5})
    with pytest.raises(ValueError, match="'teams' 'Ann' is 'x', not a list of hero ids"):
        rules.options_from_json({"teams": {"Ann": "x"}})


def test_a_flawless_win_counts_every_hero_of_a_team_of_three():
    r = {"winners": ["Ann"], "first": "Ann", "standing": {"Ann": 3, "Bob": 0}, "fielded": {"Ann": 3, "Bob": 3},
         "scores": {"Ann": (3, 3, 3, 90), "Bob": (0, 0, 0, 0)}, "turns": 5}
    assert "Flawless: Ann won fight 1 with all 3 heroes standing" in rules.highlights([r])
    r2 = {**r, "standing": {"Ann": 2, "Bob": 0}}
    assert not [x for x in rules.highlights([r2]) if x.startswith("Flawless")]


def test_a_night_team_whose_hero_file_is_gone_plays_on_with_a_dealt_stand_in():
    """A hero picked for the night whose file was deleted between games: the night does not stop on an
    error nobody can act on (there is no picking in the middle of a night); the team plays with a hero
    dealt in its place, its other picks kept."""
    lib = rules.library()
    ids = [h.id for h in lib]
    options = rules.night_options(Options(), {"Ann": ["brick_king", "mirror_monk", "gone_hero"]}, team_size=2)
    setup = rules.setup([("Ann", 0, "Human"), ("Bob", 1, "normal")], "bundled:supers_crater", 1, options,
                        order=["Ann", "Bob"], banned={}, rng=random.Random(3), library=lib)
    ann, bob = ([h.id for h in s.heroes] for s in setup.seats)
    assert ann[:2] == ["brick_king", "mirror_monk"] and len(ann) == 3 and ann[2] in ids
    assert len(set(ann)) == 3 and not set(ann) & set(bob) and len(bob) == 2
