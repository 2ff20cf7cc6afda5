#!/usr/bin/env python3
"""Draw the square tileset of Chessboard Skirmish's boards, and its board marks.

Run from the repository root (pygame only, no display needed):

    .venv/bin/python tools/make_square_tileset.py [--preview OUT.png]

Writes into assets/tiles/:

* chessboard.png + .tsx        12 square tiles, 128x128 (Tiled orientation "orthogonal")
* chessboard_marks.png + .tsx  3 see-through 128x128 marks for tile objects: the home row
                               of the army at the bottom, of the army at the top, and a
                               Retrieve centre square (docs/ARENAS.md, "Skirmish boards")

The tiles (4 columns x 3 rows, no margin, no spacing; see TILES): the two
shades of the chessboard (marble and slate), the two of a mown field, rocks,
a ruined wall and trees each on both shades of their ground (so an obstacle
keeps the board's pattern), the river (impassable water: terrain blocked) and
a ford (shallow water with stepping stones: terrain floor).

Same look, same light, same palette as the arena hexes: every texture, the
shadows, the grading and the supersampling are tools/make_tileset.py's own
functions, and every colour is named in deathmatch/client/art/palette.py.
Each tile is drawn on a 128x128 canvas (4x supersampled), then finished with
a square rim (lit at the top and left, as the hexes' rims are). All random
choices are seeded: reruns give byte-identical PNGs (tests/skirmish/test_square_tileset.py).
"""
from __future__ import annotations

import argparse
import importlib.util
import math
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
OUT_DIR = ROOT / "assets" / "tiles"


def _hex_art():
    """tools/make_tileset.py as a module: the hexes' textures, pens and post pass."""
    name = "make_tileset"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parent / "make_tileset.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


T = _hex_art()

from deathmatch.client.art.palette import EDGE, PLAYER_COLOURS  # noqa: E402
from deathmatch.client.art.palette import TILE_FOAM as FOAM  # noqa: E402
from deathmatch.client.art.palette import TILE_GOLD as GOLD  # noqa: E402
from deathmatch.client.art.palette import TILE_GOLD_DK as GOLD_DK  # noqa: E402
from deathmatch.client.art.palette import TILE_GOLD_HI as GOLD_HI  # noqa: E402
from deathmatch.client.art.palette import TILE_GRASS_RAMP as GRASS_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_LEAF_RAMP as LEAF_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_NIGHT as NIGHT  # noqa: E402
from deathmatch.client.art.palette import TILE_NIGHT_DEEP as NIGHT_DEEP  # noqa: E402
from deathmatch.client.art.palette import TILE_PEBBLE_RAMP as PEBBLE_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_STONE_RAMP as STONE_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_WALL_RAMP as WALL_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_WARM as WARM  # noqa: E402
from deathmatch.client.art.palette import TILE_WATER_RAMP as WATER_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_WOOD_RAMP as WOOD_RAMP  # noqa: E402

CAN = T.CAN        # 128: the canvas is the whole square tile
TILE = CAN
COLUMNS = 4
BOTTOM_ARMY, TOP_ARMY = PLAYER_COLOURS[0].rgb, PLAYER_COLOURS[1].rgb
"""The home rows' tints: the first seat's colour (it sets up at the bottom) and the second's."""


# --------------------------------------------------------------------------
# grounds: the two shades of each board
# --------------------------------------------------------------------------
def grass_tex(seed, bright=0.0):
    def fn(x, y, vn, rng):
        n1 = vn.fbm(x / 30.0, y / 30.0, 2)
        n2 = vn.noise(x / 3.0 + 50, y / 1.4 + 50)          # upright blades
        t = 0.5 + (n1 - 0.5) * 0.5 + (n2 - 0.5) * 0.45 + rng.uniform(-0.06, 0.06) + bright
        c = T.ramp(GRASS_RAMP, t)
        if rng.random() < 0.012:
            c = T.mix(c, PEBBLE_RAMP[-1][1], 0.4)          # a dry stalk
        return c
    return T.tex_cached(("grass", seed, bright), lambda: T.texture(fn, seed))


def water_tex(seed, shallow=0.0):
    def fn(x, y, vn, rng):
        n1 = vn.fbm(x / 36.0, y / 12.0, 3)                 # the current runs left to right
        wave = math.sin(y * 0.55 + n1 * 9.0 + x * 0.05)
        t = 0.42 + (n1 - 0.5) * 0.7 + 0.06 * wave + rng.uniform(-0.02, 0.02) + shallow
        return T.ramp(WATER_RAMP, t)
    return T.tex_cached(("water", seed, shallow), lambda: T.texture(fn, seed))


