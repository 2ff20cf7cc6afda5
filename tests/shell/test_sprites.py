"""Procedural sprites (deathmatch/client/art, also reachable as deathmatch.client.sprites)."""

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")

from deathmatch.client import sprites  # noqa: E402
from deathmatch.rulesets.celebrity.cards import Card  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    yield


def _opaque(surf, threshold=1):
    return pygame.mask.from_surface(surf, threshold).count()


def _differs(a, b) -> bool:
    return pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def _card(card_id="newcomer", **sprite):
    return Card(id=card_id, name=card_id.title(), abilities=(), sprite=sprite)


def test_every_bundled_card_makes_a_model(library):
    assert len(library) >= 30
    for card in library.cards.values():
        for size in (48, 96):
            s = sprites.model_sprite(card, 0, size, 0)
            assert s.get_size() == (size, size), card.id
            # a solid figure on a solid base: well over a third of the square is painted
            assert _opaque(s, 200) > size * size * 0.35, card.id


def test_sprites_differ_between_cards(library):
    pics = {pygame.image.tobytes(sprites.model_sprite(c, 0, 64, 0), "RGBA") for c in library.cards.values()}
    assert len(pics) == len(library)


def test_facing_moves_the_notch(library):
    card = library["napoleon"]
    pics = [sprites.model_sprite(card, 1, 64, a) for a in (0, 60, 90, 180, 270)]
    for i in range(len(pics)):
        for j in range(i + 1, len(pics)):
            assert _differs(pics[i], pics[j])
    # the bright notch sits on the rim in the facing direction
    for angle, pic in ((0, pics[0]), (90, pics[2]), (180, pics[3]), (270, pics[4])):
        counts = {a: _notch_pixels(pic, a) for a in (0, 90, 180, 270)}
        assert max(counts, key=counts.get) == angle, counts


def _notch_pixels(surf, angle):
    """Arrow-coloured pixels near the rim in direction ``angle`` (degrees, CCW, 0 = right)."""
    import math

    size = surf.get_width()
    r = size * sprites.BASE_R
    cx, cy = size / 2, size / 2 - r * 0.04
    x0 = cx + math.cos(math.radians(angle)) * r * 0.95
    y0 = cy - math.sin(math.radians(angle)) * r * 0.95
    n = 0
    for y in range(int(y0 - r * 0.2), int(y0 + r * 0.2) + 1):
        for x in range(int(x0 - r * 0.2), int(x0 + r * 0.2) + 1):
            if 0 <= x < size and 0 <= y < size:
                c = surf.get_at((x, y))
                if c.a > 200 and c.r > 245 and c.g > 220 and 170 < c.b < 214:
                    n += 1
    return n


def test_cache_and_quantised_angles(library):
    card = library["musashi"]
    a = sprites.model_sprite(card, 2, 72, 30.0)
    assert sprites.model_sprite(card, 2, 72, 30.4) is a
    assert sprites.model_sprite(card, 2, 72, 390.0) is a
    assert sprites.model_sprite(card, 2, 72, 30.0, highlight=True) is not a
    assert _differs(sprites.model_sprite(card, 2, 72, 30.0, highlight=True), a)
    assert _differs(sprites.model_sprite(card, 3, 72, 30.0), a)


def test_same_card_same_picture(library):
    card = library["cleopatra"]
    again = Card(id=card.id, name=card.name, abilities=card.abilities, colour=card.colour,
                 sprite=dict(card.sprite), flavour=card.flavour, title=card.title)
    a = sprites.model_sprite(card, 0, 50, 120)
    b = sprites.model_sprite(again, 0, 50, 120)
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


@pytest.mark.parametrize("sprite", [
    {},
    {"hat": "mystery_hat", "weapon": "banana"},
    {"hat": "", "weapon": None, "body": "not a colour", "skin": "#12", "hair": 7},
    {"hat": "TOP_HAT", "weapon": "Spear", "body": "#zzzzzz"},
])
def test_unknown_hints_do_not_crash(sprite):
    card = _card("odd_one", **sprite)
    for size in (8, 48, 97):
        s = sprites.model_sprite(card, 12, size, 33.3)
        assert s.get_size() == (size, size)
        assert _opaque(s) > 0
    assert sprites.portrait(card, (80, 100)).get_size() == (80, 100)


def test_card_like_objects_without_fields():
    class Bare:
        id = "bare"
    s = sprites.model_sprite(Bare(), 0, 48, float("nan"))
    assert s.get_size() == (48, 48)
    assert sprites.portrait(Bare(), (40, 50)).get_size() == (40, 50)


