"""Drawing tools: colour helpers, supersampling, the font, and `Pen` (a turtle in a sprite's
local units, drawing at SS x and inked on the way down).
"""

from __future__ import annotations

import functools
import math
import zlib

import pygame

from .palette import EDGE, LIGHT, NIGHT, SHADOW, WARM_HI
from ..safetext import EvenFont


SS = 4
"""Supersampling factor (less for big sprites, see _ss)."""
ANGLE_STEP = 3
"""Facing angles are quantised to this many degrees (for the cache)."""


# ---------------------------------------------------------------------------
# colour helpers
# ---------------------------------------------------------------------------
def _c8(v: float) -> int:
    return 0 if v < 0 else (255 if v > 255 else int(v + 0.5))


def _grey(surf: pygame.Surface, keep: float) -> pygame.Surface:
    """The picture with only `keep` of its colour left, the rest grey (the dead, the fainted)."""
    grey = pygame.transform.grayscale(surf)
    out = surf.copy()
    k = int(255 * keep)
    out.fill((k, k, k, 255), special_flags=pygame.BLEND_RGBA_MULT)
    g = int(255 * (1 - keep))
    grey.fill((g, g, g, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.blit(grey, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return out


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return (_c8(a[0] + (b[0] - a[0]) * t), _c8(a[1] + (b[1] - a[1]) * t),
            _c8(a[2] + (b[2] - a[2]) * t))


def _lum(c) -> float:
    return (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255.0


def _sat(c) -> float:
    hi, lo = max(c[:3]), min(c[:3])
    return 0.0 if hi == 0 else (hi - lo) / hi


def _lit(c, f: float) -> tuple[int, int, int]:
    """Colour of a surface lit by f in [-1, 1]: warm torchlight up, violet night down."""
    if f >= 0:
        return _mix(c, WARM_HI, min(1.0, f * 0.8))
    return _mix(c, NIGHT, min(1.0, -f * 0.85))


def _dk(c, f=0.35):
    return _lit(c, -f)


def _hi(c, f=0.35):
    return _lit(c, f)


def _parse_rgb(value, default) -> tuple[int, int, int]:
    if isinstance(value, str):
        s = value.strip().lstrip("#")
        if len(s) == 3:
            s = "".join(ch * 2 for ch in s)
        if len(s) == 6:
            try:
                return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16))
            except ValueError:
                return default
        return default
    if isinstance(value, (tuple, list)) and len(value) >= 3:
        try:
            return (_c8(float(value[0])), _c8(float(value[1])), _c8(float(value[2])))
        except (TypeError, ValueError):
            return default
    return default


def _seed(*parts) -> int:
    return zlib.crc32("\x1f".join(str(p) for p in parts).encode("utf-8", "replace"))


def _ss(size: int) -> int:
    """Supersampling for a sprite of ``size`` px: SS up to 128 px, then less (at least 2)."""
    return max(2, min(SS, 512 // max(1, size)))


def _final(surf: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        try:
            return surf.convert_alpha()
        except pygame.error:
            return surf
    return surf


def _down(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return _final(pygame.transform.smoothscale(big, size))


def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    f = _font_cached(px)
    try:
        f.size("0")
    except pygame.error:  # pygame was quit and started again since: a dead font
        _font_cached.cache_clear()
        f = _font_cached(px)
    return f


@functools.lru_cache(maxsize=64)
def _font_cached(px: int) -> pygame.font.Font:
    return EvenFont(None, max(6, px))


# ---------------------------------------------------------------------------
# the pen: draws in a rotated, scaled local frame
# ---------------------------------------------------------------------------
class Pen:
    """Draws shapes given in local coordinates.

    Local +x is "forward", local +y is the figure's right (screen-down when
    facing right). ``angle`` is the facing in screen degrees (CCW positive).
    """

    __slots__ = ("surf", "ox", "oy", "ux", "uy", "k", "light")

    def __init__(self, surf, ox, oy, k, angle=0.0):
        a = math.radians(angle)
        self.surf = surf
        self.ox, self.oy = ox, oy
        self.ux = (k * math.cos(a), -k * math.sin(a))
        self.uy = (k * math.sin(a), k * math.cos(a))
        self._setup()

    def _setup(self):
        self.k = math.hypot(*self.ux)
        lx = (LIGHT[0] * self.ux[0] + LIGHT[1] * self.ux[1]) / self.k
        ly = (LIGHT[0] * self.uy[0] + LIGHT[1] * self.uy[1]) / self.k
        self.light = (lx, ly)

    def sub(self, x, y, ang=0.0, scale=1.0) -> "Pen":
        """A pen whose origin is local (x, y), turned by ang degrees (+x towards +y)."""
        p = Pen.__new__(Pen)
        p.surf = self.surf
        p.ox, p.oy = self.pt(x, y)
        a = math.radians(ang)
        c, s = math.cos(a), math.sin(a)
        ux, uy = self.ux, self.uy
        p.ux = (scale * (c * ux[0] + s * uy[0]), scale * (c * ux[1] + s * uy[1]))
        p.uy = (scale * (-s * ux[0] + c * uy[0]), scale * (-s * ux[1] + c * uy[1]))
        p._setup()
        return p

    def pt(self, x, y):
        return (self.ox + x * self.ux[0] + y * self.uy[0], self.oy + x * self.ux[1] + y * self.uy[1])

    # -- primitives -------------------------------------------------------
    def poly(self, pts, col, width=0):
        if len(pts) >= 3:
            w = 0 if not width else max(1, int(round(width * self.k)))
            pygame.draw.polygon(self.surf, col, [self.pt(x, y) for x, y in pts], w)

    def circle(self, x, y, r, col):
        rr = r * self.k
        if rr >= 0.5:
            pygame.draw.circle(self.surf, col, self.pt(x, y), rr)

    @staticmethod
    def ell_pts(x, y, rx, ry, rot=0.0, a0=0.0, a1=360.0, n=40):
        c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))
        out = []
        for i in range(n + 1 if a1 - a0 < 360 else n):
            t = math.radians(a0 + (a1 - a0) * i / n)
            ex, ey = rx * math.cos(t), ry * math.sin(t)
            out.append((x + ex * c - ey * s, y + ex * s + ey * c))
        return out

    def ellipse(self, x, y, rx, ry, col, rot=0.0):
        if abs(rx - ry) < 1e-9:
            self.circle(x, y, rx, col)
        else:
            self.poly(self.ell_pts(x, y, rx, ry, rot), col)

    def capsule(self, x0, y0, x1, y1, w, col):
        dx, dy = x1 - x0, y1 - y0
        d = math.hypot(dx, dy) or 1e-9
        nx, ny = -dy / d * w / 2, dx / d * w / 2
        self.poly([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)], col)
        self.circle(x0, y0, w / 2, col)
        self.circle(x1, y1, w / 2, col)

    def line(self, pts, w, col):
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            self.capsule(x0, y0, x1, y1, w, col)

    def rect(self, x0, y0, x1, y1, col):
        self.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], col)

    # -- shaded shapes ----------------------------------------------------
    def dome(self, x, y, rx, ry, col, rot=0.0, ol=0.0, steps=None, hi=0.5, lo=0.55, spread=0.8):
        """An ellipse shaded like a dome lit from the light; ``ol`` = ink outline width."""
        if ol:
            self.ellipse(x, y, rx + ol, ry + ol, EDGE, rot)
        if steps is None:
            steps = max(3, min(10, int(max(rx, ry) * self.k / 5)))
        c, s = math.cos(math.radians(rot)), math.sin(math.radians(rot))
        lx, ly = self.light
        ex, ey = lx * c + ly * s, -lx * s + ly * c
        for i in range(steps):
            t = i / (steps - 1) if steps > 1 else 0.0
            a = spread * t
            sc = 1.0 - a
            ox, oy = a * 0.5 * ex * rx, a * 0.5 * ey * ry
            f = -lo + (hi + lo) * (t ** 0.85)
            self.ellipse(x + ox * c - oy * s, y + ox * s + oy * c, rx * sc, ry * sc, _lit(col, f), rot)

    def shaded_poly(self, pts, col, ol=0.0, hi=0.35, lo=0.45, shrink=0.72):
        """A convex-ish polygon: dark body, lighter inner copy towards the light."""
        if ol:
            self.outline_poly(pts, ol)
        self.poly(pts, _lit(col, -lo))
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        ext = max(math.hypot(px - cx, py - cy) for px, py in pts)
        lx, ly = self.light
        for f, sc, off in ((0.0, 0.9, 0.04), (hi, shrink, 0.12)):
            ox, oy = lx * ext * off, ly * ext * off
            self.poly([(cx + (px - cx) * sc + ox, cy + (py - cy) * sc + oy) for px, py in pts],
                      _lit(col, f))

    def outline_poly(self, pts, ol):
        """Ink around a polygon (drawn before it)."""
        self.line(list(pts) + [pts[0]], ol * 2, EDGE)
        self.poly(pts, EDGE)


def _hsv(h, s, v):
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = v * (1 - s), v * (1 - f * s), v * (1 - (1 - f) * s)
    r, g, b = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return (r * 255, g * 255, b * 255)


# ---------------------------------------------------------------------------
# layers: outline and drop shadow
# ---------------------------------------------------------------------------
def _ink_and_shadow(dst: pygame.Surface, layer: pygame.Surface, ink: float, shadow: tuple[float, float],
                    shadow_alpha: int = 120):
    """Blit ``layer`` onto ``dst`` with an ink outline ``ink`` px thick and a drop shadow."""
    mask = pygame.mask.from_surface(layer, 40)
    if shadow_alpha:
        sh = mask.to_surface(setcolor=(*SHADOW, shadow_alpha), unsetcolor=(0, 0, 0, 0))
        dst.blit(sh, (round(shadow[0]), round(shadow[1])))
    if ink > 0:
        sil = mask.to_surface(setcolor=(*EDGE, 255), unsetcolor=(0, 0, 0, 0))
        n = 12
        for i in range(n):
            a = 2 * math.pi * i / n
            dst.blit(sil, (round(math.cos(a) * ink), round(math.sin(a) * ink)))
    dst.blit(layer, (0, 0))
OL = 0.035


def _quant(angle: float) -> int:
    try:
        a = float(angle)
    except (TypeError, ValueError):
        a = 0.0
    if not math.isfinite(a):
        a = 0.0
    return int(round(a / ANGLE_STEP)) * ANGLE_STEP % 360


def _is_int(v) -> bool:
    try:
        int(v)
        return True
    except (TypeError, ValueError):
        return False
