"""Bot strength in every game, measured one way: head-to-head seeded games between levels, win rates
with 95 % intervals, and each level's decision time.

    python benchmarks/bots.py --ruleset ID --pairs normal:hard --games N [--jobs J] [--seed S]
                              [--thinking fast|normal|deep] [--iterations N] [--seconds S]
                              [--min-iterations N] [--candidates N] [--halving N] [--rollout N] [--epochs N]
                              [--prior P] [--exploration C] [--widening W] [--bounded 0|1] [--field NAME=VALUE]
                              [--control] [--progress FILE] [--set MODULE.NAME=VALUE] [--foresight]
                              [--hidden] [--scenario KIND] [--arena NAME] [--types A:B] [--turn-limit N]
                              [--max-decisions N]

ID is celebrity (the default), skirmish, gladiator or supers. In every game, the same way:

- game i of a pairing has the seed `S * 100000 + i` (`--seed S`, 1 by default), the same in every
  pairing and every run with the same `--seed` (common seeds: the same armies, cards, heroes, men
  and arena), and the levels swap seats every other game (the stronger level, side A, has the
  first seat in even games);
- a draw counts half; "significant" means the 95 % Wilson interval of the stronger level's score
  lies above 50 %;
- each level's decision time is the median and 95th percentile over every decision it was asked
  (forced ones included); a bot that searches reports how many of its decisions it searched and
  its median iterations a searched decision;
- the exact command and the load average (`os.getloadavg()`) at the start and the end are printed;
- `--control` also plays the weaker level against itself on the same seeds and reports the
  stronger's score paired game by game with that (a seed set favours a side by itself);
- `--set MODULE.NAME=VALUE` sets a constant of the game's code in every game (`--set bots.NOISE=1.0`:
  `deathmatch.rulesets.ID.bots.NOISE`; VALUE a Python literal): how a variant the code keeps as a
  constant is screened with the same command as everything else;
- `--progress FILE` appends each finished game, so a stopped run keeps what it did; `--jobs J`
  plays J games at once, the results taken in seed order (the same numbers as `--jobs 1`).

The hard bot thinks by `--thinking` (the setup screen's setting: the game's own budget for it,
`search_budgets` in its registry entry, else the core's), or by the budget the other flags make
from that one: `--iterations N` alone is that many iterations and no clock (reproducible under
load); `--seconds S` alone is that clock and no count; `--field NAME=VALUE` sets any other field
of the game's budget. The bots are made by the registry
(`deathmatch.core.registry.get(ID).bot(level, player, seed, thinking=...)`); a decision counts as
searched when the bot's `last` (or its `core.last`) is a new object with `iterations` > 0 (the
core's `Searched`), so a hard bot of another design reports its searches by setting that.

The games (the per-game scripts play the same ones):

- celebrity: two players of two random cards each on the classic square, ruined temple, harbour
  and duel pit in turn, beasts on, round limit 12 (`--hidden`: hidden cards on); 240 games a
  pairing and `--jobs 2` by default (the numbers of the issue-14 measurements).
- skirmish: two random 30-point armies (`quick_game`) on the 8x8 chessboard (`--arena NAME`: a
  bundled Skirmish map), its four kinds of game mixed by seed: games 8k..8k+7 play last army
  standing, Infiltrate, Retrieve and Survival, two games each with the seats swapped
  (`--scenario standing|infiltrate|retrieve|survival`: that one in every game); a game still going
  after 40 rounds is judged as a headless night judges it (as `skirmish_bots.py`).
- gladiator: bouts of two men of bundled types drawn from the seed (`--types a:b`: that pairing,
  the first the stronger level's) on a hexagon of radius 4; a bout still going after
  `--max-decisions` (3000) answers is judged by damage, the less hurt man winning (as
  `gladiator_bots.py`). The score is also given by kind of bout: two men, a lion for A (the
  stronger level) or for B, two lions. `--foresight`: the hard bot's plan search sees the bout's
  real future dice (its worlds are copies of the game, dice and all): not a fair bot but a ceiling
  on what choosing the orders well can reach.
- supers: fights of two teams of two bundled heroes drawn from the seed on the bundled Superhero
  Gladiators arenas in turn, `--turn-limit` 30 (as `supers_bots.py`).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import os
import shlex
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
if str(HERE) not in sys.path:
    sys.path.insert(1, str(HERE))  # the per-game scripts' game makers (supers_bots)

RULESETS = ("celebrity", "skirmish", "gladiator", "supers")
STRIDE = 100_000
"""Game i of a run with `--seed S` has the seed `S * STRIDE + i`."""

ARENAS = ["classic_square", "ruined_temple", "harbour", "duel_pit"]
"""Celebrity's arenas, in turn by seed."""

