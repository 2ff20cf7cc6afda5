"""Per-player views of hidden information, applied to the state *and* the event log.

A ruleset says what one player may see (`Ruleset.view`, `Ruleset.event_visible_to`);
the hand-off screen, the bots and anything shown to a player ask through here.
"""

from __future__ import annotations

from typing import Callable, Iterable


def events_for(events: Iterable, player: str, visible: Callable[[object, str], bool]) -> list:
    """The events `player` may be told of, in order."""
    return [e for e in events if visible(e, player)]


def state_for(game, player: str, ruleset) -> dict:
    """The game's state as `player` may see it (the ruleset's view)."""
    if ruleset.view is None:
        raise ValueError(f"{ruleset.name} has no per-player view")
    return ruleset.view(game, player)
