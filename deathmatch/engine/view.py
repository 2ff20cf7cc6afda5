"""What one player may see: the per-player view of the game and its events.

With hidden cards on, a player sees only their own unplayed abilities (played
abilities are public). Standing orders are always private to their owner: no
other player sees them, nor that one was set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def event_visible_to(event, player: str) -> bool:
    """Whether `player` may be told of `event` (an OrderSet only to its owner)."""
    if type(event) is ev.OrderSet:
        return event.player == player
    return True


def ability_visible_to(game: Game, player: str, model_id: str, ability_name: str) -> bool:
    """Whether `player` may see that `model_id`'s card holds `ability_name`: their own abilities,
    played abilities, or every ability when hidden cards are off."""
    if not game.options.hidden_cards:
        return True
    m = game.models.get(model_id)
    if m is None:
        return False
    return m.player == player or ability_name in m.used


def order_visible_to(game: Game, player: str, model_id: str, ability_name: str | None = None) -> bool:
    """Whether `player` may see the standing orders of `model_id`'s abilities: only its owner."""
    m = game.models.get(model_id)
    return m is not None and m.player == player
