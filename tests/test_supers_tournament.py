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
    assert (tmp_path / "n.csv").read_text().startswith("rank,player,vp,wins,kills,loot,games")
