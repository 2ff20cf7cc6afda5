"""Phones as private hands, Gladiator! (issue 30): two people fight a bout from their phones — the initiative,
the posture, the orders of a half (an advance and the way he faces at its end, a turn, an attack with the
odds the table shows), calling on the gods, the experience cards — every question asked of a phone offers
the table's legal answers, each in players' words; the standing order for calling on the gods is set from
the phone; and the real page in Chromium fights a bout to its end."""

from __future__ import annotations

import os
import re

import pygame
import pytest

from deathmatch.board import hexagon
from deathmatch.rulesets.gladiator.state import Options
from deathmatch.scenes.app import App
from deathmatch.scenes.gladiator import newgame
from deathmatch.scenes.gladiator.bout import GladiatorTable
from deathmatch.scenes.handoff import HandOffScene
from deathmatch.scenes.title import TitleScene
from harness import DT, PhoneGame, WsPhone, need_chromium, open_browser, strings_in
from players import Chooser, PagePlayer

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


def bout(seed=5, gods=None):
    """Spartacus (a Thracian with a card) against Nereus (a Retiarius with a net and a card) on a small sand."""
    lib = newgame.library()
    return newgame.new_game(hexagon(3), [("Ann", ["spartacus"]), ("Bob", ["nereus"])], lib, Options(), seed=seed,
                            gods=gods or {"Ann": "ask", "Bob": "ask"})


PREFERRED = ("Attack ", "Frenzied", "Throw the net", "next to", "(toward", "Call on the gods", "Play ", "Go first",
             "Attack")
"""What a fighter on a phone picks first (a short bout): the words of a choice's label."""


def preferred(labels: list[str], n: int) -> int:
    """A choice's index for decision number `n`: mostly the boldest on offer (`PREFERRED`), now and then another."""
    if n % 5:
        for word in PREFERRED:
            for i, label in enumerate(labels):
                if label.startswith(word) or (word[0] in "n(" and word in label):
                    return i
    return n * 7 % len(labels)


def check_words(pg):
    asked = 0
    for seat, msg, _ in pg.sent:
        if msg.get("t") != "state":
            continue
        for h in msg["hand"]:
            assert h["title"] and all(h["lines"]), h
        for text in strings_in({k: v for k, v in msg.items() if k not in ("log", "recap", "orders")}):
            assert not SNAKE.search(text), (seat, text)
        for o in msg["orders"]:
            assert o["label"] and o["hint"] and all(w for _, w in o["values"])
        d = msg["decision"]
        if d is None:
            continue
        asked += 1
        assert d["prompt"]
        for c in d["choices"]:
            assert c["label"].strip() and c.get("group", "x").strip(), c
    return asked


def test_two_phones_fight_a_bout_to_its_end_with_the_tables_answers(app):
    pg = PhoneGame(app, {"Ann": None, "Bob": None})
    try:
        table = pg.open(lambda app: GladiatorTable(app, bout(seed=7), None, anim_speed=60.0, handoff=True,
                                                   auto_delay=0.0))
        kinds, facings = [], []

        def watch():
            d = table.decision
            if d is not None and table.stage == "auto" and table.on_phone(d):
                msg = table.phones.message(d.player)
                n = len(msg["decision"]["choices"])
                if table.move is not None:  # an advance's last question: each legal facing, and back
                    facings.append(n)
                    assert n == 1 + sum(1 for k in range(6) if pg.front.is_legal(
                        d.player, type(table.move)(table.move.player, table.move.man, table.move.path, k)))
                else:
                    assert n == len(pg.front.legal(d.player))
                    assert sorted(map(repr, table.options)) == sorted(map(repr, pg.front.legal(d.player)))
                kinds.append(d.kind)
            return pg.front.over

        phones = [Chooser(pg.host, p, preferred) for p in ("Ann", "Bob")]
        handoffs = []
        pg.run_until(lambda: (handoffs.append(isinstance(app.stack.top, HandOffScene)) or watch())
                     and all(p.last and p.last["over"] for p in phones), what="the bout's end on both phones")
        assert not any(handoffs)
        assert {"posture", "order", "reroll"} <= set(kinds)
        assert facings  # an advance asked which way he faces at its end
        # a question out of the seat's own half says what it is, not "Your turn"
        dice = [st for p in phones for st in p.states if st["decision"] and st["decision"]["choices"][0]["group"] == "The die"]
        assert dice and all(st["status"] == "Call on the gods?" for st in dice)
        assert check_words(pg) > 10
        assert all(p.last["over"]["head"] for p in phones)
        assert pg.leaks() == []
        # each phone's hand: its own man first, his card, then the man he fights
        ann = phones[0].states[1]["hand"]
        assert ann[0]["title"].startswith("Spartacus") and ann[0]["tag"] == "your man"
        assert ann[1]["title"] == "Blood Up" and "exchange" in ann[1]["lines"][0]
        assert ann[-1]["title"].startswith("Nereus") and ann[-1]["tag"] == "your opponent"
        # an attack says the exchange's odds as the table's odds panel does
        hints = [c.get("hint", "") for p in phones for s in p.states if s["decision"]
                 for c in s["decision"]["choices"] if c["label"].startswith(("Attack ", "Frenzied"))]
        assert hints and all(re.search(r"wound (him|her|them|it) \d+% · be wounded \d+%", h) for h in hints)
        ats = [c["at"] for p in phones for s in p.states if s["decision"] for c in s["decision"]["choices"] if "at" in c]
        assert ats and all(0 <= x <= 1 and 0 <= y <= 1 for x, y in ats)
    finally:
        pg.close()


