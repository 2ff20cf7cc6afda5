"""Superhero Gladiators' art (docs/rules/SUPERS.md): the heroes as tokens, the oomph bar, altitude,
the six-segment track, the entangle and gizmo markers, and the frames of its animations.

    img = hero_sprite(hero, team=0, cell=48)            # a token for a cell 48 px across
    draw_hero(screen, hero, 0, (x, y), 48, altitude=2, oomph=30, max_oomph=45, entangled=3)
    oomph_bar(30, 45, 40) · altitude_badge(2, 16) · ground_shadow(48, 2)
    segment_track([TrackRow("Storm Widow", 0, (1, 3, 5)), ...], current=3, width=300)
    entangle_marker(4, 20) · gizmo_marker("noticed", 20)
    flight_frame / fall_frame / shot_frame / smash_frame / area_frame / entangle_frame / faint_frame

A hero is drawn from its card alone, so the same hero looks the same on every screen and two
heroes look different: a figure seen from the front on a round token ringed in its team's colour
(and pattern, for colour-blind players). Size sets the token's size (`hero_scale`); Strength the
breadth of the shoulders, Dexterity the slimness; the id picks the costume, the trim, the head
(cowl, crest, flames, visor, antennae, hood, domino mask) and the badge's shape; the powers pick
the pose (a shot's pointing arm, a smash's raised fists, a healer's open hands), the cape (flight)
and the emblem on the chest (the hero's strongest power). Gizmos never show on the sprite: a hidden
gizmo must not show to other players (the screens draw `gizmo_marker`s where a player may see them).

Drawn with the game's pens and palette (light from the upper left, ink outlines), supersampled.
Surfaces are cached and shared: copy them before drawing on them. The `*_frame` helpers draw one
frame of an animation at progress `t` (0…1) straight onto a surface and keep nothing.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from .bases import _draw_pattern
from .palette import (EDGE, INK, IVORY, LIGHT, PLAYER_COLOURS, SG_BLAST, SG_BOLT, SG_BRASS, SG_COSTUMES, SG_EYE,
                      SG_OOMPH_BACK, SG_OOMPH_RAMP, SG_ROPE, SG_ROPE_DK, SG_SKINS, SG_TOKEN, SG_TRACK_DIM,
                      SG_TRACK_LIT, SHADOW, UI_INK, GOLD_HI)
from .pens import OL, Pen, _dk, _down, _font, _grey, _hi, _ink_and_shadow, _lum, _mix, _seed, _ss

HEADS = ("cowl", "crest", "flames", "visor", "antennae", "hood", "domino")
BADGES = ("disc", "diamond", "shield", "star")
EMBLEMS = ("bolt", "burst", "fist", "shield", "arrows", "drop", "mirror", "wing", "chevrons", "cross", "web", "star")
POSES = ("point", "fists", "open", "up", "hips")
GIZMO_STATES = ("intact", "hidden", "noticed", "destroyed")
"""A gizmo as a player may see it: intact (a vulnerable gizmo, or a hidden one in its owner's own view),
hidden (its owner's view only: a hidden gizmo no opponent has noticed), noticed, destroyed."""
SEGMENTS = 6
ALTITUDE_RISE = 0.34
"""How far up a hero is drawn per altitude level, in cells."""


# ---------------------------------------------------------------------------
# what the sprite shows: a hero's look, from its card (duck-typed: model.Hero or anything alike)
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class HeroLook:
    """Everything a hero's sprite depends on (and nothing secret: no gizmos, no uses)."""

    id: str
    str: int
    dex: int
    size: int
    costume: tuple[int, int, int]
    trim: tuple[int, int, int]
    skin: tuple[int, int, int]
    head: str
    badge: str
    emblem: str
    pose: str
    cape: bool


def _powers(hero) -> list:
    return list(getattr(hero, "powers", ()) or ())


def _emblem_of(power) -> str:
    t = getattr(power, "type", "")
    styles = set(getattr(power, "styles", ()) or ())
    kinds = set(getattr(power, "movement", ()) or ())
    if "entangling" in styles:
        return "web"
    if t == "shot":
        return "burst" if styles & {"area", "superarea"} else "bolt"
    if t == "smash":
        return "fist"
    if t == "toughness":
        return "shield"
    if t == "missile_deflection":
        return "arrows"
    if t == "slippery":
        return "drop"
    if t == "copy_power":
        return "mirror"
    if t == "healing":
        return "cross"
    if t == "movement":
        return "wing" if "flight" in kinds else "chevrons"
    return "star"


def _strength(power) -> tuple:
    """How much a power says about its hero: what it would cost as the hero's own (the biggest spend is
    its signature; priced without its gizmo, which may be a secret), then its level, then its name."""
    try:
        cost = int(dataclasses.replace(power, gizmo="none").cost())
    except Exception:  # noqa: BLE001  a duck-typed power without a price: its level alone
        cost = 0
    return (cost, _int(getattr(power, "level", 0), 0), str(getattr(power, "name", "")))


def _int(v, default: int) -> int:
    try:
        return int(v)
    except (TypeError, ValueError):
        return default


_LOOKS: dict = {}
"""hero → its `HeroLook`, for heroes that can be hashed (the rules' frozen `Hero`): a table draws every hero
every frame, and pricing each power for the signature one took a quarter of Superhero Gladiators' frame."""


def hero_look(hero) -> HeroLook:
    """The look of a hero (a `model.Hero`, or any object with its attribute names). Cached for a hashable hero
    (a look depends on nothing else)."""
    try:
        return _LOOKS[hero]
    except (KeyError, TypeError):  # not seen yet, or a duck-typed hero that can not be hashed
        pass
    look = _hero_look(hero)
    try:
        if len(_LOOKS) >= 1024:  # the hero designer makes a new hero at every change
            _LOOKS.clear()
        _LOOKS[hero] = look
    except TypeError:
        pass
    return look


def _hero_look(hero) -> HeroLook:
    hid = str(getattr(hero, "id", "") or getattr(hero, "name", "") or "hero")
    powers = _powers(hero)
    types = {getattr(p, "type", "") for p in powers}
    styles = {s for p in powers for s in (getattr(p, "styles", ()) or ())}
    flight = any("flight" in (getattr(p, "movement", ()) or ()) for p in powers)
    best = max(powers, key=_strength) if powers else None
    kind = getattr(best, "type", "") if best is not None else ""
    if kind == "shot":
        pose = "point"
    elif kind == "smash":
        pose = "fists"
    elif kind in ("healing", "copy_power"):
        pose = "open"
    elif flight:
        pose = "up"
    else:
        pose = "hips"
    seed = _seed("sg-look", hid)
    costume = SG_COSTUMES[seed % len(SG_COSTUMES)]
    trim_i = (seed // 7) % (len(SG_COSTUMES) - 1)
    if SG_COSTUMES[trim_i] == costume:
        trim_i = len(SG_COSTUMES) - 1
    trim = SG_COSTUMES[trim_i]
    if abs(_lum(trim) - _lum(costume)) < 0.12:  # a trim that shows on the costume
        trim = _hi(trim, 0.5) if _lum(costume) < 0.5 else _dk(trim, 0.5)
    head = HEADS[(seed // 101) % len(HEADS)]
    if "slippery" in types and head == "crest":
        head = "hood"
    return HeroLook(
        id=hid,
        str=max(1, _int(getattr(hero, "str", 3), 3)),
        dex=max(1, _int(getattr(hero, "dex", 3), 3)),
        size=max(1, _int(getattr(hero, "size", 3), 3)),
        costume=tuple(costume),
        trim=tuple(trim),
        skin=SG_SKINS[(seed // 13) % len(SG_SKINS)],
        head=head,
        badge=BADGES[(seed // 1009) % len(BADGES)] if "area" not in styles else "star",
        emblem=_emblem_of(best) if best is not None else "star",
        pose=pose,
        cape=flight,
    )


def hero_scale(hero_or_size) -> float:
    """A token's diameter as a fraction of its cell, by Size (§2): 0.7 at Size 1, 0.05 more a point, 1.0 at 7+."""
    size = hero_or_size if isinstance(hero_or_size, int) else _int(getattr(hero_or_size, "size", 3), 3)
    return min(1.0, 0.7 + (max(1, size) - 1) * 0.05)


def token_px(hero, cell: int) -> int:
    """The side of `hero_sprite(hero, team, cell)`, px."""
    return max(10, round(max(8, int(cell)) * hero_scale(hero)))


# ---------------------------------------------------------------------------
# the figure (pen frame: x right, y down; the token's inner disc has radius ~0.74)
# ---------------------------------------------------------------------------
def _emblem(p: Pen, kind: str, col, r: float):
    """The emblem `kind` drawn round the pen's origin within radius r."""
    if kind == "bolt":
        pts = [(0.15, -1.0), (-0.45, 0.1), (-0.02, 0.1), (-0.2, 1.0), (0.5, -0.22), (0.06, -0.22), (0.3, -1.0)]
    elif kind == "burst":
        pts = []
        for i in range(16):
            rr = 1.0 if i % 2 == 0 else 0.45
            a = math.pi * i / 8
            pts.append((math.cos(a) * rr, math.sin(a) * rr))
    elif kind == "fist":
        p.sub(0, 0, scale=r).dome(0.0, 0.1, 0.75, 0.6, col, hi=0.3)
        for i in range(4):
            p.sub(0, 0, scale=r).circle(-0.5 + i * 0.33, -0.35, 0.2, _hi(col, 0.2))
        return
    elif kind == "shield":
        pts = [(-0.8, -0.8), (0.8, -0.8), (0.8, 0.05), (0.0, 0.95), (-0.8, 0.05)]
    elif kind == "arrows":
        q = p.sub(0, 0, scale=r)
        for s in (-1, 1):
            q.line([(-0.8, s * 0.45), (0.5, s * 0.45)], 0.22, col)
            q.poly([(0.95, s * 0.45), (0.4, s * 0.45 - 0.35), (0.4, s * 0.45 + 0.35)], col)
        q.line([(-0.85, -0.9), (-0.85, 0.9)], 0.2, col)
        return
    elif kind == "drop":
        pts = [(0.0, -1.0)] + [(math.cos(a) * 0.62, 0.3 + math.sin(a) * 0.62)
                               for a in [math.radians(d) for d in range(-30, 211, 20)]]
    elif kind == "mirror":
        q = p.sub(0, 0, scale=r)
        q.circle(-0.35, 0, 0.55, col)
        q.circle(0.35, 0, 0.55, _dk(col, 0.45))
        q.circle(0.35, 0, 0.32, col)
        return
    elif kind == "wing":
        pts = [(-0.9, 0.5), (-0.6, -0.5), (0.1, -0.95), (0.95, -0.8), (0.5, -0.4), (0.85, -0.3), (0.35, 0.05),
               (0.6, 0.2), (0.0, 0.45)]
    elif kind == "chevrons":
        q = p.sub(0, 0, scale=r)
        for dx in (-0.45, 0.25):
            q.line([(dx - 0.3, -0.75), (dx + 0.3, 0.0), (dx - 0.3, 0.75)], 0.3, col)
        return
    elif kind == "cross":
        q = p.sub(0, 0, scale=r)
        q.rect(-0.28, -0.85, 0.28, 0.85, col)
        q.rect(-0.85, -0.28, 0.85, 0.28, col)
        return
    elif kind == "web":
        q = p.sub(0, 0, scale=r)
        for i in range(6):
            a = math.pi * i / 3
            q.line([(0, 0), (math.cos(a) * 0.95, math.sin(a) * 0.95)], 0.12, col)
        for rr in (0.4, 0.75):
            ring = [(math.cos(math.pi * i / 3) * rr, math.sin(math.pi * i / 3) * rr) for i in range(7)]
            q.line(ring, 0.11, col)
        return
    else:  # star
        pts = []
        for i in range(10):
            rr = 1.0 if i % 2 == 0 else 0.42
            a = -math.pi / 2 + math.pi * i / 5
            pts.append((math.cos(a) * rr, math.sin(a) * rr))
    p.poly([(x * r, y * r) for x, y in pts], col)


def _badge(p: Pen, look: HeroLook, x: float, y: float, r: float):
    """The chest badge: a shape in the trim colour with the emblem in gold or ink."""
    q = p.sub(x, y)
    if look.badge == "diamond":
        pts = [(0, -r * 1.15), (r * 1.0, 0), (0, r * 1.15), (-r * 1.0, 0)]
    elif look.badge == "shield":
        pts = [(-r, -r * 0.9), (r, -r * 0.9), (r, r * 0.1), (0, r * 1.1), (-r, r * 0.1)]
    elif look.badge == "star":
        pts = [(math.cos(-math.pi / 2 + math.pi * i / 5) * (r * 1.2 if i % 2 == 0 else r * 0.75),
                math.sin(-math.pi / 2 + math.pi * i / 5) * (r * 1.2 if i % 2 == 0 else r * 0.75)) for i in range(10)]
    else:
        pts = Pen.ell_pts(0, 0, r, r, n=24)
    q.outline_poly(pts, OL * 0.6)
    q.poly(pts, look.trim)
    ink = GOLD_HI if _lum(look.trim) < 0.55 else INK
    _emblem(q, look.emblem, ink, r * 0.68)


def _head(p: Pen, look: HeroLook, hx: float, hy: float, hr: float):
    c, t, skin = look.costume, look.trim, look.skin
    ol = OL * 0.8
    if look.head == "hood":
        p.dome(hx, hy + hr * 0.1, hr * 1.35, hr * 1.3, _dk(c, 0.1), ol=ol, hi=0.3)
        p.ellipse(hx, hy + hr * 0.2, hr * 0.78, hr * 0.82, _dk(skin, 0.35))
        p.ellipse(hx, hy + hr * 0.28, hr * 0.66, hr * 0.7, skin)
        eyes_y, eye_col = hy + hr * 0.15, EDGE
    else:
        if look.head == "cowl":
            for s in (-1, 1):
                p.poly([(hx + s * hr * 0.35, hy - hr * 0.7), (hx + s * hr * 0.95, hy - hr * 1.55),
                        (hx + s * hr * 0.9, hy - hr * 0.3)], EDGE)
                p.poly([(hx + s * hr * 0.42, hy - hr * 0.68), (hx + s * hr * 0.88, hy - hr * 1.38),
                        (hx + s * hr * 0.82, hy - hr * 0.38)], c)
        elif look.head == "crest":
            p.poly([(hx - hr * 0.25, hy - hr * 0.6), (hx, hy - hr * 1.75), (hx + hr * 0.25, hy - hr * 0.6)], EDGE)
            p.poly([(hx - hr * 0.15, hy - hr * 0.65), (hx, hy - hr * 1.55), (hx + hr * 0.15, hy - hr * 0.65)], t)
        elif look.head == "flames":
            flame = [(hx - hr * 1.0, hy - hr * 0.1), (hx - hr * 0.95, hy - hr * 1.2), (hx - hr * 0.5, hy - hr * 0.8),
                     (hx - hr * 0.3, hy - hr * 1.7), (hx + hr * 0.05, hy - hr * 0.95), (hx + hr * 0.45, hy - hr * 1.6),
                     (hx + hr * 0.55, hy - hr * 0.75), (hx + hr * 1.05, hy - hr * 1.1), (hx + hr * 1.0, hy - hr * 0.1)]
            p.outline_poly(flame, ol)
            p.poly(flame, (246, 140, 40))
            p.poly([(x + (hx - x) * 0.35, y + (hy - y) * 0.35) for x, y in flame], (255, 214, 90))
        elif look.head == "antennae":
            for s in (-1, 1):
                p.line([(hx + s * hr * 0.35, hy - hr * 0.7), (hx + s * hr * 0.8, hy - hr * 1.6)], hr * 0.16, EDGE)
                p.circle(hx + s * hr * 0.8, hy - hr * 1.6, hr * 0.26, EDGE)
                p.circle(hx + s * hr * 0.8, hy - hr * 1.6, hr * 0.18, t)
        masked = look.head in ("cowl", "crest", "visor", "antennae")
        p.dome(hx, hy, hr, hr * 1.05, c if masked else skin, ol=ol, hi=0.45)
        if look.head in ("cowl", "crest", "antennae"):  # the mask's open lower face
            p.poly(Pen.ell_pts(hx, hy + hr * 0.35, hr * 0.72, hr * 0.6, a0=0, a1=180, n=12), skin)
        eyes_y, eye_col = hy - hr * 0.08, IVORY
        if look.head == "visor":
            p.rect(hx - hr * 0.95, hy - hr * 0.32, hx + hr * 0.95, hy + hr * 0.12, EDGE)
            p.rect(hx - hr * 0.85, hy - hr * 0.24, hx + hr * 0.85, hy + hr * 0.04, t)
            return
        if look.head in ("domino", "flames"):
            p.ellipse(hx, eyes_y, hr * 0.85, hr * 0.3, look.trim if look.head == "domino" else EDGE)
    for s in (-1, 1):
        p.ellipse(hx + s * hr * 0.38, eyes_y, hr * 0.22, hr * 0.1, eye_col, rot=-s * 12)


def _figure(p: Pen, look: HeroLook):
    c, t = look.costume, look.trim
    broad = min(1.0, (look.str - 1) / 7)       # Strength: the shoulders
    slim = min(1.0, (look.dex - 1) / 7)        # Dexterity: slimmer limbs
    sw = 0.27 + 0.13 * broad
    ww = 0.17 + 0.05 * broad
    limb = 0.15 - 0.04 * slim + 0.04 * broad
    sy, wy, hy_ = -0.2, 0.22, 0.28
    hr = 0.17
    head_y = sy - hr * 1.05
    # the cape (flight): behind everything, flaring out below
    if look.cape:
        cape = [(-sw * 0.9, sy), (sw * 0.9, sy), (sw + 0.2, 0.78), (0.0, 0.68), (-sw - 0.2, 0.78)]
        p.outline_poly(cape, OL)
        p.shaded_poly(cape, t, hi=0.25, lo=0.35)
    # legs
    for s in (-1, 1):
        p.capsule(s * ww * 0.55, hy_, s * (ww * 0.7 + 0.05), 0.7, limb + OL * 1.6, EDGE)
        p.capsule(s * ww * 0.55, hy_, s * (ww * 0.7 + 0.05), 0.7, limb, _dk(c, 0.15))
        p.capsule(s * (ww * 0.7 + 0.05) - 0.01, 0.58, s * (ww * 0.7 + 0.08), 0.72, limb * 1.15, t)  # boots
    # arms, by pose
    hands = {
        "point": [(-sw - 0.12, 0.28), (sw + 0.42, -0.42)],
        "fists": [(-sw - 0.05, -0.45), (sw + 0.05, -0.45)],
        "open": [(-sw - 0.3, -0.05), (sw + 0.3, -0.05)],
        "up": [(-sw - 0.05, -0.62), (sw + 0.05, -0.62)],
        "hips": [(-ww - 0.05, wy), (ww + 0.05, wy)],
    }[look.pose]
    elbows = {
        "point": [(-sw - 0.12, 0.05), (sw + 0.2, -0.3)],
        "fists": [(-sw - 0.2, -0.1), (sw + 0.2, -0.1)],
        "open": [(-sw - 0.18, 0.02), (sw + 0.18, 0.02)],
        "up": [(-sw - 0.12, -0.4), (sw + 0.12, -0.4)],
        "hips": [(-sw - 0.14, 0.02), (sw + 0.14, 0.02)],
    }[look.pose]
    for s, (hx, hy), (ex, ey) in ((-1, hands[0], elbows[0]), (1, hands[1], elbows[1])):
        x0 = s * sw * 0.92
        p.line([(x0, sy + 0.04), (ex, ey), (hx, hy)], limb + OL * 1.6, EDGE)
        p.line([(x0, sy + 0.04), (ex, ey), (hx, hy)], limb, c)
        p.line([(ex, ey), (hx, hy)], limb * 1.08, t)  # gloves
        fist = look.pose in ("fists", "point")
        p.circle(hx, hy, limb * (0.85 if fist else 0.7) + OL * 0.6, EDGE)
        p.dome(hx, hy, limb * (0.85 if fist else 0.7), limb * (0.85 if fist else 0.7), t, hi=0.5)
    # torso: shoulders to waist
    torso = [(-sw, sy), (sw, sy), (ww, wy), (-ww, wy)]
    p.outline_poly(torso, OL)
    p.shaded_poly(torso, c, hi=0.35, lo=0.3)
    p.rect(-ww - 0.01, wy - 0.02, ww + 0.01, hy_, EDGE)                  # the belt
    p.rect(-ww + 0.01, wy, ww - 0.01, hy_ - 0.02, t)
    _badge(p, look, 0.0, (sy + wy) / 2 - 0.01, 0.1 + 0.04 * broad)
    _head(p, look, 0.0, head_y, hr)


# ---------------------------------------------------------------------------
# public face: the hero
# ---------------------------------------------------------------------------
def hero_sprite(hero, team: int, cell: int, *, fainted: bool = False, highlight: bool = False) -> pygame.Surface:
    """A hero's token for a cell `cell` px across: `token_px(hero, cell)` square, its diameter by Size,
    ringed in seat `team`'s colour (0-based). `fainted` greys it and lays a badge on it. Cached and shared."""
    look = hero if isinstance(hero, HeroLook) else hero_look(hero)
    team = _int(team, 0) % len(PLAYER_COLOURS)
    return _hero_cached(look, team, token_px(look, cell), bool(fainted), bool(highlight))


@functools.lru_cache(maxsize=512)
def _hero_cached(look: HeroLook, team: int, px: int, fainted: bool, highlight: bool) -> pygame.Surface:
    pc = PLAYER_COLOURS[team]
    ss = _ss(px)
    big = px * ss
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big * 0.46
    # the team ring: the seat's colour and pattern, a dark disc inside for the figure to stand on
    if highlight:
        pygame.draw.circle(surf, (255, 220, 110), (c, c), r * 1.08)
    pygame.draw.circle(surf, EDGE, (c, c), r * 1.03)
    _draw_pattern(surf, c, c, r, pc)
    pygame.draw.circle(surf, EDGE, (c, c), r * 0.84)
    pygame.draw.circle(surf, SG_TOKEN, (c, c), r * 0.8)
    glow = pygame.Surface((big, big), pygame.SRCALPHA)
    for i in range(6):
        tt = i / 5
        pygame.draw.circle(glow, (*_hi(look.costume, 0.3), int(8 + 10 * tt)),
                           (c + LIGHT[0] * r * 0.3 * tt, c + LIGHT[1] * r * 0.3 * tt), r * 0.74 * (1 - 0.5 * tt))
    surf.blit(glow, (0, 0))
    # the figure, a little bigger than the inner disc so the head and boots overlap the ring
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    _figure(Pen(layer, c, c + r * 0.06, r * 1.08, 0), look)
    if fainted:
        layer = _grey(layer, 0.3)
    _ink_and_shadow(surf, layer, max(1.5, r * 0.03), (-LIGHT[0] * r * 0.06, -LIGHT[1] * r * 0.06), 100)
    if fainted:
        veil = pygame.Surface((big, big), pygame.SRCALPHA)
        pygame.draw.circle(veil, (*SHADOW, 120), (c, c), r * 1.02)
        surf.blit(veil, (0, 0))
        _stars(surf, c, c - r * 0.55, r * 0.5, 0.0)
    return _down(surf, (px, px))


def _stars(surf, x, y, rr, phase):
    """Three little stars circling (a fainted or dazed hero)."""
    for i in range(3):
        a = phase + i * 2 * math.pi / 3
        sx, sy = x + math.cos(a) * rr, y + math.sin(a) * rr * 0.4
        q = Pen(surf, sx, sy, rr * 0.28, 0)
        pts = [(math.cos(-math.pi / 2 + math.pi * k / 5) * (1.0 if k % 2 == 0 else 0.45),
                math.sin(-math.pi / 2 + math.pi * k / 5) * (1.0 if k % 2 == 0 else 0.45)) for k in range(10)]
        q.outline_poly(pts, 0.12)
        q.poly(pts, GOLD_HI)


# ---------------------------------------------------------------------------
# oomph, altitude
# ---------------------------------------------------------------------------
def oomph_colour(fraction: float) -> tuple[int, int, int]:
    f = max(0.0, min(1.0, float(fraction)))
    for (t0, c0), (t1, c1) in zip(SG_OOMPH_RAMP, SG_OOMPH_RAMP[1:]):
        if f <= t1:
            return _mix(c0, c1, (f - t0) / (t1 - t0) if t1 > t0 else 0.0)
    return SG_OOMPH_RAMP[-1][1]


def oomph_bar(oomph: int, max_oomph: int, width: int, height: int | None = None) -> pygame.Surface:
    """A hero's oomph: a bar `width` px long, filled by oomph / max oomph (green to red as it drains),
    a notch every 5 points when they fit. Oomph at 0 or below shows empty. Cached and shared."""
    width = max(8, int(width))
    height = max(3, int(height if height is not None else max(4, width // 7)))
    mx = max(1, _int(max_oomph, 1))
    return _bar_cached(max(0, min(mx, _int(oomph, 0))), mx, width, height)


@functools.lru_cache(maxsize=1024)
def _bar_cached(oomph: int, mx: int, width: int, height: int) -> pygame.Surface:
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    surf.fill((*EDGE, 255))
    inner = pygame.Rect(1, 1, width - 2, height - 2)
    surf.fill(SG_OOMPH_BACK, inner)
    fill = round(inner.w * oomph / mx)
    if fill > 0:
        col = oomph_colour(oomph / mx)
        surf.fill(col, pygame.Rect(1, 1, fill, inner.h))
        if inner.h >= 3:
            surf.fill(_hi(col, 0.35), pygame.Rect(1, 1, fill, max(1, inner.h // 3)))
    if inner.w / mx * 5 >= 4:
        for k in range(5, mx, 5):
            x = 1 + round(inner.w * k / mx)
            pygame.draw.line(surf, (*EDGE, 150), (x, 1), (x, 1 + inner.h // 2))
    return surf


def rise_px(altitude: int, cell: int) -> int:
    """How far above its cell a hero at `altitude` is drawn, px."""
    return round(max(0, _int(altitude, 0)) * ALTITUDE_RISE * cell)


def ground_shadow(cell: int, altitude: int = 0) -> pygame.Surface:
    """The shadow a hero casts on its cell: smaller and fainter the higher it flies. Cached."""
    return _shadow_cached(max(8, int(cell)), max(0, min(12, _int(altitude, 0))))


@functools.lru_cache(maxsize=256)
def _shadow_cached(cell: int, altitude: int) -> pygame.Surface:
    w = round(cell * 0.7 * (1 - 0.1 * min(altitude, 5)))
    h = max(3, round(w * 0.42))
    surf = pygame.Surface((max(4, w), h), pygame.SRCALPHA)
    alpha = max(50, 150 - 20 * altitude)
    for i in range(5):
        t = i / 4
        rect = pygame.Rect(0, 0, w * (1 - 0.35 * t), h * (1 - 0.35 * t))
        rect.center = (w / 2, h / 2)
        pygame.draw.ellipse(surf, (*SHADOW, int(alpha * (0.3 + 0.7 * t))), rect)
    return surf


def altitude_badge(altitude: int, size: int) -> pygame.Surface:
    """A small roundel with an up arrow and the altitude's number (drawn when altitude > 0). Cached."""
    return _alt_cached(max(0, _int(altitude, 0)), max(10, int(size)))


@functools.lru_cache(maxsize=128)
def _alt_cached(altitude: int, size: int) -> pygame.Surface:
    ss = _ss(size)
    big = size * ss
    w = big * 1.5
    surf = pygame.Surface((round(w), big), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, round(w), big)
    pygame.draw.rect(surf, EDGE, rect, border_radius=big // 2)
    pygame.draw.rect(surf, (232, 240, 255), rect.inflate(-big * 0.16, -big * 0.16), border_radius=big // 2)
    p = Pen(surf, big * 0.42, big / 2, big * 0.36, 0)
    p.poly([(0, -0.95), (0.7, 0.0), (0.28, 0.0), (0.28, 0.85), (-0.28, 0.85), (-0.28, 0.0), (-0.7, 0.0)], INK)
    f = _font(round(big * 0.95))
    f.set_bold(True)
    img = f.render(str(altitude), True, INK)
    surf.blit(img, img.get_rect(center=(round(w * 0.7), round(big * 0.54))))
    return _down(surf, (round(size * 1.5), size))


def draw_hero(dst: pygame.Surface, hero, team: int, centre: tuple[float, float], cell: int, *, altitude: int = 0,
              oomph: int | None = None, max_oomph: int | None = None, entangled: int = 0, fainted: bool = False,
              highlight: bool = False) -> pygame.Rect:
    """A hero on its cell, as the table shows it: the shadow on the ground, the token raised by its
    altitude (with the altitude's badge), its oomph bar under it, its entangle marker. Returns the
    token's rectangle (for hit tests)."""
    cx, cy = centre
    img = hero_sprite(hero, team, cell, fainted=fainted, highlight=highlight)
    up = rise_px(altitude, cell)
    sh = ground_shadow(cell, altitude)
    dst.blit(sh, sh.get_rect(center=(round(cx), round(cy + img.get_height() * 0.32))))
    if up:
        pygame.draw.line(dst, SHADOW, (round(cx), round(cy + img.get_height() * 0.3)),
                         (round(cx), round(cy - up + img.get_height() * 0.4)), 1)
    rect = img.get_rect(center=(round(cx), round(cy - up)))
    dst.blit(img, rect)
    if altitude and altitude > 0:
        badge = altitude_badge(altitude, max(10, cell // 4))
        dst.blit(badge, badge.get_rect(bottomleft=(rect.right - badge.get_width() // 2, rect.bottom)))
    if oomph is not None and max_oomph and not fainted:
        bar = oomph_bar(oomph, max_oomph, max(12, round(cell * 0.62)))
        dst.blit(bar, bar.get_rect(midtop=(rect.centerx, rect.bottom - 1)))
    if entangled and entangled > 0 and not fainted:
        m = entangle_marker(entangled, max(10, cell // 3))
        dst.blit(m, m.get_rect(center=(rect.left + m.get_width() // 3, rect.top + m.get_height() // 3)))
    return rect


# ---------------------------------------------------------------------------
# the segment track
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class TrackRow:
    """One hero's row of the track: its name, its seat (for the colour) and its segments (1–6)."""

    name: str
    team: int
    segments: tuple[int, ...]
    fainted: bool = False
    acting: bool = False
    """The hero acting now (its cell of the current segment is ringed)."""


def track_name_size(name: str, room: int, row_h: int) -> int:
    """The segment track's font size for a hero's name: as big as its row takes (three quarters of it)
    while the whole name fits `room`, smaller step by step down to a floor (then it is cut short)."""
    big, floor = max(9, round(row_h * 0.75)), max(8, round(row_h * 0.5))
    for size in range(big, floor, -1):
        if _font(size).size(name)[0] <= room:
            return size
    return floor


def segment_track(rows: Sequence, current: int | None, width: int, *, row_h: int | None = None) -> pygame.Surface:
    """The turn's six segments (SUPERS.md §2, §4) as a table: a column a segment (numbered, with the
    Speed it needs), a row a hero (`TrackRow`s, or `(name, team, segments)`), a dot where the hero acts;
    the current segment's column lit. Fainted heroes are struck through. Not cached (it changes each action)."""
    rows = [r if isinstance(r, TrackRow) else TrackRow(str(r[0]), _int(r[1], 0), tuple(r[2])) for r in rows]
    width = max(120, int(width))
    row_h = max(12, int(row_h if row_h is not None else 18))
    head = row_h + 4
    surf = pygame.Surface((width, head + row_h * len(rows) + 2), pygame.SRCALPHA)
    surf.fill((20, 16, 26, 220))
    name_w = max(40, int(width * 0.38))
    col_w = (width - name_w - 2) / SEGMENTS
    f = _font(max(10, round(row_h * 0.8)))
    for k in range(1, SEGMENTS + 1):
        x = name_w + (k - 1) * col_w
        lit = current == k
        col = pygame.Rect(round(x) + 1, 1, math.ceil(col_w) - 2, surf.get_height() - 2)
        pygame.draw.rect(surf, (*(SG_TRACK_LIT if lit else SG_TRACK_DIM), 90 if lit else 70), col, border_radius=3)
        if lit:
            pygame.draw.rect(surf, SG_TRACK_LIT, col, 2, border_radius=3)
        num = f.render(str(k), True, INK if lit else UI_INK)
        if lit:
            pygame.draw.rect(surf, SG_TRACK_LIT, pygame.Rect(round(x) + 1, 1, math.ceil(col_w) - 2, head - 2),
                             border_radius=3)
        surf.blit(num, num.get_rect(center=(round(x + col_w / 2), head // 2)))
    # one size for every name (the longest's that fits), so that the rows read as one column
    small = _font(min((track_name_size(r.name, name_w - 14, row_h) for r in rows), default=8))
    for i, r in enumerate(rows):
        y = head + i * row_h
        pc = PLAYER_COLOURS[r.team % len(PLAYER_COLOURS)]
        pygame.draw.rect(surf, pc.rgb, pygame.Rect(3, y + 3, 5, row_h - 6))
        label = r.name
        img = small.render(label, True, UI_INK if not r.fainted else (120, 110, 120))
        while img.get_width() > name_w - 14 and len(label) > 3:
            label = label[:-2] + "…"
            img = small.render(label, True, UI_INK)
        surf.blit(img, (12, y + (row_h - img.get_height()) // 2))
        if r.fainted:
            pygame.draw.line(surf, (150, 60, 60), (10, y + row_h // 2), (name_w - 4, y + row_h // 2), 2)
        for k in r.segments:
            if not 1 <= k <= SEGMENTS:
                continue
            x = name_w + (k - 0.5) * col_w
            rad = max(3, row_h * 0.32)
            pygame.draw.circle(surf, EDGE, (x, y + row_h / 2), rad + 1)
            pygame.draw.circle(surf, (90, 86, 96) if r.fainted else pc.rgb, (x, y + row_h / 2), rad)
            if r.acting and current == k:
                pygame.draw.circle(surf, (255, 250, 230), (x, y + row_h / 2), rad + 3, 2)
    return surf


# ---------------------------------------------------------------------------
# markers: entangled, gizmos
# ---------------------------------------------------------------------------
def entangle_marker(level: int, size: int) -> pygame.Surface:
    """A hero entangled at `level` (1–8): strands wound round a knot, one more loop a level up to
    four, and the level's number on the knot. Cached."""
    return _entangle_cached(max(1, min(8, _int(level, 1))), max(10, int(size)))


@functools.lru_cache(maxsize=128)
def _entangle_cached(level: int, size: int) -> pygame.Surface:
    ss = _ss(size)
    big = size * ss
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(surf, big / 2, big / 2, big * 0.46, 0)
    loops = min(4, level)
    for i in range(loops):
        rot = 180 / loops * i + 20
        pts = Pen.ell_pts(0, 0, 0.95, 0.42, rot=rot, n=28)
        p.line(pts + [pts[0]], 0.2, EDGE)
    for i in range(loops):
        rot = 180 / loops * i + 20
        pts = Pen.ell_pts(0, 0, 0.95, 0.42, rot=rot, n=28)
        p.line(pts + [pts[0]], 0.11, SG_ROPE)
    p.circle(0, 0, 0.46, EDGE)
    p.dome(0, 0, 0.4, 0.4, SG_ROPE_DK, hi=0.5)
    f = _font(round(big * 0.5))
    f.set_bold(True)
    img = f.render(str(level), True, IVORY)
    surf.blit(img, img.get_rect(center=(round(big / 2), round(big / 2 + big * 0.02))))
    return _down(surf, (size, size))


def gizmo_marker(state: str, size: int) -> pygame.Surface:
    """A gizmo (SUPERS.md §7) as a player may see it (`GIZMO_STATES`): a brass cog; `hidden` (its
    owner's own view) a dim cog with a dashed ring; `noticed` the cog under an eye; `destroyed` a broken
    cog crossed out. The screens decide who may see which (a hidden gizmo never shows to an opponent
    until noticed). Cached."""
    if state not in GIZMO_STATES:
        raise ValueError(f"gizmo state {state!r} is not one of {', '.join(GIZMO_STATES)}")
    return _gizmo_cached(state, max(10, int(size)))


def _cog(p: Pen, col, teeth=8, broken=False):
    pts = []
    for i in range(teeth * 4):
        a = 2 * math.pi * i / (teeth * 4)
        rr = 0.95 if (i % 4) in (1, 2) else 0.72
        if broken and 0.2 < a < 1.5:
            rr = 0.55
        pts.append((math.cos(a) * rr, math.sin(a) * rr))
    p.outline_poly(pts, 0.08)
    p.poly(pts, col)
    p.circle(0, 0, 0.52, _hi(col, 0.3))
    p.circle(0, 0, 0.28, EDGE)


@functools.lru_cache(maxsize=64)
def _gizmo_cached(state: str, size: int) -> pygame.Surface:
    ss = _ss(size)
    big = size * ss
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(surf, big / 2, big / 2, big * 0.45, 0)
    if state == "destroyed":
        _cog(p, _dk(SG_BRASS, 0.45), broken=True)
        for a, b in (((-0.8, -0.8), (0.8, 0.8)), ((-0.8, 0.8), (0.8, -0.8))):
            p.line([a, b], 0.34, EDGE)
            p.line([a, b], 0.2, (214, 70, 52))
    elif state == "hidden":
        _cog(p, _mix(SG_BRASS, (90, 86, 100), 0.55))
        for i in range(12):
            a0, a1 = 2 * math.pi * i / 12, 2 * math.pi * (i + 0.5) / 12
            p.line([(math.cos(a0) * 1.05, math.sin(a0) * 1.05), (math.cos(a1) * 1.05, math.sin(a1) * 1.05)],
                   0.08, (200, 196, 210))
    else:
        _cog(p, SG_BRASS)
        if state == "noticed":
            q = p.sub(0.28, -0.32, scale=0.62)
            eye = Pen.ell_pts(0, 0, 0.95, 0.55, n=24)
            q.outline_poly(eye, 0.1)
            q.poly(eye, IVORY)
            q.circle(0, 0, 0.42, SG_EYE)
            q.circle(0, 0, 0.2, EDGE)
            q.circle(-0.1, -0.1, 0.08, (255, 255, 255))
    return _down(surf, (size, size))


# ---------------------------------------------------------------------------
# animation frames (drawn straight onto a surface; t runs 0 → 1)
# ---------------------------------------------------------------------------
def _ease(t: float) -> float:
    t = max(0.0, min(1.0, float(t)))
    return t * t * (3 - 2 * t)


def flight_frame(dst: pygame.Surface, hero_img: pygame.Surface, ground: tuple[float, float], cell: int,
                 from_alt: int, to_alt: int, t: float) -> pygame.Rect:
    """A hero rising or sinking from `from_alt` to `to_alt` over its cell `ground` (its centre): the
    shadow shrinking as it climbs, speed lines below it on the way up. Returns where the token is."""
    e = _ease(t)
    alt = from_alt + (to_alt - from_alt) * e
    sh = ground_shadow(cell, round(alt))
    dst.blit(sh, sh.get_rect(center=(round(ground[0]), round(ground[1] + hero_img.get_height() * 0.32))))
    y = ground[1] - alt * ALTITUDE_RISE * cell
    rect = hero_img.get_rect(center=(round(ground[0]), round(y)))
    if 0 < t < 1 and to_alt != from_alt:
        up = to_alt > from_alt
        for k in (-1, 0, 1):
            x = rect.centerx + k * rect.w * 0.25
            y0 = rect.bottom if up else rect.top
            y1 = y0 + (1 if up else -1) * cell * 0.35 * (1 - abs(k) * 0.4)
            pygame.draw.line(dst, _hi(SG_BOLT, 0.3), (round(x), round(y0)), (round(x), round(y1)), 2)
    dst.blit(hero_img, rect)
    return rect


def fall_frame(dst: pygame.Surface, hero_img: pygame.Surface, ground: tuple[float, float], cell: int,
               from_alt: int, t: float) -> pygame.Rect:
    """A hero falling from `from_alt` to the ground (a flier that did not fly on, an entangled flier,
    SUPERS.md §6): faster and faster, then a puff of dust and a jolt as it lands."""
    t = max(0.0, min(1.0, float(t)))
    land = 0.8
    k = min(1.0, t / land)
    alt = from_alt * (1 - k * k)
    sh = ground_shadow(cell, round(alt))
    dst.blit(sh, sh.get_rect(center=(round(ground[0]), round(ground[1] + hero_img.get_height() * 0.32))))
    jolt = 0
    if t > land:
        u = (t - land) / (1 - land)
        jolt = round(math.sin(u * math.pi) * cell * 0.06)
        _dust(dst, (ground[0], ground[1] + hero_img.get_height() * 0.35), cell * (0.3 + 0.5 * u), 1 - u)
    rect = hero_img.get_rect(center=(round(ground[0]), round(ground[1] - alt * ALTITUDE_RISE * cell + jolt)))
    img = hero_img if t <= land else pygame.transform.rotozoom(hero_img, 8 * math.sin((t - land) * 30), 1.0)
    dst.blit(img, img.get_rect(center=rect.center))
    return rect


def _dust(dst, at, r, strength):
    if strength <= 0:
        return
    lay = pygame.Surface(dst.get_size(), pygame.SRCALPHA)
    for i in range(7):
        a = math.pi + math.pi * i / 6
        x, y = at[0] + math.cos(a) * r, at[1] + math.sin(a) * r * 0.35
        pygame.draw.circle(lay, (190, 170, 150, int(170 * strength)), (x, y), max(2, r * 0.22))
    dst.blit(lay, (0, 0))


def shot_frame(dst: pygame.Surface, start: tuple[float, float], end: tuple[float, float], t: float, *,
               kind: str = "bolt", colour=None, width: int = 4) -> None:
    """A distance attack flying from `start` to `end`: its head at t, a fading trail behind it. `kind`:
    `bolt` (an energy shot), `missile` (a thrown thing: a dart with a short trail; deflectable),
    `entangling` (a strand snaking out), `piercing` (a thin white-hot line)."""
    t = max(0.0, min(1.0, float(t)))
    col = colour or {"missile": (230, 220, 200), "entangling": SG_ROPE, "piercing": (255, 250, 230)}.get(kind, SG_BOLT)
    sx, sy = start
    ex, ey = end
    dx, dy = ex - sx, ey - sy
    d = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / d, dx / d
    tail = max(0.0, t - (0.18 if kind == "missile" else 0.45))
    lay = pygame.Surface(dst.get_size(), pygame.SRCALPHA)
    n = 14
    prev = None
    for i in range(n + 1):
        u = tail + (t - tail) * i / n
        wob = math.sin(u * 24) * width * 1.5 if kind == "entangling" else 0.0
        p = (sx + dx * u + nx * wob, sy + dy * u + ny * wob)
        if prev is not None:
            a = int(255 * (i / n) ** 1.5)
            w = max(1, round(width * (0.4 + 0.6 * i / n) * (0.5 if kind == "piercing" else 1.0)))
            pygame.draw.line(lay, (*col, a), prev, p, w)
        prev = p
    head = (sx + dx * t, sy + dy * t)
    if kind == "missile":
        ang = math.atan2(dy, dx)
        pts = [(head[0] + math.cos(ang) * width * 2.5, head[1] + math.sin(ang) * width * 2.5),
               (head[0] + math.cos(ang + 2.5) * width * 1.4, head[1] + math.sin(ang + 2.5) * width * 1.4),
               (head[0] + math.cos(ang - 2.5) * width * 1.4, head[1] + math.sin(ang - 2.5) * width * 1.4)]
        pygame.draw.polygon(lay, EDGE, pts)
        pygame.draw.polygon(lay, col, [(x * 0.8 + head[0] * 0.2, y * 0.8 + head[1] * 0.2) for x, y in pts])
    elif kind != "entangling":
        pygame.draw.circle(lay, (*col, 120), head, width * 2.2)
        pygame.draw.circle(lay, (255, 255, 255, 255), head, max(1, width * 0.9))
    dst.blit(lay, (0, 0))


def smash_frame(dst: pygame.Surface, at: tuple[float, float], t: float, size: int, colour=None) -> None:
    """A close attack landing at `at`: a jagged star bursting out and fading, shock lines round it."""
    t = max(0.0, min(1.0, float(t)))
    col = colour or SG_BLAST
    grow = _ease(min(1.0, t * 2.5))
    fade = 1.0 if t < 0.5 else 1 - (t - 0.5) / 0.5
    if fade <= 0:
        return
    lay = pygame.Surface(dst.get_size(), pygame.SRCALPHA)
    r = size * 0.5 * (0.3 + 0.7 * grow)
    pts = []
    for i in range(18):
        rr = r if i % 2 == 0 else r * 0.5
        a = math.pi * i / 9 + 0.2
        pts.append((at[0] + math.cos(a) * rr, at[1] + math.sin(a) * rr))
    pygame.draw.polygon(lay, (*EDGE, int(220 * fade)), [(x + 1.5, y + 1.5) for x, y in pts])
    pygame.draw.polygon(lay, (*col, int(240 * fade)), pts)
    pygame.draw.polygon(lay, (255, 252, 220, int(255 * fade)),
                        [(at[0] + (x - at[0]) * 0.45, at[1] + (y - at[1]) * 0.45) for x, y in pts])
    for i in range(8):
        a = math.pi * i / 4
        r0, r1 = r * 1.1, r * (1.25 + 0.4 * grow)
        pygame.draw.line(lay, (*col, int(200 * fade)), (at[0] + math.cos(a) * r0, at[1] + math.sin(a) * r0),
                         (at[0] + math.cos(a) * r1, at[1] + math.sin(a) * r1), max(1, size // 16))
    dst.blit(lay, (0, 0))


def area_frame(dst: pygame.Surface, centre: tuple[float, float], cell: float, radius: int, t: float, *,
               pointy: bool = True, square: bool = False, colour=None) -> None:
    """An area blast (SUPERS.md §3: area reaches 1 cell round its centre, superarea 2): a ring
    spreading from the centre cell out to `radius` cells (`cell` = the distance between two cell
    centres), a glow filling what it covers, fading at the end. Hex rings (pointy- or flat-top) or,
    with `square`, square rings."""
    t = max(0.0, min(1.0, float(t)))
    col = colour or SG_BLAST
    reach = (max(0, int(radius)) + 0.5) * cell * _ease(min(1.0, t / 0.7))
    fade = 1.0 if t < 0.7 else 1 - (t - 0.7) / 0.3
    if reach < 1 or fade <= 0:
        return
    if square:
        pts = [(centre[0] - reach, centre[1] - reach), (centre[0] + reach, centre[1] - reach),
               (centre[0] + reach, centre[1] + reach), (centre[0] - reach, centre[1] + reach)]
    else:
        rr = reach / math.cos(math.radians(30))  # the ring's corners: its flat sides at `reach`
        off = 30 if pointy else 0
        pts = [(centre[0] + rr * math.cos(math.radians(off + 60 * i)), centre[1] + rr * math.sin(math.radians(off + 60 * i)))
               for i in range(6)]
    lay = pygame.Surface(dst.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(lay, (*col, int(70 * fade)), pts)
    pygame.draw.polygon(lay, (*EDGE, int(200 * fade)), pts, max(2, round(cell * 0.1)) + 2)
    pygame.draw.polygon(lay, (*col, int(255 * fade)), pts, max(2, round(cell * 0.1)))
    dst.blit(lay, (0, 0))


def entangle_frame(dst: pygame.Surface, at: tuple[float, float], size: int, t: float, level: int = 1) -> None:
    """Strands closing round a hero at `at` (an entangling hit, SUPERS.md §6): loops shrinking in from
    wide to snug, one more a level (up to four), then the knot."""
    t = max(0.0, min(1.0, float(t)))
    e = _ease(t)
    loops = max(1, min(4, int(level)))
    lay = pygame.Surface(dst.get_size(), pygame.SRCALPHA)
    for i in range(loops):
        rx = size * (0.95 - 0.45 * e) * (1 - 0.08 * i)
        ry = rx * (0.9 - 0.5 * e)
        rot = 25 + 180 / loops * i + (1 - e) * 90
        pts = [(at[0] + x, at[1] + y) for x, y in Pen.ell_pts(0, 0, rx, ry, rot=rot, n=32)]
        pygame.draw.lines(lay, (*EDGE, 220), True, pts, max(2, size // 12) + 2)
        pygame.draw.lines(lay, (*SG_ROPE, 255), True, pts, max(2, size // 12))
    if t > 0.85:
        pygame.draw.circle(lay, EDGE, at, size * 0.14)
        pygame.draw.circle(lay, SG_ROPE_DK, at, size * 0.11)
    dst.blit(lay, (0, 0))


def faint_frame(dst: pygame.Surface, hero_img: pygame.Surface, at: tuple[float, float], t: float) -> pygame.Rect:
    """A hero fainting (oomph at 0, SUPERS.md §5): the token tipping over and greying, stars circling,
    gone at t = 1 (the screen then draws it as fainted, or not at all)."""
    t = max(0.0, min(1.0, float(t)))
    e = _ease(t)
    img = pygame.transform.rotozoom(_grey(hero_img, 1 - 0.7 * e), -70 * e, 1 - 0.25 * e)
    img.set_alpha(round(255 * (1 - max(0.0, t - 0.75) / 0.25)))
    rect = img.get_rect(center=(round(at[0]), round(at[1] + hero_img.get_height() * 0.1 * e)))
    dst.blit(img, rect)
    if 0.1 < t < 0.95:
        _stars(dst, at[0], at[1] - hero_img.get_height() * 0.45, hero_img.get_width() * 0.35, t * 9)
    return rect


FRAMES = ("flight", "fall", "shot", "smash", "area", "entangle", "faint")
"""The animations drawn by the `*_frame` helpers (SUPERS.md: flight, falls, shots, smashes, area blasts,
entangling, faints)."""


def distinct(heroes: Iterable) -> bool:
    """Whether every hero of `heroes` has a look of its own (for the designer: a warning, not a rule)."""
    looks = [hero_look(h) for h in heroes]
    keyed = {(lk.costume, lk.trim, lk.head, lk.badge, lk.emblem, lk.pose, lk.cape, lk.str, lk.dex, lk.size)
             for lk in looks}
    return len(keyed) == len(looks)
