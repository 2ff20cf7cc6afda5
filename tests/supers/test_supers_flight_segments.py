"""Flight and segments taught on the table (issue 29): a flier is offered its altitude changes where it
stands (take off, climb, hover, descend, land) by the rules, and the table shows them as buttons with keys
and hints, its altitude on its card, and a first-time tip; the segment track's rows and caption come from
the view (who acts in which segment, who acts now)."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.board.arenas import list_arenas  # noqa: E402
from deathmatch.client import ui  # noqa: E402
from deathmatch.core.front import Front  # noqa: E402
from deathmatch.rulesets.supers import actions as ac  # noqa: E402
from deathmatch.scenes.supers import facts as sf  # noqa: E402
from deathmatch.scenes.supers import newgame  # noqa: E402
from deathmatch.scenes.supers.table import SupersTable  # noqa: E402
from test_supers_screens import Driver, _drawn, button, fresh_app  # noqa: E402


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))


def fight(seed=2):
    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    return newgame.new_game(arena, [("Ann", ["storm_widow", "powder_nell"]), ("Bob", ["brick_king", "bog_hound"])],
                            newgame.library(), None, seed=seed, colours=[0, 1])


def until(game, done, seed=1):
    rng = random.Random(seed)
    for _ in range(3000):
        if done(game):
            return game
        game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, (ac.Attack, ac.AttackGizmo))]))
    raise AssertionError("never got there")


def widow_acts(game):
    d = game.pending
    return d is not None and d.kind == "act" and d.model.startswith("storm_widow")


def widow(game):
    return next(m for m in game.state.models.values() if m.hero.id == "storm_widow")


def on_table(game, mode="keys"):
    app = fresh_app()
    table = SupersTable(app, game, None, handoff=False)
    app.push(table)
    driver = Driver(app, table, mode, random.Random(2))
    driver.settle()
    return app, table, driver


def test_the_rules_offer_a_flier_its_altitude_changes_where_it_stands():
    game = until(fight(), widow_acts)
    here = [a for a in game.legal_actions() if isinstance(a, ac.Move) and not a.path]
    assert [a.altitude for a in here] == [1]  # Ride the Gale is flight 1: one level up, no further
    game.apply(here[0])
    assert widow(game).altitude == 1
    game = until(game, widow_acts)
    here = sorted(a.altitude for a in game.legal_actions() if isinstance(a, ac.Move) and not a.path)
    assert here == [0, 1, 2]  # land, hover (fly on so as not to fall), climb
    kinds = sf.altitude_moves([a for a in game.legal_actions() if isinstance(a, ac.Move)],
                              Front(game).view("Ann").models[widow(game).id])
    assert list(kinds) == ["climb", "hover", "land"]


@pytest.mark.parametrize("mode", ["mouse", "keys"])
def test_a_flier_on_the_ground_takes_off_from_its_button(mode):
    game = until(fight(), widow_acts)
    app, table, driver = on_table(game, mode)
    assert table.stage == ac.ACT
    take_off = button(table, "Take off (U)")
    assert take_off.key == pygame.K_u and "altitude 1" in take_off.hint and "Ride the Gale" in take_off.hint
    assert not any(b.label.startswith(("Land", "Hover", "Descend")) for b in table.buttons)
    words = " ".join(r.words for r in _drawn(app, table))
    assert "The Storm Widow can fly" in words  # the first-time tip
    assert "On the ground (altitude 0)" in words
    driver.press(take_off)
    assert widow(game).altitude == 1
    table.animator.skip()
    assert any("The Storm Widow takes off to altitude 1 using Ride the Gale" in line for line in table.log[-4:])


def test_a_flier_in_the_air_is_told_it_must_fly_and_may_hover_land_or_climb():
    game = until(fight(), widow_acts)
    game.apply(next(a for a in game.legal_actions() if isinstance(a, ac.Move) and not a.path))
    game = until(game, widow_acts)
    app, table, driver = on_table(game)
    labels = [b.label for b in table.buttons]
    assert {"Climb (U)", "Hover (F)", "Land (L)"} <= set(labels)
    assert button(table, "Hover").key == pygame.K_f and button(table, "Land").key == pygame.K_l
    assert "falls" in button(table, "Hover").hint
    words = " ".join(r.words for r in _drawn(app, table))
    assert "In the air: altitude 1" in words
    assert "fly again" in table.asked_words("Ann")
    driver.press(button(table, "Land"))
    assert widow(game).altitude == 0


def test_the_flying_tip_shows_once_for_each_flier_and_never_for_a_hero_who_can_not_fly():
    game = until(fight(), widow_acts)
    app, table, driver = on_table(game)
    assert table.tip() is not None
    driver.press(button(table, "Hold"))
    driver.settle()
    while not (table.stage == ac.ACT and table.decision.model.startswith("storm_widow")):
        if table.stage == ac.ACT:
            assert table.tip() is None  # Powder Nell, the Brick King, the Bog Hound do not fly
        driver.press(button(table, "Hold"))
        driver.settle()
    assert table.tip() is None  # the widow's second action: no tip again


def test_the_segment_track_lists_who_acts_in_each_segment_from_the_view():
    game = until(fight(), lambda g: g.pending is not None and g.pending.kind == "act" and g.state.segment > 1)
    v = Front(game).view(None)
    plan = sf.segment_plan(v)
    assert [k for k, _ in plan] == [1, 2, 3, 4, 5, 6]
    for k, heroes in plan:
        want = [mid for mid in v.order if k in v.models[mid].segments and not v.models[mid].fainted]
        assert heroes == want
    speeds = {m.hero.speed: m.id for m in game.state.models.values()}
    assert all(mid in dict(plan)[1] for mid in speeds.values())  # Speed ≥ 1: everyone acts in segment 1
    words = sf.segment_words(v)
    now = dict(plan)[v.segment]
    assert words.startswith(f"Segment {v.segment} of 6: ")
    assert f"{sf.hero_name(v, v.acting)} (now)" in words
    for mid in now[:now.index(v.acting)]:
        assert f"{sf.hero_name(v, mid)} (done)" in words
    app, table, _ = on_table(game)
    drawn = " ".join(r.words for r in _drawn(app, table))
    assert words.split(":")[0] in drawn
    # the mouse on the track: what it means, with the Speed each segment needs (the rules' numbers)
    with ui.recording() as records:
        surface = ui.RecordingSurface(app.size, records)
        table.draw_track_hint(surface, table.track_rect.center)
    said = " ".join(r.words for r in records)
    assert "six segments" in said.replace("\n", " ")
    assert "Speed 1 acts in segment 1" in table.track_words() and "26 also in 2" in table.track_words()
    with ui.recording() as records:
        table.draw_track_hint(ui.RecordingSurface(app.size, records), (0, 0))
    assert not records


def test_a_flier_with_several_heights_picks_the_one_to_take_off_to():
    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    game = newgame.new_game(arena, [("Ann", ["winged_courier", "powder_nell"]), ("Bob", ["brick_king", "bog_hound"])],
                            newgame.library(), None, seed=2, colours=[0, 1])
    game = until(game, lambda g: g.pending is not None and g.pending.kind == "act"
                 and g.pending.model.startswith("winged_courier"))
    app, table, driver = on_table(game, "keys")
    driver.press(button(table, "Take off (U)"))
    assert table.stage == "altitude"
    assert "takes off where it stands — to which altitude? (1–3, or Esc)" in table.asked_words("Ann")
    assert [b.label for b in table.buttons] == ["Altitude 1 (1)", "Altitude 2 (2)", "Altitude 3 (3)", "Back (Esc)"]
    driver.press(button(table, "Altitude 2"))
    m = next(x for x in game.state.models.values() if x.hero.id == "winged_courier")
    assert m.altitude == 2


def test_a_stray_enter_or_a_click_on_the_flier_itself_never_takes_off():
    """Played cold (issue 29): the cursor stayed on the cell the last click picked, so when a flier standing
    there acted next, the cursor sat on its own cell and a stray Enter took off at once. A new action now puts
    the cursor beside the hero, never on it; and its own cell (a click on the hero to look at it, Enter there)
    asks the altitude, even with one to pick, where only the altitude's key or button flies."""
    from test_client import click, press
    from table_driver import DT

    game = until(fight(), widow_acts)
    app, table, driver = on_table(game, "keys")
    here = table.own_cell()
    assert [o.altitude for o in table.candidates[here]] == [1]  # its own cell: one level up, where it stands
    assert table.cursor != here and table.cursor in table.candidates  # a new action: the cursor beside it
    table.cursor = here  # left there by the last click, as in the playtest
    table.enter_stage()  # what the next decision does
    assert table.cursor != here
    n = len(game.history)
    table.cursor = here  # the keyboard (or the mouse) brought it there: Enter asks, never flies
    app.frame(press(pygame.K_RETURN), DT)
    assert len(game.history) == n and widow(game).altitude == 0
    assert table.stage == "altitude" and "to which altitude? (1–1, or Esc)" in table.prompt_words()
    assert [b.label for b in table.buttons] == ["Altitude 1 (1)", "Back (Esc)"]
    app.frame(press(pygame.K_RETURN), DT)  # a second Enter: still nothing
    assert len(game.history) == n and table.stage == "altitude"
    app.frame(press(pygame.K_ESCAPE), DT)
    assert table.stage == ac.ACT and len(game.history) == n
    app.frame(click(table.cell_point(here)), DT)  # a click on the hero itself: asked likewise
    assert table.stage == "altitude" and len(game.history) == n
    driver.press(button(table, "Altitude 1"))
    assert widow(game).altitude == 1


