"""Chessboard Skirmish's balance lab (`rulesets/skirmish/lab.py` through `deathmatch simulate
--ruleset skirmish`): armies of equal points, the report the same bytes whatever the jobs, and
statistics that count what the games did."""

import csv
import io
import json
import random

import pytest

from deathmatch import balance
from deathmatch.core import registry
from deathmatch.rulesets.skirmish import lab
from deathmatch.rulesets.skirmish.army import Miniature

GAMES = 12


def simulate(tmp_path, name, *extra):
    out_json, out_csv = tmp_path / f"{name}.json", tmp_path / f"{name}.csv"
    argv = ["--ruleset", "skirmish", "--games", str(GAMES), "--quiet", "--json", str(out_json), "--csv", str(out_csv),
            *extra]
    assert balance.cli(argv) == 0
    return out_json, out_csv


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("skirmish_lab")
    return {
        "one": simulate(tmp, "one", "--seed", "5", "--jobs", "1"),
        "two": simulate(tmp, "two", "--seed", "5", "--jobs", "2"),
        "other": simulate(tmp, "other", "--seed", "6", "--jobs", "1"),
    }


def test_the_ruleset_has_a_lab_part():
    assert registry.get("skirmish").lab is lab


def test_same_seed_same_bytes_whatever_the_jobs(runs):
    assert runs["one"][0].read_bytes() == runs["two"][0].read_bytes()
    assert runs["one"][1].read_bytes() == runs["two"][1].read_bytes()
    assert runs["one"][0].read_bytes() != runs["other"][0].read_bytes()


def test_the_report_adds_up(runs):
    report = json.loads(runs["one"][0].read_text())
    assert report["options"]["ruleset"] == "skirmish" and report["options"]["players"] == 2
    assert report["command"].endswith("--ruleset skirmish") and "--players 2" in report["command"]
    s = report["summary"]
    assert s["games"] == GAMES and sum(s["ended"].values()) == pytest.approx(1, abs=1e-3)
    # every army holds at least one die: the die traits' armies are at least the games' two armies
    dice = [r for r in report["cards"] if r["card"].startswith("d")]
    assert sum(r["games"] for r in dice) >= 2 * GAMES
    for r in report["cards"] + report["types"]:
        assert r["win_low"] <= r["win_rate"] <= r["win_high"]
    # the types' miniatures are every miniature of every army
    fielded = sum(r["fielded"] for r in report["types"])
    assert fielded == sum(r["fielded"] for r in dice)
    for r in report["types"]:
        assert r["cost"] == lab._SPEC[r["card"]].cost()
    rows = list(csv.reader(io.StringIO(runs["one"][1].read_text())))
    assert rows[0][:3] == ["kind", "key", "cost"]
    assert len(rows) == 1 + len(report["cards"]) + len(report["types"])


@pytest.mark.parametrize("seed", range(40))
def test_a_lab_army_spends_exactly_its_points(seed):
    army = lab.lab_army(random.Random(seed))
    assert army.cost() == lab.POINTS and not army.problems(lab.POINTS)
    kinds = {lab.type_key(t) for t in lab.TYPES}
    assert all(lab.type_key(m) in kinds for m in army.miniatures)


def test_every_type_that_fits_can_be_drawn():
    seen = set()
    rng = random.Random(0)
    for _ in range(3000):
        seen |= {lab.type_key(m) for m in lab.lab_army(rng).miniatures}
    fits = {lab.type_key(t) for t in lab.TYPES if t.cost() <= lab.POINTS and lab.POINTS - t.cost() not in lab.UNREACHABLE}
    assert seen == fits


def test_a_games_kills_are_its_defeats():
    config = balance.SimConfig(1, 2, ruleset="skirmish").checked()
    for index in range(4):
        g = balance.play_game(config, index)
        a, b = g["players"]
        assert sum(k for _, k, _ in a["minis"]) == sum(d for _, _, d in b["minis"])
        assert sum(k for _, k, _ in b["minis"]) == sum(d for _, _, d in a["minis"])
        assert sum(lab._SPEC[t].cost() for t, _, _ in a["minis"]) == lab.POINTS


