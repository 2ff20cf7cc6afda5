"""What the app says it is: its window's icon."""

import pygame
import pytest
from conftest import ROOT

ICON = ROOT / "assets" / "icon" / "deathmatch.png"


def test_the_window_gets_the_games_icon_before_it_opens(monkeypatch):
    from deathmatch.client import launch
    from deathmatch.scenes.app import App

    calls = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: calls.append(("icon", surface)))
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda *a, **k: calls.append(("window", None)) or real_set_mode(*a, **k))
    monkeypatch.setattr(App, "run", lambda self, max_frames=None: calls.append(("run", None)))
    assert launch.main_window(size=(1024, 600), fullscreen=False) == 0
    kinds = [kind for kind, _ in calls]
    assert kinds.count("icon") == 1 and kinds.index("icon") < kinds.index("window") < kinds.index("run")
    icon = next(surface for kind, surface in calls if kind == "icon")
    expected = pygame.image.load(ICON)
    assert icon.get_size() == expected.get_size() == (256, 256)
    assert pygame.image.tobytes(icon, "RGBA") == pygame.image.tobytes(expected, "RGBA")
