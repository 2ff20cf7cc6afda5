"""Phones as private hands, against hostile or broken phones (issue 30, items 3, 4 and 6): a real game (Celebrity
Deathmatch, hidden cards, every seat on a phone) on its real table, phones as real WebSocket clients on loopback.

Every refusal here is sent back as `{"t": "error", "code": …, "text": …}` and changes nothing: the game's record,
its dice, every seat's view and what every phone is shown are the same before and after. No test waits on a
clock for its result: `PhoneGame.run_until` runs the screen's frames until what is awaited holds.
"""

from __future__ import annotations

import asyncio
import json
import time

import aiohttp
import pytest

from deathmatch.launch import make_game
from deathmatch.phones import host as host_module
from deathmatch.scenes.app import App
from deathmatch.scenes.celebrity.battle import BattleScene
from deathmatch.scenes.handoff import HandOffScene
from deathmatch.scenes.title import TitleScene
from harness import DT, Loop, PhoneGame, WsPhone, strings_in

SEATS = ("Ann", "Bob", "Cy", "Dee")
SEED = 918273645
"""A seed no message could hold by chance (the leak check looks for it)."""


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


@pytest.fixture
def pg(app):
    """Celebrity Deathmatch, hidden cards, all four seats on phones that answer only when told."""
    game, path = make_game(4, "colosseum", seed=SEED, names=list(SEATS), round_limit=2)
    assert game.options.hidden_cards
    pg = PhoneGame(app, {p: None for p in SEATS})
    pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
    yield pg
    pg.close()


def on(async_fn):
    """Run a coroutine on the test phones' loop, from the test's thread."""
    return asyncio.run_coroutine_threadsafe(async_fn, Loop.get()).result(timeout=60)


async def _get(url: str):
    async with aiohttp.ClientSession() as s:
        async with s.get(url) as r:
            return r.status, await r.text()


async def _ws_status(url: str) -> int:
    """The HTTP status a WebSocket to `url` is refused with (101 if it opened)."""
    async with aiohttp.ClientSession() as s:
        try:
            async with s.ws_connect(url):
                return 101
        except aiohttp.WSServerHandshakeError as e:
            return e.status


def phones(pg, auto=False) -> dict[str, WsPhone]:
    out = {seat: WsPhone(pg.host, seat, seed=i, auto=auto) for i, seat in enumerate(SEATS)}
    pg.run_until(lambda: all(p.last for p in out.values()), what="every phone's first state")
    return out


def asked(pg, ph) -> tuple[str, dict]:
    """Run until a seat's phone shows the pending decision; that seat and the decision."""
    def shown():
        seat = pg.front.turn
        p = ph.get(seat)
        d = p.last and p.last["decision"] if p else None
        return d is not None and d["id"] == pg.front.answers and pg.table.stage == "auto"
    pg.run_until(shown, what="a decision on its seat's phone")
    seat = pg.front.turn
    return seat, ph[seat].last["decision"]


def snapshot(pg) -> tuple:
    """Everything a refused message must leave as it was: the record, the dice, the pending decision, every
    seat's view and the public one, what each phone is shown (less its number and the board's picture)."""
    f = pg.front
    record = f.hand_to(lambda g: (repr(g.history), g.dice.state(), repr(g.pending), repr(g.outcome)))
    views = {seat: f.view(seat) for seat in (*f.seats(), None)}
    shown = {}
    for seat in SEATS:
        m = json.loads(pg.host.state(seat))
        m.pop("seq"), m.pop("picture")
        shown[seat] = m
    return f.answers, record, views, shown, pg.table.stage, pg.table.decision is None


def refused(pg, phone: WsPhone, code: str, before: int = 0) -> dict:
    """Run until `phone` was refused with `code` (after its first `before` refusals); that refusal."""
    pg.run_until(lambda: any(e.get("code") == code for e in phone.errors[before:]), what=f"a {code!r} refusal")
    e = next(e for e in phone.errors[before:] if e.get("code") == code)
    assert set(e) == {"t", "code", "text"} and len(e["text"]) > 10 and "_" not in e["text"], e
    return e


def settle(pg, frames: int = 20) -> None:
    """A few frames more (any refused message the table would wrongly take, it would take in these)."""
    for _ in range(frames):
        pg.frame()
        time.sleep(0.002)


def unchanged(pg, before) -> None:
    settle(pg)
    assert snapshot(pg) == before


# ------------------------------------------------------------------------------------------------------ tests

