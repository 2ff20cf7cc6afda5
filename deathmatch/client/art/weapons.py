"""Weapons in hand, drawn from above (the model) and reused by the portraits.
"""

from __future__ import annotations

import math
import random

from .palette import EDGE, GOLD, GOLD_DK, INK, IVORY, STEEL, STEEL_DK, WOOD, WOOD_DK
from .pens import _dk, _hi, _mix, _seed, Pen
from .look import _bit


# ---------------------------------------------------------------------------
# weapons (weapon frame: grip at the origin, pointing +x; units of base radius)
# ---------------------------------------------------------------------------
def _blade(p: Pen, x0, x1, w, curve=0.0, col=STEEL, tip=0.12):
    n = 10
    top, bot = [], []
    for i in range(n + 1):
        t = i / n
        x = x0 + (x1 - x0) * t
        yc = curve * (t * t)
        hw = w / 2 * (1.0 if t < 1 - tip / max(1e-6, (x1 - x0)) else max(0.0, (1 - t) / (tip / (x1 - x0))))
        top.append((x, yc - hw))
        bot.append((x, yc + hw))
    pts = top + bot[::-1]
    p.outline_poly(pts, 0.02)
    p.poly(pts, _dk(col, 0.15))
    p.poly(top + [(x, y - (y - yt) * 0.5) for (x, y), (_, yt) in zip(bot[::-1], top[::-1])], _hi(col, 0.45))
    p.line([(x, (yt + yb) / 2) for (x, yt), (_, yb) in zip(top, bot)][1:-2], w * 0.18, _hi(col, 0.8))


def _grip(p: Pen, x0, x1, w, col=WOOD_DK):
    p.capsule(x0, 0, x1, 0, w + 0.04, EDGE)
    p.capsule(x0, 0, x1, 0, w, col)


def _guard(p: Pen, x, half, w, col=GOLD):
    p.capsule(x, -half, x, half, w + 0.04, EDGE)
    p.capsule(x, -half, x, half, w, col)
    p.capsule(x - w * 0.15, -half, x - w * 0.15, half, w * 0.4, _hi(col, 0.5))


def _shaft(p: Pen, x0, x1, w, col=WOOD):
    p.capsule(x0, 0, x1, 0, w + 0.045, EDGE)
    p.capsule(x0, 0, x1, 0, w, col)
    p.capsule(x0, -w * 0.18, x1, -w * 0.18, w * 0.35, _hi(col, 0.35))


def _w_sword(p, look, length=0.66):
    _grip(p, -0.14, 0.04, 0.07)
    p.circle(-0.16, 0, 0.06, EDGE)
    p.circle(-0.16, 0, 0.045, GOLD)
    _blade(p, 0.06, length, 0.085)
    _guard(p, 0.06, 0.13, 0.05)


def _w_sabre(p, look):
    _grip(p, -0.13, 0.04, 0.07)
    _blade(p, 0.05, 0.64, 0.08, curve=0.12)
    # D-shaped hand guard
    p.line([(0.06, -0.08), (0.04, 0.1), (-0.06, 0.12), (-0.15, 0.05)], 0.055, EDGE)
    p.line([(0.06, -0.08), (0.04, 0.1), (-0.06, 0.12), (-0.15, 0.05)], 0.03, GOLD)


def _w_katana(p, look, length=0.72):
    _grip(p, -0.22, 0.05, 0.07, col=(40, 30, 44))
    for i in range(4):
        p.circle(-0.18 + i * 0.06, 0, 0.018, IVORY)
    _blade(p, 0.07, length, 0.07, curve=-0.06)
    p.circle(0.06, 0, 0.085, EDGE)
    p.circle(0.06, 0, 0.065, GOLD_DK)
    p.circle(0.055, -0.01, 0.035, GOLD)


def _w_dagger(p, look):
    _grip(p, -0.1, 0.03, 0.06)
    _blade(p, 0.05, 0.36, 0.08, tip=0.1)
    _guard(p, 0.05, 0.09, 0.045)


