"""The phone's page (issue 30): what each friend holds in their hand all night, in a real browser (headless
Chromium at 360×640 and 412×915) on a real game's table.

The games' own words for the phone (labels, groups, odds, hands, orders, where each choice stands on the
board) are each game's; this file tests the page, so it dresses a Chessboard Skirmish table with words of
every shape the message allows (`dress`). What is asserted is the page's behaviour: a decision answered by
tapping (with a confirm step, sent once however often it is tapped), the board's markers selecting the
choices there, standing orders sent, the recap dismissed, an error shown without losing the page, a dropped
link coming back with the state, the end, and the page's layout (nothing wider than the phone, tap targets
of 48 px and more, no text under 16 px).

PHONE_SHOTS=<folder> saves screenshots of the page at both sizes (a decision with many choices, the
confirm step, sent, waiting, the hand and the orders, the end) for a person to look at.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from deathmatch.launch import make_game
from deathmatch.scenes.app import App
from deathmatch.scenes.title import TitleScene
from harness import DT, PhoneGame, WsPhone, need_chromium, open_browser

SIZES = [(360, 640), (412, 915)]
SHOTS = os.environ.get("PHONE_SHOTS")


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def square_words(sq) -> str:
    return f"{chr(97 + sq.x)}{sq.y + 1}"


def dress(table):
    """Words of every shape the phone's message allows on a Skirmish table (see the module's words): groups,
    odds, the piece acting, a hand of cards, two standing orders (a short one and a long one) and each
    choice's square on the board's picture. Returns the orders set from the phone, as (seat, id, value)."""
    kinds = {"Place": "Place", "Pick": "Pick", "Move": "Move", "Attack": "Attack", "PickUp": "Retrieve",
             "Drop": "Retrieve", "End": "Pass", "Pass": "Pass", "Reroll": "Re-roll"}

    def choice(a, seat):
        kind = type(a).__name__
        mini = getattr(a, "mini", None)
        if kind == "Place":
            label = f"Place at {square_words(a.at)}"
        elif kind == "Move":
            label = "Move to " + square_words(a.path[-1])
        elif kind == "Attack":
            label = f"Attack {a.target} ({a.mode})"
        elif kind == "Reroll":
            label = "Roll again" if a.yes else "Keep the roll"
        else:
            label = {"Pick": "Act now", "End": "End the turn", "Pass": "Pass"}.get(kind, kind)
        c = {"label": label, "group": kinds.get(kind, "")}
        if mini:
            c["who"] = f"Miniature {mini}"
        if kind == "Attack":
            c["hint"] = "needs 4+ (1 in 2)"
        return c

    def cell(a, seat):
        if hasattr(a, "at"):
            return a.at
        path = getattr(a, "path", None)
        return path[-1] if path else None

    def where(c):
        if c is None:
            return None
        x, y = table.board.square_center(c)
        r = table.board_rect
        return [round((x - r.x) / r.w, 4), round((y - r.y) / r.h, 4)]

    orders = {"stance": "ask", "retreat": "never"}
    sets = []

    def phone_orders(seat):
        return [{"id": "stance", "label": "When attacked", "value": orders["stance"],
                 "values": [["ask", "Ask me"], ["guard", "Guard"], ["dodge", "Dodge"]],
                 "hint": "Guard: +1 armour. Dodge: a free step away."},
                {"id": "retreat", "label": "Retreat when hurt", "value": orders["retreat"],
                 "values": [["never", "Never"], ["half", "At half health or less"],
                            ["one", "At one wound left"], ["ask", "Ask me each time"]]}]

    def set_order(seat, order, value):
        if order not in orders or value not in [v for v, _ in next(o for o in phone_orders(seat)
                                                                    if o["id"] == order)["values"]]:
            return None
        sets.append((seat, order, value))
        return (order, value)

    def side_answer(seat, action):
        order, value = action
        orders[order] = value
        table.phones.changed()

    table.phone_choice = choice
    table.phone_cell = cell
    table.phones.where = where
    table.phone_hand = lambda seat: [
        {"title": "Forced March", "lines": ["Once a game: move two squares more.", "Not played yet."],
         "tag": "secret"},
        {"title": "Shield Wall", "lines": ["+1 armour to every friend next to the bearer."]}]
    table.phone_orders = phone_orders
    table.phone_set_order = set_order
    table.apply_side_answer = side_answer
    table.phone_prompt = lambda seat: "Your move: pick a square or a miniature"
    return sets


class Page:
    """Ann's page in headless Chromium on a dressed Skirmish table, Bob a WebSocket phone answering at random."""

    def __init__(self, app, size=(360, 640), *, arena="open_field", seed=3, bob=True):
        need_chromium()
        self.pg = PhoneGame(app, {"Ann": None, "Bob": None})
        game, path = make_game(2, arena, seed, names=["Ann", "Bob"], ruleset="skirmish")
        self.table = self.pg.open(lambda app: app.play(game, path))
        self.sets = dress(self.table)
        self.table.phones.changed()
        self.handled: list[tuple[str, dict]] = []
        handle = self.table.phones.handle

        def recorded(seat, msg):
            self.handled.append((seat, msg))
            return handle(seat, msg)

        self.table.phones.handle = recorded
        self.bob = WsPhone(self.pg.host, "Bob", seed=1) if bob else None
        self.driver = open_browser(*size)
        self.size = size
        self.driver.get(self.pg.host.url("Ann"))

    # --- the page, as the test reads it ---------------------------------------------------------------
    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def data(self, name):
        return self.js(f"return document.documentElement.dataset[{name!r}] || ''")

    def css(self, selector):
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def visible(self, selector) -> bool:
        return bool(self.js("const e = document.querySelector(arguments[0]);"
                            "return !!e && !e.closest('[hidden]') && e.getClientRects().length > 0", selector))

    def text(self, selector) -> str:
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", selector)

    def until(self, cond, what=""):
        """Run the table's frames until `cond()` holds (the page's and the game's threads get their turns)."""
        self.pg.run_until(cond, what=what)

    def decided(self) -> bool:
        return bool(self.data("decision")) and self.visible("#choices button.choice")

    def wait_decision(self):
        self.until(lambda: self.decided() and self.pg.front.turn == "Ann" and self.js(
                       "const i = document.getElementById('pic-img'); return !!i && i.complete && i.naturalWidth > 0"),
                   what="Ann's decision on her page, with the board")

    def play_until(self, wanted, limit: int = 400):
        """Answer Ann's decisions at the table's door (as her phone would: the first choice, the same path as
        the page's answers) until she is asked one whose options `wanted(options)` likes."""
        t = self.table
        for _ in range(limit):
            self.until(lambda: self.pg.front.turn == "Ann" and t.on_phone() and t.stage == "auto"
                       and t.phones.decision_id is not None and not t.phones.dirty, what="Ann's decision")
            if wanted(t.options):
                return
            t.phones.handle("Ann", {"t": "answer", "d": t.phones.decision_id, "c": 0})
        raise AssertionError("Ann was never asked such a decision")

    def choice(self, k: int):
        """The k-th choice button on the page now (the page draws its list again after every tap)."""
        return self.css("#choices button.choice")[k]

    def answers_from_ann(self) -> list[dict]:
        return [m for s, m in self.handled if s == "Ann" and m["t"] == "answer"]

    def shot(self, name):
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            self.driver.save_screenshot(str(Path(SHOTS) / f"{name}-{self.size[0]}x{self.size[1]}.png"))

    def close(self):
        try:
            self.driver.quit()
        finally:
            self.pg.close()