def test_every_hat_and_weapon_draws():
    for hat in sprites.HATS:
        for weapon in sprites.WEAPONS:
            card = _card(f"x_{hat}_{weapon}", hat=hat, weapon=weapon)
            assert _opaque(sprites.model_sprite(card, 0, 48, 45)) > 0
    for hat in sprites.HATS:
        assert sprites.portrait(_card(f"p_{hat}", hat=hat), (60, 76)).get_size() == (60, 76)
    for weapon in sprites.WEAPONS:
        assert sprites.portrait(_card(f"w_{weapon}", weapon=weapon), (60, 76)).get_size() == (60, 76)


def test_hats_and_weapons_change_the_figure():
    base = sprites.model_sprite(_card("same", hat="none", weapon="none"), 0, 64, 0)
    for hat in sprites.HATS[1:]:
        assert _differs(sprites.model_sprite(_card("same", hat=hat, weapon="none"), 0, 64, 0), base), hat
    for weapon in sprites.WEAPONS[1:]:
        assert _differs(sprites.model_sprite(_card("same", hat="none", weapon=weapon), 0, 64, 0), base), weapon


def test_ten_player_colours_are_distinct():
    pcs = sprites.PLAYER_COLOURS
    assert len(pcs) == 10
    assert sorted(pc.number for pc in pcs) == list(range(1, 11))
    assert len({pc.pattern for pc in pcs}) == 10
    assert len({pc.name for pc in pcs}) == 10
    for i, a in enumerate(pcs):
        assert pcs[i].number == i + 1
        for b in pcs[i + 1:]:
            dist = sum((x - y) ** 2 for x, y in zip(a.rgb, b.rgb)) ** 0.5
            assert dist > 60, (a.name, b.name)
    assert sprites.player_colour(0) is pcs[0]
    assert sprites.player_colour(13) is pcs[3]


def test_player_bases_differ_in_greyscale():
    """The patterns and numbers tell the players apart without colour."""
    card = _card("plain", hat="none", weapon="none")
    greys = []
    for pl in range(10):
        s = sprites.model_sprite(card, pl, 64, 0).copy()
        greys.append(pygame.image.tobytes(pygame.transform.grayscale(s), "RGBA"))
    assert len(set(greys)) == 10
    deads = {pygame.image.tobytes(pygame.transform.grayscale(sprites.dead_marker(pl, 48)), "RGBA")
             for pl in range(10)}
    assert len(deads) == 10


def test_portrait_sizes(library):
    for card in list(library.cards.values())[:8]:
        for size in ((96, 120), (200, 160), (64, 64)):
            p = sprites.portrait(card, size)
            assert p.get_size() == size
            assert _opaque(p, 250) > size[0] * size[1] * 0.9


def test_beasts():
    for kind in ("lion", "bear", "wolf", "", "Kraken"):
        for size in (48, 80):
            b = sprites.beast_sprite(kind, size, 45)
            assert b.get_size() == (size, size)
            assert _opaque(b) > size * size * 0.3
    assert _differs(sprites.beast_sprite("lion", 64), sprites.beast_sprite("bear", 64))
    assert _differs(sprites.beast_sprite("lion", 64, 0), sprites.beast_sprite("lion", 64, 90))


def test_loot_and_dead_markers():
    for size in (32, 48, 96):
        loot = sprites.loot_sprite(size)
        assert loot.get_size() == (size, size)
        assert _opaque(loot) > size * size * 0.2
        for pl in range(10):
            d = sprites.dead_marker(pl, size)
            assert d.get_size() == (size, size)
            assert _opaque(d) > size * size * 0.4
    assert _differs(sprites.dead_marker(0, 48), sprites.dead_marker(1, 48))


def test_no_display_needed(library):
    """Without a display mode the sprites are still made (no convert_alpha)."""
    import subprocess
    import sys

    from conftest import ROOT

    code = (
        "import os\n"
        "os.environ['SDL_VIDEODRIVER'] = 'dummy'\n"
        "import pygame\n"
        "from deathmatch.client import sprites\n"
        "from deathmatch.rulesets.celebrity import load_default_cards\n"
        "c = load_default_cards()['napoleon']\n"
        "print(sprites.model_sprite(c, 0, 48, 0).get_size(), sprites.portrait(c, (50, 60)).get_size(),\n"
        "      sprites.beast_sprite('lion', 40).get_size(), sprites.loot_sprite(30).get_size(),\n"
        "      sprites.dead_marker(3, 30).get_size())\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "(48, 48) (50, 60) (40, 40) (30, 30) (30, 30)"
