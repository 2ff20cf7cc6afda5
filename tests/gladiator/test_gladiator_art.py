"""Gladiator!'s art (deathmatch/client/art/gladiator.py): the men by type, facing and state, the sides
round a man (GLADIATOR.md §1, exactly), the body diagram, the dropped kit and the icons."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.board.hex import Hex  # noqa: E402
from deathmatch.client.art import gladiator as gl  # noqa: E402
from deathmatch.client.art.palette import (EDGE, GL_SIDE_BACK, GL_SIDE_FACE, GL_SIDE_SHIELD,  # noqa: E402
                                           GL_SIDE_WEAPON, GL_WOUND_RAMP, INK, SKINS)
from deathmatch.client.art.pens import _mix  # noqa: E402
from deathmatch.rulesets.gladiator.model import TYPES, Kit  # noqa: E402
from conftest import ROOT

MEN = [t for t in TYPES if t != "lion"]


def _pixels(surf) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


# ---------------------------------------------------------------------------
# the sides (§1): pure arithmetic
# ---------------------------------------------------------------------------
SPEC = {0: "face", 1: "shield", 2: "shield", 3: "back", 4: "weapon", 5: "weapon"}
"""§1: relative to facing f, f is his Face, f+1 and f+2 his Shield side, f+3 his Back, f+4 and f+5 his
Weapon side."""


@pytest.mark.parametrize("facing", range(6))
def test_each_neighbour_is_the_side_the_rules_say(facing):
    for d in range(6):
        off = (d - facing) % 6
        assert gl.side_of(facing, d) == SPEC[off]
        # the ruling: no shield or two weapons, two Weapon sides and no Shield side
        assert gl.side_of(facing, d, two_weapon_sides=True) == ("weapon" if off in (1, 2) else SPEC[off])
        assert gl.is_rearward(facing, d) == (off in (2, 3, 4))
    assert gl.sides_of(facing).count("shield") == 2 and gl.sides_of(facing).count("weapon") == 2
    assert gl.sides_of(facing, True).count("weapon") == 4 and "shield" not in gl.sides_of(facing, True)
    assert gl.sides_of(facing)[facing] == "face" and gl.sides_of(facing)[(facing + 3) % 6] == "back"


def test_who_has_two_weapon_sides():
    two = {t for t, kit in TYPES.items() if gl.has_two_weapon_sides(kit)}
    assert two == {"retiarius", "dimachaerus", "laquearius", "lion"}  # the types without a shield
    assert gl.has_two_weapon_sides(Kit("unarmoured", "medium", "two_swords"))  # two weapons, even with a shield
    assert gl.has_two_weapon_sides(Kit("armoured", "none", "sword"))  # a Secutor who dropped his shield
    assert not gl.has_two_weapon_sides(Kit("armoured", "medium", "none"))  # dropped his weapon, kept the shield


def _pointy(h):
    return (300 + 40 * math.sqrt(3) * (h.q + h.r / 2), 300 + 40 * 1.5 * h.r)


def _flat(h):
    return (300 + 40 * 1.5 * h.q, 300 + 40 * math.sqrt(3) * (h.r + h.q / 2))


@pytest.mark.parametrize("centre_of,pointy", [(_pointy, True), (_flat, False)])
def test_direction_angle_points_at_the_neighbour(centre_of, pointy):
    x0, y0 = centre_of(Hex(0, 0))
    for d in range(6):
        x, y = centre_of(Hex(0, 0).neighbor(d))
        want = math.degrees(math.atan2(-(y - y0), x - x0))
        assert abs((gl.direction_angle(d, pointy) - want + 180) % 360 - 180) < 1e-6


def _mean_rgb(surf, poly, topleft):
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pts = [(x - topleft[0], y - topleft[1]) for x, y in poly]
    cx = sum(x for x, _ in pts) / 6
    cy = sum(y for _, y in pts) / 6
    inner = [(cx + (x - cx) * 0.7, cy + (y - cy) * 0.7) for x, y in pts]
    pygame.draw.polygon(mask, (255, 255, 255, 255), inner)
    m = pygame.mask.from_surface(mask)
    tot, n = [0, 0, 0], 0
    for x, y in m.outline() + [(round(cx + (x - cx) * 0.5), round(cy + (y - cy) * 0.5)) for x, y in m.outline()]:
        c = surf.get_at((x, y))
        if c.a:
            tot = [tot[i] + c[i] for i in range(3)]
            n += 1
    return tuple(t / max(1, n) for t in tot)


@pytest.mark.parametrize("centre_of", [_pointy, _flat])
@pytest.mark.parametrize("facing", range(6))
@pytest.mark.parametrize("two", [False, True])
def test_the_overlay_tints_each_neighbour_by_its_side(centre_of, facing, two):
    ov = gl.sides_overlay(centre_of, Hex(2, -1), facing, two_weapon_sides=two)
    assert [c.direction for c in ov.cells] == list(range(6))
    colours = {"face": GL_SIDE_FACE, "shield": GL_SIDE_SHIELD, "weapon": GL_SIDE_WEAPON, "back": GL_SIDE_BACK}
    for cell in ov.cells:
        assert cell.hex == Hex(2, -1).neighbor(cell.direction)
        assert cell.side == gl.side_of(facing, cell.direction, two)
        assert cell.rearward == gl.is_rearward(facing, cell.direction)
        # its polygon is round the neighbour's centre
        cx = sum(x for x, _ in cell.polygon) / 6
        cy = sum(y for _, y in cell.polygon) / 6
        assert math.dist((cx, cy), centre_of(cell.hex)) < 1e-6
        # and its tint is nearer its own side's colour than any other side's
        mean = _mean_rgb(ov.surface, cell.polygon, ov.topleft)
        nearest = min(colours, key=lambda s: sum((mean[i] - colours[s][i]) ** 2 for i in range(3)))
        assert nearest == cell.side, (cell, mean)


def test_the_sides_differ_by_more_than_colour():
    # the same overlay in grey: Face, Shield, Weapon and Back still differ (pattern and label)
    ov = gl.sides_overlay(_pointy, Hex(0, 0), 0)
    grey = pygame.transform.grayscale(ov.surface)
    crops = {}
    for cell in ov.cells:
        cx = sum(x for x, _ in cell.polygon) / 6 - ov.topleft[0]
        cy = sum(y for _, y in cell.polygon) / 6 - ov.topleft[1]
        r = pygame.Rect(0, 0, 40, 40)
        r.center = (round(cx), round(cy))
        crops[cell.side] = _pixels(grey.subsurface(r))
    assert len(set(crops.values())) == 4


@pytest.mark.parametrize("name", ["circus.tmx", "colosseum.tmx"])
def test_the_overlay_lies_on_a_real_maps_hexagons_and_angles(name):
    """On a bundled arena (circus flat-top, colosseum pointy-top) the overlay's hexagons are the map's own,
    from `MapView.hex_center` alone, and `direction_angle` is the map's facing angle."""
    from deathmatch.board.tiled import load_arena
    from deathmatch.client.mapview import MapView

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    path = ROOT / "maps" / name
    mv = MapView(load_arena(path), path)
    ov = gl.sides_overlay(mv.hex_center, Hex(3, 2), 0)
    for cell in ov.cells:
        want = mv.hex_corners(cell.hex)
        assert max(min(math.dist(p, q) for q in want) for p in cell.polygon) < 0.5
    for d in range(6):
        assert abs((gl.direction_angle(d, mv.layout.pointy) - mv.facing_angle(d) + 180) % 360 - 180) < 1.0


