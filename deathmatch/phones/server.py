"""The phones' server: HTTP for the page, a WebSocket per phone (aiohttp, on its own thread and event loop).

Routes (every one but the first needs a seat's secret in the path; a wrong one gets 404 and a page saying
to scan the code again):

    GET /                    a page saying to scan your seat's code on the big screen
    GET /p/<secret>          the phone's page (the same HTML for every seat: it reads its secret from the path)
    GET /f/<name>            the page's own files (phone.js, phone.css, the icon): a fixed list, no paths
    GET /b/<secret>/<n>.png  the board as the big screen shows everyone (public), picture number n
    GET /ws/<secret>         the seat's WebSocket: the host's last message at once, then every new one;
                             the phone's messages go through `PhoneHost.admit` (size, rate, shape)

Why aiohttp: one well-kept library gives HTTP and WebSockets on asyncio, with message size limits and
heartbeats built in; the standard library has no WebSocket server.
"""

from __future__ import annotations

import asyncio
import collections
import json
import logging
import threading
import time
from importlib import resources
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web

if TYPE_CHECKING:
    from .host import PhoneHost

log = logging.getLogger(__name__)

PAGE_FILES = {
    "phone.js": "application/javascript",
    "phone.css": "text/css",
    "icon.png": "image/png",
}
"""The page's files, by name: nothing else under /f/ is served."""

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the secret is in the address: never passed on
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
                               "style-src 'self'; script-src 'self'; frame-ancestors 'none'",
}
ERRORS_WAITING = 8
"""Words (refusals, pongs) waiting for one slow phone; beyond it the oldest is dropped (the newest says what
happens now: the page shows the last)."""
PER_SEAT = 4
"""Phones connected to one seat at once; a fifth drops the oldest (a phone that slept and came back leaves a
dead connection behind: the newest is the one in the player's hand)."""
TOTAL = 64
"""Connections to the whole server at once; beyond it a new one is refused (503) until one closes."""
FRAME_LIMIT = 64 * 1024
"""The largest WebSocket message read at all: a bigger one closes the connection at once (code 1009, before its
bytes are read); one between the host's `max_message` and this is refused with words and the phone stays."""
CALM = 1.0
"""Refusals for speed forgiven a second: a connection refused `host.flood_close` times (`host.FLOOD_CLOSE`) faster
than this is closed — that connection only: a new one of the same seat works at once."""
LINGER_QUIET, LINGER_MAX, LINGER_BYTES = 1.0, 10.0, 64 << 20
"""How long, and how much, the rest of a message too big is let in and thrown away before its connection
closes (`PhoneSocket.linger`): closed with bytes unread, a connection is reset, and the words sent lost."""
CLOSE_TIMEOUT = 5.0
"""Seconds a closing connection waits for the phone's goodbye."""
HEARTBEAT = 15.0
"""Seconds between the server's pings; a phone that does not answer one in half of it is dropped."""


def page_file(name: str) -> bytes:
    return resources.files("deathmatch.phones").joinpath("page", name).read_bytes()


class Outbox:
    """What waits to be sent to one connection: the newest state (an older one still waiting is replaced:
    the phone needs only the latest) and a few words (refusals), in order. Never grows without bound, never
    blocks the one putting."""

    def __init__(self):
        self.items: collections.deque = collections.deque()
        self.ready = asyncio.Event()
        self.closing: tuple[int, str] | None = None

    def put(self, text: str, state: bool = False) -> None:
        """Queue `text` (a state when `state`: it replaces an older state still waiting)."""
        if self.closing is not None:
            return
        if state:
            self.items = collections.deque(i for i in self.items if not i[0])
        else:
            words = [i for i in self.items if not i[0]]
            if len(words) >= ERRORS_WAITING:  # the oldest word gives way: the newest says what happens now
                self.items.remove(words[0])
        self.items.append((state, text))
        self.ready.set()

    def close(self, code: int = WSCloseCode.GOING_AWAY, why: str = "seat closed") -> None:
        """Send what waits, then close the connection with `code` and `why` (the first reason given stands)."""
        if self.closing is None:
            self.closing = (code, why)
        self.ready.set()


