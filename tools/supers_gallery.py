"""Draw Superhero Gladiators' art into one PNG, to look at: every bundled hero at the cell sizes a
1024×600 and a 1920×1080 table use, in two teams' colours, fainted; heroes on hexes at altitudes 0–3
with their oomph bars and entangle markers; the oomph bar at several fills; the segment track; the
entangle levels; the gizmo states; and each animation in five frames.

    python tools/supers_gallery.py [--out /tmp/supers_gallery.png]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from deathmatch.client.art import supers as sg  # noqa: E402
from deathmatch.client.art.palette import MAP_BACKGROUND, TILE_STONE_RAMP, UI_DIM, UI_INK  # noqa: E402
from deathmatch.client.art.pens import _font  # noqa: E402
from deathmatch.rulesets.supers.heroes import bundled_heroes_dir  # noqa: E402
from deathmatch.rulesets.supers.heroes import load_heroes  # noqa: E402

FLOOR = TILE_STONE_RAMP[2][1]
FLOOR_DK = TILE_STONE_RAMP[1][1]
CELLS = (30, 44, 64, 96)
"""Hex widths: the Skyline and the Crater on a 1024×600 window (about 30 and 44 px), then bigger tables."""


def bundled_heroes() -> list:
    lib = load_heroes([bundled_heroes_dir()])
    return [lib.heroes[k] for k in sorted(lib.heroes)]


def _label(surf, text, x, y, px=16, col=UI_INK):
    surf.blit(_font(px).render(text, True, col), (x, y))


def _hex(surf, cx, cy, w, col):
    r = w / math.sqrt(3)
    pts = [(cx + r * math.cos(math.radians(30 + 60 * i)), cy + r * math.sin(math.radians(30 + 60 * i))) for i in range(6)]
    pygame.draw.polygon(surf, col, pts)
    pygame.draw.polygon(surf, FLOOR_DK, pts, 1)


def heroes_block(heroes) -> pygame.Surface:
    pad = 8
    rows = []
    for cell in CELLS:
        w = pad + (len(heroes) * 2 + 1) * (cell + 4) + 60
        row = pygame.Surface((w, cell + 26))
        row.fill(MAP_BACKGROUND)
        _label(row, f"cell {cell} px: each hero for team 1 and team 2 (fainted last)", 4, 2, 15, UI_DIM)
        x = pad
        for h in heroes:
            for team in (0, 1):
                _hex(row, x + cell / 2, 22 + cell / 2, cell, FLOOR)
                img = sg.hero_sprite(h, team, cell)
                row.blit(img, img.get_rect(center=(round(x + cell / 2), round(22 + cell / 2))))
                x += cell + 4
        _hex(row, x + cell / 2, 22 + cell / 2, cell, FLOOR)
        img = sg.hero_sprite(heroes[0], 2, cell, fainted=True)
        row.blit(img, img.get_rect(center=(round(x + cell / 2), round(22 + cell / 2))))
        rows.append(row)
    names = pygame.Surface((max(r.get_width() for r in rows), 22))
    names.fill(MAP_BACKGROUND)
    for i, h in enumerate(heroes):
        _label(names, h.name.replace("The ", ""), 8 + i * 2 * (CELLS[-1] + 4), 3, 15)
    rows.append(names)
    return _stack(rows)


def table_block(heroes) -> pygame.Surface:
    """Heroes on a patch of hexes as a table draws them (`draw_hero`), at two cell sizes."""
    blocks = []
    for cell in (44, 72):
        w, h = cell * 9, round(cell * 3.3)
        surf = pygame.Surface((w, h))
        surf.fill(MAP_BACKGROUND)
        _label(surf, f"draw_hero at {cell} px: altitude 0-3, oomph, entangled 2 / 5", 4, 2, 15, UI_DIM)
        for i in range(8):
            _hex(surf, cell * (0.7 + i * 1.05), cell * 2.3, cell, FLOOR)
        for i, (alt, oo, ent) in enumerate([(0, 1.0, 0), (1, 0.7, 0), (2, 0.45, 0), (3, 0.2, 0), (0, 0.6, 2),
                                            (0, 0.3, 5), (1, 0.05, 0), (0, 1.0, 0)]):
            hero = heroes[i % len(heroes)]
            mx = hero.max_oomph
            sg.draw_hero(surf, hero, i % 2, (cell * (0.7 + i * 1.05), cell * 2.3), cell, altitude=alt,
                         oomph=round(mx * oo), max_oomph=mx, entangled=ent, highlight=i == 7)
        blocks.append(surf)
    return _side(blocks)


def widgets_block(heroes) -> pygame.Surface:
    surf = pygame.Surface((1300, 220))
    surf.fill(MAP_BACKGROUND)
    x = 8
    _label(surf, "oomph bars", x, 2, 15, UI_DIM)
    for i, f in enumerate((1.0, 0.8, 0.5, 0.3, 0.1, 0.0)):
        surf.blit(sg.oomph_bar(round(45 * f), 45, 90), (x, 24 + i * 14))
        surf.blit(sg.oomph_bar(round(12 * f), 12, 30), (x + 100, 24 + i * 14))
    x += 150
    rows = [sg.TrackRow(h.name, i % 2, h.segments, fainted=i == 3, acting=i == 1) for i, h in enumerate(heroes[:5])]
    track = sg.segment_track(rows, 3, 300)
    _label(surf, "segment track (segment 3 now)", x, 2, 15, UI_DIM)
    surf.blit(track, (x, 22))
    surf.blit(sg.segment_track(rows[:3], None, 200, row_h=14), (x + 310, 22))
    x += 530
    _label(surf, "entangled 1-8", x, 2, 15, UI_DIM)
    for lvl in range(1, 9):
        surf.blit(sg.entangle_marker(lvl, 26), (x + (lvl - 1) * 30, 24))
        surf.blit(sg.entangle_marker(lvl, 14), (x + (lvl - 1) * 30 + 6, 56))
    _label(surf, "gizmos: intact, hidden (own view), noticed, destroyed", x, 84, 15, UI_DIM)
    for i, st in enumerate(sg.GIZMO_STATES):
        surf.blit(sg.gizmo_marker(st, 30), (x + i * 40, 104))
        surf.blit(sg.gizmo_marker(st, 16), (x + i * 40 + 8, 140))
    _label(surf, "altitude badges", x, 164, 15, UI_DIM)
    for a in range(1, 5):
        surf.blit(sg.altitude_badge(a, 14), (x + (a - 1) * 30, 186))
        surf.blit(sg.altitude_badge(a, 20), (x + 130 + (a - 1) * 36, 184))
    return surf


def frames_block(heroes) -> pygame.Surface:
    cell = 48
    steps = (0.0, 0.25, 0.5, 0.75, 1.0)
    rows = []
    hero = heroes[0]
    img = sg.hero_sprite(hero, 0, cell)
    for name in sg.FRAMES:
        row = pygame.Surface((110 + len(steps) * 160, 176))
        row.fill(MAP_BACKGROUND)
        _label(row, name, 4, 60, 18)
        for i, t in enumerate(steps):
            ox = 110 + i * 160
            cx, cy = ox + 80, 126
            for q, r in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
                _hex(row, cx + cell * (q + r / 2) * 1.0, cy + cell * 0.866 * r, cell, FLOOR)
            if name == "flight":
                sg.flight_frame(row, img, (cx, cy), cell, 0, 2, t)
            elif name == "fall":
                sg.fall_frame(row, img, (cx, cy), cell, 2, t)
            elif name == "shot":
                row.blit(img, img.get_rect(center=(ox + 20, cy)))
                sg.shot_frame(row, (ox + 30, cy - 5), (ox + 150, cy - 30), t, kind=("bolt", "missile", "entangling",
                                                                                    "piercing", "bolt")[i])
            elif name == "smash":
                row.blit(img, img.get_rect(center=(cx, cy)))
                sg.smash_frame(row, (cx + 14, cy - 10), t, cell)
            elif name == "area":
                sg.area_frame(row, (cx, cy), cell, 1 if i < 3 else 2, t)
            elif name == "entangle":
                row.blit(img, img.get_rect(center=(cx, cy)))
                sg.entangle_frame(row, (cx, cy), cell, t, level=3)
            elif name == "faint":
                sg.faint_frame(row, img, (cx, cy), t)
            _label(row, f"t={t:g}", ox + 4, 4, 14, UI_DIM)
        rows.append(row)
    return _stack(rows)


def _stack(blocks) -> pygame.Surface:
    out = pygame.Surface((max(b.get_width() for b in blocks), sum(b.get_height() + 6 for b in blocks)))
    out.fill(MAP_BACKGROUND)
    y = 0
    for b in blocks:
        out.blit(b, (0, y))
        y += b.get_height() + 6
    return out


def _side(blocks) -> pygame.Surface:
    out = pygame.Surface((sum(b.get_width() + 10 for b in blocks), max(b.get_height() for b in blocks)))
    out.fill(MAP_BACKGROUND)
    x = 0
    for b in blocks:
        out.blit(b, (x, 0))
        x += b.get_width() + 10
    return out


def table_mock(map_name: str, size=(1024, 600)) -> pygame.Surface:
    """A bundled arena fitted into a window of `size` as a table would (the board left, a 300 px panel
    right with the segment track), with heroes on the teams' spawn zones: the sprites at the size a
    player sees them at first (before zooming)."""
    from deathmatch.board.tiled import load_arena
    from deathmatch.client.mapview import Camera, MapView
    from deathmatch.client.squareview import SquareBoard
    from deathmatch.rulesets.supers.arena import read_arena

    heroes = bundled_heroes()
    path = ROOT / "maps" / f"{map_name}.tmx"
    arena = load_arena(path)
    reading = read_arena(arena)
    surf = pygame.Surface(size)
    surf.fill(MAP_BACKGROUND)
    board = pygame.Rect(0, 0, size[0] - 300, size[1])
    if arena.grid.name == "square":
        view = SquareBoard(arena, path)
        view.fit(board)
        view.draw(surf)
        centre = view.square_center
        cell = view.square_rect(next(iter(arena.floor))).width
    else:
        mv = MapView(arena, path)
        cam = Camera(board, mv.size)
        cam.draw_map(surf, mv)
        centre = lambda h: cam.world_to_screen(*mv.hex_center(h))  # noqa: E731
        cell = round(arena.layout.tile_width * cam.zoom)
    rows = []
    k = 0
    for team, zone in reading.zones.items():
        for i, h in enumerate(zone[:3]):
            hero = heroes[k % len(heroes)]
            alt = (0, 1, 2)[(k + i) % 3] if hero_flies(hero) else 0
            sg.draw_hero(surf, hero, team - 1, centre(h), cell, altitude=alt, oomph=hero.max_oomph - 3 * i,
                         max_oomph=hero.max_oomph, entangled=2 if k == 4 else 0, highlight=k == 0)
            rows.append(sg.TrackRow(hero.name, team - 1, hero.segments, acting=k == 0))
            k += 1
    panel = pygame.Rect(size[0] - 300, 0, 300, size[1])
    surf.fill((24, 18, 28), panel)
    _label(surf, f"{arena.name}: hex {cell} px" if arena.grid.name != "square" else f"{arena.name}: square {cell} px",
           panel.x + 8, 8, 18)
    track = sg.segment_track(rows, 1, 284, row_h=max(14, min(20, (size[1] - 60) // max(1, len(rows) + 1))))
    surf.blit(track, (panel.x + 8, 36))
    return surf


def hero_flies(hero) -> bool:
    return any("flight" in p.movement for p in hero.powers)


def gallery() -> pygame.Surface:
    heroes = bundled_heroes()
    return _stack([heroes_block(heroes), table_block(heroes), widgets_block(heroes), frames_block(heroes)])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/supers_gallery.png")  # not into the checkout
    ap.add_argument("--tables", metavar="DIR", help="also draw each bundled arena with heroes at 1024x600 into DIR")
    args = ap.parse_args(argv)
    pygame.init()
    surf = gallery()
    pygame.image.save(surf, args.out)
    print(f"{args.out}: {surf.get_width()}x{surf.get_height()}")
    if args.tables:
        pygame.display.set_mode((1024, 600))  # Tiled maps load their tiles converted for a display
        for name in ("supers_crater", "supers_foundry", "supers_skyline", "supers_danger_room"):
            out = Path(args.tables) / f"{name}_1024x600.png"
            pygame.image.save(table_mock(name), str(out))
            print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
