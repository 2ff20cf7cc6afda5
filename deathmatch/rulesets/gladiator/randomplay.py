"""Random play: the soak tests, random bouts and quick games use these.

`random_answer(game, rng)` picks uniformly among `game.legal_actions()` (an Advance or Retreat
once per hex it reaches). `random_gladiator(rng, k)` is a man of a random bundled type.
"""

from __future__ import annotations

import random

from .model import TYPE_NAMES, TYPES, Gladiator


def random_answer(game, rng: random.Random):
    """A uniformly random legal answer to the pending decision."""
    return rng.choice(game.legal_actions())


def random_gladiator(rng: random.Random, k: int = 0, *, lions: bool = True) -> Gladiator:
    types = [t for t in TYPES if lions or t != "lion"]
    t = rng.choice(types)
    return Gladiator(f"{t}{k}", f"{TYPE_NAMES[t]} {k}", t)
