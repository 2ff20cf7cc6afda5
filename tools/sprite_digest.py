#!/usr/bin/env python3
"""A fingerprint of every sprite the game draws, to prove a refactoring of the art changed no pixel.

    python tools/sprite_digest.py > before.txt   # on the old code
    python tools/sprite_digest.py > after.txt    # on the new code
    diff before.txt after.txt                    # nothing: pixel-identical

Draws every card of the library (models for all ten seats at several sizes and
facings, highlighted or not; portraits at several sizes), a made-up card with
every hat and every weapon, odd hints, beasts, loot and dead markers, and prints
one SHA-256 per kind of sprite over the RGBA bytes of everything of that kind.
The digests depend on the pygame build (smoothscale), so compare them on one
machine, not with a committed file.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from deathmatch.client import sprites  # noqa: E402
from deathmatch.rulesets.celebrity import load_default_cards  # noqa: E402
from deathmatch.rulesets.celebrity.cards import Card  # noqa: E402


def digests() -> dict[str, str]:
    """Kind of sprite → SHA-256 of every sprite of that kind (RGBA bytes and sizes)."""
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    library = load_default_cards()
    cards = [library.cards[k] for k in sorted(library.cards)]
    odd = [Card(id=f"odd_{i}", name="Odd", abilities=(), sprite=hints) for i, hints in enumerate([
        {}, {"hat": "mystery_hat", "weapon": "banana"},
        {"hat": "", "weapon": None, "body": "not a colour", "skin": "#12", "hair": 7},
        {"hat": "TOP_HAT", "weapon": "Spear", "body": "#zzzzzz"}])]
    dressed = [Card(id=f"h_{h}_{w}", name="Dressed", abilities=(), sprite={"hat": h, "weapon": w})
               for h in sprites.HATS for w in sprites.WEAPONS]
    out: dict[str, hashlib._Hash] = {}

    def add(kind: str, surf: pygame.Surface) -> None:
        h = out.setdefault(kind, hashlib.sha256())
        h.update(repr(surf.get_size()).encode())
        h.update(pygame.image.tobytes(surf, "RGBA"))

    for card in cards:
        for player in range(10):
            for size in (32, 56, 96):
                for angle in range(0, 360, 45):
                    add("model", sprites.model_sprite(card, player, size, angle))
            add("model highlighted", sprites.model_sprite(card, player, 64, 30, highlight=True))
        for size in ((96, 120), (200, 160), (64, 64), (300, 380)):
            add("portrait", sprites.portrait(card, size))
    for card in dressed:
        add("hat and weapon model", sprites.model_sprite(card, 3, 64, 120))
        add("hat and weapon portrait", sprites.portrait(card, (90, 112)))
    for card in odd:
        for size in (8, 48, 97):
            add("odd hints", sprites.model_sprite(card, 12, size, 33.3))
        add("odd hints", sprites.portrait(card, (80, 100)))
    for kind in ("lion", "bear", "wolf", "", "Kraken"):
        for size in (40, 64, 128):
            for angle in range(0, 360, 45):
                add("beast", sprites.beast_sprite(kind, size, angle))
    for size in (16, 30, 48, 96, 160):
        add("loot", sprites.loot_sprite(size))
        for player in range(10):
            add("dead marker", sprites.dead_marker(player, size))
    return {kind: h.hexdigest() for kind, h in out.items()}


def main() -> int:
    for kind, digest in digests().items():
        print(f"{kind}: {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
