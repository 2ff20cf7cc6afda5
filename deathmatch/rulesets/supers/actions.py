"""Superhero Gladiators' actions and decisions (docs/rules/SUPERS.md): everything a player says to
the engine, and the questions it asks. Small frozen values, turned to and from JSON for the record.

The game asks one `Decision` at a time (`game.pending`); its `kind` says which answers fit:

| kind | who | the answers |
|---|---|---|
| `place` | the player placing the next hero (§4: its owner, or the next seat for a Perception 1 hero) | `Place(player, model, at)` |
| `act` | the owner of the hero whose action it is (§5) | `Move`, `Attack`, `AttackGizmo`, `Heal`, `Notice`, `Escape`, `Hold` |
| `defend` | a hit hero's owner, after the hit is known (§5), or after a failed escape roll (slippery, §3) | `Defend(player, model, power)` (`power` None: no defence) |
| `copy` | a hero damaged by an attack power it may copy (§7) | `Copy(player, model, yes)` |
| `choose` | the owner of a hero whose unused hidden gizmo is noticed, when it has several (§7) | `Choose(player, model, power)` |

`game.legal_actions()` lists the answers (a Move once per cell and altitude it can reach, by one
path; any other legal path is legal too: `game.is_legal`). `game.apply(action)` raises
`IllegalAction(code, message)` for a refused one, the state unchanged.
"""

from __future__ import annotations

from typing import Any

from ...values import value

PLACE, ACT, DEFEND, COPY, CHOOSE = "place", "act", "defend", "copy", "choose"
"""The decision kinds."""


@value
class Place:
    """Put hero `model` on the cell `at` (setup, §4)."""

    player: str
    model: str
    at: tuple


@value
class Move:
    """Move through the cells of `path` (each adjacent to the last; may be empty) and end at
    `altitude` (None: unchanged). `powers`: the movement powers to use, by name (empty: the
    engine picks the fewest the move needs, earliest on the hero's card first)."""

    player: str
    model: str
    path: tuple
    altitude: int | None = None
    powers: tuple = ()


@value
class Attack:
    """Attack with the attack power `power` (the hero's own, or a stored copy by its owner's name):
    at the hero `target`, or (an area attack) at the cell `at`."""

    player: str
    model: str
    power: str
    target: str | None = None
    at: tuple | None = None


@value
class AttackGizmo:
    """Attack the gizmo `gizmo` (a power's name) of hero `target` with the attack power `power` (§7)."""

    player: str
    model: str
    power: str
    target: str
    gizmo: str


@value
class Heal:
    """Heal with the healing power `power` (§3): regain its level in oomph."""

    player: str
    model: str
    power: str


@value
class Notice:
    """Try to notice a hidden gizmo of `target` (§7); `gizmo`: which used one, if it names one."""

    player: str
    model: str
    target: str
    gizmo: str | None = None


@value
class Escape:
    """Try to escape the entanglement (§6): pay oomph equal to its level, then roll."""

    player: str
    model: str


@value
class Hold:
    """Do nothing this segment (a ruling: allowed)."""

    player: str
    model: str


@value
class Defend:
    """Invoke the defence `power` of hero `model` against the hit (or on its escape roll); None: none."""

    player: str
    model: str
    power: str | None = None


@value
class Copy:
    """Store (yes) or not the attack power that just damaged hero `model`, spending a use of its
    copy power (§7)."""

    player: str
    model: str
    yes: bool


@value
class Choose:
    """The owner picks which of hero `model`'s unused hidden gizmos is noticed (§7)."""

    player: str
    model: str
    power: str


@value
class Decision:
    """What the engine waits for: who, what kind, the hero it is about, and the named options
    (the defences it may invoke, the gizmos it may pick; `()` for `act` and `place`)."""

    player: str
    kind: str
    model: str | None = None
    options: tuple = ()
    about: str | None = None
    """defend: "hit" or "escape"; copy: the attack power's name."""


ACT_TYPES = (Move, Attack, AttackGizmo, Heal, Notice, Escape, Hold)
ACTIONS = {cls.__name__: cls for cls in (Place, Move, Attack, AttackGizmo, Heal, Notice, Escape, Hold, Defend,
                                         Copy, Choose)}
_CELLS = ("path",)
_CELL = ("at",)


def to_json(action) -> dict:
    """An action as the record's JSON: `{"type": "Move", "player": ..., "path": [[q, r], ...], ...}`."""
    out: dict[str, Any] = {"type": type(action).__name__}
    for name in action.__dataclass_fields__:
        v = getattr(action, name)
        if name in _CELLS:
            v = [list(h) for h in v]
        elif name in _CELL and v is not None:
            v = list(v)
        elif name == "powers":
            v = list(v)
        out[name] = v
    return out


def from_json(data, cell=None) -> Any:
    """The action a record's JSON describes (cells made with `cell`, the grid's cell type; plain
    tuples without); ValueError saying what is wrong."""
    make = cell or (lambda a, b: (a, b))
    try:
        cls = ACTIONS[data["type"]]
        kw = {k: v for k, v in data.items() if k != "type"}
        unknown = set(kw) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown field {sorted(unknown)[0]!r}")
        if "path" in kw:
            kw["path"] = tuple(make(*_pair(h)) for h in kw["path"])
        if kw.get("at") is not None:
            kw["at"] = make(*_pair(kw["at"]))
        if "powers" in kw:
            kw["powers"] = tuple(str(p) for p in kw["powers"])
        for name in ("player", "model", "target", "power", "gizmo"):
            if name in kw and kw[name] is not None and not isinstance(kw[name], str):
                raise ValueError(f"{name}: expected a string")
        return cls(**kw)
    except (KeyError, TypeError) as e:
        raise ValueError(f"not a Superhero Gladiators action: {data!r} ({e})") from None


def _pair(v) -> tuple[int, int]:
    if not (isinstance(v, (list, tuple)) and len(v) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) for c in v)):
        raise ValueError(f"expected a cell [a, b], got {v!r}")
    return int(v[0]), int(v[1])