def a_phone_against_a_bot(app):
    """Ann on a phone (answering by hand) against Bob, a computer seat, run to Ann's first question: (the
    PhoneGame, the table, Ann's phone). The caller closes the PhoneGame."""
    pg = PhoneGame(app, {"Ann": None})
    try:
        table = pg.open(lambda app: GladiatorTable(app, bout(), None, anim_speed=60.0, handoff=True, auto_delay=0.0,
                                                   auto_players={"Bob": None}))
        ann = WsPhone(pg.host, "Ann", auto=False)
        pg.run_until(lambda: ann.last is not None and ann.last["decision"] is not None, what="Ann's first question")
    except BaseException:
        pg.close()
        raise
    return pg, table, ann


def test_the_phone_sets_when_it_is_asked_to_call_on_the_gods(app):
    pg, table, ann = a_phone_against_a_bot(app)
    try:
        order = ann.last["orders"][0]
        assert order["label"] == "Calling on the gods" and order["value"] == "ask"
        assert [w for _, w in order["values"]] == ["Only when it can change the result", "Ask me every die", "Never"]
        waiting = table.decision
        ann.send({"t": "order", "o": order["id"], "v": "never"})
        pg.run_until(lambda: pg.front.view("Ann").gods_orders["Ann"] == "never"
                     and ann.last["orders"][0]["value"] == "never", what="the order taken")
        assert table.decision == waiting and ann.last["decision"]  # a side answer: the question waits as it was
        for wrong in ({"t": "order", "o": order["id"], "v": "auto"}, {"t": "order", "o": "push_back", "v": "never"}):
            errors = len(ann.errors)
            ann.send(wrong)
            pg.run_until(lambda: len(ann.errors) > errors, what="the refusal")
            assert ann.errors[-1]["code"] == "bad_order"
        assert pg.front.view("Ann").gods_orders["Ann"] == "never"
        ann.close()
        assert pg.leaks() == []
    finally:
        pg.close()


