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


def state_for(game: Game, player: str) -> dict:
    """The state as `player` may see it, as plain data (the core's per-player view,
    `deathmatch.core.view`): others' unplayed abilities hidden when hidden cards are on
    (shown as None), only `player`'s own standing orders, the dice's state never."""
    models = {}
    for m in game.models.values():
        models[m.id] = {
            "player": m.player,
            "card": m.card.id,
            "name": m.card.name,
            "at": tuple(m.hex) if m.hex is not None else None,
            "facing": m.facing,
            "lives": m.lives,
            "alive": m.alive,
            "used": tuple(sorted(m.used)),
            "abilities": tuple(ab.name if ability_visible_to(game, player, m.id, ab.name) else None
                               for ab in m.card.abilities),
        }
    d = game.pending
    return {
        "player": player,
        "round": game.round,
        "active": game.active,
        "pending": None if d is None else {"player": d.player, "kind": d.kind, "model": d.model,
                                           "window": d.window.name if d.window else None},
        "models": models,
        "beasts": {b.id: tuple(b.hex) for b in game.beasts.values()},
        "loot": sorted(tuple(h) for h in game.loot),
        "scores": {p: (s.vp, s.lives_taken, s.kills, s.loot, s.last_standing, s.abilities)
                   for p, s in game.scores.items()},
        "outcome": game.outcome,
        "orders": sorted((k, v) for k, v in game.orders.items() if order_visible_to(game, player, k[0])),
    }


def events_for(game: Game, events, player: str) -> list:
    """The events of `events` that `player` may be told of (the core's filter with this ruleset's rule)."""
    from ...core.view import events_for as core_events_for

    return core_events_for(events, player, event_visible_to)
