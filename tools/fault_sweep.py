"""Fault injection: kill -9 the game at random moments while it plays and saves, then load what it left.

    python tools/fault_sweep.py [--kills 50] [--seed 0] [--kinds all|KIND,...] [--max-delay 1.0] [--no-full-disk]

Kinds (each run in its own subprocess, its own DEATHMATCH_USER_DIR, headless):

- ``game:<ruleset>`` for the four games: a first start (`paths.ensure_user_folders`, the arena kit copied),
  then games played by bots (the ruleset's weakest level), the autosave written after every decision
  (`saves.write_game`, as the tables do) and the settings saved after every game; game after game
  (seeds rising) until killed.
- ``night:<ruleset>`` for every game with tournaments: bot nights (`tournament.bot_tournament`,
  `play_game_with_bots`), ``tournament.json`` saved after every decision (as the tournament screen does).
- ``season:gladiator``: Careers seasons of 4 bot ludi, the real ``deathmatch season --bots 4`` command
  (`season.cli`: the season file saved after every action), one after another.

The parent starts the child, waits for it to say it is ready, copies the whole user folder every
``--every`` seconds (a snapshot: what a reader could have seen then) and SIGKILLs it after a random
(seeded) delay. Then, in the parent (a process that never wrote those files), it loads every file of
the killed child's folder and of every snapshot through the game's own loaders -- Continue
(`saves.latest_unfinished`), the Load list (`saves.list_saves`) and each save replayed
(`saves.load_game`), the tournament loader (`Tournament.load`, which replays its games), the season
loader (`season.list_seasons`), the settings (`settings.load_settings`) and the arena kit (each kit
file present is byte for byte the bundled one) -- and checks that what was saved before the kill is
intact: each file of the last snapshot is still there, and its record is a prefix of the file's
record now (the same game with as many decisions or more; or a later game). A temp file left by
the kill is not a fault if every loader ignores it.

Full disk (``--no-full-disk`` to skip): each kind's save is made on a disk with no room left (a small
tmpfs when run as root on Linux, else a write that fails with ENOSPC) and must raise the game's
`DiskFullError` saying the disk is full and that the earlier save is kept, with the earlier file
byte for byte as it was; and a first start on a full disk must not fail (the arena kit is reported,
never left half copied).

``--control`` is the sweep's own check: the children save by plain writes (truncate, write in
place) instead of `saves.write_atomic`, and the same sweep must then find faults.

Prints a table of kinds x (runs, kills landed, kills that left a temp file mid-write, snapshots
checked, faults); exit status 1 on any fault.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import hashlib
import io
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MAX_GAME_DECISIONS = 600
"""A game child starts a new game after this many decisions (a long bot game says nothing more)."""


def games() -> list[str]:
    """Every installed game that deals a quick game (the registry's: a new game is swept without a line here)."""
    from deathmatch.core import registry

    return [m.id for m in registry.games() if m.ruleset().quick_game is not None]


def all_kinds() -> list[str]:
    from deathmatch.core import registry

    kinds = [f"game:{r}" for r in games()]
    kinds += [f"night:{r}" for r in games() if registry.get(r).tournament is not None]
    kinds += [f"season:{r}" for r in games() if registry.get(r).career is not None]
    return kinds


# ----------------------------------------------------------------------------- the children


def quick_game(ruleset_id: str, seed: int):
    """A new game of `ruleset_id` on one of its bundled arenas, as `deathmatch play` deals it."""
    from deathmatch.board.tiled import load_arena
    from deathmatch.cli import arena_path
    from deathmatch.core import registry
    from deathmatch.rulesets import DEFAULT

    players = 4 if ruleset_id == DEFAULT else None
    path = arena_path(None, players, ruleset_id)
    arena = load_arena(path)
    players = players or arena.min_players
    names = ["Vermilion", "Sky Blue", "Gold", "Jade"][:players]
    return registry.get(ruleset_id).quick_game(names, arena, seed)


def bots_for(ruleset_id: str, game, seed: int):
    from deathmatch.core import registry

    rules = registry.get(ruleset_id)
    level = rules.bot_levels[0]

    def choose(g):
        player = g.pending.player
        return rules.bot(level, player, seed * 7919 + len(g.history)).choose(g)

    return choose


def child_game(ruleset_id: str, seed: int) -> None:
    from deathmatch import paths, saves
    from deathmatch.settings import load_settings, save_settings

    print("ready", flush=True)
    paths.ensure_user_folders()  # a first start: the arena kit copied (a kill may land in it)
    for k in range(1_000_000):
        game_seed = seed * 1000 + k
        game = quick_game(ruleset_id, game_seed)
        saves.write_game(game)
        choose = bots_for(ruleset_id, game, game_seed)
        n = 0
        while not game.over and n < MAX_GAME_DECISIONS:
            game.apply(choose(game))
            saves.write_game(game)  # the autosave after every decision, as the tables make it
            n += 1
        settings, _ = load_settings()
        settings.animation_speed = 1.0 + (k % 3) / 2
        save_settings(settings)


def night_bots(ruleset_id: str) -> int:
    """How many bots a night of `ruleset_id` seats: the fewest a bundled arena of it takes."""
    from deathmatch.tournament import bot_tournament

    for bots in (4, 2, 3, 5, 6):
        if bot_tournament(bots, 1, 0, ruleset=ruleset_id, strength="normal").arenas:
            return bots
    raise SystemExit(f"no bundled arena for a night of {ruleset_id}")


def child_night(ruleset_id: str, seed: int) -> None:
    from deathmatch.core import registry
    from deathmatch.tournament import bot_tournament, play_game_with_bots

    level = registry.get(ruleset_id).bot_levels[0]
    bots = night_bots(ruleset_id)
    print("ready", flush=True)
    for k in range(1_000_000):
        t = bot_tournament(bots, 2, seed * 1000 + k, level, ruleset=ruleset_id)
        library = t.rules.library()
        t.save()
        while not t.over:
            play_game_with_bots(t, library, on_action=lambda tt: tt.save(), stop_after=MAX_GAME_DECISIONS)
            if t.current is not None:  # stopped by the cap: the game is called off, as a night's host would
                break


def child_season(ruleset_id: str, seed: int) -> None:
    from deathmatch.rulesets.gladiator.season import cli

    print("ready", flush=True)
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        for k in range(1_000_000):
            s = seed * 1000 + k
            cli(["--bots", "4", "--seed", str(s), "--name", f"Sweep {s}"])


def _plain_write(path, text: str):
    """The control's save: the file truncated and written in place, no temp file, no rename (what
    `saves.write_atomic` exists to avoid). A kill mid-write leaves half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for k in range(0, len(text), 512):  # (in pieces, as a large buffered write goes out)
            f.write(text[k:k + 512])
            f.flush()
    return path


def child(kind: str, seed: int) -> None:
    what, ruleset_id = kind.split(":")
    if os.environ.get("DEATHMATCH_SWEEP_CONTROL"):  # --control: before the modules that import write_atomic
        from deathmatch import saves

        saves.write_atomic = _plain_write
    {"game": child_game, "night": child_night, "season": child_season}[what](ruleset_id, seed)


# ----------------------------------------------------------------------------- checking a folder


class Checker:
    """Loads every file of a user folder through the game's loaders; remembers files already
    found good (by their bytes), so a snapshot's unchanged files are not replayed again."""

    def __init__(self):
        self.good: set[str] = set()

    def _known(self, path: Path) -> tuple[bool, str]:
        try:
            digest = path.name + ":" + hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            return False, ""
        return digest in self.good, digest

    def folder(self, root: Path) -> list[str]:
        """Every fault in the user folder `root` (an empty list: all of it loads)."""
        os.environ["DEATHMATCH_USER_DIR"] = str(root)
        faults: list[str] = []
        try:
            faults += self._saves(root)
            faults += self._tournament(root)
            faults += self._seasons(root)
            faults += self._settings(root)
            faults += self._kit(root)
        except Exception:  # a loader that raises instead of reporting is a fault too
            faults.append(f"{root}: a loader raised\n{traceback.format_exc()}")
        return faults

    def _saves(self, root: Path) -> list[str]:
        from deathmatch import saves

        if not (root / "saves").is_dir():
            return []
        faults = []
        for info in saves.list_saves():
            if info.error is not None:
                faults.append(f"{info.path}: the Load list says it can not be loaded: {info.error}")
                continue
            known, digest = self._known(info.path)
            if known:
                continue
            try:
                saves.load_game(info)
                self.good.add(digest)
            except Exception as e:
                faults.append(f"{info.path}: does not load: {type(e).__name__}: {e}")
        saves.latest_unfinished()  # Continue
        return faults

    def _tournament(self, root: Path) -> list[str]:
        from deathmatch.saves import TOURNAMENT_FILE
        from deathmatch.tournament import Tournament

        path = root / "saves" / TOURNAMENT_FILE
        if not path.exists():
            return []
        known, digest = self._known(path)
        if known:
            return []
        try:
            t = Tournament.load(path)
            t.resume_game()  # the game in progress, replayed
            self.good.add(digest)
        except Exception as e:
            return [f"{path}: does not load: {type(e).__name__}: {e}"]
        return []

    def _seasons(self, root: Path) -> list[str]:
        from deathmatch.rulesets.gladiator import season as S

        folder = root / "seasons"
        if not folder.is_dir():
            return []
        good, broken = S.list_seasons(folder)
        faults = [f"{p}: the seasons list says it is broken: {why}" for p, why in broken]
        for p, _ in good:
            try:
                S.load(p)
            except Exception as e:
                faults.append(f"{p}: does not load: {type(e).__name__}: {e}")
        return faults

    def _settings(self, root: Path) -> list[str]:
        from deathmatch.settings import load_settings

        if not any(root.glob("*")):
            return []
        _, problems = load_settings()
        return [f"{root}: settings: {p}" for p in problems]

    def _kit(self, root: Path) -> list[str]:
        from deathmatch.paths import PROJECT_FILES, TILESET_FILES, assets_dir, maps_dir

        folder = root / "arenas"
        faults = []
        for name in TILESET_FILES + PROJECT_FILES:
            copy = folder / name
            if not copy.exists():
                continue
            source = (assets_dir() / "tiles" / name) if name in TILESET_FILES else (maps_dir() / name)
            if copy.read_bytes() != source.read_bytes():
                faults.append(f"{copy}: the arena kit file is not whole (it differs from the bundled one)")
        return faults


def _json(path: Path):
    try:
        return json.loads(path.read_bytes().decode("utf-8-sig"))
    except (OSError, ValueError):
        return None


def _record_extends(before: dict, after: dict, what: str) -> str | None:
    """None if the record `after` is `before` with as many decisions or more, or a later game
    (its seed higher: the children number their games upward); else what is wrong."""
    if before.get("setup") == after.get("setup") and before.get("seed") == after.get("seed"):
        b, a = before.get("decisions") or [], after.get("decisions") or []
        if a[:len(b)] != b:
            return f"{what}: its {len(b)} saved decisions are not the start of the {len(a)} saved now"
        return None
    if not (isinstance(before.get("seed"), int) and isinstance(after.get("seed"), int)
            and after["seed"] > before["seed"]):
        return f"{what}: now holds an earlier or other game (seed {after.get('seed')}, was {before.get('seed')})"
    return None


def prefix_faults(snapshot: Path, final: Path) -> list[str]:
    """What the last snapshot held that the killed child's folder no longer holds intact."""
    faults = []
    for before_path in sorted(snapshot.rglob("*.json")):
        rel = before_path.relative_to(snapshot)
        if before_path.name.startswith("."):
            continue
        before, after_path = _json(before_path), final / rel
        after = _json(after_path)
        if before is None:
            continue  # (reported by the folder's check)
        if after is None:
            if rel.parts[0] == "seasons" and len(rel.parts) > 2:  # a bout kept beside its season: dropped when it ends
                continue
            faults.append(f"{after_path}: was saved before the kill, is gone or unreadable after it")
            continue
        if rel.parts[0] == "saves" and rel.name == "tournament.json":
            if before.get("seed") != after.get("seed"):
                if not (isinstance(after.get("seed"), int) and after["seed"] > before.get("seed", 0)):
                    faults.append(f"{after_path}: an earlier night than the one saved before the kill")
                continue
            b, a = before.get("records") or [], after.get("records") or []
            if a[:len(b)] != b:
                faults.append(f"{after_path}: the {len(b)} games saved before the kill are not intact")
            elif len(a) == len(b) and before.get("current"):
                if not after.get("current"):
                    faults.append(f"{after_path}: the game in progress was lost")
                else:
                    bad = _record_extends(before["current"], after["current"], f"{after_path} (game in progress)")
                    faults += [bad] if bad else []
        elif rel.parts[0] == "saves":
            bad = _record_extends(before, after, str(after_path))
            faults += [bad] if bad else []
        elif rel.parts[0] == "seasons" and len(rel.parts) == 2:
            b, a = before.get("actions") or [], after.get("actions") or []
            if a[:len(b)] != b:
                faults.append(f"{after_path}: the season's {len(b)} actions saved before the kill are not intact")
    return faults


# ----------------------------------------------------------------------------- the sweep


def snapshot(src: Path, dst: Path) -> None:
    """Copy the user folder as a reader would find it now (a file renamed away meanwhile: skipped)."""
    for dirpath, _, files in os.walk(src):
        d = Path(dirpath)
        out = dst / d.relative_to(src)
        out.mkdir(parents=True, exist_ok=True)
        for name in files:
            try:
                data = (d / name).read_bytes()
            except OSError:
                continue
            (out / name).write_bytes(data)


def one_run(kind: str, index: int, rng: random.Random, work: Path, max_delay: float, every: float,
            checker: Checker) -> tuple[list[str], bool, bool, int]:
    """(faults, whether the kill landed while the child ran, whether it left a temp file: mid-write,
    how many snapshots were checked)."""
    run = work / f"{kind.replace(':', '-')}-{index}"
    root = run / "user"
    root.mkdir(parents=True)
    env = dict(os.environ, DEATHMATCH_USER_DIR=str(root), PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    delay = rng.uniform(0.0, max_delay)
    with open(run / "stderr.txt", "wb") as err:
        proc = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--child", kind,
                                 "--child-seed", str(index)], stdout=subprocess.PIPE, stderr=err, env=env)
        ready = proc.stdout.readline()
        snaps: list[Path] = []
        if ready.strip() == b"ready":
            t0 = time.monotonic()
            next_snap = t0 + every
            while True:
                now = time.monotonic()
                if now - t0 >= delay or proc.poll() is not None:
                    break
                if now >= next_snap:
                    snaps.append(run / f"snap-{len(snaps)}")
                    snapshot(root, snaps[-1])
                    next_snap = time.monotonic() + every
                time.sleep(min(0.01, max(0.0, delay - (now - t0))))
        killed = proc.poll() is None
        if killed:
            proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
    mid_write = any(p.name.startswith(".") and p.name.endswith((".tmp", ".copying")) for p in root.rglob(".*"))
    faults = []
    if not killed:
        faults.append(f"{kind} #{index}: the child ended by itself (exit {proc.returncode}) before the kill:\n"
                      + (run / "stderr.txt").read_text(errors="replace")[-2000:])
    for snap in snaps:
        faults += [f"{kind} #{index} snapshot {snap.name}: {f}" for f in checker.folder(snap / "")]
    faults += [f"{kind} #{index} after the kill: {f}" for f in checker.folder(root)]
    if snaps:
        faults += [f"{kind} #{index}: {f}" for f in prefix_faults(snaps[-1], root)]
    return faults, killed, mid_write, len(snaps)


