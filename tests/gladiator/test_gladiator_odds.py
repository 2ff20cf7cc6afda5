"""Gladiator!'s exact exchange odds (deathmatch/rulesets/gladiator/odds.py): hand-computed cases,
every dice combination forced through the real rules, and a seeded Monte Carlo of the real game."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from deathmatch.core.dice import ForcedDice, SeededDice
from deathmatch.rulesets.gladiator import actions as act
from deathmatch.rulesets.gladiator.model import Gladiator
from deathmatch.rulesets.gladiator.odds import exchange_odds
from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game
from deathmatch.rulesets.gladiator.state import Options


def bout(ta: str, tb: str, start=((0, 0, 0), (1, 0, 3)), seed: int = 1, special_rolls: bool = True):
    """A bout of a `ta` (man a, red) and a `tb` (man b, blue), brought to a's orders with 6 AP."""
    seats = (Seat("red", "red", Gladiator("a", "A", ta)), Seat("blue", "blue", Gladiator("b", "B", tb)))
    g = new_game(Setup(seats, {"hexagon": 3}, Options(special_rolls), seed, {}, start=start))
    return to_orders(g, "a")


def to_orders(g, man: str):
    """Answer everything (no re-rolls, balanced, the other ends his half) until `man` gives orders."""
    for _ in range(200):
        d = g.pending
        if d.kind == act.ORDER and d.man == man:
            g.man(man).ap = 6
            return g
        if d.kind == act.REROLL:
            g.apply(act.Reroll(d.player, False))
        elif d.kind == act.CHOOSE:
            g.apply(act.Choose(d.player, d.man == man))
        elif d.kind == act.POSTURE:
            g.apply(act.Posture(d.player, d.man, "balanced"))
        elif d.kind == act.ORDER:
            g.apply(act.End(d.player, d.man))
        else:
            g.apply(act.Pass(d.player))
    raise AssertionError("never reached the orders")


def fight(g, attacker: str, target: str, frenzied: bool, dice) -> dict:
    """Declare the exchange on a copy with `dice`, answer every window with no, and say what came of it."""
    c = g.copy()
    c.dice = dice
    a, t = c.man(attacker), c.man(target)
    before = {m.id: (m.damage, m.weapons, m.shield) for m in (a, t)}
    c.apply(act.Attack(a.owner, a.id, t.id, frenzied))
    while not c.over and not (c.pending.kind == act.ORDER and c.pending.man == attacker):
        d = c.pending
        c.apply(act.Reroll(d.player, False) if d.kind == act.REROLL else act.Pass(d.player))
    out = {}
    for m in (a, t):
        dmg0, w0, s0 = before[m.id]
        out[m.id] = {"points": m.damage - dmg0, "out": m.out or m.damage >= 7, "fell": m.fallen,
                     "dropped": m.weapons < w0 or m.shield != s0,
                     "killed": not m.alive and m.damage < 8 and not m.down}
    return out


def exact_from_the_game(g, attacker: str, target: str, frenzied: bool = False) -> dict:
    """Every one of the 1,296 dice combinations forced through the real rules."""
    o = exchange_odds(g, attacker, target, frenzied)
    sums = {k: 0 for k in ("pt", "pa", "wt", "wa", "kt", "ka", "ft", "fa", "dt", "da", "et", "ea")}
    rest = [3, 3, 3, 3, 3, 3, 3, 3]  # location (torso), drop (weapon) and thumbs dice
    for aa, ad, ta, td in product(range(1, 7), repeat=4):
        dice = ([aa] if o.attacker_rolls else []) + [ad] + ([ta] if o.target_rolls else []) + [td] + rest
        r = fight(g, attacker, target, frenzied, ForcedDice(dice))
        for key, m in (("t", r[target]), ("a", r[attacker])):
            man = g.man(target if key == "t" else attacker)
            sums["p" + key] += m["points"]
            sums["w" + key] += m["points"] >= 1
            sums["k" + key] += m["out"]
            sums["f" + key] += m["fell"]
            sums["d" + key] += m["dropped"]
            sums["e" + key] += max(m["points"], 8 - man.damage) if m["killed"] else m["points"]
    return {k: Fraction(v, 1296) for k, v in sums.items()}


