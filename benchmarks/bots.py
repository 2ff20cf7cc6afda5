"""Bot strength, measured: head-to-head seeded games between strengths, win rates with 95 % intervals.

Two-player games (each player runs two models) on the bundled arenas with
beasts on and a round limit, the strengths swapping seats every other game.
A draw counts half. "Significant" means the 95 % Wilson interval of the
stronger side's win rate lies above 50 %. Also reports each bot's decision
time (median and 95th percentile).

    python benchmarks/bots.py [--games 240] [--pairs easy:normal,normal:hard] [--jobs 2]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ARENAS = ["classic_square", "ruined_temple", "harbour", "duel_pit"]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return centre - half, centre + half


def play(args) -> tuple[float, list, list]:
    """One game: returns (score of side A: 1 win, 0.5 draw, 0 loss, decision times of A, of B)."""
    a, b, seed = args
    from deathmatch.rulesets.celebrity.bots import make_bot
    from deathmatch.core.loop import play_until_over
    from deathmatch.engine import Options, load_default_cards, make_setup, new_game
    from deathmatch.board.tiled import load_arena
    from deathmatch.paths import maps_dir

    lib = load_default_cards()
    rng = random.Random(seed)
    arena_name = ARENAS[seed % len(ARENAS)]
    arena = load_arena(maps_dir() / f"{arena_name}.tmx")
    ids = rng.sample(sorted(lib.cards), 4)
    names = ["A", "B"] if seed % 2 == 0 else ["B", "A"]
    seats = [(names[0], ids[:2]), (names[1], ids[2:])]
    setup = make_setup({"map": f"maps/{arena_name}.tmx"}, seats, lib, Options(beasts=True, round_limit=12), seed=seed)
    game = new_game(setup, arena)
    bots = {"A": make_bot(a, seed * 2 + 1), "B": make_bot(b, seed * 2 + 2)}
    times = {"A": [], "B": []}

    def choose(game):
        p = game.pending.player
        t0 = time.perf_counter()
        action = bots[p].choose(game)
        times[p].append(time.perf_counter() - t0)
        return action

    play_until_over(game, choose)
    w = game.outcome.winners
    score = 1.0 if w == ("A",) else 0.0 if w == ("B",) else 0.5
    return score, times["A"], times["B"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=240)
    ap.add_argument("--pairs", default="easy:normal,normal:hard")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    decision_times: dict[str, list] = {}
    for pair in args.pairs.split(","):
        weak, strong = pair.split(":")
        jobs = [(strong, weak, args.seed * 100000 + i) for i in range(args.games)]
        t0 = time.perf_counter()
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs, chunksize=4))
        wins = sum(r[0] for r in results)
        for r in results:
            decision_times.setdefault(strong, []).extend(r[1])
            decision_times.setdefault(weak, []).extend(r[2])
        lo, hi = wilson(wins, len(results))
        verdict = "significant" if lo > 0.5 else "NOT significant"
        print(f"{strong} vs {weak}: {strong} scores {wins:g}/{len(results)} = {wins / len(results):.1%} "
              f"(95% CI {lo:.1%}–{hi:.1%}) — {verdict}   [{time.perf_counter() - t0:.0f} s]")
    for name, ts in sorted(decision_times.items()):
        ts = sorted(ts)
        print(f"{name:6s} decision time: median {statistics.median(ts) * 1000:.2f} ms, "
              f"p95 {ts[int(len(ts) * 0.95)] * 1000:.2f} ms ({len(ts)} decisions)")


if __name__ == "__main__":
    main()
