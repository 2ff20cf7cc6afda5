#!/usr/bin/env python3
"""Draw the tiles Superhero Gladiators' arenas need beyond the arena and board tilesets.

Run from the repository root (pygame only, no display needed):

    .venv/bin/python tools/make_supers_tileset.py [--preview OUT.png]

Writes into assets/tiles/:

* supers_pointy.png + .tsx   4 pointy-top hexes, 112x128 (Tiled staggeraxis="y")
* supers_flat.png + .tsx     the same 4 as flat-top hexes, 128x112 (staggeraxis="x")
* supers_square.png + .tsx   6 squares, 128x128 (Tiled orientation "orthogonal")
* supers_marks.png + .tsx    4 team spawn marks, 64x64, for tile objects (types spawn_1 … spawn_4)

The hex tiles (beside arena_pointy.tsx's sand, stone and walls): a **pit** and a
**fire** (terrain `hazard`, with a `hazard` property `pit` or `fire`: the rules treat
both alike, SUPERS.md §1; the screens draw them apart), a steel deck **plate**
(floor) and a riveted **bulkhead** (blocked). The square tiles: the deck plate in
the board's two shades (`plate_light`, `plate_dark`: a square (x, y) is dark when
x + y is even, as on the chessboard), a **wall**, a **bulkhead**, a **pit** and a
**fire**. The marks: team 1 to 4's spawn zones, in the seats' colours with the team's
number (docs/ARENAS.md, "Superhero Gladiators arenas").

Same look, same light, same palette as the other tiles: every texture, pen, shadow
and the post pass are tools/make_tileset.py's and tools/make_square_tileset.py's own
functions. All random choices are seeded: reruns give byte-identical PNGs.
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


def _tool(name: str):
    """A sibling tool as a module (tools/ is not a package)."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parent / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


T = _tool("make_tileset")
Q = _tool("make_square_tileset")

from deathmatch.client.art.palette import EDGE, PLAYER_COLOURS, SHADOW  # noqa: E402
from deathmatch.client.art.palette import TILE_IRON_HI as IRON_HI  # noqa: E402
from deathmatch.client.art.palette import TILE_STONE_RAMP as STONE_RAMP  # noqa: E402
from deathmatch.client.art.palette import TILE_WALL_RAMP as WALL_RAMP  # noqa: E402

from deathmatch.client.art.palette import TILE_HAZARD_BLACK, TILE_HAZARD_YELLOW  # noqa: E402
from deathmatch.client.art.palette import TILE_NIGHT as NIGHT  # noqa: E402
from deathmatch.client.art.palette import TILE_PIT_DEEP as PIT_DEEP  # noqa: E402
from deathmatch.client.art.palette import TILE_STEEL_RAMP as STEEL_RAMP  # noqa: E402

CX, CY = T.CX, T.CY
HAZARD_STRIPE = (TILE_HAZARD_YELLOW, TILE_HAZARD_BLACK)


# --------------------------------------------------------------------------
# the drawings (each on a 128x128 canvas centred on the cell)
# --------------------------------------------------------------------------
_RAMPS: dict[float, list] = {}


def _steel(bright: float) -> list:
    """The steel ramp brightened by `bright`: one list a value, kept (make_tileset's texture cache
    knows a ramp by its id, so a fresh list each call could be mistaken for another freed one)."""
    if bright not in _RAMPS:
        _RAMPS[bright] = [(t, tuple(c + bright * 255 for c in col)) for t, col in STEEL_RAMP]
    return _RAMPS[bright]


def plate_base(seed, bright=0.0):
    """A steel deck: a cool grey-blue texture (the stones' noise, a steel ramp)."""
    return T.stone_tex(400 + seed, _steel(bright), scale=24.0)


def rivet(d, p, r=1.5):
    d.circle((p[0] + 0.6, p[1] + 0.7), r, (16, 12, 26))
    d.circle(p, r, IRON_HI)
    d.circle((p[0] - 0.4, p[1] - 0.4), r * 0.45, (236, 232, 226))


