"""Tournament nights: a bot tournament headless, interrupted mid-game and resumed, standings from the records."""

import csv
import io
import json

import pytest

from deathmatch.cli import main
from deathmatch.core.registry import replay
from deathmatch.rulesets.celebrity import load_default_cards
from deathmatch.rulesets.celebrity.record import RecordError
from deathmatch.tournament import Tournament, bot_tournament, play_game_with_bots
from conftest import TESTS


@pytest.fixture(scope="module")
def lib():
    return load_default_cards()


def run_whole(seed, lib, bots=5, games=5):
    t = bot_tournament(bots, games, seed)
    while not t.over:
        play_game_with_bots(t, lib)
    return t


def test_interrupted_mid_game_and_resumed_it_ends_exactly_as_uninterrupted(lib, tmp_path):
    straight = run_whole(7, lib)
    t = bot_tournament(5, 5, 7)
    path = tmp_path / "tournament.json"
    saves = []

    def save(tt):
        tt.save(path)
        saves.append(1)

    for _ in range(2):
        play_game_with_bots(t, lib, on_action=save)
    play_game_with_bots(t, lib, on_action=save, stop_after=25)  # the lights go out in game 3
    assert t.current is not None and len(t.records) == 2
    resumed = Tournament.load(path)  # a new process would do just this
    assert len(resumed.records) == 2 and len(resumed.current.decisions) == 25
    while not resumed.over:
        play_game_with_bots(resumed, lib, on_action=lambda tt: tt.save(path))
    assert resumed.standings() == straight.standings()
    # the standings are the games' records added up
    table = {r["player"]: r for r in resumed.standings()}
    for p, row in table.items():
        vp = sum(replay(rec).scores[p].vp for rec in resumed.records if p in [s["name"] for s in rec.setup["players"]])
        assert row["vp"] == vp
    assert sum(r["wins"] for r in table.values()) == pytest.approx(5)


def test_first_placement_rotates(lib):
    t = bot_tournament(4, 4, 1)
    firsts = [t.placement_order(k)[0] for k in range(4)]
    assert sorted(firsts) == sorted(e.name for e in t.entrants)
    game = t.start_game(lib)
    assert game.setup.order[0] == firsts[0]
    assert next(m for m in game.models.values() if m.hex is None).player == firsts[0]


def test_no_character_twice_for_a_player(lib):
    t = run_whole(3, lib, bots=4, games=3)
    for e in t.entrants:
        cards = [c for rec in t.records for p in rec.setup["players"] if p["name"] == e.name for c in p["cards"]]
        assert len(cards) == len(set(cards))


def test_a_player_drops_out_between_games(lib):
    t = bot_tournament(5, 4, 2)
    play_game_with_bots(t, lib)
    t.drop("Bot C")
    while not t.over:
        play_game_with_bots(t, lib)
    assert all("Bot C" not in [p["name"] for p in r.setup["players"]] for r in t.records[1:])
    row = next(r for r in t.standings() if r["player"] == "Bot C")
    assert row["games"] == 1 and row["dropped"]


def test_same_seed_same_standings_and_the_cli(lib, capsys, tmp_path):
    assert main(["tournament", "--bots", "4", "--games", "3", "--seed", "5", "--html", str(tmp_path / "n.html"),
                 "--csv", str(tmp_path / "n.csv")]) == 0
    first = capsys.readouterr().out
    assert main(["tournament", "--bots", "4", "--games", "3", "--seed", "5"]) == 0
    assert capsys.readouterr().out == first
    rows = list(csv.reader(io.StringIO((tmp_path / "n.csv").read_text())))
    assert rows[0][:3] == ["rank", "player", "vp"] and len(rows) > 5
    page = (tmp_path / "n.html").read_text()
    assert "<table>" in page and "Champion" in page
    assert main(["tournament", "--bots", "1", "--games", "1"]) == 2


def test_a_broken_tournament_file_says_why(tmp_path):
    p = tmp_path / "t.json"
    p.write_text("{nope")
    with pytest.raises(RecordError, match="can not read"):
        Tournament.load(p)
    p.write_text(json.dumps({"format": "deathmatch-tournament", "version": 9}))
    with pytest.raises(RecordError, match="newer version"):
        Tournament.load(p)


def test_only_a_finished_tournament_has_a_champion(lib):
    t = bot_tournament(3, 3, 11)
    # before any game: nobody leads, and no page or screen says "after game 0"
    assert t.leaders() == [] and t.champion() is None
    page = t.export_html()
    assert "Champion" not in page and "Leader" not in page and "after game 0" not in page
    assert "No game played yet" in page and "class='first'" not in page and "class='podium'" not in page
    assert t.progress() == "no game played yet, 3 to play"
    for _ in range(2):
        play_game_with_bots(t, lib)
    table = t.standings()
    assert t.champion() is None and t.leaders()[0] == table[0]["player"]
    page = t.export_html()
    assert "Champion" not in page and "class='podium'" not in page
    assert "Standings after game 2 of 3" in page and "Leader" in page
    assert f"Leader: <b>{table[0]['player']}</b>" in page or "Leaders, level" in page
    play_game_with_bots(t, lib)
    assert t.over
    page = t.export_html()
    assert f"Champion: <b>{t.standings()[0]['player']}</b>" in page and "class='podium'" in page
    assert t.champion() == t.standings()[0]["player"] and "Leader" not in page


