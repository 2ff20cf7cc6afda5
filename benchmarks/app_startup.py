"""The packaged app: time from launching the built binary to its first frame, and its size on disk.

    python -m deathmatch.package            # dist/Deathmatch/ (one folder)
    python -m deathmatch.package --onefile  # dist/Deathmatch-onefile (one file), optional
    python benchmarks/app_startup.py [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from startup import once as first_frame  # noqa: E402  (the one timing helper)


def size_of(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def once(exe: Path) -> float:
    return first_frame([str(exe)])


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
