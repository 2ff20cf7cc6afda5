"""Resume benchmark: how long a game taken up again (Continue, Load) takes to come back on its table,
and how much of that is its log told again from the record (`scenes.table.Table.retell`).

Games, played to their end off screen and saved:
- Celebrity Deathmatch: 10 players on the grand arena, random legal play, no round limit;
- Gladiator!: a long bout (the longest of `--bouts` bouts of random legal play on the sand circle);
- Chessboard Skirmish and Superhero Gladiators: one game each of random legal play.

For each: `load` is `saves.load_game` (the record replayed once), `table` the table made on the
loaded game at 1280x720 (its log told again: the record replayed a second time, every event through
the table's log code), `retell` the log alone told again on that table. Medians of `--runs`.

    python benchmarks/resume.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DEATHMATCH_USER_DIR", tempfile.mkdtemp(prefix="resume-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deathmatch import saves  # noqa: E402
from deathmatch.launch import make_game  # noqa: E402
from deathmatch.core import registry  # noqa: E402


def played(ruleset: str, players: int, arena: str, seed: int, **options):
    """A game of random legal play to its end on the bundled arena `arena` (its map's name), and its map file."""
    from deathmatch.board.arenas import list_arenas

    if ruleset == "celebrity":
        game, path = make_game(players, arena, seed, **options)
    else:
        entry = next(e for e in list_arenas(ruleset=ruleset) if e.ok and e.path.stem == arena)
        names = ["Ann", "Bob", "Cid", "Dee"][:players]
        game, path = registry.get(ruleset).quick_game(names, entry.report.arena, seed, **options), entry.path
    rules = registry.get(ruleset)
    rng = random.Random(seed)
    while game.pending is not None:
        game.apply(rules.random_answer(game, rng))
    return game, path


def longest_bout(bouts: int):
    best = None
    for seed in range(bouts):
        game, path = played("gladiator", 2, "sand_circle", seed)
        if best is None or len(game.history) > len(best[0].history):
            best = (game, path)
    return best


def measure(app, label: str, game, path, runs: int) -> None:
    saves.write_game(game, label)
    table_class = app.router.scene_class("battle", game.ruleset_id)
    loads, tables, retells = [], [], []
    lines = 0
    for _ in range(runs):
        t0 = time.perf_counter()
        loaded = saves.load_game(label)
        t1 = time.perf_counter()
        table = table_class(app, loaded, path, anim_speed=60.0)
        t2 = time.perf_counter()
        table.log = []
        table.retell()
        t3 = time.perf_counter()
        loads.append(t1 - t0)
        tables.append(t2 - t1)
        retells.append(t3 - t2)
        lines = len(table.log)
    fmt = lambda xs: f"median {statistics.median(xs) * 1000:.0f} ms (runs: {', '.join(f'{x * 1000:.0f}' for x in xs)})"  # noqa: E731
    print(f"{label}: {len(game.history)} decisions, {lines} log lines kept")
    print(f"  load   {fmt(loads)}")
    print(f"  table  {fmt(tables)}")
    print(f"  retell {fmt(retells)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--bouts", type=int, default=20)
    args = ap.parse_args()
    from deathmatch.scenes.app import App

    app = App((1280, 720))
    app.catch_errors = False
    for label, (game, path) in (
            ("celebrity-10-players", played("celebrity", 10, "grand_arena", 4, round_limit=None)),
            ("gladiator-long-bout", longest_bout(args.bouts)),
            ("skirmish", played("skirmish", 2, "open_field", 3)),
            ("supers", played("supers", 2, "supers_crater", 3, heroes=3))):
        measure(app, label, game, path, args.runs)


if __name__ == "__main__":
    main()
