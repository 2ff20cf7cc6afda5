"""Chessboard Skirmish's boards: the bundled orthogonal maps (tools/make_square_maps.py) and the
ruleset's map check (deathmatch/rulesets/skirmish/arena_check.py): SKIRMISH.md §1 and §7."""

from __future__ import annotations

import importlib.util
import re
import sys

import pytest

from conftest import ROOT
from deathmatch.board.arena import BLOCKED, FLOOR, Arena, square
from deathmatch.board.arenas import list_arenas
from deathmatch.board.grid import SQUARE
from deathmatch.board.square import Square
from deathmatch.board.tiled import MapReport, check_map, map_check, read_map
from deathmatch.cli import main
from deathmatch.rulesets.skirmish.arena_check import (
    MAX_OBSTACLES, back_rank, centre_squares, check_board, home_row)

MAPS = [p for p in sorted((ROOT / "maps").glob("*.tmx")) if "skirmish" in read_map(p).draft.rulesets]
TILES = (ROOT / "assets" / "tiles").as_posix() + "/"


def _tool():
    spec = importlib.util.spec_from_file_location("make_square_maps_under_test", ROOT / "tools" / "make_square_maps.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module   # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def errors(path) -> list[str]:
    return [str(p) for p in check_map(path).errors]


def warnings(path) -> list[str]:
    return [str(p) for p in check_map(path).warnings]


def write(tmp_path, board, name="board.tmx") -> str:
    """A board of the tool written in tmp_path, finding the game's tilesets where they are."""
    board.tiles = TILES
    path = tmp_path / name
    path.write_text(board.tmx())
    return path


def design(rows, ground="board"):
    return TOOL.Board("test.tmx", "Test", "A board for a test.", rows, ground=ground)


# --- the rules' squares -------------------------------------------------------------


def test_home_rows_and_centre_squares_follow_the_rules():
    assert home_row(8, 8, "bottom") == [Square(x, 0) for x in range(1, 7)]    # six squares on a chessboard
    assert home_row(8, 8, "top") == [Square(x, 7) for x in range(1, 7)]
    assert home_row(6, 10, "top") == [Square(x, 9) for x in range(1, 5)]
    assert back_rank(6, 6, "bottom")[0] == Square(0, 0) and back_rank(6, 6, "bottom")[-1] == Square(5, 0)
    assert centre_squares(8, 8) == [Square(3, 3), Square(4, 3), Square(3, 4), Square(4, 4)]
    assert centre_squares(6, 6) == [Square(2, 2), Square(3, 2), Square(2, 3), Square(3, 3)]
    assert centre_squares(8, 10) == [Square(3, 4), Square(4, 4), Square(3, 5), Square(4, 5)]
    assert centre_squares(7, 8) == [Square(3, 3), Square(3, 4)]


# --- the bundled boards -------------------------------------------------------------


def test_the_bundled_boards_are_the_five_of_the_issue():
    boards = {p.stem: read_map(p).draft for p in MAPS}
    assert set(boards) >= {"chessboard", "ruins", "river_crossing", "open_field", "courtyard_duel"}
    size = {k: (a.layout.width, a.layout.height) for k, a in boards.items()}
    assert size["chessboard"] == (8, 8) and not boards["chessboard"].blocked           # the plain chessboard
    assert size["open_field"] == (10, 10) and size["courtyard_duel"] == (6, 6)          # a 10×10 field, a 6×6 duel
    assert len(boards["ruins"].blocked) >= 8                                            # ruins with obstacles
    river = boards["river_crossing"]
    water = {sq for sq, cell in river.cells.items() if river.terrain[sq] == BLOCKED}
    assert len(water) >= 8 and len(river.floor_islands()) == 1                          # a river, and fords over it
    assert all(river.terrain[sq] == FLOOR for sq in centre_squares(8, 10))             # the middle ford


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_bundled_board_is_clean_and_as_the_rules_want(path):
    report = check_map(path)
    assert report.ok and not report.problems, [str(p) for p in report.problems]
    a = report.arena
    assert a.grid is SQUARE and report.orientation == "orthogonal"
    assert a.rulesets == ("skirmish",) and a.name and a.description
    w, h = a.layout.width, a.layout.height
    assert 6 <= w <= 16 and 6 <= h <= 16 and len(a.blocked) <= MAX_OBSTACLES
    assert all(a.terrain[sq] == FLOOR for side in ("bottom", "top") for sq in back_rank(w, h, side))
    assert len(a.floor_islands()) == 1
    assert sorted(a.markers["home_bottom"]) == home_row(w, h, "bottom")
    assert sorted(a.markers["home_top"]) == home_row(w, h, "top")
    assert sorted(a.markers["centre"]) == sorted(sq for sq in centre_squares(w, h) if a.terrain[sq] == FLOOR)
    # neither army is favoured: the board reads the same turned half a turn round
    assert all(a.terrain[Square(w - 1 - x, h - 1 - y)] == t for (x, y), t in a.terrain.items())


@pytest.mark.parametrize("make", TOOL.BOARDS, ids=lambda m: m.__name__)
def test_the_bundled_board_is_what_the_tool_writes(make):
    board = make()
    assert (ROOT / "maps" / board.file).read_text() == board.tmx()


def test_each_ruleset_lists_its_own_boards_and_celebrity_never_checks_them():
    skirmish = [e for e in list_arenas(include_user=False, ruleset="skirmish")]
    assert sorted(e.path for e in skirmish) == MAPS and all(e.ok for e in skirmish)
    celebrity = list_arenas(include_user=False)
    assert not {e.path for e in celebrity} & set(MAPS) and all(e.ok for e in celebrity)
    for path in MAPS:   # the map's rulesets decide which checks run: Celebrity's hexes-only check is not one
        assert not any("hexagonal" in str(p) or "spawn" in str(p) for p in check_map(path).problems)
    assert map_check("skirmish") is check_board


def test_check_map_and_arenas_commands_know_the_boards(capsys):
    assert main(["check-map", *map(str, MAPS)]) == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1] == f"{len(MAPS)} maps: 0 errors, 0 warnings"
    assert main(["arenas", "--ruleset", "skirmish"]) == 0
    listed = capsys.readouterr().out
    for name in ("The Chessboard", "The Ruins", "The River Crossing", "The Open Field", "The Courtyard"):
        assert re.search(rf"bundled\s+{name}\s+2-2\s+players\s+ok", listed), listed