def test_an_advance_on_the_phone_asks_which_way_he_faces_at_its_end(app):
    """As the table's facing stage: each legal facing and back to the orders; a second tap on the orders (the
    same advance again) is refused as stale, never taken as a facing; the facing picked is the advance's."""
    pg = PhoneGame(app, {"Ann": None})
    try:
        table = pg.open(lambda app: GladiatorTable(app, bout(), None, anim_speed=60.0, handoff=True, auto_delay=0.0,
                                                   auto_players={"Bob": None}))
        ann = WsPhone(pg.host, "Ann", auto=False)

        def advance_offered():
            d = ann.last and ann.last["decision"]
            if d and table.decision is not None and table.decision.player == "Ann" and d["id"] == \
                    table.phones.decision_id:
                if any(c["label"].startswith("Advance") for c in d["choices"]):
                    return True
                ann.answer(preferred([c["label"] for c in d["choices"]], 1))  # (on to his orders: the bout's first)
                pg.run_until(lambda: ann.last["decision"] is None or ann.last["decision"]["id"] != d["id"])
            return False

        pg.run_until(advance_offered, what="Ann's orders with an advance")
        orders = ann.last["decision"]
        i = next(c["i"] for c in orders["choices"] if c["label"].startswith("Advance"))
        ann.answer(i)
        pg.run_until(lambda: ann.last["decision"]["id"] != orders["id"], what="the facing question")
        facing = ann.last["decision"]
        assert "which way does he face at the end" in facing["prompt"]
        labels = [c["label"] for c in facing["choices"]]
        assert labels[-1] == "Back to the orders" and all(x.startswith("Face ") for x in labels[:-1])
        assert any("the way he steps)" in x for x in labels) and 2 <= len(labels) <= 7
        errors = len(ann.errors)
        ann.answer(0, decision=orders["id"])  # the advance tapped twice
        pg.run_until(lambda: len(ann.errors) > errors, what="the refusal")
        assert ann.errors[-1]["code"] == "stale" and table.move is not None
        ann.answer(len(labels) - 1)  # back
        pg.run_until(lambda: table.move is None and ann.last["decision"]["id"] not in (orders["id"], facing["id"]),
                     what="the orders again (a new number: a tap on the facing list before is stale)")
        assert [c["label"] for c in ann.last["decision"]["choices"]] == [c["label"] for c in orders["choices"]]
        ann.answer(i)
        pg.run_until(lambda: ann.last["decision"]["prompt"] == facing["prompt"] and table.move is not None)
        k = next(c["i"] for c in ann.last["decision"]["choices"] if "the way he steps" not in c["label"])
        picked = table.options[k]
        ann.answer(k)
        pg.run_until(lambda: pg.front.hand_to(lambda g: g.history[-1] if g.history else None) == picked,
                     what="the advance with its facing applied")
        ann.close()
        assert pg.leaks() == []
    finally:
        pg.close()


def test_the_phone_page_in_a_real_browser_fights_a_bout_to_its_end(app):
    need_chromium()
    pg = PhoneGame(app, {"Ann": None})
    table = pg.open(lambda app: GladiatorTable(app, bout(seed=3), None, anim_speed=60.0, handoff=True,
                                               auto_delay=0.0, auto_players={"Bob": None}))
    driver = open_browser(360, 640)
    try:
        pg.run_until(lambda: pg.host.listening, what="the server")
        driver.get(pg.host.url("Ann"))
        ann = PagePlayer(pg, table, driver, "Ann", lambda labels: preferred(labels, pg.front.answers), SHOTS, "gladiator")
        ann.play()
        assert ann.taps > 3 and {"posture", "order"} <= ann.kinds
        assert pg.leaks() == []
    finally:
        driver.quit()
        pg.close()


def test_the_game_menu_at_the_computer_pauses_a_phones_decision(app):
    """Esc's game menu opened at the computer while it is a phone's decision: the game holds, so the phone is
    told it is paused there and its choices are taken back (a tap would wait unanswered); Resume offers the
    same choices again and the phone's answer is taken."""
    from test_client import press

    from deathmatch.scenes.pause import PauseMenu

    pg, table, ann = a_phone_against_a_bot(app)
    try:
        asked, answers = ann.last["decision"], pg.front.answers
        app.frame(press(pygame.K_ESCAPE), DT)
        assert isinstance(app.stack.top, PauseMenu)
        pg.run_until(lambda: ann.last["decision"] is None, what="the phone told of the pause")
        assert ann.last["status"] == "Your turn · paused at the computer" and "menu open" in ann.last["sub"]
        ann.answer(asked["choices"][0]["i"], decision=asked["id"])  # a tap already on its way: it waits for the game, unanswered
        for _ in range(120):
            pg.frame()
        assert pg.front.answers == answers and ann.last["decision"] is None and not ann.errors
        app.frame(press(pygame.K_ESCAPE), DT)  # Resume
        assert app.stack.top is table
        pg.run_until(lambda: pg.front.answers > answers, what="the waiting answer taken after Resume")
        assert asked["choices"] and "sub" not in ann.last and pg.leaks() == []
    finally:
        pg.close()
