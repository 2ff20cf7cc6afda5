"""The packaged app: time from launching the built binary to its first frame, and its size on disk.

    python -m deathmatch.package            # dist/Deathmatch/ (one folder)
    python -m deathmatch.package --onefile  # dist/Deathmatch-onefile (one file), optional
    python benchmarks/app_startup.py [--runs 7]
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


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def once(exe: Path) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        mark = Path(tmp) / "first_frame"
        env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
                   SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"),
                   DEATHMATCH_USER_DIR=str(Path(tmp) / "user"), DEATHMATCH_FIRST_FRAME_FILE=str(mark),
                   DEATHMATCH_QUIT_AFTER_FIRST_FRAME="1")
        t0 = time.time()
        subprocess.run([str(exe)], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        return float(mark.read_text()) - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    exe_name = "Deathmatch.exe" if sys.platform.startswith("win") else "Deathmatch"
    for label, exe, footprint in (("one folder", ROOT / "dist" / "Deathmatch" / exe_name, ROOT / "dist" / "Deathmatch"),
                                  ("one file", ROOT / "dist" / exe_name.replace("Deathmatch", "Deathmatch-onefile"),
                                   ROOT / "dist" / exe_name.replace("Deathmatch", "Deathmatch-onefile"))):
        if not exe.is_file():
            print(f"{label}: not built ({exe})")
            continue
        times = [once(exe) for _ in range(args.runs)]
        print(f"{label}: launch to first frame median {statistics.median(times):.3f} s "
              f"(runs: {', '.join(f'{t:.3f}' for t in times)}); size {size_of(footprint) / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
