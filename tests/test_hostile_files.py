"""Hostile and careless files never hang, crash or leak (issue 13).

Each bad file goes through the path the game itself takes (the title screen's start and
Continue, Load, New game, the save-as prompt, the tournament screen), and the test asserts
the message a player reads (which file, which field, what to do) and that the game keeps running.
"""

import csv
import io
import os

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch import saves  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402

DT = 1 / 60


def press(key, unicode=""):
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)]


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


# --- 11. the tournament's CSV and HTML exports -------------------------------------------

HOSTILE_NAMES = ['=HYPERLINK("http://evil.example","click")', "+1+1", "-2+3", "@SUM(A1:A9)", "\tTabbed",
                 "<script>alert(1)</script>"]


def test_the_exports_of_the_tournament_screen_defuse_formulas_and_markup():
    from deathmatch.engine import load_default_cards
    from deathmatch.scenes.tourney import TournamentScene
    from deathmatch.tournament import bot_tournament, play_game_with_bots

    t = bot_tournament(6, 1, 3)
    for e, name in zip(t.entrants, HOSTILE_NAMES):
        e.name = name
    play_game_with_bots(t, load_default_cards())
    app = fresh_app()
    screen = TournamentScene(app, t)
    app.push(screen)
    app.frame([], DT)
    app.frame(press(pygame.K_e), DT)
    assert "tournament.html" in screen.exported
    rows = list(csv.reader(io.StringIO((saves.saves_dir() / "tournament.csv").read_text(encoding="utf-8"))))
    cells = [c for row in rows for c in row]
    for name in HOSTILE_NAMES[:5]:
        assert "'" + name in cells  # quoted: a spreadsheet shows it as text
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    standings = {row[1] for row in rows[1:7]}
    assert standings == {"'" + n for n in HOSTILE_NAMES[:5]} | {HOSTILE_NAMES[5]}  # other names as they are
    page = (saves.saves_dir() / "tournament.html").read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "=HYPERLINK(&quot;http://evil.example&quot;,&quot;click&quot;)" in page
