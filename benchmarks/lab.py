"""The balance lab's speed: games per second of one run in one process, with --jobs 2, and on a
local Dask cluster of 2 workers (`--cluster local --jobs 2`, needs deathmatch[cluster]).

Each run is the whole command as a designer types it (`python -m deathmatch simulate …`), timed
from start to exit, so a cluster's start-up counts. The modes take turns, run after run, so a
swing of the machine's speed falls on all of them; the medians and every run are printed, and
the reports of all the runs are checked to be the same bytes.

    python benchmarks/lab.py [--games 300] [--players 4] [--runs 3] [--modes jobs1,jobs2,cluster2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MODES = {
    "jobs1": ["--jobs", "1"],
    "jobs2": ["--jobs", "2"],
    "cluster2": ["--cluster", "local", "--jobs", "2"],
}


def once(games: int, players: int, mode: str, out: Path) -> float:
    argv = [sys.executable, "-m", "deathmatch", "simulate", "--games", str(games), "--players", str(players),
            "--beasts", "--seed", "1", "--quiet", "--json", str(out), *MODES[mode]]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    t0 = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--modes", default="jobs1,jobs2,cluster2")
    args = ap.parse_args()
    modes = args.modes.split(",")
    rates: dict[str, list[float]] = {m: [] for m in modes}
    reports = set()
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            for mode in modes:
                out = Path(tmp) / f"{mode}-{run}.json"
                seconds = once(args.games, args.players, mode, out)
                rates[mode].append(args.games / seconds)
                reports.add(out.read_bytes())
                print(f"run {run + 1} {mode}: {seconds:.1f} s, {args.games / seconds:.1f} games/s", flush=True)
    print(f"\n{args.games} games, {args.players} players, beasts, seed 1, normal bots; {os.cpu_count()} cores")
    for mode in modes:
        runs = ", ".join(f"{r:.1f}" for r in rates[mode])
        print(f"{mode:9} median {statistics.median(rates[mode]):5.1f} games/s  (runs: {runs})")
    print("reports: " + ("all the same bytes" if len(reports) == 1 else f"{len(reports)} DIFFERENT reports"))
    if len(reports) != 1:
        sys.exit(1)


if __name__ == "__main__":
    main()
