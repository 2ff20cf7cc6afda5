"""Tiled maps (.tmx) → `Arena`: the Tiled boundary of the board.

Offset coordinates (Tiled's columns and rows) exist only here. An orthogonal
Tiled map is a square board: cell (col, row) is `Square(col, height - 1 - row)`
(files from the left, ranks from the bottom, as the map is drawn). A hexagonal
Tiled map staggers either its rows (staggeraxis "y": pointy-top hexes) or its
columns (staggeraxis "x": flat-top hexes), and either the odd or the even ones
(staggerindex). Those four layouts convert to the engine's axial `Hex`:

    y/odd  (odd rows shifted right)     q = col - (row - (row & 1)) // 2,  r = row
    y/even (even rows shifted right)    q = col - (row + (row & 1)) // 2,  r = row
    x/odd  (odd columns shifted down)   q = col,  r = row - (col - (col & 1)) // 2
    x/even (even columns shifted down)  q = col,  r = row - (col + (col & 1)) // 2

Map conventions (docs/ARENAS.md): any number of tile layers; a cell with no
tile in any layer is void, a cell with any tile whose `terrain` is `blocked`
(or `wall`) is blocked, else one with a `hazard` tile is a hazard, any other
cell with a tile is floor (a hazard tile may name its kind, `pit` or `fire`, in a
`hazard` property: `Arena.hazard_kinds`). Typed objects mark cells (`spawn`, `loot`, `beast`,
… : the board keeps every type). Map properties: name, description, author,
rulesets (the rulesets the map is for, comma separated; celebrity if absent),
and whatever its rulesets read (min_players, max_players, …).

The loader knows no rules: what a ruleset needs of a map (its player range,
its markers, its size) is checked by the ruleset's map check, registered with
`register_map_check` and run by `check_map` for the rulesets the map names.

The map is read with pytmx's plain loader (no pygame: the engine never
imports it). Every problem is reported with the map, layer, cell or object;
`check_map` never raises.
"""

from __future__ import annotations

import functools
import logging
import math
import os
import re
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from . import tile_shape, tmx_guard
from .arena import BLOCKED, FLOOR, HAZARD, Arena
from .grid import HEX, SQUARE
from .hex import Hex
from .image_size import ImageSizeError, image_size
from .square import Square

MARKERS = ("spawn", "loot", "beast")
"""The marker types of the bundled maps (Celebrity Deathmatch's); the loader keeps any type."""
MAP_PROPERTIES = ("name", "description", "author", "rulesets", "min_players", "max_players")
DEFAULT_RULESETS: tuple[str, ...] = ("celebrity",)
"""The rulesets of a map without a `rulesets` property (every map made before there were others)."""
TERRAIN_OF = {"floor": FLOOR, "blocked": BLOCKED, "wall": BLOCKED, "hazard": HAZARD}
"""A tile's `terrain` property → the cell's terrain."""
_RULESET_ID = re.compile(r"[a-z][a-z0-9_]*")


# --- offset <-> axial ------------------------------------------------------------


def offset_to_axial(col: int, row: int, stagger_axis: str = "y", stagger_index: str = "odd") -> Hex:
    """The axial hex of Tiled cell (col, row) in a map of this stagger."""
    if stagger_axis == "y":
        shift = (row + (row & 1)) // 2 if stagger_index == "even" else (row - (row & 1)) // 2
        return Hex(col - shift, row)
    shift = (col + (col & 1)) // 2 if stagger_index == "even" else (col - (col & 1)) // 2
    return Hex(col, row - shift)


def axial_to_offset(h: Hex, stagger_axis: str = "y", stagger_index: str = "odd") -> tuple[int, int]:
    """The Tiled cell (col, row) of axial hex `h` in a map of this stagger."""
    q, r = h
    if stagger_axis == "y":
        shift = (r + (r & 1)) // 2 if stagger_index == "even" else (r - (r & 1)) // 2
        return q + shift, r
    shift = (q + (q & 1)) // 2 if stagger_index == "even" else (q - (q & 1)) // 2
    return q, r + shift