def game(a, b, win_a):
    """A made-up game summary: each side's miniatures as [type, kills, defeated]."""
    return {"rounds": 4, "reason": "last_standing", "winners": ["P1"] if win_a else ["P2"], "decisions": 10,
            "players": [{"name": "P1", "win": 1.0 if win_a else 0.0, "minis": a, "left": 1},
                        {"name": "P2", "win": 0.0 if win_a else 1.0, "minis": b, "left": 1}]}


def test_the_statistics_on_made_up_games():
    big = ["d20 melee a1 hero", 2, 0]  # 20 + 2 + 3 = 25 points
    small = ["d4 melee a0", 0, 1]  # 4
    gunner = ["d6 gun a0", 1, 0]  # 10
    results = [game([big, small], [gunner, gunner, ["d10 melee a0", 0, 1]], True),
               game([big, small], [gunner, gunner, ["d10 melee a0", 1, 0]], False)]
    report = lab.summarize(None, results)
    traits = {r["card"]: r for r in report["cards"]}
    types = {r["card"]: r for r in report["types"]}
    assert types["d20 melee a1 hero"]["games"] == 2 and types["d20 melee a1 hero"]["win_rate"] == 0.5
    assert types["d4 melee a0"]["defeated_rate"] == 1.0 and types["d6 gun a0"]["fielded"] == 4
    assert types["d6 gun a0"]["kills_per_mini"] == 1.0
    # kill share / point share: the d20 made 4 of its army's 4 kills on 25 of its 29 points
    assert types["d20 melee a1 hero"]["worth"] == round((4 / 4) / (50 / 58), 3)
    # the more test: P1 spent 20 + 4 on dice … P2 spent 6 + 6 + 10 on d6/d10: each side has the
    # traits the other lacks, so every trait but melee (free) is a 'more' game each time
    assert traits["gun"]["more_games"] == 2 and traits["gun"]["more_win_rate"] == 0.5
    assert traits["hero"]["more_games"] == 2 and traits["hero"]["more_win_rate"] == 0.5
    assert traits["melee"]["more_games"] == 0 and traits["melee"]["more_win_rate"] is None
    assert traits["armour"]["games"] == 2 and traits["armour"]["fielded"] == 2
    assert report["summary"]["first_seat_wins"] == 0.5
    text = "\n".join(lab.lines(report))
    assert "d20 melee a1 hero" in text and "worth more than its points" in text


def test_the_more_test_counts_only_games_that_differ():
    d8 = ["d8 melee a0", 0, 0]
    results = [game([d8, ["d8 bow a0", 1, 0]], [d8, ["d8 melee a1", 0, 1]], True)]
    traits = {r["card"]: r for r in lab.summarize(None, results)["cards"]}
    assert traits["d8"]["more_games"] == 0  # 16 points of d8 each
    assert traits["bow"]["more_games"] == 1 and traits["bow"]["more_win_rate"] == 1.0
    assert traits["armour"]["more_games"] == 1 and traits["armour"]["more_win_rate"] == 0.0


def test_the_round_limit_is_the_rulesets_unless_given(runs):
    report = json.loads(runs["one"][0].read_text())
    assert report["options"]["round_limit"] == lab.round_limit == 40 and "--round-limit 40" in report["command"]
    parsed = balance.parser().parse_args(["--games", "1"])
    assert parsed.round_limit is None and parsed.players is None  # filled in from the ruleset by cli


def test_a_ruleset_of_many_player_numbers_still_needs_players(capsys):
    assert balance.cli(["--games", "2"]) == 2
    assert "--players" in capsys.readouterr().err


def test_the_miniature_types_are_keyed_by_all_four_parts():
    assert lab.type_key(Miniature("x", 8, "bow", 1, True)) == "d8 bow a1 hero"
    assert lab.type_key(Miniature("x", 6)) == "d6 melee a0"
    assert len(lab.TYPES) == 6 * 3 * 3 * 2