def sweep(kinds: list[str], kills: int, seed: int = 0, max_delay: float = 1.0, every: float = 0.1,
          keep: Path | None = None, out=sys.stdout) -> dict[str, tuple[int, int, int, int, int]]:
    """Run `kills` kills of each kind; returns {kind: (runs, kills landed, of them mid-write, snapshots
    checked, faults)} and prints the faults."""
    results = {}
    work = Path(tempfile.mkdtemp(prefix="fault-sweep-")) if keep is None else keep
    saved_env = os.environ.get("DEATHMATCH_USER_DIR")
    try:
        for kind in kinds:
            rng = random.Random(f"{seed}:{kind}")
            checker = Checker()
            faults = landed = torn = snapshots = 0
            t0 = time.perf_counter()
            for i in range(kills):
                found, killed, mid_write, snaps = one_run(kind, seed * 100_000 + i, rng, work, max_delay, every,
                                                          checker)
                landed += killed
                torn += mid_write
                snapshots += snaps
                for f in found:
                    print(f"FAULT {f}", file=out)
                faults += len(found)
                if keep is None and not found:
                    shutil.rmtree(work / f"{kind.replace(':', '-')}-{seed * 100_000 + i}", ignore_errors=True)
            results[kind] = (kills, landed, torn, snapshots, faults)
            print(f"  {kind}: {kills} runs, {landed} killed mid-play ({torn} mid-write), {snapshots} snapshots, "
                  f"{faults} faults "
                  f"({time.perf_counter() - t0:.0f} s)", file=out, flush=True)
    finally:
        if saved_env is None:
            os.environ.pop("DEATHMATCH_USER_DIR", None)
        else:
            os.environ["DEATHMATCH_USER_DIR"] = saved_env
        if keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return results