@pytest.fixture
def page(app, request):
    p = Page(app, getattr(request, "param", (360, 640)))
    yield p
    p.close()


def tap(element):
    """A thumb's tap: on the element, scrolled to the middle of the screen as a person would."""
    element.parent.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def test_a_decision_is_answered_by_a_tap_and_a_confirm_and_the_game_moves_on(page):
    page.wait_decision()
    assert page.text("#status-head") == "Your turn"
    assert "pick a square" in page.text("#status-sub")
    assert page.js("return document.title").startswith("● Your turn")
    before = page.pg.front.answers
    tap(page.choice(0))
    # a tap only picks: the choice is highlighted, "Do it" and "Back" wait; nothing is sent
    assert page.choice(0).get_attribute("aria-pressed") == "true"
    assert page.visible("#doit") and page.visible("#back")
    label = page.choice(0).find_element("css selector", ".label").text
    assert label and label in page.text("#bar-what")
    for _ in range(30):
        page.pg.frame()
    assert page.pg.front.answers == before and page.answers_from_ann() == []
    # Back: nothing chosen
    tap(page.css("#back")[0])
    assert not page.visible("#bar") and page.choice(0).get_attribute("aria-pressed") == "false"
    # choose the second one, and do it
    page.js("window.buzzes = []; navigator.vibrate = (p) => { window.buzzes.push(p); return true; }")
    tap(page.choice(1))
    tap(page.css("#doit")[0])
    assert "Sent — waiting for the table" in page.text("#bar")
    assert all(not b.is_enabled() for b in page.css("#choices button.choice"))
    page.until(lambda: page.pg.front.answers > before, what="Ann's answer taken")
    sent = page.answers_from_ann()
    assert len(sent) == 1 and sent[0]["c"] == 1
    # the next decision of hers buzzes the phone once and says so in the tab's title
    page.until(lambda: page.decided() and page.data("decision") != str(sent[0]["d"]), what="Ann's next decision")
    assert page.js("return document.title").startswith("● Your turn")
    page.table.phones.changed()  # the same decision sent again (a new picture, say): no second buzz
    for _ in range(20):
        page.pg.frame()
    assert len(page.js("return window.buzzes")) == 1


