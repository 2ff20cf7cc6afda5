"""Chessboard Skirmish's bots, measured: head-to-head seeded games between levels, win rates with
95 % intervals, and each level's decision time.

Two random armies of 30 points (`quick_game`) on the 8x8 chessboard, no scenario; the levels swap
seats (who sets up at the bottom) every other game. A game still going after 40 rounds is judged
as a headless tournament night judges it (more undefeated miniatures, then their points). A draw
counts half. Decision times are over every decision a bot was asked (median and 95th percentile);
the hard bot thinks by the setup screen's *Bot thinking* (`--thinking`, a time budget).

    python benchmarks/skirmish_bots.py [--games 100] [--pairs easy:normal,normal:hard]
                                       [--thinking normal] [--jobs 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def play(args) -> tuple[float, dict[str, list[float]]]:
    """One game: (the stronger level's score 0, ½ or 1, {level: decision times in seconds})."""
    weak, strong, seed, thinking = args
    from deathmatch.board import square
    from deathmatch.core.loop import play_until_over
    from deathmatch.core.registry import get
    from deathmatch.rulesets.skirmish.tournament import judged, stop

    rules = get("skirmish")
    names = ("A", "B") if seed % 2 == 0 else ("B", "A")  # A is the stronger level; it sets up at the bottom every other game
    game = rules.quick_game(list(names), square(8, 8), seed)
    level = {"A": strong, "B": weak}
    bots = {p: rules.bot(level[p], p, seed * 7 + k, thinking=thinking) for k, p in enumerate(("A", "B"))}
    times: dict[str, list[float]] = {strong: [], weak: []}

    def choose(g):
        player = g.pending.player
        t0 = time.perf_counter()
        action = bots[player].choose(g)
        times[level[player]].append(time.perf_counter() - t0)
        return action

    play_until_over(game, choose, stop=stop)
    winners = tuple(game.outcome.winners) if game.over else judged(game.state)
    score = 1.0 if winners == ("A",) else 0.0 if winners == ("B",) else 0.5
    return score, times


def main() -> None:
    from deathmatch.core.stats import wilson

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--pairs", default="easy:normal,normal:hard")
    ap.add_argument("--thinking", default="normal")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for pair in args.pairs.split(","):
        weak, strong = pair.split(":")
        work = [(weak, strong, args.seed * 100_000 + i, args.thinking) for i in range(args.games)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(play, work))
        else:
            results = [play(w) for w in work]
        score = sum(s for s, _ in results)
        low, high = wilson(score, len(results))
        print(f"{strong} vs {weak}: {strong} scores {score:g} / {len(results)} = {score / len(results):.1%} "
              f"(95 % interval {low:.1%}–{high:.1%}), seeds {work[0][2]}–{work[-1][2]}")
        for lv in (strong, weak):
            ts = sorted(t for _, times in results for t in times[lv])
            p95 = ts[int(0.95 * (len(ts) - 1))] if ts else 0.0
            print(f"  {lv:6s} decisions: {len(ts):6d}, median {1000 * statistics.median(ts):.2f} ms, "
                  f"p95 {1000 * p95:.2f} ms")


if __name__ == "__main__":
    main()
