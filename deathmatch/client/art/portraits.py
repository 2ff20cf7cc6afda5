"""Portraits: the figure from the front, for cards, the gallery, the hand-off and the results.
"""

from __future__ import annotations

import functools
import math
import random

import pygame

from .palette import BRONZE, EDGE, GOLD, GOLD_DK, GOLD_HI, INK, NIGHT
from .pens import _dk, _down, _hi, _ink_and_shadow, _mix, _seed, _ss, Pen
from .look import _HIDDEN_HAIR_HATS, _Look, _look
from .weapons import _draw_weapon, _w_bow, _w_katana
from .hats import _front_hat, _front_hat_back


# ---------------------------------------------------------------------------
# portrait (front view bust)
# ---------------------------------------------------------------------------
def portrait(card, size: tuple[int, int]) -> pygame.Surface:
    """A framed bust of ``card`` for the card panel."""
    try:
        w, h = int(size[0]), int(size[1])
    except (TypeError, ValueError, IndexError):
        w, h = 96, 120
    return _portrait_cached(_look(card), max(16, w), max(16, h))


def _front_hair_back(p: Pen, look: _Look):
    """Hair behind the head (front view): long hair, braids, buns."""
    hair = look.hair
    if look.hat in ("hood", "veil", "kabuto", "turban"):
        return
    st = look.hair_style
    if st == "long":
        pts = [(-0.72, -0.2), (-0.8, 0.5), (-0.9, 1.05), (0.9, 1.05), (0.8, 0.5), (0.72, -0.2), (0, -0.8)]
        p.outline_poly(pts, 0.04)
        p.shaded_poly(pts, hair, hi=0.3, lo=0.35)
    elif st == "braids":
        for s in (-1, 1):
            for i in range(6):
                y = 0.0 + i * 0.2
                p.circle(s * (0.72 + 0.03 * i), y, 0.14, EDGE)
                p.dome(s * (0.72 + 0.03 * i), y, 0.11, 0.11, hair, hi=0.45, steps=3)
            p.circle(s * 0.9, 1.22, 0.07, look.accent)
    elif st == "bun" and look.hat not in _HIDDEN_HAIR_HATS:
        p.circle(0, -0.82, 0.3, EDGE)
        p.dome(0, -0.82, 0.26, 0.26, hair, hi=0.45)
    elif st == "topknot" and look.hat not in _HIDDEN_HAIR_HATS:
        p.ellipse(0, -0.84, 0.12, 0.22, EDGE)
        p.dome(0, -0.84, 0.09, 0.19, hair, hi=0.5)


def _front_hair_top(p: Pen, look: _Look, rng):
    hair = look.hair
    st = look.hair_style
    if look.hat in ("hood", "veil", "turban", "kabuto", "top_hat", "fur_hat", "straw_hat",
                    "helmet", "horned_helmet"):
        # only sideburns show
        for s in (-1, 1):
            p.poly([(s * 0.6, -0.25), (s * 0.66, 0.15), (s * 0.56, 0.2), (s * 0.5, -0.2)], hair)
        return
    if st == "bald":
        for s in (-1, 1):
            p.poly([(s * 0.62, -0.35), (s * 0.66, 0.05), (s * 0.55, 0.1), (s * 0.52, -0.25)], hair)
        return
    spiky = st == "wild"
    pts = []
    n = 22
    for i in range(n + 1):
        a = math.radians(190 + 160 * i / n)
        rr = 0.7 if not spiky else (0.78 + (0.1 if i % 2 else 0.0))
        pts.append((math.cos(a) * rr * 1.02, -0.12 + math.sin(a) * rr * 1.05))
    # fringe
    fr = []
    for i in range(8):
        t = i / 7
        x = 0.62 - 1.24 * t
        y = -0.32 - 0.1 * math.sin(t * math.pi) + (0.06 if i % 2 else 0.0)
        fr.append((x, y))
    pts = pts + fr
    side = [(-0.66, -0.3), (-0.7, 0.1), (-0.58, 0.05), (-0.56, -0.25)]
    for sp in (side, [(-x, y) for x, y in side]):
        p.poly(sp, hair)
    p.outline_poly(pts, 0.035)
    p.shaded_poly(pts, hair, hi=0.45, lo=0.3)


