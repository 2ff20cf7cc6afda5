"""A square board on the screen: a Tiled orthogonal map (or a generated square arena) drawn to fit a
rectangle, and the geometry the screens ask of it.

    board = SquareBoard(arena, path)      # path: the .tmx the arena came from (None: a generated arena)
    board.fit(pygame.Rect(0, 60, 900, 500))
    board.draw(surface)
    board.square_rect(Square(0, 0))       # the bottom-left square's screen rectangle
    board.square_at((x, y))               # the arena square under a screen point, or None

The whole board always shows (no camera: a skirmish board is at most 16×16):
the tile size is the largest whole number of pixels at which the board and its
file/rank labels fit, and the map is scaled to it once per size (cached).
Tiled counts rows from the top, the board ranks from the bottom
(`deathmatch.board.tiled.SquareLayout`): `Square(0, 0)` is drawn bottom left.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ..board.square import Square
from .art.palette import MAP_BACKGROUND, SK_DARK_SQUARE, SK_LIGHT_SQUARE, SK_OBSTACLE, UI_DIM
from .art.pens import _dk, _font, _hi
from .mapview import _parse_color, _Sprites

NATIVE_TILE = 64
"""The pixel size a generated board is drawn at before scaling."""


def square_name(sq) -> str:
    """A square as a player reads it: its file as a letter, its rank from 1 (`Square(0, 0)` is "a1")."""
    x, y = int(sq[0]), int(sq[1])
    return f"{chr(ord('a') + x) if 0 <= x < 26 else x}{y + 1}"


class SquareBoard:
    """A square arena drawn for a screen, fitted to a rectangle (`fit`)."""

    def __init__(self, arena, path: Path | str | None = None):
        self.arena = arena
        layout = getattr(arena, "layout", None)
        self.marks: pygame.Surface | None = None
        """The map's tile objects (the marks), drawn over its tiles; None if it has none."""
        self.rings = False
        """Whether the map marks Retrieve's centre squares (its gold rings: objects of type "centre")."""
        if path is not None and layout is not None and getattr(layout, "orthogonal", False):
            self.files, self.ranks = layout.width, layout.height
            self._x0 = self._y0 = 0
            self.static, self.background = self._from_map(Path(path), layout)
        else:
            cells = list(arena.terrain) or [Square(0, 0)]
            self._x0, self._y0 = min(c[0] for c in cells), min(c[1] for c in cells)
            self.files = max(c[0] for c in cells) - self._x0 + 1
            self.ranks = max(c[1] for c in cells) - self._y0 + 1
            self.static, self.background = self._generated(), MAP_BACKGROUND
        self.rect = pygame.Rect(0, 0, 0, 0)
        """The board's squares on the screen (set by `fit`)."""
        self.tile = 0
        """A square's side in screen pixels (set by `fit`)."""
        self.label_size = 0
        self._scaled: tuple[int, pygame.Surface] | None = None

    # --- the picture -------------------------------------------------------------

    def _from_map(self, path: Path, layout) -> tuple[pygame.Surface, tuple[int, int, int]]:
        from pytmx import TiledTileLayer

        from .mapview import load_tiled

        tmx = load_tiled(path)
        tw, th = layout.tile_width, layout.tile_height
        surface = pygame.Surface((self.files * tw, self.ranks * th), pygame.SRCALPHA)
        sprites = _Sprites(tmx, th)
        for layer in tmx.layers:
            if not isinstance(layer, TiledTileLayer) or not layer.visible:
                continue
            opacity = 1.0 if getattr(layer, "opacity", None) is None else float(layer.opacity)
            alpha = round(max(0.0, min(1.0, opacity)) * 255)
            if alpha == 0:
                continue
            lx, ly = int(getattr(layer, "offsetx", 0) or 0), int(getattr(layer, "offsety", 0) or 0)
            for col, row, gid in sorted(layer.iter_data(), key=lambda c: (c[1], c[0])):
                sprite = sprites.get(gid, alpha) if gid else None
                if sprite is not None:
                    image, dx, dy = sprite
                    surface.blit(image, (col * tw + dx + lx, row * th + dy + ly))
        background = _parse_color(getattr(tmx, "background_color", None)) or MAP_BACKGROUND
        self.marks = self._marks(tmx, surface.get_size())
        self.rings = any(getattr(o, "type", None) == "centre" for o in tmx.objects)
        return surface, background

    @staticmethod
    def _marks(tmx, size) -> pygame.Surface | None:
        """The map's tile objects (the home rows and the Retrieve centre marked on the board), as Tiled draws
        them: each image's bottom-left corner at the object's position, scaled to the object's size."""
        from pytmx import TiledObjectGroup

        layer_surface = None
        for group in tmx.layers:
            if not isinstance(group, TiledObjectGroup) or not group.visible:
                continue
            for obj in group:
                image = getattr(obj, "image", None)
                if image is None or not getattr(obj, "visible", True):
                    continue
                w, h = int(round(obj.width or image.get_width())), int(round(obj.height or image.get_height()))
                if (w, h) != image.get_size():
                    image = pygame.transform.smoothscale(image, (max(1, w), max(1, h)))
                if layer_surface is None:
                    layer_surface = pygame.Surface(size, pygame.SRCALPHA)
                layer_surface.blit(image, (round(obj.x), round(obj.y + (obj.height or 0) - h)))
        return layer_surface

    def _generated(self) -> pygame.Surface:
        """A plain chessboard for an arena made without a map: light and dark floor, stone obstacles."""
        t = NATIVE_TILE
        surface = pygame.Surface((self.files * t, self.ranks * t), pygame.SRCALPHA)
        for sq, terrain in self.arena.terrain.items():
            col, row = self.offset(sq)
            r = pygame.Rect(col * t, row * t, t, t)
            if terrain == "floor":
                colour = SK_LIGHT_SQUARE if (sq[0] + sq[1]) % 2 else SK_DARK_SQUARE
                surface.fill(colour, r)
                surface.fill(_hi(colour, 0.12), r.inflate(-t // 8, -t // 8))
            else:
                surface.fill(_dk(SK_OBSTACLE, 0.3), r)
                pygame.draw.rect(surface, SK_OBSTACLE, r.inflate(-t // 6, -t // 6), border_radius=t // 8)
                pygame.draw.rect(surface, _hi(SK_OBSTACLE, 0.3), r.inflate(-t // 3, -t // 3), border_radius=t // 10)
        return surface

    # --- fitting -------------------------------------------------------------------

    def offset(self, sq) -> tuple[int, int]:
        """The (column, row) of a square in the picture: columns from the left, rows from the top."""
        return sq[0] - self._x0, self.ranks - 1 - (sq[1] - self._y0)

    def fit(self, rect, labels: bool = True) -> None:
        """Size and centre the board in `rect` (screen pixels), with room for the file letters below and
        the rank numbers on the left when `labels`."""
        rect = pygame.Rect(rect)
        tile = min(rect.w / self.files, rect.h / self.ranks)
        lab = max(10, min(22, round(tile * 0.3))) if labels else 0
        self.tile = max(4, int(min((rect.w - lab) / self.files, (rect.h - lab) / self.ranks)))
        self.label_size = lab
        w, h = self.tile * self.files, self.tile * self.ranks
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = (rect.centerx + lab // 2, rect.centery - lab // 2)

    # --- geometry ------------------------------------------------------------------

    def square_rect(self, sq) -> pygame.Rect:
        """The square's rectangle on the screen (for any square, on the board or not)."""
        col, row = self.offset(sq)
        return pygame.Rect(self.rect.x + col * self.tile, self.rect.y + row * self.tile, self.tile, self.tile)

    def square_center(self, sq) -> tuple[int, int]:
        return self.square_rect(sq).center

    def square_at(self, pos) -> Square | None:
        """The arena square (floor or obstacle) under screen point `pos`, or None (off the board, void)."""
        x, y = pos
        if not self.tile or not self.rect.collidepoint(x, y):
            return None
        col, row = (x - self.rect.x) // self.tile, (y - self.rect.y) // self.tile
        sq = Square(int(col) + self._x0, self.ranks - 1 - int(row) + self._y0)
        return sq if sq in self.arena.terrain else None

    # --- drawing --------------------------------------------------------------------

    def scaled(self) -> pygame.Surface:
        """The board's picture at the fitted size (cached per size)."""
        if self._scaled is None or self._scaled[0] != self.tile:
            size = (self.tile * self.files, self.tile * self.ranks)
            src = self.static
            if self.marks is not None:
                src = src.copy()
                src.blit(self.marks, (0, 0))
            pic = src if src.get_size() == size else pygame.transform.smoothscale(src, size)
            self._scaled = (self.tile, pic)
        return self._scaled[1]

    def draw(self, surface: pygame.Surface) -> None:
        """The board (and its file letters and rank numbers, if fitted with labels)."""
        pygame.draw.rect(surface, _dk(self.background, 0.4), self.rect.inflate(6, 6), border_radius=3)
        surface.blit(self.scaled(), self.rect)
        if not self.label_size:
            return
        files, ranks = self._labels()
        for col, img in enumerate(files):
            surface.blit(img, img.get_rect(midtop=(self.rect.x + col * self.tile + self.tile // 2, self.rect.bottom + 4)))
        for row, img in enumerate(ranks):
            surface.blit(img, img.get_rect(midright=(self.rect.x - 5, self.rect.y + row * self.tile + self.tile // 2)))

    def _labels(self) -> tuple[list[pygame.Surface], list[pygame.Surface]]:
        """The file letters' and the rank numbers' images (rendered again only when they change)."""
        key = (self.label_size, self.files, self.ranks, self._x0, self._y0)
        if self.__dict__.get("_label_key") != key:
            f = _font(self.label_size)
            files = [f.render(square_name((col + self._x0, 0))[:-1], True, UI_DIM) for col in range(self.files)]
            ranks = [f.render(str(self.ranks - row + self._y0), True, UI_DIM) for row in range(self.ranks)]
            self._label_key, self._label_imgs = key, (files, ranks)
        return self._label_imgs
