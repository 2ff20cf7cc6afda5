"""Gladiator!'s art (docs/rules/GLADIATOR.md §1–§2, §6–§9): the men on their bases, the sides round a
man, the body diagram, the dropped kit, and the small icons of the bout.

    man_sprite("thracian", player=0, size=64, facing_angle=60)          # a Thracian facing direction 1
    man_sprite("retiarius", 1, 64, 0, state="netted", kit=kit)          # his kit as he fights now
    dropped_sprite("sword", 40, player=0)                               # a weapon lying in a hex
    sides_overlay(centre_of, Hex(2, 3), facing=1, two_weapon_sides=False)   # the table's hover
    body_diagram({"leg": 1, "torso": 3}, damage=4, width=90)            # wounds by location
    ap_pool(3, 2, 20) · posture_icon("attack", 32) · thumbs_icon(True, 32) · d6_sprite(5, 32, 0, "attack")

A man is seen from above like Celebrity's figures (arms, head, weapon on a base in his player's
colour and pattern, the facing notch on the rim), so the three games look like one: same palette,
same pens, same ink. What tells the types apart is what the rules tell apart: armour (a helmet and
a steel arm guard; Thracian's griffin crest, Myrmillo's fish crest, Secutor's smooth egg), the
shield on his left (a large curved scutum, a medium round one, none), the weapon in his right hand
(sword, curved sica, dagger, trident, two swords, the lion's claws), a net or a lasso carried.
The Shield side is his left and the Weapon side his right (§1): local +y of the pen is his right.

States: ``standing``; ``fallen`` (face down, §7); ``netted`` (a net over him, §8); ``down`` (7
damage: kneeling, a finger raised to the crowd, §9); ``dead``. Each but standing also puts a small
state badge on the base (a shape, not only a colour).

The sides are pure arithmetic (`side_of`, `sides_of`, `is_rearward`): kept here for now for the
overlay; the engine's own is in `deathmatch/rulesets/gladiator/` (one will call the other).

Surfaces are cached and shared: copy them before drawing on them.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from deathmatch.board.hex import REAR_OFFSETS, Hex
from deathmatch.rulesets.gladiator.model import DEAD_AT, DOWN_AT, LOCATION_OF_DIE, LOCATIONS, TYPES, Kit

from .palette import (EDGE, GL_AP_SPENT, GL_BLOOD, GL_BRONZE, GL_LEAD, GL_LEATHER, GL_POSTURE, GL_ROPE,
                      GL_SIDE_BACK, GL_SIDE_FACE, GL_SIDE_SHIELD, GL_SIDE_WEAPON, GL_THUMB_DOWN, GL_THUMB_UP,
                      GL_WOUND_RAMP, GOLD, GOLD_DK, GOLD_HI, HAIRS, INK, IVORY, LIGHT, PLAYER_COLOURS, SKINS,
                      STEEL, STEEL_DK, UI_GOLD)
from .pens import _dk, _down, _font, _grey, _hi, _ink_and_shadow, _is_int, _lum, _mix, _quant, _seed, _ss, OL, Pen
from .bases import _draw_arrow, _draw_badge, _draw_base, BASE_R
from .weapons import _blade, _grip, _guard, _w_dagger, _w_spear, _w_sword
from .beasts import _draw_lion
from .dice import paint_die

STATES = ("standing", "fallen", "netted", "down", "dead")
"""What a man's sprite can show (§7–§9)."""
SIDE_NAMES = {"face": "Face", "shield": "Shield", "weapon": "Weapon", "back": "Back"}
REARWARD_OFFSETS = REAR_OFFSETS
"""The three rearward hexes, as offsets from the facing, f+2, f+3, f+4 (§1): the board's rear offsets."""
SHIELD_ITEMS = ("large", "medium")
ITEMS = ("sword", "sica", "dagger", "trident", "large", "medium")
"""What may lie dropped in a hex (§7: a weapon or a shield; two swords drop one sword)."""
FIG = 1.1
"""Figure scale relative to the base radius (as Celebrity's)."""


# ---------------------------------------------------------------------------
# the sides (pure arithmetic, §1)
# ---------------------------------------------------------------------------
def has_two_weapon_sides(kit: Kit) -> bool:
    """Ruling (§1): a man with no shield, or with two weapons, has two Weapon sides (no Shield side)."""
    return kit.shield == "none" or kit.weapon == "two_swords"


def side_of(facing: int, direction: int, two_weapon_sides: bool = False) -> str:
    """Which side of a man facing `facing` the hex in `direction` is: face, shield, weapon or back (§1).
    f: Face; f+1, f+2: Shield (Weapon if he has two weapon sides); f+3: Back; f+4, f+5: Weapon."""
    off = (int(direction) - int(facing)) % 6
    if off == 0:
        return "face"
    if off == 3:
        return "back"
    if off in (1, 2):
        return "weapon" if two_weapon_sides else "shield"
    return "weapon"


def sides_of(facing: int, two_weapon_sides: bool = False) -> tuple[str, ...]:
    """The side of each of the six directions 0–5 round a man facing `facing`."""
    return tuple(side_of(facing, d, two_weapon_sides) for d in range(6))


def is_rearward(facing: int, direction: int) -> bool:
    """Is direction one of his three rearward hexes, f+2, f+3, f+4 (§1)?"""
    return (int(direction) - int(facing)) % 6 in REARWARD_OFFSETS


def direction_angle(direction: int, pointy: bool = True) -> float:
    """Screen angle (degrees, 0 = right, counter-clockwise) of axial direction 0–5 on a regular hex layout:
    60·d on pointy-top hexes, 60·d − 30 on flat-top ones. A map's own (`MapView.facing_angle`) is the
    authority; this is for pictures without a map (the gallery, tests)."""
    return (60.0 * (int(direction) % 6)) - (0.0 if pointy else 30.0)


# ---------------------------------------------------------------------------
# the man, piece by piece (pen frame: +x forward, +y his right = the Weapon side; base radius ~0.9)
# ---------------------------------------------------------------------------
HX, HR = 0.05, 0.28
SHX, SH_RX, SH_RY = -0.08, 0.26, 0.52


def _skin(type_id: str):
    """A skin by type, from the lighter four (a dark head under dark hair reads as a helmet)."""
    return SKINS[_seed("gl-skin", type_id) % 4]


def _hair(type_id: str):
    return HAIRS[_seed("gl-hair", type_id) % 5]


def _hand(p: Pen, x, y, skin):
    p.circle(x, y, 0.095 + OL * 0.7, EDGE)
    p.dome(x, y, 0.095, 0.095, skin, hi=0.45)


def _limb(p: Pen, x0, y0, x1, y1, w, col, banded=False):
    p.capsule(x0, y0, x1, y1, w + OL * 1.6, EDGE)
    p.capsule(x0, y0, x1, y1, w, _dk(col, 0.12))
    lx, ly = p.light
    p.capsule(x0 + lx * 0.025, y0 + ly * 0.025, x1 + lx * 0.025, y1 + ly * 0.025, w * 0.5, _hi(col, 0.25))
    if banded:  # a manica / greave: steel bands across the limb
        for i in range(1, 5):
            t = i / 5
            x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            dx, dy = (x1 - x0), (y1 - y0)
            d = math.hypot(dx, dy) or 1
            nx, ny = -dy / d * w * 0.55, dx / d * w * 0.55
            p.line([(x - nx, y - ny), (x + nx, y + ny)], 0.018, STEEL_DK)


