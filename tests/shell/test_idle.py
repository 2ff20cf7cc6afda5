"""Idle is idle (issue 28): a battle table of every game, settled at a person's decision, lets the main
loop sleep — `app.stack.animating` is False and `App.run` takes its waiting path (`wait_for_events`,
which sleeps until input or IDLE_WAIT_MS) instead of `clock.tick` at 60 frames a second — and stays so
over many frames with no input. Deterministic: the loop runs on a fake clock (its `time` and the
event queue are stubs), never on the wall clock.

`Table.animating` once lost its `@property` (c5143ef): read as an attribute a bound method is always
true, so every settled table drew 60 frames a second. A test here finds any scene or client class
that overrides a base class's property with a plain method, the way that bug was made."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pygame
import pytest
from benchmark_module import load
from table_driver import DT, BaseDriver

from deathmatch.scenes import app as app_module
from deathmatch.scenes.app import IDLE_POLL_S, IDLE_WAIT_MS

BENCH = load("frames")
SETUPS = BENCH.SETUPS  # each game's largest bundled set-up, as the benchmark measures it


def table_of(ruleset: str, bots: bool = False, handoff: bool = False):
    """The table of `ruleset`'s largest set-up at 1280x720, every seat a person's (or every one a bot's)."""
    return BENCH.table_of(ruleset, bots=bots, anim_speed=20.0, handoff=handoff)


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


def test_the_frame_benchmark_runs_for_every_game(monkeypatch, capsys, tmp_path):
    """A smoke run of benchmarks/frames.py (a few frames, the idle wait cut short): it measures every game
    and says so; no figure is asserted (timing is the benchmark's business, not a test's)."""
    monkeypatch.setattr(app_module, "IDLE_WAIT_MS", 20)
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))  # what the benchmark sets stays in this test
    monkeypatch.setenv("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    rows = BENCH.main(["--ruleset", "all", "--frames", "5", "--idle", "0.05", "--menu", "0.05"])
    assert [r["ruleset"] for r in rows] == list(SETUPS) and set(SETUPS) >= {"celebrity", "skirmish", "gladiator", "supers"}
    assert all(r["frames"] == 5 and r["idle_frames"] >= 1 and r["menu_frames"] >= 1 for r in rows)
    assert all(r["menu_moves"] == 0 for r in rows)  # the computer made no answer under the game menu
    out = capsys.readouterr().out
    assert all(f"{rid} " in out for rid in SETUPS) and out.count("answers made under it") == len(SETUPS), out


@pytest.mark.parametrize("ruleset", sorted(SETUPS))
def test_a_replay_at_the_end_of_an_unfinished_record_sleeps(ruleset):
    """A replay plays the record's decisions as a computer seat would; at the end of an unfinished game's
    record a decision is still pending, a computer seat's: the table is over all the same, and sleeps."""
    from deathmatch.saves import record_of

    app, table = table_of(ruleset, bots=True)
    for _ in range(300):  # a few decisions of a game that goes on
        app.frame([], DT)
    assert not table.game.over
    app.stack.remove(table)
    replay = app.router.scene_class("replay", ruleset)(app, record_of(table.game))
    app.push(replay)
    for _ in range(20000):
        if not app.stack.animating:
            break
        app.frame([], DT)
    assert app.stack.animating is False
    for _ in range(120):
        app.frame([], DT)
        assert app.stack.animating is False


def _with_secrets() -> list[str]:
    """The rulesets whose tables hand off (they hide something): the others show whose turn it is instead."""
    from deathmatch.scenes.router import RULESETS

    return [r for r in sorted(SETUPS) if RULESETS[r].secrets]


@pytest.mark.parametrize("ruleset", _with_secrets())
def test_the_hand_off_sleeps_once_its_guard_is_over(ruleset):
    """The hand-off screen asks for frames while its guard runs (its time is the frames' dt), then sleeps
    until someone presses: a settled screen like any other."""
    from deathmatch.scenes.handoff import HandOffScene

    app, table = table_of(ruleset, handoff=True)
    for _ in range(20000):
        if isinstance(app.stack.top, HandOffScene) and app.stack.top.ready:
            break
        app.frame([], DT)
    assert isinstance(app.stack.top, HandOffScene) and app.stack.top.ready
    for _ in range(600):  # what the table's start left moving fades below it
        if not app.stack.animating:
            break
        app.frame([], DT)
    for _ in range(120):
        assert app.stack.animating is False
        app.frame([], DT)
    assert isinstance(app.stack.top, HandOffScene)


@pytest.mark.parametrize("ruleset", sorted(SETUPS))
@pytest.mark.parametrize("key", [pygame.K_ESCAPE, pygame.K_F1], ids=["menu", "help"])
def test_the_game_menu_and_the_help_pause_the_game(ruleset, key):
    """Esc's game menu (or F1's help) over a table the computer plays: no computer seat answers, nothing
    animates and the loop sleeps until it is closed; then the game goes on from where it stood."""
    from test_client import press

    from deathmatch.scenes.help import HelpOverlay
    from deathmatch.scenes.pause import PauseMenu

    app, table = table_of(ruleset, bots=True)
    moves = len(table.game.history)
    for _ in range(60):
        app.frame([], DT)
    assert len(table.game.history) > moves  # the bots are playing
    app.frame(press(key), DT)
    assert isinstance(app.stack.top, PauseMenu if key == pygame.K_ESCAPE else HelpOverlay)
    held, answers = len(table.game.history), table.front.answers
    played = []
    real_update = table.animator.update
    table.animator.update = lambda dt: played.append(dt) or real_update(dt)
    for _ in range(600):  # ten seconds of the table's time behind the menu
        app.frame([], DT)
        assert app.stack.animating is False  # the loop sleeps
    assert len(table.game.history) == held and table.front.answers == answers
    assert played == []  # nothing moved under the menu either
    app.frame(press(pygame.K_ESCAPE), DT)  # Resume (Esc) / the help closes
    assert app.stack.top is table
    for _ in range(120):
        app.frame([], DT)
    assert played and len(table.game.history) > held  # on from where it stood
