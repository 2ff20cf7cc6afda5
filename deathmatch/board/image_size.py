"""An image file's size in pixels, read from its header before anything decodes it.

A map's pictures come from anybody: a 2 MB PNG can be 20,000×20,000 pixels
(1.6 GB once pygame decodes it). `image_size` reads only the few header bytes
that say how big the picture is (a PNG's IHDR, a JPEG's frame header, a
BMP's info header), so the map check can refuse it before the game, pytmx or
`tile_shape` decodes a single pixel. A format it can not size is refused
(`ImageSizeError`), never guessed: Tiled saves PNG by default.

Stdlib only, like the rest of the board (the client's image loader uses it too).
"""

from __future__ import annotations

import struct
from pathlib import Path

FORMATS = "PNG, JPEG or BMP"
"""The image formats whose size the game reads before opening them (the only ones it opens)."""
_JPEG_SEGMENTS = 1000
"""Most JPEG segments looked through for the frame header (a real photo has a dozen)."""
_PNG = b"\x89PNG\r\n\x1a\n"


class ImageSizeError(ValueError):
    """The image's size can not be read: the message says why (words to follow "the image ...")."""


def image_size(path: Path) -> tuple[int, int]:
    """(width, height) in pixels of the PNG, JPEG or BMP at `path`, from its header only.

    ImageSizeError for any other format, a header that is cut short or a file that can not be read."""
    try:
        with open(path, "rb") as f:
            head = f.read(32)
            if head.startswith(_PNG):
                return _png(head)
            if head.startswith(b"\xff\xd8"):
                return _jpeg(f)
            if head.startswith(b"BM"):
                return _bmp(head)
    except OSError as e:
        raise ImageSizeError(f"can not be read ({e.strerror or e})") from None
    raise ImageSizeError(
        f"is not a {FORMATS} image (the game reads only images it can size before opening them): save it as PNG"
    )


def _png(head: bytes) -> tuple[int, int]:
    # The signature, then the IHDR chunk first of all: length 13, "IHDR", width, height (big-endian).
    if len(head) < 24 or head[12:16] != b"IHDR":
        raise ImageSizeError("is a PNG without its IHDR header: save it again as PNG")
    return struct.unpack(">II", head[16:24])


def _bmp(head: bytes) -> tuple[int, int]:
    if len(head) < 26:
        raise ImageSizeError("is a BMP cut short: save it as PNG")
    (info,) = struct.unpack("<I", head[14:18])
    if info == 12:  # BITMAPCOREHEADER: 16-bit sizes
        return struct.unpack("<HH", head[18:22])
    width, height = struct.unpack("<ii", head[18:26])
    return abs(width), abs(height)  # a negative height is a top-down bitmap


def _jpeg(f) -> tuple[int, int]:
    # Segments after the SOI marker: FF, a marker byte, a 2-byte length (which counts itself), the body.
    # The frame header (SOF0…SOF15, but C4 DHT, C8 JPG, CC DAC) holds precision, height, width.
    f.seek(2)
    for _ in range(_JPEG_SEGMENTS):
        marker = f.read(2)
        while len(marker) == 2 and marker[0] == 0xFF and marker[1] == 0xFF:  # fill bytes
            marker = marker[1:] + f.read(1)
        if len(marker) < 2 or marker[0] != 0xFF:
            break
        kind = marker[1]
        if kind == 0x01 or 0xD0 <= kind <= 0xD7:  # no length
            continue
        if kind in (0xD9, 0xDA):  # end of image, start of scan: no frame header before it
            break
        size = f.read(2)
        if len(size) < 2:
            break
        (length,) = struct.unpack(">H", size)
        if 0xC0 <= kind <= 0xCF and kind not in (0xC4, 0xC8, 0xCC):
            body = f.read(5)
            if len(body) < 5:
                break
            height, width = struct.unpack(">HH", body[1:5])
            return width, height
        if length < 2:
            break
        f.seek(length - 2, 1)
    raise ImageSizeError("is a JPEG whose size the game can not find: save it as PNG")