def _w_spear(p, look, trident=False):
    _shaft(p, -0.7, 0.78, 0.06)
    if trident:
        p.capsule(0.72, -0.15, 0.72, 0.15, 0.07, EDGE)
        p.capsule(0.72, -0.15, 0.72, 0.15, 0.045, STEEL)
        for y in (-0.15, 0.0, 0.15):
            _blade(p, 0.72, 0.97 if y == 0 else 0.92, 0.055, tip=0.08)
    else:
        pts = [(0.74, 0), (0.84, -0.075), (1.02, 0), (0.84, 0.075)]
        p.outline_poly(pts, 0.02)
        p.shaded_poly(pts, STEEL, hi=0.6)
        p.capsule(0.7, 0, 0.76, 0, 0.075, GOLD_DK)
        if look is not None and _bit(look, 3):
            # a pennant in the accent colour
            p.poly([(0.66, 0.02), (0.66, 0.16), (0.5, 0.1)], EDGE)
            p.poly([(0.655, 0.04), (0.655, 0.14), (0.53, 0.095)], look.accent)


def _w_staff(p, look):
    hat = look.hat if look else "none"
    _shaft(p, -0.6, 0.82, 0.065, col=(126, 84, 48))
    if hat in ("helmet", "horned_helmet", "kabuto"):
        # a banner: cloth trailing back from the tip
        acc = look.accent
        pts = [(0.8, 0.03), (0.42, 0.06), (0.46, 0.2), (0.4, 0.34), (0.76, 0.3)]
        p.outline_poly(pts, 0.025)
        p.shaded_poly(pts, acc, hi=0.3)
        p.poly([(0.72, 0.12), (0.66, 0.2), (0.58, 0.14), (0.64, 0.08)], _mix(acc, GOLD, 0.7))
        p.circle(0.84, 0, 0.05, EDGE)
        p.circle(0.84, 0, 0.035, GOLD)
    elif hat in ("crown", "tiara", "laurel", "turban"):
        # a sceptre: gold orb with a gem
        p.circle(0.86, 0, 0.12, EDGE)
        p.dome(0.86, 0, 0.1, 0.1, GOLD, hi=0.7)
        p.circle(0.88, -0.02, 0.045, look.accent if look else (200, 40, 60))
        p.circle(0.87, -0.03, 0.015, (255, 255, 255))
    else:
        # a crystal / glowing orb with sparks in the accent colour
        acc = look.accent if look else (120, 200, 255)
        glow = _mix(acc, (255, 255, 255), 0.35)
        p.circle(0.88, 0, 0.13, EDGE)
        p.dome(0.88, 0, 0.11, 0.11, glow, hi=0.9, lo=0.2)
        rng = random.Random(_seed("spark", look.id if look else ""))
        for i in range(4):
            a = i * math.pi / 2 + rng.uniform(-0.4, 0.4)
            x, y = 0.88, 0.0
            pts = [(x, y)]
            for j in range(3):
                x += math.cos(a) * 0.07 + rng.uniform(-0.03, 0.03)
                y += math.sin(a) * 0.07 + rng.uniform(-0.03, 0.03)
                pts.append((x, y))
            p.line(pts[1:], 0.03, _mix(glow, (255, 255, 255), 0.6))


def _w_axe(p, look):
    _shaft(p, -0.18, 0.6, 0.065)
    pts = [(0.44, -0.02), (0.40, -0.2), (0.5, -0.28), (0.66, -0.26), (0.62, -0.1), (0.6, -0.02)]
    p.outline_poly(pts, 0.025)
    p.shaded_poly(pts, STEEL, hi=0.5)
    p.line([(0.5, -0.28), (0.66, -0.26)], 0.03, _hi(STEEL, 0.8))
    p.capsule(0.44, 0, 0.6, 0, 0.08, STEEL_DK)


def _w_hammer(p, look):
    _shaft(p, -0.15, 0.56, 0.065)
    pts = [(0.48, -0.2), (0.66, -0.2), (0.66, 0.2), (0.48, 0.2)]
    p.outline_poly(pts, 0.025)
    p.shaded_poly(pts, (128, 120, 128), hi=0.5)
    p.rect(0.5, -0.2, 0.64, -0.16, _hi(STEEL, 0.5))


