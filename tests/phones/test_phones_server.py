"""The phones' server itself (issue 30, items 3 and 6): what it serves and refuses over plain HTTP, its limits
(phones a seat, connections in all, a phone that never reads, a connection dropped without a goodbye), that
it listens only while started, and the page in a real browser at a wrong and at the right secret.

Most tests run a bare `PhoneHost` on 127.0.0.1 (no game: the server never needs one); the browser test runs
a real table. Nothing waits on a clock for its result: `wait_until` loops until what is awaited holds, with a
generous limit that only a broken program reaches.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import time
from pathlib import Path

import aiohttp
import pytest
from hypothesis import given
from hypothesis import strategies as st

from deathmatch.phones import server as server_module
from deathmatch.phones.host import BURST, KINDS, PhoneHost, shape_problem
from deathmatch.phones.server import ERRORS_WAITING, PER_SEAT, Outbox
from harness import DT, Loop, PhoneGame, WsPhone, need_chromium, open_browser

SHOTS = Path(os.environ.get("DEATHMATCH_SHOTS", "/work/shots/sec"))


def wait_until(condition, limit: float = 60.0, what: str = "") -> None:
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > limit:
            raise AssertionError(f"not reached after {limit:.0f} s: {what or condition}")
        time.sleep(0.005)


def on(coro):
    return asyncio.run_coroutine_threadsafe(coro, Loop.get()).result(timeout=60)


async def _request(method: str, url: str, headers=None):
    async with aiohttp.ClientSession() as s:
        async with s.request(method, url, headers=headers, allow_redirects=False) as r:
            return r.status, dict(r.headers), await r.text(errors="replace")


def get(url: str, method: str = "GET", headers=None):
    return on(_request(method, url, headers))


async def _ws_status(url: str, headers=None):
    async with aiohttp.ClientSession() as s:
        try:
            async with s.ws_connect(url, headers=headers):
                return 101
        except aiohttp.WSServerHandshakeError as e:
            return e.status


def state(seat: str, n: int = 0, pad: int = 0) -> dict:
    return {"t": "state", "seat": seat, "status": f"state {n}", "hand": [], "orders": [], "log": ["x" * pad],
            "recap": {"heading": "", "lines": []}, "decision": None, "over": None, "picture": None}


@pytest.fixture
def host():
    h = PhoneHost({"Ann": None, "Bob": None, "Cy": None}, bind="127.0.0.1", port=0)
    assert h.start(), h.problem
    for seat in h.seats:
        h.publish(seat, state(seat))
    yield h
    h.stop()


def raw_socket(host: PhoneHost, secret: str, rcvbuf: int | None = None) -> socket.socket:
    """A WebSocket opened by hand: a phone that may never read, or vanish without a goodbye."""
    addr, port = host.host_words().rsplit(":", 1)
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(30)
    s.connect((addr, int(port)))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws/{secret} HTTP/1.1\r\nHost: {host.host_words()}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += s.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return s


# ------------------------------------------------------------------------------------------- plain HTTP

def test_the_server_serves_the_page_and_its_files_and_nothing_else(host):
    base = f"http://{host.host_words()}"
    secret = host.secret("Ann")
    status, headers, text = get(f"{base}/")
    assert status == 200 and "Scan" in text
    status, headers, text = get(f"{base}/p/{secret}")
    assert status == 200 and "<html" in text and secret not in text
    assert headers["Cache-Control"] == "no-store" and headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Content-Type-Options"] == "nosniff" and "default-src 'self'" in headers["Content-Security-Policy"]
    assert "aiohttp" not in headers.get("Server", "").lower() and "python" not in headers.get("Server", "").lower()
    for name, kind in (("phone.js", "javascript"), ("phone.css", "text/css")):
        status, headers, text = get(f"{base}/f/{name}")
        assert status == 200 and kind in headers["Content-Type"]
    # no listing, no path out of the page's few files, no other method: the page saying what to do
    for path in ("/f/", "/f", "/f/nope.js", "/f/..%2fhost.py", "/f/%2e%2e/host.py", "/f/../server.py",
                 "/p/", "/p", "/page/", "/page/phone.js", "/deathmatch/phones/host.py", "/ws/", "/b/",
                 f"/p/{secret}/", f"/p/{secret}/x", f"/b/{secret}/", "/.git/config", "/favicon.ico",
                 "/static/", "/..%2f..%2fetc/passwd"):
        status, headers, text = get(base + path)
        assert status == 404, (path, status)
        assert "aiohttp" not in text.lower() and "Scan" in text and "Index of" not in text, (path, text[:200])
        assert "python" not in headers.get("Server", "").lower()
    status, _, text = get(f"{base}/p/{secret}", method="POST")
    assert status == 405 and "aiohttp" not in text.lower()


def test_a_wrong_secret_gets_a_page_saying_to_scan_again(host):
    base = f"http://{host.host_words()}"
    for wrong in ("nope", host.secret("Ann")[:-1], host.secret("Ann") + "A", "Ann", "0" * 16):
        status, headers, text = get(f"{base}/p/{wrong}")
        assert status == 404 and "not a seat" in text and "Scan" in text and "code" in text
        assert headers["Cache-Control"] == "no-store"
        assert on(_ws_status(f"{base}/ws/{wrong}")) == 404
        assert get(f"{base}/b/{wrong}/1.png")[0] == 404
    assert not any(host.connected(s) for s in host.seats)


def test_a_socket_opened_by_a_page_of_another_site_is_refused(host):
    base = f"http://{host.host_words()}"
    url = f"{base}/ws/{host.secret('Ann')}"
    assert on(_ws_status(url, {"Origin": "http://evil.example"})) == 403
    assert on(_ws_status(url, {"Origin": f"http://evil.example:{host.port}"})) == 403
    assert on(_ws_status(url, {"Origin": base})) == 101  # the phone's own page
    assert on(_ws_status(url)) == 101  # (no Origin: not a browser's page)


# ------------------------------------------------------------------------------------------- the limits

def test_a_seat_holds_at_most_four_phones_the_oldest_giving_way(host):
    assert 2 <= PER_SEAT <= 8  # (a phone and a spare or two; not a crowd on one seat)
    phones = []
    for i in range(PER_SEAT + 2):
        phones.append(WsPhone(host, "Ann", auto=False))
        wait_until(lambda: phones[-1].last is not None, what=f"phone {i}'s state")
    wait_until(lambda: phones[0].closed and phones[1].closed, what="the two oldest closed")
    for p in phones[:2]:
        assert any(e["code"] == "replaced" and "Another phone" in e["text"] for e in p.errors)
    assert not any(p.closed for p in phones[2:])
    wait_until(lambda: host.server.count() == PER_SEAT)
    host.publish("Ann", state("Ann", 7))
    wait_until(lambda: all(p.last["status"] == "state 7" for p in phones[2:]), what="the newest four served")
    for p in phones[2:]:
        p.close()
    wait_until(lambda: not host.connected("Ann") and host.server.count() == 0, what="no connection counted")


def test_connections_in_all_are_capped_and_a_place_freed_is_taken_again(host, monkeypatch):
    monkeypatch.setattr(server_module, "TOTAL", 5)
    base = f"http://{host.host_words()}"
    phones = [WsPhone(host, seat, auto=False) for seat in ("Ann", "Ann", "Bob", "Bob", "Cy")]
    wait_until(lambda: all(p.last for p in phones) and host.server.count() == 5)
    status, _, text = get(f"{base}/ws/{host.secret('Cy')}", headers={
        "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode()})
    assert status == 503 and "Too many phones" in text
    phones[0].close()
    wait_until(lambda: host.server.count() == 4)
    again = WsPhone(host, "Cy", auto=False)
    wait_until(lambda: again.last is not None, what="a freed place taken")


def test_a_phone_vanishing_without_a_goodbye_is_no_longer_counted(host):
    socks = [raw_socket(host, host.secret("Bob")) for _ in range(3)]
    wait_until(lambda: host.server.count() == 3 and host.connected("Bob"))
    for s in socks:
        s.close()  # no close frame: the Wi-Fi went
    wait_until(lambda: not host.connected("Bob") and host.server.count() == 0, what="the vanished phones uncounted")


def test_a_phone_that_never_reads_holds_up_neither_the_game_nor_the_other_phones(host):
    """publish only hands text to the network thread; a phone that reads nothing keeps at most the newest
    state and a few refusals waiting, and the others are served as before."""
    stalled = raw_socket(host, host.secret("Ann"), rcvbuf=4096)
    wait_until(lambda: host.server.count() == 1)
    other = WsPhone(host, "Ann", auto=False)
    wait_until(lambda: other.last is not None)
    for n in range(1, 301):
        host.publish("Ann", state("Ann", n, pad=20_000))  # 6 MB in all, never read by the first phone
        host.tell("Ann", {"t": "error", "code": "x", "text": "a word"})
    wait_until(lambda: other.last["status"] == "state 300", what="the reading phone has the newest state")
    waiting = [len(c.outbox.items) for c in host.server.sockets["Ann"]]
    assert max(waiting) <= ERRORS_WAITING + 1, waiting
    stalled.close()


def test_the_outbox_keeps_the_newest_state_and_a_few_words():
    box = Outbox()
    for n in range(100):
        box.put(json.dumps({"t": "state", "seq": n}), state=True)
        box.put(json.dumps({"t": "error", "n": n}))
    kinds = [json.loads(text)["t"] for _, text in box.items]
    assert kinds.count("state") == 1 and len(kinds) <= ERRORS_WAITING + 1
    assert json.loads([t for s, t in box.items if s][0])["seq"] == 99
    assert json.loads(box.items[-1][1]) == {"t": "error", "n": 99}  # the newest words kept, the oldest gone
    box.close()
    box.put(json.dumps({"t": "state", "seq": 100}), state=True)  # nothing more once it is closing
    assert all(json.loads(t).get("seq") != 100 for _, t in box.items)


def test_the_host_refuses_whatever_is_not_a_phones_message():
    h = PhoneHost({"Ann": None})
    assert h.admit("nobody", '{"t":"hello"}')["code"] == "unknown_seat"
    assert h.admit("Ann", 12345)["code"] == "bad_json"
    assert h.admit("Ann", b"\x80\x81")["code"] == "bad_json"
    assert h.admit("Ann", '{"t":"answer","d":1,"c":2}') == {"t": "answer", "d": 1, "c": 2}
    assert h.take() == [("Ann", {"t": "answer", "d": 1, "c": 2})]
    for _ in range(BURST * 2):
        last = h.admit("Ann", '{"t":"ping"}')
    assert last["code"] == "too_fast" and "Too many" in last["text"]
    assert h.take() == []  # refusals are never queued for the screen


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
NEAR = st.fixed_dictionaries({"t": st.sampled_from([*KINDS, "Answer", "", "state"])},
                             optional={"d": JSON, "c": JSON, "o": JSON, "v": JSON, "n": JSON, "x": JSON})
CODES = {"bad_json", "bad_message", "too_big"}


@given(st.one_of(st.binary(max_size=200), st.text(max_size=200), JSON.map(json.dumps), NEAR.map(json.dumps),
                 NEAR.map(lambda m: json.dumps(m).encode("utf-8"))))
def test_whatever_a_phone_sends_the_host_answers_a_refusal_or_a_well_formed_message(raw):
    h = PhoneHost({"Ann": None})
    out = h.admit("Ann", raw)  # never raises
    if out.get("t") == "error":
        assert out["code"] in CODES and set(out) == {"t", "code", "text"} and out["text"]
        assert h.take() == []
    else:
        assert shape_problem(out) is None and out["t"] in KINDS
        assert h.take() == ([] if out["t"] in ("hello", "ping") else [("Ann", out)])


def test_a_phone_gone_silent_is_dropped_by_the_heartbeat(host, monkeypatch):
    monkeypatch.setattr(server_module, "HEARTBEAT", 0.3)
    silent = raw_socket(host, host.secret("Cy"))  # never answers the server's pings
    wait_until(lambda: host.connected("Cy"))
    wait_until(lambda: not host.connected("Cy") and host.server.count() == 0, what="the silent phone dropped")
    silent.close()


# ------------------------------------------------------------------------------------ listening, stopping

def test_after_stop_the_port_refuses_connections_and_every_phone_is_told(host):
    base = f"http://{host.host_words()}"
    p = WsPhone(host, "Ann", auto=False)
    wait_until(lambda: p.last is not None)
    assert host.listening
    host.stop()
    assert not host.listening
    wait_until(lambda: p.closed, what="the phone closed when the game stopped")
    assert any(e["code"] == "seat_closed" for e in p.errors)
    with pytest.raises(aiohttp.ClientConnectionError):
        get(f"{base}/")
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", host.port), timeout=5).close()
    host.publish("Ann", state("Ann", 9))  # the screen may still publish: nothing is sent, nothing raises
    host.tell("Ann", {"t": "error", "code": "x", "text": "y"})
    host.reissue("Bob")
    assert not host.connected("Ann")


def test_a_host_started_again_listens_at_the_same_address_and_its_phones_come_back(host):
    url = host.url("Ann")
    p = WsPhone(host, "Ann", auto=False)
    wait_until(lambda: p.last is not None)
    host.stop()
    wait_until(lambda: p.closed)
    assert host.start(), host.problem
    assert host.url("Ann") == url  # the same port, the same secret: the phone's page reconnects by itself
    again = WsPhone(host, "Ann", auto=False)
    wait_until(lambda: again.last is not None and again.last["seat"] == "Ann", what="the state after a restart")
    assert get(url)[0] == 200


def test_a_reissued_seat_shuts_out_every_phone_on_its_old_link(host):
    old = host.secret("Bob")
    phones = [WsPhone(host, "Bob", auto=False) for _ in range(3)]
    wait_until(lambda: all(p.last for p in phones))
    new = host.reissue("Bob")
    wait_until(lambda: all(p.closed for p in phones), what="every phone on the old link closed")
    assert all(any(e["code"] == "seat_closed" for e in p.errors) for p in phones)
    base = f"http://{host.host_words()}"
    assert on(_ws_status(f"{base}/ws/{old}")) == 404 and get(f"{base}/p/{old}")[0] == 404
    assert on(_ws_status(f"{base}/ws/{new}")) == 101
    wait_until(lambda: not host.connected("Bob"))


# ------------------------------------------------------------------------------------- a real browser

def test_in_a_browser_a_wrong_secret_says_not_a_seat_and_the_right_one_shows_the_seat():
    need_chromium()
    from deathmatch.launch import make_game
    from deathmatch.scenes.app import App
    from deathmatch.scenes.celebrity.battle import BattleScene
    from deathmatch.scenes.title import TitleScene
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.push(TitleScene(app))
    app.frame([], DT)
    game, path = make_game(4, "colosseum", seed=3, names=["Ann", "Bob", "Cy", "Dee"], round_limit=2)
    pg = PhoneGame(app, {"Ann": None, "Bob": None})
    driver = None
    try:
        pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
        pg.run_until(lambda: pg.host.state("Ann"), what="Ann's first state")
        driver = open_browser(360, 640)
        base = f"http://{pg.host.host_words()}"
        driver.get(f"{base}/p/not-a-real-secret")
        body = driver.find_element(By.TAG_NAME, "body").text
        assert "not a seat" in body and "Scan" in body
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SHOTS / "wrong-secret-360x640.png"))
        driver.get(pg.host.url("Ann"))
        WebDriverWait(driver, 60).until(lambda d: pg.host.connected("Ann") and "Ann" in d.find_element(
            By.TAG_NAME, "body").text)
        body = driver.find_element(By.TAG_NAME, "body").text
        assert "not a seat" not in body and "Bob's hand" not in body
        driver.save_screenshot(str(SHOTS / "right-secret-360x640.png"))
    finally:
        if driver is not None:
            driver.quit()
        pg.close()


def test_a_secret_can_be_typed_from_the_big_screen():
    """The address under a seat's QR code may have to be typed: its secret holds no look-alikes (the screen's
    font draws I and l alike; 0 and O, 1 and l are easily mistaken), and still as much chance as before (96 bits or more)."""
    import math

    from deathmatch.phones import host as host_

    seen = {host_.new_secret() for _ in range(200)}
    assert len(seen) == 200
    for s in seen:
        assert not set(s) & set("0Oo1lIi-_") and s == s.lower()
    assert host_.SECRET_LENGTH * math.log2(len(host_.SECRET_ALPHABET)) >= 96


def test_a_port_taken_gives_the_next_one_in_order_so_a_game_started_again_listens_where_it_did():
    """Another program on the asked port: the game takes the next free one in order (not any port at random),
    so after a crash and Continue it listens at the same address again and the phones' pages come back."""
    blocker = socket.socket()
    blocker.bind(("127.0.0.1", 0))
    blocker.listen()
    taken = blocker.getsockname()[1]
    first = second = None
    try:
        first = PhoneHost({"Ann": None}, bind="127.0.0.1", port=taken)
        assert first.start()
        port = first.port
        assert taken < port <= taken + server_module.NEXT_PORTS
        first.stop()  # (the program closed: its port free again)
        second = PhoneHost({"Ann": first.secret("Ann")}, bind="127.0.0.1", port=taken)
        assert second.start() and second.port == port and second.url("Ann") == first.url("Ann")
    finally:
        for h in (first, second):
            if h is not None:
                h.stop()
        blocker.close()