KINDS = (None, "infiltrate", "retrieve", "survival")
"""Skirmish's four kinds of game (None: last army standing), mixed by seed."""

KIND_NAMES = {"standing": None, "infiltrate": "infiltrate", "retrieve": "retrieve", "survival": "survival"}

KNOBS = {"iterations": int, "seconds": float, "min_iterations": int, "candidates": int, "halving": int,
         "rollout": int, "epochs": int, "prior": float, "exploration": float, "widening": float, "bounded": int}
"""The search budget's fields the command line may set (as their own flags)."""

DEFAULTS = {  # games a pairing, jobs, max decisions
    "celebrity": (240, 2, None),
    "skirmish": (100, 1, None),
    "gladiator": (100, 1, 3000),
    "supers": (100, 1, 20_000),
}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    from deathmatch.core.stats import wilson as core_wilson

    return core_wilson(wins, n, z)


def budget_of(args):
    """The hard bot's budget: the game's own for `--thinking` with the fields the flags set (None:
    no flag set, the thinking setting itself). `--iterations` without `--seconds` drops the clock;
    `--seconds` without `--iterations` drops the count."""
    from deathmatch.core.registry import get
    from deathmatch.core.search import search_budget

    asked = {k: getattr(args, k, None) for k in KNOBS}
    asked = {k: v for k, v in asked.items() if v is not None}
    base = search_budget(get(getattr(args, "ruleset", "celebrity")), args.thinking)
    for item in getattr(args, "field", None) or []:
        name, sep, value = item.partition("=")
        if not sep or name not in {f.name for f in dataclasses.fields(base)}:
            raise SystemExit(f"--field {item!r}: give NAME=VALUE, NAME one of "
                             f"{', '.join(f.name for f in dataclasses.fields(base))}")
        kind = type(getattr(base, name))
        asked[name] = value.lower() in ("1", "true", "yes", "on") if kind is bool else kind(value)
    if not asked:
        return None
    if "bounded" in asked:
        asked["bounded"] = bool(asked["bounded"])
    if "iterations" in asked and "seconds" not in asked:
        asked["seconds"] = 0.0
    if "seconds" in asked and "iterations" not in asked:
        asked["iterations"] = 0
    return dataclasses.replace(base, **asked)


# --- each game's game maker: (the game, the bots' seeds for A and B, a label of its kind) -------------

def celebrity_game(seed: int, names: tuple, opts: dict):
    import random

    from deathmatch.board.tiled import load_arena
    from deathmatch.paths import maps_dir
    from deathmatch.rulesets.celebrity import Options, load_default_cards, make_setup, new_game

    lib = load_default_cards()
    rng = random.Random(seed)
    arena_name = opts.get("arena") or ARENAS[seed % len(ARENAS)]
    arena = load_arena(maps_dir() / f"{arena_name}.tmx")
    ids = rng.sample(sorted(lib.cards), 4)
    seats = [(names[0], ids[:2]), (names[1], ids[2:])]
    setup = make_setup({"map": f"maps/{arena_name}.tmx"}, seats, lib,
                       Options(beasts=True, round_limit=12, hidden_cards=bool(opts.get("hidden"))), seed=seed)
    return new_game(setup, arena), (seed * 2 + 1, seed * 2 + 2), arena_name


