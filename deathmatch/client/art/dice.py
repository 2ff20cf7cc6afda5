"""The dice as drawn: the outline of each die (d4 to d20) and its painter, shared by Chessboard Skirmish's
miniatures (a die is a miniature's stat line) and Gladiator!'s d6 (the rolled die of a bout).
"""

from __future__ import annotations

import math

from .pens import _dk, Pen

DIE_SIDES = (4, 6, 8, 10, 12, 20)


# ---------------------------------------------------------------------------
# the dice's outlines (unit frame: centre at the origin, about 1 across each way, y down)
# ---------------------------------------------------------------------------
def _regular(n: int, r: float, start_deg: float = -90.0) -> list[tuple[float, float]]:
    return [(r * math.cos(math.radians(start_deg + 360.0 * i / n)), r * math.sin(math.radians(start_deg + 360.0 * i / n)))
            for i in range(n)]


def die_outline(sides: int) -> list[tuple[float, float]]:
    """The silhouette of a d`sides` in the unit frame (radius about 1, y down), clockwise on screen."""
    if sides == 4:
        return [(0.0, -1.0), (0.98, 0.72), (-0.98, 0.72)]
    if sides == 6:
        return [(-0.78, -0.78), (0.78, -0.78), (0.78, 0.78), (-0.78, 0.78)]
    if sides == 8:
        return [(0.0, -1.0), (0.86, 0.0), (0.0, 1.0), (-0.86, 0.0)]
    if sides == 10:
        return [(0.0, -1.0), (0.9, 0.3), (0.0, 0.86), (-0.9, 0.3)]
    if sides == 12:
        return _regular(5, 0.98)
    if sides == 20:
        return _regular(6, 0.98, -90.0)
    raise ValueError(f"no die has {sides!r} sides (d4, d6, d8, d10, d12 or d20)")


def _facets(sides: int) -> list[list[tuple[float, float]]]:
    """Lines on the die that show its other faces (drawn thin and dark)."""
    if sides == 8:
        return [[(-0.86, 0.0), (0.86, 0.0)]]
    if sides == 10:
        return [[(-0.9, 0.3), (0.0, 0.58), (0.9, 0.3)], [(0.0, 0.58), (0.0, 0.86)]]
    if sides == 12:
        outer = _regular(5, 0.98)
        inner = _regular(5, 0.56)
        return [inner + [inner[0]]] + [[o, i] for o, i in zip(outer, inner)]
    if sides == 20:
        outer = _regular(6, 0.98, -90.0)
        tri = [(0.0, -0.62), (0.62, 0.46), (-0.62, 0.46)]
        return [tri + [tri[0]], [outer[0], tri[0]], [outer[1], tri[0]], [outer[1], tri[1]], [outer[2], tri[1]],
                [outer[3], tri[1]], [outer[3], tri[2]], [outer[4], tri[2]], [outer[5], tri[2]], [outer[5], tri[0]]]
    return []


def paint_die(p: Pen, sides: int, rgb, ol: float) -> None:
    """A d`sides` in the unit frame of `p`: its inked outline `ol` thick, shaded in `rgb`, and its facets."""
    pts = die_outline(sides)
    p.outline_poly(pts, ol)
    p.shaded_poly(pts, rgb, hi=0.3, lo=0.35, shrink=0.8)
    for line in _facets(sides):
        p.line(line, 0.045, _dk(rgb, 0.55))


__all__ = ["DIE_SIDES", "die_outline", "paint_die"]
