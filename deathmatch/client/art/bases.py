"""The model's base: its rim, the player's colour pattern and number badge, the facing arrow.
"""

from __future__ import annotations

import math
import random

import pygame

from .palette import EDGE, INK, LIGHT, PlayerColour, SHADOW, WARM_HI
from .pens import _dk, _font, _hi, _lum, _mix, Pen


# ---------------------------------------------------------------------------
# bases and patterns
# ---------------------------------------------------------------------------
def _pattern_colour(rgb):
    return _mix(rgb, (10, 8, 16), 0.5) if _lum(rgb) > 0.45 else _mix(rgb, (255, 250, 240), 0.55)


def _draw_pattern(surf, cx, cy, r, pc: PlayerColour):
    """Fill a disc of radius r at (cx, cy) with the player's colour and pattern (upright)."""
    d = int(math.ceil(r * 2)) + 2
    tile = pygame.Surface((d, d), pygame.SRCALPHA)
    base = pc.rgb
    tile.fill((*base, 255))
    col = _pattern_colour(base)
    o = d / 2
    u = r
    pat = pc.pattern
    if pat == "stripes":
        w = u * 0.13
        step = u * 0.36
        k = -2 * d
        while k < 2 * d:
            pygame.draw.polygon(tile, col, [(k, 0), (k + w * 1.41, 0), (k + w * 1.41 + d, d), (k + d, d)])
            k += step
    elif pat == "dots":
        n = 9
        for i in range(n):
            a = 2 * math.pi * (i + 0.5) / n
            pygame.draw.circle(tile, col, (o + math.cos(a) * u * 0.77, o + math.sin(a) * u * 0.77), u * 0.12)
        for i in range(5):
            a = 2 * math.pi * i / 5
            pygame.draw.circle(tile, col, (o + math.cos(a) * u * 0.4, o + math.sin(a) * u * 0.4), u * 0.1)
    elif pat == "checks":
        s = u * 0.4
        n = int(d / s) + 2
        start = o - s * (n // 2) - s / 2
        for i in range(n):
            for j in range(n):
                if (i + j) % 2 == 0:
                    pygame.draw.rect(tile, col, pygame.Rect(round(start + i * s), round(start + j * s),
                                                            math.ceil(s), math.ceil(s)))
    elif pat == "rings":
        for rr, w in ((0.86, 0.1), (0.62, 0.1), (0.38, 0.1)):
            pygame.draw.circle(tile, col, (o, o), u * rr, max(1, round(u * w)))
    elif pat == "spokes":
        n = 16
        for i in range(0, n, 2):
            a0 = 2 * math.pi * i / n
            a1 = 2 * math.pi * (i + 1) / n
            pygame.draw.polygon(tile, col, [(o, o), (o + math.cos(a0) * d, o + math.sin(a0) * d),
                                            (o + math.cos(a1) * d, o + math.sin(a1) * d)])
    elif pat == "zigzag":
        w = max(1, round(u * 0.11))
        for yy in (-0.6, -0.05, 0.5):
            pts = []
            n = 9
            for i in range(n + 1):
                x = o - u + 2 * u * i / n
                y = o + u * yy + (u * 0.14 if i % 2 else -u * 0.14)
                pts.append((x, y))
            pygame.draw.lines(tile, col, False, pts, w)
            for p in pts:
                pygame.draw.circle(tile, col, p, w / 2)
    elif pat == "halves":
        pygame.draw.polygon(tile, col, [(0, d), (d, 0), (d, d)])
    elif pat == "crosses":
        arm = u * 0.14
        w = max(1, round(u * 0.09))
        pts = [(0, 0)] + [(math.cos(2 * math.pi * i / 7) * 0.74, math.sin(2 * math.pi * i / 7) * 0.74)
                          for i in range(7)]
        for px, py in pts:
            x, y = o + px * u, o + py * u
            pygame.draw.line(tile, col, (x - arm, y - arm), (x + arm, y + arm), w)
            pygame.draw.line(tile, col, (x - arm, y + arm), (x + arm, y - arm), w)
    elif pat == "waves":
        w = max(1, round(u * 0.11))
        for yy in (-0.66, -0.22, 0.22, 0.66):
            pts = [(o - u + 2 * u * i / 40, o + u * yy + math.sin(i / 40 * 4 * math.pi) * u * 0.1)
                   for i in range(41)]
            pygame.draw.lines(tile, col, False, pts, w)
    # solid: nothing
    mask = pygame.Surface((d, d), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.circle(mask, (255, 255, 255, 255), (o, o), r)
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(tile, (round(cx - o), round(cy - o)))


def _draw_base(surf, cx, cy, r, pc: PlayerColour | None, *, top=None, rim=None, cracked=0, seed=0,
               glow=False):
    """A round miniature base seen from above (slightly tilted: its side shows below)."""
    side = r * 0.1
    # ground shadow
    sh = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.ellipse(sh, (*SHADOW, 110), pygame.Rect(cx - r * 0.98 + r * 0.08, cy - r * 0.92 + r * 0.16,
                                                         r * 2.02, r * 1.98))
    surf.blit(sh, (0, 0))
    if glow:
        g = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for i in range(10):
            t = i / 9
            pygame.draw.circle(g, (255, 206, 96, int(30 + 200 * t * t)), (cx, cy + side * 0.5),
                               r * (1.185 - 0.14 * t))
        surf.blit(g, (0, 0))
    rgb = top if top is not None else pc.rgb
    rim_col = rim if rim is not None else _dk(rgb, 0.55)
    # side of the base
    pygame.draw.circle(surf, EDGE, (cx, cy + side), r + r * 0.05)
    pygame.draw.circle(surf, _dk(rim_col, 0.3), (cx, cy + side), r)
    pygame.draw.circle(surf, EDGE, (cx, cy), r + r * 0.04)
    # bevelled top rim
    pygame.draw.circle(surf, _hi(rim_col, 0.45), (cx, cy), r)
    pygame.draw.circle(surf, _dk(rim_col, 0.35), (cx + r * 0.025, cy + r * 0.03), r * 0.975)
    pygame.draw.circle(surf, rim_col, (cx + r * 0.01, cy + r * 0.012), r * 0.96)
    inner = r * 0.88
    pygame.draw.circle(surf, EDGE, (cx, cy), inner + r * 0.025)
    if pc is not None and top is None:
        _draw_pattern(surf, cx, cy, inner, pc)
    else:
        pygame.draw.circle(surf, rgb, (cx, cy), inner)
    # soft torchlight on the top: lighter upper left, darker lower right
    lay = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for i in range(6):
        t = i / 5
        pygame.draw.circle(lay, (*WARM_HI, int(10 + 6 * t)), (cx + LIGHT[0] * inner * 0.5 * t,
                                                               cy + LIGHT[1] * inner * 0.5 * t), inner * (1 - 0.6 * t))
    surf.blit(lay, (0, 0))
    if glow:
        pygame.draw.circle(surf, (255, 220, 110), (cx, cy), r * 1.0, max(2, round(r * 0.09)))
        pygame.draw.circle(surf, (255, 252, 226), (cx, cy), r * 0.985, max(1, round(r * 0.035)))
    if cracked:
        rng = random.Random(seed)
        w = max(1, round(r * 0.04))
        for i in range(cracked):
            a = rng.uniform(0, 2 * math.pi)
            x, y = cx + math.cos(a) * r * 0.98, cy + math.sin(a) * r * 0.98
            pts = [(x, y)]
            ang = a + math.pi
            n = rng.randint(3, 5)
            for _ in range(n):
                ang += rng.uniform(-0.7, 0.7)
                step = r * rng.uniform(0.14, 0.26)
                x += math.cos(ang) * step
                y += math.sin(ang) * step
                pts.append((x, y))
            pygame.draw.lines(surf, EDGE, False, pts, w + 1)
            pygame.draw.lines(surf, _hi(rgb, 0.3), False, [(px + w, py + w) for px, py in pts], max(1, w // 2))


def _draw_badge(surf, cx, cy, br, pc: PlayerColour):
    """The player's number in an ivory roundel with a ring of the player's colour."""
    pygame.draw.circle(surf, EDGE, (cx, cy), br * 1.12)
    pygame.draw.circle(surf, pc.rgb, (cx, cy), br)
    pygame.draw.circle(surf, EDGE, (cx, cy), br * 0.78)
    pygame.draw.circle(surf, (250, 244, 226), (cx, cy), br * 0.7)
    txt = str(pc.number)
    px = int(br * (1.55 if len(txt) == 1 else 1.2))
    f = _font(px)
    f.set_bold(True)
    img = f.render(txt, True, INK)
    r = img.get_rect()
    # the default font sits a little high: centre on the ink, not the box
    surf.blit(img, (round(cx - r.w / 2), round(cy - r.h / 2 + px * 0.06)))


def _draw_arrow(pen: Pen, r: float, col=(255, 240, 200)):
    """The facing notch: an arrowhead straddling the rim at local +x."""
    tip, back, half = 1.14 * r, 0.8 * r, 0.22 * r
    pts = [(tip, 0), (back, -half), (back + 0.07 * r, 0), (back, half)]
    pen.outline_poly(pts, 0.035 * r)
    pen.poly(pts, col)
    pen.poly([(tip, 0), (back, -half), (back + 0.07 * r, 0)], _hi(col, 0.5))


# ---------------------------------------------------------------------------
# model sprite
# ---------------------------------------------------------------------------
BASE_R = 0.42
"""Base radius as a fraction of the sprite size."""
