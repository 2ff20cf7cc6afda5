"""Procedural sprites: models, portraits, beasts, loot and dead markers.

Everything is drawn at run time from a card's hints (docs/CARDS.md §3.2), so a
player's own card gets a figure too. Unknown hats fall back to plain hair,
unknown weapons to a sword, bad colours to colours chosen from the card id.
All random choices are seeded from the card id: a card always looks the same.

Look: painted tabletop miniatures in the arena's torchlight (light from the
upper left, warm highlights, blue-violet night shadows, dark ink outlines).
Drawing is done at SS x the asked size (less for big sprites) and smooth-scaled down.

Conventions

* ``player`` is the seat index 0-9: ``PLAYER_COLOURS[player % 10]``; the number
  shown on the base is that colour's ``number`` (player + 1).
* ``facing_angle`` is in degrees, 0 = facing right (+x on screen),
  counter-clockwise positive (as ``pygame.transform.rotate``).
* Returned surfaces are cached and shared: copy them before drawing on them.
* Surfaces are ``SRCALPHA``; they are ``convert_alpha``-ed only when a display
  mode is set.
"""

from __future__ import annotations

import functools
import weakref
import math
import random
import re
import zlib
from collections.abc import Mapping
from dataclasses import dataclass

import pygame

__all__ = [
    "PlayerColour", "PLAYER_COLOURS", "HATS", "WEAPONS", "player_colour",
    "model_sprite", "portrait", "beast_sprite", "loot_sprite", "dead_marker",
]

SS = 4
"""Supersampling factor (less for big sprites, see _ss)."""
ANGLE_STEP = 3
"""Facing angles are quantised to this many degrees (for the cache)."""

HATS = ("none", "bicorne", "tricorn", "crown", "laurel", "helmet", "horned_helmet", "kabuto",
        "turban", "hood", "veil", "feathers", "straw_hat", "top_hat", "headband", "tiara",
        "fur_hat")
WEAPONS = ("none", "sword", "sabre", "katana", "spear", "axe", "bow", "musket", "pistol",
           "club", "staff", "shield", "trident", "whip", "hammer", "book", "fan", "dagger")
DEFAULT_HAT = "none"
DEFAULT_WEAPON = "sword"

# ---------------------------------------------------------------------------
# palette (shared with tools/make_tileset.py: torchlight from the upper left)
# ---------------------------------------------------------------------------
EDGE = (20, 14, 30)
NIGHT = (30, 22, 58)
WARM_HI = (255, 226, 170)
SHADOW = (22, 14, 44)
STEEL = (150, 158, 172)
STEEL_DK = (84, 90, 108)
GOLD = (226, 172, 56)
GOLD_HI = (255, 234, 140)
GOLD_DK = (140, 90, 30)
BRONZE = (150, 96, 44)
WOOD = (118, 74, 42)
WOOD_DK = (72, 44, 28)
IVORY = (240, 230, 206)
INK = (24, 18, 30)
_L = (-0.66, -0.75)
_LN = math.hypot(*_L)
LIGHT = (_L[0] / _LN, _L[1] / _LN)
"""Screen-space direction towards the light (upper left)."""

SKINS = [(241, 210, 182), (226, 184, 146), (198, 146, 104), (160, 108, 72), (110, 70, 46),
         (76, 48, 32)]
HAIRS = [(20, 16, 14), (58, 40, 26), (110, 70, 38), (176, 120, 60), (214, 178, 96),
         (150, 60, 28), (170, 166, 160)]


# ---------------------------------------------------------------------------
# player colours
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerColour:
    """A player's colour: name, RGB, the number on the base and a base pattern."""

    name: str
    rgb: tuple[int, int, int]
    number: int
    pattern: str


