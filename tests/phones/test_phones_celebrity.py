"""Phones as private hands, Celebrity Deathmatch (issue 30): a hidden-cards game with every person on a phone
plays to its end with no hand-off, and no message to any phone holds what its seat may not know."""

from __future__ import annotations

import re
import time

import pytest

from deathmatch.launch import make_game
from deathmatch.scenes.app import App
from deathmatch.scenes.celebrity.battle import BattleScene
from deathmatch.scenes.handoff import HandOffScene
from deathmatch.scenes.title import TitleScene
from harness import DT, PhoneGame, WsPhone


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def test_four_people_on_phones_play_a_hidden_cards_game_to_its_end_with_no_hand_off(app):
    game, path = make_game(4, "colosseum", seed=8, names=["Ann", "Bob", "Cy", "Dee"], round_limit=3)
    assert game.options.hidden_cards
    pg = PhoneGame(app, {p: None for p in ("Ann", "Bob", "Cy", "Dee")})
    try:
        table = pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
        phones = [WsPhone(pg.host, p, seed=i) for i, p in enumerate(("Ann", "Bob", "Cy", "Dee"))]
        handoffs = []
        pg.run_until(lambda: (handoffs.append(isinstance(app.stack.top, HandOffScene)) or pg.front.over)
                     and all(p.last and p.last["over"] for p in phones), what="the game's end on every phone")
        assert not any(handoffs)
        assert table.viewer is None  # the screen never sat anyone down
        assert all(any(s["decision"] for s in p.states) for p in phones)  # each seat decided on its phone
        assert pg.leaks() == []
    finally:
        pg.close()


# --- what a phone seat is offered: every legal answer, in players' words -----------------------------------

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


class Fighter(WsPhone):
    """A phone answering at random as `WsPhone` does, but attacking whenever it can (so that hits come, and
    with them the push backs)."""

    async def _send(self, msg):
        if msg.get("t") == "answer" and self.received:
            d = self.received[-1].get("decision")
            if d and d["id"] == msg["d"]:
                fights = [c["i"] for c in d["choices"] if c["group"] in ("Attack", "Move + attack")]
                if fights:
                    msg = {**msg, "c": self.rng.choice(fights)}
        await super()._send(msg)


def record_offers(pg):
    """Every decision published to a phone, with what the table and the game held at that moment: (seat,
    the decision's message, the table's answers, the game's legal answers, the facing step's answer, the
    decision's kind)."""
    offers = []
    publish = pg.host.publish

    def recording(seat, message):
        if message.get("decision"):
            t = pg.table
            offers.append((seat, message["decision"], list(t.options), list(pg.front.legal(seat)), t.phone_facing,
                           t.decision.kind))
        return publish(seat, message)

    pg.host.publish = recording
    return offers


def words_of(decision) -> list[str]:
    out = [decision["prompt"]]
    for c in decision["choices"]:
        out += [c["label"], c.get("group", ""), c.get("hint", ""), c.get("who", "")]
    return out


def test_every_decision_a_phone_seat_is_asked_offers_exactly_the_legal_answers_in_players_words(app):
    """A long game of four phones answering at random (their push backs on "ask me", the default of a game
    dealt without orders): each kind of decision comes to a phone — placing, acting, a reaction window, a
    push back — and each offers exactly the game's legal answers, in the order the table takes them, every
    one worded (no snake_case, no card ids) and told apart from the others; a move or placement is then
    offered its six facings and a way back."""
    from deathmatch.scenes.celebrity import phone

    names = ("Ann", "Bob", "Cy", "Dee")
    game, path = make_game(4, "colosseum", seed=21, names=list(names), round_limit=5)
    pg = PhoneGame(app, {p: None for p in names})
    offers = record_offers(pg)
    try:
        table = pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
        phones = [Fighter(pg.host, p, seed=40 + i) for i, p in enumerate(names)]
        pg.run_until(lambda: pg.front.over and all(p.last and p.last["over"] for p in phones),
                     what="the game's end on every phone")
        ids = set(table.front.view(None).models)
        kinds = set()
        groups = set()
        for seat, d, options, legal, facing, kind in offers:
            kinds.add(kind if facing is None else "facing")
            assert len(d["choices"]) == len(options)
            if facing is None:
                assert options == legal, (seat, kind)
            else:
                assert facing in legal and options == phone.with_facings(facing) + [phone.BACK]
            labels = [c["label"] for c in d["choices"]]
            assert len(set(labels)) == len(labels), labels  # each told apart from the others
            for c in d["choices"]:
                assert c["label"] and c["group"], c
                groups.add(c["group"])
            for text in words_of(d):
                assert not SNAKE.search(text), text
                assert not any(re.search(rf"\b{re.escape(i)}\b", text) for i in ids), text  # (names are capitalised)
        assert {"place", "action", "window", "push_back", "facing"} <= kinds, kinds
        assert {"Place", "Move", "Attack", "Hold", "Pass", "Push back", "Face", "Back"} <= groups, groups
        attacks = [c for _, d, *_ in offers for c in d["choices"] if c["group"] in ("Attack", "Move + attack")]
        assert attacks and all(re.search(r"needs [1-6]\+?", c["hint"]) for c in attacks)
        # a reaction or a push back in another seat's activation is not headed "Your turn"
        statuses = {m["status"] for _, m, _ in pg.sent if m.get("t") == "state" and m.get("decision")}
        assert statuses == {"Your turn", "Quick — your answer"}, statuses
        assert pg.leaks() == []
    finally:
        pg.close()


