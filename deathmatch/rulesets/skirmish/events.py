"""Chessboard Skirmish's events: what `game.apply` (and `game.start`) return, in the order things
happened. Each is a small frozen value carrying everything the client animates (squares, every
die with its sides and result), so a screen never reads the live game to draw one.

The dice of one attack come as `AttackDeclared`, then `DieRolled` (purpose attack), perhaps
`Rerolled`, `DieRolled` (defence), `AttackCompared`, then if it succeeded `DieRolled` (save) and one
of `Saved`, `ArmourSpent` or `Defeated`. A Skill check is a `DieRolled` (purpose skill) then
`MarkerPicked` or `PickUpFailed`.
"""

from __future__ import annotations

from ...board import Square
from ...values import value


@value
class Placed:
    """A miniature was put on its home row: at setup (`reserve` False) or coming in from reserve."""

    player: str
    mini: str
    at: Square
    reserve: bool = False


@value
class RoundStarted:
    round: int


@value
class InitiativeRolled:
    """One initiative roll: the player's highest die (`sides`) showed `value`. `attempt` counts ties (1 first)."""

    player: str
    sides: int
    value: int
    attempt: int = 1


@value
class InitiativeTied:
    """Both showed `value`: both roll again, in the same order."""

    value: int


@value
class InitiativeWon:
    """`player` acts first this round."""

    player: str
    round: int


@value
class Picked:
    """`mini`'s activation opened (it stands at `at`)."""

    player: str
    mini: str
    at: Square


@value
class Passed:
    """`mini` did nothing this round (picked and passed)."""

    player: str
    mini: str


@value
class Moved:
    """`mini` moved from `start` along `path` (the squares entered, in order); `carrying`: with the marker."""

    player: str
    mini: str
    start: Square
    path: tuple[Square, ...]
    carrying: bool = False


@value
class AttackDeclared:
    """`mini` at `at` attacks `target` at `target_at`, `mode` melee or ranged; `line`: the squares
    between them (ranged: the clear line of fire; melee: empty)."""

    player: str
    mini: str
    target: str
    mode: str
    at: Square
    target_at: Square
    line: tuple[Square, ...] = ()


@value
class DieRolled:
    """`mini` rolled its d`sides` for `purpose` (attack, defence, save or skill): the die shows
    `value`, and `result` is what counts (a bow's ranged attack: half, rounded up; else the value).
    `reroll`: this is a hero's re-roll, replacing the one before."""

    mini: str
    purpose: str
    sides: int
    value: int
    result: int
    reroll: bool = False


@value
class AttackCompared:
    """The attack's `attack` against the defence's `defence`: `success` when attack >= defence."""

    mini: str
    target: str
    attack: int
    defence: int
    success: bool


@value
class Saved:
    """The target's save succeeded (4 or more): the attack fails."""

    mini: str
    value: int


@value
class ArmourSpent:
    """The save failed, but a point of armour turned it into a success: `left` points remain."""

    mini: str
    left: int


@value
class Defeated:
    """`mini` was defeated and removed from `at` (by `by`)."""

    player: str
    mini: str
    at: Square
    by: str | None = None


@value
class MarkerPicked:
    """`mini` picked up the marker at `at` (its Skill check succeeded)."""

    mini: str
    at: Square


@value
class PickUpFailed:
    """`mini`'s Skill check failed: the marker stays at `at`."""

    mini: str
    at: Square


@value
class MarkerDropped:
    """`mini` dropped the marker at `at`; `defeated`: because it was defeated."""

    mini: str
    at: Square
    defeated: bool = False


@value
class ActivationEnded:
    """`mini`'s activation is over: `why` is end, pass, failed (its attack failed), skill or done
    (nothing more it could do)."""

    player: str
    mini: str
    why: str


@value
class RoundEnded:
    round: int


@value
class GameOver:
    """The game ended: `winners` (none: a draw), `reason` last_standing, infiltrate, retrieve or survival."""

    winners: tuple[str, ...]
    reason: str


@value
class Outcome:
    """How the game ended (`game.outcome`): the same as its `GameOver` event."""

    reason: str
    winners: tuple[str, ...]
