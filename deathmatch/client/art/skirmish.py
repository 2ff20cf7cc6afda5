"""Chessboard Skirmish's miniatures: each one a die seen from above, in its player's colour.

A miniature's die is its whole stat line (SKIRMISH.md §2), so the sprite is that
die, drawn as its real shape with its number of sides on it:

    d4 triangle · d6 square · d8 diamond · d10 kite · d12 pentagon · d20 hexagon with a triangle face

Round it, on the sprite's own square: the **hero** mark (a crown, upper left),
the **carried** Retrieve banner (upper right), the **armour** pips (small shields
along the bottom, one per point left) and the **weapon** mark (sword, bow or gun
on a dark disc, lower right). States: ``ready``, ``selected`` (a gold halo) and
``acted`` (greyed, with a hint of the player's colour left: whose it is still shows).

Everything is drawn with pygame.draw at 4× the asked size (less for big
sprites) and smooth-scaled down, so a sprite is crisp at every tile size;
sprites are cached by everything they show. ``die_sprite`` is the bare die with
any text on it (a rolled result for the dice animations), ``marker_sprite`` the
Retrieve marker lying on the board.
"""

from __future__ import annotations

import functools

import pygame

from .palette import (EDGE, GOLD, GOLD_DK, GOLD_HI, INK, IVORY, PLAYER_COLOURS, SHADOW, SK_BADGE, SK_BANNER,
                      SK_PIP, SK_SELECTED, STEEL, STEEL_DK, WOOD, WOOD_DK)
from .pens import _dk, _down, _font, _hi, _ink_and_shadow, _is_int, _lum, _ss, Pen
from .dice import DIE_SIDES, die_outline, paint_die

STATES = ("ready", "selected", "acted")
MINI_WEAPONS = ("melee", "bow", "gun")
MAX_PIPS = 5
"""Armour pips drawn one by one; above this, one pip and the count."""


def _text_centre(sides: int) -> tuple[float, float]:
    """Where the number sits on the die (the middle of its front face)."""
    return {4: (0.0, 0.24), 8: (0.0, -0.02), 10: (0.0, -0.04), 20: (0.0, 0.1)}.get(sides, (0.0, 0.0))


_FACE = {4: 0.9, 6: 1.2, 8: 0.95, 10: 0.95, 12: 0.95, 20: 0.9}
"""How wide the number may be on each die, in its radius."""


def _text_colour(rgb) -> tuple[int, int, int]:
    return INK if _lum(rgb) > 0.5 else IVORY


def _write(surf: pygame.Surface, text: str, cx: float, cy: float, px: int, col, outline=None) -> None:
    f = _font(px)
    f.set_bold(True)
    img = f.render(text, True, col)
    r = img.get_rect()
    x, y = round(cx - r.w / 2), round(cy - r.h / 2 + px * 0.06)  # the default font sits a little high
    if outline is not None:
        ring = f.render(text, True, outline)
        d = max(1, round(px * 0.06))
        for ox, oy in ((-d, 0), (d, 0), (0, -d), (0, d), (-d, -d), (d, d), (-d, d), (d, -d)):
            surf.blit(ring, (x + ox, y + oy))
    surf.blit(img, (x, y))


def _fit_px(text: str, want_px: int, max_w: float) -> int:
    """The font size ≤ want_px at which `text` is at most `max_w` pixels wide."""
    px = max(6, int(want_px))
    while px > 6:
        f = _font(px)
        f.set_bold(True)
        if f.size(text)[0] <= max_w:
            break
        px -= 1
    return px


# ---------------------------------------------------------------------------
# marks: weapon, armour pip, hero crown, the banner
# ---------------------------------------------------------------------------
def _sword(p: Pen) -> None:
    q = p.sub(0, 0, -45)
    blade = [(-0.2, -0.11), (0.52, -0.11), (0.78, 0.0), (0.52, 0.11), (-0.2, 0.11)]
    q.outline_poly(blade, 0.05)
    q.poly(blade, STEEL)
    q.poly([(-0.2, -0.11), (0.52, -0.11), (0.78, 0.0), (-0.2, 0.0)], _hi(STEEL, 0.5))
    q.capsule(-0.2, -0.36, -0.2, 0.36, 0.2, EDGE)
    q.capsule(-0.2, -0.36, -0.2, 0.36, 0.12, GOLD)
    q.capsule(-0.66, 0.0, -0.24, 0.0, 0.22, EDGE)
    q.capsule(-0.66, 0.0, -0.24, 0.0, 0.14, WOOD)
    q.circle(-0.72, 0.0, 0.13, GOLD_DK)


