"""Gladiator!'s how-to-play pictures: a patch of the arena (the tiles of `assets/tiles/arena_pointy.png`)
with the game's own men, their sides, AP coins, postures, dice, the body diagram and the crowd's thumbs.
The page is `assets/rules/gladiator_how_to_play.txt`; the manifest names this book (`ClientPart.howto`);
the shared base is `client/howto.py`.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

import pygame

from ...board.hex import Hex
from ...client.art.gladiator import (ap_pool, body_diagram, d6_sprite, dropped_sprite, man_sprite, posture_icon,
                                     sides_overlay, thumbs_icon)
from ...client.howto import (HEX_H, HEX_W, PictureBook, arrow, ghost, hex_canvas, hexes_within, pointy_angle,
                             pointy_xy, tint_hexes)
from ...client.ui import GOLD, INK

SAND = (0, 1, 2, 3, 5, 11)
ROCK, PILLAR = 16, 13
RADIUS = 2
BLUE = (70, 150, 255, 95)
RED = (230, 60, 40, 110)
RED_INK = (255, 120, 100)
GREEN_INK = (140, 240, 120)
BLUE_INK = (120, 190, 255)
IVORY = (246, 240, 226)

NAMES = ("bout", "initiative", "ap", "move", "sides", "attack", "wounds", "specials", "winning")
"""The pictures there are, in the order of the how-to-play page."""


@dataclass
class Arena:
    """What one picture of the arena shows (axial hexes round the centre)."""

    blocked: dict = field(default_factory=dict)
    tint: list = field(default_factory=list)
    men: list = field(default_factory=list)
    """(hex, type, player, facing direction, state, ghost)."""
    sides: tuple | None = None
    """(hex, facing): the six sides round a man, labelled."""
    arrows: list = field(default_factory=list)
    dice: list = field(default_factory=list)
    """(hex, value, player, mark): a d6 in the hex."""
    captions: list = field(default_factory=list)
    """(hex, words, rgb): words on a plate over the hex's top."""
    badges: list = field(default_factory=list)
    """(hex, label, rgb): a round label at the hex's upper right."""


def _arenas() -> dict[str, Arena]:
    H = Hex
    return {
        "bout": Arena(
            men=[(H(-1, 0), "myrmillo", 0, 0, "standing", False), (H(1, 0), "retiarius", 1, 3, "standing", False)],
            blocked={H(0, -2): PILLAR, H(0, 2): ROCK},
            captions=[(H(0, -1), "one against one", GOLD)]),
        "initiative": Arena(
            men=[(H(-1, 0), "myrmillo", 0, 0, "standing", False), (H(1, 0), "retiarius", 1, 3, "standing", False)],
            dice=[(H(-1, 1), 5, 0, None), (H(1, 1), 2, 1, None)],
            captions=[(H(0, -2), "5 beats 2: he chooses", GOLD)]),
        "move": Arena(
            tint=[(h, BLUE) for h in (H(-1, 1), H(0, 0), H(0, 1), H(-1, 0), H(-2, 1), H(-2, 2), H(0, -1), H(1, -1))],
            men=[(H(-1, 1), "secutor", 0, 0, "standing", True), (H(1, -1), "secutor", 0, 0, "standing", False),
                 (H(2, -1), "thracian", 1, 3, "standing", False)],
            arrows=[([H(-1, 1), H(0, 0), H(1, -1)], BLUE_INK)],
            badges=[(H(0, 0), "1", GOLD), (H(1, -1), "1", GOLD)], blocked={H(1, 0): PILLAR}),
        "sides": Arena(
            men=[(H(0, 0), "myrmillo", 0, 0, "standing", False)], sides=(H(0, 0), 0)),
        "attack": Arena(
            men=[(H(-1, 0), "myrmillo", 0, 0, "standing", False), (H(0, 0), "thracian", 1, 0, "standing", False)],
            sides=(H(0, 0), 0),
            dice=[(H(-1, -1), 5, 0, "attack"), (H(-2, 1), 3, 0, "defence"), (H(1, -1), 4, 1, "defence")],
            captions=[(H(0, 2), "5 + 2 \u2212 4 = 3 damage", RED_INK)]),
        "winning": Arena(
            men=[(H(-1, 0), "secutor", 0, 0, "standing", False), (H(0, 0), "retiarius", 1, 3, "down", False)],
            blocked={H(1, -2): PILLAR}),
    }


