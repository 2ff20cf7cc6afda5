"""Small statistics for reports of many games (the balance lab, the hand-off benchmark):
the Wilson interval of a rate, a strong/weak flag from it, rounding for JSON."""

from __future__ import annotations

import math


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate `wins`/`n` (95 % by default); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, wins / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def flag(wins: float, games: int, fair: float, z: float = 1.96) -> str:
    """ "strong" if the win rate's Wilson lower bound is above `fair`, "weak" if the upper is below, else ""."""
    lo, hi = wilson(wins, games, z)
    if lo > fair:
        return "strong"
    if hi < fair:
        return "weak"
    return ""


def r(x: float | None, places: int) -> float | None:
    """`x` rounded to `places` for a report (None stays None; never -0.0)."""
    if x is None:
        return None
    v = round(x, places)
    return 0.0 if v == 0 else v


def mean(total: float, n: int) -> float | None:
    """total / n, or None when there is nothing to average."""
    return total / n if n else None