def slab(ctx, inset=7.0, hi=(255, 226, 190, 80), lo=(20, 14, 40, 110)):
    """A carved margin round the square: the slab's drafted edge."""
    box = T.rect_pts((T.CX, T.CY), 64 - inset, 64 - inset)
    ctx.layer(lambda d: d.bevel(box, lo, hi, w=1.0))


def g_light(ctx):
    slab(ctx)
    ctx.grain = 3.0


def g_dark(ctx):
    ctx.darken(NIGHT, 50)
    slab(ctx, hi=(220, 200, 190, 60), lo=(10, 8, 24, 130))
    ctx.grain = 4.0


def g_field(ctx):
    ctx.grain = 4.0


def bases():
    """name -> (the canvas it starts from, how the ground is finished)."""
    return {
        "light": (lambda: T.marble_tex(3), g_light),
        "dark": (lambda: T.stone_tex(105, STONE_RAMP, scale=18.0), g_dark),
        "field_light": (lambda: grass_tex(1, bright=0.24), g_field),
        "field_dark": (lambda: grass_tex(2, bright=-0.16), g_field),
    }


# --------------------------------------------------------------------------
# obstacles
# --------------------------------------------------------------------------
def o_rocks(ctx):
    T.boulder(ctx, (60, 58), 42, 9)
    T.boulder(ctx, (100, 98), 15, 12)
    T.boulder(ctx, (26, 102), 11, 14)
    T.pebble(ctx, (96, 44), 2.4, 4)


def o_ruined_wall(ctx):
    """Three courses of a fallen hall's wall across the square, broken down on the right."""
    rng = ctx.rng
    blocks = []
    tops = (100, 110, 76)          # how far each course still runs, bottom course first
    for course, (y, reach) in enumerate(zip((80, 54, 28), tops)):
        x = -6 - 14 * (course % 2)
        while x < reach:
            w = rng.uniform(30, 38)
            blocks.append([(x + 1.4, y + 1.4), (x + w - 1.4, y + 1.4), (x + w - 1.4, y + 24.6), (x + 1.4, y + 24.6)])
            x += w
    blocks = [T.chamfer(b, 1.4) for b in blocks]
    fallen = [T.chamfer(T.rect_pts((104, 34), 13, 9, math.radians(28)), 1.6),
              T.chamfer(T.rect_pts((110, 114), 11, 8, math.radians(-20)), 1.6),
              T.chamfer(T.rect_pts((40, 116), 9, 6, math.radians(12)), 1.5)]

    def wall(dd):
        for b in blocks + fallen:
            dd.poly(b, None)
    ctx.cast_shadow(wall, length=9, blur_px=2.2, alpha=170)
    ctx.contact(wall, alpha=150)
    tex = T.stone_tex(201, WALL_RAMP, scale=10.0)
    T.paint_slabs(ctx, blocks + fallen, tex, rng, hi=(255, 196, 130), lo=(18, 12, 34), tint_amt=34,
                  rim_w=1.6, gap_col=(16, 10, 24))
    for b in blocks[-4:]:
        cp = T.crack_path(rng, T.centroid(b), rng.uniform(0, 6.28), 3, 3.5)
        ctx.layer(lambda dd, cp=cp: dd.polyline(cp, (20, 12, 30, 190), 0.8))
    for i in range(10):
        p = (rng.uniform(84, 124), rng.uniform(20, 124))
        if 28 < p[1] < 106 and p[0] < 112:
            continue
        T.pebble(ctx, p, rng.uniform(1.4, 3.0), 900 + i, stops=WALL_RAMP)


