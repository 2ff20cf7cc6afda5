#!/usr/bin/env python3
"""Draw the arena hex tilesets and the marker icons for Deathmatch.

Run from the repository root (pygame only, no display needed):

    .venv/bin/python tools/make_tileset.py [--preview OUT.png]

Writes into assets/tiles/:

* arena_pointy.png + .tsx  pointy-top hexes, 112x128 (Tiled staggeraxis="y")
* arena_flat.png + .tsx    flat-top hexes, 128x112 (Tiled staggeraxis="x")
* markers.png + .tsx       three 64x64 icons for tile objects (spawn, loot, beast)

Both arena tilesets hold the same 24 tiles in the same order (6 columns x 4
rows, no margin, no spacing); see TILES below.  Every tile is drawn once on a
128x128 canvas centred on the hexagon (4x supersampled), then cut out with the
pointy or the flat hexagon mask, so the two orientations share every drawing
function.  All random choices are seeded: reruns give byte-identical PNGs.

Look: a Roman arena at night under torchlight.  Warm ochre sand, cool
grey-blue stone with warm rim light, blue-violet night shadows cast towards
the lower right (light from the upper left), glowing braziers.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
OUT_DIR = ROOT / "assets" / "tiles"

CAN = 128          # canvas size (1x), the hexagon is centred on it
S = 4              # supersampling factor for vector drawing
BIG = CAN * S
CX = CY = 64.0     # canvas centre

COLUMNS = 6
TILE_COUNT = 24


def _norm(x, y):
    d = math.hypot(x, y)
    return (x / d, y / d)


def _norm3(x, y, z):
    d = math.sqrt(x * x + y * y + z * z)
    return (x / d, y / d, z / d)


TO_LIGHT = _norm(-0.66, -0.75)          # 2D direction towards the light
SHDIR = (-TO_LIGHT[0], -TO_LIGHT[1])    # shadows fall this way (lower right)
L3 = _norm3(-0.45, -0.52, 0.72)         # 3D light (upper left, from above)

# --------------------------------------------------------------------------
# palette: the game's one palette (deathmatch/client/art/palette.py), which the
# sprites and the screens paint with too; the tiles' own shades are its TILE_ ones
# --------------------------------------------------------------------------
from deathmatch.client.art.palette import BRONZE, EDGE, SHADOW  # noqa: E402
from deathmatch.client.art.palette import TILE_BRONZE_DK as BRONZE_DK  # noqa: E402
from deathmatch.client.art.palette import TILE_BRONZE_HI as BRONZE_HI  # noqa: E402
from deathmatch.client.art.palette import TILE_GOLD as GOLD  # noqa: E402
from deathmatch.client.art.palette import TILE_GOLD_DK as GOLD_DK  # noqa: E402
from deathmatch.client.art.palette import TILE_GOLD_HI as GOLD_HI  # noqa: E402
from deathmatch.client.art.palette import TILE_IRON as IRON  # noqa: E402
from deathmatch.client.art.palette import TILE_IRON_DK as IRON_DK  # noqa: E402
from deathmatch.client.art.palette import TILE_IRON_HI as IRON_HI  # noqa: E402
from deathmatch.client.art.palette import TILE_MARBLE_RAMP as MARBLE_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_MOSAIC  # noqa: E402
from deathmatch.client.art.palette import TILE_NIGHT as NIGHT  # noqa: E402
from deathmatch.client.art.palette import TILE_NIGHT_DEEP as NIGHT_DEEP  # noqa: E402
from deathmatch.client.art.palette import TILE_PEBBLE_RAMP as PEBBLE_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_RED as RED  # noqa: E402
from deathmatch.client.art.palette import TILE_RED_DK as RED_DK  # noqa: E402
from deathmatch.client.art.palette import TILE_RED_HI as RED_HI  # noqa: E402
from deathmatch.client.art.palette import TILE_ROCK_RAMP as ROCK_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_SAND_RAMP as SAND_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_STONE_RAMP as STONE_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_WALL_RAMP as WALL_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_WARM as WARM  # noqa: E402
from deathmatch.client.art.palette import TILE_WOOD_RAMP as WOOD_RAMP  # noqa: E402


def clamp8(v):
    return 0 if v < 0 else (255 if v > 255 else int(v + 0.5))


def mix(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def lerp2(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def col8(c):
    return (clamp8(c[0]), clamp8(c[1]), clamp8(c[2]))


def mixc(a, b, t):
    return col8(mix(a, b, t))


def shade(c, f):
    return col8((c[0] * f, c[1] * f, c[2] * f))


def ramp(stops, t):
    if t <= stops[0][0]:
        return stops[0][1]
    for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
        if t <= t1:
            return mix(c0, c1, (t - t0) / (t1 - t0))
    return stops[-1][1]


def lit(base, hi, lo, f):
    """Colour of a surface whose light factor f is in [-1, 1]."""
    return mixc(base, hi, f) if f >= 0 else mixc(base, lo, -f)


# --------------------------------------------------------------------------
# noise
# --------------------------------------------------------------------------
class ValueNoise:
    def __init__(self, seed):
        r = random.Random(seed)
        p = list(range(256))
        r.shuffle(p)
        self.p = p + p
        self.v = [r.random() for _ in range(256)]

    def noise(self, x, y):
        ix = math.floor(x)
        iy = math.floor(y)
        fx = x - ix
        fy = y - iy
        ix &= 255
        iy &= 255
        p = self.p
        v = self.v
        a = v[p[p[ix] + iy]]
        b = v[p[p[ix + 1] + iy]]
        c = v[p[p[ix] + iy + 1]]
        d = v[p[p[ix + 1] + iy + 1]]
        sx = fx * fx * (3 - 2 * fx)
        sy = fy * fy * (3 - 2 * fy)
        top = a + (b - a) * sx
        bot = c + (d - c) * sx
        return top + (bot - top) * sy

    def fbm(self, x, y, octaves=3):
        amp = 1.0
        tot = 0.0
        norm = 0.0
        for _ in range(octaves):
            tot += self.noise(x, y) * amp
            norm += amp
            x = x * 2.03 + 17.1
            y = y * 2.03 + 5.3
            amp *= 0.5
        return tot / norm


def texture(fn, seed):
    """1x texture from fn(x, y, noise, rng) -> colour, scaled to 4x (nearest)."""
    vn = ValueNoise(seed)
    rng = random.Random(seed * 31 + 7)
    buf = bytearray(CAN * CAN * 3)
    i = 0
    for y in range(CAN):
        for x in range(CAN):
            c = fn(x, y, vn, rng)
            buf[i] = clamp8(c[0])
            buf[i + 1] = clamp8(c[1])
            buf[i + 2] = clamp8(c[2])
            i += 3
    small = pygame.image.frombytes(bytes(buf), (CAN, CAN), "RGB")
    return pygame.transform.scale(small, (BIG, BIG))


_TEX_CACHE = {}


def tex_cached(key, maker):
    if key not in _TEX_CACHE:
        _TEX_CACHE[key] = maker()
    return _TEX_CACHE[key]


def sand_tex(seed, warmth=0.0, bright=0.0, ripples=0.0):
    def fn(x, y, vn, rng):
        n1 = vn.fbm(x / 44.0, y / 44.0, 2)
        n2 = vn.fbm(x / 9.0 + 40, y / 9.0 + 40, 2)
        n3 = vn.noise(x / 2.2 + 80, y / 2.2 + 80)
        # small dunes and lumps, lit from the upper left (height-field relief)
        h0 = vn.fbm((x - 1) / 10.0 + 200, (y - 1) / 10.0 + 200, 2)
        h1 = vn.fbm((x + 1) / 10.0 + 200, (y + 1) / 10.0 + 200, 2)
        relief = (h0 - h1) * 0.7
        t = (0.52 + (n1 - 0.5) * 0.6 + (n2 - 0.5) * 0.3 + (n3 - 0.5) * 0.2 + relief
             + rng.uniform(-0.05, 0.05) + bright)
        if ripples:
            t += ripples * math.sin((x * 0.42 + y * 0.55) + n1 * 10.0 + n2 * 3.0)
        c = ramp(SAND_RAMP, t)
        if warmth:
            c = (c[0] + 10 * warmth, c[1] + 2 * warmth, c[2] - 8 * warmth)
        r = rng.random()
        if r < 0.005:
            c = mix(c, (60, 38, 40), 0.5)
        elif r < 0.016:
            c = mix(c, (246, 214, 160), 0.35)
        elif r < 0.019:
            c = mix(c, (110, 100, 124), 0.45)
        return c
    return tex_cached(("sand", seed, warmth, bright, ripples), lambda: texture(fn, seed))


def stone_tex(seed, stops=STONE_RAMP, scale=14.0):
    def fn(x, y, vn, rng):
        n1 = vn.fbm(x / scale, y / scale, 3)
        n2 = vn.noise(x / 2.5 + 9, y / 2.5 + 3)
        t = 0.5 + (n1 - 0.5) * 1.2 + (n2 - 0.5) * 0.35 + rng.uniform(-0.05, 0.05)
        c = ramp(stops, t)
        r = rng.random()
        if r < 0.02:
            c = mix(c, (40, 38, 56), 0.5)
        elif r < 0.035:
            c = mix(c, (200, 196, 200), 0.3)
        return c
    return tex_cached(("stone", seed, id(stops), scale), lambda: texture(fn, seed))


def wood_tex(seed, angle):
    ca, sa = math.cos(angle), math.sin(angle)

    def fn(x, y, vn, rng):
        u = x * ca + y * sa
        v = -x * sa + y * ca
        g = vn.fbm(u / 26.0, v / 1.6, 2)
        t = 0.52 + (g - 0.5) * 1.3 + 0.07 * math.sin(v * 1.7 + g * 7) + rng.uniform(-0.04, 0.04)
        return ramp(WOOD_RAMP, t)
    return tex_cached(("wood", seed, angle), lambda: texture(fn, seed))


def rock_tex(seed):
    def fn(x, y, vn, rng):
        n1 = vn.fbm(x / 9.0, y / 9.0, 3)
        t = 0.5 + (n1 - 0.5) * 1.3 + rng.uniform(-0.08, 0.08)
        g = 0.72 + 0.40 * max(0.0, min(1.0, t))
        return (255 * g, 255 * g, 255 * g)
    return tex_cached(("rock", seed), lambda: texture(fn, seed))


def marble_tex(seed):
    def fn(x, y, vn, rng):
        n1 = vn.fbm(x / 20.0, y / 20.0, 3)
        vein = abs(math.sin((x * 0.25 + y * 0.12) + n1 * 10.0))
        t = 0.62 + (n1 - 0.5) * 0.6 + rng.uniform(-0.03, 0.03) - 0.25 * (vein < 0.08)
        return ramp(MARBLE_RAMP, t)
    return tex_cached(("marble", seed), lambda: texture(fn, seed))


# --------------------------------------------------------------------------
# vector drawing at 4x
# --------------------------------------------------------------------------
def new_layer(fill=(0, 0, 0, 0)):
    s = pygame.Surface((BIG, BIG), pygame.SRCALPHA)
    s.fill(fill)
    return s


def blur(surf, px):
    """Soft blur of about px canvas pixels (by scaling down and up twice)."""
    if px <= 0:
        return surf
    w, h = surf.get_size()
    f = px * S
    sw, sh = max(1, int(w / f)), max(1, int(h / f))
    for _ in range(2):
        small = pygame.transform.smoothscale(surf, (sw, sh))
        surf = pygame.transform.smoothscale(small, (w, h))
    return surf


def ellipse_pts(c, rx, ry, ang=0.0, n=40):
    ca, sa = math.cos(ang), math.sin(ang)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((c[0] + x * ca - y * sa, c[1] + x * sa + y * ca))
    return pts


def rect_pts(c, hw, hh, ang=0.0):
    ca, sa = math.cos(ang), math.sin(ang)
    out = []
    for x, y in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)):
        out.append((c[0] + x * ca - y * sa, c[1] + x * sa + y * ca))
    return out


def centroid(pts):
    return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))


def inset(pts, d):
    """Move vertices of a convex polygon towards its centroid by d pixels."""
    c = centroid(pts)
    out = []
    for x, y in pts:
        dx, dy = c[0] - x, c[1] - y
        L = math.hypot(dx, dy) or 1.0
        k = min(d / L, 0.9)
        out.append((x + dx * k, y + dy * k))
    return out


def chamfer(pts, r):
    """Cut every corner of a polygon by r pixels (worn edges)."""
    out = []
    n = len(pts)
    for i in range(n):
        p0, p1, p2 = pts[i - 1], pts[i], pts[(i + 1) % n]
        for q in (p0, p2):
            dx, dy = q[0] - p1[0], q[1] - p1[1]
            L = math.hypot(dx, dy) or 1.0
            k = min(r / L, 0.45)
            out.append((p1[0] + dx * k, p1[1] + dy * k))
    return out


class Drawer:
    """Draws in canvas coordinates on a 4x surface, optionally offset and in a
    single override colour (used for shadow silhouettes and masks)."""

    def __init__(self, surf, off=(0.0, 0.0), color=None):
        self.surf = surf
        self.off = off
        self.color = color

    def c(self, col):
        return self.color if self.color is not None else col

    def P(self, p):
        return ((p[0] + self.off[0]) * S, (p[1] + self.off[1]) * S)

    @property
    def silhouette(self):
        return self.color is not None

    def poly(self, pts, col):
        pygame.draw.polygon(self.surf, self.c(col), [self.P(p) for p in pts])

    def circle(self, c, r, col, width=0):
        w = max(1, round(width * S)) if width else 0
        pygame.draw.circle(self.surf, self.c(col), self.P(c), r * S, w)

    def ellipse(self, c, rx, ry, col, ang=0.0):
        self.poly(ellipse_pts(c, rx, ry, ang), col)

    def line(self, a, b, col, w=1.0, caps=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        L = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / L * w / 2, dx / L * w / 2
        self.poly([(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
                   (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)], col)
        if caps:
            self.circle(a, w / 2, col)
            self.circle(b, w / 2, col)

    def polyline(self, pts, col, w=1.0, closed=False):
        seq = list(pts) + ([pts[0]] if closed else [])
        for a, b in zip(seq, seq[1:]):
            self.line(a, b, col, w)
        for p in (seq if closed else seq[1:-1]):
            self.circle(p, w / 2, col)

    def textured(self, pts, tex, tint=None):
        """Fill polygon with a 4x texture surface (tint=(rgb, alpha) overlay)."""
        if self.silhouette:
            self.poly(pts, None)
            return
        mask = new_layer()
        pygame.draw.polygon(mask, (255, 255, 255, 255), [self.P(p) for p in pts])
        lay = new_layer((0, 0, 0, 255))
        lay.blit(tex, (0, 0))
        lay.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(lay, (0, 0))
        if tint:
            t = new_layer()
            pygame.draw.polygon(t, (*tint[0], tint[1]), [self.P(p) for p in pts])
            self.surf.blit(t, (0, 0))

    def bevel(self, pts, hi, lo, w=1.0, strength=1.0, alpha=255):
        """Rim light on edges facing the light, dark rim on the others."""
        if self.silhouette:
            return
        c = centroid(pts)
        n = len(pts)
        for i in range(n):
            a, b = pts[i], pts[(i + 1) % n]
            dx, dy = b[0] - a[0], b[1] - a[1]
            L = math.hypot(dx, dy)
            if L < 1e-6:
                continue
            nx, ny = dy / L, -dx / L
            mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
            if (mx - c[0]) * nx + (my - c[1]) * ny < 0:
                nx, ny = -nx, -ny
            f = (nx * TO_LIGHT[0] + ny * TO_LIGHT[1]) * strength
            off = (-nx * w / 2, -ny * w / 2)
            aa = (a[0] + off[0], a[1] + off[1])
            bb = (b[0] + off[0], b[1] + off[1])
            if f > 0.05:
                col = (*hi[:3], int(alpha * min(1.0, f)))
            elif f < -0.05:
                col = (*lo[:3], int(alpha * min(1.0, -f)))
            else:
                continue
            lay = _BEVEL_LAYER
            lay.fill((0, 0, 0, 0))
            Drawer(lay).line(aa, bb, col, w)
            self.surf.blit(lay, (0, 0))


_BEVEL_LAYER = None


class Ctx:
    """One tile being drawn: a 4x opaque canvas plus post-pass settings."""

    def __init__(self, base_tex, seed):
        self.big = base_tex.copy()
        self.seed = seed
        self.rng = random.Random(seed)
        self.glows = []
        self.bevel_amp = 1.0       # strength of the hexagon's rim light
        self.vignette = 1.0
        self.grain = 5.0
        self.d = Drawer(self.big)

    # translucent drawing ---------------------------------------------------
    def layer(self, fn, alpha_blur=0.0):
        lay = new_layer()
        fn(Drawer(lay))
        if alpha_blur:
            lay = blur(lay, alpha_blur)
        self.big.blit(lay, (0, 0))

    def overlay(self, surf):
        self.big.blit(surf, (0, 0))

    def cast_shadow(self, fn, length=4.0, blur_px=2.0, alpha=150, steps=None, color=SHADOW):
        lay = new_layer((*color, 0))
        n = steps if steps is not None else max(1, int(length * 1.5))
        for i in range(n + 1):
            t = length * i / n
            fn(Drawer(lay, off=(SHDIR[0] * t, SHDIR[1] * t), color=(*color, alpha)))
        lay = blur(lay, blur_px)
        self.big.blit(lay, (0, 0))

    def contact(self, fn, alpha=110):
        """Tight ambient-occlusion shadow right under an object."""
        self.cast_shadow(fn, length=1.2, blur_px=1.0, alpha=alpha, steps=2)

    def emboss(self, fn, k=0.9, floor=(0, 0, 0, 60), dark=(20, 10, 30, 150),
               bright=(255, 220, 170, 90)):
        """A depression shaped like fn's silhouette: shadowed upper-left inner
        wall, lit lower-right inner wall, darker floor."""
        lay = new_layer(dark)
        fn(Drawer(lay, off=(SHDIR[0] * k, SHDIR[1] * k), color=floor))
        lay2 = new_layer(bright)
        fn(Drawer(lay2, off=(-SHDIR[0] * k, -SHDIR[1] * k), color=(0, 0, 0, 0)))
        lay.blit(lay2, (0, 0))
        mask = new_layer()
        fn(Drawer(mask, color=(255, 255, 255, 255)))
        lay.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.big.blit(lay, (0, 0))

    def darken(self, color, alpha):
        lay = new_layer((*color, alpha))
        self.big.blit(lay, (0, 0))


# --------------------------------------------------------------------------
# shared pieces
# --------------------------------------------------------------------------
def shaded_disc(d, c, r, dark, mid, light, steps=14, spread=0.45):
    """A dome / sphere-like disc lit from the upper left."""
    if d.silhouette:
        d.circle(c, r, None)
        return
    for i in range(steps):
        t = i / (steps - 1)
        rr = r * (1 - t * 0.85)
        shift = r * spread * t
        cc = (c[0] + TO_LIGHT[0] * shift, c[1] + TO_LIGHT[1] * shift)
        col = ramp([(0.0, dark), (0.45, mid), (1.0, light)], t)
        d.circle(cc, rr, col8(col))


def disc_rim(d, c, r, col, hi, lo, w=1.2, fill=True):
    """Flat disc with a lit upper-left rim and a dark lower-right rim."""
    if fill:
        d.circle(c, r, col)
    if d.silhouette:
        return
    n = 48
    for i in range(n):
        a0 = 2 * math.pi * i / n
        a1 = 2 * math.pi * (i + 1) / n
        am = (a0 + a1) / 2
        f = math.cos(am) * TO_LIGHT[0] + math.sin(am) * TO_LIGHT[1]
        rc = r - w / 2
        p0 = (c[0] + rc * math.cos(a0), c[1] + rc * math.sin(a0))
        p1 = (c[0] + rc * math.cos(a1), c[1] + rc * math.sin(a1))
        d.line(p0, p1, lit(col, hi, lo, f), w)


def cylinder(d, p0, p1, r, stops, flutes=0, n=16, cap=True):
    """A cylinder (column drum) lying on the ground from p0 to p1, with the
    end face at p0 shown slightly foreshortened."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    L = math.hypot(dx, dy)
    ax, ay = dx / L, dy / L
    nx, ny = -ay, ax
    capr = r * 0.38 if cap else 0.0
    if d.silhouette:
        d.poly([(p0[0] + nx * r, p0[1] + ny * r), (p1[0] + nx * r, p1[1] + ny * r),
                (p1[0] - nx * r, p1[1] - ny * r), (p0[0] - nx * r, p0[1] - ny * r)], None)
        d.poly(ellipse_pts(p0, capr + 0.01, r, math.atan2(ay, ax)), None)
        d.poly(ellipse_pts(p1, capr + 0.01, r, math.atan2(ay, ax)), None)
        return

    def strip_col(tm):
        nz = math.sqrt(max(0.0, 1 - tm * tm))
        b = (nx * tm) * L3[0] + (ny * tm) * L3[1] + nz * L3[2]
        return col8(ramp(stops, 0.3 + 0.6 * b))
    ang = math.atan2(ay, ax)
    for k in range(n):
        t0 = -1 + 2 * k / n
        t1 = -1 + 2 * (k + 1) / n
        col = strip_col((t0 + t1) / 2)
        s0 = math.sin(t0 * math.pi / 2)
        s1 = math.sin(t1 * math.pi / 2)
        d.poly([(p0[0] + nx * r * s0, p0[1] + ny * r * s0), (p1[0] + nx * r * s0, p1[1] + ny * r * s0),
                (p1[0] + nx * r * s1, p1[1] + ny * r * s1), (p0[0] + nx * r * s1, p0[1] + ny * r * s1)], col)
        # the far end bulges: extend each strip by the cap ellipse's half-width there
        e = capr * math.sqrt(max(0.0, 1 - ((s0 + s1) / 2) ** 2))
        q0 = (p1[0] + nx * r * s0, p1[1] + ny * r * s0)
        q1 = (p1[0] + nx * r * s1, p1[1] + ny * r * s1)
        d.poly([q0, (q0[0] + ax * e, q0[1] + ay * e), (q1[0] + ax * e, q1[1] + ay * e), q1], col)
    for k in range(flutes):
        phi = -math.pi / 2 + math.pi * (k + 0.5) / flutes
        s = math.sin(phi)
        a = (p0[0] + nx * r * s, p0[1] + ny * r * s)
        b = (p1[0] + nx * r * s, p1[1] + ny * r * s)
        wgt = math.cos(phi)
        lay_col = strip_col(s)
        d.line(a, b, mixc(lay_col, (30, 24, 50), 0.35), 0.5 + 0.5 * wgt)
        off = 0.7 * wgt
        d.line((a[0] + TO_LIGHT[0] * off, a[1] + TO_LIGHT[1] * off),
               (b[0] + TO_LIGHT[0] * off, b[1] + TO_LIGHT[1] * off), mixc(lay_col, (255, 240, 210), 0.25), 0.4)
    if cap:
        # the near end face, seen a little from the side: broken, lighter stone
        face = ellipse_pts(p0, capr, r, ang, 40)
        fcol = col8(ramp(stops, 0.72))
        d.poly(face, fcol)
        d.poly(ellipse_pts((p0[0] - ax * capr * 0.15, p0[1] - ay * capr * 0.15), capr * 0.55, r * 0.55, ang, 24),
               mixc(fcol, (255, 236, 206), 0.25))
        d.circle((p0[0] - ax * capr * 0.1, p0[1] - ay * capr * 0.1), max(0.8, r * 0.1), (60, 52, 66))
        d.polyline(face, mixc(fcol, (40, 32, 60), 0.5), 0.6, closed=True)