def _front_face(p: Pen, look: _Look):
    skin = look.skin
    # ears
    for s in (-1, 1):
        p.ellipse(s * 0.64, 0.0, 0.13, 0.17, EDGE)
        p.ellipse(s * 0.64, 0.0, 0.1, 0.14, _dk(skin, 0.12))
    # head
    p.ellipse(0, 0, 0.66, 0.76, EDGE)
    p.dome(0, 0, 0.62, 0.72, skin, hi=0.45, lo=0.45, spread=0.6)
    # cheeks
    for s in (-1, 1):
        p.ellipse(s * 0.36, 0.22, 0.12, 0.07, _mix(skin, (220, 80, 80), 0.3))
    # eyes
    g = look.glance * 0.04
    for s in (-1, 1):
        ex = s * 0.24
        p.ellipse(ex, -0.02, 0.13, 0.11, EDGE)
        p.ellipse(ex, -0.02, 0.105, 0.085, (250, 246, 236))
        p.circle(ex + g, 0.0, 0.055, INK)
        p.circle(ex + g - 0.018, -0.02, 0.018, (255, 255, 255))
    # brows
    hair = look.hair
    for s in (-1, 1):
        if look.brows == "angry":
            pts = [(s * 0.36, -0.22), (s * 0.1, -0.13)]
        elif look.brows == "raised":
            pts = [(s * 0.36, -0.2), (s * 0.24, -0.27), (s * 0.12, -0.22)]
        else:
            pts = [(s * 0.36, -0.19), (s * 0.12, -0.19)]
        p.line(pts, 0.07, _dk(hair, 0.2))
    # nose
    p.poly([(0.0, -0.02), (0.07, 0.17), (-0.05, 0.2)], _dk(skin, 0.25))
    p.ellipse(0.0, 0.18, 0.08, 0.05, _dk(skin, 0.15))
    p.circle(-0.02, 0.15, 0.02, _hi(skin, 0.6))


def _front_mouth(p: Pen, look: _Look):
    m = look.mouth
    y = 0.38
    if look.beard:
        # beard around the chin and a moustache
        pts = [(-0.56, 0.1), (-0.5, 0.5), (-0.25, 0.82), (0, 0.92), (0.25, 0.82), (0.5, 0.5), (0.56, 0.1),
               (0.35, 0.3), (0, 0.28), (-0.35, 0.3)]
        p.outline_poly(pts, 0.035)
        p.shaded_poly(pts, look.hair, hi=0.35, lo=0.3)
        p.poly([(-0.25, 0.3), (0, 0.24), (0.25, 0.3), (0.28, 0.36), (0, 0.32), (-0.28, 0.36)], _dk(look.hair, 0.2))
        y = 0.44
    if m == "grin":
        pts = [(-0.2, y - 0.03), (0.2, y - 0.03), (0.12, y + 0.08), (-0.12, y + 0.08)]
        p.outline_poly(pts, 0.025)
        p.poly(pts, (250, 246, 236))
        p.line([(-0.18, y + 0.01), (0.18, y + 0.01)], 0.012, (160, 150, 150))
    elif m == "shout" or m == "oh":
        rw = 0.1 if m == "shout" else 0.06
        p.ellipse(0, y + 0.02, rw + 0.03, 0.1, EDGE)
        p.ellipse(0, y + 0.02, rw, 0.075, (120, 30, 40))
        if m == "shout":
            p.rect(-rw * 0.8, y - 0.05, rw * 0.8, y - 0.02, (250, 246, 236))
    elif m == "smirk":
        p.line([(-0.14, y + 0.02), (0.06, y + 0.02), (0.16, y - 0.04)], 0.035, _dk(look.skin, 0.6))
    elif m == "grit":
        p.rect(-0.16, y - 0.03, 0.16, y + 0.05, EDGE)
        p.rect(-0.14, y - 0.015, 0.14, y + 0.035, (250, 246, 236))
        for i in range(5):
            x = -0.1 + i * 0.05
            p.line([(x, y - 0.015), (x, y + 0.035)], 0.01, (140, 130, 130))
    else:
        p.line(Pen.ell_pts(0, y - 0.08, 0.16, 0.1, 0, 30, 150, 8), 0.035, _dk(look.skin, 0.6))