def _sica(p: Pen):
    """The Thracian's short curved sword (a sica), grip at the origin."""
    _grip(p, -0.13, 0.04, 0.07)
    _blade(p, 0.05, 0.6, 0.085, curve=-0.2, tip=0.14)
    _guard(p, 0.05, 0.1, 0.045)


def _weapon(p: Pen, kind: str):
    """A weapon in its own frame (grip at the origin, pointing +x)."""
    if kind == "sword":
        _w_sword(p, None, length=0.58)
    elif kind == "sica":
        _sica(p)
    elif kind == "dagger":
        _w_dagger(p, None)
    elif kind == "trident":
        _w_spear(p, None, trident=True)


def _scutum_pts():
    """The large curved shield held on his left, seen from above (an arc band)."""
    cx, rad, a0, a1 = -0.06, 0.64, -112.0, 4.0
    outer = Pen.ell_pts(cx, 0, rad + 0.14, rad + 0.14, 0, a0, a1, 20)
    inner = Pen.ell_pts(cx, 0, rad - 0.06, rad - 0.06, 0, a0, a1, 20)
    return outer, inner


def _paint(rgb):
    """A shield's face: the player's colour darkened, so it stands out on his own base."""
    return _dk(rgb, 0.5)


def _large_shield_held(p: Pen, rgb):
    outer, inner = _scutum_pts()
    pts = outer + inner[::-1]
    p.outline_poly(pts, OL)
    p.poly(pts, GOLD_DK)
    face = Pen.ell_pts(-0.06, 0, 0.7, 0.7, 0, -110, 2, 20)
    p.line(face, 0.12, _paint(rgb))
    p.line(face[2:10], 0.035, _hi(_paint(rgb), 0.4))
    p.line(outer, 0.035, GOLD)
    for a in (-112.0, 4.0):  # the square-cut ends
        c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
        p.line([(-0.06 + c * 0.58, s * 0.58), (-0.06 + c * 0.74, s * 0.74)], 0.03, GOLD_DK)
    am = math.radians(-54)
    bx, by = -0.06 + math.cos(am) * 0.74, math.sin(am) * 0.74
    p.circle(bx, by, 0.085 + OL, EDGE)
    p.dome(bx, by, 0.085, 0.085, STEEL, hi=0.8)


def _medium_shield_held(p: Pen, rgb):
    """The medium round shield at his front-left, tilted so its face shows."""
    x, y, rx, ry, rot = 0.33, -0.4, 0.17, 0.3, -38
    p.ellipse(x, y, rx + OL, ry + OL, EDGE, rot)
    p.ellipse(x, y, rx, ry, GOLD, rot)
    p.dome(x, y, rx * 0.8, ry * 0.85, _paint(rgb), rot, hi=0.4, lo=0.35)
    p.circle(x + 0.02, y - 0.01, 0.07 + OL, EDGE)
    p.dome(x + 0.02, y - 0.01, 0.07, 0.07, STEEL, hi=0.8)


def _shield_flat(p: Pen, kind: str, rgb, x, y, ang=0.0):
    """A shield lying flat on the sand, face up: the scutum a curved-edged rectangle, the medium a disc."""
    q = p.sub(x, y, ang)
    if kind == "large":
        pts = [(-0.2, -0.3), (0.2, -0.3), (0.23, 0.0), (0.2, 0.3), (-0.2, 0.3), (-0.23, 0.0)]
        q.outline_poly(pts, OL)
        q.poly(pts, GOLD)
        q.shaded_poly([(x * 0.84, y * 0.88) for x, y in pts], _paint(rgb), hi=0.35, lo=0.3, shrink=0.8)
        q.line([(0.0, -0.26), (0.0, 0.26)], 0.035, IVORY)
        q.circle(0, 0, 0.08 + OL, EDGE)
        q.dome(0, 0, 0.08, 0.08, STEEL, hi=0.8)
    else:
        q.circle(0, 0, 0.22 + OL, EDGE)
        q.circle(0, 0, 0.22, GOLD)
        q.dome(0, 0, 0.18, 0.18, _paint(rgb), hi=0.4, lo=0.35)
        q.circle(0, 0, 0.07 + OL, EDGE)
        q.dome(0, 0, 0.07, 0.07, STEEL, hi=0.8)


def _net_bundle(p: Pen, x, y):
    """A folded net hanging from his left hand, weights showing."""
    pts = [(x + 0.12, y + 0.02), (x + 0.02, y - 0.18), (x - 0.2, y - 0.2), (x - 0.3, y - 0.02),
           (x - 0.16, y + 0.1)]
    p.outline_poly(pts, OL)
    p.poly(pts, _dk(GL_ROPE, 0.35))
    for k in range(-3, 4):
        p.line([(x - 0.3 + 0.05 * k + 0.1, y - 0.2), (x - 0.1 + 0.05 * k + 0.1, y + 0.08)], 0.014, GL_ROPE)
        p.line([(x - 0.3 + 0.05 * k + 0.1, y + 0.08), (x - 0.1 + 0.05 * k + 0.1, y - 0.2)], 0.014, GL_ROPE)
    for wx, wy in ((x - 0.3, y - 0.02), (x - 0.2, y - 0.2), (x + 0.02, y - 0.18)):
        p.circle(wx, wy, 0.035, GL_LEAD)


def _lasso(p: Pen, x, y):
    """A Laquearius's coiled lasso at his left hand."""
    for i, r in enumerate((0.17, 0.13, 0.09)):
        p.ellipse(x - 0.06, y - 0.06, r + 0.03, r * 0.8 + 0.03, EDGE, 20)
        p.ellipse(x - 0.06, y - 0.06, r, r * 0.8, GL_ROPE, 20)
        p.ellipse(x - 0.06, y - 0.06, r - 0.025, r * 0.8 - 0.025, EDGE if i == 2 else _dk(GL_ROPE, 0.4), 20)
    p.line([(x - 0.06 + 0.17, y - 0.06), (x + 0.05, y + 0.02)], 0.03, GL_ROPE)


