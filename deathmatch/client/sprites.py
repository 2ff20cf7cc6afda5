"""The sprites' old address, kept so the screens need not change: the art lives in
`deathmatch.client.art` (palette, pens, look, bases, weapons, hats, figures,
portraits, beasts, markers); this module re-exports its public face."""

from __future__ import annotations

from .art import (  # noqa: F401
    BASE_R,
    HATS,
    PLAYER_COLOURS,
    WEAPONS,
    PlayerColour,
    beast_sprite,
    dead_marker,
    loot_sprite,
    model_sprite,
    player_colour,
    portrait,
)

__all__ = [
    "PlayerColour", "PLAYER_COLOURS", "HATS", "WEAPONS", "player_colour",
    "model_sprite", "portrait", "beast_sprite", "loot_sprite", "dead_marker", "BASE_R",
]
