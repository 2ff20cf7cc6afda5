"""Nothing is cut off: every screen (tools/screens_tour.py's SCREENS) drawn at 1024×600, 1280×720 and
1920×1080, with every text written down (deathmatch.client.ui.recording), fails on text that

- leaves its box (the box its helper was given, or the clip area, or the window),
- crosses the edge of a panel, button or colour swatch (under it or over it),
- sits on other text of the same screen,
- or is a card name shown cut short.

Set DEATHMATCH_LAYOUT_PNG=/some/folder to also get the screenshots.
"""

import os
import sys
from pathlib import Path

import pygame
import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from deathmatch.client import ui  # noqa: E402
from screens_tour import SCREENS, SIZES, draw_at, fresh_app  # noqa: E402

SLACK = 1
"""Pixels of ink a text may stray (antialiasing of the shadow)."""


def problems_in(records, panels) -> list[str]:
    out = []
    for r in records:
        if not r.box.inflate(2 * SLACK, 2 * SLACK).contains(r.ink):
            out.append(f"{r.owner}: {r.words!r} at {tuple(r.ink)} leaves its box {tuple(r.box)}")
    for r in records:
        for rect, owner, _ in panels:
            if owner != r.owner:
                continue
            inner = rect.inflate(-2 * SLACK, -2 * SLACK)
            if inner.colliderect(r.ink) and not rect.contains(r.ink) and not r.ink.contains(rect):
                out.append(f"{r.owner}: {r.words!r} at {tuple(r.ink)} crosses the edge of the panel {tuple(rect)}")
                break
    for i, a in enumerate(records):
        for b in records[i + 1:]:
            if a.owner == b.owner and a.ink.inflate(-2 * SLACK, -2 * SLACK).colliderect(b.ink.inflate(-2 * SLACK, -2 * SLACK)):
                if a.words == b.words and a.ink == b.ink:
                    continue  # drawn twice in the same place (a redraw), not two texts
                out.append(f"{a.owner}: {a.words!r} {tuple(a.ink)} overlaps {b.words!r} {tuple(b.ink)}")
    return out


@pytest.fixture(scope="module")
def card_names():
    from deathmatch.rulesets.celebrity import load_default_cards

    return {c.name for c in load_default_cards().cards.values()} | \
        {c.name.split(",")[0] for c in load_default_cards().cards.values()}


@pytest.fixture
def filled_rects_are_panels(monkeypatch):
    """A filled `pygame.draw.rect` (a colour swatch, a bar) counts as a panel: text may sit wholly on it, not half."""
    draw_rect = pygame.draw.rect

    def rect(surface, colour, r, width=0, *args, **kw):
        done = draw_rect(surface, colour, r, width, *args, **kw)
        if width == 0 and isinstance(surface, ui.RecordingSurface):
            surface.panels.append((pygame.Rect(r).clip(surface.get_clip()), surface.owner, len(surface.records)))
        return done

    monkeypatch.setattr(pygame.draw, "rect", rect)


@pytest.mark.parametrize("name", list(SCREENS))
def test_no_text_is_cut_off(name, card_names, filled_rects_are_panels):
    app = fresh_app()
    prepare = SCREENS[name](app)
    found = []
    shots = os.environ.get("DEATHMATCH_LAYOUT_PNG")
    for size in SIZES:
        with ui.recording() as records:
            surface = draw_at(app, size, ui.RecordingSurface(size, records), prepare)
        assert records, f"{name} at {size}: nothing was drawn"
        for p in problems_in(records, surface.panels):
            found.append(f"{size[0]}x{size[1]} {p}")
        for r in records:
            last = r.words[:-1].rstrip().split(",")[-1].strip()  # the words the "…" cut
            if r.words.endswith("…") and any(n.startswith(last) and n != last for n in card_names):
                found.append(f"{size[0]}x{size[1]} {r.owner}: a card name cut short: {r.words!r}")
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            pygame.image.save(surface, Path(shots) / f"{name}_{size[0]}x{size[1]}.png")
    assert not found, f"{name}: {len(found)} problems\n" + "\n".join(found[:40])


