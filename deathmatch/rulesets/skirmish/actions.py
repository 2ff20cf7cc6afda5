"""Chessboard Skirmish's actions and decisions (docs/rules/SKIRMISH.md): everything a player says
to the engine, and the questions it asks. Small frozen values: printable, comparable, hashable,
and turned to and from JSON for the game record (`to_json`, `from_json`).

The game asks one `Decision` at a time (`game.pending`); its `kind` says which answers fit:

| kind | who | the answers |
|---|---|---|
| `place` | the player placing (setup, or reserves after an activation) | `Place(player, mini, at)` |
| `pick` | the player whose turn it is | `Pick(player, mini)` (open its activation) or `Pass(player, mini)` (it does nothing: it has acted) |
| `act` | the owner of the open activation (`decision.mini`) | `Move`, `Attack`, `PickUp`, `Drop`, `End`, `Pass` |
| `reroll` | a hero's player, right after the hero rolled (`decision.mini`, `decision.roll`) | `Reroll(player, True)` or `Reroll(player, False)` |

`game.legal_actions()` lists the answers. A `Move` is listed once per square it can reach (by one
shortest path); any other path the rules allow is legal too (`game.is_legal`). `game.apply(action)`
raises `IllegalAction(code, message)` for a refused one (the codes of SKIRMISH.md §8), state unchanged.
"""

from __future__ import annotations

from typing import Any

from ...board import SQUARE, Square
from ...values import value

PLACE, PICK, ACT, REROLL = "place", "pick", "act", "reroll"
"""The decision kinds."""
MELEE, RANGED = "melee", "ranged"
"""How an attack is made (`Attack.mode`): melee (a neighbour), or ranged (a line; bow or gun only)."""


@value
class Place:
    """Put the reserve miniature `mini` on the vacant home-row square `at` (setup, or a reserve coming in)."""

    player: str
    mini: str
    """The miniature's id."""
    at: Square


@value
class Pick:
    """Open `mini`'s activation (one of the player's miniatures on the board that has not acted this round)."""

    player: str
    mini: str


@value
class Move:
    """Move the active miniature along `path`: the squares entered, in order, one king step each."""

    player: str
    mini: str
    path: tuple[Square, ...]
    """1 to Move squares, each a vacant floor square, none entered twice (nor the start)."""


@value
class Attack:
    """The active miniature's one attack on the enemy `target`, `mode` melee (a neighbour) or ranged
    (a clear file, rank or diagonal; bow or gun)."""

    player: str
    mini: str
    target: str
    mode: str = MELEE


@value
class PickUp:
    """Retrieve: the active miniature, on the marker's square, tries to pick it up (a Skill check)."""

    player: str
    mini: str


@value
class Drop:
    """Retrieve: the active carrier drops the marker on its square."""

    player: str
    mini: str


@value
class End:
    """End the open activation."""

    player: str
    mini: str


@value
class Pass:
    """At a `pick`: the miniature does nothing this round (it has acted). At an `act`: the same as End."""

    player: str
    mini: str


@value
class Reroll:
    """Answer the hero re-roll offer: `yes` re-rolls the die just rolled (the new result stands)."""

    player: str
    yes: bool


@value
class RollInfo:
    """The die a `reroll` decision is about."""

    mini: str
    """The hero that rolled it."""
    purpose: str
    """attack, defence, save or skill."""
    sides: int
    value: int
    """What the die shows."""


@value
class Decision:
    """What the engine waits for: who must answer, what kind of question (`PLACE`, `PICK`, `ACT`,
    `REROLL`), the miniature it is about (the active one; the hero that rolled), and for a re-roll
    the die. Ask `game.legal_actions()` for the answers."""

    player: str
    kind: str
    mini: str | None = None
    roll: RollInfo | None = None


ACTIONS = {cls.__name__: cls for cls in (Place, Pick, Move, Attack, PickUp, Drop, End, Pass, Reroll)}


def to_json(action) -> dict:
    """An action as the record's JSON: `{"type": "Move", "player": ..., "mini": ..., "path": [[x, y], ...]}`."""
    out: dict[str, Any] = {"type": type(action).__name__, "player": action.player}
    for name in ("mini", "target", "mode", "yes"):
        if hasattr(action, name):
            out[name] = getattr(action, name)
    if isinstance(action, Place):
        out["at"] = list(action.at)
    if isinstance(action, Move):
        out["path"] = [list(s) for s in action.path]
    return out


def from_json(data) -> Any:
    """The action a record's JSON describes; ValueError saying what is wrong."""
    try:
        cls = ACTIONS[data["type"]]
        player = str(data["player"])
        if cls is Reroll:
            return Reroll(player, bool(data["yes"]))
        if cls is Place:
            return Place(player, str(data["mini"]), SQUARE.from_json(data["at"]))
        if cls is Move:
            return Move(player, str(data["mini"]), tuple(SQUARE.from_json(s) for s in data["path"]))
        if cls is Attack:
            mode = data.get("mode", MELEE)
            if mode not in (MELEE, RANGED):
                raise ValueError(f"attack mode {mode!r} is not melee or ranged")
            return Attack(player, str(data["mini"]), str(data["target"]), mode)
        return cls(player, str(data["mini"]))
    except (KeyError, TypeError) as e:
        raise ValueError(f"not a Chessboard Skirmish action: {data!r} ({e})") from None
