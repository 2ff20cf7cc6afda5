"""Bot strength, measured: head-to-head seeded games between strengths, win rates with 95 % intervals.

Two-player games (each player runs two models) on the bundled arenas with
beasts on and a round limit, the strengths swapping seats every other game.
A draw counts half. "Significant" means the 95 % Wilson interval of the
stronger side's win rate lies above 50 %. Also reports each bot's decision
time (median and 95th percentile, over the decisions it was asked, forced
ones included) and the hard bot's search iterations a decision.

    python benchmarks/bots.py [--games 240] [--pairs easy:normal,normal:hard] [--jobs 2]
                              [--thinking fast|normal|deep] [--iterations N] [--seconds S]
                              [--min-iterations N] [--candidates N] [--rollout N] [--exploration C] [--widening W] [--hidden]
                              [--progress FILE]

The hard bot searches by `--thinking` (the setup screen's setting: a count of iterations, the
clock only a cap: `rulesets/celebrity/ruleset.py` SEARCH_BUDGETS), or by
the budget the other flags make (`--iterations` alone: no clock, reproducible).
`--progress FILE` appends each finished game, so a stopped run keeps what it did.
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


def budget_of(args):
    """The hard bot's budget the command line asks for (None: its thinking setting's)."""
    from deathmatch.core.search import Budget
    from deathmatch.rulesets.celebrity.ruleset import SEARCH_BUDGETS as BUDGETS

    base = BUDGETS[args.thinking]
    if all(getattr(args, k) is None for k in ("iterations", "seconds", "min_iterations", "rollout", "exploration",
                                              "widening", "candidates")):
        return None
    seconds = args.seconds if args.seconds is not None else (0.0 if args.iterations else base.seconds)
    return Budget(iterations=args.iterations if args.iterations is not None else (0 if args.seconds else base.iterations),
                  seconds=seconds,
                  min_iterations=base.min_iterations if args.min_iterations is None else args.min_iterations,
                  candidates=base.candidates if args.candidates is None else args.candidates,
                  rollout=base.rollout if args.rollout is None else args.rollout,
                  exploration=base.exploration if args.exploration is None else args.exploration,
                  widening=base.widening if args.widening is None else args.widening)


def play(args) -> tuple[float, list, list, list]:
    """One game: (score of side A: 1 win, 0.5 draw, 0 loss, decision times of A, of B,
    the hard bots' iterations a searched decision)."""
    a, b, seed, thinking, budget, hidden = args
    from deathmatch.rulesets.celebrity.bots import make_bot
    from deathmatch.core.loop import play_until_over
    from deathmatch.rulesets.celebrity import Options, load_default_cards, make_setup, new_game
    from deathmatch.board.tiled import load_arena
    from deathmatch.paths import maps_dir

    lib = load_default_cards()
    rng = random.Random(seed)
    arena_name = ARENAS[seed % len(ARENAS)]
    arena = load_arena(maps_dir() / f"{arena_name}.tmx")
    ids = rng.sample(sorted(lib.cards), 4)
    names = ["A", "B"] if seed % 2 == 0 else ["B", "A"]
    seats = [(names[0], ids[:2]), (names[1], ids[2:])]
    setup = make_setup({"map": f"maps/{arena_name}.tmx"}, seats, lib,
                       Options(beasts=True, round_limit=12, hidden_cards=hidden), seed=seed)
    game = new_game(setup, arena)
    kw = {"thinking": thinking} if budget is None else {"budget": budget}
    bots = {"A": make_bot(a, seed * 2 + 1, **kw), "B": make_bot(b, seed * 2 + 2, **kw)}
    times = {"A": [], "B": []}
    iterations = []

    def choose(game):
        p = game.pending.player
        t0 = time.perf_counter()
        action = bots[p].choose(game)
        times[p].append(time.perf_counter() - t0)
        last = getattr(bots[p], "last", None)
        if last is not None and last.iterations:
            iterations.append(last.iterations)
        return action

    play_until_over(game, choose)
    w = game.outcome.winners
    score = 1.0 if w == ("A",) else 0.0 if w == ("B",) else 0.5
    return score, times["A"], times["B"], iterations


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=240)
    ap.add_argument("--pairs", default="easy:normal,normal:hard")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--thinking", default="normal", help="the hard bot's thinking setting: fast, normal, deep")
    ap.add_argument("--iterations", type=int, help="hard bot: iterations a decision (alone: no clock)")
    ap.add_argument("--seconds", type=float, help="hard bot: seconds a decision")
    ap.add_argument("--min-iterations", type=int, help="hard bot: iterations a decision however slow")
    ap.add_argument("--candidates", type=int, help="hard bot: the root weighs the normal bot's best N answers")
    ap.add_argument("--rollout", type=int, help="hard bot: answers a rollout plays before it is valued")
    ap.add_argument("--exploration", type=float, help="hard bot: the UCT constant")
    ap.add_argument("--widening", type=float, help="hard bot: progressive widening factor")
    ap.add_argument("--hidden", action="store_true", help="hidden cards on (the bots must guess)")
    ap.add_argument("--progress", help="append each finished game to this file")
    args = ap.parse_args()
    budget = budget_of(args)
    print(f"# {' '.join(sys.argv[1:])}  budget={budget or args.thinking}", flush=True)
    decision_times: dict[str, list] = {}
    iterations: list[int] = []
    for pair in args.pairs.split(","):
        weak, strong = pair.split(":")
        jobs = [(strong, weak, args.seed * 100000 + i, args.thinking, budget, args.hidden) for i in range(args.games)]
        t0 = time.perf_counter()
        results = []
        with ProcessPoolExecutor(args.jobs) as pool:
            for r in pool.map(play, jobs, chunksize=1):
                results.append(r)
                if args.progress:
                    wins = sum(x[0] for x in results)
                    lo, hi = wilson(wins, len(results))
                    with open(args.progress, "a", encoding="utf-8") as f:
                        f.write(f"{strong} vs {weak} game {len(results)}: {r[0]:g}  so far {wins:g}/{len(results)}"
                                f" = {wins / len(results):.1%} (95% CI {lo:.1%}–{hi:.1%})\n")
        wins = sum(r[0] for r in results)
        for r in results:
            decision_times.setdefault(strong, []).extend(r[1])
            decision_times.setdefault(weak, []).extend(r[2])
            iterations.extend(r[3])
        lo, hi = wilson(wins, len(results))
        verdict = "significant" if lo > 0.5 else "NOT significant"
        print(f"{strong} vs {weak}: {strong} scores {wins:g}/{len(results)} = {wins / len(results):.1%} "
              f"(95% CI {lo:.1%}–{hi:.1%}) — {verdict}   [{time.perf_counter() - t0:.0f} s]", flush=True)
    for name, ts in sorted(decision_times.items()):
        ts = sorted(ts)
        print(f"{name:6s} decision time: median {statistics.median(ts) * 1000:.2f} ms, "
              f"p95 {ts[int(len(ts) * 0.95)] * 1000:.2f} ms ({len(ts)} decisions)")
    if iterations:
        print(f"hard   search: median {statistics.median(iterations):g} iterations a searched decision "
              f"({len(iterations)} searched)")


if __name__ == "__main__":
    main()
