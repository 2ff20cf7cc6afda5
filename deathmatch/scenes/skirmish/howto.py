"""Chessboard Skirmish's how-to-play pictures: a corner of the chessboard (the tiles of
`assets/tiles/chessboard.png`) with the game's own dice miniatures, dice and marker on it, and marks on top
(tinted squares, arrows, rolled dice, round badges). The page is `assets/rules/skirmish_how_to_play.txt`;
the manifest names this book (`ClientPart.howto`); the shared base is `client/howto.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...client.art.skirmish import die_sprite, marker_sprite, miniature_sprite
from ...client.howto import PictureBook, arrow, canvas, ghost
from ...client.ui import GOLD, INK

CELL = 128
COLS, ROWS = 6, 5
LIGHT, DARK, ROCKS, TREES = 0, 1, 4, 8
BLUE = (70, 150, 255, 95)
RED = (230, 60, 40, 110)
GREEN = (120, 230, 110, 110)
GOLD_TINT = (250, 200, 80, 110)
RED_INK = (255, 120, 100)
GREEN_INK = (140, 240, 120)
BLUE_INK = (120, 190, 255)

NAMES = ("armies", "setup", "rolloff", "turns", "move", "attack", "save", "winning")
"""The pictures there are, in the order of the how-to-play page."""


@dataclass
class Board:
    """What one picture of the board shows (squares are (column, row), (0, 0) top left)."""

    blocked: dict = field(default_factory=dict)
    """square -> obstacle tile (its light version; the dark squares take the next tile)."""
    tint: list = field(default_factory=list)
    """(square, rgba)."""
    minis: list = field(default_factory=list)
    """(square, die, weapon, player, dict of miniature_sprite's keywords, ghost: bool)."""
    marker: list = field(default_factory=list)
    arrows: list = field(default_factory=list)
    """(list of squares, rgb)."""
    dice: list = field(default_factory=list)
    """(square, sides, shown, caption): a rolled die (ivory) in the square, what it is for under it."""
    badges: list = field(default_factory=list)
    """(square, label, rgb): a round label at the square's upper right."""
    captions: list = field(default_factory=list)
    """(square, words, rgb): words on a plate at the square's top edge."""


def _boards() -> dict[str, Board]:
    home0 = [(c, ROWS - 1) for c in range(1, COLS - 1)]
    home1 = [(c, 0) for c in range(1, COLS - 1)]
    return {
        "setup": Board(
            tint=[(s, BLUE) for s in home0] + [(s, RED) for s in home1]
            + [((0, ROWS - 1), (40, 30, 36, 150)), ((COLS - 1, ROWS - 1), (40, 30, 36, 150)),
               ((0, 0), (40, 30, 36, 150)), ((COLS - 1, 0), (40, 30, 36, 150))],
            minis=[((1, 4), 8, "melee", 0, {}, False), ((2, 4), 6, "bow", 0, {}, False),
                   ((3, 4), 10, "melee", 0, {"hero": True}, False), ((2, 0), 8, "gun", 1, {}, False),
                   ((3, 0), 6, "melee", 1, {"armour": 1}, False), ((4, 0), 12, "melee", 1, {}, False)],
            arrows=[([(4, 3), (4, 4)], BLUE_INK)], blocked={(2, 2): ROCKS}),
        "turns": Board(
            minis=[((1, 3), 8, "melee", 0, {"state": "acted"}, False), ((3, 3), 6, "bow", 0, {"state": "selected"}, False),
                   ((4, 4), 10, "melee", 0, {}, False), ((2, 1), 8, "gun", 1, {"state": "acted"}, False),
                   ((4, 1), 6, "melee", 1, {}, False)],
            captions=[((1, 3), "acted", (200, 190, 180)), ((3, 3), "your pick", GOLD)], blocked={(0, 1): TREES}),
        "move": Board(
            tint=[((c, r), BLUE) for c in range(0, 5) for r in range(0, 5)
                  if max(abs(c - 2), abs(r - 3)) <= 2 and (c, r) not in ((2, 3), (3, 2), (1, 1))],
            minis=[((2, 3), 4, "melee", 0, {}, True), ((4, 2), 4, "melee", 0, {"state": "selected"}, False),
                   ((1, 1), 6, "melee", 1, {}, False)],
            arrows=[([(2, 3), (3, 3), (4, 2)], BLUE_INK)],
            blocked={(3, 2): ROCKS}),
        "attack": Board(
            tint=[((3, 2), RED)],
            minis=[((2, 3), 8, "melee", 0, {"state": "selected"}, False), ((3, 2), 6, "melee", 1, {}, False),
                   ((5, 0), 10, "gun", 1, {}, False)],
            dice=[((1, 2), 8, "6", "attack"), ((4, 3), 6, "4", "defence")],
            captions=[((2, 0), "6 \u2265 4: hit", RED_INK)]),
        "save": Board(
            minis=[((2, 2), 6, "melee", 1, {"armour": 1}, False), ((2, 3), 8, "melee", 0, {"state": "selected"}, False)],
            dice=[((4, 2), 6, "2", "save")], tint=[((2, 2), RED)],
            captions=[((3, 1), "save 2: armour used", GOLD)]),
        "winning": Board(
            tint=[((COLS - 1, ROWS - 1), GOLD_TINT), ((0, ROWS - 1), GOLD_TINT)] + [((c, 0), RED) for c in (2, 3)],
            minis=[((4, 3), 8, "melee", 0, {"carrying": True, "state": "selected"}, False),
                   ((2, 0), 6, "melee", 0, {}, False), ((3, 0), 10, "bow", 0, {}, False),
                   ((1, 2), 8, "melee", 1, {}, False)],
            arrows=[([(4, 3), (5, 4)], (255, 220, 120))], captions=[((5, 4), "win", GOLD), ((2, 1), "two here: win", RED_INK)]),
    }


class Pictures(PictureBook):
    """How-to-play pictures for Chessboard Skirmish (its armies are not needed: every miniature shown is
    made up, from the six dice)."""

    NAMES = NAMES

    def big(self, name: str) -> pygame.Surface:
        if name == "armies":
            return self._armies()
        if name == "rolloff":
            return self._rolloff()
        return self._board(_boards()[name])

    # --- drawing ------------------------------------------------------------------------------

    def square_tile(self, gid: int) -> pygame.Surface:
        return self.tile("chessboard.png", gid, CELL, CELL, 4)

    def _canvas(self):
        return canvas(CELL * COLS + 16, CELL * ROWS + 16), 8, 8

    def _board(self, b: Board) -> pygame.Surface:
        surf, ox, oy = self._canvas()

        def corner(sq):
            return ox + sq[0] * CELL, oy + sq[1] * CELL

        def at(sq):
            x, y = corner(sq)
            return x + CELL / 2, y + CELL / 2

        for c in range(COLS):
            for r in range(ROWS):
                dark = (c + r) % 2
                gid = b.blocked[(c, r)] + dark if (c, r) in b.blocked else (DARK if dark else LIGHT)
                surf.blit(self.square_tile(gid), corner((c, r)))
        tint = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        for sq, colour in b.tint:
            r = pygame.Rect(*corner(sq), CELL, CELL).inflate(-8, -8)
            pygame.draw.rect(tint, colour, r, border_radius=10)
            pygame.draw.rect(tint, colour[:3] + (220,), r, 3, border_radius=10)
        surf.blit(tint, (0, 0))
        for sq in b.marker:
            img = marker_sprite(int(CELL * 0.8))
            surf.blit(img, img.get_rect(center=at(sq)))
        for sq, sides, weapon, player, kw, faded in b.minis:
            img = miniature_sprite(sides, weapon, player, int(CELL * 0.95), **kw)
            surf.blit(ghost(img) if faded else img, img.get_rect(center=at(sq)))
        for path, colour in b.arrows:
            arrow(surf, [at(sq) for sq in path], colour)
        for sq, sides, shown, words in b.dice:
            x, y = at(sq)
            img = die_sprite(sides, 96, None, shown)
            self.labels.add(shown)
            surf.blit(img, img.get_rect(center=(x, y - 12)))
            if words:
                self.caption(surf, words, (x, y + 34), INK, 32, "midtop")
        for sq, label, colour in b.badges:
            x, y = at(sq)
            self.badge(surf, (x + 34, y - 38), label, colour, 30)
        for sq, words, colour in b.captions:
            x, y = at(sq)
            self.caption(surf, words, (x, y - CELL / 2 + 6), colour, 42, "midtop")
        return surf

    def _armies(self) -> pygame.Surface:
        """Four miniatures of an army, each with what it costs: the die, its weapon, armour, a hero."""
        surf, _, _ = self._canvas()
        w, h = surf.get_size()
        minis = [(4, "melee", {}, "d4: 4 points"), (6, "bow", {}, "d6 bow: 9"),
                 (8, "gun", {"armour": 1}, "d8 gun, armour: 14"), (12, "melee", {"hero": True}, "d12 hero: 15")]
        size = int(h * 0.36)
        for i, (sides, weapon, kw, label) in enumerate(minis):
            cx = w * (0.26 if i % 2 == 0 else 0.74)
            cy = h * (0.25 if i < 2 else 0.72)
            img = miniature_sprite(sides, weapon, 0, size, **kw)
            surf.blit(img, img.get_rect(center=(cx, cy - 20)))
            self.caption(surf, label, (cx, cy + size * 0.36), GOLD, 38, "midtop")
        return surf

    def _rolloff(self) -> pygame.Surface:
        """The round's roll-off: each side rolls the biggest die of its army; the higher goes first."""
        surf, _, _ = self._canvas()
        w, h = surf.get_size()
        size = int(h * 0.34)
        for player, sides, shown, cx in ((0, 12, "9", 0.27), (1, 10, "4", 0.73)):
            img = miniature_sprite(sides, "melee", player, size)
            surf.blit(img, img.get_rect(center=(w * cx, h * 0.27)))
            rolled = die_sprite(sides, int(size * 0.8), None, shown)
            self.labels.add(shown)
            surf.blit(rolled, rolled.get_rect(center=(w * cx, h * 0.64)))
        self.caption(surf, "vs", (w / 2, h * 0.64), INK, 40)
        self.caption(surf, "goes first", (w * 0.27, h * 0.9), GOLD, 40)
        return surf
