"""Phones as private hands: a seat played from a phone's browser on the local network.

- `host.py` — `PhoneHost`: the seats, their secrets, what each phone was last sent and what the phones
  answered; the only thing the game's screen and the network thread share (thread-safe, plain JSON text).
- `server.py` — the HTTP + WebSocket server (aiohttp) on its own thread: the page, its files, one socket per
  phone; every message from a phone is checked here (its secret, size, rate, shape) before the host sees it.
- `png.py` — the board's picture as PNG bytes, made without holding the interpreter (zlib compresses).
- `page/` — the phone's page (HTML, CSS, JavaScript), served from the package: nothing is fetched from the
  internet.

No pygame here, and no game: the screen (`deathmatch/scenes/phones.py`) builds each seat's message from the
seat's own view (`Front.view(seat)`) and applies the answers through `Front.apply(seat, …)`, on its own thread.
docs/PHONES.md says what travels on the network.
"""