def skirmish_kind(seed: int, opts: dict):
    """Game i's kind of game: `--scenario`'s, else the four in turn, two games (both seatings) each."""
    if opts.get("scenario") not in (None, "mixed"):
        return KIND_NAMES[opts["scenario"]]
    return KINDS[(seed % STRIDE) // 2 % len(KINDS)]


def skirmish_game(seed: int, names: tuple, opts: dict):
    from deathmatch.board import square
    from deathmatch.board.tiled import load_arena
    from deathmatch.core.registry import get

    kind = skirmish_kind(seed, opts)
    board = load_arena(f"bundled:{opts['arena']}") if opts.get("arena") else square(8, 8)
    game = get("skirmish").quick_game(list(names), board, seed, scenario=kind)
    return game, (seed * 7, seed * 7 + 1), kind or "standing"


def gladiator_game(seed: int, names: tuple, opts: dict):
    import random

    from deathmatch.rulesets.gladiator.model import TYPE_NAMES, Gladiator
    from deathmatch.rulesets.gladiator.randomplay import random_gladiator
    from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game
    from deathmatch.rulesets.gladiator.state import Options

    rng = random.Random(seed)
    types = opts.get("types")
    if types:
        men = {"A": Gladiator("a", TYPE_NAMES[types[0]], types[0]), "B": Gladiator("b", TYPE_NAMES[types[1]], types[1])}
    else:
        men = {"A": random_gladiator(rng, 1), "B": random_gladiator(rng, 2)}
    seats = tuple(Seat(n, ("red", "blue")[k], men[n]) for k, n in enumerate(names))
    lions = [p for p in ("A", "B") if men[p].type == "lion"]
    kind = "two men" if not lions else "two lions" if len(lions) == 2 else f"a lion for {lions[0]}"
    return new_game(Setup(seats, {"hexagon": 4}, Options(), seed, {})), (seed * 7, seed * 7 + 1), kind


def supers_game(seed: int, names: tuple, opts: dict):
    from supers_bots import arenas, setup_of

    from deathmatch.balance import _arena
    from deathmatch.rulesets.supers.setup import new_game

    arena = opts.get("arena") or arenas()[(seed % STRIDE) % len(arenas())]
    game = new_game(setup_of(seed, names, arena, opts.get("turn_limit", 30)), _arena(arena))
    return game, (seed * 7, seed * 7 + 1), arena


MAKERS = {"celebrity": celebrity_game, "skirmish": skirmish_game, "gladiator": gladiator_game,
          "supers": supers_game}


def outcome(ruleset: str, game, decisions: int, opts: dict) -> tuple[tuple, bool]:
    """(the winners, whether the game was stopped and judged rather than ended by its rules)."""
    if game.over:
        return tuple(game.outcome.winners), False
    if ruleset == "skirmish":
        from deathmatch.rulesets.skirmish.tournament import judged

        return judged(game.state), True
    if ruleset == "gladiator":  # a leg-wound stalemate has no end in the rules: the less hurt man wins
        hurt = {m.owner: m.damage for m in game.state.men.values()}
        return (() if hurt["A"] == hurt["B"] else (min(hurt, key=hurt.get),)), True
    return (), True  # a draw


def _marks(bot) -> tuple:
    """What a bot last searched (its own `last` and its inner search's), to tell a fresh search."""
    return getattr(bot, "last", None), getattr(getattr(bot, "core", None), "last", None)


def play(job) -> dict:
    """One game: {"score": side A's (the stronger level's) 1, ½ or 0, "times": {"A": [s], "B": [s]},
    "iterations": {"A": [...], "B": [...]} (a searched decision's), "decisions", "judged", "kind"}."""
    ruleset, strong, weak, seed, thinking, opts = job
    from deathmatch.core.loop import play_until_over
    from deathmatch.core.registry import get

    patch(ruleset, opts.get("set", ()))

    names = ("A", "B") if seed % 2 == 0 else ("B", "A")  # A is the stronger level; it sits first every other game
    game, seeds, kind = MAKERS[ruleset](seed, names, opts)
    rules = get(ruleset)
    level = {"A": strong, "B": weak}
    bots = {p: rules.bot(level[p], p, s, thinking=thinking) for p, s in zip(("A", "B"), seeds)}
    times: dict[str, list[float]] = {"A": [], "B": []}
    iterations: dict[str, list[int]] = {"A": [], "B": []}

    def choose(g):
        player = g.pending.player
        bot = bots[player]
        before = _marks(bot)
        t0 = time.perf_counter()
        action = bot.choose(g)
        times[player].append(time.perf_counter() - t0)
        for old, new in zip(before, _marks(bot)):
            if new is not None and new is not old and getattr(new, "iterations", 0):
                iterations[player].append(new.iterations)
        return action

    if opts.get("foresight"):
        for p in bots:
            if level[p] == "hard":
                _foresee(bots[p])
    stop = None
    if ruleset == "skirmish":
        from deathmatch.rulesets.skirmish.tournament import stop
    n = play_until_over(game, choose, stop=stop, max_decisions=opts.get("max_decisions"))
    winners, was_judged = outcome(ruleset, game, n, opts)
    score = 1.0 if winners == ("A",) else 0.0 if winners == ("B",) else 0.5
    return {"score": score, "times": times, "iterations": iterations, "decisions": n, "judged": was_judged,
            "kind": kind}


def settings(pairs) -> tuple:
    """`--set MODULE.NAME=VALUE` flags as ((module, name, value), ...): MODULE is a module of the
    game's package (`bots`: deathmatch.rulesets.ID.bots), VALUE a Python literal (a number, a string, a
    tuple, None); SystemExit naming the flag when one is not of that form or not a literal."""
    out = []
    for flag in pairs or ():
        name, eq, text = flag.partition("=")
        module, dot, attr = name.rpartition(".")
        try:
            if not (eq and dot and attr.isidentifier()):
                raise ValueError("not MODULE.NAME=VALUE")
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError) as e:
            raise SystemExit(f"--set {flag}: {e}; write MODULE.NAME=VALUE with a Python literal, "
                             f"e.g. --set bots.NOISE=1.0") from None
        out.append((module, attr, value))
    return tuple(out)


