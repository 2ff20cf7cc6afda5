"""The arena: a board of cells that are floor, blocked, hazard or void, and its markers.

An `Arena` is immutable and shared by every state of a game. Its `grid` says
what its cells are: `Hex` (the default) or `Square` (see `deathmatch.board.grid`).
Cells not in `terrain` are void (outside the arena). Arenas come from Tiled
maps (see `deathmatch.board.tiled`) or are generated (`hexagon`, `rectangle`,
`square`) for tests and scenarios. The board knows no rules: what a ruleset
needs of an arena (player range, marker counts) its ruleset checks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Iterable, Mapping

from .grid import HEX, SQUARE
from .hex import Hex
from .square import Square

FLOOR = "floor"
BLOCKED = "blocked"
"""Blocks movement and lines (a stationary object, an obstacle, a wall)."""
WALL = BLOCKED
"""SUPERS.md's name for a blocked cell."""
HAZARD = "hazard"
"""A pit or fire: rulesets that have hazards say who may cross it (SUPERS.md §1)."""
VOID = "void"
TERRAINS = (FLOOR, BLOCKED, HAZARD)


@lru_cache(maxsize=32)
def _floor_tables(grid, floor: frozenset) -> tuple[Mapping, Mapping, Mapping, FloorNumbers]:
    """The neighbour tables the engine's hot loops read, for a floor of that shape (shared by
    every arena with the same floor: a game, its copies, a night of games on one map):
    each floor cell's neighbours in direction order (None where not floor), its floor
    neighbours, and its two-step reach (`Arena.floor_reach`). Never changed once made."""
    cell = grid.cell
    directions = grid.directions
    distance = grid.distance
    neighbours = {
        h: tuple((n if n in floor else None) for n in (cell(h[0] + dq, h[1] + dr) for dq, dr in directions))
        for h in floor
    }
    ring = {h: tuple(n for n in ns if n is not None) for h, ns in neighbours.items()}
    reach = {h: tuple((n, tuple(f for f in ring[n] if distance(h, f) == 2)) for n in ns) for h, ns in ring.items()}
    return neighbours, ring, reach, FloorNumbers(ring, reach)


class FloorNumbers:
    """The floor with each cell numbered 0, 1, … (sorted cell order), and its neighbour tables
    as sets of numbers held in the bits of one int (cell number i is bit ``1 << i``).

    Why: an engine that asks "which of these cells are free?" for many cells at once can
    hold its occupied cells as one int too, and answer with one ``&`` instead of a dict
    lookup (a tuple hashed) per cell; ``int.bit_count()`` then counts them. The cells
    themselves stay `Hex` (or `Square`) everywhere else: `number` and `cells` convert.
    """

    __slots__ = ("number", "cells", "ring", "around", "reach", "disc2")

    def __init__(self, ring: Mapping, reach: Mapping):
        cells = tuple(sorted(ring))
        number = {c: i for i, c in enumerate(cells)}
        self.cells: tuple = cells
        """Number → cell."""
        self.number: Mapping = number
        """Floor cell → its number."""
        self.ring: tuple[int, ...] = tuple(_bits(number[n] for n in ring[c]) for c in cells)
        """Number → the bits of its floor neighbours."""
        self.around: tuple[tuple[int, ...], ...] = tuple(tuple(number[n] for n in ring[c]) for c in cells)
        """Number → its floor neighbours' numbers, in direction order."""
        self.reach: tuple[tuple[tuple[int, int, int, tuple[int, ...]], ...], ...] = tuple(
            tuple(
                (number[n], 1 << number[n], _bits(number[f] for f in further), tuple(number[f] for f in further))
                for n, further in reach[c]
            )
            for c in cells
        )
        """Number → `Arena.floor_reach` in numbers: for each floor neighbour in direction order,
        (its number, its bit, the bits of the floor cells two steps out through it, their
        numbers in direction order)."""
        self.disc2: tuple[int, ...] = tuple(
            _bits([i, *(number[n] for n in ring[c]), *(number[f] for n, further in reach[c] for f in further)])
            for i, c in enumerate(cells)
        )
        """Number → the bits of the floor cells within two steps of it (itself included) that
        a walk over the floor could reach: its floor neighbours and theirs."""

    def cells_of(self, bits: int) -> list:
        """The cells whose bits are set in `bits`, in number order."""
        cells = self.cells
        out = []
        while bits:
            low = bits & -bits
            out.append(cells[low.bit_length() - 1])
            bits ^= low
        return out

    def bits_of(self, cells: Iterable) -> int:
        """The bits of those `cells` that are floor (others are left out)."""
        number = self.number
        return _bits(number[c] for c in cells if c in number)