def d_plate(ctx, square=False):
    """Four deck panels with seams, rivets at their corners and a tread of raised diamonds."""
    rng = ctx.rng
    step = 64 if square else 60
    off = 0 if square else 4
    panels = []
    for i in range(2):
        for j in range(2):
            x0, y0 = off + i * step, off + j * step
            panels.append([(x0 + 1.5, y0 + 1.5), (x0 + step - 1.5, y0 + 1.5),
                           (x0 + step - 1.5, y0 + step - 1.5), (x0 + 1.5, y0 + step - 1.5)])
    ctx.layer(lambda dd: [dd.poly(T.inset(p, -0.8), (14, 10, 24, 200)) for p in panels], alpha_blur=0.4)
    for p in panels:
        v = rng.uniform(-1, 1)
        tint = ((255, 226, 190), int(18 * v)) if v > 0 else ((20, 20, 46), int(-24 * v))
        ctx.d.textured(p, plate_base(1 + int(square)), tint)
        ctx.d.bevel(p, (236, 200, 160), (14, 10, 30), w=1.1)
    # tread: little raised diamonds in rows, lit on their upper left
    for p in panels:
        x0, y0 = p[0]
        for a in range(4):
            for b in range(4):
                c = (x0 + 9 + a * 13.5 + (6 if b % 2 else 0), y0 + 9 + b * 13.5)
                if c[0] > x0 + step - 8:
                    continue
                dia = [(c[0] - 3.6, c[1] + 1.6), (c[0] + 1.6, c[1] - 3.6), (c[0] + 3.6, c[1] - 1.6), (c[0] - 1.6, c[1] + 3.6)]
                ctx.layer(lambda dd, dia=dia: dd.bevel(dia, (230, 220, 210, 150), (10, 8, 24, 170), w=0.9))
        for c in ((x0 + 5, y0 + 5), (x0 + step - 8, y0 + 5), (x0 + 5, y0 + step - 8), (x0 + step - 8, y0 + step - 8)):
            rivet(ctx.d, c)
    ctx.grain = 3.0


def d_plate_dark(ctx):
    """The deck's darker square (the board's second shade)."""
    d_plate(ctx, square=True)
    ctx.darken(NIGHT, 40)


def d_bulkhead(ctx):
    """A riveted steel wall: tall plates, a yellow-and-black warning band across the middle."""
    ctx.darken((10, 6, 16), 255)
    rng = random.Random(ctx.seed)
    plates = []
    x = -6.0
    while x < 134:
        w = rng.uniform(30, 40)
        plates.append([(x + 1.2, -4), (x + w - 1.2, -4), (x + w - 1.2, 132), (x + 1.2, 132)])
        x += w
    for p in plates:
        v = rng.uniform(-1, 1)
        tint = ((255, 226, 190), int(26 * v)) if v > 0 else ((20, 20, 46), int(-30 * v))
        ctx.d.textured(p, plate_base(7, bright=-0.05), tint)
        ctx.d.bevel(p, (255, 206, 150), (10, 8, 26), w=1.6)
        for y in range(6, 128, 16):
            rivet(ctx.d, (p[0][0] + 4.5, y), 1.3)
            rivet(ctx.d, (p[1][0] - 4.5, y), 1.3)
    # the warning band: diagonal stripes in a frame
    band = [(-4, 52), (132, 52), (132, 76), (-4, 76)]
    ctx.d.poly(band, HAZARD_STRIPE[1])
    k = -40.0
    while k < 140:
        ctx.d.poly([(k, 76), (k + 12, 76), (k + 24, 52), (k + 12, 52)], HAZARD_STRIPE[0])
        k += 24
    ctx.d.line((-4, 51.2), (132, 51.2), (255, 230, 160), 1.0)
    ctx.d.line((-4, 76.8), (132, 76.8), (10, 8, 20), 1.6)
    ctx.layer(lambda dd: dd.poly(band, (255, 240, 200, 26)))
    ctx.bevel_amp = 2.6
    ctx.vignette = 0.6
    ctx.grain = 4.0


