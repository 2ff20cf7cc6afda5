"""The exact chances of Chessboard Skirmish's rolls (docs/rules/SKIRMISH.md §2, §6), as fractions.

An attack **defeats** its target when the attack roll is equal to or higher than the target's
defence roll, then the target's save (its die: 4 or more) fails and it has no armour left to spend.
For the screen's "d8 vs d6: 37 %":

    odds = attack_odds(attacker.spec, target.spec, target_armour=target.armour, ranged=False)
    odds.defeat          # Fraction: the chance the target is removed by this attack
    odds.hit             # Fraction: attack >= defence (the save is then rolled)
    odds.wound           # Fraction: hit and the save failed (armour spent, or defeat without armour)
    percent(odds.defeat) # 37

`for_minis(attacker, target, mode)` reads the same from two game miniatures (`state.Mini`),
heroes' unused re-rolls included. Heroes play their re-roll as well as can be: the attacker
re-rolls an attack die worth less than a fresh one; the target spends its re-roll on a lost
defence roll or keeps it for the save, whichever leaves it likelier to survive.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

SAVE_ON = 4
"""A save succeeds on 4 or more."""


@dataclass(frozen=True)
class Odds:
    """One attack's chances (exact)."""

    hit: Fraction
    """The attack roll is equal to or higher than the defence roll."""
    wound: Fraction
    """It hits and the save fails (a point of armour is then spent, or the target is defeated)."""
    defeat: Fraction
    """The target is defeated (it hits, the save fails and no armour is left)."""


def attack_values(sides: int, bow_ranged: bool = False) -> tuple[int, ...]:
    """What an attack die of `sides` counts for, face by face: the roll; a bow's ranged attack: half, rounded up."""
    return tuple((v + 1) // 2 if bow_ranged else v for v in range(1, sides + 1))


def save_chance(sides: int) -> Fraction:
    """The chance a d`sides` save succeeds (4 or more)."""
    return Fraction(max(0, sides - SAVE_ON + 1), sides)


def skill_chance(sides: int) -> Fraction:
    """The chance a d`sides` Skill check succeeds (N/2 or more)."""
    return Fraction(sides - sides // 2 + 1, sides)


def attack_odds(attacker, target, target_armour: int | None = None, ranged: bool = False, *,
                attacker_reroll: bool = False, target_reroll: bool = False) -> Odds:
    """The chances of one attack by `attacker` on `target` (army `Miniature`s, or anything with
    `die` and `weapon`). `target_armour`: armour points the target has left (None: its list's).
    `ranged`: a ranged attack (a bow halves its roll, rounding up). `attacker_reroll` /
    `target_reroll`: that miniature is a hero whose re-roll this round is unused."""
    armour = target.armour if target_armour is None else target_armour
    bow = ranged and attacker.weapon == "bow"
    return _odds(attacker.die, bow, target.die, armour > 0, attacker_reroll, target_reroll)


def for_minis(attacker, target, mode: str) -> Odds:
    """`attack_odds` for two game miniatures (`state.Mini`): the target's armour left, heroes'
    unused re-rolls; `mode` melee or ranged."""
    return attack_odds(attacker.spec, target.spec, target.armour, mode == "ranged",
                       attacker_reroll=attacker.spec.hero and not attacker.rerolled,
                       target_reroll=target.spec.hero and not target.rerolled)


def percent(p: Fraction) -> int:
    """A chance as a whole percent, rounded half up (for the screen)."""
    return int(p * 100 + Fraction(1, 2))


@lru_cache(maxsize=4096)
def _odds(a_sides: int, bow: bool, d_sides: int, armoured: bool, a_reroll: bool, t_reroll: bool) -> Odds:
    values = attack_values(a_sides, bow)
    fail = 1 - save_chance(d_sides)

    def after_attack(x: int) -> tuple[Fraction, Fraction]:
        """(hit, wound) once the attack counts x."""
        lost = Fraction(min(x, d_sides), d_sides)  # defence y <= x: the attack hits
        if not t_reroll:
            return lost, lost * fail
        # The target lost the defence roll: re-roll it now (hit only if the new one loses too),
        # or keep the re-roll for the save (it fails only if both saves fail); the likelier to survive.
        if lost * fail <= fail * fail:
            return lost * lost, lost * lost * fail
        return lost, lost * fail * fail

    table = [after_attack(x) for x in values]
    n = len(values)
    if a_reroll:  # re-roll a die worth less than a fresh one (the new roll stands)
        fresh = sum(w for _, w in table) / n
        fresh_hit = sum(h for h, _ in table) / n
        hit = wound = Fraction(0)
        for h, w in table:
            if w < fresh:
                hit, wound = hit + fresh_hit / n, wound + fresh / n
            else:
                hit, wound = hit + h / n, wound + w / n
    else:
        hit = sum(h for h, _ in table) / n
        wound = sum(w for _, w in table) / n
    return Odds(hit, wound, Fraction(0) if armoured else wound)