def test_a_wrong_secret_is_refused_and_another_seats_secret_cannot_answer_this_seats_decision(pg):
    ph = phones(pg)
    seat, d = asked(pg, ph)
    before = snapshot(pg)
    base = f"http://{pg.host.host_words()}"
    good = pg.host.secret(seat)
    for wrong in ("wrong", good[:-1], good + "x", good.upper() if good.upper() != good else good.lower(),
                  "%00" + good, "x" * 5000):
        status, text = on(_get(f"{base}/p/{wrong}"))
        assert status == 404 and "not a seat" in text and "Scan" in text, (wrong, status)
        assert on(_ws_status(f"{base}/ws/{wrong}")) in (404, 414, 400), wrong
        status, _ = on(_get(f"{base}/b/{wrong}/1.png"))
        assert status in (404, 414)
    assert on(_ws_status(f"{base}/ws/wrong")) == 404
    assert on(_get(f"{base}/p/{good}"))[0] == 200

    other = next(s for s in SEATS if s != seat)
    ph[other].send({"t": "answer", "d": d["id"], "c": 0})
    assert "not your decision" in refused(pg, ph[other], "not_yours")["text"]
    unchanged(pg, before)
    assert pg.leaks() == []


def test_a_phone_answering_a_decision_that_is_not_its_own_is_refused(pg):
    ph = phones(pg)
    seat, d = asked(pg, ph)
    before = snapshot(pg)
    for other in (s for s in SEATS if s != seat):
        for c in range(min(5, len(d["choices"]))):
            n = len(ph[other].errors)
            ph[other].send({"t": "answer", "d": d["id"], "c": c})
            refused(pg, ph[other], "not_yours", before=n)
        n = len(ph[other].errors)
        ph[other].send({"t": "answer", "d": d["id"] + 1, "c": 0})  # a decision that does not exist (yet)
        refused(pg, ph[other], "not_yours", before=n)
    unchanged(pg, before)
    assert pg.front.turn == seat and ph[seat].last["decision"]["id"] == d["id"]
    ph[seat].answer(0)  # its own phone still answers it
    pg.through(ph[seat], d, what="the seat's own answer taken")


def test_a_replayed_answer_and_an_old_decision_are_refused_already_answered(pg):
    ph = phones(pg)
    seat, d = asked(pg, ph)
    message = json.dumps({"t": "answer", "d": d["id"], "c": 0, "n": 1})
    ph[seat].send(message)
    pg.through(ph[seat], d, what="the first answer taken")
    seat2, d2 = asked(pg, ph)
    before = snapshot(pg)
    ph[seat].send(message)  # the very same message again
    assert "already answered" in refused(pg, ph[seat], "stale")["text"]
    unchanged(pg, before)
    n = len(ph[seat2].errors)
    ph[seat2].send({"t": "answer", "d": d["id"], "c": 0})  # the seat now asked, with the old decision's number
    refused(pg, ph[seat2], "stale", before=n)
    unchanged(pg, before)
    ph[seat2].answer(0)
    pg.through(ph[seat2], d2, what="the decision now asked still answered")


def test_a_flood_is_refused_the_connection_closed_and_a_new_connection_works(pg):
    ph = phones(pg)
    seat, d = asked(pg, ph)
    link = pg.table.phones
    handled = []
    handle = link.handle
    link.handle = lambda s, m: (handled.append((s, m)), handle(s, m))
    before = snapshot(pg)
    flood = json.dumps({"t": "answer", "d": d["id"], "c": 9999})  # reaching the table, each is a wrong choice
    ws = ph[seat]

    async def go():
        for _ in range(1000):
            try:
                await ws._ws.send_str(flood)
            except (ConnectionError, RuntimeError):
                return
    start = time.monotonic()
    on(go())
    pg.run_until(lambda: ws.closed, what="the flooding phone's connection closed")
    took = time.monotonic() - start
    codes = [e["code"] for e in ws.errors]
    assert "too_fast" in codes and "Too many" in next(e["text"] for e in ws.errors if e["code"] == "too_fast")
    assert codes[-1] == "flood" and "closed" in ws.errors[-1]["text"] and ws.close_code == 1008
    assert pg.host._seats[seat].refused >= host_module.FLOOD_CLOSE
    unchanged(pg, before)
    # at most a burst and what the rate refilled reached the game, and each was refused there
    assert 0 < len(handled) <= host_module.BURST + host_module.RATE * (took + 1), (len(handled), took)
    # a new phone on the same seat: the state at once, and its answer taken (once the rate allows: a refused
    # tap is tapped again, as a person does)
    again = WsPhone(pg.host, seat, auto=False)
    pg.run_until(lambda: again.last is not None, what="the state on a new connection")
    assert again.received[0]["t"] == "state" and again.last["decision"]["id"] == d["id"]
    stepped = lambda: again.last["decision"] is not None and again.last["decision"]["id"] != d["id"]  # noqa: E731
    while pg.front.answers == d["id"] and not stepped():
        n = len(again.errors)
        again.answer(0)
        pg.run_until(lambda: pg.front.answers > d["id"] or stepped() or len(again.errors) > n,
                     what="the answer or a refusal")
        assert pg.front.answers > d["id"] or stepped() or again.errors[-1]["code"] == "too_fast", again.errors[-1]
    pg.through(again, d)  # (a further step of it, a facing, answered too)
    asked(pg, {**ph, seat: again})  # the game goes on


