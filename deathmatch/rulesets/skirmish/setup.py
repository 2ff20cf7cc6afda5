"""A game of Chessboard Skirmish before it starts: `Setup` (two seats, the arena, the options, the
seed, an optional fixed placement), its JSON for records, and `new_game(setup)` (a started game
waiting on its first decision). The random parts of a setup (obstacles, the Retrieve marker) are
drawn from the game's own seeded dice, before anything else, so a record replays exactly.

    setup = Setup((Seat("Ann", "red", army_a), Seat("Bob", "blue", army_b)),
                  arena={"square": [8, 8]}, options=Options(points=30, scenario="retrieve"), seed=7)
    game = new_game(setup)       # waits on Ann's first placement
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...board import BLOCKED, Square, from_spec
from ...core.dice import SeededDice
from ...core.errors import SetupError
from .army import POINT_LEVELS, Army, Miniature
from .state import SCENARIOS, Marker, Mini, Options, State

MAX_OBSTACLES = 32
SIZES = range(6, 17)
"""A board is 6 to 16 squares a side (§1)."""
DEFAULT_ARENA = {"square": [8, 8]}
"""The plain chessboard: the rules run without any map file."""


@dataclass(frozen=True)
class Seat:
    """A player: their name, colour (for the screens) and army."""

    name: str
    colour: str
    army: Army


@dataclass(frozen=True)
class Setup:
    """Everything a game starts from: with the decisions, it is the game."""

    seats: tuple[Seat, Seat]
    """The first seat sets up at the bottom (y = 0), the second at the top."""
    arena: Mapping = field(default_factory=lambda: dict(DEFAULT_ARENA))
    """The board spec: {square: [W, H], obstacles: [...]} or {map: ID} ("bundled:chessboard")."""
    options: Options = Options()
    seed: int = 0
    placement: tuple[tuple[str, Any], ...] = ()
    """Fixed start squares `(mini id, (x, y) or None for reserve)` for every miniature; empty: the players place (§4)."""
    bots: tuple[tuple[str, str], ...] = ()
    """(player, bot level) of each seat the computer plays: no rule, but kept with the game so that a
    saved game goes on with the same computer players after Continue or Load."""
    every_reroll_offered: bool = False
    """A game recorded before re-roll offers were made only where a re-roll can change something
    (a record with no `"reroll_offers": "useful"`): its heroes are offered every re-roll, as when it
    was played, so the record's answers replay exactly. New games: False."""

    def to_json(self) -> dict:
        return {
            "seats": [{"name": s.name, "colour": s.colour, "army": army_to_json(s.army)} for s in self.seats],
            "arena": dict(self.arena),
            "options": {"points": self.options.points, "scenario": self.options.scenario,
                        "obstacles": self.options.obstacles},
            "seed": self.seed,
            "placement": [[i, list(at) if at is not None else None] for i, at in self.placement],
            **({"bots": [list(b) for b in self.bots]} if self.bots else {}),
            "reroll_offers": "every" if self.every_reroll_offered else "useful",
        }

    @staticmethod
    def from_json(data) -> Setup:
        """The setup a record holds (SetupError, KeyError or TypeError if malformed)."""
        seats = tuple(Seat(str(s["name"]), str(s.get("colour", "")), army_from_json(s["army"])) for s in data["seats"])
        if len(seats) != 2:
            raise SetupError("a game of Chessboard Skirmish has two seats")
        o = data.get("options") or {}
        return Setup(seats, dict(data.get("arena") or DEFAULT_ARENA),
                     Options(o.get("points"), o.get("scenario"), int(o.get("obstacles") or 0)), int(data["seed"]),
                     tuple((str(i), tuple(at) if at is not None else None) for i, at in data.get("placement") or ()),
                     _bots_from_json(data.get("bots") or ()), data.get("reroll_offers") != "useful")


def _bots_from_json(data) -> tuple[tuple[str, str], ...]:
    """A setup's computer players, [[player, level], ...] (SetupError if it is anything else)."""
    if not isinstance(data, (list, tuple)) or not all(
            isinstance(b, (list, tuple)) and len(b) == 2 and all(isinstance(x, str) for x in b) for b in data):
        raise SetupError("bots: expected a list of [player, bot level] pairs")
    return tuple((p, level) for p, level in data)


def army_to_json(army: Army) -> dict:
    return {"name": army.name, "points": army.points, "blurb": army.blurb,
            "miniatures": [{"name": m.name, "die": m.die, "weapon": m.weapon, "armour": m.armour, "hero": m.hero}
                           for m in army.miniatures]}


def army_from_json(data) -> Army:
    minis = tuple(Miniature(str(m["name"]), int(m["die"]), str(m.get("weapon", "melee")), int(m.get("armour", 0)),
                            bool(m.get("hero", False))) for m in data["miniatures"])
    return Army(str(data.get("name", "")), minis, data.get("points"), str(data.get("blurb", "")))


