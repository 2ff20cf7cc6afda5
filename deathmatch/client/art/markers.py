"""Markers: loot coins and the dead marker left where a model fell.
"""

from __future__ import annotations

import functools
import random

import pygame

from .palette import EDGE, GOLD, GOLD_DK, GOLD_HI, INK, IVORY, PLAYER_COLOURS, SHADOW
from .pens import _dk, _down, _font, _ink_and_shadow, _is_int, _seed, _ss, Pen
from .bases import _draw_base


# ---------------------------------------------------------------------------
# loot
# ---------------------------------------------------------------------------
def loot_sprite(size: int) -> pygame.Surface:
    """A small open chest spilling gold coins, with a glint."""
    return _loot_cached(max(8, int(size)))


def _coin(p: Pen, x, y, r, tilt=0.55):
    p.ellipse(x, y + r * 0.18, r + 0.03, r * tilt + 0.03, EDGE)
    p.ellipse(x, y + r * 0.18, r, r * tilt, GOLD_DK)
    p.ellipse(x, y, r, r * tilt, GOLD)
    p.ellipse(x - r * 0.1, y - r * 0.06, r * 0.7, r * tilt * 0.65, GOLD_HI)
    p.ellipse(x, y, r * 0.45, r * tilt * 0.45, GOLD)


def _glint(surf, x, y, s):
    for w, col in ((s * 0.26, (255, 240, 180, 110)), (s * 0.12, (255, 255, 240, 255))):
        pygame.draw.polygon(surf, col, [(x, y - s), (x + w, y - w), (x + s, y), (x + w, y + w), (x, y + s),
                                        (x - w, y + w), (x - s, y), (x - w, y - w)])


@functools.lru_cache(maxsize=32)
def _loot_cached(size: int) -> pygame.Surface:
    big = size * _ss(size)
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    u = big / 2
    sh = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(sh, (*SHADOW, 120), pygame.Rect(u * 0.18, u * 1.22, u * 1.72, u * 0.62))
    surf.blit(sh, (0, 0))
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(layer, u, u, u, 0)
    wood = (132, 80, 40)
    rng = random.Random(_seed("loot"))
    # open lid (behind)
    lid = [(-0.62, -0.12), (-0.56, -0.62), (0.56, -0.62), (0.62, -0.12)]
    p.outline_poly(lid, 0.04)
    p.shaded_poly(lid, _dk(wood, 0.25))
    p.rect(-0.56, -0.62, 0.56, -0.5, _dk(wood, 0.45))
    for x in (-0.4, 0.36):
        p.rect(x, -0.62, x + 0.08, -0.12, GOLD_DK)
    # gold heap inside
    p.poly(Pen.ell_pts(0, -0.1, 0.58, 0.24, 0, 180, 360, 16), GOLD_DK)
    for i in range(14):
        _coin(p, rng.uniform(-0.48, 0.48), rng.uniform(-0.22, -0.05), 0.1)
    # box
    box = [(-0.66, -0.08), (0.66, -0.08), (0.62, 0.5), (-0.62, 0.5)]
    p.outline_poly(box, 0.04)
    p.shaded_poly(box, wood, hi=0.3)
    for y in (0.1, 0.28):
        p.line([(-0.63, y), (0.63, y)], 0.02, _dk(wood, 0.45))
    for x in (-0.5, 0.42):
        p.rect(x, -0.08, x + 0.09, 0.5, GOLD_DK)
        p.rect(x + 0.015, -0.08, x + 0.04, 0.5, GOLD)
    p.rect(-0.66, -0.12, 0.66, -0.02, GOLD_DK)
    p.rect(-0.1, 0.02, 0.1, 0.24, EDGE)
    p.rect(-0.08, 0.04, 0.08, 0.22, GOLD)
    p.circle(0, 0.12, 0.03, EDGE)
    # coins spilling in front
    for x, y, r in ((-0.7, 0.6, 0.11), (-0.45, 0.68, 0.12), (-0.2, 0.66, 0.1), (0.15, 0.7, 0.12),
                    (0.42, 0.64, 0.11), (0.68, 0.58, 0.1), (-0.55, 0.54, 0.1), (0.55, 0.52, 0.1),
                    (0.3, 0.56, 0.09), (-0.05, 0.58, 0.1), (0.0, 0.78, 0.11), (0.8, 0.72, 0.09)):
        _coin(p, x, y, r)
    # a few stacked
    for i in range(4):
        _coin(p, 0.75, 0.42 - i * 0.07, 0.11)
    _ink_and_shadow(surf, layer, max(2.0, u * 0.03), (0, 0), 0)
    _glint(surf, u * 0.62, u * 0.72, u * 0.22)
    _glint(surf, u * 1.5, u * 1.02, u * 0.14)
    _glint(surf, u * 1.1, u * 0.84, u * 0.1)
    return _down(surf, (size, size))