def test_a_double_tap_sends_one_answer(page):
    page.wait_decision()
    before = page.pg.front.answers
    tap(page.css("#choices button.choice")[0])
    doit = page.css("#doit")[0]
    # two taps in the same instant (a thumb's double tap), then a third on what is left of the bar
    page.js("arguments[0].click(); arguments[0].click();", doit)
    page.js("document.getElementById('doit').click(); "
            "const c = document.querySelector('#choices button.choice'); if (c) c.click();")
    page.until(lambda: page.pg.front.answers > before, what="Ann's answer taken")
    for _ in range(60):
        page.pg.frame()
    assert len(page.answers_from_ann()) == 1


def test_board_markers_select_the_choices_at_their_spot(page):
    page.wait_decision()
    every = json.loads(page.pg.host.state("Ann"))["decision"]["choices"]
    at = {c["i"]: c.get("at") for c in every}
    marks = page.css("#marks .mark")
    assert len(marks) >= 2 and len(every) >= len(marks)
    # each marker sits on the picture where its choice's square is
    box = page.js("return document.getElementById('pic-img').getBoundingClientRect().toJSON()")
    for m in marks:
        r = m.rect
        cx, cy = r["x"] + r["width"] / 2, r["y"] + r["height"] / 2
        assert box["left"] <= cx <= box["right"] and box["top"] <= cy <= box["bottom"]
    spot = marks[-1].get_attribute("data-spot")
    tap(marks[-1])
    assert page.visible("#filter")
    shown = page.css("#choices button.choice")
    assert 1 <= len(shown) < len(every)
    for b in shown:
        fx, fy = at[int(b.get_attribute("data-i"))]
        assert f"{fx:.3f},{fy:.3f}" == spot
    assert "on" in page.css(f'#marks .mark[data-spot="{spot}"]')[0].get_attribute("class")
    if len(shown) == 1:  # the only choice there is picked; it still waits for "Do it"
        assert shown[0].get_attribute("aria-pressed") == "true" and page.visible("#doit")
    tap(page.css("#filter-all")[0])
    assert not page.visible("#filter")
    for more in page.css("#choices button.more"):  # a long group shows its first few and "Show all"
        tap(more)
    assert len(page.css("#choices button.choice")) == len(every)
    # picking from the list marks that choice's spot on the board
    tap(page.css("#choices button.choice")[0])
    assert len(page.css("#marks .mark.chosen")) == 1