def patch(ruleset: str, sets) -> None:
    """Set each `--set` module constant of the game (in this process: every worker does it before its
    game); SystemExit naming one that does not exist (a screen must not silently measure nothing)."""
    import importlib

    for module, attr, value in sets:
        m = importlib.import_module(f"deathmatch.rulesets.{ruleset}.{module}")
        if not hasattr(m, attr):
            raise SystemExit(f"--set {module}.{attr}: deathmatch.rulesets.{ruleset}.{module} has no {attr}")
        setattr(m, attr, value)


def _foresee(bot) -> None:
    """`--foresight`: this Gladiator! hard bot's search worlds hold the bout's real future dice (a
    copy of the game, dice and all, instead of `determinize`'s fresh ones): it sees how every plan's
    dice will fall before it chooses. Not a bot anyone plays: a ceiling on what choosing the orders
    well can reach."""
    def search(game, _search=bot.search):
        from deathmatch.rulesets.gladiator import bots as gl

        real = gl.determinize
        gl.determinize = lambda g, player, rng: g.copy()
        try:
            return _search(game)
        finally:
            gl.determinize = real

    bot.search = search


def run(jobs: list, workers: int, progress=None) -> list[dict]:
    """Play `jobs`, in order (`workers` at once), calling `progress(result, results so far)` after each."""
    results: list[dict] = []
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        for r in (pool.map(play, jobs, chunksize=1) if pool else map(play, jobs)):
            results.append(r)
            if progress:
                progress(r, results)
    finally:
        if pool:
            pool.shutdown()
    return results


def p95(ts: list[float]) -> float:
    ts = sorted(ts)
    return ts[int(0.95 * (len(ts) - 1))] if ts else 0.0


