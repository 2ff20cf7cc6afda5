"""The balance lab: many seeded bot games, and what they say about each character card.

    deathmatch simulate --games N --players P [--arena A] [--bots normal] [--beasts]
                        [--seed S] [--jobs J] [--json FILE] [--csv FILE] [--round-limit R]
                        [--ruleset ID]

This module is the lab's driver, the same for every ruleset: seeds, the arena
rotation, the bots (`Ruleset.bot`), the games played through the core's loop
(`core.loop.play_until_over`) in one process or many, progress, the report's
frame and its files. What a ruleset counts and how it reports it (for Celebrity
Deathmatch: the statistics below, in `deathmatch/rulesets/celebrity/lab.py`) it
gives through the registry (`Ruleset.lab`, a `core.registry.LabRules`).

Every seat is a bot of one strength; cards are dealt at random from the
bundled cards; each game's setup, dice and bots are seeded from S and the
game's index alone, so a run is reproducible and does not depend on --jobs.
Engine side: no pygame.

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

API: `SimConfig`, `play_game(config, index)`, `simulate(config, jobs)`,
`summarize(config, results)`, `wilson`, `flag`, `render_table`,
`write_json`, `write_csv`, `run`, `cli`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence, TextIO

from .core import registry
from .core.stats import flag, wilson  # noqa: F401  (the lab's statistics, by their old names)
from .rulesets import DEFAULT

MIN_PLAYERS, MAX_PLAYERS = 2, 10
DEFAULT_ROUND_LIMIT = 15
DEFAULT_SEED = 1
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
        ranges = bundled_arenas()
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


_ARENA_RANGES: dict[str, tuple[int, int]] | None = None
_ARENAS: dict = {}


def bundled_arenas() -> dict[str, tuple[int, int]]:
    """Every playable bundled arena by name (the .tmx file's stem), sorted: its (min, max) players."""
    global _ARENA_RANGES
    if _ARENA_RANGES is None:
        from .paths import maps_dir

        ranges = {}
        for path in sorted(maps_dir().glob("*.tmx")):
            arena = _arena(path.stem, quiet=True)
            if arena is not None:
                ranges[path.stem] = (arena.min_players, arena.max_players)
        _ARENA_RANGES = ranges
    return _ARENA_RANGES


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


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run with seed `seed` (independent of everything else)."""
    digest = hashlib.sha256(f"deathmatch-balance/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_game(config: SimConfig, index: int) -> dict:
    """Play game `index` of a (checked) run to its end; a small picklable summary of it
    (its index and arena, then what the ruleset's lab part says of it)."""
    import random

    from .core.loop import play_until_over

    rng = random.Random(game_seed(config.seed, index))
    arena_name = config.arenas[index % len(config.arenas)]
    ruleset = registry.get(config.ruleset)
    lab = ruleset.lab.start(config, rng, arena_name, _arena(arena_name))
    game = lab.game
    bots = {name: ruleset.bot(config.bots, name, rng.randrange(2**31)) for name in lab.seats}
    decisions = play_until_over(game, lambda g: bots[g.pending.player].choose(g), on_events=lab.on_events,
                                max_decisions=MAX_DECISIONS + 1)
    if not game.over:
        raise RuntimeError(f"game {index} (seed {config.seed}) did not end in {MAX_DECISIONS} decisions")
    return {"index": index, "arena": arena_name, **lab.summary(decisions)}


def _play_args(args) -> dict:
    return play_game(*args)


# --- many games --------------------------------------------------------------------------


class Progress:
    """`\\r[#####.....] 512/2000 games  31.4 games/s` on a terminal, else a line every 10 %."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO | None = None):
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        try:
            self.tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        self.t0 = time.perf_counter()
        self.last_draw = 0.0
        self.next_tenth = 1
        self.shown = 0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        rate = done / max(now - self.t0, 1e-9)
        if self.tty:
            if done < self.total and now - self.last_draw < 0.1:
                return
            self.last_draw = now
            filled = self.WIDTH * done // self.total
            bar = "#" * filled + "." * (self.WIDTH - filled)
            text = f"[{bar}] {done}/{self.total} games  {rate:.1f} games/s"
            self.shown = max(self.shown, len(text))
            self.stream.write("\r" + text.ljust(self.shown))
            if done >= self.total:
                self.stream.write("\n")
            self.stream.flush()
            return
        while self.next_tenth <= 10 and done * 10 >= self.next_tenth * self.total:
            self.next_tenth += 1
            self.stream.write(f"{done}/{self.total} games ({done * 100 // self.total} %)  {rate:.1f} games/s\n")
            self.stream.flush()


def simulate(config: SimConfig, jobs: int = 1, progress: Progress | None = None) -> list[dict]:
    """Play every game of a run (checking the config first); the game summaries in index order."""
    config = config if config.arenas else config.checked()
    indices = range(config.games)
    results: list[dict] = []
    if jobs <= 1:
        config.rules.prepare()
        for i in indices:
            results.append(play_game(config, i))
            if progress:
                progress.update(len(results))
        return results
    config.rules.prepare()  # loaded once here, inherited by forked workers
    for name in config.arenas:
        _arena(name)
    chunk = max(1, min(16, config.games // (jobs * 16)))
    with ProcessPoolExecutor(jobs) as pool:
        for r in pool.map(_play_args, ((config, i) for i in indices), chunksize=chunk):
            results.append(r)
            if progress:
                progress.update(len(results))
    return results


# --- statistics --------------------------------------------------------------------------


def summarize(config: SimConfig, results: Sequence[dict]) -> dict:
    """The report of a run: its command and options, then what the ruleset's lab part makes
    of the games (Celebrity Deathmatch: the per-game summary numbers and the per-card table)."""
    parts = config.rules.summarize(config, results)
    options = asdict(config)
    options["arenas"] = list(config.arenas)
    if config.ruleset == DEFAULT:
        del options["ruleset"]  # the reports from before there were rulesets, byte for byte
    return {"command": config.command(), "options": options, **parts}


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


def run(config: SimConfig, jobs: int = 1, progress: bool = True) -> dict:
    """Check, play and summarize a run (progress on stderr if asked)."""
    config = config.checked()
    bar = Progress(config.games) if progress else None
    return summarize(config, simulate(config, jobs, bar))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        self.exit(2, f"{self.prog}: error: {message}\n")


def parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="deathmatch simulate",
                 description="Play many seeded bot games and report each character card's win rate.")
    ap.add_argument("--games", type=int, required=True, help="how many games")
    ap.add_argument("--players", type=int, required=True, help="players per game (2-10)")
    ap.add_argument("--arena", default=None,
                    help="a bundled arena's name (default: every bundled arena that fits, in turn)")
    ap.add_argument("--bots", default="normal", help="bot strength for every seat: easy, normal or hard")
    ap.add_argument("--beasts", action="store_true", help="wandering beasts on")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--jobs", type=int, default=1, help="processes to play in (results do not depend on it)")
    ap.add_argument("--json", type=Path, default=None, metavar="FILE", help="write the whole report as JSON")
    ap.add_argument("--csv", type=Path, default=None, metavar="FILE", help="write the per-card table as CSV")
    ap.add_argument("--round-limit", type=int, default=DEFAULT_ROUND_LIMIT)
    ap.add_argument("--ruleset", default=DEFAULT, help=f"the ruleset the games play (default {DEFAULT})")
    return ap


def cli(argv: list[str]) -> int:
    """`deathmatch simulate …`: 0 on success, 2 on a bad option (one line on stderr)."""
    ap = parser()
    try:
        args = ap.parse_args(argv)
        if args.jobs < 1:
            ap.error(f"--jobs must be at least 1, not {args.jobs}")
        config = SimConfig(args.games, args.players, args.arena, args.bots, args.beasts, args.seed,
                           args.round_limit, ruleset=args.ruleset)
        try:
            config = config.checked()
        except BalanceError as e:
            ap.error(str(e))
    except SystemExit as e:  # argparse's way out (--help: 0, a bad option: 2), as a return value
        return e.code if isinstance(e.code, int) else 2
    report = run(config, args.jobs)
    sys.stdout.write(render_table(report))
    if args.json:
        write_json(report, args.json)
    if args.csv:
        write_csv(report, args.csv)
    return 0


if __name__ == "__main__":
    from deathmatch.balance import cli as _cli  # the importable module, so worker processes find its functions

    sys.exit(_cli(sys.argv[1:]))
