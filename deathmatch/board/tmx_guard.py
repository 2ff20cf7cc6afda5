"""What a map file must be before anything is built from it: the Tiled loader's guard.

A map comes from anybody (a download, a friend, a typo), so before pytmx or
the board reads a number or opens a file the map names, the raw XML is
checked here:

- **size**: a map is refused if its file is bigger than `MAX_MAP_BYTES`, or
  if it (or one of its layers) has more than `MAX_MAP_CELLS` columns or rows,
  or a compressed layer unpacks to more than its cells: the header is read
  first, so a 2 KB file saying width="10000" costs nothing;
- **numbers**: every attribute the loader (or pytmx, the library under it)
  reads as a number is one, finite and in range, on the map, its tilesets,
  tiles, images, layers, objects and typed properties; a message names the
  element, the attribute, the value and what to write instead;
- **limits** (`check_limits`): what would make the game or pytmx loop or
  allocate without bound is refused from what the file says, before anything
  is built: tile and map pixel sizes, layers and tilesets, a tileset's tiles
  and its sheet, pictures (`MAX_IMAGE_SIDE`; the loader reads each picture's
  real size from its header too, `image_size`), tile objects; the players a
  map asks for are capped by the loader (`MAX_PLAYERS`);
- **files**: `referenced_files` lists every file a map makes the game open
  (tilesets, their images, per-tile images, image layers, templates), so the
  loader puts each through its one folder check.

Stdlib only, like the rest of the board.
"""

from __future__ import annotations

import base64
import binascii
import math
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path
from typing import Callable, Iterator

MAX_MAP_CELLS = 64
"""Most columns (and most rows) a map may have: the biggest bundled arena is 23 wide."""
MAX_MAP_BYTES = 4 * 1024 * 1024
"""Largest map file read: a full 64×64 map with four layers and every marker is under 200 KB."""
MAX_IMAGE_SIDE = 4096
"""Widest (and tallest) picture a map may use, in pixels: tileset sheets, tiles' own images and image
layers (the bundled sheets are at most 768×512). Checked on what the map and tileset say and on the
file's own header (`image_size`) before anything decodes it: a 2 MB PNG can be 20,000×20,000 pixels,
1.6 GB once decoded."""
MAX_TILE_SIDE = 512
"""Widest (and tallest) tile of a map or a tileset, in pixels, and a map's longest hex side (the game's
tiles are at most 128): each tile is drawn on every cell it is painted on."""
MAX_MAP_PIXELS = 64 * 64 * 128 * 128
"""Most pixels the map may cover drawn at zoom 1 (its columns × tile width by its rows × tile height): a
64×64 map of the game's 128-pixel tiles, 268 MB as the game draws it once."""
MAX_TILESET_TILES = 4096
"""Most tiles a tileset may have (its tile count, its columns, the tiles its sheet cuts into, its
tiles with their own image): the bundled tilesets have at most 24. pytmx goes through every one, so
a sheet of 100,000×100,000 tiles of 1×1 pixel would take hours."""
MAX_LAYERS = 64
"""Most layers (tile, object, image layers and groups) a map may have: pytmx unpacks every tile layer
whole, so a file of thousands of packed empty layers would fill the memory."""
MAX_TILESETS = 32
"""Most tilesets a map may use (the bundled maps use 2 or 3): each one is read and checked."""
MAX_PLAYERS = 16
"""Largest `min_players` / `max_players` a map may ask for (no game seats more than 10): the rulesets'
map checks count through the player range."""

Problem = Callable[..., None]
"""`problem(where, message, severity="error")`, as `read_map` reports."""

