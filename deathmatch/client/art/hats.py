"""Hats and the hair under them, from above (the model) and from the front (the portrait).
"""

from __future__ import annotations

import math

import pygame

from .palette import EDGE, GOLD, GOLD_DK, GOLD_HI, INK, IVORY, STEEL
from .pens import _dk, _hi, _lit, _lum, _mix, _sat, OL, Pen
from .look import _Look, _POINTED_WITH, _SOMBRERO_WITH


# ---------------------------------------------------------------------------
# the figure seen from above (local units: base radius = 1, facing +x)
# ---------------------------------------------------------------------------
HX = 0.05
HR = 0.3
SHX = -0.08
SH_RX, SH_RY = 0.27, 0.55


def _hair_cap_pts(hx, r, reach=0.42, spiky=False, rng=None):
    back = []
    for i in range(25):
        a = math.radians(58 + (360 - 116) * i / 24)
        rr = r * 1.04
        if spiky and rng is not None:
            rr = r * (1.1 + (0.18 if i % 2 else 0.0) + rng.uniform(-0.04, 0.04))
        back.append((hx + rr * math.cos(a), rr * math.sin(a)))
    fringe = []
    for i in range(1, 12):
        t = i / 12
        y = -r * 0.88 + 2 * r * 0.88 * t
        x = hx + r * reach + r * 0.16 * (1 - abs(2 * t - 1)) - r * 0.14 * ((i % 2) if spiky else 0)
        fringe.append((x, y))
    return back + fringe


def _draw_hair_top(p: Pen, look: _Look, rng):
    """Hair seen from above (for hats that leave it showing, and no hat)."""
    hair = look.hair
    style = look.hair_style
    if style == "bald":
        p.poly(Pen.ell_pts(HX, 0, HR * 1.02, HR * 1.02, 0, 110, 250, 16) +
               Pen.ell_pts(HX - 0.05, 0, HR * 0.8, HR * 0.8, 0, 250, 110, 16), _dk(hair, 0.1))
        return
    pts = _hair_cap_pts(HX, HR, spiky=(style == "wild"), rng=rng)
    p.outline_poly(pts, OL * 0.6)
    p.shaded_poly(pts, hair, hi=0.45, lo=0.3)
    ly = p.light[1]
    # a few strands of sheen
    for k in (-0.4, 0.0, 0.4):
        p.line([(HX - HR * 0.7, k * HR * 0.8 + ly * 0.02), (HX + HR * 0.1, k * HR * 0.9 + ly * 0.02)],
               0.02, _hi(hair, 0.35))
    if style == "bun":
        p.circle(HX - HR * 0.62, 0, HR * 0.42 + OL, EDGE)
        p.dome(HX - HR * 0.62, 0, HR * 0.42, HR * 0.42, hair, hi=0.5)
    elif style == "topknot":
        p.ellipse(HX - HR * 0.3, 0, HR * 0.5 + OL, HR * 0.17 + OL, EDGE)
        p.dome(HX - HR * 0.3, 0, HR * 0.5, HR * 0.17, hair, hi=0.6)