def assert_matches(o, e) -> None:
    assert Fraction(o.points_to_target).limit_denominator(1296) == e["pt"]
    assert Fraction(o.points_to_attacker).limit_denominator(1296) == e["pa"]
    assert Fraction(o.to_target).limit_denominator(1296) == e["et"]
    assert Fraction(o.to_attacker).limit_denominator(1296) == e["ea"]
    assert (o.wound_target, o.wound_attacker, o.kill_target, o.kill_attacker) == (e["wt"], e["wa"], e["kt"], e["ka"])
    assert (o.fall_target, o.fall_attacker) == (e["ft"], e["fa"])


# ------------------------------------------------------------ hand-computed cases


def test_equal_men_face_to_face_by_hand():
    g = bout("myrmillo", "myrmillo")
    o = exchange_odds(g, "a", "b")
    # each: attack die - 1 (medium shield), defence die + 1 (armour): damage when attack - defence >= 3
    assert o.wound_target == o.wound_attacker == Fraction(6, 36)
    assert o.points_to_target == pytest.approx((3 * 1 + 2 * 2 + 1 * 3) / 36)
    # no 7 from one blow: only the other's lone 6-and-6 puts a man out
    assert o.kill_target == o.kill_attacker == Fraction(1, 36) * Fraction(35, 36)
    # a kill counts 8 in place of its blow (6 - 1 - (defence + 1): 3, 2, 1 on a defence die 1, 2, 3; 6 ways each)
    assert o.to_target == pytest.approx(o.points_to_target + (35 * 8 - 6 * (3 + 2 + 1)) / 1296)
    assert o.attacker_rolls and o.target_rolls
    assert o.to_target == o.to_attacker


def test_a_man_with_his_back_turned_rolls_no_attack():
    g = bout("myrmillo", "myrmillo")
    g.man("b").facing = 0  # b's Back (direction 3 + 3) toward a
    o = exchange_odds(g, "a", "b")
    assert not o.target_rolls and o.attacker_rolls
    assert o.to_attacker == 0 and o.wound_attacker == 0 and o.kill_attacker == 0
    # a's Face toward his Back: +2 attack, his orientation defence 0: attack d6+1 against d6+1
    assert o.attack_mod == (1, 1) and o.target_mod[1] == 1
    assert o.wound_target == Fraction(15, 36)


def test_a_trident_at_two_is_one_way():
    g = bout("retiarius", "secutor", start=((0, 0, 0), (2, 0, 3)))
    o = exchange_odds(g, "a", "b")
    assert o.attacker_rolls and not o.target_rolls
    assert o.to_attacker == 0 and o.kill_attacker == 0
    # adjacent, the trident's -1 comes in and the secutor strikes back
    g2 = bout("retiarius", "secutor")
    o2 = exchange_odds(g2, "a", "b")
    assert o2.target_rolls and o2.attack_mod[0] == o.attack_mod[0] - 1


def test_frenzied_shifts_the_attack_by_one():
    g = bout("myrmillo", "myrmillo")
    o, f = exchange_odds(g, "a", "b"), exchange_odds(g, "a", "b", frenzied=True)
    assert f.attack_mod == (o.attack_mod[0] + 1, o.attack_mod[1])
    # damage when attack - defence >= 2 now: 10 pairs of 36
    assert f.wound_target == Fraction(10, 36) > o.wound_target
    assert f.to_attacker == o.to_attacker


