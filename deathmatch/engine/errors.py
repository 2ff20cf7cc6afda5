"""The engine's typed errors."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid now. The game state is left unchanged.

    `code` is a stable word a program can test (``blocked``, ``occupied``,
    ``too_far``, ``not_adjacent``, ``not_your_turn``, ``used``, …); the message
    says the same for a person.
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class SetupError(ValueError):
    """A game setup the rules do not allow (player count, cards, arena)."""


class DiceExhausted(RuntimeError):
    """A forced-dice source (a scenario's `dice:` list) ran out."""
