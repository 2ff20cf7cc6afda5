"""`PhoneHost`: the phone seats of one open game, between the screen's thread and the network's.

The screen (the game's only authority) calls, on its own thread:

    host = PhoneHost({"Ann": None, "Bob": "kept-secret"})   # None: a new random secret
    host.start()                    # the server listens (`server.PhoneServer`, its own thread)
    host.url("Ann")                 # http://192.168.1.20:8765/p/<Ann's secret>
    host.publish("Ann", message)    # what Ann's phone shows now (a dict of plain data, made from Ann's view)
    for seat, msg in host.take():   # what the phones answered since the last look (already checked)
        ...
    host.tell("Ann", {"t": "error", ...})   # a word to Ann's phone alone
    host.reissue("Ann")             # a new secret: the old link and every phone on it are shut out
    host.stop()

The network thread only reads the text `publish` left (JSON made on the screen's thread) and puts the
phones' checked messages on a queue: nothing of the game crosses threads.
"""

from __future__ import annotations

import contextlib
import json
import queue
import secrets
import socket
import threading
import time
from dataclasses import dataclass, field

SECRET_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""The characters of a seat's secret: small letters and digits a player copying the address off the big screen
can type without the shift key and not mistake for another (no i, l or 1, no o or 0: the screen's small font drew
'l' and 'I', 'O' and '0' alike), and nothing a URL must escape."""
SECRET_LENGTH = 20
"""A seat's secret: 20 characters of `SECRET_ALPHABET` (31 of them: 99 random bits)."""
MAX_MESSAGE = 4096
"""The most a phone's message may hold (bytes of JSON): every message a phone sends is a few dozen."""
RATE = 8.0
"""Messages a second a phone may send, on average …"""
BURST = 24
"""… and at most this many at once (a thumb tapping fast is far below both)."""
FLOOD_CLOSE = 200
"""Messages refused for coming too fast (each forgiven after a second) after which that phone's connection is
closed (`server.Connection.strike`)."""
DEFAULT_PORT = 8765


def new_secret() -> str:
    return "".join(secrets.choice(SECRET_ALPHABET) for _ in range(SECRET_LENGTH))


