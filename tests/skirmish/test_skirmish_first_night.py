"""What a first night of Chessboard Skirmish meets: the dice tray's words whole at every window size,
the scenarios told on the setup screen, the armies remembered and the one just built kept, the
Retrieve marker explained, and a warning when the enemy is one move from winning."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from deathmatch.client import ui  # noqa: E402
from deathmatch.scenes.skirmish.anim import TrayDie  # noqa: E402
from deathmatch.scenes.skirmish.battle import SkirmishTable  # noqa: E402
from test_skirmish_table import DT, fresh_app, quick  # noqa: E402

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_dice_tray_writes_every_label_and_verdict_whole(size):
    """Four dice on the tray (a hero's re-rolled defence among them): "re-roll defence" and
    "12 vs 11: succeeds" wrap under their die, never cut to "re-roll defe…", inside the panel."""
    app = fresh_app(size)
    table = SkirmishTable(app, quick(seed=2), None, anim_speed=60.0, handoff=False)
    app.stack.replace(table)
    app.frame([], DT)
    table.animator.skip()
    v = table.view
    v.tray_title = "Wilhelmina Gray's Centurion shoots at Maximilian Wolff's Khan of the Steppe"
    v.tray[:] = [TrayDie("re-roll attack", 20, 12, (200, 90, 40), rolling=0, shown=12),
                 TrayDie("defence", 12, 3, (90, 170, 230), rolling=0, shown=3),
                 TrayDie("re-roll defence", 12, 11, (90, 170, 230), rolling=0, shown=11, verdict="12 vs 11: succeeds"),
                 TrayDie("save", 12, 2, (90, 170, 230), "needs 4+", rolling=0, shown=2)]
    with ui.recording() as records:
        table.draw(ui.RecordingSurface(app.size, records))
    words = " ".join(r.words for r in records if r.ink.colliderect(table.hud_rect))
    for whole in ("re-roll", "defence", "12 vs 11:", "succeeds", "needs 4+", "Khan of the Steppe"):
        assert whole in words, (whole, words)
    cut = [r.words for r in records if r.words.endswith("…") and r.ink.colliderect(table.hud_rect)]
    assert not cut, cut
    inside = [r for r in records if r.ink.colliderect(table.hud_rect)]
    assert all(table.hud_rect.contains(r.ink) for r in inside), [r.words for r in inside if not table.hud_rect.contains(r.ink)]