@dataclass(frozen=True)
class Layout:
    """How a hexagonal Tiled map lays out its cells (Tiled's HexagonalRenderer)."""

    width: int
    """Columns."""
    height: int
    """Rows."""
    tile_width: int
    tile_height: int
    side_length: int
    """hexsidelength: the flat sides' length along the stagger axis."""
    stagger_axis: str = "y"
    stagger_index: str = "odd"

    orthogonal = False
    """A hex layout (`SquareLayout` is the orthogonal one)."""

    @property
    def pointy(self) -> bool:
        return self.stagger_axis == "y"

    def staggered(self, col: int, row: int) -> bool:
        i = row if self.pointy else col
        return bool(i & 1) != (self.stagger_index == "even")

    def cell_origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left pixel of the cell's tile rectangle, exactly as Tiled computes it."""
        if self.pointy:
            side_x, side_y = 0, self.side_length
        else:
            side_x, side_y = self.side_length, 0
        side_off_x = (self.tile_width - side_x) // 2
        side_off_y = (self.tile_height - side_y) // 2
        column_width = side_off_x + side_x
        row_height = side_off_y + side_y
        if self.pointy:
            x = col * (self.tile_width + side_x) + (column_width if self.staggered(col, row) else 0)
            y = row * row_height
        else:
            x = col * column_width
            y = row * (self.tile_height + side_y) + (row_height if self.staggered(col, row) else 0)
        return x, y

    def cell_center(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.cell_origin(col, row)
        return x + self.tile_width / 2, y + self.tile_height / 2

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The cell whose centre is nearest to pixel (px, py), or None if off the map
        (farther from every centre than a tile's half diagonal).

        O(1): only the cells whose centres can be that near are looked at (a
        few rows and columns around the pixel); ties go to the first cell in
        row order, as if every cell were looked at."""
        reach2 = (self.tile_width**2 + self.tile_height**2) / 4
        reach = math.sqrt(reach2)
        cols = self._near(px - self.tile_width / 2, reach, *self._pitch(across=True), self.width)
        rows = self._near(py - self.tile_height / 2, reach, *self._pitch(across=False), self.height)
        best, best_d = None, None
        for row in rows:
            for col in cols:
                cx, cy = self.cell_center(col, row)
                d = (cx - px) ** 2 + (cy - py) ** 2
                if best_d is None or d < best_d:
                    best, best_d = (col, row), d
        if best is None or best_d is None or best_d > reach2:
            return None
        return best

    def _pitch(self, across: bool) -> tuple[int, int]:
        """(step, most stagger shift) between cell origins along x (`across`) or y."""
        if self.pointy:
            side_x, side_y = 0, self.side_length
        else:
            side_x, side_y = self.side_length, 0
        column_width = (self.tile_width - side_x) // 2 + side_x
        row_height = (self.tile_height - side_y) // 2 + side_y
        if self.pointy:
            return (self.tile_width + side_x, column_width) if across else (row_height, 0)
        return (column_width, 0) if across else (self.tile_height + side_y, row_height)

    @staticmethod
    def _near(offset: float, reach: float, step: int, shift: int, count: int) -> range:
        """The indices i in range(count) whose origin i·step (+ 0…shift) can lie within `reach` of `offset`."""
        if step <= 0:
            return range(count)  # a degenerate layout: every cell (at most 64 of them)
        lo = math.floor((offset - reach - max(shift, 0)) / step) - 1
        hi = math.ceil((offset + reach - min(shift, 0)) / step) + 1
        return range(max(lo, 0), min(hi + 1, count))

    def to_axial(self, col: int, row: int) -> Hex:
        return offset_to_axial(col, row, self.stagger_axis, self.stagger_index)

    def to_offset(self, h: Hex) -> tuple[int, int]:
        return axial_to_offset(h, self.stagger_axis, self.stagger_index)

    def to_cell(self, col: int, row: int) -> Hex:
        """The board cell of Tiled cell (col, row): its axial hex."""
        return offset_to_axial(col, row, self.stagger_axis, self.stagger_index)

    def to_json(self) -> dict:
        return {
            "width": self.width,
            "height": self.height,
            "tile_width": self.tile_width,
            "tile_height": self.tile_height,
            "side_length": self.side_length,
            "stagger_axis": self.stagger_axis,
            "stagger_index": self.stagger_index,
        }


@dataclass(frozen=True)
class SquareLayout:
    """How an orthogonal Tiled map lays out its cells: a grid of tile rectangles.

    Tiled counts rows from the top; the board counts ranks from the bottom, so
    cell (col, row) is `Square(col, height - 1 - row)`.
    """

    width: int
    """Columns."""
    height: int
    """Rows."""
    tile_width: int
    tile_height: int

    pointy = False
    orthogonal = True

    def cell_origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left pixel of the cell's tile rectangle."""
        return col * self.tile_width, row * self.tile_height

    def cell_center(self, col: int, row: int) -> tuple[float, float]:
        x, y = self.cell_origin(col, row)
        return x + self.tile_width / 2, y + self.tile_height / 2

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The cell under pixel (px, py), or None if off the map."""
        if not self.tile_width or not self.tile_height:
            return None
        col, row = int(px // self.tile_width), int(py // self.tile_height)
        if 0 <= col < self.width and 0 <= row < self.height:
            return col, row
        return None

    def to_cell(self, col: int, row: int) -> Square:
        return Square(col, self.height - 1 - row)

    to_axial = to_cell  # the same name as a hex layout's, for code that reads either

    def to_offset(self, c: Square) -> tuple[int, int]:
        return c[0], self.height - 1 - c[1]

    def to_json(self) -> dict:
        return {
            "width": self.width,
            "height": self.height,
            "tile_width": self.tile_width,
            "tile_height": self.tile_height,
            "orientation": "orthogonal",
        }


# --- problems --------------------------------------------------------------------


@dataclass(frozen=True)
class MapProblem:
    """One thing wrong with a map. `severity` is "error" (the map can not be
    played) or "warning" (it can, but probably not as meant)."""

    file: str
    where: str
    """"map", "layer 'walls', cell (3, 4)", "object 12 'spawn'", …"""
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        return f"{self.file}: {self.severity}: {self.where}: {self.message}"


@dataclass(frozen=True)
class MapObject:
    """A typed object of the map, for the checks of the rulesets: its type, its
    board cell (None if it is on none) and how messages name it."""

    kind: str
    cell: Any
    where: str


@dataclass
class MapReport:
    """What loading a map gave: the arena (None if it has errors) and every problem."""

    path: Path
    arena: Arena | None = None
    problems: list[MapProblem] = field(default_factory=list)
    draft: Arena | None = None
    """The arena as read, even if the map has errors (None if it could not be read):
    what the rulesets' map checks look at."""
    orientation: str = ""
    """The map's Tiled orientation: "hexagonal" or "orthogonal"."""
    objects: list[MapObject] = field(default_factory=list)
    """Every typed object of the map, in map order."""
    refused: bool = False
    """A limit of the board refused what the map asks (`tmx_guard.MAX_PLAYERS`): the rulesets' map
    checks are not run on it (they would count through what it asks)."""

    def add(self, where: str, message: str, severity: str = "error") -> None:
        """Report a problem with the map (`where` as in `MapProblem`)."""
        self.problems.append(MapProblem(str(self.path), where, message, severity))

    def players_exactly(self, arena: Arena, players: int, game: str) -> None:
        """A problem for each of the map properties `min_players` and `max_players` given as other
        than `players`, for a game only that many play (`game`: "Chessboard Skirmish is")."""
        for key in ("min_players", "max_players"):
            if key not in arena.properties:
                continue
            value = arena.properties[key]
            try:
                ok = int(value) == players
            except (TypeError, ValueError):
                ok = False
            if not ok:
                self.add(
                    "map properties",
                    f"{key} is {value!r}: {game} for {players} players; set it to "
                    f"{players} or delete it (Map > Map Properties…)",
                )

    @property
    def errors(self) -> list[MapProblem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[MapProblem]:
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def ok(self) -> bool:
        return self.arena is not None and not self.errors


class MapError(ValueError):
    """A map that can not be played; the message lists its errors."""

    def __init__(self, report: MapReport):
        self.report = report
        lines = [str(p) for p in report.errors] or [f"{report.path}: can not be loaded"]
        super().__init__("\n".join(lines))


# --- the rulesets' map checks ---------------------------------------------------------

MapCheck = Callable[[Arena, MapReport], None]
"""A ruleset's map check: looks at the arena as read and adds problems with `report.add`."""

_MAP_CHECKS: dict[str, MapCheck] = {}


def register_map_check(ruleset: str, check: MapCheck) -> None:
    """Make `check` the map check of `ruleset` (a ruleset registers its own when imported)."""
    _MAP_CHECKS[ruleset] = check


def map_check(ruleset: str) -> MapCheck | None:
    """The map check registered for `ruleset`, if any."""
    return _MAP_CHECKS.get(ruleset)


def parse_rulesets(value) -> tuple[str, ...]:
    """A `rulesets` map property ("celebrity" or "celebrity, skirmish") as ids; ValueError if malformed."""
    ids = tuple(part.strip() for part in str(value).replace(";", ",").split(",") if part.strip())
    if not ids:
        raise ValueError("is empty")
    for i in ids:
        if not _RULESET_ID.fullmatch(i):
            raise ValueError(f"names {i!r}, which is not a ruleset id (lower case letters, digits and _)")
    return ids


# --- loading ---------------------------------------------------------------------


def _pytmx():
    """pytmx without pygame: its package __init__ tries `import pygame`; make that
    import fail quietly (the engine must not import pygame)."""
    if "pytmx" in sys.modules:
        return sys.modules["pytmx"]
    if "pygame" in sys.modules:
        import pytmx

        return pytmx
    quiet = logging.getLogger("pytmx")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)
    # None there makes `import pygame` fail (the import system's own sentinel)
    sys.modules["pygame"] = None  # type: ignore[assignment]
    try:
        import pytmx
    finally:
        del sys.modules["pygame"]
        quiet.setLevel(level)
    return pytmx


def _inside(path: Path, roots: Iterable[Path]) -> bool:
    """Whether `path`, links followed, is in one of `roots` (False for a link that loops)."""
    try:
        path = path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop (Python < 3.13)
        return False
    for root in roots:
        try:
            path.relative_to(root.resolve())
            return True
        except ValueError:
            continue
    return False


def load_arena(path, base_dir=None) -> Arena:
    """The arena of a .tmx map; MapError (listing every error) if it can not be played.

    `path` is an arena id ("bundled:colosseum", "user:my_arena": see
    `arena_id`) or a path. A relative path is looked for beside `base_dir`
    (e.g. a scenario's folder), then in the game's data folder (`maps/…`),
    then by its file name among the bundled maps and the player's arenas.
    """
    resolved = resolve_map_path(path, base_dir)
    report = check_map(resolved)
    if not report.ok:
        if is_arena_id(path) and not resolved.exists():
            report.problems[:] = [MapProblem(str(path), "map", _missing(str(path), resolved))]
        raise MapError(report)
    assert report.arena is not None  # a map that checks ok has its arena
    return report.arena


# --- arena ids: how records name a map -------------------------------------------
#
# A game record names its map by an id, never by a path: "bundled:<stem>" is
# <stem>.tmx in the game's maps folder, "user:<stem>" the same in the player's
# arenas folder. Each resolves in the folders of the game that opens the record,
# wherever it runs from, whatever the current folder.

ARENA_ORIGINS = ("bundled", "user")
_ID_STEM = re.compile(r"[^/\\:\x00]+")


def _origin_folder(origin: str) -> Path:
    from ..paths import maps_dir, user_arenas_dir

    return maps_dir() if origin == "bundled" else user_arenas_dir()


def is_arena_id(ref) -> bool:
    """Whether `ref` is written as an arena id ("bundled:…" or "user:…"), well formed or not."""
    return isinstance(ref, str) and ref.split(":", 1)[0] in ARENA_ORIGINS and ":" in ref


def arena_id(path) -> str | None:
    """The id of a map file directly in the bundled maps folder ("bundled:colosseum")
    or in the player's arenas folder ("user:my_arena"); None for a map anywhere else."""
    p = Path(path)
    if p.suffix.lower() != ".tmx" or not _ID_STEM.fullmatch(p.stem) or p.stem in (".", ".."):
        return None
    try:
        folder = p.resolve().parent
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop
        return None
    for origin in ARENA_ORIGINS:
        try:
            if folder == _origin_folder(origin).resolve():
                return f"{origin}:{p.stem}"
        except OSError:
            continue
    return None


def arena_id_path(ref: str) -> Path:
    """The file an arena id names (which may not exist). ValueError for a malformed id."""
    origin, _, stem = str(ref).partition(":")
    if origin not in ARENA_ORIGINS or not _ID_STEM.fullmatch(stem) or stem in (".", ".."):
        raise ValueError(f"{ref!r} is not an arena id (bundled:NAME or user:NAME, a map file's name without .tmx)")
    return _origin_folder(origin) / f"{stem}.tmx"


def _missing(ref: str, path: Path) -> str:
    where = "the game's maps folder" if ref.startswith("bundled:") else "your arenas folder"
    return f"the arena {ref} is missing: there is no {path.name} in {where} ({path.parent})"


def saved_arena_id(ref) -> str:
    """The arena id a saved game or tournament names, for an id or an old record's path.

    A save may name only a bundled arena or one in the player's arenas folder,
    never any other file: an old path (relative, as bundled maps were kept, or
    absolute, as the player's arenas were) is found by its file name in those
    two folders, never against the current folder. ValueError, saying which
    arena and where it was looked for, if it is in neither.
    """
    if not isinstance(ref, str) or not ref:
        raise ValueError("the arena is not named")
    if is_arena_id(ref):
        return _checked_arena(ref)
    p = Path(ref.replace("\\", "/"))
    found = arena_id(p) if p.is_absolute() and p.is_file() else None
    if found:
        return _checked_arena(found)
    origins = ("user", "bundled") if p.is_absolute() else ("bundled", "user")
    for origin in origins:
        if (
            p.suffix.lower() == ".tmx"
            and _ID_STEM.fullmatch(p.stem)
            and os.path.lexists(_origin_folder(origin) / p.name)
        ):
            return _checked_arena(f"{origin}:{p.stem}")
    raise ValueError(
        f"the arena {ref} is neither a bundled arena nor in your arenas folder "
        f"(looked for {p.name} in {_origin_folder('bundled')} and {_origin_folder('user')})"
    )


def arena_file_problem(path: Path) -> str | None:
    """Why a map of the game's maps folder or the player's arenas folder may not be read, or
    None: it must be a regular file of at most `MAX_MAP_BYTES` that is really in that folder
    (a link leading elsewhere is refused: a saved game names only those arenas)."""
    from ..paths import MAX_MAP_BYTES, file_problem

    problem = file_problem(path, MAX_MAP_BYTES)
    if problem:
        return problem
    if not _inside(path, [path.parent]):
        return (
            f"is a link to {path.resolve()}, outside its folder: copy the map itself into the folder "
            "(a game names only the game's arenas and the maps in your arenas folder)"
        )
    return None


def _checked_arena(ref: str) -> str:
    """`ref`, an arena id, if its map may be read (see `arena_file_problem`); ValueError saying why not."""
    path = arena_id_path(ref)
    if not os.path.lexists(path):
        raise ValueError(_missing(ref, path))
    problem = arena_file_problem(path)
    if problem:
        where = "the game's maps folder" if ref.startswith("bundled:") else "your arenas folder"
        advice = "" if "link" in problem else ": put the arena's map there, saved from Tiled as a .tmx file"
        raise ValueError(f"the arena {ref} can not be opened: {path.name} in {where} ({path.parent}) {problem}{advice}")
    return ref


def saved_arena_spec(spec):
    """A saved setup's arena spec with its map named by id (see `saved_arena_id`); other specs as they are."""
    if isinstance(spec, dict) and "map" in spec:
        return {**spec, "map": saved_arena_id(spec["map"])}
    return spec


def located_record(record):
    """A game record (`core.record.Record`) with its setup's map named by id (`saved_arena_spec`):
    a night's games found in this game's folders wherever they were played (RecordError naming
    the arena if it is not there). A ruleset's setup keeps its arena spec under "arena"."""
    from dataclasses import replace

    from ..core.errors import RecordError

    try:
        arena = saved_arena_spec(record.setup["arena"])
    except ValueError as e:
        raise RecordError(str(e)) from None
    if arena != record.setup["arena"]:
        record = replace(record, setup={**record.setup, "arena": arena})
    return record


def map_stem(ref) -> str:
    """The file name without .tmx of an arena id or a map path: "colosseum"."""
    ref = str(ref)
    if is_arena_id(ref):
        return ref.partition(":")[2]
    return Path(ref.replace("\\", "/")).stem


def arena_title(ref) -> str:
    """The name an arena is shown by, for an arena id or a saved map path: its map's own `name`
    property, as the setup screens list it ("The Skyline", not the file's "Supers Skyline"); the
    file's name in words if the map can not be read. Read once per file version (a cache)."""
    try:
        path = resolve_map_path(saved_arena_id(ref))
        return _map_title(str(path), path.stat().st_mtime_ns) or map_stem(ref).replace("_", " ").title()
    except (ValueError, OSError):
        return map_stem(ref).replace("_", " ").title()


@functools.lru_cache(maxsize=64)
def _map_title(path: str, _version: int) -> str:
    report = check_map(Path(path))
    return report.arena.name if report.arena is not None else ""


def resolve_map_path(path, base_dir=None) -> Path:
    """The map file for an arena id or a path (see `load_arena`); the path as given if none exists."""
    from ..paths import data_root

    if is_arena_id(path):
        try:
            return arena_id_path(path)
        except ValueError:
            return Path(path)
    p = Path(path)
    if p.is_absolute():
        if p.exists():
            return p
    else:
        for base in ([Path(base_dir)] if base_dir else []) + [Path.cwd(), data_root()]:
            if (base / p).exists():
                return base / p
    for origin in ARENA_ORIGINS:  # an old record's map that moved: by its file name in the game's folders
        if p.name and (_origin_folder(origin) / p.name).is_file():
            return _origin_folder(origin) / p.name
    return p


def check_map(path, assets_root: Path | None = None, ruleset: str | None = None) -> MapReport:
    """Load a map and report every problem, the board's and its rulesets'; never raises.

    The map checks of the rulesets the map names (or only `ruleset`'s, when
    given) run on the map as read; the report's `arena` is set when nothing is
    an error.
    """
    report = read_map(path, assets_root)
    return apply_map_checks(report, ruleset)


def apply_map_checks(report: MapReport, ruleset: str | None = None) -> MapReport:
    """Run the map checks of `ruleset` (or of every ruleset the map names) on a
    report of `read_map`, and set its arena if nothing is an error."""
    arena = report.draft
    if arena is not None and not report.refused:
        for rid in (ruleset,) if ruleset else arena.rulesets:
            check = map_check(rid)
            if check is not None:
                try:
                    check(arena, report)
                except Exception as e:  # noqa: BLE001  as in read_map: never raises
                    report.add(
                        "map",
                        f"the game could not check this map for {rid} ({type(e).__name__}: {e}); "
                        "please report it, with the file, as a bug",
                    )
    report.arena = arena if arena is not None and not report.errors else None
    return report


def read_map(path, assets_root: Path | None = None) -> MapReport:
    """Read a map with the board's own checks only (no ruleset's); never raises."""
    try:
        return _read_map(path, assets_root)
    except Exception as e:  # noqa: BLE001  the promise: a map the checks above missed is a message, not a crash
        report = MapReport(Path(path))
        report.add(
            "map",
            f"the game could not check this map ({type(e).__name__}: {e}): it is not a map the game "
            "can play; please report it, with the file, as a bug",
        )
        return report


def _read_map(path, assets_root: Path | None = None) -> MapReport:
    from ..paths import assets_dir, maps_dir

    path = Path(path)
    report = MapReport(path)
    file = str(path)

    def problem(where: str, message: str, severity: str = "error") -> None:
        report.problems.append(MapProblem(file, where, message, severity))

    # 1. The XML itself, before pytmx opens anything it references: what kind of file it
    # is (a pipe would keep the game waiting forever), its size first (the header), then
    # every number, then every file it names.
    from ..paths import MAX_MAP_BYTES, file_problem

    bad = file_problem(path, MAX_MAP_BYTES)
    if bad and bad != "is missing":  # never opened
        problem("map", f"not read: the file {bad}; save the map from Tiled as a .tmx file")
        return report
    if path.suffix.lower() in (".tmj", ".json"):
        problem(
            "map",
            'a Tiled JSON map: the game reads .tmx maps; in Tiled, File > Save As… and pick "Tiled map files (*.tmx)"',
        )
        return report
    if not tmx_guard.check_size(path, problem):
        return report
    header = tmx_guard.read_header(path)  # the map's size before the rest of the file is parsed
    if header is not None and header.tag == "map" and not tmx_guard.check_header(header, problem):
        return report
    try:
        root = ET.parse(path).getroot()
    except FileNotFoundError:
        problem("map", "no such file")
        return report
    except (ET.ParseError, OSError) as e:
        problem("map", f"not a readable .tmx file ({e}); save it again from Tiled as a .tmx map")
        return report
    if root.tag != "map":
        problem("map", f"not a Tiled map (the file's root element is <{root.tag}>, not <map>)")
        return report
    if not tmx_guard.check_header(root, problem):
        return report
    tmx_guard.check_numbers(root, problem)
    numbers_ok = not report.errors
    if numbers_ok and not tmx_guard.check_limits(root, problem):
        return report  # nothing it names is opened: its sizes say it is not an arena
    orientation = root.get("orientation")
    report.orientation = orientation or ""
    orthogonal = orientation == "orthogonal"
    if orientation not in ("hexagonal", "orthogonal"):
        problem(
            "map",
            f"orientation is {orientation!r}: Deathmatch arenas must be hexagonal or orthogonal "
            "(Map > Map Properties > Orientation: Hexagonal, or Orthogonal for a square board)",
        )
    if root.get("infinite") == "1":
        problem("map", "the map is infinite: untick Map > Map Properties > Infinite and give it a fixed size")
    stagger_axis = root.get("staggeraxis", "y")
    stagger_index = root.get("staggerindex", "odd")
    if orientation == "hexagonal" and (stagger_axis not in ("x", "y") or stagger_index not in ("odd", "even")):
        problem("map", f"stagger axis/index {stagger_axis!r}/{stagger_index!r} is not x|y / odd|even")

    side = tmx_guard.whole(root.get("hexsidelength")) or 0
    tile_w, tile_h = tmx_guard.whole(root.get("tilewidth")) or 0, tmx_guard.whole(root.get("tileheight")) or 0
    if orientation == "hexagonal" and numbers_ok:
        if side <= 0:
            problem(
                "map", "the hex side length is 0: set Map > Map Properties > Hex Side Length (64 for the game's tiles)"
            )
        if stagger_axis == "y" and tile_w > tile_h or stagger_axis == "x" and tile_h > tile_w:
            shape = "taller than wide (pointy-top)" if stagger_axis == "y" else "wider than tall (flat-top)"
            problem(
                "map",
                f"stagger axis {stagger_axis.upper()} wants tiles {shape}, but the map's tiles are "
                f"{tile_w}×{tile_h}: pointy tiles (112×128) go with Stagger Axis Y, flat tiles "
                "(128×112) with X",
                "warning",
            )

    roots = [path.parent, assets_root or assets_dir()]
    folder = path.parent
    for what, ref, kind, element in tmx_guard.referenced_files(root, folder):
        if kind != "tileset":
            if _check_file(ref, roots, what, problem, warn_missing=kind in ("image", "sheet")) and kind != "template":
                _check_image(ref, element, what, kind == "sheet", problem)
            continue
        if ref.suffix.lower() in (".tsj", ".json"):
            problem(
                what,
                "a Tiled JSON tileset: the game reads .tsx tilesets; open it in Tiled and "
                'File > Export As… "Tiled tileset files (*.tsx)", then Map > Replace Tileset',
            )
            continue
        if not _check_file(ref, roots, what, problem):
            continue
        if not _inside(ref, [folder]) and not _inside(path, [maps_dir()]):
            problem(
                what,
                "is in the game's own folder, not beside the map: the map will not "
                "find it on another computer; use the copy in your arenas folder (Map > Replace Tileset)",
                "warning",
            )
        if not tmx_guard.check_size(ref, lambda where, message, severity="error": problem(what, message, severity)):
            continue
        try:
            ts_root = ET.parse(ref).getroot()
        except (ET.ParseError, OSError) as e:
            problem(what, f"can not be read ({e})")
            continue
        if ts_root.tag != "tileset":
            problem(what, f"not a Tiled tileset (the file's root element is <{ts_root.tag}>, not <tileset>)")
            continue
        errors = len(report.errors)
        tmx_guard.check_numbers(ts_root, problem, owner=what)
        if len(report.errors) > errors or not tmx_guard.check_limits(ts_root, problem, owner=what):
            continue  # its images are not opened: its numbers say it is not a tileset the game can use
        for img_what, img, img_kind, element in tmx_guard.tileset_images(ts_root, ref.parent, what):
            if _check_file(img, roots, img_what, problem, warn_missing=True):
                _check_image(img, element, img_what, img_kind == "sheet", problem)
    if report.errors:
        return report

    # 2. pytmx reads the map (no images, no pygame).
    pytmx = _pytmx()
    try:
        tmx = pytmx.TiledMap(str(path))
    except Exception as e:  # pytmx raises bare Exceptions for many file problems
        hint = " (save the layers as CSV: Map > Map Properties > Tile Layer Format)" if "compression" in str(e) else ""
        problem("map", f"Tiled map can not be read: {e}{hint}")
        return report
    if orthogonal:
        layout: Layout | SquareLayout = SquareLayout(
            int(tmx.width), int(tmx.height), int(tmx.tilewidth), int(tmx.tileheight)
        )
    else:
        layout = Layout(
            int(tmx.width),
            int(tmx.height),
            int(tmx.tilewidth),
            int(tmx.tileheight),
            int(tmx.hexsidelength or 0),
            stagger_axis,
            stagger_index,
        )

    used_tilesets: set[int] = set()
    for layer in tmx.layers:
        if isinstance(layer, pytmx.TiledTileLayer):
            for line in layer.data:
                used_tilesets.update(gid for gid in line if gid)
    for ts in {_tileset_of(tmx, gid) for gid in used_tilesets} - {None}:
        if (int(ts.tilewidth), int(ts.tileheight)) != (layout.tile_width, layout.tile_height):
            hint = (
                "use a tileset of the map's tile size"
                if orthogonal
                else "use arena_pointy.tsx with Stagger Axis Y and arena_flat.tsx with Stagger Axis X"
            )
            problem(
                f"tileset '{ts.name}'",
                f"has {ts.tilewidth}×{ts.tileheight} tiles but the map's tiles are "
                f"{layout.tile_width}×{layout.tile_height}: {hint}",
                "warning",
            )

    # 3. Terrain from the tile layers.
    has_tile: set[tuple[int, int]] = set()
    blocked: set[tuple[int, int]] = set()
    hazard: set[tuple[int, int]] = set()
    hazard_kind: dict[tuple[int, int], str] = {}
    reported_tiles: set[int] = set()
    floor_gids: set[int] = set()
    tile_layers = [layer for layer in tmx.layers if isinstance(layer, pytmx.TiledTileLayer)]
    if not tile_layers:
        problem("map", "no tile layer: paint the arena's floor on a tile layer")
    for layer in tile_layers:
        for row, line in enumerate(layer.data):
            for col, gid in enumerate(line):
                if not gid:
                    continue
                has_tile.add((col, row))
                props = tmx.get_tile_properties_by_gid(gid) or {}
                raw = props.get("terrain")
                ground = TERRAIN_OF.get(raw, raw) if isinstance(raw, str) else raw
                if ground == FLOOR:
                    floor_gids.add(gid)
                elif ground == BLOCKED:
                    blocked.add((col, row))
                elif ground == HAZARD:
                    hazard.add((col, row))
                    if props.get("hazard"):
                        hazard_kind[(col, row)] = str(props["hazard"]).strip().lower()
                elif ground != FLOOR and gid not in reported_tiles:
                    reported_tiles.add(gid)
                    tileset = _tileset_of(tmx, gid)
                    if tileset is None:
                        problem(
                            f"layer '{layer.name}', cell ({col}, {row})",
                            f"tile number {tmx.tiledgidmap.get(gid, gid)} is in none of the map's tilesets: "
                            "the layer and the tilesets do not match; paint the cell again in Tiled",
                        )
                        continue
                    local = tmx.tiledgidmap.get(gid, gid) - tileset.firstgid
                    what = f"tile {local} of tileset '{tileset.name}'"
                    said = "has no 'terrain' property" if ground is None else f"has terrain {ground!r}"
                    problem(
                        f"layer '{layer.name}', cell ({col}, {row})",
                        f"{what} {said}: give it terrain = floor or blocked in the tileset",
                    )
    if isinstance(layout, Layout) and layout.side_length > 0:  # a hex map
        _check_drawn_side(tmx, floor_gids, layout, folder, problem)
    terrain: dict[Hex | Square, str] = {}
    cells: dict[Hex | Square, tuple[int, int]] = {}
    for col, row in has_tile:
        h = layout.to_cell(col, row)
        terrain[h] = BLOCKED if (col, row) in blocked else HAZARD if (col, row) in hazard else FLOOR
        cells[h] = (col, row)

    # 4. Markers from the object layers.
    markers: dict[str, list] = {m: [] for m in MARKERS}
    for group in tmx.layers:
        if not isinstance(group, pytmx.TiledObjectGroup):
            continue
        for obj in sorted(group, key=lambda o: o.id):
            kind = _marker_kind(tmx, obj)
            where = f"object {obj.id}" + (f" '{obj.name}'" if obj.name else "") + f" in layer '{group.name}'"
            if not kind:
                problem(where, "has no type: set its Type (Class) to spawn, loot or beast; it is ignored", "warning")
                continue
            cx, cy = obj.x + (obj.width or 0) / 2, obj.y + (obj.height or 0) / 2
            cell = layout.cell_at(cx, cy)
            at = layout.to_cell(*cell) if cell is not None else None
            report.objects.append(MapObject(kind, at, where))
            if cell is None or at is None:
                problem(
                    where,
                    f"{kind} marker at pixel ({cx:.0f}, {cy:.0f}) is outside the map (if every "
                    "marker is, check Map Properties: Stagger Axis, Hex Side Length, tile size)",
                )
                continue
            t = terrain.get(at, "void")
            if t != FLOOR:
                problem(where, f"{kind} marker on cell ({cell[0]}, {cell[1]}), which is {t}: markers go on floor")
                continue
            if at in markers.setdefault(kind, []):
                problem(where, f"a second {kind} marker on cell ({cell[0]}, {cell[1]}); one is enough", "warning")
                continue
            markers[kind].append(at)

    # 5. Map properties.
    props = dict(tmx.properties or {})
    name = props.get("name")
    if not name:
        name = path.stem.replace("_", " ").title()
        problem("map properties", f"no 'name' property; shown as {name!r}", "warning")
    if not props.get("description"):
        problem("map properties", "no 'description' property: say in a sentence what makes the arena fun", "warning")
    rulesets = DEFAULT_RULESETS
    if "rulesets" in props:
        try:
            rulesets = parse_rulesets(props["rulesets"])
        except ValueError as e:
            problem(
                "map properties", f"rulesets {e}: name the rulesets the map is for, comma separated (e.g. celebrity)"
            )
    players = {}
    for key, default in (("min_players", 2), ("max_players", 10)):
        try:
            players[key] = int(props.get(key, default))
        except (TypeError, ValueError):
            players[key] = default  # the rulesets that read it say what is wrong
            continue
        if not 0 <= players[key] <= tmx_guard.MAX_PLAYERS:
            # The rulesets' map checks count through the player range: never with a billion players.
            problem(
                "map properties",
                f"{key} is {players[key]}: an arena is for at most {tmx_guard.MAX_PLAYERS} "
                f"players (and never fewer than none); set {key} to the number of players the "
                "arena is for (Map > Map Properties…)",
            )
            players[key] = default
            props.pop(key)
            report.refused = True
    lo, hi = players["min_players"], players["max_players"]

    unit = "square" if orthogonal else "hex"
    floor = [h for h, t in terrain.items() if t == FLOOR]
    if tile_layers and not floor:
        problem("map", f"no floor {unit}: paint floor tiles (terrain = floor)")

    arena = Arena(
        terrain,
        name=str(name),
        description=str(props.get("description", "")),
        author=str(props.get("author", "")),
        min_players=lo,
        max_players=hi,
        spawn=tuple(markers["spawn"]),
        loot=tuple(markers["loot"]),
        beasts=tuple(markers["beast"]),
        source={"map": _portable(path)},
        cells=cells,
        layout=layout,
        grid=SQUARE if orthogonal else HEX,
        markers={kind: tuple(at) for kind, at in markers.items()},
        properties=props,
        rulesets=rulesets,
        hazard_kinds={
            h: hazard_kind[cell] for h, cell in cells.items() if terrain[h] == HAZARD and cell in hazard_kind
        },
    )
    islands = arena.floor_islands()
    if len(islands) > 1:
        sizes = ", ".join(str(len(i)) for i in islands)
        units = "squares" if orthogonal else "hexes"
        problem(
            "map",
            f"the floor is split into {len(islands)} islands ({sizes} {units}) that can not reach each other",
            "warning",
        )
    report.draft = arena
    if not report.errors:
        report.arena = arena
    return report


def _portable(path: Path) -> str:
    """The map's name for a game record: its arena id if it is a bundled map or
    one of the player's arenas (so records move between machines and folders),
    else its path relative to the game's data folder, else as given."""
    from ..paths import data_root

    found = arena_id(path)
    if found:
        return found
    try:
        return path.resolve().relative_to(data_root().resolve()).as_posix()
    except ValueError:
        return str(path)


def _check_file(p: Path, roots, what: str, problem, warn_missing: bool = False) -> bool:
    if os.path.islink(p) and not os.path.exists(p):  # never followed: it leads nowhere, or round in a loop
        try:
            to = os.readlink(p)
        except OSError:
            to = "?"
        problem(
            what,
            f"refused: {p} is a broken link (to {to}): put the file itself there, as Tiled saved it "
            "(one of the game's own tilesets: delete the link, and the game copies it there again when it "
            "starts)",
        )
        return False
    if not _inside(p, roots):
        try:
            real = p.resolve()
        except (OSError, RuntimeError):
            real = p
        shown = f"{p} (a link to {real})" if p.is_symlink() else str(p)
        problem(
            what,
            f"refused: {shown} is outside the map's folder and the game's assets; "
            "keep tilesets and images beside the map (or use the game's own tileset)",
        )
        return False
    if not p.exists():
        problem(what, f"file missing: {p}", "warning" if warn_missing else "error")
        return False
    from ..paths import MAX_MAP_BYTES, file_problem

    bad = file_problem(p, MAX_MAP_BYTES)
    if bad:  # never opened: a pipe would keep the game waiting forever
        problem(what, f"refused: {p} {bad}; keep the file Tiled saved there")
        return False
    return True


def _check_image(path: Path, element: ET.Element, what: str, sheet: bool, problem) -> None:
    """An image's real size, from its file's header before anything decodes it (`image_size`): at
    most `MAX_IMAGE_SIDE` a side; and a warning if a tileset's sheet is smaller than the tileset says
    (pytmx cuts the tiles by that size: the client draws the tiles outside the picture empty)."""
    try:
        width, height = image_size(path)
    except ImageSizeError as e:
        problem(what, f"refused: {path.name} {e}")
        return
    side = tmx_guard.MAX_IMAGE_SIDE
    if width > side or height > side:
        kind = "a tileset image" if sheet else "an image"
        problem(
            what,
            f"{path.name} is {width}×{height} pixels: {kind} may be at most {side}×{side} pixels; "
            "scale it down or split it into smaller tilesets",
        )
        return
    said = tmx_guard.whole(element.get("width")) or 0, tmx_guard.whole(element.get("height")) or 0
    if sheet and (said[0] > width or said[1] > height):
        problem(
            what,
            f"the tileset says {path.name} is {said[0]}×{said[1]} pixels, but the file is {width}×"
            f"{height}: the tiles outside it are drawn empty; open the tileset in Tiled and save it "
            "again (Tiled reads the image's size)",
            "warning",
        )


def _check_drawn_side(tmx, floor_gids, layout: Layout, folder: Path, problem) -> None:
    """The map's Hex Side Length against the hexagons its floor tiles draw: each tileset's
    first floor tile is measured (`tile_shape`); if the side is shorter, or longer by more
    than the pictures' soft edges, Tiled (and the game) draw the hexes overlapping or with gaps between them
    (tests/board/test_hostile_maps.py compares with what tmxrasterizer draws)."""
    first: dict[int, tuple[int, Any]] = {}
    for gid in floor_gids:
        ts = _tileset_of(tmx, gid)
        if ts is None or not getattr(ts, "source", None):
            continue  # an image collection: each tile its own picture, not measured
        local = tmx.tiledgidmap.get(gid, gid) - ts.firstgid
        if id(ts) not in first or local < first[id(ts)][0]:
            first[id(ts)] = (local, ts)
    for local, ts in first.values():
        tw, th = int(ts.tilewidth), int(ts.tileheight)
        if (tw, th) != (layout.tile_width, layout.tile_height):
            continue  # said already: the tileset's tiles are not the map's size
        spacing, margin = int(ts.spacing or 0), int(ts.margin or 0)
        columns = int(getattr(ts, "columns", 0) or 0) or max(
            1, (int(ts.width) - 2 * margin + spacing) // (tw + spacing)
        )
        x = margin + (local % columns) * (tw + spacing)
        y = margin + (local // columns) * (th + spacing)
        alpha = tile_shape.alpha_rows(folder / ts.source, rows=y + th, cols=x + tw)
        measured = tile_shape.hex_side(alpha, x, y, tw, th, layout.pointy) if alpha else None
        if measured is None:
            continue
        right = tile_shape.nearest_side(measured, th if layout.pointy else tw)
        # Tiled draws the game's tiles (sides of 64.6 px) edge to edge with a side of 64 to 67
        # pointy-top but 63 to 66 flat-top, and half-size ones (32.3 px) with 32 to 33 and 31 to
        # 32: its whole-pixel rounding differs by axis. What is at most a pixel under the picture's
        # side or half a pixel over is right with both; anything else can show.
        if not measured - 1 <= layout.side_length <= measured + 0.5:
            drawn = "overlapping" if layout.side_length < measured else "with gaps between them"
            problem(
                "map",
                f"the hex side length is {layout.side_length}, but the tiles of tileset '{ts.name}' are "
                f"hexagons with sides of {right} px: Tiled and the game draw them {drawn}; set Map > "
                f"Map Properties > Hex Side Length to {right}",
            )


def _tileset_of(tmx, gid):
    """The pytmx tileset of a tile number, None if no tileset of the map has it."""
    try:
        return tmx.get_tileset_from_gid(gid)
    except ValueError:
        return None


def _marker_kind(tmx, obj) -> str:
    """An object's marker type: its own Type (Tiled 1.9: Class) or `marker`
    property, else its tile's: the tile's Type (`type=` as Tiled 1.8 and 1.10+
    save it, `class=` as 1.9 does) or the tile's `marker` property."""
    kind = obj.type or getattr(obj, "class", None) or (obj.properties or {}).get("marker")
    if not kind and obj.gid:
        tile = tmx.get_tile_properties_by_gid(obj.gid) or {}
        kind = tile.get("type") or tile.get("class") or tile.get("marker")
    return str(kind).strip().lower() if kind else ""