def test_a_ten_megabyte_message_closes_its_connection_with_a_size_reason_and_others_are_served(pg):
    ph = phones(pg)
    seat, d = asked(pg, ph)
    before = snapshot(pg)
    other = next(s for s in SEATS if s != seat)
    big = ph[other]
    # a message over the phone's limit but small enough to read: refused with words, the phone stays
    big.send(json.dumps({"t": "order", "o": "x", "v": "y" * 10_000}))
    assert "bytes" in refused(pg, big, "too_big")["text"]
    assert not big.closed
    n = len(big.errors)
    try:
        big.send("x" * (10 * 1024 * 1024))
    except (ConnectionError, RuntimeError, aiohttp.ClientError):
        pass  # (the server may close before the last bytes are written)
    pg.run_until(lambda: big.closed, what="the connection of the 10 MB message closed")
    assert big.close_code == 1009  # "message too big"
    assert any(e["code"] == "too_big" and "too big" in e["text"] for e in big.errors[n:])
    unchanged(pg, before)
    # the server still serves the others: the decision is answered, every other phone sees the game go on
    ph[seat].answer(0)
    pg.through(ph[seat], d, what="the answer after the big message")
    asked(pg, ph)
    again = WsPhone(pg.host, other, auto=False)  # and the seat of the big message comes back
    pg.run_until(lambda: again.last is not None, what="the state on a new connection")
    assert again.received[0]["t"] == "state" and again.last["seat"] == other


BAD = [
    # (the message as sent, the refusal's code; "answer" fields filled in with the decision's number: {d})
    ("not json at all", "bad_json"),
    ("{", "bad_json"),
    (b"\xff\xfe\x00", "bad_json"),
    ("[" * 3000, "bad_json"),
    ("[1, 2, 3]", "bad_message"),
    ('"answer"', "bad_message"),
    ("42", "bad_message"),
    ("null", "bad_message"),
    ('{"t": "nope"}', "bad_message"),
    ('{"kind": "answer"}', "bad_message"),
    ('{"t": {"a": 1}}', "bad_message"),
    ('{"t": "answer", "d": {d}, "c": 0, "x": 1}', "bad_message"),
    ('{"t": "answer", "d": "{d}", "c": 0}', "bad_message"),
    ('{"t": "answer", "d": {d}, "c": true}', "bad_message"),
    ('{"t": "answer", "d": {d}, "c": 1.0}', "bad_message"),
    ('{"t": "answer", "d": {d}, "c": NaN}', "bad_message"),
    ('{"t": "answer", "d": 1e999, "c": 0}', "bad_message"),
    ('{"t": "answer", "d": {d}, "c": 123456789012345678901234567890}', "bad_message"),
    ('{"t": "answer", "d": {d}, "c": -1}', "bad_message"),
    ('{"t": "answer", "d": -5, "c": 0}', "bad_message"),
    ('{"t": "answer", "d": {d}}', "bad_message"),
    ('{"t": "hello", "n": -1}', "bad_message"),
    ('{"t": "order", "o": "' + "o" * 100 + '", "v": "x"}', "bad_message"),
    ('{"t": "answer", "d": {d}, "c": 99999}', "bad_choice"),
    ('{"t": "answer", "d": {d}, "c": 2147483647}', "bad_choice"),
    ('{"t": "order", "o": "no_such_order", "v": "x"}', "bad_order"),
    ('{"t": "order", "o": "", "v": ""}', "bad_order"),
]


def test_malformed_messages_are_refused_with_words_and_change_nothing(pg):
    ph = phones(pg)
    seat, d = asked(pg, ph)
    before = snapshot(pg)
    p = ph[seat]
    for i, (raw, code) in enumerate(BAD):
        if i == 16:
            time.sleep(1.0)  # (under the rate: a thumb never taps this fast, the test need not either)
        msg = raw.replace("{d}", str(d["id"])) if isinstance(raw, str) else raw
        n = len(p.errors)
        p.send(msg)
        e = refused(pg, p, code, before=n)
        assert len(p.errors) == n + 1, (raw, p.errors[n:])
        assert e["code"] == code, (raw, e)
    assert not p.closed
    unchanged(pg, before)
    assert pg.leaks() == []
    p.answer(0)  # after all that, the phone still answers its decision
    pg.through(p, d, what="the answer after the malformed messages")


