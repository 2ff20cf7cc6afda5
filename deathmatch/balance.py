"""The balance lab: many seeded bot games, and what they say about each character card.

    deathmatch simulate --games N --players P [--arena A] [--bots normal] [--beasts]
                        [--seed S] [--jobs J] [--json FILE] [--csv FILE] [--round-limit R]
                        [--ruleset ID] [--cluster ADDRESS|local] [--results FILE | --resume FILE]
                        [--quiet]

This module is the lab's driver, the same for every ruleset: seeds, the arena
rotation, the bots (`Ruleset.bot`), the games played through the core's loop
(`core.loop.play_until_over`) in one process, in a pool of --jobs processes or on
a Dask distributed cluster (--cluster, the optional extra `deathmatch[cluster]`),
progress, the results file a stopped run keeps (--results, --resume), the
report's frame and its files. What a ruleset counts and how it reports it (for Celebrity
Deathmatch: the statistics below, in `deathmatch/rulesets/celebrity/lab.py`) it
gives through the registry (`Ruleset.lab`, a `core.registry.LabRules`).

Every seat is a bot of one strength; cards are dealt at random from the
bundled cards; each game's setup, dice and bots are seeded from S and the
game's index alone, so a run is reproducible and does not depend on --jobs or
on the cluster: the games may finish in any order and on any machine, the
report is made from them in index order. Engine side: no pygame.

For each card: games played, win rate (a shared win counts 1/k to each of
the k winners; in 2–4 player games both of the winning player's cards get
it) with its 95 % Wilson interval, the mean VP and mean placement of the
card's player (1 = best; tied players share the average of their places),
and for each of its abilities how often it was played (games with at least
one `AbilityPlayed` event, as a share of the card's games) and the mean VP
of the card's player in games where it was played and where it was not.

A card is flagged "strong" when the lower bound of its interval is above
the fair share 1/P, "weak" when the upper bound is below it. (With ~30
cards, about one or two flags in a run may be chance at 95 %.)

Also, over all games: how they ended; "won by last standing" (the winner is
the player whose model was left standing); "loot decided" (a sole winner
whose loot VP is positive and at least the margin over the runner-up; a
shared win is never loot decided); the same test for the last-standing
bonus; games where beasts took at least one life / killed a model; and the
share of all VP scored from loot, lives, kills, last standing and abilities.

In the JSON, rates are fractions (0–1), rounded to 4 places, VP and
placements to 3; `options` holds every option that changes the results
(not --jobs nor the output files), and `command` re-runs it.

API: `SimConfig`, `play_game(config, index)`, `play_games(config, indices)`,
`simulate(config, jobs, progress, cluster, results)`, `ResultsFile`, `fingerprint`,
`summarize(config, results)`, `wilson`, `flag`, `render_table`,
`write_json`, `write_csv`, `run`, `cli`.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import logging
import os
import stat
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence, TextIO

from . import safefile
from .core import registry
from .core.stats import flag, wilson  # noqa: F401  (the lab's statistics, by their old names)
from .core.dice import game_seed
from .rulesets import DEFAULT

MIN_PLAYERS, MAX_PLAYERS = 2, 10
DEFAULT_ROUND_LIMIT = 15
DEFAULT_SEED = 1
MAX_RESULTS_LINE = 1_000_000
"""The longest line of a `--results` file read back (one game's summary is about a kilobyte)."""
MAX_DECISIONS = 200_000
"""A game that needs more decisions than this is a bug: it raises instead of hanging."""


class BalanceError(ValueError):
    """A bad option: the message is one line for the player."""


# --- the configuration -------------------------------------------------------------------


@dataclass(frozen=True)
class SimConfig:
    """Everything that decides a run's results (not how many processes play it)."""

    games: int
    players: int
    arena: str | None = None
    """A bundled arena's name; None: the rotation of every bundled arena that fits `players`."""
    bots: str = "normal"
    beasts: bool = False
    seed: int = DEFAULT_SEED
    round_limit: int = DEFAULT_ROUND_LIMIT
    arenas: tuple[str, ...] = field(default=())
    """The arenas the games rotate through (filled in by `checked`)."""
    ruleset: str = DEFAULT
    """The ruleset the games play (`--ruleset`; its lab part counts what it reports)."""

    @property
    def rules(self):
        """The ruleset's part of the lab (`core.registry.LabRules`)."""
        return registry.get(self.ruleset).lab

    def command(self) -> str:
        """The `deathmatch simulate` command line that gives these results."""
        parts = ["deathmatch simulate", f"--games {self.games}", f"--players {self.players}"]
        if self.arena:
            parts.append(f"--arena {self.arena}")
        parts.append(f"--bots {self.bots}")
        if self.beasts:
            parts.append("--beasts")
        parts += [f"--seed {self.seed}", f"--round-limit {self.round_limit}"]
        if self.ruleset != DEFAULT:
            parts.append(f"--ruleset {self.ruleset}")
        return " ".join(parts)

    def checked(self) -> SimConfig:
        """This config with its arena rotation filled in; BalanceError if an option is bad."""
        try:
            ruleset = registry.get(self.ruleset)
        except KeyError as e:
            raise BalanceError(str(e.args[0])) from None
        if ruleset.lab is None or ruleset.bot is None:
            raise BalanceError(f"{ruleset.name} has no balance lab")
        if self.games < 1:
            raise BalanceError(f"--games must be at least 1, not {self.games}")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise BalanceError(f"--players must be {MIN_PLAYERS}–{MAX_PLAYERS}, not {self.players}")
        if self.round_limit < 1:
            raise BalanceError(f"--round-limit must be at least 1, not {self.round_limit}")
        if self.bots not in ruleset.bot_levels:
            raise BalanceError(f"unknown bot strength {self.bots!r}: choose one of {', '.join(ruleset.bot_levels)}")
        ranges = bundled_arenas(self.ruleset)
        if self.arena is not None:
            if self.arena not in ranges:
                raise BalanceError(f"unknown arena {self.arena!r}: choose one of {', '.join(ranges)}")
            lo, hi = ranges[self.arena]
            if not lo <= self.players <= hi:
                raise BalanceError(f"arena {self.arena} takes {lo}–{hi} players, not {self.players}")
            arenas = (self.arena,)
        else:
            arenas = tuple(name for name, (lo, hi) in ranges.items() if lo <= self.players <= hi)
            if not arenas:
                raise BalanceError(f"no bundled arena takes {self.players} players")
        return SimConfig(self.games, self.players, self.arena, self.bots, self.beasts, self.seed,
                         self.round_limit, arenas, self.ruleset)


_ARENA_RANGES: dict[str, dict[str, tuple[int, int]]] = {}
_ARENAS: dict = {}


def bundled_arenas(ruleset: str = DEFAULT) -> dict[str, tuple[int, int]]:
    """Every playable bundled arena of `ruleset` (its map's `rulesets` names it) by name (the .tmx
    file's stem), sorted: its (min, max) players."""
    if ruleset not in _ARENA_RANGES:
        from .paths import maps_dir

        ranges = {}
        for path in sorted(maps_dir().glob("*.tmx")):
            arena = _arena(path.stem, quiet=True)
            if arena is not None and ruleset in arena.rulesets:
                ranges[path.stem] = (arena.min_players, arena.max_players)
        _ARENA_RANGES[ruleset] = ranges
    return _ARENA_RANGES[ruleset]


def _arena(name: str, quiet: bool = False):
    if name not in _ARENAS:
        from .board.tiled import MapError, load_arena
        from .paths import maps_dir

        try:
            _ARENAS[name] = load_arena(maps_dir() / f"{name}.tmx")
        except (MapError, OSError):
            if not quiet:
                raise
            _ARENAS[name] = None
    return _ARENAS[name]


# --- one game ----------------------------------------------------------------------------


def play_game(config: SimConfig, index: int) -> dict:
    """Play game `index` of a (checked) run to its end; a small picklable summary of it
    (its index and arena, then what the ruleset's lab part says of it)."""
    import random

    from .core.loop import play_until_over

    rng = random.Random(game_seed(config.seed, index))
    arena_name = config.arenas[index % len(config.arenas)]
    ruleset = registry.get(config.ruleset)
    lab = ruleset.lab.start(config, rng, arena_name, _arena(arena_name), index)
    game = lab.game
    bots = {name: ruleset.bot(config.bots, name, rng.randrange(2**31)) for name in lab.seats}
    stop = getattr(lab, "stop", None)  # a lab game its ruleset ends itself (Skirmish: at the round limit)
    decisions = play_until_over(game, lambda g: bots[g.pending.player].choose(g), on_events=lab.on_events,
                                stop=stop, max_decisions=MAX_DECISIONS + 1)
    if not game.over and not (stop is not None and stop(game, decisions)):
        raise RuntimeError(f"game {index} (seed {config.seed}) did not end in {MAX_DECISIONS} decisions")
    return {"index": index, "arena": arena_name, **lab.summary(decisions)}


def _play_args(args) -> dict:
    return play_game(*args)


def play_games(config: SimConfig, indices: Sequence[int]) -> list[dict]:
    """Play the games `indices` of a (checked) run in this process: a cluster's task. The
    ruleset's data (cards) is loaded once per process, by the first task that needs it."""
    config.rules.prepare()
    return [play_game(config, i) for i in indices]


def _quiet_worker() -> None:
    """A pool process leaves Ctrl-C to the lab, which stops the pool (one message, not a
    traceback from every process)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


# --- what the games play with: the same everywhere, or the results are not the same ---------


SCREEN_PACKAGES = ("client", "scenes")
"""The package's screens (pygame): no lab game runs them, so they are not in the fingerprint."""


def fingerprint() -> str:
    """A digest of everything a lab game depends on in this process's install: the package's
    version and source (but its screens), every installed game's bundled content (its manifest's
    `ContentKind.bundled`: cards, armies, gladiators, experience cards, heroes) and the arenas. Two
    machines with the same fingerprint play the same seed to the same results; a cluster's
    workers must all match the machine that starts the run (and a resumed results file the
    run that began it). A checkout and an installed wheel of one commit match."""
    import deathmatch

    from .paths import bundled_dir, maps_dir

    bundled = [f for game in registry.games() for kind in game.content for f in kind.bundled]  # each game's data

    digest = hashlib.sha256(f"deathmatch {deathmatch.__version__}\n".encode())
    package = Path(deathmatch.__file__).resolve().parent
    code = [p for p in package.rglob("*.py") if p.relative_to(package).parts[0] not in SCREEN_PACKAGES]
    groups = (("code", package, sorted(code)),
              *((label, bundled_dir(label), sorted(bundled_dir(label).glob("*.yaml"))) for label in bundled),
              ("maps", maps_dir(), sorted(maps_dir().glob("*.tmx"))))
    for label, root, paths in groups:
        for path in paths:
            digest.update(f"{label}/{path.relative_to(root).as_posix()}\n".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


# --- the results file: what a stopped run keeps -------------------------------------------


class ResultsFile:
    """A run's games as they finish, so that a stopped run keeps what it played.

    JSON lines: the first holds the run (`command`, `options` as in the report, and the
    `fingerprint` of the code and data that played it), then one line per finished game
    (its summary, with its `index`), in the order they finished, flushed as they come.
    `--resume FILE` reads it back, checks it is the same run, and plays only the games it
    lacks; a last line cut short by the stop is dropped. The report is made from the games
    in index order, so it is the same bytes as an unstopped run's."""

    FORMAT = "deathmatch-balance-results"

    def __init__(self, path: Path, config: SimConfig, resume: bool = False):
        self.path = Path(path)
        self.done: dict[int, dict] = {}
        header = {"format": self.FORMAT, "command": config.command(), "options": _options(config),
                  "fingerprint": fingerprint()}
        option = "--resume" if resume else "--results"
        if os.path.lexists(self.path) and not (os.path.isfile(self.path) and not os.path.islink(self.path)):
            kind = "a link" if os.path.islink(self.path) else "a folder" if os.path.isdir(self.path) else \
                "not a regular file (a pipe or a device)"
            raise BalanceError(f"{option} {self.path}: it is {kind}; give a plain file (a new one for --results)")
        if resume:
            self._read(header, config)
            self.file = self.path.open("a", encoding="utf-8")
        else:
            if self.path.exists() and self.path.stat().st_size:
                raise BalanceError(f"{self.path} already exists: continue its run with --resume {self.path}, "
                                   f"or give another file")
            self.file = self.path.open("w", encoding="utf-8")
            self._write(header)

    def _read(self, header: dict, config: SimConfig) -> None:
        """Read the games of a stopped run back, a line at a time (a file of any size costs one
        line's memory at most; a line over MAX_RESULTS_LINE, a number too long, nesting too deep
        are a message, not a crash)."""
        try:
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError as e:
            raise BalanceError(f"--resume {self.path}: cannot read it ({e.strerror or e})") from None
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise BalanceError(f"--resume {self.path}: it is not a regular file (a pipe or a device)")
            first_line = f.readline(MAX_RESULTS_LINE + 1)
            try:
                first = safefile.loads_json(first_line, self.path) if first_line.endswith(b"\n") else None
            except safefile.Refused:
                first = None
            if not isinstance(first, dict) or first.get("format") != self.FORMAT:
                raise BalanceError(f"--resume {self.path}: not a results file of `deathmatch simulate --results`")
            if _exact(first.get("options")) != _exact(header["options"]):  # (true is not the seed 1)
                raise BalanceError(f"--resume {self.path}: its games are of another run ({first.get('command')}); "
                                   f"resume it with those options")
            if first.get("fingerprint") != header["fingerprint"]:
                raise BalanceError(f"--resume {self.path}: its games were played by other code or cards "
                                   f"(fingerprint {first.get('fingerprint')}, here {header['fingerprint']}); "
                                   f"start a new results file")
            number, end = 1, len(first_line)
            while True:
                line = f.readline(MAX_RESULTS_LINE + 1)
                if not line:
                    break
                number += 1
                if not line.endswith(b"\n"):
                    if len(line) > MAX_RESULTS_LINE:
                        raise BalanceError(f"--resume {self.path}: line {number} is over "
                                           f"{MAX_RESULTS_LINE // 1000} kB, not a game's result")
                    break  # a line the stop cut short: its game is played again
                end += len(line)
                if not line.strip():
                    continue
                try:
                    game = safefile.loads_json(line, self.path)
                    index = game["index"]
                except (safefile.Refused, KeyError, TypeError):
                    raise BalanceError(f"--resume {self.path}: line {number} is not a game's result") from None
                if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < config.games:
                    raise BalanceError(f"--resume {self.path}: line {number}: game {index!r} is not in this run")
                why = _result_problem(game)
                if why is not None:
                    raise BalanceError(f"--resume {self.path}: line {number}: {why}, not a game's result; start "
                                       f"a new results file (or delete the line: its game is played again)")
                self.done.setdefault(index, game)
        if end < os.stat(self.path).st_size:  # drop the cut line
            with self.path.open("r+b") as f:
                f.truncate(end)

    def _write(self, obj: dict) -> None:
        self.file.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
        self.file.flush()

    def add(self, game: dict) -> None:
        """Keep a finished game (in `done` and, flushed, in the file)."""
        self.done[game["index"]] = game
        self._write(game)

    def close(self) -> None:
        self.file.close()


def _exact(obj) -> str:
    """`obj` as JSON text, so that true and 1, or 1.0 and 1, are not taken for one another."""
    return json.dumps(obj, sort_keys=True)


def _result_problem(game: dict) -> str | None:
    """Why a game's result read back from a results file can not be counted, or None: its rounds
    (or turns) are not a whole number, or it holds a number that is not finite (1e999 reads as infinity)."""
    for key in ("rounds", "turns"):  # (Celebrity's and Skirmish's rounds, Gladiator!'s and Superheroes' turns)
        n = game.get(key, 0)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return f"'{key}' is {json.dumps(n)[:40]}, not a whole number"
    stack = [game]
    while stack:
        v = stack.pop()
        if isinstance(v, float) and not math.isfinite(v):
            return "it holds a number that is not finite"
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return None


# --- many games --------------------------------------------------------------------------


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    if seconds >= 60:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds}s"


class Progress:
    """`\\r[#####.....] 512/2000 games  31.4 games/s  ETA 47s` on a terminal, else a line
    every 10 %. A resumed run starts at the games it already had (its rate counts new ones)."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO | None = None, start: int = 0):
        self.total = total
        self.start = start
        self.stream = stream if stream is not None else sys.stderr
        try:
            self.tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        self.t0 = time.perf_counter()
        self.last_draw = 0.0
        self.next_tenth = 1 + start * 10 // total
        self.shown = 0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        rate = (done - self.start) / max(now - self.t0, 1e-9)
        eta = f"  ETA {_duration((self.total - done) / rate)}" if rate > 0 and done < self.total else ""
        if self.tty:
            if done < self.total and now - self.last_draw < 0.1:
                return
            self.last_draw = now
            filled = self.WIDTH * done // self.total
            bar = "#" * filled + "." * (self.WIDTH - filled)
            text = f"[{bar}] {done}/{self.total} games  {rate:.1f} games/s{eta}"
            self.shown = max(self.shown, len(text))
            self.stream.write("\r" + text.ljust(self.shown))
            if done >= self.total:
                self.stream.write("\n")
            self.stream.flush()
            return
        while self.next_tenth <= 10 and done * 10 >= self.next_tenth * self.total:
            self.next_tenth += 1
            self.stream.write(f"{done}/{self.total} games ({done * 100 // self.total} %)  {rate:.1f} games/s{eta}\n")
            self.stream.flush()


def simulate(config: SimConfig, jobs: int = 1, progress: Progress | None = None, cluster: str | None = None,
             results: ResultsFile | None = None) -> list[dict]:
    """Play every game of a run (checking the config first); the game summaries in index order.

    In this process (jobs 1), in a pool of `jobs` processes, or on a Dask cluster (`cluster`:
    a scheduler's address, or "local" for a cluster of `jobs` workers on this machine). Each
    game is written to `results` as it finishes; the games `results` already holds (a resumed
    run) are not played again."""
    config = config if config.arenas else config.checked()
    done: dict[int, dict] = results.done if results else {}
    todo = [i for i in range(config.games) if i not in done]

    def keep(game: dict) -> None:
        if results:
            results.add(game)
        else:
            done[game["index"]] = game
        if progress:
            progress.update(len(done))

    if not todo:
        pass
    elif cluster:
        _on_cluster(config, todo, cluster, jobs, keep)
    elif jobs <= 1:
        config.rules.prepare()
        for i in todo:
            keep(play_game(config, i))
    else:
        config.rules.prepare()  # loaded once here, inherited by forked workers
        for name in config.arenas:
            _arena(name)
        chunk = max(1, min(16, len(todo) // (jobs * 16)))
        pool = ProcessPoolExecutor(jobs, initializer=_quiet_worker)
        try:
            for game in pool.map(_play_args, ((config, i) for i in todo), chunksize=chunk):
                keep(game)
        finally:  # on Ctrl-C: the games under way finish in their processes, no new ones start
            pool.shutdown(wait=True, cancel_futures=True)
    return [done[i] for i in range(config.games)]


# --- on a Dask distributed cluster ---------------------------------------------------------

CLUSTER_EXTRA = "pip install 'deathmatch[cluster]'"
CLUSTER_CONNECT_TIMEOUT = 30
"""Seconds to reach a cluster's scheduler, and then for its first worker to join."""
LOCAL_SCHEDULER = {"dashboard": False, "dashboard_address": "127.0.0.1:0"}
"""`--cluster local`'s scheduler: no dashboard, and its small HTTP server (health checks) on a
free port of 127.0.0.1, not on 8787, which another cluster on the machine may hold."""


def _distributed():
    """Dask's distributed scheduler, an optional extra: BalanceError naming it if it is missing."""
    try:
        import distributed
    except ImportError:
        raise BalanceError(f"--cluster needs Dask's distributed scheduler: {CLUSTER_EXTRA}") from None
    return distributed


def _worker_fingerprint():
    """Run on each worker (pickled by value, so a worker without the game can still say so)."""
    try:
        from deathmatch.balance import fingerprint as worker_fingerprint
    except ImportError:
        return None
    return worker_fingerprint()


def _check_workers(client, address: str) -> None:
    """The scheduler and every worker must have the code and data of this machine: the
    scheduler reads the games' tasks (it needs the package to), the workers play them (with
    other code or cards the results would differ)."""
    here = fingerprint()
    check = _by_value(_worker_fingerprint)
    machines = [(f"the scheduler of {address}", client.run_on_scheduler(check))]
    machines += [(f"worker {worker} of {address}", theirs) for worker, theirs in sorted(client.run(check).items())]
    for who, theirs in machines:
        if theirs is None:
            raise BalanceError(f"{who} has no deathmatch (or one too old for the lab's cluster): install the "
                               f"same version on its machine (deathmatch=={_version()}, with the cluster extra)")
        if theirs != here:
            raise BalanceError(f"{who} has other code or cards (fingerprint {theirs}, here {here}): install the "
                               f"same deathmatch, cards and maps on every machine")


def _by_value(function):
    """A copy of a module-level function that is pickled with its code, not by its name."""
    import types

    return types.FunctionType(function.__code__, {"__builtins__": __builtins__}, function.__name__)


def _version() -> str:
    import deathmatch

    return deathmatch.__version__


def _on_cluster(config: SimConfig, todo: list[int], address: str, jobs: int, keep) -> None:
    """Play the games `todo` on a Dask cluster, `keep`ing each as its batch finishes (in any order).

    "local" starts a cluster of `jobs` single-threaded worker processes on this machine, on
    127.0.0.1 only and without a dashboard; any other address is a running scheduler's
    (`dask scheduler`, with `dask worker ADDRESS` on each machine). A few batches per worker
    thread are in flight at once, so a run of millions of games never floods the scheduler."""
    distributed = _distributed()
    cluster = None
    try:
        if address == "local":
            import signal

            # The workers are started ignoring Ctrl-C (they inherit it): the lab stops them itself,
            # with one message instead of a traceback from every worker.
            ctrl_c = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                cluster = distributed.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                                   host="127.0.0.1", dashboard_address=None,
                                                   scheduler_kwargs=LOCAL_SCHEDULER, silence_logs=logging.ERROR)
            finally:
                signal.signal(signal.SIGINT, ctrl_c)
            client = distributed.Client(cluster)
        else:
            try:
                client = distributed.Client(address, timeout=CLUSTER_CONNECT_TIMEOUT)
            except (OSError, TimeoutError, ValueError) as e:
                raise BalanceError(f"--cluster {address}: cannot reach its scheduler ({e})") from None
        try:
            try:
                client.wait_for_workers(1, timeout=CLUSTER_CONNECT_TIMEOUT)
            except TimeoutError:
                raise BalanceError(f"--cluster {address}: no worker joined in {CLUSTER_CONNECT_TIMEOUT} s "
                                   f"(start one with `dask worker {address}`)") from None
            _check_workers(client, address)

            def threads() -> int:  # asked again as batches finish: workers may join a running cluster
                return max(1, sum(client.nthreads().values()))

            size = max(1, min(16, len(todo) // (threads() * 8)))
            batches = iter([todo[k:k + size] for k in range(0, len(todo), size)])
            running = distributed.as_completed()

            def send() -> None:  # three batches for every worker thread, no more
                in_flight = running.count()
                for batch in itertools.islice(batches, max(0, 3 * threads() - in_flight)):
                    running.add(client.submit(play_games, config, batch, pure=False))

            send()
            for future in running:
                for game in future.result():
                    keep(game)
                future.release()
                send()
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()


# --- statistics --------------------------------------------------------------------------


def summarize(config: SimConfig, results: Sequence[dict]) -> dict:
    """The report of a run: its command and options, then what the ruleset's lab part makes
    of the games (Celebrity Deathmatch: the per-game summary numbers and the per-card table)."""
    parts = config.rules.summarize(config, results)
    return {"command": config.command(), "options": _options(config), **parts}


def _options(config: SimConfig) -> dict:
    """Every option that changes a run's results, as the report (and a results file) holds them."""
    options = asdict(config)
    options["arenas"] = list(config.arenas)
    if config.ruleset == DEFAULT:
        del options["ruleset"]  # the reports from before there were rulesets, byte for byte
    return options


# --- output ------------------------------------------------------------------------------


def render_table(report: dict) -> str:
    """The readable report for the terminal: its command line, then the ruleset's report."""
    ruleset = registry.get(report["options"].get("ruleset", DEFAULT))
    return "\n".join([report["command"], "", *ruleset.lab.lines(report)]) + "\n"


def to_json(report: dict) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def write_json(report: dict, path: Path) -> None:
    Path(path).write_text(to_json(report), encoding="utf-8")


def to_csv(report: dict) -> str:
    """The ruleset's table (Celebrity Deathmatch: one row per card) as CSV."""
    return registry.get(report["options"].get("ruleset", DEFAULT)).lab.to_csv(report)


def write_csv(report: dict, path: Path) -> None:
    Path(path).write_text(to_csv(report), encoding="utf-8", newline="")


# --- the command -------------------------------------------------------------------------


def run(config: SimConfig, jobs: int = 1, progress: bool = True, cluster: str | None = None,
        results: ResultsFile | None = None) -> dict:
    """Check, play and summarize a run (progress on stderr if asked; see `simulate`)."""
    config = config.checked()
    bar = Progress(config.games, start=len(results.done) if results else 0) if progress else None
    return summarize(config, simulate(config, jobs, bar, cluster, results))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        self.exit(2, f"{self.prog}: error: {message}\n")


def parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="deathmatch simulate",
                 description="Play many seeded bot games and report each character card's win rate.")
    ap.add_argument("--games", type=int, required=True, help="how many games")
    ap.add_argument("--players", type=int, default=None,
                    help="players per game (2-10; required unless the ruleset has one number, as skirmish's 2)")
    ap.add_argument("--arena", default=None,
                    help="a bundled arena's name (default: every bundled arena that fits, in turn)")
    ap.add_argument("--bots", default="normal", help="bot strength for every seat: easy, normal or hard")
    ap.add_argument("--beasts", action="store_true", help="wandering beasts on")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--jobs", type=int, default=None,
                    help="processes to play in (default 1; with --cluster local: its workers, default one a core); "
                         "results do not depend on it")
    ap.add_argument("--cluster", default=None, metavar="ADDRESS",
                    help="play on a Dask cluster: its scheduler's address (tcp://host:8786), or 'local' for one "
                         f"on this machine; results do not depend on it (needs {CLUSTER_EXTRA})")
    ap.add_argument("--results", type=Path, default=None, metavar="FILE",
                    help="write each game's result to FILE (JSON lines) as it finishes, so a stopped run keeps them")
    ap.add_argument("--resume", type=Path, default=None, metavar="FILE",
                    help="continue the stopped run whose --results FILE this is: play only the games it lacks")
    ap.add_argument("--quiet", action="store_true", help="no progress on stderr")
    ap.add_argument("--json", type=Path, default=None, metavar="FILE", help="write the whole report as JSON")
    ap.add_argument("--csv", type=Path, default=None, metavar="FILE", help="write the per-card table as CSV")
    ap.add_argument("--round-limit", type=int, default=None,
                    help=f"rounds a game may last (default {DEFAULT_ROUND_LIMIT}, or the ruleset's: skirmish 40)")
    ap.add_argument("--ruleset", default=DEFAULT, help=f"the ruleset the games play (default {DEFAULT})")
    return ap


def cli(argv: list[str]) -> int:
    """`deathmatch simulate …`: 0 on success, 2 on a bad option, 1 if the run cannot go on (one
    line on stderr), 130 when stopped by Ctrl-C (saying where its games were kept)."""
    ap = parser()
    results = None
    try:
        args = ap.parse_args(argv)
        if args.jobs is not None and args.jobs < 1:
            ap.error(f"--jobs must be at least 1, not {args.jobs}")
        if args.cluster and args.cluster != "local" and args.jobs is not None:
            ap.error("--jobs does not apply to a running cluster (its workers play); leave it out")
        if args.results and args.resume:
            ap.error("--results starts a results file, --resume continues one: give one of them")
        jobs = args.jobs or ((os.cpu_count() or 1) if args.cluster == "local" else 1)
        try:
            lab = registry.get(args.ruleset).lab
        except KeyError:
            lab = None  # the config's check names the ruleset
        if args.players is None:  # a ruleset whose games always have one number of players names it
            args.players = getattr(lab, "players", None)
            if args.players is None:
                ap.error("the following arguments are required: --players")
        if args.round_limit is None:  # a ruleset may name its own (Skirmish: its rules have none)
            args.round_limit = getattr(lab, "round_limit", DEFAULT_ROUND_LIMIT)
        config = SimConfig(args.games, args.players, args.arena, args.bots, args.beasts, args.seed,
                           args.round_limit, ruleset=args.ruleset)
        try:
            config = config.checked()
            if args.cluster:
                _distributed()
            if args.results or args.resume:
                results = ResultsFile(args.results or args.resume, config, resume=bool(args.resume))
        except BalanceError as e:
            ap.error(str(e))
    except SystemExit as e:  # argparse's way out (--help: 0, a bad option: 2), as a return value
        return e.code if isinstance(e.code, int) else 2
    try:
        report = run(config, jobs, not args.quiet, args.cluster, results)
    except BalanceError as e:
        sys.stderr.write(f"{ap.prog}: error: {e}\n")
        return 1
    except KeyboardInterrupt:
        kept = (f"{len(results.done)} of {config.games} games kept in {results.path}: continue with "
                f"--resume {results.path}") if results else "give --results FILE to keep a stopped run's games"
        sys.stderr.write(f"\n{ap.prog}: stopped; {kept}\n")
        return 130
    finally:
        if results:
            results.close()
    sys.stdout.write(render_table(report))
    if args.json:
        write_json(report, args.json)
    if args.csv:
        write_csv(report, args.csv)
    return 0


if __name__ == "__main__":
    from deathmatch.balance import cli as _cli  # the importable module, so worker processes find its functions

    sys.exit(_cli(sys.argv[1:]))
