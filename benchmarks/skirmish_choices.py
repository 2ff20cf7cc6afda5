"""Is Chessboard Skirmish's normal bot's first answer its best? Its next answers, played out.

The same games as `skirmish_bots.py` (two random 30-point armies by `quick_game` on the 8x8
chessboard, a game still going after 40 rounds judged as a headless night judges it), the normal
bot on both sides. At one in `--every` of side A's picks and activation answers (moves, attacks,
end) where the normal player's `--candidates` best answers are at least two, each of those answers
is played out `--worlds` times to the end of the game, the normal bot playing both sides, and
scored 1 (won), ½ (drawn) or 0. Every answer of a world meets the same dice (a fresh
`SeededDice(seed)` for each; common random numbers), so their paired difference measures the
answer more than the luck.

This is the one-step improvement a look-ahead over the normal bot's own answers could make (a
rollout player's whole gain): an alternative that beats the first answer by more than two standard
errors of its paired difference is a place to win; by chance alone about one in forty does. It
prints how many do, how many lose by as much, the mean difference, and the best ones.

    python benchmarks/skirmish_choices.py --games 60 --worlds 100 --jobs 2
    python benchmarks/skirmish_choices.py --games 60 --worlds 100 --scenario retrieve

Measured in docs/PERFORMANCE.md ("A fifth look").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def positions(seed: int, worlds: int, every: int = 4, candidates: int = 3, scenario: str | None = None) -> list[dict]:
    """One game's studied positions: for each, the decision's kind, its round, the normal player's
    answers (first its own), each answer's mean result for A and, for each alternative, the mean
    and standard error of its paired difference from the first answer."""
    from deathmatch.board import square
    from deathmatch.core.dice import SeededDice
    from deathmatch.core.loop import play_until_over
    from deathmatch.core.registry import get
    from deathmatch.rulesets.skirmish import bots
    from deathmatch.rulesets.skirmish.actions import PLACE, REROLL
    from deathmatch.rulesets.skirmish.tournament import judged, stop

    rules = get("skirmish")
    normal = bots.NormalBot()
    rng = random.Random(seed)
    game = rules.quick_game(["A", "B"], square(8, 8), seed, scenario=scenario)

    def result(g) -> float:
        w = tuple(g.outcome.winners) if g.over else judged(g.state)
        return 0.5 if not w else (1.0 if "A" in w else 0.0)

    out, n = [], 0
    while not game.over and not stop(game, n):
        d = game.pending
        if d.player == "A" and d.kind not in (REROLL, PLACE) and rng.randrange(every) == 0:
            answers = bots.ranked(game, candidates)
            if len(answers) >= 2:
                got = [[] for _ in answers]
                for _ in range(worlds):
                    dice = rng.randrange(2**62)
                    for k, a in enumerate(answers):
                        world = game.copy()
                        world.dice = SeededDice(dice)
                        world.apply(a)
                        play_until_over(world, normal.choose, stop=stop)
                        got[k].append(result(world))
                diffs = []
                for k in range(1, len(answers)):
                    paired = [x - y for x, y in zip(got[k], got[0])]
                    se = statistics.stdev(paired) / worlds ** 0.5 if worlds > 1 else 0.0
                    diffs.append((statistics.mean(paired), se))
                out.append({"kind": d.kind, "round": game.state.round, "answers": [str(a) for a in answers],
                            "means": [statistics.mean(g) for g in got], "diffs": diffs})
        game.apply(normal.choose(game))
        n += 1
    return out


def _study(args):
    return positions(*args)


def summary(found: list[dict]) -> dict:
    """How many alternatives beat (z > 2) or lose to (z < -2) the first answer, the mean paired
    difference, and the alternatives sorted best first as (z, difference, kind, first, alternative)."""
    rows = []
    for p in found:
        for (diff, se), alt in zip(p["diffs"], p["answers"][1:]):
            z = diff / se if se > 0 else 0.0
            rows.append((z, diff, p["kind"], p["answers"][0], alt))
    rows.sort(key=lambda r: -r[0])
    return {"positions": len(found), "alternatives": len(rows),
            "better": sum(1 for r in rows if r[0] > 2), "worse": sum(1 for r in rows if r[0] < -2),
            "mean": statistics.mean(r[1] for r in rows) if rows else 0.0, "rows": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=5000, help="the first game's seed")
    ap.add_argument("--worlds", type=int, default=100, help="play-outs of each answer")
    ap.add_argument("--every", type=int, default=4, help="study one in this many of A's decisions")
    ap.add_argument("--candidates", type=int, default=3)
    ap.add_argument("--scenario", choices=("retrieve", "infiltrate", "survival"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--show", type=int, default=8, help="print this many of the best alternatives")
    args = ap.parse_args()
    work = [(s, args.worlds, args.every, args.candidates, args.scenario)
            for s in range(args.seed, args.seed + args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        found = [p for game in pool.map(_study, work) for p in game]
    s = summary(found)
    print(f"{s['positions']} positions, {s['alternatives']} alternatives to the normal bot's first answer "
          f"({args.worlds} play-outs each, games {args.seed}-{args.seed + args.games - 1}"
          f"{', ' + args.scenario if args.scenario else ''}):")
    print(f"  better by more than 2 standard errors: {s['better']} (chance alone: about {s['alternatives'] / 40:.1f})")
    print(f"  worse by more than 2 standard errors:  {s['worse']}")
    print(f"  mean difference (alternative - first): {s['mean']:+.3f}")
    for z, diff, kind, first, alt in s["rows"][:args.show]:
        print(f"  z {z:+.1f}  {diff:+.3f}  {kind}: {first} -> {alt}")


if __name__ == "__main__":
    main()
