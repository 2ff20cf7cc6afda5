"""A bout of Gladiator! before it starts: `Setup` (two seats, each a man or a lion, the arena, the
options, the seed, the experience cards his cards name), its JSON for records, and
`new_game(setup)` (a started bout waiting on its first decision).

    setup = Setup((Seat("Ann", "red", Gladiator("crixus", "Crixus", "thracian", cards=("dodge",))),
                   Seat("Bob", "blue", Gladiator("leo", "Leo", "lion"))),
                  cards={"dodge": Card("dodge", "Dodge", "dodge")}, seed=7)
    game = new_game(setup)       # rolls initiative; waits on a re-roll window or the winner's choice

The cards are handed in (`cards`: id -> `model.Card`) so that the rules do not depend on how card
files are read (`gladiators.py`); a gladiator naming a card the setup does not hold is a SetupError.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ...board import Hex, from_spec
from ...core.dice import SeededDice
from ...core.errors import SetupError
from .model import Card, Gladiator
from .state import Man, Options, State

DEFAULT_ARENA = {"hexagon": 3}
"""A small sand circle: the rules run without any map file."""


@dataclass(frozen=True)
class Seat:
    """A player: their name, colour (for the screens) and their man (or lion)."""

    name: str
    colour: str
    gladiator: Gladiator


@dataclass(frozen=True)
class Setup:
    """Everything a bout starts from: with the decisions, it is the bout."""

    seats: tuple[Seat, Seat]
    """In seat order (initiative is rolled in this order)."""
    arena: Mapping = field(default_factory=lambda: dict(DEFAULT_ARENA))
    """{hexagon: N, blocked: [...]} or {map: ID}."""
    options: Options = Options()
    seed: int = 0
    cards: Mapping = field(default_factory=dict)
    """The experience cards the gladiators' `cards` name: id -> model.Card."""
    start: tuple = ()
    """Fixed start places `((q, r, facing), (q, r, facing))` in seat order; empty: `start_places`."""
    bots: tuple[tuple[str, str], ...] = ()
    """(player, bot level) of each seat the computer plays (no rule: kept for Continue and Load)."""
    gods: tuple[tuple[str, str], ...] = ()
    """(player, standing order) for calling on the gods (game.GODS_ORDERS: ask, low, never, auto); a seat
    not named is asked after every die ("ask"), as in scenario files and records made before it."""

    def to_json(self) -> dict:
        return {
            "seats": [{"name": s.name, "colour": s.colour, "gladiator": gladiator_to_json(s.gladiator)}
                      for s in self.seats],
            "arena": dict(self.arena),
            "options": {"special_rolls": self.options.special_rolls},
            "seed": self.seed,
            "cards": {k: card_to_json(c) for k, c in sorted(self.cards.items())},
            "start": [list(p) for p in self.start],
            **({"bots": [list(b) for b in self.bots]} if self.bots else {}),
            **({"gods": [list(o) for o in self.gods]} if self.gods else {}),
        }

    @staticmethod
    def from_json(data) -> Setup:
        seats = tuple(Seat(str(s["name"]), str(s.get("colour", "")), gladiator_from_json(s["gladiator"]))
                      for s in data["seats"])
        if len(seats) != 2:
            raise SetupError("a bout of Gladiator! has two seats")
        o = data.get("options") or {}
        return Setup(seats, dict(data.get("arena") or DEFAULT_ARENA), Options(bool(o.get("special_rolls", True))),
                     int(data["seed"]), {str(k): card_from_json(c) for k, c in (data.get("cards") or {}).items()},
                     tuple(tuple(p) for p in data.get("start") or ()),
                     tuple((str(p), str(lv)) for p, lv in data.get("bots") or ()),
                     tuple((str(p), str(o)) for p, o in data.get("gods") or ()))


def gladiator_to_json(g: Gladiator) -> dict:
    out = {"id": g.id, "name": g.name, "type": g.type}
    for k in ("armour", "shield", "weapon", "net"):
        if getattr(g, k) is not None:
            out[k] = getattr(g, k)
    if g.cards:
        out["cards"] = list(g.cards)
    if g.flavour:
        out["flavour"] = g.flavour
    if g.bonus_ap:
        out["bonus_ap"] = g.bonus_ap
    if g.pronoun is not None:
        out["pronoun"] = g.pronoun
    return out


def gladiator_from_json(d) -> Gladiator:
    return Gladiator(str(d["id"]), str(d.get("name", d["id"])), str(d["type"]), d.get("armour"), d.get("shield"),
                     d.get("weapon"), d.get("net"), tuple(str(c) for c in d.get("cards") or ()),
                     str(d.get("flavour", "")), int(d.get("bonus_ap", 0)),
                      pronoun=None if d.get("pronoun") is None else str(d["pronoun"]))


def card_to_json(c: Card) -> dict:
    return {"id": c.id, "name": c.name, "kind": c.kind, "amount": c.amount, "text": c.text}


