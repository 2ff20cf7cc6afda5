"""Fault injection (issue 27): tools/fault_sweep.py's kill -9 sweep, run small; its checker shown to
catch a torn or shortened save; and a full disk under every game's save, in the save module and on
the table's screen. The sweep's assertions hold wherever the kill lands (before the first save,
mid-write, between saves): the child never stops by itself, and every state it can leave must load."""

from __future__ import annotations

import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from conftest import ROOT  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
import fault_sweep  # noqa: E402

from deathmatch import saves  # noqa: E402

GAMES = fault_sweep.games()  # every installed game's (the registry's)


def test_three_kills_of_a_game_leave_every_file_loadable_and_intact(tmp_path):
    out = []

    class Out:
        def write(self, s):
            out.append(s)

        def flush(self):
            pass

    results = fault_sweep.sweep(["game:gladiator"], kills=3, seed=11, max_delay=0.6, every=0.1,
                                keep=tmp_path / "runs", out=Out())
    runs, landed, _, _, faults = results["game:gladiator"]
    assert (runs, landed, faults) == (3, 3, 0), "".join(out)
    for i in range(3):  # each run had its own user folder, and the child got as far as its first start
        assert (tmp_path / "runs" / f"game-gladiator-{11 * 100_000 + i}" / "user").is_dir()


def _saved_game(ruleset_id, decisions=6, slot=saves.AUTOSAVE):
    game = fault_sweep.quick_game(ruleset_id, 3)
    choose = fault_sweep.bots_for(ruleset_id, game, 3)
    for _ in range(decisions):
        game.apply(choose(game))
    return game, choose, saves.write_game(game, slot)


