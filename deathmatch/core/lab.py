"""What every ruleset's balance-lab report shares (`LabRules.summarize`, `lines`): a win rate's row
with its interval and flag, and the cells and columns of the report's tables for a terminal. The lab
itself is `deathmatch.balance`; each ruleset's `lab.py` says what it counts and which tables it prints."""

from __future__ import annotations

from collections.abc import Iterable

from .stats import flag, r, wilson


def rate(wins: float, n: int, fair: float = 0.5) -> dict:
    """A win rate's row: games, wins, the rate, its 95 % Wilson interval and its strong/weak flag
    against `fair` (None and "" without games)."""
    lo, hi = wilson(wins, n) if n else (None, None)
    return {
        "games": n,
        "wins": r(wins, 4),
        "win_rate": r(wins / n, 4) if n else None,
        "win_low": r(lo, 4),
        "win_high": r(hi, 4),
        "flag": flag(wins, n, fair) if n else "",
    }


def pct(x: float | None, places: int = 1) -> str:
    """A rate as a percentage ("—" for none)."""
    return "—" if x is None else f"{x * 100:.{places}f}%"


def num(x: float | None, places: int = 2) -> str:
    """A number to `places` ("—" for none)."""
    return "—" if x is None else f"{x:.{places}f}"


def ci(lo: float | None, hi: float | None) -> str:
    """An interval of rates, "40.0%–60.0%" ("—" for none)."""
    return "—" if lo is None else f"{pct(lo)}–{pct(hi)}"


def align(rows: list[list[str]], right: Iterable[int] = ()) -> list[str]:
    """A table's rows of cells as lines, each column as wide as its widest cell, the columns `right`
    right-aligned, the rest left-aligned (no trailing blanks)."""
    at_right = set(right)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(c.rjust(w) if i in at_right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()
        for row in rows
    ]
