"""Records name their arena by id ("bundled:colosseum", "user:my_arena"), resolved in the game's own
folders: a save or a tournament written in one current folder opens in another; an old record's
map path still loads; a missing arena is a broken save with its reason, never a crash."""

import json
import random
import shutil

import pytest

from deathmatch import saves
from deathmatch.board.arenas import ensure_user_arenas, list_arenas
from deathmatch.board.tiled import MapError, load_arena, resolve_map_path
from deathmatch.rulesets.celebrity import Options, RecordError, load_default_cards, make_setup, new_game
from deathmatch.rulesets.celebrity.randomplay import random_answer
from deathmatch.paths import maps_dir, user_arenas_dir
from deathmatch.tournament import Entrant, Tournament, play_game_with_bots


@pytest.fixture(scope="module")
def lib():
    return load_default_cards()


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """Two current folders, A and B. B holds a decoy `maps/` folder, as another copy of the game
    would: a record that looked its map up against the current folder would open the decoy."""
    a, b = tmp_path / "A", tmp_path / "B"
    a.mkdir()
    (b / "maps").mkdir(parents=True)
    for p in maps_dir().glob("*.tmx"):
        (b / "maps" / p.name).write_text("<map>a different game's file</map>", encoding="utf-8")
    (b / "my_first_arena.tmx").write_text("<map>not yours</map>", encoding="utf-8")
    monkeypatch.chdir(a)
    return a, b


def game_on(arena_ref, lib, players=3, seed=4, decisions=30):
    ids = sorted(lib.cards)[: players * 2]
    seats = [(f"P{i}", ids[2 * i: 2 * i + 2]) for i in range(players)]
    game = new_game(make_setup({"map": arena_ref}, seats, lib, Options(beasts=True), seed=seed))
    rng = random.Random(seed)
    for _ in range(decisions):
        game.apply(random_answer(game, rng))
    return game


def test_the_arena_list_names_maps_by_id_and_ids_resolve_in_the_games_folders(elsewhere, monkeypatch):
    from deathmatch.board.tiled import arena_id

    ensure_user_arenas()
    entries = {e.id: e for e in list_arenas()}
    assert "bundled:colosseum" in entries and "user:my_first_arena" in entries
    for aid, e in entries.items():
        assert e.report.arena.source["map"] == aid == arena_id(e.path)
    monkeypatch.chdir(elsewhere[1])  # the decoys are not looked at
    assert resolve_map_path("bundled:colosseum") == maps_dir() / "colosseum.tmx"
    assert resolve_map_path("user:my_first_arena") == user_arenas_dir() / "my_first_arena.tmx"
    assert load_arena("user:my_first_arena").name == "My First Arena"
    assert arena_id(elsewhere[1] / "maps" / "colosseum.tmx") is None  # a file elsewhere has no id


def test_a_save_and_a_tournament_written_in_one_folder_play_on_in_another(elsewhere, monkeypatch, lib):
    a, b = elsewhere
    ensure_user_arenas()
    # named as the setup screens name them: by what the arena list's maps say
    named = {e.path.stem: e.report.arena.source["map"] for e in list_arenas()}
    game = game_on(named["my_first_arena"], lib)
    saves.write_game(game)
    t = Tournament([Entrant(n, i, "easy") for i, n in enumerate(["Ann", "Bob", "Cy"])], 3,
                   [named["classic_square"], named["my_first_arena"]], options=Options(round_limit=4), seed=3)
    play_game_with_bots(t, lib, on_action=lambda tt: tt.save())
    play_game_with_bots(t, lib, on_action=lambda tt: tt.save(), stop_after=12)  # interrupted in game 2
    on_screen = t.resume_game().snapshot()
    data = json.loads((saves.saves_dir() / "tournament.json").read_text())

    monkeypatch.chdir(b)  # the app started from another folder
    loaded = saves.load_game(saves.AUTOSAVE)
    assert loaded.snapshot() == game.snapshot()
    assert [s.slot for s in saves.list_saves() if s.error is None] == ["autosave"]
    resumed = Tournament.load()
    assert resumed.resume_game().snapshot() == on_screen
    assert resumed.standings() == t.standings()
    while not resumed.over:
        play_game_with_bots(resumed, lib, on_action=lambda tt: tt.save())
    assert len(resumed.records) == 3
    assert [r.setup["arena"]["map"] for r in resumed.records] == \
        ["bundled:classic_square", "user:my_first_arena", "bundled:classic_square"]
    # what the file held: ids, not paths
    assert data["arenas"] == ["bundled:classic_square", "user:my_first_arena"]
    assert data["records"][0]["setup"]["arena"] == {"map": "bundled:classic_square"}
    assert data["current"]["setup"]["arena"] == {"map": "user:my_first_arena"}