def pebble(ctx, c, r, seed, stops=ROCK_RAMP):
    if math.dist(c, (CX, CY)) > 50 - r:
        return     # keep everything well inside the hexagon
    rng = random.Random(seed)
    ang = rng.uniform(0, math.pi)
    ry = r * rng.uniform(0.6, 0.9)

    def body(d):
        d.ellipse(c, r, ry, (0, 0, 0), ang)
    ctx.cast_shadow(body, length=max(0.8, r * 0.5), blur_px=0.6, alpha=130)
    d = ctx.d
    d.ellipse(c, r, ry, col8(ramp(stops, 0.35 + rng.uniform(-0.1, 0.1))), ang)
    hc = (c[0] + TO_LIGHT[0] * r * 0.3, c[1] + TO_LIGHT[1] * r * 0.3)
    d.ellipse(hc, r * 0.6, ry * 0.55, col8(ramp(stops, 0.85)), ang)


def voronoi(points, gap, box=(-20, -20, CAN + 20, CAN + 20)):
    cells = []
    x0, y0, x1, y1 = box
    for i, p in enumerate(points):
        poly = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        for j, q in enumerate(points):
            if i == j:
                continue
            nx, ny = q[0] - p[0], q[1] - p[1]
            L = math.hypot(nx, ny)
            nx, ny = nx / L, ny / L
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            cval = mx * nx + my * ny - gap / 2
            poly = _clip(poly, nx, ny, cval)
            if not poly:
                break
        if len(poly) >= 3:
            cells.append(poly)
    return cells


def _clip(poly, nx, ny, c):
    out = []
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        da = a[0] * nx + a[1] * ny - c
        db = b[0] * nx + b[1] * ny - c
        if da <= 0:
            out.append(a)
        if (da < 0) != (db < 0) and da != db:
            t = da / (da - db)
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    return out


def paint_slabs(ctx, polys, tex, rng, hi=(236, 176, 120), lo=(24, 18, 40), tint_amt=26,
                rim_w=0.9, rim_strength=1.0, gap_col=(40, 30, 44), rim_alpha=170):
    """Flagstones / blocks: dark joints, textured slabs, warm rim light."""
    d = ctx.d
    ctx.layer(lambda dd: [dd.poly(inset(p, -0.6), (*gap_col, 215)) for p in polys], alpha_blur=0.4)
    for p in polys:
        v = rng.uniform(-1, 1)
        if v > 0:
            tint = ((255, 226, 190), int(tint_amt * v))
        else:
            tint = ((20, 20, 46), int(tint_amt * 1.3 * -v))
        d.textured(p, tex, tint)
    for p in polys:
        d.bevel(p, hi, lo, w=rim_w, strength=rim_strength, alpha=rim_alpha)


def flag_rects(rng, row_h=(17, 23), widths=(20, 34), gap=1.0, jit=0.7, y_start=None):
    polys = []
    y = -rng.uniform(2, 12) if y_start is None else y_start
    while y < CAN + 2:
        h = rng.uniform(*row_h)
        x = -rng.uniform(0, 22)
        while x < CAN + 2:
            w = rng.uniform(*widths)
            j = lambda: rng.uniform(-jit, jit)  # noqa: E731
            g = gap / 2
            polys.append([(x + g + j(), y + g + j()), (x + w - g + j(), y + g + j()),
                          (x + w - g + j(), y + h - g + j()), (x + g + j(), y + h - g + j())])
            x += w
        y += h
    return polys


def sand_base(seed, **kw):
    return sand_tex(seed, **kw)


# --------------------------------------------------------------------------
# floor tiles
# --------------------------------------------------------------------------
def t_sand_a(ctx):
    ctx.grain = 5.0


