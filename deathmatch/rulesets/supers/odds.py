"""What an attack is likely to do, before it is declared (docs/rules/SUPERS.md §5, §3, §7): for the
table's attack targets and for bots. Pure arithmetic on the engine's own numbers — `game.to_hit_number`,
`game.hits`/`critical`, the reliability die (`RELIABLE_ON`) and the power's damage — rolling nothing and
changing nothing. Defences are not counted (the defender chooses them after the hit).

    for o in attack_odds(game, "tin_titan", "Rivet Gun", target="moth"):
        o.hero, o.number, o.hit, o.critical, o.damage, o.critical_damage, o.expected

A hero's chances are exact fractions of the d20 (`Fraction`), times the chance the power's reliability
die lets the attack work.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .game import RELIABLE_ON, critical, defence_wasted, defences_of, hits

D20 = range(1, 21)


@dataclass(frozen=True)
class HitOdds:
    """One hero an attack may hit."""

    hero: str
    number: int
    """Its to-hit number (the die hits at or under it; 1 always hits, 20 always misses)."""
    hit: Fraction
    """The chance it is hit (to-hit die and reliability die both)."""
    critical: Fraction
    """The chance of a critical hit (10 or more under the number; never for entangling)."""
    damage: int
    """Oomph a plain hit costs it, before defences (halved off the target cell of an area attack)."""
    critical_damage: int
    entangle: int = 0
    """The entangle level a hit puts on it (entangling attacks; 0 otherwise)."""
    full: bool = True
    """Whether it is the attack's target (an area attack halves the damage to the others)."""

    @property
    def expected(self) -> float:
        """The oomph it loses on average (before defences)."""
        return float((self.hit - self.critical) * self.damage + self.critical * self.critical_damage)


def works(power) -> Fraction:
    """The chance the power's reliability die lets it work (1 for a reliable power)."""
    need = RELIABLE_ON.get(getattr(power, "reliability", "reliable"))
    return Fraction(1) if need is None else Fraction(need, 20)


def die_odds(number: int, can_critical: bool = True) -> tuple[Fraction, Fraction]:
    """(hit, critical) chances of one to-hit d20 against `number`."""
    hit = Fraction(sum(1 for r in D20 if hits(r, number)), 20)
    crit = Fraction(sum(1 for r in D20 if critical(r, number)), 20) if can_critical else Fraction(0)
    return hit, crit


def area_of(game, m, p, target: str | None, at) -> tuple[str | None, list[str]]:
    """(the hero on the target cell, every hero the attack may hit, the target first), as `Declare` finds them."""
    s = game.state
    if target is not None:
        t = s.models[target]
        centre, full = t.at, t.id
    else:
        centre = game.cell(at)
        o = s.occupant(centre)
        full = o.id if o is not None and o.id != m.id else None
    radius = 2 if "superarea" in p.styles else 1 if "area" in p.styles else 0
    area = [full] if full else []
    if radius:
        hub = m.at if p.type == "smash" else centre
        for i in s.order:
            x = s.models[i]
            if x.id in area or x.id == m.id or x.fainted or x.at is None:
                continue
            if game.grid.distance(hub, x.at) <= radius:
                area.append(x.id)
    return full, area


def attack_odds(game, model: str, power: str, target: str | None = None, at=None) -> list[HitOdds]:
    """Each hero the attack of `model`'s `power` at `target` (or the cell `at`) may hit, with its odds
    ([] if the hero has no such attack power usable now)."""
    m = game.state.models[model]
    got, _ = game.attack_power(m, power)
    if got is None:
        return []
    p, copied = got
    die_power = m.power(m.copier) if copied else p
    ok = works(die_power)
    entangling = "entangling" in p.styles
    foiblish = "foiblish" in p.styles
    full, area = area_of(game, m, p, target, at)
    out = []
    for i in area:
        t = game.state.models[i]
        n = game.to_hit_number(m, t, foiblish)
        hit, crit = die_odds(n, not entangling)
        dmg = 0 if entangling else p.damage()
        if not entangling and i != full:
            dmg = (dmg + 1) // 2
        out.append(HitOdds(i, n, hit * ok, crit * ok, dmg, 2 * dmg, p.level if entangling else 0, i == full))
    return out


def gizmo_odds(game, model: str, power: str, target: str) -> Fraction:
    """The chance an attack on a gizmo of `target` destroys it (§7: at most 2 x Perception - the target's
    Perception, 1 and 20 as ever, then the power's reliability die)."""
    m, t = game.state.models[model], game.state.models[target]
    got, _ = game.attack_power(m, power)
    if got is None:
        return Fraction(0)
    p, copied = got
    hit, _ = die_odds(2 * m.hero.per - t.hero.per, False)
    return hit * works(m.power(m.copier) if copied else p)


def strike_damage(game, hero: str) -> int | None:
    """The oomph the attack being resolved (`game.strike`) takes from `hero` if nothing stops it (halved off
    the target cell of an area attack, doubled on a critical; 0 for entangling); None if it is not hit."""
    x = getattr(game, "strike", None)
    if x is None or hero not in x.hit:
        return None
    p = x.power
    if "entangling" in p.styles:
        return 0
    dmg = p.damage() if hero == x.full else (p.damage() + 1) // 2
    return dmg * 2 if hero in x.crit else dmg


def defence_outlook(game, hero: str, defence: str) -> str | None:
    """Before `hero` invokes `defence` against the hit being resolved (`game.strike`): why it would do
    nothing — a reason word of `DefenceWasted` ("not_entangling", "piercing", …) — or None if it stops the
    hit when its own dice let it work. The rules say a defence may be invoked against any hit and its use
    is spent even where it does nothing (§5); this lets the table say so before the use is spent."""
    x = game.strike
    m = game.state.models[hero]
    dmg = strike_damage(game, hero)
    return defence_wasted(m.power(defence), x.power, dmg or 0, x.roll, x.numbers[hero])


def stopping_defences(game, hero: str, odds: HitOdds, power) -> tuple[str, ...]:
    """The defences `hero` could invoke now that would stop a plain hit of `odds` by `power` (slippery
    counted when some roll that hits could still slip) — what an attacker should know before choosing."""
    m = game.state.models[hero]
    out = []
    for name in defences_of(m):
        dp = m.power(name)
        if dp.type == "slippery":
            if "entangling" in power.styles and any(
                    hits(r, odds.number) and r != 1 and r + dp.level > odds.number for r in D20):
                out.append(name)
        elif defence_wasted(dp, power, odds.damage, 0, odds.number) is None:
            out.append(name)
    return tuple(out)
