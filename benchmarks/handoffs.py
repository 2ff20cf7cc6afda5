"""Hand-offs benchmark: seat changes and window prompts per round, with and without standing orders.

With hidden cards on, every seat change (the pending decision's player differs
from the previous decision's player) is a hand-off screen. Setup (issue 11):
bundled cards dealt at random, 4 players x 2 models on a hexagon-4 arena, no
beasts or obstacles, hidden cards on. The normal bot plays every action,
placement and push back; every window a player is *asked* is declined (Pass).
Two modes:

- "all ask (today)": nobody has orders, so everyone is asked at every window
  where they hold a playable ability;
- "default orders": every player is in `orders_for`, so the engine plays
  their reactions by the kinds' default orders and asks only for what is on
  "ask" (their Action+ abilities, which take no order).

Rounds are counted from round 1 (placement excluded); only complete rounds.
Games end at round 10 by default (`--round-limit`): normal bots' endgames are
long stand-offs of two to four models, which would otherwise fill the sample
with rounds of two or three activations.

    python benchmarks/handoffs.py [--rounds 240] [--jobs 2]
    python benchmarks/handoffs.py --winrate [--games 400] [--jobs 2]

`--winrate`: normal bot playing by default orders (its player in
`orders_for`, never asked for a reaction) vs normal bot with full control
(asked at every window), 2 players x 2 models, seats swapped every game;
prints the orders side's win rate (a draw counts half) with its 95 % Wilson
interval. Games are independent and seeded by their index: results are
identical whatever `--jobs`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deathmatch.balance import wilson  # noqa: E402
from deathmatch.rulesets.celebrity.bots import NormalBot  # noqa: E402
from deathmatch.core.loop import play_until_over  # noqa: E402
from deathmatch.rulesets.celebrity import Options, Pass, events as ev, load_default_cards, make_setup, new_game  # noqa: E402

_LIBRARY = None


def library():
    global _LIBRARY
    if _LIBRARY is None:
        _LIBRARY = load_default_cards()
    return _LIBRARY


def deal(seed: int, players: int, orders_for=None, round_limit=None):
    lib = library()
    rng = random.Random(seed)
    ids = rng.sample(sorted(lib.cards), players * 2)
    seats = [(f"P{i + 1}", ids[2 * i:2 * i + 2]) for i in range(players)]
    names = [n for n, _ in seats]
    options = Options(hidden_cards=True, round_limit=round_limit)
    return make_setup({"hexagon": 4}, seats, lib, options, seed=rng.randrange(2**31),
                      orders_for=names if orders_for is None else orders_for)


def handoff_game(args) -> list[tuple[int, int]]:
    """One 4-player game: (seat changes, window prompts) of each complete round."""
    seed, with_orders, round_limit = args
    setup = deal(seed, 4, None if with_orders else (), round_limit=round_limit)
    game = new_game(setup)
    bot = NormalBot(seed)
    per_round: dict[int, list[int]] = {}
    done = []
    prev = None

    def choose(game):
        nonlocal prev
        d = game.pending
        if game.round >= 1:
            row = per_round.setdefault(game.round, [0, 0])
            if prev is not None and d.player != prev:
                row[0] += 1
            if d.kind == "window":
                row[1] += 1
        prev = d.player
        return Pass(d.player) if d.kind == "window" else bot.choose(game)

    def see(events):
        done.extend(e.round for e in events if type(e) is ev.RoundEnded)

    play_until_over(game, choose, on_events=see)
    return [tuple(per_round.get(r, (0, 0))) for r in done]


def winrate_game(i: int) -> float:
    """Game `i`: 1 if the default-orders side wins, 0.5 a shared win, else 0. Seats swap with i."""
    orders_seat = "P1" if i % 2 == 0 else "P2"
    setup = deal(10_000 + i, 2, (orders_seat,), round_limit=40)
    game = new_game(setup)
    bots = {"P1": NormalBot(2 * i), "P2": NormalBot(2 * i + 1)}
    play_until_over(game, lambda g: bots[g.pending.player].choose(g))
    winners = game.outcome.winners
    if orders_seat not in winners:
        return 0.0
    return 1.0 / len(winners)


def _map(fn, items, jobs):
    if jobs <= 1:
        return [fn(x) for x in items]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(fn, items, chunksize=4))


def histogram(values, width=40) -> str:
    counts = Counter(values)
    top = max(counts.values())
    step = 5 if max(values) > 40 else 2 if max(values) > 20 else 1
    bins = Counter(v // step * step for v in values)
    top = max(bins.values())
    lines = []
    for b in range(0, max(values) + 1, step):
        n = bins.get(b, 0)
        label = f"{b:3d}" if step == 1 else f"{b:3d}-{b + step - 1:<3d}"
        lines.append(f"  {label} {n:4d} {'#' * round(n / top * width)}")
    return "\n".join(lines)


def summary(name, values) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return (f"{name}: median {statistics.median(values):g}, mean {statistics.mean(values):.1f}, "
            f"p90 {p90}, max {values[-1]}")


def handoffs(rounds: int, jobs: int, round_limit: int) -> None:
    print(f"4 players x 2 models, bundled cards at random, hexagon 4, hidden cards, round limit {round_limit};"
          f" normal bot plays actions, every asked window is passed; {rounds} complete rounds per mode")
    for with_orders, mode in ((False, "all ask (today)"), (True, "default orders")):
        rows: list[tuple[int, int]] = []
        seed = 0
        while len(rows) < rounds:
            batch = _map(handoff_game, [(s, with_orders, round_limit) for s in range(seed, seed + 8)], jobs)
            seed += 8
            for game_rows in batch:
                rows.extend(game_rows)
        rows = rows[:rounds]
        changes = [c for c, _ in rows]
        prompts = [p for _, p in rows]
        print(f"\n== {mode} ({seed} games dealt) ==")
        print(summary("seat changes per round", changes))
        print(summary("window prompts per round", prompts))
        print("seat changes per round (histogram):")
        print(histogram(changes))


def winrate(games: int, jobs: int) -> None:
    scores = _map(winrate_game, list(range(games)), jobs)
    wins = sum(scores)
    lo, hi = wilson(wins, games)
    print(f"normal bot by default orders vs normal bot with full control, 2 players x 2 models, "
          f"{games} games, seats swapped every game")
    print(f"default-orders side: {wins:g} wins of {games} = {wins / games:.1%} "
          f"(95 % Wilson interval {lo:.1%}–{hi:.1%}); 50 % {'inside' if lo <= 0.5 <= hi else 'OUTSIDE'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=240)
    ap.add_argument("--winrate", action="store_true", help="default orders vs full control, win rate")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--round-limit", type=int, default=10,
                    help="end each game after this round (normal bots' endgames are long stand-offs of 2-4 models)")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    if args.winrate:
        winrate(args.games, args.jobs)
    else:
        handoffs(args.rounds, args.jobs, args.round_limit)


if __name__ == "__main__":
    main()
