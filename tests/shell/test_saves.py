"""Saved games (deathmatch/saves.py) and crash logs (deathmatch/crash.py)."""

import json
import logging
import logging.handlers
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from conftest import ROOT
from deathmatch import saves
from deathmatch.rulesets.celebrity import RecordError
from deathmatch.rulesets.celebrity.randomplay import random_answer, random_game
from deathmatch.saves import AUTOSAVE, latest_unfinished, list_saves, load_game, saves_dir, write_game


def play(library, seed, decisions, *, players=4):
    """A seeded random game after `decisions` random answers (or fewer if it ends)."""
    game = random_game(library, seed, players=players)
    rng = random.Random(seed + 1)
    for _ in range(decisions):
        if game.over:
            break
        game.apply(random_answer(game, rng))
    return game


def finished(library, seed):
    game = play(library, seed, 100_000, players=2)
    assert game.over
    return game


def test_saves_dir_is_in_the_private_user_folder(tmp_path):
    assert saves_dir() == tmp_path / "userdata" / "saves"
    assert saves_dir().is_dir()


def test_round_trip(library):
    game = play(library, 7, 60)
    path = write_game(game)
    assert path == saves_dir() / "autosave.json"
    loaded = load_game(AUTOSAVE)
    assert loaded.snapshot() == game.snapshot()
    assert loaded.history == game.history
    # by path and by SaveInfo too
    assert load_game(path).snapshot() == game.snapshot()
    assert load_game(list_saves()[0]).snapshot() == game.snapshot()
    # and play goes on identically from both
    rng_a, rng_b = random.Random(99), random.Random(99)
    for _ in range(20):
        if game.over:
            break
        game.apply(random_answer(game, rng_a))
        loaded.apply(random_answer(loaded, rng_b))
    assert loaded.snapshot() == game.snapshot()


def test_round_trip_of_a_finished_game(library):
    game = finished(library, 3)
    write_game(game, "done")
    assert load_game("done").snapshot() == game.snapshot()


def test_file_is_a_game_record_plus_meta(library):
    game = play(library, 5, 40)
    data = json.loads(write_game(game, "mine").read_text(encoding="utf-8"))
    assert data["format"] == "deathmatch-record" and data["version"] == 2
    assert data["ruleset"] == {"id": "celebrity", "version": 1} and data["seed"] == data["setup"]["seed"]
    meta = data["meta"]
    assert meta["arena"] == game.arena.name
    assert meta["players"] == game.players
    assert meta["round"] == game.round
    assert meta["over"] is False
    assert meta["saved_at"].endswith("+00:00")
    # the engine's own reader takes the file as it is (it ignores the meta)
    from deathmatch.rulesets.celebrity import GameRecord

    assert GameRecord.from_json(data).replay().snapshot() == game.snapshot()


def test_write_is_atomic(library, monkeypatch):
    old = play(library, 11, 30)
    path = write_game(old, "slot")
    before = path.read_bytes()
    calls = []
    real_replace = os.replace

    def refuse(src, dst, *a, **kw):
        calls.append((Path(src), Path(dst)))
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="disk on fire"):
        write_game(play(library, 11, 50), "slot")
    monkeypatch.setattr(os, "replace", real_replace)
    # it went through a temp file in the same folder, onto the slot's file
    (src, dst), = calls
    assert src.parent == saves_dir() and src != path and dst == path
    assert path.read_bytes() == before
    assert sorted(p.name for p in saves_dir().iterdir()) == ["slot.json"]  # no temp left behind
    assert load_game("slot").snapshot() == old.snapshot()


def test_write_fails_cleanly_when_the_data_can_not_be_written(library, monkeypatch):
    path = write_game(play(library, 11, 10), "slot")
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError("fsync failed")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_game(play(library, 11, 20), "slot")
    assert path.read_bytes() == before
    assert [p.name for p in saves_dir().iterdir()] == ["slot.json"]


