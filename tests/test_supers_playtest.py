"""What a hotseat evening of Superhero Gladiators turned up (two people, 1024×600, then a fight against a
bot at 1280×720): each fix with the test that failed before it."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from table_driver import DT  # noqa: E402


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def new_game(app):
    app.router.ruleset = "supers"
    return app.open("setup")


def test_new_games_picked_teams_are_remembered_without_a_settings_warning():
    """New game kept the teams as a list of lists, which the settings do not keep (plain values only): every
    start warned "last_setup.supers_teams is a list, not a plain value" and the teams were forgotten."""
    from deathmatch.settings import load_settings

    app = fresh_app()
    setup = new_game(app)
    picks = [setup.heroes()[:3], setup.heroes()[3:5]]
    for i, team in enumerate(picks):
        setup.pick(i)
        for hid in team:
            setup.toggle(hid)
    setup.remember()
    settings, problems = load_settings()
    assert not [p for p in problems if "supers_teams" in p], problems
    app2 = fresh_app()
    app2.settings = settings
    again = new_game(app2)
    assert [s.cards for s in again.seats[:2]] == picks


def test_teams_kept_by_an_older_version_as_lists_still_come_back():
    from deathmatch.scenes.supers.setup import teams_of, teams_text

    assert teams_of([["a", "b"], [], "x"]) == [["a", "b"], [], []]
    assert teams_of(teams_text([["a", "b", "c"], [], ["d", "e"]])) == [["a", "b", "c"], [], ["d", "e"]]
    assert teams_text([["x" * 80] * 3]) == ""  # longer than the settings keep: nothing, rather than a warning
