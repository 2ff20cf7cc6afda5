"""The game's data: models, beasts, scores, and the small values of the flow.

Game data (models, beasts, loot, scores) and game flow (round, active model,
pending decision) are kept apart: this module holds the values; the engine
in `deathmatch.rulesets.celebrity.game` is the only thing that moves the flow.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...board import Hex
from ...values import value

if TYPE_CHECKING:  # pragma: no cover
    from .cards import Card

MAX_LIVES = 3


@dataclass(slots=True)
class Model:
    """A celebrity on the board (or dead, off it)."""

    id: str
    """Unique in the game (the card id in a normal game)."""
    player: str
    """Owning player's name."""
    card: Card
    """Its character card."""
    hex: Hex | None = None
    """Where it stands; where it died if dead; None before placement."""
    facing: int = 0
    """Direction 0–5 it faces."""
    lives: int = MAX_LIVES
    """Lives left, 0–3."""
    alive: bool = True
    """False once dead (and off the board)."""
    used: set[str] = field(default_factory=set)
    """Names of the card's abilities already played."""

    def __deepcopy__(self, memo):
        copy = Model(self.id, self.player, self.card, self.hex, self.facing, self.lives, self.alive, set(self.used))
        memo[id(self)] = copy
        return copy


@dataclass(slots=True)
class Beast:
    """A wandering beast (RULES.md §8)."""

    id: str
    """"beast-1", "beast-2", …"""
    hex: Hex
    """Where it stands."""
    kind: str = "lion"
    """What the client draws."""


@dataclass(slots=True)
class PlayerScore:
    """A player's victory points and what they came from."""

    vp: int = 0
    """Victory points."""
    lives_taken: int = 0
    """Lives taken from enemy models (1 VP each)."""
    kills: int = 0
    """Enemy models killed (1 VP bonus each; the first tie-break)."""
    loot: int = 0
    """Loot markers captured (2 VP each; the second tie-break)."""
    last_standing: int = 0
    """VP for last celebrity standing (3 or 0)."""
    abilities: int = 0
    """VP gained or lost by ability effects (glory, steal)."""


@value
class Outcome:
    """How the game ended."""

    reason: str
    """"last_standing", "all_dead" or "round_limit"."""
    winners: tuple[str, ...]
    """The winning player(s); several share a tie that kills and loot do not break."""
    standings: tuple[tuple[str, int, int, int], ...] = ()
    """(player, vp, kills, loot), best first."""


@dataclass(slots=True)
class Roll:
    """A die as rolled (and perhaps rerolled) during play: the live one, kept by the game
    (`Game.rolls`, by `id`); windows carry a `RollSnapshot` of it."""

    value: int
    purpose: str
    by: str | None = None
    rerolled: bool = False
    id: int = 0
    """Its id in `Game.rolls` while a window may still change it."""
    first: int | None = None
    """What it showed before it was re-rolled (None: not re-rolled)."""

    def snapshot(self) -> RollSnapshot:
        return RollSnapshot(self.value, self.purpose, self.by, self.rerolled, self.id, self.first)


@value
class RollSnapshot:
    """A die as it stood when a window was asked about it (a value: it never changes)."""

    value: int
    purpose: str
    by: str | None = None
    rerolled: bool = False
    id: int = 0
    first: int | None = None
    """What it showed before it was re-rolled (None: not re-rolled)."""


@dataclass(slots=True)
class AttackState:
    """One attack being resolved; windows and abilities may change it."""

    attacker: str
    """A model id or a beast id."""
    target: str
    """The attacked model."""
    kind: str = "melee"
    """melee (needs a modified 6), ranged (a natural `hit_on`+), beast (a natural 5+)."""
    bonus: int = 0
    """Added to the roll of a melee attack (charge)."""
    hit_on: int = 6
    """The natural roll a ranged or beast attack needs."""
    source: str | None = None
    """The ability that made the attack."""
    turn: bool = True
    """Whether a melee attacker turns to face the target."""
    dodged: bool = False
    roll: Roll | None = None
    hit: bool = False
    counters: list[str] = field(default_factory=list)
    """Models that will counterattack the attacker after it resolves."""
    id: int = 0
    """Its id in `Game.attacks` while it is being resolved (windows name it by this id)."""

    def snapshot(self) -> AttackSnapshot:
        r = self.roll
        if r is not None:
            r = RollSnapshot(r.value, r.purpose, r.by, r.rerolled, r.id, r.first)
        return AttackSnapshot(self.attacker, self.target, self.kind, self.bonus, self.hit_on, self.source,
                              self.turn, self.dodged, r, self.hit, tuple(self.counters), self.id)


@value
class AttackSnapshot:
    """An attack as it stood when a window was asked about it (a value: it never changes;
    the game changes the live `AttackState` through `Game.dodge`, `Game.add_counter`, `Game.reroll`)."""

    attacker: str
    target: str
    kind: str = "melee"
    bonus: int = 0
    hit_on: int = 6
    source: str | None = None
    turn: bool = True
    dodged: bool = False
    roll: RollSnapshot | None = None
    hit: bool = False
    counters: tuple[str, ...] = ()
    id: int = 0


@dataclass(slots=True)
class Live:
    """What windows name by id: the attacks being resolved and the dice a window may still change.

    One object on the game (not four attributes): CPython shares an instance's attribute keys,
    and looks them up fastest, only up to 30 attributes, which the game is near."""

    attacks: dict[int, AttackState] = field(default_factory=dict)
    rolls: dict[int, Roll] = field(default_factory=dict)
    serial: int = 0
    """The last id given to an attack or a die."""
    changes: int = 0
    """How many times an ability changed a live attack or die (a window made before is stale)."""


@value
class Window:
    """A moment where players may play abilities (RULES.md §9)."""

    name: str
    """activation_start, attack_declared, die_rolled, activation_end, on_hit,
    on_death, on_kill, on_loot — or "action" for the active model's action."""
    subject: str | None = None
    """The model the window is about (active, attacked or triggering model)."""
    attack: AttackSnapshot | None = None
    """The attack as it stands, in attack_declared and die_rolled windows (`attack.id` names the
    live one in `Game.attacks`)."""
    roll: RollSnapshot | None = None
    """The die as it stands, in a die_rolled window (`roll.id` names the live one in `Game.rolls`)."""
    only_triggered: bool = False
    """Only the subject's own abilities of this timing (the on_death window of a
    death that ends the game: nothing but a revive may answer it)."""

    @property
    def attack_id(self) -> int | None:
        """The id of the live attack in `Game.attacks`, if the window is about one."""
        return None if self.attack is None else self.attack.id

    @property
    def roll_id(self) -> int | None:
        """The id of the live die in `Game.rolls`, if the window is about one."""
        return None if self.roll is None else self.roll.id


@value
class Decision:
    """What the engine waits for: who must answer, what kind of question, the options.

    kind: "place" (setup), "action" (the active model's action), "window"
    (play an ability or pass) or "push_back" (the defender picks a hex).
    """

    player: str
    """Who must answer."""
    kind: str
    """place, action, window or push_back."""
    model: str | None = None
    """The model concerned (to place, to act, to push back; a window's subject)."""
    window: Window | None = None
    """For a window: which one."""
    options: tuple[Any, ...] = ()
    """The choices (for an action decision, ask `Game.legal_actions()`; for a placement, a
    `Placements`: the same Places, made as they are read)."""

    def __repr__(self) -> str:
        where = f", window={self.window.name!r}" if self.window else ""
        return f"Decision(player={self.player!r}, kind={self.kind!r}, model={self.model!r}{where})"
