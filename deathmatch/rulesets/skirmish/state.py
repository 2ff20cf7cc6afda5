"""Chessboard Skirmish's game data (docs/rules/SKIRMISH.md): the miniatures, the board, the round,
initiative, whose turn it is, the open activation and the marker. The game (`game.Game`) owns one
`State` as `game.state` and only its tasks change it; a screen reads it (or the view, which is the
whole state: Skirmish hides nothing) and animates the events.

    s = game.state
    s.minis["a"].at            # Square, or None while in reserve (or once defeated)
    s.on_board("red")          # red's undefeated miniatures on the board, army order
    s.activation               # the open activation (None between activations)
    s.marker.at, s.marker.carrier
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ...board import Arena, Square
from .army import Miniature, move_of

SCENARIOS = ("infiltrate", "retrieve", "survival")
"""The scenario option's values (None: plain last army standing)."""
SURVIVAL_ROUNDS = 3
"""Survival is decided at the end of this round."""


@dataclass(frozen=True)
class Options:
    """A game's options (§3, §7, §1)."""

    points: int | None = 30
    """20, 30, 40 or 50 points an army (None: points off, free lists)."""
    scenario: str | None = None
    """infiltrate, retrieve, survival, or None (last army standing)."""
    obstacles: int = 0
    """Random obstacles added to the board at setup (0 to 32, an even number; the map's own always count)."""


@dataclass
class Mini:
    """One miniature in the game."""

    id: str
    """Unique in the game (records, scenarios and events name miniatures by it)."""
    owner: str
    """Its player's name."""
    spec: Miniature
    """Its army-list entry: name, die (sides), weapon, armour, hero."""
    at: Square | None = None
    """Its square; None in reserve (or once defeated: see `alive`)."""
    armour: int = 0
    """Armour points left (each turns a failed save into a success once)."""
    acted: bool = False
    """It has had its activation this round."""
    alive: bool = True
    """False once defeated (removed from the board for good)."""
    carrying: bool = False
    """Retrieve: it carries the marker."""
    rerolled: bool = False
    """A hero: it has used its re-roll this round."""

    @property
    def die(self) -> int:
        """Its die's sides (4 … 20)."""
        return self.spec.die

    @property
    def move(self) -> int:
        """How many squares it may move (N/2)."""
        return move_of(self.spec.die)

    @property
    def ranged(self) -> bool:
        """It has a bow or a gun."""
        return self.spec.weapon != "melee"

    @property
    def in_reserve(self) -> bool:
        return self.alive and self.at is None

    def points(self) -> int:
        """Its §7 Survival worth: the die, bow 3 / gun 4, armour left 2 each, hero 3."""
        s = self.spec
        return s.die + {"melee": 0, "bow": 3, "gun": 4}[s.weapon] + 2 * self.armour + (3 if s.hero else 0)


@dataclass
class Activation:
    """The open activation: which miniature, and what it has done so far."""

    mini: str
    moved: bool = False
    attacked: bool = False
    skill_tried: bool = False
    start: Square | None = None
    """Where it stood when picked."""


@dataclass
class Marker:
    """Retrieve's marker: on the square `at`, or carried by the miniature `carrier` (then `at` is None:
    the marker is where its carrier is; `State.marker_square()`)."""

    at: Square | None = None
    carrier: str | None = None


