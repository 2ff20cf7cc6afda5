"""Train a game's learned position value (the hard bot's leaf evaluation) on seeded self-play.

For `--ruleset ID` it plays `--games` seeded games of the game's `value.training_game(seed)` with
the normal bot in every seat (each answer, now and then, a random legal one instead: `--explore`,
so the positions cover more than the normal bot's own lines), samples positions where the game's
`value.sampled(game)` says the search values leaves (by default every decision), keeps each with
chance 1/`--every`, reads them as `value.features(game, player)` for one seat drawn at random, and
labels them with how the game ended for that seat (won 1, drawn 1/2, lost 0; a game still going
after `value.MAX_ANSWERS` answers is judged by `value.judged(game, player)`).

It fits a logistic regression (Newton's method with a small L2 penalty, the features scaled by
their spread while fitting, pure Python) on four games in five, and reports on the fifth, held
out by game: accuracy (positions of a decided game where the model's side of 1/2 is the result's),
log loss, and the same for the game's hand-written evaluation (`value.hand_written` if the game
gives one — a game whose `Ruleset.evaluate` is the learned value itself —, else `Ruleset.evaluate`)
on the same positions. The weights fitted on the four-fifths are written to the game's `value.json`
(`deathmatch/rulesets/ID/value.json`), with the command and those figures. Everything is seeded
and the fit is single-threaded, so the same command writes the same file (`--check` trains again
and compares with the shipped file instead of writing it).

    python tools/train_value.py --ruleset ID [--games 2000] [--seed 1] [--jobs 2] [--explore 0.1]
                                [--every 1] [--l2 1.0] [--out FILE] [--check]
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

HOLD_OUT = 5
"""Game k is held out when k % HOLD_OUT == HOLD_OUT - 1."""


def value_module(ruleset: str):
    return importlib.import_module(f"deathmatch.rulesets.{ruleset}.value")


def value_path(ruleset: str) -> Path:
    return Path(value_module(ruleset).__file__).with_name("value.json")


def _result(game, player: str, mod) -> float:
    if game.over:
        w = tuple(game.outcome.winners)
        if not w:
            return 0.5
        return (1.0 if len(w) == 1 else 0.5) if player in w else 0.0
    judged = getattr(mod, "judged", None)
    return judged(game, player) if judged is not None else 0.5


def play(task) -> list[tuple[list[float], float, float | None]]:
    """One seeded game: its kept positions as (features for a seat, that seat's result, the
    hand-written evaluation of the position for that seat or None)."""
    ruleset, seed, explore, every, baseline = task
    from deathmatch.core.registry import get

    mod = value_module(ruleset)
    rules = get(ruleset)
    game = mod.training_game(seed)
    bots_of = getattr(mod, "training_bots", None)
    if bots_of is not None:
        bots = bots_of(game, seed)
    else:
        bots = {}
    rng = random.Random(seed * 7919 + 17)
    sampled = getattr(mod, "sampled", lambda g: True)
    cap = getattr(mod, "MAX_ANSWERS", 3000)
    seen: list[tuple[str, list[float], float | None]] = []
    n = 0
    while not game.over and game.pending is not None and n < cap:
        d = game.pending
        who_moves = d.player
        if sampled(game) and rng.random() < 1.0 / every:
            seats = list(mod.seats(game))
            who = seats[rng.randrange(len(seats))]
            base = None
            hand = getattr(mod, "hand_written", rules.evaluate)
            if baseline and hand is not None:
                base = hand(game, who)
            seen.append((who, mod.features(game, who), base))
        if rng.random() < explore:
            action = rules.random_answer(game, rng)
        else:
            bot = bots.get(who_moves)
            if bot is None:
                bot = bots[who_moves] = rules.bot("normal", who_moves, seed * 10 + len(bots))
            action = bot.choose(game)
        game.apply(action)
        n += 1
    return [(f, _result(game, who, mod), base) for who, f, base in seen]


def collect(ruleset: str, games: int, seed: int, jobs: int, explore: float, every: int, baseline: bool):
    """Every game's kept positions, game by game (in the games' order, whatever `jobs`)."""
    tasks = [(ruleset, seed * 1_000_000 + i, explore, every, baseline) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(play, tasks, chunksize=4))
    return [play(t) for t in tasks]


def _sigmoid(z: float) -> float:
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def fit(rows, intercept: bool, l2: float = 1.0, steps: int = 25) -> tuple[list[float], float]:
    """Logistic regression by Newton's method with an L2 penalty (not on the intercept), on the
    features scaled by their spread (the weights returned are for the features as they are)."""
    k = len(rows[0][0])
    n = len(rows)
    scale = []
    for i in range(k):
        m = sum(r[0][i] for r in rows) / n
        var = sum((r[0][i] - m) ** 2 for r in rows) / n
        scale.append(math.sqrt(var) if var > 1e-12 else 1.0)
    xs = [[x / s for x, s in zip(r[0], scale)] + ([1.0] if intercept else []) for r in rows]
    ys = [r[1] for r in rows]
    d = k + (1 if intercept else 0)
    w = [0.0] * d
    for _ in range(steps):
        grad = [-(l2 * w[i] if i < k else 0.0) for i in range(d)]
        hess = [[(l2 if i == j and i < k else 0.0) for j in range(d)] for i in range(d)]
        for x, y in zip(xs, ys):
            p = _sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            r = y - p
            v = p * (1 - p) + 1e-9
            for i in range(d):
                xi = x[i]
                if xi == 0.0:
                    continue
                grad[i] += r * xi
                vx = v * xi
                row = hess[i]
                for j in range(i, d):
                    row[j] += vx * x[j]
        for i in range(d):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step)]
        if max(abs(si) for si in step) < 1e-8:
            break
    weights = [w[i] / scale[i] for i in range(k)]
    return weights, (w[k] if intercept else 0.0)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [bi] for row, bi in zip(a, b)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        piv = m[c][c]
        if abs(piv) < 1e-12:
            continue
        for r in range(c + 1, n):
            f = m[r][c] / piv
            if f:
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        piv = m[r][r]
        x[r] = 0.0 if abs(piv) < 1e-12 else (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / piv
    return x


def scores(predict, rows) -> dict:
    """Accuracy on the decided positions and log loss on all of `rows` for `predict(row) -> p`."""
    loss = 0.0
    right = decided = 0
    for row in rows:
        p = min(1 - 1e-6, max(1e-6, predict(row)))
        y = row[1]
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        if y in (0.0, 1.0):
            decided += 1
            right += (p > 0.5) == (y == 1.0)
    return {"positions": len(rows), "accuracy": round(right / max(1, decided), 4),
            "log_loss": round(loss / max(1, len(rows)), 4)}


def train(args) -> tuple[dict, dict]:
    """The value file's JSON and the report (see the module)."""
    mod = value_module(args.ruleset)
    t0 = time.perf_counter()
    per_game = collect(args.ruleset, args.games, args.seed, args.jobs, args.explore, args.every, True)
    took = time.perf_counter() - t0
    train_rows = [r for k, g in enumerate(per_game) if k % HOLD_OUT != HOLD_OUT - 1 for r in g]
    held = [r for k, g in enumerate(per_game) if k % HOLD_OUT == HOLD_OUT - 1 for r in g]
    if not train_rows or not held:
        raise SystemExit(f"too few positions ({len(train_rows)} to train on, {len(held)} held out): play more --games")
    intercept = bool(getattr(mod, "INTERCEPT", False))
    weights, bias = fit(train_rows, intercept, args.l2)

    def model(row):
        return _sigmoid(bias + sum(w * x for w, x in zip(weights, row[0])))

    base_rate = sum(r[1] for r in train_rows) / len(train_rows)
    report = {
        "held_out": scores(model, held),
        "train": scores(model, train_rows),
        "hand_written_held_out": scores(lambda r: min(0.99, max(0.01, r[2])), held) if held[0][2] is not None else None,
        "base_rate_held_out": scores(lambda r: base_rate, held),
    }
    command = (f"python tools/train_value.py --ruleset {args.ruleset} --games {args.games} --seed {args.seed} "
               f"--explore {args.explore} --every {args.every} --l2 {args.l2}")
    trained = {"command": command, "games": args.games, "seed": args.seed,
               "positions": len(train_rows) + len(held), "held_out": report["held_out"],
               "hand_written_held_out": report["hand_written_held_out"],
               "self_play_seconds": round(took, 1)}
    data = {"ruleset": args.ruleset, "features": list(mod.FEATURES),
            "weights": [round(w, 8) for w in weights], "bias": round(bias, 8), "trained": trained}
    return data, report


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", required=True)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--explore", type=float, default=0.1)
    ap.add_argument("--every", type=int, default=1, help="keep a sampled position with chance 1/N")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--out", help="write here (default: the game's shipped value.json)")
    ap.add_argument("--check", action="store_true", help="train again and compare with the shipped file")
    args = ap.parse_args(argv)
    data, report = train(args)
    mod = value_module(args.ruleset)
    for name in ("train", "held_out", "hand_written_held_out", "base_rate_held_out"):
        r = report[name]
        if r:
            print(f"{name:22s} positions {r['positions']:6d}  accuracy {r['accuracy']:.4f}  log loss {r['log_loss']:.4f}")
    for name, w in zip(mod.FEATURES, data["weights"]):
        print(f"  {name:24s} {w:+.5f}")
    if data["bias"]:
        print(f"  {'(bias)':24s} {data['bias']:+.5f}")
    out = Path(args.out) if args.out else value_path(args.ruleset)
    if args.check:
        shipped = json.loads(out.read_text(encoding="utf-8"))
        same = shipped["weights"] == data["weights"] and shipped["bias"] == data["bias"]
        print(f"shipped held-out accuracy {shipped['trained']['held_out']['accuracy']:.4f}, "
              f"again {data['trained']['held_out']['accuracy']:.4f}; weights {'identical' if same else 'DIFFER'}")
        return 0 if same else 1
    out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