def _head(p: Pen, type_id: str, kit: Kit, rgb, x=HX, y=0.0, face_up=True):
    """The head from above: a helmet by type if armoured, else bare with a headband in his colour."""
    if kit.armour == "armoured":
        if type_id == "secutor":
            p.ellipse(x, y, HR * 1.22 + OL, HR * 0.95 + OL, EDGE)
            p.dome(x, y, HR * 1.22, HR * 0.95, STEEL, hi=0.75)
            p.line([(x - HR * 0.9, y), (x + HR * 0.5, y)], 0.06, EDGE)
            p.line([(x - HR * 0.9, y), (x + HR * 0.5, y)], 0.035, rgb)
            if face_up:
                for s in (-1, 1):
                    p.circle(x + HR * 0.95, y + s * HR * 0.28, HR * 0.1, INK)
            return
        brim = GL_BRONZE if type_id == "myrmillo" else STEEL_DK
        p.ellipse(x - 0.02, y, HR * 1.3 + OL, HR * 1.22 + OL, EDGE)
        p.dome(x - 0.02, y, HR * 1.3, HR * 1.22, brim, hi=0.5)
        p.circle(x, y, HR * 0.95 + OL * 0.6, EDGE)
        p.dome(x, y, HR * 0.95, HR * 0.95, GL_BRONZE if type_id == "myrmillo" else STEEL, hi=0.7)
        if type_id == "myrmillo":  # the fish crest: a leaf-shaped fin with a forked tail
            fin = [(x + HR * 1.0, y), (x + HR * 0.2, y - HR * 0.32), (x - HR * 0.8, y - HR * 0.18),
                   (x - HR * 1.25, y - HR * 0.38), (x - HR * 1.1, y), (x - HR * 1.25, y + HR * 0.38),
                   (x - HR * 0.8, y + HR * 0.18), (x + HR * 0.2, y + HR * 0.32)]
            p.outline_poly(fin, OL)
            p.shaded_poly(fin, rgb, hi=0.4, lo=0.3)
            for k in (-0.4, 0.0, 0.4):
                p.line([(x + HR * k, y - HR * 0.16), (x + HR * k - HR * 0.12, y), (x + HR * k, y + HR * 0.16)],
                       0.014, _dk(rgb, 0.5))
        elif type_id == "thracian":  # the griffin crest: a tall ridge ending in a hooked beak forward
            p.line([(x - HR * 1.15, y), (x + HR * 0.7, y)], 0.1, EDGE)
            p.line([(x - HR * 1.15, y), (x + HR * 0.7, y)], 0.065, rgb)
            beak = [(x + HR * 0.55, y - HR * 0.2), (x + HR * 1.25, y - HR * 0.05), (x + HR * 1.1, y + HR * 0.12),
                    (x + HR * 0.55, y + HR * 0.2)]
            p.outline_poly(beak, OL)
            p.poly(beak, GOLD)
            p.circle(x + HR * 0.8, y - HR * 0.08, HR * 0.06, INK)
            for s in (-1, 1):  # plumes on the sides
                p.line([(x - HR * 0.2, y + s * HR * 0.9), (x - HR * 1.0, y + s * HR * 1.05)], 0.05, EDGE)
                p.line([(x - HR * 0.2, y + s * HR * 0.9), (x - HR * 1.0, y + s * HR * 1.05)], 0.03, IVORY)
        else:
            p.line([(x - HR * 0.9, y), (x + HR * 0.8, y)], 0.07, EDGE)
            p.line([(x - HR * 0.9, y), (x + HR * 0.8, y)], 0.045, rgb)
        return
    skin, hair = _skin(type_id), _hair(type_id)
    for s in (-1, 1):
        p.circle(x - 0.02, y + s * HR * 0.98, HR * 0.2 + OL * 0.7, EDGE)
        p.circle(x - 0.02, y + s * HR * 0.98, HR * 0.2, _dk(skin, 0.15))
    if face_up:
        p.circle(x + HR * 0.98, y, HR * 0.2 + OL * 0.7, EDGE)
        p.circle(x + HR * 0.98, y, HR * 0.2, _dk(skin, 0.05))
    p.circle(x, y, HR + OL, EDGE)
    p.dome(x, y, HR, HR, skin, hi=0.5)
    cap = Pen.ell_pts(x, y, HR * 1.02, HR * 1.02, 0, 105 if face_up else 20, 255 if face_up else 340, 20)
    p.poly(cap, hair)
    p.poly(Pen.ell_pts(x - HR * 0.1, y, HR * 0.8, HR * 0.8, 0, 120, 240, 16), _hi(hair, 0.2))
    ring = Pen.ell_pts(x, y, HR * 0.98, HR * 0.98, 0, 0, 360, 28)
    p.line(ring + [ring[0]], 0.05, EDGE)
    p.line(ring + [ring[0]], 0.03, rgb)
    if face_up:
        for s in (-1, 1):
            p.circle(x + HR * 0.7, y + s * HR * 0.4, HR * 0.12, INK)


def _torso(p: Pen, type_id: str, kit: Kit, rgb, x=SHX, rx=SH_RX, ry=SH_RY):
    skin = _skin(type_id)
    p.ellipse(x, 0, rx + OL, ry + OL, EDGE)
    p.dome(x, 0, rx, ry, skin, hi=0.45, lo=0.5)
    # a shoulder strap (balteus) in his colour, left shoulder to right hip
    p.line([(x + rx * 0.5, -ry * 0.75), (x - rx * 0.7, ry * 0.7)], 0.11, EDGE)
    p.line([(x + rx * 0.5, -ry * 0.75), (x - rx * 0.7, ry * 0.7)], 0.075, rgb)
    if type_id == "retiarius":  # the galerus: a steel plate standing up from the left shoulder
        pts = [(x + 0.12, -ry * 0.55), (x + 0.06, -ry - 0.08), (x - 0.16, -ry - 0.05), (x - 0.14, -ry * 0.55)]
        p.outline_poly(pts, OL)
        p.shaded_poly(pts, STEEL, hi=0.6)


def _standing(p: Pen, type_id: str, kit: Kit, rgb):
    skin = _skin(type_id)
    armoured = kit.armour == "armoured"
    ls, rs = (SHX + 0.03, -0.4), (SHX + 0.03, 0.4)
    rh, lh = (0.42, 0.4), (0.36, -0.38)
    frames = []
    w = kit.weapon
    if w == "trident":
        rh = (0.14, 0.42)
        frames.append((rh[0], rh[1], -8, "trident"))
    elif w == "two_swords":
        rh, lh = (0.42, 0.4), (0.42, -0.4)
        frames += [(rh[0], rh[1], -16, "sword"), (lh[0], lh[1], 16, "sword")]
    elif w in ("sword", "sica", "dagger"):
        frames.append((rh[0], rh[1], -16, w))
    else:  # no weapon in hand: an empty fist
        rh = (0.4, 0.3)
    if kit.shield == "none" and w != "two_swords":
        lh = (0.2, -0.48)
    if kit.net and kit.shield == "none":
        if type_id == "laquearius":
            _lasso(p, lh[0] - 0.02, lh[1] - 0.1)
        else:
            _net_bundle(p, lh[0] - 0.04, lh[1] - 0.06)
    _torso(p, type_id, kit, rgb)
    _limb(p, *ls, *lh, 0.19, skin)
    _limb(p, *rs, *rh, 0.19, STEEL if armoured else skin, banded=armoured)
    for fx, fy, fa, kind in frames:
        _weapon(p.sub(fx, fy, fa), kind)
    _hand(p, *lh, skin)
    _hand(p, *rh, skin)
    if kit.net and kit.shield != "none":  # a net beside a shield: hanging at his belt
        _net_bundle(p, -0.28, -0.46)
    _head(p, type_id, kit, rgb)
    if kit.shield == "large":
        _large_shield_held(p, rgb)
    elif kit.shield == "medium":
        _medium_shield_held(p, rgb)


