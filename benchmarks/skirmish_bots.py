"""Chessboard Skirmish's bots, measured: head-to-head seeded games between levels, win rates with
95 % intervals, and each level's decision time.

Two random armies of 30 points (`quick_game`) on the 8x8 chessboard (`--arena NAME`: that bundled
Skirmish map, e.g. ruins), no scenario (`--scenario retrieve`, `infiltrate` or `survival`: that one
in every game); the levels swap seats (who sets up at the bottom) every other game. A game still
going after 40 rounds is judged as a headless tournament night judges it (more undefeated
miniatures, then their points). A draw counts half. Decision times are over every decision a bot
was asked (median and 95th percentile); the hard bot thinks by the setup screen's *Bot thinking*
(`--thinking`: Skirmish's budget for it), or by the budget the other flags make from it
(`--iterations` alone: no clock, so the result is the same on a loaded machine; the hard bot's
iterations a searched decision are reported).
`--progress FILE` appends each finished game, so a stopped run keeps what it did. `--control` also
plays the weaker level against itself on the same seeds and reports the stronger's score paired
game by game with it (a seed set favours a side by itself; most games end the same either way).

    python benchmarks/skirmish_bots.py [--games 100] [--pairs easy:normal,normal:hard]
                                       [--thinking normal] [--jobs 2] [--seed 1] [--progress FILE] [--control]
                                       [--iterations N] [--seconds S] [--candidates N] [--halving N]
                                       [--rollout N] [--epochs N] [--prior P] [--exploration C] [--widening W]
                                       [--bounded 0|1] [--evaluation hand|learnt] [--weights FILE]
                                       [--attacks searched|normal] [--scenario NAME|mixed] [--arena NAME]

Screens (docs/PERFORMANCE.md): `--evaluation learnt` values the hard bot's leaves by the learned
value (`value.evaluate_learnt`, value.json) in place of the hand-written evaluation
(`bots.hand_evaluate`, shipped), `--weights FILE` by the learned value in that file (written by
`tools/train_value.py --ruleset skirmish --out FILE`); `--attacks normal` makes an attack the normal
bot would make now and searches no other attack (only moves, whose values need no dice).
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


KNOBS = ("iterations", "seconds", "candidates", "halving", "rollout", "epochs", "prior", "exploration", "widening",
         "bounded")
"""The search budget's fields the command line may set."""


def budget_of(args):
    """The hard bot's budget: Skirmish's for `--thinking`, with the fields the flags set (None: no
    flag set, the thinking setting itself). `--iterations` without `--seconds` drops the clock."""
    from deathmatch.core.registry import get
    from deathmatch.core.search import search_budget

    asked = {k: getattr(args, k) for k in KNOBS if getattr(args, k) is not None}
    if not asked:
        return None
    base = search_budget(get("skirmish"), args.thinking)
    if "bounded" in asked:
        asked["bounded"] = bool(asked["bounded"])
    if "iterations" in asked and "seconds" not in asked:
        asked["seconds"] = 0.0
    return dataclasses.replace(base, **asked)


MIXED = (None, "retrieve", "infiltrate", "survival")
"""`--scenario mixed`: game i is of kind MIXED[i % 4] (None: last army standing)."""

PATCH: dict = {}
"""The evaluation the hard bot screens (`--evaluation`, `--weights`); set before the workers fork."""


def patched() -> None:
    """Put `PATCH`'s evaluation in place (in this process)."""
    from deathmatch.rulesets.skirmish import bots, value

    if PATCH.get("evaluation") == "hand":
        bots.evaluate = bots.hand_evaluate
    elif PATCH.get("evaluation") == "learnt" or PATCH.get("weights"):
        bots.evaluate = value.evaluate_learnt
    if PATCH.get("attacks") == "normal":
        from deathmatch.rulesets.skirmish.actions import ACT, Attack

        searched = bots.search_ranked

        def ranked(game, k):
            got = searched(game, k)
            if game.pending.kind != ACT or not got:
                return got
            if isinstance(got[0], Attack):
                return got[:1]
            return [a for a in got if not isinstance(a, Attack)]

        bots.search_ranked = ranked
    if PATCH.get("weights"):
        from deathmatch.core import learned

        fitted = learned.load(Path(PATCH["weights"]), value.FEATURES)
        value.model = lambda: fitted


