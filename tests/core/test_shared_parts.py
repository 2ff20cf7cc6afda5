"""The parts the four games' rules once wrote each for themselves and now share (issue 28: no block shared
between two games' folders): the content files' report and loader (`yamlfile`), the bots' easy player and
levels (`core/bots.py`), the balance lab's cells (`core/lab.py`), the registry hooks (`core/hooks.py`), the
scenario runners' readers (`core/scenario.py`), a decision's cell (`board/grid.py`) and a map's player count
(`board/tiled.MapReport`). Each is asserted here by what it does; the games' own tests hold their words."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from deathmatch.board import HEX, SQUARE, Hex, Square
from deathmatch.board.tiled import MapReport
from deathmatch.core import bots as core_bots
from deathmatch.core.hooks import arena_spec, bot_hooks, options_object, rules_hooks
from deathmatch.core.lab import align, ci, num, pct, rate
from deathmatch.core.scenario import Fail, Script
from deathmatch.yamlfile import (FileLibrary, Problem, Report, data_file_paths, duplicate_id, given_within,
                                 id_differs, read_checked)

# --- content files --------------------------------------------------------------------------


def test_a_report_places_a_problem_at_its_key_or_the_nearest_key_above():
    rep = Report("f.yaml", {(): 1, ("powers",): 4, ("powers", 1): 7, ("powers", 1, "name"): 8})
    rep.add(("powers", 1, "level"), "too high")
    rep.add(("powers", 1, "name"), "empty", label="the name")
    rep.add(("powers",), "too many")
    assert [(p.line, p.field) for p in rep.problems] == [(7, "powers[1].level"), (8, "the name"), (4, "powers")]
    assert [p.line for p in rep.in_order()] == [4, 7, 8]
    assert rep.fields() == {"powers[1].level", "the name", "powers"}


def test_a_report_inside_a_file_looks_lines_up_below_its_base_but_labels_its_own_path():
    rep = Report("s.yaml", {("cards",): 2, ("cards", 0, "name"): 3}, base=("cards", 0))
    rep.add(("name",), "missing")
    assert rep.problems == [Problem("s.yaml", 3, "name", "missing")]


def test_unknown_fields_suggest_the_closest_and_required_fields_say_missing_or_what_is_wrong():
    rep = Report("a.yaml", {})
    rep.unknown_fields({"nmae": 1, "name": 2}, ("name", "die"), known="a miniature has", hint=".")
    rep.required({}, "id", "every hero needs an id", lambda v: None)
    rep.required({"name": ""}, "name", "unused", lambda v: "empty" if not v else None, ("powers", 0))
    rep.required({"name": "ok"}, "name", "unused", lambda v: "empty" if not v else None)
    assert [(p.field, p.message) for p in rep.problems] == [
        ("nmae", "unknown field (did you mean 'name'?); a miniature has name, die."),
        ("id", "missing: every hero needs an id"),
        ("powers[0].name", "empty")]


@pytest.mark.parametrize("value, empty, said", [
    ("x", None, "must be a list of powers (each line starting '- '), not 'x'"),
    ([], "none at all", "none at all"),
    ([1, 2, 3], None, "3 powers; a hero has at most 2: drop some"),
])
def test_items_refuse_what_is_no_list_an_empty_one_and_too_many(value, empty, said):
    rep = Report("h.yaml", {})
    assert rep.items(value, "powers", "powers", 2, "a hero", lambda item, path, r: item, empty) == []
    assert [p.message for p in rep.problems] == [said]


def test_items_parse_each_at_its_path_and_leave_out_the_bad_ones():
    rep = Report("h.yaml", {})

    def parse(item, path, r):
        if item < 0:
            r.add(path, "negative")
            return None
        return item * 10

    assert rep.items([1, -1, 2], "powers", "powers", 5, "a hero", parse) == [10, 20]
    assert [(p.field, p.message) for p in rep.problems] == [("powers[1]", "negative")]


def test_read_checked_gives_the_thing_only_without_problems_what_kept_it_unread_first(tmp_path):
    good, twice, broken = tmp_path / "good.yaml", tmp_path / "twice.yaml", tmp_path / "broken.yaml"
    good.write_text("id: a\n", encoding="utf-8")
    twice.write_text("id: b\nid: c\n", encoding="utf-8")  # a key given twice: read, with a problem
    broken.write_text("id: [\n", encoding="utf-8")
    parsed = []

    def parse(data, file, lines):
        parsed.append(data)
        return (data["id"], []) if data["id"] != "c" else (None, [Problem(file, 2, "id", "not c")])

    assert read_checked(good, "thing", parse)[:2] == ("a", [])
    thing, problems, lines = read_checked(twice, "thing", parse)
    assert thing is None and lines[("id",)] == 2
    assert [p.message[:14] for p in problems] == ["'id' is given ", "not c"]
    thing, problems, lines = read_checked(broken, "thing", parse)
    assert (thing, lines, len(problems)) == (None, {}, 1) and len(parsed) == 2  # unread: never checked


def test_ids_duplicate_and_differing_from_the_file_name_are_said_in_one_wording():
    assert str(duplicate_id(Path("b.yaml"), 3, "x", "a.yaml", "rename one")) == \
        "b.yaml:3: id: duplicate id 'x': a.yaml already has it; rename one"
    assert id_differs(Path("x.yaml"), 1, "x") is None
    assert id_differs(Path("y.yml"), 1, "x", "the card").message == (
        "warning: the id 'x' differs from the file name 'y.yml'; the game goes by the id, so rename the file "
        "x.yml to make the card easy to find")


def test_given_within_is_the_folder_or_a_path_inside_it(tmp_path):
    (tmp_path / "sub").mkdir()
    assert given_within([tmp_path / "sub" / "f.yaml"], tmp_path)
    assert given_within([tmp_path], tmp_path)
    assert not given_within([tmp_path.parent], tmp_path)


def test_a_file_library_reads_each_file_of_a_folder_and_keeps_a_piece_by_its_id(tmp_path):
    for name, text in (("a.yaml", "id: a\n"), ("b.yaml", "id: a\n"), ("c.yaml", "id: z\n"), ("d.yaml", "[\n")):
        (tmp_path / name).write_text(text, encoding="utf-8")
    lib = FileLibrary()
    kept: dict[str, Path] = {}

    def read(f, folder):
        return read_checked(f, "thing", lambda data, file, lines: (data["id"], []), folder)

    def keep(thing, f, lines):
        if lib.id_free(thing, f, lines.get(("id",)), kept.get(thing), "rename one"):
            kept[thing] = f

    lib.load(tmp_path, read, keep)
    assert lib.files == 4
    assert {k: v.name for k, v in kept.items()} == {"a": "a.yaml", "z": "c.yaml"}
    assert [Path(p.file).name for p in lib.problems] == ["b.yaml", "d.yaml"]  # the duplicate, the bad YAML
    assert [Path(p.file).name for p in lib.warnings] == ["c.yaml"]  # its id is not its name
    assert [f.name for f in data_file_paths(tmp_path)] == ["a.yaml", "b.yaml", "c.yaml", "d.yaml"]


# --- bots ----------------------------------------------------------------------------------


class _Hit:
    pass


class _Game:
    def __init__(self, options):
        self.options = options

    def legal_actions(self):
        return list(self.options)


def test_the_easy_bot_takes_an_attack_when_offered_else_plays_at_random_the_same_for_a_seed():
    class Easy(core_bots.EasyBot):
        attacks = (_Hit,)

    hit = _Hit()
    assert all(Easy(s).choose(_Game(["a", hit, "b"])) is hit for s in range(20))
    plays = [Easy(7).choose(_Game(["a", "b", "c"])) for _ in range(2)]
    assert plays[0] == plays[1] == random.Random(7).choice(["a", "b", "c"])
    assert core_bots.EasyBot.level == "easy" and not core_bots.EasyBot.thinks


def test_a_bot_is_chosen_by_level_and_an_unknown_level_names_them_all():
    made = core_bots.make_bot({"easy": lambda: "E", "normal": lambda: "N"}, "normal")
    assert made == "N"
    with pytest.raises(ValueError, match=r"unknown bot strength 'godlike': choose one of easy, normal"):
        core_bots.make_bot({"easy": lambda: "E", "normal": lambda: "N"}, "godlike", noun="strength")


# --- the lab's report ----------------------------------------------------------------------


def test_the_lab_cells_and_a_win_rate_row():
    assert (pct(0.5), pct(0.25, 0), pct(None), num(1.234), num(None), ci(0.1, 0.2), ci(None, None)) == \
        ("50.0%", "25%", "—", "1.23", "—", "10.0%–20.0%", "—")
    assert align([["a", "bb"], ["ccc", "d"]], right=(1,)) == ["a    bb", "ccc   d"]
    row = rate(9, 10)
    assert (row["games"], row["win_rate"], row["flag"]) == (10, 0.9, "strong")
    assert rate(0, 0) == {"games": 0, "wins": 0, "win_rate": None, "win_low": None, "win_high": None, "flag": ""}
    assert rate(1, 10, fair=0.5)["flag"] == "weak"


# --- registry hooks ------------------------------------------------------------------------


def test_the_hooks_a_ruleset_fills_alike():
    class Setup:
        from_json, to_json = staticmethod(lambda d: ("setup", d)), staticmethod(lambda s: {"s": s})

    class Mod:
        from_json = to_json = state_for = event_visible_to = staticmethod(lambda *a: a)

    ran = []

    class Runner:
        def __init__(self, data, lines, path):
            self.args = (data, lines, path)

        def run(self):
            ran.append(self.args)

    hooks = rules_hooks("new", Setup, Mod, Mod, "random", Runner)
    assert hooks["new_game"] == "new" and hooks["random_answer"] == "random"
    assert hooks["setup_from_json"]({"x": 1}) == ("setup", {"x": 1})
    hooks["run_scenario"]("d", {}, Path("p"))
    assert ran == [("d", {}, Path("p"))]

    class Bots:
        make_bot = staticmethod(lambda level, seed, thinking: (level, seed, thinking))
        determinize = staticmethod(lambda g, p, rng: "world")
        evaluate = staticmethod(lambda g, p: 0.5)

    b = bot_hooks(lambda: Bots)
    assert b["bot_levels"] == ("easy", "normal", "hard")
    assert b["bot"]("hard", "red", 3) == ("hard", 3, "normal")
    assert (b["determinize"](None, "red", None), b["evaluate"](None, "red")) == ("world", 0.5)


def test_a_quick_games_arena_is_named_by_its_map_when_it_came_from_one():
    class Arena:
        def __init__(self, source):
            self.source = source

    assert arena_spec(Arena({"map": "bundled:pit", "path": "/x"})) == {"map": "bundled:pit"}
    spec = {"square": [8, 8]}
    assert arena_spec(Arena(spec)) == spec and arena_spec(Arena(spec)) is not spec


def test_a_nights_options_must_be_an_object_of_known_names():
    assert options_object({"points": 30}, ("points",)) == {"points": 30}
    with pytest.raises(TypeError, match="not an object"):
        options_object([1], ("points",))
    with pytest.raises(ValueError, match=r"unknown option 'pionts' \(known: points, scenario\)"):
        options_object({"pionts": 1}, ("points", "scenario"))


# --- scenario runners ----------------------------------------------------------------------


class _Decision:
    def __init__(self, player, kind):
        self.player, self.kind = player, kind


class _Played:
    """A game whose decisions come in a row: answering one brings the next."""

    def __init__(self, decisions):
        self.decisions = list(decisions)
        self.applied = []

    @property
    def pending(self):
        return self.decisions[0] if self.decisions else None

    def apply(self, action):
        self.applied.append(action)
        self.decisions.pop(0)


def _script(lines=None) -> Script:
    return Script({}, lines or {}, Path("s.yaml"))


def test_the_options_and_a_steps_piece_are_read_alike_in_every_runner():
    s = _script({("options", "bogus"): 4, ("steps", 0, "do"): 9})
    assert s.options_mapping({"a": 1}, {"a", "b"}, "{a: 1}") == {"a": 1}
    with pytest.raises(Fail, match=r"^s.yaml: options: expected a mapping such as \{a: 1\}"):
        s.options_mapping([], {"a"}, "{a: 1}")
    with pytest.raises(Fail, match=r"^s.yaml:4: options.bogus: unknown option \(known: a, b\)"):
        s.options_mapping({"bogus": 1}, {"a", "b"}, "{a: 1}")
    assert s.step_piece(0, {"model": 7, "do": "move"}, {"7": "m"}, ("move",)) == ("7", "m", "move")
    with pytest.raises(Fail, match=r"step 1: steps.0.model: no miniature 'x' in the armies"):
        s.step_piece(0, {"model": "x"}, {}, ("move",), "no miniature {!r} in the armies")
    with pytest.raises(Fail, match=r"^s.yaml:9: step 1: steps.0.do: expected one of move, end"):
        s.step_piece(0, {"model": "a", "do": "fly"}, {"a": 1}, ("move", "end"))


def test_expected_fields_come_in_the_files_order_each_key_checked_as_it_comes():
    s = _script()
    expect = {"models": {"a": {"lives": 1, "bogus": 2}}}
    seen = []
    with pytest.raises(Fail, match=r"expect.models.a.bogus: unknown key \(known: lives\)"):
        for mid, piece, key, value in s.expected_fields(expect, {"a": "A"}, {"lives"}):
            seen.append((mid, piece, key, value))
    assert seen == [("a", "A", "lives", 1)]  # the known key first, as the runners always read them
    with pytest.raises(Fail, match=r"no miniature 'b'"):
        list(s.expected_fields({"models": {"b": {}}}, {}, {"lives"}, noun="miniature"))
    with pytest.raises(Fail, match=r"expected a mapping such as \{lives: 2\}"):
        list(s.expected_fields({"models": {"a": 3}}, {"a": "A"}, {"lives"}, example="{lives: 2}"))
    assert list(s.expected_fields({"models": {"a": None}}, {"a": "A"}, {"lives"}, empty_ok=True)) == []
    assert [m for m, *_ in s.expected_fields({"models": {5: {"lives": 1}}}, {"5": "A"}, {"lives"},
                                             text_ids=True)] == ["5"]


def test_piece_entries_need_the_required_keys_and_different_ids():
    s = _script()
    ids: dict = {}
    entries = [{"id": "a", "at": [0, 0]}, {"id": "a", "at": [1, 1]}]
    with pytest.raises(Fail, match=r"models.1.id: a second model with id 'a'"):
        for kp, mid, m in s.piece_entries(("models",), entries, ("id", "at"), {"id", "at"}, ids, "a model {id, at}"):
            ids[mid] = kp
    assert ids == {"a": ("models", 0)}
    with pytest.raises(Fail, match=r"models.0: expected a model \{id, at\}"):
        list(s.piece_entries(("models",), [{"id": "a"}], ("id", "at"), {"id", "at"}, {}, "a model {id, at}"))


def test_decline_until_declines_the_open_windows_up_to_the_one_wanted_and_judge_fails_on_differences():
    s = _script()
    s.game = _Played([_Decision("red", "window"), _Decision("blue", "window"), _Decision("red", "order")])
    s.optional_window = lambda d: d.kind == "window"
    s.decline = lambda g: ("pass", g.pending.player)
    s.decline_until(lambda d: d.player == "blue")
    assert s.game.applied == [("pass", "red")]
    s.decline_until(None)
    assert s.game.applied == [("pass", "red"), ("pass", "blue")] and s.game.pending.kind == "order"
    s.judge([None, None])
    with pytest.raises(Fail, match=r"^s.yaml: turn is 2, expected 3; dice left"):
        s.judge(["turn is 2, expected 3", None, "dice left"])


# --- the board ------------------------------------------------------------------------------


def test_a_decisions_cell_is_read_by_its_grid():
    assert HEX.from_json([1, -2]) == Hex(1, -2) and SQUARE.from_json((3, 4)) == Square(3, 4)
    with pytest.raises(ValueError, match=r"expected a hex \[q, r\], got \[1, True\]"):
        HEX.from_json([1, True])
    with pytest.raises(ValueError, match=r"expected a square \[x, y\], got \['a', 1\]"):
        SQUARE.from_json(["a", 1])


def test_a_map_for_exactly_two_players_refuses_another_count():
    class Arena:
        properties = {"min_players": "2", "max_players": "four"}

    report = MapReport(Path("m.tmx"))
    report.players_exactly(Arena(), 2, "Chessboard Skirmish is")
    assert [p.message for p in report.problems] == [
        "max_players is 'four': Chessboard Skirmish is for 2 players; set it to 2 or delete it "
        "(Map > Map Properties…)"]