def _lying(p: Pen, type_id: str, kit: Kit, rgb, dead: bool):
    """Face down (fallen) or sprawled on his back (dead), head towards his facing."""
    skin = _skin(type_id)
    armoured = kit.armour == "armoured"
    spread = 0.16 if dead else 0.1
    for s in (-1, 1):  # legs, greaves on the shins if armoured
        hip, knee, foot = (-0.24, s * 0.1), (-0.52, s * (0.1 + spread)), (-0.8, s * (0.12 + spread * 1.6))
        _limb(p, *hip, *knee, 0.15, skin)
        _limb(p, *knee, *foot, 0.13, STEEL if armoured else skin, banded=armoured)
        p.ellipse(foot[0] - 0.03, foot[1], 0.07 + OL, 0.05 + OL, EDGE)
        p.ellipse(foot[0] - 0.03, foot[1], 0.07, 0.05, GL_LEATHER)
    p.ellipse(-0.05, 0, 0.33 + OL, 0.26 + OL, EDGE)
    p.dome(-0.05, 0, 0.33, 0.26, skin, hi=0.4)
    p.line([(-0.24, -0.24), (-0.24, 0.24)], 0.1, EDGE)  # the belt in his colour
    p.line([(-0.24, -0.24), (-0.24, 0.24)], 0.07, rgb)
    if dead:
        arms = [((0.14, -0.24), (0.1, -0.62)), ((0.14, 0.24), (0.34, 0.58))]
    else:
        arms = [((0.16, -0.24), (0.5, -0.46)), ((0.16, 0.24), (0.5, 0.46))]
    for (sx, sy), (hx, hy) in arms:
        _limb(p, sx, sy, hx, hy, 0.15, STEEL if armoured and sy > 0 else skin, banded=armoured and sy > 0)
    # his kit beside him: the weapon by (or flung from) his right hand, the shield on the sand at his left
    w = kit.weapon
    if w == "trident":  # too long to lie any way but along his right side
        _weapon(p.sub(-0.2 if dead else -0.1, 0.66 if dead else 0.56, 8 if dead else 0, 0.95), w)
    elif w in ("sword", "sica", "dagger"):
        if dead:
            _weapon(p.sub(0.05, 0.72, 40), w)
        else:
            _weapon(p.sub(arms[1][1][0], arms[1][1][1], 20), w)
    elif w == "two_swords":
        _weapon(p.sub(arms[1][1][0], arms[1][1][1], 20 if not dead else 60), "sword")
        _weapon(p.sub(arms[0][1][0], arms[0][1][1], -20 if not dead else -60), "sword")
    for (sx, sy), (hx, hy) in arms:
        _hand(p, hx, hy, skin)
    if kit.shield in SHIELD_ITEMS:
        _shield_flat(p, kit.shield, rgb, -0.05 if not dead else -0.3, -0.6, 15 if not dead else -25)
    _head(p, type_id, kit, rgb, x=0.36, face_up=dead)
    if dead:  # closed eyes, crossed
        for s in (-1, 1):
            q = p.sub(0.36 + HR * 0.72, s * HR * 0.4, 0, 1.0)
            q.line([(-0.04, -0.04), (0.04, 0.04)], 0.02, INK)
            q.line([(-0.04, 0.04), (0.04, -0.04)], 0.02, INK)


def _kneeling(p: Pen, type_id: str, kit: Kit, rgb):
    """Down (§9): on one knee, weapon and shield on the sand, his left hand raised to the crowd."""
    skin = _skin(type_id)
    armoured = kit.armour == "armoured"
    w = kit.weapon
    if w == "trident":
        _weapon(p.sub(-0.05, 0.6, 0, 0.9), w)
    elif w in ("sword", "sica", "dagger"):
        _weapon(p.sub(0.42, 0.62, 160, 0.9), w)
    elif w == "two_swords":
        _weapon(p.sub(0.42, 0.62, 160, 0.9), "sword")
        _weapon(p.sub(-0.5, 0.62, 20, 0.9), "sword")
    if kit.shield in SHIELD_ITEMS:
        _shield_flat(p, kit.shield, rgb, -0.18, -0.62, -10)
    # the kneeling leg's shin behind him on the sand, the other knee up in front
    _limb(p, -0.12, -0.18, -0.62, -0.24, 0.14, STEEL if armoured else skin, banded=armoured)
    p.ellipse(-0.66, -0.24, 0.07 + OL, 0.05 + OL, EDGE)
    p.ellipse(-0.66, -0.24, 0.07, 0.05, GL_LEATHER)
    _limb(p, -0.1, 0.16, 0.3, 0.22, 0.16, skin)
    _limb(p, 0.3, 0.22, 0.18, 0.26, 0.13, STEEL if armoured else skin, banded=armoured)
    _torso(p, type_id, kit, rgb, x=-0.1, rx=SH_RX * 0.92, ry=SH_RY * 0.9)
    _limb(p, -0.08, 0.36, 0.24, 0.3, 0.17, STEEL if armoured else skin, banded=armoured)
    _hand(p, 0.24, 0.3, skin)
    # the left arm raised, one finger up (the appeal to the crowd)
    _limb(p, -0.06, -0.36, 0.42, -0.34, 0.17, skin)
    _hand(p, 0.42, -0.34, skin)
    p.capsule(0.46, -0.34, 0.62, -0.36, 0.05 + OL, EDGE)
    p.capsule(0.46, -0.34, 0.62, -0.36, 0.05, skin)
    _head(p, type_id, kit, rgb, x=0.14)


def _net_over(p: Pen, r=0.86):
    """A thrown net lying over him: a rope mesh clipped to a disc, weights round its rim."""
    step = 0.17
    for sgn in (-1, 1):
        k = -2.0
        while k <= 2.0:
            pts = []
            for i in range(25):
                t = -1.2 + 2.4 * i / 24
                x, y = t, k + sgn * t
                if x * x + y * y <= r * r:
                    pts.append((x, y))
            if len(pts) >= 2:
                p.line(pts, 0.045, EDGE)
                p.line(pts, 0.026, GL_ROPE)
            k += step * 1.41
    ring = Pen.ell_pts(0, 0, r, r, 0, 0, 360, 40)
    p.line(ring + [ring[0]], 0.05, EDGE)
    p.line(ring + [ring[0]], 0.03, _dk(GL_ROPE, 0.2))
    for i in range(10):
        a = 2 * math.pi * (i + 0.5) / 10
        p.circle(math.cos(a) * r, math.sin(a) * r, 0.06 + OL, EDGE)
        p.dome(math.cos(a) * r, math.sin(a) * r, 0.06, 0.06, GL_LEAD, hi=0.6)