def t_sand_b(ctx):
    # a few faint wind ripples / scuffs
    rng = ctx.rng
    for _ in range(3):
        x, y = rng.uniform(20, 108), rng.uniform(20, 108)
        ang = rng.uniform(0, math.pi)
        L = rng.uniform(10, 20)
        a = (x - math.cos(ang) * L, y - math.sin(ang) * L)
        b = (x + math.cos(ang) * L, y + math.sin(ang) * L)

        def groove(d, a=a, b=b):
            d.line(a, b, (0, 0, 0), 1.6, caps=True)
        ctx.emboss(groove, k=0.5, floor=(40, 20, 30, 40), dark=(30, 16, 40, 90), bright=(255, 220, 170, 60))


def t_sand_c(ctx):
    rng = ctx.rng
    for i in range(3):
        pebble(ctx, (rng.uniform(24, 104), rng.uniform(24, 104)), rng.uniform(1.8, 3.0), ctx.seed + i,
               stops=PEBBLE_RAMP)


SOLE = [(0, -10), (2.4, -9.6), (3.9, -7.2), (4.2, -3.5), (3.6, 0.5), (3.1, 4.5), (3.3, 7.8),
        (2.5, 10.0), (0, 10.9), (-2.5, 10.1), (-3.3, 8.0), (-2.9, 4.2), (-3.6, 0.2),
        (-4.2, -3.8), (-3.9, -7.4), (-2.1, -9.7)]


def sole_pts(c, ang, left, scale=0.85):
    ca, sa = math.cos(ang), math.sin(ang)
    out = []
    for x, y in SOLE:
        x *= scale * (-1 if left else 1)
        y *= scale
        out.append((c[0] + x * ca - y * sa, c[1] + x * sa + y * ca))
    return out


def t_sand_footprints(ctx):
    # a trail of hobnailed sandals (caligae) from lower left to upper right
    fwd = _norm(0.55, -0.84)
    side = (-fwd[1], fwd[0])
    ang = math.atan2(fwd[1], fwd[0]) + math.pi / 2
    start = (30, 112)
    for i in range(6):
        left = i % 2 == 0
        s = 5.0 if left else -5.0
        c = (start[0] + fwd[0] * 20 * i + side[0] * s, start[1] + fwd[1] * 20 * i + side[1] * s)
        pts = sole_pts(c, ang + ctx.rng.uniform(-0.12, 0.12), left, scale=1.0)
        ctx.emboss(lambda d, pts=pts: d.poly(pts, (0, 0, 0)), k=1.0,
                   floor=(50, 24, 40, 70), dark=(22, 10, 36, 190), bright=(255, 226, 170, 150))
        # hobnails
        ctx.layer(lambda d, pts=pts, c=c: [d.circle(lerp2(p, c, 0.3), 0.5, (30, 16, 30, 150))
                                            for p in pts[::2]])
    # a big cat's paw prints crossing the other way
    fwd2 = _norm(-0.9, -0.3)
    start2 = (110, 94)
    for i in range(3):
        o = 2.5 if i % 2 else -2.5
        c = (start2[0] + fwd2[0] * 18 * i + o, start2[1] + fwd2[1] * 18 * i + o)
        a2 = math.atan2(fwd2[1], fwd2[0])

        def paw(d, c=c, a2=a2):
            d.ellipse(c, 2.8, 3.4, (0, 0, 0), a2)
            for k in (-1.2, -0.4, 0.4, 1.2):
                ta = a2 + k * 0.55
                d.circle((c[0] + math.cos(ta) * 5.3, c[1] + math.sin(ta) * 5.3), 1.35, (0, 0, 0))
        ctx.emboss(paw, k=0.7, floor=(50, 24, 40, 70), dark=(22, 10, 36, 180), bright=(255, 226, 170, 130))


def blob_pts(c, r, seed, n=36, rough=0.3, sx=1.0, sy=1.0):
    vn = ValueNoise(seed)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        k = 1 + rough * (vn.fbm(math.cos(t) * 1.5 + 5, math.sin(t) * 1.5 + 5, 2) - 0.5) * 2
        pts.append((c[0] + math.cos(t) * r * k * sx, c[1] + math.sin(t) * r * k * sy))
    return pts


def t_sand_stain(ctx):
    rng = ctx.rng
    main = blob_pts((60, 66), 22, ctx.seed, n=48, rough=0.45, sx=1.2, sy=0.85)
    lobe = blob_pts((80, 78), 9, ctx.seed + 1, rough=0.4)
    drops = [((rng.uniform(30, 100), rng.uniform(34, 100)), rng.uniform(0.8, 2.2)) for _ in range(9)]

    def stain(d, col):
        d.poly(main, col)
        d.poly(lobe, col)
        for c, r in drops:
            d.circle(c, r, col)
    ctx.layer(lambda d: stain(d, (70, 16, 22, 120)), alpha_blur=0.8)
    ctx.layer(lambda d: d.poly(inset(main, 5), (40, 6, 16, 70)), alpha_blur=2.0)
    # the dried edge is darker
    ctx.layer(lambda d: d.polyline(main, (46, 8, 16, 110), 1.1, closed=True), alpha_blur=0.3)
    ctx.grain = 6.0


def t_sand_raked(ctx):
    # parallel, gently curving grooves of a freshly raked arena floor
    for k in range(-8, 30):
        base = k * 5.4
        pts = [(x, base + 0.28 * x + 3.5 * math.sin(x / 26.0 + k * 0.15)) for x in range(-4, 136, 4)]
        ctx.layer(lambda d, pts=pts: d.polyline([(x + 0.5, y + 1.1) for x, y in pts],
                                                (255, 222, 166, 60), 1.5), alpha_blur=0.3)
        ctx.layer(lambda d, pts=pts: d.polyline(pts, (36, 16, 44, 85), 1.2), alpha_blur=0.3)
    ctx.grain = 3.5


def stone_floor(ctx, kind, seed):
    rng = random.Random(seed)
    tex = stone_tex(seed % 3 + 100)
    if kind == "rect":
        polys = [chamfer(p, 1.2) for p in flag_rects(rng, gap=1.6)]
    else:
        pts = []
        for gy in range(-1, 6):
            for gx in range(-1, 6):
                pts.append((gx * 27 + rng.uniform(-8, 8) + (10 if gy % 2 else 0), gy * 27 + rng.uniform(-8, 8)))
        polys = [chamfer(p, 1.6) for p in voronoi(pts, 1.8)]
    ctx.darken((30, 20, 30), 120)
    paint_slabs(ctx, polys, tex, rng)
    return polys


def t_stone_a(ctx):
    stone_floor(ctx, "rect", 11)


def t_stone_b(ctx):
    stone_floor(ctx, "voronoi", 23)


def crack_path(rng, a, ang, n, step):
    pts = [a]
    for _ in range(n):
        ang += rng.uniform(-0.6, 0.6)
        x, y = pts[-1]
        pts.append((x + math.cos(ang) * step, y + math.sin(ang) * step))
    return pts