def test_the_check_sees_text_outside_its_box():
    """The hook itself: text past its box, across a panel edge, on other text, are all found."""
    with ui.recording() as records:
        surface = ui.RecordingSurface((400, 200), records)
        surface.owner = "probe"
        box = pygame.Rect(10, 10, 60, 30)
        ui.draw_text_block(surface, "a sentence far too long for its box", box.topleft, 20, 1000, box=box)
        ui.panel(surface, pygame.Rect(100, 100, 50, 40))
        surface.blit(ui.text("across the edge", 20), (110, 110))
        surface.blit(ui.text("one", 20), (300, 20))
        surface.blit(ui.text("two", 20), (305, 22))
        ui.draw_label(surface, "fits", pygame.Rect(200, 150, 100, 30), 20)
    found = problems_in(records, surface.panels)
    assert any("far too long" in p and "leaves its box" in p for p in found)
    assert any("across the edge" in p and "crosses the edge" in p for p in found)
    assert any("'one'" in p and "overlaps" in p for p in found)
    assert not any("fits" in p for p in found)


def test_labels_shrink_before_they_are_cut_and_names_are_never_cut():
    pygame.font.init()
    words, size = ui.fit_line("Then We Fight in the Shade", 20, 150)
    assert words == "Then We Fight in the Shade" and size < 20 and ui.font(size).size(words)[0] <= 150
    cut, _ = ui.fit_line("Then We Fight in the Shade", 20, 60, ellipsize=True)
    assert cut.endswith("…") and ui.font(14).size(cut)[0] <= 60
    whole, _ = ui.fit_line("Then We Fight in the Shade", 20, 60)
    assert whole == "Then We Fight in the Shade"  # not allowed to cut: it stays whole (and the layout test sees it)


@pytest.mark.parametrize("desktop", [(1024, 600), (1024, 768), (1280, 720), (1280, 800), (1366, 768), (1440, 900),
                                     (1920, 1080), (3840, 2160), (800, 480)])
def test_the_first_window_fits_the_desktop(desktop):
    from deathmatch.scenes.app import DESKTOP_MARGIN, MIN_SIZE, window_plan

    (w, h), whole_screen = window_plan(desktop)
    if whole_screen:  # too small for a window with a title bar: the game takes the screen, exactly
        assert (w, h) == desktop and (desktop[0] < MIN_SIZE[0] + DESKTOP_MARGIN[0] or desktop[1] < MIN_SIZE[1] + DESKTOP_MARGIN[1])
    else:
        assert w + DESKTOP_MARGIN[0] <= desktop[0] and h + DESKTOP_MARGIN[1] <= desktop[1]
        assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1] and (w, h) <= (1280, 720)


def test_a_1024x600_netbook_gets_the_whole_screen_and_a_big_desktop_1280x720():
    from deathmatch.scenes.app import window_plan

    assert window_plan((1024, 600)) == ((1024, 600), True)
    assert window_plan((1920, 1080)) == ((1280, 720), False)
    assert window_plan((1366, 768)) == ((1152, 648), False)
    assert window_plan(None) == ((1024, 600), False)  # the desktop size is not known


def test_the_settings_window_size_is_used_only_where_it_fits():
    from deathmatch.launch import first_window
    from deathmatch.settings import Settings

    default = Settings()
    assert first_window(default, (1024, 600)) == ((1024, 600), True)  # the default size is not a choice
    assert first_window(default, (1920, 1080)) == ((1280, 720), False)
    assert first_window(Settings(width=1600, height=900), (1920, 1080)) == ((1600, 900), False)
    assert first_window(Settings(width=1920, height=1080), (1366, 768)) == ((1152, 648), False)  # too big here
    assert first_window(Settings(fullscreen=True), (1920, 1080)) == ((1280, 720), True)
    assert first_window(default, (1920, 1080), size=(1024, 600), fullscreen=False) == ((1024, 600), False)
