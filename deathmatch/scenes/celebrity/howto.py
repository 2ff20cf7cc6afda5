"""Celebrity Deathmatch's how-to-play pictures, drawn at run time from the arena tiles and its sprites.

Each picture is a small patch of pointy-top arena (the tiles of
`assets/tiles/arena_pointy.png`) with models, beasts, loot and dead markers
from `sprites`, and marks on top: tinted hexes, arrows, dice and number
badges (the shared base: `client/howto.py`). The manifest names this book
(`ClientPart.howto`); the page is `assets/rules/how_to_play.txt`.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field

import pygame

from ...board.hex import DIRECTIONS, Hex
from ...client import sprites
from ...client.howto import PictureBook, arrow, die, ghost, hexagon
from ...client.ui import GOLD, INK, font, text, wrap

TILE_W, TILE_H, ROW_STEP = 112, 128, 96
"""The pointy-top tileset's cell (the hexagon inscribed in it) and the distance between rows."""
SAND = (0, 1, 2, 3, 5, 11)
ROCK, PILLAR = 16, 13
RADIUS = 2
"""Every picture is the hexagon of hexes this far from the centre."""

BLUE = (70, 150, 255, 95)
RED = (230, 60, 40, 110)
GREEN = (120, 230, 110, 110)
GOLD_TINT = (250, 200, 80, 110)

NAMES = ("setup", "activation", "move", "attack", "push", "loot", "beasts", "abilities", "winning")
"""The pictures there are, in the order of the how-to-play page."""


@dataclass
class Scene:
    """What one picture shows (hexes are axial (q, r) around the centre)."""

    blocked: dict = field(default_factory=dict)
    """hex -> obstacle tile id."""
    tint: list = field(default_factory=list)
    """(hex, rgba)."""
    models: list = field(default_factory=list)
    """(hex, cast index, player, facing direction, ghost: bool, highlight: bool)."""
    beasts: list = field(default_factory=list)
    """(hex, kind, facing direction, ghost)."""
    loot: list = field(default_factory=list)
    dead: list = field(default_factory=list)
    """(hex, player)."""
    arrows: list = field(default_factory=list)
    """(list of hexes, rgb)."""
    badges: list = field(default_factory=list)
    """(hex, label, rgb): a round label at the hex's upper right."""
    dice: list = field(default_factory=list)
    """(hex, value): a die drawn at the upper left of the hex."""


