"""A window resize fits the board again, on all four games' tables: the VIDEORESIZE event the
window manager sends (a drag of the window's edge, a maximise) lays the table out afresh and the
whole board shows, as large as its new rectangle allows."""

import sys

import pygame
import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from screens_tour import SCREENS, fresh_app  # noqa: E402

TABLES = {"celebrity": "battle_window", "skirmish": "skirmish_pick", "gladiator": "gladiator_orders",
          "supers": "supers_move"}


def table_of(app):
    return next(s for s in reversed(app.stack.scenes) if hasattr(s, "board_rect"))


def picture(table) -> pygame.Rect:
    """Where the whole board stands on the screen."""
    camera = getattr(table, "camera", None)
    if camera is not None:  # Celebrity's arena, seen through a camera
        x0, y0 = camera.world_to_screen(0, 0)
        x1, y1 = camera.world_to_screen(*camera.world_size)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))
    return pygame.Rect(table.board.rect)


def filled(rect: pygame.Rect, room: pygame.Rect) -> float:
    """How much of `room` the board uses along its tighter side."""
    return max(rect.w / room.w, rect.h / room.h)


def resize(app, size) -> None:
    """What a window manager does: the window already has its new size when the event comes."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


@pytest.mark.parametrize("game", list(TABLES))
def test_a_resized_window_fits_the_board_again(game):
    app = fresh_app((1024, 600))
    SCREENS[TABLES[game]](app)
    table = table_of(app)
    small = picture(table)
    assert table.board_rect.contains(small) and filled(small, table.board_rect) > 0.75
    for size in ((1920, 1080), (1280, 720), (1024, 600)):
        before = picture(table)
        resize(app, size)
        assert app.size == size
        now = picture(table)
        assert table.board_rect.contains(now), (size, now, table.board_rect)
        assert filled(now, table.board_rect) > 0.75, (size, now, table.board_rect)
        if size == (1920, 1080):
            assert now.w > before.w * 1.4 and now.h > before.h * 1.4
    assert abs(picture(table).w - small.w) <= 2  # back to the first size: the same picture


def test_a_zoomed_map_keeps_its_part_in_view_on_resize():
    """A Celebrity arena the player zoomed into is not thrown back to the whole map: the same
    point stays in the middle, the zoom grows with the window."""
    app = fresh_app((1024, 600))
    SCREENS[TABLES["celebrity"]](app)
    table = table_of(app)
    cam = table.camera
    cam.zoom_at(1.5, table.board_rect.center)
    centre = cam.screen_to_world(*table.board_rect.center)
    zoom = cam.zoom
    resize(app, (1920, 1080))
    assert not cam.fitted and cam.zoom > zoom * 1.5
    x, y = cam.screen_to_world(*table.board_rect.center)
    assert abs(x - centre[0]) < 2 and abs(y - centre[1]) < 2
