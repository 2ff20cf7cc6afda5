"""Soak test: play many random legal games and report every exception.

    python tools/soak.py [--ruleset ID|all] [--games 10000] [--seed 0] [--round-limit 30] [--check]

`--ruleset` (default all: every game, one after another, `--games` each):

- celebrity: each game has a random setup (2–10 players, beasts on or off,
  obstacles) on a generated arena and is played by uniformly random legal
  answers to its end or round limit; every other game the random player
  prefers attacks and abilities (so that games also end by last standing).
  With --check every state is also checked against the invariants (slower).
- every other ruleset: a random bundled arena of the ruleset, a random number
  of seats it takes, random pieces (`Ruleset.quick_game`) and random options
  (Skirmish: points, scenario, obstacles; Gladiator!: special rolls, lions;
  Superhero Gladiators: heroes a seat, turn limit), played by uniformly random
  legal answers to its end. With --check the finished game's record is also
  replayed and must come back the same (as a save does).

Exit status 1 if any game failed; each failure prints its ruleset and seed so
it can be replayed.
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deathmatch.core.loop import play_until_over  # noqa: E402
from deathmatch.rulesets.celebrity import load_default_cards, new_game  # noqa: E402
from deathmatch.rulesets.celebrity.invariants import Watcher  # noqa: E402
from deathmatch.rulesets.celebrity.randomplay import random_answer, random_setup  # noqa: E402


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


def random_options(ruleset_id: str, rng: random.Random) -> dict:
    """Random options for a quick game of `ruleset_id` (only those its `quick_game` takes are passed)."""
    if ruleset_id == "skirmish":
        from deathmatch.rulesets.skirmish.state import SCENARIOS

        return {"points": rng.choice((20, 30, 30, 50)), "scenario": rng.choice((None, None, *SCENARIOS)),
                "obstacles": rng.choice((0, 0, 2, 4))}
    if ruleset_id == "gladiator":
        return {"special_rolls": rng.random() < 0.7, "lions": rng.random() < 0.5}
    if ruleset_id == "supers":
        return {"heroes": rng.randint(1, 3), "turn_limit": rng.choice((None, None, 5, 12))}
    return {}


def play_other(rules, arenas, seed: int, check: bool):
    """One random game of a ruleset other than Celebrity Deathmatch's (see the module's text)."""
    from deathmatch.core import registry

    rng = random.Random(seed)
    arena = rng.choice(arenas)
    players = rng.randint(arena.min_players, arena.max_players)
    taken = inspect.signature(rules.quick_game).parameters
    options = {k: v for k, v in random_options(rules.id, rng).items() if k in taken}
    game = rules.quick_game([f"Seat {k + 1}" for k in range(players)], arena, seed, **options)
    decisions = play_until_over(game, lambda g: rules.random_answer(g, rng), max_decisions=100_000)
    if not game.over:
        raise RuntimeError("more than 100,000 decisions: the game does not end")
    if check:
        again = registry.replay(registry.record_of(game, rules))
        if len(again.history) != len(game.history) or not again.over:
            raise RuntimeError("the game's record does not replay to the same end")
    return game, decisions


def soak(games: int, seed: int = 0, round_limit: int = 30, check: bool = False, out=sys.stdout,
         ruleset: str = "celebrity") -> int:
    """`games` random games of `ruleset`; prints a summary line (and every failure); returns the failures."""
    if ruleset != "celebrity":
        return soak_other(ruleset, games, seed, check, out)
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
        f"celebrity: {games} games ({', '.join(f'{k}: {v}' for k, v in sorted(reasons.items()))}), "
        f"{decisions} decisions in {elapsed:.1f} s; {failures} failed",
        file=out,
    )
    return failures


def _reason(game) -> str:
    outcome = getattr(game, "outcome", None) or getattr(getattr(game, "state", None), "outcome", None)
    reason = getattr(outcome, "reason", None)
    return str(reason) if reason else "over"


def soak_other(ruleset_id: str, games: int, seed: int, check: bool, out) -> int:
    from deathmatch.board.arenas import list_arenas
    from deathmatch.core import registry

    rules = registry.get(ruleset_id)
    arenas = [e.report.arena for e in list_arenas(include_user=False, ruleset=ruleset_id) if e.ok]
    if not arenas:
        print(f"{ruleset_id}: no bundled arena", file=out)
        return 1
    failures = 0
    reasons = Counter()
    decisions = 0
    t0 = time.perf_counter()
    for i in range(games):
        s = seed + i
        try:
            game, n = play_other(rules, arenas, s, check)
            reasons[_reason(game)] += 1
            decisions += n
        except Exception:  # the point of a soak: catch everything, report it with its seed
            failures += 1
            print(f"{ruleset_id} game seed {s} FAILED:", file=out)
            traceback.print_exc(file=out)
        if (i + 1) % 1000 == 0:
            print(f"  {i + 1} games, {failures} failures, {time.perf_counter() - t0:.0f} s", file=out)
    elapsed = time.perf_counter() - t0
    print(f"{ruleset_id}: {games} games ({', '.join(f'{k}: {v}' for k, v in sorted(reasons.items()))}), "
          f"{decisions} decisions in {elapsed:.1f} s; {failures} failed", file=out)
    return failures


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--round-limit", type=int, default=30)
    ap.add_argument("--check", action="store_true", help="check the invariants after every decision")
    ap.add_argument("--ruleset", default="all", help="a ruleset's id, or all (default: every game in turn)")
    args = ap.parse_args()
    from deathmatch.core import registry

    ids = registry.ids() if args.ruleset == "all" else [args.ruleset]
    unknown = [r for r in ids if r not in registry.ids()]
    if unknown:
        ap.error(f"unknown ruleset {unknown[0]!r}: choose from all, {', '.join(registry.ids())}")
    failures = 0
    for r in ids:
        failures += soak(args.games, args.seed, args.round_limit, args.check, ruleset=r)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
