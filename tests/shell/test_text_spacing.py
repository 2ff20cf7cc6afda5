"""Text reads cleanly at every size: the space between two words is always wider than any gap inside
a word, and no space is lost. pygame's own Font (SDL_ttf with HarfBuzz) placed hinted letters at
rounded kerned positions, so at the sizes a 1024×600 or 1280×720 window uses it split words ("Cleopa
tra", "a ttacks") and swallowed spaces ("one4", "Pick upthe markerinthe centre"); the screens' font
(`client.safetext.EvenFont`) does not. Also: no text is drawn smaller than `ui.MIN_TEXT`."""

import pygame
import pytest

from deathmatch.client import ui
from deathmatch.client.safetext import EvenFont, SafeFont

LINES = ["Cleopatra VII attacks Genghis Khan", "Pick up the marker in the centre", "rolls one 4 and one 6",
         "Shaka kaSenzangakhona activation", "Five Spare Horses (action plus): then face any direction",
         "Wilhelmina Gray: the attack fails"]
SCALES = [0.8, 1.0, 1.5]
"""ui_scale at 1024×600, 1280×720 and 1920×1080."""
BODY = [13, 16, 18, 22]
"""Body text sizes before the scale (the log, the card text, prompts)."""


def gaps(f, line: str) -> tuple[list[int], list[int]]:
    """(the empty columns between each two words, the longest run of empty columns inside each word)
    of `line` drawn by font `f`."""
    img = f.render(line, True, (255, 255, 255))
    w, h = img.get_size()
    inked = [any(img.get_at((x, y)).a > 40 for y in range(h)) for x in range(w)]
    between, inside = [], []
    start = 0
    words = line.split(" ")
    for i, word in enumerate(words):
        left = f.size(" ".join(words[:i]) + (" " if i else ""))[0]
        right = f.size(" ".join(words[:i + 1]))[0]
        cols = inked[left:right]
        ink = [x for x, on in enumerate(cols) if on]
        if not ink:
            continue
        run = longest = 0
        for on in cols[ink[0]:ink[-1] + 1]:
            run = 0 if on else run + 1
            longest = max(longest, run)
        inside.append(longest)
        if i:
            before = max((x for x in range(start, left) if inked[x]), default=start)
            between.append(left + ink[0] - before - 1)
        start = left + ink[-1]
    return between, inside


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("body", BODY)
def test_words_are_spaced_and_never_split(scale, body, bold):
    pygame.font.init()
    f = ui.font(int(body * scale), bold)
    assert isinstance(f, EvenFont)
    for line in LINES:
        between, inside = gaps(f, line)
        assert len(between) == line.count(" ")
        assert evenly_spaced(between, inside), (line, between, inside)


def evenly_spaced(between, inside) -> bool:
    """A space is never lost (2 px at least), no gap inside a word is wider than the narrowest space,
    and on the whole the words stand well apart from their letters."""
    return min(between) >= 2 and max(inside) <= min(between) and max(inside) * 1.5 <= sum(between) / len(between)


def test_the_old_font_failed_this(scale=1.0):
    """The check sees the fault it is for: pygame's own Font splits or joins words at these sizes."""
    pygame.font.init()
    bad = 0
    for body in BODY:
        for s in SCALES:
            f = SafeFont(None, max(ui.MIN_TEXT, int(body * s)))
            for line in LINES:
                bad += not evenly_spaced(*gaps(f, line))
    assert bad >= 10


def test_the_evenly_spaced_font_measures_what_it_draws():
    pygame.font.init()
    for size in (12, 16, 22, 44):
        for bold in (False, True):
            f = ui.font(size, bold)
            for line in LINES + ["", "x", "  two  spaces ", "jÄÉ gyp"]:
                img = f.render(line, True, (0, 0, 0))
                assert img.get_width() >= f.size(line)[0] - 1
                assert img.get_height() >= f.get_height()
                ink = img.get_bounding_rect()
                assert ink.w == 0 or (ink.left >= 0 and ink.right <= img.get_width())


@pytest.mark.parametrize("asked", [1, 6, 8, 9, 11, 12, 13, 20])
def test_no_text_is_drawn_below_the_smallest_size(asked):
    pygame.font.init()
    least = ui.font(ui.MIN_TEXT)
    f = ui.font(asked)
    assert f.point_size >= least.point_size and f.get_height() >= least.get_height()
    long_words = "A sentence far too long for the little box it is given to sit in"
    assert ui.fit_size(long_words, asked, 60, 12, min_size=6) >= ui.MIN_TEXT
    assert ui.fit_line(long_words, asked, 50, min_size=5)[1] >= ui.MIN_TEXT
    assert ui.fit_line(long_words, asked, 50, min_size=5, ellipsize=True)[1] >= ui.MIN_TEXT
    assert ui.text("Cleopatra", asked).get_height() >= least.get_height()


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("scale", SCALES)
def test_wrapped_lines_measure_as_they_draw(scale, bold):
    """A wrap measures each line word after word (the font keeps what it measured and adds the next
    word): every line so measured is as wide as a fresh font finds it and as it draws, fits its
    width, and reads evenly spaced."""
    pygame.font.init()
    size = int(16 * scale)
    width = int(240 * scale)
    paragraph = " ".join(LINES) + " Action+: at the start of this model's activation, take 1 VP from the player."
    lines = ui.wrap(paragraph, size, width, bold)
    assert len(lines) >= 3
    fresh = EvenFont(None, size)
    fresh.set_bold(bold)
    for line in lines:
        measured = ui.font(size, bold).size(line)[0]
        assert measured == fresh.size(line)[0] == fresh.render(line, True, (0, 0, 0)).get_width()
        assert measured + 2 <= width or " " not in line
        if " " in line:
            assert evenly_spaced(*gaps(ui.font(size, bold), line)), line
