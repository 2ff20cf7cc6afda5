"""Settings offers only window sizes that fit the desktop (a 2560×1440 window on a 1920×1080 screen
put the Back button out of reach), the small ones included."""

import sys

import pygame

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from screens_tour import fresh_app  # noqa: E402

from deathmatch.scenes import app as app_module  # noqa: E402
from deathmatch.scenes.settings import SettingsScene, window_sizes  # noqa: E402


def fits(size, desktop) -> bool:
    mx, my = app_module.DESKTOP_MARGIN
    return size[0] <= desktop[0] - mx and size[1] <= desktop[1] - my


def test_only_sizes_that_fit_the_desktop():
    assert window_sizes((1920, 1080)) == window_sizes((1920, 1080), app_module.DESKTOP_MARGIN)
    for desktop in ((1920, 1080), (1366, 768), (2560, 1440), (3840, 2160), (1280, 800)):
        sizes = window_sizes(desktop, app_module.DESKTOP_MARGIN)
        assert sizes and all(fits(s, desktop) for s in sizes), (desktop, sizes)
        assert (1024, 600) in sizes
    assert (2560, 1440) not in window_sizes((1920, 1080))
    assert {(1024, 600), (1280, 720), (1600, 900)} <= set(window_sizes((1920, 1080)))
    assert (2560, 1440) in window_sizes((3840, 2160))
    assert window_sizes((800, 480)) == [(1024, 600)]  # too small for any: the smallest (F11 goes fullscreen)


def test_the_window_button_cycles_through_what_fits(monkeypatch):
    desktop = (1920, 1080)
    monkeypatch.setattr(app_module, "desktop_size", lambda: desktop)
    app = fresh_app((1024, 600))
    scene = SettingsScene(app)
    app.push(scene)
    seen = []
    for _ in range(8):
        button = next(b for b in scene.buttons if b.label.startswith("Window"))
        button.action()
        seen.append(app.size)
        assert fits(app.size, desktop), app.size
        back = next(b for b in scene.buttons if b.label.startswith("Back"))
        assert pygame.Rect((0, 0), app.size).contains(back.rect)
    assert set(seen) == set(window_sizes(desktop))
    assert (1280, 720) in seen and (1024, 600) in seen
