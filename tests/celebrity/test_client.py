"""The battle screen played headless with synthetic mouse and keyboard events.

A driver sits at the table: whenever the screen waits for a player, it picks
one of the things the screen offers (a highlighted hex, a button) at random
and does it with real pygame events — mouse clicks and motion, or key
presses only — then checks that the engine took exactly one answer and that
the screen's picture matches the engine once the animations are done.
"""

import os
import random

import pygame
import pytest

from conftest import ROOT

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.launch import make_game  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.battle import BattleScene  # noqa: E402
from deathmatch.scenes.handoff import HandOffScene  # noqa: E402
from deathmatch.board.tiled import read_map  # noqa: E402

DT = 1 / 60


@pytest.fixture(scope="module")
def app():
    return App((1280, 720))  # not quit afterwards: fonts cached by the client stay valid for later tests


def press(key, mod=0):
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]


def click(pos):
    pos = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def move_mouse(pos):
    pos = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]


def past_the_guard(app):
    """Let the hand-off's guard run out: one frame of `GUARD` seconds with nothing pressed (its clock
    is the dt the app gives it; only the opaque hand-off updates meanwhile). A press after it passes."""
    from deathmatch.scenes.handoff import GUARD

    top = app.stack.top
    if isinstance(top, HandOffScene) and not top.ready:
        app.frame([], GUARD)
    assert not isinstance(app.stack.top, HandOffScene) or app.stack.top.ready


class Driver:
    def __init__(self, app, battle, mode, rng):
        self.app, self.battle, self.mode, self.rng = app, battle, mode, rng
        self.game = battle.game
        self.used = set()

    def frames(self, n=1, events=()):
        events = list(events)
        for _ in range(n):
            self.app.frame(events, DT)
            events = []

    def settle(self, limit=5000):
        """Run frames until the screen waits for a human (or the game is over)."""
        for _ in range(limit):
            top = self.app.stack.top
            if isinstance(top, HandOffScene):
                past_the_guard(self.app)
                self.frames(1, click((640, 360)) if self.mode == "mouse" else press(pygame.K_RETURN))
                continue
            b = self.battle
            if b.stage == "over" or (b.decision is not None and not b.animator.busy and b.stage not in ("idle", "auto")):
                return
            self.frames(1)
        raise AssertionError(f"the screen never waited for a player (stage {self.battle.stage})")

    def screen_of(self, h):
        b = self.battle
        return b.camera.world_to_screen(*b.mapview.hex_center(h))

    def pick_candidate(self):
        """Pick a highlighted hex the mouse or keyboard way."""
        b = self.battle
        order = b.candidate_order()
        h = self.rng.choice(order)
        if self.mode == "mouse":
            self.frames(1, click(self.screen_of(h)))
        else:
            steps = (order.index(h) - b.cursor) % len(order)
            events = []
            for _ in range(steps):
                events += press(pygame.K_TAB)
            events += press(pygame.K_RETURN)
            self.frames(1, events)

    def pick_facing(self):
        b = self.battle
        want = self.rng.randrange(len(b.facing_choices))
        if self.mode == "mouse":
            import math

            cx, cy = self.screen_of(b.facing_at)
            a = math.radians(b.mapview.facing_angle(b.facing_choices[want]))
            r = 40
            target = (cx + math.cos(a) * r, cy - math.sin(a) * r)
            self.frames(1, move_mouse(target))
            assert b.facing_pick == want
            self.frames(1, click(target))
        else:
            events = []
            for _ in range((want - b.facing_pick) % len(b.facing_choices)):
                events += press(pygame.K_LEFT)
            events += press(pygame.K_RETURN)
            self.frames(1, events)

    def press_button(self, button):
        if self.mode == "mouse":
            self.frames(1, click(button.rect.center))
        else:
            self.frames(1, press(button.key))

    def step(self):
        """One human answer, by the screen's own means."""
        b = self.battle
        before = len(self.game.history)
        for _ in range(12):
            if len(self.game.history) > before or b.stage == "over":
                break
            if b.stage == "facing":
                self.pick_facing()
                continue
            enabled = [x for x in b.buttons if x.enabled and x.key is not None
                       and not x.label.startswith(("Back", "Confirm")) and not x.selected]
            if b.stage in ("choose", "window") and enabled and (not b.candidates or self.rng.random() < 0.3):
                button = self.rng.choice(enabled)
                self.used.add(button.label.split(" ", 1)[-1])
                self.press_button(button)
                continue
            if b.candidates:
                self.pick_candidate()
                continue
            raise AssertionError(f"nothing to do at stage {b.stage}")
        assert len(self.game.history) == before + 1 or b.stage == "over", (b.stage, self.game.pending)
        self.used.add(type(self.game.history[-1]).__name__)

    def play(self, max_decisions=3000):
        n = 0
        while True:
            self.settle()
            if self.battle.stage == "over":
                break
            self.step()
            n += 1
            assert n < max_decisions
        return n


