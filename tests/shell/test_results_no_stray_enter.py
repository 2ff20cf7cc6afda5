"""A stray Enter or Space on the results screen (a key still being pressed from the game's last move) does
nothing: it used to press the focused Rematch and start a new fight over the results. Tab, an arrow or the
mouse picks a button first; the buttons' own keys still work."""

import os

import pygame

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from test_client import press  # noqa: E402
from test_replay import bot_game  # noqa: E402

from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.results import ResultsScene  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402

DT = 1 / 60


def test_a_stray_enter_or_space_does_not_start_a_rematch():
    app = App((1024, 600))
    app.catch_errors = False
    app.push(TitleScene(app))
    results = ResultsScene(app, bot_game(players=4, round_limit=2))
    app.push(results)
    app.frame([], DT)
    for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
        app.frame(press(key), DT)
        assert app.stack.top is results, key
    # Tab picks the first button (Watch replay), and Enter then presses it
    app.frame(press(pygame.K_TAB), DT)
    assert results.buttons[results.focus].label == "Watch replay"
    app.frame(press(pygame.K_RETURN), DT)
    assert app.stack.top is not results