def _scenes() -> dict[str, Scene]:
    H = Hex
    return {
        "setup": Scene(
            models=[(H(-1, -1), 0, 0, 5, False, False), (H(1, 1), 1, 1, 2, False, False),
                    (H(1, -2), 2, 0, 4, False, False), (H(-1, 2), 3, 1, 1, False, False)],
            loot=[H(0, 0)], dice=[(H(-2, 0), 6), (H(2, 0), 3)], blocked={H(2, -1): PILLAR}),
        "activation": Scene(
            tint=[(h, BLUE) for h in (H(0, -1), H(-1, 0), H(-1, 1), H(0, 1), H(1, -2), H(-1, -1), H(-2, 1),
                                      H(-2, 2), H(0, 2), H(-1, 2), H(-2, 0))] + [(H(1, 0), RED)],
            models=[(H(0, 0), 0, 0, 0, False, True), (H(1, 0), 1, 1, 3, False, False),
                    (H(2, -2), 3, 1, 4, False, False)],
            badges=[(H(1, 0), "6", (255, 120, 100))], blocked={H(1, -1): ROCK}),
        "move": Scene(
            tint=[(h, BLUE) for h in (H(-2, 1), H(-1, 0), H(-2, 2), H(-1, 2), H(0, 0), H(-2, 0), H(0, -1),
                                      H(1, -1), H(-1, -1))],
            models=[(H(-1, 1), 0, 0, 0, True, False), (H(1, -1), 0, 0, 0, False, True)],
            arrows=[([H(-1, 1), H(0, 0), H(1, -1)], (120, 190, 255))], blocked={H(0, 1): ROCK, H(1, 0): PILLAR}),
        "attack": Scene(
            tint=[(H(0, -1), RED), (H(-1, 0), RED), (H(-1, 1), RED)],
            models=[(H(0, 0), 1, 1, 0, False, False), (H(1, 0), 0, 0, 3, False, False),
                    (H(-1, 0), 2, 0, 0, False, True)],
            badges=[(H(1, 0), "6", (255, 240, 220)), (H(-1, 0), "5+", GOLD)]),
        "push": Scene(
            tint=[(H(0, -1), GREEN), (H(-1, 1), GREEN)],
            models=[(H(0, 0), 1, 1, 0, False, False), (H(1, 0), 0, 0, 3, False, True)],
            arrows=[([H(0, 0), H(0, -1)], (140, 240, 120)), ([H(0, 0), H(-1, 1)], (140, 240, 120))],
            badges=[(H(0, 0), "\u22121", (255, 120, 100))], blocked={H(-1, 0): ROCK}),
        "loot": Scene(
            models=[(H(-1, 0), 2, 0, 0, False, True)], loot=[H(0, 0), H(1, 1)],
            arrows=[([H(-1, 0), H(0, 0)], (255, 220, 120))], badges=[(H(0, 0), "+2", GOLD)],
            blocked={H(1, -1): PILLAR}),
        "beasts": Scene(
            beasts=[(H(-1, 0), "lion", 0, True), (H(0, 0), "lion", 0, False)],
            models=[(H(1, 0), 1, 1, 3, False, False), (H(0, 1), 0, 0, 1, False, False),
                    (H(-2, 2), 2, 0, 0, False, False)],
            arrows=[([H(-1, 0), H(0, 0)], (255, 170, 90))], dice=[(H(-2, 0), 1)],
            badges=[(H(1, 0), "5+", (255, 120, 100)), (H(0, 1), "5+", (255, 120, 100))]),
        "winning": Scene(
            models=[(H(0, 0), 0, 0, 1, False, True), (H(1, -1), 2, 0, 2, False, False)],
            dead=[(H(-1, 1), 1), (H(1, 0), 1), (H(-1, -1), 2)],
            badges=[(H(0, 0), "+3", GOLD)], blocked={H(-2, 2): PILLAR}),
    }


CAST = ("napoleon", "boudica", "musashi", "joan_of_arc")
"""The celebrities in the pictures (any card if one of these is missing)."""


def hex_xy(h: Hex) -> tuple[float, float]:
    """Centre of hex `h` in picture pixels at tile scale, (0, 0) at the centre hex."""
    return TILE_W * (h.q + h.r / 2), ROW_STEP * h.r


def facing_angle(direction: int) -> float:
    """Screen angle (degrees, counter-clockwise from the right) of a direction on the pointy tiles."""
    dq, dr = DIRECTIONS[direction % 6]
    x, y = hex_xy(Hex(dq, dr))
    return math.degrees(math.atan2(-y, x))