def tree(ctx, c, R, seed):
    rng = random.Random(seed)
    blobs = []
    for k in range(9):
        a = 2 * math.pi * k / 9 + rng.uniform(-0.3, 0.3)
        r = R * rng.uniform(0.45, 0.62)
        blobs.append(((c[0] + math.cos(a) * R * 0.48, c[1] + math.sin(a) * R * 0.48), r))
    blobs.append((c, R * 0.6))

    def crown(d):
        for p, r in blobs:
            d.circle(p, r, None)
    ctx.cast_shadow(crown, length=R * 0.6, blur_px=3.0, alpha=170)
    d = ctx.d
    trunk_base = (c[0] + T.SHDIR[0] * 4, c[1] + T.SHDIR[1] * 4)
    d.circle(trunk_base, 4.0, T.col8(T.ramp(WOOD_RAMP, 0.3)))
    # the crown: lumps of leaves, each a dome lit from the upper left, back ones first
    order = sorted(blobs, key=lambda b: (b[0][0] + b[0][1]))
    for p, r in order:
        T.shaded_disc(d, p, r, T.col8(T.ramp(LEAF_RAMP, 0.1)), T.col8(T.ramp(LEAF_RAMP, 0.55)),
                      T.col8(T.ramp(LEAF_RAMP, 0.95)), spread=0.5, steps=12)
    for _ in range(60):   # leaf speckle
        a, rr = rng.uniform(0, 2 * math.pi), rng.uniform(0, R * 0.95)
        p = (c[0] + math.cos(a) * rr, c[1] + math.sin(a) * rr)
        f = -(math.cos(a) * T.TO_LIGHT[0] + math.sin(a) * T.TO_LIGHT[1]) * rr / R
        col = T.ramp(LEAF_RAMP, 0.75 - 0.45 * f)
        ctx.layer(lambda dd, p=p, col=col: dd.circle(p, rng.uniform(0.8, 1.8), (*T.col8(col), 150)))


def o_trees(ctx):
    tree(ctx, (90, 90), 26, 5)
    tree(ctx, (52, 52), 40, 7)


# --------------------------------------------------------------------------
# the river
# --------------------------------------------------------------------------
def ripples(ctx, seed, n=7, alpha=70):
    rng = random.Random(seed)
    for _ in range(n):
        y = rng.uniform(8, 120)
        x0 = rng.uniform(-10, 80)
        pts = [(x0 + i * 6, y + 1.6 * math.sin(i * 0.9 + y)) for i in range(rng.randint(4, 9))]
        ctx.layer(lambda d, pts=pts: d.polyline(pts, (*FOAM, alpha), 0.9), alpha_blur=0.4)


def w_water(ctx):
    ripples(ctx, ctx.seed)
    ctx.glows.append((40, 36, 40, (24, 20, 10), 0.5))   # the torchlight on the water
    ctx.grain = 2.0


def w_ford(ctx):
    rng = ctx.rng
    # the shallows: the sandy bed showing through the water
    ctx.overlay(_alpha(T.sand_tex(31, bright=-0.1), 90))
    ripples(ctx, ctx.seed, n=5, alpha=55)
    # stepping stones, flat and wide: the way over
    stones = [((30, 34), 17), ((78, 30), 15), ((52, 70), 18), ((98, 72), 15), ((30, 104), 15), ((82, 108), 16)]
    for i, (c, r) in enumerate(stones):
        pts = T.blob_pts(c, r, 40 + i, n=20, rough=0.25, sx=1.1, sy=0.85)
        ctx.cast_shadow(lambda d, pts=pts: d.poly(pts, None), length=2.5, blur_px=1.2, alpha=150)
        ctx.d.textured(pts, T.stone_tex(110 + i % 2, WALL_RAMP, scale=9.0),
                       ((255, 226, 190), int(rng.uniform(0, 30))))
        ctx.d.bevel(pts, (255, 210, 160), (20, 14, 36), w=1.3)
    ctx.grain = 3.0


def _alpha(tex, alpha):
    s = tex.copy()
    s.set_alpha(alpha)
    return s


# --------------------------------------------------------------------------
# the tiles: (name, terrain, ground, drawing)
# --------------------------------------------------------------------------
TILES = [
    ("light", "floor", "light", None),
    ("dark", "floor", "dark", None),
    ("field_light", "floor", "field_light", None),
    ("field_dark", "floor", "field_dark", None),
    ("rocks_light", "blocked", "light", o_rocks),
    ("rocks_dark", "blocked", "dark", o_rocks),
    ("ruined_wall_light", "blocked", "light", o_ruined_wall),
    ("ruined_wall_dark", "blocked", "dark", o_ruined_wall),
    ("trees_light", "blocked", "field_light", o_trees),
    ("trees_dark", "blocked", "field_dark", o_trees),
    ("water", "blocked", "water", w_water),
    ("ford", "floor", "water", w_ford),
]
"""Tile ids in order: what tools/make_square_maps.py paints with."""
TILE_ID = {name: i for i, (name, *_rest) in enumerate(TILES)}
MARKS = ["home_bottom", "home_top", "centre"]
"""The marks' types (the tile objects' `marker` property), in tile order."""