def test_standing_orders_are_sent_and_shown_as_the_game_has_them(page):
    page.wait_decision()
    assert page.visible("#orders") and page.visible("#hand")
    assert "Forced March" in page.text("#cards") and "secret" in page.text("#cards")
    guard = page.css('.seg button[data-value="guard"]')[0]
    tap(guard)
    page.until(lambda: ("Ann", "stance", "guard") in page.sets and page.js(
        "const b = document.querySelector('.seg button[data-value=\"guard\"]');"
        "return b.getAttribute('aria-pressed') === 'true' && !b.classList.contains('pending')"),
        what="the order set and shown")
    from selenium.webdriver.support.ui import Select

    Select(page.css('select[data-order="retreat"]')[0]).select_by_value("half")
    page.until(lambda: ("Ann", "retreat", "half") in page.sets and not page.visible(".order .saving"),
               what="the second order set")
    assert Select(page.css('select[data-order="retreat"]')[0]).first_selected_option.get_attribute("value") == "half"
    msgs = [m for s, m in page.handled if m["t"] == "order"]
    assert [(m["o"], m["v"]) for m in msgs] == [("stance", "guard"), ("retreat", "half")]


def test_the_recap_is_dismissed_once_and_an_error_is_shown_without_losing_the_page(page):
    page.wait_decision()
    # play on until something happened since Ann's last turn
    for _ in range(6):
        if page.visible("#recap"):
            break
        before = page.pg.front.answers
        tap(page.css("#choices button.choice")[0])
        tap(page.css("#doit")[0])
        page.until(lambda: page.pg.front.answers > before)
        page.wait_decision()
    assert page.visible("#recap"), "nothing to recap after six turns"
    tap(page.css("#recap-ok")[0])
    assert not page.visible("#recap")
    page.until(lambda: any(s == "Ann" and m["t"] == "recap" for s, m in page.handled)
               and json.loads(page.pg.host.state("Ann"))["recap"]["lines"] == [], what="the recap's dismissal")
    page.driver.refresh()  # (a reload: the game itself now sends no recap)
    page.wait_decision()
    assert not page.visible("#recap")
    page.pg.host.tell("Ann", {"t": "error", "code": "stale", "text": "That decision was already answered."})
    page.until(lambda: page.visible("#toast"), what="the error shown")
    assert page.text("#toast-text") == "That decision was already answered."
    assert page.decided()  # the page is still there, the decision too
    tap(page.css("#toast-x")[0])
    assert not page.visible("#toast")


def test_a_dropped_link_comes_back_with_the_state_and_the_decision_still_answerable(page):
    page.wait_decision()
    seq = page.data("seq")
    tap(page.css("#choices button.choice")[0])
    page.js("window.deathmatchPhone.drop()")
    page.until(lambda: page.data("lost") == "1", what="the link lost")
    if page.data("link") != "connected":  # (it may be back already: the page reconnects in under a second)
        assert "Reconnecting" in page.text("#link")
    page.until(lambda: page.data("opened") == "2" and page.data("link") == "connected"
               and page.pg.host.connected("Ann"), what="back")
    assert int(page.data("seq")) >= int(seq) and page.decided()
    # a phone that slept: back in view, it checks its link at once (a ping) and stays connected
    page.js("Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});"
            "document.dispatchEvent(new Event('visibilitychange'))")
    before = page.pg.front.answers
    tap(page.css("#choices button.choice")[0])
    tap(page.css("#doit")[0])
    page.until(lambda: page.pg.front.answers > before, what="the answer after the reconnect")
    assert page.data("link") == "connected"


