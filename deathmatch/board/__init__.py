"""Board geometry: axial hexes and arenas. Pure Python, no pygame."""

from .arena import BLOCKED, FLOOR, VOID, Arena, from_spec, hexagon, rectangle
from .hex import DIRECTIONS, Hex, rear_directions

__all__ = [
    "Arena",
    "BLOCKED",
    "DIRECTIONS",
    "FLOOR",
    "Hex",
    "VOID",
    "from_spec",
    "hexagon",
    "rear_directions",
    "rectangle",
]
