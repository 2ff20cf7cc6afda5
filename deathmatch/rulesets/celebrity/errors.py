"""The engine's typed errors: the core's (`deathmatch.core.errors`).

Celebrity Deathmatch's `IllegalAction` codes:

- whose turn: ``not_your_turn`` (another model or player must answer),
  ``wrong_decision`` (the answer is of the wrong kind, e.g. a move while a
  push-back choice is pending), ``game_over``, ``no_decision``;
- paths: ``empty_path``, ``too_far``, ``not_adjacent``, ``not_straight``,
  ``blocked``, ``void``, ``occupied``, ``bad_hex``;
- targets: ``no_target``, ``unknown_model``, ``dead``, ``friendly``,
  ``beast``, ``not_adjacent``, ``out_of_range``, ``no_line``,
  ``nothing_to_steal``, ``self_target`` (swap with itself);
- abilities: ``unknown_ability``, ``used``, ``wrong_timing``, ``no_facing``
  and ``same_facing`` (turn_foe), ``no_hex``, ``same_hex`` and ``not_floor``
  (teleport, besides ``too_far``, ``occupied``, ``bad_hex``), ``full_lives``
  (heal); ``bad_use`` only for a use no kind's own check names (a field the
  kind does not take);
- orders: ``not_your_model``, ``not_orderable``, ``bad_order``;
- other: ``bad_facing``, ``not_behind`` (push back), ``not_spawn``
  (placement).
"""

from ...core.errors import DiceError, DiceExhausted, ForcedDieTooHigh, IllegalAction, SetupError

__all__ = ["DiceError", "DiceExhausted", "ForcedDieTooHigh", "IllegalAction", "SetupError"]
