"""Idle is idle (issue 28): a battle table of every game, settled at a person's decision, lets the main
loop sleep — `app.stack.animating` is False and `App.run` takes its waiting path (`wait_for_events`,
which sleeps until input or IDLE_WAIT_MS) instead of `clock.tick` at 60 frames a second — and stays so
over many frames with no input. Deterministic: the loop runs on a fake clock (its `time` and the
event queue are stubs), never on the wall clock.

`Table.animating` once lost its `@property` (c5143ef): read as an attribute a bound method is always
true, so every settled table drew 60 frames a second. The last test finds any scene or client class
that overrides a base class's property with a plain method, the way that bug was made."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pygame
import pytest
from table_driver import DT, BaseDriver

from deathmatch.client.launch import make_game
from deathmatch.scenes import app as app_module
from deathmatch.scenes.app import IDLE_POLL_S, IDLE_WAIT_MS, App

# each game's largest bundled set-up (benchmarks/frames.py measures the same ones)
SETUPS = {
    "celebrity": {"players": 10, "arena": "grand_arena", "options": {}},
    "skirmish": {"players": 2, "arena": "chessboard", "options": {"points": 50}},
    "gladiator": {"players": 2, "arena": "sand_circle", "options": {}},
    "supers": {"players": 4, "arena": "supers_skyline", "options": {"heroes": 3}},
}


NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def table_of(ruleset: str, bots: bool = False, **kwargs):
    """The table of `ruleset`'s largest set-up at 1280x720, every seat a person's (or every one a bot's)."""
    app = App((1280, 720))
    app.router.ruleset = ruleset
    s = SETUPS[ruleset]
    names = NAMES[:s["players"]]
    game, path = make_game(s["players"], s["arena"], 4, names=names, ruleset=ruleset, **s["options"])
    cls = app.router.scene_class("battle", ruleset)
    extra = {"hidden_cards": False} if "hidden_cards" in inspect.signature(cls.__init__).parameters else {}
    if bots:
        extra.update(auto_players=set(names), auto_delay=0.05)
    table = cls(app, game, path, handoff=False, anim_speed=20.0, **extra, **kwargs)
    app.push(table)
    return app, table


class FakeTime:
    """The main loop's `time`: perf_counter moves only when the loop sleeps."""

    def __init__(self):
        self.now = 1000.0
        self.sleeps = 0

    def perf_counter(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.now += seconds

    def time(self) -> float:
        return self.now


class FakeClock:
    def __init__(self):
        self.ticks = 0

    def tick(self, fps=0) -> int:
        self.ticks += 1
        return 0


@pytest.fixture
def quiet_loop(monkeypatch):
    """The main loop on a fake clock with an empty event queue: nothing happens unless a test says so."""
    fake = FakeTime()
    monkeypatch.setattr(app_module, "time", fake)
    monkeypatch.setattr(pygame.event, "get", lambda *a, **k: [])
    return fake


def settle(app, table, limit: int = 600) -> None:
    """Frames until the table waits for a person and what its last events left moving (words floating
    up, dice, a flash) has faded: `limit` frames at the most (10 s of the table's time)."""
    BaseDriver(app, table, "mouse", None).settle()
    assert table.decision is not None and table.decision.player not in table.auto, "settled at a person's decision"
    for _ in range(limit):
        if not app.stack.animating:
            return
        app.frame([], DT)
    assert app.stack.animating is False, f"still drawing {limit} frames after the table waits for a person"


@pytest.mark.parametrize("ruleset", sorted(SETUPS))
def test_a_settled_table_lets_the_loop_sleep(ruleset, quiet_loop):
    app, table = table_of(ruleset)
    settle(app, table)
    assert app.stack.animating is False
    asked, moves = table.decision, len(table.game.history)

    # frames with no input: still idle, every one of them
    for _ in range(300):
        app.frame([], DT)
        assert app.stack.animating is False
    assert table.decision is asked and len(table.game.history) == moves

    # the real loop: every frame waits the whole IDLE_WAIT_MS in wait_for_events, never ticks at 60 fps
    app.clock = clock = FakeClock()
    waits = []
    real_wait = app.wait_for_events
    app.wait_for_events = lambda: waits.append(quiet_loop.now) or real_wait()
    app.frame_hooks.append(lambda a: None if not a.stack.animating else pytest.fail("animating while settled"))
    start, frames = quiet_loop.now, app.frames
    app.run(max_frames=app.frames + 20)
    assert app.frames == frames + 20
    assert clock.ticks == 0 and len(waits) == 20
    assert quiet_loop.now - start >= 20 * IDLE_WAIT_MS / 1000  # each wait slept until its deadline
    assert quiet_loop.sleeps >= 20 * int(IDLE_WAIT_MS / 1000 / IDLE_POLL_S)
    assert table.decision is asked and len(table.game.history) == moves


@pytest.mark.parametrize("ruleset", sorted(SETUPS))
def test_an_answer_animates_then_the_table_sleeps_again(ruleset, quiet_loop):
    app, table = table_of(ruleset)
    settle(app, table)
    table.answer(table.options[0])
    assert app.stack.animating is True  # its events play, the next decision is taken up
    app.clock = clock = FakeClock()
    app.run(max_frames=app.frames + 1)
    assert clock.ticks == 1  # the loop ran at frame rate, not through wait_for_events
    settle(app, table)
    assert app.stack.animating is False


@pytest.mark.parametrize("ruleset", sorted(SETUPS))
def test_a_bots_turn_is_not_idle(ruleset):
    app, table = table_of(ruleset, bots=True)
    moves = len(table.game.history)
    for _ in range(120):
        app.frame([], DT)
        assert app.stack.animating is True
    assert len(table.game.history) > moves  # the bots played meanwhile


def test_no_scene_overrides_a_property_with_a_plain_method():
    bad = []
    for root in ("deathmatch.scenes", "deathmatch.client"):
        pkg = importlib.import_module(root)
        for info in pkgutil.walk_packages(pkg.__path__, root + "."):
            mod = importlib.import_module(info.name)
            for _, cls in inspect.getmembers(mod, inspect.isclass):
                if cls.__module__ != mod.__name__:
                    continue
                for name, val in vars(cls).items():
                    plain = callable(val) and not isinstance(val, (property, staticmethod, classmethod, type))
                    if plain and any(isinstance(vars(b).get(name), property) for b in cls.__mro__[1:]):
                        bad.append(f"{cls.__module__}.{cls.__name__}.{name}")
    assert bad == []