def test_old_records_with_map_paths_still_load(elsewhere, monkeypatch, lib):
    ensure_user_arenas()
    bundled = game_on("bundled:classic_square", lib, seed=8)
    mine = game_on("user:my_first_arena", lib, seed=9)
    monkeypatch.chdir(elsewhere[0])
    # an old save kept a bundled map relative to the game's folder and a player's arena by its
    # absolute path, on a computer where the user folder was somewhere else
    for slot, game, old in [("old_bundled", bundled, "maps/classic_square.tmx"),
                            ("old_mine", mine, "/home/someone/.local/share/deathmatch/arenas/my_first_arena.tmx"),
                            ("old_windows", mine, "C:\\Users\\someone\\AppData\\Local\\deathmatch\\arenas\\my_first_arena.tmx")]:
        path = saves.write_game(game, slot)
        data = json.loads(path.read_text())
        data["setup"]["arena"] = {"map": old}
        path.write_text(json.dumps(data))
        loaded = saves.load_game(slot)
        assert loaded.snapshot() == game.snapshot(), slot
        assert loaded.setup.arena == game.setup.arena  # it is named by id from now on
    # an old tournament file: map paths in its list and its records
    t = Tournament([Entrant(n, i, "easy") for i, n in enumerate(["Ann", "Bob"])], 2, ["bundled:harbour"],
                   options=Options(round_limit=3), seed=1)
    play_game_with_bots(t, lib)
    data = json.loads(json.dumps(t.to_json()).replace("bundled:harbour", "maps/harbour.tmx"))
    assert "maps/harbour.tmx" in data["arenas"] and data["records"][0]["setup"]["arena"]["map"] == "maps/harbour.tmx"
    monkeypatch.chdir(elsewhere[1])
    old = Tournament.from_json(data)
    assert old.arenas == ["bundled:harbour"] and old.standings() == t.standings()


def test_a_missing_or_foreign_arena_is_a_broken_save_with_its_reason(elsewhere, lib, tmp_path):
    ensure_user_arenas()
    game = game_on("user:my_first_arena", lib, seed=5)
    outside = tmp_path / "somewhere" / "copy.tmx"  # a playable map, but not in the game's folders
    outside.parent.mkdir()
    for f in user_arenas_dir().iterdir():
        shutil.copy2(f, outside.parent / f.name)
    shutil.copy2(user_arenas_dir() / "my_first_arena.tmx", outside)
    assert load_arena(outside).name == "My First Arena"
    cases = {"gone": "user:gone_arena", "foreign": str(outside), "sneaky": "user:../../somewhere/copy",
             "nobundled": "bundled:atlantis"}
    for slot, ref in cases.items():
        path = saves.write_game(game, slot)
        data = json.loads(path.read_text())
        data["setup"]["arena"] = {"map": ref}
        path.write_text(json.dumps(data))
    infos = {s.slot: s for s in saves.list_saves()}
    assert "missing" in infos["gone"].error and "user:gone_arena" in infos["gone"].error
    assert "gone_arena.tmx" in infos["gone"].error and "arenas folder" in infos["gone"].error
    assert "bundled:atlantis is missing" in infos["nobundled"].error
    assert "neither a bundled arena nor in your arenas folder" in infos["foreign"].error
    assert "not an arena id" in infos["sneaky"].error
    from deathmatch.board.tiled import saved_arena_id
    for slot in cases:
        with pytest.raises(RecordError):
            saves.load_game(slot)
    assert saves.latest_unfinished() is None
    with pytest.raises(MapError, match="user:gone_arena is missing"):
        load_arena("user:gone_arena")
    with pytest.raises(ValueError, match="missing"):
        saved_arena_id("bundled:atlantis")
    # a tournament whose game's arena is gone says which game and why
    t = Tournament([Entrant("Ann"), Entrant("Bob")], 2, ["user:my_first_arena"], options=Options(round_limit=2))
    t.start_game(lib)
    t.save()
    (user_arenas_dir() / "my_first_arena.tmx").unlink()
    with pytest.raises(RecordError, match="game 1, in progress, can not be resumed: the arena user:my_first_arena"):
        Tournament.load()
