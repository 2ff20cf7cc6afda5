#!/usr/bin/env python3
"""Compare two folders of screen PNGs pixel by pixel, to prove a restructuring changed no screen.

    git worktree add /tmp/before COMMIT
    (cd /tmp/before && python tools/screens_tour.py --out /tmp/tour_before)   # the old code
    python tools/screens_tour.py --out /tmp/tour_after                         # the new code
    python tools/compare_screens.py /tmp/tour_before /tmp/tour_after

Prints one line per PNG that differs (how many pixels, and the box around
them) or is in one folder only, then `N same, M differ, K missing`; exits 0
only if every PNG is in both folders and identical. Render both tours in the
same minute: the load screen shows when each save was written.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402


def difference(a: Path, b: Path) -> tuple[int, tuple[int, int, int, int] | None] | None:
    """(pixels that differ, their box (left, top, right, bottom)) of two PNGs; None if sizes differ."""
    sa, sb = pygame.image.load(a), pygame.image.load(b)
    if sa.get_size() != sb.get_size():
        return None
    ba, bb = pygame.image.tobytes(sa, "RGB"), pygame.image.tobytes(sb, "RGB")
    if ba == bb:
        return 0, None
    w = sa.get_width()
    xs, ys = [], []
    for i in range(0, len(ba), 3):
        if ba[i:i + 3] != bb[i:i + 3]:
            xs.append((i // 3) % w)
            ys.append((i // 3) // w)
    return len(xs), (min(xs), min(ys), max(xs), max(ys))


def compare(before: Path, after: Path) -> list[str]:
    """One line per PNG that differs or is missing from a folder, then the totals."""
    names = sorted({p.name for p in before.glob("*.png")} | {p.name for p in after.glob("*.png")})
    lines, same, differ, missing = [], 0, 0, 0
    for name in names:
        if not (before / name).exists() or not (after / name).exists():
            missing += 1
            lines.append(f"only in {after if (after / name).exists() else before}: {name}")
            continue
        d = difference(before / name, after / name)
        if d is None:
            differ += 1
            lines.append(f"differs: {name}: not the same size")
        elif d[0]:
            differ += 1
            lines.append(f"differs: {name}: {d[0]} pixels in the box {d[1]}")
        else:
            same += 1
    lines.append(f"{same} same, {differ} differ, {missing} missing")
    return lines


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__)
        return 2
    lines = compare(Path(args[0]), Path(args[1]))
    print("\n".join(lines))
    return 0 if lines[-1].split(", ")[1:] == ["0 differ", "0 missing"] else 1


if __name__ == "__main__":
    sys.exit(main())
