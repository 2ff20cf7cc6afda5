"""Gladiator!'s bots, measured: head-to-head seeded bouts between levels, win rates with 95 %
intervals, and each level's decision time.

Each bout: two men of bundled types drawn at random from the bout's seed (lions included; or a
fixed pairing, `--types myrmillo:retiarius`, the first the stronger level's) on a hexagon arena
of radius 4, the special rolls on, no experience cards; the levels swap seats (who rolls
initiative first) every other bout. A bout still going after `--max-decisions` answers (a
leg-wound stalemate has no end in the rules) is judged by total damage: the less hurt man wins,
equal is a draw. A draw counts half. Decision times are over every decision a bot was asked
(median and 95th percentile). The hard bot thinks by `--thinking` (the core's time budgets), or
by a fixed `--iterations` count per decision (load-independent: the same moves on any machine).

    python benchmarks/gladiator_bots.py [--bouts 100] [--pairs easy:normal,normal:hard]
                                        [--types random | a:b] [--thinking normal]
                                        [--iterations 0 [--epochs 2]] [--jobs 1] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def play(args) -> tuple[float, dict[str, list[float]], int]:
    """One bout: (the stronger level's score 0, ½ or 1, {level: decision times in s}, answers)."""
    weak, strong, seed, thinking, iterations, types, most, epochs = args
    import random

    from deathmatch.core.loop import play_until_over
    from deathmatch.core.registry import get
    from deathmatch.core.search import Budget
    from deathmatch.rulesets.gladiator.model import TYPE_NAMES, Gladiator
    from deathmatch.rulesets.gladiator.randomplay import random_gladiator
    from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game
    from deathmatch.rulesets.gladiator.state import Options

    rules = get("gladiator")
    rng = random.Random(seed)
    if types:
        men = {"A": Gladiator("a", TYPE_NAMES[types[0]], types[0]), "B": Gladiator("b", TYPE_NAMES[types[1]], types[1])}
    else:
        men = {"A": random_gladiator(rng, 1), "B": random_gladiator(rng, 2)}
    names = ("A", "B") if seed % 2 == 0 else ("B", "A")  # A is the stronger level; it sits first every other bout
    seats = tuple(Seat(n, ("red", "blue")[k], men[n]) for k, n in enumerate(names))
    game = new_game(Setup(seats, {"hexagon": 4}, Options(), seed, {}))
    level = {"A": strong, "B": weak}
    think = Budget(iterations=iterations, epochs=epochs) if iterations else thinking
    bots = {p: rules.bot(level[p], p, seed * 7 + k, thinking=think) for k, p in enumerate(("A", "B"))}
    times: dict[str, list[float]] = {strong: [], weak: []}

    def choose(g):
        player = g.pending.player
        t0 = time.perf_counter()
        action = bots[player].choose(g)
        times[level[player]].append(time.perf_counter() - t0)
        return action

    n = play_until_over(game, choose, max_decisions=most)
    if game.over:
        winners = tuple(game.outcome.winners)
    else:
        hurt = {m.owner: m.damage for m in game.state.men.values()}
        winners = () if hurt["A"] == hurt["B"] else (min(hurt, key=hurt.get),)
    score = 1.0 if winners == ("A",) else 0.0 if winners == ("B",) else 0.5
    return score, times, n


def main() -> None:
    from deathmatch.core.stats import wilson

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bouts", type=int, default=100)
    ap.add_argument("--pairs", default="easy:normal,normal:hard")
    ap.add_argument("--types", default="random", help="random, or a fixed pairing strong:weak (type ids)")
    ap.add_argument("--thinking", default="normal")
    ap.add_argument("--iterations", type=int, default=0, help="the hard bot's iterations a decision (0: by --thinking)")
    ap.add_argument("--epochs", type=int, default=2, help="with --iterations: the game turns a rollout looks ahead")
    ap.add_argument("--max-decisions", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    types = None if args.types == "random" else tuple(args.types.split(":"))
    print(f"load average {os.getloadavg()[0]:.2f}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    for pair in args.pairs.split(","):
        weak, strong = pair.split(":")
        work = [(weak, strong, args.seed * 100_000 + i, args.thinking, args.iterations, types, args.max_decisions,
                 args.epochs)
                for i in range(args.bouts)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(play, work))
        else:
            results = [play(w) for w in work]
        score = sum(s for s, _, _ in results)
        low, high = wilson(score, len(results))
        judged = sum(1 for _, _, n in results if n >= args.max_decisions)
        print(f"{strong} vs {weak}: {strong} scores {score:g} / {len(results)} = {score / len(results):.1%} "
              f"(95 % interval {low:.1%}–{high:.1%}), seeds {work[0][2]}–{work[-1][2]}, {judged} judged by damage")
        for lv in (strong, weak):
            ts = sorted(t for _, times, _ in results for t in times[lv])
            p95 = ts[int(0.95 * (len(ts) - 1))] if ts else 0.0
            print(f"  {lv:6s} decisions: {len(ts):6d}, median {1000 * statistics.median(ts):.2f} ms, "
                  f"p95 {1000 * p95:.2f} ms")
        print(f"  load average now {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
