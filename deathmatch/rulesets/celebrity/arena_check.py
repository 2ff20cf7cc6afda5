"""Celebrity Deathmatch's map check: what the rules need of an arena (RULES.md §2).

The board's loader (`deathmatch.board.tiled`) knows no rules; it reads a map
and runs the map check of each ruleset the map is for. This is Celebrity
Deathmatch's: hexes only, the marker types spawn / loot / beast, a player range
within 2–10, and room (spawn hexes, floor) for the most models that range can
bring. Registered with the loader when the engine is imported.
"""

from __future__ import annotations

from ...board.arena import FLOOR, Arena
from ...board.grid import HEX
from ...board.tiled import MARKERS, MapReport, register_map_check
from .setup import models_per_player

RULESET = "celebrity"


def check_arena(arena: Arena, report: MapReport) -> None:
    """Add to `report` every problem the rules have with `arena` (a map as read)."""
    problem = report.add
    if arena.grid is not HEX:
        problem("map", f"orientation is {report.orientation!r}: Deathmatch arenas must be hexagonal "
                       "(Map > Map Properties > Orientation: Hexagonal)")
        return
    for obj in report.objects:
        if obj.kind not in MARKERS:
            problem(obj.where, f"unknown marker type {obj.kind!r}: use spawn, loot or beast")
    if arena.hazards:
        problem("map", f"{len(arena.hazards)} hazard hexes: Celebrity Deathmatch has no hazards; "
                       "give those tiles terrain = floor or blocked")

    props = arena.properties
    players = {}
    for key, default in (("min_players", 2), ("max_players", 10)):
        value = props.get(key, default)
        try:
            value = int(value)
        except (TypeError, ValueError):
            problem("map properties", f"{key} is {value!r}: give a whole number from 2 to 10")
            value = default
        if not 2 <= value <= 10:
            problem("map properties", f"{key} is {value}: Celebrity Deathmatch is for 2 to 10 players")
        players[key] = value
        if key not in props:
            problem("map properties", f"no '{key}' property; assumed {default}", "warning")
    lo, hi = players["min_players"], players["max_players"]
    if lo > hi:
        problem("map properties", f"min_players ({lo}) is more than max_players ({hi})")
    floor = [h for h, t in arena.terrain.items() if t == FLOOR]
    _check_room(problem, floor, arena, min(lo, hi), hi)


def _check_room(problem, floor, arena: Arena, min_players: int, max_players: int) -> None:
    # The most models the player range can bring: 4 players bring 8, 5 bring 5.
    most = max(range(min_players, max_players + 1), key=lambda n: n * models_per_player(n), default=max_players)
    models = most * models_per_player(most)
    spawn = len(arena.spawn)
    if spawn and spawn < models:
        problem(
            "markers",
            f"{spawn} spawn hexes, but {most} players bring {models} models: add {models - spawn} more "
            f"spawn marker{'s' if models - spawn > 1 else ''}, or narrow the player range to one that brings "
            f"at most {spawn} models (2–4 players bring 2 models each, 5–10 players 1 each)",
        )
    if not spawn:
        problem("markers", "no spawn markers: models may be placed on any floor hex", "warning")
    loot, beasts = len(arena.loot), len(arena.beasts)
    if loot < max_players - 1:
        problem("markers", f"{loot} loot markers, but {max_players} players get {max_players - 1} loot: "
                           "the rest goes on random floor hexes", "warning")
    if beasts != 2:
        problem("markers", f"{beasts} beast markers: the two beasts (when the players turn them on) start "
                           "on the markers first, then on random floor hexes; mark 2", "warning")
    if floor and len(floor) < 6 * models:
        problem("map", f"cramped: {len(floor)} floor hexes for up to {models} models (about 10 a model plays well)",
                "warning")
    needed = models + (max_players - 1) + 2  # models, loot, beasts
    if floor and len(floor) < needed:
        problem(
            "map",
            f"too small for {max_players} players: {len(floor)} floor hexes, but {models} models, "
            f"{max_players - 1} loot and 2 beasts need at least {needed}",
        )


register_map_check(RULESET, check_arena)