# What pytmx (and the loader) read as numbers, by attribute name: pytmx casts an
# attribute by its name whatever element carries it.
_WHOLE = {
    "columns",
    "duration",
    "firstgid",
    "gid",
    "id",
    "margin",
    "nextobjectid",
    "nextlayerid",
    "offsetx",
    "offsety",
    "spacing",
    "tile",
    "tilecount",
    "tileheight",
    "tileid",
    "tilewidth",
}
_NUMBER = {
    "height",
    "hexsidelength",
    "opacity",
    "pixelsize",
    "probability",
    "rotation",
    "width",
    "x",
    "y",
    "parallaxx",
    "parallaxy",
    "parallaxoriginx",
    "parallaxoriginy",
}
_FLAGS = {"visible", "bold", "italic", "kerning", "strikeout", "underline", "wrap"}
_NOT_NEGATIVE = {
    "columns",
    "duration",
    "firstgid",
    "gid",
    "id",
    "margin",
    "spacing",
    "tilecount",
    "tileid",
    "nextobjectid",
    "nextlayerid",
}
# Stricter on the elements that set the board's geometry (whole numbers, at least 1).
_GEOMETRY = {
    "map": {"width": 1, "height": 1, "tilewidth": 1, "tileheight": 1, "hexsidelength": 0},
    "tileset": {"tilewidth": 1, "tileheight": 1, "firstgid": 1},
    "layer": {"width": 1, "height": 1},
    "image": {"width": 0, "height": 0},
}
_REQUIRED = {
    "map": ("width", "height", "tilewidth", "tileheight"),
    "layer": ("width", "height"),
}
_HINTS = {
    ("map", "width"): "Map > Resize Map",
    ("map", "height"): "Map > Resize Map",
    ("map", "tilewidth"): "Map > Map Properties > Tile Width",
    ("map", "tileheight"): "Map > Map Properties > Tile Height",
    ("map", "hexsidelength"): "Map > Map Properties > Hex Side Length",
}
# pytmx reads these elements' attributes (and only these): map, tilesets, tiles,
# layers and objects; `image`, `frame` and `tileoffset` it reads by hand.
_READ = {
    "map",
    "tileset",
    "tile",
    "layer",
    "objectgroup",
    "imagelayer",
    "group",
    "object",
    "image",
    "frame",
    "tileoffset",
}


def check_size(path: Path, problem: Problem) -> bool:
    """Refuse a file too big to be an arena before it is parsed; False if refused."""
    try:
        size = path.stat().st_size
    except OSError:
        return True  # the parser says what is wrong with it
    if size > MAX_MAP_BYTES:
        problem(
            "map",
            f"the file is {size // 1024} KB: an arena map is at most {MAX_MAP_BYTES // (1024 * 1024)} MB "
            f"({MAX_MAP_CELLS}×{MAX_MAP_CELLS} cells); this is not an arena, or not one the game can play",
        )
        return False
    return True


def read_header(path: Path) -> ET.Element | None:
    """The file's root element with its attributes only (the parser stops at its start tag), None if unreadable."""
    try:
        for _, element in ET.iterparse(path, events=("start",)):
            return element
    except (ET.ParseError, OSError):
        return None
    return None


def check_header(root: ET.Element, problem: Problem) -> bool:
    """The map's size from its header, before anything is built: False if it is refused."""
    ok = True
    for attr in ("width", "height"):
        value = whole(root.get(attr))
        if value is not None and value > MAX_MAP_CELLS:
            problem(
                "map", f"{attr} is {value} cells: arenas are at most {MAX_MAP_CELLS}×{MAX_MAP_CELLS} (Map > Resize Map)"
            )
            ok = False
    for layer in root.iter("layer"):
        for attr in ("width", "height"):
            value = whole(layer.get(attr))
            if value is not None and value > MAX_MAP_CELLS:
                problem(
                    f"layer {layer.get('name')!r}",
                    f"{attr} is {value} cells: arenas are at most {MAX_MAP_CELLS}×{MAX_MAP_CELLS} (Map > Resize Map)",
                )
                ok = False
    return ok


def check_numbers(root: ET.Element, problem: Problem, owner: str = "") -> None:
    """Report every attribute that must be a number and is not (or is out of range).

    `owner` prefixes where an external tileset's elements are ("tileset 'x.tsx'")."""
    for element, where, parent_tag in _walk(root, owner):
        tag = element.tag
        if tag not in _READ and tag != "property" and tag not in ("polygon", "polyline", "data"):
            continue
        for attr in _REQUIRED.get(tag, ()):
            if element.get(attr) is None:
                problem(where, f"has no {attr}: {_hint(tag, attr) or 'save the map again from Tiled'}")
        if tag == "property":
            _check_property(element, where, problem)
            continue
        if tag in ("polygon", "polyline"):
            _check_points(element, where, problem)
            continue
        if tag == "data":
            _check_data(element, where, problem)
            continue
        geometry = _GEOMETRY.get(tag, {})
        for attr, value in element.items():
            if attr in geometry:
                _expect(where, attr, value, problem, whole=True, least=geometry[attr], hint=_hint(tag, attr))
            elif attr in _WHOLE:
                _expect(where, attr, value, problem, whole=True, least=0 if attr in _NOT_NEGATIVE else None)
            elif attr in _NUMBER and tag != "tileoffset":
                _expect(where, attr, value, problem, whole=False)
            elif attr in _FLAGS:
                if value.strip()[:1].lower() not in ("", "1", "y", "t", "-", "0", "n", "f"):
                    problem(where, f"{attr} is {value!r}: write 1 or 0")
            elif tag == "tileoffset" and attr in ("x", "y"):
                _expect(where, attr, value, problem, whole=True)
        if tag == "image" and element.get("source") and parent_tag == "tileset":
            for attr in ("width", "height"):
                if element.get(attr) is None:
                    problem(
                        where,
                        f"has no {attr}: give the image's size in pixels (open the tileset in Tiled and save it again)",
                    )