def card_from_json(d) -> Card:
    return Card(str(d["id"]), str(d.get("name", d["id"])), str(d["kind"]), int(d.get("amount", 0)),
                str(d.get("text", "")))


def hand_of(g: Gladiator, cards: Mapping, where: str = "") -> list[Card]:
    """His cards as `model.Card` values (SetupError naming an unknown or bad one)."""
    out = []
    for cid in g.cards:
        c = cards.get(cid)
        if c is None:
            raise SetupError(f"{where}{g.name}: no experience card {cid!r} (known: {', '.join(sorted(cards)) or 'none'})")
        problems = c.problems()
        if problems:
            raise SetupError(f"{where}{g.name}: card {cid!r}: {problems[0]}")
        out.append(c)
    return out


def map_places(arena) -> tuple | None:
    """The two start hexes an arena's map marks (`spawn` markers, docs/ARENAS.md §10), in map order,
    each man facing the other; None unless it marks exactly two on free floor."""
    spawns = tuple(arena.spawn)
    if len(spawns) != 2 or spawns[0] == spawns[1] or any(h not in arena.floor for h in spawns):
        return None
    a, b = spawns

    def toward(x: Hex, y: Hex) -> int:
        return min(range(6), key=lambda d: (x.neighbor(d).distance(y), d))

    return (a, toward(a, b)), (b, toward(b, a))


def start_places(arena) -> tuple[tuple[Hex, int], tuple[Hex, int]]:
    """Where the two men start when the setup does not say: two floor hexes 4 apart (or as far as
    the floor allows, up to 4) on a line through the floor's middle, facing each other."""
    floor = sorted(arena.floor)
    cq = sum(h.q for h in floor) / len(floor)
    cr = sum(h.r for h in floor) / len(floor)
    centre = min(floor, key=lambda h: ((h.q - cq) ** 2 + (h.r - cr) ** 2, h))
    for gap in (2, 1):
        for d in (3, 0, 2, 5, 1, 4):
            a = centre
            for _ in range(gap):
                a = a.neighbor(d)
            b = centre
            for _ in range(gap):
                b = b.neighbor((d + 3) % 6)
            if a in arena.floor and b in arena.floor:
                return (a, (d + 3) % 6), (b, d)
    others = [h for h in floor if h != centre]
    if not others:
        raise SetupError("the arena has one floor hex: two men need two")
    far = max(others, key=lambda h: (h.distance(centre), h))
    line = centre.line(far)
    d = centre.direction_to(line[1])
    return (centre, d), (far, (far.direction_to(far.line(centre)[1])))


def new_game(setup: Setup, arena=None):
    """A started bout from `setup` (`arena`: the board, when already loaded). SetupError if a
    gladiator is not legal, a card is unknown, or the arena is not a hex arena with room for two."""
    from .game import Game

    if arena is None:
        try:
            arena = from_spec(setup.arena)
        except (ValueError, OSError) as e:
            raise SetupError(f"the arena can not be made: {e}") from None
    if arena.grid.name != "hex":
        raise SetupError(f"{arena.name} is a {arena.grid.name} board: Gladiator! plays on hexes")
    names = tuple(s.name for s in setup.seats)
    if len(setup.seats) != 2 or len(set(names)) != 2:
        raise SetupError("a bout needs two seats with different names")
    if setup.start:
        if len(setup.start) != 2:
            raise SetupError("start: two places (q, r, facing), one a seat")
        places = tuple((Hex(p[0], p[1]), int(p[2])) for p in setup.start)
        for h, f in places:
            if h not in arena.floor or not 0 <= f <= 5:
                raise SetupError(f"start: {list(h)} facing {f} is not a floor hex and a direction 0-5")
        if places[0][0] == places[1][0]:
            raise SetupError("start: the two men need two hexes")
    else:
        places = map_places(arena) or start_places(arena)
    from .game import GODS_ORDERS

    for player, order in setup.gods:
        if player not in names:
            raise SetupError(f"gods: {player!r} is not a seat (seats: {', '.join(names)})")
        if order not in GODS_ORDERS:
            raise SetupError(f"gods: {player}'s order {order!r} is not one of {', '.join(GODS_ORDERS)}")
    men = {}
    for k, seat in enumerate(setup.seats):
        g = seat.gladiator
        problems = g.problems()
        if problems:
            raise SetupError(f"{seat.name}'s gladiator: {problems[0]}")
        mid = g.id if g.id not in men else f"{g.id}_2"
        men[mid] = Man(mid, seat.name, g, places[k][0], places[k][1], cards=hand_of(g, setup.cards, f"{seat.name}: "))
    state = State(arena, names, men, setup.options)
    game = Game(state, SeededDice(setup.seed), setup=setup)
    game.setup_events = game.start()  # game turn 1 and the first initiative die: the table shows them
    return game
