"""An arena from a record's or a scenario's arena spec: a plain board (`arena.py`) or a Tiled map (`tiled.py`).

Above both, so that neither imports the other's way round: the arena knows nothing of maps.
"""

from __future__ import annotations

from typing import Mapping

from .arena import Arena, hexagon, rectangle, square
from .tiled import load_arena


def from_spec(spec: Mapping, *, base_dir=None) -> Arena:
    """Make an arena from a record's or a scenario's arena spec.

    ``{hexagon: N}``, ``{rectangle: [W, H]}`` or ``{square: [W, H]}`` (a square
    board) with optional ``blocked`` and ``void`` lists (``obstacles``, Chessboard
    Skirmish's word, is more blocked cells), or ``{map: PATH}`` for a Tiled map.
    Raises ValueError with a message that says what is wrong.
    """
    if not isinstance(spec, Mapping):
        raise ValueError("arena must be a mapping such as {hexagon: 4} or {map: maps/pit.tmx}")
    keys = set(spec)
    known = {"hexagon", "rectangle", "square", "map", "blocked", "obstacles", "void"}
    unknown = keys - known
    if unknown:
        raise ValueError(f"arena: unknown key {sorted(unknown)[0]!r} (known: {', '.join(sorted(known))})")
    extra = {"blocked": spec.get("blocked", ()) or (), "void": spec.get("void", ()) or ()}
    pair = "[x, y]" if "square" in spec else "[q, r]"
    for name in ("blocked", "obstacles", "void"):
        hexes = spec.get(name, ()) or ()
        if not isinstance(hexes, (list, tuple)) or not all(_is_pair(h) for h in hexes):
            raise ValueError(f"arena.{name}: expected a list of {pair} pairs")
    if spec.get("obstacles"):
        extra["blocked"] = list(extra["blocked"]) + list(spec["obstacles"])
    if "hexagon" in spec:
        radius = spec["hexagon"]
        if not isinstance(radius, int) or isinstance(radius, bool) or not 1 <= radius <= 40:
            raise ValueError("arena.hexagon: expected a radius from 1 to 40")
        return hexagon(radius, **extra)
    if "rectangle" in spec:
        size = spec["rectangle"]
        if not _is_pair(size) or not all(1 <= v <= 80 for v in size):
            raise ValueError("arena.rectangle: expected [width, height], each 1 to 80")
        return rectangle(size[0], size[1], **extra)
    if "square" in spec:
        size = spec["square"]
        if not _is_pair(size) or not all(1 <= v <= 80 for v in size):
            raise ValueError("arena.square: expected [width, height], each 1 to 80")
        return square(size[0], size[1], **extra)
    if "map" in spec:
        arena = load_arena(spec["map"], base_dir=base_dir)
        if extra["blocked"]:
            arena = arena.with_blocked(extra["blocked"])
        return arena
    raise ValueError("arena: give one of hexagon: N, rectangle: [W, H], square: [W, H] or map: PATH")


def _is_pair(v) -> bool:
    return (
        isinstance(v, (list, tuple)) and len(v) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)
    )
