"""The balance lab (`deathmatch simulate`): reproducible, complete, and flags what it should."""

import csv
import json

import pytest

from deathmatch import balance
from deathmatch.rulesets.celebrity import models_per_player
from conftest import TESTS

GAMES, PLAYERS = 12, 4


def simulate(tmp_path, name, *extra):
    out_json, out_csv = tmp_path / f"{name}.json", tmp_path / f"{name}.csv"
    argv = ["--games", str(GAMES), "--players", str(PLAYERS), "--beasts", "--json", str(out_json),
            "--csv", str(out_csv), *extra]
    assert balance.cli(argv) == 0
    return out_json, out_csv


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("balance")
    return {
        "one": simulate(tmp, "one", "--seed", "5", "--jobs", "1"),
        "two": simulate(tmp, "two", "--seed", "5", "--jobs", "2"),
        "other": simulate(tmp, "other", "--seed", "6", "--jobs", "1"),
    }


def test_same_seed_same_bytes_whatever_the_jobs(runs):
    assert runs["one"][0].read_bytes() == runs["two"][0].read_bytes()
    assert runs["one"][1].read_bytes() == runs["two"][1].read_bytes()
    assert runs["one"][0].read_bytes() != runs["other"][0].read_bytes()


def test_report_has_every_card_that_played_and_the_wins_add_up(runs):
    report = json.loads(runs["one"][0].read_text())
    assert report["options"]["seed"] == 5 and report["options"]["games"] == GAMES
    assert "--seed 5" in report["command"] and "--beasts" in report["command"]
    config = balance.SimConfig(GAMES, PLAYERS, beasts=True, seed=5).checked()
    results = [balance.play_game(config, i) for i in range(GAMES)]
    played = {cid for g in results for p in g["players"] for cid in p["cards"]}
    rows = {r["card"]: r for r in report["cards"]}
    assert set(rows) == played
    assert sum(r["games"] for r in rows.values()) == GAMES * PLAYERS * models_per_player(PLAYERS)
    # each game's win (shared or not) goes to one player, i.e. to each of that player's cards
    wins = sum(r["win_rate"] * r["games"] for r in rows.values()) / models_per_player(PLAYERS)
    assert wins == pytest.approx(GAMES, abs=0.01)
    for r in rows.values():
        assert r["win_low"] <= r["win_rate"] <= r["win_high"]
        assert 1 <= r["mean_place"] <= PLAYERS
        assert len(r["abilities"]) == 3
        for a in r["abilities"]:
            assert 0 <= a["play_rate"] <= 1
    s = report["summary"]
    assert s["games"] == GAMES
    assert sum(s["ended"].values()) == pytest.approx(1)
    assert sum(s["vp_share"].values()) == pytest.approx(1, abs=0.001)
    # the sorted table of the terminal has the same cards
    text = balance.render_table(report)
    assert all(cid in text for cid in rows)


def test_csv_has_a_header_and_a_row_per_card(runs):
    report = json.loads(runs["one"][0].read_text())
    with runs["one"][1].open(newline="") as f:
        table = list(csv.reader(f))
    assert table[0][:5] == ["card", "name", "games", "wins", "win_rate"]
    assert "ability3_vp_not" in table[0]
    assert [row[0] for row in table[1:]] == [r["card"] for r in report["cards"]]
    assert all(len(row) == len(table[0]) for row in table)


def test_flags_on_made_up_counts():
    fair = 1 / 4
    assert balance.flag(60, 100, fair) == "strong"  # 60 % of 100: the interval is well above 25 %
    assert balance.flag(5, 100, fair) == "weak"
    assert balance.flag(25, 100, fair) == ""
    assert balance.flag(4, 10, fair) == ""  # 40 % of 10 games is not enough to tell
    assert balance.flag(300, 1000, fair) == "strong"  # 30 % of 1000: lower bound ~27 %
    assert balance.flag(220, 1000, fair) == "weak"  # upper bound ~24.7 %
    lo, hi = balance.wilson(20, 100)
    assert lo == pytest.approx(0.1333, abs=1e-4) and hi == pytest.approx(0.2888, abs=1e-4)
    assert balance.wilson(0, 0) == (0.0, 1.0)


