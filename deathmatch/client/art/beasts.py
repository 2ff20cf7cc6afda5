"""Beasts: a lion, a bear, or a generic beast for any other kind.
"""

from __future__ import annotations

import functools
import math
import random

import pygame

from .palette import EDGE, INK, IVORY, LIGHT
from .pens import _c8, _dk, _down, _hi, _hsv, _ink_and_shadow, _quant, _seed, _ss, OL, Pen
from .bases import _draw_arrow, _draw_base, BASE_R


# ---------------------------------------------------------------------------
# beasts
# ---------------------------------------------------------------------------
def beast_sprite(kind: str, size: int, facing_angle: float = 0.0) -> pygame.Surface:
    """A top-down beast (``lion``, ``bear``; anything else: a generic beast) on a dark base."""
    k = str(kind or "beast").strip().lower()
    return _beast_cached(k, max(8, int(size)), _quant(facing_angle))


def _googly(p: Pen, x, y, r, look=0.3):
    p.circle(x, y, r * 1.2, EDGE)
    p.circle(x, y, r, (252, 250, 240))
    p.circle(x + r * look, y + r * 0.15, r * 0.5, INK)
    p.circle(x + r * look - r * 0.15, y - r * 0.05, r * 0.16, (255, 255, 255))


def _fur_blob(p: Pen, x, y, rx, ry, col, n, jag, rng, ol=OL):
    pts = []
    for i in range(n * 2):
        a = 2 * math.pi * i / (n * 2)
        f = 1.0 + (jag if i % 2 == 0 else 0.0) + rng.uniform(-jag * 0.3, jag * 0.3)
        pts.append((x + math.cos(a) * rx * f, y + math.sin(a) * ry * f))
    p.outline_poly(pts, ol)
    p.shaded_poly(pts, col, hi=0.4, lo=0.35, shrink=0.75)
    return pts


def _draw_lion(p: Pen, rng):
    tawny = (214, 160, 84)
    mane = (150, 76, 30)
    # tail
    tail = [(-0.5, 0), (-0.72, 0.08), (-0.9, 0.22), (-0.98, 0.42)]
    p.line(tail, 0.09, EDGE)
    p.line(tail, 0.05, tawny)
    p.circle(-0.98, 0.45, 0.1, EDGE)
    p.circle(-0.98, 0.45, 0.075, _dk(mane, 0.3))
    # paws
    for x, y in ((0.42, -0.36), (0.42, 0.36), (-0.4, -0.34), (-0.4, 0.34)):
        p.ellipse(x, y, 0.14 + OL, 0.1 + OL, EDGE)
        p.dome(x, y, 0.14, 0.1, _dk(tawny, 0.05))
        for k in (-0.05, 0, 0.05):
            p.circle(x + 0.12, y + k, 0.022, (250, 246, 236))
    # body
    p.ellipse(-0.08, 0, 0.58 + OL, 0.34 + OL, EDGE)
    p.dome(-0.08, 0, 0.58, 0.34, tawny, hi=0.45)
    p.line([(-0.5, 0), (0.1, 0)], 0.03, _dk(tawny, 0.2))
    # mane
    _fur_blob(p, 0.46, 0, 0.44, 0.48, mane, 11, 0.16, rng)
    p.circle(0.5, 0, 0.3, _dk(mane, 0.25))
    # head
    p.circle(0.56, 0, 0.27 + OL, EDGE)
    p.dome(0.56, 0, 0.27, 0.27, tawny, hi=0.5)
    for s in (-1, 1):
        p.circle(0.42, s * 0.24, 0.08 + OL, EDGE)
        p.circle(0.42, s * 0.24, 0.08, _dk(tawny, 0.2))
        p.circle(0.43, s * 0.24, 0.04, (120, 60, 50))
    # muzzle, open roaring mouth with fangs
    p.ellipse(0.82, 0, 0.13 + OL, 0.19 + OL, EDGE)
    p.ellipse(0.82, 0, 0.13, 0.19, (150, 40, 44))
    for s in (-1, 1):
        p.poly([(0.78, s * 0.12), (0.96, s * 0.07), (0.8, s * 0.05)], (252, 250, 240))
    p.ellipse(0.72, 0, 0.12, 0.2, (236, 206, 150))
    p.poly([(0.78, -0.06), (0.84, 0), (0.78, 0.06)], (60, 30, 34))
    _googly(p, 0.6, -0.12, 0.085, 0.35)
    _googly(p, 0.6, 0.12, 0.07, 0.2)