def test_leaders_level_at_the_top_share_the_lead(lib):
    t = bot_tournament(3, 3, 11)
    play_game_with_bots(t, lib)
    table = [dict(r) for r in t.standings()]
    for r in table:  # everyone level on everything: the name decides the rank, not the lead
        r.update(vp=2, wins=1, kills=0, loot=0)
    assert t.leaders(table) == [r["player"] for r in table]
    table[1]["vp"] = 1
    assert t.leaders(table) == [table[0]["player"], table[2]["player"]]


GOLDEN = TESTS / "data" / "golden"


def test_a_tournament_file_from_before_rulesets_loads_and_plays_on_as_it_did(lib, tmp_path):
    """tests/data/golden/tournament_v1_midgame.json was saved by the game before tournaments
    went through the ruleset registry (commit 808c07a): 3 normal bots, game 1 over, game 2
    stopped after 25 answers; tournament_v1_final.json is how that code played it to the end.
    It names no ruleset (it is Celebrity's), loads, resumes and ends exactly as it did."""
    t = Tournament.load(GOLDEN / "tournament_v1_midgame.json")
    assert len(t.records) == 1 and t.current is not None and not t.over
    while not t.over:
        play_game_with_bots(t, lib)
    final = json.loads((GOLDEN / "tournament_v1_final.json").read_text(encoding="utf-8"))
    assert [r.to_json() for r in t.records] == final["records"]
    assert t.standings() == Tournament.from_json(final).standings()
    assert [row["player"] for row in t.standings()] == ["Bot A", "Bot C", "Bot B"]
    saved = t.save(tmp_path / "t.json")
    again = Tournament.load(saved)
    assert [r.to_json() for r in again.records] == final["records"]


def test_the_night_scores_by_its_games_own_columns_and_tie_breaks(lib, monkeypatch):
    """A game's manifest says how its night scores: the standings add up its columns, rank by its tie-breaks
    (a smaller number first where it says so), and the CSV, the page and the leaders follow them."""
    from deathmatch.core.manifest import WINS, Column, Score, Scoring

    t = run_whole(11, lib, bots=3, games=2)
    celebrity = t.standings()
    fewest_kills_first = Scoring(
        columns=(Column("kills", "kills", Score(1), lower_is_better=True), Column("vp", "VP", Score(0)), WINS,
                 Column("taken", "lives taken", Score(3), total=False)),
        tie_breaks=("kills", "vp"))
    monkeypatch.setattr(Tournament, "scoring", property(lambda self: fewest_kills_first))
    table = t.standings()
    by_player = {r["player"]: r for r in celebrity}
    for row in table:  # the same sums, other columns: no loot, the lives taken only game by game
        assert set(row) == {"player", "kills", "vp", "wins", "games", "dropped", "rank"}
        assert (row["kills"], row["vp"], row["wins"]) == tuple(by_player[row["player"]][k] for k in ("kills", "vp", "wins"))
    assert [r["player"] for r in table] == [r["player"] for r in sorted(celebrity, key=lambda r: (r["kills"], -r["vp"], r["player"]))]
    rows = list(csv.reader(io.StringIO(t.export_csv())))
    assert rows[0] == ["rank", "player", "kills", "vp", "wins", "games", "dropped"]
    assert rows[len(table) + 2] == ["game", "arena", "winners", "player", "kills", "vp", "taken"]
    page = t.export_html()
    assert "<th>Kills</th><th>VP</th><th>Wins</th><th>Games</th>" in page and "Ties are broken by VP." in page
    assert "<th>Loot</th>" not in page
    assert t.leaders(table)[0] == table[0]["player"]


def test_a_scoring_must_rank_by_columns_it_adds_up():
    from deathmatch.core.manifest import WINS, Column, Score, Scoring

    with pytest.raises(ValueError, match="tie-breaks"):
        Scoring(columns=(Column("vp", "VP", Score(0)), Column("x", "x", Score(1), total=False)), tie_breaks=("x",))
    with pytest.raises(ValueError, match="tie-breaks"):
        Scoring(columns=(Column("vp", "VP", Score(0)), WINS), tie_breaks=())
    with pytest.raises(ValueError, match="own names"):
        Scoring(columns=(Column("games", "games", Score(0)),), tie_breaks=("games",))
