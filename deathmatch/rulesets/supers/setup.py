"""A fight of Superhero Gladiators before it starts: `Setup` (the seats, each a team of heroes, the
arena, the options, the seed), its JSON for records, `make_arena` (the arena specs of SUPERS.md §9,
walls and hazards included) and `new_game(setup)` (a started fight waiting on its first placement).

    setup = Setup((Seat("Ann", "red", (titan, wisp)), Seat("Bob", "blue", (moth, brick))), seed=7)
    game = new_game(setup)       # tie dice rolled; waits on the first hero's placement (§4)

Team spawn cells are arena.py's reading (`read_arena(arena).spawn_cells(seat)`, the one the map
check and the screens use): a map's markers of type `spawn_1`, `spawn_2`, ... are the cells of the
first, second, ... seat's heroes; plain `spawn` markers are open to every team without a zone of its
own; with none, any vacant floor cell. When a team's spawn cells are all taken, its heroes go on any
vacant floor cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ...board import HAZARD, Arena, from_spec
from ...board.arena import BLOCKED
from ...core.dice import SeededDice
from ...core.errors import SetupError
from .arena import read_arena
from .model import Hero, Power
from .state import Model, Options, State

DEFAULT_ARENA = {"hexagon": 5}
"""A plain hexagon: the rules run without any map file."""


def make_arena(spec, base_dir=None) -> Arena:
    """The arena of a spec: the board's (`{hexagon: N}`, `{square: [W, H]}`, `{map: PATH}`, ...) with
    SUPERS.md's `walls: [...]` (blocked cells) and `hazards: [...]` (pits and fire) on it. ValueError
    saying what is wrong."""
    if not isinstance(spec, Mapping):
        raise ValueError("arena must be a mapping such as {hexagon: 5} or {map: maps/x.tmx}")
    base = {k: v for k, v in spec.items() if k not in ("walls", "hazards")}
    walls, hazards = spec.get("walls") or [], spec.get("hazards") or []
    for name, cells in (("walls", walls), ("hazards", hazards)):
        if not isinstance(cells, list) or not all(
                isinstance(c, (list, tuple)) and len(c) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in c) for c in cells):
            raise ValueError(f"arena.{name}: expected a list of [a, b] cells")
    arena = from_spec(base, base_dir=base_dir)
    if not walls and not hazards:
        return arena
    terrain = dict(arena.terrain)
    for name, cells, kind in (("walls", walls, BLOCKED), ("hazards", hazards, HAZARD)):
        for c in cells:
            cell = arena.grid.cell(*c)
            if cell not in terrain:
                raise ValueError(f"arena.{name}: {list(c)} is not in the arena")
            terrain[cell] = kind
    source = dict(arena.source)
    if walls:
        source["walls"] = [list(c) for c in walls]
    if hazards:
        source["hazards"] = [list(c) for c in hazards]
    return Arena(terrain, name=arena.name, description=arena.description, author=arena.author,
                 min_players=arena.min_players, max_players=arena.max_players, spawn=arena.spawn,
                 loot=arena.loot, beasts=arena.beasts, source=source, cells=arena.cells, layout=arena.layout,
                 grid=arena.grid, markers=arena.markers, properties=arena.properties, rulesets=arena.rulesets,
                 hazard_kinds={c: k for c, k in arena.hazard_kinds.items() if terrain.get(c) == HAZARD})


def spawn_cells(arena: Arena, seat: int) -> tuple:
    """The cells the heroes of seat `seat` (0 first) may be placed on; () for any vacant floor
    (arena.py's reading: `ArenaReading.spawn_cells`)."""
    return read_arena(arena).spawn_cells(seat)


@dataclass(frozen=True)
class Seat:
    """A player (a team): name, colour (for the screens) and heroes."""

    name: str
    colour: str
    heroes: tuple


@dataclass(frozen=True)
class Setup:
    """Everything a fight starts from: with the decisions, it is the fight."""

    seats: tuple
    """In seat order (placement passes a Perception 1 hero to the next seat)."""
    arena: Mapping = field(default_factory=lambda: dict(DEFAULT_ARENA))
    options: Options = Options()
    seed: int = 0
    bots: tuple = ()
    """(player, bot level) of each seat the computer plays (no rule: for Continue and Load)."""

    def to_json(self) -> dict:
        return {
            "seats": [{"name": s.name, "colour": s.colour, "heroes": [hero_to_json(h) for h in s.heroes]}
                      for s in self.seats],
            "arena": dict(self.arena),
            "options": {"turn_limit": self.options.turn_limit},
            "seed": self.seed,
            **({"bots": [list(b) for b in self.bots]} if self.bots else {}),
        }

    @staticmethod
    def from_json(data) -> Setup:
        seats = tuple(Seat(str(s["name"]), str(s.get("colour", "")),
                           tuple(hero_from_json(h) for h in s["heroes"])) for s in data["seats"])
        o = data.get("options") or {}
        limit = o.get("turn_limit")
        return Setup(seats, dict(data.get("arena") or DEFAULT_ARENA),
                     Options(None if limit is None else int(limit)), int(data["seed"]),
                     tuple((str(p), str(lv)) for p, lv in data.get("bots") or ()))


def power_to_json(p: Power) -> dict:
    out = {"name": p.name, "type": p.type, "level": p.level, "uses": "infinite" if p.uses is None else p.uses}
    if p.styles:
        out["styles"] = list(p.styles)
    if p.movement:
        out["movement"] = list(p.movement)
    if p.reliability != "reliable":
        out["reliability"] = p.reliability
    if p.gizmo != "none":
        out["gizmo"] = p.gizmo
    return out


def power_from_json(d) -> Power:
    uses = d.get("uses", "infinite")
    return Power(str(d["name"]), str(d["type"]), int(d["level"]), None if uses == "infinite" else int(uses),
                 tuple(str(s) for s in d.get("styles") or ()), tuple(str(k) for k in d.get("movement") or ()),
                 str(d.get("reliability", "reliable")), str(d.get("gizmo", "none")))


def hero_to_json(h: Hero) -> dict:
    out = {"id": h.id, "name": h.name, "str": h.str, "dex": h.dex, "size": h.size, "per": h.per,
           "powers": [power_to_json(p) for p in h.powers]}
    if h.flavour:
        out["flavour"] = h.flavour
    return out


def hero_from_json(d) -> Hero:
    return Hero(str(d["id"]), str(d.get("name", d["id"])), int(d["str"]), int(d["dex"]), int(d["size"]),
                int(d["per"]), tuple(power_from_json(p) for p in d.get("powers") or ()), str(d.get("flavour", "")))


def new_model(mid: str, owner: str, hero: Hero, at=None) -> Model:
    """A hero at the start of a fight: full oomph, every use."""
    m = Model(mid, owner, hero, at, oomph=hero.max_oomph)
    m.uses = {p.name: p.uses for p in hero.powers}
    m.known = {p.name: {owner} for p in hero.powers if p.gizmo == "hidden"}
    return m


def new_game(setup: Setup, arena=None):
    """A started fight from `setup` (`arena`: the board, when already loaded). SetupError if a hero
    is not legal, the seats are not 2 or more with different names, or the floor is too small."""
    from .game import Game

    if arena is None:
        try:
            arena = make_arena(setup.arena)
        except (ValueError, OSError) as e:
            raise SetupError(f"the arena can not be made: {e}") from None
    names = tuple(s.name for s in setup.seats)
    if len(names) < 2 or len(set(names)) != len(names):
        raise SetupError("a fight needs two or more seats with different names")
    models: dict = {}
    for seat in setup.seats:
        if not seat.heroes:
            raise SetupError(f"{seat.name} has no heroes")
        for h in seat.heroes:
            problems = h.problems()
            if problems:
                raise SetupError(f"{seat.name}'s hero: {problems[0]}")
            mid, k = h.id, 2
            while mid in models:
                mid, k = f"{h.id}_{k}", k + 1
            models[mid] = new_model(mid, seat.name, h)
    if len(models) > len(arena.floor):
        raise SetupError(f"{len(models)} heroes, but the arena has {len(arena.floor)} floor cells")
    state = State(arena, names, models, setup.options)
    game = Game(state, SeededDice(setup.seed), setup=setup, place=tuple(models))
    reading = read_arena(arena)
    game.spawns = {s.name: reading.spawn_cells(k) for k, s in enumerate(setup.seats)}
    game.setup_events = game.start()
    return game
