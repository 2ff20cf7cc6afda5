"""The hexagon a tileset's tile draws: the side length its picture was made for.

Tiled places hex tiles by the map's Hex Side Length; if that is not the
length of the flat sides in the tiles' pictures, Tiled (and the game) draw the
hexes overlapping or with gaps. `hex_side` measures the picture: the number of
pixel rows (pointy-top tiles) or columns (flat-top) where the opaque hexagon
is at its widest.

Reads 8-bit non-interlaced PNG sheets with the standard library (the board
never imports pygame); anything else is "not measured" (None), never an error.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from .tmx_guard import MAX_IMAGE_SIDE

MAX_PIXELS = 16_000_000
"""Larger sheets are not measured (no arena tileset is anywhere near)."""
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # PNG colour type → samples per pixel


_CACHE: dict[tuple, list[bytes] | None] = {}


def alpha_rows(path: Path, rows: int | None = None, cols: int | None = None) -> list[bytes] | None:
    """The sheet's opacity, one bytes object per pixel row (0 transparent … 255 opaque),
    only the first `rows` rows and `cols` columns if given (PNG rows unpack left to right,
    so a tile near the top left costs little); None if not readable. Remembered per file version."""
    try:
        stat = Path(path).stat()
        key = (str(Path(path).resolve()), stat.st_mtime_ns, stat.st_size, rows, cols)
    except OSError:
        return None
    if key not in _CACHE:
        if len(_CACHE) > 32:
            _CACHE.clear()
        _CACHE[key] = _alpha_rows(Path(path), rows, cols)
    return _CACHE[key]


def _alpha_rows(path: Path, rows: int | None, cols: int | None) -> list[bytes] | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    pos, chunks, header, palette_alpha = 8, [], None, b""
    try:
        while pos + 8 <= len(data):
            length, kind = struct.unpack(">I4s", data[pos : pos + 8])
            body = data[pos + 8 : pos + 8 + length]
            pos += 12 + length
            if kind == b"IHDR":
                header = struct.unpack(">IIBBBBB", body)
            elif kind == b"tRNS":
                palette_alpha = body
            elif kind == b"IDAT":
                chunks.append(body)
            elif kind == b"IEND":
                break
        if header is None:
            return None
        width, height, depth, colour, _, _, interlace = header
        if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE:
            return None  # never unpacked (the map check refuses it: tmx_guard.MAX_IMAGE_SIDE)
        height = min(height, rows) if rows is not None else height
        if depth != 8 or interlace or colour not in _CHANNELS or width * height > MAX_PIXELS:
            return None
        bpp = _CHANNELS[colour]
        stride = width * bpp
        unpack = zlib.decompressobj()
        raw = unpack.decompress(b"".join(chunks), (stride + 1) * height)
        if len(raw) < (stride + 1) * height:
            return None
    except (struct.error, zlib.error, ValueError):
        return None
    used = min(width, cols) * bpp if cols is not None else stride
    width = used // bpp
    out, previous = [], bytearray(used)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : y * (stride + 1) + 1 + used])
        _unfilter(kind, line, previous, bpp)
        previous = line
        if colour in (4, 6):
            out.append(bytes(line[bpp - 1 :: bpp]))
        elif colour == 3 and palette_alpha:
            out.append(bytes(palette_alpha[i] if i < len(palette_alpha) else 255 for i in line))
        else:
            out.append(b"\xff" * width)
    return out


def _unfilter(kind: int, line: bytearray, previous: bytearray, bpp: int) -> None:
    if kind == 0:
        return
    if kind == 2:
        line[:] = bytes((v + p) & 255 for v, p in zip(line, previous))
        return
    for i in range(len(line)):
        a = line[i - bpp] if i >= bpp else 0
        b = previous[i]
        c = previous[i - bpp] if i >= bpp else 0
        if kind == 1:
            line[i] = (line[i] + a) & 255
        elif kind == 2:
            line[i] = (line[i] + b) & 255
        elif kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255


def hex_side(alpha: list[bytes], x: int, y: int, width: int, height: int, pointy: bool) -> float | None:
    """The side length of the hexagon drawn in the tile at (x, y) of a sheet, in pixels.

    A pointy-top hexagon widens steadily from its top tip to its full width,
    stays full along its flat sides, and narrows to its bottom tip (a flat-top
    one the same, sideways). The two slanted edges are fitted with straight
    lines (through the lines a quarter to three quarters wide, so soft edges
    do not matter) and the side is the distance between where they reach full
    width. None if the picture is not such a hexagon (a square, empty)."""
    if not alpha or y + height > len(alpha) or x + width > len(alpha[0]):
        return None
    tile = [row[x : x + width] for row in alpha[y : y + height]]
    if pointy:
        spans = [sum(row) / 255 for row in tile]
    else:
        spans = [sum(row[i] for row in tile) / 255 for i in range(width)]
    widest = max(spans)
    if widest < 4:
        return None
    middle = max(range(len(spans)), key=lambda i: (spans[i], -abs(i - len(spans) / 2)))

    def reach(lines: range) -> float | None:
        """Where the edge over these lines reaches full width (a line fit through its slope)."""
        pts = [(i + 0.5, spans[i]) for i in lines if widest / 4 <= spans[i] <= widest * 3 / 4]
        if len(pts) < 3:
            return None
        n = len(pts)
        mx, my = sum(p for p, _ in pts) / n, sum(v for _, v in pts) / n
        var = sum((p - mx) ** 2 for p, _ in pts)
        slope = sum((p - mx) * (v - my) for p, v in pts) / var if var else 0
        if abs(slope) < 0.05:
            return None
        return mx + (widest - my) / slope

    top, bottom = reach(range(0, middle)), reach(range(middle, len(spans)))
    if top is None or bottom is None or spans[0] > widest / 2 or spans[-1] > widest / 2:
        return None
    return bottom - top


def nearest_side(measured: float, across: int) -> int:
    """A measured side as a Hex Side Length: the whole number nearest to it that leaves
    whole pixels for the two tips (same parity as the tile's height, or width if flat-top)."""
    low = int(measured)
    candidates = [n for n in (low - 1, low, low + 1, low + 2) if (across - n) % 2 == 0]
    return min(candidates, key=lambda n: abs(n - measured))
