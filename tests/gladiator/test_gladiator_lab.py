"""Gladiator!'s balance lab (`rulesets/gladiator/lab.py` through `deathmatch simulate --ruleset
gladiator`): the report the same bytes whatever the jobs, a matrix that adds up, seats swapped in
pairs, the turn limit as a draw, bad options refused."""

import csv
import io
import json
import random

import pytest

from deathmatch import balance
from deathmatch.core import registry
from deathmatch.rulesets.gladiator import lab
from deathmatch.rulesets.gladiator.model import TYPES

GAMES = 10


def simulate(tmp_path, name, *extra):
    out_json, out_csv = tmp_path / f"{name}.json", tmp_path / f"{name}.csv"
    argv = ["--ruleset", "gladiator", "--games", str(GAMES), "--quiet", "--json", str(out_json), "--csv", str(out_csv),
            *extra]
    assert balance.cli(argv) == 0
    return out_json, out_csv


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("gladiator_lab")
    return {
        "one": simulate(tmp, "one", "--seed", "5", "--jobs", "1"),
        "two": simulate(tmp, "two", "--seed", "5", "--jobs", "2"),
        "other": simulate(tmp, "other", "--seed", "6", "--jobs", "1"),
    }


def test_the_ruleset_has_a_lab_part():
    assert registry.get("gladiator").lab is lab


def test_same_seed_same_bytes_whatever_the_jobs(runs):
    assert runs["one"][0].read_bytes() == runs["two"][0].read_bytes()
    assert runs["one"][1].read_bytes() == runs["two"][1].read_bytes()
    assert runs["one"][0].read_bytes() != runs["other"][0].read_bytes()


def test_the_report_adds_up(runs):
    report = json.loads(runs["one"][0].read_text())
    assert report["options"]["ruleset"] == "gladiator" and report["options"]["players"] == 2
    assert report["options"]["round_limit"] == lab.round_limit and "--round-limit 40" in report["command"]
    assert report["options"]["arenas"] == ["broken_ring", "ludus_yard", "sand_circle"]
    s = report["summary"]
    assert s["games"] == GAMES and sum(s["ended"].values()) == pytest.approx(1, abs=1e-3)
    assert set(s["ended"]) == set(lab.ENDS)
    types = {r["card"]: r for r in report["cards"]}
    assert set(types) == set(TYPES)
    assert sum(r["games"] for r in types.values()) == 2 * GAMES  # two men a bout
    assert sum(r["wins"] for r in types.values()) == pytest.approx(GAMES)  # one win (or two halves) a bout
    for r in report["cards"]:
        if r["games"]:
            assert r["win_low"] <= r["win_rate"] <= r["win_high"]
    # the matrix: every bout is in exactly one cell, a's wins and b's add up to the cell's bouts
    assert sum(p["games"] for p in report["pairings"]) == GAMES
    for p in report["pairings"]:
        assert p["a"] != p["b"] and list(TYPES).index(p["a"]) < list(TYPES).index(p["b"])
        assert 0 <= p["wins"] <= p["games"]
    for t, r in types.items():  # a type's bouts and wins are the sum of its cells
        cells = [(p["games"], p["wins"] if p["a"] == t else p["games"] - p["wins"])
                 for p in report["pairings"] if t in (p["a"], p["b"])]
        assert sum(n for n, _ in cells) == r["games"]
        assert sum(w for _, w in cells) == pytest.approx(r["wins"])
    for n in report["nets"]:
        assert n["thrown_games"] + n["other_games"] == types[n["type"]]["games"]
        assert n["caught"] <= n["nets"] and (n["nets"] > 0) == (n["thrown_games"] > 0)
    rows = list(csv.reader(io.StringIO(runs["one"][1].read_text())))
    assert rows[0] == lab.CSV_HEADER
    assert len(rows) == 1 + len(report["cards"]) + len(report["pairings"]) + 2 * len(report["nets"])
    text = balance.render_table(report)
    assert "Retiarius".lower() in text and "win rate of the row's type" in text


def test_the_seats_are_swapped_in_pairs():
    seen = set()
    for index in range(0, 200, 2):
        a, b = lab.pair_types(3, index)
        assert a != b and lab.pair_types(3, index + 1) == (b, a)
        seen.add(frozenset((a, b)))
    assert len(seen) > 20  # the pairs are drawn, not fixed (28 pairings of 8 types)
    config = balance.SimConfig(4, 2, ruleset="gladiator", seed=3).checked()
    for index in range(4):  # the played games have the pair's types in its seat order
        g = balance.play_game(config, index)
        assert tuple(p["type"] for p in g["players"]) == lab.pair_types(3, index)


def test_a_bout_past_the_turn_limit_is_called_off_as_a_draw():
    config = balance.SimConfig(6, 2, ruleset="gladiator", seed=2, round_limit=1).checked()
    ends = []
    for index in range(6):
        g = balance.play_game(config, index)
        ends.append(g["end"])
        assert g["turns"] <= 1
        if g["end"] == "called_off":
            assert g["winners"] == [] and [p["win"] for p in g["players"]] == [0.5, 0.5]
    assert "called_off" in ends  # a bout of one game turn is mostly still going
    report = lab.summarize(config, [balance.play_game(config, i) for i in range(6)])
    assert report["summary"]["ended"]["called_off"] == pytest.approx(ends.count("called_off") / 6, abs=1e-4)


