"""The model sprite: a painted miniature seen from above on its base, facing an angle.
"""

from __future__ import annotations

import functools
import math
import random

import pygame

from .palette import EDGE, GOLD, GOLD_DK, INK, LIGHT, PLAYER_COLOURS, STEEL
from .pens import _dk, _down, _hi, _ink_and_shadow, _is_int, _quant, _seed, _ss, OL, Pen
from .look import _Look, _look
from .bases import _draw_arrow, _draw_badge, _draw_base, BASE_R
from .weapons import _draw_weapon, _w_katana
from .hats import _hat_top, HR, HX, SH_RX, SH_RY, SHX


def _hand(p: Pen, x, y, skin):
    p.circle(x, y, 0.1 + OL * 0.7, EDGE)
    p.dome(x, y, 0.1, 0.1, skin, hi=0.45)


def _arm(p: Pen, sx, sy, hx, hy, sleeve):
    p.capsule(sx, sy, hx, hy, 0.2 + OL * 1.6, EDGE)
    p.capsule(sx, sy, hx, hy, 0.2, _dk(sleeve, 0.15))
    lx, ly = p.light
    p.capsule(sx + lx * 0.03, sy + ly * 0.03, hx + lx * 0.03, hy + ly * 0.03, 0.1, _hi(sleeve, 0.2))


def _draw_back_hair(p: Pen, look: _Look):
    """Long hair / braids falling on the back (before the head)."""
    hair = look.hair
    if look.hat in ("hood", "veil", "kabuto", "turban"):
        return
    if look.hair_style == "long":
        p.ellipse(HX - HR * 0.75, 0, HR * 0.95 + OL, HR * 1.05 + OL, EDGE)
        p.dome(HX - HR * 0.75, 0, HR * 0.95, HR * 1.05, hair, hi=0.35)
        for k in (-0.5, 0, 0.5):
            p.line([(HX - HR * 0.3, k * HR), (HX - HR * 1.55, k * HR * 1.3)], 0.018, _dk(hair, 0.35))
    elif look.hair_style == "braids":
        for side in (-1, 1):
            pts = [(HX - HR * (0.2 + 0.32 * i), side * HR * (0.8 + 0.1 * i)) for i in range(6)]
            for x, y in pts:
                p.circle(x, y, HR * 0.22 + OL * 0.6, EDGE)
            for x, y in pts:
                p.dome(x, y, HR * 0.22, HR * 0.22, hair, hi=0.45, steps=3)
            x, y = pts[-1]
            p.circle(x - HR * 0.2, y, HR * 0.1, look.accent)


def _draw_beard_top(p: Pen, look: _Look):
    if not look.beard:
        return
    p.ellipse(HX + HR * 0.8, 0, HR * 0.42 + OL, HR * 0.56 + OL, EDGE)
    p.dome(HX + HR * 0.8, 0, HR * 0.42, HR * 0.56, look.hair, hi=0.35)


def _draw_face_top(p: Pen, look: _Look):
    skin = look.skin
    # ears
    for s in (-1, 1):
        p.circle(HX - 0.02, s * HR * 0.98, HR * 0.2 + OL * 0.7, EDGE)
        p.circle(HX - 0.02, s * HR * 0.98, HR * 0.2, _dk(skin, 0.15))
    _draw_beard_top(p, look)
    # nose
    p.circle(HX + HR * 0.98, 0, HR * 0.2 + OL * 0.7, EDGE)
    p.circle(HX + HR * 0.98, 0, HR * 0.2, _dk(skin, 0.05))
    # head
    p.circle(HX, 0, HR + OL, EDGE)
    p.dome(HX, 0, HR, HR, skin, hi=0.5)
    # brows / eyes peeking at the front
    for s in (-1, 1):
        p.circle(HX + HR * 0.7, s * HR * 0.4, HR * 0.13, INK)
        p.circle(HX + HR * 0.72, s * HR * 0.43, HR * 0.05, (255, 255, 255))
    p.circle(HX + HR * 1.0, -HR * 0.05, HR * 0.06, _hi(skin, 0.6))