def draw_tile(tid):
    name, terrain, ground, fn = TILES[tid]
    if ground == "water":
        base, finish = (lambda: water_tex(21 + tid, shallow=0.22 if fn is w_ford else 0.0)), None
    else:
        base, finish = bases()[ground]
    ctx = T.Ctx(base(), 2000 + tid * 17)
    if finish:
        finish(ctx)
    if fn:
        fn(ctx)
    canvas = T.finish_canvas(ctx, 2000 + tid)
    return cut_square(canvas, ctx)


def cut_square(canvas, ctx):
    """The finished canvas as a square tile: a soft vignette, the rim lit at the top and
    left (the light is upper left) and dark at the bottom and right, a thin ink edge."""
    out = bytearray(TILE * TILE * 4)
    vig = ctx.vignette
    er, eg, eb = EDGE
    lit_top = -T.TO_LIGHT[1]      # how much the top edge faces the light
    lit_left = -T.TO_LIGHT[0]
    for y in range(TILE):
        for x in range(TILE):
            i = y * TILE + x
            r, g, b = canvas[i]
            edges = ((y + 0.5, lit_top), (x + 0.5, lit_left), (TILE - y - 0.5, -lit_top), (TILE - x - 0.5, -lit_left))
            dist, face = min(edges)
            if dist < 20:
                v = (1 - dist / 20) ** 2 * 0.22 * vig
                r += (NIGHT[0] - r) * v
                g += (NIGHT[1] - g) * v
                b += (NIGHT[2] - b) * v
            if 0.6 < dist < 4.0:
                k = (1 - (dist - 0.6) / 3.4) * face
                if k > 0:
                    t = min(0.5, 0.5 * k)
                    r += (WARM[0] - r) * t
                    g += (WARM[1] - g) * t
                    b += (WARM[2] - b) * t
                else:
                    t = min(0.6, -0.6 * k)
                    r += (NIGHT_DEEP[0] - r) * t
                    g += (NIGHT_DEEP[1] - g) * t
                    b += (NIGHT_DEEP[2] - b) * t
            if dist < 1.2:
                t = 0.55
                r += (er - r) * t
                g += (eg - g) * t
                b += (eb - b) * t
            o = 4 * i
            out[o] = T.clamp8(r)
            out[o + 1] = T.clamp8(g)
            out[o + 2] = T.clamp8(b)
            out[o + 3] = 255
    return pygame.image.frombytes(bytes(out), (TILE, TILE), "RGBA")


# --------------------------------------------------------------------------
# the marks: see-through overlays placed as tile objects
# --------------------------------------------------------------------------
def chevron(d, c, up, col, size=9.0, w=3.2):
    s = -1 if up else 1
    d.polyline([(c[0] - size, c[1] - s * size * 0.5), (c[0], c[1] + s * size * 0.5),
                (c[0] + size, c[1] - s * size * 0.5)], col, w)


def mark_home(d, colour, up):
    """A home-row square: the army's colour washed over it, a frame, and chevrons
    pointing the way the army faces (into the board)."""
    inner = T.rect_pts((T.CX, T.CY), 60, 60)
    d.poly(inner, (*colour, 64))
    frame = T.rect_pts((T.CX, T.CY), 57, 57)
    d.polyline(frame, (*colour, 220), 4.0, closed=True)
    d.polyline(T.rect_pts((T.CX, T.CY), 53, 53), (*EDGE, 120), 1.0, closed=True)
    y = 110 if up else 18
    for dx in (-20, 0, 20):
        chevron(d, (T.CX + dx + 0.8, y + 1.2), up, (*EDGE, 150))
        chevron(d, (T.CX + dx, y), up, (*colour, 235))


def mark_centre(d):
    """A Retrieve centre square: a gilded ring with four studs, where the marker may start."""
    c = (T.CX, T.CY)
    d.circle(c, 40, (*GOLD, 40))
    d.circle((c[0] + 0.8, c[1] + 1.2), 38, (*EDGE, 150), 2.0)
    d.circle(c, 38, (*GOLD, 235), 5.0)
    d.circle((c[0] - 0.8, c[1] - 0.8), 38.5, (*GOLD_HI, 200), 1.2)
    d.circle(c, 33, (*GOLD_DK, 200), 1.0)
    for k in range(4):
        a = k * math.pi / 2 + math.pi / 4
        p = (c[0] + math.cos(a) * 38, c[1] + math.sin(a) * 38)
        d.poly(T.rect_pts(p, 5.5, 5.5, math.pi / 4), (*GOLD_DK, 255))
        d.poly(T.rect_pts((p[0] - 0.6, p[1] - 0.6), 3.6, 3.6, math.pi / 4), (*GOLD_HI, 255))


