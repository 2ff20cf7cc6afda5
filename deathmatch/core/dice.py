"""Where the dice come from: a seeded RNG kept in the game state, or a forced list.

A game's randomness is all here: die rolls of any number of sides and the
random picks of setup. With the same seed and the same decisions a game
replays exactly. Forced dice serve scenarios: a forced value the die can not
show is an error, raised when that die is rolled (the scenario runner names
the step).
"""

from __future__ import annotations

import hashlib
import random
from typing import Sequence, TypeVar

from .errors import DiceExhausted, ForcedDieTooHigh

T = TypeVar("T")


def draw_below(rng: random.Random, n: int) -> int:
    """A uniform draw from ``range(n)``: the draw ``rng.randrange(n)`` makes, in one call.

    It is CPython's own way (``Random._randbelow_with_getrandbits``): draw the fewest
    random bits that can hold ``n - 1``, and draw again while the number is too big.
    `randrange` and `randint` reach it through two layers of Python that cost more than
    the draw; the engine draws a few times an activation. tests/core/test_core.py checks that
    the draws are randrange's, so records made with either replay the same.
    """
    if n <= 0:
        raise ValueError(f"draw_below: empty range ({n})")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


class SeededDice:
    """Dice from `random.Random(seed)`."""

    def __init__(self, seed: int):
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self, sides: int = 6) -> int:
        """One die of `sides` sides (a d6 unless told)."""
        return 1 + draw_below(self._rng, sides)  # randint(1, sides)

    def choice(self, options: Sequence[T]) -> T:
        """A random pick (setup only); `options` must be in a stable order."""
        return options[draw_below(self._rng, len(options))]

    def state(self):
        """Something equal for equal future rolls, and the same in every process.

        `hash(getstate())` is not: the state holds `gauss_next`, None, whose hash
        is its address on Python 3.11. The Mersenne Twister words are ints (their
        hash is their value), and gauss_next is told apart by hand.
        """
        version, words, gauss = self._rng.getstate()
        return hash((version, words, gauss is None, gauss or 0.0))

    def __repr__(self) -> str:
        return f"SeededDice(seed={self.seed})"


class ForcedDice:
    """Dice that come from a fixed list, in order (scenarios). Running out is an error,
    and so is a value the rolled die can not show."""

    def __init__(self, values: Sequence[int]):
        self.values = list(values)
        self.used = 0

    def roll(self, sides: int = 6) -> int:
        if self.used >= len(self.values):
            raise DiceExhausted(f"ran out of forced dice after {self.used} (add more to the scenario's dice: list)")
        value = self.values[self.used]
        if not 1 <= value <= sides:
            raise ForcedDieTooHigh(
                f"forced die {self.used + 1} is {value}, but the die rolled here is a d{sides} (1–{sides})"
            )
        self.used += 1
        return value

    def choice(self, options: Sequence[T]) -> T:
        """Forced dice make no random picks: the first option."""
        return options[0]

    @property
    def left(self) -> int:
        return len(self.values) - self.used

    def state(self):
        return tuple(self.values[self.used :])

    def __repr__(self) -> str:
        return f"ForcedDice(left={self.state()})"


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a balance-lab run with seed `seed` (independent of everything
    else: the same game whichever process or machine plays it)."""
    digest = hashlib.sha256(f"deathmatch-balance/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
