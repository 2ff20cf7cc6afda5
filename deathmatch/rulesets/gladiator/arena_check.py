"""Gladiator!'s map check: what a bout needs of an arena (docs/rules/GLADIATOR.md §1).

The board's loader (`deathmatch.board.tiled`) knows no rules; it reads a map
and runs the map check of each ruleset the map's `rulesets` property names.
This is Gladiator!'s, registered when the package is imported:

- hexes only (a hexagonal map), no hazards;
- the two starting hexes marked: exactly two `spawn` markers (the same type
  and tile as Celebrity Deathmatch's spawns), on floor, **not adjacent** (a bout
  does not start in contact) and on the same piece of floor (the two men must
  be able to meet); their order is the map's (object ids, `arena.spawn`);
- no other marker: Gladiator! has no loot and no wandering beasts (its lions
  are gladiators);
- 2 players: `min_players` / `max_players` may be left out; given, they are 2;
- warnings: an arena much bigger than a bout needs (more than `ROOMY` floor
  hexes), starts far apart (more than `FAR` hexes: a long walk before the
  first blow).

Every problem names the map, the marker (or the hex's Tiled cell) and what
to do (docs/ARENAS.md, "Gladiator! arenas"). Never raises.
"""

from __future__ import annotations

from ...board.arena import Arena
from ...board.grid import HEX
from ...board.tiled import MapReport, register_map_check

RULESET = "gladiator"
START = "spawn"
"""The marker type of a starting hex."""
STARTS = 2
ROOMY = 91
"""Floor hexes above which a bout's arena is more than it needs (a disc of radius 5 has 91)."""
FAR = 6
"""Hexes between the starts above which the first turns are only walking."""


def check_arena(arena: Arena, report: MapReport) -> None:
    """Add to `report` every problem Gladiator! has with `arena` (a map as read)."""
    problem = report.add
    if arena.grid is not HEX:
        problem("map", f"orientation is {report.orientation or 'orthogonal'!r}: Gladiator! arenas are hexagonal "
                       "(Map > Map Properties > Orientation: Hexagonal, and arena_pointy.tsx or arena_flat.tsx)")
        return
    if arena.hazards:
        problem("map", f"{len(arena.hazards)} hazard hexes: Gladiator! has no hazards; give those tiles "
                       "terrain = floor or blocked")
    report.players_exactly(arena, 2, "a Gladiator! bout is")
    for obj in report.objects:
        if obj.kind != START:
            problem(obj.where, f"is a {obj.kind!r} marker: a Gladiator! arena marks only its two starting hexes, "
                               f"with {START} markers (Gladiator! has no loot, and its lions are gladiators); "
                               "delete it (Select Objects, S) or set its Type to spawn")

    def cell(h) -> str:
        col, row = arena.cells.get(h, (None, None))
        return f"the hex at cell ({col}, {row})" if col is not None else f"hex {tuple(h)}"

    starts = list(arena.spawn)
    if len(starts) != STARTS:
        more = ("delete all but two (Select Objects, S)" if len(starts) > STARTS else
                f"add {STARTS - len(starts)} on floor (Insert Tile, T, with the banner of markers.tsx)")
        problem("markers", f"{len(starts)} {START} markers: a Gladiator! arena marks exactly {STARTS} starting "
                           f"hexes, one a man; {more}")
        return
    a, b = starts
    if a.distance(b) < 2:
        problem("markers", f"the starting hexes, {cell(a)} and {cell(b)}, are next to each other: a bout does not "
                           "start in contact; move one at least a hex away")
    elif not any(a in island and b in island for island in arena.floor_islands()):
        problem("markers", f"the starting hexes, {cell(a)} and {cell(b)}, are on two pieces of floor that no "
                           "step joins: the men could never meet; open a way between them (floor tiles) or "
                           "move a marker")
    elif a.distance(b) > FAR:
        problem("markers", f"the starting hexes are {a.distance(b)} hexes apart: the first turns will be only "
                           f"walking; a bout plays well with {FAR} or fewer", "warning")
    if len(arena.floor) > ROOMY:
        problem("map", f"{len(arena.floor)} floor hexes: a bout of two men plays best on a small circle of sand "
                       f"(at most {ROOMY}, a disc of radius 5)", "warning")


register_map_check(RULESET, check_arena)