def _hat_top(p: Pen, look: _Look, rng):
    """The hat seen from above, on the head at (HX, 0) of radius HR."""
    hat = look.hat
    acc = look.accent
    r = HR
    x = HX
    ol = OL
    if hat == "bicorne":
        col = (30, 28, 40)
        # worn sideways: a long black crescent whose tips sweep back, gold edge, big cockade
        wide = r * 2.05
        front = [(x + r * 0.45 * math.cos(t) - r * 0.35 * (math.sin(t) ** 2), wide * math.sin(t))
                 for t in [math.radians(-90 + 180 * i / 20) for i in range(21)]]
        back = [(x - r * 0.75 * math.cos(t) - r * 0.35 * (math.sin(t) ** 2), wide * math.sin(t))
                for t in [math.radians(90 - 180 * i / 20) for i in range(1, 20)]]
        pts = front + back
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, col, hi=0.55, lo=0.2, shrink=0.8)
        p.line(front, 0.04, GOLD)
        p.line([(x - r * 0.1, -wide * 0.85), (x + r * 0.05, 0), (x - r * 0.1, wide * 0.85)], 0.03, _hi(col, 0.4))
        cx_ = x + r * 0.38
        cyy = -r * 0.7
        p.circle(cx_, cyy, r * 0.36 + ol, EDGE)
        p.circle(cx_, cyy, r * 0.36, acc if _lum(acc) > 0.15 else (40, 70, 160))
        p.circle(cx_, cyy, r * 0.24, IVORY)
        p.circle(cx_, cyy, r * 0.12, (200, 40, 40))
    elif hat == "tricorn":
        col = (36, 30, 34)
        pts = []
        for i in range(3):
            a = math.radians(i * 120)
            a2 = math.radians(i * 120 + 60)
            pts.append((x + math.cos(a) * r * 1.55, math.sin(a) * r * 1.55))
            pts.append((x + math.cos(a2) * r * 1.05, math.sin(a2) * r * 1.05))
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, col, hi=0.35, lo=0.2, shrink=0.85)
        p.line(pts + [pts[0]], 0.045, IVORY if _lum(acc) < 0.25 else GOLD)
        p.circle(x, 0, r * 0.78 + ol, EDGE)
        p.dome(x, 0, r * 0.78, r * 0.78, col, hi=0.45)
        if _lum(acc) < 0.2:
            # a pirate's skull badge
            sx = x + r * 0.95
            p.circle(sx, 0, r * 0.26, IVORY)
            p.circle(sx + r * 0.06, -r * 0.1, r * 0.07, INK)
            p.circle(sx + r * 0.06, r * 0.1, r * 0.07, INK)
    elif hat == "crown":
        _draw_hair_top(p, look, rng)
        p.circle(x, 0, r * 0.9 + ol, EDGE)
        p.dome(x, 0, r * 0.9, r * 0.9, GOLD, hi=0.7)
        p.circle(x, 0, r * 0.62 + ol * 0.6, GOLD_DK)
        p.dome(x, 0, r * 0.6, r * 0.6, _mix(acc, (150, 20, 40), 0.4), hi=0.45)
        for i in range(8):
            a = 2 * math.pi * i / 8
            px_, py_ = x + math.cos(a) * r * 0.94, math.sin(a) * r * 0.94
            p.circle(px_, py_, r * 0.17 + ol * 0.6, EDGE)
            p.dome(px_, py_, r * 0.17, r * 0.17, GOLD, hi=0.8, steps=3)
        for i in range(4):
            a = 2 * math.pi * (i + 0.5) / 4
            p.circle(x + math.cos(a) * r * 0.76, math.sin(a) * r * 0.76, r * 0.09,
                     (60, 120, 220) if i % 2 else (220, 40, 60))
        p.circle(x, 0, r * 0.16, GOLD)
        p.circle(x - r * 0.04, -r * 0.04, r * 0.07, GOLD_HI)
    elif hat == "laurel":
        _draw_hair_top(p, look, rng)
        green = (92, 140, 58)
        for side in (-1, 1):
            for i in range(7):
                a = math.radians(180 - side * (18 + i * 21))
                lx_, ly_ = x + math.cos(a) * r * 0.92, math.sin(a) * r * 0.92
                rot = math.degrees(a) + 90 + side * 30
                p.ellipse(lx_, ly_, r * 0.28 + ol * 0.6, r * 0.13 + ol * 0.6, EDGE, rot)
                p.ellipse(lx_, ly_, r * 0.28, r * 0.13, _lit(green, 0.25 if i % 2 else -0.1), rot)
        p.circle(x - r * 0.95, 0, r * 0.1, GOLD)
    elif hat in ("helmet", "horned_helmet"):
        col = STEEL if hat == "helmet" else (140, 140, 150)
        crest = hat == "helmet" and _sat(acc) > 0.45 and _lum(acc) > 0.12
        pointed = hat == "helmet" and not crest and look.weapon in _POINTED_WITH
        if hat == "horned_helmet":
            for s in (-1, 1):
                pts = [(x - r * 0.3, s * r * 0.6), (x - r * 0.1, s * r * 1.25), (x + r * 0.25, s * r * 1.75),
                       (x + r * 0.95, s * r * 2.05), (x + r * 0.5, s * r * 1.55), (x + r * 0.35, s * r * 1.05),
                       (x + r * 0.3, s * r * 0.6)]
                p.outline_poly(pts, ol)
                p.shaded_poly(pts, IVORY, hi=0.4)
                p.circle(x + r * 0.9, s * r * 2.0, r * 0.08, _dk(IVORY, 0.4))
        p.circle(x, 0, r * 1.1 + ol, EDGE)
        p.dome(x, 0, r * 1.1, r * 1.1, _dk(col, 0.15), hi=0.7, lo=0.5)
        if pointed:
            for i in range(4):
                a = 2 * math.pi * i / 4 + math.pi / 4
                p.line([(x, 0), (x + math.cos(a) * r * 1.05, math.sin(a) * r * 1.05)], 0.05, GOLD_DK)
            p.circle(x, 0, r * 0.16, GOLD)
            # fur trim
            for i in range(20):
                a = 2 * math.pi * i / 20
                p.circle(x + math.cos(a) * r * 1.08, math.sin(a) * r * 1.08, r * 0.13, _dk((120, 90, 60), 0.15 * (i % 2)))
        else:
            p.line([(x - r * 1.05, 0), (x + r * 1.05, 0)], 0.05, _dk(col, 0.45))
            p.line([(x - r * 1.0, -0.015), (x + r * 1.0, -0.015)], 0.02, _hi(col, 0.7))
            for i in range(7):
                a = math.radians(-60 + i * 20)
                p.circle(x + math.cos(a) * r * 0.95, math.sin(a) * r * 0.95, r * 0.06, _dk(col, 0.4))
        if crest:
            # a horsehair crest running front to back
            p.ellipse(x - r * 0.15, 0, r * 1.35 + ol, r * 0.26 + ol, EDGE)
            p.dome(x - r * 0.15, 0, r * 1.35, r * 0.26, acc, hi=0.5)
            for i in range(9):
                xx = x - r * 1.2 + i * r * 0.27
                p.line([(xx, -r * 0.16), (xx + r * 0.1, r * 0.16)], 0.015, _dk(acc, 0.4))
        elif hat == "helmet" and not pointed:
            # a visor slit at the front
            p.ellipse(x + r * 0.78, 0, r * 0.12, r * 0.62, INK)
    elif hat == "kabuto":
        lac = _mix(look.body, (40, 20, 24), 0.4)
        # neck guard (shikoro) fanning out behind
        for k, rr in ((0, 1.75), (1, 1.5), (2, 1.25)):
            pts = [(x, 0)] + Pen.ell_pts(x, 0, r * rr, r * rr, 0, 105, 255, 16)
            p.outline_poly(pts, ol)
            p.poly(pts, _lit(acc if k % 2 == 0 else lac, -0.1 + 0.15 * k))
            p.line(Pen.ell_pts(x, 0, r * (rr - 0.15), r * (rr - 0.15), 0, 110, 250, 12), 0.015, GOLD_DK)
        # side flaps
        for s in (-1, 1):
            p.ellipse(x + r * 0.15, s * r * 1.05, r * 0.35 + ol, r * 0.22 + ol, EDGE)
            p.ellipse(x + r * 0.15, s * r * 1.05, r * 0.35, r * 0.22, acc)
        p.circle(x, 0, r * 1.02 + ol, EDGE)
        p.dome(x, 0, r * 1.02, r * 1.02, lac, hi=0.65)
        for i in range(8):
            a = 2 * math.pi * i / 8
            p.line([(x + math.cos(a) * r * 0.2, math.sin(a) * r * 0.2), (x + math.cos(a) * r, math.sin(a) * r)],
                   0.015, GOLD_DK)
        # golden kuwagata antlers
        for s in (-1, 1):
            pts = [(x + r * 0.6, s * r * 0.12), (x + r * 1.2, s * r * 0.35), (x + r * 1.6, s * r * 0.85),
                   (x + r * 1.45, s * r * 0.88), (x + r * 1.05, s * r * 0.45), (x + r * 0.55, s * r * 0.3)]
            p.outline_poly(pts, ol)
            p.shaded_poly(pts, GOLD, hi=0.6)
        p.circle(x + r * 0.7, 0, r * 0.18 + ol, EDGE)
        p.circle(x + r * 0.7, 0, r * 0.18, GOLD)
    elif hat == "turban":
        cloth = _mix(acc, (250, 244, 230), 0.55)
        p.circle(x - r * 0.05, 0, r * 1.22 + ol, EDGE)
        p.dome(x - r * 0.05, 0, r * 1.22, r * 1.22, cloth, hi=0.5, lo=0.5)
        for k in range(4):
            rr = r * (1.08 - 0.22 * k)
            a0 = 30 + k * 50
            p.line(Pen.ell_pts(x - r * 0.05 + k * r * 0.04, 0, rr, rr * 0.92, 0, a0, a0 + 250, 18), 0.022,
                   _dk(cloth, 0.3))
        # a jewel and a little plume at the front
        p.ellipse(x + r * 0.3, 0, r * 0.7, r * 0.12, _hi(acc, 0.3), 0)
        p.circle(x + r * 1.0, 0, r * 0.2 + ol, EDGE)
        p.dome(x + r * 1.0, 0, r * 0.2, r * 0.2, _mix(acc, (200, 30, 60), 0.5), hi=0.9)
        p.circle(x + r * 0.95, -r * 0.05, r * 0.06, (255, 255, 255))
    elif hat == "hood":
        cloth = _mix(look.body, acc, 0.55)
        pts = Pen.ell_pts(x - r * 0.1, 0, r * 1.25, r * 1.25, 0, 75, 285, 20)
        pts = [(x + r * 0.72, r * 1.0)] + pts + [(x + r * 0.72, -r * 1.0)]
        tip = [(x - r * 1.95, 0)]
        p.outline_poly([(x - r * 1.0, -r * 0.7)] + tip + [(x - r * 1.0, r * 0.7)], ol)
        p.poly([(x - r * 1.0, -r * 0.7)] + tip + [(x - r * 1.0, r * 0.7)], _dk(cloth, 0.2))
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, cloth, hi=0.4, lo=0.35, shrink=0.8)
        # the dark opening and the face in it
        p.ellipse(x + r * 0.72, 0, r * 0.32, r * 0.92, _dk(cloth, 0.7))
        p.ellipse(x + r * 0.85, 0, r * 0.22, r * 0.62, look.skin)
        p.line(Pen.ell_pts(x - r * 0.1, 0, r * 1.0, r * 1.0, 0, 120, 240, 12), 0.02, _dk(cloth, 0.4))
    elif hat == "veil":
        _draw_hair_top(p, look, rng)
        cloth = _mix(acc, (250, 248, 240), 0.7)
        pts = [(x + r * 0.35, -r * 1.05)] + Pen.ell_pts(x - r * 0.6, 0, r * 1.35, r * 1.55, 0, -95, -265, 20) \
            + [(x + r * 0.35, r * 1.05)]
        lay = pygame.Surface(p.surf.get_size(), pygame.SRCALPHA)
        q = Pen.__new__(Pen)
        q.surf, q.ox, q.oy, q.ux, q.uy = lay, p.ox, p.oy, p.ux, p.uy
        q._setup()
        q.outline_poly(pts, ol)
        q.shaded_poly(pts, cloth, hi=0.45, lo=0.25, shrink=0.82)
        for k in (-0.6, 0, 0.6):
            q.line([(x, k * r), (x - r * 1.7, k * r * 1.5)], 0.02, _dk(cloth, 0.2))
        lay.set_alpha(215)
        p.surf.blit(lay, (0, 0))
        p.line(Pen.ell_pts(x, 0, r * 0.95, r * 0.95, 0, -70, 70, 12), 0.05, GOLD)
    elif hat == "feathers":
        _draw_hair_top(p, look, rng)
        light_f = _mix(acc, (252, 248, 236), 0.55)
        n = 15
        for i in range(n):
            a = math.radians(75 + (360 - 150) * i / (n - 1))
            col = light_f if i % 2 else acc
            cx_, cy_ = x + math.cos(a) * r * 1.35, math.sin(a) * r * 1.35
            rot = math.degrees(a)
            p.ellipse(cx_, cy_, r * 0.72 + ol, r * 0.2 + ol, EDGE, rot)
            p.ellipse(cx_, cy_, r * 0.72, r * 0.2, col, rot)
            tx, ty = x + math.cos(a) * r * 1.9, math.sin(a) * r * 1.9
            p.ellipse(tx, ty, r * 0.2, r * 0.14, INK if _lum(col) > 0.35 else IVORY, rot)
            p.line([(x + math.cos(a) * r * 0.8, math.sin(a) * r * 0.8), (tx, ty)], 0.012, _dk(col, 0.3))
        # beaded band
        for i in range(14):
            a = 2 * math.pi * i / 14
            p.circle(x + math.cos(a) * r * 0.9, math.sin(a) * r * 0.9, r * 0.13,
                     (200, 40, 40) if i % 2 else (250, 250, 240))
    elif hat == "straw_hat":
        straw = (216, 178, 92)
        if look.weapon not in _SOMBRERO_WITH:
            # a conical hat
            p.circle(x, 0, r * 1.7 + ol, EDGE)
            p.dome(x, 0, r * 1.7, r * 1.7, straw, hi=0.45, lo=0.4, spread=0.55)
            for i in range(16):
                a = 2 * math.pi * i / 16
                p.line([(x, 0), (x + math.cos(a) * r * 1.65, math.sin(a) * r * 1.65)], 0.015, _dk(straw, 0.3))
            p.circle(x, 0, r * 0.22, _dk(straw, 0.35))
        else:
            # a sombrero: wide brim, peaked crown, a band
            p.circle(x, 0, r * 1.8 + ol, EDGE)
            p.dome(x, 0, r * 1.8, r * 1.8, straw, hi=0.35, lo=0.3, spread=0.3)
            for rr in (1.65, 1.4, 1.2):
                p.line(Pen.ell_pts(x, 0, r * rr, r * rr, 0, 0, 360, 36) + [(x + r * rr, 0)], 0.015,
                       _dk(straw, 0.25))
            p.line(Pen.ell_pts(x, 0, r * 1.77, r * 1.77, 0, 0, 360, 36) + [(x + r * 1.77, 0)], 0.03,
                   _dk(straw, 0.45))
            p.circle(x, 0, r * 1.0 + ol, EDGE)
            p.circle(x, 0, r * 1.0, acc)
            p.circle(x, 0, r * 0.82, EDGE)
            p.dome(x, 0, r * 0.8, r * 0.8, straw, hi=0.55)
            p.line([(x - r * 0.6, 0), (x + r * 0.6, 0)], 0.03, _dk(straw, 0.35))
    elif hat == "top_hat":
        col = (30, 28, 36)
        p.circle(x, 0, r * 1.4 + ol, EDGE)
        p.dome(x, 0, r * 1.4, r * 1.4, col, hi=0.35, lo=0.1, spread=0.5)
        p.circle(x, 0, r * 0.98 + ol, EDGE)
        p.circle(x, 0, r * 0.98, acc if _lum(acc) > 0.1 else (120, 30, 40))
        p.circle(x, 0, r * 0.86, _hi(col, 0.1))
        lx, ly = p.light
        p.ellipse(x + lx * r * 0.35, ly * r * 0.35, r * 0.4, r * 0.16, _hi(col, 0.45),
                  math.degrees(math.atan2(ly, lx)) + 90)
    elif hat == "headband":
        _draw_hair_top(p, look, rng)
        band = acc if _lum(acc) > 0.3 else (236, 232, 220)
        p.line(Pen.ell_pts(x, 0, r * 0.97, r * 0.97, 0, 0, 360, 30) + [(x + r * 0.97, 0)], 0.085, EDGE)
        p.line(Pen.ell_pts(x, 0, r * 0.97, r * 0.97, 0, 0, 360, 30) + [(x + r * 0.97, 0)], 0.05, band)
        # tails fluttering behind
        for s in (-1, 1):
            pts = [(x - r * 0.95, s * r * 0.1)]
            for i in range(1, 7):
                pts.append((x - r * (0.95 + 0.17 * i), s * r * (0.15 + 0.1 * i) + math.sin(i * 1.3) * r * 0.12))
            p.line(pts, 0.09, EDGE)
            p.line(pts, 0.055, band)
        p.circle(x + r * 0.97, 0, r * 0.14, _dk(band, 0.3) if band == acc else (200, 40, 40))
    elif hat == "tiara":
        _draw_hair_top(p, look, rng)
        arc = Pen.ell_pts(x, 0, r * 0.95, r * 0.95, 0, -110, 110, 22)
        p.line(arc, 0.09, EDGE)
        p.line(arc, 0.055, GOLD)
        for i in range(5):
            a = math.radians(-80 + i * 40)
            p.circle(x + math.cos(a) * r * 0.95, math.sin(a) * r * 0.95, r * 0.1,
                     (40, 150, 200) if i % 2 else (200, 40, 50))
        # the uraeus (a little gold cobra) at the front
        p.ellipse(x + r * 1.05, 0, r * 0.32 + ol, r * 0.2 + ol, EDGE)
        p.dome(x + r * 1.05, 0, r * 0.32, r * 0.2, GOLD, hi=0.8)
        p.circle(x + r * 1.15, 0, r * 0.08, (200, 30, 40))
    elif hat == "fur_hat":
        fur = _mix(look.hair, (150, 116, 80), 0.6)
        crown = acc if _lum(acc) > 0.08 else (110, 30, 40)
        for i in range(20):
            a = 2 * math.pi * i / 20
            p.circle(x + math.cos(a) * r * 1.1, math.sin(a) * r * 1.1, r * 0.3 + ol, EDGE)
        for i in range(20):
            a = 2 * math.pi * i / 20
            p.dome(x + math.cos(a) * r * 1.1, math.sin(a) * r * 1.1, r * 0.3, r * 0.3,
                   _lit(fur, 0.08 * ((i * 7) % 3 - 1)), hi=0.45, steps=3)
        p.circle(x, 0, r * 0.85 + ol, EDGE)
        p.dome(x, 0, r * 0.85, r * 0.85, crown, hi=0.55)
        for i in range(6):
            a = 2 * math.pi * i / 6
            p.circle(x + math.cos(a) * r * 0.55, math.sin(a) * r * 0.55, r * 0.07, IVORY)
        # jewel and a feather
        p.circle(x + r * 0.9, 0, r * 0.17 + ol, EDGE)
        p.circle(x + r * 0.9, 0, r * 0.17, GOLD)
        p.circle(x + r * 0.9, 0, r * 0.09, (200, 30, 60))
        p.ellipse(x + r * 0.2, -r * 0.6, r * 0.85 + ol, r * 0.16 + ol, EDGE, -20)
        p.ellipse(x + r * 0.2, -r * 0.6, r * 0.85, r * 0.16, IVORY, -20)
    else:
        _draw_hair_top(p, look, rng)