def test_a_stale_temp_from_a_killed_process_is_swept_by_the_next_save(library):
    write_game(play(library, 1, 5), "slot")
    stale = saves_dir() / ".slot.abc123.tmp"
    fresh = saves_dir() / ".slot.def456.tmp"  # maybe another process mid-write: left alone
    stale.write_text("{half")
    fresh.write_text("{half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    assert [i.slot for i in list_saves()] == ["slot"]  # temp files are never listed
    write_game(play(library, 1, 6), "slot")
    assert not stale.exists() and fresh.exists()


@pytest.mark.parametrize("slot, name", [
    # a name that is not plain lower-case ASCII keeps what it can and adds a hash of the exact name (issue 13)
    ("../../evil", "______evil-*.json"),
    ("/etc/passwd", "_etc_passwd-*.json"),
    ("..", "__-*.json"),
    ("", "save-*.json"),
    ("C:\\Windows\\x", "C__Windows_x-*.json"),
    ("My game 2", "My_game_2-*.json"),
    ("ok-name_1", "ok-name_1.json"),
    ("CON", "CON-*.json"),
    ("con", "con-*.json"),
    ("a\x00b", "a_b-*.json"),
])
def test_slot_names_can_not_escape_the_folder(library, slot, name):
    from fnmatch import fnmatchcase

    path = write_game(play(library, 2, 5), slot)
    assert path.parent == saves_dir()
    assert fnmatchcase(path.name, name) and len(path.name) == len(name) + (7 if "*" in name else 0), path.name
    assert load_game(slot).snapshot() == load_game(path).snapshot()
    assert not (saves_dir().parent.parent / "evil.json").exists()


def test_slot_name_length_is_capped(library):
    path = write_game(play(library, 2, 5), "x" * 500)
    assert path.parent == saves_dir() and len(path.name) < 100


def test_listing_shows_meta_newest_first(library):
    a = play(library, 21, 40)
    write_game(a, "first")
    b = finished(library, 22)
    write_game(b, "second")
    infos = list_saves()
    assert [i.slot for i in infos] == ["second", "first"]
    second, first = infos
    assert first.arena == a.arena.name and first.players == a.players and first.round == a.round
    assert first.over is False and second.over is True
    assert first.error is None and second.error is None
    assert first.saved_at is not None and first.saved_at.tzinfo is not None
    assert first.saved_at <= second.saved_at
    assert first.path == saves_dir() / "first.json"


def _broken_files(library):
    """name → bytes of each kind of bad save, written into the saves folder."""
    good = json.loads(write_game(play(library, 31, 20), "good").read_text(encoding="utf-8"))
    newer = dict(good, version=99)
    newer["meta"] = dict(good["meta"], arena="Future Arena")
    illegal = dict(good, decisions=good["decisions"] + [good["decisions"][0]])  # a placement made twice
    files = {
        "corrupt.json": json.dumps(good)[:500].encode(),
        "newer.json": json.dumps(newer).encode(),
        "notjson.json": b"\x89PNG\r\n\x1a\n\x00\x00binary",
        "text.json": b"hello there\nnot json at all\n",
        "list.json": b"[1, 2, 3]",
        "wrongformat.json": json.dumps({"format": "something-else"}).encode(),
        "illegal.json": json.dumps(illegal).encode(),
        "badsetup.json": json.dumps(dict(good, setup={"arena": {}})).encode(),
        "baddecision.json": json.dumps(dict(good, decisions=[{"type": "teleport"}])).encode(),
    }
    for name, data in files.items():
        (saves_dir() / name).write_bytes(data)
    return files


def test_listing_includes_broken_files_and_never_touches_them(library):
    files = _broken_files(library)
    stats = {n: (saves_dir() / n).stat().st_mtime_ns for n in files}
    infos = {i.slot: i for i in list_saves()}
    assert set(infos) == {"good"} | {n[:-5] for n in files}
    assert infos["good"].error is None
    assert infos["corrupt"].error.startswith("not valid JSON (line 1")
    assert "newer version (99)" in infos["newer"].error
    assert infos["newer"].arena == "Future Arena"  # best effort: its meta is still shown
    assert infos["notjson"].error.startswith("not a text file")
    assert infos["text"].error.startswith("not valid JSON (line 1")
    assert infos["list"].error == "not a Deathmatch game record"
    assert infos["wrongformat"].error == "not a Deathmatch game record"
    assert "bad setup" in infos["badsetup"].error
    assert "decision 1" in infos["baddecision"].error
    # the listing does not replay: an illegal decision only shows on loading
    assert infos["illegal"].error is None
    for name, data in files.items():
        p = saves_dir() / name
        assert p.read_bytes() == data and p.stat().st_mtime_ns == stats[name]


def test_loading_broken_files_says_why_and_leaves_them_alone(library):
    files = _broken_files(library)
    expect = {
        "corrupt": r"^not valid JSON \(line 1",
        "newer": r"^made by a newer version \(99\) of the game",
        "notjson": r"^not a text file",
        "list": r"^not a Deathmatch game record$",
        "illegal": r"^decision 21 \(.*\) is illegal on replay",
        "badsetup": r"bad setup",
        "baddecision": r"^decision 1: ",
    }
    for slot, pattern in expect.items():
        with pytest.raises(RecordError, match=pattern):
            load_game(slot)
    with pytest.raises(RecordError, match=r"^no such save"):
        load_game("nothing here")
    with pytest.raises(RecordError, match=r"^no such save"):
        load_game(Path("/nonexistent/dir/x.json"))
    for name, data in files.items():
        assert (saves_dir() / name).read_bytes() == data


def test_empty_folder():
    assert list_saves() == []
    assert latest_unfinished() is None


def test_latest_unfinished_skips_finished_and_broken_saves(library):
    write_game(play(library, 41, 30), "older unfinished")
    time.sleep(0.01)
    write_game(finished(library, 42), "finished")
    time.sleep(0.01)
    (saves_dir() / "broken.json").write_text("{oops", encoding="utf-8")
    future = json.loads(write_game(play(library, 43, 10), "future").read_text(encoding="utf-8"))
    future["version"] = 99
    (saves_dir() / "future.json").write_text(json.dumps(future), encoding="utf-8")
    os.utime(saves_dir() / "broken.json")  # the newest file of all
    best = latest_unfinished()
    assert best is not None and best.name == "older unfinished" and best.slot.startswith("older_unfinished-")
    assert load_game(best.path).over is False
    # a newer unfinished one takes over
    time.sleep(0.01)
    write_game(play(library, 44, 10))
    assert latest_unfinished().slot == AUTOSAVE


def test_a_save_without_meta_still_lists_and_loads(library):
    from deathmatch.rulesets.celebrity import GameRecord

    game = play(library, 51, 25)
    (saves_dir() / "bare.json").write_text(GameRecord.of(game).dumps(), encoding="utf-8")
    info, = list_saves()
    assert info.error is None and info.players == [p.name for p in game.setup.players]
    assert info.saved_at is None
    assert load_game("bare").snapshot() == game.snapshot()


# ---------------------------------------------------------------- kill test

KILLED_WRITER = textwrap.dedent("""
    import random, sys
    sys.path.insert(0, {root!r})
    from deathmatch.rulesets.celebrity.cards import load_cards
    from deathmatch.rulesets.celebrity.randomplay import random_answer, random_game
    from deathmatch.rulesets.celebrity.cards import bundled_cards_dir
    from deathmatch.saves import write_game

    seed = {seed}
    library = load_cards([bundled_cards_dir()])
    game = random_game(library, seed, players=4, round_limit=None)
    rng = random.Random(seed + 1)
    write_game(game)
    print("started", flush=True)
    while not game.over:
        game.apply(random_answer(game, rng))
        write_game(game)
    print("finished", flush=True)
""")


def _replay_independently(library, seed, decisions):
    game = random_game(library, seed, players=4, round_limit=None)
    rng = random.Random(seed + 1)
    for _ in range(decisions):
        game.apply(random_answer(game, rng))
    return game


def _kill_a_writer(library, seed, target):
    """Run the writer, SIGKILL it once its autosave has `target` decisions; check the save is whole.

    Returns whether the kill left a temp file (i.e. landed inside a write).
    """
    for p in saves_dir().iterdir():
        p.unlink()
    proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER.format(root=str(ROOT), seed=seed)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    path = saves_dir() / "autosave.json"
    try:
        deadline = time.monotonic() + 60
        seen = 0
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                # a reader racing the writer: every read must be a whole file
                seen = len(json.loads(path.read_text(encoding="utf-8"))["decisions"])
            except FileNotFoundError:
                pass
            if seen >= target:
                break
            time.sleep(0.002)
        assert proc.poll() is None, f"the writer stopped early: {proc.communicate()}"
        assert seen >= target, "the writer made too little progress in 60 s"
        time.sleep(random.Random(seed).uniform(0, 0.02))  # land the kill anywhere in a write
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        proc.stdout.close()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL

    loaded = load_game(AUTOSAVE)
    n = len(loaded.history)
    assert n >= seen
    assert not loaded.over
    assert loaded.snapshot() == _replay_independently(library, seed, n).snapshot()
    # a kill mid-write may leave one temp file: it is not a save, and the next save sweeps it once stale
    temps = [p for p in saves_dir().iterdir() if p.suffix == ".tmp"]
    assert len(temps) <= 1
    assert [i.slot for i in list_saves()] == [AUTOSAVE]
    return bool(temps)


def test_sigkill_mid_autosave_never_leaves_a_torn_save(library):
    """Kill writers until one dies inside a write (about 1 kill in 3 does), checking every time."""
    assert os.environ["DEATHMATCH_USER_DIR"]  # the child inherits the private user folder
    inside = 0
    for attempt, seed in enumerate([1234, 99, 5, 17, 2024, 8]):
        inside += _kill_a_writer(library, seed, 30 + 15 * attempt)
        if inside and attempt >= 1:
            break


# ---------------------------------------------------------------- crash logs


def test_crash_log_content(tmp_path):
    from deathmatch import __version__, crash

    def explode():
        raise ZeroDivisionError("the arena divided by zero")

    try:
        explode()
    except ZeroDivisionError as e:
        path = crash.write_crash_log(e, context="round 3, Napoleon attacking Boudica")
    assert path.parent == tmp_path / "userdata" / "logs" == crash.logs_dir()
    assert path.name.startswith("crash-") and path.suffix == ".txt"
    text = path.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "in explode" in text and "ZeroDivisionError: the arena divided by zero" in text
    assert f"Game version:  {__version__}" in text
    assert sys.version.split()[0] in text
    import platform

    assert platform.platform() in text
    assert "round 3, Napoleon attacking Boudica" in text


def test_crash_logs_do_not_overwrite_each_other():
    from deathmatch import crash

    paths = {crash.write_crash_log(RuntimeError(f"boom {i}")) for i in range(5)}
    assert len(paths) == 5 and all(p.exists() for p in paths)


def test_crash_log_never_raises(tmp_path, monkeypatch):
    from deathmatch import crash

    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("x")
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(blocker))  # logs dir can not be made
    monkeypatch.setattr(crash.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))

    class Nasty(Exception):
        def __str__(self):
            raise RuntimeError("str fails too")

    path = crash.write_crash_log(Nasty(), context="fallback")
    assert path.parent == tmp_path / "tmp" / "deathmatch-logs"
    assert "Nasty" in path.read_text(encoding="utf-8")

    monkeypatch.setattr(crash.tempfile, "gettempdir", lambda: str(blocker))  # the fallback fails as well
    path = crash.write_crash_log(ValueError("nowhere to go"))
    assert isinstance(path, Path)