PLAYER_COLOURS: list[PlayerColour] = [
    # Okabe-Ito (colour-blind safe) first, then white, black and Tol's wine; the
    # number and the pattern tell them apart even in greyscale.
    PlayerColour("Vermilion", (213, 94, 0), 1, "solid"),
    PlayerColour("Sky Blue", (86, 180, 233), 2, "stripes"),
    PlayerColour("Yellow", (240, 228, 66), 3, "dots"),
    PlayerColour("Bluish Green", (0, 158, 115), 4, "checks"),
    PlayerColour("Reddish Purple", (204, 121, 167), 5, "rings"),
    PlayerColour("Orange", (230, 159, 0), 6, "spokes"),
    PlayerColour("Blue", (0, 114, 178), 7, "zigzag"),
    PlayerColour("White", (236, 236, 230), 8, "halves"),
    PlayerColour("Black", (44, 42, 48), 9, "crosses"),
    PlayerColour("Wine", (136, 34, 85), 10, "waves"),
]


def player_colour(player: int) -> PlayerColour:
    """The colour of seat ``player`` (0-based, wraps around after 10)."""
    try:
        return PLAYER_COLOURS[int(player) % len(PLAYER_COLOURS)]
    except (TypeError, ValueError):
        return PLAYER_COLOURS[0]


# ---------------------------------------------------------------------------
# colour helpers
# ---------------------------------------------------------------------------
def _c8(v: float) -> int:
    return 0 if v < 0 else (255 if v > 255 else int(v + 0.5))


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
    return pygame.font.Font(None, max(6, px))


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


# ---------------------------------------------------------------------------
# the look of a card
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class _Look:
    id: str
    hat: str
    weapon: str
    body: tuple
    skin: tuple
    hair: tuple
    accent: tuple
    hair_style: str
    beard: bool
    cape: bool
    epaulettes: bool
    bandolier: bool
    sash: bool
    variant: int
    mouth: str
    brows: str
    glance: float


_POINTED_WITH = {"bow", "axe", "spear", "trident", "club", "whip"}
"""Weapons whose crest-less helmet is a pointed steppe helmet (the others get a knight's)."""
_SOMBRERO_WITH = {"musket", "pistol", "whip"}
"""Weapons that make a straw hat a sombrero (the others get a conical hat)."""
_HIDDEN_HAIR_HATS = {"hood", "veil", "kabuto", "turban", "top_hat", "fur_hat", "helmet",
                     "horned_helmet", "straw_hat", "bicorne", "tricorn", "feathers"}


_LOOKS: "weakref.WeakKeyDictionary" = None  # card -> its _Look, filled on first use


def _look(card) -> _Look:
    """The card's look, worked out once per card object (every frame asks)."""
    global _LOOKS
    if _LOOKS is None:
        _LOOKS = weakref.WeakKeyDictionary()
    try:
        return _LOOKS[card]
    except (KeyError, TypeError):
        pass
    look = _make_look(card)
    try:
        _LOOKS[card] = look
    except TypeError:  # not weak-referenceable: just do not cache
        pass
    return look


