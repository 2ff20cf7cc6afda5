"""`ui.shortened` cuts a text with … to fit a width: the same cut as trimming a letter at a time (the old way), found
by halving, so a hostile 10,000-letter name on the hand-off's recap no longer renders 10,000 times."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.client import ui  # noqa: E402


def letter_by_letter(words, size, width, bold=False):
    img = ui.text(words, size, ui.INK, bold)
    while img.get_width() > width and len(words) > 1:
        words = words[:-1]
        img = ui.text(words.rstrip() + "…", size, ui.INK, bold)
    return words.rstrip() + "…" if img is not ui.text(words, size, ui.INK, bold) else words


@pytest.mark.parametrize("words", ["Cleopatra VII plays Pearl in Vinegar (+1 VP)", "Ada Lovelace moves 2 hexes",
                                   "x" * 300, "A bout is one gladiator against another, or against a lion."])
@pytest.mark.parametrize("size,width,bold", [(12, 120, False), (16, 200, True), (22, 90, False), (30, 400, True)])
def test_the_cut_is_the_longest_that_fits(words, size, width, bold):
    pygame.font.init()
    img = ui.shortened(words, size, width, ui.INK, bold)
    assert img.get_width() <= width or len(words) <= 1
    assert img is ui.text(letter_by_letter(words, size, width, bold), size, ui.INK, bold)


def test_a_text_that_fits_is_left_whole_and_a_huge_one_is_cut_to_fit(monkeypatch):
    pygame.font.init()
    assert ui.shortened("short", 16, 500) is ui.text("short", 16, ui.INK, False)
    calls = []
    real = ui.text.__wrapped__

    def counting(*a, **k):
        calls.append(a[0])
        return real(*a, **k)

    monkeypatch.setattr(ui, "text", counting)  # count the renders: the old way made one per letter cut
    img = ui.shortened("A" * 10_000, 16, 400)
    assert img.get_width() <= 400
    assert len(calls) <= 2
