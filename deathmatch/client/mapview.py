"""The arena map on the battle screen: a Tiled map drawn once, then panned and zoomed.

`MapView` renders the tile layers of a hexagonal Tiled map into one cached
surface, exactly where Tiled's own HexagonalRenderer puts them (the test
compares it with `tmxrasterizer`), and answers the geometry questions of the
screen: where a hex is, which hex is under a pixel, its outline, the angle of
a facing. `Camera` pans and zooms that surface in a view rectangle.

World coordinates are map pixels at zoom 1 (Tiled's pixel coordinates).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from pathlib import Path

import pygame

from ..board import Arena, Hex
from ..board.hex import DIRECTIONS
from .art.palette import MAP_BACKGROUND as DEFAULT_BACKGROUND

ZOOM_STEP = 1.1
"""Zoom levels are powers of this: the scaled map cache hits when zooming back and forth."""

SCALED_CACHE = 3
"""How many zoom levels of the whole map `MapView.scaled` keeps."""

FULL_SCALE_BUDGET = 8_000_000
"""Above this many pixels, `Camera.draw_map` does not scale the whole map (a
2.5× grand arena is 28 Mpx, 114 MB and a third of a second to smoothscale) but
only a window round the view, re-made when the view leaves it."""


def load_tiled(path):
    """A Tiled map with its pictures, as pytmx's `load_pygame` gives it, but each picture sized from
    its file's header before pygame decodes it (`board.image_size`): a picture over
    `MAX_IMAGE_SIDE` pixels a side, or one the game can not size, raises ValueError naming the file
    (the map check refuses such maps; this covers a file changed since). A tile the tileset cuts
    outside its picture (a tileset that says its image is bigger than it is) is drawn empty, not a crash."""
    import pytmx
    from pytmx.util_pygame import pygame_image_loader

    from ..board.image_size import image_size
    from ..board.tmx_guard import MAX_IMAGE_SIDE

    def loader(filename, colorkey, **kwargs):
        width, height = image_size(Path(filename))  # ImageSizeError is a ValueError
        if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE:
            raise ValueError(f"{filename} is {width}×{height} pixels: a map's picture may be at most "
                             f"{MAX_IMAGE_SIDE}×{MAX_IMAGE_SIDE} pixels (deathmatch check-map {path})")
        load = pygame_image_loader(filename, colorkey, **kwargs)

        def tile(rect=None, flags=None):
            try:
                return load(rect, flags)
            except ValueError:  # cut outside the picture
                if rect is None:
                    raise
                return pygame.Surface((max(1, int(rect[2])), max(1, int(rect[3]))), pygame.SRCALPHA)

        return tile

    return pytmx.TiledMap(str(path), image_loader=loader)


def _map_pixel_size(layout) -> tuple[int, int]:
    """The map's pixel size as Tiled's HexagonalRenderer::mapBoundingRect computes it."""
    tile_w, tile_h = layout.tile_width & ~1, layout.tile_height & ~1
    side_x = layout.side_length if not layout.pointy else 0
    side_y = layout.side_length if layout.pointy else 0
    side_off_x = (tile_w - side_x) // 2
    side_off_y = (tile_h - side_y) // 2
    column_width = side_off_x + side_x
    row_height = side_off_y + side_y
    if not layout.pointy:
        w = layout.width * column_width + side_off_x
        h = layout.height * (tile_h + side_y)
        if layout.width > 1:
            h += row_height
    else:
        w = layout.width * (tile_w + side_x)
        h = layout.height * row_height + side_off_y
        if layout.height > 1:
            w += column_width
    return w, h


def _parse_color(value) -> tuple[int, int, int] | None:
    if not value:
        return None
    try:
        c = pygame.Color(str(value))
    except (ValueError, TypeError):
        return None
    text = str(value).lstrip("#")
    if len(text) == 8:  # Tiled writes #AARRGGBB; pygame reads #RRGGBBAA
        c = pygame.Color(int(text[2:4], 16), int(text[4:6], 16), int(text[6:8], 16))
    return (c.r, c.g, c.b)


def _span(lo: int, hi: int, n: int, nd: int) -> tuple[int, int, int, int]:
    """For scaled pixels [lo, hi) of an n → nd smoothscale: the source start and
    length and the scaled start and length of a piece that smoothscales to the
    same pixels as the whole (so a window looks exactly like the whole map).

    pygame's bilinear expand samples scaled pixel x at source x·(n−1)/nd; a piece
    of ws source pixels scaled to wd samples at s0 + i·(ws−1)/wd. Choose the
    start and length where those agree to a small fraction of a pixel."""
    if nd <= n:  # shrinking (area average): close enough with the plain ratio
        f = nd / n
        s0 = max(0, math.floor(lo / f) - 1)
        s1 = min(n, math.ceil(hi / f) + 1)
        d0 = round(s0 * f)
        return s0, s1 - s0, d0, max(1, round(s1 * f) - d0)
    k = (n - 1) / nd
    near = lambda v: abs(v - round(v))  # noqa: E731
    d0 = min(range(lo, max(-1, lo - 48), -1), key=lambda d: (near(d * k), lo - d))
    s0 = round(d0 * k)
    if hi + 48 >= nd:  # to the edge: the whole map's own ratio
        return s0, n - s0, d0, nd - d0
    wd = min(range(hi - d0, hi - d0 + 48), key=lambda w: (near(w * k), w))
    return s0, round(wd * k) + 1, d0, wd


def _rotate_about_centre(image: pygame.Surface, clockwise: float, x: float, y: float):
    """`image` (top-left at (x, y)) turned `clockwise` degrees about its centre,
    as Qt does it: the turned image and where to blit it (to the nearest pixel).

    pygame's rotozoom turns about a pixel, not the image's centre: the source
    point sw//2… maps to the result's (dw//2 + ½, dh//2 + ½); place that point
    where the exact rotation puts it."""
    w, h = image.get_size()
    rotated = pygame.transform.rotozoom(image.convert_alpha(), -clockwise, 1.0)
    dw, dh = rotated.get_size()
    px, py = dw // 2 + (w - dw) / 2 + 0.5, dh // 2 + (h - dh) / 2 + 0.5  # source point …
    qx, qy = dw // 2 + 0.5, dh // 2 + 0.5  # … and where rotozoom put it
    c, s = math.cos(math.radians(clockwise)), math.sin(math.radians(clockwise))
    vx, vy = px - w / 2, py - h / 2
    wx, wy = x + w / 2 + vx * c - vy * s, y + h / 2 + vx * s + vy * c  # where Qt puts it
    return rotated, round(wx - qx), round(wy - qy)


class _Sprites:
    """Each tile (pytmx gid) as Tiled draws it: the image and where it goes
    relative to its cell's top-left corner, faded for a layer's opacity."""

    def __init__(self, tmx, tile_height: int):
        self.tmx = tmx
        self.tile_height = tile_height
        self.hexagonal = getattr(tmx, "orientation", "hexagonal") == "hexagonal"
        self.flags = {gid: flags for entries in tmx.gidmap.values() for gid, flags in entries}
        self.cache: dict[tuple[int, int], tuple[pygame.Surface, int, int] | None] = {}

    def get(self, gid: int, alpha: int = 255):
        key = (gid, alpha)
        if key not in self.cache:
            self.cache[key] = self._make(gid, alpha)
        return self.cache[key]

    def _make(self, gid: int, alpha: int):
        image = self.tmx.images[gid]
        if image is None:
            return None
        ox, oy = self.tmx.get_tileset_from_gid(gid).offset
        ox, oy = int(float(ox)), int(float(oy))
        flags = self.flags.get(gid)
        if self.hexagonal and flags is not None and flags.flipped_diagonally:
            # On hexagonal maps Tiled reads the "diagonal flip" bit as a 60° clockwise
            # rotation about the tile's centre (flips first), where pytmx transposed
            # the image: undo the transpose (which also swapped the two flips), rotate.
            base = pygame.transform.flip(pygame.transform.rotate(image, 270), True, False)
            if flags.flipped_horizontally != flags.flipped_vertically:
                base = pygame.transform.flip(base, True, True)
            image, dx, dy = _rotate_about_centre(base, 60, ox, self.tile_height - base.get_height() + oy)
        else:
            # Tiled aligns a tile's image to the bottom-left of its cell.
            dx, dy = ox, self.tile_height - image.get_height() + oy
        if alpha < 255:
            image = image.copy()
            image.set_alpha(alpha)
        return image, dx, dy


class FittedMap:
    """A board drawn whole into a rectangle at one zoom, not panned (Gladiator!'s and Superhero
    Gladiators' tables). The board gives `size` (its map pixels at zoom 1) and `centre(cell)` (a
    cell's centre in them) and keeps its scaled picture in `_scaled`; `fit(rect)` sets the zoom and
    where the picture stands, `screen` and `point` turn map pixels and cells into screen points."""

    def fit(self, rect: pygame.Rect) -> None:
        """Zoom the whole map to fit `rect`, centred in it (the scaled picture is made again)."""
        self.zoom = min(rect.w / self.size[0], rect.h / self.size[1])
        w, h = int(self.size[0] * self.zoom), int(self.size[1] * self.zoom)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = rect.center
        self.ox, self.oy = self.rect.x, self.rect.y
        self._scaled = None

    def screen(self, x: float, y: float) -> tuple[float, float]:
        """The screen point of map pixel (x, y)."""
        return self.ox + x * self.zoom, self.oy + y * self.zoom

    def point(self, c) -> tuple[int, int]:
        """The screen point of a cell's centre (where a click picks it)."""
        x, y = self.screen(*self.centre(c))
        return round(x), round(y)


class MapView:
    """A Tiled arena drawn for the battle screen."""

    def __init__(self, arena: Arena, path: Path):
        from pytmx import TiledTileLayer

        if arena.layout is None:
            raise ValueError(f"arena {arena.name!r} has no Tiled layout: it was not loaded from a map")
        self.arena = arena
        self.layout = layout = arena.layout
        self.path = Path(path)
        tmx = load_tiled(self.path)
        self.size: tuple[int, int] = _map_pixel_size(layout)
        self.background: tuple[int, int, int] = _parse_color(getattr(tmx, "background_color", None)) or DEFAULT_BACKGROUND

        surface = pygame.Surface(self.size, pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        sprites = _Sprites(tmx, layout.tile_height)
        for layer in tmx.layers:
            if not isinstance(layer, TiledTileLayer) or not layer.visible:
                continue
            opacity = 1.0 if getattr(layer, "opacity", None) is None else float(layer.opacity)
            alpha = round(max(0.0, min(1.0, opacity)) * 255)
            if alpha == 0:
                continue
            lx, ly = int(getattr(layer, "offsetx", 0) or 0), int(getattr(layer, "offsety", 0) or 0)
            cells = []
            for col, row, gid in layer.iter_data():
                if gid:
                    x, y = layout.cell_origin(col, row)
                    cells.append((y, x, gid))
            # Tiled's drawing order: by screen row of the cell rectangles, left to
            # right (for flat-top maps: the upper half-row of columns, then the lower).
            cells.sort()
            blits = []
            for y, x, gid in cells:
                sprite = sprites.get(gid, alpha)
                if sprite is not None:
                    image, dx, dy = sprite
                    blits.append((image, (x + dx + lx, y + dy + ly)))
            surface.blits(blits, doreturn=False)
        self._static = surface
        self._scaled: OrderedDict[int, pygame.Surface] = OrderedDict()
        self._window: tuple | None = None  # (key, window rect in scaled pixels, surface)

        # Geometry: the hexagon inscribed in a cell's tile rectangle (Tiled's tileToScreenPolygon).
        tw, th, side = layout.tile_width, layout.tile_height, layout.side_length
        sox = (tw - (0 if layout.pointy else side)) // 2
        soy = (th - (side if layout.pointy else 0)) // 2
        poly = [(0, th - soy), (0, soy), (sox, 0), (tw - sox, 0), (tw, soy), (tw, th - soy), (tw - sox, th), (sox, th)]
        corners = []
        for p in poly:
            if not corners or corners[-1] != p:
                corners.append(p)
        if len(corners) > 1 and corners[0] == corners[-1]:
            corners.pop()
        self._corners = corners  # clockwise on screen (y down)
        self._hex_of_cell = {cell: h for h, cell in arena.cells.items()}
        x0, y0 = layout.cell_origin(0, 0)
        x1, _ = layout.cell_origin(1, 0)
        _, y1 = layout.cell_origin(0, 1)
        self._col_step = (x1 - x0) or tw
        self._row_step = (y1 - y0) or th

    # --- surfaces ---------------------------------------------------------------

    def static(self) -> pygame.Surface:
        """The map at zoom 1, transparent where there is no tile (do not modify it)."""
        return self._static

    def _opaque(self) -> pygame.Surface:
        """The static map composited on the background: what the screen shows, fast to blit."""
        surf = self._scaled.get(0)
        if surf is None:
            surf = pygame.Surface(self.size)
            if pygame.display.get_surface() is not None:
                surf = surf.convert()
            surf.fill(self.background)
            surf.blit(self._static, (0, 0))
            self._remember(0, surf)
        return surf

    def _remember(self, key: int, surf: pygame.Surface) -> None:
        self._scaled[key] = surf
        self._scaled.move_to_end(key)
        while len(self._scaled) > SCALED_CACHE:
            self._scaled.popitem(last=False)

    @staticmethod
    def _key(zoom: float) -> int:
        return round(math.log(zoom) / math.log(ZOOM_STEP) * 1000)

    def scaled_size(self, zoom: float) -> tuple[int, int]:
        return max(1, round(self.size[0] * zoom)), max(1, round(self.size[1] * zoom))

    def scaled(self, zoom: float) -> pygame.Surface:
        """The whole map smoothscaled to `zoom`, opaque on the map's background
        colour (cached: the last few zoom levels)."""
        key = self._key(zoom)
        surf = self._scaled.get(key)
        if surf is not None:
            self._scaled.move_to_end(key)
            return surf
        base = self._opaque()
        size = self.scaled_size(zoom)
        surf = base if size == self.size else pygame.transform.smoothscale(base, size)
        self._remember(key, surf)
        return surf

    def scaled_window(self, zoom: float, want: pygame.Rect, margin: tuple[int, int] = (0, 0)) -> tuple[pygame.Surface, pygame.Rect]:
        """Part of `scaled(zoom)` without scaling the whole map: a surface covering
        at least `want` (in scaled pixels, clipped to the map). The last one is
        cached; a new one covers `want` grown by `margin` on each side, so that
        panning a little reuses it. Returns the surface and the rect it covers."""
        key = self._key(zoom)
        sw, sh = self.scaled_size(zoom)
        bounds = pygame.Rect(0, 0, sw, sh)
        want = pygame.Rect(want).clip(bounds)
        if self._window and self._window[0] == key and self._window[1].contains(want):
            return self._window[2], self._window[1]
        window = want.inflate(2 * margin[0], 2 * margin[1]).clip(bounds)
        sx0, sw_, dx0, dw = _span(window.left, window.right, self.size[0], sw)
        sy0, sh_, dy0, dh = _span(window.top, window.bottom, self.size[1], sh)
        src = self._opaque().subsurface((sx0, sy0, sw_, sh_))
        rect = pygame.Rect(dx0, dy0, dw, dh)
        surf = pygame.transform.smoothscale(src, rect.size)
        self._window = (key, rect, surf)
        return surf, rect

    # --- geometry -----------------------------------------------------------------

    def _origin(self, h: Hex) -> tuple[int, int]:
        cell = self.arena.cells.get(h)
        if cell is None:
            cell = self.layout.to_offset(h)
        return self.layout.cell_origin(*cell)

    def hex_center(self, h: Hex) -> tuple[float, float]:
        """Map pixel centre of hex `h` at zoom 1 (also for hexes outside the arena)."""
        x, y = self._origin(h)
        return x + self.layout.tile_width / 2, y + self.layout.tile_height / 2

    def hex_corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corners of the hex's hexagon in map pixels (zoom 1), clockwise on screen."""
        x, y = self._origin(h)
        return [(float(x + cx), float(y + cy)) for cx, cy in self._corners]

    def _inside(self, cell: tuple[int, int], px: float, py: float) -> bool:
        x, y = self.layout.cell_origin(*cell)
        px, py = px - x, py - y
        corners = self._corners
        n = len(corners)
        for i in range(n):
            ax, ay = corners[i]
            bx, by = corners[(i + 1) % n]
            # clockwise on screen (y down): inside is where the cross product is >= 0
            if (bx - ax) * (py - ay) - (by - ay) * (px - ax) < -1e-9:
                return False
        return True

    def hex_at(self, x: float, y: float) -> Hex | None:
        """The arena hex (floor or blocked) whose hexagon contains map pixel (x, y), or None."""
        layout = self.layout
        col = math.floor((x - layout.tile_width / 2) / self._col_step)
        row = math.floor((y - layout.tile_height / 2) / self._row_step)
        best, best_d = None, None
        for r in (row - 1, row, row + 1):
            for c in (col - 1, col, col + 1):
                if not (0 <= c < layout.width and 0 <= r < layout.height) or not self._inside((c, r), x, y):
                    continue
                cx, cy = layout.cell_center(c, r)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best_d is None or d < best_d:
                    best, best_d = (c, r), d
        return None if best is None else self._hex_of_cell.get(best)

    def facing_angle(self, direction: int) -> float:
        """Screen angle in degrees (0 = right, counter-clockwise positive, as
        `pygame.transform.rotate` takes it) of axial direction 0–5 on this map."""
        h = Hex(0, 0)
        dq, dr = DIRECTIONS[direction % 6]
        x0, y0 = self.hex_center(h)
        x1, y1 = self.hex_center(Hex(dq, dr))
        angle = math.degrees(math.atan2(-(y1 - y0), x1 - x0))
        return angle + 360.0 if angle <= -180.0 else angle + 0.0  # in (-180, 180]


class Camera:
    """Pan and zoom of the battle view: world = map pixels at zoom 1.

    The zoom is always one of the levels ZOOM_STEP**k (so the scaled map cache
    hits), and the world origin sits on a whole screen pixel (so what is drawn
    with `world_to_screen` lines up exactly with the map).
    """

    KEEP = 64
    """Screen pixels of the map that panning always leaves in the view."""
    MARGIN = 16
    """Screen pixels round the map when it is fitted."""

    def __init__(self, view_rect: pygame.Rect, world_size: tuple[int, int],
                 min_zoom: float = 0.15, max_zoom: float = 2.5):
        self.view = pygame.Rect(view_rect)
        self.world_size = (int(world_size[0]), int(world_size[1]))
        self._min_level = math.ceil(math.log(min_zoom) / math.log(ZOOM_STEP) - 1e-9)
        self._max_level = math.floor(math.log(max_zoom) / math.log(ZOOM_STEP) + 1e-9)
        self._level = 0
        self.ox = float(self.view.x)  # screen position of world (0, 0)
        self.oy = float(self.view.y)
        self.fitted = True
        """The view shows the whole map as `fit` left it (no pan or zoom since): a resize fits it again."""
        self.fit()

    # --- zoom levels ------------------------------------------------------------

    @property
    def zoom(self) -> float:
        return ZOOM_STEP ** self._level

    @zoom.setter
    def zoom(self, value: float) -> None:
        """Set the zoom (quantised to a level, clamped), keeping the view centre."""
        self._set_level(round(math.log(value) / math.log(ZOOM_STEP)), self.view.center)

    @property
    def min_zoom(self) -> float:
        return ZOOM_STEP ** self._min_level

    @min_zoom.setter
    def min_zoom(self, value: float) -> None:
        self._min_level = math.ceil(math.log(value) / math.log(ZOOM_STEP) - 1e-9)

    @property
    def max_zoom(self) -> float:
        return ZOOM_STEP ** self._max_level

    @max_zoom.setter
    def max_zoom(self, value: float) -> None:
        self._max_level = math.floor(math.log(value) / math.log(ZOOM_STEP) + 1e-9)

    def _set_level(self, level: int, screen_pos) -> None:
        sx, sy = screen_pos
        wx, wy = self.screen_to_world(sx, sy)
        self._level = max(self._min_level, min(self._max_level, level))
        z = self.zoom
        self.ox, self.oy = float(round(sx - wx * z)), float(round(sy - wy * z))
        self._clamp()

    # --- conversions -------------------------------------------------------------

    def world_to_screen(self, x, y) -> tuple[float, float]:
        z = self.zoom
        return self.ox + x * z, self.oy + y * z

    def screen_to_world(self, x, y) -> tuple[float, float]:
        z = self.zoom
        return (x - self.ox) / z, (y - self.oy) / z

    def world_rect(self) -> pygame.Rect:
        """The part of the world the view shows (may reach beyond the map)."""
        x0, y0 = self.screen_to_world(self.view.left, self.view.top)
        x1, y1 = self.screen_to_world(self.view.right, self.view.bottom)
        return pygame.Rect(math.floor(x0), math.floor(y0), math.ceil(x1 - x0) + 1, math.ceil(y1 - y0) + 1)

    # --- moves ----------------------------------------------------------------------

    def fit(self) -> None:
        """Zoom and centre so the whole map shows in the view, with a small margin."""
        ww, wh = self.world_size
        avail_w = max(1, self.view.w - 2 * self.MARGIN)
        avail_h = max(1, self.view.h - 2 * self.MARGIN)
        best = min(avail_w / max(1, ww), avail_h / max(1, wh))
        level = math.floor(math.log(best) / math.log(ZOOM_STEP) + 1e-9)
        if level < self._min_level:  # a tiny window: allow zooming out far enough to see it all
            self._min_level = level
        self._level = min(level, self._max_level)
        z = self.zoom
        self.ox = float(round(self.view.centerx - ww * z / 2))
        self.oy = float(round(self.view.centery - wh * z / 2))
        self._clamp()
        self.fitted = True

    def pan(self, dx, dy) -> None:
        """Move the map by (dx, dy) screen pixels; some of it always stays in view."""
        if dx or dy:
            self.fitted = False
        self.ox = float(round(self.ox + dx))
        self.oy = float(round(self.oy + dy))
        self._clamp()

    def zoom_at(self, factor, screen_pos) -> None:
        """Zoom by `factor` (rounded to whole levels, at least one level if
        factor != 1) keeping the world point under `screen_pos` fixed."""
        if factor <= 0 or factor == 1:
            return
        steps = round(math.log(factor) / math.log(ZOOM_STEP))
        if steps == 0:
            steps = 1 if factor > 1 else -1
        self.fitted = False
        self._set_level(self._level + steps, screen_pos)

    def resize(self, view_rect) -> None:
        """The view changed size or place (the window was resized). A map shown whole is fitted
        again to the new view; one the player zoomed or panned keeps the world point in its centre,
        its zoom scaled as much as the view (so the same part of the map shows, larger or smaller)."""
        old = self.view
        self.view = pygame.Rect(view_rect)
        if self.fitted:
            self.fit()
            return
        wx, wy = (old.centerx - self.ox) / self.zoom, (old.centery - self.oy) / self.zoom
        if old.w > 0 and old.h > 0 and self.view.size != old.size:
            ratio = min(self.view.w / old.w, self.view.h / old.h)
            level = self._level + round(math.log(ratio) / math.log(ZOOM_STEP))
            self._level = max(self._min_level, min(self._max_level, level))
        z = self.zoom
        self.ox = float(round(self.view.centerx - wx * z))
        self.oy = float(round(self.view.centery - wy * z))
        self._clamp()

    def _clamp(self) -> None:
        z = self.zoom
        mw, mh = self.world_size[0] * z, self.world_size[1] * z
        kx = min(self.KEEP, mw, self.view.w)
        ky = min(self.KEEP, mh, self.view.h)
        self.ox = float(round(min(max(self.ox, self.view.left + kx - mw), self.view.right - kx)))
        self.oy = float(round(min(max(self.oy, self.view.top + ky - mh), self.view.bottom - ky)))

    # --- drawing ----------------------------------------------------------------------

    def draw_map(self, target: pygame.Surface, mapview: MapView, *, filled: bool = False) -> None:
        """Fill the view with the map's background (unless `filled`: the target is that colour there
        already) and blit the scaled map (cached) on it."""
        z = self.zoom
        sw, sh = mapview.scaled_size(z)
        ox, oy = int(self.ox), int(self.oy)
        shown = pygame.Rect(ox, oy, sw, sh).clip(self.view)
        if shown.size != self.view.size and not filled:
            target.fill(mapview.background, self.view)
        if not shown.w or not shown.h:
            return
        if sw * sh <= FULL_SCALE_BUDGET:
            target.blit(mapview.scaled(z), shown.topleft, shown.move(-ox, -oy))
            return
        # Very large: a cached window of the scaled map round the view (half a view each side).
        want = shown.move(-ox, -oy)
        surf, rect = mapview.scaled_window(z, want, (self.view.w // 2, self.view.h // 2))
        target.blit(surf, shown.topleft, want.move(-rect.x, -rect.y))