# --- the real thing: two phones in Chromium, a person at the screen, a bot --------------------------------

def page_choices(browser):
    """The answers the phone's page shows now: (its words, the button), as a person reads them."""
    from selenium.webdriver.common.by import By

    out = []
    for b in browser.find_elements(By.CSS_SELECTOR, "button.choice"):
        if b.is_displayed() and b.is_enabled():
            label = b.find_elements(By.CSS_SELECTOR, ".label")  # (a page that shows who and the odds beside it)
            out.append(((label[0] if label else b).text.strip(), b))
    return out


def tap(browser, rng) -> str | None:
    """Tap one of the answers the page shows (an attack when there is one, else any but Back, now and
    then Back), and its "Do it" when the page asks for one (#confirm or #doit): the words tapped, None when none showed."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.by import By

    try:
        shown = page_choices(browser)
        if not shown:
            return None
        fights = [c for c in shown if c[0].startswith(("Attack", "Step"))]
        others = [c for c in shown if not c[0].startswith("Back")] or shown
        words, button = rng.choice(fights if fights and rng.random() < 0.8 else
                                   shown if rng.random() < 0.05 else others)
        button.click()
        confirm = [b for b in browser.find_elements(By.CSS_SELECTOR, "#confirm, #doit") if b.is_displayed()]
        if confirm:
            confirm[0].click()
        return words
    except (StaleElementReferenceException, WebDriverException):
        return None  # the page was drawn again under the finger (a newer state came): look again


def page_text(browser) -> str:
    from selenium.webdriver.common.by import By

    return browser.find_element(By.TAG_NAME, "body").text


def test_two_phones_in_chromium_a_person_at_the_screen_and_a_bot_play_a_hidden_cards_game_to_its_results(
        app, monkeypatch):
    """Issue 30's game: four seats — Ann and Bob on phones (the real page in headless Chromium, tapped by
    its buttons as read from the page), Cy at the screen (the screen's own buttons and hexes, passing the
    hand-offs to Cy), Dee a computer player — play a hidden-cards game to its results. Nothing another seat
    holds shows on a phone's page or in any message a phone received, nor on the screen to whoever sits at
    it (the table's leak detector: Cy once past a hand-off, everyone while a phone's seat decides); the
    screen never hands off to a phone's seat."""
    import random

    from conformance.leaks import Detector, secrets_by_viewer
    from deathmatch.bots import levels, make_bot
    from deathmatch.scenes.handoff import GUARD
    from harness import need_chromium, open_browser
    from test_client import Driver, click

    need_chromium()
    names = ["Ann", "Bob", "Cy", "Dee"]
    phones, person, bot = ("Ann", "Bob"), "Cy", "Dee"
    game, path = make_game(4, "colosseum", seed=11, names=names, round_limit=2)
    pg = PhoneGame(app, {p: None for p in phones})
    browsers = {}
    try:
        computer = make_bot(levels("celebrity")[0], seed=3, player=bot, ruleset="celebrity")
        table = pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True,
                                                auto_players={bot: computer}, auto_delay=0.0))
        det = Detector(app, game, "celebrity", monkeypatch)
        det.table = table
        for seat, size in zip(phones, ((360, 640), (412, 915))):
            browsers[seat] = open_browser(*size)
            browsers[seat].get(pg.host.url(seat))
        driver = Driver(app, table, "mouse", random.Random(11))
        driver.frames = lambda n=1, events=(): [det.frame(events if i == 0 else ()) for i in range(n)]
        rng = random.Random(11)
        tapped = {p: [] for p in phones}
        handoffs_to = []
        steps, stalled, offer = 0, 0, None
        while not game.over:
            steps += 1
            assert steps < 20000, "the game did not end"
            waiting = table.on_phone() and offer == (pg.front.answers, id(table.options))
            stalled, offer = (stalled + 1 if waiting else 0), (pg.front.answers, id(table.options))
            assert stalled < 3000, f"a phone's page offers nothing to tap for {table.decision}"
            top = app.stack.top
            if isinstance(top, HandOffScene):
                handoffs_to.append(top.player)
                if not top.ready:
                    det.frame([], GUARD)
                det.sit(top.player)  # the person called sits down, past the guard
                det.frame(click((640, 360)))
                continue
            d = table.decision
            if d is not None and d.player == person and table.stage not in ("idle", "auto") and not table.animator.busy:
                driver.step()
                continue
            if d is not None and table.on_phone(d) and not table.animator.busy:
                det.sit(None)  # a phone's turn: the screen is everyone's to look at
                seat = d.player
                before = (pg.front.answers, id(table.options))
                words = tap(browsers[seat], rng)
                if words is not None:
                    tapped[seat].append(words)
                    text = page_text(browsers[seat])
                    assert secrets_by_viewer(game, "celebrity")[seat].found_in(text) == [], text
                    for _ in range(600):  # its answer reaches the table (or the page is drawn again)
                        det.frame()
                        if (pg.front.answers, id(table.options)) != before:
                            break
                        time.sleep(0.002)
                    continue
            det.frame()
            time.sleep(0.001)
        pg.run_until(lambda: all(pg.host.connected(p) for p in phones) and table.stage == "over",
                     what="the results")
        for seat in phones:  # the results on each phone's page
            over = table.phone_over(seat)
            pg.run_until(lambda: over["head"] in page_text(browsers[seat])
                         or "game is over" in page_text(browsers[seat]).lower(), what=f"the results on {seat}'s page")
        assert all(tapped[p] for p in phones), tapped
        assert set(handoffs_to) <= {person}, handoffs_to  # never a hand-off to a phone's seat (nor the bot's)
        assert handoffs_to and driver.used  # the person at the screen was handed it, and played
        assert pg.leaks() == []
        assert det.leaks == [], [str(x) for x in det.leaks[:5]]
    finally:
        for b in browsers.values():
            b.quit()
        pg.close()