def _front_hat_back(p: Pen, look: _Look):
    """The parts of a hat behind the head (front view)."""
    hat, acc = look.hat, look.accent
    ol = 0.04
    if hat == "hood":
        cloth = _mix(look.body, acc, 0.55)
        outer = Pen.ell_pts(0, -0.05, 0.95, 1.05, 0, 150, 390, 26)
        pts = [(-1.05, 1.1)] + outer + [(1.05, 1.1)]
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, cloth, hi=0.35, lo=0.3)
        p.poly(Pen.ell_pts(0, 0.02, 0.7, 0.8, 0, 0, 360, 24), _dk(cloth, 0.7))
    elif hat == "veil":
        cloth = _mix(acc, (250, 248, 240), 0.7)
        pts = [(-1.0, 1.2), (-0.9, 0.0)] + Pen.ell_pts(0, -0.2, 0.86, 0.72, 0, 190, 350, 18) + \
            [(0.9, 0.0), (1.0, 1.2)]
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, cloth, hi=0.4, lo=0.25)
        for k in (-0.7, 0.7):
            p.line([(k, 0.0), (k * 1.25, 1.1)], 0.025, _dk(cloth, 0.25))
    elif hat == "kabuto":
        lac = _mix(look.body, (40, 20, 24), 0.4)
        for k, (w, y) in enumerate(((1.05, 0.45), (0.98, 0.25), (0.9, 0.05))):
            pts = [(-w * 0.75, -0.35), (-w, y), (w, y), (w * 0.75, -0.35)]
            p.outline_poly(pts, ol)
            p.poly(pts, _lit(acc if k % 2 == 0 else lac, 0.1 * k - 0.1))
            p.line([(-w * 0.95, y - 0.06), (w * 0.95, y - 0.06)], 0.015, GOLD_DK)