def test_the_labels_come_apart_from_the_tint():
    """A man standing in a neighbour hex must not hide its label: the table draws the tint under the men
    and the labels over them; `surface` is both in one."""
    ov = gl.sides_overlay(_pointy, Hex(0, 0), 3)
    assert pygame.mask.from_surface(ov.labels, 128).count() > 100
    assert ov.tint.get_size() == ov.labels.get_size() == ov.surface.get_size()
    both = ov.tint.copy()
    both.blit(ov.labels, (0, 0))
    assert _pixels(both) == _pixels(ov.surface) != _pixels(ov.tint)


# ---------------------------------------------------------------------------
# the men
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("size", [32, 56])
@pytest.mark.parametrize("type_id", list(TYPES))
def test_every_type_facing_and_state_draws(type_id, size):
    seen = set()
    for state in gl.STATES:
        for d in range(6):
            s = gl.man_sprite(type_id, 1, size, gl.direction_angle(d), state=state)
            assert s.get_size() == (size, size)
            assert pygame.mask.from_surface(s, 128).count() > size * size * 0.3
            seen.add(_pixels(s))
    assert len(seen) == len(gl.STATES) * 6  # every state, every facing, looks different


def test_sprites_are_cached():
    a = gl.man_sprite("thracian", 0, 48, 60, state="netted")
    assert gl.man_sprite("thracian", 0, 48, 60, state="netted") is a
    assert gl.man_sprite("thracian", 0, 48, 60, state="netted", kit=TYPES["thracian"]) is a
    assert gl.man_sprite("thracian", 1, 48, 60, state="netted") is not a
    assert gl.dropped_sprite("sica", 32, 0) is gl.dropped_sprite("sica", 32, 0)
    assert gl.body_diagram({"arm": 2}, 2, 60) is gl.body_diagram({"arm": 2, "leg": 0}, 2, 60)
    assert gl.d6_sprite(4, 30, 1, "attack") is gl.d6_sprite(4, 30, 1, "attack")
    assert gl.ap_pool(2, 1, 16) is gl.ap_pool(2, 1, 16)


