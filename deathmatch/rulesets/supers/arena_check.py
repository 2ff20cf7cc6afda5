"""Superhero Gladiators' map check: what a team fight needs of an arena (docs/rules/SUPERS.md §1, §4).

The board's loader (`deathmatch.board.tiled`) knows no rules; it reads a map and runs the map
check of each ruleset the map's `rulesets` property names. This is Superhero Gladiators',
registered with the loader when this module is imported (the ruleset's package imports it):

- hexes or squares, both (§1); walls, pits and fire as the tiles say (`arena.read_arena`);
- enough floor: at least `MIN_FLOOR` floor cells (a warning below `ROOMY_PER_HERO` a hero);
- team spawn zones (`spawn_1` … markers): if any, for teams 1 to N without a gap, N at least 2,
  each at least `ZONE_MIN` floor cells (a team brings up to 3 heroes), no cell in two zones, and
  every zone on the same walkable floor as the others (heroes without flight or line-of-sight
  must be able to meet); `max_players`, if given, at most N; plain `spawn` markers beside team
  zones (a warning: only a team without a zone starts on them);
- no other marker: no loot, no beasts;
- warnings: no hazards at all; floor reached only across pits or fire (only fliers and
  line-of-sight movers get there); two teams' zones within reach of a smash of each other; a
  hazard tile that names a kind the game does not draw.

Every problem names the map (the report's file), the marker or the Tiled cell, and what to do
(docs/ARENAS.md, "Superhero Gladiators arenas"). Never raises.
"""

from __future__ import annotations

from ...board.arena import Arena
from ...board.tiled import MapReport, register_map_check
from .arena import HAZARD_KINDS, OPEN_SPAWN, read_arena, team_of

RULESET = "supers"
MIN_FLOOR = 30
"""Fewest floor cells a team fight needs (two teams of three, and room to move)."""
ROOMY_PER_HERO = 6
"""Floor cells a hero below which a full arena is cramped."""
HEROES_A_TEAM = 3
"""The most heroes a team brings by default (§4: 2–3)."""
ZONE_MIN = HEROES_A_TEAM
"""Fewest cells a team's spawn zone has: one a hero."""
CLOSE = 2
"""Cells between two teams' zones at or below which they start in reach of each other."""


def check_arena(arena: Arena, report: MapReport) -> None:
    """Add to `report` every problem Superhero Gladiators has with `arena` (a map as read)."""
    problem = report.add
    square = bool(getattr(arena.layout, "orthogonal", False))
    unit, units = ("square", "squares") if square else ("hex", "hexes")

    def cell(h) -> str:
        col, row = arena.cells.get(h, (None, None))
        return f"cell ({col}, {row})" if col is not None else f"{unit} {tuple(h)}"

    reading = read_arena(arena)
    floor = reading.floor
    if len(floor) < MIN_FLOOR:
        problem("map", f"{len(floor)} floor {units}: a team fight needs at least {MIN_FLOOR}; paint more floor "
                       "(terrain = floor) or fewer walls and hazards")

    # --- markers ---
    for obj in report.objects:
        if obj.kind == OPEN_SPAWN or team_of(obj.kind):
            continue
        problem(obj.where, f"is a {obj.kind!r} marker: Superhero Gladiators marks only its teams' spawn zones "
                           "(Type spawn_1, spawn_2, … or the marks of supers_marks.tsx) and has no loot or "
                           "beasts; delete it (Select Objects, S) or set its Type to spawn_1 … spawn_4")
    zones = reading.zones
    seen: dict = {}
    for obj in report.objects:
        team = team_of(obj.kind)
        if not team or obj.cell is None:
            continue
        if obj.cell in seen and seen[obj.cell] != team:
            problem(obj.where, f"marks {cell(obj.cell)} for team {team}, but it is in team {seen[obj.cell]}'s "
                               "spawn zone already: a cell belongs to one team; move or delete one of the two")
        seen.setdefault(obj.cell, team)
    if 0 in zones:
        problem("markers", "spawn_0 markers: teams are counted from 1 (spawn_1 is the first seat's team); "
                           "renumber them")
    teams = [t for t in zones if t >= 1]
    if teams:
        missing = [t for t in range(1, max(teams) + 1) if t not in zones]
        if missing:
            problem("markers", f"spawn zones for teams {_and(teams)} but none for team {_and(missing)}: teams "
                               "are numbered without gaps from 1; mark the missing zone or renumber the others")
        if len(teams) < 2:
            problem("markers", "only team 1 has a spawn zone: mark at least two teams' zones (spawn_1 and "
                               "spawn_2), or none (then heroes are placed on any vacant floor)")
        for t in teams:
            if len(zones[t]) < ZONE_MIN:
                problem("markers", f"team {t}'s spawn zone has {len(zones[t])} {unit if len(zones[t]) == 1 else units}: "
                                   f"a team brings up to {HEROES_A_TEAM} heroes; mark at least {ZONE_MIN} floor "
                                   f"{units} spawn_{t}")
        if reading.open_spawn:
            problem("markers", f"{len(reading.open_spawn)} spawn markers without a team beside the teams' zones: "
                               "only a team without a zone of its own starts on them; set their Type to "
                               "spawn_1 … or delete them", "warning")
        _reachable(arena, reading, teams, cell, problem)
        _close(reading, teams, cell, problem)
    elif reading.open_spawn and len(reading.open_spawn) < 2 * ZONE_MIN:
        problem("markers", f"{len(reading.open_spawn)} spawn markers: two teams of {HEROES_A_TEAM} need at least "
                           f"{2 * ZONE_MIN}; add more, or mark each team's zone (spawn_1, spawn_2, …)")

    # --- players ---
    values = {}
    for key in ("min_players", "max_players"):
        if key not in arena.properties:
            continue
        try:
            values[key] = int(arena.properties[key])
        except (TypeError, ValueError):
            problem("map properties", f"{key} is {arena.properties[key]!r}: give a whole number of teams "
                                      "(Map > Map Properties…)")
    lo, hi = values.get("min_players"), values.get("max_players")
    if lo is not None and lo < 2:
        problem("map properties", f"min_players is {lo}: a fight needs at least 2 teams; set it to 2")
    if lo is not None and hi is not None and hi < lo:
        problem("map properties", f"max_players is {hi}, below min_players {lo}: swap them")
    if teams and hi is not None and hi > len(teams):
        more = ", ".join(f"spawn_{t}" for t in range(len(teams) + 1, hi + 1))
        problem("map properties", f"max_players is {hi}, but only {len(teams)} team{' has' if len(teams) == 1 else 's have'} spawn zones: mark "
                                  f"{more}, or set max_players to {len(teams)}")
    elif teams and hi is None:
        problem("map properties", f"no max_players: the arena has spawn zones for {len(teams)} team{'' if len(teams) == 1 else 's'}; set "
                                  f"max_players = {len(teams)} (int) so the game offers it to that many", "warning")
    most = hi if hi is not None else (len(teams) or 2)
    heroes = most * HEROES_A_TEAM
    if len(floor) >= MIN_FLOOR and len(floor) < heroes * ROOMY_PER_HERO:
        problem("map", f"cramped: {len(floor)} floor {units} for up to {heroes} heroes (fewer than "
                       f"{ROOMY_PER_HERO} a hero)", "warning")

    # --- hazards ---
    if not reading.hazards:
        problem("map", "no hazards: pits and fire are what make flight and line-of-sight worth their points; "
                       "paint a few (the pit and fire tiles of supers_pointy.tsx, supers_flat.tsx or "
                       "supers_square.tsx)", "warning")
    odd = sorted({k for k in getattr(arena, "hazard_kinds", {}).values() if k not in HAZARD_KINDS})
    for kind in odd:
        problem("tilesets", f"a hazard tile names its kind {kind!r}: the game draws 'pit' or 'fire' (it is "
                            "shown as a pit); set the tile's hazard property to pit or fire", "warning")
    _across_hazards(arena, reading, cell, problem, units)