def play(args) -> tuple[float, dict[str, list[float]], list[int]]:
    """One game: (the stronger level's score 0, ½ or 1, {level: decision times in seconds},
    the hard bot's iterations a searched decision)."""
    weak, strong, seed, thinking, scenario, arena = args
    from deathmatch.board import square
    from deathmatch.board.tiled import load_arena
    from deathmatch.core.loop import play_until_over
    from deathmatch.core.registry import get
    from deathmatch.rulesets.skirmish.tournament import judged, stop

    patched()
    rules = get("skirmish")
    names = ("A", "B") if seed % 2 == 0 else ("B", "A")  # A is the stronger level; it sets up at the bottom every other game
    board = load_arena(f"bundled:{arena}") if arena else square(8, 8)
    game = rules.quick_game(list(names), board, seed, scenario=scenario)
    level = {"A": strong, "B": weak}
    bots = {p: rules.bot(level[p], p, seed * 7 + k, thinking=thinking) for k, p in enumerate(("A", "B"))}
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

    play_until_over(game, choose, stop=stop)
    winners = tuple(game.outcome.winners) if game.over else judged(game.state)
    score = 1.0 if winners == ("A",) else 0.0 if winners == ("B",) else 0.5
    return score, times, iterations


def main() -> None:
    from deathmatch.core.stats import wilson

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--pairs", default="easy:normal,normal:hard")
    ap.add_argument("--thinking", default="normal")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--progress", help="append each finished game to this file")
    ap.add_argument("--control", action="store_true",
                    help="also play the weaker level against itself on the same seeds, and report the "
                         "stronger's score paired game by game with that (the seeds' own bias removed)")
    for k, kind in zip(KNOBS, (int, float, int, int, int, int, float, float, float, int)):
        ap.add_argument(f"--{k}", type=kind, help=f"hard bot: the search budget's {k}")
    ap.add_argument("--evaluation", choices=("learnt", "hand"), default="hand",
                    help="hard bot: the hand-written evaluation (shipped) or the learned value")
    ap.add_argument("--weights", help="hard bot: the learnt evaluation's WEIGHTS from this file")
    ap.add_argument("--scenario", choices=("retrieve", "infiltrate", "survival", "mixed"),
                    help="every game plays this scenario (none: last army standing; mixed: game i the kind i mod 4, plain first)")
    ap.add_argument("--arena", help="every game is played on this bundled Skirmish map (e.g. ruins; none: the plain 8x8 chessboard)")
    ap.add_argument("--attacks", choices=("searched", "normal"), default="searched",
                    help="normal: an attack the normal bot would make now is made, and no other attack is searched")
    args = ap.parse_args()
    PATCH.update(evaluation=args.evaluation, weights=args.weights, attacks=args.attacks)
    budget = budget_of(args)
    print(f"# {' '.join(sys.argv[1:])}  budget={budget or args.thinking}", flush=True)
    for pair in args.pairs.split(","):
        weak, strong = pair.split(":")
        work = [(weak, strong, args.seed * 100_000 + i, budget or args.thinking,
                 MIXED[i % 4] if args.scenario == "mixed" else args.scenario, args.arena)
                for i in range(args.games)]
        results = []
        pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
        for r in (pool.map(play, work, chunksize=1) if pool else map(play, work)):
            results.append(r)
            if args.progress:
                score = sum(x[0] for x in results)
                low, high = wilson(score, len(results))
                with open(args.progress, "a", encoding="utf-8") as f:
                    f.write(f"{strong} vs {weak} game {len(results)}: {r[0]:g}  so far {score:g}/{len(results)}"
                            f" = {score / len(results):.1%} ({low:.1%}–{high:.1%})\n")
        if pool:
            pool.shutdown()
        score = sum(s for s, _, _ in results)
        low, high = wilson(score, len(results))
        print(f"{strong} vs {weak}: {strong} scores {score:g} / {len(results)} = {score / len(results):.1%} "
              f"(95 % interval {low:.1%}–{high:.1%}), seeds {work[0][2]}–{work[-1][2]}")
        for lv in (strong, weak):
            ts = sorted(t for _, times, _ in results for t in times[lv])
            p95 = ts[int(0.95 * (len(ts) - 1))] if ts else 0.0
            print(f"  {lv:6s} decisions: {len(ts):6d}, median {1000 * statistics.median(ts):.2f} ms, "
                  f"p95 {1000 * p95:.2f} ms")
        its = sorted(n for _, _, ns in results for n in ns)
        if its:
            print(f"  search: median {statistics.median(its):g} iterations a searched decision, "
                  f"{its[0]}–{its[-1]} ({len(its)} searched)")
        if args.control:
            same = [(weak, weak, seed, thinking, scenario, arena) for _, _, seed, thinking, scenario, arena in work]
            if pool:
                with ProcessPoolExecutor(args.jobs) as control_pool:
                    control = [r[0] for r in control_pool.map(play, same, chunksize=1)]
            else:
                control = [play(w)[0] for w in same]
            diff = [r[0] - c for r, c in zip(results, control)]
            mean = sum(diff) / len(diff)
            sd = statistics.stdev(diff) if len(diff) > 1 else 0.0
            half = 1.96 * sd / len(diff) ** 0.5
            print(f"  control {weak} vs {weak} on the same seeds: side A scores {sum(control):g} / {len(control)}; "
                  f"{strong} differs from it by {mean:+.1%} ± {half:.1%} (95 %), the result differing in "
                  f"{sum(1 for d in diff if d)} games")


if __name__ == "__main__":
    main()