class Pictures(PictureBook):
    """How-to-play pictures for Gladiator! (every man shown is a bundled type, none of the players' own)."""

    NAMES = NAMES

    def big(self, name: str) -> pygame.Surface:
        special = {"ap": self._ap, "wounds": self._wounds, "specials": self._specials, "winning": self._winning}
        if name in special:
            return special[name]()
        return self._arena(_arenas()[name])[0]

    def arena_tile(self, gid: int) -> pygame.Surface:
        return self.tile("arena_pointy.png", gid, HEX_W, HEX_H, 6)

    def _arena(self, a: Arena):
        surf, ox, oy = hex_canvas(RADIUS)

        def at(h: Hex) -> tuple[float, float]:
            x, y = pointy_xy(h)
            return ox + x, oy + y

        for h in hexes_within(RADIUS):
            x, y = at(h)
            gid = a.blocked.get(h, SAND[zlib.crc32(f"{h.q},{h.r}".encode()) % len(SAND)])
            surf.blit(self.arena_tile(gid), (round(x - HEX_W / 2), round(y - HEX_H / 2)))
        tint_hexes(surf, at, a.tint)
        overlay = None
        if a.sides is not None:
            overlay = sides_overlay(at, a.sides[0], a.sides[1], alpha=120)
            surf.blit(overlay.tint, overlay.topleft)
        size = int(HEX_W * 0.95)
        for h, kind, player, facing, state, faded in a.men:
            img = man_sprite(kind, player, size, pointy_angle(facing), state=state)
            surf.blit(ghost(img) if faded else img, img.get_rect(center=at(h)))
        if overlay is not None:
            surf.blit(overlay.labels, overlay.topleft)
            for word in ("Face", "Shield", "Weapon", "Back", "rear"):
                self.labels.add(word)
        for path, colour in a.arrows:
            arrow(surf, [at(h) for h in path], colour)
        for h, value, player, mark in a.dice:
            img = d6_sprite(value, 84, player, mark)
            surf.blit(img, img.get_rect(center=at(h)))
        for h, label, colour in a.badges:
            x, y = at(h)
            self.badge(surf, (x + 30, y - 34), label, colour)
        for h, words, colour in a.captions:
            x, y = at(h)
            self.caption(surf, words, (x, y), colour, 40)
        return surf, at

    def _ap(self) -> pygame.Surface:
        """Pick a posture, roll for action points, add the man's modifiers: coins to spend."""
        surf, _, _ = hex_canvas(RADIUS)
        w, h = surf.get_size()
        size = int(h * 0.22)
        for i, posture in enumerate(("attack", "balanced", "defend")):
            cx = w * (0.2 + 0.3 * i)
            img = posture_icon(posture, size)
            r = img.get_rect(center=(cx, h * 0.18))
            surf.blit(img, r)
            if posture == "attack":
                pygame.draw.circle(surf, GOLD, r.center, size * 0.62, 5)
            self.caption(surf, posture, (cx, r.bottom + 10), GOLD if posture == "attack" else INK, 34, "midtop")
        die = d6_sprite(4, int(size * 0.9), 0)
        surf.blit(die, die.get_rect(center=(w * 0.16, h * 0.66)))
        self.caption(surf, "4 +1 +1 \u22121 = 5 AP", (w * 0.3, h * 0.66), GOLD, 40, "midleft")
        coins = ap_pool(5, 0, int(size * 0.55))
        surf.blit(coins, coins.get_rect(center=(w / 2, h * 0.86)))
        return surf

    def _wounds(self) -> pygame.Surface:
        """A wound's location die and the body it marks."""
        surf, _, _ = hex_canvas(RADIUS)
        w, h = surf.get_size()
        body = body_diagram({"arm": 3}, 3, int(w * 0.3), hit="arm")
        surf.blit(body, body.get_rect(midleft=(w * 0.04, h / 2)))
        die = d6_sprite(4, int(h * 0.2), 1, "location")
        surf.blit(die, die.get_rect(center=(w * 0.62, h * 0.17)))
        rows = (("1: leg, fewer AP", 0.4), ("2\u20133: torso, attack", 0.54), ("4\u20135: arm, defence", 0.68),
                ("6: head, initiative", 0.82))
        for words, y in rows:
            self.caption(surf, words, (w * 0.4, h * y), GOLD if words.startswith("4") else INK, 36, "midleft")
        return surf

    def _specials(self) -> pygame.Surface:
        """Doubles on a man's own attack and defence dice."""
        surf, _, _ = hex_canvas(RADIUS)
        w, h = surf.get_size()
        size = int(h * 0.15)
        rows = ((6, "foe killed", RED_INK, man_sprite("thracian", 1, int(size * 1.3), 180, state="dead")),
                (1, "he falls", INK, man_sprite("myrmillo", 0, int(size * 1.3), 0, state="fallen")),
                (2, "drops weapon", INK, dropped_sprite("sword", int(size * 1.1))),
                (5, "crowd +1", GREEN_INK, thumbs_icon(True, int(size * 0.9))))
        for i, (value, words, colour, img) in enumerate(rows):
            y = h * (0.13 + 0.245 * i)
            for k, mark in enumerate(("attack", "defence")):
                d = d6_sprite(value, size, None, mark)
                surf.blit(d, d.get_rect(center=(w * 0.08 + k * size * 1.08, y)))
            surf.blit(img, img.get_rect(center=(w * 0.37, y)))
            self.caption(surf, words, (w * 0.47, y), colour, 46, "midleft")
        return surf

    def _winning(self) -> pygame.Surface:
        """A man down at 7 damage: the crowd's thumbs decide; the man standing wins."""
        surf, at = self._arena(_arenas()["winning"])
        w, h = surf.get_size()
        body = body_diagram({"torso": 4, "leg": 3}, 7, int(h * 0.28))
        surf.blit(body, body.get_rect(topright=(w - 14, 14)))
        for up, x in ((True, 0.2), (False, 0.4)):
            img = thumbs_icon(up, int(h * 0.16))
            surf.blit(img, img.get_rect(center=(w * x, h * 0.8)))
        self.caption(surf, "7: down", (at(Hex(0, 0))[0], h * 0.62), RED_INK, 40)
        return surf


