"""Chessboard Skirmish's tournament nights (`rulesets/skirmish/tournament.py` through
`deathmatch.tournament`): the seats alternate bottom and top, armies are dealt at the night's
points without repeats, the standings add up the games, and the CLI plays a night to its files."""

import json
import random

import pytest

from deathmatch import tournament as night
from deathmatch.core import registry
from deathmatch.core.errors import SetupError
from deathmatch.rulesets.skirmish import tournament as rules
from deathmatch.rulesets.skirmish.actions import Place
from deathmatch.rulesets.skirmish.army import Army, Miniature
from deathmatch.rulesets.skirmish.state import Options

GAMES = 4


@pytest.fixture(scope="module")
def played():
    t = night.bot_tournament(2, GAMES, seed=3, strength="easy", ruleset="skirmish")
    library = t.rules.library()
    while not t.over:
        night.play_game_with_bots(t, library)
    return t


def test_the_ruleset_has_a_tournament_part():
    assert registry.get("skirmish").tournament is rules


def test_a_short_night_plays_to_the_standings(played):
    assert len(played.records) == GAMES and played.over and played.current is None
    results = played.results()
    table = played.standings(results)
    assert [r["games"] for r in table] == [GAMES, GAMES]
    wins = {p: 0.0 for p in ("Bot A", "Bot B")}
    for r in results:
        # finished, or judged at the headless night's round limit (two easy bots may wander apart)
        assert r["game"].over or rules.stop(r["game"], len(r["game"].history))
        for w in r["winners"]:
            wins[w] += 1 / len(r["winners"])
    for row in table:
        assert row["wins"] == round(wins[row["player"]], 2)
        # 3 a win, 1 a draw: the VP are the wins' and draws' VP and nothing else
        draws = sum(1 for r in results if not r["winners"])
        assert row["vp"] == 3 * wins[row["player"]] + draws
    assert played.champion() == table[0]["player"]


def test_who_sets_up_at_the_bottom_alternates_game_by_game(played):
    bottoms = [rec.setup["seats"][0]["name"] for rec in played.records]
    assert bottoms == ["Bot A", "Bot B", "Bot A", "Bot B"]
    for rec in played.records:
        game = registry.replay(rec)
        first = rec.setup["seats"][0]["name"]
        assert game.state.players[0] == first and game.state.back_rank(first) == 0
        # the first seat's miniatures were placed on the bottom rank, the second's on the top
        for a in game.history:
            if isinstance(a, Place):
                assert a.at.y == game.state.back_rank(a.player)
        assert game.state.back_rank(rec.setup["seats"][1]["name"]) == game.state.height - 1


def test_armies_are_bundled_ones_at_the_points_and_never_repeat_for_a_player(played):
    bundled = {a.name: a for a in rules.library()}
    seen = {"Bot A": [], "Bot B": []}
    for rec in played.records:
        names = [s["army"]["name"] for s in rec.setup["seats"]]
        assert names[0] != names[1], "the two players of a game get different armies while there are others"
        for s in rec.setup["seats"]:
            army = bundled[s["army"]["name"]]
            assert army.points == 30 and not army.problems(30)
            seen[s["name"]].append(army.name)
    for armies in seen.values():
        assert len(set(armies)) == len(armies)


def test_the_result_counts_what_happened_on_the_board(played):
    for rec, r in zip(played.records, played.results()):
        s = r["game"].state
        for p, (vp, kills, loot, stripped) in r["scores"].items():
            foe = s.other(p)
            assert kills == sum(1 for m in s.minis.values() if m.owner == foe and not m.alive)
            assert loot == sum(m.points() for m in s.on_board(p))
            assert stripped == sum(m.spec.armour - m.armour for m in s.minis.values() if m.owner == foe)
            assert vp == (3 if p in r["winners"] else 1 if not r["winners"] else 0)
        assert r["bottom"] == rec.setup["seats"][0]["name"]


def test_the_night_saves_and_loads_to_the_same_standings(played):
    again = night.Tournament.from_json(json.loads(json.dumps(played.to_json())))
    assert again.ruleset == "skirmish" and again.options == Options(points=30)
    assert again.standings() == played.standings()
    assert again.highlights() == played.highlights()


def test_highlights_tell_the_bottom_seats_record(played):
    results = played.results()
    bottom = sum(1 for r in results if r["winners"] == [r["bottom"]])
    lights = played.highlights(results)
    assert lights[0].startswith(f"Setting up at the bottom won {bottom} of {GAMES} games")
    assert any(h.startswith("Longest game: game ") for h in lights)


def army(name, points=30, die=10, armour=0):
    return Army(name, (Miniature("x", die, armour=armour),), points)


def test_deal_avoids_the_banned_and_the_opponent_then_falls_back():
    lib = [army("A"), army("B"), army("C"), army("Big", 50, 20, armour=12), army("Small", 20, 4)]
    rng = random.Random(1)
    for _ in range(30):
        assert rules.deal("p", {"A"}, {"B"}, rng, lib, 30).name == "C"
    # all played before: the opponent's army is still avoided
    assert {rules.deal("p", {"A", "B", "C"}, {"A"}, rng, lib, 30).name for _ in range(30)} == {"B", "C"}
    # built for 20: the one built for the level, never a 30-point list at 20
    assert rules.deal("p", set(), set(), rng, lib, 20).name == "Small"
    # nothing built for 40: any list legal at 40 (Big costs 44)
    assert {rules.deal("p", set(), set(), rng, lib, 40).name for _ in range(60)} == {"A", "B", "C", "Small"}
    # no army in the library: a random legal band
    band = rules.deal("p", set(), set(), rng, [], 30)
    assert not band.problems(30) and band.name == "p's band"


