"""A toy ruleset (tests/toy_tictactoe/) played through everything the core offers:
the machine, the record and replay, the scenario runner and random play."""

import random

import pytest
from toy_tictactoe import RULESET, DieRolled, Mark, Marked, Setup, new_game

from deathmatch.board import Square, square
from deathmatch.core import registry
from deathmatch.core.dice import ForcedDice
from deathmatch.core.errors import IllegalAction, RecordError
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.scenario import run_file
from conftest import TESTS


@pytest.fixture(autouse=True)
def _toy_registered():
    """The toy's rules registered (importing it registers them, but a suite that ran before may have put the
    registry back as it found it, the toy's module staying imported); put back as found after."""
    had = registry._RULESETS.get(RULESET.id)
    registry.register(RULESET)
    yield
    if had is None:
        registry._RULESETS.pop(RULESET.id, None)
    else:
        registry.register(had)


def test_the_machine_asks_applies_and_refuses():
    game = new_game(Setup(), ForcedDice([2]))  # the d2 says O starts
    assert game.pending.player == "O" and game.pending.kind == "mark" and len(game.legal_actions()) == 9
    assert game.apply(Mark("O", (1, 1))) == [Marked("O", (1, 1))]
    before = (dict(game.board), game.pending, list(game.history))
    for action, code in [(Mark("O", (0, 0)), "not_your_turn"), (Mark("X", (1, 1)), "occupied"),
                         (Mark("X", (3, 0)), "bad_cell"), ("pass", "wrong_decision")]:
        assert not game.is_legal(action)
        with pytest.raises(IllegalAction) as e:
            game.apply(action)
        assert e.value.code == code
    assert (dict(game.board), game.pending, list(game.history)) == before
    for x, o in [((0, 0), (0, 1)), ((1, 0), (2, 1))]:
        game.apply(Mark("X", x))
        game.apply(Mark("O", o))
    assert game.over and game.outcome.winners == ("O",) and game.pending is None
    with pytest.raises(IllegalAction, match="game_over"):
        game.apply(Mark("X", (2, 2)))


def test_the_seeded_d2_is_kept_in_the_state_and_a_copy_is_independent():
    firsts = {new_game(Setup(seed=s)).pending.player for s in range(20)}
    assert firsts == {"X", "O"}
    game = new_game(Setup(seed=4))
    twin = game.copy()
    twin.apply(twin.legal_actions()[0])
    assert game.board == {} and len(twin.board) == 1


def test_random_play_through_the_one_loop_ends_every_game():
    for seed in range(30):
        game, rng = new_game(Setup(seed=seed)), random.Random(seed)
        marks = []
        n = play_until_over(game, lambda g: RULESET.random_answer(g, rng), on_events=marks.extend)
        assert game.over and 5 <= n <= 9 and n == len(game.history)
        assert [type(e) for e in marks] == [Marked] * n
        assert set(game.board) <= Setup().arena.floor and len(Setup().arena.floor) == 9


def test_a_record_round_trips_and_replays_to_the_same_game():
    game, rng = new_game(Setup(("Ann", "Bob"), seed=7)), random.Random(1)
    play_until_over(game, lambda g: RULESET.random_answer(g, rng))
    text = registry.record_of(game, RULESET).dumps()
    record = Record.loads(text)
    assert record.ruleset == "tictactoe" and record.seed == 7 and len(record.decisions) == len(game.history)
    again = registry.replay(record)
    assert again.board == game.board and again.outcome == game.outcome and again.history == game.history
    broken = Record(record.ruleset, 1, record.setup, 7, record.decisions + ({"player": "Ann", "at": [0, 0]},))
    with pytest.raises(RecordError, match=f"decision {len(record.decisions) + 1}"):
        registry.replay(broken)


def test_a_record_of_an_unknown_ruleset_says_so():
    with pytest.raises(RecordError, match="no ruleset 'croquet'"):
        registry.replay(Record("croquet", 1, {}, 0, ()))


def test_the_view_is_the_rulesets():
    game = new_game(Setup(), ForcedDice([1]))
    game.apply(Mark("X", (0, 0)))
    assert RULESET.view(game, "O") == {"board": {(0, 0): "X"}, "turn": "O", "outcome": None}


SCENARIO = """\
ruleset: tictactoe
name: {name}
dice: {dice}
steps:
  - {{player: X, mark: [0, 0]}}
  - {{player: O, mark: [0, 0], expect_error: occupied}}
  - {{player: O, mark: [1, 1]}}
  - {{player: X, mark: [1, 0]}}
  - {{player: O, mark: [2, 2]}}
  - {{player: X, mark: [2, 0]}}
expect:
  board: {{"0,0": X, "1,0": X, "2,0": X, "1,1": O, "2,2": O}}
  winner: [{winner}]
"""


@pytest.mark.parametrize("dice, winner, verdict", [
    ([1], "X", None),
    ([1], "O", "expected ['O'] to win"),
    ([3], "X", "before the first step: forced die 1 is 3, but the die rolled here is a d2"),
    ([2], "X", "step 1: Mark(player='X', at=Square(0, 0)): the game said not_your_turn, expected yes"),
])
def test_the_scenario_runner_plays_the_toy(tmp_path, dice, winner, verdict):
    path = tmp_path / "toy.yaml"
    path.write_text(SCENARIO.format(name="X wins the top row", dice=dice, winner=winner))
    result = run_file(path)
    assert result.ok is (verdict is None), result.message
    if verdict:
        assert verdict in result.message


