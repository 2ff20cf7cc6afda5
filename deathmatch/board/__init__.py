"""Board geometry: hexes, squares, one grid interface over both, and arenas. Pure Python, no pygame."""

from .arena import BLOCKED, FLOOR, HAZARD, VOID, WALL, Arena, hexagon, rectangle, square
from .grid import GRIDS, HEX, SQUARE, HexGrid, SquareGrid
from .hex import DIRECTIONS, Hex, rear_directions
from .spec import from_spec
from .square import SQUARE_DIRECTIONS, Square, square_rear_directions

__all__ = [
    "Arena",
    "BLOCKED",
    "DIRECTIONS",
    "FLOOR",
    "GRIDS",
    "HAZARD",
    "HEX",
    "Hex",
    "HexGrid",
    "SQUARE",
    "SQUARE_DIRECTIONS",
    "Square",
    "SquareGrid",
    "VOID",
    "WALL",
    "from_spec",
    "hexagon",
    "rear_directions",
    "rectangle",
    "square",
    "square_rear_directions",
]
