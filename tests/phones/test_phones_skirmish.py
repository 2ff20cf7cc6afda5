"""Phones as private hands, Chessboard Skirmish (issue 30): two people play a whole game from their phones —
placing, picking, moving, attacking with the table's odds, the hero's re-roll — every question asked of a
phone offers exactly the table's legal answers, each in players' words; and the real page in Chromium plays
a small game to its end."""

from __future__ import annotations

import os
import re

import pytest

from deathmatch.board import arena as arenas
from deathmatch.core import registry
from deathmatch.scenes.app import App
from deathmatch.scenes.handoff import HandOffScene
from deathmatch.scenes.skirmish.battle import SkirmishTable
from deathmatch.scenes.title import TitleScene
from harness import DT, PhoneGame, need_chromium, open_browser, strings_in
from players import Chooser, PagePlayer, first_of

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SHOTS = os.environ.get("PHONE_SHOTS")  # a folder to keep pictures of the page in (by hand)


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def small_game(points=20, seed=9, scenario="survival"):
    """Two small armies on a 6 × 6 board; Survival ends after round 3 however the dice fall."""
    return registry.get("skirmish").quick_game(["Red", "Blue"], arenas.square(6, 6), seed, points=points,
                                               scenario=scenario)


FIGHT = ("Melee", "Shoot", "Re-roll")


def fight(labels: list[str], n: int) -> int:
    """Mostly an attack when there is one (a short game that comes to blows), else a choice by the number `n`."""
    return first_of(FIGHT if n % 3 else (), labels, n)


def check_words(pg, phones):
    """Every question a phone was asked: the table's legal answers, all of them, each worded for a player."""
    asked = 0
    for seat, msg, _ in pg.sent:
        if msg.get("t") != "state":
            continue
        for h in msg["hand"]:
            assert h["title"] and all(h["lines"]), h
        for text in strings_in({k: v for k, v in msg.items() if k not in ("log", "recap")}):
            assert not SNAKE.search(text), (seat, text)
        d = msg["decision"]
        if d is None:
            continue
        asked += 1
        assert d["prompt"]
        for c in d["choices"]:
            assert c["label"].strip() and c.get("group", "x").strip(), c
    return asked


def test_two_phones_play_a_skirmish_game_to_its_end_with_the_tables_answers(app):
    game = small_game(points=20, seed=9)
    pg = PhoneGame(app, {"Red": None, "Blue": None})
    try:
        table = pg.open(lambda app: SkirmishTable(app, game, None, anim_speed=60.0, handoff=True, auto_delay=0.0))
        counts = []

        def watch():
            d = table.decision
            if d is not None and table.stage == "auto" and table.on_phone(d):
                msg = table.phones.message(d.player)
                assert msg["decision"] is not None
                assert len(msg["decision"]["choices"]) == len(pg.front.legal(d.player))
                counts.append(d.kind)
            return pg.front.over

        phones = [Chooser(pg.host, p, fight) for p in ("Red", "Blue")]
        handoffs = []
        pg.run_until(lambda: (handoffs.append(isinstance(app.stack.top, HandOffScene)) or watch())
                     and all(p.last and p.last["over"] for p in phones), what="the game's end on both phones")
        assert not any(handoffs)
        assert {"place", "pick", "act"} <= set(counts)
        assert check_words(pg, phones) > 10
        assert all(p.last["over"]["head"] for p in phones)
        assert pg.leaks() == []
        # the army on each phone is its own: Red's phone shows Red's miniatures
        red = phones[0].last["hand"]
        assert len(red) == len([m for m in pg.front.view("Red").minis.values() if m.owner == "Red"])
        # an attack says its odds as the table's target tag does ("d8 vs d6: 37 %")
        hints = [c.get("hint", "") for p in phones for s in p.states if s["decision"]
                 for c in s["decision"]["choices"] if c.get("group") == "Attack"]
        assert hints and all(re.search(r"d\d+.* vs d\d+: \d+ %", h) for h in hints)
        # a choice that stands on the board names its square on the board's picture
        ats = [c["at"] for p in phones for s in p.states if s["decision"] for c in s["decision"]["choices"] if "at" in c]
        assert ats and all(0 <= x <= 1 and 0 <= y <= 1 for x, y in ats)
    finally:
        pg.close()


def test_a_hero_re_roll_is_asked_on_the_phone_with_its_chance(app):
    """Heroes re-roll: the phone asks "Re-roll or keep?" with the table's words of what a new die brings."""
    found = None
    for seed in range(1, 40):
        game = small_game(points=30, seed=seed)
        if any(m.spec.hero for m in game.state.minis.values()):
            found = game
            break
    assert found is not None
    pg = PhoneGame(app, {"Red": None, "Blue": None})
    try:
        table = pg.open(lambda app: SkirmishTable(app, found, None, anim_speed=60.0, handoff=True, auto_delay=0.0))
        phones = [Chooser(pg.host, p, fight) for p in ("Red", "Blue")]
        pg.run_until(lambda: pg.front.over and all(p.last and p.last["over"] for p in phones),
                     what="the game's end on both phones")
        rerolls = [s["decision"] for p in phones for s in p.states
                   if s["decision"] and s["decision"]["choices"][0].get("group") == "Hero re-roll"]
        assert table is not None
        assert rerolls
        for d in rerolls:
            assert "Re-roll or keep?" in d["prompt"] and re.search(r"\d+ times? in \d+", d["prompt"])
            assert [c["label"] for c in d["choices"]] == ["Re-roll", "Keep"]
        assert pg.leaks() == []
    finally:
        pg.close()


def test_the_phone_page_in_a_real_browser_plays_a_small_skirmish_game_to_its_end(app):
    need_chromium()
    game = small_game(points=20, seed=4)
    pg = PhoneGame(app, {"Red": None})
    table = pg.open(lambda app: SkirmishTable(app, game, None, anim_speed=60.0, handoff=True, auto_delay=0.0,
                                              auto_players={"Blue": None}))
    driver = open_browser(360, 640)
    try:
        pg.run_until(lambda: pg.host.listening, what="the server")
        driver.get(pg.host.url("Red"))
        red = PagePlayer(pg, table, driver, "Red", lambda labels: fight(labels, pg.front.answers), SHOTS, "skirmish")
        red.play()
        assert red.taps > 3 and {"place", "pick", "act"} <= red.kinds
        assert pg.leaks() == []
    finally:
        driver.quit()
        pg.close()
