"""A button's hint (its tooltip) never covers the prompt it explains nor the buttons: it stands over
the board, above the bar, on every table and at every window size."""

import sys

import pygame
import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from deathmatch.client import ui  # noqa: E402
from screens_tour import SCREENS, SIZES, draw_at, fresh_app  # noqa: E402

HINTED = ["battle_action_attila", "skirmish_reroll", "gladiator_reroll", "supers_move"]


def table_of(app):
    return next(s for s in reversed(app.stack.scenes) if hasattr(s, "bar_rect"))


@pytest.mark.parametrize("name", HINTED)
def test_the_hint_stays_off_the_prompt_and_the_buttons(name):
    app = fresh_app()
    SCREENS[name](app)
    table = table_of(app)
    seen = 0
    for size in SIZES:
        app.resize_window(size)
        for b in [b for b in table.buttons if b.hint]:
            pygame.mouse.set_pos(b.rect.center)
            with ui.recording() as records:
                draw_at(app, size, ui.RecordingSurface(size, records))
            hint = [r for r in records if b.hint.startswith(r.words) or r.words in b.hint]
            assert hint, (name, size, b.label)
            tip = hint[0].box
            assert not tip.colliderect(table.bar_rect), (name, size, b.label, tip, table.bar_rect)
            assert all(not tip.colliderect(other.rect) for other in table.buttons)
            assert tip.bottom <= table.bar_rect.top and tip.top >= 0
            seen += 1
    assert seen, f"{name}: no button with a hint"
