"""Chessboard Skirmish's map check: what the rules need of a board (SKIRMISH.md §1, §7).

The board's loader (`deathmatch.board.tiled`) knows no rules; it reads a map
and runs the map check of each ruleset the map's `rulesets` property names.
This is Chessboard Skirmish's, registered when the package is imported:

- squares only (an orthogonal map), 6×6 to 16×16;
- at most 32 obstacles, none on a back rank (the bottom rank, y = 0, and the
  top one; corners included: a back rank is all floor), no hazards;
- the floor in one piece (king steps: a diagonal between two obstacles counts);
- the marks agree with the rules: tile objects typed `home_bottom` on the
  bottom army's home row (the back rank without its corners), `home_top` on
  the top army's, `centre` on the centre squares that are floor. A mark
  elsewhere is an error (the board would show a lie); a missing one a warning
  (the rules know the home rows and the centre without them).

The marks are a convention of the maps (docs/ARENAS.md, "Skirmish boards"):
the rules compute the home rows and the centre with `home_row` and
`centre_squares` below; the marks are there for Tiled and the screen.
Every problem names the map, the square (and Tiled's cell) or the object, and
the Tiled menu that fixes it. Never raises.
"""

from __future__ import annotations

from ...board.arena import BLOCKED, FLOOR, Arena
from ...board.grid import SQUARE
from ...board.square import Square
from ...board.tiled import MapReport, register_map_check

RULESET = "skirmish"
MIN_SIDE, MAX_SIDE = 6, 16
"""A board is 6×6 to 16×16 squares (SKIRMISH.md §1)."""
MAX_OBSTACLES = 32
MARKS = ("home_bottom", "home_top", "centre")
"""The marks' types: the bottom army's home row, the top army's, the Retrieve centre."""
SIDES = {"home_bottom": "bottom", "home_top": "top"}


def back_rank(width: int, height: int, side: str) -> list[Square]:
    """The back rank of the army that sets up at `side` ("bottom": y = 0, "top": y = height - 1), corners included."""
    y = 0 if side == "bottom" else height - 1
    return [Square(x, y) for x in range(width)]


def home_row(width: int, height: int, side: str) -> list[Square]:
    """The home row of the army at `side`: its back rank without the two corners (SKIRMISH.md §1)."""
    return back_rank(width, height, side)[1:-1]