def _state_badge(surf: pygame.Surface, x, y, br, state: str):
    """A small roundel saying the state by its shape: ▼ fallen, # netted, 7 down, ✕ dead."""
    pygame.draw.circle(surf, EDGE, (x, y), br * 1.14)
    pygame.draw.circle(surf, IVORY, (x, y), br)
    p = Pen(surf, x, y, br, 0)
    if state == "fallen":
        p.poly([(-0.55, -0.35), (0.55, -0.35), (0.0, 0.5)], INK)
    elif state == "netted":
        for k in (-0.3, 0.3):
            p.line([(k, -0.6), (k, 0.6)], 0.14, INK)
            p.line([(-0.6, k), (0.6, k)], 0.14, INK)
    elif state == "dead":
        p.line([(-0.45, -0.45), (0.45, 0.45)], 0.22, GL_BLOOD)
        p.line([(-0.45, 0.45), (0.45, -0.45)], 0.22, GL_BLOOD)
    elif state == "down":
        f = _font(max(6, int(br * 1.7)))
        f.set_bold(True)
        img = f.render(str(DOWN_AT), True, INK)
        r = img.get_rect(center=(round(x), round(y + br * 0.1)))
        surf.blit(img, r)


# ---------------------------------------------------------------------------
# public face: the man
# ---------------------------------------------------------------------------
def _kit_of(type_id: str, kit) -> Kit:
    base = TYPES.get(type_id, TYPES["myrmillo"])
    if kit is None:
        return base
    if callable(getattr(kit, "kit", None)):  # a model.Gladiator: his kit
        kit = kit.kit()
    weapon = getattr(kit, "weapon", base.weapon)
    return Kit(getattr(kit, "armour", base.armour) or base.armour,
               getattr(kit, "shield", base.shield) or "none",
               weapon if weapon else "none", bool(getattr(kit, "net", False)), base.beast)


def man_sprite(type_id: str, player: int, size: int, facing_angle: float = 0.0, *, state: str = "standing",
               kit: Kit | None = None, highlight: bool = False) -> pygame.Surface:
    """A gladiator of `type_id` (one of model.TYPES; the lion is a beast) on a base in `player`'s colour,
    facing `facing_angle` (screen degrees, 0 = right, counter-clockwise: `MapView.facing_angle(d)` or
    `direction_angle(d)`), in `state` (STATES). `kit` is what he fights with now (the type's if None):
    a shield "none" or a weapon "none"/None once dropped, net False once thrown. Cached and shared."""
    if state not in STATES:
        raise ValueError(f"state {state!r} is not one of {', '.join(STATES)}")
    t = str(type_id).strip().lower()
    if t not in TYPES:
        raise ValueError(f"type {type_id!r} is not one of {', '.join(TYPES)}")
    pl = int(player) % len(PLAYER_COLOURS) if _is_int(player) else 0
    return _man_cached(t, pl, max(12, int(size)), _quant(facing_angle), state, _kit_of(t, kit), bool(highlight))


@functools.lru_cache(maxsize=1024)
def _man_cached(type_id: str, player: int, size: int, angle: int, state: str, kit: Kit,
                highlight: bool) -> pygame.Surface:
    pc = PLAYER_COLOURS[player]
    big = size * _ss(size)
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big * BASE_R
    cy = c - r * 0.04
    _draw_base(surf, c, cy, r, pc, glow=highlight, cracked=4 if state == "dead" else 0,
               seed=_seed("gl-dead", type_id, player))
    if state != "dead":  # the facing notch (a dead man faces nowhere)
        _draw_arrow(Pen(surf, c, cy, 1.0, angle), r)
    if state == "dead":
        pool = Pen(surf, c, cy, r, angle)
        pool.ellipse(-0.05, 0.05, 0.62, 0.5, _dk(GL_BLOOD, 0.2), 20)
        pool.ellipse(0.0, 0.0, 0.5, 0.4, GL_BLOOD, 20)
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    if kit.beast:
        pen = Pen(layer, c, cy, r * (0.86 if state in ("standing", "netted") else 0.8),
                  angle + (35 if state == "fallen" else 0))
        _draw_lion(pen, random.Random(_seed("gl-lion")))
    else:
        pen = Pen(layer, c, cy, r * FIG, angle)
        if state in ("standing", "netted"):
            _standing(pen, type_id, kit, pc.rgb)
        elif state == "down":
            _kneeling(pen, type_id, kit, pc.rgb)
        else:
            _lying(pen, type_id, kit, pc.rgb, dead=state == "dead")
    if state == "dead":
        layer = _grey(layer, 0.35)
    elif state == "down":
        layer = _grey(layer, 0.75)
    ink = max(2.0, r * 0.035)
    _ink_and_shadow(surf, layer, ink, (-LIGHT[0] * r * 0.09, -LIGHT[1] * r * 0.09), 110)
    if state == "netted":
        net = pygame.Surface((big, big), pygame.SRCALPHA)
        _net_over(Pen(net, c, cy, r, angle))
        surf.blit(net, (0, 0))
    # the player's number behind him, upright; the state's badge on the rim, upper right
    a = math.radians(angle + 180)
    _draw_badge(surf, c + math.cos(a) * r * 0.8, cy - math.sin(a) * r * 0.8, r * 0.31, pc)
    if state != "standing":
        _state_badge(surf, c + r * 0.82, cy - r * 0.82, r * 0.3, state)
    return _down(surf, (size, size))


# ---------------------------------------------------------------------------
# dropped kit
# ---------------------------------------------------------------------------
def dropped_sprite(item: str, size: int, player: int | None = None) -> pygame.Surface:
    """A dropped weapon (sword, sica, dagger, trident) or shield (large, medium) lying in a hex (§7),
    on a small ring in its owner's colour (none if `player` is None). Cached and shared."""
    it = "sword" if item == "two_swords" else str(item)
    if it not in ITEMS:
        raise ValueError(f"dropped {item!r} is not one of {', '.join(ITEMS)}")
    pl = None if player is None else (int(player) % len(PLAYER_COLOURS) if _is_int(player) else 0)
    return _dropped_cached(it, max(8, int(size)), pl)


@functools.lru_cache(maxsize=256)
def _dropped_cached(item: str, size: int, player: int | None) -> pygame.Surface:
    big = size * _ss(size)
    u = big / 2
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    rgb = PLAYER_COLOURS[player].rgb if player is not None else IVORY
    if player is not None:  # whose it is: a ring on the sand
        pygame.draw.circle(surf, EDGE, (u, u), u * 0.9, max(2, round(u * 0.14)))
        pygame.draw.circle(surf, rgb, (u, u), u * 0.86, max(1, round(u * 0.08)))
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(layer, u, u, u * 0.95, 0)
    if item in SHIELD_ITEMS:
        _shield_flat(p.sub(0, 0, 0, 1.9), item, rgb, 0, 0, -20)
    elif item == "trident":
        _weapon(p.sub(-0.09, 0.09, -45, 0.95), "trident")
    elif item == "dagger":
        _weapon(p.sub(-0.25, 0.25, -45, 2.6), item)
    else:
        _weapon(p.sub(-0.3, 0.3, -45, 1.8 if item == "sica" else 2.0), item)
    _ink_and_shadow(surf, layer, max(1.5, u * 0.03), (u * 0.06, u * 0.08), 120)
    return _down(surf, (size, size))


# ---------------------------------------------------------------------------
# the sides round a man (the table's hover)
# ---------------------------------------------------------------------------
SIDE_COLOURS = {"face": GL_SIDE_FACE, "shield": GL_SIDE_SHIELD, "weapon": GL_SIDE_WEAPON, "back": GL_SIDE_BACK}