def test_the_types_look_different():
    pics = {t: _pixels(gl.man_sprite(t, 0, 64, 0)) for t in TYPES}
    assert len(set(pics.values())) == len(TYPES)


def test_bad_input_says_what_is_allowed():
    with pytest.raises(ValueError, match="standing"):
        gl.man_sprite("thracian", 0, 48, state="asleep")
    with pytest.raises(ValueError, match="secutor"):
        gl.man_sprite("gaul", 0, 48)
    with pytest.raises(ValueError, match="sword"):
        gl.dropped_sprite("net", 32)
    with pytest.raises(ValueError, match="1 to 6"):
        gl.d6_sprite(7, 32)


def _centroid_of_difference(a, b):
    """Where two sprites differ: the centroid of the changed pixels, relative to the sprite's middle."""
    w, h = a.get_size()
    xs = ys = n = 0
    for y in range(h):
        for x in range(w):
            ca, cb = a.get_at((x, y)), b.get_at((x, y))
            if sum(abs(ca[i] - cb[i]) for i in range(4)) > 60:
                xs += x
                ys += y
                n += 1
    assert n > 20
    return xs / n - w / 2, ys / n - h / 2


def _right_of(angle):
    """His right as a screen vector (y down), for a man facing `angle` (screen degrees, CCW)."""
    fx, fy = math.cos(math.radians(angle)), -math.sin(math.radians(angle))
    return -fy, fx


@pytest.mark.parametrize("pointy", [True, False])
@pytest.mark.parametrize("d", range(6))
def test_the_weapon_is_in_his_right_hand_and_the_shield_on_his_left(d, pointy):
    """§1: the Shield side is f+1, f+2 (his left), the Weapon side f+4, f+5 (his right). Take the weapon away
    and what changed lies on his right; take the shield away and what changed lies on his left."""
    angle = gl.direction_angle(d, pointy)
    rx, ry = _right_of(angle)
    size = 96
    for type_id in ("secutor", "thracian", "myrmillo", "hoplomachus"):
        kit = TYPES[type_id]
        full = gl.man_sprite(type_id, 0, size, angle)
        unarmed = gl.man_sprite(type_id, 0, size, angle, kit=Kit(kit.armour, kit.shield, "none"))
        wx, wy = _centroid_of_difference(full, unarmed)
        assert wx * rx + wy * ry > size * 0.12, (type_id, d, "weapon")
        bare = gl.man_sprite(type_id, 0, size, angle, kit=Kit(kit.armour, "none", kit.weapon))
        sx, sy = _centroid_of_difference(full, bare)
        assert sx * rx + sy * ry < -size * 0.12, (type_id, d, "shield")
    # the trident on his right too
    kit = TYPES["retiarius"]
    full = gl.man_sprite("retiarius", 0, size, angle)
    unarmed = gl.man_sprite("retiarius", 0, size, angle, kit=Kit(kit.armour, "none", "none", net=True))
    wx, wy = _centroid_of_difference(full, unarmed)
    assert wx * rx + wy * ry > size * 0.08


def test_net_carried_and_thrown_differ():
    kit = TYPES["retiarius"]
    carried = gl.man_sprite("retiarius", 0, 64, 0)
    thrown = gl.man_sprite("retiarius", 0, 64, 0, kit=Kit(kit.armour, kit.shield, kit.weapon, net=False))
    assert _pixels(carried) != _pixels(thrown)
    lasso = gl.man_sprite("laquearius", 0, 64, 0)
    no_lasso = gl.man_sprite("laquearius", 0, 64, 0, kit=Kit("unarmoured", "none", "dagger", net=False))
    assert _pixels(lasso) != _pixels(no_lasso)


