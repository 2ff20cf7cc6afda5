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
    "12 vs 11: gets through" wrap under their die, never cut to "re-roll defe…", inside the panel."""
    app = fresh_app(size)
    table = SkirmishTable(app, quick(seed=2), None, anim_speed=60.0, handoff=False)
    app.stack.replace(table)
    app.frame([], DT)
    table.animator.skip()
    v = table.view
    v.tray_title = "Wilhelmina Gray's Centurion shoots at Maximilian Wolff's Khan of the Steppe"
    v.tray[:] = [TrayDie("re-roll attack", 20, 12, (200, 90, 40), rolling=0, shown=12),
                 TrayDie("defence", 12, 3, (90, 170, 230), rolling=0, shown=3),
                 TrayDie("re-roll defence", 12, 11, (90, 170, 230), rolling=0, shown=11, verdict="12 vs 11: gets through"),
                 TrayDie("save", 12, 2, (90, 170, 230), "needs 4+", rolling=0, shown=2)]
    with ui.recording() as records:
        table.draw(ui.RecordingSurface(app.size, records))
    words = " ".join(r.words for r in records if r.ink.colliderect(table.hud_rect))
    for whole in ("re-roll", "defence", "12 vs 11:", "gets through", "needs 4+", "Khan of the Steppe"):
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


def setup_scene(app):
    from deathmatch.scenes.skirmish.setup import SkirmishSetupScene

    app.router.ruleset = "skirmish"
    setup = app.open("setup")
    app.frame([], DT)
    assert isinstance(setup, SkirmishSetupScene)
    return setup


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_setup_tells_each_scenario_whole_in_players_words(size):
    """Plain fight, Infiltrate, Retrieve, Survival: the goal, how it ends and the scoring, on the setup
    screen, whole and inside the screen's left half, at every size; no rules jargon."""
    from test_client import click

    from test_skirmish_table import button

    app = fresh_app(size)
    setup = setup_scene(app)
    seen = []
    for _ in range(4):
        with ui.recording() as records:
            setup.draw(ui.RecordingSurface(app.size, records))
        inside = [r for r in records if setup.guide_rect.contains(r.ink)]
        words = " ".join(r.words for r in inside)
        for part in ("Goal:", "How it ends:", "Scoring:"):
            assert part in words, (setup.options.scenario, words)
        assert not any(r.words.endswith("…") for r in inside)
        assert setup.guide_rect.right <= size[0] // 2 + 20 and setup.guide_rect.bottom <= size[1]
        seen.append(words)
        app.frame(click(button(setup, "Scenario").rect.center), DT)
    assert "gold rings" in seen[2] and "after round 3" in seen[3].lower() and "home row" in seen[1]
    for words in seen:
        assert "§" not in words and "_" not in words and "RULES" not in words


def test_new_game_keeps_the_armies_of_the_last_one():
    from deathmatch.scenes.skirmish.newgame import army_ref

    app = fresh_app()
    setup = setup_scene(app)
    setup.pick(0)
    setup.pick(1)
    setup.pick(1)
    picked = [list(s.cards) for s in setup.seats[:2]]
    assert picked[0] and picked[1] and picked[0] != picked[1]
    setup.remember()
    assert app.settings.last_setup["skirmish_army_1"] == army_ref(picked[0][0])
    assert app.settings.last_setup["skirmish_army_1"].startswith("bundled:")
    again = setup_scene(app)
    assert [list(s.cards) for s in again.seats[:2]] == picked
    # a seat left on Random stays on Random
    again.seats[1].cards = []
    again.remember()
    third = setup_scene(app)
    assert third.seats[0].cards == picked[0] and third.seats[1].cards == []


def test_the_army_just_built_is_picked_when_the_builder_closes():
    """No thirteen clicks of "Next army": the army the builder saved is the first person's army at once
    (the points follow the army's own level)."""
    from deathmatch.scenes.skirmish.builder import ArmyBuilderScene

    app = fresh_app()
    setup = setup_scene(app)
    setup.build()
    builder = app.stack.top
    assert isinstance(builder, ArmyBuilderScene)
    builder.set_points(40)
    builder.name = "Night Watch"
    for _ in range(3):
        builder.add()
    assert not builder.problems(), builder.problems()
    builder.save()
    app.stack.pop()  # the builder closes
    app.frame([], DT)
    assert app.stack.top is setup
    key = setup.seats[0].cards[0]
    assert app.library.cards[key].army.name == "Night Watch"
    assert setup.options.points == 40 and key in setup.armies()
    assert "Night Watch" in setup.message


def test_the_win_next_move_warning_is_a_chance_to_the_one_who_would_win_and_a_warning_to_the_other():
    """The "can win next move" panel and ring were red for everyone, the winner too (found playing cold): now red
    (the table's attack colour) to every seat but the one that would win, gold to that one."""
    from deathmatch.client.art.palette import SK_ATTACK

    app = fresh_app((1024, 600))
    table = SkirmishTable(app, quick(seed=2), None, anim_speed=60.0, handoff=False)
    app.stack.replace(table)
    app.frame([], DT)
    a, b = table.front.seats()[:2]
    table.viewer = a
    assert table.danger_colour(a) == tuple(ui.GOLD[:3])
    assert table.danger_colour(b) == tuple(SK_ATTACK[:3])
    table.viewer = b
    assert table.danger_colour(a) == tuple(SK_ATTACK[:3])
