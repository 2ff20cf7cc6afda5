"""Engine benchmark: random legal play, 4 and 10 players.

Reports activations per second and full games per second, the median of
several runs, on one core. Time is the process's CPU time (`process_time`):
this VM's wall clock also counts the time its vCPU is lent to neighbours,
which made wall-clock runs of the same code differ by up to 40 %. An activation is counted from its ActivationStarted
event; everything a random player does is timed: listing legal actions,
picking one, applying it (with the windows, attacks and beasts it causes).

    python benchmarks/engine.py [--runs 5] [--games 40] [--ruleset celebrity|skirmish|gladiator|supers|...|all] [--quick]

Any registered ruleset with a `quick_game` (and its `random_answer`) can be measured; each counts
its natural unit (`BENCHES`):
- Celebrity Deathmatch: activations (`ActivationStarted`), 4 and 10 players, as above;
- Chessboard Skirmish: activations (its `Picked` event), two random armies of 30 points on the
  8×8 chessboard, no scenario;
- Gladiator!: decisions (every answer the random player gives: posture, AP roll, moves,
  exchanges, cards, rolls for the gods...), two men of random bundled types on a radius-4 hexagon;
- Superhero Gladiators: decisions (every answer: placement, each hero's segment action, held,
  defences invoked or not...), two seats of two random legal heroes on a radius-5 hexagon;
- any other ruleset: decisions, two seats on the first bundled map that names it.
`--quick` is one run of two games a ruleset (to see that it runs, not to measure).
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deathmatch.core import registry  # noqa: E402

registry.games()  # every bundled ruleset, registered
from deathmatch.rulesets.celebrity import events as ev  # noqa: E402
from deathmatch.rulesets.celebrity import load_default_cards  # noqa: E402
from deathmatch.rulesets.celebrity.randomplay import random_answer, random_game  # noqa: E402


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


@dataclass(frozen=True)
class Bench:
    """How a ruleset other than Celebrity Deathmatch is measured."""

    unit: str
    """What is counted ("activations", "decisions")."""
    event: str | None
    """The name of the ruleset's event (in its `events` module) that counts one unit; None: one a decision."""
    arena: Callable[[], Any]
    """The arena its games are dealt on."""
    about: str
    """The games, in words, for the report."""
    seats: tuple[str, ...] = ("A", "B")


def _square8():
    from deathmatch.board import square

    return square(8, 8)


def _hexagon(radius: int):
    def arena():
        from deathmatch.board import hexagon

        return hexagon(radius)

    return arena


BENCHES = {
    "skirmish": Bench("activations", "Picked", _square8,
                      "two random 30-point armies on the 8x8 chessboard, no scenario"),
    "gladiator": Bench("decisions", None, _hexagon(4),
                       "two men of random bundled types on a radius-4 hexagon, special rolls and lions on"),
    "supers": Bench("decisions", None, _hexagon(5),
                    "two seats of two random legal heroes on a radius-5 hexagon, no turn limit"),
}


def bench_of(ruleset_id: str) -> Bench:
    """How `ruleset_id` is measured: its entry in BENCHES, or decisions on the first bundled map naming it."""
    if ruleset_id in BENCHES:
        return BENCHES[ruleset_id]

    def arena():
        from deathmatch.board.tiled import load_arena
        from deathmatch.paths import maps_dir

        for path in sorted(maps_dir().glob("*.tmx")):
            loaded = load_arena(path)
            if ruleset_id in loaded.rulesets:
                return loaded
        raise SystemExit(f"no bundled map is for {ruleset_id}: add it to BENCHES in {Path(__file__).name}")

    return Bench("decisions", None, arena, "two seats on the first bundled map for it")


def run_ruleset(ruleset_id: str, games: int, seed: int) -> tuple[float, float]:
    """One run of random legal play of a registered ruleset's quick games: (units per second,
    games per second), its unit `bench_of(ruleset_id).unit`."""
    from deathmatch.core.registry import get

    ruleset = get(ruleset_id)
    bench = bench_of(ruleset_id)
    arena = bench.arena()
    setups = [ruleset.quick_game(bench.seats, arena, seed * 1000 + i) for i in range(games)]
    counted = None
    if bench.event is not None:
        counted = getattr(importlib.import_module(f"deathmatch.rulesets.{ruleset_id}.events"), bench.event)
    units = 0
    t0 = time.process_time()
    for i, game in enumerate(setups):
        rng = random.Random(i)
        while not game.over:
            events = game.apply(ruleset.random_answer(game, rng))
            if counted is None:
                units += 1
            else:
                for e in events:
                    if type(e) is counted:
                        units += 1
    elapsed = time.process_time() - t0
    return units / elapsed, games / elapsed


def run_skirmish(games: int, seed: int) -> tuple[float, float]:
    """One run of Chessboard Skirmish: (activations per second, games per second)."""
    return run_ruleset("skirmish", games, seed)


def report(label: str, runs: list[tuple[float, float]], unit: str = "activations") -> None:
    acts = [a for a, _ in runs]
    print(f"{label}: {statistics.median(acts):9,.0f} {unit}/s   "
          f"{statistics.median(g for _, g in runs):7.1f} games/s   (runs: {', '.join(f'{a:,.0f}' for a in acts)})")


def run_celebrity(runs: int, games: int) -> None:
    library = load_default_cards()
    print(f"random legal play, beasts on, round limit 40, {games} games a run, median of {runs} runs")
    for players in (4, 10):
        acts, rates = [], []
        for r in range(runs):
            a, g = run(library, players, games, seed=r + 1)
            acts.append(a)
            rates.append(g)
        print(f"{players:2d} players: {statistics.median(acts):9,.0f} activations/s   "
              f"{statistics.median(rates):7.1f} games/s   (runs: {', '.join(f'{a:,.0f}' for a in acts)})")


def main(argv: list[str] | None = None) -> None:
    from deathmatch.core import registry

    known = registry.ids()
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--ruleset", choices=(*known, "all"), default="celebrity")
    ap.add_argument("--quick", action="store_true", help="one run of two games (does it run?), not a measurement")
    args = ap.parse_args(argv)
    if args.quick:
        args.runs, args.games = 1, 2
    chosen = known if args.ruleset == "all" else [args.ruleset]
    # Celebrity last, as before (`all` printed Skirmish first).
    for rid in sorted(chosen, key=lambda r: r == "celebrity"):
        rules = registry.get(rid)
        if rid == "celebrity":
            run_celebrity(args.runs, args.games)
            continue
        if rules.quick_game is None:
            print(f"{rules.name}: no quick game to deal, not measured")
            continue
        bench = bench_of(rid)
        print(f"{rules.name}: random legal play, {bench.about}, {bench.unit} counted, "
              f"{args.games} games a run, median of {args.runs} runs")
        report(f"{len(bench.seats):2d} players",
               [run_ruleset(rid, args.games, seed=r + 1) for r in range(args.runs)], bench.unit)


if __name__ == "__main__":
    main()