def test_the_dead_are_grey_and_the_netted_under_a_net():
    def chroma(s):
        return sum(max(c[:3]) - min(c[:3]) for c in (s.get_at((x, y)) for x in range(16, 48) for y in range(16, 48))
                   if c.a > 200)

    standing = gl.man_sprite("myrmillo", 4, 64, 0)
    dead = gl.man_sprite("myrmillo", 4, 64, 0, state="dead")
    assert chroma(dead) < chroma(standing)
    netted = gl.man_sprite("myrmillo", 4, 64, 0, state="netted")
    assert _pixels(netted) != _pixels(standing)


@pytest.mark.parametrize("item", gl.ITEMS)
def test_dropped_kit_draws_with_and_without_an_owner(item):
    mine = gl.dropped_sprite(item, 40, 2)
    nobody = gl.dropped_sprite(item, 40)
    assert mine.get_size() == nobody.get_size() == (40, 40)
    assert _pixels(mine) != _pixels(nobody)
    assert gl.dropped_sprite("two_swords", 40, 2) is gl.dropped_sprite("sword", 40, 2)  # one of two swords


# ---------------------------------------------------------------------------
# the body diagram and the icons
# ---------------------------------------------------------------------------
def test_wound_colours_rise_with_severity():
    cols = [gl.wound_colour(n) for n in range(7)]
    assert cols[0] == GL_WOUND_RAMP[0][1] and cols[1] != cols[0] and cols[2] != cols[1] and cols[3] != cols[2]
    assert cols[5] == cols[6] == GL_WOUND_RAMP[-1][1]


@pytest.mark.parametrize("width", [40, 90, 160])
def test_the_damage_bar_fills_a_cell_a_point(width):
    empty = _mix(GL_WOUND_RAMP[0][1], EDGE, 0.65)
    counts = []
    for dmg in range(9):
        s = gl.body_diagram({}, dmg, width)
        assert s.get_size() == (width, round(width * 1.75))
        m = pygame.mask.from_threshold(s, (*empty, 255), (6, 6, 6, 255))
        counts.append(m.count())
    assert all(a > b for a, b in zip(counts, counts[1:])), counts  # each point fills one more cell


def test_a_wound_shows_where_it_landed():
    plain = gl.body_diagram({}, 0, 100)
    for loc in ("leg", "torso", "arm", "head"):
        hurt = gl.body_diagram({loc: 2}, 0, 100)
        assert _pixels(hurt) != _pixels(plain)
    heads = [_pixels(gl.body_diagram({"head": n}, n, 100)) for n in range(4)]
    assert len(set(heads)) == 4
    assert _pixels(gl.body_diagram({"arm": 1}, 1, 100, hit="arm")) != _pixels(gl.body_diagram({"arm": 1}, 1, 100))


def test_the_ap_pool_shows_left_and_spent():
    assert gl.ap_pool(2, 3, 20).get_width() == gl.ap_pool(5, 0, 20).get_width() > gl.ap_pool(1, 1, 20).get_width()
    assert _pixels(gl.ap_pool(2, 3, 20)) != _pixels(gl.ap_pool(3, 2, 20))


def test_the_thumb_points_the_way_of_the_verdict():
    def skin_rows(s):
        m = pygame.mask.from_threshold(s, (*SKINS[1], 255), (40, 40, 40, 255))
        rows = [y for y in range(s.get_height()) for x in range(s.get_width()) if m.get_at((x, y))]
        return min(rows), max(rows)

    up, down = skin_rows(gl.thumbs_icon(True, 64)), skin_rows(gl.thumbs_icon(False, 64))
    assert up[0] < down[0] - 6  # the thumb reaches higher when up
    assert down[1] > up[1] + 6  # and lower when down


def test_the_postures_differ():
    pics = {p: _pixels(gl.posture_icon(p, 40)) for p in gl.POSTURES}
    assert len(set(pics.values())) == 3
    with pytest.raises(ValueError, match="balanced"):
        gl.posture_icon("berserk", 40)


@pytest.mark.parametrize("value", range(1, 7))
def test_a_d6_shows_its_pips(value):
    s = gl.d6_sprite(value, 80)
    inner = s.subsurface(pygame.Rect(14, 14, 52, 52))
    m = pygame.mask.from_threshold(inner, (*INK, 255), (30, 30, 30, 255))
    assert len([c for c in m.connected_components() if c.count() > 10]) == value
    for mark in gl.DIE_MARKS:
        assert _pixels(gl.d6_sprite(value, 40, 0, mark)) != _pixels(gl.d6_sprite(value, 40, 0))