def _bow(p: Pen) -> None:
    """A bow standing upright (its belly to the right), its string straight, an arrow across."""
    arc = [(-0.3 + 0.62 * (1 - t * t), t * 0.78) for t in [(-1 + 2 * i / 16) for i in range(17)]]
    p.line([arc[0], arc[-1]], 0.1, EDGE)
    p.line([arc[0], arc[-1]], 0.045, IVORY)
    p.line(arc, 0.24, EDGE)
    p.line(arc, 0.14, WOOD)
    p.line(arc[2:8], 0.05, _hi(WOOD, 0.5))
    p.capsule(-0.66, 0.0, 0.5, 0.0, 0.16, EDGE)
    p.capsule(-0.66, 0.0, 0.5, 0.0, 0.07, IVORY)
    head = [(0.44, -0.2), (0.84, 0.0), (0.44, 0.2)]
    p.outline_poly(head, 0.05)
    p.poly(head, STEEL)


def _gun(p: Pen) -> None:
    q = p.sub(0, 0, -20)
    stock = [(-0.8, -0.08), (-0.2, -0.14), (-0.2, 0.12), (-0.76, 0.34)]
    q.outline_poly(stock, 0.05)
    q.poly(stock, WOOD)
    body = [(-0.26, -0.18), (0.2, -0.18), (0.2, 0.08), (-0.26, 0.08)]
    q.outline_poly(body, 0.05)
    q.poly(body, STEEL_DK)
    q.capsule(0.1, -0.08, 0.84, -0.08, 0.22, EDGE)
    q.capsule(0.1, -0.08, 0.84, -0.08, 0.13, STEEL)
    q.capsule(0.1, -0.11, 0.84, -0.11, 0.04, _hi(STEEL, 0.6))
    grip = [(-0.06, 0.06), (0.12, 0.06), (0.06, 0.44), (-0.14, 0.4)]
    q.outline_poly(grip, 0.05)
    q.poly(grip, WOOD_DK)


_WEAPON_MARKS = {"melee": _sword, "bow": _bow, "gun": _gun}


def _pip(p: Pen, x: float, y: float, r: float) -> None:
    """A small steel shield: one armour point."""
    pts = [(x - r, y - r * 0.95), (x + r, y - r * 0.95), (x + r * 0.95, y + r * 0.1), (x, y + r * 1.15),
           (x - r * 0.95, y + r * 0.1)]
    p.outline_poly(pts, r * 0.3)
    p.poly(pts, SK_PIP)
    p.poly([(x - r, y - r * 0.95), (x, y - r * 0.95), (x, y + r * 1.15), (x - r * 0.95, y + r * 0.1)],
           _hi(SK_PIP, 0.5))


def _crown(p: Pen, x: float, y: float, s: float) -> None:
    """The hero's crown, `s` half-wide, centred at (x, y)."""
    pts = [(x - s, y + s * 0.55), (x - s, y - s * 0.45), (x - s * 0.5, y + s * 0.05), (x, y - s * 0.75),
           (x + s * 0.5, y + s * 0.05), (x + s, y - s * 0.45), (x + s, y + s * 0.55)]
    p.outline_poly(pts, s * 0.16)
    p.poly(pts, GOLD)
    p.poly([(x - s, y + s * 0.25), (x + s, y + s * 0.25), (x + s, y + s * 0.55), (x - s, y + s * 0.55)], GOLD_DK)
    for px_, py_ in ((x - s, y - s * 0.45), (x, y - s * 0.75), (x + s, y - s * 0.45)):
        p.circle(px_, py_, s * 0.17, EDGE)
        p.circle(px_, py_, s * 0.11, GOLD_HI)


