"""Draw Chessboard Skirmish's bundled boards as Tiled orthogonal maps (maps/*.tmx). Deterministic.

    python tools/make_square_maps.py            # writes every board
    python tools/make_square_maps.py --list     # what it would write

Each board is designed as rows of characters, top row first (the top army's
back rank), and written as an orthogonal .tmx with the square tileset
(assets/tiles/chessboard.tsx, tools/make_square_tileset.py):

* a `board` tile layer: every square, floor or obstacle, in the chessboard's
  two shades (a square (x, y) is dark when x + y is even: a1 is dark);
* a `marks` object layer: tile objects from chessboard_marks.tsx on each
  square of the two home rows (type `home_bottom`, `home_top`) and on the
  centre squares (type `centre`), which the map check compares with the rules
  (docs/ARENAS.md, "Skirmish boards");
* the map properties `name`, `description`, `author`, `rulesets` = skirmish,
  `min_players` = `max_players` = 2.

Designers then open and polish them in Tiled like any other map; this script
is how the first versions were laid out, not a replacement for Tiled.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deathmatch.rulesets.skirmish.arena_check import centre_squares, home_row  # noqa: E402

TILE = 128
TILES = ["light", "dark", "field_light", "field_dark", "rocks_light", "rocks_dark", "ruined_wall_light",
         "ruined_wall_dark", "trees_light", "trees_dark", "water", "ford"]
"""The tiles of assets/tiles/chessboard.tsx, in order (tools/make_square_tileset.py's TILES)."""
MARKS = ["home_bottom", "home_top", "centre"]
"""The tiles of assets/tiles/chessboard_marks.tsx, in order."""
OBSTACLE = {"r": "rocks", "w": "ruined_wall", "t": "trees"}
"""Design characters: . floor, r rocks, w ruined wall, t trees, ~ river (impassable), f ford (floor)."""


@dataclass
class Board:
    """A board being laid out: its rows (top first) and what the map says about it."""

    file: str
    name: str
    description: str
    rows: list[str]
    ground: str = "board"
    """"board" (marble and slate squares) or "field" (grass in two shades)."""
    author: str = "Deathmatch team"
    tiles: str = "../assets/tiles/"
    """Where the map finds the tilesets (relative to where it is written)."""

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def height(self) -> int:
        return len(self.rows)

    def at(self, x: int, y: int) -> str:
        """The design character of square (x, y) (y counted from the bottom)."""
        return self.rows[self.height - 1 - y][x]

    def tile(self, x: int, y: int) -> str:
        c = self.at(x, y)
        shade = "dark" if (x + y) % 2 == 0 else "light"
        if c == "~":
            return "water"
        if c == "f":
            return "ford"
        if c in OBSTACLE:
            return f"{OBSTACLE[c]}_{shade}"
        if c != ".":
            raise ValueError(f"{self.file}: unknown design character {c!r}")
        return shade if self.ground == "board" else f"field_{shade}"

    def marks(self) -> list[tuple[str, tuple[int, int]]]:
        out = [("home_bottom", sq) for sq in home_row(self.width, self.height, "bottom")]
        out += [("home_top", sq) for sq in home_row(self.width, self.height, "top")]
        out += [("centre", sq) for sq in centre_squares(self.width, self.height) if self.at(*sq) in ".f"]
        return out

    def tmx(self) -> str:
        first_mark = len(TILES) + 1
        lines = []
        for row in range(self.height):
            y = self.height - 1 - row
            lines.append(",".join(str(TILES.index(self.tile(x, y)) + 1) for x in range(self.width)))
        data = ",\n".join(lines)
        objects = []
        for i, (kind, (x, y)) in enumerate(self.marks(), start=1):
            col, row = x, self.height - 1 - y
            # tile objects sit on their bottom-left corner
            objects.append(f'  <object id="{i}" name="{kind} {i}" type="{kind}" gid="{first_mark + MARKS.index(kind)}" '
                           f'x="{col * TILE}" y="{(row + 1) * TILE}" width="{TILE}" height="{TILE}"/>\n')
        props = [("name", "string", self.name), ("description", "string", self.description),
                 ("author", "string", self.author), ("rulesets", "string", "skirmish"),
                 ("min_players", "int", 2), ("max_players", "int", 2)]
        prop_xml = "".join(f'  <property name="{k}" type="{t}" value={quoteattr(str(v))}/>\n' if t != "string"
                           else f'  <property name="{k}" value={quoteattr(str(v))}/>\n' for k, t, v in props)
        return (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
            f'width="{self.width}" height="{self.height}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
            f'backgroundcolor="#120d16" nextlayerid="3" nextobjectid="{len(objects) + 1}">\n'
            f' <properties>\n{prop_xml} </properties>\n'
            f' <tileset firstgid="1" source="{self.tiles}chessboard.tsx"/>\n'
            f' <tileset firstgid="{first_mark}" source="{self.tiles}chessboard_marks.tsx"/>\n'
            f' <layer id="1" name="board" width="{self.width}" height="{self.height}">\n'
            f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n'
            ' <objectgroup id="2" name="marks">\n' + "".join(objects) + ' </objectgroup>\n'
            '</map>\n'
        )


# --- the boards ---------------------------------------------------------------------
# Every board with obstacles reads the same turned half a turn round (x, y) -> (W-1-x, H-1-y):
# what one army faces, the other faces too (tests/skirmish/test_skirmish_maps.py checks it).


def chessboard() -> Board:
    return Board("chessboard.tmx", "The Chessboard",
                 "Sixty-four squares of marble and slate and nothing to hide behind: the plain board, "
                 "where the dice alone decide.",
                 ["........"] * 8)


def ruins() -> Board:
    return Board("ruins.tmx", "The Ruins",
                 "A fallen hall: broken walls and tumbled stones to creep behind, and bowmen who must "
                 "find a clear line first.",
                 ["........",
                  "..r.....",
                  ".....ww.",
                  "w.....r.",
                  ".r.....w",
                  ".ww.....",
                  ".....r..",
                  "........"])


def river_crossing() -> Board:
    return Board("river_crossing.tmx", "The River Crossing",
                 "A cold river cuts the meadow in two; three fords are the only ways over, and the "
                 "wide middle one is where the prize waits.",
                 ["........",
                  "........",
                  "......t.",
                  "........",
                  "f~~ff~f~",
                  "~f~ff~~f",
                  "........",
                  ".t......",
                  "........",
                  "........"],
                 ground="field")


def open_field() -> Board:
    return Board("open_field.tmx", "The Open Field",
                 "Ten by ten of mown meadow with a few old trees: room to wheel round a flank, "
                 "and few places a bow cannot reach.",
                 [".........."] * 2
                 + ["..t.......",
                    ".......tt.",
                    "...t......",
                    "......t...",
                    ".tt.......",
                    ".......t.."]
                 + [".........."] * 2,
                 ground="field")


def courtyard_duel() -> Board:
    return Board("courtyard_duel.tmx", "The Courtyard",
                 "Six by six, two boulders in the way and no room to wait: a duel that is over in a "
                 "few rounds.",
                 ["......",
                  "....r.",
                  "......",
                  "......",
                  ".r....",
                  "......"])


def fallen_hall() -> Board:
    return Board("fallen_hall.tmx", "The Fallen Hall",
                 "Twelve by twelve among the walls of a great hall long fallen: room for big armies, "
                 "and corners to fight round.",
                 ["............",
                  "............",
                  "..r......ww.",
                  "..ww....w...",
                  "....r.....r.",
                  ".......w....",
                  "....w.......",
                  ".r.....r....",
                  "...w....ww..",
                  ".ww......r..",
                  "............",
                  "............"])


BOARDS = [chessboard, ruins, river_crossing, open_field, courtyard_duel, fallen_hall]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = ROOT / "maps"
    for make in BOARDS:
        board = make()
        if "--list" in argv:
            print(f"{board.file:24s} {board.name} ({board.width}×{board.height})")
            continue
        (out / board.file).write_text(board.tmx(), encoding="utf-8")
        print(f"wrote {out / board.file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
