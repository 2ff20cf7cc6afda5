"""Square coordinates: the cell type of square boards (SKIRMISH.md §1, SUPERS.md §1).

A `Square` is an immutable ``(x, y)``: ``x`` the file, 0 at the left; ``y`` the
rank, 0 at the bottom (as Chessboard Skirmish counts them). Like `Hex` it is a
named tuple: cheap to make, hash and compare, prints like its constructor and
turns into JSON as ``[x, y]``.

Directions are numbered counter-clockwise from the right, straight ones even::

    3 (-1,+1)   2 (0,+1)   1 (+1,+1)
    4 (-1, 0)      ·       0 (+1, 0)
    5 (-1,-1)   6 (0,-1)   7 (+1,-1)

Both rulesets on squares move by king steps (eight neighbours, distance
max(|dx|, |dy|)); the four straight neighbours and the Manhattan distance are
here too for rules that want them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple


class Square(NamedTuple):
    """A square's file and rank."""

    x: int
    """File: 0 at the left; direction 0 is ``x + 1``."""
    y: int
    """Rank: 0 at the bottom; direction 2 is ``y + 1``."""

    def __add__(self, other: tuple) -> Square:
        return Square(self.x + other[0], self.y + other[1])

    def __sub__(self, other: tuple) -> Square:
        return Square(self.x - other[0], self.y - other[1])

    def neighbor(self, direction: int) -> Square:
        """The adjacent square in `direction` (0–7, taken mod 8)."""
        dx, dy = SQUARE_DIRECTIONS[direction % 8]
        return Square(self.x + dx, self.y + dy)

    def neighbors(self) -> tuple[Square, ...]:
        """The eight king-step neighbours, in direction order 0–7."""
        x, y = self.x, self.y
        return tuple(Square(x + dx, y + dy) for dx, dy in SQUARE_DIRECTIONS)

    def orthogonal_neighbors(self) -> tuple[Square, ...]:
        """The four straight neighbours (directions 0, 2, 4, 6)."""
        x, y = self.x, self.y
        return tuple(Square(x + dx, y + dy) for dx, dy in SQUARE_DIRECTIONS[::2])

    def diagonal_neighbors(self) -> tuple[Square, ...]:
        """The four diagonal neighbours (directions 1, 3, 5, 7)."""
        x, y = self.x, self.y
        return tuple(Square(x + dx, y + dy) for dx, dy in SQUARE_DIRECTIONS[1::2])

    def distance(self, other: tuple) -> int:
        """King steps to `other`: max(|dx|, |dy|) (Chebyshev)."""
        return max(abs(self.x - other[0]), abs(self.y - other[1]))

    def manhattan(self, other: tuple) -> int:
        """Straight steps to `other`: |dx| + |dy|."""
        return abs(self.x - other[0]) + abs(self.y - other[1])

    def direction_to(self, other: tuple) -> int | None:
        """The direction 0–7 of a neighbouring `other`, or None if not adjacent."""
        return _DIRECTION_OF.get((other[0] - self.x, other[1] - self.y))

    def aligned(self, other: tuple) -> bool:
        """Whether `other` is on this square's file, rank or a diagonal (and not this square)."""
        dx, dy = other[0] - self.x, other[1] - self.y
        return (dx, dy) != (0, 0) and (dx == 0 or dy == 0 or abs(dx) == abs(dy))

    def line(self, other: tuple) -> list[Square]:
        """The squares on the straight line from here to `other`, both included.

        One square per king step: the segment between the centres is sampled at
        N+1 evenly spaced points (N the distance) and each is rounded to its
        square, the ends nudged by a tiny offset so that a point exactly on an
        edge always rounds the same way — the square form of `Hex.line`
        (SUPERS.md: "the line between cell centres, nudged"). On a file, rank
        or diagonal it is exactly the squares between (SKIRMISH.md's lines of
        fire).
        """
        return list(square_line(self, Square(*other)))

    def supercover(self, other: tuple) -> list[Square]:
        """Every square the segment between the centres touches, in order from here.

        Where the segment passes exactly through a corner, both squares beside
        the corner are included (the strictest line of sight).
        """
        return list(square_supercover(self, Square(*other)))

    def __repr__(self) -> str:
        return f"Square({self.x}, {self.y})"


SQUARE_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
)
"""The eight direction vectors, counter-clockwise from the right (straight ones even)."""

_DIRECTION_OF = {d: i for i, d in enumerate(SQUARE_DIRECTIONS)}


def square_rear_directions(facing: int) -> tuple[int, int, int]:
    """The directions of the rear-left, rear and rear-right squares of `facing`."""
    return ((facing + 3) % 8, (facing + 4) % 8, (facing + 5) % 8)


@lru_cache(maxsize=1 << 16)
def square_line(a: Square, b: Square) -> tuple[Square, ...]:
    """`Square.line` as a cached tuple."""
    n = a.distance(b)
    if n == 0:
        return (a,)
    ax, ay = a.x + 1e-6, a.y + 2e-6
    bx, by = b.x + 1e-6, b.y + 2e-6
    return tuple(Square(int(round(ax + (bx - ax) * i / n)), int(round(ay + (by - ay) * i / n))) for i in range(n + 1))


@lru_cache(maxsize=1 << 14)
def square_supercover(a: Square, b: Square) -> tuple[Square, ...]:
    """`Square.supercover` as a cached tuple (integer walk, no rounding)."""
    dx, dy = b.x - a.x, b.y - a.y
    nx, ny = abs(dx), abs(dy)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    x, y = a.x, a.y
    out = [Square(x, y)]
    ix = iy = 0
    while ix < nx or iy < ny:
        # Compare (0.5 + ix) / nx with (0.5 + iy) / ny: which edge the segment crosses next.
        decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx
        if decision == 0:  # exactly through a corner: both side squares, then the diagonal one
            out.append(Square(x + sx, y))
            out.append(Square(x, y + sy))
            x, y = x + sx, y + sy
            ix, iy = ix + 1, iy + 1
        elif decision < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        out.append(Square(x, y))
    return tuple(out)