def report(strong: str, weak: str, results: list[dict], seeds: list[int], seconds: float) -> None:
    score = sum(r["score"] for r in results)
    n = len(results)
    low, high = wilson(score, n)
    verdict = "significant" if low > 0.5 else "NOT significant"
    draws = sum(1 for r in results if r["score"] == 0.5)
    judged = sum(1 for r in results if r["judged"])
    print(f"{strong} vs {weak}: {strong} scores {score:g} / {n} = {score / n:.1%} "
          f"(95 % interval {low:.1%}–{high:.1%}) — {verdict}; {draws} draws, {judged} judged; "
          f"seeds {seeds[0]}–{seeds[-1]}  [{seconds:.0f} s]", flush=True)
    kinds = sorted({str(r["kind"]) for r in results if r["kind"] is not None})
    if len(kinds) > 1:
        parts = []
        for k in kinds:
            mine = [r["score"] for r in results if str(r["kind"]) == k]
            parts.append(f"{k} {sum(mine):g}/{len(mine)}")
        print(f"  by kind: {', '.join(parts)}")
    sides = (("A", strong), ("B", weak)) if strong != weak else (("A", strong + " A"), ("B", weak + " B"))
    for side, name in sides:
        ts = [t for r in results for t in r["times"][side]]
        its = sorted(x for r in results for x in r["iterations"][side])
        line = (f"  {name:6s} decisions: {len(ts):6d}, median {1000 * statistics.median(ts):.2f} ms, "
                f"p95 {1000 * p95(ts):.2f} ms" if ts else f"  {name:6s} decisions: 0")
        if its:
            line += (f"; searched {len(its)}, median {statistics.median(its):g} iterations a searched decision "
                     f"({its[0]}–{its[-1]})")
        print(line, flush=True)


def control_report(strong: str, weak: str, results: list[dict], control: list[dict]) -> None:
    diff = [r["score"] - c["score"] for r, c in zip(results, control)]
    mean = sum(diff) / len(diff)
    sd = statistics.stdev(diff) if len(diff) > 1 else 0.0
    half = 1.96 * sd / len(diff) ** 0.5
    print(f"  control {weak} vs {weak} on the same seeds: side A scores {sum(c['score'] for c in control):g} / "
          f"{len(control)}; {strong} differs from it by {mean:+.1%} ± {half:.1%} (95 %), the result differing in "
          f"{sum(1 for d in diff if d)} games", flush=True)


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="celebrity", choices=RULESETS)
    ap.add_argument("--games", type=int, help="games a pairing (celebrity 240, the others 100)")
    ap.add_argument("--pairs", default="easy:normal,normal:hard", help="weaker:stronger pairings, comma-separated")
    ap.add_argument("--jobs", type=int, help="games at once (celebrity 2, the others 1)")
    ap.add_argument("--seed", type=int, default=1, help="game i's seed is SEED * 100000 + i")
    ap.add_argument("--thinking", default="normal", choices=("fast", "normal", "deep"),
                    help="the hard bot's thinking setting (the game's budget for it)")
    for k, kind in KNOBS.items():
        ap.add_argument(f"--{k.replace('_', '-')}", dest=k, type=kind, help=f"hard bot: the search budget's {k}")
    ap.add_argument("--field", action="append", metavar="NAME=VALUE",
                    help="hard bot: set any other field of the game's search budget (repeatable)")
    ap.add_argument("--control", action="store_true",
                    help="also play the weaker level against itself on the same seeds, and report the "
                         "stronger's score paired game by game with that (the seeds' own bias removed)")
    ap.add_argument("--progress", help="append each finished game to this file")
    ap.add_argument("--hidden", action="store_true", help="celebrity: hidden cards on (the bots must guess)")
    ap.add_argument("--scenario", default="mixed", choices=("mixed",) + tuple(KIND_NAMES),
                    help="skirmish: mixed (the four kinds in turn, the default) or one kind in every game")
    ap.add_argument("--arena", help="celebrity, skirmish, supers: every game on this bundled arena "
                                    "(skirmish's default: the plain 8x8 chessboard)")
    ap.add_argument("--types", help="gladiator: a fixed pairing strong:weak of type ids (default: random)")
    ap.add_argument("--set", action="append", metavar="MODULE.NAME=VALUE",
                    help="set a module constant of the game for every game, e.g. --set bots.NOISE=1.0 "
                         "(a screen of a variant the code keeps as a constant; repeatable)")
    ap.add_argument("--foresight", action="store_true",
                    help="gladiator: the hard bot's search sees the bout's real future dice (a ceiling, not a bot)")
    ap.add_argument("--turn-limit", type=int, default=30, help="supers: a fight still going after this many turns is a draw")
    ap.add_argument("--max-decisions", type=int,
                    help="a game still going after this many answers is judged (gladiator 3000, supers 20000)")
    return ap