def test_a_phone_that_slept_through_the_computer_going_away_comes_back_when_woken(page):
    page.wait_decision()
    page.pg.host.stop()  # the game's computer gone (a crash, Wi-Fi down): the page keeps trying
    page.until(lambda: page.data("link") == "reconnecting", what="the page saying it reconnects")
    assert page.decided() and not page.visible("#gone")  # the page and its decision stay on screen
    assert page.pg.host.start()  # (Continue: the same seats, the same secrets, the same port)
    page.table.phones.changed()
    page.js("Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});"
            "document.dispatchEvent(new Event('visibilitychange'))")
    page.until(lambda: page.data("link") == "connected", what="back after waking")
    page.until(lambda: page.decided())
    before = page.pg.front.answers
    tap(page.choice(0))
    tap(page.css("#doit")[0])
    page.until(lambda: page.pg.front.answers > before, what="an answer after the computer came back")


def test_a_retired_link_says_to_scan_the_code_again(page):
    page.wait_decision()
    page.pg.host.reissue("Ann")
    page.until(lambda: page.visible("#gone"), what="the page saying the link is no longer a seat")
    assert "Scan" in page.text("#gone") and page.data("link") == "gone"
    assert not page.visible("#toast")  # (the card says it all: a toast over it hid its heading at 360 px)
    # the old phone (lost, or in a friend's hand) shows the seat's hand and question no more
    for gone in ("#hand", "#decision", "#board", "#status"):
        assert not page.visible(gone), gone
    assert page.css("#cards > *") == [] and page.css("#choices button") == []


@pytest.mark.parametrize("page", SIZES, indirect=True, ids=["360x640", "412x915"])
def test_the_page_fits_the_phone_with_big_targets_and_readable_text(page):
    page.wait_decision()
    check_layout(page, "placing")
    # on to a turn with moves (Ann's placing and picking answered at the table's door, as her phone would)
    page.play_until(lambda options: any(type(a).__name__ == "Move" for a in options))
    page.wait_decision()
    page.shot("1-many-choices")
    check_layout(page, "a decision with many choices")
    tap(page.choice(2))
    page.shot("2-confirm")
    check_layout(page, "the confirm step")
    tap(page.css("#doit")[0])
    page.shot("3-sent")
    check_layout(page, "sent")
    page.until(lambda: page.pg.front.turn != "Ann" or page.data("decision") != page.data("sent"),
               what="Ann's answer taken")
    page.until(lambda: not page.data("decision") or page.decided())
    if not page.data("decision"):
        page.shot("4-waiting")
        check_layout(page, "waiting")
    page.js("document.getElementById('hand').scrollIntoView()")
    page.shot("5-hand-and-orders")
    check_layout(page, "the hand and orders")
    page.js("document.getElementById('log').open = true; document.getElementById('log').scrollIntoView()")
    check_layout(page, "the log")


