"""Soak test: play many random legal games and report every exception.

    python tools/soak.py [--games 10000] [--seed 0] [--round-limit 30] [--check]

Each game has a random setup (2–10 players, beasts on or off, obstacles) on a
generated arena and is played by uniformly random legal answers to its end or
round limit; every other game the random player prefers attacks and
abilities (so that games also end by last standing). With --check every state is also checked against the invariants
(slower). Exit status 1 if any game failed; each failure prints its seed so it
can be replayed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deathmatch.core.loop import play_until_over  # noqa: E402
from deathmatch.engine import load_default_cards, new_game  # noqa: E402
from deathmatch.engine.invariants import Watcher  # noqa: E402
from deathmatch.engine.randomplay import random_answer, random_setup  # noqa: E402


def play_one(library, seed: int, round_limit: int, check: bool):
    rng = random.Random(seed)
    game = new_game(random_setup(library, rng, round_limit=round_limit))
    watch = Watcher(game) if check else None
    aggression = 0.7 if seed % 2 else 0.0
    decisions = play_until_over(game, lambda g: random_answer(g, rng, aggression),
                                on_events=watch.see if watch else None, max_decisions=100_000)
    if not game.over:
        raise RuntimeError("more than 100,000 decisions: the game does not end")
    return game, decisions


def soak(games: int, seed: int = 0, round_limit: int = 30, check: bool = False, out=sys.stdout) -> int:
    library = load_default_cards()
    failures = 0
    reasons = Counter()
    decisions = 0
    t0 = time.perf_counter()
    for i in range(games):
        s = seed + i
        try:
            game, n = play_one(library, s, round_limit, check)
            reasons[game.outcome.reason] += 1
            decisions += n
        except Exception:  # the point of a soak: catch everything, report it with its seed
            failures += 1
            print(f"game seed {s} FAILED:", file=out)
            traceback.print_exc(file=out)
        if (i + 1) % 1000 == 0:
            print(f"  {i + 1} games, {failures} failures, {time.perf_counter() - t0:.0f} s", file=out)
    elapsed = time.perf_counter() - t0
    print(
        f"{games} games ({', '.join(f'{k}: {v}' for k, v in sorted(reasons.items()))}), "
        f"{decisions} decisions in {elapsed:.1f} s; {failures} failed",
        file=out,
    )
    return failures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--round-limit", type=int, default=30)
    ap.add_argument("--check", action="store_true", help="check the invariants after every decision")
    args = ap.parse_args()
    sys.exit(1 if soak(args.games, args.seed, args.round_limit, args.check) else 0)


if __name__ == "__main__":
    main()