# ---------------------------------------------------------------------------
# dead marker
# ---------------------------------------------------------------------------
def dead_marker(player: int, size: int) -> pygame.Surface:
    """A tombstone with a skull on a cracked base in ``player``'s colour and pattern."""
    pl = int(player) % len(PLAYER_COLOURS) if _is_int(player) else 0
    return _dead_cached(pl, max(8, int(size)))


@functools.lru_cache(maxsize=64)
def _dead_cached(player: int, size: int) -> pygame.Surface:
    pc = PLAYER_COLOURS[player]
    big = size * _ss(size)
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big * 0.4
    cy = c + big * 0.04
    _draw_base(surf, c, cy, r, pc, cracked=5, seed=_seed("dead", player))
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(layer, c, cy, r, 0)
    stone = (156, 156, 170)
    # a small tombstone standing at the back of the base
    sw, top, foot = 0.4, -0.72, -0.02
    pts = [(-sw, foot)] + Pen.ell_pts(0, top + sw, sw, sw, 0, 180, 360, 16) + [(sw, foot)]
    p.poly([(sw, foot), (sw, top + sw), (sw + 0.09, top + sw + 0.04), (sw + 0.09, foot + 0.05)], _dk(stone, 0.5))
    p.outline_poly(pts, 0.05)
    p.shaded_poly(pts, stone, hi=0.4, lo=0.3, shrink=0.86)
    p.line([(-0.18, top + 0.02), (-0.06, top + 0.14), (-0.12, top + 0.26)], 0.03, _dk(stone, 0.5))
    p.circle(-sw + 0.05, foot - 0.02, 0.08, (84, 110, 60))
    p.circle(sw - 0.08, foot, 0.06, (84, 110, 60))
    # a little mound and a skull in front
    p.ellipse(0.0, 0.06, 0.5, 0.13, EDGE)
    p.ellipse(0.0, 0.05, 0.47, 0.1, (110, 78, 50))
    p.ellipse(-0.06, 0.03, 0.3, 0.05, (140, 100, 64))
    sx, sy = 0.36, 0.3
    p.circle(sx, sy, 0.2, EDGE)
    p.dome(sx, sy - 0.02, 0.17, 0.15, IVORY, hi=0.5)
    p.rect(sx - 0.08, sy + 0.08, sx + 0.08, sy + 0.17, EDGE)
    p.rect(sx - 0.07, sy + 0.08, sx + 0.07, sy + 0.15, IVORY)
    p.circle(sx - 0.065, sy, 0.05, INK)
    p.circle(sx + 0.065, sy, 0.05, INK)
    p.poly([(sx, sy + 0.05), (sx - 0.025, sy + 0.09), (sx + 0.025, sy + 0.09)], INK)
    _ink_and_shadow(surf, layer, max(2.0, r * 0.035), (r * 0.1, r * 0.06), 110)
    # the player's number cut into the stone (dark, with a light lower edge)
    tx, ty = c, cy + r * (top + sw * 0.85)
    txt = str(pc.number)
    px = int(r * (0.62 if len(txt) == 1 else 0.46))
    f = _font(px)
    f.set_bold(True)
    for off, col in ((1, (236, 236, 244)), (0, INK)):
        img = f.render(txt, True, col)
        rr = img.get_rect(center=(round(tx + off * r * 0.02), round(ty + off * r * 0.02 + px * 0.06)))
        surf.blit(img, rr)
    return _down(surf, (size, size))