def check_layout(page, where):
    """Nothing wider than the phone; every tap target 48 px high or more; no text under 16 px."""
    width = page.js("return window.innerWidth")
    assert page.js("return document.scrollingElement.scrollWidth") <= width, f"{where}: wider than the phone"
    small = page.js("""
        const out = [];
        for (const b of document.querySelectorAll('button, select, summary')) {
          if (b.closest('[hidden]') || !b.getClientRects().length || b.classList.contains('mark')) continue;
          const r = b.getBoundingClientRect();
          if (r.height < 47.5) out.push(b.outerHTML.slice(0, 80) + ' ' + r.height);
        }
        return out;""")
    assert small == [], f"{where}: tap targets under 48 px: {small}"
    tiny = page.js("""
        const out = [];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
          const t = walk.currentNode, e = t.parentElement;
          if (!t.textContent.trim() || e.closest('[hidden]') || !e.getClientRects().length) continue;
          if (e.tagName === 'NOSCRIPT') continue;
          const px = parseFloat(getComputedStyle(e).fontSize);
          if (px < 16) out.push(t.textContent.trim().slice(0, 30) + ' ' + px);
        }
        return out;""")
    assert tiny == [], f"{where}: text under 16 px: {tiny}"
    away = page.js("return performance.getEntriesByType('resource').map(e => e.name)"
                   ".filter(u => !u.startsWith(location.origin + '/'))")
    assert away == [], f"{where}: fetched from elsewhere: {away}"
    assert page.data("blocked") == "0", f"{where}: the page broke its own content security policy"


def test_the_end_shows_on_the_page(app):
    """A whole (short) game: Ann's decisions answered by a second phone on her seat while her page watches."""
    need_chromium()
    pg = PhoneGame(app, {"Ann": None, "Bob": None})
    from deathmatch.scenes.celebrity.battle import BattleScene

    game, path = make_game(2, "duel_pit", seed=5, names=["Ann", "Bob"], round_limit=1)
    pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
    phones = [WsPhone(pg.host, "Ann", seed=2), WsPhone(pg.host, "Bob", seed=3)]
    drivers = []
    try:
        for size in SIZES:
            d = open_browser(*size)
            drivers.append(d)
            d.get(pg.host.url("Ann"))
        pg.run_until(lambda: pg.front.over and all(p.last and p.last["over"] for p in phones), what="the end")
        for d, size in zip(drivers, SIZES):
            pg.run_until(lambda: d.execute_script(
                "const o = document.getElementById('over'); return !o.hidden && o.innerText.length > 0"),
                what="the end on the page")
            assert "over" in d.execute_script("return document.getElementById('status').className")
            assert d.execute_script("return document.getElementById('bar').hidden")
            assert not d.execute_script("return document.querySelectorAll('#choices button').length")
            if SHOTS:
                Path(SHOTS).mkdir(parents=True, exist_ok=True)
                d.save_screenshot(str(Path(SHOTS) / f"6-the-end-{size[0]}x{size[1]}.png"))
        assert pg.leaks() == []
    finally:
        for d in drivers:
            d.quit()
        pg.close()