# --- standing orders, the screen's confirm, the end -------------------------------------------------------

def test_a_phone_sets_its_standing_orders_as_the_orders_screen_does_on_its_own_turn_only(app):
    """A phone's orders are the orders screen's rows (each reaction still unplayed, each model's push back),
    with its choices; one set from the phone on the seat's own decision is the game's order at once (and in
    the next state); one set on another seat's turn, or with a choice it does not have, is refused in words
    and changes nothing. With "confirm before ending an activation" on at the screen, a phone's answer still
    goes through (the page asks its own "Do it")."""
    app.settings.confirm_end = True
    names = ("Ann", "Bob")
    game, path = make_game(2, "duel_pit", seed=8, names=list(names), round_limit=2)
    pg = PhoneGame(app, {p: None for p in names})
    try:
        pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
        ann, bob = WsPhone(pg.host, "Ann", auto=False), WsPhone(pg.host, "Bob", auto=False)
        pg.run_until(lambda: any(p.last and p.last["decision"] for p in (ann, bob)), what="a first decision")
        me, other = (ann, bob) if ann.last["decision"] else (bob, ann)
        rows = me.last["orders"]
        assert not any(r.get("locked") for r in rows)  # (the other seat's page greys its orders, and says why)
        assert other.last["orders"] and all(r.get("locked") for r in other.last["orders"])
        assert rows and all(r["label"] and r["values"] and not SNAKE.search(r["label"] + r["hint"]) for r in rows)
        push = [r for r in rows if "pushed back" in r["label"]]
        assert len(push) == len([m for m in pg.front.view(me.seat).models.values() if m.player == me.seat])
        row = push[0]
        assert [v for v, _ in row["values"]] == ["ask", "safer"] and row["value"] == "ask"
        me.send({"t": "order", "o": row["id"], "v": "safer"})
        pg.run_until(lambda: any(r["id"] == row["id"] and r["value"] == "safer" for r in me.last["orders"]),
                     what="the order on the phone")
        assert ("safer" in dict(pg.front.view(me.seat).orders).values())
        errors = len(other.errors)
        other.send({"t": "order", "o": other.last["orders"][0]["id"], "v": "ask"})  # not its turn
        me.send({"t": "order", "o": row["id"], "v": "sometimes"})  # no such choice
        pg.run_until(lambda: len(other.errors) > errors and me.errors, what="two refusals")
        assert all(e["text"] and not SNAKE.search(e["text"]) for e in other.errors + me.errors), other.errors
        # answered on the phone, to the end, with the screen's confirm on
        ann.auto = bob.auto = True
        me.answer(0)
        pg.run_until(lambda: pg.front.over and ann.last["over"] and bob.last["over"], what="the end")
        over = ann.last["over"]
        assert over["head"].endswith("!") and len(over["lines"]) == 3  # how it ended, then both seats' VP
        assert any("Ann (you)" in line and "VP" in line for line in over["lines"])
        assert pg.leaks() == []
    finally:
        pg.close()


