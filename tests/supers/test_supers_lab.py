"""Superhero Gladiators' balance lab (`rulesets/supers/lab.py` through `deathmatch simulate --ruleset
supers`): the same bytes whatever the jobs, fights in pairs with the seats turned round, a report that
adds up, kinds of power judged by the difference they make."""

import csv
import io
import json

import pytest

from deathmatch import balance
from deathmatch.core import registry
from deathmatch.rulesets.supers import lab

GAMES = 6


@pytest.fixture(scope="module")
def rules():
    return registry.get("supers")


def simulate(tmp_path, name, *extra):
    out_json, out_csv = tmp_path / f"{name}.json", tmp_path / f"{name}.csv"
    argv = ["--ruleset", "supers", "--games", str(GAMES), "--quiet", "--json", str(out_json), "--csv", str(out_csv),
            *extra]
    assert balance.cli(argv) == 0
    return out_json, out_csv


@pytest.fixture(scope="module")
def runs(tmp_path_factory, rules):
    tmp = tmp_path_factory.mktemp("supers_lab")
    return {
        "one": simulate(tmp, "one", "--seed", "5", "--jobs", "1"),
        "two": simulate(tmp, "two", "--seed", "5", "--jobs", "2"),
        "other": simulate(tmp, "other", "--seed", "6", "--jobs", "1"),
    }


def test_the_ruleset_has_a_lab_part(rules):
    assert rules.lab is lab


def test_same_seed_same_bytes_whatever_the_jobs(runs):
    assert runs["one"][0].read_bytes() == runs["two"][0].read_bytes()
    assert runs["one"][1].read_bytes() == runs["two"][1].read_bytes()
    assert runs["one"][0].read_bytes() != runs["other"][0].read_bytes()


def test_the_report_adds_up(runs):
    report = json.loads(runs["one"][0].read_text())
    assert report["options"]["ruleset"] == "supers" and report["options"]["players"] == 2
    assert report["options"]["round_limit"] == lab.round_limit
    assert report["command"].startswith("deathmatch simulate --games 6 --players 2")
    s = report["summary"]
    assert s["games"] == GAMES
    assert sum(s["ended"].values()) == pytest.approx(1.0)
    heroes = report["cards"]
    assert sum(r["games"] for r in heroes) == GAMES * 2 * lab.TEAM  # two teams of two heroes a fight
    assert sum(r["wins"] for r in heroes) == pytest.approx(GAMES * lab.TEAM)  # a fight's wins add up to 1 a team
    by_id = {h.id: h for h in lab.heroes()}
    for r in heroes:
        assert r["spent"] == by_id[r["card"]].spent <= 200
    for f in report["features"]:
        assert f["with_games"] + f["without_games"] == GAMES * 2
    shots = next(f for f in report["features"] if f["feature"] == "type:smash")
    assert shots["points"] > 0
    rows = list(csv.reader(io.StringIO(runs["one"][1].read_text())))
    assert rows[0] == lab.CSV_HEADER
    assert {r[0] for r in rows[1:]} == {"hero", "feature"}
    assert len(rows) == 1 + len(heroes) + len(report["features"])


def test_fights_come_in_pairs_with_the_seats_turned_round():
    for k in range(4):
        a, b = lab.teams_of(9, 2 * k, 2), lab.teams_of(9, 2 * k + 1, 2)
        assert a == b[::-1]
        ids = [h.id for t in a for h in t]
        assert len(set(ids)) == 4
    assert lab.teams_of(9, 0, 2) != lab.teams_of(9, 2, 2)
    three = lab.teams_of(9, 1, 3)
    assert three == lab.teams_of(9, 0, 3)[1:] + lab.teams_of(9, 0, 3)[:1]


def test_a_pair_plays_on_one_arena(rules):
    config = balance.SimConfig(4, 2, ruleset="supers", round_limit=30).checked()
    games = [balance.play_game(config, i) for i in range(2)]
    assert games[0]["arena"] == games[1]["arena"] == config.arenas[0]
    seats = [[[h["id"] for h in p["heroes"]] for p in g["players"]] for g in games]
    assert seats[0] == seats[1][::-1]


def fake(win_with_area: float, n: int):
    """Fights whose first team has an area power and wins `win_with_area` of them."""
    out = []
    for i in range(n):
        w = 1.0 if i < win_with_area * n else 0.0
        out.append({"end": "victory", "turns": 3, "decisions": 30, "winners": ["P1"] if w else ["P2"], "players": [
            {"name": "P1", "win": w, "heroes": [{"id": "a", "name": "A", "spent": 200, "dealt": 5, "taken": 1,
                                                 "fainted": 0}], "features": {"type:shot": 40, "style:area": 40}},
            {"name": "P2", "win": 1 - w, "heroes": [{"id": "b", "name": "B", "spent": 190, "dealt": 1, "taken": 5,
                                                     "fainted": 1}], "features": {"type:shot": 60}}]})
    return out


def test_a_kind_that_wins_more_than_its_price_is_under_priced():
    config = balance.SimConfig(100, 2, ruleset="supers", round_limit=30)
    report = lab.summarize(config, fake(0.8, 100))
    area = next(f for f in report["features"] if f["feature"] == "style:area")
    assert area["with_win_rate"] == 0.8 and area["without_win_rate"] == 0.2
    assert area["difference"] == pytest.approx(0.6) and area["difference_low"] > 0
    assert area["verdict"] == "under-priced" and area["points"] == 40
    assert area["per_100_points"] == pytest.approx(1.5)
    assert report["summary"]["flagged"]["under_priced"] == ["style:area"]
    assert report["summary"]["flagged"]["strong"] == ["a"] and report["summary"]["flagged"]["weak"] == ["b"]
    shot = next(f for f in report["features"] if f["feature"] == "type:shot")
    assert shot["without_games"] == 0 and shot["verdict"] == "" and shot["difference"] is None
    report = lab.summarize(config, fake(0.2, 100))
    assert report["summary"]["flagged"]["over_priced"] == ["style:area"]
    report = lab.summarize(config, fake(0.5, 100))
    assert report["summary"]["flagged"]["over_priced"] == report["summary"]["flagged"]["under_priced"] == []
    text = "\n".join(lab.lines({**report, "options": {"players": 2}}))
    assert "style:area" in text and "under-priced:  none" in text


def test_the_kinds_of_a_power():
    from deathmatch.rulesets.supers.model import Power

    p = Power("Storm", "shot", 3, None, ("area", "missile"), reliability="wild", gizmo="hidden")
    assert lab.features(p) == ["type:shot", "style:area", "style:missile", "reliability:wild", "gizmo:hidden",
                               "uses:infinite"]
    assert lab.features(Power("Wings", "movement", 2, 5, movement=("flight",))) == ["type:movement", "movement:flight"]