def test_the_cursor_follows_the_mouse_over_the_cells_that_may_be_picked():
    """The keyboard's cursor sat on the top-left green cell while the panel described the cell under the
    mouse: two cells looked picked. Over a cell that may be picked, the cursor is that cell."""
    from table_driver import DT

    game = until(fight(), widow_acts)
    app, table, driver = on_table(game, "mouse")
    far = max(table.candidates, key=lambda c: (c != table.cursor, c))
    assert far != table.cursor
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=table.cell_point(far), rel=(0, 0), buttons=(0, 0, 0))], DT)
    assert table.cursor == far


def test_an_action_with_nothing_to_pick_on_the_board_says_to_pick_a_button():
    """With no move and no target (an entangled hero out of uses), the prompt read "Captain Spark's action —
    (click, or Tab + Enter); or a button." """
    game = until(fight(), widow_acts)
    app, table, driver = on_table(game, "keys")
    table.set_mode(("hold",))
    assert not table.candidates
    words = table.prompt_words()
    assert "— pick a button below." in words and "Tab + Enter" not in words and "—  (" not in words


def test_the_track_caption_of_a_finished_fight_says_it_is_over():
    """Under "Sky Blue wins!" the caption still read "Segment 5 of 6: The Loom Spinner; then a new turn."."""
    rng = random.Random(3)
    game = fight()
    while not game.over:
        legal = game.legal_actions()
        attacks = [a for a in legal if isinstance(a, ac.Attack)]
        game.apply(rng.choice(attacks or legal))
    words = sf.segment_words(Front(game).view(None))
    assert words.startswith("The fight is over") and "then a new turn" not in words and "next:" not in words
