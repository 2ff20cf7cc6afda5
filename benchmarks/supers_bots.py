"""Superhero Gladiators' bots, measured: head-to-head seeded fights between levels, win rates with
95 % intervals, and each level's decision time.

Each fight: two teams of two bundled heroes (every bundled hero is built on the same 200 points),
four different heroes drawn at random from the fight's seed, on the bundled Superhero Gladiators
arenas in turn; the levels swap seats (the first seat, and its spawn zone) every other fight. A
draw (three quiet turns, everyone fainted at once, or `--turn-limit` turns) counts half. Decision
times are over every decision a bot was asked (median and 95th percentile); the hard bot thinks by
`--thinking` (Superhero Gladiators' iteration budgets, `rulesets/supers/hard.py` SEARCH_BUDGETS), or
by the budget the other flags make from it (`--iterations` without `--seconds` drops the clock, so
the result is the same on a loaded machine; the iterations a searched decision are reported).
`--progress FILE` appends each finished fight, so a stopped run keeps what it did.

    python benchmarks/supers_bots.py [--games 100] [--pairs easy:normal,normal:hard] [--thinking normal]
                                     [--jobs 2] [--seed 1] [--turn-limit 30] [--progress FILE]
                                     [--iterations N] [--seconds S] [--candidates N] [--halving N]
                                     [--rollout N] [--prior P] [--exploration C] [--widening W]
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

KNOBS = ("iterations", "seconds", "candidates", "halving", "rollout", "prior", "exploration", "widening")
"""The search budget's fields the command line may set."""

_CACHE: dict = {}


def budget_of(args):
    """The hard bot's budget: Superhero Gladiators' for `--thinking`, with the fields the flags set
    (None: no flag set, the thinking setting itself). `--iterations` without `--seconds` drops the clock."""
    from deathmatch.rulesets.supers.hard import SEARCH_BUDGETS

    asked = {k: getattr(args, k) for k in KNOBS if getattr(args, k) is not None}
    if not asked:
        return None
    if "iterations" in asked and "seconds" not in asked:
        asked["seconds"] = 0.0
    return dataclasses.replace(SEARCH_BUDGETS[args.thinking], **asked)


def arenas() -> list[str]:
    """The bundled Superhero Gladiators arenas for two teams, by name (sorted)."""
    from deathmatch.balance import bundled_arenas

    return [name for name, (lo, hi) in bundled_arenas("supers").items() if lo <= 2 <= hi]


def setup_of(seed: int, names: tuple, arena: str, turn_limit: int | None):
    """The fight of `seed`: four different bundled heroes drawn from it, the first two the first seat's."""
    import random

    from deathmatch.rulesets.supers.heroes import bundled_heroes_dir, load_heroes
    from deathmatch.rulesets.supers.setup import Seat, Setup
    from deathmatch.rulesets.supers.state import Options

    if "heroes" not in _CACHE:
        _CACHE["heroes"] = sorted(load_heroes([bundled_heroes_dir()]).heroes.values(), key=lambda h: h.id)
    heroes = random.Random(seed).sample(_CACHE["heroes"], 4)
    return Setup((Seat(names[0], "red", tuple(heroes[:2])), Seat(names[1], "blue", tuple(heroes[2:]))),
                 {"map": f"bundled:{arena}"}, Options(turn_limit), seed)


def play(args) -> tuple[float, dict[str, list[float]], list[int]]:
    """One fight: (the stronger level's score 0, ½ or 1, {level: decision times in seconds}, the hard
    bot's iterations a searched decision)."""
    weak, strong, seed, thinking, arena, turn_limit = args
    from deathmatch.balance import _arena
    from deathmatch.core.loop import play_until_over
    from deathmatch.rulesets.supers.hard import make_bot
    from deathmatch.rulesets.supers.setup import new_game

    names = ("A", "B") if seed % 2 == 0 else ("B", "A")  # A is the stronger level; it sits first every other fight
    game = new_game(setup_of(seed, names, arena, turn_limit), _arena(arena))
    level = {"A": strong, "B": weak}
    bots = {p: make_bot(level[p], seed * 7 + k, thinking) for k, p in enumerate(("A", "B"))}
    times: dict[str, list[float]] = {strong: [], weak: []}
    iterations: list[int] = []

    def choose(g):
        player = g.pending.player
        t0 = time.perf_counter()
        action = bots[player].choose(g)
        times[level[player]].append(time.perf_counter() - t0)
        last = getattr(bots[player], "last", None)
        if last is not None and last.iterations:
            iterations.append(last.iterations)
        return action

    play_until_over(game, choose, max_decisions=20_000)
    winners = tuple(game.outcome.winners) if game.over else ()
    score = 1.0 if winners == ("A",) else 0.0 if winners == ("B",) else 0.5
    return score, times, iterations


def main() -> None:
    from deathmatch.core.stats import wilson

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--pairs", default="easy:normal,normal:hard")
    ap.add_argument("--thinking", default="normal", choices=("fast", "normal", "deep"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--turn-limit", type=int, default=30, help="a fight still going after this many turns is a draw")
    ap.add_argument("--progress", help="append each finished fight to this file")
    for k, kind in zip(KNOBS, (int, float, int, int, int, float, float, float)):
        ap.add_argument(f"--{k}", type=kind, help=f"hard bot: the search budget's {k}")
    args = ap.parse_args()
    budget = budget_of(args)
    names = arenas()
    print(f"# {' '.join(sys.argv[1:])}  budget={budget or args.thinking}  arenas={','.join(names)}", flush=True)
    for pair in args.pairs.split(","):
        weak, strong = pair.split(":")
        work = [(weak, strong, args.seed * 100_000 + i, budget or args.thinking, names[i % len(names)],
                 args.turn_limit) for i in range(args.games)]
        results = []
        pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
        for r in (pool.map(play, work, chunksize=1) if pool else map(play, work)):
            results.append(r)
            if args.progress:
                score = sum(x[0] for x in results)
                low, high = wilson(score, len(results))
                with open(args.progress, "a", encoding="utf-8") as f:
                    f.write(f"{strong} vs {weak} fight {len(results)}: {r[0]:g}  so far {score:g}/{len(results)}"
                            f" = {score / len(results):.1%} ({low:.1%}–{high:.1%})\n")
        if pool:
            pool.shutdown()
        score = sum(s for s, _, _ in results)
        low, high = wilson(score, len(results))
        draws = sum(1 for s, _, _ in results if s == 0.5)
        print(f"{strong} vs {weak}: {strong} scores {score:g} / {len(results)} = {score / len(results):.1%} "
              f"(95 % interval {low:.1%}–{high:.1%}; {draws} draws), seeds {work[0][2]}–{work[-1][2]}")
        for lv in (strong, weak):
            ts = sorted(t for _, times, _ in results for t in times[lv])
            p95 = ts[int(0.95 * (len(ts) - 1))] if ts else 0.0
            print(f"  {lv:6s} decisions: {len(ts):6d}, median {1000 * statistics.median(ts):.2f} ms, "
                  f"p95 {1000 * p95:.2f} ms")
        its = sorted(n for _, _, ns in results for n in ns)
        if its:
            print(f"  search: median {statistics.median(its):g} iterations a searched decision, "
                  f"{its[0]}–{its[-1]} ({len(its)} searched)")


if __name__ == "__main__":
    main()