def mini_ids(seat: int, army: Army) -> list[str]:
    """The ids of a seat's miniatures: A1, A2, … for the first seat, B1, … for the second."""
    return [f"{'AB'[seat]}{k + 1}" for k in range(len(army.miniatures))]


def check_options(options: Options) -> None:
    if options.points is not None and options.points not in POINT_LEVELS:
        raise SetupError(f"points must be one of {', '.join(map(str, POINT_LEVELS))} or off, not {options.points}")
    if options.scenario is not None and options.scenario not in SCENARIOS:
        raise SetupError(f"scenario must be one of {', '.join(SCENARIOS)} or none, not {options.scenario!r}")
    if not 0 <= options.obstacles <= MAX_OBSTACLES:
        raise SetupError(f"obstacles: 0 to {MAX_OBSTACLES}, not {options.obstacles}")


def new_game(setup: Setup, arena=None):
    """A started game from `setup` (`arena`: the board, when already loaded). SetupError if the
    armies are not legal at the points, the board is not 6×6 to 16×16, or the placement is wrong."""
    from .game import Game

    check_options(setup.options)
    if arena is None:
        try:
            arena = from_spec(setup.arena)
        except (ValueError, OSError) as e:
            raise SetupError(f"the board can not be made: {e}") from None
    if arena.grid.name != "square":
        raise SetupError(f"{arena.name} is a {arena.grid.name} board: Chessboard Skirmish plays on squares")
    w = max(s.x for s in arena.terrain) + 1
    h = max(s.y for s in arena.terrain) + 1
    if w not in SIZES or h not in SIZES:
        raise SetupError(f"the board is {w}×{h}: Chessboard Skirmish plays on 6×6 to 16×16")
    minis = {}
    for k, seat in enumerate(setup.seats):
        problems = seat.army.problems(setup.options.points)
        if problems:
            raise SetupError(f"{seat.name}'s army {seat.army.name!r}: {problems[0]}")
        for mid, spec in zip(mini_ids(k, seat.army), seat.army.miniatures):
            minis[mid] = Mini(mid, seat.name, spec, None, spec.armour)
    names = tuple(s.name for s in setup.seats)
    if len(set(names)) != 2:
        raise SetupError("the two seats need different names")
    dice = SeededDice(setup.seed)
    if setup.options.obstacles:
        arena = arena.with_blocked(random_obstacles(arena, setup.options.obstacles, dice))
    state = State(arena, names, setup.options, minis)
    if setup.options.scenario == "retrieve":
        state.marker = Marker(dice.choice(centre_squares(state)))
    if setup.placement:
        place_fixed(state, setup.placement)
    game = Game(state, dice, setup=setup, placement=not setup.placement)
    game.start()
    return game


def place_fixed(state: State, placement) -> None:
    """A given start position: every miniature on a vacant square of its home row, or in reserve."""
    given = dict(placement)
    if set(given) != set(state.minis):
        raise SetupError("the placement must name every miniature once")
    for mid, at in given.items():
        if at is None:
            continue
        sq = Square(*at)
        m = state.minis[mid]
        if sq not in state.home_row(m.owner) or state.occupant(sq) is not None:
            raise SetupError(f"{mid} at {list(sq)}: not a free square of {m.owner}'s home row")
        m.at = sq


def centre_squares(state: State) -> list[Square]:
    """Retrieve's start squares: the four centre squares (one or two files by one or two ranks on
    an odd board), obstacles left out; the nearest floor squares if all are obstacles."""
    xs = sorted({(state.width - 1) // 2, state.width // 2})
    ys = sorted({(state.height - 1) // 2, state.height // 2})
    centre = [Square(x, y) for y in ys for x in xs if Square(x, y) in state.board.floor]
    if centre:
        return centre
    cx, cy = (state.width - 1) / 2, (state.height - 1) / 2
    return sorted(state.board.floor, key=lambda s: (max(abs(s.x - cx), abs(s.y - cy)), s.y, s.x))[:1]


def random_obstacles(arena, n: int, dice) -> list[Square]:
    """`n` random obstacles (§1): in pairs placed point-symmetrically (x, y) and (W-1-x, H-1-y) so
    neither side is favoured (an odd `n` takes the centre square of an odd board, or one fewer),
    never on a back rank, never splitting the floor into pieces."""
    w = max(s.x for s in arena.terrain) + 1
    h = max(s.y for s in arena.terrain) + 1
    picked: list[Square] = []
    board = arena
    candidates = sorted(s for s in arena.floor if 0 < s.y < h - 1)
    want = n
    while want > 0 and candidates:
        sq = dice.choice(candidates)
        twin = Square(w - 1 - sq.x, h - 1 - sq.y)
        pair = [sq] if twin == sq else [sq, twin]
        candidates = [c for c in candidates if c not in pair]
        if len(pair) > want or twin not in board.floor:
            continue
        trial = board.with_blocked(pair)
        if len(trial.floor_islands()) > 1:
            continue
        board, picked, want = trial, picked + pair, want - len(pair)
    return picked


def blocked_of(arena) -> list[Square]:
    return sorted(s for s, t in arena.terrain.items() if t == BLOCKED)