def _front_body(p: Pen, look: _Look):
    body, acc = look.body, look.accent
    if look.cape:
        pts = [(-1.35, 2.0), (-1.2, 1.05), (-0.7, 0.78), (0.7, 0.78), (1.2, 1.05), (1.35, 2.0)]
        p.outline_poly(pts, 0.04)
        p.shaded_poly(pts, acc, hi=0.3)
    # neck
    p.rect(-0.2, 0.4, 0.2, 0.9, EDGE)
    p.rect(-0.17, 0.4, 0.17, 0.9, _dk(look.skin, 0.3))
    pts = [(-1.2, 2.0), (-1.15, 1.2), (-0.9, 0.92), (-0.35, 0.8), (0.35, 0.8), (0.9, 0.92), (1.15, 1.2), (1.2, 2.0)]
    p.outline_poly(pts, 0.04)
    p.shaded_poly(pts, body, hi=0.35, lo=0.4)
    # collar
    p.poly([(-0.35, 0.8), (0, 1.15), (0.35, 0.8), (0.22, 0.8), (0, 1.0), (-0.22, 0.8)], _dk(body, 0.4))
    p.poly([(-0.22, 0.8), (0, 1.0), (0.22, 0.8)], _dk(look.skin, 0.2))
    if look.sash:
        p.line([(-0.9, 0.95), (0.8, 2.0)], 0.2, EDGE)
        p.line([(-0.9, 0.95), (0.8, 2.0)], 0.15, acc)
    if look.bandolier:
        for s in (-1, 1):
            p.line([(s * -0.8, 0.95), (s * 0.7, 2.0)], 0.15, EDGE)
            p.line([(s * -0.8, 0.95), (s * 0.7, 2.0)], 0.11, (92, 62, 40))
            for i in range(5):
                t = (i + 0.5) / 5
                p.circle(s * (-0.8 + 1.5 * t), 0.95 + 1.05 * t, 0.03, GOLD)
    if look.epaulettes:
        for s in (-1, 1):
            p.ellipse(s * 0.92, 0.98, 0.28, 0.12, EDGE)
            p.dome(s * 0.92, 0.98, 0.25, 0.09, GOLD, hi=0.7)
            for i in range(5):
                p.line([(s * (0.74 + i * 0.09), 1.04), (s * (0.74 + i * 0.09), 1.18)], 0.03, GOLD_DK)
    # buttons / trim in the accent colour
    for i in range(3):
        p.circle(0, 1.25 + i * 0.22, 0.045, _mix(acc, GOLD, 0.5))