def check_limits(root: ET.Element, problem: Problem, owner: str = "") -> bool:
    """Refuse what would make the game (or pytmx) loop or allocate without bound, from what the
    file says, before anything is built or decoded: the map's tile size and drawn size, its
    number of layers and tilesets, each tileset's tiles, each picture's pixels, each tile object's
    size. `root` is a map or an external tileset (`owner` names it, as `check_numbers`'s). False if
    anything is refused. The numbers are checked already (`check_numbers`); one that is not a
    number is skipped here."""
    ok = True

    def refuse(where: str, message: str) -> None:
        nonlocal ok
        ok = False
        problem(where, message)

    def size(element: ET.Element, attr: str) -> int:
        return whole(element.get(attr)) or 0

    if root.tag == "map":
        tw, th = size(root, "tilewidth"), size(root, "tileheight")
        for attr, value in (("tilewidth", tw), ("tileheight", th), ("hexsidelength", size(root, "hexsidelength"))):
            if value > MAX_TILE_SIDE:
                refuse(
                    "map",
                    f"{attr} is {value} pixels: a map's tiles may be at most {MAX_TILE_SIDE}×"
                    f"{MAX_TILE_SIDE} pixels ({_hint('map', attr)}; the game's tiles are 112×128)",
                )
        drawn = size(root, "width") * tw * size(root, "height") * th
        if ok and drawn > MAX_MAP_PIXELS:
            refuse(
                "map",
                f"{size(root, 'width')}×{size(root, 'height')} tiles of {tw}×{th} pixels cover "
                f"{drawn / 1e6:.0f} million pixels: an arena may cover at most {MAX_MAP_PIXELS / 1e6:.0f} "
                "million (use smaller tiles, or a smaller map)",
            )
        layers = sum(1 for e in root.iter() if e.tag in ("layer", "objectgroup", "imagelayer", "group"))
        if layers > MAX_LAYERS:
            refuse(
                "map", f"{layers} layers: a map may have at most {MAX_LAYERS}; merge them (Layer > Merge Layer Down)"
            )
        tilesets = len(root.findall("tileset"))
        if tilesets > MAX_TILESETS:
            refuse(
                "map",
                f"{tilesets} tilesets: a map may use at most {MAX_TILESETS}; remove the ones it does "
                "not use (Map > Remove Unused Tilesets)",
            )
    for element, where, parent_tag in _walk(root, owner):
        tag = element.tag
        if tag == "tileset" and not element.get("source"):
            ok = _check_tileset(element, where, refuse) and ok
        elif tag == "image":
            what = "a tileset image" if parent_tag == "tileset" else "an image"
            for attr in ("width", "height"):
                if size(element, attr) > MAX_IMAGE_SIDE:
                    refuse(
                        where,
                        f"{attr} is {size(element, attr)} pixels: {what} may be at most {MAX_IMAGE_SIDE}×"
                        f"{MAX_IMAGE_SIDE} pixels; scale it down or split it into smaller tilesets",
                    )
        elif tag == "object" and element.get("gid"):
            for attr in ("width", "height"):
                side = _number(element.get(attr))
                if side > MAX_IMAGE_SIDE:
                    refuse(
                        where,
                        f"{attr} is {element.get(attr)} pixels: a tile object may be at most "
                        f"{MAX_IMAGE_SIDE}×{MAX_IMAGE_SIDE} pixels (the game draws its tile that big); "
                        "resize it in Tiled",
                    )
    return ok