class Connection:
    """One phone's WebSocket: its seat, the secret it came with, what waits to be sent to it."""

    def __init__(self, seat: str, secret: str, ws: web.WebSocketResponse):
        self.seat, self.secret, self.ws = seat, secret, ws
        self.outbox = Outbox()
        self.strikes = 0.0
        self.struck = time.monotonic()

    def strike(self) -> float:
        """One more refusal for speed; returns how many stand (each forgiven after `CALM` seconds)."""
        now = time.monotonic()
        self.strikes = max(0.0, self.strikes - (now - self.struck) / CALM) + 1
        self.struck = now
        return self.strikes


class Discard(asyncio.Protocol):
    """Stands in for a connection's own protocol while it is closed for a message too big: what still arrives
    is counted and thrown away (the rest of the message), everything else is passed on."""

    def __init__(self, inner: asyncio.BaseProtocol):
        self.inner = inner
        self.bytes = 0
        self.last = time.monotonic()
        self.lost = False

    def data_received(self, data: bytes) -> None:
        self.bytes += len(data)
        self.last = time.monotonic()

    def eof_received(self):
        self.lost = True
        return None  # (the transport closes, and the inner protocol is told below)

    def connection_lost(self, exc) -> None:
        self.lost = True
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class PhoneSocket(web.WebSocketResponse):
    """aiohttp's WebSocket, which says why when it closes a connection for a message too big. aiohttp refuses
    such a message from its first bytes (never reading it into memory) and closes with code 1009, no words and
    the rest unread — which resets the connection, and the phone would lose any words sent. Here the phone is
    sent a refusal, the rest of its message is let in and thrown away (`Discard`, for a while at most), then
    the connection is closed with 1009 "message too big"."""

    async def prepare(self, request: web.BaseRequest):
        self.phone_request = request
        return await super().prepare(request)

    async def close(self, *, code: int = WSCloseCode.OK, message: bytes = b"", drain: bool = True) -> bool:
        if code == WSCloseCode.MESSAGE_TOO_BIG and not message and not self.closed:
            message = b"message too big"
            try:
                await self.send_str(json.dumps(refusal(
                    "too_big", f"That message was too big (a phone's message is at most {FRAME_LIMIT // 1024} KB)."
                               " The connection is closed; reload the page.")))
                await self.linger()
            except (ConnectionError, RuntimeError):
                pass
        return await super().close(code=code, message=message, drain=drain)

    async def linger(self) -> None:
        """Throw away what the phone still sends until it stops (quiet for `LINGER_QUIET` s), closes, or
        `LINGER_MAX` s or `LINGER_BYTES` bytes have passed."""
        request = getattr(self, "phone_request", None)
        transport = request.transport if request is not None else None
        if transport is None or transport.is_closing():
            return
        inner = transport.get_protocol()
        sink = Discard(inner)
        transport.set_protocol(sink)
        if not transport.is_reading():
            transport.resume_reading()
        start = time.monotonic()
        try:
            while (not sink.lost and time.monotonic() - sink.last < LINGER_QUIET
                   and time.monotonic() - start < LINGER_MAX and sink.bytes < LINGER_BYTES):
                await asyncio.sleep(0.05)
        finally:
            if not sink.lost:
                transport.set_protocol(inner)


NEXT_PORTS = 10
"""The ports after the asked one tried in order when it is taken, before any free one."""


