"""Draw every Chessboard Skirmish miniature (die × weapon × armour × hero, the three states, the banner)
at three sizes into one PNG, to look at.

    python tools/skirmish_gallery.py [--out /tmp/skirmish_gallery.png] [--sizes 32,64,112]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from deathmatch.client.art.palette import MAP_BACKGROUND, PLAYER_COLOURS, SK_DARK_SQUARE, SK_LIGHT_SQUARE  # noqa: E402
from deathmatch.client.art.skirmish import (DIE_SIDES, STATES, die_sprite, gallery_kinds,  # noqa: E402
                                            marker_sprite, miniature_sprite)


def gallery(sizes=(32, 64, 112)) -> pygame.Surface:
    """One surface: for each size a block of every kind (player 0 and 1 alternating by row), then the
    states, the carried banner, a big armour count, the bare dice and the marker."""
    kinds = gallery_kinds()
    cols = 18
    blocks = []
    for s in sizes:
        cell = s + 6
        rows = (len(kinds) + cols - 1) // cols + 2
        block = pygame.Surface((cols * cell, rows * cell))
        block.fill(MAP_BACKGROUND)
        for i, (d, w, a, h) in enumerate(kinds):
            r, c = divmod(i, cols)
            block.fill(SK_LIGHT_SQUARE if (r + c) % 2 == 0 else SK_DARK_SQUARE, (c * cell, r * cell, cell, cell))
            block.blit(miniature_sprite(d, w, r % 2, s, armour=a, hero=h), (c * cell + 3, r * cell + 3))
        r = rows - 2
        extras = [miniature_sprite(8, "bow", 0, s, armour=2, hero=True, state=st) for st in STATES]
        extras += [miniature_sprite(10, "gun", 1, s, armour=1, carrying=True),
                   miniature_sprite(6, "melee", 2, s, armour=7, hero=True),
                   miniature_sprite(20, "melee", 7, s, armour=2, state="selected"),
                   miniature_sprite(12, "gun", 8, s, hero=True, carrying=True, state="acted"),
                   marker_sprite(s)]
        extras += [die_sprite(d, s, None, str(d - 1)) for d in DIE_SIDES]
        extras += [die_sprite(d, s, PLAYER_COLOURS[0].rgb) for d in DIE_SIDES]
        for i, img in enumerate(extras):
            rr, c = divmod(i, cols)
            x, y = c * cell, (r + rr) * cell
            block.fill(SK_LIGHT_SQUARE if (rr + c) % 2 == 0 else SK_DARK_SQUARE, (x, y, cell, cell))
            block.blit(img, (x + 3, y + 3))
        blocks.append(block)
    out = pygame.Surface((max(b.get_width() for b in blocks), sum(b.get_height() + 10 for b in blocks)))
    out.fill(MAP_BACKGROUND)
    y = 0
    for b in blocks:
        out.blit(b, (0, y))
        y += b.get_height() + 10
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="skirmish_gallery.png")
    ap.add_argument("--sizes", default="32,64,112")
    args = ap.parse_args(argv)
    pygame.init()
    surf = gallery(tuple(int(s) for s in args.sizes.split(",")))
    pygame.image.save(surf, args.out)
    print(f"{args.out}: {surf.get_width()}x{surf.get_height()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