def test_a_picked_army_is_played_and_an_unknown_one_is_refused():
    lib = [army("A"), army("B")]
    seats = [("Ann", 0, "Human"), ("Bob", 1, "easy")]
    s = rules.setup(seats, "bundled:chessboard", 5, Options(30), order=["Bob", "Ann"], banned={},
                    rng=random.Random(0), pieces={"Ann": ["B"], "Bob": ["A"]}, library=lib)
    assert [(x.name, x.army.name, x.colour) for x in s.seats] == [("Bob", "A", "sky blue"), ("Ann", "B", "vermilion")]
    assert s.arena == {"map": "bundled:chessboard"} and s.seed == 5
    with pytest.raises(SetupError, match="'Nope' is not in the armies folders"):
        rules.setup(seats, "bundled:chessboard", 5, Options(30), order=["Ann", "Bob"], banned={},
                    rng=random.Random(0), pieces={"Ann": ["Nope"], "Bob": ["A"]}, library=lib)


def test_an_arena_that_is_not_a_skirmish_map_is_the_plain_chessboard():
    s = rules.setup([("Ann", 0, "easy"), ("Bob", 1, "easy")], "bundled:colosseum", 1, Options(30),
                    order=["Ann", "Bob"], banned={}, rng=random.Random(0), library=[army("A"), army("B")])
    assert s.arena == {"square": [8, 8]}


def test_options_round_trip_and_bad_ones_are_named():
    o = Options(40, "retrieve", 4)
    assert rules.options_from_json(rules.options_to_json(o)) == o
    assert rules.options_from_json({}) == Options(30)
    for bad, word in [({"points": 35}, "points"), ({"points": "30"}, "'points'"), ({"scenario": "capture"}, "scenario"),
                      ({"obstacles": -2}, "obstacles"), ({"beasts": True}, "'beasts'")]:
        with pytest.raises(ValueError, match=word):
            rules.options_from_json(bad)


def test_the_colour_names_are_the_clients_palette():
    from deathmatch.client.art.palette import PLAYER_COLOURS

    assert rules.COLOURS == tuple(c.name.lower() for c in PLAYER_COLOURS)


def test_the_cli_plays_a_night_of_two_bots_to_its_files(tmp_path, capsys):
    page, table = tmp_path / "night.html", tmp_path / "night.csv"
    argv = ["--ruleset", "skirmish", "--bots", "2", "--games", "2", "--strength", "easy", "--seed", "7",
            "--html", str(page), "--csv", str(table)]
    assert night.cli(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games, 2 easy bots, seed 7")
    assert "Setting up at the bottom won" in out
    assert "Champion: <b>Bot " in page.read_text(encoding="utf-8")
    rows = table.read_text(encoding="utf-8").splitlines()
    # the export speaks the game's own columns (its manifest's scoring), as the screen does
    assert rows[0] == "rank,player,vp,wins,defeated,left,games,dropped" and len(rows) == 1 + 2 + 1 + 1 + 2 * 2
    assert rows[4] == "game,arena,winners,player,vp,defeated,left,stripped"
    assert "<th>Defeated</th><th>Left</th>" in page.read_text(encoding="utf-8")
    assert "Chessboard Skirmish" in page.read_text(encoding="utf-8")


def test_a_headless_night_stops_a_stand_off_at_the_round_limit_and_judges_it(monkeypatch):
    monkeypatch.setattr(rules, "ROUND_LIMIT", 1)  # every game is still going as round 2 begins
    t = night.bot_tournament(2, 2, seed=3, strength="easy", ruleset="skirmish")
    library = t.rules.library()
    while not t.over:
        night.play_game_with_bots(t, library)
    assert len(t.records) == 2 and t.current is None
    for r in t.results():
        s = r["game"].state
        assert not r["game"].over and s.round == 2 and r["reason"] == "round_limit"
        assert r["winners"] == list(rules.judged(s))
        for p, (vp, *_rest) in r["scores"].items():
            assert vp == (3 if p in r["winners"] else 1 if not r["winners"] else 0)
    assert sum(row["games"] for row in t.standings()) == 4


def test_the_judging_counts_miniatures_then_their_points():
    t = night.bot_tournament(2, 1, seed=3, strength="easy", ruleset="skirmish")
    s = t.start_game(t.rules.library()).state
    a, b = s.players
    mine = {p: [m for m in s.minis.values() if m.owner == p] for p in (a, b)}
    for p in (a, b):  # one miniature each left: the d-value and gear decide
        for m in mine[p][1:]:
            m.alive = False
    worth = {p: mine[p][0].points() for p in (a, b)}
    expected = () if worth[a] == worth[b] else ((a,) if worth[a] > worth[b] else (b,))
    assert rules.judged(s) == expected
    mine[b][0].alive = False
    assert rules.judged(s) == (a,)
    mine[b][0].alive = mine[b][1].alive = True
    assert rules.judged(s) == (b,)
