"""Axial hex coordinates: the one hex type of the engine (RULES.md §1).

A `Hex` is an immutable axial coordinate ``(q, r)``; the cube coordinate ``s``
is ``-q - r``. It is a named tuple so that it is cheap to make, hash and
compare (the engine makes many of them per activation), prints like its
constructor, and turns into JSON as ``[q, r]``.

Directions are numbered as the rules number them::

    0: (+1, 0)   1: (+1, -1)   2: (0, -1)   3: (-1, 0)   4: (-1, +1)   5: (0, +1)

Offset coordinates (Tiled's rows and columns) and pixels live elsewhere: the
offset conversions at the Tiled boundary in `deathmatch.board.tiled`, pixels
only in the client.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple


class Hex(NamedTuple):
    """An axial hex coordinate."""

    q: int
    """Column-like axis; direction 0 is ``q + 1``."""
    r: int
    """Row-like axis; direction 5 is ``r + 1``."""

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: tuple) -> Hex:
        return Hex(self.q + other[0], self.r + other[1])

    def __sub__(self, other: tuple) -> Hex:
        return Hex(self.q - other[0], self.r - other[1])

    def neighbor(self, direction: int) -> Hex:
        """The adjacent hex in `direction` (0–5, taken mod 6)."""
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> tuple[Hex, ...]:
        """The six adjacent hexes, in direction order 0–5."""
        q, r = self.q, self.r
        return tuple(Hex(q + dq, r + dr) for dq, dr in DIRECTIONS)

    def distance(self, other: tuple) -> int:
        """Hex distance (number of steps) to `other`."""
        dq = self.q - other[0]
        dr = self.r - other[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def length(self) -> int:
        """Distance from the origin."""
        return (abs(self.q) + abs(self.r) + abs(self.q + self.r)) // 2

    def direction_to(self, other: tuple) -> int | None:
        """The direction 0–5 of an adjacent `other`, or None if not adjacent."""
        return _DIRECTION_OF.get((other[0] - self.q, other[1] - self.r))

    def line(self, other: tuple) -> list[Hex]:
        """The hexes on the straight line from here to `other`, both included.

        Red Blob Games' line drawing: sample the segment at N+1 evenly spaced
        points and round each to the nearest hex. Both ends are nudged by the
        same tiny offset so that a point exactly on an edge between two hexes
        always rounds the same way (deterministic, and symmetric for the
        engine's purposes: a line of sight is checked in one direction only,
        from shooter to target).
        """
        return list(line_between(self, Hex(*other)))

    def ring(self, radius: int) -> list[Hex]:
        """The hexes at exactly `radius` from here (just ``[self]`` for 0)."""
        if radius == 0:
            return [self]
        out = []
        h = self + (DIRECTIONS[4][0] * radius, DIRECTIONS[4][1] * radius)
        for d in range(6):
            for _ in range(radius):
                out.append(h)
                h = h.neighbor(d)
        return out

    def spiral(self, radius: int) -> tuple[Hex, ...]:
        """This hex, then each ring out to `radius` (every hex within `radius`)."""
        return _spiral(self, radius)

    def rotate(self, steps: int, center: tuple = (0, 0)) -> Hex:
        """Rotate around `center` by `steps` × 60° in the direction-number sense.

        One step turns direction d into direction d + 1 (counter-clockwise in
        the usual drawing, since directions are numbered that way).
        """
        q, r = self.q - center[0], self.r - center[1]
        s = -q - r
        for _ in range(steps % 6):
            # (q, r, s) -> (-s, -q, -r) turns direction 0 (1,0,-1) into 1 (1,-1,0).
            q, r, s = -s, -q, -r
        return Hex(q + center[0], r + center[1])

    def __repr__(self) -> str:
        return f"Hex({self.q}, {self.r})"


DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six axial direction vectors, indexed by direction number (RULES.md §1)."""

_DIRECTION_OF = {d: i for i, d in enumerate(DIRECTIONS)}

FRONT, FRONT_LEFT, REAR_LEFT, REAR, REAR_RIGHT, FRONT_RIGHT = range(6)
"""Offsets from a facing: the side at ``(facing + offset) % 6`` (RULES.md §1)."""

REAR_OFFSETS = (REAR_LEFT, REAR, REAR_RIGHT)
"""The three rear sides of a model, as offsets from its facing."""


def rear_directions(facing: int) -> tuple[int, int, int]:
    """The directions of the rear-left, rear and rear-right hexes of `facing`."""
    return ((facing + 2) % 6, (facing + 3) % 6, (facing + 4) % 6)


@lru_cache(maxsize=1 << 16)
def line_between(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """`Hex.line` as a cached tuple: geometry never changes, and lines of
    sight are asked for again and again."""
    n = a.distance(b)
    if n == 0:
        return (a,)
    aq, ar = a.q + 1e-6, a.r + 2e-6
    bq, br = b.q + 1e-6, b.r + 2e-6
    return tuple(_round(aq + (bq - aq) * (i / n), ar + (br - ar) * (i / n)) for i in range(n + 1))


@lru_cache(maxsize=1 << 14)
def disc(h: Hex, radius: int) -> frozenset[Hex]:
    """Every hex within `radius` of `h`, as a set (cached: geometry never changes)."""
    return frozenset(_spiral(h, radius))


@lru_cache(maxsize=1 << 14)
def _spiral(h: Hex, radius: int) -> tuple[Hex, ...]:
    return tuple(x for k in range(radius + 1) for x in h.ring(k))


def _round(fq: float, fr: float) -> Hex:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(int(q), int(r))
