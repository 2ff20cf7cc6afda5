"""Draw Gladiator!'s art into one PNG, to look at: every type in every state at a few facings and
sizes, the dropped kit, the sides round a man (pointy- and flat-top, with and without a shield), the
body diagram at several sizes, the AP pool, the postures, the thumbs and the dice.

    python tools/gladiator_gallery.py [--out /tmp/gladiator_gallery.png]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from deathmatch.board.hex import Hex  # noqa: E402
from deathmatch.client.art import gladiator as gl  # noqa: E402
from deathmatch.client.art.palette import MAP_BACKGROUND, TILE_SAND_RAMP, UI_DIM, UI_INK  # noqa: E402
from deathmatch.client.art.pens import _font  # noqa: E402
from deathmatch.rulesets.gladiator.model import TYPES, Kit  # noqa: E402

SAND = TILE_SAND_RAMP[2][1]
SAND_DK = TILE_SAND_RAMP[1][1]


def _label(surf, text, x, y, px=16, col=UI_INK):
    surf.blit(_font(px).render(text, True, col), (x, y))


def _hex_poly(cx, cy, r, pointy=True):
    off = 30 if pointy else 0
    return [(cx + r * math.cos(math.radians(off + 60 * i)), cy + r * math.sin(math.radians(off + 60 * i)))
            for i in range(6)]


def _centre_fn(ox, oy, r, pointy):
    if pointy:
        return lambda h: (ox + math.sqrt(3) * r * (h.q + h.r / 2), oy + 1.5 * r * h.r)
    return lambda h: (ox + 1.5 * r * h.q, oy + math.sqrt(3) * r * (h.r + h.q / 2))


def _sides_panel(pointy: bool, facing: int, kit: Kit, type_id: str, r: int) -> pygame.Surface:
    w, h = round(r * 6.4), round(r * 6.4)
    surf = pygame.Surface((w, h))
    surf.fill(MAP_BACKGROUND)
    centre = _centre_fn(w / 2, h / 2, r, pointy)
    for hh in Hex(0, 0).spiral(2):
        pygame.draw.polygon(surf, SAND if hh.length() != 2 else SAND_DK, _hex_poly(*centre(hh), r - 1, pointy))
    ov = gl.sides_overlay(centre, Hex(0, 0), facing, two_weapon_sides=gl.has_two_weapon_sides(kit))
    surf.blit(ov.tint, ov.topleft)  # the tint under the men, the labels over them
    angle = gl.direction_angle(facing, pointy)
    img = gl.man_sprite(type_id, 0, round(r * 1.9), angle, kit=kit)
    surf.blit(img, img.get_rect(center=(round(w / 2), round(h / 2))))
    enemy_at = Hex(0, 0).neighbor(facing + 4)  # an enemy on his Weapon side, facing him
    foe = gl.man_sprite("myrmillo", 1, round(r * 1.9), gl.direction_angle(facing + 1, pointy))
    surf.blit(foe, foe.get_rect(center=tuple(round(v) for v in centre(enemy_at))))
    surf.blit(ov.labels, ov.topleft)
    _label(surf, f"{type_id} f={facing} {'pointy' if pointy else 'flat'}", 4, 2, 15, UI_DIM)
    return surf


def gallery(sizes=(40, 64, 112)) -> pygame.Surface:
    blocks = []
    facings = (0, 1, 3, 4)
    states = gl.STATES
    for s in sizes:
        cell = s + 6
        cols = len(states) * len(facings) if s < 100 else len(states) * 2
        fac = facings if s < 100 else (0, 2)
        rows = len(TYPES)
        block = pygame.Surface((cols * cell + 110, rows * cell + 24))
        block.fill(MAP_BACKGROUND)
        _label(block, f"{s} px: each state at facings {fac} (directions, pointy-top)", 4, 4, 16, UI_DIM)
        for i, t in enumerate(TYPES):
            _label(block, t, 4, 24 + i * cell + s // 2 - 6, 16)
            for j, st in enumerate(states):
                for k, f in enumerate(fac):
                    x = 110 + (j * len(fac) + k) * cell
                    y = 24 + i * cell
                    pygame.draw.polygon(block, SAND, _hex_poly(x + cell / 2, y + cell / 2, cell / 2 + 1))
                    block.blit(gl.man_sprite(t, i % 3, s, gl.direction_angle(f), state=st), (x + 3, y + 3))
        blocks.append(block)
    # kit variants: dropped weapon / shield, net thrown, and the dropped tokens
    s = 64
    row = pygame.Surface((1400, s + 30))
    row.fill(MAP_BACKGROUND)
    _label(row, "kit as he fights now, and the dropped kit", 4, 2, 16, UI_DIM)
    variants = [("secutor", Kit("armoured", "none", "sword")), ("myrmillo", Kit("armoured", "medium", "none")),
                ("retiarius", Kit("unarmoured", "none", "trident", net=False)),
                ("dimachaerus", Kit("unarmoured", "none", "sword")), ("hoplomachus", Kit("unarmoured", "large", "none")),
                ("thracian", Kit("armoured", "none", "sica", net=True))]
    x = 4
    for t, k in variants:
        row.blit(gl.man_sprite(t, 1, s, 90, kit=k), (x, 24))
        x += s + 6
    for it in gl.ITEMS:
        row.blit(gl.dropped_sprite(it, s, 0), (x, 24))
        x += s + 6
    row.blit(gl.dropped_sprite("sword", s), (x, 24))
    blocks.append(row)
    # the sides
    panels = [_sides_panel(True, 0, TYPES["secutor"], "secutor", 40),
              _sides_panel(True, 1, TYPES["thracian"], "thracian", 40),
              _sides_panel(False, 4, TYPES["myrmillo"], "myrmillo", 40),
              _sides_panel(True, 2, TYPES["retiarius"], "retiarius", 40),
              _sides_panel(True, 5, TYPES["dimachaerus"], "dimachaerus", 26)]
    row = pygame.Surface((sum(p.get_width() + 6 for p in panels), max(p.get_height() for p in panels)))
    row.fill(MAP_BACKGROUND)
    x = 0
    for p in panels:
        row.blit(p, (x, 0))
        x += p.get_width() + 6
    blocks.append(row)
    # body diagrams, AP, postures, thumbs, dice
    row = pygame.Surface((1400, 300))
    row.fill(MAP_BACKGROUND)
    x = 4
    for width, wounds, dmg, hit in ((40, {"torso": 2}, 2, None), (64, {"leg": 1, "arm": 2, "head": 1}, 4, "arm"),
                                    (90, {"torso": 3, "leg": 2, "arm": 2}, 7, None),
                                    (140, {"torso": 4, "leg": 1, "arm": 2, "head": 1}, 8, "head"),
                                    (90, {}, 0, None)):
        img = gl.body_diagram(wounds, dmg, width, hit=hit)
        row.blit(img, (x, 4))
        x += width + 12
    y = 4
    for left, spent in ((3, 2), (0, 4), (6, 0)):
        row.blit(gl.ap_pool(left, spent, 22), (x, y))
        y += 28
    for i, po in enumerate(gl.POSTURES):
        row.blit(gl.posture_icon(po, 44), (x + i * 50, y))
        row.blit(gl.posture_icon(po, 24), (x + i * 50 + 10, y + 50))
    y += 80
    row.blit(gl.thumbs_icon(True, 44), (x, y))
    row.blit(gl.thumbs_icon(False, 44), (x + 50, y))
    row.blit(gl.thumbs_icon(True, 24), (x + 100, y))
    row.blit(gl.thumbs_icon(False, 24), (x + 130, y))
    x += 200
    y = 4
    for v in range(1, 7):
        row.blit(gl.d6_sprite(v, 40), (x + (v - 1) * 46, y))
        row.blit(gl.d6_sprite(v, 40, 0, "attack"), (x + (v - 1) * 46, y + 46))
        row.blit(gl.d6_sprite(v, 40, 1, "defence"), (x + (v - 1) * 46, y + 92))
        row.blit(gl.d6_sprite(v, 40, None, "location"), (x + (v - 1) * 46, y + 138))
        row.blit(gl.d6_sprite(v, 24, 2, "attack"), (x + (v - 1) * 46, y + 190))
    blocks.append(row)
    out = pygame.Surface((max(b.get_width() for b in blocks), sum(b.get_height() + 10 for b in blocks)))
    out.fill(MAP_BACKGROUND)
    y = 0
    for b in blocks:
        out.blit(b, (0, y))
        y += b.get_height() + 10
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/gladiator_gallery.png")  # not into the checkout
    args = ap.parse_args(argv)
    pygame.init()
    surf = gallery()
    pygame.image.save(surf, args.out)
    print(f"{args.out}: {surf.get_width()}x{surf.get_height()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
