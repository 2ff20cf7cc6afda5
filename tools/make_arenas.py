"""Draw the bundled arenas as Tiled maps (maps/*.tmx). Deterministic and re-runnable.

    python tools/make_arenas.py            # writes every map
    python tools/make_arenas.py --list     # what it would write

Each arena is designed in axial coordinates (so one design works for any
stagger) and written as a hexagonal .tmx: a `ground` tile layer of floor
tiles under everything, an `objects` tile layer of stationary objects
(blocked tiles), and a `markers` object layer of spawn / loot / beast tile
objects, with the map properties the game reads (rulesets: Celebrity Deathmatch's). Designers then open and
polish them in Tiled like any other map; this script is how the first
versions were laid out, not a replacement for Tiled.

Between them the maps use all four Tiled hex layouts (stagger axis x / y,
index odd / even).
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deathmatch.board import Hex  # noqa: E402
from deathmatch.board.tiled import Layout, axial_to_offset, offset_to_axial  # noqa: E402

# Tile ids of assets/tiles/arena_pointy.tsx and arena_flat.tsx (same order).
SAND_A, SAND_B, SAND_C, SAND_FOOTPRINTS, SAND_STAIN, SAND_RAKED = 0, 1, 2, 3, 4, 5
STONE_A, STONE_B, STONE_CRACKED, STONE_MOSAIC, GRATE, SAND_SCATTERED = 6, 7, 8, 9, 10, 11
WALL, PILLAR, CART, BARREL, ROCK, STATUE, BRAZIER, GATE = 12, 13, 14, 15, 16, 17, 18, 19
BROKEN_WALL, RUBBLE, CRATES, WEAPON_RACK = 20, 21, 22, 23
ARENA_TILES = 24
MARKER_TILE = {"spawn": 0, "loot": 1, "beast": 2}
MARKER_SIZE = 64

SIZES = {  # stagger axis -> tile width, height, hex side length
    "y": (112, 128, 64),
    "x": (128, 112, 64),
}


class Design:
    """An arena being laid out: floor, objects and markers by axial hex."""

    author = "Deathmatch team"
    rulesets = "celebrity"
    """The map's `rulesets` property (the games it is for)."""
    tiles = "../assets/tiles/"
    """Where the map finds the tilesets (relative to where it is written)."""

    def __init__(self, file: str, name: str, description: str, players: tuple[int, int],
                 cols: int, rows: int, axis: str = "y", index: str = "odd", seed: int = 1):
        self.file, self.name, self.description = file, name, description
        self.players = players
        self.cols, self.rows, self.axis, self.index = cols, rows, axis, index
        self.rng = random.Random(seed)
        self.floor: dict[Hex, int] = {}
        self.objects: dict[Hex, int] = {}
        self.markers: list[tuple[str, Hex]] = []

    # --- geometry -----------------------------------------------------------------
    def cells(self):
        for row in range(self.rows):
            for col in range(self.cols):
                yield col, row, offset_to_axial(col, row, self.axis, self.index)

    def all_hexes(self) -> list[Hex]:
        return [h for _, _, h in self.cells()]

    def center(self) -> Hex:
        return offset_to_axial(self.cols // 2, self.rows // 2, self.axis, self.index)

    def inside(self, h: Hex) -> bool:
        col, row = axial_to_offset(h, self.axis, self.index)
        return 0 <= col < self.cols and 0 <= row < self.rows

    def xy(self, h: Hex) -> tuple[float, float]:
        """Where `h` is drawn relative to the centre, in hex widths."""
        c = self.center()
        q, r = h.q - c.q, h.r - c.r
        if self.axis == "y":
            return q + r / 2, r * math.sqrt(3) / 2
        return q * math.sqrt(3) / 2, r + q / 2

    def round_distance(self, h: Hex) -> float:
        """Straight-line distance from the centre, in hex widths (for round arenas)."""
        x, y = self.xy(h)
        return math.hypot(x, y)

    def angle(self, h: Hex) -> float:
        """Angle of `h` around the centre, in the drawn picture."""
        c = self.center()
        q, r = h.q - c.q, h.r - c.r
        x, y = (math.sqrt(3) * (q + r / 2), 1.5 * r) if self.axis == "y" else (1.5 * q, math.sqrt(3) * (r + q / 2))
        return math.atan2(y, x)

    # --- painting -----------------------------------------------------------------
    def sand(self, hexes, stone: float = 0.0) -> None:
        weights = [(SAND_A, 30), (SAND_B, 26), (SAND_C, 20), (SAND_FOOTPRINTS, 7),
                   (SAND_RAKED, 7), (SAND_SCATTERED, 6), (SAND_STAIN, 3)]
        tiles, w = zip(*weights)
        for h in sorted(hexes):
            if self.rng.random() < stone:
                self.floor[h] = self.rng.choice([STONE_A, STONE_A, STONE_B, STONE_CRACKED])
            else:
                self.floor[h] = self.rng.choices(tiles, w)[0]

    def stone(self, hexes) -> None:
        for h in sorted(hexes):
            self.floor[h] = self.rng.choice([STONE_A, STONE_A, STONE_B, STONE_B, STONE_CRACKED])

    def put(self, tile: int, *hexes) -> None:
        for h in hexes:
            if h in self.floor:
                self.objects[h] = tile

    def mark(self, kind: str, *hexes) -> None:
        for h in hexes:
            assert h in self.floor and h not in self.objects, (self.file, kind, h)
            self.markers.append((kind, h))

    def ring_points(self, center: Hex, radius: int, n: int, turn: float = 0.0) -> list[Hex]:
        """`n` hexes of the ring, spread evenly by angle (free floor only)."""
        ring = [h for h in center.ring(radius) if h in self.floor and h not in self.objects]
        picked = []
        for i in range(n):
            a = turn + 2 * math.pi * i / n
            best = min((h for h in ring if h not in picked),
                       key=lambda h: abs(math.remainder(self.angle(h) - a, 2 * math.pi)))
            picked.append(best)
        return picked

    # --- writing ------------------------------------------------------------------
    def tmx(self) -> str:
        tw, th, side = SIZES[self.axis]
        tileset = "arena_pointy" if self.axis == "y" else "arena_flat"
        layout = Layout(self.cols, self.rows, tw, th, side, self.axis, self.index)

        def layer(lid: int, name: str, tiles: dict[Hex, int]) -> str:
            rows = []
            for row in range(self.rows):
                line = []
                for col in range(self.cols):
                    h = offset_to_axial(col, row, self.axis, self.index)
                    line.append(str(tiles[h] + 1) if h in tiles else "0")
                rows.append(",".join(line))
            data = ",\n".join(rows)
            return (f' <layer id="{lid}" name="{name}" width="{self.cols}" height="{self.rows}">\n'
                    f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n')

        objects = []
        for i, (kind, h) in enumerate(self.markers, start=1):
            cx, cy = layout.cell_center(*axial_to_offset(h, self.axis, self.index))
            x, y = cx - MARKER_SIZE / 2, cy + MARKER_SIZE / 2  # tile objects sit on their bottom-left corner
            gid = ARENA_TILES + 1 + MARKER_TILE[kind]
            objects.append(f'  <object id="{i}" name="{kind} {i}" type="{kind}" gid="{gid}" '
                           f'x="{x:g}" y="{y:g}" width="{MARKER_SIZE}" height="{MARKER_SIZE}"/>\n')
        props = [("name", "string", self.name), ("description", "string", self.description),
                 ("author", "string", self.author), ("rulesets", "string", self.rulesets),
                 ("min_players", "int", self.players[0]), ("max_players", "int", self.players[1])]
        prop_xml = "".join(f'  <property name="{k}" type="{t}" value={quoteattr(str(v))}/>\n' if t != "string"
                           else f'  <property name="{k}" value={quoteattr(str(v))}/>\n' for k, t, v in props)
        return (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" '
            f'width="{self.cols}" height="{self.rows}" tilewidth="{tw}" tileheight="{th}" infinite="0" '
            f'hexsidelength="{side}" staggeraxis="{self.axis}" staggerindex="{self.index}" '
            f'backgroundcolor="#120d16" nextlayerid="4" nextobjectid="{len(self.markers) + 1}">\n'
            f' <properties>\n{prop_xml} </properties>\n'
            f' <tileset firstgid="1" source="{self.tiles}{tileset}.tsx"/>\n'
            f' <tileset firstgid="{ARENA_TILES + 1}" source="{self.tiles}markers.tsx"/>\n'
            + layer(1, "ground", self.floor)
            + layer(2, "objects", self.objects)
            + ' <objectgroup id="3" name="markers">\n' + "".join(objects) + ' </objectgroup>\n'
            '</map>\n'
        )


# --- the arenas ---------------------------------------------------------------------


def duel_pit() -> Design:
    d = Design("duel_pit.tmx", "The Duel Pit",
               "A cramped sand pit ringed by braziers: nowhere to hide, nowhere to run. Two or three "
               "celebrities settle a grudge in a hurry.",
               (2, 3), 9, 9, "y", "odd", seed=11)
    c = d.center()
    disc = [h for h in d.all_hexes() if d.round_distance(h) <= 4.3]
    rim = [h for h in disc if d.round_distance(h) > 3.4]
    d.sand([h for h in disc if h not in rim])
    d.stone(rim)
    d.floor[c] = STONE_MOSAIC
    d.put(BRAZIER, *[min(rim, key=lambda h, a=math.pi / 6 + i * math.pi / 3: abs(math.remainder(d.angle(h) - a, 2 * math.pi)))
                     for i in range(6)])
    d.put(PILLAR, *d.ring_points(c, 2, 2, turn=math.pi / 2))
    d.mark("spawn", *d.ring_points(c, 3, 6))
    d.mark("loot", *d.ring_points(c, 1, 2, turn=0))
    d.mark("beast", *d.ring_points(c, 3, 2, turn=math.pi / 2 + 0.3))
    return d


def classic_square() -> Design:
    d = Design("classic_square.tmx", "The Classic Square",
               "The tabletop's own board, eighteen inches of sand and grudges: open ground, a couple "
               "of abandoned carts and barrels to fight around.",
               (2, 6), 14, 12, "y", "odd", seed=22)
    hexes = d.all_hexes()
    d.sand(hexes)
    c = d.center()
    d.put(CART, c + (-3, -2), c + (3, 2))
    d.put(BARREL, c + (-4, -1), c + (4, 1), c + (1, -3), c + (-1, 3))
    d.put(ROCK, c + (0, -1))
    d.put(WEAPON_RACK, offset_to_axial(0, 0, "y", "odd"), offset_to_axial(13, 11, "y", "odd"))
    edge = [offset_to_axial(col, row, "y", "odd") for col, row in
            [(2, 1), (7, 1), (11, 1), (2, 10), (7, 10), (11, 10), (1, 5), (12, 6)]]
    d.mark("spawn", *edge)
    d.mark("loot", c + (0, 0), c + (-5, 2), c + (5, -2), c + (-1, -4), c + (1, 4))
    d.mark("beast", c + (-2, -2), c + (2, 2))
    return d


def colosseum() -> Design:
    d = Design("colosseum.tmx", "The Colosseum",
               "The great round arena by torchlight: a ring of pillars to duck behind, statues of "
               "past champions, and fifty thousand imaginary spectators.",
               (4, 8), 17, 15, "y", "even", seed=33)
    c = d.center()
    disc = [h for h in d.all_hexes() if d.round_distance(h) <= 7.6]
    rim = [h for h in disc if d.round_distance(h) > 6.6]
    d.sand([h for h in disc if h not in rim])
    d.stone(rim)
    for h in c.ring(1):
        d.floor[h] = STONE_B
    d.floor[c] = STONE_MOSAIC
    d.put(PILLAR, *d.ring_points(c, 4, 8, turn=math.pi / 8))

    def rim_points(n, turn=0.0):
        free = [h for h in rim if h not in d.objects]
        return [min(free, key=lambda h, a=turn + 2 * math.pi * i / n: abs(math.remainder(d.angle(h) - a, 2 * math.pi)))
                for i in range(n)]

    d.put(BRAZIER, *rim_points(8))
    d.put(STATUE, *rim_points(4, turn=math.pi / 4 + 0.2))
    d.put(GATE, *rim_points(2, turn=math.pi / 2 - 0.1))
    d.mark("spawn", *d.ring_points(c, 6, 8), *d.ring_points(c, 5, 8, turn=math.pi / 8))
    d.mark("loot", c, *d.ring_points(c, 3, 6, turn=math.pi / 6))
    d.mark("beast", *d.ring_points(c, 2, 2, turn=math.pi / 2))
    return d


def grand_arena() -> Design:
    d = Design("grand_arena.tmx", "The Grand Arena",
               "Room for ten celebrities and two hungry beasts: a vast oval with statues down the "
               "middle, gates at each end and braziers all round.",
               (5, 10), 24, 17, "y", "odd", seed=44)
    c = d.center()

    def oval(h: Hex, rx: float, ry: float) -> bool:
        col, row = axial_to_offset(h, "y", "odd")
        ccol, crow = axial_to_offset(c, "y", "odd")
        x = col - ccol + (0.5 if row % 2 else 0) - (0.5 if crow % 2 else 0)
        y = (row - crow) * 0.866
        return (x / rx) ** 2 + (y / ry) ** 2 <= 1.0

    area = [h for h in d.all_hexes() if oval(h, 11.6, 7.4)]
    rim = [h for h in area if not oval(h, 10.6, 6.6)]
    d.sand([h for h in area if h not in rim])
    d.stone(rim)
    spina = [c + (k, 0) for k in range(-4, 5)]
    d.stone(spina)
    d.put(STATUE, c + (-4, 0), c + (4, 0))
    d.put(PILLAR, c + (-2, 0), c + (2, 0))
    d.put(WALL, c + (-3, 0), c + (3, 0), c + (-1, 0), c + (1, 0))
    d.put(BRAZIER, c)
    ends = sorted(rim, key=lambda h: d.angle(h))
    west = min(rim, key=lambda h: axial_to_offset(h, "y", "odd")[0])
    east = max(rim, key=lambda h: axial_to_offset(h, "y", "odd")[0])
    d.put(GATE, west, east)
    for h in ends[:: max(1, len(ends) // 12)]:
        if h not in d.objects:
            d.put(BRAZIER, h)
    free_rim_inner = [h for h in area if h not in rim and h not in d.objects]
    spawns = []
    for i in range(10):
        a = 2 * math.pi * i / 10 + 0.1
        spawns.append(min((h for h in free_rim_inner if h not in spawns and not oval(h, 8.6, 5.0)),
                          key=lambda h: abs(math.remainder(d.angle(h) - a, 2 * math.pi))))
    d.mark("spawn", *spawns)
    loot = [c + (0, -3), c + (0, 3), c + (-6, 2), c + (6, -2), c + (-4, -3), c + (4, 3),
            c + (-7, -1), c + (7, 1), c + (1, -5)]
    d.mark("loot", *loot)
    d.mark("beast", c + (-2, 2), c + (2, -2))
    return d


def ruined_temple() -> Design:
    d = Design("ruined_temple.tmx", "The Ruined Temple",
               "A half-fallen temple of forgotten gods: broken walls, toppled column drums and "
               "statues everywhere. Ambush country.",
               (2, 6), 15, 13, "y", "even", seed=55)
    hexes = d.all_hexes()
    d.sand(hexes, stone=0.35)
    c = d.center()
    # the temple's cella: a broken rectangle of walls around a mosaic floor
    inner = [h for h in hexes if c.distance(h) <= 2]
    for h in inner:
        d.floor[h] = STONE_MOSAIC if c.distance(h) <= 1 else STONE_B
    walls = [h for h in c.ring(3)]
    d.put(BROKEN_WALL, *walls[::2])
    d.put(WALL, *walls[1::4])
    d.put(STATUE, c)
    d.put(PILLAR, *d.ring_points(c, 5, 6, turn=0.2))
    d.put(RUBBLE, *d.ring_points(c, 5, 4, turn=1.0), *d.ring_points(c, 6, 3, turn=0.5))
    d.put(ROCK, *d.ring_points(c, 6, 3, turn=2.0))
    d.put(BRAZIER, *d.ring_points(c, 4, 2, turn=math.pi / 2))
    d.put(GRATE, *[])
    rng = random.Random(5)
    extra = [h for h in hexes if 4 <= c.distance(h) <= 6 and h not in d.objects]
    for h in rng.sample(sorted(extra), 6):
        d.put(rng.choice([RUBBLE, BROKEN_WALL, ROCK]), h)
    free = [h for h in hexes if h not in d.objects]
    # eight spawns, evenly round the temple, five or six hexes out
    spawns = []
    for a in [2 * math.pi * i / 8 + 0.2 for i in range(8)]:
        spawns.append(min((h for h in free if 5 <= c.distance(h) <= 6 and h not in spawns),
                          key=lambda h, a=a: abs(math.remainder(d.angle(h) - a, 2 * math.pi))))
    d.mark("spawn", *spawns)
    d.mark("loot", *[h for h in c.ring(2) if h not in d.objects][:2], *d.ring_points(c, 4, 3, turn=0.4))
    d.mark("beast", *d.ring_points(c, 5, 2, turn=math.pi / 2 + 0.5))
    return d


def harbour() -> Design:
    d = Design("harbour.tmx", "The Harbour Docks",
               "Drawn with flat-topped hexes: a torchlit quay stacked with cargo — crates, barrels "
               "and carts — where pirates and admirals feel at home.",
               (2, 6), 15, 11, "x", "odd", seed=66)
    hexes = d.all_hexes()
    for h in hexes:
        col, row = axial_to_offset(h, "x", "odd")
        if row >= 9 or col in (6, 7):  # the quay's edge and the road up from it: stone
            d.stone([h])
        else:
            d.sand([h])
    c = d.center()
    d.put(CRATES, c + (-3, 0), c + (-3, 1), c + (4, -2), c + (1, 2))
    d.put(BARREL, c + (-5, 2), c + (2, -3), c + (5, 0), c + (-1, -2))
    d.put(CART, c + (0, 0))
    d.put(WEAPON_RACK, c + (-6, 4))
    d.put(BRAZIER, *[offset_to_axial(col, 10, "x", "odd") for col in (1, 5, 9, 13)])
    d.put(ROCK, offset_to_axial(14, 0, "x", "odd"))
    spawn_cells = [(1, 1), (5, 0), (9, 0), (13, 1), (1, 7), (5, 8), (9, 8), (13, 7)]
    d.mark("spawn", *[offset_to_axial(col, row, "x", "odd") for col, row in spawn_cells])
    d.mark("loot", c + (-2, 0), c + (3, -1), c + (0, 2), c + (-4, 4), c + (4, -4))
    d.mark("beast", c + (2, 1), c + (-2, -1))
    return d


def circus() -> Design:
    d = Design("circus.tmx", "The Circus",
               "A chariot track with flat-topped hexes around a long spina of statues and braziers: "
               "run laps, cut corners, and mind the beasts.",
               (4, 8), 21, 13, "x", "even", seed=77)
    hexes = d.all_hexes()
    d.sand(hexes)
    c = d.center()
    spina = [h for h in hexes if abs(axial_to_offset(h, "x", "even")[1] - axial_to_offset(c, "x", "even")[1]) == 0
             and 4 <= axial_to_offset(h, "x", "even")[0] <= 16]
    d.stone(spina)
    for i, h in enumerate(sorted(spina, key=lambda h: axial_to_offset(h, "x", "even")[0])):
        d.put([STATUE, WALL, BRAZIER, WALL][i % 4], h)
    corners = [offset_to_axial(col, row, "x", "even") for col, row in [(0, 0), (20, 0), (0, 12), (20, 12)]]
    d.put(PILLAR, *corners)
    d.put(GATE, offset_to_axial(10, 0, "x", "even"), offset_to_axial(10, 12, "x", "even"))
    spawn_cells = [(2, 3), (6, 1), (14, 1), (18, 3), (2, 9), (6, 11), (14, 11), (18, 9)]
    d.mark("spawn", *[offset_to_axial(col, row, "x", "even") for col, row in spawn_cells])
    loot_cells = [(10, 3), (10, 9), (3, 2), (17, 10), (2, 11), (18, 1), (7, 4)]
    d.mark("loot", *[offset_to_axial(col, row, "x", "even") for col, row in loot_cells])
    d.mark("beast", *[offset_to_axial(col, row, "x", "even") for col, row in [(5, 8), (15, 4)]])
    return d


def my_first_arena() -> Design:
    """The starter map the game copies into the player's arenas folder (deathmatch.paths.ensure_user_arenas):
    the player's own little arena to open in Tiled, unlike any bundled one (flat-top hexes, a hexagon)."""
    d = Design("my_first_arena.tmx", "My First Arena",
               "Your own arena to start from: a small hexagon of sand round a mosaic, four stacks of crates "
               "for cover. Open it in Tiled and make it yours.",
               (2, 4), 9, 9, "x", "odd", seed=7)
    d.author = "you"
    d.tiles = "../../assets/tiles/"
    c = d.center()
    d.sand([h for h in d.all_hexes() if c.distance(h) <= 4], stone=0.1)
    d.floor[c] = STONE_MOSAIC
    d.put(CRATES, *d.ring_points(c, 2, 4, turn=math.pi / 4))
    d.mark("spawn", *d.ring_points(c, 4, 8, turn=math.pi / 8))
    d.mark("loot", *d.ring_points(c, 1, 3, turn=math.pi / 2))
    d.mark("beast", *d.ring_points(c, 3, 2, turn=0))
    return d


DESIGNS = [duel_pit, classic_square, colosseum, grand_arena, ruined_temple, harbour, circus]
STARTER = my_first_arena
"""Written to maps/starter/ (not a bundled arena: the game copies it into the player's arenas folder)."""


def main() -> None:
    for make in DESIGNS + [STARTER]:
        out = ROOT / "maps" / ("starter" if make is STARTER else "")
        out.mkdir(exist_ok=True)
        d = make()
        if "--list" in sys.argv:
            print(f"{d.file}: {d.name} ({d.players[0]}-{d.players[1]} players, {d.cols}x{d.rows}, "
                  f"stagger {d.axis}/{d.index})")
            continue
        (out / d.file).write_text(d.tmx(), encoding="utf-8")
        print(f"wrote {(out / d.file).relative_to(ROOT)}: {len(d.floor)} hexes, {len(d.objects)} objects, {len(d.markers)} markers")


if __name__ == "__main__":
    main()