def _banner(p: Pen, x: float, y: float, s: float) -> None:
    """The Retrieve marker as a banner on a pole, `s` its height/2, the pole's foot at (x, y + s)."""
    p.capsule(x, y - s, x, y + s, s * 0.2, EDGE)
    p.capsule(x, y - s, x, y + s, s * 0.11, WOOD)
    cloth = [(x + s * 0.05, y - s * 0.9), (x + s * 1.05, y - s * 0.72), (x + s * 0.7, y - s * 0.38),
             (x + s * 1.05, y - s * 0.05), (x + s * 0.05, y - s * 0.12)]
    p.outline_poly(cloth, s * 0.1)
    p.poly(cloth, SK_BANNER)
    p.poly([(x + s * 0.05, y - s * 0.9), (x + s * 1.05, y - s * 0.72), (x + s * 0.7, y - s * 0.55),
            (x + s * 0.05, y - s * 0.55)], _hi(SK_BANNER, 0.35))
    p.circle(x, y - s, s * 0.16, GOLD)


# ---------------------------------------------------------------------------
# public face
# ---------------------------------------------------------------------------
def miniature_sprite(die: int, weapon: str, player: int, size: int, *, armour: int = 0, hero: bool = False,
                     carrying: bool = False, state: str = "ready") -> pygame.Surface:
    """A miniature on a `size` px square: its die in `player`'s colour with its sides, its weapon,
    armour pips (`armour` points left), the hero crown, the carried banner; `state` ready, selected
    or acted (greyed). Cached and shared: copy before drawing on it."""
    if die not in DIE_SIDES:
        raise ValueError(f"no die has {die!r} sides (d4, d6, d8, d10, d12 or d20)")
    if weapon not in MINI_WEAPONS:
        raise ValueError(f"weapon {weapon!r} is not melee, bow or gun")
    if state not in STATES:
        raise ValueError(f"state {state!r} is not one of {', '.join(STATES)}")
    pl = int(player) % len(PLAYER_COLOURS) if _is_int(player) else 0
    return _mini_cached(int(die), weapon, pl, max(12, int(size)), max(0, int(armour)), bool(hero), bool(carrying),
                        state)


@functools.lru_cache(maxsize=512)
def _mini_cached(die, weapon, player, size, armour, hero, carrying, state) -> pygame.Surface:
    rgb = PLAYER_COLOURS[player].rgb
    big = size * _ss(size)
    u = big / 2
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    # the die: a little smaller than the square, a touch high so the marks round it show
    dr = 0.68
    dcx, dcy = -0.02, -0.04
    if state == "selected":
        halo = pygame.Surface((big, big), pygame.SRCALPHA)
        hp = Pen(halo, u + dcx * u, u + dcy * u, u * dr, 0)
        for grow, alpha in ((1.42, 60), (1.3, 110), (1.2, 200)):
            pts = [(x * grow, y * grow) for x, y in die_outline(die)]
            hp.poly(pts, (*SK_SELECTED, alpha))
        surf.blit(halo, (0, 0))
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(layer, u + dcx * u, u + dcy * u, u * dr, 0)
    paint_die(p, die, rgb, 0.05)
    _ink_and_shadow(surf, layer, max(1.5, u * 0.025), (u * 0.05, u * 0.07), 110)
    # its sides, as big as the face allows
    tx, ty = _text_centre(die)
    text = str(die)
    face = _FACE[die] * dr * u
    px = _fit_px(text, round(face * (0.95 if die != 4 else 0.85)), face)
    _write(surf, text, u + (dcx + tx * dr) * u, u + (dcy + ty * dr) * u, px, _text_colour(rgb),
           outline=_dk(rgb, 0.6) if _lum(rgb) <= 0.5 else None)
    # the marks round it
    marks = pygame.Surface((big, big), pygame.SRCALPHA)
    m = Pen(marks, u, u, u, 0)
    # weapon: lower right, on a dark disc
    bx, by, br = 0.68, 0.68, 0.3
    m.circle(bx, by, br + 0.04, EDGE)
    m.circle(bx, by, br, SK_BADGE)
    m.circle(bx - 0.03, by - 0.03, br * 0.82, _hi(SK_BADGE, 0.15))
    _WEAPON_MARKS[weapon](m.sub(bx, by, 0, br * 0.95))
    # armour: small shields along the bottom, from the left
    if armour:
        pr = 0.11
        shown = armour if armour <= MAX_PIPS else 1
        for i in range(shown):
            _pip(m, -0.82 + i * 0.25, 0.8, pr)
    if hero:
        _crown(m, -0.7, -0.74, 0.24)
    if carrying:
        _banner(m, 0.62, -0.6, 0.3)
    surf.blit(marks, (0, 0))
    if armour > MAX_PIPS:
        _write(surf, f"×{armour}", u + (-0.82 + 0.15 + 0.2) * u, u + 0.8 * u, max(6, round(u * 0.3)), IVORY,
               outline=EDGE)
    if state == "acted":
        surf = _greyed(surf, rgb)
    return _down(surf, (size, size))