class PhoneServer:
    def __init__(self, host: PhoneHost):  # (the host imports this module when it starts: not the other way)
        self.host = host
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.runner: web.AppRunner | None = None
        self.sockets: dict[str, list[Connection]] = {}
        """seat → its connections, oldest first."""
        self.files = {name: page_file(name) for name in PAGE_FILES if name != "icon.png"}
        self.files["icon.png"] = host.icon  # (the game's own icon, handed in by the screen)
        self.html = page_file("phone.html")
        self.pictures: dict[int, bytes] = {}
        self.outbox: collections.deque = collections.deque()
        """(seat, text) pushed by the screen's thread, not yet handed to the phones' queues …"""
        self.flush_wanted = False
        """… and whether the network thread was already woken to hand them on (`push`)."""
        self.out_lock = threading.Lock()
        self.holding = 0
        """While above 0 (`PhoneHost.batch`, on the screen's thread) pushes wait in the outbox for one wake-up."""

    # --- the screen's thread (never waits on the network) ---------------------------------------------
    def start(self, bind: str, port: int) -> int:
        """Listen on `bind`:`port` (any free port if that one is taken); returns the port."""
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="phones", daemon=True)
        self.thread.start()
        try:
            return asyncio.run_coroutine_threadsafe(self._start(bind, port), self.loop).result(timeout=15)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """Close every phone's connection and stop listening (the port refuses connections after)."""
        loop = self.loop
        if loop is None:
            return
        self.loop = None
        try:
            asyncio.run_coroutine_threadsafe(self._stop(), loop).result(timeout=CLOSE_TIMEOUT + 2)
        except Exception:  # shutting down: a hung phone must not keep the game from closing
            pass
        loop.call_soon_threadsafe(loop.stop)
        if self.thread is not None:
            self.thread.join(timeout=5)
        if not loop.is_running():
            loop.close()

    def _call(self, fn, *args) -> None:
        """`fn(*args)` on the network thread, soon; nothing if the server stopped (never raises)."""
        loop = self.loop
        if loop is not None:
            try:
                loop.call_soon_threadsafe(fn, *args)
            except RuntimeError:  # the loop closed between the look and the call: the server is gone
                pass

    def push(self, seat: str, text: str, state: bool = False) -> None:
        """Send `text` to every phone of `seat` (a state: what it shows now, replacing one not yet sent). The
        network thread is woken once for a burst of pushes (a change publishes to every seat at once, in a
        `PhoneHost.batch`): a wake-up a seat had it fight the screen's thread for the interpreter ten times in a
        row with ten phones (benchmarks/phones.py: a p95 of 67 ms to publish a change, for 1.9 ms of work)."""
        if self.loop is None:
            return
        self.outbox.append((seat, text, state))
        if not self.holding:
            self.wake()

    def wake(self) -> None:
        """Have the network thread hand the outbox on (once, however many pushes wait)."""
        if self.loop is None or not self.outbox:
            return
        with self.out_lock:
            if self.flush_wanted:
                return
            self.flush_wanted = True
        self._call(self._flush)

    def drop(self, seat: str) -> None:
        """Close every connection of `seat` (its secret was re-issued)."""
        self._call(self._drop, seat, "This seat was given a new code: scan the new code on the big screen.")

    def picture(self, number: int, png: bytes) -> None:
        """The board's picture `number` (public: what the big screen shows everyone); the last few are kept."""
        self._call(self._keep_picture, number, png)

    def count(self) -> int:
        """The connections open now (read from any thread: a sum over a copy)."""
        return sum(len(v) for v in list(self.sockets.values()))

    # --- the network thread ---------------------------------------------------------------------------
    async def _start(self, bind: str, port: int) -> int:
        app = web.Application(client_max_size=self.host.max_message, middlewares=[self.refuse_politely])
        app.router.add_get("/", self.landing)
        app.router.add_get("/p/{secret}", self.page)
        app.router.add_get("/f/{name}", self.file)
        app.router.add_get("/b/{secret}/{n}.png", self.board)
        app.router.add_get("/ws/{secret}", self.socket)
        app.on_response_prepare.append(self.plain_headers)
        self.runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=CLOSE_TIMEOUT)
        await self.runner.setup()
        # that port taken (another program): the next few in order, then any free one. In order, so the game
        # started again after a crash most likely listens where it did, and the phones' pages (whose address
        # has the port in it) come back by themselves; a random port would leave them knocking at the old one
        tries = [port] + ([port + i for i in range(1, NEXT_PORTS + 1) if port + i < 65536] if port else [])
        for p in tries + [0]:
            try:
                site = web.TCPSite(self.runner, bind, p)
                await site.start()
                break
            except OSError:
                if p == 0:
                    raise
        return self.runner.addresses[0][1]

    async def _stop(self) -> None:
        for seat in list(self.sockets):
            self._drop(seat, "The game on the big screen was closed.")
        if self.runner is not None:
            await self.runner.cleanup()

    def _flush(self) -> None:
        with self.out_lock:
            self.flush_wanted = False  # (before draining: a push after this wakes the thread again)
        while self.outbox:
            self._send(*self.outbox.popleft())

    def _send(self, seat: str, text: str, state: bool) -> None:
        for c in list(self.sockets.get(seat, ())):
            c.outbox.put(text, state)

    def _drop(self, seat: str, why: str) -> None:
        for c in list(self.sockets.get(seat, ())):
            c.outbox.put(json.dumps(refusal("seat_closed", why)))
            c.outbox.close(WSCloseCode.GOING_AWAY, "seat closed")

    def _keep_picture(self, number: int, png: bytes) -> None:
        self.pictures[number] = png
        for old in sorted(self.pictures)[:-4]:
            del self.pictures[old]

    @staticmethod
    def respond(body, content_type: str, status: int = 200) -> web.Response:
        r = web.Response(body=body, status=status, content_type=content_type.split(";")[0])
        r.headers.update(HEADERS)
        return r

    @staticmethod
    async def plain_headers(request: web.Request, response: web.StreamResponse) -> None:
        """No server or version words on any answer (nothing to learn about this computer)."""
        response.headers["Server"] = "Deathmatch"

    @web.middleware
    async def refuse_politely(self, request: web.Request, handler):
        """Any address not served (a wrong path, a folder, another method) gets the page saying what to do,
        never aiohttp's own words or a listing."""
        try:
            return await handler(request)
        except web.HTTPException as e:
            if e.status == 405:
                return self.respond(b"Only GET here.", "text/plain", 405)
            if e.status == 404:
                return self.respond(NOT_FOUND.encode(), "text/html", 404)
            raise

    def not_a_seat(self) -> web.Response:
        return self.respond(NOT_A_SEAT.encode(), "text/html", 404)

    async def landing(self, request: web.Request) -> web.Response:
        return self.respond(LANDING.encode(), "text/html")

    async def page(self, request: web.Request) -> web.Response:
        if self.host.seat_of(request.match_info["secret"]) is None:
            return self.not_a_seat()
        return self.respond(self.html, "text/html")

    async def file(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in self.files:
            return self.respond(NOT_FOUND.encode(), "text/html", 404)
        return self.respond(self.files[name], PAGE_FILES[name])

    async def board(self, request: web.Request) -> web.Response:
        if self.host.seat_of(request.match_info["secret"]) is None:
            return self.not_a_seat()
        try:
            png = self.pictures[int(request.match_info["n"])]
        except (KeyError, ValueError):
            return self.respond(b"gone", "text/plain", 404)
        return self.respond(png, "image/png")

    @staticmethod
    def foreign(request: web.Request) -> bool:
        """A WebSocket asked for by a page of another site (its Origin is not this server's address)."""
        origin = request.headers.get("Origin")
        if not origin or origin == "null":
            return False
        return urlsplit(origin).netloc.lower() != (request.host or "").lower()

    async def socket(self, request: web.Request) -> web.StreamResponse:
        secret = request.match_info["secret"]
        seat = self.host.seat_of(secret)
        if seat is None:
            return self.not_a_seat()
        if self.foreign(request):
            return self.respond(b"This connection did not come from the phone's page.", "text/plain", 403)
        if self.count() >= TOTAL:
            return self.respond(b"Too many phones are connected to this game.", "text/plain", 503)
        ws = PhoneSocket(max_msg_size=FRAME_LIMIT, heartbeat=HEARTBEAT, timeout=CLOSE_TIMEOUT, compress=False)
        await ws.prepare(request)
        c = Connection(seat, secret, ws)
        mine = self.sockets.setdefault(seat, [])
        mine.append(c)
        for old in mine[:-PER_SEAT]:  # a seat's oldest phones give way to its newest
            old.outbox.put(json.dumps(refusal("replaced", "Another phone took this seat.")))
            old.outbox.close(WSCloseCode.POLICY_VIOLATION, "another phone took this seat")
        self.host.joined(seat, +1)
        writer = asyncio.ensure_future(self._write(c))
        try:
            if self.host.seat_of(secret) != seat:  # re-issued while this one was joining
                self._drop_one(c, "This seat was given a new code: scan the new code on the big screen.")
            else:
                state = self.host.state(seat)
                if state:
                    c.outbox.put(state, True)
            async for msg in ws:
                if c.outbox.closing is not None:
                    break
                if msg.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                    break
                if self.host.seat_of(secret) != seat:  # its secret was re-issued: nothing more from it
                    break
                self.hear(c, msg.data)
                await asyncio.sleep(0)  # (the writer's turn: a burst read at once is answered as it goes)
        except Exception:  # (nothing a phone sends may stop the server: this connection alone ends)
            log.exception("phone connection of %s", seat)
        finally:
            if c in mine:
                mine.remove(c)
            if not mine and self.sockets.get(seat) is mine:
                del self.sockets[seat]
            c.outbox.close()
            await writer
            if not ws.closed:
                await ws.close()
            self.host.joined(seat, -1)
        return ws

    def _drop_one(self, c: Connection, why: str) -> None:
        c.outbox.put(json.dumps(refusal("seat_closed", why)))
        c.outbox.close(WSCloseCode.GOING_AWAY, "seat closed")

    def hear(self, c: Connection, data) -> None:
        """One message from a phone: checked by the host (queued for the screen if good), answered here."""
        answer = self.host.admit(c.seat, data)
        if answer is None:
            return
        kind = answer.get("t")
        if kind == "error":
            c.outbox.put(json.dumps(answer))
            if answer.get("code") == "too_fast" and c.strike() >= self.host.flood_close:
                c.outbox.put(json.dumps(refusal(
                    "flood", "Too many messages: this connection is closed. Reload the page to come back.")))
                c.outbox.close(WSCloseCode.POLICY_VIOLATION, "too many messages")
        elif kind == "hello":
            state = self.host.state(c.seat)
            if state:
                c.outbox.put(state, True)
        elif kind == "ping":
            c.outbox.put('{"t":"pong"}')

    async def _write(self, c: Connection) -> None:
        """Send what waits for the connection, in order, until it is closed."""
        ws, box = c.ws, c.outbox
        try:
            while True:
                await box.ready.wait()
                box.ready.clear()
                while box.items:
                    await ws.send_str(box.items.popleft()[1])
                if box.closing is not None:
                    code, why = box.closing
                    if not ws.closed:
                        await ws.close(code=code, message=why.encode())
                    return
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            return


def refusal(code: str, text: str) -> dict:
    """A word to a phone: what it sent (or did) is refused, and why."""
    return {"t": "error", "code": code, "text": text}


NOT_FOUND = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Not here</title>
<link rel="stylesheet" href="/f/phone.css"></head><body><main class="note">
<h1>Nothing here</h1><p>Scan <b>your seat's code</b> on the big screen (or type the address under it) to hold
your hand on this phone.</p></main></body></html>"""

LANDING = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Deathmatch</title>
<link rel="stylesheet" href="/f/phone.css"></head><body><main class="note">
<h1>Deathmatch</h1><p>Scan <b>your seat's code</b> on the big screen (or type the address under it) to hold
your hand on this phone.</p></main></body></html>"""

NOT_A_SEAT = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Not a seat</title>
<link rel="stylesheet" href="/f/phone.css"></head><body><main class="note">
<h1>This link is not a seat</h1><p>It is not a seat of the game on this computer (the game may have ended,
or your seat was given a new code). Scan <b>your seat's code</b> on the big screen again.</p></main></body></html>"""

