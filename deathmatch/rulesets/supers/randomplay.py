"""Random play: the soak tests, random fights and quick games use these.

`random_answer(game, rng)` picks uniformly among `game.legal_actions()` (a Move once per cell and
altitude it reaches). `random_hero(rng, k)` is a legal hero of random attributes and powers within
the 200-point budget.
"""

from __future__ import annotations

import random

from .model import ATTACK_STYLES, CLOSE_STYLES, DISTANCE_STYLES, MOVEMENT_KINDS, USES, Hero, Power


def random_answer(game, rng: random.Random):
    """A uniformly random legal answer to the pending decision."""
    return rng.choice(game.legal_actions())


def random_power(rng: random.Random, k: int) -> Power:
    kind = rng.choice(("shot", "shot", "smash", "smash", "toughness", "missile_deflection", "slippery",
                       "copy_power", "movement", "healing"))
    level = rng.randint(1, 4)
    uses = rng.choice(USES)
    styles: tuple = ()
    movement: tuple = ()
    if kind in ("shot", "smash"):
        table = DISTANCE_STYLES if kind == "shot" else CLOSE_STYLES
        pool = [s for s in ATTACK_STYLES if s in table and s != "grappling"]
        styles = tuple(sorted(set(rng.sample(pool, rng.randint(0, 2))) - ({"superarea"} if rng.random() < 0.5
                                                                         else {"area"})))
        if kind == "smash" and "entangling" in styles and rng.random() < 0.5:
            styles += ("grappling",)
    elif kind == "movement":
        movement = tuple(sorted(set(rng.sample(list(MOVEMENT_KINDS), rng.randint(1, 2)))))
    elif kind != "healing" and rng.random() < 0.2:
        styles = ("foiblish",)
    return Power(f"Power {k}", kind, level, uses, styles, movement,
                 rng.choice(("reliable", "reliable", "unreliable", "wild")),
                 rng.choice(("none", "none", "hidden", "vulnerable")))


def random_hero(rng: random.Random, k: int = 0) -> Hero:
    """A legal hero: attributes summing to 15, an attack first, then powers while the budget lasts."""
    while True:
        cuts = sorted(rng.sample(range(1, 15), 3))
        a = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 15 - cuts[2]]
        if all(v >= 1 for v in a) and max(a) <= 7:
            break
    powers: list = []
    spent = 0
    for i in range(12):
        p = random_power(rng, i + 1)
        if not powers and p.type not in ("shot", "smash"):
            continue
        if p.problems() or spent + p.cost() > 200:
            continue
        powers.append(p)
        spent += p.cost()
        if len(powers) >= 4:
            break
    if not powers:
        powers = [Power("Punch", "smash", 2, None)]
    return Hero(f"hero{k}", f"Hero {k}", a[0], a[1], a[2], a[3], tuple(powers))