def _w_club(p, look):
    pts = [(-0.1, -0.04), (0.2, -0.07), (0.62, -0.12), (0.7, 0), (0.62, 0.12), (0.2, 0.07), (-0.1, 0.04)]
    p.outline_poly(pts, 0.025)
    p.shaded_poly(pts, (142, 98, 56), hi=0.35)
    # obsidian teeth / knots
    for i in range(5):
        x = 0.24 + i * 0.08
        w = 0.07 + i * 0.012
        p.poly([(x, -w), (x + 0.04, -w - 0.06), (x + 0.07, -w)], (40, 36, 52))
        p.poly([(x, w), (x + 0.04, w + 0.06), (x + 0.07, w)], (40, 36, 52))


def _w_pistol(p, look):
    p.poly([(-0.1, -0.03), (0.0, -0.05), (0.0, 0.05), (-0.14, 0.06)], EDGE)
    p.poly([(-0.09, -0.02), (0.0, -0.035), (0.0, 0.035), (-0.12, 0.045)], WOOD)
    p.capsule(0.0, 0, 0.34, 0, 0.075, EDGE)
    p.capsule(0.0, 0, 0.34, 0, 0.05, STEEL_DK)
    p.capsule(0.0, -0.01, 0.34, -0.01, 0.018, _hi(STEEL, 0.5))
    p.circle(0.35, 0, 0.04, EDGE)
    p.circle(0.35, 0, 0.024, (60, 50, 60))


def _w_musket(p, look):
    pts = [(-0.36, -0.08), (0.1, -0.05), (0.52, -0.045), (0.52, 0.045), (0.1, 0.05), (-0.36, 0.09)]
    p.outline_poly(pts, 0.025)
    p.shaded_poly(pts, (150, 96, 52), hi=0.35)
    p.capsule(0.0, 0, 0.98, 0, 0.075, EDGE)
    p.capsule(0.0, 0, 0.98, 0, 0.05, (96, 100, 118))
    p.capsule(0.0, -0.01, 0.98, -0.01, 0.018, _hi(STEEL, 0.6))
    for x in (0.22, 0.62):
        p.capsule(x, 0.0, x + 0.05, 0.0, 0.08, GOLD_DK)
    p.circle(0.99, 0, 0.03, INK)


def _w_whip(p, look):
    _grip(p, -0.12, 0.1, 0.075, col=(70, 44, 30))
    pts = []
    for i in range(31):
        t = i / 30
        # a lash cracking forward in an S, ending in a little curl
        x = 0.1 + t * 0.6 + 0.08 * math.sin(t * math.pi)
        y = math.sin(t * 2.2 * math.pi) * 0.13 * (0.4 + t) - 0.12 * t * t
        pts.append((x, y))
    ex, ey = pts[-1]
    curl = [(ex + 0.07 * math.cos(a) - 0.07, ey + 0.07 * math.sin(a)) for a in
            [i * math.pi / 6 for i in range(0, 10)]]
    w0 = 0.05
    p.line(pts + curl, w0 + 0.03, EDGE)
    p.line(pts + curl, w0, (150, 98, 58))
    p.line(pts[:20], w0 * 0.35, (196, 140, 90))
    p.circle(0.1, 0, 0.05, GOLD_DK)


def _w_fan(p, look):
    acc = look.accent if look else (200, 60, 60)
    a0, a1, rad = -60.0, 40.0, 0.46
    outer = Pen.ell_pts(0, 0, rad, rad, 0, a0, a1, 24)
    pts = [(0.0, 0.0)] + outer
    p.outline_poly(pts, 0.03)
    p.poly(pts, _mix(acc, IVORY, 0.15))
    n = 9
    for i in range(n):
        t0 = math.radians(a0 + (a1 - a0) * i / n)
        t1 = math.radians(a0 + (a1 - a0) * (i + 1) / n)
        c = _hi(acc, 0.35) if i % 2 else _dk(acc, 0.15)
        p.poly([(0, 0), (rad * math.cos(t0), rad * math.sin(t0)), (rad * math.cos(t1), rad * math.sin(t1))], c)
    p.line(outer, 0.05, GOLD)
    inner = Pen.ell_pts(0, 0, rad * 0.45, rad * 0.45, 0, a0, a1, 12)
    p.line(inner, 0.03, GOLD_DK)
    p.circle(0, 0, 0.05, GOLD_DK)