@dataclass(frozen=True)
class SideCell:
    """One neighbour hex of the overlay: where, in which direction, which side, rearward or not."""

    hex: Hex
    direction: int
    side: str
    rearward: bool
    polygon: tuple[tuple[float, float], ...]
    """Its corners in the target surface's pixels."""


@dataclass(frozen=True)
class SidesOverlay:
    """The six neighbours of a man tinted by side: blit `surface` at `topleft`; or, so that a man standing
    in one of them does not hide its label, `tint` under the men and `labels` over them."""

    surface: pygame.Surface
    """Tint and labels in one."""
    topleft: tuple[int, int]
    cells: tuple[SideCell, ...]
    tint: pygame.Surface
    """The colours, patterns and rear rims alone."""
    labels: pygame.Surface
    """The words alone (Face, Shield, Weapon, Back; "rear")."""


def _corners(centre_of: Callable[[Hex], tuple[float, float]], h: Hex) -> list[tuple[float, float]]:
    """A hex's corners from centres alone: each corner is where three hexes meet, the mean of their centres."""
    c = centre_of(h)
    out = []
    for i in range(6):
        a, b = centre_of(h.neighbor(i)), centre_of(h.neighbor((i + 1) % 6))
        out.append(((c[0] + a[0] + b[0]) / 3, (c[1] + a[1] + b[1]) / 3))
    return out


