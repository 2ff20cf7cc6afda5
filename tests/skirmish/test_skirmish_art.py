"""Chessboard Skirmish's miniatures (deathmatch/client/art/skirmish.py): each a die of its real shape in
its player's colour, with its weapon, armour pips, hero crown and carried banner; the three states."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.client.art import skirmish as art  # noqa: E402
from deathmatch.client.art.palette import PLAYER_COLOURS  # noqa: E402


def _mask_count(surf) -> int:
    return pygame.mask.from_surface(surf, 128).count()


def _pixels(surf) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def test_every_die_has_its_own_outline():
    shapes = {d: art.die_outline(d) for d in art.DIE_SIDES}
    assert [len(shapes[d]) for d in art.DIE_SIDES] == [3, 4, 4, 4, 5, 6]
    # d8 (diamond) and d10 (kite) both have four corners but not the same: the kite's sides sit low
    assert shapes[8] != shapes[10]
    assert shapes[10][1][1] > 0.2 and shapes[8][1][1] == 0.0
    with pytest.raises(ValueError, match="d4, d6"):
        art.die_outline(7)


@pytest.mark.parametrize("size", [24, 48, 96])
def test_a_sprite_is_its_size_and_every_kind_looks_different(size):
    seen = {}
    for die, weapon, armour, hero in art.gallery_kinds():
        s = art.miniature_sprite(die, weapon, 0, size, armour=armour, hero=hero)
        assert s.get_size() == (size, size)
        seen[_pixels(s)] = (die, weapon, armour, hero)
    assert len(seen) == len(art.gallery_kinds())


def test_the_die_is_drawn_in_its_players_colour():
    s = art.miniature_sprite(6, "melee", 1, 64)
    centre_ring = [s.get_at((x, 20)) for x in range(22, 42)]  # the square's upper face
    rgb = PLAYER_COLOURS[1].rgb
    near = [c for c in centre_ring if sum(abs(c[i] - rgb[i]) for i in range(3)) < 90]
    assert len(near) >= 5
    other = art.miniature_sprite(6, "melee", 0, 64)
    assert _pixels(other) != _pixels(s)


def test_armour_pips_and_the_crown_add_ink():
    bare = art.miniature_sprite(8, "melee", 0, 64)
    pips = [art.miniature_sprite(8, "melee", 0, 64, armour=a) for a in (1, 2, 3)]
    counts = [_mask_count(bare)] + [_mask_count(p) for p in pips]
    assert counts == sorted(counts) and len(set(counts)) == 4  # one more pip, more drawn
    assert _mask_count(art.miniature_sprite(8, "melee", 0, 64, hero=True)) > counts[0]
    assert _mask_count(art.miniature_sprite(8, "melee", 0, 64, carrying=True)) > counts[0]
    # past the pips one can count: one pip and the number
    many = art.miniature_sprite(8, "melee", 0, 64, armour=9)
    assert _pixels(many) != _pixels(art.miniature_sprite(8, "melee", 0, 64, armour=8))


def _mean_colour(sprite):
    seen = [c for c in (sprite.get_at((x, y)) for x in range(64) for y in range(64)) if c[3] > 100]
    return [sum(c[k] for c in seen) / len(seen) for k in range(3)]


def test_acted_is_greyed_but_still_shows_whose_and_selected_has_a_halo():
    ready = art.miniature_sprite(10, "bow", 0, 64, armour=1, hero=True)
    acted = art.miniature_sprite(10, "bow", 0, 64, armour=1, hero=True, state="acted")

    def chroma(sprite):
        return max(max(c[:3]) - min(c[:3]) for c in (sprite.get_at((x, y)) for x in range(64) for y in range(64))
                   if c[3] > 0)

    assert chroma(ready) > 100
    assert chroma(acted) < chroma(ready) / 2  # greyed
    # a hint of the player's colour is left: Vermilion's acted miniature is warm, Sky Blue's cool
    red = _mean_colour(acted)
    blue = _mean_colour(art.miniature_sprite(10, "bow", 1, 64, armour=1, hero=True, state="acted"))
    assert red[0] > red[2] + 15 and blue[2] > blue[0] + 15
    selected = art.miniature_sprite(10, "bow", 0, 64, armour=1, hero=True, state="selected")
    assert _mask_count(selected) > _mask_count(ready)
    with pytest.raises(ValueError, match="state"):
        art.miniature_sprite(10, "bow", 0, 64, state="asleep")


def test_bad_values_are_refused_by_name():
    with pytest.raises(ValueError, match="sides"):
        art.miniature_sprite(7, "melee", 0, 32)
    with pytest.raises(ValueError, match="sling"):
        art.miniature_sprite(6, "sling", 0, 32)


def test_sprites_are_cached_and_dice_show_their_text():
    assert art.miniature_sprite(12, "gun", 3, 40) is art.miniature_sprite(12, "gun", 3, 40)
    five = art.die_sprite(6, 48, None, "5")
    six = art.die_sprite(6, 48, None, "6")
    assert five.get_size() == (48, 48) and _pixels(five) != _pixels(six)
    assert art.marker_sprite(40).get_size() == (40, 40) and _mask_count(art.marker_sprite(40)) > 200