def check_picture_matches_engine(battle):
    g = battle.game
    for m in g.models.values():
        f = battle.view.figures.get(m.id)
        if m.alive and m.hex is not None:
            x, y = battle.mapview.hex_center(m.hex)
            assert (round(f.x), round(f.y)) == (round(x), round(y)), m.id
            assert f.lives == m.lives
    assert battle.view.loot == g.loot


ARENAS = sorted(p.stem for p in (ROOT / "maps").glob("*.tmx") if "celebrity" in read_map(p).draft.rulesets)


def players_for(arena):
    from deathmatch.board.tiled import load_arena

    a = load_arena(ROOT / "maps" / f"{arena}.tmx")
    return sorted({max(a.min_players, min(4, a.max_players)), a.max_players})


CASES = [(arena, n, mode) for arena in ARENAS for n in players_for(arena) for mode in ("mouse", "keyboard")]


@pytest.mark.parametrize("arena, players, mode", CASES, ids=[f"{a}-{n}p-{m}" for a, n, m in CASES])
def test_a_full_game_through_the_screen(app, arena, players, mode):
    game, path = make_game(players, arena, seed=players * 7 + len(arena), round_limit=3)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True, seed=1)
    app.stack.replace(battle)
    driver = Driver(app, battle, mode, random.Random(f"{arena}{players}{mode}"))
    decisions = driver.play()
    assert game.over and battle.stage == "over"
    assert decisions >= players  # at least every placement went through the screen
    check_picture_matches_engine(battle)
    assert {"Place", "Move"} <= driver.used


def test_hand_off_hides_the_board_until_the_next_player_clicks(app):
    game, path = make_game(4, "colosseum", seed=3)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    d = Driver(app, battle, "mouse", random.Random(1))
    d.settle()  # the first player takes the seat (behind a hand-off of their own)
    first = battle.decision.player
    assert battle.viewer == first
    d.step()  # the first player places
    for _ in range(400):
        d.frames(1)
        if isinstance(app.stack.top, HandOffScene):
            break
    assert isinstance(app.stack.top, HandOffScene)
    assert app.stack.visible() == [app.stack.top]  # opaque: the board is not drawn
    assert app.stack.top.player != first
    past_the_guard(app)
    d.frames(1, click((640, 360)))
    assert app.stack.top is battle and battle.viewer != first


def test_the_client_decides_no_rules():
    """No engine-internal rule constants or checks in the client code."""
    import deathmatch.client as client
    import deathmatch.scenes as scenes
    from pathlib import Path

    sources = [p.read_text() for d in (client, scenes) for p in Path(d.__path__[0]).glob("*.py")]
    for src in sources:
        assert "in_rear" not in src and "MELEE_NEEDS" not in src and "REAR_BONUS" not in src
        assert "is_vacant" not in src and "check_path" not in src


def test_help_is_a_transparent_overlay(app):
    from deathmatch.scenes.help import HelpOverlay

    game, path = make_game(4, "colosseum", seed=5)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False)
    app.stack.replace(battle)
    app.frame(press(pygame.K_F1), DT)
    assert isinstance(app.stack.top, HelpOverlay)
    assert app.stack.visible() == [battle, app.stack.top]  # the battle is drawn under it
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is battle


def test_nine_bots_and_one_human(app):
    from dataclasses import replace

    from deathmatch.rulesets.celebrity import new_game

    game, path = make_game(10, "grand_arena", seed=5, round_limit=2)
    bots = tuple((p.name, "normal") for p in game.setup.players[1:])
    game = new_game(replace(game.setup, bots=bots))
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True, auto_delay=0.0)
    app.stack.replace(battle)
    assert battle.auto == {p for p, _ in bots}
    driver = Driver(app, battle, "mouse", random.Random(7))
    driver.play()
    assert game.over
    assert game.history and all(p in game.players for p in battle.auto)
    assert not any(isinstance(s, HandOffScene) for s in app.stack.scenes)  # no hand-off for bots


def test_a_hard_bot_thinks_while_the_screen_keeps_drawing(app):
    from dataclasses import replace

    from deathmatch.rulesets.celebrity import new_game

    game, path = make_game(2, "duel_pit", seed=3, round_limit=1)
    game = new_game(replace(game.setup, bots=tuple((p.name, "hard") for p in game.setup.players)))
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, auto_delay=0.0)
    app.stack.replace(battle)
    thought = False
    for _ in range(20000):
        app.frame([], DT)
        if battle.thinking is not None:
            thought = True
            # The screen went on drawing while the bot thought (this frame returned with the
            # answer still pending); wait for the answer itself, not for a count of frames.
            battle.thinking.result(timeout=60)
        if game.over:
            break
    assert game.over and thought
