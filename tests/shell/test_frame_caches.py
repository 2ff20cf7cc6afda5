"""The frame-time savings draw the same pixels as before (benchmarks/frames.py measures the time).

`Overlay` (a table's highlight layer kept between frames, only its drawn part blitted) against a new
window-sized layer blitted whole each frame, as the tables drew before; and the X11 framebuffer
setting `App` makes (shared memory, not an OpenGL texture), which a player's own setting overrides.
"""

import os
import random

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.client.ui import Overlay  # noqa: E402

SIZE = (320, 200)


def window(seed: int) -> pygame.Surface:
    """An opaque window-format surface of speckled colours (every blend shows)."""
    pygame.display.init()
    screen = pygame.display.set_mode(SIZE)
    surf = pygame.Surface(SIZE, 0, screen)
    rng = random.Random(seed)
    for y in range(0, SIZE[1], 2):
        for x in range(0, SIZE[0], 3):
            surf.set_at((x, y), (rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    return surf


FRAMES = [
    # (drawing calls of one frame: (function name, colour, args))
    [("polygon", (200, 60, 40, 70), ([(20, 20), (90, 30), (60, 110)],)),
     ("polygon", (200, 60, 40, 220), ([(20, 20), (90, 30), (60, 110)], 3)),
     ("circle", (30, 200, 90, 255), ((250, 150), 12))],
    [("rect", (40, 90, 220, 120), (pygame.Rect(150, 40, 60, 50),)),
     ("line", (255, 255, 255, 200), ((10, 190), (300, 120), 4))],
    [],  # a frame with nothing highlighted
    [("rect", (40, 90, 220, 255), (pygame.Rect(-20, -10, 60, 40), 2))],  # partly off the window
]


def draw(layer, calls, mark=lambda r: r) -> None:
    for name, colour, args in calls:
        mark(getattr(pygame.draw, name)(layer, colour, *args))


def test_the_kept_layer_draws_what_a_new_layer_each_frame_drew():
    overlay = Overlay()
    for n, calls in enumerate(FRAMES):
        before, after = window(n), window(n)
        fresh = pygame.Surface(SIZE, pygame.SRCALPHA)  # the tables' way before: a new layer, blitted whole
        draw(fresh, calls)
        before.blit(fresh, (0, 0))
        overlay.begin(SIZE)
        draw(overlay.layer, calls, overlay.mark)
        overlay.blit(after)
        assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB"), f"frame {n}"
        # what the last frame drew is gone from the kept layer
        assert pygame.image.tobytes(overlay.layer, "RGBA") == pygame.image.tobytes(fresh, "RGBA"), f"frame {n}"


def test_a_frame_with_nothing_drawn_leaves_the_window_untouched():
    overlay = Overlay()
    overlay.begin(SIZE)
    w = window(7)
    was = pygame.image.tobytes(w, "RGB")
    overlay.blit(w)
    assert pygame.image.tobytes(w, "RGB") == was


def test_a_new_window_size_gives_a_new_layer():
    overlay = Overlay()
    overlay.begin(SIZE)
    draw(overlay.layer, FRAMES[0], overlay.mark)
    overlay.begin((200, 100))
    assert overlay.layer.get_size() == (200, 100) and overlay.drawn == []
    assert overlay.layer.get_bounding_rect().size == (0, 0)


@pytest.mark.parametrize("player_setting, expected", [(None, "0"), ("1", "1")])
def test_x11_shows_the_window_through_shared_memory_unless_the_player_says(monkeypatch, player_setting, expected):
    from deathmatch.scenes.app import App

    if player_setting is None:
        monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    else:
        monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", player_setting)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    App((1024, 600))
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == expected


def test_other_video_drivers_are_left_alone(monkeypatch):
    from deathmatch.scenes.app import App

    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    App((1024, 600))
    assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