@functools.lru_cache(maxsize=128)
def _portrait_cached(look: _Look, w: int, h: int) -> pygame.Surface:
    ss = _ss(max(w, h))
    W, H = w * ss, h * ss
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    fw = max(2, round(min(W, H) * 0.055))
    # frame: dark bronze with a gold bevel
    pygame.draw.rect(surf, EDGE, surf.get_rect(), border_radius=fw * 2)
    pygame.draw.rect(surf, BRONZE, surf.get_rect().inflate(-fw * 0.4, -fw * 0.4), border_radius=fw * 2)
    pygame.draw.rect(surf, _hi(BRONZE, 0.5), surf.get_rect().inflate(-fw * 0.5, -fw * 0.5),
                     max(1, fw // 4), border_radius=fw * 2)
    inner = surf.get_rect().inflate(-fw * 2, -fw * 2)
    pygame.draw.rect(surf, EDGE, inner.inflate(fw * 0.5, fw * 0.5), border_radius=fw)
    # background: the night sky tinted by the card's colour, torchlight from the upper left
    bg = pygame.Surface(inner.size, pygame.SRCALPHA)
    top = _mix(NIGHT, look.accent, 0.22)
    bot = _mix((14, 10, 26), look.accent, 0.12)
    for y in range(0, inner.h, 2):
        pygame.draw.rect(bg, _mix(top, bot, y / max(1, inner.h)), pygame.Rect(0, y, inner.w, 2))
    glow = pygame.Surface(inner.size, pygame.SRCALPHA)
    for i in range(10):
        t = i / 9
        pygame.draw.circle(glow, (255, 170, 90, int(8 + 10 * t)), (inner.w * 0.15, inner.h * 0.12),
                           max(inner.w, inner.h) * (0.9 - 0.75 * t))
    bg.blit(glow, (0, 0))
    # arena arches silhouette
    arch = _mix(top, (10, 6, 20), 0.5)
    aw = inner.w / 3.2
    for i in range(4):
        x0 = i * aw - aw * 0.4
        pygame.draw.rect(bg, arch, pygame.Rect(x0, inner.h * 0.58, aw * 0.25, inner.h))
        pygame.draw.rect(bg, arch, pygame.Rect(x0, inner.h * 0.5, aw, inner.h * 0.09))
    # the bust
    u = min(inner.w / 2.7, inner.h / 3.3)
    hx = inner.w / 2
    hy = inner.h - u * 2.0 + u * 0.02
    layer = pygame.Surface(inner.size, pygame.SRCALPHA)
    p = Pen(layer, hx, hy, u, 0)
    rng = random.Random(_seed("portrait", look.id))
    wk = look.weapon
    if wk == "shield":
        _draw_weapon(p.sub(0.75, 0.7, 0, 1.6), look, "shield")
    elif wk == "bow":
        # slung across the back, a quiver over the other shoulder
        q = p.sub(0.7, 0.4, -110, 2.0)
        q.capsule(-0.1, 0, 0.45, 0, 0.14, EDGE)
        q.capsule(-0.1, 0, 0.45, 0, 0.1, (120, 72, 40))
        for k in (-0.05, 0.0, 0.05):
            q.ellipse(0.52, k, 0.07, 0.03, look.accent)
        _w_bow(p.sub(-0.5, 0.25, 143, 2.2), look, arrow=False)
    _front_hat_back(p, look)
    _front_hair_back(p, look)
    _front_body(p, look)
    if wk not in ("book", "fan", "none", "shield", "bow"):
        long_ = wk in ("spear", "trident", "staff", "musket")
        scale = 1.75 if long_ else 2.3
        if wk == "katana":
            _w_katana(p.sub(-0.45, 1.8, -118, 2.1), look, 0.6)
        _draw_weapon(p.sub(0.45, 1.8, -62, scale), look, wk)
    _front_face(p, look)
    _front_mouth(p, look)
    _front_hair_top(p, look, rng)
    _front_hat(p, look, rng)
    if wk == "book":
        _draw_weapon(p.sub(0.0, 1.55, -90, 1.7), look, "book")
        for s in (-1, 1):
            p.circle(s * 0.5, 1.55, 0.16, EDGE)
            p.dome(s * 0.5, 1.55, 0.13, 0.13, look.skin)
    elif wk == "fan":
        _draw_weapon(p.sub(0.75, 1.5, -100, 2.2), look, "fan")
        p.circle(0.75, 1.5, 0.16, EDGE)
        p.dome(0.75, 1.5, 0.13, 0.13, look.skin)
    elif wk == "none":
        # fists up, ready for a scrap
        for s in (-1, 1):
            p.capsule(s * 1.15, 2.1, s * 0.86, 0.98, 0.42, EDGE)
            p.capsule(s * 1.15, 2.1, s * 0.86, 0.98, 0.36, _dk(look.body, 0.1))
            p.circle(s * 0.86, 0.82, 0.27, EDGE)
            p.dome(s * 0.86, 0.82, 0.23, 0.23, look.skin, hi=0.45)
            for k in (-0.1, 0.0, 0.1):
                p.line([(s * 0.86 + k, 0.68), (s * 0.86 + k, 0.76)], 0.025, _dk(look.skin, 0.45))
    elif wk not in ("shield", "bow"):
        for hx_ in ((0.45, -0.45) if wk == "katana" else (0.45,)):
            p.circle(hx_, 1.8, 0.2, EDGE)
            p.dome(hx_, 1.8, 0.17, 0.17, look.skin)
    _ink_and_shadow(bg, layer, max(2, u * 0.03), (u * 0.06, u * 0.05), 90)
    # vignette
    vig = pygame.Surface(inner.size, pygame.SRCALPHA)
    for i in range(6):
        pygame.draw.rect(vig, (8, 4, 16, 26), vig.get_rect(), max(1, round(fw * (0.35 + 0.35 * i))),
                         border_radius=fw)
    bg.blit(vig, (0, 0))
    rmask = pygame.Surface(inner.size, pygame.SRCALPHA)
    rmask.fill((255, 255, 255, 0))
    pygame.draw.rect(rmask, (255, 255, 255, 255), rmask.get_rect(), border_radius=fw)
    bg.blit(rmask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(bg, inner.topleft)
    # corner rivets
    for cx, cy in ((fw, fw), (W - fw, fw), (fw, H - fw), (W - fw, H - fw)):
        pygame.draw.circle(surf, EDGE, (cx, cy), fw * 0.5)
        pygame.draw.circle(surf, GOLD, (cx, cy), fw * 0.36)
        pygame.draw.circle(surf, GOLD_HI, (cx - fw * 0.1, cy - fw * 0.1), fw * 0.14)
    return _down(surf, (w, h))
