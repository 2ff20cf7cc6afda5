"""Random play and random armies: the soak tests, random games and quick games use these.

`random_answer(game, rng)` picks uniformly among `game.legal_actions()` (a Move once per reachable
square). `random_army(rng, points)` builds a legal army list from army.py's model alone.
"""

from __future__ import annotations

import random

from .army import DEFAULT_SIZE, DICE, WEAPONS, Army, Miniature

NAMES = ("Scout", "Brave", "Warden", "Ranger", "Brute", "Captain", "Archer", "Gunner", "Squire", "Veteran")


def random_answer(game, rng: random.Random):
    """A uniformly random legal answer to the pending decision."""
    return rng.choice(game.legal_actions())


def random_miniature(rng: random.Random, budget: int | None, k: int = 0) -> Miniature | None:
    """A random miniature costing at most `budget` points (None: any), or None if nothing fits."""
    for _ in range(40):
        m = Miniature(NAMES[k % len(NAMES)], rng.choice(DICE), rng.choice(WEAPONS), rng.choice((0, 0, 0, 1, 2)),
                      rng.random() < 0.2)
        if budget is None or m.cost() <= budget:
            return m
    return Miniature(NAMES[k % len(NAMES)], 4) if budget is None or budget >= 4 else None


def random_army(rng: random.Random, points: int | None = 30, name: str = "Random band") -> Army:
    """A random army legal at `points` (None: a free list of the default size)."""
    minis: list[Miniature] = []
    if points is None:
        minis = [random_miniature(rng, None, k) for k in range(DEFAULT_SIZE)]
    else:
        left = points
        while left >= 4 and len(minis) < 10:
            m = random_miniature(rng, left, len(minis))
            if m is None:
                break
            minis.append(m)
            left -= m.cost()
            if rng.random() < 0.15:
                break
    return Army(name, tuple(minis), points)
