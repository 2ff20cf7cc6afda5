"""A PNG of the board's picture made without holding the interpreter: `encode(width, height, rgb)`.

pygame's own `image.save(…, "x.png")` holds Python's global lock for the whole encoding (50–60 ms for a 720-pixel
board here): on its worker thread it stopped the screen's frames and the phones' server as long
(benchmarks/phones.py). Here the rows are put together in a few slices and zlib — which lets go of the lock
while it compresses — does the work, so the screen and the network thread run meanwhile. No filtering (each
row's filter byte 0): a board picture of flat colours compresses well without it, and quickly.
"""

from __future__ import annotations

import struct
import zlib

LEVEL = 1
"""zlib's compression level: 1, the fastest. The Grand Arena's 720×407 picture: 389 KB in 14 ms, beside
pygame's 325 KB in 52 ms with the lock held; levels 3 and 6 save little on a textured board."""


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def encode(width: int, height: int, rgb: bytes, level: int = LEVEL) -> bytes:
    """PNG bytes of a `width`×`height` picture given as rows of 8-bit RGB triples, top row first."""
    stride = width * 3
    if width <= 0 or height <= 0 or len(rgb) != stride * height:
        raise ValueError(f"{len(rgb)} bytes are not a {width}×{height} RGB picture")
    raw = b"".join(b"\x00" + rgb[y * stride:(y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8 bits, RGB, deflate, no filter, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, level)) + \
        chunk(b"IEND", b"")
