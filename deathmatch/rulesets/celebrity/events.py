"""Events: what happened, in order, for the client to animate and the record to show.

Every transition of the engine returns a list of these. The client never
re-derives what happened by comparing states.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ...board import Hex
from ...values import value


@value
class DiceOff:
    """One round of the dice-off: each player's roll (ties re-roll among themselves)."""

    rolls: tuple[tuple[str, int], ...]
    """(player, roll) pairs of this round of rolling."""


@value
class TurnOrder:
    """The dice-off is settled: the players in placement order."""

    players: tuple[str, ...]


@value
class ObstaclePlaced:
    """The stationary-objects option blocked a hex."""

    at: Hex


@value
class Placed:
    """A model was placed during setup."""

    model: str
    at: Hex
    facing: int


@value
class LootPlaced:
    at: Hex


@value
class BeastPlaced:
    beast: str
    at: Hex


@value
class RoundStarted:
    round: int


@value
class ActivationStarted:
    model: str
    round: int


@value
class AbilityPlayed:
    """`model` played `ability` (its card's name) of effect `kind`."""

    model: str
    ability: str
    kind: str
    target: str | None = None
    by_order: bool = False
    """True when the engine played it by its owner's standing order (no decision was asked)."""


@value
class OrderSet:
    """`player` gave `model`'s `ability` the standing order `order` (private to `player`)."""

    player: str
    model: str
    ability: str
    order: str


@value
class Moved:
    """A model went along `path` (hexes entered, in order). `how`: walk, charge, jump, swap, shove."""

    model: str
    start: Hex
    path: tuple[Hex, ...]
    how: str = "walk"


@value
class Turned:
    model: str
    facing: int
    was: int


@value
class Held:
    model: str


@value
class AttackDeclared:
    """`attacker` (a model or a beast) attacks `target`. `kind`: melee, ranged or beast."""

    attacker: str
    target: str
    kind: str
    source: str | None = None
    """The ability that made the attack, if any."""
    attacker_at: Hex | None = None
    """Where the attacker stood as it attacked (for the client's animation; None: not said)."""
    target_at: Hex | None = None
    """Where the target stood as it was attacked."""


@value
class DieRolled:
    """A d6 was rolled for `purpose` (attack, beast_direction, beast_attack, dice_off)."""

    value: int
    purpose: str
    by: str | None = None
    rerolled: bool = False
    at: Hex | None = None
    """Where the one who rolled it stood (for the client's animation; None: nobody, or not said)."""
    was: int | None = None
    """A re-roll's: what the die showed before it (None: not a re-roll, or not said)."""


@value
class Hit:
    """The attack hit: `roll` + `modifier` reached `needed`."""

    attacker: str
    target: str
    roll: int
    modifier: int
    needed: int
    rear: bool = False
    """The attacker stood in the target's rear (the +1 is in `modifier`)."""
    first: int | None = None
    """What the die showed before it was re-rolled to `roll` (None: it was not re-rolled)."""


@value
class Missed:
    """The attack missed (`dodged`: no die was rolled)."""

    attacker: str
    target: str
    roll: int | None
    modifier: int
    needed: int
    dodged: bool = False
    rear: bool = False
    first: int | None = None
    """What the die showed before it was re-rolled to `roll` (None: it was not re-rolled)."""


@value
class LifeLost:
    """`model` lost a life (`cause`: attack, push_back_blocked, shove) and has `lives` left."""

    model: str
    lives: int
    cause: str
    by: str | None = None


@value
class PushedBack:
    model: str
    start: Hex
    to: Hex


@value
class PushBackBlocked:
    """Neither hex behind `model` is vacant: it stays and loses an extra life."""

    model: str


@value
class Died:
    model: str
    at: Hex
    by: str | None = None


@value
class Revived:
    model: str
    at: Hex
    lives: int


@value
class Healed:
    model: str
    lives: int


@value
class LootTaken:
    model: str
    at: Hex


@value
class VPScored:
    """`player` scored `amount` VP (negative when stolen) for `reason`; `total` after it."""

    player: str
    amount: int
    reason: str
    total: int


@value
class BeastMoved:
    beast: str
    start: Hex
    to: Hex
    direction: int


@value
class BeastStayed:
    """The beast's hex in the rolled `direction` was not vacant."""

    beast: str
    direction: int


@value
class ActivationEnded:
    model: str


@value
class RoundEnded:
    round: int


@value
class GameOver:
    reason: str
    winners: tuple[str, ...]


def to_json(event) -> dict[str, Any]:
    """An event as a JSON-ready dict with its type name."""
    out: dict[str, Any] = {"type": type(event).__name__}
    for f in fields(event):
        value = getattr(event, f.name)
        if isinstance(value, Hex):
            value = list(value)
        elif f.name == "path":
            value = [list(h) for h in value]
        elif isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[f.name] = value
    return out