def d_wall(ctx):
    """A wall of dressed blocks filling the cell (the hex tileset's own wall, for squares)."""
    ctx.darken((10, 6, 16), 255)
    T.ashlar(ctx, 1)
    ctx.vignette = 0.6


def d_pit(ctx, radius=47.0, seed=11):
    """A bottomless shaft: a ragged hole, its inner wall lit on the far (lower-right) side,
    falling away into the dark; broken stones round the lip."""
    c = (CX, CY)
    d = ctx.d
    hole = T.blob_pts(c, radius, seed, n=56, rough=0.16)
    # the ground round the lip is darker, scorched by whatever fell in
    ctx.layer(lambda dd: dd.poly(T.blob_pts(c, radius + 7, seed, n=56, rough=0.16), (*SHADOW, 120)), alpha_blur=3)
    # the inner wall, rings of rock falling towards the dark bottom; each ring is drawn a little
    # nearer the light, so the wall facing the light (the far side, lower right) shows widest
    tex = T.stone_tex(210, WALL_RAMP, scale=8.0)
    d.textured(hole, tex, ((20, 14, 36), 90))
    steps = 9
    for i in range(1, steps + 1):
        t = i / steps
        shift = radius * 0.22 * t
        cc = (c[0] + T.TO_LIGHT[0] * shift, c[1] + T.TO_LIGHT[1] * shift)
        ring = T.blob_pts(cc, radius * (1 - 0.62 * t), seed, n=56, rough=0.16 * (1 - t * 0.5))
        col = T.mixc((120, 104, 112), PIT_DEEP, t ** 0.8)
        ctx.layer(lambda dd, ring=ring, col=col: dd.poly(ring, (*col, 200)), alpha_blur=0.8)
    bottom = T.blob_pts((c[0] + T.TO_LIGHT[0] * 10, c[1] + T.TO_LIGHT[1] * 10), radius * 0.42, seed + 1, n=40, rough=0.2)
    ctx.layer(lambda dd: dd.poly(bottom, (*PIT_DEEP, 255)), alpha_blur=2.5)
    # strata lines on the lit wall
    rng = ctx.rng
    for k in range(7):
        a = math.atan2(-T.TO_LIGHT[1], -T.TO_LIGHT[0]) + rng.uniform(-1.0, 1.0)
        r0 = radius * rng.uniform(0.55, 0.9)
        pts = [(c[0] + math.cos(a + s * 0.07) * (r0 - s * 0.6), c[1] + math.sin(a + s * 0.07) * (r0 - s * 0.6)) for s in range(6)]
        ctx.layer(lambda dd, pts=pts: dd.polyline(pts, (200, 170, 150, 60), 0.7))
    # the lip: lit on the near (upper-left) edge that faces the light from outside
    ctx.layer(lambda dd: dd.bevel(hole, (20, 12, 34, 220), (255, 214, 160, 200), w=2.0))
    ctx.layer(lambda dd: dd.polyline(hole, (*EDGE, 200), 0.9, closed=True))
    for i in range(10):
        a = 2 * math.pi * i / 10 + rng.uniform(-0.2, 0.2)
        r = radius + rng.uniform(1.5, 5.0)
        T.pebble(ctx, (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r), rng.uniform(1.5, 3.2), 700 + i)
    ctx.vignette = 0.8


def flame(ctx, base, h, w, seed):
    """One tongue of fire rising from `base`: layered ragged teardrops, hottest inside."""
    vn = T.ValueNoise(seed)
    for k, (col, f) in enumerate((((190, 50, 16), 1.0), ((250, 116, 28), 0.78), ((255, 186, 60), 0.55),
                                   ((255, 242, 190), 0.3))):
        hh, ww = h * f, w * f
        pts = []
        for i in range(24):
            t = i / 23
            # a teardrop: wide at the bottom, a licking point at the top
            y = base[1] - hh * t
            half = ww * math.sin(math.pi * min(1.0, (1 - t) * 1.15)) ** 0.8 * (1 - t) ** 0.35
            wob = (vn.noise(t * 4 + k, 3.3) - 0.5) * ww * 0.5 * t
            pts.append((base[0] + half + wob, y))
        for i in range(23, -1, -1):
            t = i / 23
            y = base[1] - hh * t
            half = ww * math.sin(math.pi * min(1.0, (1 - t) * 1.15)) ** 0.8 * (1 - t) ** 0.35
            wob = (vn.noise(t * 4 + k, 3.3) - 0.5) * ww * 0.5 * t
            pts.append((base[0] - half + wob, y))
        ctx.layer(lambda dd, pts=pts, col=col: dd.poly(pts, (*col, 235)), alpha_blur=0.6)