def centre_squares(width: int, height: int) -> list[Square]:
    """The centre squares, left to right, bottom to top: the four middle squares of a board of even
    sides; of an odd side, the middle file (or rank) alone (SKIRMISH.md speaks of four: a board
    with an odd side has two centre squares, or one)."""
    files = sorted({(width - 1) // 2, width // 2})
    ranks = sorted({(height - 1) // 2, height // 2})
    return [Square(x, y) for y in ranks for x in files]


def check_board(arena: Arena, report: MapReport) -> None:
    """Add to `report` every problem Chessboard Skirmish has with `arena` (a map as read)."""
    problem = report.add
    if arena.grid is not SQUARE:
        problem("map", f"orientation is {report.orientation or 'hexagonal'!r}: Chessboard Skirmish boards are squares "
                       "(Map > Map Properties > Orientation: Orthogonal, and a square tileset such as "
                       "chessboard.tsx)")
        return
    layout = arena.layout
    width = int(getattr(layout, "width", 0) or 0)
    height = int(getattr(layout, "height", 0) or 0)
    if not (MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE):
        problem("map", f"the board is {width}×{height} squares: a Skirmish board is {MIN_SIDE}×{MIN_SIDE} to "
                       f"{MAX_SIDE}×{MAX_SIDE} (Map > Resize Map…)")
        return
    tile_w, tile_h = getattr(layout, "tile_width", 0), getattr(layout, "tile_height", 0)
    if tile_w != tile_h:
        problem("map", f"the tiles are {tile_w}×{tile_h} px: the squares are drawn as rectangles; use square "
                       "tiles (Map > Map Properties > Tile Width and Tile Height, e.g. 128 for chessboard.tsx)",
                "warning")

    def cell(sq) -> str:
        col, row = arena.cells.get(sq) or (sq[0], height - 1 - sq[1])
        return f"square ({sq[0]}, {sq[1]}), Tiled cell ({col}, {row})"

    report.players_exactly(arena, 2, "Chessboard Skirmish is")
    if arena.hazards:
        problem("map", f"{len(arena.hazards)} hazard squares, the first {cell(min(arena.hazards))}: Chessboard "
                       "Skirmish has no hazards; give those tiles terrain = floor or blocked")
    obstacles = sorted(arena.blocked)
    if len(obstacles) > MAX_OBSTACLES:
        problem("map", f"{len(obstacles)} obstacles: a Skirmish board has at most {MAX_OBSTACLES} (SKIRMISH.md §1); "
                       "paint floor over some of them (Stamp Brush, B)")
    for side, rank_name in (("bottom", "bottom rank (y = 0)"), ("top", f"top rank (y = {height - 1})")):
        for sq in back_rank(width, height, side):
            t = arena.terrain.get(sq, "void")
            if t == FLOOR:
                continue
            what = "an obstacle" if t == BLOCKED else f"{t}, not floor"
            problem(cell(sq), f"is {what}, on the {side} army's back rank, the {rank_name}: a back rank is all "
                              "floor (its home row for setting up, its corners for Retrieve's win); paint a floor "
                              "tile there (Stamp Brush, B), or erase what covers it on every layer")
    islands = arena.floor_islands()
    if len(islands) > 1:
        pieces = "; ".join(f"{len(i)} squares from {cell(min(i))}" for i in islands[1:])
        problem("map", f"the floor falls apart into {len(islands)} pieces (the biggest {len(islands[0])} squares; "
                       f"{pieces}) that no king step joins: open a way between them (a ford, a gap in the wall) "
                       "with floor tiles (Stamp Brush, B)")
    if not arena.floor:
        return
    _check_marks(arena, report, width, height, cell)
    _check_fairness(arena, width, height, problem)


def _check_marks(arena: Arena, report: MapReport, width: int, height: int, cell) -> None:
    problem = report.add
    want = {kind: home_row(width, height, side) for kind, side in SIDES.items()}
    centre = centre_squares(width, height)
    want["centre"] = [sq for sq in centre if arena.terrain.get(sq) == FLOOR]
    if not want["centre"]:
        problem("map", f"no centre square is floor ({', '.join(cell(sq) for sq in centre)}): Retrieve's marker "
                       "starts on one of them; paint floor on at least one (Stamp Brush, B)")
    meaning = {"home_bottom": "the bottom army's home row (the bottom rank without its corners)",
               "home_top": "the top army's home row (the top rank without its corners)",
               "centre": "a centre square (the middle four of the board) that is floor"}
    marked: dict[str, set] = {kind: set() for kind in MARKS}
    for obj in report.objects:
        if obj.kind not in MARKS:
            problem(obj.where, f"unknown mark type {obj.kind!r}: a Skirmish board marks home_bottom, home_top or "
                               "centre (set the object's Type, or place a tile from chessboard_marks.tsx)")
            continue
        if obj.cell is None:
            continue  # off the map: the loader said so
        sq = Square(*obj.cell)
        if sq not in want[obj.kind]:
            problem(obj.where, f"is a {obj.kind} mark on {cell(sq)}, which is not {meaning[obj.kind]}: move it "
                               "there or delete it (Select Objects, S)")
            continue
        marked[obj.kind].add(sq)
    for kind in MARKS:
        missing = [sq for sq in want[kind] if sq not in marked[kind]]
        if not missing:
            continue
        listed = ", ".join(f"({sq[0]}, {sq[1]})" for sq in missing)
        problem("marks", f"{len(missing)} of {len(want[kind])} squares of {meaning[kind]} have no {kind} mark: "
                         f"{listed}; place the {kind} tile of chessboard_marks.tsx on each (Insert Tile, T) so "
                         "Tiled and the game show them", "warning")
    if width % 2 or height % 2:
        problem("map", f"the board is {width}×{height}: with an odd side it has {len(centre)} centre squares, "
                       "not four; Retrieve's marker starts on one of them", "warning")


def _check_fairness(arena: Arena, width: int, height: int, problem) -> None:
    """A warning when the armies do not face the same board: neither turned half a turn round
    (x, y) → (W-1-x, H-1-y) nor mirrored top to bottom does the board read the same."""
    terrain = arena.terrain

    def same(mapping) -> bool:
        return all(terrain.get(mapping(sq)) == t for sq, t in terrain.items()) and len(terrain) == len(
            {mapping(sq) for sq in terrain})

    if same(lambda sq: Square(width - 1 - sq[0], height - 1 - sq[1])) or same(lambda sq: Square(sq[0], height - 1 - sq[1])):
        return
    problem("map", "the two armies do not face the same board (it reads differently turned half a turn round, "
                   "and mirrored top to bottom): one side may be favoured; mirror the obstacles if that is "
                   "not meant", "warning")


register_map_check(RULESET, check_board)