def test_the_toy_is_under_a_hundred_lines():
    import toy_tictactoe

    assert len(open(toy_tictactoe.__file__).read().splitlines()) < 100
    assert DieRolled(1, 2).sides == 2


TOY_SCENARIOS = TESTS / "data" / "toy"


def test_deathmatch_scenario_plays_the_toy_on_a_square_arena_and_an_orthogonal_map(capsys):
    from deathmatch.cli import main

    assert main(["scenario", str(TOY_SCENARIOS)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["PASS toy on a 4x2 square arena with an obstacle",
                   "PASS toy on the orthogonal Tiled map square_yard.tmx", "2 passed, 0 failed"]


def test_a_square_arena_is_the_games_board():
    game = new_game(Setup(arena=square(4, 2, blocked=[(1, 0)])), ForcedDice([1]))
    assert sorted(m.at for m in game.pending.options) == [(0, 0), (0, 1), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]
    assert all(type(m.at) is Square for m in game.pending.options)
    with pytest.raises(IllegalAction, match="bad_cell"):
        game.apply(Mark("X", Square(1, 0)))
    # the only lines are the two ranks' three-in-a-rows that miss the obstacle
    assert sorted(game.lines) == [(Square(0, 1), Square(1, 1), Square(2, 1)), (Square(1, 1), Square(2, 1), Square(3, 1))]


def test_a_record_keeps_the_square_arena():
    game, rng = new_game(Setup(seed=3, arena=square(4, 2, blocked=[(1, 0)]))), random.Random(2)
    play_until_over(game, lambda g: RULESET.random_answer(g, rng))
    record = Record.loads(registry.record_of(game, RULESET).dumps())
    assert record.setup["arena"] == {"square": [4, 2], "blocked": [[1, 0]]}
    again = registry.replay(record)
    assert again.board == game.board and again.setup.arena.floor == game.setup.arena.floor


MALFORMED = """\
ruleset: tictactoe
name: malformed
arena: {arena}
marks:
  - {{player: O, at: {at}}}
dice: [1]
steps:
  - {{player: X, mark: [0, 0]}}
  - {{player: O,
     mark: {mark}}}
"""


@pytest.mark.parametrize("arena, at, mark, line, message", [
    ("{square: [3, 3]}", "[2, 2]", "[1]", 10, "step 2: steps.1.mark: expected a square [x, y] (two whole numbers), got [1]"),
    ("{square: [3, 3]}", "[2, 2]", "[a, 1]", 10, "step 2: steps.1.mark: expected a square [x, y] (two whole numbers), got ['a', 1]"),
    ("{square: [3, 3]}", "[2, 2]", "[1, 1, 1]", 10, "step 2: steps.1.mark: expected a square [x, y]"),
    ("{square: [3, 3]}", "[2, 2]", "{x: 1, y: 1}", 10, "step 2: steps.1.mark: expected a square [x, y]"),
    ("{square: [3, 3]}", "[3, 0]", "[1, 1]", 5, "marks.0.at: [3, 0] is not a floor square of the arena"),
    ("{square: [3, 3]}", "[true, 0]", "[1, 1]", 5, "marks.0.at: expected a square [x, y] (two whole numbers), got [True, 0]"),
    ("{hexagon: 2}", "[0, 0]", "[1, 1]", 3, "arena: this ruleset plays on a square grid, but the arena is a hex grid"),
    ("{square: [3]}", "[0, 0]", "[1, 1]", 3, "arena: arena.square: expected [width, height]"),
    ("{square: [3, 3], obstacles: [[1]]}", "[0, 0]", "[1, 1]", 3, "arena: arena.obstacles: expected a list of [x, y] pairs"),
    ("{map: no_such_map.tmx}", "[0, 0]", "[1, 1]", 3, "arena: no_such_map.tmx: error: map: no such file"),
])
def test_a_malformed_square_position_or_arena_fails_naming_the_file_step_and_line(tmp_path, arena, at, mark, line, message):
    path = tmp_path / "bad.yaml"
    path.write_text(MALFORMED.format(arena=arena, at=at, mark=mark))
    result = run_file(path)
    assert not result.ok
    assert result.message.startswith(f"{path}:{line}: {message}"), result.message


def test_a_path_of_squares_is_read_entry_by_entry_naming_the_bad_ones_line(tmp_path):
    from deathmatch.core.scenario import Fail, Script
    from deathmatch.yamlfile import load_yaml

    text = "steps:\n  - model: a\n    do: move\n    path:\n      - [0, 1]\n      - [1, 2]\n      - [2]\n"
    data, lines = load_yaml(text, "path.yaml")
    script = Script(data, lines, tmp_path / "path.yaml")
    good = script.positions(("steps", 0, "path"), data["steps"][0]["path"][:2], Square)
    assert good == [Square(0, 1), Square(1, 2)] and all(type(s) is Square for s in good)
    with pytest.raises(Fail) as e:
        script.positions(("steps", 0, "path"), data["steps"][0]["path"], Square)
    assert str(e.value) == (f"{tmp_path / 'path.yaml'}:7: step 1: steps.0.path.2: "
                            "expected a square [x, y] (two whole numbers), got [2]")
    with pytest.raises(Fail, match=r"path.yaml:4: step 1: steps.0.path: expected a list of positions"):
        script.positions(("steps", 0, "path"), "north", Square)