def d_fire(ctx, radius=46.0, seed=21):
    """A bed of burning coals with flames licking up out of it, lighting the ground round it."""
    c = (CX, CY)
    d = ctx.d
    rng = ctx.rng
    bed = T.blob_pts(c, radius, seed, n=48, rough=0.2)
    ctx.layer(lambda dd: dd.poly(T.blob_pts(c, radius + 8, seed, n=48, rough=0.2), (30, 14, 16, 150)), alpha_blur=4)
    d.poly(bed, (44, 18, 16))
    # coals: cooler at the rim, hot in the middle
    for _ in range(150):
        a = rng.uniform(0, 2 * math.pi)
        r = math.sqrt(rng.random()) * (radius - 3)
        p = (c[0] + math.cos(a) * r, c[1] + math.sin(a) * r)
        heat = 1 - r / radius + rng.uniform(-0.25, 0.25)
        col = T.ramp([(0.0, (56, 24, 20)), (0.35, (120, 34, 18)), (0.6, (210, 84, 24)), (0.85, (255, 160, 50)),
                      (1.0, (255, 220, 120))], heat)
        d.circle(p, rng.uniform(1.6, 3.4), T.col8(col))
        if heat > 0.5:
            d.circle((p[0] - 0.6, p[1] - 0.6), 0.8, (255, 230, 150))
    ctx.layer(lambda dd: dd.polyline(bed, (20, 10, 14, 200), 1.4, closed=True))
    # flames: a ring of small tongues and a tall one in the middle, back ones first
    tongues = [((c[0] + math.cos(a) * 26, c[1] + math.sin(a) * 22 + 8), 30, 8, 900 + i)
               for i, a in enumerate((0.4, 1.5, 2.6, 3.6, 4.6, 5.6))]
    tongues.append(((c[0] + 2, c[1] + 14), 52, 14, 950))
    for base, h, w, sd in sorted(tongues, key=lambda t: t[0][1]):
        flame(ctx, base, h, w, sd)
    for _ in range(26):  # sparks
        p = (c[0] + rng.uniform(-44, 44), c[1] + rng.uniform(-52, 30))
        ctx.layer(lambda dd, p=p: dd.circle(p, rng.uniform(0.4, 1.0), (255, 214, 130, 235)))
    ctx.glows.append((c[0], c[1], 90, (255, 120, 40), 0.75))
    ctx.glows.append((c[0], c[1] - 6, 36, (255, 210, 130), 0.55))
    ctx.vignette = 0.25


# --------------------------------------------------------------------------
# the tiles: (name, terrain, hazard kind, ground, drawing)
# --------------------------------------------------------------------------
HEX_TILES = [
    ("pit", "hazard", "pit", lambda: T.stone_tex(105, STONE_RAMP, scale=14.0), d_pit),
    ("fire", "hazard", "fire", lambda: T.stone_tex(105, STONE_RAMP, scale=14.0), d_fire),
    ("plate", "floor", None, lambda: plate_base(0), lambda ctx: d_plate(ctx)),
    ("bulkhead", "blocked", None, lambda: plate_base(0), d_bulkhead),
]
"""Tile ids in order (supers_pointy.tsx, supers_flat.tsx): what tools/make_supers_arenas.py paints with."""
SQUARE_TILES = [
    ("plate_light", "floor", None, lambda: plate_base(0, bright=0.06), lambda ctx: d_plate(ctx, square=True)),
    ("plate_dark", "floor", None, lambda: plate_base(0, bright=-0.06), lambda ctx: d_plate_dark(ctx)),
    ("wall", "blocked", None, lambda: T.sand_base(13), d_wall),
    ("bulkhead", "blocked", None, lambda: plate_base(0), d_bulkhead),
    ("pit", "hazard", "pit", lambda: T.stone_tex(105, STONE_RAMP, scale=18.0), lambda ctx: d_pit(ctx, radius=54.0)),
    ("fire", "hazard", "fire", lambda: T.stone_tex(105, STONE_RAMP, scale=18.0), lambda ctx: d_fire(ctx, radius=54.0)),
]
"""Tile ids in order (supers_square.tsx)."""
MARKS = ["spawn_1", "spawn_2", "spawn_3", "spawn_4"]
"""The team spawn marks' types (the tile objects' `marker` property), in tile order: team 1 … 4."""


