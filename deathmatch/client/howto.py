"""How-to-play pictures: the shared base each game's picture book builds on.

A game's How to play page (`assets/rules/*.txt`, the markup of `client/document.py`) names a picture
for each `[step NAME]`; the game's manifest names the book that draws them (`ClientPart.howto`: a class
`Book(library)` like those in `scenes/<id>/howto.py`), so a new game brings its own pictures without
touching another game's. A book draws each picture once at its tiles' own scale (`big`) and the base
smooth-scales it to the asked width and caches it per name and width. The helpers here (arrows, dice,
round badges, ghosts, hexagons, a tileset's tile) are the marks every game's pictures share.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from ..board.hex import DIRECTIONS, Hex
from ..paths import assets_dir
from .ui import text

INK_DARK = (20, 14, 22)
BACKDROP = (18, 13, 22, 255)
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


class PictureBook:
    """A game's how-to-play pictures, cached by (name, width). A game's book sets `NAMES` (the pictures it
    has, in the order of its page) and draws each in `big(name)`; every string it draws goes in `labels`
    (the rules screen's glyph check reads them)."""

    NAMES: tuple[str, ...] = ()
    USES_LIBRARY = False
    """Whether its pictures show the game's content (Celebrity's: its celebrities): the rules screen then
    loads the content and passes it; the others draw made-up pieces and get None."""

    def __init__(self, library=None):
        self.library = library
        self._cache: dict[tuple[str, int], pygame.Surface] = {}
        self.labels: set[str] = set()
        """Every string drawn in a picture (for the glyph check)."""
        self._tilesets: dict[str, pygame.Surface] = {}

    def __call__(self, name: str, width: int) -> pygame.Surface:
        key = (name, int(width))
        if key not in self._cache:
            self._cache[key] = self.draw(name, int(width))
        return self._cache[key]

    def __contains__(self, name: str) -> bool:
        return name in self.NAMES

    def draw(self, name: str, width: int) -> pygame.Surface:
        """Picture `name` scaled to `width` pixels wide."""
        if name not in self.NAMES:
            raise KeyError(f"no how-to-play picture named {name!r} (there are: {', '.join(self.NAMES)})")
        big = self.big(name)
        height = max(1, round(big.get_height() * width / big.get_width()))
        return pygame.transform.smoothscale(big, (max(1, width), height))

    def big(self, name: str) -> pygame.Surface:
        """Picture `name` at its own scale (a game's book draws it)."""
        raise NotImplementedError

    # --- shared marks ---------------------------------------------------------------------------

    def tileset(self, filename: str) -> pygame.Surface:
        """A tileset picture of assets/tiles/, read once; a missing one says which file and why."""
        if filename not in self._tilesets:
            path = Path(assets_dir()) / "tiles" / filename
            try:
                self._tilesets[filename] = pygame.image.load(str(path))
            except (pygame.error, FileNotFoundError) as exc:
                raise FileNotFoundError(f"{path}: the tiles for the rules pictures can not be read ({exc})") from exc
        return self._tilesets[filename]

    def tile(self, filename: str, gid: int, w: int, h: int, columns: int) -> pygame.Surface:
        """Tile `gid` of a tileset of `columns` columns of `w`×`h` tiles."""
        col, row = gid % columns, gid // columns
        return self.tileset(filename).subsurface((col * w, row * h, w, h))

    def badge(self, surf, centre, label: str, colour, size: int = 34) -> None:
        """A round label: `label` in `colour` on a dark disc ringed in `colour`."""
        self.labels.add(label)
        img = text(label, size, colour, True)
        r = max(img.get_width(), img.get_height()) // 2 + 8
        pygame.draw.circle(surf, INK_DARK, centre, r)
        pygame.draw.circle(surf, colour, centre, r, 3)
        surf.blit(img, img.get_rect(center=(centre[0] + 1, centre[1] + 1)))

    def caption(self, surf, label: str, pos, colour, size: int = 30, anchor: str = "center") -> pygame.Rect:
        """Words on a dark rounded plate (`anchor` names the point of the plate at `pos`), kept inside the picture
        (smaller words if the picture is too narrow for them)."""
        self.labels.add(label)
        room = surf.get_width() - 24
        img = text(label, size, colour, True)
        while img.get_width() + 20 > room and size > 12:
            size -= 2
            img = text(label, size, colour, True)
        plate = img.get_rect().inflate(20, 10)
        setattr(plate, anchor, (round(pos[0]), round(pos[1])))
        plate.clamp_ip(surf.get_rect().inflate(-8, -8))
        pygame.draw.rect(surf, INK_DARK, plate, border_radius=10)
        pygame.draw.rect(surf, colour, plate, 2, border_radius=10)
        surf.blit(img, img.get_rect(center=plate.center))
        return plate


def canvas(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill(BACKDROP)
    return surf


def hexagon(x: float, y: float, k: float = 1.0, w: float = 112, h: float = 128) -> list[tuple[float, float]]:
    """The corners of a pointy-top hexagon inscribed in a `w`×`h` tile centred at (x, y), scaled by `k`."""
    hw, hh = w / 2 * k, h / 2 * k
    return [(x, y - hh), (x + hw, y - hh / 2), (x + hw, y + hh / 2), (x, y + hh), (x - hw, y + hh / 2),
            (x - hw, y - hh / 2)]


def ghost(img: pygame.Surface) -> pygame.Surface:
    """`img` faded: where a piece was, or will be."""
    out = img.copy()
    out.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def arrow(surf, pts, colour) -> None:
    """A thick arrow through `pts`, its head at the last point (stopping short of the hex centre)."""
    if len(pts) < 2:
        return
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    d = math.hypot(x1 - x0, y1 - y0) or 1
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    end = (x1 - ux * 30, y1 - uy * 30)
    line = pts[:-1] + [end]
    head = [(end[0] + ux * 26, end[1] + uy * 26), (end[0] - uy * 20, end[1] + ux * 20),
            (end[0] + uy * 20, end[1] - ux * 20)]
    for col, w in ((INK_DARK, 16), (colour, 9)):
        pygame.draw.lines(surf, col, False, line, w)
        for p in line:
            pygame.draw.circle(surf, col, p, w // 2)
    pygame.draw.polygon(surf, colour, head)
    pygame.draw.polygon(surf, INK_DARK, head, 3)


def die(surf, centre, size: int, value: int) -> None:
    """An ivory d6 showing `value` as pips."""
    r = pygame.Rect(0, 0, size, size)
    r.center = (round(centre[0]), round(centre[1]))
    pygame.draw.rect(surf, INK_DARK, r.inflate(6, 6), border_radius=12)
    pygame.draw.rect(surf, (246, 240, 226), r, border_radius=10)
    step = size * 0.28
    for dx, dy in PIPS.get(int(value), PIPS[1]):
        pygame.draw.circle(surf, (30, 22, 28), (r.centerx + dx * step, r.centery + dy * step), size * 0.09)


# --- pointy-top hex pictures (Gladiator!, Superhero Gladiators; Celebrity's book keeps its own copy) ---------

HEX_W, HEX_H, HEX_ROW = 112, 128, 96
"""A pointy-top tile (the hexagon inscribed in it) and the distance between its rows."""


def pointy_xy(h) -> tuple[float, float]:
    """Centre of axial hex `h` in picture pixels at tile scale, (0, 0) at hex (0, 0)."""
    return HEX_W * (h.q + h.r / 2), HEX_ROW * h.r


def pointy_angle(direction: int) -> float:
    """Screen angle (degrees, counter-clockwise from the right) of axial direction 0–5 in `pointy_xy`."""
    dq, dr = DIRECTIONS[direction % 6]
    x, y = pointy_xy(Hex(dq, dr))
    return math.degrees(math.atan2(-y, x))


def hex_canvas(radius: int) -> tuple[pygame.Surface, float, float]:
    """A backdrop for the hexagon of hexes `radius` from the centre, and the centre's pixel."""
    w = HEX_W * (2 * radius + 1) + 16
    h = HEX_ROW * 2 * radius + HEX_H + 16
    return canvas(w, h), w / 2, h / 2


def hexes_within(radius: int) -> list:
    """The hexes of the hexagon `radius` round (0, 0), back rows first (the order tiles are laid)."""
    centre = Hex(0, 0)
    hexes = [Hex(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
             if centre.distance(Hex(q, r)) <= radius]
    return sorted(hexes, key=lambda h: (h.r, h.q))


def tint_hexes(surf: pygame.Surface, at, tints) -> None:
    """Each (hex, rgba) of `tints` filled and edged, `at(hex)` its centre."""
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for h, colour in tints:
        x, y = at(h)
        pts = hexagon(x, y, 0.92, HEX_W, HEX_H)
        pygame.draw.polygon(layer, colour, pts)
        pygame.draw.polygon(layer, colour[:3] + (220,), pts, 3)
    surf.blit(layer, (0, 0))