class Pictures(PictureBook):
    """How-to-play pictures for a card library, cached by (name, width)."""

    NAMES = NAMES
    USES_LIBRARY = True

    def __init__(self, library=None):
        cards = getattr(library, "cards", {}) or {}
        chosen = [cards[c] for c in CAST if c in cards]
        others = [cards[c] for c in sorted(cards) if c not in CAST]
        super().__init__(library)
        self.cast = (chosen + others)[:4]

    # --- drawing ------------------------------------------------------------------------------

    def arena_tile(self, gid: int) -> pygame.Surface:
        return super().tile("arena_pointy.png", gid, TILE_W, TILE_H, 6)

    def big(self, name: str) -> pygame.Surface:
        if name == "abilities":
            return self._abilities()
        return self._arena(_scenes()[name])

    def _canvas(self) -> tuple[pygame.Surface, float, float]:
        w = TILE_W * (2 * RADIUS + 1) + 16
        h = ROW_STEP * 2 * RADIUS + TILE_H + 16
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.fill((18, 13, 22, 255))
        return surf, w / 2, h / 2

    def _arena(self, sc: Scene) -> pygame.Surface:
        surf, ox, oy = self._canvas()
        centre = Hex(0, 0)

        def at(h: Hex) -> tuple[float, float]:
            x, y = hex_xy(h)
            return ox + x, oy + y

        hexes = [Hex(q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(-RADIUS, RADIUS + 1)
                 if centre.distance(Hex(q, r)) <= RADIUS]
        for h in sorted(hexes, key=lambda h: (h.r, h.q)):
            x, y = at(h)
            gid = SAND[zlib.crc32(f"{h.q},{h.r}".encode()) % len(SAND)]
            surf.blit(self.arena_tile(gid), (round(x - TILE_W / 2), round(y - TILE_H / 2)))
        for h in sorted(sc.blocked, key=lambda h: (h.r, h.q)):
            x, y = at(h)
            surf.blit(self.arena_tile(sc.blocked[h]), (round(x - TILE_W / 2), round(y - TILE_H / 2)))
        tint = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for h, colour in sc.tint:
            x, y = at(h)
            pts = hexagon(x, y, 0.92, TILE_W, TILE_H)
            pygame.draw.polygon(tint, colour, pts)
            pygame.draw.polygon(tint, colour[:3] + (220,), pts, 3)
        surf.blit(tint, (0, 0))
        size = int(TILE_W * 0.95)
        for h in sc.loot:
            img = sprites.loot_sprite(int(size * 0.7))
            surf.blit(img, img.get_rect(center=at(h)))
        for h, player in sc.dead:
            img = sprites.dead_marker(player, size)
            surf.blit(img, img.get_rect(center=at(h)))
        for h, kind, facing, faded in sc.beasts:
            img = sprites.beast_sprite(kind, size, facing_angle(facing))
            surf.blit(ghost(img) if faded else img, img.get_rect(center=at(h)))
        for h, who, player, facing, faded, highlight in sc.models:
            card = self.cast[who % len(self.cast)] if self.cast else None
            if card is None:
                continue
            img = sprites.model_sprite(card, player, size, facing_angle(facing), highlight=highlight)
            surf.blit(ghost(img) if faded else img, img.get_rect(center=at(h)))
        for path, colour in sc.arrows:
            arrow(surf, [at(h) for h in path], colour)
        for h, value in sc.dice:
            x, y = at(h)
            die(surf, (x - 8, y - 4), 58, value)
        for h, label, colour in sc.badges:
            x, y = at(h)
            self.badge(surf, (x + 30, y - 34), label, colour)
        return surf

    def _abilities(self) -> pygame.Surface:
        """A card: the portrait and its three abilities, the first one played."""
        surf, _, _ = self._canvas()
        w, h = surf.get_size()
        card = self.cast[0] if self.cast else None
        pad = 22
        pw, ph = int(w * 0.4), int(h * 0.62)
        if card is not None:
            surf.blit(sprites.portrait(card, (pw, ph)), (pad, pad))
            name = card.name.split(",")[0]
            self.labels.add(name)
            surf.blit(text(name, 30, GOLD, True), (pad, pad + ph + 12))
        x = pad * 2 + pw
        bw = w - x - pad
        bh = (h - 4 * pad) // 3
        for i in range(3):
            r = pygame.Rect(x, pad + i * (bh + pad), bw, bh)
            used = i == 0
            pygame.draw.rect(surf, (60, 44, 36) if not used else (36, 30, 32), r, border_radius=12)
            pygame.draw.rect(surf, GOLD if not used else (110, 96, 86), r, 3, border_radius=12)
            # Not the card's real abilities: the rules can be opened mid-game, and with hidden
            # cards this celebrity's abilities may be another player's secret.
            label = ("An action ability", "A reaction", "A triggered ability")[i]
            colour = INK if not used else (130, 120, 110)
            size = 34
            lines = wrap(label, size, bw - 28, True)
            while size > 18 and (len(lines) > 2 or any(font(size, True).size(x)[0] > bw - 28 for x in lines)):
                size -= 2
                lines = wrap(label, size, bw - 28, True)
            step = font(size, True).get_linesize()
            y = r.centery - step * len(lines) / 2
            for line in lines:
                self.labels.add(line)
                img = text(line, size, colour, True)
                surf.blit(img, img.get_rect(midtop=(r.centerx, round(y))))
                y += step
            if used:
                pygame.draw.line(surf, (230, 80, 60), (r.x + 14, r.centery), (r.right - 14, r.centery), 5)
            else:
                self.badge(surf, (r.right - 6, r.y + 6), "1", GOLD)
        return surf