def _front_hat(p: Pen, look: _Look, rng):
    hat = look.hat
    acc = look.accent
    ol = 0.04
    if hat == "bicorne":
        col = (30, 28, 40)
        pts = [(-1.15, -0.42), (-0.6, -0.78), (0, -0.98), (0.6, -0.78), (1.15, -0.42), (0.6, -0.5), (0, -0.45),
               (-0.6, -0.5)]
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, col, hi=0.4, lo=0.1, shrink=0.85)
        p.line(pts[:5], 0.04, GOLD)
        p.circle(0.32, -0.64, 0.14, EDGE)
        p.circle(0.32, -0.64, 0.12, acc if _lum(acc) > 0.15 else (40, 70, 160))
        p.circle(0.32, -0.64, 0.08, IVORY)
        p.circle(0.32, -0.64, 0.04, (200, 40, 40))
    elif hat == "tricorn":
        col = (36, 30, 34)
        pts = [(-0.95, -0.42), (-0.7, -0.9), (0, -1.02), (0.7, -0.9), (0.95, -0.42), (0.3, -0.55), (0, -0.48),
               (-0.3, -0.55)]
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, col, hi=0.35, lo=0.1, shrink=0.85)
        p.line(pts[:5], 0.05, IVORY if _lum(acc) < 0.25 else GOLD)
        if _lum(acc) < 0.2:
            p.circle(0, -0.72, 0.12, IVORY)
            p.circle(-0.04, -0.73, 0.03, INK)
            p.circle(0.04, -0.73, 0.03, INK)
            p.line([(-0.15, -0.55), (0.15, -0.62)], 0.03, IVORY)
            p.line([(-0.15, -0.62), (0.15, -0.55)], 0.03, IVORY)
    elif hat == "crown":
        pts = [(-0.6, -0.45), (-0.62, -0.95), (-0.4, -0.72), (-0.2, -1.02), (0, -0.76), (0.2, -1.02), (0.4, -0.72),
               (0.62, -0.95), (0.6, -0.45)]
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, GOLD, hi=0.6, lo=0.2)
        for x in (-0.62, -0.2, 0.2, 0.62):
            p.circle(x, -1.0, 0.07, EDGE)
            p.circle(x, -1.0, 0.05, GOLD_HI)
        p.rect(-0.6, -0.58, 0.6, -0.45, GOLD_DK)
        for i, x in enumerate((-0.4, 0.0, 0.4)):
            p.circle(x, -0.52, 0.06, (200, 40, 60) if i != 1 else (60, 120, 220))
    elif hat == "laurel":
        green = (92, 140, 58)
        for s in (-1, 1):
            for i in range(6):
                t = i / 5
                x = s * (0.66 - 0.5 * t)
                y = -0.3 - 0.42 * math.sin(t * math.pi / 2) - 0.05
                rot = s * (70 - 60 * t)
                p.ellipse(x, y, 0.14, 0.07, EDGE, rot)
                p.ellipse(x, y, 0.12, 0.055, _lit(green, 0.25 if i % 2 else -0.05), rot)
    elif hat in ("helmet", "horned_helmet"):
        col = STEEL if hat == "helmet" else (140, 140, 150)
        crest = hat == "helmet" and _sat(acc) > 0.45 and _lum(acc) > 0.12
        pointed = hat == "helmet" and not crest and look.weapon in _POINTED_WITH
        if hat == "horned_helmet":
            for s in (-1, 1):
                pts = [(s * 0.55, -0.45), (s * 0.9, -0.55), (s * 1.1, -0.85), (s * 1.08, -1.15), (s * 0.95, -0.85),
                       (s * 0.75, -0.7), (s * 0.5, -0.65)]
                p.outline_poly(pts, ol)
                p.shaded_poly(pts, IVORY, hi=0.4)
        if crest:
            pts = Pen.ell_pts(0, -0.9, 0.85, 0.62, 0, 180, 360, 18)
            p.outline_poly(pts, ol)
            p.shaded_poly(pts, acc, hi=0.4)
            for i in range(11):
                a = math.radians(190 + 160 * i / 10)
                p.line([(math.cos(a) * 0.2, -0.9 + math.sin(a) * 0.15),
                        (math.cos(a) * 0.78, -0.9 + math.sin(a) * 0.56)], 0.018, _dk(acc, 0.4))
        pts = Pen.ell_pts(0, -0.3, 0.72, 0.68, 0, 180, 360, 20)
        if pointed:
            pts = [(-0.72, -0.3), (-0.6, -0.7), (0, -1.15), (0.6, -0.7), (0.72, -0.3)]
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, col, hi=0.6, lo=0.35)
        p.rect(-0.72, -0.36, 0.72, -0.24, _dk(col, 0.3))
        if pointed:
            p.line([(0, -1.1), (0, -0.3)], 0.05, GOLD_DK)
            for i in range(9):
                x = -0.7 + i * 0.175
                p.circle(x, -0.28, 0.1, (120, 90, 60))
        elif hat == "helmet" and not crest:
            # cheek guards and a raised visor
            for sg in (-1, 1):
                cg = [(sg * 0.72, -0.3), (sg * 0.74, 0.25), (sg * 0.56, 0.35), (sg * 0.52, -0.3)]
                p.outline_poly(cg, 0.03)
                p.shaded_poly(cg, col, hi=0.5)
            vz = [(-0.7, -0.42), (0.7, -0.42), (0.62, -0.62), (-0.62, -0.62)]
            p.outline_poly(vz, 0.03)
            p.shaded_poly(vz, _dk(col, 0.1), hi=0.5)
            p.line([(-0.5, -0.52), (0.5, -0.52)], 0.03, INK)
        else:
            # nasal guard
            p.rect(-0.06, -0.3, 0.06, 0.12, EDGE)
            p.rect(-0.04, -0.3, 0.04, 0.1, col)
    elif hat == "kabuto":
        lac = _mix(look.body, (40, 20, 24), 0.4)
        pts = Pen.ell_pts(0, -0.32, 0.74, 0.7, 0, 180, 360, 20)
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, lac, hi=0.6)
        for i in range(5):
            x = -0.5 + i * 0.25
            p.line([(x * 0.3, -0.98), (x, -0.36)], 0.02, GOLD_DK)
        p.rect(-0.76, -0.38, 0.76, -0.28, EDGE)
        p.rect(-0.74, -0.37, 0.74, -0.3, _lit(acc, 0.1))
        for s_ in (-1, 1):
            pts = [(s_ * 0.1, -0.55), (s_ * 0.5, -0.9), (s_ * 0.7, -1.35), (s_ * 0.56, -1.3), (s_ * 0.38, -0.95),
                   (s_ * 0.05, -0.7)]
            p.outline_poly(pts, ol)
            p.shaded_poly(pts, GOLD, hi=0.6)
        p.circle(0, -0.58, 0.12, EDGE)
        p.circle(0, -0.58, 0.1, GOLD)
    elif hat == "turban":
        cloth = _mix(acc, (250, 244, 230), 0.55)
        pts = Pen.ell_pts(0, -0.45, 0.82, 0.55, 0, 160, 380, 24)
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, cloth, hi=0.45, lo=0.3)
        for k in range(4):
            p.line([(-0.78 + 0.1 * k, -0.35 - 0.12 * k), (0.1, -0.55 - 0.1 * k), (0.7 - 0.1 * k, -0.9 + 0.12 * k)],
                   0.025, _dk(cloth, 0.3))
        p.circle(0, -0.48, 0.12, EDGE)
        p.dome(0, -0.48, 0.1, 0.1, _mix(acc, (200, 30, 60), 0.5), hi=0.9)
        p.ellipse(0.06, -0.8, 0.06, 0.22, IVORY, 15)
    elif hat == "hood":
        cloth = _mix(look.body, acc, 0.55)
        rim = Pen.ell_pts(0, 0.02, 0.72, 0.82, 0, 165, 375, 24)
        p.line(rim, 0.2, EDGE)
        p.line(rim, 0.15, _hi(cloth, 0.15))
        p.line(Pen.ell_pts(0, 0.02, 0.66, 0.76, 0, 170, 370, 20), 0.05, _dk(cloth, 0.5))
    elif hat == "veil":
        p.line(Pen.ell_pts(0, -0.05, 0.66, 0.5, 0, 195, 345, 12), 0.09, EDGE)
        p.line(Pen.ell_pts(0, -0.05, 0.66, 0.5, 0, 195, 345, 12), 0.05, GOLD)
        p.circle(0, -0.55, 0.08, EDGE)
        p.circle(0, -0.55, 0.06, look.accent)
    elif hat == "feathers":
        light_f = _mix(acc, (252, 248, 236), 0.55)
        n = 11
        for i in range(n):
            a = math.radians(200 + 140 * i / (n - 1))
            col = light_f if i % 2 else acc
            cx_, cy_ = math.cos(a) * 0.9, -0.3 + math.sin(a) * 0.9
            rot = math.degrees(a)
            p.ellipse(cx_, cy_, 0.42, 0.12, EDGE, rot)
            p.ellipse(cx_, cy_, 0.38, 0.09, col, rot)
            p.ellipse(math.cos(a) * 1.2, -0.3 + math.sin(a) * 1.2, 0.1, 0.07,
                      INK if _lum(col) > 0.35 else IVORY, rot)
        p.rect(-0.64, -0.5, 0.64, -0.36, EDGE)
        for i in range(12):
            x = -0.6 + i * 0.11
            p.rect(x, -0.48, x + 0.1, -0.38, (200, 40, 40) if i % 2 else (250, 250, 240))
    elif hat == "straw_hat":
        straw = (216, 178, 92)
        if look.weapon not in _SOMBRERO_WITH:
            pts = [(-1.25, -0.35), (0, -1.15), (1.25, -0.35), (0, -0.25)]
            p.outline_poly(pts, ol)
            p.shaded_poly(pts, straw, hi=0.4)
            for i in range(7):
                p.line([(0, -1.12), (-1.1 + i * 0.36, -0.38)], 0.015, _dk(straw, 0.3))
        else:
            brim = Pen.ell_pts(0, -0.4, 1.35, 0.3, 0, 0, 360, 30)
            p.outline_poly(brim, ol)
            p.shaded_poly(brim, straw, hi=0.3)
            crown = [(-0.5, -0.45), (-0.38, -1.0), (0, -1.15), (0.38, -1.0), (0.5, -0.45)]
            p.outline_poly(crown, ol)
            p.shaded_poly(crown, straw, hi=0.45)
            p.rect(-0.48, -0.62, 0.48, -0.5, acc)
            for i in range(6):
                x = -0.4 + i * 0.16
                p.circle(x, -0.56, 0.025, IVORY)
    elif hat == "top_hat":
        col = (30, 28, 36)
        p.outline_poly(Pen.ell_pts(0, -0.42, 0.95, 0.16, 0, 0, 360, 24), ol)
        p.poly(Pen.ell_pts(0, -0.42, 0.95, 0.16, 0, 0, 360, 24), col)
        pts = [(-0.5, -0.45), (-0.56, -1.35), (0.56, -1.35), (0.5, -0.45)]
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, col, hi=0.35, lo=0.1)
        p.rect(-0.51, -0.66, 0.51, -0.5, acc if _lum(acc) > 0.1 else (120, 30, 40))
        p.line([(-0.3, -1.25), (-0.28, -0.75)], 0.05, _hi(col, 0.4))
    elif hat == "headband":
        band = acc if _lum(acc) > 0.3 else (236, 232, 220)
        p.rect(-0.66, -0.5, 0.66, -0.34, EDGE)
        p.rect(-0.64, -0.48, 0.64, -0.36, band)
        p.poly([(0.6, -0.45), (0.95, -0.3), (0.98, -0.18), (0.62, -0.38)], band)
        p.circle(0, -0.42, 0.06, (200, 40, 40) if band != acc else _dk(band, 0.4))
    elif hat == "tiara":
        p.line(Pen.ell_pts(0, -0.2, 0.62, 0.38, 0, 195, 345, 14), 0.07, EDGE)
        p.line(Pen.ell_pts(0, -0.2, 0.62, 0.38, 0, 195, 345, 14), 0.045, GOLD)
        pts = [(-0.08, -0.56), (0, -0.8), (0.08, -0.56)]
        p.outline_poly(pts, 0.02)
        p.poly(pts, GOLD)
        p.circle(0, -0.82, 0.07, EDGE)
        p.dome(0, -0.82, 0.055, 0.055, GOLD, hi=0.8)
        p.circle(0, -0.6, 0.05, (200, 30, 40))
        for s in (-1, 1):
            p.circle(s * 0.36, -0.5, 0.04, (40, 150, 200))
    elif hat == "fur_hat":
        fur = _mix(look.hair, (150, 116, 80), 0.6)
        crown = acc if _lum(acc) > 0.08 else (110, 30, 40)
        pts = Pen.ell_pts(0, -0.6, 0.6, 0.55, 0, 180, 360, 16)
        p.outline_poly(pts, ol)
        p.shaded_poly(pts, crown, hi=0.45)
        for i in range(9):
            x = -0.72 + i * 0.18
            p.circle(x, -0.5, 0.17, EDGE)
        for i in range(9):
            x = -0.72 + i * 0.18
            p.dome(x, -0.5, 0.14, 0.14, _lit(fur, 0.08 * ((i * 7) % 3 - 1)), hi=0.45, steps=3)
        p.circle(0, -0.62, 0.09, EDGE)
        p.circle(0, -0.62, 0.07, GOLD)
        p.circle(0, -0.62, 0.035, (200, 30, 60))
        p.ellipse(0.25, -1.0, 0.1, 0.35, EDGE, 25)
        p.ellipse(0.25, -1.0, 0.07, 0.32, IVORY, 25)
