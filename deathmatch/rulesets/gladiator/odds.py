"""Gladiator!'s exact odds of an exchange (docs/rules/GLADIATOR.md §6, §7, §9): what the screens
show before an Attack, and what the bots weigh.

    from deathmatch.rulesets.gladiator.odds import exchange_odds
    o = exchange_odds(game, attacker_id, target_id, frenzied=False)   # the exchange if declared now
    o.to_target, o.to_attacker        # float: expected damage each way (special rolls included)
    o.wound_target, o.wound_attacker  # Fraction: the chance each is wounded (damage >= 1)
    o.kill_target, o.kill_attacker    # Fraction: the chance each ends the exchange dead or down
    o.attacker_rolls, o.target_rolls  # bool: whether each rolls an attack die at all

Exact, not sampled: the four d6 of the exchange (attacker's attack and defence, the target's attack
and defence: 6^4 = 1,296 equally likely combinations; a die that is not rolled is summed over and
changes nothing) are enumerated with every modifier the game itself applies. The modifiers are
the game's own: `game.mods_of` (kit as he fights now, posture, frenzied, orientation by the sides
`game.sides` reads, the trident's −1 adjacent, torso and arm wounds, netted), and whether each man
rolls an attack die is `game.no_attack_reason` (his Back turned, no weapon, netted, a trident's
distance of 2 for the defender). Nothing here restates them.

What the numbers mean:

- `to_target` / `to_attacker`: the expected damage points each way. "Special rolls included": a
  6-and-6 that kills a man outright counts as the damage he had left to die (8 − his total
  damage) when that is more than the blow's own. `points_to_target` / `points_to_attacker` are
  the wound points alone (what lands on the body diagram).
- `wound_*`: the chance his damage is at least 1.
- `kill_*`: the chance he ends the exchange out of the fight: killed by the other's lone 6-and-6,
  or his total damage reaching 7 (down: the crowd decides) or 8+ (dead). Only the total matters,
  so the location die is not needed.
- `fall_*`: the chance of his own 1-and-1 (he falls) when he is still in the fight after it;
  `drop_*`: the chance he loses his weapon or shield (2-and-2 and its drop die, or his attack 1
  against the other's defence 6), when still in the fight (a lion drops nothing).

Not counted: experience cards (their windows come after the declaration: a player chooses them),
calls on the gods (the same: a choice after seeing the die). With the special rolls off
(`Options.special_rolls`) there is no 6-and-6, fall or drop.

Results are cached by what decides them (the modifiers, who rolls, both men's damage, the
option, who can drop what): the same numbers for any two positions that agree on those.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from types import SimpleNamespace

from .game import Exchange, mods_of, no_attack_reason
from .model import DEAD_AT, DOWN_AT

DIE = range(1, 7)
COMBOS = 6 ** 4


@dataclass(frozen=True)
class Odds:
    """The exact odds of one exchange (see the module's docstring for each field)."""

    to_target: float
    to_attacker: float
    wound_target: Fraction
    wound_attacker: Fraction
    kill_target: Fraction
    kill_attacker: Fraction
    attacker_rolls: bool
    target_rolls: bool
    points_to_target: float = 0.0
    points_to_attacker: float = 0.0
    fall_target: Fraction = Fraction(0)
    fall_attacker: Fraction = Fraction(0)
    drop_target: Fraction = Fraction(0)
    drop_attacker: Fraction = Fraction(0)
    attack_mod: tuple = (0, 0)
    """(attack, defence) modifier totals of the attacker, as the game adds them up."""
    target_mod: tuple = (0, 0)


@dataclass(frozen=True)
class Side:
    """One man's part in the exchange: what the enumeration needs to know of him."""

    attack: int
    """His attack modifier total (the game's `mods_of`)."""
    defence: int
    rolls: bool
    """Whether he rolls an attack die."""
    damage: int
    """His total damage before the exchange."""
    drops: bool
    """Whether a special roll can make him drop something (not a lion)."""
    shield: bool
    """Whether he has a shield to drop (2-and-2, drop die 4–6)."""


def exchange_sides(game, attacker_id: str, target_id: str, frenzied: bool = False) -> tuple[Side, Side]:
    """Both men's parts in the exchange `attacker_id` would declare on `target_id` now, from the
    game's own modifier functions. ValueError when no exchange can be fought between them (not
    adjacent, and not on a line at 2)."""
    a, t = game.man(attacker_id), game.man(target_id)
    sides = game.sides(a, t)
    n = a.at.distance(t.at)
    if sides is None or n > 2:
        raise ValueError(f"{attacker_id} and {target_id} are {n} hexes apart, off a line: no exchange")
    sa, st, direction = sides
    x = Exchange(a.id, t.id, frenzied, n, direction)
    g = SimpleNamespace(exchange=x)  # no_attack_reason reads the exchange's attacker (reach at 2)
    out = []
    for m, foe, mine, his in ((a, t, sa, st), (t, a, st, sa)):
        am, dm = mods_of(g, m, foe, mine, his, x)
        out.append(Side(sum(v for _, v in am), sum(v for _, v in dm),
                        no_attack_reason(g, m, foe, mine, n) is None, m.damage,
                        not m.beast, m.shield != "none"))
    return out[0], out[1]


def exchange_odds(game, attacker_id: str, target_id: str, frenzied: bool = False) -> Odds:
    """The exact odds of the exchange if `attacker_id` declared an Attack on `target_id` now."""
    a, t = game.man(attacker_id), game.man(target_id)
    sides = game.sides(a, t)
    key = (sides, a.at.distance(t.at), frenzied, _man_key(a), _man_key(t), game.state.options.special_rolls)
    o = _ODDS.get(key)
    if o is None:
        if len(_ODDS) > 50_000:
            _ODDS.clear()
        pa, pt = exchange_sides(game, attacker_id, target_id, frenzied)
        o = _ODDS[key] = odds_of(pa, pt, bool(game.state.options.special_rolls))
    return o


_ODDS: dict = {}
"""The odds by everything `mods_of` and `no_attack_reason` read (the bots ask the same exchange often)."""


def _man_key(m) -> tuple:
    return (m.gladiator, m.shield_dropped, m.weapon_dropped, m.posture, m.wounds["torso"], m.wounds["arm"],
            m.netted, m.damage)


@lru_cache(maxsize=4096)
def _table(a_att: int, a_def: int, a_rolls: bool, t_att: int, t_def: int, t_rolls: bool, special_rolls: bool) -> tuple:
    """The exchange's outcomes over the 1,296 dice, by what the damage totals leave open:
    ((damage to a, to t), (a killed by a lone 6-6, t killed), (a's 1-1, t's), (a's 2-2, t's),
    (a's attack 1 against t's defence 6, t's against a's)) -> how many combinations."""
    # damage to t depends on (a's attack die, t's defence die) only, to a on (t's attack, a's defence)
    to_t = [[max(0, x + a_att - y - t_def) if a_rolls else 0 for y in DIE] for x in DIE]
    to_a = [[max(0, x + t_att - y - a_def) if t_rolls else 0 for y in DIE] for x in DIE]

    def special(rolls, x, y):  # a man's own pair: 0 nothing, 6 six-six, 1 one-one, 2 two-two
        if not (special_rolls and rolls) or x != y or x not in (1, 2, 6):
            return 0
        return x

    counts: dict = {}
    for aa, ad in product(DIE, DIE):
        sa = special(a_rolls, aa, ad)
        row_t = to_t[aa - 1]
        for ta, td in product(DIE, DIE):
            k = (row_t[td - 1], to_a[ta - 1][ad - 1], sa, special(t_rolls, ta, td),
                 special_rolls and a_rolls and aa == 1 and td == 6, special_rolls and t_rolls and ta == 1 and ad == 6)
            counts[k] = counts.get(k, 0) + 1
    out: dict = {}
    for (dt, da, sa, st, one_six_a, one_six_t), n in counts.items():
        key = ((da, dt), (st == 6 and sa != 6, sa == 6 and st != 6), (sa == 1, st == 1), (sa == 2, st == 2),
               (one_six_a, one_six_t))
        out[key] = out.get(key, 0) + n
    return tuple(out.items())


@lru_cache(maxsize=4096)
def odds_of(a: Side, t: Side, special_rolls: bool = True) -> Odds:
    """The odds from both men's parts (pure; cached; the dice's table is cached apart, without
    the damage totals)."""
    eff = [0, 0]
    pts = [0, 0]
    wound = [0, 0]
    kill = [0, 0]
    fall = [0, 0]
    drop = [0, 0]
    men = (a, t)
    table = _table(a.attack, a.defence, a.rolls, t.attack, t.defence, t.rolls, special_rolls)
    for (dealt, killed, ones, twos, one_six), k in table:
        for i in (0, 1):
            me = men[i]
            out = killed[i] or me.damage + dealt[i] >= DOWN_AT
            pts[i] += k * dealt[i]
            eff[i] += k * (max(dealt[i], DEAD_AT - me.damage) if killed[i] else dealt[i])
            wound[i] += k * (dealt[i] >= 1)
            kill[i] += k * out
            if out:
                continue
            if ones[i]:
                fall[i] += 6 * k  # in sixths: the drop die below counts halves of six
            if me.drops:
                if twos[i]:
                    drop[i] += (6 if me.shield else 3) * k  # drop die 1–3 weapon, 4–6 shield (none: nothing)
                if one_six[i]:
                    drop[i] += 6 * k
    return Odds(
        to_target=eff[1] / COMBOS, to_attacker=eff[0] / COMBOS,
        wound_target=Fraction(wound[1], COMBOS), wound_attacker=Fraction(wound[0], COMBOS),
        kill_target=Fraction(kill[1], COMBOS), kill_attacker=Fraction(kill[0], COMBOS),
        attacker_rolls=a.rolls, target_rolls=t.rolls,
        points_to_target=pts[1] / COMBOS, points_to_attacker=pts[0] / COMBOS,
        fall_target=Fraction(fall[1], 6 * COMBOS), fall_attacker=Fraction(fall[0], 6 * COMBOS),
        drop_target=Fraction(drop[1], 6 * COMBOS), drop_attacker=Fraction(drop[0], 6 * COMBOS),
        attack_mod=(a.attack, a.defence), target_mod=(t.attack, t.defence))