# ----------------------------------------------------------------------------- the full disk


class _FullDiskFile:
    """A text file whose writes fail as a full disk's do (half the text written, then ENOSPC)."""

    def __init__(self, f):
        self.f = f

    def write(self, text):
        self.f.write(text[:len(text) // 2])
        self.f.flush()
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name):
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()
        return False


@contextlib.contextmanager
def disk_full_by_patch():
    """Every save's write fails with ENOSPC (the save module's `os.fdopen` hands out a failing file)."""
    from deathmatch import saves

    real = saves.os.fdopen

    class _Os:
        def __getattr__(self, name):
            return getattr(os, name)

        @staticmethod
        def fdopen(*a, **kw):
            return _FullDiskFile(real(*a, **kw))

    saves.os = _Os()
    try:
        yield
    finally:
        saves.os = os


@contextlib.contextmanager
def tmpfs(size: str = "256k"):
    """A small tmpfs mounted on a new folder (root on Linux only); None when it can not be had."""
    if not (sys.platform.startswith("linux") and hasattr(os, "geteuid") and os.geteuid() == 0):
        yield None
        return
    folder = Path(tempfile.mkdtemp(prefix="fault-disk-"))
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                             capture_output=True).returncode == 0
    try:
        yield folder if mounted else None
    finally:
        if mounted:
            subprocess.run(["umount", str(folder)], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def fill(folder: Path) -> None:
    """Fill the disk `folder` is on to the last byte."""
    for name, size in (("filler", 4096), ("filler2", 1)):  # whole blocks, then the last part-block
        fd = os.open(folder / name, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            while True:
                os.write(fd, b"\0" * size)
        except OSError as e:
            if e.errno != errno.ENOSPC:
                raise
        finally:
            os.close(fd)


def full_disk_saves(root: Path, full) -> list[str]:
    """Save each kind of file once in `root`, make the disk full (`full()`: a context), save again:
    the faults (an empty list: every save said the disk is full and kept the earlier file whole)."""
    from deathmatch import saves
    from deathmatch.rulesets.gladiator import season as S
    from deathmatch.settings import load_settings, save_settings
    from deathmatch.tournament import bot_tournament

    os.environ["DEATHMATCH_USER_DIR"] = str(root)
    faults = []
    makers = []
    for r in games():
        game = quick_game(r, 5)
        choose = bots_for(r, game, 5)
        for _ in range(3):
            game.apply(choose(game))

        def save_game(g=game, c=choose, slot=f"full-{r}", first=[True]):  # a slot each: none overwrites another's
            if not first[0] and not g.over:
                g.apply(c(g))
            first[0] = False
            return saves.write_game(g, slot)

        makers.append((f"game:{r} autosave", save_game))
    t = bot_tournament(night_bots("celebrity"), 2, 3, "normal")
    makers.append(("night:celebrity tournament.json", lambda: t.save()))
    from deathmatch.rulesets.gladiator.season import free_path, rules_for_careers
    from deathmatch.rulesets.gladiator.career import Season

    name, spath = free_path("Full disk")
    season = Season(1, "round-robin", None, rules_for_careers().career.deck(), name, bot_ludi=4)

    def save_season(first=[True]):
        if not first[0]:
            season.found(f"Ludus {len(season.ludi) + 1}", "Sweep")  # one more action to keep
        first[0] = False
        return S.save(season, spath)

    makers.append(("season:gladiator season file", save_season))
    settings, _ = load_settings()

    def save_set(first=[True]):
        if not first[0]:
            settings.animation_speed = 2.5
        first[0] = False
        return save_settings(settings)

    makers.append(("settings.json", save_set))
    written = []
    for what, make in makers:
        path = make()
        written.append((what, make, path, path.read_bytes()))
    with full():
        for what, make, path, before in written:
            try:
                make()
            except saves.DiskFullError as e:
                message = str(e)
                if "disk is full" not in message or "earlier save is kept" not in message:
                    faults.append(f"{what}: the message does not say the disk is full: {message!r}")
                if saves.save_problem(e) != message:
                    faults.append(f"{what}: the screens' message is not the error's: {saves.save_problem(e)!r}")
            except Exception as e:
                faults.append(f"{what}: a full disk raised {type(e).__name__}: {e}, not DiskFullError")
            else:
                said = saves.write_problems().get("The settings", "") if what == "settings.json" else ""
                if "disk is full" not in said or "earlier save is kept" not in said:  # (settings never raise:
                    faults.append(f"{what}: saved on a full disk?")  # the title screen says it, from here)
            if path.read_bytes() != before:
                faults.append(f"{what}: the earlier file {path} was changed by the failed save")
            left = [p.name for p in path.parent.glob(f".{path.stem}.*")]
            if left:
                faults.append(f"{what}: the failed save left temp files {left}")
    return faults


def full_disk_first_start(root: Path) -> list[str]:
    """A first start (`paths.ensure_user_folders`) on a full disk: no exception, the problem reported,
    no kit file half copied."""
    from deathmatch import paths

    os.environ["DEATHMATCH_USER_DIR"] = str(root)
    paths.SETUP_PROBLEMS.clear()
    try:
        with contextlib.redirect_stderr(io.StringIO()):  # (what it says is checked below)
            paths.ensure_user_folders()
    except Exception as e:
        return [f"first start on a full disk raised {type(e).__name__}: {e}"]
    faults = Checker()._kit(root)
    if not any("disk is full" in p for p in paths.SETUP_PROBLEMS):
        faults.append(f"first start on a full disk did not say the disk is full: {paths.SETUP_PROBLEMS}")
    return faults


def full_disk(out=sys.stdout) -> tuple[str, list[str]]:
    """(how the disk was made full, faults)."""
    saved_env = os.environ.get("DEATHMATCH_USER_DIR")
    try:
        with tmpfs("256k") as disk:
            if disk is not None:
                root = disk / "user"
                root.mkdir()
                faults = full_disk_saves(root, lambda: _filled(disk))
                with tmpfs("64k") as small:  # the arena kit is larger than this
                    faults += full_disk_first_start(small / "user") if small is not None else []
                how = "a 256 kB tmpfs filled to the last byte (and a 64 kB one for a first start)"
            else:
                with tempfile.TemporaryDirectory() as tmp:
                    faults = full_disk_saves(Path(tmp), disk_full_by_patch)
                how = "writes that fail with ENOSPC (monkeypatched; no tmpfs without root on Linux)"
    finally:
        if saved_env is None:
            os.environ.pop("DEATHMATCH_USER_DIR", None)
        else:
            os.environ["DEATHMATCH_USER_DIR"] = saved_env
    for f in faults:
        print(f"FAULT full disk: {f}", file=out)
    return how, faults


@contextlib.contextmanager
def _filled(disk: Path):
    fill(disk)
    try:
        yield
    finally:
        for name in ("filler", "filler2"):
            with contextlib.suppress(OSError):
                (disk / name).unlink()


# ----------------------------------------------------------------------------- the command


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=50, help="kills per kind (default 50)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--kinds", default="all", help="all, or a comma-separated list (game:celebrity,night:supers,...)")
    ap.add_argument("--max-delay", type=float, default=1.0,
                    help="the kill lands 0 to this many seconds after the child is ready")
    ap.add_argument("--every", type=float, default=0.1, help="a snapshot of the folder every this many seconds")
    ap.add_argument("--keep", type=Path, default=None,
                    help="keep every run's folder here (else only in a temp folder, removed)")
    ap.add_argument("--no-full-disk", action="store_true")
    ap.add_argument("--control", action="store_true",
                    help="a control run: the children save by plain writes, not atomically; the sweep must find faults")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--child-seed", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child, args.child_seed)
        return 0
    known = all_kinds()
    kinds = known if args.kinds == "all" else [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in known]
    if unknown:
        ap.error(f"unknown kinds {unknown}: choose from {', '.join(known)}")
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    if args.control:
        os.environ["DEATHMATCH_SWEEP_CONTROL"] = "1"
        args.no_full_disk = True
    t0 = time.perf_counter()
    results = sweep(kinds, args.kills, args.seed, args.max_delay, args.every, args.keep)
    total = sum(f for *_, f in results.values())
    print(f"\n{'kind':20s} {'runs':>5} {'killed':>7} {'mid-write':>9} {'snapshots':>9} {'faults':>7}")
    for kind, (runs, landed, torn, snapshots, faults) in results.items():
        print(f"{kind:20s} {runs:>5} {landed:>7} {torn:>9} {snapshots:>9} {faults:>7}")
    if not args.no_full_disk:
        how, faults = full_disk()
        total += len(faults)
        print(f"{'full disk':20s} {'':>5} {'':>7} {'':>9} {'':>9} {len(faults):>7}   ({how})")
    print(f"{total} faults in {time.perf_counter() - t0:.0f} s")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