def draw_mark(kind):
    big = pygame.Surface((TILE * T.S, TILE * T.S), pygame.SRCALPHA)
    big.fill((*EDGE, 0))
    d = T.Drawer(big)
    if kind == "centre":
        mark_centre(d)
    else:
        mark_home(d, BOTTOM_ARMY if kind == "home_bottom" else TOP_ARMY, up=kind == "home_bottom")
    return T.downsample_premul(big, T.S)


# --------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------
def render_all():
    T._BEVEL_LAYER = T.new_layer()
    rows = -(-len(TILES) // COLUMNS)
    sheet = pygame.Surface((TILE * COLUMNS, TILE * rows), pygame.SRCALPHA)
    sheet.fill((*EDGE, 0))
    for tid in range(len(TILES)):
        sheet.blit(draw_tile(tid), (tid % COLUMNS * TILE, tid // COLUMNS * TILE))
    marks = pygame.Surface((TILE * len(MARKS), TILE), pygame.SRCALPHA)
    marks.fill((*EDGE, 0))
    for i, kind in enumerate(MARKS):
        marks.blit(draw_mark(kind), (i * TILE, 0))
    return sheet, marks


def write_all(out_dir=OUT_DIR):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    sheet, marks = render_all()
    props = [[("name", n), ("terrain", t)] for n, t, _, _ in TILES]
    T.save_png(sheet, out_dir / "chessboard.png")
    T.save_png(marks, out_dir / "chessboard_marks.png")
    (out_dir / "chessboard.tsx").write_text(
        T.tsx_text("chessboard", TILE, TILE, "chessboard.png", *sheet.get_size(), len(TILES), COLUMNS, props))
    (out_dir / "chessboard_marks.tsx").write_text(
        T.tsx_text("chessboard_marks", TILE, TILE, "chessboard_marks.png", *marks.get_size(), len(MARKS),
                   len(MARKS), [[("marker", k)] for k in MARKS]))
    return sheet, marks


def make_preview(sheet, marks, path):
    """Every tile in a row, then a little board: the marks over a chessboard with a river."""
    tiles = [sheet.subsurface((t % COLUMNS * TILE, t // COLUMNS * TILE, TILE, TILE)) for t in range(len(TILES))]
    pad = 16
    img = pygame.Surface((pad * 2 + 6 * TILE, pad * 3 + 2 * TILE + 4 * TILE))
    img.fill((18, 13, 22))   # the maps' backgroundcolor #120d16
    for t, tile in enumerate(tiles):
        img.blit(tile, (pad + t % 6 * TILE, pad + t // 6 * TILE))
    board = [
        ["light", "dark", "rocks_light", "dark", "light", "dark"],
        ["water", "water", "ford", "water", "water", "ford"],
        ["field_light", "trees_dark", "field_light", "field_dark", "field_light", "field_dark"],
        ["ruined_wall_dark", "light", "dark", "light", "dark", "rocks_light"],
    ]
    y0 = pad * 2 + 2 * TILE
    for r, row in enumerate(board):
        for c, name in enumerate(row):
            img.blit(tiles[TILE_ID[name]], (pad + c * TILE, y0 + r * TILE))
    img.blit(marks.subsurface((0, 0, TILE, TILE)), (pad + 1 * TILE, y0 + 3 * TILE))
    img.blit(marks.subsurface((TILE, 0, TILE, TILE)), (pad + 3 * TILE, y0))
    img.blit(marks.subsurface((2 * TILE, 0, TILE, TILE)), (pad + 2 * TILE, y0 + 2 * TILE))
    pygame.image.save(img, str(path))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preview", metavar="OUT.png", help="also write a preview board to OUT.png")
    ap.add_argument("--out", metavar="DIR", default=str(OUT_DIR), help="output folder (default assets/tiles)")
    args = ap.parse_args(argv)
    # no pygame.init(): only surfaces and PNG output are needed (no display, no audio)
    sheet, marks = write_all(Path(args.out))
    if args.preview:
        make_preview(sheet, marks, args.preview)
    print(f"wrote {args.out}: chessboard.png/.tsx, chessboard_marks.png/.tsx")
    return 0


if __name__ == "__main__":
    sys.exit(main())