def _pattern(surf: pygame.Surface, side: str, rgb, box: pygame.Rect, unit: float):
    """The side's pattern, so it differs by more than colour: Face plain, Shield level bars, Weapon
    slanted hatching, Back dots."""
    col = (*_dk(rgb, 0.45), 150)
    w = max(1, round(unit * 0.07))
    step = max(4, round(unit * 0.28))
    if side == "shield":
        for y in range(box.top, box.bottom, step):
            pygame.draw.line(surf, col, (box.left, y), (box.right, y), w)
    elif side == "weapon":
        for k in range(box.left - box.h, box.right, step):
            pygame.draw.line(surf, col, (k, box.bottom), (k + box.h, box.top), w)
    elif side == "back":
        for y in range(box.top, box.bottom, step):
            for x in range(box.left + (step // 2 if (y // step) % 2 else 0), box.right, step):
                pygame.draw.circle(surf, col, (x, y), max(1, w))


def sides_overlay(centre_of: Callable[[Hex], tuple[float, float]], at, facing: int, *,
                  two_weapon_sides: bool = False, alpha: int = 110) -> SidesOverlay:
    """The six hexes round a man at `at` facing `facing`, tinted by which side of him each is (§1): a
    colour, a pattern and a label each (Face, Shield, Weapon, Back), the three rearward hexes edged with
    a dashed rim and "rear". `centre_of(hex)` gives a hex's centre in the target surface's pixels (any
    layout, pointy or flat: the corners come from the centres). Draw `tint` under the men and `labels`
    over them (or `surface`, both in one). Not cached: one per hover."""
    h0 = Hex(*at)
    cells = []
    for d in range(6):
        h = h0.neighbor(d)
        cells.append(SideCell(h, d, side_of(facing, d, two_weapon_sides), is_rearward(facing, d),
                              tuple(_corners(centre_of, h))))
    xs = [x for cell in cells for x, _ in cell.polygon]
    ys = [y for cell in cells for _, y in cell.polygon]
    left, top = math.floor(min(xs)) - 2, math.floor(min(ys)) - 2
    w, h = math.ceil(max(xs)) - left + 3, math.ceil(max(ys)) - top + 3
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    labels = pygame.Surface((w, h), pygame.SRCALPHA)
    c0 = centre_of(h0)
    for cell in cells:
        pts = [(x - left, y - top) for x, y in cell.polygon]
        cx = sum(x for x, _ in pts) / 6
        cy = sum(y for _, y in pts) / 6
        unit = math.hypot(pts[0][0] - cx, pts[0][1] - cy)
        rgb = SIDE_COLOURS[cell.side]
        box = pygame.Rect(math.floor(min(x for x, _ in pts)), math.floor(min(y for _, y in pts)), 0, 0)
        box.w = math.ceil(max(x for x, _ in pts)) - box.x + 1
        box.h = math.ceil(max(y for _, y in pts)) - box.y + 1
        tile = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(tile, (*rgb, alpha), pts)
        _pattern(tile, cell.side, rgb, box, unit)
        mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
        tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(tile, (0, 0))
        pygame.draw.polygon(surf, (*_dk(rgb, 0.3), 230), pts, max(1, round(unit * 0.06)))
        if cell.rearward:  # a dashed ivory rim just inside the edge
            inner = [(cx + (x - cx) * 0.84, cy + (y - cy) * 0.84) for x, y in pts]
            for i in range(6):
                (x0, y0), (x1, y1) = inner[i], inner[(i + 1) % 6]
                for k in range(3):
                    t0, t1 = (k * 2 + 0.5) / 6, (k * 2 + 1.5) / 6
                    pygame.draw.line(surf, (*IVORY, 235), (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                                     (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1), max(1, round(unit * 0.08)))
        # the label: the whole word if it fits, else its first letter
        word = SIDE_NAMES[cell.side]
        px = max(8, round(unit * 0.42))
        f = _font(px)
        f.set_bold(True)
        if f.size(word)[0] > unit * 1.6:
            word = word[0]
            px = max(9, round(unit * 0.62))
            f = _font(px)
            f.set_bold(True)
        lines = [word] + (["rear"] if cell.rearward and unit >= 22 else [])
        # nudge the label off the centre, away from the man, so his sprite never hides it
        ox, oy = cx - (c0[0] - left), cy - (c0[1] - top)
        n = math.hypot(ox, oy) or 1
        lx, ly = cx + ox / n * unit * 0.12, cy + oy / n * unit * 0.12
        imgs = []
        for i, text in enumerate(lines):
            ff = f if i == 0 else _font(max(7, round(px * 0.7)))
            ff.set_bold(True)
            imgs.append((ff.render(text, True, INK), ff.render(text, True, IVORY)))
        total = sum(img.get_height() for img, _ in imgs)
        y = ly - total / 2
        for ink, light in imgs:
            r = ink.get_rect(midtop=(round(lx), round(y)))
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1), (1, 1), (-1, 1), (1, -1)):
                labels.blit(light, r.move(dx, dy))
            labels.blit(ink, r)
            y += ink.get_height()
    both = surf.copy()
    both.blit(labels, (0, 0))
    return SidesOverlay(both, (left, top), tuple(cells), surf, labels)


# ---------------------------------------------------------------------------
# the body diagram (§6, §9)
# ---------------------------------------------------------------------------
def wound_colour(points: int):
    """A location's fill for its wound points (GL_WOUND_RAMP)."""
    col = GL_WOUND_RAMP[0][1]
    for at, c in GL_WOUND_RAMP:
        if points >= at:
            col = c
    return col


_BODY = {
    "head": ("circle", (0.0, -0.6, 0.15)),
    "torso": ("poly", ((-0.25, -0.42), (0.25, -0.42), (0.2, 0.12), (-0.2, 0.12))),
    "arm": ("capsules", (((-0.33, -0.37), (-0.4, 0.1)), ((0.33, -0.37), (0.4, 0.1)))),
    "leg": ("capsules", (((-0.11, 0.2), (-0.14, 0.66)), ((0.11, 0.2), (0.14, 0.66)))),
}
"""The silhouette, front view, in a frame 1 wide (x from −0.5 to 0.5, y down, centre at the waist)."""
_LABEL_AT = {"head": (0.0, -0.6), "torso": (0.0, -0.16), "arm": (-0.37, -0.12), "leg": (0.0, 0.5)}


def body_diagram(wounds: Mapping[str, int], damage: int, width: int, *, hit: str | None = None) -> pygame.Surface:
    """A small front-view figure with the four locations (leg, torso, arm, head) filled by their wound
    points (colour by severity, and the number on each wounded location), over a bar of the total damage
    against the thresholds: down at 7, dead at 8 (§9). `hit` lights a location (the wound just landed).
    `width` px wide, about 1.75 × as tall. Cached and shared."""
    w = {loc: max(0, int((wounds or {}).get(loc, 0) or 0)) for loc in LOCATIONS}
    return _body_cached(tuple(w[loc] for loc in LOCATIONS), max(0, int(damage)), max(24, int(width)),
                        hit if hit in LOCATIONS else None)


@functools.lru_cache(maxsize=256)
def _body_cached(wounds: tuple[int, ...], damage: int, width: int, hit: str | None) -> pygame.Surface:
    ss = _ss(width)
    W = width * ss
    H = round(W * 1.75)
    surf = pygame.Surface((W, H), pygame.SRCALPHA)
    u = W * 0.92
    p = Pen(surf, W / 2, u * 0.78, u, 0)
    by_loc = dict(zip(LOCATIONS, wounds))
    if hit:
        glow = pygame.Surface((W, H), pygame.SRCALPHA)
        _body_part(Pen(glow, W / 2, u * 0.78, u, 0), hit, (*UI_GOLD, 140), 0.09)
        surf.blit(glow, (0, 0))
    for loc in ("leg", "arm", "torso", "head"):
        _body_part(p, loc, EDGE, 0.035)
    for loc in ("leg", "arm", "torso", "head"):
        _body_part(p, loc, wound_colour(by_loc[loc]), 0.0)
    # the numbers, on the wounded locations
    px = max(8, round(u * 0.17))
    f = _font(px)
    f.set_bold(True)
    for loc, (lx, ly) in _LABEL_AT.items():
        n = by_loc[loc]
        if not n:
            continue
        x, y = p.pt(lx, ly)
        txt = str(n)
        img = f.render(txt, True, INK)
        br = max(img.get_width(), img.get_height()) * 0.62
        pygame.draw.circle(surf, EDGE, (x, y), br + max(1, u * 0.012))
        pygame.draw.circle(surf, IVORY, (x, y), br)
        surf.blit(img, img.get_rect(center=(round(x), round(y + px * 0.06))))
    # the damage bar: one cell a point, 8 cells; 7 (down) and 8 (dead) marked
    top = u * 1.52
    gap = W * 0.012
    cw = (W * 0.96 - gap * (DEAD_AT - 1)) / DEAD_AT
    ch = max(6, W * 0.13)
    x0 = W * 0.02
    for i in range(DEAD_AT):
        n = i + 1
        r = pygame.Rect(round(x0 + i * (cw + gap)), round(top), max(1, round(cw)), round(ch))
        if n <= damage:
            col = wound_colour(1 if n < 4 else 2 if n < 6 else 3 if n < DOWN_AT else 5)
        else:
            col = _mix(GL_WOUND_RAMP[0][1], EDGE, 0.65)
        pygame.draw.rect(surf, EDGE, r.inflate(max(2, round(W * 0.012)), max(2, round(W * 0.012))))
        pygame.draw.rect(surf, col, r)
        if n >= DOWN_AT:  # the thresholds: a heavy rim and a mark under the cell
            pygame.draw.rect(surf, GL_BLOOD if n == DEAD_AT else GOLD_DK, r, max(1, round(W * 0.018)))
            mx, my = r.centerx, r.bottom + ch * 0.55
            mk = Pen(surf, mx, my, ch * 0.42, 0)
            if n == DEAD_AT:
                mk.line([(-0.6, -0.6), (0.6, 0.6)], 0.3, GL_BLOOD)
                mk.line([(-0.6, 0.6), (0.6, -0.6)], 0.3, GL_BLOOD)
            else:
                mk.poly([(-0.7, -0.5), (0.7, -0.5), (0.0, 0.7)], GOLD_DK)
    # the total, written large to the left under the bar
    f2 = _font(max(8, round(ch * 1.1)))
    f2.set_bold(True)
    txt = f"{damage}/{DEAD_AT}" if damage < DEAD_AT else f"{damage}"
    img = f2.render(txt, True, IVORY)
    surf.blit(img, (round(x0), round(top + ch * 1.2)))
    return _down(surf, (width, round(width * 1.75)))


def _body_part(p: Pen, loc: str, col, grow: float):
    kind, spec = _BODY[loc]
    if kind == "circle":
        x, y, r = spec
        p.circle(x, y, r + grow, col)
    elif kind == "poly":
        if grow:
            cx = sum(x for x, _ in spec) / len(spec)
            cy = sum(y for _, y in spec) / len(spec)
            pts = [(x + (grow if x > cx else -grow), y + (grow if y > cy else -grow)) for x, y in spec]
        else:
            pts = list(spec)
        p.poly(pts, col)
    else:
        for (x0, y0), (x1, y1) in spec:
            p.capsule(x0, y0, x1, y1, 0.13 + 2 * grow, col)


# ---------------------------------------------------------------------------
# icons: AP, posture, thumbs, dice
# ---------------------------------------------------------------------------
def ap_pool(left: int, spent: int, size: int) -> pygame.Surface:
    """A row of AP coins, `size` px each: `left` bright gold coins, then `spent` dim hollow ones
    (the half's AP roll is left + spent). Cached and shared."""
    return _ap_cached(max(0, int(left)), max(0, int(spent)), max(8, int(size)))


@functools.lru_cache(maxsize=256)
def _ap_cached(left: int, spent: int, size: int) -> pygame.Surface:
    n = left + spent
    ss = _ss(size)
    s = size * ss
    step = s * 1.08
    surf = pygame.Surface((max(1, round(step * n)) or 1, s), pygame.SRCALPHA)
    for i in range(n):
        p = Pen(surf, step * i + s / 2, s / 2, s / 2, 0)
        if i < left:
            p.circle(0, 0, 0.95, EDGE)
            p.dome(0, 0, 0.84, 0.84, GOLD, hi=0.7)
            p.circle(0, 0, 0.56, EDGE)
            p.dome(0, 0, 0.5, 0.5, GOLD_HI, hi=0.4, lo=0.1)
        else:
            p.circle(0, 0, 0.9, EDGE)
            p.circle(0, 0, 0.78, GL_AP_SPENT)
            p.circle(0, 0, 0.5, EDGE)
            p.line([(-0.45, 0.45), (0.45, -0.45)], 0.14, _dk(GL_AP_SPENT, 0.4))
    return _down(surf, (max(1, round(surf.get_width() / ss)), size))


POSTURES = ("attack", "balanced", "defend")


def posture_icon(posture: str, size: int) -> pygame.Surface:
    """The posture's icon (§4): attack a sword thrusting up with motion strokes, balanced a sword and a
    shield side by side, defend a big shield; each on a disc of its own colour. Cached and shared."""
    if posture not in POSTURES:
        raise ValueError(f"posture {posture!r} is not one of {', '.join(POSTURES)}")
    return _posture_cached(posture, max(12, int(size)))


@functools.lru_cache(maxsize=64)
def _posture_cached(posture: str, size: int) -> pygame.Surface:
    big = size * _ss(size)
    u = big / 2
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(surf, u, u, u, 0)
    col = GL_POSTURE[posture]
    p.circle(0, 0, 0.97, EDGE)
    p.dome(0, 0, 0.9, 0.9, _dk(col, 0.25), hi=0.35, lo=0.3)
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    q = Pen(layer, u, u, u, 0)
    if posture == "attack":
        _w_sword(q.sub(-0.05, 0.62, -90, 1.45), None, length=0.58)
        for k in (-0.45, 0.35):
            q.line([(k, -0.1), (k, 0.45)], 0.08, IVORY)
    elif posture == "balanced":
        _w_sword(q.sub(0.3, 0.62, -90, 1.3), None, length=0.58)
        _shield_flat(q.sub(-0.3, 0.02, 0, 1.35), "large", IVORY, 0, 0)
    else:
        _shield_flat(q.sub(0, 0, 0, 2.3), "large", IVORY, 0, 0)
    _ink_and_shadow(surf, layer, max(1.0, u * 0.03), (u * 0.04, u * 0.05), 110)
    return _down(surf, (size, size))


def thumbs_icon(up: bool, size: int) -> pygame.Surface:
    """The crowd's verdict (§9): a fist with the thumb up (he lives) or down (he is killed), on a disc of
    green or red; the thumb's direction is what says it. Cached and shared."""
    return _thumbs_cached(bool(up), max(12, int(size)))


@functools.lru_cache(maxsize=32)
def _thumbs_cached(up: bool, size: int) -> pygame.Surface:
    big = size * _ss(size)
    u = big / 2
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(surf, u, u, u, 0)
    p.circle(0, 0, 0.97, EDGE)
    p.dome(0, 0, 0.9, 0.9, _dk(GL_THUMB_UP if up else GL_THUMB_DOWN, 0.2), hi=0.35, lo=0.3)
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    s = 1 if up else -1  # the fist below the thumb when it is up (screen y grows downwards)
    q = Pen(layer, u, u, u, 0)
    skin = SKINS[1]
    fist = [(-0.42, -0.3 * s), (0.3, -0.3 * s), (0.36, 0.42 * s), (-0.36, 0.42 * s)]
    q.outline_poly(fist, 0.05)
    q.shaded_poly(fist, skin, hi=0.35, lo=0.3)
    for k in range(4):  # the curled fingers
        y = -0.3 * s + (k + 0.5) * 0.18 * s
        q.capsule(0.12, y, 0.38, y, 0.16, EDGE)
        q.capsule(0.12, y, 0.36, y, 0.12, _hi(skin, 0.1))
    q.capsule(-0.22, -0.25 * s, -0.22, -0.8 * s, 0.24, EDGE)
    q.capsule(-0.22, -0.25 * s, -0.22, -0.8 * s, 0.17, skin)
    q.circle(-0.22, -0.8 * s, 0.05, _hi(skin, 0.5))
    q.rect(-0.44, 0.42 * s, 0.38, 0.62 * s, GL_LEATHER)  # a wrist band
    _ink_and_shadow(surf, layer, max(1.0, u * 0.03), (u * 0.04, u * 0.05), 110)
    return _down(surf, (size, size))


_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
         5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
DIE_MARKS = ("attack", "defence", "location")


def d6_sprite(value: int, size: int, player: int | None = None, mark: str | None = None) -> pygame.Surface:
    """A d6 showing `value` as pips, in `player`'s colour (ivory if None), drawn like Skirmish's dice. `mark`
    says what the die is for in a corner badge: "attack" (a sword), "defence" (a shield), "location" (the
    little body with the location that face names lit, §6). Cached and shared."""
    v = int(value)
    if v not in _PIPS:
        raise ValueError(f"a d6 shows 1 to 6, not {value!r}")
    if mark is not None and mark not in DIE_MARKS:
        raise ValueError(f"die mark {mark!r} is not one of {', '.join(DIE_MARKS)}")
    pl = None if player is None else (int(player) % len(PLAYER_COLOURS) if _is_int(player) else 0)
    return _d6_cached(v, max(10, int(size)), pl, mark)


@functools.lru_cache(maxsize=512)
def _d6_cached(value: int, size: int, player: int | None, mark: str | None) -> pygame.Surface:
    big = size * _ss(size)
    u = big / 2
    rgb = IVORY if player is None else PLAYER_COLOURS[player].rgb
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(layer, u, u, u * 0.9, 0)
    paint_die(p, 6, rgb, 0.05)
    _ink_and_shadow(surf, layer, max(1.5, u * 0.03), (u * 0.04, u * 0.06), 100)
    pip = INK if _lum(rgb) > 0.5 else IVORY
    q = Pen(surf, u, u, u * 0.9, 0)
    for dx, dy in _PIPS[value]:
        q.circle(dx * 0.42, dy * 0.42, 0.15, _dk(rgb, 0.6) if pip == INK else EDGE)
        q.circle(dx * 0.42, dy * 0.42, 0.12, pip)
    if mark:
        m = Pen(surf, u + u * 0.62, u + u * 0.62, u * 0.4, 0)
        m.circle(0, 0, 1.0, EDGE)
        m.circle(0, 0, 0.88, IVORY)
        if mark == "attack":
            _w_sword(m.sub(-0.55, 0.55, -45, 1.3), None, length=0.58)
        elif mark == "defence":
            _shield_flat(m.sub(0, 0, 0, 1.7), "large", STEEL, 0, 0)
        else:
            lit = LOCATION_OF_DIE[value]
            b = m.sub(0, 0.05, 0, 1.5)
            for loc in ("leg", "arm", "torso", "head"):
                _body_part(b, loc, GL_SIDE_WEAPON if loc == lit else STEEL_DK, 0.0)
    return _down(surf, (size, size))


def gallery_kinds() -> list[tuple[str, str]]:
    """Every (type, state) the gallery shows (tools/gladiator_gallery.py, tests)."""
    return [(t, s) for t in TYPES for s in STATES]


__all__ = ["STATES", "SIDE_NAMES", "REARWARD_OFFSETS", "ITEMS", "SIDE_COLOURS", "POSTURES", "DIE_MARKS",
           "SideCell", "SidesOverlay", "has_two_weapon_sides", "side_of", "sides_of", "is_rearward",
           "direction_angle", "man_sprite", "dropped_sprite", "sides_overlay", "body_diagram", "wound_colour",
           "ap_pool", "posture_icon", "thumbs_icon", "d6_sprite", "gallery_kinds"]
