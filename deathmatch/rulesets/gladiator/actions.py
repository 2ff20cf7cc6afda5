"""Gladiator!'s actions and decisions (docs/rules/GLADIATOR.md): everything a player says to the
engine, and the questions it asks. Small frozen values, turned to and from JSON for the record.

The game asks one `Decision` at a time (`game.pending`); its `kind` says which answers fit:

| kind | who | the answers |
|---|---|---|
| `choose` | the initiative winner | `Choose(player, first)` |
| `posture` | the man whose half opens | `Posture(player, man, posture)` (then his AP die is rolled) |
| `order` | the man whose half it is | `Advance`, `Retreat`, `Turn`, `Attack`, `ThrowNet`, `GetLoose`, `PickUp`, `StandUp`, `Recover`, `PlayCard` (an order card, 0 AP), `End` |
| `reroll` | a man right after one of his own dice is rolled (`decision.roll`), while he may call on the gods this game turn or holds a `gods_favour` card | `Reroll(player, yes, card)` |
| `card` | a man with an unplayed card of the window's timing (`decision.timing`: exchange, wounded, special, thumbs) | `PlayCard(player, man, card)` or `Pass(player)` |

Besides, at any time, a seat may give `SetGods(player, order)`: its standing order for calling on the
gods from now on (a side answer: recorded, the pending decision unchanged).

`game.legal_actions()` lists the answers (an Advance or Retreat once per hex it can reach, by one
path, facing the last step's way; any other legal path or facing is legal too: `game.is_legal`).
`game.apply(action)` raises `IllegalAction(code, message)` for a refused one, the state unchanged.
"""

from __future__ import annotations

from typing import Any

from ...board import HEX, Hex  # noqa: F401  (Hex: the cell its decisions name, read from here by their users)
from ...values import value

CHOOSE, POSTURE, ORDER, REROLL, CARD = "choose", "posture", "order", "reroll", "card"
"""The decision kinds."""


@value
class Choose:
    """The initiative winner goes `first` (True) or second (False)."""

    player: str
    first: bool


@value
class Posture:
    """Open his half in `posture` (attack, balanced, defend); his AP die is rolled next."""

    player: str
    man: str
    posture: str


@value
class Advance:
    """Step into each hex of `path` (1 AP a hex; a lion ⌈n/2⌉ for n), each a non-rearward hex of his
    facing as it is then (he turns to face each hex he steps into); then face `facing` (None: the
    last step's way)."""

    player: str
    man: str
    path: tuple
    facing: int | None = None


@value
class Retreat:
    """Step back into each hex of `path`, each one of his three rearward hexes (2 AP a hex; a lion
    1); his facing does not change."""

    player: str
    man: str
    path: tuple


@value
class Turn:
    """Face `facing` (1 AP; the text's *Defend*): the one way to turn in contact."""

    player: str
    man: str
    facing: int


@value
class Attack:
    """An exchange with `target` (1 AP; `frenzied`: 2 AP, +1 attack, adjacent only)."""

    player: str
    man: str
    target: str
    frenzied: bool = False


@value
class ThrowNet:
    """Throw the net at `target` at distance 1–2 (2 AP; net men only; spent either way)."""

    player: str
    man: str
    target: str


@value
class GetLoose:
    """A netted man works at the net: spends his AP up to what is still needed (3 in all)."""

    player: str
    man: str


@value
class PickUp:
    """Pick up his own dropped weapon (first) or shield in his hex (1 AP)."""

    player: str
    man: str


@value
class StandUp:
    """A fallen man stands up (1 AP)."""

    player: str
    man: str


@value
class Recover:
    """His only order of the half (all his AP, at least 1, not in contact): 1 wound point off
    `location` and 1 off his total damage."""

    player: str
    man: str
    location: str


@value
class End:
    """End his half (AP left is lost)."""

    player: str
    man: str


@value
class PlayCard:
    """Play his experience card `card` (by id): as an order (0 AP) in his half, or at a card window.
    `location` for bind_wounds, `facing` for free_turn."""

    player: str
    man: str
    card: str
    location: str | None = None
    facing: int | None = None


@value
class Pass:
    """Decline a card window."""

    player: str


@value
class Reroll:
    """Answer a re-roll window: `yes` re-rolls the die just rolled (the new result stands), by a
    call on the gods (`card` None: once a game turn) or by playing the gods_favour card `card`."""

    player: str
    yes: bool
    card: str | None = None


@value
class SetGods:
    """A seat's standing order for calling on the gods from now on (game.GODS_ORDERS): a side answer,
    given at any time, kept in the record; the pending decision stays as it was."""

    player: str
    order: str


@value
class RollInfo:
    """The die a `reroll` decision is about."""

    man: str
    purpose: str
    """initiative, ap, attack, defence, net, location, drop or thumbs."""
    value: int


@value
class Decision:
    """What the engine waits for: who, what kind, the man it is about, the die (reroll), the
    timing (card windows) and the cards he may play there."""

    player: str
    kind: str
    man: str | None = None
    roll: RollInfo | None = None
    timing: str | None = None
    cards: tuple = ()


ACTIONS = {cls.__name__: cls for cls in (Choose, Posture, Advance, Retreat, Turn, Attack, ThrowNet, GetLoose, PickUp,
                                         StandUp, Recover, End, PlayCard, Pass, Reroll, SetGods)}


def to_json(action) -> dict:
    """An action as the record's JSON: `{"type": "Advance", "player": ..., "man": ..., "path": [[q, r], ...]}`."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for name in action.__dataclass_fields__:
        v = getattr(action, name)
        if name == "path":
            v = [list(h) for h in v]
        out[name] = v
    return out


def from_json(data) -> Any:
    """The action a record's JSON describes; ValueError saying what is wrong."""
    try:
        cls = ACTIONS[data["type"]]
        kw = {k: v for k, v in data.items() if k != "type"}
        unknown = set(kw) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown field {sorted(unknown)[0]!r}")
        if "path" in kw:
            kw["path"] = tuple(HEX.from_json(h) for h in kw["path"])
        for name in ("player", "man", "target", "posture", "location", "card"):
            if name in kw and kw[name] is not None and not isinstance(kw[name], str):
                raise ValueError(f"{name}: expected a string")
        for name in ("facing",):
            if name in kw and kw[name] is not None and (not isinstance(kw[name], int) or isinstance(kw[name], bool)):
                raise ValueError(f"{name}: expected a direction 0-5")
        return cls(**kw)
    except (KeyError, TypeError) as e:
        raise ValueError(f"not a Gladiator! action: {data!r} ({e})") from None
