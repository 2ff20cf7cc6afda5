"""A toy ruleset (tests/toy_tictactoe.py) played through everything the core offers:
the machine, the record and replay, the scenario runner and random play."""

import random

import pytest
from toy_tictactoe import RULESET, CELLS, DieRolled, Mark, Marked, Setup, new_game

from deathmatch.core import registry
from deathmatch.core.dice import ForcedDice
from deathmatch.core.errors import IllegalAction, RecordError
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.scenario import run_file


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
        assert set(game.board) <= set(CELLS)


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
    ([2], "X", "step 1: Mark(player='X', at=(0, 0)): the game said not_your_turn, expected yes"),
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
