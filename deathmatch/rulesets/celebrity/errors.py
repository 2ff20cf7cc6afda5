"""The engine's typed errors: the core's (`deathmatch.core.errors`).

Celebrity Deathmatch's `IllegalAction` codes:

- whose turn: ``not_your_turn`` (another model or player must answer),
  ``wrong_decision`` (the answer is of the wrong kind, e.g. a move while a
  push-back choice is pending), ``game_over``, ``no_decision``;
- paths: ``empty_path``, ``too_far``, ``not_adjacent``, ``not_straight``,
  ``blocked``, ``void``, ``occupied``, ``bad_hex``;
- targets: ``no_target``, ``unknown_model``, ``dead``, ``friendly``,
  ``beast``, ``not_adjacent``, ``out_of_range``, ``no_line``,
  ``nothing_to_steal``;
- abilities: ``unknown_ability``, ``used``, ``wrong_timing``, ``bad_use``;
- orders: ``not_your_model``, ``not_orderable``, ``bad_order``;
- other: ``bad_facing``, ``not_behind`` (push back), ``not_spawn``
  (placement).
"""

from ...core.errors import DiceError, DiceExhausted, ForcedDieTooHigh, IllegalAction, SetupError

__all__ = ["DiceError", "DiceExhausted", "ForcedDieTooHigh", "IllegalAction", "SetupError"]
