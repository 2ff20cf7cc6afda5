"""What Superhero Gladiators reads of an arena (docs/rules/SUPERS.md §1, §4): one reading for the
rules, the map check and the screens.

The board's loader (`deathmatch.board.tiled`) gives every cell a terrain (floor, blocked, hazard;
a cell it does not list is void) and keeps every marker by its type. This module says what those
are in this game's words, once:

- a **wall** is a blocked cell (walls block movement and distance attacks; wall-walkers may
  enter them);
- a **pit** or a **fire** is a hazard cell, by its tile's `hazard` property
  (`Arena.hazard_kinds`); a hazard whose tile names no kind, or one made by a scenario
  (`hazards: [...]`), is a pit. The rules treat both alike; the screens draw them apart;
- a team's **spawn zone** is the floor under its `spawn_N` markers (team N, counted from 1 as
  the map's designer does; seat 0 plays team 1). Plain `spawn` markers (Celebrity Deathmatch's)
  are open to every team without a zone of its own. A team with neither places its heroes on any
  vacant floor.

    reading = read_arena(arena)
    reading.kind(cell)          # "floor", "wall", "pit", "fire" or "void"
    reading.spawn_cells(seat)   # the cells seat's heroes may be placed on (empty: any vacant floor)

Pure data: no rules decided here, no pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from ...board.arena import BLOCKED, FLOOR, HAZARD, Arena

WALL = "wall"
PIT = "pit"
FIRE = "fire"
VOID = "void"
KINDS = (FLOOR, WALL, PIT, FIRE, VOID)
"""Every kind of cell, in the rules' words."""
HAZARD_KINDS = (PIT, FIRE)
OPEN_SPAWN = "spawn"
"""A spawn marker without a team: open to every team that has no zone of its own."""
TEAM_SPAWN = re.compile(r"spawn_(\d{1,2})")
"""A team's spawn marker type: spawn_1, spawn_2, … (the team's number, from 1)."""


def team_of(marker: str) -> int | None:
    """The team a marker type names a spawn zone of (`spawn_2` → 2), or None for any other marker."""
    m = TEAM_SPAWN.fullmatch(marker)
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class ArenaReading:
    """An arena as this game reads it: its cells by kind and its teams' spawn zones."""

    grid: Any
    """The arena's geometry (`grid.HEX` or `grid.SQUARE`)."""
    floor: frozenset
    walls: frozenset
    pits: frozenset
    fires: frozenset
    zones: Mapping[int, tuple] = field(default_factory=dict)
    """Team number (1, 2, …) → the floor cells of its spawn zone, in the map's order."""
    open_spawn: tuple = ()
    """Plain `spawn` markers' cells (open to every team), in the map's order."""

    @property
    def hazards(self) -> frozenset:
        """Every pit and fire."""
        return self.pits | self.fires

    @property
    def teams(self) -> int:
        """How many teams the map has spawn zones for (0: none marked)."""
        return len(self.zones)

    def kind(self, cell) -> str:
        """"floor", "wall", "pit", "fire" or "void"."""
        if cell in self.floor:
            return FLOOR
        if cell in self.walls:
            return WALL
        if cell in self.pits:
            return PIT
        if cell in self.fires:
            return FIRE
        return VOID

    def cells(self, kind: str) -> frozenset:
        """Every cell of a kind but void (`KINDS`)."""
        return {FLOOR: self.floor, WALL: self.walls, PIT: self.pits, FIRE: self.fires}[kind]

    def spawn_cells(self, seat: int) -> tuple:
        """Where the heroes of the team in seat `seat` (0-based) may be placed (SUPERS.md §4): its
        team's zone (`spawn_{seat + 1}`) if the map marks one, else the open `spawn` markers, else
        () — any vacant floor cell."""
        return tuple(self.zones.get(seat + 1, ()) or self.open_spawn)


def read_arena(arena: Arena) -> ArenaReading:
    """The reading of a loaded (or generated) arena: cells by kind, spawn zones by team."""
    floor, walls, pits, fires = set(), set(), set(), set()
    kinds = getattr(arena, "hazard_kinds", {}) or {}
    for cell, terrain in arena.terrain.items():
        if terrain == FLOOR:
            floor.add(cell)
        elif terrain == BLOCKED:
            walls.add(cell)
        elif terrain == HAZARD:
            (fires if kinds.get(cell) == FIRE else pits).add(cell)
    zones: dict[int, list] = {}
    for marker, cells in (arena.markers or {}).items():
        team = team_of(marker)
        if team is not None and team >= 1 and cells:
            zones[team] = [c for c in cells if c in floor]
    return ArenaReading(
        grid=arena.grid,
        floor=frozenset(floor),
        walls=frozenset(walls),
        pits=frozenset(pits),
        fires=frozenset(fires),
        zones={t: tuple(zones[t]) for t in sorted(zones)},
        open_spawn=tuple(c for c in arena.spawn if c in floor),
    )