def _draw_bear(p: Pen, rng):
    fur = (108, 70, 44)
    # stumpy tail
    p.circle(-0.66, 0, 0.08 + OL, EDGE)
    p.circle(-0.66, 0, 0.08, fur)
    for x, y in ((-0.42, -0.42), (-0.42, 0.42)):
        p.ellipse(x, y, 0.15 + OL, 0.12 + OL, EDGE)
        p.dome(x, y, 0.15, 0.12, _dk(fur, 0.1))
    _fur_blob(p, -0.1, 0, 0.6, 0.5, fur, 14, 0.07, rng)
    # hump sheen
    p.ellipse(-0.2, 0, 0.3, 0.22, _hi(fur, 0.15))
    # big front paws reaching forward with claws
    for s in (-1, 1):
        p.ellipse(0.5, s * 0.42, 0.17 + OL, 0.14 + OL, EDGE)
        p.dome(0.5, s * 0.42, 0.17, 0.14, fur)
        for k in (-0.08, -0.027, 0.027, 0.08):
            p.poly([(0.64, s * 0.42 + k - 0.018), (0.76, s * 0.42 + k), (0.64, s * 0.42 + k + 0.018)], IVORY)
    # head
    for s in (-1, 1):
        p.circle(0.38, s * 0.24, 0.1 + OL, EDGE)
        p.circle(0.38, s * 0.24, 0.1, fur)
        p.circle(0.39, s * 0.24, 0.05, (70, 42, 34))
    p.circle(0.5, 0, 0.3 + OL, EDGE)
    p.dome(0.5, 0, 0.3, 0.3, _hi(fur, 0.05), hi=0.45)
    p.ellipse(0.78, 0, 0.16 + OL, 0.14 + OL, EDGE)
    p.dome(0.78, 0, 0.16, 0.14, (196, 150, 104))
    p.ellipse(0.9, 0, 0.05, 0.08, INK)
    p.circle(0.9, -0.03, 0.015, (200, 200, 210))
    # a wicked grin
    p.line([(0.83, -0.11), (0.88, -0.05), (0.88, 0.05), (0.83, 0.11)], 0.02, INK)
    _googly(p, 0.62, -0.13, 0.07, 0.3)
    _googly(p, 0.62, 0.13, 0.08, 0.4)
    p.line([(0.66, -0.22), (0.7, -0.07)], 0.035, INK)
    p.line([(0.66, 0.22), (0.7, 0.07)], 0.035, INK)


def _draw_generic_beast(p: Pen, rng, kind):
    hue = (_seed("beast", kind) % 1000) / 1000.0
    fur = tuple(_c8(v) for v in _hsv(hue, 0.35, 0.55))
    tail = [(-0.5, 0), (-0.75, -0.12), (-0.95, -0.05)]
    p.line(tail, 0.13, EDGE)
    p.line(tail, 0.09, fur)
    for x, y in ((0.36, -0.34), (0.36, 0.34), (-0.38, -0.32), (-0.38, 0.32)):
        p.ellipse(x, y, 0.13 + OL, 0.09 + OL, EDGE)
        p.dome(x, y, 0.13, 0.09, _dk(fur, 0.1))
        for k in (-0.04, 0.0, 0.04):
            p.circle(x + 0.12, y + k, 0.02, IVORY)
    _fur_blob(p, -0.05, 0, 0.55, 0.3, fur, 12, 0.1, rng)
    # spiky ridge
    for i in range(6):
        x = -0.45 + i * 0.14
        p.poly([(x, -0.05), (x + 0.06, 0), (x, 0.05), (x - 0.1, 0)], _dk(fur, 0.45))
    # head and snout
    for s in (-1, 1):
        p.poly([(0.4, s * 0.08), (0.3, s * 0.34), (0.5, s * 0.2)], EDGE)
        p.poly([(0.41, s * 0.1), (0.33, s * 0.3), (0.48, s * 0.2)], _dk(fur, 0.2))
    p.circle(0.52, 0, 0.22 + OL, EDGE)
    p.dome(0.52, 0, 0.22, 0.22, fur, hi=0.5)
    pts = [(0.6, -0.14), (0.92, -0.06), (0.95, 0), (0.92, 0.06), (0.6, 0.14)]
    p.outline_poly(pts, OL)
    p.shaded_poly(pts, _hi(fur, 0.15))
    p.circle(0.94, 0, 0.045, INK)
    for s in (-1, 1):
        p.poly([(0.82, s * 0.07), (0.86, s * 0.13), (0.89, s * 0.065)], IVORY)
    _googly(p, 0.56, -0.1, 0.075, 0.3)
    _googly(p, 0.56, 0.1, 0.06, 0.3)
    # angry red brow
    p.line([(0.5, -0.18), (0.6, -0.04)], 0.03, (170, 20, 30))
    p.line([(0.5, 0.18), (0.6, 0.04)], 0.03, (170, 20, 30))


@functools.lru_cache(maxsize=256)
def _beast_cached(kind: str, size: int, angle: int) -> pygame.Surface:
    big = size * _ss(size)
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big * BASE_R
    cy = c - r * 0.04
    _draw_base(surf, c, cy, r, None, top=(58, 46, 52), rim=(120, 34, 34))
    # claw scratches on the base
    pen0 = Pen(surf, c, cy, r, 0)
    for k in (-0.1, 0.0, 0.1):
        pen0.line([(-0.5 + k, 0.55), (-0.2 + k, 0.75)], 0.03, (30, 22, 30))
    # the facing notch peeks out from under the beast
    _draw_arrow(Pen(surf, c, cy, 1.0, angle), r, col=(236, 70, 60))
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    pen = Pen(layer, c, cy, r * 0.86, angle)
    rng = random.Random(_seed("beast", kind))
    if kind == "lion":
        _draw_lion(pen, rng)
    elif kind == "bear":
        _draw_bear(pen, rng)
    else:
        _draw_generic_beast(pen, rng, kind)
    _ink_and_shadow(surf, layer, max(2.0, r * 0.035), (-LIGHT[0] * r * 0.1, -LIGHT[1] * r * 0.1), 120)
    return _down(surf, (size, size))
