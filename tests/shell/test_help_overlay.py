"""F1's controls overlay fits its panel, and its panel the window, at every size the game is played at —
whatever the list: Celebrity's, Superhero's (long lines), or a longer one (another table's keys added)."""

import pygame
import pytest

from deathmatch.client import ui
from deathmatch.scenes.help import CONTROLS, HelpOverlay, fit_help
from deathmatch.scenes.supers.table import CONTROLS as SUPERS

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
LONG = CONTROLS + [("Keyboard, again", "")] + [
    (f"Ctrl+Shift+{k}", "a very long description of what this key does, long enough to need two lines at "
                        "the smallest window the game opens, and then some more words")
    for k in "UOPQ"]


class _App:
    def __init__(self, scale):
        self.ui_scale = scale


def _drawn(controls, size, scale):
    overlay = HelpOverlay.__new__(HelpOverlay)
    overlay.app = _App(scale)
    overlay.controls = list(controls)
    with ui.recording() as records:
        surface = ui.RecordingSurface(size, records)
        overlay.draw(surface)
    return records, fit_help(overlay.controls, size, scale)


@pytest.mark.parametrize("controls", [CONTROLS, SUPERS, LONG], ids=["celebrity", "supers", "long"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_word_of_f1_stays_inside_its_panel(controls, size):
    pygame.init()
    scale = min(size[0] / 1280, size[1] / 720)
    records, fit = _drawn(controls, size, scale)
    window = pygame.Rect((0, 0), size)
    assert window.contains(fit.rect)
    words = {r.words for r in records}
    assert "Controls" in words
    for key, what in controls:  # every row is there, its first word at least
        assert any(key.split()[0] in w for w in words), key
    for r in records:
        assert fit.rect.contains(r.ink), f"{r.words!r} at {tuple(r.ink)} runs past the panel {tuple(fit.rect)}"


def test_a_long_list_shrinks_its_font_rather_than_run_off_the_window():
    pygame.init()
    small = fit_help(LONG, (1024, 600), 0.83)
    big = fit_help(CONTROLS, (1920, 1080), 1.5)
    assert small.size < big.size
    assert small.rect.h <= 600 - 16