def test_a_real_standing_order_keeps_what_was_tapped_and_does_not_buzz(app):
    """Celebrity Deathmatch's push-back order, set from the page in the middle of a decision: the game keeps
    it as a step of its record (the decision comes back under a new number), and the page keeps the choice
    tapped, does not jump to the top nor buzz, and the answer then goes through."""
    need_chromium()
    from deathmatch.rulesets.celebrity import SetOrder
    from deathmatch.rulesets.celebrity.orders import PUSH_BACK
    from deathmatch.scenes.celebrity.battle import BattleScene

    game, path = make_game(2, "duel_pit", seed=5, names=["Ann", "Bob"], orders=True)
    pg = PhoneGame(app, {"Ann": None, "Bob": None})
    table = pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
    model = next(m for m in game.models.values() if m.player == "Ann")
    table.phone_orders = lambda seat: [{
        "id": "push", "label": "When pushed back", "value": game.order_of(model.id, PUSH_BACK),
        "values": [["ask", "Ask me"], ["safer", "Safer hex"]]}] if seat == "Ann" else []
    table.phone_set_order = lambda seat, o, v: SetOrder(seat, model.id, PUSH_BACK, v) if o == "push" else None
    bob = WsPhone(pg.host, "Bob", seed=3)  # noqa: F841  (answers Bob's decisions)
    driver = open_browser(360, 640)
    js = driver.execute_script
    try:
        driver.get(pg.host.url("Ann"))
        pg.run_until(lambda: pg.front.turn == "Ann" and js(
            "return !!document.querySelector('#choices button.choice') && !!document.querySelector('.seg button')"),
            what="Ann's decision and her order on the page")
        first = js("return document.documentElement.dataset.decision")
        before = pg.front.answers
        js("window.buzzes = []; navigator.vibrate = (p) => { window.buzzes.push(p); return true; }")
        from selenium.webdriver.common.by import By

        tap(driver.find_elements(By.CSS_SELECTOR, "#choices button.choice")[0])
        value = "ask" if game.order_of(model.id, PUSH_BACK) != "ask" else "safer"
        tap(driver.find_element(By.CSS_SELECTOR, f'.seg button[data-value="{value}"]'))
        scrolled = js("return window.scrollY")
        pg.run_until(lambda: game.order_of(model.id, PUSH_BACK) == value
                     and js("return document.documentElement.dataset.decision") not in ("", first),
                     what="the order taken, the decision renumbered")
        assert pg.front.answers == before + 1  # (the order is a step of the record)
        assert js("return document.querySelector('#choices button.choice.chosen') !== null")
        # no buzz, and no jump to the top as for a new decision (the page may still move a little while the
        # board's picture above the list loads)
        assert js("return window.buzzes.length") == 0 and (scrolled == 0 or js("return window.scrollY") > 0)
        assert js("return document.querySelector('.seg button[aria-pressed=\"true\"]').dataset.value") == value
        tap(driver.find_element(By.ID, "doit"))
        numbered = js("return document.documentElement.dataset.decision")

        def taken():  # (a placement asks its facing next, as at the table: that step answered with its first)
            if pg.front.answers > before + 1:
                return True
            now = js("return document.documentElement.dataset.decision")
            if now not in ("", numbered) and js("return !!document.querySelector('#choices button.choice')"):
                tap(driver.find_elements(By.CSS_SELECTOR, "#choices button.choice")[0])
                tap(driver.find_element(By.ID, "doit"))
                return False
            return False

        pg.run_until(taken, what="the answer after the order")
        assert not [m for m in pg.sent if m[0] == "Ann" and m[1].get("t") == "error"]
        assert pg.leaks() == []
    finally:
        driver.quit()
        pg.close()


def test_odd_words_are_shown_as_words_and_odd_shapes_do_not_break_the_page(page):
    """What the page is sent is drawn as text (never as markup), and a message missing its optional parts or
    holding odd ones (a place off the picture, no hint, no group) still draws."""
    page.wait_decision()
    page.pg.host.publish("Ann", {
        "t": "state", "game": "<b>Game</b>", "seat": "Ann", "colour": "not a colour", "when": "", "turn": "Ann",
        "status": "Your turn", "hand": [{"title": "<img src=x onerror=alert(1)>", "lines": None}],
        "orders": [{"id": "o", "label": "", "value": "a", "values": [["a"], "b", ["a", "A"]]}],
        "recap": None, "log": None,
        "decision": {"id": 99, "prompt": "<script>alert(1)</script>",
                     "choices": [{"i": 0, "label": "<i>Pass</i>"}, {"i": 1, "label": "Far", "at": [5, -1]},
                                 {"i": 2, "label": "", "group": "Other things", "hint": "1 in 6"}]},
        "over": None, "picture": None})
    page.until(lambda: page.data("decision") == "99", what="the odd state drawn")
    assert page.text("#status-sub") == "<script>alert(1)</script>"
    assert page.js("return document.querySelectorAll('#cards img, #choices i, #where b').length") == 0
    assert "<img src=x onerror=alert(1)>" in page.text("#cards")
    assert [b.text.splitlines()[0] for b in page.css("#choices button.choice")] == ["<i>Pass</i>", "Far", "Choice 3"]
    assert not page.visible("#board") and page.css("#marks .mark") == []
    assert page.text("#where") == "<b>Game</b>"
    tap(page.choice(1))
    assert page.visible("#doit")