def _and(numbers) -> str:
    numbers = [str(n) for n in numbers]
    return numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + " and " + numbers[-1]


def _islands(arena: Arena) -> list[set]:
    return arena.floor_islands()


def _reachable(arena, reading, teams, cell, problem) -> None:
    """Every team's zone on one walkable piece of floor (walking never enters a wall or a hazard)."""
    island_of = {}
    for i, island in enumerate(_islands(arena)):
        for h in island:
            island_of[h] = i
    first = {t: next((h for h in reading.zones[t] if h in island_of), None) for t in teams}
    base = teams[0]
    for t in teams[1:]:
        a, b = first[base], first[t]
        if a is None or b is None or island_of[a] == island_of[b]:
            continue
        problem("markers", f"team {base}'s spawn zone ({cell(a)}) and team {t}'s ({cell(b)}) are on pieces of "
                           "floor that no walk joins: heroes without flight or line-of-sight could never meet; "
                           "open a way of floor between them, or move a zone")
    for t in teams:
        split = {island_of[h] for h in reading.zones[t] if h in island_of}
        if len(split) > 1:
            problem("markers", f"team {t}'s spawn zone lies on {len(split)} pieces of floor that no walk joins: "
                               "the team would start apart; keep a zone's cells together")


def _close(reading, teams, cell, problem) -> None:
    for i, s in enumerate(teams):
        for t in teams[i + 1:]:
            pairs = [(a, b) for a in reading.zones[s] for b in reading.zones[t]]
            if not pairs:
                continue
            a, b = min(pairs, key=lambda p: (reading.grid.distance(*p), p))
            d = reading.grid.distance(a, b)
            if d <= CLOSE:
                problem("markers", f"team {s}'s and team {t}'s spawn zones are {d} apart ({cell(a)} and {cell(b)}): "
                                   "heroes would start in reach of a smash; keep zones at least "
                                   f"{CLOSE + 1} apart", "warning")


def _across_hazards(arena, reading, cell, problem, units) -> None:
    """Floor that no walk reaches from the main floor but whose edge is a pit or a fire: only
    fliers and line-of-sight movers get there (a piece walled off entirely the loader reports)."""
    islands = _islands(arena)
    if len(islands) < 2:
        return
    main = islands[0]
    if reading.zones:
        counts = [sum(1 for z in reading.zones.values() for h in z if h in island) for island in islands]
        main = islands[max(range(len(islands)), key=lambda i: (counts[i], len(islands[i]), -i))]
    hazards = reading.hazards
    for island in islands:
        if island is main:
            continue
        edge = {n for h in island for n in reading.grid.neighbors(h)} - island
        if edge & hazards:
            start = min(island)
            problem("map", f"the floor of {len(island)} {units} at {cell(start)} is reached only across pits or "
                           "fire: only fliers and line-of-sight movers get there; intended? (a floor path in "
                           "makes it everybody's)", "warning")


register_map_check(RULESET, check_arena)