def test_install_logging_writes_a_rotating_file_without_a_console_handler(tmp_path):
    from deathmatch import crash

    root = logging.getLogger()
    before = list(root.handlers)
    level = root.level
    try:
        path = crash.install_logging()
        again = crash.install_logging()  # idempotent: one handler, not two
        assert path == again == tmp_path / "userdata" / "logs" / "deathmatch.log"
        ours = [h for h in root.handlers if h not in before]
        assert len(ours) == 1 and isinstance(ours[0], logging.handlers.RotatingFileHandler)
        assert not any(type(h) is logging.StreamHandler for h in ours)
        logging.getLogger("deathmatch.test").warning("hello from the test")
        crash.write_crash_log(KeyError("k"), "logged too")
        for h in ours:
            h.flush()
        text = path.read_text(encoding="utf-8")
        assert "hello from the test" in text and "crash log written to" in text
    finally:
        for h in [h for h in root.handlers if h not in before]:
            root.removeHandler(h)
            h.close()
        root.setLevel(level)
        logging.captureWarnings(False)



@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX's")
def test_an_atomic_write_gives_the_file_a_normal_mode_not_the_temp_files_owner_only_one(tmp_path):
    """mkstemp makes its file owner-only (0600) and os.replace kept that: an exported season sheet or CSV
    was unreadable to anyone else on the machine. A new file gets the mode the umask gives any new file; a
    file written again keeps its own mode."""
    mask = os.umask(0o022)
    os.umask(mask)
    new = saves.write_atomic(tmp_path / "sheet.html", "<p>hi</p>")
    assert new.stat().st_mode & 0o777 == 0o666 & ~mask
    if not mask & 0o044:
        assert new.stat().st_mode & 0o044  # readable by others, as any file the user makes
    os.chmod(new, 0o600)
    saves.write_atomic(new, "<p>again</p>")
    assert new.stat().st_mode & 0o777 == 0o600 and new.read_text() == "<p>again</p>"
