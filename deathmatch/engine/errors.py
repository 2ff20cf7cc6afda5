"""The engine's typed errors."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid now. The game state is left unchanged.

    `code` is a stable word a program can test; the message says the same for
    a person. The codes:

    - whose turn: ``not_your_turn`` (another model or player must answer),
      ``wrong_decision`` (the answer is of the wrong kind, e.g. a move while a
      push-back choice is pending), ``game_over``, ``no_decision``;
    - paths: ``empty_path``, ``too_far``, ``not_adjacent``, ``not_straight``,
      ``blocked``, ``void``, ``occupied``, ``bad_hex``;
    - targets: ``no_target``, ``unknown_model``, ``dead``, ``friendly``,
      ``beast``, ``not_adjacent``, ``out_of_range``, ``no_line``,
      ``nothing_to_steal``;
    - abilities: ``unknown_ability``, ``used``, ``wrong_timing``, ``bad_use``;
    - other: ``bad_facing``, ``not_behind`` (push back), ``not_spawn``
      (placement).
    """

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class SetupError(ValueError):
    """A game setup the rules do not allow (player count, cards, arena)."""


class DiceExhausted(RuntimeError):
    """A forced-dice source (a scenario's `dice:` list) ran out."""