def _shield_top(p: Pen, look: _Look):
    """A big round shield held up in front of the left side, seen from above (edge on, curved)."""
    acc = look.accent
    cx, cy, rad = -0.05, 0.0, 0.6
    a0, a1 = -88.0, 8.0
    outer = Pen.ell_pts(cx, cy, rad + 0.07, rad + 0.07, 0, a0, a1, 18)
    inner = Pen.ell_pts(cx, cy, rad - 0.07, rad - 0.07, 0, a0, a1, 18)
    pts = outer + inner[::-1]
    p.outline_poly(pts, OL)
    p.poly(pts, _dk(acc, 0.2))
    front = Pen.ell_pts(cx, cy, rad + 0.035, rad + 0.035, 0, a0 + 3, a1 - 3, 18)
    p.line(front, 0.05, _hi(acc, 0.3))
    p.line(outer, 0.03, GOLD)
    # the boss bulging forward
    am = math.radians((a0 + a1) / 2)
    bx, by = cx + math.cos(am) * (rad + 0.08), cy + math.sin(am) * (rad + 0.08)
    p.circle(bx, by, 0.1 + OL, EDGE)
    p.dome(bx, by, 0.1, 0.1, STEEL, hi=0.8)


def _draw_figure_top(p: Pen, look: _Look):
    rng = random.Random(_seed("fig", look.id))
    body, skin, acc = look.body, look.skin, look.accent
    weapon = look.weapon

    # -- poses: shoulder joints, hands, weapon frames
    lsj, rsj = (SHX + 0.03, -0.42), (SHX + 0.03, 0.42)
    rh, lh = (0.4, 0.44), (0.3, -0.44)
    frames = []          # (x, y, angle, kind) weapon frames drawn before the hands
    late = []            # drawn after the hands (shields)
    if weapon in ("sword", "sabre", "dagger", "axe", "hammer", "club", "pistol", "whip"):
        frames.append((rh[0], rh[1], -16, weapon))
    elif weapon == "fan":
        rh = (0.42, 0.42)
        frames.append((rh[0], rh[1], -10, "fan"))
    elif weapon == "katana":
        rh, lh = (0.38, 0.44), (0.36, -0.44)
        frames.append((rh[0], rh[1], -20, "katana"))
        frames.append((lh[0], lh[1], 22, "wakizashi"))
    elif weapon in ("spear", "trident", "staff"):
        rh = (0.12, 0.44)
        ang = -8
        d = (math.cos(math.radians(ang)), math.sin(math.radians(ang)))
        lh = (rh[0] + d[0] * 0.34, rh[1] + d[1] * 0.34)
        frames.append((rh[0], rh[1], ang, weapon))
    elif weapon == "musket":
        rh = (0.06, 0.36)
        lh = (0.48, 0.3)
        ang = math.degrees(math.atan2(lh[1] - rh[1], lh[0] - rh[0]))
        frames.append((rh[0], rh[1], ang, "musket"))
    elif weapon == "bow":
        lh = (0.64, -0.1)
        rh = (0.2, -0.04)
        frames.append((lh[0], lh[1], 0, "bow"))
    elif weapon == "shield":
        lh = (0.4, -0.3)
        frames.append((rh[0], rh[1], -16, "sword"))
        late.append((0, 0, 0, "shield_top"))
    elif weapon == "book":
        rh, lh = (0.5, 0.26), (0.5, -0.26)
        frames.append((0.64, 0.0, 0, "book"))
    else:  # fists up
        rh, lh = (0.48, 0.26), (0.48, -0.26)

    # -- cape, quiver
    if look.cape:
        flare = 0.5 + (look.variant % 4) * 0.025
        pts = [(SHX + 0.06, -0.5), (SHX - 0.16, -flare), (-0.56, -flare * 0.8), (-0.64, 0),
               (-0.56, flare * 0.8), (SHX - 0.16, flare), (SHX + 0.06, 0.5)]
        p.outline_poly(pts, OL)
        p.shaded_poly(pts, acc, hi=0.3, lo=0.35, shrink=0.78)
        for k in (-0.4, 0.0, 0.4):
            p.line([(SHX - 0.12, k * 0.75), (-0.55, k * 1.0)], 0.025, _dk(acc, 0.4))
    if weapon == "bow":
        p.sub(-0.22, -0.14, 200).capsule(-0.25, 0, 0.25, 0, 0.15, EDGE)
        q = p.sub(-0.22, -0.14, 200)
        q.capsule(-0.25, 0, 0.25, 0, 0.11, (120, 72, 40))
        for k in (-0.05, 0.0, 0.05):
            q.ellipse(0.3, k, 0.06, 0.03, acc)
    # -- shoulders
    p.ellipse(SHX, 0, SH_RX + OL, SH_RY + OL, EDGE)
    p.dome(SHX, 0, SH_RX, SH_RY, body, hi=0.45, lo=0.5)
    if look.sash:
        p.line([(SHX - 0.2, -0.4), (SHX + 0.2, 0.4)], 0.1, EDGE)
        p.line([(SHX - 0.2, -0.4), (SHX + 0.2, 0.4)], 0.07, acc)
    if look.bandolier:
        for s in (-1, 1):
            p.line([(SHX - 0.22, -0.38 * s), (SHX + 0.2, 0.38 * s)], 0.08, EDGE)
            p.line([(SHX - 0.22, -0.38 * s), (SHX + 0.2, 0.38 * s)], 0.055, (92, 62, 40))
            for i in range(5):
                t = (i + 0.5) / 5
                p.circle(SHX - 0.22 + 0.42 * t, (-0.38 + 0.76 * t) * s, 0.018, GOLD)
    # -- arms and weapons
    _arm(p, *lsj, *lh, body)
    _arm(p, *rsj, *rh, body)
    if look.epaulettes:
        for s in (-1, 1):
            p.ellipse(SHX + 0.02, s * 0.44, 0.13 + OL, 0.11 + OL, EDGE)
            p.dome(SHX + 0.02, s * 0.44, 0.13, 0.11, GOLD, hi=0.7)
            for i in range(5):
                a = math.radians(-60 + i * 30) + (0 if s > 0 else math.pi)
                p.circle(SHX + 0.02 + math.cos(a) * 0.14, s * 0.44 + math.sin(a) * 0.12 * s, 0.025, GOLD_DK)
    def weapons():
        for fx, fy, fa, kind in frames:
            q = p.sub(fx, fy, fa)
            if kind == "wakizashi":
                _w_katana(q, look, length=0.5)
            else:
                _draw_weapon(q, look, kind)
        _hand(p, *lh, skin)
        _hand(p, *rh, skin)
        for fx, fy, fa, kind in late:
            if kind == "shield_top":
                _shield_top(p, look)
            else:
                _draw_weapon(p.sub(fx, fy, fa), look, kind)

    big_hat = look.hat == "straw_hat"
    if not big_hat:
        weapons()
    # -- head (hats that show hair draw the hair themselves)
    _draw_back_hair(p, look)
    _draw_face_top(p, look)
    _hat_top(p, look, rng)
    if big_hat:
        # a wide brim would hide the weapon: show the weapon over it
        weapons()
