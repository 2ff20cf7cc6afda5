"""Superhero Gladiators' game data (docs/rules/SUPERS.md): the heroes in the arena and the turn.
The game (`game.Game`) owns one `State` as `game.state` and only its tasks change it; a screen reads
a player's view (`view.state_for`: hidden gizmos hidden) and animates the events.

    s = game.state
    m = s.models["tin_titan"]
    m.at, m.altitude, m.oomph, m.entangled, m.fainted
    m.uses["Rivet Gun"]        # uses left (None: infinite)
    m.destroyed, m.known       # gizmos destroyed; who knows which hidden gizmo
    s.turn, s.segment, s.order # turn, segment (1-6), the acting order (model ids)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ...board import Arena
from .model import Hero, Power


@dataclass(frozen=True)
class Options:
    """A fight's options."""

    turn_limit: int | None = None
    """The fight ends in a draw after this many turns (§8: an option); None: no limit."""


@dataclass
class Model:
    """One hero in the fight."""

    id: str
    """Unique in the fight (records, scenarios and events name heroes by it)."""
    owner: str
    """Its player's (team's) name."""
    hero: Hero
    at: tuple
    """Its cell (a `Hex` or a `Square`); None before it is placed."""
    altitude: int = 0
    oomph: int = 0
    entangled: int = 0
    """The level of its entangle (0: free)."""
    grappler: str | None = None
    """The hero whose grappling entangle holds it (None: none, or not a grapple)."""
    entangler: str | None = None
    """Who entangled it (None: not known, as in a scenario's position)."""
    fainted: bool = False
    uses: dict = field(default_factory=dict)
    """Power name -> uses left (None: infinite)."""
    used: set = field(default_factory=set)
    """The powers it has spent a use of (a hidden gizmo once used is easier to notice, §7)."""
    destroyed: set = field(default_factory=set)
    """The gizmos destroyed, with their powers (§7)."""
    known: dict = field(default_factory=dict)
    """Hidden gizmo power name -> the players who know it is one (its owner, and who noticed it)."""
    stored: Power | None = None
    """The attack power its copy power stored (§7), as its owner has it; named by its owner's name."""
    stored_from: str | None = None
    """The hero it copied the stored power from."""
    copier: str | None = None
    """The name of the copy power that stored it (each use of the stored power spends a use of it)."""
    flight_level: int = 0
    """The level of the flight that put it in the air: what a fall costs (§6)."""
    perch_level: int = 0
    """The level of the wall-walking that put it on a wall: what leaving without it costs (§6)."""

    @property
    def out(self) -> bool:
        return self.fainted

    def power(self, name: str) -> Power | None:
        """Its own power of that name (None if it has none)."""
        for p in self.hero.powers:
            if p.name == name:
                return p
        return None

    def usable(self, p: Power) -> bool:
        """A use left and not destroyed."""
        return p.name not in self.destroyed and (self.uses.get(p.name) is None or self.uses[p.name] > 0)


@dataclass
class State:
    """Everything a fight is at one moment (the flow is the game's task stack)."""

    arena: Arena
    players: tuple
    """The seats (teams), in seat order."""
    models: dict
    """Every hero by id."""
    options: Options = Options()
    turn: int = 0
    segment: int = 0
    """The segment (1-6) being played, or the last one played."""
    order: tuple = ()
    """Every hero's id in acting order (§4)."""
    acting: str | None = None
    """The hero whose action it is (None between actions)."""
    quiet: int = 0
    """Full turns in a row in which no oomph was lost and no entangle changed (§8)."""
    changed: bool = False
    """Whether oomph was lost or an entangle changed this turn."""

    def copy(self) -> State:
        return copy.deepcopy(self)

    def team(self, player: str) -> list[Model]:
        return [m for m in self.models.values() if m.owner == player]

    def standing(self) -> list[Model]:
        return [m for m in self.models.values() if not m.fainted]

    def occupant(self, cell) -> Model | None:
        """The hero (not fainted) on `cell`, at any altitude."""
        for m in self.models.values():
            if not m.fainted and m.at is not None and tuple(m.at) == tuple(cell):
                return m
        return None

    def rank(self, model_id: str) -> int:
        return self.order.index(model_id)