def test_the_checker_catches_a_torn_save_and_a_shortened_one(tmp_path):
    """The sweep's checks can fail: half a save is a fault of the Load list, and a save with fewer
    decisions than one saved before it is a fault of the prefix check."""
    user = tmp_path / "user"
    os.environ["DEATHMATCH_USER_DIR"] = str(user)
    game, choose, path = _saved_game("skirmish")
    checker = fault_sweep.Checker()
    assert checker.folder(user) == []
    before = tmp_path / "snap"
    fault_sweep.snapshot(user, before)
    game.apply(choose(game))
    saves.write_game(game)
    assert fault_sweep.prefix_faults(before, user) == []  # one decision more: intact
    short = tmp_path / "short"
    fault_sweep.snapshot(user, short)
    (short / "saves" / "autosave.json").write_bytes((before / "saves" / "autosave.json").read_bytes())
    data = (user / "saves" / "autosave.json").read_text()
    assert any("not the start" in f for f in fault_sweep.prefix_faults(user, short))  # a decision lost
    (user / "saves" / "autosave.json").write_text(data[:len(data) // 2])  # torn: what a non-atomic write leaves
    faults = fault_sweep.Checker().folder(user)
    assert len(faults) == 1 and "autosave.json" in faults[0] and "can not be loaded" in faults[0], faults


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_a_full_disk_keeps_each_games_earlier_save_and_says_so(ruleset_id):
    game, choose, path = _saved_game(ruleset_id)
    before = path.read_bytes()
    game.apply(choose(game))
    with fault_sweep.disk_full_by_patch(), pytest.raises(saves.DiskFullError) as caught:
        saves.write_game(game)
    message = str(caught.value)
    assert "autosave.json: the disk is full" in message and "Your earlier save is kept." in message
    assert caught.value.errno == 28 or saves.is_disk_full(caught.value)
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == ["autosave.json"]  # the half-written temp file is gone
    assert saves.load_game(saves.AUTOSAVE).history == game.history[:-1]


def test_a_full_disk_keeps_the_night_the_season_and_the_settings(tmp_path):
    assert fault_sweep.full_disk_saves(tmp_path / "user", fault_sweep.disk_full_by_patch) == []


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_the_table_says_the_disk_is_full_and_play_goes_on(ruleset_id):
    """On screen: a full disk under the autosave is a line in the table's log (once), not the error
    screen; the earlier autosave is kept; when the disk has room again the autosave catches up."""
    from deathmatch.core import registry
    from deathmatch.scenes.app import App

    app = App((1280, 720))
    app.catch_errors = False
    game = fault_sweep.quick_game(ruleset_id, 4)
    table = app.play(game)
    rng = random.Random(1)
    rules = registry.get(ruleset_id)
    path = saves.slot_path(saves.AUTOSAVE)
    before = path.read_bytes()
    with fault_sweep.disk_full_by_patch():
        for _ in range(2):
            table.decision = None  # (answered here, not through the choice buttons)
            table.answer(rules.random_answer(table.game, rng))
            app.frame([], 1 / 60)
    said = [line for line in table.log if "disk is full" in line]
    assert len(said) == 1 and "Your earlier save is kept." in said[0], table.log[-5:]
    assert path.read_bytes() == before
    assert app.stack.top is table or table in app.stack.scenes  # no error screen
    table.decision = None
    table.answer(rules.random_answer(table.game, rng))
    assert any(line.startswith("Saved again") for line in table.log)
    assert saves.load_game(saves.AUTOSAVE).history == table.game.history


def test_the_error_screen_words_a_full_disk_plainly():
    import errno

    from deathmatch.scenes.app import App
    from deathmatch.scenes.error import ErrorScene

    app = App((1280, 720))
    exc = saves.DiskFullError(errno.ENOSPC, "Could not save season.json: the disk is full (/x). Your earlier "
                                            "save is kept.", "season.json")
    assert saves.save_problem(exc) == str(exc)
    assert saves.save_problem(OSError(errno.ENOSPC, "No space left on device")).startswith(
        "Could not save: the disk is full")
    scene = ErrorScene(app, exc, "crash.log")
    app.push(scene)
    app.frame([], 1 / 60)  # draws without raising


def test_a_first_start_on_a_full_disk_reports_and_goes_on(tmp_path, monkeypatch):
    """The arena kit copied on a first start: a copy the disk refuses is reported, never left half
    written (the next start copies it again), and the start goes on."""
    import errno

    from deathmatch import paths

    real = os.write
    calls = []

    def full(fd, data):  # the kit is copied with os.write (a temp file, renamed once whole)
        calls.append(fd)
        if len(calls) > 2:  # two files fit, then the disk is full, halfway through the third
            real(fd, bytes(data[:len(data) // 2]))
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    user = tmp_path / "user"
    (user / "arenas").mkdir(parents=True)  # (the folders made before the disk filled)
    monkeypatch.setattr(os, "write", full)
    monkeypatch.setattr(paths, "SETUP_PROBLEMS", [])
    user = tmp_path / "user"
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(user))
    paths.ensure_user_folders()
    monkeypatch.setattr(os, "write", real)  # room again for the rest of the start
    assert any("the disk is full" in p and "arenas folder" in p for p in paths.SETUP_PROBLEMS)
    assert fault_sweep.Checker()._kit(user) == []  # every kit file there is whole
    kit = {p.name for p in (user / "arenas").iterdir()}
    assert not any(name.startswith(".") for name in kit)  # no half copy left behind
    assert 1 <= len(kit & set(paths.TILESET_FILES)) <= 2
    from deathmatch.scenes.app import App
    from deathmatch.scenes.title import TitleScene

    app = App((1280, 720))
    app.catch_errors = False
    title = TitleScene(app)
    app.push(title)
    app.frame([], 1 / 60)
    assert "the disk is full" in title.message and "arenas folder" in title.message  # said on screen too
    monkeypatch.setattr(paths.Path, "write_bytes", real)
    paths.ensure_user_folders()  # room again: the next start copies what is missing
    assert set(paths.TILESET_FILES) <= {p.name for p in (user / "arenas").iterdir()}


def test_a_full_disk_with_no_room_for_the_temp_file_says_so_too(monkeypatch, tmp_path):
    """No free inodes: even the empty temp file is refused; the same plain words, the old file kept."""
    import errno

    path = tmp_path / "sheet.json"
    saves.write_atomic(path, "old")

    def no_room(*a, **kw):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(saves.tempfile, "mkstemp", no_room)
    with pytest.raises(saves.DiskFullError, match="Could not save sheet.json: the disk is full"):
        saves.write_atomic(path, "new")
    assert path.read_text() == "old"