def test_the_phone_words_for_ways_odds_and_jumps():
    """The words a phone says a hex, a way and a chance in: the eight ways of the board's picture, the chance
    of a roll as a table says it, and every hex within reach told apart from every other."""
    from deathmatch.board.hex import Hex
    from deathmatch.scenes.celebrity.phone import compass, jump_words, odds, path_words

    assert [compass(a) for a in (0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330)] == [
        "east", "north-east", "north-east", "north", "north-west", "north-west", "west", "south-west",
        "south-west", "south", "south-east", "south-east"]
    assert [odds(n) for n in (1, 2, 3, 4, 5, 6, 7)] == ["sure", "5 in 6", "2 in 3", "1 in 2", "1 in 3", "1 in 6",
                                                         "no chance"]
    ways = {0: "east", 1: "north-east", 2: "north-west", 3: "west", 4: "south-west", 5: "south-east"}
    said = [jump_words((0, 0), h, ways) for h in Hex(0, 0).spiral(4)[1:]]
    assert len(set(said)) == len(said) and "a hex" not in " ".join(said)
    assert jump_words((0, 0), Hex(3, -1), ways) == "2 hexes east and 1 north-east"
    assert path_words((0, 0), (Hex(1, 0), Hex(2, 0)), ways) == "2 hexes east"
    assert path_words((0, 0), (Hex(1, -1), Hex(2, -1)), ways) == "north-east, then east"


def test_the_screen_never_takes_back_a_phone_seats_answer(app):
    """A phone seat's answer is its own: the person at the screen is someone else, so neither the hand-off to
    them nor the table offers 'Ann: undo your last move' after Ann answered on her phone (the screen's U took
    Ann's placement back under her: the log said 'Ann takes back their last move')."""
    import random

    from test_client import Driver, click

    game, path = make_game(2, "duel_pit", seed=8, names=["Ann", "Bob"], round_limit=1)
    pg = PhoneGame(app, {"Ann": None})
    try:
        table = pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
        WsPhone(pg.host, "Ann", seed=1)
        driver = Driver(app, table, "mouse", random.Random(1))
        last, after_ann = None, 0
        for _ in range(20000):
            if game.over or after_ann >= 2:
                break
            assert table.undo_steps()[0] != "Ann" and not table.can_undo(for_player="Ann")
            top = app.stack.top
            if isinstance(top, HandOffScene):
                assert top.undo_for() is None, top.undo_for()
                after_ann += last == "Ann"
                app.frame([], 1.0)  # (past the guard)
                app.frame(click((640, 360)), DT)
                continue
            d = table.decision
            if d is not None:
                last = d.player
                if d.player == "Bob" and table.stage not in ("idle", "auto") and not table.animator.busy:
                    driver.step()
                    continue
            pg.frame()
            time.sleep(0.002)
        assert after_ann, "no hand-off to Bob came right after an answer on Ann's phone"
        assert pg.leaks() == []
    finally:
        pg.close()