def lan_address() -> str:
    """This computer's address on the local network (the interface a packet out would leave by; nothing is
    sent), or 127.0.0.1 when there is no network."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        ip = s.getsockname()[0]
    except OSError:
        ip = "127.0.0.1"
    finally:
        s.close()
    return ip


@dataclass
class Seat:
    """One phone seat: its secret, the last message published to it (JSON text) and its number."""

    name: str
    secret: str
    state: str = ""
    seq: int = 0
    connections: int = 0
    last_seen: float = 0.0
    """time.monotonic() of the last message from its phone (0: never)."""
    refused: int = 0
    """Messages refused for coming too fast, in all (a flood closes its connection: the server counts)."""
    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)


class PhoneHost:
    """The phone seats of one game (see the module's words)."""

    def __init__(self, seats: dict[str, str | None], *, bind: str = "0.0.0.0", port: int = DEFAULT_PORT,
                 address: str | None = None):
        self._lock = threading.Lock()
        self._seats: dict[str, Seat] = {name: Seat(name, secret or new_secret()) for name, secret in seats.items()}
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.bind = bind
        self.port = port
        self.address = address
        """The address phones reach this computer by (None: found when the server starts)."""
        self.server = None
        self.problem: str | None = None
        """Why the server could not start (shown on screen), None when it listens."""
        self.max_message = MAX_MESSAGE
        self.flood_close = FLOOD_CLOSE
        self.icon = b""
        """The page's icon (PNG bytes: the game's own, `assets/icon`), handed in by the screen."""
        self.on_change = None
        """Called (on the network thread) when a phone's message or connection arrives: the screen may wake."""
        self.at_screen: list[str] = []
        """The phone seats played at the screen for now (the screen's phones panel, "Play at the screen"): kept
        here, with the codes, so that it lasts as long as they do — the next game of a night, a rematch, and
        (kept in `phones.json`) a Continue."""
        self.pictures_made = 0
        """The number of the last board picture any table made for these phones: a host is kept from one game
        to the next (the same seats), so the next table numbers its pictures on from here — restarting at 1, a
        phone kept the last game's board (it had that number already, or the server kept the old game's)."""

    # --- the seats -------------------------------------------------------------------------------------
    @property
    def seats(self) -> list[str]:
        return list(self._seats)

    def secret(self, seat: str) -> str:
        return self._seats[seat].secret

    def secrets(self) -> dict[str, str]:
        """Seat → secret (kept beside the autosave, so Continue brings the same phones back)."""
        with self._lock:
            return {s.name: s.secret for s in self._seats.values()}

    def seat_of(self, secret: str) -> str | None:
        """The seat whose secret this is (compared in constant time), None for any other string."""
        if not isinstance(secret, str):
            return None
        found = None
        with self._lock:
            for s in self._seats.values():
                if secrets.compare_digest(s.secret.encode(), secret.encode("utf-8", "replace")):
                    found = s.name
        return found

    def reissue(self, seat: str) -> str:
        """A new secret for `seat` (a lost or shared phone): the old link stops working and the phones on it
        are disconnected."""
        with self._lock:
            s = self._seats[seat]
            s.secret = new_secret()
        if self.server is not None:
            self.server.drop(seat)
        return s.secret

    def url(self, seat: str) -> str:
        return f"http://{self.host_words()}/p/{self.secret(seat)}"

    def host_words(self) -> str:
        """host:port, as a phone types it."""
        return f"{self.address or '127.0.0.1'}:{self.port}"

    def connected(self, seat: str) -> bool:
        with self._lock:
            return self._seats[seat].connections > 0

    def connections(self, seat: str) -> int:
        """How many pages are open on the seat's link now (two: the link may have been shared)."""
        with self._lock:
            return self._seats[seat].connections

    def last_seen(self, seat: str) -> float:
        with self._lock:
            return self._seats[seat].last_seen

    # --- what the phones are shown ---------------------------------------------------------------------
    def publish(self, seat: str, message: dict) -> int:
        """Make `message` what `seat`'s phone shows now (sent at once to its phone, and again to a phone
        that connects later); returns its number."""
        with self._lock:
            s = self._seats[seat]
            s.seq += 1
            text = json.dumps({**message, "seq": s.seq}, separators=(",", ":"), ensure_ascii=False)
            s.state = text
            seq = s.seq
        if self.server is not None:
            self.server.push(seat, text, state=True)
        return seq

    @contextlib.contextmanager
    def batch(self):
        """Publish to several seats at once (`with host.batch(): ...`): the messages leave together when the
        block ends, the network thread woken once, not once a seat."""
        server = self.server
        if server is None:
            yield
            return
        server.holding += 1
        try:
            yield
        finally:
            server.holding -= 1
            if not server.holding:
                server.wake()

    def state(self, seat: str) -> str:
        """The last message published to `seat` (JSON text; "" before the first)."""
        with self._lock:
            return self._seats[seat].state

    def tell(self, seat: str, message: dict) -> None:
        """A word to `seat`'s phone alone, not kept (an error, an acknowledgement)."""
        if self.server is not None:
            self.server.push(seat, json.dumps(message, separators=(",", ":"), ensure_ascii=False))

    # --- what the phones said --------------------------------------------------------------------------
    def take(self) -> list[tuple[str, dict]]:
        """The phones' checked messages since the last call, in order: (seat, message)."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def waiting(self) -> bool:
        """Whether a phone's message waits to be taken (cheap: the screen's idle loop asks it)."""
        return not self._inbox.empty()

    # --- the network thread's side ---------------------------------------------------------------------
    def admit(self, seat: str, raw: str | bytes) -> dict | None:
        """A phone's message, checked (called on the network thread): the message (queued for the screen)
        or a refusal `{"t": "error", "code": …, "text": …}` to send back. Nothing is queued on a refusal."""
        now = time.monotonic()
        with self._lock:
            s = self._seats.get(seat)
            if s is None:
                return refusal("unknown_seat", "This seat is no longer in the game. Scan the code on the screen.")
            s.tokens = min(BURST, s.tokens + (now - s.stamp) * RATE)
            s.stamp = now
            if s.tokens < 1:
                s.refused += 1
                return refusal("too_fast", "Too many messages at once: wait a moment and tap again.")
            s.tokens -= 1
            s.last_seen = now
        if not isinstance(raw, (str, bytes, bytearray)):
            return refusal("bad_json", "That message was not JSON. Reload the page.")
        size = len(raw.encode("utf-8", "replace") if isinstance(raw, str) else raw)
        if size > self.max_message:
            return refusal("too_big", f"That message was {size} bytes; a phone's message is at most "
                                      f"{self.max_message}.")
        try:
            msg = json.loads(raw)
        except (ValueError, RecursionError):  # (UnicodeDecodeError is a ValueError; so are huge numbers)
            return refusal("bad_json", "That message was not JSON. Reload the page.")
        why = shape_problem(msg)
        if why:
            return refusal("bad_message", why)
        if msg["t"] in ("hello", "ping"):
            return msg
        self._inbox.put((seat, msg))
        if self.on_change is not None:
            self.on_change()
        return msg

    def joined(self, seat: str, delta: int) -> None:
        with self._lock:
            s = self._seats.get(seat)
            if s is not None:
                s.connections = max(0, s.connections + delta)
                s.last_seen = time.monotonic()
        if self.on_change is not None:
            self.on_change()

    # --- the server -------------------------------------------------------------------------------------
    def start(self) -> bool:
        """Start listening (on `bind`, at `port`, else any free port); False, with `problem` said, if it
        cannot."""
        from .server import PhoneServer  # lazy: start-up (aiohttp is imported only when phones are used)

        if self.server is not None:
            return True
        try:
            self.server = PhoneServer(self)
            self.port = self.server.start(self.bind, self.port)
        except (OSError, RuntimeError, ImportError) as e:
            self.server = None
            self.problem = f"The phones' server could not start: {e}"
            return False
        if self.address is None:
            self.address = "127.0.0.1" if self.bind == "127.0.0.1" else lan_address()
        self.problem = None
        return True

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    @property
    def listening(self) -> bool:
        return self.server is not None


def refusal(code: str, text: str) -> dict:
    return {"t": "error", "code": code, "text": text}


KINDS = {
    "hello": {},
    "ping": {},
    "answer": {"d": int, "c": int},
    "order": {"o": str, "v": str},
    "recap": {},
}
"""What a phone may send: its kind `t` and the fields each kind must have (and no other but `n`, a number)."""


def shape_problem(msg) -> str | None:
    """Why `msg` is not a phone's message (None: it is one)."""
    if not isinstance(msg, dict):
        return "A message is a JSON object."
    kind = msg.get("t")
    if not isinstance(kind, str) or kind not in KINDS:
        return f"Unknown message kind {str(kind)[:20]!r}."
    fields = KINDS[kind]
    extra = set(msg) - set(fields) - {"t", "n"}
    if extra:
        return f"Unexpected field {sorted(extra)[0][:20]!r} in a {kind!r} message."
    if "n" in msg and (type(msg["n"]) is not int or not 0 <= msg["n"] < 2**53):
        return "The message number 'n' must be a whole number."
    for name, typ in fields.items():
        value = msg.get(name)
        if type(value) is not typ:
            return f"A {kind!r} message needs {name!r} ({'a number' if typ is int else 'a string'})."
        if typ is int and not 0 <= value < 2**31:
            return f"{name!r} is out of range."
        if typ is str and len(value) > 64:
            return f"{name!r} is too long."
    return None
