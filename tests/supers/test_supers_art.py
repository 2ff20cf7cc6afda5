"""Superhero Gladiators' art (deathmatch/client/art/supers.py): every bundled hero draws, distinct heroes
look distinct, the token grows with Size and never shows a gizmo, and the oomph bar, altitude, segment
track, markers and animation frames draw what they say."""

from __future__ import annotations

import dataclasses
import os
import sys
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from conftest import ROOT  # noqa: E402
from deathmatch.client.art import supers as sg  # noqa: E402
from deathmatch.client.art.palette import PLAYER_COLOURS, SG_OOMPH_BACK, SG_TRACK_LIT  # noqa: E402
from deathmatch.rulesets.supers.heroes import bundled_heroes_dir  # noqa: E402
from deathmatch.rulesets.supers.heroes import load_heroes  # noqa: E402
from deathmatch.rulesets.supers.model import Hero, Power  # noqa: E402

HEROES = sorted(load_heroes([bundled_heroes_dir()]).heroes.values(), key=lambda h: h.id)
CELLS = (24, 30, 44, 64, 96)


def _bytes(surf) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _near(a, b, tol=40) -> bool:
    return all(abs(int(x) - int(y)) <= tol for x, y in zip(a[:3], b[:3]))


def _painted(surf) -> int:
    """How many pixels of a surface are not fully see-through."""
    return sum(1 for x in range(surf.get_width()) for y in range(surf.get_height()) if surf.get_at((x, y))[3])


def test_there_are_bundled_heroes_to_draw():
    assert len(HEROES) >= 12


@pytest.mark.parametrize("hero", HEROES, ids=lambda h: h.id)
def test_every_bundled_hero_draws_at_every_size_for_every_team(hero):
    for cell in CELLS:
        for team in range(4):
            img = sg.hero_sprite(hero, team, cell)
            assert img.get_size() == (sg.token_px(hero, cell),) * 2
            assert _painted(img) > img.get_width() * img.get_height() * 0.5      # a round token, mostly painted
        assert _bytes(sg.hero_sprite(hero, 0, cell, fainted=True)) != _bytes(sg.hero_sprite(hero, 0, cell))
        assert _bytes(sg.hero_sprite(hero, 0, cell, highlight=True)) != _bytes(sg.hero_sprite(hero, 0, cell))


def test_distinct_heroes_get_distinct_sprites():
    sprites = {h.id: _bytes(sg.hero_sprite(h, 0, 48)) for h in HEROES}
    assert len(set(sprites.values())) == len(HEROES)
    assert sg.distinct(HEROES)
    # and the looks differ in more than the pixels: no two bundled heroes share costume, head and emblem
    looks = [sg.hero_look(h) for h in HEROES]
    assert len({(lk.costume, lk.head, lk.emblem, lk.pose) for lk in looks}) == len(HEROES)


