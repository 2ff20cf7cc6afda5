"""Every screen of every registered game at 1024×600, 1280×720 and 1920×1080 through the layout test
(tests/shell/test_layout.py's checks: no text leaves its box, crosses a panel's edge or sits on other text).

A game's screens are found from its manifest's client part, nothing else: its setup, its table mid-game
(a person's decision waiting), the hand-off and the game menu over it, the table at the game's end, the
results, its own screens that take a game (the replay), each of its rules pages and the scene a rules tab
opens (Celebrity's characters), and its tournament setup if it plays nights on screen."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

import pygame
import pytest

from deathmatch.client import ui
from deathmatch.core import registry

from .games import GAME_IDS, TESTS, installed, new_game, random_play

sys.path.insert(0, str(TESTS.parent / "tools"))

from screens_tour import SIZES, draw_at, fresh_app  # noqa: E402
from test_layout import filled_rects_are_panels, problems_in  # noqa: E402, F401  (the fixture: used by its name)

DT = 1 / 60


def settle(app, limit: int = 3000) -> None:
    """Frames until nothing moves (a table waiting for a person), passing any hand-off past its guard."""
    from deathmatch.scenes.handoff import GUARD, HandOffScene

    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, HandOffScene):
            app.frame([], GUARD)
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], DT)
            continue
        if not app.stack.animating:
            return
        app.frame([], DT)


def played(rid: str, seed: int = 2, part: float | None = 0.5):
    """A game of `rid` played at random a `part` of the way through its length (None: to its end)."""
    total = random_play(new_game(rid, seed), rid, random.Random(seed))
    game = new_game(rid, seed)
    random_play(game, rid, random.Random(seed), limit=total if part is None else max(1, int(total * part)))
    return game


def on_table(app, rid: str, game, handoff: bool = False):
    app.settings.handoff = handoff
    app.router.ruleset = rid
    table = app.play(game)
    settle(app) if not handoff else _to_handoff(app)
    return table


def _to_handoff(app, limit: int = 3000) -> None:
    from deathmatch.scenes.handoff import HandOffScene

    for _ in range(limit):
        if isinstance(app.stack.top, HandOffScene):
            app.frame([], 1.0)  # its guard over: the screen as the next person sees it
            return
        app.frame([], DT)


def screens_of(rid: str) -> dict[str, Callable]:
    """Screen name → a function putting that screen of game `rid` on a fresh app (see the module's words)."""
    from deathmatch.scenes import router

    client = router.RULESETS[rid]
    rules = registry.get(rid)
    out: dict[str, Callable] = {}

    def setup(app):
        app.router.ruleset = rid
        app.open("setup")
    out["setup"] = setup

    out["table"] = lambda app: on_table(app, rid, played(rid)) and None

    def handoff(app):
        from deathmatch.scenes.handoff import HandOffScene

        on_table(app, rid, played(rid), handoff=True)
        assert isinstance(app.stack.top, HandOffScene), "no hand-off came up"
    if client.secrets:  # a game that hides nothing shows no hand-off, only whose turn it is (issue 29)
        out["hand-off"] = handoff

    def menu(app):  # as a person opens it: Esc at the table
        on_table(app, rid, played(rid))
        app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)], DT)
        assert app.router.is_a(app.stack.top, "pause"), "Esc opened no game menu"
    out["game menu"] = menu

    out["table over"] = lambda app: on_table(app, rid, played(rid, part=None)) and None

    def results(app):
        app.router.ruleset = rid
        app.open("results", played(rid, part=None))
    out["results"] = results

    for name in sorted(client.screens):
        if name == "replay":
            def replay(app, name=name):
                app.settings.handoff = False
                app.router.ruleset = rid
                app.open(name, registry.record_of(played(rid, part=None), rules))  # a replay takes a record
                for _ in range(30):
                    app.frame([], DT)
            out[name] = replay

    for i, (label, source) in enumerate(client.rules):
        def page(app, i=i):
            app.router.ruleset = rid
            app.open("rules", ruleset=rid, page=i)
            settle(app)
        out[f"rules {i + 1} {label}"] = page

    if client.tournament_setup and rules.tournament is not None:
        def night(app):
            app.router.ruleset = rid
            app.open("tournament setup")
        out["tournament setup"] = night
    return out


with installed():
    CASES = [(rid, name) for rid in GAME_IDS for name in screens_of(rid)]


@pytest.mark.usefixtures("filled_rects_are_panels")
@pytest.mark.parametrize("rid, name", CASES, ids=[f"{r}-{n}" for r, n in CASES])
def test_every_screen_at_every_size_passes_the_layout_check(rid, name):
    app = fresh_app()
    app.settings.animation_speed = 60.0
    prepare = screens_of(rid)[name](app)
    found = []
    for size in SIZES:
        with ui.recording() as records:
            surface = draw_at(app, size, ui.RecordingSurface(size, records), prepare)
        assert records, f"{rid} {name} at {size}: nothing was drawn"
        found += [f"{size[0]}x{size[1]} {p}" for p in problems_in(records, surface.panels)]
    assert not found, f"{rid} {name}: {len(found)} problems\n" + "\n".join(found[:30])
