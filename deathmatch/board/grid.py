"""One grid interface over hexes and squares.

A ruleset asks its board's `grid` — never the cell type directly — for the
geometry it needs, so the same rule code can run on either:

    grid.cell(a, b)            the cell at coordinates (a, b)
    grid.directions            the direction vectors, numbered as the rules number them
    grid.neighbors(c)          every adjacent cell, in direction order
    grid.neighbor(c, d)        the adjacent cell in direction d
    grid.distance(a, b)        steps between two cells
    grid.line(a, b)            the cells on the straight line, both ends included
    grid.direction(a, b)       the direction of an adjacent cell, or None
    grid.rear_directions(f)    the rear-left, rear and rear-right directions of facing f
    grid.side(f, d)            which side of a model facing f the direction d is
    grid.from_json(v)          the cell a record writes as [a, b] (ValueError if it is not two whole numbers)

`HEX` is the grid of `Hex` (six directions, RULES.md §1); `SQUARE` of `Square`
(eight directions, king steps, SKIRMISH.md §1). Both are stateless singletons.
"""

from __future__ import annotations

from .hex import DIRECTIONS, Hex, line_between, rear_directions
from .square import SQUARE_DIRECTIONS, Square, square_line, square_rear_directions

FRONT, FRONT_LEFT, LEFT, REAR_LEFT, REAR, REAR_RIGHT, RIGHT, FRONT_RIGHT = (
    "front",
    "front-left",
    "left",
    "rear-left",
    "rear",
    "rear-right",
    "right",
    "front-right",
)


class HexGrid:
    """Hexes: six neighbours, hex distance, the nudged hex line."""

    name = "hex"
    coordinates = "[q, r]"
    """How a record and a scenario write a cell."""
    cell: type[Hex] | type[Square] = Hex
    directions: tuple = DIRECTIONS
    sides: tuple[str, ...] = (FRONT, FRONT_LEFT, REAR_LEFT, REAR, REAR_RIGHT, FRONT_RIGHT)
    """The side of a model at each offset from its facing (RULES.md §1)."""

    def neighbors(self, c) -> tuple:
        return c.neighbors()

    def neighbor(self, c, direction: int):
        return c.neighbor(direction)

    def distance(self, a, b) -> int:
        return a.distance(b)

    def line(self, a, b) -> tuple:
        return line_between(Hex(*a), Hex(*b))

    def direction(self, a, b) -> int | None:
        return a.direction_to(b)

    def rear_directions(self, facing: int) -> tuple[int, int, int]:
        return rear_directions(facing)

    def side(self, facing: int, direction: int) -> str:
        return self.sides[(direction - facing) % len(self.directions)]

    def from_json(self, value) -> Hex | Square:
        """The cell a record's decision writes as `[a, b]`: ValueError naming it if the two are not whole
        numbers (TypeError or ValueError from unpacking if it is not a pair, as a malformed decision's)."""
        a, b = value
        if not all(isinstance(c, int) and not isinstance(c, bool) for c in (a, b)):
            raise ValueError(f"expected a {self.name} {self.coordinates}, got {value!r}")
        return self.cell(a, b)

    def __repr__(self) -> str:
        return "HEX"

    def __reduce__(self) -> str:
        return repr(self)  # pickles (and copies) as the module's singleton, so `grid is HEX` holds


class SquareGrid(HexGrid):
    """Squares: eight neighbours (king steps), Chebyshev distance, the nudged square line."""

    name = "square"
    coordinates = "[x, y]"
    cell = Square
    directions = SQUARE_DIRECTIONS
    sides = (FRONT, FRONT_LEFT, LEFT, REAR_LEFT, REAR, REAR_RIGHT, RIGHT, FRONT_RIGHT)
    """The side of a model at each offset from its facing: directions count counter-clockwise."""

    def line(self, a, b) -> tuple:
        return square_line(Square(*a), Square(*b))

    def rear_directions(self, facing: int) -> tuple[int, int, int]:
        return square_rear_directions(facing)

    def __repr__(self) -> str:
        return "SQUARE"


HEX = HexGrid()
SQUARE = SquareGrid()
GRIDS = {HEX.name: HEX, SQUARE.name: SQUARE}
