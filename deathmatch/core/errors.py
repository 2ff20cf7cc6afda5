"""The core's typed errors: every ruleset raises these."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid now. The game state is left unchanged.

    `code` is a stable word a program can test (each ruleset lists its own;
    the machine's are ``game_over``, ``no_decision``, ``not_your_turn`` and
    ``wrong_decision``); the message says the same for a person.
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class SetupError(ValueError):
    """A game setup the rules do not allow (player count, cards, arena)."""


class DiceError(RuntimeError):
    """Forced dice (a scenario's `dice:` list) can not give the roll asked for."""


class DiceExhausted(DiceError):
    """A forced-dice source ran out."""


class ForcedDieTooHigh(DiceError):
    """A forced value the die being rolled can not show (a 7 on a d6)."""


class RecordError(ValueError):
    """A record that can not be read or replayed; the message says why."""