def _greyed(surf: pygame.Surface, rgb) -> pygame.Surface:
    """The sprite greyed, a little darker and see-through, keeping a hint of its player's colour (a
    board of miniatures that have acted must still show whose each one is): a miniature that has
    acted this round."""
    grey = pygame.transform.grayscale(surf)
    tint = tuple(round(0.4 * c + 0.6 * 170) for c in rgb[:3])
    grey.fill((*tint, 200), special_flags=pygame.BLEND_RGBA_MULT)
    return grey


def die_sprite(sides: int, size: int, rgb=None, text: str | None = None) -> pygame.Surface:
    """The bare die (no marks) on a `size` px square, in `rgb` (ivory if None), showing `text`
    (its sides if None): a rolled result in the dice animations, a die in a panel."""
    if sides not in DIE_SIDES:
        raise ValueError(f"no die has {sides!r} sides (d4, d6, d8, d10, d12 or d20)")
    col = tuple(rgb[:3]) if rgb is not None else IVORY
    return _die_cached(int(sides), max(10, int(size)), col, str(sides) if text is None else str(text))


@functools.lru_cache(maxsize=256)
def _die_cached(sides, size, rgb, text) -> pygame.Surface:
    big = size * _ss(size)
    u = big / 2
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(layer, u, u, u * 0.9, 0)
    paint_die(p, sides, rgb, 0.05)
    _ink_and_shadow(surf, layer, max(1.5, u * 0.03), (u * 0.04, u * 0.06), 100)
    if text:
        tx, ty = _text_centre(sides)
        face = _FACE[sides] * 0.9 * u
        px = _fit_px(text, round(face * (0.95 if sides != 4 else 0.85)), face)
        _write(surf, text, u + tx * 0.9 * u, u + ty * 0.9 * u, px, _text_colour(rgb),
               outline=_dk(rgb, 0.6) if _lum(rgb) <= 0.5 else None)
    return _down(surf, (size, size))


def marker_sprite(size: int) -> pygame.Surface:
    """The Retrieve marker lying on its square: a banner planted in a small cairn."""
    return _marker_cached(max(10, int(size)))


@functools.lru_cache(maxsize=32)
def _marker_cached(size: int) -> pygame.Surface:
    big = size * _ss(size)
    u = big / 2
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    sh = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.ellipse(sh, (*SHADOW, 110), pygame.Rect(u * 0.45, u * 1.35, u * 1.2, u * 0.42))
    surf.blit(sh, (0, 0))
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    p = Pen(layer, u, u, u, 0)
    for x, y, r in ((-0.28, 0.55, 0.2), (0.26, 0.56, 0.18), (0.0, 0.48, 0.22), (-0.12, 0.64, 0.16),
                    (0.14, 0.66, 0.15)):
        p.circle(x, y, r + 0.04, EDGE)
        p.dome(x, y, r, r, STEEL, hi=0.5)
    _banner(p, -0.05, -0.12, 0.62)
    _ink_and_shadow(surf, layer, max(1.5, u * 0.025), (0, 0), 0)
    return _down(surf, (size, size))


def gallery_kinds() -> list[tuple]:
    """Every (die, weapon, armour, hero) the gallery shows (tools/skirmish_gallery.py, tests)."""
    return [(d, w, a, h) for d in DIE_SIDES for w in MINI_WEAPONS for a in (0, 1, 3) for h in (False, True)]


__all__ = ["DIE_SIDES", "STATES", "MINI_WEAPONS", "die_outline", "miniature_sprite", "die_sprite", "marker_sprite"]
