"""Write the orthogonal (square board) Tiled test map: tests/data/tiled/square_yard.tmx.

A 8×6 yard for the square-board loader's tests: floor, two obstacles (terrain
blocked), a wall tile (terrain wall), a fire pit (terrain hazard), a missing
corner (void), markers of three types and a `rulesets` property naming a
ruleset other than Celebrity Deathmatch (`sandbox`: an id no ruleset registers, so no
map check but the board's own; Superhero Gladiators' would refuse the loot and objective
markers, see maps/supers_*.tmx for its arenas; Chessboard Skirmish's would refuse the fire pit, the
void corner and the markers, see maps/chessboard.tmx for its boards). Its tileset (squares.tsx, 64×64
tiles) and image are written beside it. The real Tiled then re-saves it
(tests/board/test_real_tiled.py; tiled_saved_square_yard.tmx is that copy):

    python tools/make_square_test_map.py
    QT_QPA_PLATFORM=offscreen tiled --export-map tests/data/tiled/square_yard.tmx \
        tests/data/tiled/tiled_saved_square_yard.tmx
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "tiled"
TILE = 64
TERRAINS = ("floor", "blocked", "wall", "hazard")
COLOURS = ((0xC8, 0xB0, 0x80), (0x60, 0x58, 0x50), (0x40, 0x38, 0x40), (0xD0, 0x50, 0x20))

# Rows as Tiled draws them (row 0 at the top); . floor, o obstacle, # wall, ~ hazard, space void.
YARD = [
    "....... ",
    "..o.....",
    "....~...",
    "...#....",
    ".....o..",
    "........",
]
GID = {".": 1, "o": 2, "#": 3, "~": 4, " ": 0}
# (type, col, row): markers at the centres of these Tiled cells.
MARKERS = [("spawn", 0, 5), ("spawn", 6, 0), ("objective", 3, 2), ("loot", 6, 5)]


def png(width: int, height: int, pixel) -> bytes:
    """A small RGB PNG (no dependencies)."""
    raw = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def tileset() -> str:
    tiles = "".join(
        f' <tile id="{i}">\n  <properties>\n   <property name="terrain" value="{t}"/>\n  </properties>\n </tile>\n'
        for i, t in enumerate(TERRAINS)
    )
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" name="squares" tilewidth="{TILE}" '
            f'tileheight="{TILE}" tilecount="{len(TERRAINS)}" columns="{len(TERRAINS)}">\n'
            f' <image source="squares.png" width="{TILE * len(TERRAINS)}" height="{TILE}"/>\n{tiles}</tileset>\n')


def tmx() -> str:
    width, height = len(YARD[0]), len(YARD)
    data = ",\n".join(",".join(str(GID[c]) for c in row) for row in YARD)
    objects = "".join(
        f'  <object id="{i}" name="{kind} {i}" type="{kind}" x="{(col + 0.5) * TILE:g}" y="{(row + 0.5) * TILE:g}">\n'
        f'   <point/>\n  </object>\n'
        for i, (kind, col, row) in enumerate(MARKERS, start=1)
    )
    props = {"name": "The Yard", "description": "A walled yard with a fire pit, for square-board tests.",
             "author": "Deathmatch tests", "rulesets": "sandbox"}
    prop_xml = "".join(f'  <property name="{k}" value="{v}"/>\n' for k, v in props.items())
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="3" nextobjectid="{len(MARKERS) + 1}">\n <properties>\n{prop_xml} </properties>\n'
        f' <tileset firstgid="1" source="squares.tsx"/>\n'
        f' <layer id="1" name="ground" width="{width}" height="{height}">\n  <data encoding="csv">\n{data}\n</data>\n </layer>\n'
        f' <objectgroup id="2" name="markers">\n{objects} </objectgroup>\n</map>\n'
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "squares.png").write_bytes(png(TILE * len(TERRAINS), TILE, lambda x, y: COLOURS[x // TILE]))
    (OUT / "squares.tsx").write_text(tileset(), encoding="utf-8")
    (OUT / "square_yard.tmx").write_text(tmx(), encoding="utf-8")
    print(f"wrote {OUT / 'square_yard.tmx'}")


if __name__ == "__main__":
    main()