FIG = 1.1
"""Figure scale relative to the base radius."""


def model_sprite(card, player: int, size: int, facing_angle: float = 0.0, *, highlight=False) -> pygame.Surface:
    """A top-down miniature of ``card`` on a base in ``player``'s colour, facing ``facing_angle``."""
    size = max(8, int(size))
    return _model_cached(_look(card), int(player) % len(PLAYER_COLOURS) if _is_int(player) else 0,
                         size, _quant(facing_angle), bool(highlight))


@functools.lru_cache(maxsize=2048)
def _model_cached(look: _Look, player: int, size: int, angle: int, highlight: bool) -> pygame.Surface:
    pc = PLAYER_COLOURS[player]
    big = size * _ss(size)
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big * BASE_R
    _draw_base(surf, c, c - r * 0.04, r, pc, glow=highlight)
    cy = c - r * 0.04
    # the figure on its own layer: ink outline and a drop shadow on the base
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    pen = Pen(layer, c, cy, r * FIG, angle)
    _draw_figure_top(pen, look)
    ink = max(2.0, r * 0.035)
    _ink_and_shadow(surf, layer, ink, (-LIGHT[0] * r * 0.09, -LIGHT[1] * r * 0.09), 110)
    # facing notch and the player's number (upright, behind the figure)
    _draw_arrow(Pen(surf, c, cy, 1.0, angle), r)
    a = math.radians(angle + 180)
    bx, by = c + math.cos(a) * r * 0.8, cy - math.sin(a) * r * 0.8
    _draw_badge(surf, bx, by, r * 0.31, pc)
    return _down(surf, (size, size))
