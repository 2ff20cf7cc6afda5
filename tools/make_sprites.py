#!/usr/bin/env python3
"""Render a contact sheet of the procedural sprites, for people to look at.

Run from the repository root (pygame only, no display needed):

    .venv/bin/python tools/make_sprites.py [--out /tmp/sprites.png] [--size 72]

One row per card: its portrait, then its model in 4 facings in two player
colours, on sand and stone backgrounds taken from the arena tileset; then the
beasts, the loot, and the dead markers and bases of all 10 player colours (in
colour and in greyscale, to check they are told apart without colour).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from deathmatch.client import sprites  # noqa: E402
from deathmatch.rulesets.celebrity import load_default_cards  # noqa: E402

BG = (24, 18, 36)
TEXT = (236, 226, 204)


def _tiles():
    """A sand tile and a stone tile cut from the arena tileset (or plain colours)."""
    path = ROOT / "assets" / "tiles" / "arena_pointy.png"
    try:
        sheet = pygame.image.load(str(path))
        return [sheet.subsurface(pygame.Rect(0, 0, 112, 128)).copy(),
                sheet.subsurface(pygame.Rect(112, 128, 112, 128)).copy()]
    except (pygame.error, FileNotFoundError, ValueError):
        a = pygame.Surface((112, 128))
        a.fill((180, 120, 64))
        b = pygame.Surface((112, 128))
        b.fill((100, 108, 124))
        return [a, b]


def _grey(surf: pygame.Surface) -> pygame.Surface:
    return pygame.transform.grayscale(surf)


def _tile_bg(tile, w, h):
    return pygame.transform.smoothscale(tile, (w, int(w * 128 / 112))).subsurface(pygame.Rect(0, 0, w, h))


def build(size: int, cards) -> pygame.Surface:
    font = pygame.font.Font(None, 22)
    small = pygame.font.Font(None, 18)
    tiles = _tiles()
    pw, ph = int(size * 1.25), int(size * 1.6)
    cell = size + 8
    facings = (0, 90, 180, 300)
    players = (0, 6)
    block_w = pw + 12 + len(facings) * len(players) * cell + 24
    block_h = max(ph, cell + 20) + 16
    ncol = 2
    cards = list(cards)
    nrow = (len(cards) + ncol - 1) // ncol
    width = max(ncol * block_w + 24, 10 * cell + 40, 5 * (2 * cell + 12) + 40)
    height = 40 + nrow * block_h + (max(cell, 104) + 50) + (2 * (cell + 8) * 2 + 110)
    sheet = pygame.Surface((width, height))
    sheet.fill(BG)
    sheet.blit(font.render("Deathmatch sprites: portrait, then the model at 0/90/180/300 degrees for "
                           "players 1 and 7", True, TEXT), (12, 12))
    for i, card in enumerate(cards):
        bx = 12 + (i % ncol) * block_w
        by = 40 + (i // ncol) * block_h
        sheet.blit(sprites.portrait(card, (pw, ph)), (bx, by))
        sp = card.sprite or {}
        label = f"{card.name}  ({sp.get('hat', '-')} / {sp.get('weapon', '-')})"
        sheet.blit(small.render(label, True, TEXT), (bx + pw + 12, by + 2))
        x = bx + pw + 12
        y = by + 20
        for pl in players:
            for f in facings:
                sheet.blit(_tile_bg(tiles[(x // cell + i) % 2], cell, cell), (x, y))
                sheet.blit(sprites.model_sprite(card, pl, size, f), (x + 4, y + 4))
                x += cell
    y = 40 + nrow * block_h + 8
    # beasts, loot, highlight, sizes
    sheet.blit(font.render("beasts (lion, bear, anything else) at 0 and 135 degrees; loot; a highlighted "
                           "model; models at 48, 64 and 96 px", True, TEXT), (12, y))
    y += 24
    x = 12
    for kind in ("lion", "bear", "wolf"):
        for f in (0, 135):
            sheet.blit(_tile_bg(tiles[(x // cell) % 2], cell, cell), (x, y))
            sheet.blit(sprites.beast_sprite(kind, size, f), (x + 4, y + 4))
            x += cell
    for tile in tiles:
        sheet.blit(_tile_bg(tile, cell, cell), (x, y))
        sheet.blit(sprites.loot_sprite(size), (x + 4, y + 4))
        x += cell
    if cards:
        sheet.blit(_tile_bg(tiles[0], cell, cell), (x, y))
        sheet.blit(sprites.model_sprite(cards[0], 1, size, 60, highlight=True), (x + 4, y + 4))
        x += cell + 12
        for k, s in enumerate((48, 64, 96)):
            card = cards[(k * 7 + 3) % len(cards)]
            sheet.blit(_tile_bg(tiles[k % 2], s + 8, s + 8), (x, y))
            sheet.blit(sprites.model_sprite(card, k + 2, s, 30 + 60 * k), (x + 4, y + 4))
            x += s + 12
    y += max(cell, 104) + 18
    # player colours: dead markers and a new card's figure, in colour and greyscale
    sheet.blit(font.render("10 player colours: dead marker and a figure of a card with unknown hints "
                           "(hat: mystery_hat, weapon: banana); then the same in greyscale", True, TEXT), (12, y))
    y += 24
    from deathmatch.rulesets.celebrity.cards import Card
    blank = Card(id="newcomer", name="Newcomer", abilities=(),
                 sprite={"hat": "mystery_hat", "weapon": "banana"})
    unit = 2 * cell + 12
    rows = pygame.Surface((5 * unit, 2 * (cell + 22)), pygame.SRCALPHA)
    for pl, pc in enumerate(sprites.PLAYER_COLOURS):
        rx = (pl % 5) * unit
        ry = (pl // 5) * (cell + 22)
        rows.blit(_tile_bg(tiles[pl % 2], cell, cell), (rx, ry))
        rows.blit(sprites.dead_marker(pl, size), (rx + 4, ry + 4))
        rows.blit(_tile_bg(tiles[(pl + 1) % 2], cell, cell), (rx + cell, ry))
        rows.blit(sprites.model_sprite(blank, pl, size, pl * 36), (rx + cell + 4, ry + 4))
        rows.blit(small.render(f"{pc.number} {pc.name} / {pc.pattern}", True, TEXT), (rx, ry + cell + 3))
    sheet.blit(rows, (12, y))
    sheet.blit(_grey(rows), (12 + 5 * unit + 24, y)) if width >= 10 * unit + 60 else \
        sheet.blit(_grey(rows), (12, y + rows.get_height() + 8))
    return sheet


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/sprites.png", help="output PNG (default /tmp/sprites.png)")
    ap.add_argument("--size", type=int, default=72, help="model sprite size in px (default 72)")
    ap.add_argument("--cards", default="", help="comma-separated card ids to show (default: all)")
    args = ap.parse_args(argv)
    pygame.init()
    lib = load_default_cards()
    cards = [c for c in lib.cards.values() if not c.source or "assets" in str(c.source)] or list(lib.cards.values())
    if args.cards:
        wanted = [w.strip() for w in args.cards.split(",") if w.strip()]
        cards = [lib.cards[w] for w in wanted if w in lib.cards]
    sheet = build(args.size, cards)
    pygame.image.save(sheet, args.out)
    print(f"wrote {args.out} ({sheet.get_width()}x{sheet.get_height()}, {len(cards)} cards)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