def props_of(tiles):
    out = []
    for name, terrain, hazard, _, _ in tiles:
        pr = [("name", name), ("terrain", terrain)]
        if hazard:
            pr.append(("hazard", hazard))
        out.append(pr)
    return out


def draw_canvas(tiles, tid, seed0):
    name, terrain, hazard, base, fn = tiles[tid]
    ctx = T.Ctx(base(), seed0 + tid * 17)
    fn(ctx)
    return T.finish_canvas(ctx, seed0 + tid), ctx


# --------------------------------------------------------------------------
# the team marks
# --------------------------------------------------------------------------
DIGITS = {
    1: [[(-3, -9), (1, -12), (1, 12)], [(-5, 12), (7, 12)]],
    2: [[(-7, -6), (-4, -11), (3, -12), (7, -7), (6, -2), (-7, 12), (8, 12)]],
    3: [[(-7, -10), (6, -12), (7, -5), (-1, -1), (7, 3), (6, 11), (-7, 11)]],
    4: [[(4, 12), (4, -12), (-8, 5), (9, 5)]],
}
"""Stroke digits (in a 16x24 box round the centre) for the team marks."""


def mark_team(d, colour, team):
    """Team `team`'s spawn mark: a ring in the seat's colour, its number inside, four chevrons
    pointing in (the zone the team's heroes start on)."""
    c = (32.0, 32.0)
    d.circle(c, 28, (*EDGE, 150))
    d.circle((c[0] + 0.8, c[1] + 1.2), 25, (*EDGE, 200), 2.0)
    d.circle(c, 25, (*colour, 255), 4.5)
    d.circle((c[0] - 0.6, c[1] - 0.6), 25.6, (255, 255, 255, 110), 1.0)
    d.circle(c, 19, (*colour, 70))
    for k in range(4):
        a = k * math.pi / 2 + math.pi / 4
        p = (c[0] + math.cos(a) * 25, c[1] + math.sin(a) * 25)
        ta = (math.cos(a + math.pi), math.sin(a + math.pi))   # points in
        nx, ny = -ta[1], ta[0]
        tri = [(p[0] + ta[0] * 8, p[1] + ta[1] * 8), (p[0] + nx * 6, p[1] + ny * 6), (p[0] - nx * 6, p[1] - ny * 6)]
        d.poly(tri, (*EDGE, 255))
        d.poly(T.inset(tri, 1.2), (*colour, 255))
    for stroke in DIGITS[team]:
        pts = [(c[0] + x * 0.95, c[1] + y * 0.95) for x, y in stroke]
        d.polyline([(x + 0.8, y + 1.0) for x, y in pts], (*EDGE, 255), 6.0)
        d.polyline(pts, (255, 250, 236, 255), 3.6)


def draw_mark(team):
    big = pygame.Surface((64 * T.S, 64 * T.S), pygame.SRCALPHA)
    big.fill((*EDGE, 0))
    mark_team(T.Drawer(big), PLAYER_COLOURS[team - 1].rgb, team)
    return T.downsample_premul(big, T.S)


