"""The arena as Superhero Gladiators' table draws it: a hex map from its Tiled file (client/mapview.py,
the map view the other tables use), a square map or an arena made without a map drawn cell by cell in
the game's colours (floor, wall, pit, fire); fitted whole into a rectangle, with screen point <-> cell.
Decides nothing: which cell is a wall or a pit is `rulesets/supers/arena.py`'s reading."""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ...client.mapview import FittedMap
from ...rulesets.supers.arena import FIRE, PIT, WALL, read_arena

FLOOR_RGB = (150, 142, 150)
FLOOR_EDGE = (86, 80, 94)
WALL_RGB = (70, 66, 84)
PIT_RGB = (22, 16, 26)
FIRE_RGB = (226, 96, 40)
BACKGROUND = (18, 13, 22)


class Board(FittedMap):
    """Cell centres and outlines in map pixels (zoom 1), drawn fitted into a rectangle."""

    R = 40.0

    def __init__(self, arena, path: Path | None):
        self.arena = arena
        self.reading = read_arena(arena)
        self.square = arena.grid.name == "square"
        self.map = None
        self.cells = set(arena.terrain)
        layout = getattr(arena, "layout", None)
        if path is not None and layout is not None and not self.square:
            from ...client.mapview import MapView

            try:
                self.map = MapView(arena, path)
            except Exception:  # a map that will not draw is drawn cell by cell instead
                self.map = None
        self.layout = layout
        self.tiles = None
        """A square map's own tiles drawn at zoom 1 (client/mapview.py draws hex maps only)."""
        if self.map is None and self.square and path is not None and layout is not None and getattr(arena, "cells", None):
            try:
                self.tiles = self._square_tiles(path, layout)
            except Exception:  # a map that will not draw is drawn cell by cell instead
                self.tiles = None
        if self.map is not None:
            self.size = self.map.size
            self.background = self.map.background
            self.x0 = self.y0 = 0.0
        elif self.tiles is not None:
            self.size = self.tiles.get_size()
            self.x0 = self.y0 = 0.0
        else:
            self.x0 = self.y0 = 0.0
            pts = [self._raw(c) for c in self.cells]
            self.x0 = min(x for x, _ in pts) - self.R
            self.y0 = min(y for _, y in pts) - self.R
            self.size = (int(max(x for x, _ in pts) - self.x0 + self.R), int(max(y for _, y in pts) - self.y0 + self.R))
            self.background = BACKGROUND
        self.zoom = 1.0
        self.ox = self.oy = 0.0
        self.rect = pygame.Rect(0, 0, *self.size)
        self._scaled = None
        a = next(iter(sorted(self.cells)))
        self.cell_px = min((math.dist(self.centre(a), self.centre(n)) for n in arena.grid.neighbors(a)
                            if not self.square or arena.grid.distance(a, n) == 1 and (n[0] == a[0] or n[1] == a[1])),
                           default=2 * self.R)

    def _square_tiles(self, path, layout) -> pygame.Surface:
        from pytmx import TiledTileLayer

        from ...client.mapview import load_tiled  # each picture sized before it is decoded

        tmx = load_tiled(path)
        tw, th = layout.tile_width, layout.tile_height
        surf = pygame.Surface((layout.width * tw, layout.height * th), pygame.SRCALPHA)
        colour = getattr(tmx, "background_color", None)
        self.background = pygame.Color(colour)[:3] if colour else BACKGROUND
        for layer in tmx.layers:
            if not isinstance(layer, TiledTileLayer) or not layer.visible:
                continue
            for col, row, img in layer.tiles():
                surf.blit(img, (col * tw, row * th + th - img.get_height()))
        return surf

    def _raw(self, c) -> tuple[float, float]:
        if self.tiles is not None:
            col, row = self.arena.cells.get(c) or (c[0], self.layout.height - 1 - c[1])
            return (col + 0.5) * self.layout.tile_width, (row + 0.5) * self.layout.tile_height
        if self.square:
            if self.layout is not None and c in getattr(self.arena, "cells", {}):
                col, row = self.arena.cells[c]
                return (col + 0.5) * 2 * self.R, (row + 0.5) * 2 * self.R
            return (c[0] + 0.5) * 2 * self.R, -(c[1] + 0.5) * 2 * self.R
        return self.R * 3 ** 0.5 * (c[0] + c[1] / 2), self.R * 1.5 * c[1]

    def centre(self, c) -> tuple[float, float]:
        """Map pixels (zoom 1) of a cell's centre."""
        if self.map is not None:
            return self.map.hex_center(c)
        x, y = self._raw(c)
        return x - self.x0, y - self.y0

    def corners_raw(self, c) -> list[tuple[float, float]]:
        if self.map is not None:
            return self.map.hex_corners(c)
        cx, cy = self.centre(c)
        if self.square:
            r = self.layout.tile_width / 2 if self.tiles is not None else self.R
            return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
        return [(cx + self.R * math.cos(math.radians(60 * i - 30)), cy + self.R * math.sin(math.radians(60 * i - 30)))
                for i in range(6)]

    def corners(self, c) -> list[tuple[float, float]]:
        return [self.screen(x, y) for x, y in self.corners_raw(c)]

    @property
    def tile(self) -> float:
        """The distance between two neighbouring cells' centres on screen."""
        return max(8.0, self.cell_px * self.zoom)

    def cell_at(self, pos):
        """The arena cell (any kind) whose centre is nearest the screen point, within half a cell; or None."""
        best, best_d = None, (self.tile * 0.55) ** 2
        for c in self.cells:
            x, y = self.point(c)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= best_d:
                best, best_d = c, d
        return best

    def colour(self, c) -> tuple:
        kind = self.reading.kind(c)
        return {WALL: WALL_RGB, PIT: PIT_RGB, FIRE: FIRE_RGB}.get(kind, FLOOR_RGB)

    def draw(self, surface) -> None:
        if self._scaled is None:
            if self.map is not None:
                self._scaled = self.map.scaled(self.zoom)
            elif self.tiles is not None:
                img = pygame.Surface(self.rect.size)
                img.fill(self.background)
                img.blit(pygame.transform.smoothscale(self.tiles, self.rect.size), (0, 0))
                self._scaled = img
            else:
                img = pygame.Surface(self.rect.size)
                img.fill(self.background)
                for c in self.cells:
                    pts = [(x - self.ox, y - self.oy) for x, y in self.corners(c)]
                    pygame.draw.polygon(img, self.colour(c), pts)
                    pygame.draw.polygon(img, FLOOR_EDGE, pts, 1)
                    kind = self.reading.kind(c)
                    if kind in (PIT, FIRE, WALL):
                        cx, cy = self.point(c)
                        cx, cy = cx - self.ox, cy - self.oy
                        r = self.tile * 0.25
                        if kind == FIRE:
                            pygame.draw.polygon(img, (255, 200, 80), [(cx, cy - r * 1.3), (cx + r, cy + r * 0.8),
                                                                      (cx - r, cy + r * 0.8)])
                        elif kind == PIT:
                            pygame.draw.circle(img, (60, 50, 60), (cx, cy), r * 1.4, 2)
                        else:
                            pygame.draw.line(img, (110, 104, 124), (cx - r * 1.5, cy), (cx + r * 1.5, cy), 2)
                self._scaled = img
        surface.blit(self._scaled, self.rect)