def _bits(numbers: Iterable[int]) -> int:
    out = 0
    for i in numbers:
        out |= 1 << i
    return out


@dataclass(frozen=True, eq=False)
class Arena:
    """A board of cells with its markers and the facts a game needs about it."""

    terrain: Mapping[Hex | Square, str]
    """Every cell that is part of the arena, mapped to "floor", "blocked" or "hazard"."""
    name: str = "Arena"
    """The arena's display name."""
    description: str = ""
    """One or two sentences for the arena picker."""
    author: str = ""
    """Who drew it."""
    min_players: int = 2
    """Fewest players the arena is meant for."""
    max_players: int = 10
    """Most players the arena is meant for."""
    spawn: tuple[Hex, ...] = ()
    """Spawn markers: if any, placement is limited to them (RULES.md §2)."""
    loot: tuple[Hex, ...] = ()
    """Loot markers: used first when loot is placed."""
    beasts: tuple[Hex, ...] = ()
    """Beast markers: where the beasts start, if beasts are on."""
    source: Mapping = field(default_factory=dict)
    """How to make this arena again (a generator spec or a map path), for records."""
    cells: Mapping[Hex | Square, tuple[int, int]] = field(default_factory=dict)
    """For Tiled maps: each hex's (column, row) cell in the map."""
    layout: Any = None
    """For Tiled maps: the map's `deathmatch.board.tiled.Layout` (cell size, stagger)."""
    grid: Any = HEX
    """The geometry of the cells: `grid.HEX` or `grid.SQUARE`."""
    markers: Mapping[str, tuple] = field(default_factory=dict)
    """Every marker of the map by its type ("spawn", "loot", "objective", …), in map order."""
    properties: Mapping[str, Any] = field(default_factory=dict)
    """The map's own properties as Tiled stores them (name, min_players, rulesets, …)."""
    rulesets: tuple[str, ...] = ("celebrity",)
    """The rulesets the map is for (its `rulesets` property; celebrity if it has none)."""
    hazard_kinds: Mapping = field(default_factory=dict)
    """For Tiled maps: each hazard cell's kind as its tile's `hazard` property names it
    ("pit", "fire"; a cell whose tile names none is left out). What it looks like, not a rule."""

    def __post_init__(self):
        terrain = dict(self.terrain)
        object.__setattr__(self, "terrain", terrain)
        floor = frozenset(h for h, t in terrain.items() if t == FLOOR)
        object.__setattr__(self, "floor", floor)
        neighbours, ring, reach, numbers = _floor_tables(self.grid, floor)
        object.__setattr__(self, "floor_neighbors", neighbours)
        object.__setattr__(self, "floor_ring", ring)
        object.__setattr__(self, "floor_reach", reach)
        object.__setattr__(self, "floor_numbers", numbers)

    floor: frozenset = field(init=False, repr=False)
    """The floor hexes (neither blocked nor void)."""
    floor_neighbors: Mapping = field(init=False, repr=False)
    """Floor hex → its six neighbours in direction order, None where not floor."""
    floor_ring: Mapping = field(init=False, repr=False)
    """Floor hex → its floor neighbours, in direction order."""
    floor_reach: Mapping = field(init=False, repr=False)
    """Floor hex → ((neighbour, the floor cells two steps out through it), ...), both in
    direction order: what a two-step walk from the hex can reach, and by which way."""
    floor_numbers: FloorNumbers = field(init=False, repr=False)
    """The floor cells numbered, with these tables as bits of ints (`FloorNumbers`)."""

    @cached_property
    def cell_ring(self) -> Mapping:
        """Every arena cell (of any terrain) → its neighbours that are arena cells, in direction
        order: `grid.neighbors` without the void, made once (on first use) for the hot loops that
        walk every terrain (Superhero Gladiators' movement search)."""
        terrain, neighbors = self.terrain, self.grid.neighbors
        return {c: tuple(n for n in neighbors(c) if n in terrain) for c in terrain}

    def __deepcopy__(self, memo):
        return self  # immutable: every copy of a game shares its arena

    def __repr__(self) -> str:
        return (
            f"Arena(name={self.name!r}, floor={len(self.floor)}, "
            f"blocked={len(self.blocked)}, players={self.min_players}-{self.max_players})"
        )

    @property
    def blocked(self) -> frozenset:
        """The blocked hexes (stationary objects)."""
        return frozenset(h for h, t in self.terrain.items() if t == BLOCKED)

    @property
    def hazards(self) -> frozenset:
        """The hazard cells."""
        return frozenset(h for h, t in self.terrain.items() if t == HAZARD)

    def terrain_at(self, h: Hex) -> str:
        """ "floor", "blocked", "hazard" or "void"."""
        return self.terrain.get(h, VOID)

    def is_floor(self, h: Hex) -> bool:
        return h in self.floor

    def with_blocked(self, hexes: Iterable[Hex]) -> Arena:
        """A copy with the given floor hexes turned into stationary objects."""
        terrain = dict(self.terrain)
        for h in hexes:
            terrain[self.grid.cell(*h)] = BLOCKED
        return Arena(
            terrain,
            name=self.name,
            description=self.description,
            author=self.author,
            min_players=self.min_players,
            max_players=self.max_players,
            spawn=self.spawn,
            loot=self.loot,
            beasts=self.beasts,
            source=self.source,
            cells=self.cells,
            layout=self.layout,
            grid=self.grid,
            markers=self.markers,
            properties=self.properties,
            rulesets=self.rulesets,
            hazard_kinds={h: k for h, k in self.hazard_kinds.items() if terrain.get(h) == HAZARD},
        )

    def floor_islands(self) -> list[set[Hex]]:
        """The floor split into connected groups, largest first."""
        seen: set[Hex] = set()
        islands = []
        for start in sorted(self.floor):
            if start in seen:
                continue
            island = {start}
            todo = [start]
            while todo:
                h = todo.pop()
                for n in self.floor_neighbors[h]:
                    if n is not None and n not in island:
                        island.add(n)
                        todo.append(n)
            seen |= island
            islands.append(island)
        islands.sort(key=len, reverse=True)
        return islands


