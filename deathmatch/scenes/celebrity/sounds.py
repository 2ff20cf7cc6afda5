"""Celebrity Deathmatch's sounds: which effect (client/sound.py's `EFFECTS`) each of its events gets.

The router hands this to the app's `Sound` (`ClientRuleset.sounds`); the animator plays an
event's effect as its animation starts.
"""

from __future__ import annotations

from ...rulesets.celebrity.events import (
    AbilityPlayed,
    BeastMoved,
    DieRolled,
    Died,
    GameOver,
    Hit,
    LootTaken,
    Missed,
    Moved,
)

_EVENT_EFFECTS = (
    (DieRolled, "dice"),
    (Hit, "hit"),
    (Missed, "miss"),
    (Died, "death"),
    (LootTaken, "loot"),
    (BeastMoved, "beast"),
    (AbilityPlayed, "ability"),
    (GameOver, "crowd"),
)


def effect_for(event) -> str | None:
    """The effect an event gets, or None (a walk steps; a charge or a shove is drawn, not heard)."""
    if isinstance(event, Moved):
        return "step" if event.how == "walk" else None
    for cls, name in _EVENT_EFFECTS:
        if isinstance(event, cls):
            return name
    return None
