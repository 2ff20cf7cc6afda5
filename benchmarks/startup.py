"""Startup benchmark: from starting `deathmatch` to its first frame on screen.

Runs `python -m deathmatch` (the title screen, as a player starts it) several
times with the dummy video driver and a fresh user folder; the game writes the
time of its first flip to a file and quits. Reports the median.

    python benchmarks/startup.py [--runs 7]
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


def once(cmd=None) -> float:
    """Seconds from starting `cmd` (default: `python -m deathmatch`) to its first frame."""
    cmd = cmd or [sys.executable, "-m", "deathmatch"]
    with tempfile.TemporaryDirectory() as tmp:
        mark = Path(tmp) / "first_frame"
        env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
                   SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"),
                   DEATHMATCH_USER_DIR=str(Path(tmp) / "user"), DEATHMATCH_FIRST_FRAME_FILE=str(mark),
                   DEATHMATCH_QUIT_AFTER_FIRST_FRAME="1")
        t0 = time.time()
        subprocess.run(cmd, cwd=ROOT, env=env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        return float(mark.read_text()) - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    times = [once() for _ in range(args.runs)]
    print(f"start to first frame: median {statistics.median(times):.3f} s "
          f"(runs: {', '.join(f'{t:.3f}' for t in times)})")


if __name__ == "__main__":
    main()
