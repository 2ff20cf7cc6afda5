"""What `apply` returns in Superhero Gladiators: small frozen values the screens animate and the log
words. Each carries what the animator needs (where heroes stood), so nothing reads the live game.

An event with a `to` field is told only to those players (`view.event_visible_to`): what one team
noticed of another's hidden gizmos (§7). Every other event is public.
"""

from __future__ import annotations

from ...values import value


@value
class TieRolled:
    """A tie die at setup: `purpose` "placement" or "order" (§4); the lower goes first."""

    model: str
    purpose: str
    value: int


@value
class OrderDecided:
    """The acting order within a segment (§4), every hero first to last."""

    order: tuple


@value
class Placed:
    player: str
    model: str
    at: tuple


@value
class TurnStarted:
    turn: int


@value
class SegmentStarted:
    """A segment in which somebody acts; `models` act in this order."""

    turn: int
    segment: int
    models: tuple


@value
class Held:
    model: str


@value
class Moved:
    """`model` moved from `start` (at `from_altitude`) through `path` to `to_altitude`, using
    `powers` (spending a use of each), `cost` movement in all."""

    model: str
    start: tuple
    path: tuple
    from_altitude: int
    to_altitude: int
    powers: tuple
    cost: int


@value
class UseSpent:
    """A use of `power` spent (`left`: None for infinite)."""

    model: str
    power: str
    left: int | None


@value
class AttackDeclared:
    """`model` attacks with `power` (`close` or distance) at `target` (a hero) or the cell `at`;
    `area`: every hero the attack may hit (the target first), `copied`: a stored copy."""

    model: str
    power: str
    close: bool
    target: str | None
    at: tuple
    origin: tuple
    area: tuple
    copied: bool = False


@value
class ToHitRolled:
    """The attack's one to-hit die; `numbers`: ((hero, its number), ...) for each hero in reach."""

    model: str
    roll: int
    numbers: tuple


@value
class HitResult:
    """Whether the to-hit die hits `target` (its own number), and a critical."""

    model: str
    target: str
    roll: int
    number: int
    hit: bool
    critical: bool


@value
class PowerRoll:
    """A power's second die (§5): `kind` "unreliable", "wild" or "foiblish"; `ok` whether it worked."""

    model: str
    power: str
    kind: str
    roll: int
    needed: str
    ok: bool


@value
class AttackFailed:
    """The attack's reliability die failed: nobody is hit."""

    model: str
    power: str


@value
class DefenceInvoked:
    model: str
    power: str
    kind: str


@value
class Nullified:
    """`power` (a defence) undid the hit on `model`; `why` toughness, deflection or slippery."""

    model: str
    power: str
    why: str


@value
class DefenceWasted:
    """`power` did nothing against this hit (it does not apply, or it failed its die)."""

    model: str
    power: str
    why: str


@value
class Damaged:
    model: str
    amount: int
    oomph: int
    by: str
    critical: bool = False


@value
class Entangled:
    """`model` entangled at `level` (`grappler` holds it; `replaced`: the level before, 0 if free)."""

    model: str
    level: int
    by: str
    grappler: str | None
    replaced: int


@value
class EntangleHeld:
    """An entangling hit at a level no higher than the one `model` is entangled at: nothing added."""

    model: str
    level: int


@value
class Freed:
    """`model` is free of its entangle: `why` escape, grappler_left, grappler_fainted."""

    model: str
    why: str


@value
class Fell:
    """`model` fell from `altitude` to the ground (or off its wall): `why` entangled, no_flight,
    left_wall; lost `loss` oomph."""

    model: str
    at: tuple
    altitude: int
    loss: int
    oomph: int
    why: str


@value
class Healed:
    model: str
    power: str
    amount: int
    oomph: int


@value
class EscapeRolled:
    """`paid` oomph, then `roll` against `number` (None: fainted paying, no roll)."""

    model: str
    level: int
    paid: int
    roll: int | None
    number: int
    free: bool
    slippery: int = 0


@value
class NoticeRolled:
    """`model` tried to notice a hidden gizmo of `target`: `roll`, and whether it found one."""

    model: str
    target: str
    roll: int
    found: bool


@value
class Noticed:
    """`model`'s team now knows that `target`'s `power` is a hidden gizmo; told only to `to`."""

    model: str
    target: str
    power: str
    to: tuple


@value
class GizmoAttacked:
    model: str
    power: str
    target: str
    gizmo: str
    roll: int
    number: int
    hit: bool
    origin: tuple
    at: tuple


@value
class GizmoDestroyed:
    model: str
    power: str


@value
class Copied:
    """`model` stored `power` (named by its owner's name for it) of `source`."""

    model: str
    power: str
    source: str


@value
class Fainted:
    model: str
    at: tuple


@value
class GameOver:
    winners: tuple
    reason: str


@value
class Outcome:
    """How the game ended: `victory` (winners: the team standing), `draw` (everyone fainted),
    `quiet` (three quiet turns: a draw) or `turn_limit` (a draw)."""

    reason: str
    winners: tuple