# --------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------
def render_all():
    T._BEVEL_LAYER = T.new_layer()
    pointy, flat = T.HexGeom(True), T.HexGeom(False)
    n = len(HEX_TILES)
    sheet_p = pygame.Surface((pointy.w * n, pointy.h), pygame.SRCALPHA)
    sheet_f = pygame.Surface((flat.w * n, flat.h), pygame.SRCALPHA)
    sheet_p.fill((*EDGE, 0))
    sheet_f.fill((*EDGE, 0))
    for tid in range(n):
        canvas, ctx = draw_canvas(HEX_TILES, tid, 3000)
        sheet_p.blit(T.cut_tile(canvas, pointy, ctx), (tid * pointy.w, 0))
        sheet_f.blit(T.cut_tile(canvas, flat, ctx), (tid * flat.w, 0))
    m = len(SQUARE_TILES)
    sheet_s = pygame.Surface((128 * m, 128), pygame.SRCALPHA)
    sheet_s.fill((*EDGE, 0))
    for tid in range(m):
        canvas, ctx = draw_canvas(SQUARE_TILES, tid, 3500)
        sheet_s.blit(Q.cut_square(canvas, ctx), (tid * 128, 0))
    marks = pygame.Surface((64 * len(MARKS), 64), pygame.SRCALPHA)
    marks.fill((*EDGE, 0))
    for i in range(len(MARKS)):
        marks.blit(draw_mark(i + 1), (64 * i, 0))
    return sheet_p, sheet_f, sheet_s, marks


def write_all(out_dir=OUT_DIR):
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    sheet_p, sheet_f, sheet_s, marks = render_all()
    n, m = len(HEX_TILES), len(SQUARE_TILES)
    for name, sheet, tw, th, count, props in (
            ("supers_pointy", sheet_p, 112, 128, n, props_of(HEX_TILES)),
            ("supers_flat", sheet_f, 128, 112, n, props_of(HEX_TILES)),
            ("supers_square", sheet_s, 128, 128, m, props_of(SQUARE_TILES)),
            ("supers_marks", marks, 64, 64, len(MARKS), [[("marker", k)] for k in MARKS])):
        T.save_png(sheet, out_dir / f"{name}.png")
        (out_dir / f"{name}.tsx").write_text(
            T.tsx_text(name, tw, th, f"{name}.png", *sheet.get_size(), count, count, props))
    return sheet_p, sheet_f, sheet_s, marks


def make_preview(sheet_p, sheet_f, sheet_s, marks, path):
    """Every tile at full size, each hex beside sand so the edges show, and the marks."""
    pad = 16
    arena = pygame.image.load(str(OUT_DIR / "arena_pointy.png"))
    sand = arena.subsurface((0, 0, 112, 128))
    W = pad * 2 + max(sheet_s.get_width(), sheet_p.get_width() + 112 * 2)
    H = pad * 5 + 128 * 2 + 112 + 128 + 64
    img = pygame.Surface((W, H))
    img.fill((18, 13, 22))
    y = pad
    for k in range(len(HEX_TILES) + 2):   # a row of sand with the tiles in it
        tile = sand if k in (0, len(HEX_TILES) + 1) else sheet_p.subsurface(((k - 1) * 112, 0, 112, 128))
        img.blit(tile, (pad + k * 112, y))
    y += 128 + pad
    img.blit(sheet_f, (pad, y))
    y += 112 + pad
    img.blit(sheet_s, (pad, y))
    y += 128 + pad
    img.blit(marks, (pad, y))
    img.blit(pygame.transform.smoothscale(marks, (128, 32)), (pad + 280, y + 16))
    pygame.image.save(img, str(path))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preview", metavar="OUT.png", help="also write a preview sheet to OUT.png")
    ap.add_argument("--out", metavar="DIR", default=str(OUT_DIR), help="output folder (default assets/tiles)")
    args = ap.parse_args(argv)
    sheets = write_all(Path(args.out))
    if args.preview:
        make_preview(*sheets, args.preview)
    print(f"wrote {args.out}: supers_pointy, supers_flat, supers_square, supers_marks (.png/.tsx)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