def test_netted_and_wounds_and_damage_count():
    g = bout("myrmillo", "myrmillo")
    base = exchange_odds(g, "a", "b")
    g.man("b").netted = True
    netted = exchange_odds(g, "a", "b")
    assert not netted.target_rolls and netted.target_mod[1] == base.target_mod[1] - 1
    g.man("b").netted = False
    g.man("a").wounds["torso"] = 2
    g.man("b").wounds["arm"] = 1
    g.man("b").damage = 6
    o = exchange_odds(g, "a", "b")
    assert o.attack_mod[0] == base.attack_mod[0] - 2 and o.target_mod[1] == base.target_mod[1] - 1
    # at 6 damage any wound puts him out: kill = wound, or the lone 6-and-6
    assert o.kill_target > o.wound_target


def test_no_special_rolls_no_kill_from_six_six():
    g = bout("myrmillo", "myrmillo", special_rolls=False)
    o = exchange_odds(g, "a", "b")
    assert o.kill_target == 0 and o.fall_target == 0 and o.to_target == o.points_to_target


def test_no_exchange_off_the_lines():
    g = bout("myrmillo", "myrmillo", start=((0, 0, 0), (2, -1, 3)))
    with pytest.raises(ValueError, match="no exchange"):
        exchange_odds(g, "a", "b")


def test_the_odds_are_cached_by_what_decides_them():
    g = bout("thracian", "hoplomachus")
    first = exchange_odds(g, "a", "b")
    assert exchange_odds(g, "a", "b") is first  # asked again: the cached answer
    g.man("a").posture = "attack"  # what decides them changes: new odds
    again = exchange_odds(g, "a", "b")
    assert again is not first and again.attack_mod == (first.attack_mod[0] + 1, first.attack_mod[1] - 1)
    g.man("b").damage = 6
    assert exchange_odds(g, "a", "b").kill_target > again.kill_target
    g.man("b").damage = 0
    g.man("a").weapon_dropped = 1  # no weapon: no attack die
    assert not exchange_odds(g, "a", "b").attacker_rolls


# ------------------------------------------------------------ against the real rules


@pytest.mark.parametrize("ta,tb,setup", [
    ("myrmillo", "dimachaerus", None),
    ("secutor", "retiarius", "wounded"),
    ("lion", "thracian", "back"),
    ("retiarius", "hoplomachus", "reach"),
])
def test_every_dice_combination_through_the_real_rules_gives_the_exact_odds(ta, tb, setup):
    start = ((0, 0, 0), (2, 0, 3)) if setup == "reach" else ((0, 0, 0), (1, 0, 3))
    g = bout(ta, tb, start=start)
    if setup == "wounded":
        a, b = g.man("a"), g.man("b")
        a.posture, b.posture = "attack", "defend"
        a.wounds["torso"], a.damage = 1, 4
        b.wounds["arm"], b.damage = 2, 5
        b.facing = 5  # a sees his Weapon side
    if setup == "back":
        g.man("b").facing = 1  # a side, not his Face
    o = exchange_odds(g, "a", "b")
    assert_matches(o, exact_from_the_game(g, "a", "b"))
    if setup is None:
        f = exchange_odds(g, "a", "b", True)
        assert_matches(f, exact_from_the_game(g, "a", "b", True))


def test_a_seeded_monte_carlo_of_the_real_game_agrees():
    g = bout("thracian", "dimachaerus")
    g.man("a").posture = "attack"
    g.man("b").facing = 4  # a stands on his Weapon side... of his two
    o = exchange_odds(g, "a", "b")
    n = 3000
    got = {"t": 0, "a": 0, "wt": 0, "wa": 0}
    for seed in range(n):
        r = fight(g, "a", "b", False, SeededDice(seed))
        got["t"] += r["b"]["points"]
        got["a"] += r["a"]["points"]
        got["wt"] += r["b"]["points"] >= 1
        got["wa"] += r["a"]["points"] >= 1
    assert abs(got["t"] / n - o.points_to_target) < 0.06
    assert abs(got["a"] / n - o.points_to_attacker) < 0.06
    assert abs(got["wt"] / n - float(o.wound_target)) < 0.025
    assert abs(got["wa"] / n - float(o.wound_attacker)) < 0.025
