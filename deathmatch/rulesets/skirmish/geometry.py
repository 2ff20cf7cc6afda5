"""Where a miniature can go and what it can shoot (docs/rules/SKIRMISH.md §6): king-step paths
over vacant floor, the neighbours of a melee attack and the clear lines of a ranged one. Pure
functions of the board and the occupied squares; the rules (`game.py`) and the bots ask them.
"""

from __future__ import annotations

from functools import lru_cache

from ...board import SQUARE_DIRECTIONS, Square


def reachable(board, occupied, start: Square, steps: int) -> dict[Square, tuple[Square, ...]]:
    """Every square `start` can reach in 1 to `steps` king steps over vacant floor squares, each
    with one shortest path (the squares entered). A diagonal step between two obstacles is allowed."""
    floor = board.floor
    paths: dict[Square, tuple[Square, ...]] = {}
    frontier = [(start, ())]
    seen = {start}
    for _ in range(steps):
        nxt = []
        for sq, path in frontier:
            x, y = sq
            for dx, dy in SQUARE_DIRECTIONS:
                n = Square(x + dx, y + dy)
                if n in seen or n not in floor or n in occupied:
                    continue
                seen.add(n)
                p = path + (n,)
                paths[n] = p
                nxt.append((n, p))
        frontier = nxt
        if not frontier:
            break
    return paths


@lru_cache(maxsize=65536)
def between(a: Square, b: Square) -> tuple[Square, ...] | None:
    """The squares strictly between `a` and `b` on their file, rank or diagonal; None if they
    share none (or are the same square)."""
    dx, dy = b.x - a.x, b.y - a.y
    if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    n = max(abs(dx), abs(dy))
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return tuple(Square(a.x + sx * i, a.y + sy * i) for i in range(1, n))


def line_blocker(board, occupied, a: Square, b: Square) -> Square | None:
    """The first square between `a` and `b` that blocks a line of fire (an obstacle, a miniature
    or off the board); None if the line is clear. `a` and `b` must be aligned (`between`)."""
    for sq in between(a, b) or ():
        if sq not in board.floor or sq in occupied:
            return sq
    return None


def adjacent(a: Square, b: Square) -> bool:
    """One king step apart."""
    return a != b and max(abs(a.x - b.x), abs(a.y - b.y)) == 1