# --- broken boards ------------------------------------------------------------------


def test_an_obstacle_on_a_back_rank_is_an_error_naming_the_square_and_the_cell(tmp_path):
    rows = ["........"] * 7 + ["..r....."]
    found = errors(write(tmp_path, design(rows)))
    assert any("square (2, 0), Tiled cell (2, 7): is an obstacle, on the bottom army's back rank" in m
               and "Stamp Brush" in m and "board.tmx" in m for m in found), found
    rows = ["r......."] + ["........"] * 7           # a corner counts: Retrieve is won there
    assert any("square (0, 7), Tiled cell (0, 0): is an obstacle, on the top army's back rank" in m
               for m in errors(write(tmp_path, design(rows))))


def test_a_floor_in_two_pieces_is_an_error(tmp_path):
    rows = ["........"] * 3 + ["~~~~~~~~"] + ["........"] * 4
    found = errors(write(tmp_path, design(rows, ground="field")))
    assert any("the floor falls apart into 2 pieces" in m and "Stamp Brush" in m for m in found), found


def test_a_diagonal_between_two_obstacles_keeps_the_floor_in_one_piece(tmp_path):
    rows = ["........", "~~~~~~f~", "~~~~~~~f"] + ["........"] * 5
    path = write(tmp_path, design(rows, ground="field"))   # (6, 6) to (7, 5): a king step across the corner
    assert errors(path) == []
    rows[1] = "~~~~~~~~"
    assert any("falls apart" in m for m in errors(write(tmp_path, design(rows, ground="field"))))


@pytest.mark.parametrize("side", [5, 17])
def test_a_board_out_of_size_is_an_error(tmp_path, side):
    found = errors(write(tmp_path, design(["." * side] * side)))
    assert any(f"the board is {side}×{side} squares: a Skirmish board is 6×6 to 16×16 (Map > Resize Map…)" in m
               for m in found), found


def test_a_board_may_be_any_size_from_six_to_sixteen(tmp_path):
    assert errors(write(tmp_path, design(["." * 16] * 16))) == []
    assert errors(write(tmp_path, design(["." * 6] * 12))) == []


def test_thirty_three_obstacles_are_too_many(tmp_path):
    # 16×16 with obstacles on every other square of four ranks, floor all joined
    rows = ["." * 16] * 16
    for r in (3, 6, 9, 12):
        rows[r] = "r." * 8
    rows[1] = "r......." + "." * 8          # 4 × 8 + 1 = 33
    board = design(rows)
    assert sum(row.count("r") for row in rows) == 33
    found = errors(write(tmp_path, board))
    assert any("33 obstacles: a Skirmish board has at most 32" in m for m in found), found
    rows[1] = "." * 16
    assert not any("obstacles" in m for m in errors(write(tmp_path, design(rows))))


def test_a_hex_map_marked_skirmish_is_an_error(tmp_path):
    text = (ROOT / "maps" / "duel_pit.tmx").read_text().replace('value="celebrity"', 'value="skirmish"')
    text = text.replace("../assets/tiles/", TILES)
    path = tmp_path / "hexes.tmx"
    path.write_text(text)
    found = errors(path)
    assert any("orientation is 'hexagonal': Chessboard Skirmish boards are squares "
               "(Map > Map Properties > Orientation: Orthogonal" in m for m in found), found


