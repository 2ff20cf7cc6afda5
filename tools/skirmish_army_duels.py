"""Chessboard Skirmish: every bundled army of a points level against every other, by the lab's bots.

    python tools/skirmish_army_duels.py [--points 30] [--games 100] [--bots normal] [--seed 1]

Each pair plays `--games` games, half with each army setting up at the bottom, on the bundled
Skirmish maps in turn; a game still going after 40 rounds is judged as the lab judges it
(`rulesets/skirmish/lab.py`). Prints each army's win rate (a draw counts half) with its 95 %
Wilson interval. The same seed gives the same games (docs/BALANCE.md, "Chessboard Skirmish").
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deathmatch import balance  # noqa: E402
from deathmatch.core import registry  # noqa: E402
from deathmatch.core.loop import play_until_over  # noqa: E402
from deathmatch.core.stats import wilson  # noqa: E402
from deathmatch.rulesets.skirmish.armies import bundled_armies_dir  # noqa: E402
from deathmatch.rulesets.skirmish.armies import load_armies  # noqa: E402
from deathmatch.rulesets.skirmish.setup import Seat, Setup, new_game  # noqa: E402
from deathmatch.rulesets.skirmish.state import Options  # noqa: E402
from deathmatch.rulesets.skirmish.tournament import judged  # noqa: E402

ROUND_LIMIT = 40


def duel(a, b, points: int, arena_name: str, seed: int, bots: str) -> tuple[str, ...]:
    """One game of army `a` (bottom) against `b`: the winning armies' names (none: a draw)."""
    ruleset = registry.get("skirmish")
    rng = random.Random(seed)
    seats = (Seat(a.name, "", a), Seat(b.name, "", b))
    game = new_game(Setup(seats, {"map": f"bundled:{arena_name}"}, Options(points), rng.randrange(2**31)),
                    balance._arena(arena_name))
    players = {s.name: ruleset.bot(bots, s.name, rng.randrange(2**31)) for s in seats}
    play_until_over(game, lambda g: players[g.pending.player].choose(g),
                    stop=lambda g, n: g.state.round > ROUND_LIMIT)
    return tuple(game.outcome.winners) if game.over else judged(game.state)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--points", type=int, default=30)
    ap.add_argument("--games", type=int, default=100, help="games per pair (half each way round)")
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    armies = [a for a in load_armies([bundled_armies_dir()])[0] if a.points == args.points]
    arenas = list(balance.bundled_arenas("skirmish"))
    score = {a.name: [0.0, 0] for a in armies}
    k = 0
    for i, a in enumerate(armies):
        for b in armies[i + 1:]:
            for g in range(args.games):
                first, second = (a, b) if g % 2 == 0 else (b, a)
                winners = duel(first, second, args.points, arenas[k % len(arenas)],
                               balance.game_seed(args.seed, k), args.bots)
                k += 1
                for army in (a, b):
                    score[army.name][1] += 1
                    score[army.name][0] += 0.5 if not winners else (1.0 if army.name in winners else 0.0)
    print(f"{len(armies)} bundled {args.points}-point armies, {args.games} games a pair, {args.bots} bots, "
          f"seed {args.seed}")
    print("| army | games | win | 95% CI |\n|---|---:|---:|---:|")
    for name, (wins, n) in sorted(score.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
        lo, hi = wilson(wins, n)
        print(f"| {name} | {n} | {wins / n:.1%} | {lo:.1%}–{hi:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