@dataclass
class State:
    """Everything a game of Chessboard Skirmish is at one moment (the flow is the game's task stack)."""

    board: Arena
    """The squares: floor, obstacle (blocked) or void (absent). Shared, never changed."""
    players: tuple[str, str]
    """The first seat (sets up at the bottom, y = 0) and the second (the top rank)."""
    options: Options
    minis: dict[str, Mini] = field(default_factory=dict)
    """Every miniature by id, in army order (the first seat's army, then the second's)."""
    round: int = 0
    """The round being played (1 from the first initiative; 0 during setup)."""
    initiative: dict[str, list[int]] = field(default_factory=dict)
    """This round's initiative rolls by player, in order (a tie adds a roll to each)."""
    first: str | None = None
    """Who acts first this round."""
    turn: str | None = None
    """Whose turn it is to place, pick or act."""
    activation: Activation | None = None
    """The open activation, or None."""
    last_activated: str | None = None
    """The miniature whose activation ended last (its player's next step naming it is `activation_over`)."""
    marker: Marker | None = None
    """Retrieve's marker (None in other scenarios)."""

    # --- geometry (the board never changes: worked out once) ---
    def __post_init__(self) -> None:
        terrain = self.board.terrain
        self.width = max(s.x for s in terrain) + 1
        self.height = max(s.y for s in terrain) + 1
        w, h = self.width - 1, self.height - 1
        self._corners = (Square(0, 0), Square(w, 0), Square(0, h), Square(w, h))
        self._home = {p: tuple(s for x in range(self.width) if (s := Square(x, self.back_rank(p))) in self.board.floor
                               and s not in self._corners) for p in self.players}

    width: int = field(init=False)
    """Files on the board (its widest extent)."""
    height: int = field(init=False)
    """Ranks on the board."""

    def back_rank(self, player: str) -> int:
        """The y of `player`'s back rank: 0 for the first seat, the top rank for the second."""
        return 0 if player == self.players[0] else self.height - 1

    def corners(self) -> tuple[Square, ...]:
        """The four corner squares of the board."""
        return self._corners

    def home_row(self, player: str) -> tuple[Square, ...]:
        """`player`'s back rank without the corners: its floor squares, left to right."""
        return self._home[player]

    def copy(self) -> State:
        """An independent copy (the board, the options and the miniatures' specs are shared: never changed)."""
        new = copy.copy(self)
        new.minis = {k: copy.copy(m) for k, m in self.minis.items()}
        new.initiative = {p: list(v) for p, v in self.initiative.items()}
        new.activation = copy.copy(self.activation)
        new.marker = copy.copy(self.marker)
        return new

    # --- who is where ---
    def other(self, player: str) -> str:
        return self.players[1] if player == self.players[0] else self.players[0]

    def occupant(self, square) -> Mini | None:
        """The miniature on `square`, or None."""
        for m in self.minis.values():
            if m.at == square and m.alive:
                return m
        return None

    def occupied(self) -> dict[Square, Mini]:
        """Every square with a miniature on it."""
        return {m.at: m for m in self.minis.values() if m.alive and m.at is not None}

    def army(self, player: str) -> list[Mini]:
        """`player`'s undefeated miniatures (board and reserve), army order."""
        return [m for m in self.minis.values() if m.owner == player and m.alive]

    def on_board(self, player: str) -> list[Mini]:
        return [m for m in self.minis.values() if m.owner == player and m.alive and m.at is not None]

    def reserves(self, player: str) -> list[Mini]:
        return [m for m in self.minis.values() if m.owner == player and m.alive and m.at is None]

    def free_home_row(self, player: str) -> list[Square]:
        taken = self.occupied()
        return [s for s in self.home_row(player) if s not in taken]

    def can_place(self, player: str) -> bool:
        """Whether `player` has a reserve and a vacant home-row square for it."""
        return bool(self.reserves(player)) and bool(self.free_home_row(player))

    def ready(self, player: str) -> list[Mini]:
        """`player`'s miniatures on the board that have not acted this round."""
        return [m for m in self.on_board(player) if not m.acted]

    def can_act(self, player: str) -> bool:
        """Whether `player` still has something to do this round: a miniature to act, or reserves to bring in."""
        return bool(self.ready(player)) or self.can_place(player)

    def marker_square(self) -> Square | None:
        """Where the marker is (on its square or with its carrier); None without a marker."""
        if self.marker is None:
            return None
        if self.marker.carrier is not None:
            return self.minis[self.marker.carrier].at
        return self.marker.at

    def points_on_board(self, player: str) -> int:
        """Survival's tie-break: the §3 worth of `player`'s miniatures on the board."""
        return sum(m.points() for m in self.on_board(player))