def t_stone_cracked(ctx):
    stone_floor(ctx, "rect", 37)
    rng = ctx.rng
    # a broken-out corner showing sand below
    hole = blob_pts((80, 46), 10, 5, rough=0.55, n=22)
    ctx.d.textured(hole, sand_tex(3, bright=-0.12))
    ctx.emboss(lambda d: d.poly(hole, None), k=1.6, floor=(30, 14, 40, 60), dark=(14, 8, 26, 200),
               bright=(255, 210, 150, 110))
    for k in range(3):
        pebble(ctx, (80 + rng.uniform(-4, 4), 47 + rng.uniform(-4, 4)), rng.uniform(1.2, 2.0), 50 + k,
               stops=STONE_RAMP)
    # cracks: jagged, lit on the far edge
    cracks = [crack_path(rng, (72, 53), 2.3, 6, 6.0), crack_path(rng, (88, 55), 1.4, 5, 6.0),
              crack_path(rng, (30, 74), 0.1, 6, 6.0), crack_path(rng, (50, 100), -0.6, 4, 5.5)]
    for cp in cracks:
        ctx.layer(lambda d, cp=cp: d.polyline([(x + 0.5, y + 0.7) for x, y in cp], (255, 206, 150, 80), 0.8))
        ctx.layer(lambda d, cp=cp: d.polyline(cp, (14, 8, 24, 230), 1.0))
        br = crack_path(rng, cp[len(cp) // 2], rng.uniform(0, 6.28), 2, 4.0)
        ctx.layer(lambda d, br=br: d.polyline(br, (14, 8, 24, 170), 0.6))


MOSAIC = TILE_MOSAIC


def mosaic_color(x, y):
    dx, dy = x - CX, y - CY
    r = math.hypot(dx, dy)
    a = math.atan2(dy, dx)
    if r > 46.5:
        return "field"
    if r > 43.5:
        return "black"
    if r > 36.5:
        # a ring of stepped triangles (red on cream)
        sector = (a + math.pi) / (2 * math.pi) * 24
        u = sector - math.floor(sector)
        v = (r - 36.5) / 7.0
        return "red" if v < 1 - abs(2 * u - 1) else "cream"
    if r > 33.5:
        return "black"
    # two interlaced squares (black and red outlines) on cream, ochre heart
    sq1 = max(abs(dx), abs(dy))
    sq2 = max(abs(dx + dy), abs(dx - dy)) / math.sqrt(2)
    if r < 3.2:
        return "cream"
    if r < 6.5:
        return "red"
    if r < 9.2:
        return "black" if r > 8.0 else "ochre"
    if 19.5 < sq2 < 22.6:
        return "red"
    if 19.5 < sq1 < 22.6:
        return "black"
    if sq1 < 19.5 and sq2 < 19.5:
        return "ochre" if min(sq1, sq2) > 15.5 else "cream"
    return "cream"


def t_stone_mosaic(ctx):
    rng = ctx.rng
    d = ctx.d
    ctx.darken((34, 28, 36), 255)
    step = 3.0
    n = int(CAN / step) + 2
    vn = ValueNoise(77)
    off = (CX - step / 2) % step
    for j in range(-1, n):
        for i in range(-1, n):
            x = i * step + off + rng.uniform(-0.2, 0.2)
            y = j * step + off + rng.uniform(-0.2, 0.2)
            name = mosaic_color(x + step / 2, y + step / 2)
            col = MOSAIC[name]
            wear = vn.fbm(x / 24, y / 24, 2)
            if rng.random() < 0.008 + max(0, wear - 0.66) * 0.5:
                continue   # a lost tessera
            f = rng.uniform(0.9, 1.06) * (0.94 + 0.14 * wear)
            c = shade(col, f)
            s = step - 0.6
            pts = [(x, y), (x + s, y), (x + s, y + s), (x, y + s)]
            d.poly(pts, c)
            d.line((x, y + 0.25), (x + s, y + 0.25), mixc(c, (255, 226, 180), 0.22), 0.5)
            d.line((x + s - 0.25, y), (x + s - 0.25, y + s), mixc(c, (20, 14, 40), 0.25), 0.5)
    ctx.grain = 3.0


def t_grate(ctx):
    stone_floor(ctx, "rect", 53)
    d = ctx.d
    c = (CX, CY)
    R = 25
    # square stone surround slab
    slab = chamfer(rect_pts(c, 30, 30), 3)
    ctx.contact(lambda dd: dd.poly(slab, (0, 0, 0)), alpha=90)
    d.textured(slab, stone_tex(104, WALL_RAMP), ((20, 20, 46), 30))
    d.bevel(slab, (240, 180, 120), (20, 14, 36), w=1.4)
    # the drain pit
    d.circle(c, R, (8, 6, 14))
    for i in range(10):
        t = i / 9
        d.circle((c[0] + SHDIR[0] * 5 * t, c[1] + SHDIR[1] * 5 * t), R * (1 - 0.6 * t),
                 mixc((8, 6, 14), (34, 26, 46), t))
    # faint water glint deep down
    ctx.layer(lambda dd: dd.ellipse((c[0] + 6, c[1] + 7), 8, 3, (255, 170, 90, 40), 0.2), alpha_blur=1.5)
    bars = [c[0] - R + 5 + k * (2 * R - 10) / 6 for k in range(7)]
    cross = [c[1] - 10, c[1] + 10]

    def grille(dd):
        for x in bars:
            h = math.sqrt(max(0, R * R - (x - c[0]) ** 2)) - 0.5
            dd.line((x, c[1] - h), (x, c[1] + h), IRON, 2.4)
        for y in cross:
            h = math.sqrt(max(0, R * R - (y - c[1]) ** 2)) - 0.5
            dd.line((c[0] - h, y), (c[0] + h, y), IRON, 2.2)

    # shadow of the bars on the pit floor
    lay = new_layer((*SHADOW, 0))
    grille(Drawer(lay, off=(SHDIR[0] * 3.5, SHDIR[1] * 3.5), color=(*SHADOW, 200)))
    lay = blur(lay, 0.8)
    mask = new_layer()
    Drawer(mask).circle(c, R, (255, 255, 255, 255))
    lay.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    ctx.overlay(lay)
    grille(d)
    for x in bars:
        h = math.sqrt(max(0, R * R - (x - c[0]) ** 2)) - 1
        d.line((x - 0.7, c[1] - h), (x - 0.7, c[1] + h), IRON_HI, 0.7)
    for y in cross:
        h = math.sqrt(max(0, R * R - (y - c[1]) ** 2)) - 1
        d.line((c[0] - h, y - 0.6), (c[0] + h, y - 0.6), IRON_HI, 0.6)
        for x in bars:
            d.circle((x, y), 1.5, IRON)
            d.circle((x - 0.4, y - 0.4), 0.7, IRON_HI)
    # iron ring frame with rust
    d.circle(c, R + 2.2, IRON, 3.2)
    ctx.layer(lambda dd: [dd.circle((c[0] + math.cos(a) * (R + 1.5), c[1] + math.sin(a) * (R + 1.5)),
                                    ctx.rng.uniform(1, 2.2), (140, 70, 36, 110))
                          for a in [ctx.rng.uniform(0, 6.28) for _ in range(7)]], alpha_blur=0.5)
    for i in range(48):
        a0 = 2 * math.pi * i / 48
        a1 = 2 * math.pi * (i + 1) / 48
        f = math.cos((a0 + a1) / 2) * TO_LIGHT[0] + math.sin((a0 + a1) / 2) * TO_LIGHT[1]
        p0 = (c[0] + (R + 3) * math.cos(a0), c[1] + (R + 3) * math.sin(a0))
        p1 = (c[0] + (R + 3) * math.cos(a1), c[1] + (R + 3) * math.sin(a1))
        d.line(p0, p1, lit(IRON, IRON_HI, IRON_DK, f), 0.9)
    for k in range(8):
        a = k * math.pi / 4 + math.pi / 8
        p = (c[0] + math.cos(a) * (R + 2.2), c[1] + math.sin(a) * (R + 2.2))
        d.circle(p, 1.0, IRON_HI)


def t_sand_scattered(ctx):
    rng = ctx.rng
    for i in range(6):
        pebble(ctx, (rng.uniform(26, 102), rng.uniform(26, 102)), rng.uniform(1.4, 2.8), ctx.seed * 3 + i,
               stops=PEBBLE_RAMP)
    # a broken spear: shaft in two pieces, leaf-shaped iron head
    a1, b1 = (30, 86), (66, 62)
    a2, b2 = (70, 63), (92, 46)
    wood = (130, 84, 48)

    def spear(d):
        d.line(a1, b1, wood, 2.2)
        d.line(a2, b2, wood, 2.2)
        # head
        ang = math.atan2(b2[1] - a2[1], b2[0] - a2[0])
        tip = (b2[0] + math.cos(ang) * 13, b2[1] + math.sin(ang) * 13)
        d.poly(ellipse_pts(((b2[0] + tip[0]) / 2, (b2[1] + tip[1]) / 2), 7.5, 2.6, ang, 20), IRON)
    ctx.cast_shadow(spear, length=1.8, blur_px=0.8, alpha=150)
    d = ctx.d
    spear(d)
    d.line((a1[0] - 0.5, a1[1] - 0.7), (b1[0] - 0.5, b1[1] - 0.7), (186, 128, 72), 0.8)
    d.line((a2[0] - 0.5, a2[1] - 0.7), (b2[0] - 0.5, b2[1] - 0.7), (186, 128, 72), 0.8)
    ang = math.atan2(b2[1] - a2[1], b2[0] - a2[0])
    tip = (b2[0] + math.cos(ang) * 13, b2[1] + math.sin(ang) * 13)
    mid = ((b2[0] + tip[0]) / 2, (b2[1] + tip[1]) / 2)
    d.line(b2, tip, IRON_HI, 0.8)
    d.line((mid[0] - 1, mid[1] - 1), (tip[0] - 1, tip[1] - 0.5), (230, 210, 190), 0.5)
    # splinters at the break
    for p, s in ((b1, 1), (a2, -1)):
        for k in range(3):
            q = (p[0] + s * rng.uniform(1.5, 3.5), p[1] - s * rng.uniform(-1.5, 1.5))
            d.line(p, q, (170, 120, 70), 0.6)
    # binding below the head
    d.line((b2[0] - math.cos(ang) * 2, b2[1] - math.sin(ang) * 2), b2, (70, 40, 30), 2.8)


# --------------------------------------------------------------------------
# blocked tiles
# --------------------------------------------------------------------------
def ashlar(ctx, seed, row_h=(20, 24), widths=(30, 44), drafted=True, keep=None):
    rng = random.Random(seed)
    polys = [chamfer(p, 1.0) for p in flag_rects(rng, row_h=row_h, widths=widths, gap=2.2, jit=0.5)]
    if keep:
        polys = [p for p in polys if keep(p)]
    tex = stone_tex(200 + seed % 2, WALL_RAMP, scale=10.0)
    paint_slabs(ctx, polys, tex, rng, hi=(255, 196, 130), lo=(18, 12, 34), tint_amt=34,
                rim_w=1.6, rim_strength=1.0, gap_col=(16, 10, 24))
    if drafted:
        for p in polys:
            q = inset(p, 3.2)
            ctx.layer(lambda dd, q=q: dd.bevel(q, (20, 14, 36, 90), (255, 220, 170, 70), w=0.8))
    return polys


def t_wall(ctx):
    ctx.darken((10, 6, 16), 255)
    ashlar(ctx, 1)
    ctx.bevel_amp = 2.6
    ctx.vignette = 0.6


def t_pillar(ctx):
    stone_floor(ctx, "rect", 61)
    d = ctx.d
    c = (CX - 5, CY - 5)
    plinth = chamfer(rect_pts(c, 27, 27), 2.5)
    plinth2 = chamfer(rect_pts(c, 23.5, 23.5), 2)
    ctx.cast_shadow(lambda dd: dd.poly(plinth, None), length=4, blur_px=1.5, alpha=170)
    d.textured(plinth, marble_tex(5), ((30, 30, 60), 70))
    d.bevel(plinth, (255, 210, 150), (20, 14, 40), w=1.6)
    d.textured(plinth2, marble_tex(6), ((30, 30, 60), 35))
    d.bevel(plinth2, (255, 210, 150), (20, 14, 40), w=1.2)
    # the column's long shadow across plinth and floor
    R = 22
    lay = new_layer((*SHADOW, 0))
    for i in range(40):
        t = 46 * i / 39
        Drawer(lay, off=(SHDIR[0] * t, SHDIR[1] * t), color=(*SHADOW, 190)).circle(c, R - 1.5, None)
    lay = blur(lay, 2.0)
    ctx.overlay(lay)
    # capital: a rounded torus (echinus), then the fluted shaft top
    shaded_disc(d, c, R, (64, 60, 86), (164, 156, 160), (240, 226, 206), spread=0.42, steps=18)
    d.circle(c, R, (50, 44, 66), 0.8)
    r0 = 16.0
    flutes = 20
    scal = []
    for k in range(200):
        a = 2 * math.pi * k / 200
        r = r0 - 1.0 * abs(math.sin(a * flutes / 2)) ** 0.5
        scal.append((c[0] + math.cos(a) * r, c[1] + math.sin(a) * r))
    ctx.cast_shadow(lambda dd: dd.poly(scal, None), length=1.2, blur_px=0.7, alpha=130)
    d.textured(scal, marble_tex(7), ((255, 206, 150), 10))
    ctx.layer(lambda dd: dd.bevel(scal, (255, 236, 200, 140), (40, 30, 60, 150), w=1.0))
    for k in range(flutes):
        a = 2 * math.pi * k / flutes
        p0 = (c[0] + math.cos(a) * (r0 - 1.0), c[1] + math.sin(a) * (r0 - 1.0))
        p1 = (c[0] + math.cos(a) * (r0 - 3.0), c[1] + math.sin(a) * (r0 - 3.0))
        ctx.layer(lambda dd, p0=p0, p1=p1: dd.line(p0, p1, (60, 50, 76, 90), 0.6))
    # weathered top: a few cracks and the dowel hole
    rng = random.Random(8)
    for _ in range(2):
        cp = crack_path(rng, (c[0] + rng.uniform(-4, 4), c[1] + rng.uniform(-4, 4)), rng.uniform(0, 6.28), 3, 3.0)
        ctx.layer(lambda dd, cp=cp: dd.polyline(cp, (60, 50, 70, 150), 0.5))
    d.circle(c, 2.8, (90, 80, 90))
    d.circle((c[0] + 0.5, c[1] + 0.6), 2.0, (30, 24, 36))
    ctx.bevel_amp = 1.0


def seg_dist(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    L2 = dx * dx + dy * dy or 1.0
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L2))
    return math.hypot(p[0] - a[0] - dx * t, p[1] - a[1] - dy * t)


def amphora(ctx, base, tip, w):
    """An amphora lying on its side: body from base (pointed foot) to the neck."""
    d = ctx.d
    dx, dy = tip[0] - base[0], tip[1] - base[1]
    L = math.hypot(dx, dy)
    ax, ay = dx / L, dy / L
    ang = math.atan2(ay, ax)
    body_c = (base[0] + ax * L * 0.45, base[1] + ay * L * 0.45)
    neck0 = (base[0] + ax * L * 0.78, base[1] + ay * L * 0.78)
    TER = [(0.0, (74, 30, 28)), (0.5, (158, 74, 46)), (1.0, (226, 140, 92))]

    def sil(dd):
        dd.ellipse(body_c, L * 0.45, w, None, ang)
        dd.line(neck0, tip, None, w * 0.8)
    ctx.contact(sil, alpha=140)
    ctx.cast_shadow(sil, length=2.5, blur_px=1.2, alpha=140)
    # body shaded like a fat cylinder
    for k in range(10):
        t = k / 9
        rr = 1 - 0.78 * t
        cc = (body_c[0] + TO_LIGHT[0] * w * 0.45 * t, body_c[1] + TO_LIGHT[1] * w * 0.45 * t)
        d.ellipse(cc, L * 0.45 * (1 - 0.5 * t), w * rr, col8(ramp(TER, 0.15 + 0.85 * t)), ang)
    d.line(neck0, tip, col8(ramp(TER, 0.45)), w * 0.75)
    d.line((neck0[0] - 0.4, neck0[1] - 0.5), (tip[0] - 0.4, tip[1] - 0.5), col8(ramp(TER, 0.85)), w * 0.2)
    d.circle(tip, w * 0.55, col8(ramp(TER, 0.6)))
    d.circle(tip, w * 0.3, (40, 18, 20))
    # handles
    nx, ny = -ay, ax
    for s in (-1, 1):
        h0 = (neck0[0] + nx * s * w * 0.5, neck0[1] + ny * s * w * 0.5)
        h1 = (neck0[0] - ax * w * 1.0 + nx * s * w * 1.05, neck0[1] - ay * w * 1.0 + ny * s * w * 1.05)
        d.line(h0, h1, col8(ramp(TER, 0.55)), 1.0)


def t_cart(ctx):
    d = ctx.d
    c = (CX + 1, CY + 3)
    ang = math.radians(-28)
    ca, sa = math.cos(ang), math.sin(ang)

    def P(x, y):
        return (c[0] + x * ca - y * sa, c[1] + x * sa + y * ca)
    bed = [P(-16, -19), P(16, -19), P(16, 21), P(-16, 21)]
    wheels = [[P(-23.5, -16), P(-17.5, -16), P(-17.5, 16), P(-23.5, 16)],
              [P(17.5, -16), P(23.5, -16), P(23.5, 16), P(17.5, 16)]]
    shafts = [(P(-9, -19), P(-3.5, -44)), (P(9, -19), P(3.5, -44))]

    def cart(dd):
        for w in wheels:
            dd.poly(w, None)
        dd.poly(bed, None)
        for a, b in shafts:
            dd.line(a, b, None, 2.4)
        dd.line(P(-8, -42), P(8, -42), None, 2.2)
    ctx.cast_shadow(cart, length=6, blur_px=2.0, alpha=165)
    ctx.contact(cart)
    # axle, wheels: tyre top edge with the spokes hinted, bronze hub caps
    d.line(P(-25, 0), P(25, 0), (54, 36, 30), 3.0)
    for side, w in zip((-1, 1), wheels):
        d.poly(w, (58, 38, 30))
        xs = side * 20.5
        for k in range(-3, 4):
            y = k * 4.4
            d.line(P(xs - 2.6, y), P(xs + 2.6, y), (32, 20, 22), 0.6)
        d.line(P(xs + side * 2.6, -15.5), P(xs + side * 2.6, 15.5), (150, 146, 156), 0.9)  # iron tyre
        d.bevel(w, (226, 170, 110), (18, 10, 22), w=1.1)
        hub = P(side * 25.5, 0)
        shaded_disc(d, hub, 2.6, BRONZE_DK, BRONZE, BRONZE_HI)
    for a, b in shafts:
        d.line(a, b, (110, 70, 42), 2.3)
        d.line((a[0] - 0.5, a[1] - 0.5), (b[0] - 0.5, b[1] - 0.5), (180, 126, 72), 0.6)
    d.line(P(-8, -42), P(8, -42), (96, 60, 36), 2.2)
    d.line(P(-8, -42.8), P(8, -42.8), (176, 122, 70), 0.5)
    # bed: planks + side boards
    tex = wood_tex(3, ang + math.pi / 2)
    d.textured(bed, tex)
    for k in range(-3, 4):
        x = k * 4.6
        d.line(P(x, -18.5), P(x, 20.5), (46, 28, 22), 0.6)
    rim = [P(-16, -19), P(16, -19), P(16, 21), P(-16, 21)]
    d.polyline(rim, (96, 60, 36), 2.6, closed=True)
    d.bevel(bed, (236, 176, 112), (20, 12, 24), w=1.3)
    for p in rim:
        d.circle(p, 1.6, BRONZE)
        d.circle((p[0] - 0.4, p[1] - 0.4), 0.7, BRONZE_HI)
    # cargo: two amphorae and a grain sack
    amphora(ctx, P(-8, 15), P(-8, -13), 5.0)
    amphora(ctx, P(5, 16), P(6, -12), 5.0)
    sack = P(9, 8)
    sk = blob_pts(sack, 5.5, 71, n=20, rough=0.25)
    ctx.contact(lambda dd: dd.poly(sk, None), alpha=130)
    ctx.cast_shadow(lambda dd: dd.poly(sk, None), length=2, blur_px=1, alpha=120)
    shaded_disc(d, sack, 5.5, (96, 80, 60), (170, 146, 104), (226, 204, 156))
    d.circle((sack[0] - 1, sack[1] - 2), 1.2, (120, 96, 70))


def barrel(ctx, c, r, seed):
    d = ctx.d

    def body(dd):
        dd.circle(c, r + 2.5, (0, 0, 0))
    ctx.cast_shadow(body, length=r * 0.5, blur_px=1.6, alpha=165)
    ctx.contact(body, alpha=130)
    # bulging staves beyond the rim
    shaded_disc(d, c, r + 2.6, (56, 32, 24), (116, 72, 42), (168, 114, 64), spread=0.25)
    for k in range(24):
        a = 2 * math.pi * k / 24
        d.line((c[0] + math.cos(a) * r, c[1] + math.sin(a) * r),
               (c[0] + math.cos(a) * (r + 2.6), c[1] + math.sin(a) * (r + 2.6)), (40, 24, 20), 0.5)
    # iron hoop
    disc_rim(d, c, r + 0.4, IRON, IRON_HI, IRON_DK, w=1.6)
    # lid planks (grain along the planks)
    lid = ellipse_pts(c, r - 1.4, r - 1.4)
    d.textured(lid, wood_tex(seed, math.pi / 2))
    for k in range(-2, 3):
        x = c[0] + (k + 0.5) * (r - 1.4) / 2.5
        h = math.sqrt(max(0, (r - 1.4) ** 2 - (x - c[0]) ** 2))
        d.line((x, c[1] - h), (x, c[1] + h), (40, 24, 20), 0.6)
    ctx.layer(lambda dd: dd.bevel(lid, (20, 12, 22, 200), (255, 200, 140, 150), w=1.2))
    # bung and a cross batten
    d.line((c[0] - r * 0.7, c[1] + r * 0.35), (c[0] + r * 0.7, c[1] + r * 0.35), (86, 54, 32), 2.0)
    d.line((c[0] - r * 0.7, c[1] + r * 0.35 - 0.7), (c[0] + r * 0.7, c[1] + r * 0.35 - 0.7), (170, 116, 66), 0.5)
    d.circle((c[0] + r * 0.3, c[1] - r * 0.3), r * 0.1 + 0.7, (30, 18, 18))


def t_barrel(ctx):
    barrel(ctx, (56, 57), 19, 4)
    barrel(ctx, (86, 84), 12, 5)


def boulder(ctx, c, R, seed, squash=0.85):
    rng = random.Random(seed)
    n = 11
    outer = []
    for i in range(n):
        a = 2 * math.pi * i / n + rng.uniform(-0.15, 0.15)
        r = R * rng.uniform(0.82, 1.05)
        outer.append((c[0] + math.cos(a) * r, c[1] + math.sin(a) * r * squash))
    top = (c[0] + TO_LIGHT[0] * R * 0.18, c[1] + TO_LIGHT[1] * R * 0.18)
    mid = [(top[0] + (x - top[0]) * 0.62 + rng.uniform(-1.5, 1.5),
            top[1] + (y - top[1]) * 0.62 + rng.uniform(-1.5, 1.5)) for x, y in outer]
    h_top, h_mid = R * 0.95, R * 0.72

    def body(dd):
        dd.poly(outer, (0, 0, 0))
    ctx.cast_shadow(body, length=R * 0.45, blur_px=2.2, alpha=160)
    ctx.contact(body, alpha=140)
    d = ctx.d
    tex = rock_tex(seed)
    facets = []
    for i in range(n):
        a0, a1 = outer[i], outer[(i + 1) % n]
        m0, m1 = mid[i], mid[(i + 1) % n]
        facets.append(([a0, a1, m1, m0], [(a0, 0), (a1, 0), (m1, h_mid)]))
        facets.append(([m0, m1, top], [(m0, h_mid), (m1, h_mid), (top, h_top)]))
    for pts, tri in facets:
        (p0, z0), (p1, z1), (p2, z2) = tri
        ux, uy, uz = p1[0] - p0[0], p1[1] - p0[1], z1 - z0
        vx, vy, vz = p2[0] - p0[0], p2[1] - p0[1], z2 - z0
        nx, ny, nz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
        if nz < 0:
            nx, ny, nz = -nx, -ny, -nz
        L = math.sqrt(nx * nx + ny * ny + nz * nz) or 1
        b = (nx * L3[0] + ny * L3[1] + nz * L3[2]) / L
        col = ramp(ROCK_RAMP, 0.05 + 1.0 * b)
        if b > 0.8:
            col = mix(col, WARM, (b - 0.8) * 1.2)
        d.poly(pts, col8(col))
    # texture: multiply the rock grain over the facets
    mask = new_layer()
    Drawer(mask).poly(outer, (255, 255, 255, 255))
    lay = new_layer((255, 255, 255, 255))
    lay.blit(tex, (0, 0))
    lay.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    # convert masked texture to a multiply overlay: outside -> white
    white = new_layer((255, 255, 255, 255))
    inv = new_layer((255, 255, 255, 255))
    inv.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    white.blit(lay, (0, 0))
    ctx.big.blit(white, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    # cracks
    for _ in range(2):
        p = mid[rng.randrange(n)]
        cp = crack_path(rng, p, rng.uniform(0, 6.28), 4, R * 0.12)
        ctx.layer(lambda dd, cp=cp: dd.polyline(cp, (24, 16, 30, 170), 0.7))
    ctx.layer(lambda dd: dd.bevel(outer, (255, 200, 140, 90), (20, 12, 30, 140), w=1.0))


def t_rock(ctx):
    boulder(ctx, (60, 60), 34, 9)
    boulder(ctx, (92, 88), 10, 12)
    pebble(ctx, (36, 92), 2.5, 3)
    pebble(ctx, (96, 60), 1.8, 4)


def t_statue(ctx):
    d = ctx.d
    c = (CX - 8, CY - 8)       # plinth sits up-left, leaving room for its long shadow
    step1 = chamfer(rect_pts(c, 24, 24), 2)
    step2 = chamfer(rect_pts(c, 20, 20), 1.5)
    ax, ay = SHDIR
    px, py = -ay, ax

    def Q(u, v):   # u along the shadow, v across it
        return (c[0] + ax * u + px * v, c[1] + ay * u + py * v)

    # long shadow of a standing warrior with spear and round shield
    def figure_shadow(dd):
        dd.poly([Q(0, -7), Q(0, 7), Q(18, 6.5), Q(20, 4), Q(20, -4), Q(18, -6.5)], None)     # plinth
        dd.poly([Q(17, -5), Q(17, -1), Q(33, -0.5), Q(33, -4)], None)                       # leg
        dd.poly([Q(17, 1), Q(17, 5), Q(33, 4), Q(33, 0.5)], None)                           # leg
        dd.poly([Q(31, -6), Q(31, 6), Q(44, 8), Q(47, 5), Q(47, -5), Q(44, -8)], None)      # torso
        dd.circle(Q(51, 0), 3.8, None)                                                      # head
        dd.poly([Q(52, -4), Q(58, 0), Q(52, 4)], None)                                      # crest
        dd.line(Q(18, 10), Q(62, 10.5), None, 1.3)                                          # spear
        dd.line(Q(40, 8), Q(43, 10.5), None, 2.0)                                           # arm
        dd.ellipse(Q(40, -10), 6.5, 6, None, math.atan2(ay, ax))                            # shield
    lay = new_layer((*SHADOW, 0))
    figure_shadow(Drawer(lay, color=(*SHADOW, 185)))
    lay = blur(lay, 1.0)
    ctx.overlay(lay)
    ctx.contact(lambda dd: dd.poly(step1, None), alpha=150)
    d.textured(step1, marble_tex(9), ((40, 36, 70), 70))
    d.bevel(step1, (255, 210, 150), (20, 14, 40), w=1.5)
    d.textured(step2, marble_tex(10), ((40, 36, 70), 30))
    d.bevel(step2, (255, 210, 150), (20, 14, 40), w=1.2)
    # the bronze warrior seen from above (verdigris patina, firelit rims):
    # broad shoulders, crested helmet, a round shield on the left arm and a
    # spear held upright in the right hand.
    PAT = (60, 110, 100)
    PAT_HI = (160, 214, 176)
    PAT_DK = (22, 44, 50)
    fig = (c[0] + 0.5, c[1] + 1.0)
    ang = math.radians(-12)                  # shoulder line
    fx, fy = math.sin(ang), -math.cos(ang)   # facing direction (forward)
    sx, sy = math.cos(ang), math.sin(ang)    # towards the right shoulder

    def F(u, v):   # u towards the right shoulder, v forward
        return (fig[0] + sx * u + fx * v, fig[1] + sy * u + fy * v)
    shoulders = ellipse_pts(fig, 13.5, 6.2, ang)
    cape = [F(-10, -1), F(10, -1), F(10.5, -6), F(5, -9.5), F(-5, -9.5), F(-10.5, -6)]
    sc = F(-13.5, 2.5)
    sa, sb = F(13, -13), F(13, 14)
    arm0, arm1 = F(10.5, 0), F(12.5, 5.5)

    def figure(dd):
        dd.poly(cape, None)
        dd.poly(shoulders, None)
        dd.circle(sc, 8.0, None)
        dd.line(sa, sb, None, 1.8)
        dd.line(arm0, arm1, None, 3.8)
    ctx.cast_shadow(figure, length=3.5, blur_px=1.0, alpha=170)
    d.poly(cape, (40, 78, 74))
    ctx.layer(lambda dd: dd.bevel(cape, (*PAT_HI, 150), (*PAT_DK, 210), w=1.2))
    for k in range(1, 4):
        ctx.layer(lambda dd, k=k: dd.line(F(-8 + k * 4, -2), F(-9 + k * 4.5, -9), (*PAT_DK, 150), 0.6))
    d.poly(shoulders, PAT)
    ctx.layer(lambda dd: dd.bevel(shoulders, (*PAT_HI, 230), (*PAT_DK, 230), w=1.8))
    # spear arm and spear
    d.line(arm0, arm1, PAT, 3.6, caps=True)
    d.line(sa, sb, (38, 66, 62), 1.6)
    d.line((sa[0] - 0.5, sa[1]), (sb[0] - 0.5, sb[1]), PAT_HI, 0.5)
    tipa = math.atan2(sb[1] - sa[1], sb[0] - sa[0])
    d.poly(ellipse_pts((sb[0] + math.cos(tipa) * 3.5, sb[1] + math.sin(tipa) * 3.5), 4.5, 1.9, tipa, 16), PAT)
    d.line(sb, (sb[0] + math.cos(tipa) * 7, sb[1] + math.sin(tipa) * 7), PAT_HI, 0.5)
    shaded_disc(d, arm1, 2.0, PAT_DK, PAT, PAT_HI)
    # shield
    ctx.cast_shadow(lambda dd: dd.circle(sc, 8.0, None), length=1.5, blur_px=0.7, alpha=170)
    shaded_disc(d, sc, 8.0, PAT_DK, PAT, PAT_HI, spread=0.3)
    disc_rim(d, sc, 8.0, (170, 130, 70), (255, 220, 150), (60, 40, 30), w=1.1, fill=False)
    shaded_disc(d, sc, 2.6, (90, 60, 30), (200, 150, 80), (255, 224, 150))
    # head in a crested helmet
    ctx.cast_shadow(lambda dd: dd.circle(fig, 5.6, None), length=2.5, blur_px=0.8, alpha=200)
    shaded_disc(d, fig, 5.6, (40, 72, 70), (120, 172, 146), (214, 240, 206))
    disc_rim(d, fig, 5.6, PAT, (255, 226, 170), PAT_DK, w=0.8, fill=False)
    crest = [F(0, -6.5), F(1.2, -3), F(1.2, 4), F(0, 7), F(-1.2, 4), F(-1.2, -3)]
    d.poly(crest, (150, 44, 34))
    d.line(F(-0.4, -5), F(-0.4, 5.5), (236, 116, 80), 0.7)
    ctx.vignette = 1.0


def t_brazier(ctx):
    d = ctx.d
    c = (CX, CY)
    rng = ctx.rng
    # scorched sand around it
    ctx.layer(lambda dd: dd.circle(c, 34, (30, 16, 20, 70)), alpha_blur=5)
    legs = [math.radians(a) for a in (90 + 30, 90 + 150, 90 + 270)]
    # legs cast shadows away from the fire
    for a in legs:
        p0 = (c[0] + math.cos(a) * 18, c[1] + math.sin(a) * 18)
        p1 = (c[0] + math.cos(a) * 46, c[1] + math.sin(a) * 46)
        ctx.layer(lambda dd, p0=p0, p1=p1: dd.line(p0, p1, (*SHADOW, 140), 3.6), alpha_blur=1.6)
    for a in legs:
        p0 = (c[0] + math.cos(a) * 16, c[1] + math.sin(a) * 16)
        p1 = (c[0] + math.cos(a) * 35, c[1] + math.sin(a) * 35)
        d.line(p0, p1, BRONZE_DK, 3.4)
        d.line((p0[0] - 0.6, p0[1] - 0.6), (p1[0] - 0.6, p1[1] - 0.6), BRONZE_HI, 1.0)
        shaded_disc(d, p1, 3.8, BRONZE_DK, BRONZE, BRONZE_HI)   # lion-paw foot
    # bowl
    shaded_disc(d, c, 25, BRONZE_DK, BRONZE, BRONZE_HI, spread=0.25)
    disc_rim(d, c, 25, BRONZE, (255, 226, 150), BRONZE_DK, w=1.8)
    for k in range(16):
        a = 2 * math.pi * k / 16
        d.circle((c[0] + math.cos(a) * 23.6, c[1] + math.sin(a) * 23.6), 0.7, BRONZE_HI if k % 2 else BRONZE_DK)
    d.circle(c, 21, (40, 18, 14))
    # coals
    for _ in range(46):
        a = rng.uniform(0, 2 * math.pi)
        r = math.sqrt(rng.random()) * 19
        p = (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r)
        d.circle(p, rng.uniform(1.4, 3.0), rng.choice([(50, 22, 18), (90, 30, 18), (170, 60, 20), (230, 110, 30)]))
    # flames: layered ragged blobs, hottest at the centre, licking to the upper right
    for R, col, rough, sd in ((18, (200, 60, 18), 0.5, 1), (14, (255, 126, 30), 0.55, 2),
                              (10, (255, 190, 64), 0.5, 3), (5.5, (255, 244, 190), 0.4, 4)):
        pts = blob_pts((c[0] + 1.2, c[1] - 1.2), R, 300 + sd, n=32, rough=rough)
        ctx.layer(lambda dd, pts=pts, col=col: dd.poly(pts, (*col, 230)), alpha_blur=0.7)
    # sparks
    for _ in range(22):
        a = rng.uniform(0, 2 * math.pi)
        r = rng.uniform(22, 48)
        p = (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r)
        ctx.layer(lambda dd, p=p: dd.circle(p, rng.uniform(0.4, 0.9), (255, 214, 130, 235)))
    ctx.glows.append((c[0], c[1], 84, (255, 130, 44), 0.6))
    ctx.glows.append((c[0], c[1], 32, (255, 210, 130), 0.5))
    ctx.vignette = 0.3


def t_gate(ctx):
    ctx.darken((10, 6, 16), 255)
    box = (40, 30, 88, 98)   # the opening in the wall
    ashlar(ctx, 2)
    d = ctx.d
    frame = [(box[0] - 6, box[1] - 7), (box[2] + 6, box[1] - 7), (box[2] + 6, box[3] + 7), (box[0] - 6, box[3] + 7)]
    ctx.layer(lambda dd: dd.poly(inset(frame, -1.5), (10, 6, 16, 255)))
    # dressed stone frame: lintels and jambs
    mt = stone_tex(201, WALL_RAMP, scale=10.0)
    pieces = [
        [(box[0] - 6, box[1] - 7), (box[2] + 6, box[1] - 7), (box[2] + 6, box[1] - 0.6), (box[0] - 6, box[1] - 0.6)],
        [(box[0] - 6, box[3] + 0.6), (box[2] + 6, box[3] + 0.6), (box[2] + 6, box[3] + 7), (box[0] - 6, box[3] + 7)],
        [(box[0] - 6, box[1] + 0.4), (box[0] - 0.6, box[1] + 0.4), (box[0] - 0.6, box[3] - 0.4), (box[0] - 6, box[3] - 0.4)],
        [(box[2] + 0.6, box[1] + 0.4), (box[2] + 6, box[1] + 0.4), (box[2] + 6, box[3] - 0.4), (box[2] + 0.6, box[3] - 0.4)],
    ]
    for p in pieces:
        d.textured(p, mt, ((255, 220, 180), 30))
        d.bevel(p, (255, 206, 140), (18, 12, 34), w=1.2)
    # keystone
    ks = [(CX - 4, box[1] - 8), (CX + 4, box[1] - 8), (CX + 3, box[1] - 0.6), (CX - 3, box[1] - 0.6)]
    d.textured(ks, mt, ((255, 226, 190), 50))
    d.bevel(ks, (255, 206, 140), (18, 12, 34), w=1.0)
    # dark passage below, faintly lit from the far side
    inner = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    d.poly(inner, (8, 6, 14))
    ctx.layer(lambda dd: dd.poly([(box[0] + 8, box[1] + 10), (box[2], box[1] + 10), (box[2], box[3]), (box[0] + 8, box[3])],
                                 (90, 50, 50, 70)), alpha_blur=4)
    # portcullis: vertical bars, cross bars, rivets
    xs = [box[0] + 4 + k * (box[2] - box[0] - 8) / 5 for k in range(6)]
    ys = [box[1] + 8 + k * (box[3] - box[1] - 16) / 3 for k in range(4)]

    def grid(dd):
        for x in xs:
            dd.line((x, box[1] + 0.5), (x, box[3] - 0.5), IRON, 2.8)
        for y in ys:
            dd.line((box[0] + 0.5, y), (box[2] - 0.5, y), IRON, 2.3)
    lay = new_layer((*SHADOW, 0))
    grid(Drawer(lay, off=(SHDIR[0] * 4, SHDIR[1] * 4), color=(*SHADOW, 230)))
    lay = blur(lay, 0.8)
    mask = new_layer()
    Drawer(mask).poly(inner, (255, 255, 255, 255))
    lay.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    ctx.overlay(lay)
    grid(d)
    for x in xs:
        d.line((x - 0.8, box[1] + 0.5), (x - 0.8, box[3] - 0.5), IRON_HI, 0.7)
        # spikes at the bottom end
        d.poly([(x - 1.4, box[3] - 2), (x + 1.4, box[3] - 2), (x, box[3] + 1.5)], IRON)
    for y in ys:
        d.line((box[0] + 0.5, y - 0.7), (box[2] - 0.5, y - 0.7), (116, 112, 124), 0.6)
        for x in xs:
            d.circle((x, y), 1.6, IRON)
            d.circle((x - 0.5, y - 0.5), 0.7, IRON_HI)
    # rust
    rng = ctx.rng
    ctx.layer(lambda dd: [dd.circle((rng.choice(xs), rng.uniform(box[1] + 4, box[3] - 4)),
                                    rng.uniform(0.8, 1.6), (150, 70, 34, 120)) for _ in range(12)])
    # iron studs on the lintels
    for x in (box[0] - 3, box[2] + 3):
        for y in (box[1] - 3.5, box[3] + 3.5):
            d.circle((x, y), 1.3, IRON)
            d.circle((x - 0.4, y - 0.4), 0.6, IRON_HI)
    ctx.bevel_amp = 2.6
    ctx.vignette = 0.6


def t_broken_wall(ctx):
    rng = ctx.rng
    # a wall running across the hex, intact on the left, ruined to the right
    blocks = []
    y0 = 46
    for row, (yy, hh) in enumerate(((y0, 17), (y0 + 17, 17))):
        x = -8 + (0 if row == 0 else -12)
        limit = 86 if row == 0 else 100
        if row == 0:
            limit = 70
        while x < limit:
            w = rng.uniform(22, 30)
            blocks.append([(x + 1.1, yy + 1.1), (x + w - 1.1, yy + 1.1), (x + w - 1.1, yy + hh - 1.1), (x + 1.1, yy + hh - 1.1)])
            x += w
    # the ragged broken end: a half block with a diagonal break
    bx = blocks[-1][1][0] + 2.2
    blocks.append([(bx, y0 + 18.1), (bx + 14, y0 + 18.1), (bx + 6, y0 + 32.9), (bx, y0 + 32.9)])
    blocks = [chamfer(b, 1.2) for b in blocks]
    fallen = [chamfer(rect_pts((90, 36), 10, 7, math.radians(24)), 1.5),
              chamfer(rect_pts((86, 90), 9, 6.5, math.radians(-32)), 1.5)]

    def wall(dd):
        for b in blocks + fallen:
            dd.poly(b, None)
    ctx.cast_shadow(wall, length=7, blur_px=2.0, alpha=160)
    ctx.contact(wall, alpha=140)
    tex = stone_tex(201, WALL_RAMP, scale=10.0)
    paint_slabs(ctx, blocks + fallen, tex, rng, hi=(255, 196, 130), lo=(18, 12, 34), tint_amt=34,
                rim_w=1.6, gap_col=(16, 10, 24))
    # chipped edges and cracks
    for b in blocks[-3:]:
        cp = crack_path(rng, centroid(b), rng.uniform(0, 6.28), 3, 3.5)
        ctx.layer(lambda dd, cp=cp: dd.polyline(cp, (20, 12, 30, 190), 0.8))
    for i in range(9):
        p = (rng.uniform(70, 112), rng.uniform(30, 104))
        if 44 < p[1] < 82 and p[0] < 104:
            continue
        pebble(ctx, p, rng.uniform(1.2, 2.8), 900 + i, stops=WALL_RAMP)


def t_rubble(ctx):
    rng = ctx.rng
    d = ctx.d
    stops = [(0.0, (52, 46, 70)), (0.45, (112, 104, 114)), (0.8, (164, 152, 146)), (1.0, (210, 190, 166))]
    drums = [((28, 50), (62, 36), 10.5), ((48, 88), (86, 74), 11.5)]
    for a, b, r in drums:
        sil = lambda dd, a=a, b=b, r=r: cylinder(dd, a, b, r, stops)  # noqa: E731
        ctx.cast_shadow(sil, length=6, blur_px=1.8, alpha=170)
        ctx.contact(sil, alpha=140)
        cylinder(d, a, b, r, stops, flutes=7)
    # a drum standing upright
    sc, sr = (90, 40), 12
    ctx.cast_shadow(lambda dd: dd.circle(sc, sr, None), length=10, blur_px=1.8, alpha=170)
    ctx.contact(lambda dd: dd.circle(sc, sr, None), alpha=140)
    scal = []
    for k in range(120):
        a = 2 * math.pi * k / 120
        r = sr - 1.1 * abs(math.sin(a * 16 / 2)) ** 0.6
        scal.append((sc[0] + math.cos(a) * r, sc[1] + math.sin(a) * r))
    d.textured(scal, marble_tex(21), ((40, 36, 70), 40))
    ctx.layer(lambda dd: dd.bevel(scal, (255, 226, 190, 170), (30, 22, 50, 210), w=1.2))
    d.circle(sc, 1.8, (60, 50, 60))
    # broken bits
    for i in range(16):
        p = (rng.uniform(24, 104), rng.uniform(24, 104))
        if any(seg_dist(p, a, b) < r + 4 for a, b, r in drums) or math.dist(p, sc) < sr + 4:
            continue
        pebble(ctx, p, rng.uniform(1.2, 3.0), 700 + i, stops=[(0.0, (70, 66, 86)), (0.5, (132, 126, 132)), (1.0, (206, 194, 180))])


def crate(ctx, c, hs, ang, seed, shadow_len):
    d = ctx.d
    outer = rect_pts(c, hs, hs, ang)
    ctx.cast_shadow(lambda dd: dd.poly(outer, None), length=shadow_len, blur_px=1.6, alpha=160)
    ctx.contact(lambda dd: dd.poly(outer, None), alpha=120)
    ca, sa = math.cos(ang), math.sin(ang)

    def P(x, y):
        return (c[0] + x * ca - y * sa, c[1] + x * sa + y * ca)
    d.textured(outer, wood_tex(seed, ang))
    # inner planks
    for k in range(1, 4):
        x = -hs + 2 * hs * k / 4
        d.line(P(x, -hs), P(x, hs), (44, 26, 22), 0.7)
    # frame
    fw = 3.2
    for a, b in (((-hs, -hs), (hs, -hs)), ((hs, -hs), (hs, hs)), ((hs, hs), (-hs, hs)), ((-hs, hs), (-hs, -hs))):
        d.line(P(*a), P(*b), (104, 66, 40), fw * 2)
    d.polyline([P(-hs + fw, -hs + fw), P(hs - fw, -hs + fw), P(hs - fw, hs - fw), P(-hs + fw, hs - fw)],
               (40, 24, 20), 0.7, closed=True)
    # diagonal brace
    d.line(P(-hs + fw, hs - fw), P(hs - fw, -hs + fw), (120, 78, 46), 4.2)
    d.line(P(-hs + fw - 0.6, hs - fw - 1.6), P(hs - fw - 1.6, -hs + fw - 0.6), (170, 118, 70), 0.6)
    d.line(P(-hs + fw + 1.5, hs - fw + 0.2), P(hs - fw + 0.2, -hs + fw + 1.5), (40, 24, 20), 0.6)
    d.bevel(outer, (240, 180, 116), (20, 12, 24), w=1.2)
    for x, y in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
        p = P(x * (hs - fw / 2), y * (hs - fw / 2))
        d.circle(p, 0.8, IRON_HI)


def t_crates(ctx):
    crate(ctx, (44, 78), 15, math.radians(8), 31, 4)
    crate(ctx, (80, 84), 14, math.radians(-12), 32, 4)
    crate(ctx, (62, 50), 17, math.radians(-4), 33, 8)


def t_weapon_rack(ctx):
    d = ctx.d
    rng = ctx.rng
    beam_a, beam_b = (26, 60), (102, 60)
    spears = []
    for k in range(5):
        x = 36 + k * 14
        lean = rng.uniform(-3, 3)
        spears.append(((x - 2.5 + lean, 94), (x + 2.5 + lean, 34)))
    shields = [((45, 84), 11.5, RED), ((82, 86), 11.5, (56, 64, 104))]

    def rack(dd):
        dd.line(beam_a, beam_b, None, 4.0)
        for a, b in spears:
            dd.line(a, b, None, 1.8)
        for c, r, _ in shields:
            dd.circle(c, r, None)
        for p in (beam_a, beam_b):
            dd.poly(rect_pts(p, 4, 4), None)
    ctx.cast_shadow(rack, length=6, blur_px=1.5, alpha=160)
    ctx.contact(rack, alpha=110)
    # beam and posts
    d.line(beam_a, beam_b, (100, 62, 36), 4.0)
    d.line((beam_a[0], beam_a[1] - 1.2), (beam_b[0], beam_b[1] - 1.2), (176, 120, 66), 0.9)
    d.line((beam_a[0], beam_a[1] + 1.6), (beam_b[0], beam_b[1] + 1.6), (50, 30, 24), 0.8)
    for p in (beam_a, beam_b):
        post = rect_pts(p, 4.2, 4.2)
        d.textured(post, wood_tex(41, 0.0))
        d.bevel(post, (240, 180, 116), (20, 12, 24), w=1.0)
        d.circle(p, 1.0, (50, 30, 24))
    # spears with leaf-shaped iron heads
    for a, b in spears:
        d.line(a, b, (126, 82, 46), 1.7)
        d.line((a[0] - 0.5, a[1]), (b[0] - 0.5, b[1]), (190, 134, 78), 0.5)
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        tip = (b[0] + math.cos(ang) * 11, b[1] + math.sin(ang) * 11)
        mid = ((b[0] + tip[0]) / 2, (b[1] + tip[1]) / 2)
        d.poly(ellipse_pts(mid, 6.5, 2.3, ang, 18), IRON)
        d.line(b, tip, IRON_HI, 0.6)
        d.circle(a, 1.1, BRONZE)
    # lashings where the spears rest on the beam
    for a, b in spears:
        t = (beam_a[1] - a[1]) / (b[1] - a[1])
        p = (a[0] + (b[0] - a[0]) * t, beam_a[1])
        d.circle(p, 1.6, (70, 44, 30))
    # round shields leaning at the front: painted face, bronze rim and boss
    for c, r, col in shields:
        ctx.cast_shadow(lambda dd, c=c, r=r: dd.circle(c, r, None), length=2.5, blur_px=1, alpha=130)
        shaded_disc(d, c, r, shade(col, 0.45), col, mixc(col, (255, 210, 160), 0.4), spread=0.3)
        disc_rim(d, c, r, BRONZE, BRONZE_HI, BRONZE_DK, w=1.4, fill=False)
        d.circle(c, r * 0.62, (214, 170, 80), 0.6)
        for k in range(4):
            a = math.pi / 4 + k * math.pi / 2
            d.line((c[0] + math.cos(a) * 3.5, c[1] + math.sin(a) * 3.5),
                   (c[0] + math.cos(a) * (r * 0.62), c[1] + math.sin(a) * (r * 0.62)), (214, 170, 80), 0.6)
        shaded_disc(d, c, 3.2, BRONZE_DK, BRONZE, BRONZE_HI)


# --------------------------------------------------------------------------
# tile table
# --------------------------------------------------------------------------
# (id, name, terrain, draw function, base texture factory)
TILES = [
    ("sand_a", "floor", t_sand_a, lambda: sand_base(1)),
    ("sand_b", "floor", t_sand_b, lambda: sand_base(2, warmth=-0.5, bright=-0.04)),
    ("sand_c", "floor", t_sand_c, lambda: sand_base(3, warmth=0.8, bright=0.03)),
    ("sand_footprints", "floor", t_sand_footprints, lambda: sand_base(4)),
    ("sand_stain", "floor", t_sand_stain, lambda: sand_base(5)),
    ("sand_raked", "floor", t_sand_raked, lambda: sand_base(6, bright=0.02)),
    ("stone_a", "floor", t_stone_a, lambda: sand_base(7, bright=-0.15)),
    ("stone_b", "floor", t_stone_b, lambda: sand_base(8, bright=-0.15)),
    ("stone_cracked", "floor", t_stone_cracked, lambda: sand_base(9, bright=-0.15)),
    ("stone_mosaic", "floor", t_stone_mosaic, lambda: sand_base(10)),
    ("grate", "floor", t_grate, lambda: sand_base(11, bright=-0.15)),
    ("sand_scattered", "floor", t_sand_scattered, lambda: sand_base(12)),
    ("wall", "blocked", t_wall, lambda: sand_base(13)),
    ("pillar", "blocked", t_pillar, lambda: sand_base(14, bright=-0.15)),
    ("cart", "blocked", t_cart, lambda: sand_base(15)),
    ("barrel", "blocked", t_barrel, lambda: sand_base(16)),
    ("rock", "blocked", t_rock, lambda: sand_base(17)),
    ("statue", "blocked", t_statue, lambda: sand_base(18)),
    ("brazier", "blocked", t_brazier, lambda: sand_base(19, warmth=1.0)),
    ("gate", "blocked", t_gate, lambda: sand_base(20)),
    ("broken_wall", "blocked", t_broken_wall, lambda: sand_base(21)),
    ("rubble", "blocked", t_rubble, lambda: sand_base(22)),
    ("crates", "blocked", t_crates, lambda: sand_base(23)),
    ("weapon_rack", "blocked", t_weapon_rack, lambda: sand_base(24)),
]
assert len(TILES) == TILE_COUNT

# --------------------------------------------------------------------------
# post pass: grain, grading, glow; hexagon mask, rim, edge line
# --------------------------------------------------------------------------
def finish_canvas(ctx, seed):
    small = pygame.transform.smoothscale(ctx.big, (CAN, CAN))
    buf = bytearray(pygame.image.tobytes(small, "RGB"))
    rng = random.Random(seed * 9973 + 17)
    glows = ctx.glows
    g_amp = ctx.grain
    out = [None] * (CAN * CAN)
    nr, ng, nb = NIGHT
    for i in range(CAN * CAN):
        x = i % CAN
        y = i // CAN
        r = buf[3 * i]
        g = buf[3 * i + 1]
        b = buf[3 * i + 2]
        gr = rng.uniform(-g_amp, g_amp)
        r += gr
        g += gr
        b += gr * 0.8
        # grading: blue-violet shadows, warm highlights
        lum = (0.299 * r + 0.587 * g + 0.114 * b) / 255.0
        if lum < 0:
            lum = 0.0
        w = (1 - lum) ** 2 * 0.42
        r += (nr - r) * w
        g += (ng - g) * w
        b += (nb - b) * w
        warm = lum * lum * 16
        r += warm
        g += warm * 0.25
        b -= warm * 0.7
        for gx, gy, rad, gc, st in glows:
            dx = x + 0.5 - gx
            dy = y + 0.5 - gy
            dd = math.sqrt(dx * dx + dy * dy)
            if dd < rad:
                f = (1 - dd / rad) ** 2 * st
                r += gc[0] * f
                g += gc[1] * f
                b += gc[2] * f
        out[i] = (r, g, b)
    return out


class HexGeom:
    def __init__(self, pointy):
        if pointy:
            self.w, self.h = 112, 128
            self.verts = [(56, 0), (112, 32), (112, 96), (56, 128), (0, 96), (0, 32)]
        else:
            self.w, self.h = 128, 112
            self.verts = [(32, 0), (96, 0), (128, 56), (96, 112), (32, 112), (0, 56)]
        self.offx = (CAN - self.w) // 2
        self.offy = (CAN - self.h) // 2
        edges = []
        n = len(self.verts)
        for k in range(n):
            a, b = self.verts[k], self.verts[(k + 1) % n]
            dx, dy = b[0] - a[0], b[1] - a[1]
            L = math.hypot(dx, dy)
            nin = (-dy / L, dx / L)            # inward normal (clockwise order)
            face = -(nin[0] * TO_LIGHT[0] + nin[1] * TO_LIGHT[1])  # outward . light
            edges.append((a, nin, face))
        self.px = []
        for y in range(self.h):
            for x in range(self.w):
                px, py = x + 0.5, y + 0.5
                best, face = 1e9, 0.0
                for a, nin, f in edges:
                    dist = (px - a[0]) * nin[0] + (py - a[1]) * nin[1]
                    if dist < best:
                        best, face = dist, f
                # pixel coverage from the signed distance, grown by a quarter
                # pixel so that neighbouring tiles close their shared
                # antialiased seam (it still ends inside the edge pixels)
                cov = min(1.0, max(0.0, best + 0.75))
                self.px.append((best, cov, face))


def cut_tile(canvas, geom, ctx):
    w, h = geom.w, geom.h
    out = bytearray(w * h * 4)
    bev = ctx.bevel_amp
    vig = ctx.vignette
    er, eg, eb = EDGE
    for y in range(h):
        for x in range(w):
            i = y * w + x
            dist, cov, face = geom.px[i]
            o = 4 * i
            if cov <= 0:
                out[o:o + 4] = bytes((er, eg, eb, 0))
                continue
            r, g, b = canvas[(y + geom.offy) * CAN + x + geom.offx]
            # soft vignette towards the rim (night creeping in)
            if dist < 26:
                v = (1 - dist / 26) ** 2 * 0.34 * vig
                r += (NIGHT[0] - r) * v
                g += (NIGHT[1] - g) * v
                b += (NIGHT[2] - b) * v
            # bevel: the rim facing the light catches it, the other side darkens
            if 0.6 < dist < 5 * bev ** 0.5 + 1:
                k = (1 - (dist - 0.6) / (5 * bev ** 0.5 + 0.4)) * face * bev
                if k > 0:
                    t = min(0.6, 0.16 * k)
                    r += (WARM[0] - r) * t
                    g += (WARM[1] - g) * t
                    b += (WARM[2] - b) * t
                else:
                    t = min(0.7, -0.2 * k)
                    r += (NIGHT_DEEP[0] - r) * t
                    g += (NIGHT_DEEP[1] - g) * t
                    b += (NIGHT_DEEP[2] - b) * t
            # thin dark edge line
            if dist < 1.7:
                t = 0.62 * min(1.0, (1.7 - dist) / 1.2)
                r += (er - r) * t
                g += (eg - g) * t
                b += (eb - b) * t
            out[o] = clamp8(r)
            out[o + 1] = clamp8(g)
            out[o + 2] = clamp8(b)
            out[o + 3] = clamp8(cov * 255)
    return pygame.image.frombytes(bytes(out), (w, h), "RGBA")


# --------------------------------------------------------------------------
# markers
# --------------------------------------------------------------------------
def downsample_premul(surf, f):
    w, h = surf.get_size()
    data = pygame.image.tobytes(surf, "RGBA")
    ow, oh = w // f, h // f
    out = bytearray(ow * oh * 4)
    n = f * f
    for oy in range(oh):
        for ox in range(ow):
            sr = sg = sb = sa = 0
            for dy in range(f):
                base = ((oy * f + dy) * w + ox * f) * 4
                for dx in range(f):
                    i = base + dx * 4
                    a = data[i + 3]
                    if a:
                        sr += data[i] * a
                        sg += data[i + 1] * a
                        sb += data[i + 2] * a
                        sa += a
            o = (oy * ow + ox) * 4
            if sa:
                out[o] = sr // sa
                out[o + 1] = sg // sa
                out[o + 2] = sb // sa
                out[o + 3] = (sa + n // 2) // n
            else:
                out[o:o + 4] = bytes((20, 14, 30, 0))
    return pygame.image.frombytes(bytes(out), (ow, oh), "RGBA")


def icon_outline(fn, size=64, px=1.6, col=(14, 8, 20)):
    """Draw fn's silhouette grown by px as a dark outline layer."""
    lay = pygame.Surface((size * S, size * S), pygame.SRCALPHA)
    lay.fill((*col, 0))
    steps = 16
    for k in range(steps):
        a = 2 * math.pi * k / steps
        fn(Drawer(lay, off=(math.cos(a) * px, math.sin(a) * px), color=(*col, 255)))
    return lay


def icon_glow(fn, size=64, color=(14, 8, 20), alpha=120, px=2.6):
    lay = pygame.Surface((size * S, size * S), pygame.SRCALPHA)
    lay.fill((*color, 0))
    steps = 16
    for k in range(steps):
        a = 2 * math.pi * k / steps
        fn(Drawer(lay, off=(math.cos(a) * px + 1.0, math.sin(a) * px + 1.4), color=(*color, alpha)))
    return blur(lay, 1.5)


def marker_spawn(d):
    # a legion standard: pole, crossbar, red vexillum with gold fringe, eagle-ish finial
    d.line((31, 6), (31, 59), (110, 70, 40), 2.6)
    d.line((30.3, 7), (30.3, 58), (190, 136, 80), 0.7)
    d.ellipse((31, 59), 7, 2.2, (80, 56, 40))
    # crossbar
    d.line((17, 13), (45, 13), (110, 70, 40), 2.4)
    for p in ((17, 13), (45, 13)):
        d.circle(p, 1.8, GOLD)
    # banner
    banner = [(18.5, 14.5), (43.5, 14.5), (43.5, 40), (41, 43), (37, 40.5), (31, 43), (25, 40.5), (21, 43), (18.5, 40)]
    d.poly(banner, RED)
    if not d.silhouette:
        d.poly([(18.5, 14.5), (23, 14.5), (23, 41.5), (21, 43), (18.5, 40)], RED_DK)
        d.poly([(38, 14.5), (43.5, 14.5), (43.5, 40), (41, 43), (38, 41.3)], RED_HI)
        d.line((18.5, 15.3), (43.5, 15.3), GOLD, 1.4)
        # fringe
        for k in range(9):
            x = 19.5 + k * 2.9
            d.line((x, 40.5), (x, 45), GOLD, 0.9)
        # emblem: a golden laurel wreath, open at the top, round a gold boss
        for s in (-1, 1):
            for k in range(6):
                a = math.pi / 2 + s * (0.25 + k * 0.48)
                p = (31 + math.cos(a) * 6.8, 27.5 + math.sin(a) * 6.8)
                d.ellipse(p, 2.1, 1.0, GOLD, a + math.pi / 2 + s * 0.5)
        d.circle((31, 27.5), 2.4, GOLD_DK)
        d.circle((30.6, 27.1), 1.8, GOLD_HI)
        # folds
        for x in (26, 31, 36):
            d.line((x, 17), (x, 40), (120, 28, 28), 0.7)
    # finial: spear point + little wings
    d.poly([(31, 0.8), (33.6, 6.5), (31, 8.5), (28.4, 6.5)], GOLD)
    d.poly([(31, 6.5), (24, 4), (26, 8)], GOLD)
    d.poly([(31, 6.5), (38, 4), (36, 8)], GOLD)
    if not d.silhouette:
        d.line((31, 1.5), (29.2, 6.3), GOLD_HI, 0.6)
        d.circle((31, 10), 1.8, GOLD_DK)


def marker_loot(d):
    # an open chest with gold heaped up, coins spilling in front
    # chest body
    body = [(12, 30), (50, 30), (50, 52), (12, 52)]
    lid = [(13, 16), (49, 16), (51, 30), (11, 30)]
    d.poly(lid, (90, 50, 30))
    d.poly(body, (120, 72, 40))
    if not d.silhouette:
        d.poly([(15, 18), (47, 18), (48.5, 28), (13.5, 28)], (50, 26, 18))  # inside of the lid
        # gold heap
        for k, (x, y, r) in enumerate([(20, 30, 7), (31, 27, 9), (42, 30, 7), (26, 31, 6), (37, 31, 6)]):
            d.circle((x, y), r, GOLD_DK)
            d.circle((x - 0.8, y - 1), r - 1.3, GOLD)
        d.poly(body, (120, 72, 40))
        for x in range(14, 50, 5):
            d.line((x, 31), (x, 51), (92, 54, 32), 0.6)
        d.line((12, 31), (50, 31), (172, 116, 64), 1.0)
        # gold bands and lock
        for x in (17, 45):
            d.line((x, 30), (x, 52), GOLD_DK, 3.0)
            d.line((x - 0.8, 30), (x - 0.8, 52), GOLD_HI, 0.8)
        d.poly([(28, 33), (34, 33), (34, 40), (31, 42), (28, 40)], GOLD)
        d.circle((31, 37), 1.1, (40, 20, 16))
        # coin glints on the heap
        for x, y in ((24, 25), (33, 21), (40, 26), (29, 28), (19, 28)):
            d.ellipse((x, y), 2.6, 1.6, GOLD_HI)
            d.ellipse((x - 0.5, y - 0.3), 1.1, 0.6, (255, 252, 220))
    # coins spilling in front
    for x, y in ((10, 56), (16, 58), (48, 57), (54, 54), (42, 60), (22, 60)):
        d.ellipse((x, y), 3.6, 2.2, GOLD_DK)
        if not d.silhouette:
            d.ellipse((x - 0.3, y - 0.4), 3.1, 1.7, GOLD)
            d.ellipse((x - 0.8, y - 0.8), 1.3, 0.6, GOLD_HI)
    if not d.silhouette:
        for x, y in ((27, 20), (43, 22)):
            d.line((x - 2.5, y), (x + 2.5, y), (255, 250, 220), 0.7)
            d.line((x, y - 2.5), (x, y + 2.5), (255, 250, 220), 0.7)


def marker_beast(d):
    # a lion's head: spiky mane, tawny face, dark muzzle
    c = (32, 33)
    # mane: a ragged outer fringe, then rings of tufts, lighter towards the face
    fringe = []
    for k in range(30):
        a = 2 * math.pi * k / 30
        r = 27.5 if k % 2 == 0 else 21.5
        a += 0.06 if k % 2 == 0 else 0.0
        fringe.append((c[0] + math.cos(a) * r, c[1] + math.sin(a) * r * 0.95))
    d.poly(fringe, (104, 46, 22))
    if d.silhouette:
        return
    for ring, (rr, tr, col) in enumerate(((19.5, 5.6, (136, 62, 26)),
                                          (16.0, 5.0, (176, 90, 36)))):
        n = 16 - ring * 2
        for k in range(n):
            a = 2 * math.pi * (k + 0.5 * ring) / n
            p = (c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr * 0.95)
            d.circle(p, tr, col)
            if not d.silhouette:
                d.circle((p[0] - tr * 0.25, p[1] - tr * 0.3), tr * 0.55, mixc(col, (255, 200, 120), 0.25))
        if d.silhouette:
            return
    # ears
    for s in (-1, 1):
        d.circle((c[0] + s * 11, c[1] - 12), 4.6, (196, 130, 64))
        d.circle((c[0] + s * 11, c[1] - 11.5), 2.4, (110, 60, 36))
    # face
    face = [(c[0] - 13, c[1] - 8), (c[0] - 7, c[1] - 14), (c[0] + 7, c[1] - 14), (c[0] + 13, c[1] - 8),
            (c[0] + 12, c[1] + 6), (c[0] + 7, c[1] + 14), (c[0] - 7, c[1] + 14), (c[0] - 12, c[1] + 6)]
    d.poly(face, (222, 162, 86))
    d.poly([(c[0] - 13, c[1] - 8), (c[0] - 7, c[1] - 14), (c[0] - 3, c[1] - 14), (c[0] - 9, c[1] + 2),
            (c[0] - 12, c[1] + 6)], (238, 190, 116))
    # brow shadow and eyes
    for s in (-1, 1):
        d.poly([(c[0] + s * 2, c[1] - 5), (c[0] + s * 10, c[1] - 7), (c[0] + s * 9, c[1] - 3.5), (c[0] + s * 3, c[1] - 2.6)],
               (150, 90, 40))
        d.ellipse((c[0] + s * 6.3, c[1] - 3.6), 2.4, 1.5, (255, 214, 80), s * 0.25)
        d.ellipse((c[0] + s * 6.3, c[1] - 3.6), 0.8, 1.4, (20, 10, 10))
    # muzzle, nose, mouth
    d.ellipse((c[0], c[1] + 8), 7.5, 5.6, (244, 214, 164))
    d.poly([(c[0] - 3.6, c[1] + 2.2), (c[0] + 3.6, c[1] + 2.2), (c[0] + 1.2, c[1] + 5.6), (c[0] - 1.2, c[1] + 5.6)],
           (70, 32, 28))
    d.line((c[0], c[1] + 5.6), (c[0], c[1] + 9), (70, 32, 28), 0.9)
    d.polyline([(c[0] - 5, c[1] + 10), (c[0] - 2, c[1] + 11), (c[0], c[1] + 9), (c[0] + 2, c[1] + 11), (c[0] + 5, c[1] + 10)],
               (70, 32, 28), 0.9)
    for s in (-1, 1):
        for k in range(3):
            d.circle((c[0] + s * (3 + k * 1.6), c[1] + 7 + (k % 2)), 0.45, (120, 70, 50))


MARKERS = [("spawn", marker_spawn), ("loot", marker_loot), ("beast", marker_beast)]


def draw_marker(fn):
    size = 64
    big = pygame.Surface((size * S, size * S), pygame.SRCALPHA)
    big.fill((20, 14, 30, 0))
    big.blit(icon_glow(fn), (0, 0))
    big.blit(icon_outline(fn), (0, 0))
    fn(Drawer(big))
    return downsample_premul(big, S)


# --------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------
def render_all():
    global _BEVEL_LAYER
    _BEVEL_LAYER = new_layer()
    pointy = HexGeom(True)
    flat = HexGeom(False)
    sheet_p = pygame.Surface((pointy.w * COLUMNS, pointy.h * 4), pygame.SRCALPHA)
    sheet_f = pygame.Surface((flat.w * COLUMNS, flat.h * 4), pygame.SRCALPHA)
    sheet_p.fill((*EDGE, 0))
    sheet_f.fill((*EDGE, 0))
    for tid, (name, terrain, fn, base) in enumerate(TILES):
        ctx = Ctx(base(), 1000 + tid * 17)
        fn(ctx)
        canvas = finish_canvas(ctx, tid)
        col, row = tid % COLUMNS, tid // COLUMNS
        sheet_p.blit(cut_tile(canvas, pointy, ctx), (col * pointy.w, row * pointy.h))
        sheet_f.blit(cut_tile(canvas, flat, ctx), (col * flat.w, row * flat.h))
    markers = pygame.Surface((64 * len(MARKERS), 64), pygame.SRCALPHA)
    markers.fill((20, 14, 30, 0))
    for i, (name, fn) in enumerate(MARKERS):
        markers.blit(draw_marker(fn), (64 * i, 0))
    return sheet_p, sheet_f, markers


def tsx_text(name, tw, th, image, iw, ih, count, columns, props):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.8" tiledversion="1.8.2" name="{name}" tilewidth="{tw}" '
             f'tileheight="{th}" tilecount="{count}" columns="{columns}">',
             f' <image source="{image}" width="{iw}" height="{ih}"/>']
    for tid, pr in enumerate(props):
        lines.append(f' <tile id="{tid}">')
        lines.append('  <properties>')
        for k, v in pr:
            lines.append(f'   <property name="{k}" value="{v}"/>')
        lines.append('  </properties>')
        lines.append(' </tile>')
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


def save_png(surf, path):
    pygame.image.save(surf, str(path))


def write_all(out_dir=OUT_DIR):
    out_dir.mkdir(parents=True, exist_ok=True)
    sheet_p, sheet_f, markers = render_all()
    props = [[("name", n), ("terrain", t)] for n, t, _, _ in TILES]
    save_png(sheet_p, out_dir / "arena_pointy.png")
    save_png(sheet_f, out_dir / "arena_flat.png")
    save_png(markers, out_dir / "markers.png")
    (out_dir / "arena_pointy.tsx").write_text(
        tsx_text("arena_pointy", 112, 128, "arena_pointy.png", *sheet_p.get_size(), TILE_COUNT, COLUMNS, props))
    (out_dir / "arena_flat.tsx").write_text(
        tsx_text("arena_flat", 128, 112, "arena_flat.png", *sheet_f.get_size(), TILE_COUNT, COLUMNS, props))
    (out_dir / "markers.tsx").write_text(
        tsx_text("markers", 64, 64, "markers.png", *markers.get_size(), len(MARKERS), len(MARKERS),
                 [[("marker", n)] for n, _ in MARKERS]))
    return sheet_p, sheet_f, markers


# --------------------------------------------------------------------------
# preview
# --------------------------------------------------------------------------
PREVIEW_POINTY = [
    [12, 12, 19, 12, 12, 20, 0],
    [1, 0, 18, 5, 2, 21, 1],
    [6, 7, 9, 3, 0, 16, 2],
    [8, 10, 6, 4, 13, 1, 11],
    [0, 14, 2, 1, 5, 22, 0],
    [17, 1, 15, 0, 23, 2, 18],
]
PREVIEW_FLAT = [
    [12, 20, 0, 2, 1, 16, 12],
    [19, 1, 3, 9, 0, 2, 12],
    [12, 0, 6, 18, 7, 5, 13],
    [2, 11, 8, 10, 6, 0, 1],
    [14, 0, 4, 1, 2, 22, 17],
    [1, 2, 15, 0, 23, 21, 0],
]


def tiles_of(sheet, tw, th):
    return [sheet.subsurface((tid % COLUMNS * tw, tid // COLUMNS * th, tw, th)) for tid in range(TILE_COUNT)]


def make_preview(sheet_p, sheet_f, markers, path):
    bg = (18, 13, 22)   # the maps' backgroundcolor #120d16
    tp = tiles_of(sheet_p, 112, 128)
    tf = tiles_of(sheet_f, 128, 112)
    pw = 7 * 112 + 56
    ph = 5 * 96 + 128
    fw = 6 * 96 + 128
    fh = 6 * 112 + 56
    pad = 16
    W = pad + pw + pad + fw + pad
    H = pad + max(ph, fh) + pad + 3 * 68 + pad + 64 + pad
    img = pygame.Surface((W, H))
    img.fill(bg)
    # pointy patch: odd rows shifted right by 56, row step 96
    ox, oy = pad, pad
    for r, row in enumerate(PREVIEW_POINTY):
        for c, tid in enumerate(row):
            img.blit(tp[tid], (ox + c * 112 + (56 if r % 2 else 0), oy + r * 96))
    # markers on the pointy patch
    img.blit(markers.subsurface((0, 0, 64, 64)), (ox + 56 + 24, oy + 96 * 3 + 32))
    img.blit(markers.subsurface((64, 0, 64, 64)), (ox + 3 * 112 + 24, oy + 96 * 4 + 32))
    img.blit(markers.subsurface((128, 0, 64, 64)), (ox + 4 * 112 + 56 + 24, oy + 96 * 1 + 32))
    # flat patch: odd columns shifted down by 56, column step 96
    ox = pad + pw + pad
    for r, row in enumerate(PREVIEW_FLAT):
        for c, tid in enumerate(row):
            img.blit(tf[tid], (ox + c * 96, oy + r * 112 + (56 if c % 2 else 0)))
    # all tiles at 50 % zoom (recognisability check) + markers at 100 %
    y = pad + max(ph, fh) + pad
    per_p = pw // 60
    per_f = fw // 68
    for tid in range(TILE_COUNT):
        t = pygame.transform.smoothscale(tp[tid], (56, 64))
        img.blit(t, (pad + (tid % per_p) * 60, y + (tid // per_p) * 68))
        t = pygame.transform.smoothscale(tf[tid], (64, 56))
        img.blit(t, (pad + pw + pad + (tid % per_f) * 68, y + (tid // per_f) * 60))
    y += 3 * 68 + pad
    img.blit(markers, (pad, y))
    img.blit(pygame.transform.smoothscale(markers, (96, 32)), (pad + 210, y + 16))
    pygame.image.save(img, str(path))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preview", metavar="OUT.png", help="also write a preview board to OUT.png")
    ap.add_argument("--out", metavar="DIR", default=str(OUT_DIR), help="output folder (default assets/tiles)")
    args = ap.parse_args(argv)
    # no pygame.init(): only surfaces and PNG output are needed (no display, no audio)
    sheet_p, sheet_f, markers = write_all(Path(args.out))
    if args.preview:
        make_preview(sheet_p, sheet_f, markers, args.preview)
    print(f"wrote {args.out}: arena_pointy.png/.tsx, arena_flat.png/.tsx, markers.png/.tsx")
    return 0


if __name__ == "__main__":
    sys.exit(main())
