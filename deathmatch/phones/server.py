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
import threading
from importlib import resources

from typing import TYPE_CHECKING

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .host import PhoneHost

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
QUEUE_LIMIT = 64
"""Messages waiting for one slow phone; beyond it the oldest are dropped (a newer state replaces them)."""


def page_file(name: str) -> bytes:
    return resources.files("deathmatch.phones").joinpath("page", name).read_bytes()


class PhoneServer:
    def __init__(self, host: PhoneHost):  # (the host imports this module when it starts: not the other way)
        self.host = host
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self.runner: web.AppRunner | None = None
        self.sockets: dict[str, set] = {}
        """seat → its connections' send queues."""
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

    # --- the screen's thread --------------------------------------------------------------------------
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
        loop = self.loop
        if loop is None:
            return
        self.loop = None
        try:
            asyncio.run_coroutine_threadsafe(self._stop(), loop).result(timeout=5)
        except Exception:  # shutting down: a hung phone must not keep the game from closing
            pass
        loop.call_soon_threadsafe(loop.stop)
        if self.thread is not None:
            self.thread.join(timeout=5)
        if not loop.is_running():
            loop.close()

    def push(self, seat: str, text: str) -> None:
        """Send `text` to `seat`'s phones. The network thread is woken once for a burst of pushes (a change
        publishes to every seat at once, in a `PhoneHost.batch`): a wake-up a seat had it fight the screen's
        thread for the interpreter ten times in a row with ten phones (benchmarks/phones.py: a p95 of 67 ms
        to publish a change, for 1.9 ms of work)."""
        if self.loop is None:
            return
        self.outbox.append((seat, text))
        if not self.holding:
            self.wake()

    def wake(self) -> None:
        """Have the network thread hand the outbox on (once, however many pushes wait)."""
        loop = self.loop
        if loop is None or not self.outbox:
            return
        with self.out_lock:
            if self.flush_wanted:
                return
            self.flush_wanted = True
        loop.call_soon_threadsafe(self._flush)

    def drop(self, seat: str) -> None:
        """Close every connection of `seat` (its secret was re-issued)."""
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(self._drop, seat)

    def picture(self, number: int, png: bytes) -> None:
        """The board's picture `number` (public: what the big screen shows everyone); the last few are kept."""
        loop = self.loop
        if loop is not None:
            loop.call_soon_threadsafe(self._keep_picture, number, png)

    # --- the network thread ---------------------------------------------------------------------------
    async def _start(self, bind: str, port: int) -> int:
        app = web.Application(client_max_size=self.host.max_message)
        app.router.add_get("/", self.landing)
        app.router.add_get("/p/{secret}", self.page)
        app.router.add_get("/f/{name}", self.file)
        app.router.add_get("/b/{secret}/{n}.png", self.board)
        app.router.add_get("/ws/{secret}", self.socket)
        self.runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self.runner.setup()
        try:
            site = web.TCPSite(self.runner, bind, port)
            await site.start()
        except OSError:
            site = web.TCPSite(self.runner, bind, 0)  # that port is taken: any free one
            await site.start()
        return self.runner.addresses[0][1]

    async def _stop(self) -> None:
        for seat in list(self.sockets):
            self._drop(seat)
        if self.runner is not None:
            await self.runner.cleanup()

    def _flush(self) -> None:
        with self.out_lock:
            self.flush_wanted = False  # (before draining: a push after this wakes the thread again)
        while self.outbox:
            self._send(*self.outbox.popleft())

    def _send(self, seat: str, text: str) -> None:
        for q in list(self.sockets.get(seat, ())):
            if q.qsize() >= QUEUE_LIMIT:
                q.get_nowait()
            q.put_nowait(text)

    def _drop(self, seat: str) -> None:
        for q in list(self.sockets.get(seat, ())):
            q.put_nowait(None)

    def _keep_picture(self, number: int, png: bytes) -> None:
        self.pictures[number] = png
        for old in sorted(self.pictures)[:-4]:
            del self.pictures[old]

    @staticmethod
    def respond(body, content_type: str, status: int = 200) -> web.Response:
        r = web.Response(body=body, status=status, content_type=content_type.split(";")[0])
        r.headers.update(HEADERS)
        return r

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
            return self.respond(b"not found", "text/plain", 404)
        return self.respond(self.files[name], PAGE_FILES[name])

    async def board(self, request: web.Request) -> web.Response:
        if self.host.seat_of(request.match_info["secret"]) is None:
            return self.not_a_seat()
        try:
            png = self.pictures[int(request.match_info["n"])]
        except (KeyError, ValueError):
            return self.respond(b"gone", "text/plain", 404)
        return self.respond(png, "image/png")

    async def socket(self, request: web.Request) -> web.StreamResponse:
        seat = self.host.seat_of(request.match_info["secret"])
        if seat is None:
            return self.not_a_seat()
        ws = web.WebSocketResponse(max_msg_size=self.host.max_message, heartbeat=15, compress=False)
        await ws.prepare(request)
        q: asyncio.Queue = asyncio.Queue()
        self.sockets.setdefault(seat, set()).add(q)
        self.host.joined(seat, +1)
        writer = asyncio.ensure_future(self._write(ws, q))
        try:
            state = self.host.state(seat)
            if state:
                q.put_nowait(state)
            async for msg in ws:
                if msg.type == WSMsgType.TEXT or msg.type == WSMsgType.BINARY:
                    answer = self.host.admit(seat, msg.data)
                    if answer is not None and answer.get("t") == "error":
                        q.put_nowait(json.dumps(answer))
                        if self.host.flooding(seat):
                            break
                    elif answer is not None and answer.get("t") == "hello":
                        state = self.host.state(seat)
                        if state:
                            q.put_nowait(state)
                    elif answer is not None and answer.get("t") == "ping":
                        q.put_nowait('{"t":"pong"}')
                elif msg.type == WSMsgType.ERROR:
                    break
            if ws.close_code == 1009:  # a message over the size limit: aiohttp closed it, saying why
                pass
        finally:
            self.sockets.get(seat, set()).discard(q)
            q.put_nowait(None)
            await writer
            if not ws.closed:
                await ws.close()
            self.host.joined(seat, -1)
        return ws

    async def _write(self, ws: web.WebSocketResponse, q: asyncio.Queue) -> None:
        while True:
            text = await q.get()
            if text is None:
                if not ws.closed:
                    await ws.close(message=b"seat closed")
                return
            try:
                await ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return


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

