"""Draw Superhero Gladiators' bundled arenas as Tiled maps (maps/*.tmx). Deterministic and re-runnable.

    python tools/make_supers_arenas.py            # writes the four maps
    python tools/make_supers_arenas.py --list     # what it would write

Three hexagonal arenas (drawn with the arena tileset, `tools/make_arenas.py`'s
`Design`, plus the pits, fires, deck plates and bulkheads of
`assets/tiles/supers_*.tsx`, `tools/make_supers_tileset.py`) and one square one
(`supers_square.tsx`), each marked for the ruleset (`rulesets` = `supers`) with
its teams' spawn zones as tile objects of `supers_marks.tsx` (types `spawn_1` …
`spawn_4`). Layers: `ground` (floor under everything), `hazards` (pits and fire),
`objects` (walls), and the object layer `spawn zones`. Every arena is the same for
each team: the hex ones turned half a turn round their centre (two teams) or a
quarter (four), the square one mirrored left to right. docs/ARENAS.md, "Superhero
Gladiators arenas"; checked by `deathmatch/rulesets/supers/arena_check.py`.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_arenas", ROOT / "tools" / "make_arenas.py")
arenas = importlib.util.module_from_spec(_spec)
sys.modules["make_arenas"] = arenas
_spec.loader.exec_module(arenas)

from deathmatch.board import Hex  # noqa: E402
from deathmatch.board.tiled import Layout, axial_to_offset  # noqa: E402

# Tile ids past the arena tileset's 24: assets/tiles/supers_pointy.tsx / supers_flat.tsx (firstgid 25).
PIT, FIRE, PLATE, BULKHEAD = 24, 25, 26, 27
SUPERS_TILES = 4
MARK_FIRSTGID = arenas.ARENA_TILES + SUPERS_TILES + 1
"""supers_marks.tsx: spawn_1 … spawn_4, 64x64."""
MARK_SIZE = 64
SQUARE_TILES = ["plate_light", "plate_dark", "wall", "bulkhead", "pit", "fire"]
"""assets/tiles/supers_square.tsx, in order (tools/make_supers_tileset.py's SQUARE_TILES)."""


def _props(pairs) -> str:
    return "".join(f'  <property name="{k}" type="{t}" value={quoteattr(str(v))}/>\n' if t != "string"
                   else f'  <property name="{k}" value={quoteattr(str(v))}/>\n' for k, t, v in pairs)


class Fight(arenas.Design):
    """A Superhero Gladiators arena: hazards as well as walls, and a spawn zone a team."""

    rulesets = "supers"

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.hazards: dict[Hex, int] = {}

    def put(self, tile: int, *hexes) -> None:
        for h in hexes:
            if h in self.floor and h not in self.hazards:
                self.objects[h] = tile

    def hazard(self, tile: int, *hexes) -> None:
        for h in hexes:
            if h in self.floor:
                self.hazards[h] = tile
                self.objects.pop(h, None)

    def zone(self, team: int, *hexes) -> None:
        for h in hexes:
            assert h not in self.hazards, (self.file, team, h)
        self.mark(f"spawn_{team}", *hexes)

    def turned(self, h: Hex, quarter: int) -> Hex:
        """`h` turned round the centre by `quarter` × 60° steps (axial rotation)."""
        c = self.center()
        q, r = h.q - c.q, h.r - c.r
        for _ in range(quarter % 6):
            q, r = -r, q + r
        return Hex(c.q + q, c.r + r)

    def tmx(self) -> str:
        tw, th, side = arenas.SIZES[self.axis]
        tileset = "arena_pointy" if self.axis == "y" else "arena_flat"
        supers = "supers_pointy" if self.axis == "y" else "supers_flat"
        layout = Layout(self.cols, self.rows, tw, th, side, self.axis, self.index)

        def layer(lid: int, name: str, tiles: dict[Hex, int]) -> str:
            rows = []
            for row in range(self.rows):
                rows.append(",".join(str(tiles[h] + 1) if h in tiles else "0"
                                     for h in (arenas.offset_to_axial(col, row, self.axis, self.index)
                                               for col in range(self.cols))))
            data = ",\n".join(rows)
            return (f' <layer id="{lid}" name="{name}" width="{self.cols}" height="{self.rows}">\n'
                    f'  <data encoding="csv">\n{data}\n</data>\n </layer>\n')

        objects = []
        for i, (kind, h) in enumerate(self.markers, start=1):
            cx, cy = layout.cell_center(*axial_to_offset(h, self.axis, self.index))
            x, y = cx - MARK_SIZE / 2, cy + MARK_SIZE / 2  # tile objects sit on their bottom-left corner
            if not kind.startswith("spawn_"):  # another marker (a test's): a point object of that type
                objects.append(f'  <object id="{i}" name="{kind} {i}" type="{kind}" x="{cx:g}" y="{cy:g}">'
                               '<point/></object>\n')
                continue
            gid = MARK_FIRSTGID + int(kind.split("_")[1]) - 1
            objects.append(f'  <object id="{i}" name="{kind} {i}" type="{kind}" gid="{gid}" '
                           f'x="{x:g}" y="{y:g}" width="{MARK_SIZE}" height="{MARK_SIZE}"/>\n')
        props = [("name", "string", self.name), ("description", "string", self.description),
                 ("author", "string", self.author), ("rulesets", "string", self.rulesets),
                 ("min_players", "int", self.players[0]), ("max_players", "int", self.players[1])]
        return (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" '
            f'width="{self.cols}" height="{self.rows}" tilewidth="{tw}" tileheight="{th}" infinite="0" '
            f'hexsidelength="{side}" staggeraxis="{self.axis}" staggerindex="{self.index}" '
            f'backgroundcolor="#120d16" nextlayerid="5" nextobjectid="{len(self.markers) + 1}">\n'
            f' <properties>\n{_props(props)} </properties>\n'
            f' <tileset firstgid="1" source="{self.tiles}{tileset}.tsx"/>\n'
            f' <tileset firstgid="{arenas.ARENA_TILES + 1}" source="{self.tiles}{supers}.tsx"/>\n'
            f' <tileset firstgid="{MARK_FIRSTGID}" source="{self.tiles}supers_marks.tsx"/>\n'
            + layer(1, "ground", self.floor)
            + layer(2, "hazards", self.hazards)
            + layer(3, "objects", self.objects)
            + ' <objectgroup id="4" name="spawn zones">\n' + "".join(objects) + ' </objectgroup>\n'
            '</map>\n'
        )


# --- the hex arenas -----------------------------------------------------------------


def the_crater() -> Fight:
    """Two teams round a crater: a shaft in the middle, two fires, cover by each spawn zone."""
    d = Fight("supers_crater.tmx", "The Crater",
              "Where a meteor came down in the park: a bottomless shaft in the middle, two fires still "
              "burning, and a pair of wrecked kiosks to hide behind. Fliers cross it; walkers go round.",
              (2, 2), 13, 13, "y", "odd", seed=501)
    c = d.center()
    disc = [h for h in d.all_hexes() if d.round_distance(h) <= 5.6]
    rim = [h for h in disc if d.round_distance(h) > 4.7]
    d.sand([h for h in disc if h not in rim], stone=0.1)
    d.stone(rim)
    d.hazard(PIT, c, *[h for h in c.ring(1)])
    for half in (0, 3):
        d.hazard(FIRE, d.turned(c + (1, -4), half), d.turned(c + (2, -4), half))
        d.put(BULKHEAD, d.turned(c + (-3, -1), half), d.turned(c + (-2, -2), half))
        d.put(arenas.BARREL, d.turned(c + (-1, 3), half))
        d.put(arenas.ROCK, d.turned(c + (3, -3), half))
    west = [c + (-4, 0), c + (-4, 1), c + (-5, 1), c + (-5, 2), c + (-3, 1)]
    d.zone(1, *west)
    d.zone(2, *[d.turned(h, 3) for h in west])
    return d


def the_foundry() -> Fight:
    """Flat-topped hexes: two channels of fire across a steel floor, crossed by three bridges each."""
    d = Fight("supers_foundry.tmx", "The Foundry",
              "Drawn with flat-topped hexes: a steelworks after hours, two runnels of burning slag "
              "across the deck with a few plates laid over them, and bulkheads to duck behind.",
              (2, 2), 17, 11, "x", "even", seed=502)
    c = d.center()
    hexes = d.all_hexes()
    for h in hexes:
        d.floor[h] = PLATE if d.rng.random() < 0.7 else d.rng.choice([arenas.STONE_A, arenas.STONE_B])
    # a runnel of fire down the map three columns east of the middle, bridged in three places,
    # and the same turned half a turn round (three columns west)
    ccol = axial_to_offset(c, "x", "even")[0]
    runnel = [h for h in hexes if axial_to_offset(h, "x", "even")[0] - ccol == 3
              and axial_to_offset(h, "x", "even")[1] not in (1, 5, 9) and d.turned(h, 3) in d.floor]
    for half in (0, 3):
        d.hazard(FIRE, *[d.turned(h, half) for h in runnel])
        d.put(BULKHEAD, d.turned(c + (0, -2), half), d.turned(c + (0, -3), half), d.turned(c + (6, -5), half))
        d.put(arenas.CRATES, d.turned(c + (-6, 1), half))
        d.hazard(PIT, d.turned(c + (-1, 4), half))
    west = [h for h in hexes if axial_to_offset(h, "x", "even")[0] == 1 and 3 <= axial_to_offset(h, "x", "even")[1] <= 7]
    d.zone(1, *west)
    d.zone(2, *[d.turned(h, 3) for h in west])
    return d


def the_skyline() -> Fight:
    """The big one, four teams: rooftops over a city at night, gaps to fall down, chimneys alight."""
    d = Fight("supers_skyline.tmx", "The Skyline",
              "Four rooftops round a water tower, up to four teams a roof: the gaps between the roofs "
              "are a long way down, the chimney stacks are on fire, and the tower is in everybody's way.",
              (2, 4), 21, 19, "y", "even", seed=503)
    c = d.center()
    disc = [h for h in d.all_hexes() if c.distance(h) <= 9]
    for h in disc:
        d.floor[h] = PLATE if c.distance(h) <= 2 else d.rng.choice(
            [arenas.STONE_A, arenas.STONE_A, arenas.STONE_B, arenas.STONE_CRACKED, PLATE])
    # the water tower in the middle
    d.put(BULKHEAD, c)
    d.put(arenas.PILLAR, c + (1, 0), c + (-1, 0))
    # the gaps between the roofs: six spokes of pit from the tower's yard to the edge,
    # each with a plank (a floor hex) across two thirds of the way out
    for k in range(6):
        step = Hex(*[(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)][k])
        for dist in range(4, 10):
            h = Hex(c.q + step.q * dist, c.r + step.r * dist)
            if dist != 6 and h in d.floor:
                d.hazard(PIT, h)
    # chimney stacks alight, a vent and an air-con box on each of the six roofs (turned)
    for k in range(6):
        d.hazard(FIRE, d.turned(c + (2, -6), k))
        d.put(arenas.CRATES, d.turned(c + (5, -3), k))
    # a zone in the middle of the roof between the spokes (1, 0) and (1, -1), near its outer edge
    middle = c + (4, 0) + (3, -3)
    free = [h for h in disc if h not in d.hazards and h not in d.objects and 6 <= c.distance(h) <= 8]
    zone = sorted(free, key=lambda h: (middle.distance(h), h))[:5]
    for team, k in ((1, 3), (2, 0), (3, 1), (4, 4)):  # teams 1 and 2 face each other across the tower
        d.zone(team, *[d.turned(h, k) for h in zone])
    return d


# --- the square arena -------------------------------------------------------------------


SQUARE_DESIGN = [
    "..........ff",
    ".1...w......",
    ".1..pp...b..",
    ".1..pp......",
    ".11......w..",
    "..w......22.",
    "......pp..2.",
    "..b...pp..2.",
    "......w...2.",
    "ff..........",
]
"""The Danger Room, top row first: . deck, w wall, b bulkhead, p pit, f fire, 1/2 a team's spawn zone (deck).
The same turned half a turn round (x, y) -> (W-1-x, H-1-y), team 1 for team 2."""


def danger_room() -> str:
    rows = SQUARE_DESIGN
    width, height = len(rows[0]), len(rows)
    tile = 128
    first_mark = len(SQUARE_TILES) + 1
    data, objects = [], []
    for row, line in enumerate(rows):
        cells = []
        for col, ch in enumerate(line):
            x, y = col, height - 1 - row
            name = {"w": "wall", "b": "bulkhead", "p": "pit", "f": "fire"}.get(
                ch, "plate_dark" if (x + y) % 2 == 0 else "plate_light")
            cells.append(str(SQUARE_TILES.index(name) + 1))
            if ch in "1234":
                i = len(objects) + 1
                objects.append(f'  <object id="{i}" name="spawn_{ch} {i}" type="spawn_{ch}" gid="{first_mark + int(ch) - 1}" '
                               f'x="{col * tile + 32}" y="{row * tile + 96}" width="{MARK_SIZE}" height="{MARK_SIZE}"/>\n')
        data.append(",".join(cells))
    props = [("name", "string", "The Danger Room"),
             ("description", "string", "A training hall drawn in squares: steel deck, two shafts, two braziers "
                                       "somebody left lit, and walls to practise walking up."),
             ("author", "string", "Deathmatch team"), ("rulesets", "string", "supers"),
             ("min_players", "int", 2), ("max_players", "int", 2)]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{tile}" tileheight="{tile}" infinite="0" '
        f'backgroundcolor="#120d16" nextlayerid="3" nextobjectid="{len(objects) + 1}">\n'
        f' <properties>\n{_props(props)} </properties>\n'
        ' <tileset firstgid="1" source="../assets/tiles/supers_square.tsx"/>\n'
        f' <tileset firstgid="{first_mark}" source="../assets/tiles/supers_marks.tsx"/>\n'
        f' <layer id="1" name="board" width="{width}" height="{height}">\n'
        f'  <data encoding="csv">\n' + ",\n".join(data) + '\n</data>\n </layer>\n'
        ' <objectgroup id="2" name="spawn zones">\n' + "".join(objects) + ' </objectgroup>\n'
        '</map>\n'
    )


DESIGNS = [the_crater, the_foundry, the_skyline]
SQUARE = ("supers_danger_room.tmx", danger_room)


def main() -> None:
    for make in DESIGNS:
        d = make()
        if "--list" in sys.argv:
            print(f"{d.file}: {d.name} ({d.cols}x{d.rows}, stagger {d.axis}/{d.index})")
            continue
        (ROOT / "maps" / d.file).write_text(d.tmx(), encoding="utf-8")
        print(f"wrote maps/{d.file}: {len(d.floor)} hexes, {len(d.hazards)} hazards, {len(d.objects)} walls, "
              f"{len(d.markers)} spawn marks")
    file, make = SQUARE
    if "--list" in sys.argv:
        print(f"{file}: The Danger Room (squares)")
        return
    (ROOT / "maps" / file).write_text(make(), encoding="utf-8")
    print(f"wrote maps/{file}")


if __name__ == "__main__":
    main()
