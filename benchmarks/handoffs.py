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

`--ruleset ID` (default celebrity, as above; `--players 2` deals Celebrity's two-person games) or
`--ruleset all`: every ruleset's interruptions per round, with two people and, where the game allows
it, four (Celebrity, Superhero Gladiators), all seats people; the normal bot plays every decision of
theirs but the questions (a question — a reaction window, a re-roll, a defence — is declined where the
game lets one be: Celebrity's windows, Gladiator!'s re-roll and card windows, Skirmish's re-rolls; a
Superhero's defences are the bot's). Two modes, as above: "all ask (before)" — every question asked and
every seat change between people a hand-off screen, as before issue 29; "default orders" — the default
standing orders (Gladiator!: "only when it can change the result"; Celebrity: its kinds' defaults) and a
hand-off only where the game hides something (Celebrity's hidden cards, Superhero's hidden gizmos: the
manifest's `secrets`; elsewhere the table shows a "whose turn" banner instead).

    python benchmarks/handoffs.py --ruleset gladiator [--games 60]
    python benchmarks/handoffs.py --ruleset all [--games 30]
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
    """One game (4 players unless said): (seat changes, window prompts) of each complete round."""
    seed, with_orders, round_limit, *players = args
    setup = deal(seed, players[0] if players else 4, None if with_orders else (), round_limit=round_limit)
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


def handoffs(rounds: int, jobs: int, round_limit: int, players: int = 4) -> None:
    print(f"{players} players x 2 models, bundled cards at random, hexagon 4, hidden cards, round limit {round_limit};"
          f" normal bot plays actions, every asked window is passed; {rounds} complete rounds per mode")
    for with_orders, mode in ((False, "all ask (today)"), (True, "default orders")):
        rows: list[tuple[int, int]] = []
        seed = 0
        while len(rows) < rounds:
            batch = _map(handoff_game, [(s, with_orders, round_limit, players) for s in range(seed, seed + 8)], jobs)
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


# --- every ruleset: questions and hand-offs per round, before and with default orders ---

QUESTIONS = {"celebrity": ("window",), "skirmish": ("reroll",), "gladiator": ("reroll", "card"),
             "supers": ("defend", "copy", "choose")}
"""Each ruleset's decision kinds that are questions (reactions), not a turn's own decisions."""
FOUR = ("celebrity", "supers")
"""The rulesets a game of four people may play."""


def secrets(ruleset_id: str) -> bool:
    """Whether the game hides anything from a seat (its manifest's `secrets`): only then a hand-off."""
    from deathmatch.core import registry

    client = registry.manifest(ruleset_id).client
    return client is None or client.secrets


def decline(game, d):
    """The "no" to question `d` where the game has one (None: the bot answers it)."""
    kind = d.kind
    rid = game.ruleset_id
    if rid == "gladiator":
        from deathmatch.rulesets.gladiator import actions as act

        return act.Reroll(d.player, False) if kind == act.REROLL else act.Pass(d.player)
    if rid == "skirmish":
        from deathmatch.rulesets.skirmish import actions as act

        return act.Reroll(d.player, False)
    return None


def start(ruleset_id: str, seed: int, players: int, with_orders: bool):
    """A new game of `players` people: (the game, the bots playing their seats)."""
    from deathmatch.bots import make_bot
    from deathmatch.core import registry

    names = tuple(f"P{i + 1}" for i in range(players))
    if ruleset_id == "gladiator":
        from deathmatch.board import hexagon
        from deathmatch.rulesets.gladiator.randomplay import random_gladiator
        from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game
        from deathmatch.rulesets.gladiator.state import Options as GOptions

        rng = random.Random(seed)
        seats = tuple(Seat(n, c, random_gladiator(rng, k + 1)) for k, (n, c) in enumerate(zip(names, ("red", "blue"))))
        order = "useful" if with_orders else "ask"
        game = new_game(Setup(seats, {"hexagon": 4}, GOptions(), seed, gods=tuple((n, order) for n in names)),
                        hexagon(4))
    else:
        from engine import bench_of

        rules = registry.get(ruleset_id)
        game = rules.quick_game(names, bench_of(ruleset_id).arena(), seed)
    bots = {n: make_bot("normal", seed=seed * 10 + i, player=n, ruleset=ruleset_id) for i, n in enumerate(names)}
    return game, bots


def interruptions(args) -> tuple[list[tuple[int, int]], int]:
    """One game: (hand-offs, questions) of each complete round, and the questions of the whole game."""
    ruleset_id, seed, players, with_orders, round_limit = args
    from deathmatch.core.front import Front

    game, bots = start(ruleset_id, seed, players, with_orders)
    front = Front(game)

    def epoch(_game):
        return front.when() or 0  # the round (or turn) of the public view
    kinds = QUESTIONS.get(ruleset_id, ())
    hides = secrets(ruleset_id) or not with_orders
    per_round: dict[int, list[int]] = {}
    prev = None
    total = 0
    for _ in range(20_000):
        d = game.pending
        if d is None:
            break
        r = epoch(game)
        if r > round_limit:
            break
        row = per_round.setdefault(r, [0, 0])
        if prev is not None and d.player != prev and hides:
            row[0] += 1
        prev = d.player
        answer = None
        if d.kind in kinds:
            row[1] += 1
            total += 1
            answer = decline(game, d)
        game.apply(answer if answer is not None else bots[d.player].choose(game))
    last = epoch(game) if game.pending is not None else max(per_round, default=0) + 1
    return [tuple(v) for k, v in sorted(per_round.items()) if k >= 1 and k < last], total


def every_ruleset(ids, games: int, jobs: int, round_limit: int) -> None:
    for rid in ids:
        for players in (2, 4) if rid in FOUR else (2,):
            if rid == "celebrity":
                print(f"\n##### celebrity, {players} people: its own benchmark (hidden cards: every seat change "
                      f"is a hand-off), 240 rounds a mode #####")
                handoffs(240, jobs, 10, players)
                continue
            print(f"\n##### {rid}, {players} people, {games} games (seeds 0-{games - 1}), round (or turn) limit {round_limit};"
                  f" hand-off screens only where the game hides something: {secrets(rid)} #####")
            for with_orders, mode in ((False, "all ask (before)"), (True, "default orders")):
                done = _map(interruptions, [(rid, s, players, with_orders, round_limit) for s in range(games)], jobs)
                rows = [row for rs, _ in done for row in rs]
                per_game = [n for _, n in done]
                hand = [h for h, _ in rows]
                asked = [q for _, q in rows]
                print(f"== {mode}: {len(rows)} complete rounds ==")
                print(summary("  hand-offs per round", hand))
                print(summary("  questions per round", asked))
                print(summary("  questions per game ", per_game))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=240, help="Celebrity: complete rounds a mode (default 240)")
    ap.add_argument("--winrate", action="store_true", help="Celebrity: default orders vs full control, win rate")
    ap.add_argument("--games", type=int, default=None,
                    help="games: --winrate's (default 400), or a mode's of the other rulesets (default 60)")
    ap.add_argument("--round-limit", type=int, default=None,
                    help="end each game after this round (Celebrity default 10: normal bots' endgames are long "
                         "stand-offs of 2-4 models; the other rulesets default 40)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--ruleset", default="celebrity",
                    help="celebrity (its own benchmark, as above), skirmish, gladiator, supers, or all")
    ap.add_argument("--players", type=int, default=4, help="Celebrity's own benchmark: players a game (2-10)")
    args = ap.parse_args()
    if args.ruleset != "celebrity":
        from deathmatch.core import registry

        ids = registry.ids() if args.ruleset == "all" else [args.ruleset]
        every_ruleset(ids, args.games or 60, args.jobs, args.round_limit or 40)
        return
    if args.winrate:
        winrate(args.games or 400, args.jobs)
    else:
        handoffs(args.rounds, args.jobs, args.round_limit or 10, args.players)


if __name__ == "__main__":
    main()
