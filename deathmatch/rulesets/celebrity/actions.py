"""Actions and answers: everything a player can say to the engine.

Each is a small frozen value: printable, comparable, hashable, and turned to
and from JSON for the game record. `facing=None` means "keep the current
facing" (after a move or hold the player may face any way: any facing 0–5 is
legal wherever `legal_actions()` lists ``facing=None``).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ...board import Hex
from ...values import value


@value
class Place:
    """Setup: put `model` on hex `to`, facing `facing`."""

    model: str
    """The model being placed."""
    to: Hex
    """A vacant (spawn) hex."""
    facing: int | None = None
    """0–5; None faces direction 0."""


@value
class Move:
    """Move up to 2 hexes along `path` (the hexes entered, in order), then face `facing`."""

    model: str
    """The active model."""
    path: tuple[Hex, ...]
    """The hexes entered, in order (1 or 2 of them)."""
    facing: int | None = None
    """The facing after the move; None keeps the current one."""


@value
class Attack:
    """Attack the adjacent enemy `target`; the attacker turns to face it."""

    model: str
    """The active model."""
    target: str
    """An adjacent enemy model."""


@value
class MoveAttack:
    """Move 1 hex (`path` holds it), turn to face the adjacent enemy `target` and attack it."""

    model: str
    """The active model."""
    path: tuple[Hex, ...]
    """Exactly one hex."""
    target: str
    """An enemy model adjacent to the hex moved into."""


@value
class Hold:
    """Stay, and optionally change facing."""

    model: str
    """The active model."""
    facing: int | None = None
    """The new facing; None keeps the current one."""


@value
class UseAbility:
    """Play one of `model`'s abilities: as the action, or in a window."""

    model: str
    """The model whose card holds the ability."""
    ability: str
    """The ability's name on the card."""
    target: str | None = None
    """A target model, for effects that take one."""
    path: tuple[Hex, ...] = ()
    """Hexes entered, for effects that move along a path."""
    to: Hex | None = None
    """A destination hex, for effects that jump."""
    facing: int | None = None
    """A facing, for effects that set one (None: free or kept)."""


@value
class Pass:
    """Decline the open window (play nothing now)."""

    player: str
    """The player who declines."""


@value
class PushBack:
    """The defender's choice: push `model` back into hex `to`."""

    model: str
    """The model being pushed back."""
    to: Hex
    """Its rear-left or rear-right hex."""


@value
class SetOrder:
    """Give a reaction ability a standing order (`deathmatch.rulesets.celebrity.orders`): "ask", "never" or
    one of its kind's conditions. Not an answer: the pending decision stays; never listed in
    `legal_actions()`, but kept in the history so a record replays exactly."""

    player: str
    """The player whose decision is pending, and who owns `model`."""
    model: str
    """The model whose card holds the ability."""
    ability: str
    """The ability's name on the card."""
    order: str
    """The order id (`orders.choices`)."""


Action = Place | Move | Attack | MoveAttack | Hold | UseAbility | Pass | PushBack | SetOrder

_TYPES = {
    "place": Place,
    "move": Move,
    "attack": Attack,
    "move_attack": MoveAttack,
    "hold": Hold,
    "ability": UseAbility,
    "pass": Pass,
    "push_back": PushBack,
    "set_order": SetOrder,
}
_NAMES = {cls: name for name, cls in _TYPES.items()}


def to_json(action: Action) -> dict[str, Any]:
    """The action as a JSON-ready dict (``{"type": "move", ...}``), defaults left out."""
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    for f in fields(action):
        value = getattr(action, f.name)
        if value is None or value == ():
            continue
        if f.name == "path":
            value = [list(h) for h in value]
        elif f.name == "to":
            value = list(value)
        out[f.name] = value
    return out


def from_json(data: dict[str, Any]) -> Action:
    """Parse `to_json`'s output. Raises ValueError naming the bad field."""
    if not isinstance(data, dict) or data.get("type") not in _TYPES:
        raise ValueError(f"unknown action {data!r}: type must be one of {', '.join(_TYPES)}")
    cls = _TYPES[data["type"]]
    names = {f.name for f in fields(cls)}
    kwargs: dict[str, Any] = {}
    for key, given in data.items():
        if key == "type":
            continue
        if key not in names:
            raise ValueError(f"{data['type']} action: unknown field {key!r}")
        if key == "path":
            given = tuple(Hex(*h) for h in given)
        elif key == "to":
            given = Hex(*given)
        kwargs[key] = given
    try:
        return cls(**kwargs)
    except TypeError as e:
        raise ValueError(f"{data['type']} action: {e}") from None


def actor_model(action: Action) -> str | None:
    """The model an action is about, if any."""
    return getattr(action, "model", None)
