"""What the Gladiator! bots and the learned value (`value.py`) both measure a man and an exchange by:
damage as a cost, an exchange's worth, the AP a man rolls on average, the facing that looks at a hex.
Its own module so that the bots (which use the learned value) and the learned value (which uses these)
do not import each other."""

from __future__ import annotations

from dataclasses import replace

from ...board.hex import line_between
from .game import line_direction
from .model import DOWN_AT, modifiers

OUT_VALUE = 14.0
"""What putting a man out of the fight is worth, in damage points (the bout is decided)."""


def damage_value(damage: int) -> float:
    """How bad `damage` total points are for a man (convex: the last points before 7 weigh most)."""
    if damage >= DOWN_AT:
        return OUT_VALUE
    return damage + 0.12 * damage * damage


def exchange_value(o, me, foe) -> float:
    """What an exchange with odds `o` is worth to `me` (attacking `foe`), in damage points."""
    def side(to, kill, fall, drop, man):
        k = 1.0 + man.damage / 4
        return to * k + OUT_VALUE * float(kill) + 1.5 * float(fall) + 1.5 * float(drop)

    gain = side(o.to_target, o.kill_target, o.fall_target, o.drop_target, foe)
    loss = side(o.to_attacker, o.kill_attacker, o.fall_attacker, o.drop_attacker, me)
    return gain - loss


def expected_ap(m, posture: str | None = None) -> float:
    """The AP he rolls on average in `posture` (his own if None)."""
    mod = modifiers(replace(m.kit, shield=m.shield), posture or m.posture)[2]
    return max(0.0, 3.5 + mod + m.gladiator.bonus_ap - m.wounds["leg"])


def toward(a, b) -> int:
    """The facing from hex `a` that looks most nearly at `b` (the line's direction when on one)."""
    d = line_direction(a, b)
    if d is not None:
        return d
    return a.direction_to(line_between(a, b)[1])
