"""What the phone tests share: a game on its real table with phone seats on loopback, phones that answer
(a WebSocket client, or the real page in headless Chromium), and the leak check of every message sent.

    game = PhoneGame(app, {"Ann": None, "Bob": None})      # a PhoneHost on 127.0.0.1, any free port
    table = game.open(make_table)                            # make_table(app) -> the game's table (it links the phones)
    ann = WsPhone(game.host, "Ann", seed=1)                  # answers every decision with a seeded random choice
    game.run_until(lambda: game.front.over)                  # frames on this thread until true (or a failure)
    assert game.leaks() == []                                # every message each phone was sent, against its seat

No test here waits on a clock for its result: `run_until` runs the screen's frames until the condition holds,
with a generous limit that only a broken program reaches.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import sys
import threading
import time
from pathlib import Path

from deathmatch.phones.host import PhoneHost

TESTS = Path(__file__).resolve().parent.parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

from conformance.leaks import secrets_by_viewer  # noqa: E402

DT = 1 / 60
LIMIT = 120.0
"""Seconds `run_until` may run before it fails (a broken program; a working one takes a few)."""


def strings_in(value) -> list[str]:
    """Every string in a message (keys too), as the page may show them."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out.append(str(k))
            out += strings_in(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            out += strings_in(v)
    elif isinstance(value, str):
        out.append(value)
    return out


class PhoneGame:
    """An app's table with phone seats on loopback; every message published to a phone is recorded with what
    that seat may not know at that moment."""

    def __init__(self, app, seats: dict[str, str | None]):
        self.app = app
        self.host = PhoneHost(seats, bind="127.0.0.1", port=0)
        app.phones = self.host
        self.sent: list[tuple[str, dict, object]] = []
        """(seat, message, its Secrets) for every message published or told to a phone."""
        self.table = None
        publish, tell = self.host.publish, self.host.tell

        def recorded_publish(seat, message):
            self.sent.append((seat, message, self._secrets(seat)))
            return publish(seat, message)

        def recorded_tell(seat, message):
            self.sent.append((seat, message, self._secrets(seat)))
            return tell(seat, message)

        self.host.publish, self.host.tell = recorded_publish, recorded_tell

    def _secrets(self, seat):
        if self.table is None:
            return None
        rid = self.table.front.ruleset_id
        game = self.table.front.hand_to(lambda g: g)
        return secrets_by_viewer(game, rid)[seat]

    def open(self, make_table):
        self.table = make_table(self.app)
        self.app.stack.replace(self.table)
        return self.table

    @property
    def front(self):
        return self.table.front

    def frame(self):
        self.app.frame([], DT)

    def run_until(self, condition, limit: float = LIMIT, what: str = "") -> None:
        start = time.monotonic()
        while not condition():
            if time.monotonic() - start > limit:
                raise AssertionError(f"not reached after {limit:.0f} s: {what or condition}")
            self.frame()
            time.sleep(0.002)  # (the phones' threads get the processor: loopback messages arrive)

    STEP = 1 << 20
    """(`scenes/phones.PhoneLink.STEP`: a further step of one decision — a facing after a move — is numbered the
    answers so far plus a multiple of this.)"""

    def through(self, phone, d: dict, what: str = "") -> None:
        """Run until the answer to `d` (already sent by `phone`) is taken by the game, answering each further
        step of that same decision the table offers (a facing after a placement or a move) with its first choice."""
        base = d["id"] % self.STEP
        answered = {d["id"]}

        def taken():
            if self.front.answers > base:
                return True
            last = phone.last and phone.last["decision"]
            if last and last["id"] not in answered and last["id"] % self.STEP == base:
                answered.add(last["id"])
                phone.answer(0)
            return False

        self.run_until(taken, what=what or "the answer taken")

    def leaks(self) -> list[str]:
        """Every secret found in a message to a seat that may not know it: "seat: secret in field-text"."""
        out = []
        for seat, message, secrets in self.sent:
            if secrets is None:
                continue
            for text in strings_in(message):
                for found in secrets.found_in(text):
                    out.append(f"{seat}: {found!r} in {text[:80]!r}")
        return out

    def close(self):
        self.host.stop()


class Loop:
    """One asyncio loop on its own thread for the test's WebSocket phones."""

    _loop = None

    @classmethod
    def get(cls):
        if cls._loop is None:
            cls._loop = asyncio.new_event_loop()
            threading.Thread(target=cls._loop.run_forever, daemon=True, name="test-phones").start()
        return cls._loop


class WsPhone:
    """A phone as a WebSocket client: keeps every message it receives; answers each decision of its seat with
    a seeded random choice when `auto` (else `answer(i)` by hand)."""

    def __init__(self, host: PhoneHost, seat: str, *, seed: int = 0, auto: bool = True, secret: str | None = None):
        import aiohttp  # noqa: F401  (a test dependency of the game's own)

        self.host, self.seat, self.auto = host, seat, auto
        self.secret = secret or host.secret(seat)
        self.rng = random.Random(seed)
        self.received: list[dict] = []
        self.closed = False
        self.close_code = None
        self._ws = None
        self._n = 0
        self.future = asyncio.run_coroutine_threadsafe(self._run(), Loop.get())

    @property
    def states(self) -> list[dict]:
        return [m for m in self.received if m.get("t") == "state"]

    @property
    def last(self) -> dict | None:
        s = self.states
        return s[-1] if s else None

    @property
    def errors(self) -> list[dict]:
        return [m for m in self.received if m.get("t") == "error"]

    async def _run(self):
        import aiohttp

        async with aiohttp.ClientSession() as session:
            async with session.ws_connect(f"http://{self.host.host_words()}/ws/{self.secret}",
                                          max_msg_size=0) as ws:
                self._ws = ws
                async for m in ws:
                    if m.type != aiohttp.WSMsgType.TEXT:
                        break
                    msg = json.loads(m.data)
                    self.received.append(msg)
                    if self.auto and msg.get("t") == "state" and msg.get("decision"):
                        d = msg["decision"]
                        pick = d["choices"][self.rng.randrange(len(d["choices"]))]
                        await self._send({"t": "answer", "d": d["id"], "c": pick["i"]})
                self.close_code = ws.close_code
        self.closed = True

    async def _send(self, msg):
        self._n += 1
        await self._ws.send_str(json.dumps({**msg, "n": self._n}) if isinstance(msg, dict) else msg)

    def send(self, msg) -> None:
        """Send a message (a dict as JSON, a str or bytes as it is) from the test's thread."""
        async def go():
            if isinstance(msg, bytes):
                await self._ws.send_bytes(msg)
            elif isinstance(msg, str):
                await self._ws.send_str(msg)
            else:
                await self._send(msg)
        asyncio.run_coroutine_threadsafe(go(), Loop.get()).result(timeout=30)

    def answer(self, choice: int, decision: int | None = None) -> None:
        d = self.last["decision"]
        self.send({"t": "answer", "d": d["id"] if decision is None else decision, "c": choice})

    def close(self) -> None:
        async def go():
            if self._ws is not None:
                await self._ws.close()
        asyncio.run_coroutine_threadsafe(go(), Loop.get()).result(timeout=30)


# --------------------------------------------------------------------------------------------- the browser

def chromium_paths() -> tuple[str, str] | None:
    """(chromium, chromedriver) from Debian's packages (or PATH), None if either is missing."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


def need_chromium():
    """Skip (on a developer's machine) or fail (in CI, where .ci/run installs it) without Chromium."""
    import pytest

    if chromium_paths() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must have Debian's chromium and chromium-driver (.ci/run installs them)")
        pytest.skip("no chromium/chromedriver here (apt-get install chromium chromium-driver)")


def open_browser(width: int = 360, height: int = 640):
    """Headless Chromium, a phone-sized window, driven by Selenium (the flags the machine needs: no sandbox as
    root, no background networking on a closed network)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver = chromium_paths()
    opts = webdriver.ChromeOptions()
    opts.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--window-size={width},{height}", "--hide-scrollbars"):
        opts.add_argument(flag)
    opts.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height,
                                                                       "pixelRatio": 2.0}})
    return webdriver.Chrome(service=Service(driver), options=opts)
