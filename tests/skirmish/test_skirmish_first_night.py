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


def test_the_view_says_who_is_one_move_from_winning_and_the_table_warns():
    """Retrieve: a carrier that can reach its own corner; Infiltrate: one on the enemy's home row and another
    that can step onto it. Decided on the rules side (the view's `one_move_from_winning`); the table writes
    the warning from the view alone."""
    from deathmatch.board import Square, square
    from deathmatch.core.dice import ForcedDice
    from deathmatch.core.front import Front
    from deathmatch.rulesets.skirmish.army import Miniature
    from deathmatch.rulesets.skirmish.game import Game
    from deathmatch.rulesets.skirmish.state import Marker, Mini, Options, State
    from deathmatch.rulesets.skirmish.view import state_for
    from deathmatch.scenes.skirmish import facts as rf

    def position(minis, scenario, marker=None):
        state = State(square(8, 8), ("A", "B"), Options(None, scenario), {m.id: m for m in minis})
        state.marker = marker
        g = Game(state, ForcedDice([2, 1]), placement=False)
        g.start()
        return g

    far = Mini("b", "B", Miniature("Guard", 6), Square(7, 7))
    runner = Mini("a", "A", Miniature("Runner", 6), Square(2, 2), carrying=True)  # moves 3: (0, 0) is 2 away
    g = position([runner, far], "retrieve", Marker(None, "a"))
    assert state_for(g, None)["one_move_from_winning"] == [
        {"player": "A", "mini": "a", "to": [0, 0], "scenario": "retrieve", "ready": True}]
    words = rf.danger_words(Front(g).view("B"))
    assert words == [("A", "A can win: Runner carries the marker and can reach the corner a1.")]
    slow = Mini("a", "A", Miniature("Runner", 4), Square(3, 3), carrying=True)  # moves 2: too far
    assert state_for(position([slow, far], "retrieve", Marker(None, "a")), None)["one_move_from_winning"] == []

    # Infiltrate: B's home row is rank 7 (files 1-6); one A already there, another 2 squares away
    on_row = Mini("a1", "A", Miniature("Scout", 6), Square(3, 7))
    coming = Mini("a2", "A", Miniature("Rider", 4), Square(5, 5))
    g = position([on_row, coming, Mini("b", "B", Miniature("Guard", 6), Square(0, 0))], "infiltrate")
    (d,) = state_for(g, None)["one_move_from_winning"]
    assert d["player"] == "A" and d["mini"] == "a2" and d["to"][1] == 7 and 1 <= d["to"][0] <= 6
    alone = position([coming, Mini("b", "B", Miniature("Guard", 6), Square(0, 0))], "infiltrate")
    assert state_for(alone, None)["one_move_from_winning"] == []  # nobody on the row yet: two moves away
    assert state_for(position([runner, far], None), None)["one_move_from_winning"] == []