def test_flags_in_the_summary():
    config = balance.SimConfig(2, 5, arenas=("grand_arena",))
    cards = ["ada_lovelace", "attila", "beowulf", "blackbeard", "boudica"]

    def game(i, winner):
        players = [{"name": f"P{k + 1}", "cards": [cards[k]], "vp": 5 if k == winner else 1, "lives": 0, "kills": 0,
                    "loot": 0, "last_standing": 0, "abilities": 0, "place": 1.0 if k == winner else 3.5,
                    "win": 1.0 if k == winner else 0.0} for k in range(5)]
        return {"index": i, "arena": "grand_arena", "rounds": 15, "reason": "round_limit",
                "winners": [f"P{winner + 1}"], "players": players, "played": {}, "beast_lives": 0,
                "beast_kills": 0, "decisions": 1}

    report = balance.summarize(config, [game(i, 0) for i in range(200)])
    flags = {r["card"]: r["flag"] for r in report["cards"]}
    assert flags == {"ada_lovelace": "strong", "attila": "weak", "beowulf": "weak", "blackbeard": "weak",
                     "boudica": "weak"}
    assert report["summary"]["flagged"]["strong"] == ["ada_lovelace"]
    assert report["summary"]["loot_decided"] == 0.0


@pytest.mark.parametrize("argv, words", [
    (["--games", "3", "--players", "4", "--arena", "atlantis"], "unknown arena"),
    (["--games", "3", "--players", "11"], "2–10"),
    (["--games", "3", "--players", "1"], "2–10"),
    (["--games", "3", "--players", "4", "--arena", "duel_pit"], "duel_pit takes 2–3 players"),
    (["--games", "0", "--players", "4"], "--games"),
    (["--games", "3", "--players", "4", "--jobs", "0"], "--jobs"),
    (["--games", "3", "--players", "4", "--bots", "godlike"], "unknown bot strength"),
    (["--games", "3"], "--players"),
    (["--games", "3", "--players", "4", "--colour", "red"], "unrecognized"),
])
def test_bad_options_exit_2_with_one_line(capsys, argv, words):
    assert balance.cli(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("deathmatch simulate: error:") and words in err


def test_progress_lines_every_tenth(capsys):
    import io

    stream = io.StringIO()
    bar = balance.Progress(20, stream)
    for done in range(1, 21):
        bar.update(done)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 10 and lines[-1].startswith("20/20 games")


GOLDEN = TESTS / "data" / "golden"


@pytest.mark.parametrize("argv, stem", [
    (["--games", "6", "--players", "3", "--beasts", "--seed", "11", "--round-limit", "8"], "balance"),
    (["--games", "4", "--players", "2", "--bots", "easy", "--seed", "3", "--round-limit", "6"], "balance_easy"),
])
def test_the_same_seed_gives_the_same_bytes_as_before_the_lab_was_split(tmp_path, capsys, argv, stem):
    """tests/data/golden/balance*.{json,csv,txt} were written by the lab before it was split into a
    generic driver and Celebrity's statistics (commit 808c07a): the split changed no byte."""
    out_json, out_csv = tmp_path / "r.json", tmp_path / "r.csv"
    assert balance.cli([*argv, "--json", str(out_json), "--csv", str(out_csv)]) == 0
    assert capsys.readouterr().out == (GOLDEN / f"{stem}.txt").read_text(encoding="utf-8")
    assert out_json.read_bytes() == (GOLDEN / f"{stem}.json").read_bytes()
    assert out_csv.read_bytes() == (GOLDEN / f"{stem}.csv").read_bytes()