def hexagon(radius: int, *, blocked: Iterable = (), void: Iterable = (), **facts) -> Arena:
    """A hexagon of floor hexes of `radius` around (0, 0)."""
    terrain = {h: FLOOR for h in Hex(0, 0).spiral(radius)}
    source = {"hexagon": radius}
    return _finish(terrain, blocked, void, source, facts)


def rectangle(width: int, height: int, *, blocked: Iterable = (), void: Iterable = (), **facts) -> Arena:
    """A pointy-top rectangle: `height` rows of `width` hexes (odd rows shifted right).

    Row r holds the hexes q = -(r // 2) … -(r // 2) + width - 1, so the board
    looks like a rectangle when drawn pointy-top, like the tabletop's.
    """
    terrain = {}
    for r in range(height):
        for col in range(width):
            terrain[Hex(col - (r // 2), r)] = FLOOR
    source = {"rectangle": [width, height]}
    return _finish(terrain, blocked, void, source, facts)


def square(width: int, height: int, *, blocked: Iterable = (), void: Iterable = (), **facts) -> Arena:
    """A board of `width` files by `height` ranks of floor squares, (0, 0) at the bottom left."""
    terrain = {Square(x, y): FLOOR for y in range(height) for x in range(width)}
    source = {"square": [width, height]}
    return _finish(terrain, blocked, void, source, facts, SQUARE)


def _finish(terrain, blocked, void, source, facts, grid=HEX) -> Arena:
    blocked = [grid.cell(*h) for h in blocked]
    void = [grid.cell(*h) for h in void]
    for h in blocked:
        terrain[h] = BLOCKED
    for h in void:
        terrain.pop(h, None)
    if blocked:
        source["blocked"] = [list(h) for h in blocked]
    if void:
        source["void"] = [list(h) for h in void]
    if grid is not HEX:
        facts["grid"] = grid
    return Arena(terrain, source=source, **facts)
