"""Draw the application icon (assets/icon/deathmatch.png, .ico) — deterministic, pygame only.

A gold laurel-wreathed crossed-swords medallion on a dark red disc: reads at 16 px.
The .ico holds PNG images at 16–256 px (the format Windows accepts since Vista).
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icon"


def draw(size: int) -> pygame.Surface:
    k = 4
    big = size * k
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    pygame.draw.circle(s, (40, 10, 14), (c, c), big * 0.49)
    pygame.draw.circle(s, (150, 30, 28), (c, c), big * 0.45)
    pygame.draw.circle(s, (242, 190, 74), (c, c), big * 0.45, max(2, big // 28))
    # laurel leaves round the rim
    for side in (-1, 1):
        for i in range(7):
            a = math.radians(200 + side * 0 + i * 20) if side < 0 else math.radians(-20 - i * 20)
            x, y = c + math.cos(a) * big * 0.34, c - math.sin(a) * big * 0.34
            pygame.draw.ellipse(s, (110, 170, 70), (x - big * 0.05, y - big * 0.028, big * 0.1, big * 0.056))
    # crossed swords
    for sign in (-1, 1):
        a = math.radians(45 * sign)
        dx, dy = math.sin(a), math.cos(a)
        tip = (c + dx * big * 0.3, c - dy * big * 0.3)
        base = (c - dx * big * 0.22, c + dy * big * 0.22)
        pygame.draw.line(s, (235, 235, 245), base, tip, max(3, big // 16))
        guard = (c - dx * big * 0.12, c + dy * big * 0.12)
        gx, gy = dy * big * 0.09, dx * big * 0.09
        pygame.draw.line(s, (242, 190, 74), (guard[0] - gx, guard[1] - gy), (guard[0] + gx, guard[1] + gy), max(3, big // 20))
    return pygame.transform.smoothscale(s, (size, size))


def png_bytes(surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "icon.png")
    return buf.getvalue()


def main() -> None:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw(256), OUT / "deathmatch.png")
    sizes = [16, 24, 32, 48, 64, 128, 256]
    images = [png_bytes(draw(n)) for n in sizes]
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, data = b"", b""
    for n, img in zip(sizes, images):
        entries += struct.pack("<BBBBHHII", n % 256, n % 256, 0, 0, 1, 32, len(img), offset + len(data))
        data += img
    (OUT / "deathmatch.ico").write_bytes(header + entries + data)
    print(f"wrote {OUT / 'deathmatch.png'} and {OUT / 'deathmatch.ico'} ({len(sizes)} sizes)")


if __name__ == "__main__":
    sys.exit(main())
