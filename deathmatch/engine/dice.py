"""Where the dice come from: a seeded RNG kept in the game state, or a forced list.

A game's randomness is all here: die rolls and the random picks of setup
(loot, beasts, obstacles). With the same seed and the same decisions a game
replays exactly.
"""

from __future__ import annotations

import random
from typing import Sequence, TypeVar

from .errors import DiceExhausted

T = TypeVar("T")


class SeededDice:
    """Dice from `random.Random(seed)`."""

    def __init__(self, seed: int):
        self.seed = seed
        self._rng = random.Random(seed)

    def roll(self) -> int:
        """One d6."""
        return self._rng.randint(1, 6)

    def choice(self, options: Sequence[T]) -> T:
        """A random pick (setup only); `options` must be in a stable order."""
        return options[self._rng.randrange(len(options))]

    def state(self):
        """Something equal for equal future rolls (for state comparison)."""
        return hash(self._rng.getstate())

    def __repr__(self) -> str:
        return f"SeededDice(seed={self.seed})"


class ForcedDice:
    """Dice that come from a fixed list, in order (scenarios). Running out is an error."""

    def __init__(self, values: Sequence[int]):
        self.values = list(values)
        self.used = 0

    def roll(self) -> int:
        if self.used >= len(self.values):
            raise DiceExhausted(
                f"ran out of forced dice after {self.used} (add more to the scenario's dice: list)"
            )
        value = self.values[self.used]
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