def _w_bow(p, look, arrow=True):
    """Bow frame: the bow hand at the origin, the arrow along +x."""
    pts = [(0.14 * (1 - (y / 0.55) ** 2) - 0.04, y) for y in [(-0.55 + 1.1 * i / 16) for i in range(17)]]
    p.line(pts, 0.075, EDGE)
    p.line(pts, 0.045, (132, 86, 44))
    p.line(pts[1:8], 0.018, _hi(WOOD, 0.6))
    if not arrow:
        p.line([pts[0], pts[-1]], 0.02, IVORY)
        return
    # string, drawn back to the other hand
    p.line([pts[0], (-0.42, 0.04), pts[-1]], 0.02, IVORY)
    # arrow
    p.capsule(-0.44, 0.04, 0.3, 0.0, 0.03, EDGE)
    p.capsule(-0.44, 0.04, 0.3, 0.0, 0.016, (196, 168, 120))
    p.poly([(0.28, -0.04), (0.38, 0.0), (0.28, 0.04)], STEEL)
    acc = look.accent if look else (200, 60, 60)
    p.poly([(-0.44, 0.04), (-0.36, -0.01), (-0.32, 0.035)], acc)
    p.poly([(-0.44, 0.04), (-0.36, 0.09), (-0.32, 0.045)], acc)


def _w_shield(p, look, r=0.34):
    acc = look.accent if look else (160, 40, 40)
    p.circle(0, 0, r + 0.035, EDGE)
    p.dome(0, 0, r, r, _mix(acc, (120, 70, 40), 0.2), hi=0.4)
    p.circle(0, 0, r * 0.86, EDGE)
    p.dome(0, 0, r * 0.84, r * 0.84, acc, hi=0.45, steps=5)
    # rim studs and a boss
    for i in range(10):
        a = 2 * math.pi * i / 10
        p.circle(math.cos(a) * r * 0.93, math.sin(a) * r * 0.93, 0.022, GOLD)
    # a stripe emblem
    p.line([(-r * 0.7, -r * 0.3), (r * 0.7, r * 0.3)], 0.05, _mix(acc, IVORY, 0.55))
    p.circle(0, 0, 0.11, EDGE)
    p.dome(0, 0, 0.09, 0.09, STEEL, hi=0.8)


def _w_book(p, look):
    acc = look.accent if look else (120, 40, 40)
    cover = _dk(acc, 0.25)
    p.outline_poly([(-0.14, -0.3), (0.16, -0.3), (0.16, 0.3), (-0.14, 0.3)], 0.02)
    p.rect(-0.14, -0.3, 0.16, 0.3, cover)
    p.rect(-0.12, -0.27, 0.14, -0.01, (246, 238, 214))
    p.rect(-0.12, 0.01, 0.14, 0.27, (232, 222, 196))
    for i in range(4):
        x = -0.08 + i * 0.055
        p.line([(x, -0.23), (x, -0.05)], 0.012, (150, 140, 130))
        p.line([(x, 0.05), (x, 0.23)], 0.012, (150, 140, 130))
    p.rect(-0.14, -0.012, 0.16, 0.012, GOLD_DK)


_ONE_HAND = {"sword": _w_sword, "sabre": _w_sabre, "dagger": _w_dagger, "axe": _w_axe,
             "hammer": _w_hammer, "club": _w_club, "pistol": _w_pistol, "whip": _w_whip,
             "fan": _w_fan}


def _draw_weapon(p: Pen, look, kind: str):
    """The weapon itself in its own frame (used by the model and the portrait)."""
    if kind in _ONE_HAND:
        _ONE_HAND[kind](p, look)
    elif kind == "katana":
        _w_katana(p, look)
    elif kind == "spear":
        _w_spear(p, look)
    elif kind == "trident":
        _w_spear(p, look, trident=True)
    elif kind == "staff":
        _w_staff(p, look)
    elif kind == "musket":
        _w_musket(p, look)
    elif kind == "bow":
        _w_bow(p, look)
    elif kind == "shield":
        _w_shield(p, look)
    elif kind == "book":
        _w_book(p, look)