def options_of(args) -> dict:
    """The game options of the command line that apply to its ruleset (what a game's maker reads)."""
    games, jobs, most = DEFAULTS[args.ruleset]
    opts: dict = {"max_decisions": args.max_decisions if args.max_decisions is not None else most}
    if args.ruleset == "celebrity":
        opts["hidden"] = args.hidden
    if args.ruleset in ("celebrity", "skirmish", "supers") and args.arena:
        opts["arena"] = args.arena
    if args.ruleset == "skirmish":
        opts["scenario"] = args.scenario
    if args.ruleset == "gladiator" and args.types and args.types != "random":
        opts["types"] = tuple(args.types.split(":"))
    if args.set:
        opts["set"] = settings(args.set)
    if args.ruleset == "gladiator" and args.foresight:
        opts["foresight"] = True
    if args.ruleset == "supers":
        opts["turn_limit"] = args.turn_limit
    return opts


def main(argv: list[str] | None = None) -> None:
    args = parser().parse_args(argv)
    games, jobs, _ = DEFAULTS[args.ruleset]
    games = args.games if args.games is not None else games
    jobs = args.jobs if args.jobs is not None else jobs
    budget = budget_of(args)
    thinking = budget or args.thinking
    opts = options_of(args)
    argv = sys.argv[1:] if argv is None else argv
    print(f"# python benchmarks/bots.py {shlex.join(argv)}", flush=True)
    print(f"# {args.ruleset}: {games} games a pairing, seeds {args.seed * STRIDE}–{args.seed * STRIDE + games - 1}, "
          f"--jobs {jobs}, options {opts}; hard bot budget: {budget or args.thinking}", flush=True)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the start, "
          f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}", flush=True)

    def progress_to(label: str):
        if not args.progress:
            return None

        def note(r, results):
            score = sum(x["score"] for x in results)
            low, high = wilson(score, len(results))
            with open(args.progress, "a", encoding="utf-8") as f:
                f.write(f"{args.ruleset} {label} game {len(results)} (seed {args.seed * STRIDE + len(results) - 1}"
                        f"{'' if r['kind'] is None else ', ' + str(r['kind'])}): {r['score']:g}  so far {score:g}/{len(results)} = "
                        f"{score / len(results):.1%} ({low:.1%}–{high:.1%})\n")
        return note

    for pair in args.pairs.split(","):
        weak, strong = pair.split(":")
        seeds = [args.seed * STRIDE + i for i in range(games)]
        t0 = time.perf_counter()
        results = run([(args.ruleset, strong, weak, s, thinking, opts) for s in seeds], jobs,
                      progress_to(f"{strong} vs {weak}"))
        report(strong, weak, results, seeds, time.perf_counter() - t0)
        if args.control:
            control = run([(args.ruleset, weak, weak, s, thinking, opts) for s in seeds], jobs,
                          progress_to(f"control {weak} vs {weak}"))
            control_report(strong, weak, results, control)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end, "
          f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}", flush=True)


if __name__ == "__main__":
    main()