def _check_tileset(ts: ET.Element, where: str, refuse: Callable[[str, str], None]) -> bool:
    """A tileset's tiles within `MAX_TILESET_TILES`, cut from a sheet within `MAX_IMAGE_SIDE`."""
    ok = True

    def no(message: str) -> None:
        nonlocal ok
        ok = False
        refuse(where, message)

    tw, th = whole(ts.get("tilewidth")) or 0, whole(ts.get("tileheight")) or 0
    for attr, value in (("tilewidth", tw), ("tileheight", th)):
        if value > MAX_TILE_SIDE:  # each is drawn on every cell it is painted on: a map's worth of pixels a layer
            no(
                f"{attr} is {value} pixels: a tileset's tiles may be at most {MAX_TILE_SIDE}×{MAX_TILE_SIDE} pixels "
                "(the game's are 112×128); open the tileset in Tiled and fix Tileset > Tileset Properties"
            )
    for attr in ("margin", "spacing"):
        value = whole(ts.get(attr)) or 0
        if value > MAX_IMAGE_SIDE:
            no(
                f"{attr} is {value} pixels: more than a whole picture ({MAX_IMAGE_SIDE} pixels); open the tileset "
                "in Tiled and fix Tileset > Tileset Properties"
            )
    for attr in ("tilecount", "columns"):
        value = whole(ts.get(attr)) or 0
        if value > MAX_TILESET_TILES:
            no(
                f"{attr} is {value}: a tileset may have at most {MAX_TILESET_TILES} tiles; split it into smaller "
                "tilesets"
            )
    own = len(ts.findall("tile"))
    if own > MAX_TILESET_TILES:
        no(f"{own} tiles: a tileset may have at most {MAX_TILESET_TILES}; split it into smaller tilesets")
    img = ts.find("image")
    if ok and img is not None and tw > 0 and th > 0:
        width, height = whole(img.get("width")) or 0, whole(img.get("height")) or 0
        if width <= MAX_IMAGE_SIDE and height <= MAX_IMAGE_SIDE:  # else said on the image
            spacing = max(whole(ts.get("spacing")) or 0, 0)
            # How pytmx cuts the sheet (TiledMap.reload_images): every tile it makes is one it goes through.
            tiles = len(range(0, width - tw + 1, tw + spacing)) * len(range(0, height - th + 1, th + spacing))
            if tiles > MAX_TILESET_TILES:
                no(
                    f"its {width}×{height}-pixel image cuts into {tiles} tiles of {tw}×{th}: a tileset may have at "
                    f"most {MAX_TILESET_TILES} tiles; use bigger tiles or a smaller image"
                )
    return ok


def _number(value) -> float:
    try:
        number = float(str(value).strip())
    except (TypeError, ValueError):
        return 0.0
    return number if math.isfinite(number) else 0.0


def referenced_files(root: ET.Element, folder: Path) -> Iterator[tuple[str, Path, str, ET.Element]]:
    """Every file the map makes the game open, as (what, path, kind, element): kind is
    "tileset", "sheet" (a tileset's image, cut into its tiles), "image" or "template", element the
    one naming it (its <image> for a sheet or an image). Paths are relative to where Tiled keeps
    them (a tileset's images beside the tileset). External tilesets' own
    images are listed by `tileset_images`, once the tileset is known to be safe."""
    for ts in root.iter("tileset"):
        source = ts.get("source")
        if source is not None:
            yield f"tileset {source!r}", folder / source, "tileset", ts
        else:
            yield from tileset_images(ts, folder, f"tileset '{ts.get('name')}'")
    for layer in root.iter("imagelayer"):
        for img in layer.findall("image"):
            if source := img.get("source"):
                yield f"image layer '{layer.get('name')}' image", folder / source, "image", img
    for obj in root.iter("object"):
        if template := obj.get("template"):
            yield f"object {obj.get('id')} template", folder / template, "template", obj


def tileset_images(ts: ET.Element, folder: Path, what: str) -> Iterator[tuple[str, Path, str, ET.Element]]:
    """The images a tileset element names (its sheet and each tile's own), relative to `folder`."""
    img = ts.find("image")
    if img is not None and (sheet := img.get("source")):
        yield f"{what} image", folder / sheet, "sheet", img
    for tile in ts.findall("tile"):
        for img in tile.findall("image"):
            if source := img.get("source"):
                yield f"{what} tile {tile.get('id')} image", folder / source, "image", img


# --- helpers ---------------------------------------------------------------------------


def _walk(root: ET.Element, owner: str) -> Iterator[tuple[ET.Element, str, str]]:
    """Each element with the words that name it in a message, and its parent's tag."""

    def name_of(e: ET.Element, parent: str) -> str:
        tag = e.tag
        if tag == "map":
            return owner or "map"
        if tag == "tileset":
            return owner or f"tileset {e.get('source') or e.get('name')!r}"
        if tag in ("layer", "objectgroup", "imagelayer", "group"):
            kind = {"layer": "layer", "objectgroup": "layer", "imagelayer": "image layer", "group": "group"}[tag]
            return f"{kind} {e.get('name')!r}"
        if tag == "object":
            return f"object {e.get('id')}" + (f" in {parent}" if parent and parent != "map" else "")
        if tag == "tile":
            return f"tile {e.get('id')} of {parent}"
        if tag == "property":
            return f"{parent}: property {e.get('name')!r}"
        if tag in ("image", "tileoffset", "frame", "data", "polygon", "polyline"):
            return f"{parent} {tag}"
        return parent

    stack = [(root, "", "")]
    while stack:
        element, parent, parent_tag = stack.pop()
        where = name_of(element, parent)
        yield element, where, parent_tag
        if element.tag == "properties":
            where = parent
        stack.extend((child, where, element.tag) for child in reversed(list(element)))


