"""Fit Chessboard Skirmish's learnt position value (`rulesets/skirmish/value.py`) to played games.

Plays seeded games of the normal bot against itself (random 30-point armies, `quick_game`, on the
8x8 chessboard, no scenario — the hard bot's benchmark's games — with a share on 6x6 and 10x10),
each side answering at random now and then (`--explore`, for positions the normal bot would not
reach by itself), records the positions where the hard bot's search values its leaves (a pick, and
an activation's answer after its move) as `value.features` from one player's side with the game's
result for that player (a win 1, a draw ½, a loss 0; a game still going after 40 rounds judged as
a headless night judges it), and fits a logistic regression (Newton's method, a little L2) in pure
Python. Seeded and single-threaded in the fit: the same flags write the same weights.

    python tools/skirmish_value.py [--games 3000] [--seed 1] [--jobs 2] [--explore 0.1]
                                   [--every 1] [--out deathmatch/rulesets/skirmish/value_weights.py]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

OUT = Path(__file__).resolve().parent.parent / "deathmatch" / "rulesets" / "skirmish" / "value_weights.py"


def board_for(seed: int):
    """The board of game `seed`: mostly the 8x8 chessboard, now and then 6x6 or 10x10."""
    from deathmatch.board import square

    k = seed % 10
    return square(6, 6) if k == 7 else square(10, 10) if k == 9 else square(8, 8)


def play(task) -> list[tuple[list[float], float]]:
    """One seeded game: its sampled positions as (features for a player, that player's result)."""
    seed, explore, every = task
    from deathmatch.core.registry import get
    from deathmatch.rulesets.skirmish.actions import ACT, PICK
    from deathmatch.rulesets.skirmish.bots import NormalBot
    from deathmatch.rulesets.skirmish.tournament import judged, stop
    from deathmatch.rulesets.skirmish.value import features

    rules = get("skirmish")
    game = rules.quick_game(["A", "B"], board_for(seed), seed)
    rng = random.Random(seed * 31 + 7)
    bot = NormalBot(seed)
    seen: list[tuple[str, list[float]]] = []
    n = 0
    while not game.over and not stop(game, n):
        d = game.pending
        act = game.state.activation
        if d.kind == PICK or (d.kind == ACT and act is not None and act.moved):
            if rng.random() < 1 / every:
                who = game.state.players[rng.randrange(2)]
                seen.append((who, features(game, who)))
        if d.kind in (PICK, ACT) and rng.random() < explore:
            action = rng.choice(game.legal_actions())
        else:
            action = bot.choose(game)
        game.apply(action)
        n += 1
    winners = tuple(game.outcome.winners) if game.over else judged(game.state)
    return [(f, 0.5 if not winners else 1.0 if who in winners else 0.0) for who, f in seen]


def fit(rows: list[tuple[list[float], float]], l2: float = 1.0, steps: int = 12) -> list[float]:
    """Logistic regression without an intercept (the features are mine minus theirs) by Newton's
    method with an L2 penalty `l2` on the weights; soft labels (a draw ½) allowed."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [-l2 * wi for wi in w]
        hess = [[(l2 if i == j else 0.0) for j in range(k)] for i in range(k)]
        for x, y in rows:
            z = sum(wi * xi for wi, xi in zip(w, x))
            z = max(-30.0, min(30.0, z))
            p = 1.0 / (1.0 + math.exp(-z))
            r = y - p
            v = p * (1 - p)
            for i in range(k):
                xi = x[i]
                if xi == 0.0:
                    continue
                grad[i] += r * xi
                vx = v * xi
                row = hess[i]
                for j in range(i, k):
                    row[j] += vx * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step)]
        if max(abs(si) for si in step) < 1e-7:
            break
    return w


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


def log_loss(w, rows) -> float:
    total = 0.0
    for x, y in rows:
        z = max(-30.0, min(30.0, sum(wi * xi for wi, xi in zip(w, x))))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-z))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / max(1, len(rows))


def collect(games: int, seed: int, jobs: int, explore: float, every: int) -> list[tuple[list[float], float]]:
    tasks = [(seed * 1_000_000 + i, explore, every) for i in range(games)]
    rows: list = []
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            for got in pool.map(play, tasks, chunksize=8):
                rows.extend(got)
    else:
        for t in tasks:
            rows.extend(play(t))
    return rows


def render(w: list[float], note: str) -> str:
    from deathmatch.rulesets.skirmish.value import FEATURES

    lines = ['"""Written by tools/skirmish_value.py: the learnt position value\'s weights, in `value.FEATURES`',
             f'order. The fit: {note}."""', "", "WEIGHTS = ("]
    lines += [f"    {wi:.6f},  # {name}" for wi, name in zip(w, FEATURES)]
    lines.append(")")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--explore", type=float, default=0.1)
    ap.add_argument("--every", type=int, default=1, help="keep a sampled position with chance 1/N")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args()
    rows = collect(args.games, args.seed, args.jobs, args.explore, args.every)
    held = [r for k, r in enumerate(rows) if k % 10 == 0]
    train = [r for k, r in enumerate(rows) if k % 10]
    w = fit(train, args.l2)
    note = f"--games {args.games} --seed {args.seed} --explore {args.explore} --every {args.every} --l2 {args.l2}"
    print(f"{len(rows)} positions from {args.games} games; log loss train {log_loss(w, train):.4f}, "
          f"held out {log_loss(w, held):.4f} (a coin: {math.log(2):.4f})")
    w = fit(rows, args.l2)
    Path(args.out).write_text(render(w, note), encoding="utf-8")
    from deathmatch.rulesets.skirmish.value import FEATURES

    for name, wi in zip(FEATURES, w):
        print(f"  {name:18s} {wi:+.4f}")


if __name__ == "__main__":
    main()