def test_fifty_reconnects_each_get_the_current_state_at_once_and_leave_no_connection_behind(pg):
    ph = phones(pg)
    seat, d = asked(pg, ph)
    for p in ph.values():
        p.close()
    pg.run_until(lambda: not any(pg.host.connected(s) for s in SEATS), what="every phone gone")
    before = snapshot(pg)
    seq = 0
    for i in range(50):
        p = WsPhone(pg.host, seat, auto=False)
        pg.run_until(lambda p=p: p.received, what=f"reconnect {i}'s first message")
        first = p.received[0]
        assert first["t"] == "state" and first["seq"] >= seq and first["decision"]["id"] == d["id"]
        seq = first["seq"]
        assert pg.host.connected(seat)
        p.close()
        pg.run_until(lambda p=p: p.closed, what=f"reconnect {i} closed")
    pg.run_until(lambda: not pg.host.connected(seat), what="no connection counted after all closed")
    assert pg.host.server.count() == 0
    unchanged(pg, before)
    assert not isinstance(pg.app.stack.top, HandOffScene) and pg.table.viewer is None


def test_a_phone_closing_mid_decision_is_replaced_by_a_new_phone_on_the_same_secret(pg):
    ph = phones(pg)
    seat, d = asked(pg, ph)
    before = snapshot(pg)
    ph[seat].close()
    pg.run_until(lambda: ph[seat].closed and not pg.host.connected(seat), what="the phone gone")
    unchanged(pg, before)  # nobody answered for it, the screen handed nothing off
    assert pg.table.stage == "auto" and pg.app.stack.top is pg.table and pg.table.viewer is None
    new = WsPhone(pg.host, seat, auto=False)
    pg.run_until(lambda: new.last is not None, what="the new phone's state")
    assert new.last["decision"] == d
    new.answer(len(d["choices"]) - 1)
    pg.through(new, d, what="the new phone's answer taken")
    asked(pg, {**ph, seat: new})  # and the game goes on


def test_a_reissued_secret_closes_the_old_link_refuses_the_old_secret_and_the_new_one_works(pg):
    ph = phones(pg)
    seat, d = asked(pg, ph)
    before = snapshot(pg)
    base = f"http://{pg.host.host_words()}"
    old = pg.host.secret(seat)
    new = pg.host.reissue(seat)
    assert new != old and len(new) >= 16
    pg.run_until(lambda: ph[seat].closed, what="the old link's phone closed")
    assert any(e["code"] == "seat_closed" and "new code" in e["text"] for e in ph[seat].errors)
    assert on(_get(f"{base}/p/{old}"))[0] == 404
    assert on(_ws_status(f"{base}/ws/{old}")) == 404
    assert on(_get(f"{base}/p/{new}"))[0] == 200
    unchanged(pg, before)
    p = WsPhone(pg.host, seat, auto=False)  # the new secret
    assert p.secret == new
    pg.run_until(lambda: p.last is not None, what="the new link's state")
    assert p.last["decision"]["id"] == d["id"]
    p.answer(0)
    pg.through(p, d, what="the answer on the new link")


def numbers_in(value) -> list:
    if isinstance(value, dict):
        return [n for v in value.values() for n in numbers_in(v)]
    if isinstance(value, list):
        return [n for v in value for n in numbers_in(v)]
    return [value] if isinstance(value, (int, float)) and not isinstance(value, bool) else []


def test_no_phone_is_ever_sent_the_seed_the_dice_or_another_seats_messages(pg):
    """A whole game on four phones: every message each phone received on the wire was made for its own seat
    (from its own view), none holds the game's seed or its dice's state, and the leak check of hidden cards
    finds nothing."""
    seed, words = pg.front.hand_to(lambda g: (g.dice.seed, g.dice._rng.getstate()[1]))
    assert seed == SEED
    dice_words = {w for w in words[:-1] if w >= 1 << 16}  # (the Mersenne Twister's words, not its index)
    ph = phones(pg, auto=True)
    pg.run_until(lambda: pg.front.over and all(p.last and p.last["over"] for p in ph.values()),
                 what="the game's end on every phone")
    dice_words |= {w for w in pg.front.hand_to(lambda g: g.dice._rng.getstate()[1])[:-1] if w >= 1 << 16}
    made_for = {seat: [] for seat in SEATS}
    for seat, message, _ in pg.sent:
        made_for[seat].append(json.loads(json.dumps(message)))
    for seat, p in ph.items():
        assert p.states
        for m in p.received:
            for text in strings_in(m):
                low = text.lower()
                assert str(SEED) not in text and "seed" not in low and "dice_state" not in low, (seat, text[:80])
            for number in numbers_in(m):
                assert number != SEED and number not in dice_words, (seat, number)
            if m["t"] == "state":
                assert m["seat"] == seat
                assert {k: v for k, v in m.items() if k != "seq"} in made_for[seat], (seat, m["seq"])
            else:
                assert m["t"] in ("error", "pong") and set(m) <= {"t", "code", "text"}, m
    assert pg.leaks() == []