def _hint(tag: str, attr: str) -> str:
    return _HINTS.get((tag, attr), "")


def whole(value) -> int | None:
    """`value` as a whole number, None if it is not one."""
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return None


def _expect(
    where: str, attr: str, value: str | None, problem: Problem, *, whole: bool, least: int | None = None, hint: str = ""
) -> None:
    kind = ("a whole number" if whole else "a number") + (f" of at least {least}" if least else "")
    fix = f" ({hint})" if hint else ""
    try:
        number = int("" if value is None else value) if whole else float("" if value is None else value)
    except ValueError:  # none given is no number either
        problem(where, f"{attr} is {value!r}: give {kind}{fix}")
        return
    if not math.isfinite(number):
        problem(where, f"{attr} is {value!r}: give {kind}{fix}")
    elif least is not None and number < least:
        problem(where, f"{attr} is {value!r}: give {kind}{fix}")


def _check_property(prop: ET.Element, where: str, problem: Problem) -> None:
    kind = prop.get("type")
    value = prop.get("value")
    if kind == "class":
        problem(
            where,
            f"is of the custom class {prop.get('propertytype')!r} (Tiled 1.9+): the game can not read "
            "class properties; use a plain property (string, int, bool)",
        )
    elif kind in ("int", "object"):
        _expect(where, "value", value, problem, whole=True)
    elif kind == "float":
        _expect(where, "value", value, problem, whole=False)
    elif kind == "bool" and (value or "").strip()[:1].lower() not in ("", "1", "y", "t", "-", "0", "n", "f"):
        problem(where, f"value is {value!r}: a bool property is true or false")


def _check_points(element: ET.Element, where: str, problem: Problem) -> None:
    points = element.get("points") or ""
    try:
        for pair in points.split():
            x, y = pair.split(",")
            if not (math.isfinite(float(x)) and math.isfinite(float(y))):
                raise ValueError
    except ValueError:
        problem(where, f"points {points[:40]!r} are not x,y pairs of numbers: draw the shape again in Tiled")


def _check_data(data: ET.Element, where: str, problem: Problem) -> None:
    """A tile layer's data: CSV of whole numbers, or base64 (zlib/gzip or plain) no bigger than its layer."""
    encoding, compression = data.get("encoding"), data.get("compression")
    text = (data.text or "").strip()
    if data.find("chunk") is not None:
        return  # an infinite map: said once, on the map
    if encoding not in ("csv", "base64"):
        problem(
            where,
            f"the layer is saved as {encoding or 'XML'}: save the layers as CSV "
            "(Map > Map Properties > Tile Layer Format)",
        )
        return
    if encoding == "csv":
        for token in text.split(","):
            if whole(token) is None or int(token) < 0:
                problem(where, f"{token.strip()[:20]!r} is not a tile number: save the map again from Tiled")
                return
        return
    limit = 4 * MAX_MAP_CELLS * MAX_MAP_CELLS
    try:
        raw = base64.b64decode(text, validate=False)
        if compression in ("zlib", "gzip"):
            unpack = zlib.decompressobj(wbits=47)  # zlib or gzip header
            raw = unpack.decompress(raw, limit + 1)
            if len(raw) > limit or unpack.unconsumed_tail:
                problem(
                    where,
                    f"the layer's data unpacks to more than {MAX_MAP_CELLS}×{MAX_MAP_CELLS} cells: "
                    "this is not an arena (save the layers as CSV)",
                )
                return
        elif compression:
            problem(
                where,
                f"the layer is compressed with {compression}: save the layers as CSV "
                "(Map > Map Properties > Tile Layer Format)",
            )
            return
    except (binascii.Error, ValueError, zlib.error) as e:
        problem(
            where,
            f"the layer's data can not be unpacked ({e}): save the layers as CSV "
            "(Map > Map Properties > Tile Layer Format)",
        )
        return
    if len(raw) > limit:
        problem(where, f"the layer's data is more than {MAX_MAP_CELLS}×{MAX_MAP_CELLS} cells: this is not an arena")