def _make_look(card) -> _Look:
    cid = str(getattr(card, "id", "") or getattr(card, "name", "") or "someone")
    sp = getattr(card, "sprite", None)
    if not isinstance(sp, Mapping):
        sp = {}
    rng = random.Random(_seed("look", cid))
    hat = str(sp.get("hat", DEFAULT_HAT) or DEFAULT_HAT).strip().lower().replace("-", "_").replace(" ", "_")
    if hat not in HATS:
        hat = DEFAULT_HAT
    weapon = str(sp.get("weapon", DEFAULT_WEAPON) or DEFAULT_WEAPON).strip().lower().replace("-", "_").replace(" ", "_")
    if weapon not in WEAPONS:
        weapon = DEFAULT_WEAPON
    hue_pick = rng.random()
    accent_default = tuple(_c8(v) for v in _hsv(hue_pick, 0.65, 0.75))
    accent = _parse_rgb(getattr(card, "colour", None), accent_default)
    body = _parse_rgb(sp.get("body"), _mix(accent, NIGHT, 0.35))
    skin = _parse_rgb(sp.get("skin"), rng.choice(SKINS))
    hair = _parse_rgb(sp.get("hair"), rng.choice(HAIRS))
    he, she = _pronouns(card)
    if she > he:
        styles = ["long", "long", "long", "bun", "bun", "braids", "braids", "short"]
    elif he > she:
        styles = ["short", "short", "short", "wild", "topknot", "long", "bald", "braids"]
    else:
        styles = ["short", "short", "long", "long", "bun", "topknot", "braids", "wild"]
    hair_style = rng.choice(styles)
    beard_roll = rng.random()
    beard = "beard" in cid.lower() or "beard" in str(getattr(card, "name", "")).lower() or (
        he > she and beard_roll < 0.42)
    cape = rng.random() < 0.55
    epaulettes = hat in ("bicorne", "tricorn") or rng.random() < 0.12
    bandolier = weapon in ("musket", "pistol")
    sash = not cape and not bandolier and rng.random() < 0.6
    variant = rng.randrange(1 << 16)
    mouth = rng.choice(["grin", "smirk", "shout", "grit", "smile", "oh"])
    brows = rng.choice(["angry", "raised", "flat", "angry"])
    glance = rng.uniform(-1.0, 1.0)
    return _Look(cid, hat, weapon, body, skin, hair, accent, hair_style, beard, cape,
                 epaulettes, bandolier, sash, variant, mouth, brows, glance)


_HE = re.compile(r"\b(he|him|his|himself)\b", re.I)
_SHE = re.compile(r"\b(she|her|hers|herself)\b", re.I)


def _pronouns(card) -> tuple[int, int]:
    """How often the card's flavour line says he/his and she/her (a hint for hair and beards)."""
    text = " ".join(str(getattr(card, f, "") or "") for f in ("flavour", "title"))
    return len(_HE.findall(text)), len(_SHE.findall(text))


def _hsv(h, s, v):
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = v * (1 - s), v * (1 - f * s), v * (1 - (1 - f) * s)
    r, g, b = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    return (r * 255, g * 255, b * 255)


def _bit(look: _Look, n: int) -> bool:
    return bool((look.variant >> n) & 1)


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


# ---------------------------------------------------------------------------
# the figure seen from above (local units: base radius = 1, facing +x)
# ---------------------------------------------------------------------------
HX = 0.05
HR = 0.3
SHX = -0.08
SH_RX, SH_RY = 0.27, 0.55
OL = 0.035


def _hand(p: Pen, x, y, skin):
    p.circle(x, y, 0.1 + OL * 0.7, EDGE)
    p.dome(x, y, 0.1, 0.1, skin, hi=0.45)


def _arm(p: Pen, sx, sy, hx, hy, sleeve):
    p.capsule(sx, sy, hx, hy, 0.2 + OL * 1.6, EDGE)
    p.capsule(sx, sy, hx, hy, 0.2, _dk(sleeve, 0.15))
    lx, ly = p.light
    p.capsule(sx + lx * 0.03, sy + ly * 0.03, hx + lx * 0.03, hy + ly * 0.03, 0.1, _hi(sleeve, 0.2))


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


# ---------------------------------------------------------------------------
# model sprite
# ---------------------------------------------------------------------------
BASE_R = 0.42
"""Base radius as a fraction of the sprite size."""
FIG = 1.1
"""Figure scale relative to the base radius."""


def _quant(angle: float) -> int:
    try:
        a = float(angle)
    except (TypeError, ValueError):
        a = 0.0
    if not math.isfinite(a):
        a = 0.0
    return int(round(a / ANGLE_STEP)) * ANGLE_STEP % 360


def model_sprite(card, player: int, size: int, facing_angle: float = 0.0, *, highlight=False) -> pygame.Surface:
    """A top-down miniature of ``card`` on a base in ``player``'s colour, facing ``facing_angle``."""
    size = max(8, int(size))
    return _model_cached(_look(card), int(player) % len(PLAYER_COLOURS) if _is_int(player) else 0,
                         size, _quant(facing_angle), bool(highlight))


def _is_int(v) -> bool:
    try:
        int(v)
        return True
    except (TypeError, ValueError):
        return False


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
