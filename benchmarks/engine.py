"""Engine benchmark: random legal play, 4 and 10 players.

Reports activations per second and full games per second, the median of
several runs, on one core. Time is the process's CPU time (`process_time`):
this VM's wall clock also counts the time its vCPU is lent to neighbours,
which made wall-clock runs of the same code differ by up to 40 %. An activation is counted from its ActivationStarted
event; everything a random player does is timed: listing legal actions,
picking one, applying it (with the windows, attacks and beasts it causes).

    python benchmarks/engine.py [--runs 5] [--games 40] [--ruleset celebrity|skirmish|all]

Chessboard Skirmish (`--ruleset skirmish`): random legal play of two random armies of 30
points on the 8×8 chessboard, no scenario, an activation counted from its `Picked` event.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deathmatch.engine import events as ev  # noqa: E402
from deathmatch.engine import load_default_cards  # noqa: E402
from deathmatch.engine.randomplay import random_answer, random_game  # noqa: E402


def run(library, players: int, games: int, seed: int) -> tuple[float, float]:
    """One run: (activations per second, games per second)."""
    setups = [random_game(library, seed * 1000 + i, players=players, beasts=True, obstacles=0, round_limit=40)
              for i in range(games)]
    activations = 0
    t0 = time.process_time()
    for i, game in enumerate(setups):
        rng = random.Random(i)
        while not game.over:
            for e in game.apply(random_answer(game, rng)):
                if type(e) is ev.ActivationStarted:
                    activations += 1
    elapsed = time.process_time() - t0
    return activations / elapsed, games / elapsed


def run_skirmish(games: int, seed: int) -> tuple[float, float]:
    """One run of Chessboard Skirmish: (activations per second, games per second)."""
    from deathmatch.board import square
    from deathmatch.core.registry import get
    from deathmatch.rulesets.skirmish import events as sev

    ruleset = get("skirmish")
    arena = square(8, 8)
    setups = [ruleset.quick_game(("A", "B"), arena, seed * 1000 + i) for i in range(games)]
    activations = 0
    t0 = time.process_time()
    for i, game in enumerate(setups):
        rng = random.Random(i)
        while not game.over:
            for e in game.apply(ruleset.random_answer(game, rng)):
                if type(e) is sev.Picked:
                    activations += 1
    elapsed = time.process_time() - t0
    return activations / elapsed, games / elapsed


def report(label: str, runs: list[tuple[float, float]]) -> None:
    acts = [a for a, _ in runs]
    print(f"{label}: {statistics.median(acts):9,.0f} activations/s   "
          f"{statistics.median(g for _, g in runs):7.1f} games/s   (runs: {', '.join(f'{a:,.0f}' for a in acts)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--ruleset", choices=("celebrity", "skirmish", "all"), default="celebrity")
    args = ap.parse_args()
    if args.ruleset in ("skirmish", "all"):
        print(f"Chessboard Skirmish: random legal play, two random 30-point armies on the 8x8 chessboard, "
              f"{args.games} games a run, median of {args.runs} runs")
        report(" 2 players", [run_skirmish(args.games, seed=r + 1) for r in range(args.runs)])
        if args.ruleset == "skirmish":
            return
    library = load_default_cards()
    print(f"random legal play, beasts on, round limit 40, {args.games} games a run, median of {args.runs} runs")
    for players in (4, 10):
        acts, games = [], []
        for r in range(args.runs):
            a, g = run(library, players, args.games, seed=r + 1)
            acts.append(a)
            games.append(g)
        print(f"{players:2d} players: {statistics.median(acts):9,.0f} activations/s   "
              f"{statistics.median(games):7.1f} games/s   (runs: {', '.join(f'{a:,.0f}' for a in acts)})")


if __name__ == "__main__":
    main()