def test_the_same_hero_looks_the_same_whatever_its_seat_ring():
    h = HEROES[0]
    a, b = sg.hero_sprite(h, 0, 64), sg.hero_sprite(h, 1, 64)
    assert _bytes(a) != _bytes(b)
    # the ring is the seat's colour (seat 0: solid vermilion; the pattern of seat 1 mixes its colour in)
    w = a.get_width()
    ring = a.get_at((w // 2, round(w * 0.5 - w * 0.46 * 0.9)))
    assert _near(ring, PLAYER_COLOURS[0].rgb, 50), ring
    assert sg.hero_look(h) == sg.hero_look(dataclasses.replace(h))


def test_size_sets_the_tokens_size():
    base = HEROES[0]
    sizes = []
    for size in (1, 2, 4, 7, 9):
        h = dataclasses.replace(base, size=size)
        sizes.append(sg.token_px(h, 60))
        assert sg.hero_sprite(h, 0, 60).get_width() == sizes[-1]
    assert sizes == sorted(sizes) and sizes[0] < sizes[2] < sizes[3] == sizes[4] == 60
    assert sg.hero_scale(1) == pytest.approx(0.7) and sg.hero_scale(7) == 1.0


def test_powers_shape_the_figure_but_gizmos_and_uses_never_show():
    flier = Hero("t1", "T", str=3, dex=4, size=4, per=4,
                 powers=(Power("Zap", "shot", 4, 10), Power("Wings", "movement", 2, 5, movement=("flight",))))
    look = sg.hero_look(flier)
    assert look.cape and look.pose == "point" and look.emblem == "bolt"
    walker = dataclasses.replace(flier, powers=(Power("Zap", "shot", 4, 10), Power("Run", "movement", 2, 5,
                                                                                        movement=("speedy",))))
    assert not sg.hero_look(walker).cape
    assert _bytes(sg.hero_sprite(flier, 0, 48)) != _bytes(sg.hero_sprite(walker, 0, 48))
    # a hidden gizmo is a secret: the sprite is the same with it and without it (a gizmo makes a power
    # cheaper, so it must not sway which power is the signature either)
    for gizmo in ("hidden", "vulnerable"):
        secret = dataclasses.replace(flier, powers=(Power("Zap", "shot", 4, 10, gizmo=gizmo), flier.powers[1]))
        assert sg.hero_look(secret) == sg.hero_look(flier)
        assert _bytes(sg.hero_sprite(secret, 0, 48)) == _bytes(sg.hero_sprite(flier, 0, 48))
    wings = dataclasses.replace(flier, powers=(flier.powers[0], Power("Wings", "movement", 2, 5, movement=("flight",),
                                                                      gizmo="hidden")))
    assert sg.hero_look(wings) == sg.hero_look(flier)
    healer = dataclasses.replace(flier, powers=(Power("Mend", "healing", 6, None),))
    assert (sg.hero_look(healer).emblem, sg.hero_look(healer).pose) == ("cross", "open")


def test_a_duck_typed_hero_draws_too():
    h = SimpleNamespace(id="duck", name="Duck", str=4, dex=4, size=3, per=4,
                        powers=[SimpleNamespace(name="Quack", type="smash", level=3, styles=("area",), movement=())])
    look = sg.hero_look(h)
    assert look.emblem == "fist" and look.pose == "fists" and look.badge == "star"
    assert sg.hero_sprite(h, 2, 40).get_width() == sg.token_px(h, 40)


def test_the_oomph_bar_fills_by_the_oomph_left():
    def filled(surf):
        y = surf.get_height() // 2 + 1
        return sum(1 for x in range(1, surf.get_width() - 1) if not _near(surf.get_at((x, y)), SG_OOMPH_BACK, 6))
    full, half, empty = sg.oomph_bar(40, 40, 82, 8), sg.oomph_bar(20, 40, 82, 8), sg.oomph_bar(0, 40, 82, 8)
    inner = 80
    assert filled(full) >= inner - 8 and abs(filled(half) - inner // 2) <= 8 and filled(empty) <= 8
    assert _bytes(sg.oomph_bar(-5, 40, 82, 8)) == _bytes(empty) and _bytes(sg.oomph_bar(99, 40, 82, 8)) == _bytes(full)
    assert sg.oomph_colour(1.0) != sg.oomph_colour(0.1)          # green when full, red when nearly out
    assert sg.oomph_colour(1.0)[1] > sg.oomph_colour(1.0)[0] and sg.oomph_colour(0.0)[0] > sg.oomph_colour(0.0)[1]


def test_altitude_raises_the_token_over_its_shadow():
    h = HEROES[0]
    rects = []
    for alt in range(4):
        dst = pygame.Surface((200, 260), pygame.SRCALPHA)
        rects.append(sg.draw_hero(dst, h, 0, (100, 200), 48, altitude=alt, oomph=10, max_oomph=h.max_oomph))
    assert [r.centery for r in rects] == [200 - sg.rise_px(a, 48) for a in range(4)]
    assert rects[0].centery > rects[1].centery > rects[3].centery
    assert sg.ground_shadow(48, 3).get_width() < sg.ground_shadow(48, 0).get_width()
    badges = [_bytes(sg.altitude_badge(a, 16)) for a in range(1, 6)]
    assert len(set(badges)) == 5


def test_draw_hero_shows_oomph_and_entangle_and_hides_them_when_fainted():
    h = HEROES[1]

    def drawn(**kw):
        dst = pygame.Surface((160, 160), pygame.SRCALPHA)
        sg.draw_hero(dst, h, 1, (80, 90), 60, **kw)
        return _bytes(dst)
    plain = drawn()
    assert drawn(oomph=5, max_oomph=h.max_oomph) != plain
    assert drawn(entangled=3) != plain and drawn(entangled=3) != drawn(entangled=5)
    assert drawn(fainted=True, oomph=0, max_oomph=h.max_oomph, entangled=3) == drawn(fainted=True)


def test_the_segment_track_lights_the_current_segment_and_dots_each_heros_segments():
    rows = [sg.TrackRow("Quick", 0, (1, 2, 3, 4, 5, 6)), sg.TrackRow("Slow", 1, (1,)),
            ("Middling", 2, (1, 3, 5))]
    width, row_h = 300, 20
    track = sg.segment_track(rows, 3, width, row_h=row_h)
    name_w = max(40, int(width * 0.38))
    col_w = (width - name_w - 2) / 6
    head = row_h + 4
    assert track.get_height() == head + row_h * 3 + 2

    def cell(k, row):
        return track.get_at((round(name_w + (k - 0.5) * col_w), round(head + row * row_h + row_h / 2)))
    assert _near(track.get_at((round(name_w + 2.5 * col_w), 3)), SG_TRACK_LIT, 10)        # segment 3's header lit
    assert not _near(track.get_at((round(name_w + 0.5 * col_w), 3)), SG_TRACK_LIT, 60)    # segment 1's not
    for k in range(1, 7):
        assert _near(cell(k, 0), PLAYER_COLOURS[0].rgb, 20)
        assert _near(cell(k, 1), PLAYER_COLOURS[1].rgb, 20) == (k == 1)
        assert _near(cell(k, 2), PLAYER_COLOURS[2].rgb, 20) == (k in (1, 3, 5))
    nobody = sg.segment_track(rows, None, width, row_h=row_h)
    assert not _near(nobody.get_at((round(name_w + 2.5 * col_w), 3)), SG_TRACK_LIT, 60)


def test_every_marker_state_draws_and_each_differs():
    levels = [_bytes(sg.entangle_marker(lvl, 24)) for lvl in range(1, 9)]
    assert len(set(levels)) == 8 and _bytes(sg.entangle_marker(12, 24)) == levels[-1]
    gizmos = [_bytes(sg.gizmo_marker(st, 24)) for st in sg.GIZMO_STATES]
    assert len(set(gizmos)) == len(sg.GIZMO_STATES) == 4
    for size in (12, 20, 40):
        for st in sg.GIZMO_STATES:
            assert _painted(sg.gizmo_marker(st, size)) > 0
    with pytest.raises(ValueError, match="gizmo state 'lost' is not one of intact, hidden, noticed, destroyed"):
        sg.gizmo_marker("lost", 20)


@pytest.mark.parametrize("name", sg.FRAMES)
def test_each_animation_frame_draws_and_moves(name):
    img = sg.hero_sprite(HEROES[2], 0, 48)

    def frame(t, **kw):
        dst = pygame.Surface((300, 300), pygame.SRCALPHA)
        if name == "flight":
            sg.flight_frame(dst, img, (150, 200), 48, 0, 2, t)
        elif name == "fall":
            sg.fall_frame(dst, img, (150, 200), 48, 3, t)
        elif name == "shot":
            sg.shot_frame(dst, (20, 150), (280, 150), t, kind=kw.get("kind", "bolt"))
        elif name == "smash":
            sg.smash_frame(dst, (150, 150), t, 48)
        elif name == "area":
            sg.area_frame(dst, (150, 150), 48, kw.get("radius", 1), t, square=kw.get("square", False))
        elif name == "entangle":
            sg.entangle_frame(dst, (150, 150), 48, t, level=2)
        elif name == "faint":
            sg.faint_frame(dst, img, (150, 150), t)
        return dst
    middle = frame(0.5)
    assert _painted(middle) > 0
    assert _bytes(frame(0.25)) != _bytes(middle)
    for t in (-1, 0, 1, 2):          # out-of-range progress is clamped, never an error
        frame(t)
    if name == "area":
        assert _painted(frame(0.65, radius=2)) > _painted(frame(0.65, radius=1)) > 0
        assert _bytes(frame(0.5, square=True)) != _bytes(middle)
    if name == "shot":
        kinds = {_bytes(frame(0.6, kind=k)) for k in ("bolt", "missile", "entangling", "piercing")}
        assert len(kinds) == 4


def test_the_gallery_tool_draws_every_hero(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import supers_gallery
    finally:
        sys.path.remove(str(ROOT / "tools"))
    out = tmp_path / "gallery.png"
    assert supers_gallery.main(["--out", str(out)]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_width() > 1000 and picture.get_height() > 1000
    assert [h.id for h in supers_gallery.bundled_heroes()] == [h.id for h in HEROES]