def test_a_game_still_going_at_the_round_limit_is_stopped_and_judged():
    # The rules have no round limit: with h23's first normal bot, game 286 of seed 2026 (a d4 with a
    # sword and a d4 with a gun waiting on either side of the river) never ended, and the lab gave up
    # on the whole run after 200 000 decisions. A game is now stopped at --round-limit and judged.
    config = balance.SimConfig(10, 2, ruleset="skirmish", seed=2026, round_limit=1).checked()
    for index in range(3):  # 30 points a side are not all defeated in one round
        g = balance.play_game(config, index)
        assert g["reason"] == "round_limit" and g["rounds"] == 1
        left = {p["name"]: [lab._SPEC[t] for t, _, defeated in p["minis"] if not defeated] for p in g["players"]}
        a, b = (len(v) for v in left.values())
        assert a != b  # these three: one side lost a miniature in round 1
        assert g["winners"] == (["P1"] if a > b else ["P2"])  # more miniatures left wins
        assert [p["win"] for p in g["players"]] == ([1.0, 0.0] if a > b else [0.0, 1.0])


def test_the_judging_at_the_round_limit():
    config = balance.SimConfig(1, 2, ruleset="skirmish", seed=1, round_limit=1).checked()
    lg = lab.start(config, random.Random(3), "chessboard", balance._arena("chessboard"))
    bots = {n: registry.get("skirmish").bot("easy", n, 1) for n in lg.seats}
    from deathmatch.core.loop import play_until_over

    play_until_over(lg.game, lambda g: bots[g.pending.player].choose(g), stop=lg.stop)
    s = lg.game.state
    assert not lg.game.over and s.round == 2  # stopped as round 2 began
    a, b = s.players
    for m in s.minis.values():  # the second seat has more miniatures left
        if m.owner == a and m.alive:
            m.alive, m.at = False, None
            break
    assert lg.judged() == ("round_limit", (b,))
    for m in s.minis.values():  # only the first seat has any
        m.alive = m.owner == a
    assert lg.judged() == ("round_limit", (a,))
    summary = lg.summary(0)
    assert summary["reason"] == "round_limit" and summary["winners"] == [a] and summary["rounds"] == 1



def test_the_balance_report_tool_keeps_the_skirmish_section(tmp_path):
    """tools/balance_report.py rewrites docs/BALANCE.md from Celebrity's runs: the hand-written
    Skirmish section (with its ### tables) survives the rewrite."""
    import importlib.util

    from conftest import ROOT

    spec = importlib.util.spec_from_file_location("balance_report_under_test", ROOT / "tools" / "balance_report.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    page = tmp_path / "BALANCE.md"
    page.write_text("# Balance\n\n## What we changed\n\nthings\n\n## Chessboard Skirmish\n\nd10 is cheap\n\n"
                    "### Traits\n\n| a |\n", encoding="utf-8")
    kept = tool.kept_changes(page, tool.SKIRMISH, "")
    assert kept == ["d10 is cheap", "", "### Traits", "", "| a |"]
    reports = {n: balance.run(balance.SimConfig(1, n, beasts=True), 1, progress=False) for n in tool.PLAYER_COUNTS}
    text = tool.render(1, reports, tool.kept_changes(page), None, kept)
    page.write_text(text, encoding="utf-8")
    assert tool.kept_changes(page, tool.SKIRMISH, "") == kept and tool.kept_changes(page) == ["things"]
    assert text.index(tool.CHANGED) < text.index(tool.SKIRMISH)
    # no Skirmish section yet: none is written
    assert tool.SKIRMISH not in tool.render(1, reports, ["things"], None, tool.kept_changes(tmp_path / "no.md", tool.SKIRMISH, ""))


def test_the_army_duels_tool_plays_a_game_between_two_bundled_armies():
    import importlib.util

    from conftest import ROOT
    from deathmatch.rulesets.skirmish.armies import bundled_armies_dir
    from deathmatch.rulesets.skirmish.armies import load_armies

    spec = importlib.util.spec_from_file_location("army_duels_under_test", ROOT / "tools" / "skirmish_army_duels.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    a, b = [x for x in load_armies([bundled_armies_dir()])[0] if x.points == 20][:2]
    winners = tool.duel(a, b, 20, "chessboard", 4, "easy")
    assert winners in ((a.name,), (b.name,), ())
    assert tool.duel(a, b, 20, "chessboard", 4, "easy") == winners  # seeded: the same game