def test_marks_must_agree_with_the_rules(tmp_path):
    board = design(["........"] * 8)
    text = board.tmx()
    # the first home_bottom mark moved onto the corner (0, 0)
    moved = text.replace('name="home_bottom 1" type="home_bottom" gid="13" x="128"',
                         'name="home_bottom 1" type="home_bottom" gid="13" x="0"')
    assert moved != text
    path = tmp_path / "moved.tmx"
    path.write_text(moved.replace("../assets/tiles/", TILES))
    found = [str(p) for p in check_map(path).problems]
    assert any("object 1 'home_bottom 1' in layer 'marks': is a home_bottom mark on square (0, 0), Tiled cell (0, 7), "
               "which is not the bottom army's home row" in m and "error" in m for m in found), found
    assert any("warning: marks: 1 of 6 squares of the bottom army's home row" in m and "(1, 0)" in m for m in found)
    # a centre mark off the centre, and a mark of a type the boards do not use
    off = text.replace('type="centre" gid="15" x="384"', 'type="centre" gid="15" x="0"', 1)
    off = off.replace('name="home_top 7" type="home_top"', 'name="home_top 7" type="spawn"')
    path.write_text(off.replace("../assets/tiles/", TILES))
    found = errors(path)
    assert any("is a centre mark on square (0, " in m and "not a centre square" in m for m in found), found
    assert any("unknown mark type 'spawn': a Skirmish board marks home_bottom, home_top or centre" in m for m in found)


def test_a_board_without_marks_plays_but_is_warned(tmp_path):
    text = re.sub(r'  <object [^\n]*\n', "", design(["........"] * 8).tmx())
    path = tmp_path / "bare.tmx"
    path.write_text(text.replace("../assets/tiles/", TILES))
    report = check_map(path)
    assert report.ok
    said = [str(p) for p in report.warnings]
    assert sum("have no home_bottom mark" in m or "have no home_top mark" in m or "have no centre mark" in m
               for m in said) == 3, said


def test_players_other_than_two_and_hazards_are_errors(tmp_path):
    text = design(["........"] * 8).tmx().replace('name="max_players" type="int" value="2"',
                                                  'name="max_players" type="int" value="4"')
    path = tmp_path / "four.tmx"
    path.write_text(text.replace("../assets/tiles/", TILES))
    assert any("max_players is 4: Chessboard Skirmish is for 2 players" in m for m in errors(path))


def test_an_unfair_board_is_warned(tmp_path):
    rows = ["........"] * 8
    rows[2] = "..r....."      # one rock, on the top army's side only
    said = warnings(write(tmp_path, design(rows)))
    assert any("the two armies do not face the same board" in m for m in said), said


def test_no_centre_square_on_floor_is_an_error(tmp_path):
    rows = ["........"] * 8
    rows[3] = rows[4] = "...rr..."
    found = errors(write(tmp_path, design(rows)))
    assert any("no centre square is floor" in m for m in found), found


def test_the_check_never_raises():
    # arenas the loader did not make (no layout, no cells; a layout that is no layout): reported, not raised
    report = MapReport(ROOT / "nowhere.tmx")
    check_board(square(8, 8), report)
    assert any("the board is 0×0 squares" in str(p) for p in report.errors)
    report = MapReport(ROOT / "nowhere.tmx")
    check_board(Arena({Square(x, y): FLOOR for x in range(8) for y in range(8)}, grid=SQUARE, layout="8x8"), report)
    assert report.errors


def test_a_broken_board_fails_check_map_on_the_command_line(tmp_path, capsys):
    path = write(tmp_path, design(["....."] * 5))
    assert main(["check-map", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}: error: map: the board is 5×5 squares" in out and "1 maps: 1 errors" in out


def test_your_arenas_folder_has_what_a_board_needs():
    from deathmatch.board.arenas import ensure_user_arenas

    folder = ensure_user_arenas()
    for name in ("chessboard.tsx", "chessboard.png", "chessboard_marks.tsx", "chessboard_marks.png"):
        assert (folder / name).read_bytes() == (ROOT / "assets" / "tiles" / name).read_bytes(), name
    assert "home_bottom" in (folder / "objecttypes.xml").read_text()
    # a board saved there, beside its tilesets, is one of yours and plays
    (folder / "my_board.tmx").write_text((ROOT / "maps" / "ruins.tmx").read_text().replace("../assets/tiles/", ""))
    mine = {e.id: e for e in list_arenas(ruleset="skirmish")}["user:my_board"]
    assert mine.ok and not mine.report.problems, [str(p) for p in mine.report.problems]


def test_celebritys_lab_and_tournaments_never_pick_a_skirmish_board():
    from deathmatch.balance import bundled_arenas
    from deathmatch.tournament import bot_tournament

    boards = {p.stem for p in MAPS}
    assert bundled_arenas() and not set(bundled_arenas()) & boards     # 2-player boards, but not Celebrity's
    assert "colosseum" in bundled_arenas() and set(bundled_arenas("skirmish")) == boards
    night = bot_tournament(2, 4)
    assert night.arenas and not {a.split(":")[1] for a in night.arenas} & boards
    assert all(night.arena_for(k).split(":")[1] not in boards for k in range(4))


def test_check_map_says_what_a_board_marks(capsys):
    assert main(["check-map", str(ROOT / "maps" / "chessboard.tmx")]) == 0
    out = capsys.readouterr().out
    assert "The Chessboard (2-2 players, 64 floor squares, 0 blocked, 6 home_bottom, 6 home_top, 4 centre marks)" in out
    assert "spawn" not in out