def bout(a, b, win_a, end="killed", nets=(0, 0), caught=(0, 0)):
    """A made-up game summary: seat types a and b."""
    wins = (1.0, 0.0) if win_a is True else (0.0, 1.0) if win_a is False else (0.5, 0.5)
    return {"end": end, "turns": 2, "exchanges": 3, "decisions": 10, "winners": [],
            "players": [{"name": "P1", "type": a, "win": wins[0], "damage_dealt": 8, "damage": 1, "nets": nets[0],
                         "caught": caught[0]},
                        {"name": "P2", "type": b, "win": wins[1], "damage_dealt": 1, "damage": 8, "nets": nets[1],
                         "caught": caught[1]}]}


def test_the_statistics_on_made_up_bouts():
    results = [bout("retiarius", "secutor", True, nets=(1, 0), caught=(1, 0)),
               bout("secutor", "retiarius", True, nets=(0, 2), caught=(0, 0)),
               bout("retiarius", "lion", None, end="called_off"),
               bout("lion", "secutor", False, end="spared")]
    report = lab.summarize(None, results)
    types = {r["card"]: r for r in report["cards"]}
    assert types["retiarius"]["games"] == 3 and types["retiarius"]["win_rate"] == 0.5  # 1 + 0 + 0.5
    assert types["secutor"]["win_rate"] == round(2 / 3, 4)
    cells = {(p["a"], p["b"]): p for p in report["pairings"]}
    assert cells[("secutor", "retiarius")]["games"] == 2 and cells[("secutor", "retiarius")]["win_rate"] == 0.5
    assert cells[("retiarius", "lion")]["wins"] == 0.5
    assert cells[("secutor", "lion")]["win_rate"] == 1.0  # a secutor in the second seat beat the lion
    ret = {n["type"]: n for n in report["nets"]}["retiarius"]
    assert (ret["thrown_games"], ret["thrown_win_rate"], ret["other_games"], ret["other_win_rate"]) == (2, 0.5, 1, 0.5)
    assert (ret["nets"], ret["caught"], ret["caught_rate"]) == (3, 1, round(1 / 3, 4))
    s = report["summary"]
    assert s["ended"] == {"killed": 0.5, "thumbs_down": 0.0, "spared": 0.25, "draw": 0.0, "called_off": 0.25}
    assert s["first_seat_wins"] == round(2.5 / 4, 4)
    rows = lab.matrix(report)
    order = list(TYPES)
    assert rows[1 + order.index("retiarius")][1 + order.index("secutor")] == "50.0%"
    assert rows[1 + order.index("lion")][1 + order.index("secutor")] == "0.0%"
    assert rows[1 + order.index("lion")][1 + order.index("thracian")] == "—"


def test_an_end_is_how_the_loser_went_out():
    config = balance.SimConfig(40, 2, ruleset="gladiator", seed=11).checked()
    lab.prepare()
    for index in range(12):
        rng = random.Random(balance.game_seed(config.seed, index))
        lg = lab.start(config, rng, config.arenas[0], balance._arena(config.arenas[0]), index)
        bots = {n: registry.get("gladiator").bot("easy", n, index) for n in lg.seats}
        from deathmatch.core.loop import play_until_over

        play_until_over(lg.game, lambda g: bots[g.pending.player].choose(g), on_events=lg.on_events, stop=lg.stop)
        g = lg.summary(0)
        men = list(lg.game.state.men.values())
        out = [m for m in men if m.out]
        if g["end"] in ("killed", "thumbs_down", "spared"):
            (loser,) = out
            assert g["winners"] == [m.owner for m in men if not m.out]
            assert loser.alive == (g["end"] == "spared") and loser.down == (g["end"] != "killed")
        elif g["end"] == "draw":
            assert len(out) == 2 and g["winners"] == []
        assert tuple(p["type"] for p in g["players"]) == lab.pair_types(config.seed, index)


@pytest.mark.parametrize("argv, message", [
    (["--games", "0"], "--games must be at least 1"),
    (["--games", "2", "--players", "3"], "arena"),
    (["--games", "2", "--bots", "brutal"], "unknown bot strength 'brutal'"),
    (["--games", "2", "--arena", "chessboard"], "unknown arena 'chessboard'"),
    (["--games", "2", "--round-limit", "0"], "--round-limit must be at least 1"),
])
def test_bad_options_are_refused(capsys, argv, message):
    assert balance.cli(["--ruleset", "gladiator", "--quiet", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_balance_report_tool_keeps_the_gladiator_section(tmp_path):
    """tools/balance_report.py rewrites docs/BALANCE.md from Celebrity's runs: the hand-written
    Gladiator! section (after Skirmish's) survives the rewrite."""
    import importlib.util

    from conftest import ROOT

    spec = importlib.util.spec_from_file_location("balance_report_gladiator", ROOT / "tools" / "balance_report.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    page = tmp_path / "BALANCE.md"
    page.write_text("# Balance\n\n## Chessboard Skirmish\n\nd10 is cheap\n\n## Gladiator!\n\nthe net pays\n\n"
                    "### Types\n\n| a |\n", encoding="utf-8")
    kept = tool.kept_changes(page, tool.GLADIATOR, "")
    assert kept == ["the net pays", "", "### Types", "", "| a |"]
    reports = {n: balance.run(balance.SimConfig(1, n, beasts=True), 1, progress=False) for n in tool.PLAYER_COUNTS}
    text = tool.render(1, reports, ["things"], None, tool.kept_changes(page, tool.SKIRMISH, ""), kept)
    page.write_text(text, encoding="utf-8")
    assert tool.kept_changes(page, tool.GLADIATOR, "") == kept
    assert tool.kept_changes(page, tool.SKIRMISH, "") == ["d10 is cheap"]
