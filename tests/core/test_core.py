"""The core (deathmatch.core): dice of any sides, the record's versions, the one loop."""

import json
import random
import subprocess
import sys

import pytest

from conftest import ROOT
from deathmatch.core.dice import ForcedDice, SeededDice, draw_below
from deathmatch.core.errors import DiceExhausted, ForcedDieTooHigh, RecordError
from deathmatch.core.record import FORMAT, VERSION, Record


@pytest.mark.parametrize("sides", [2, 4, 6, 8, 10, 12, 20])
def test_seeded_dice_roll_every_face_of_any_die_and_nothing_else(sides):
    dice = SeededDice(3)
    seen = {dice.roll(sides) for _ in range(60 * sides)}
    assert seen == set(range(1, sides + 1))


def test_a_d6_rolls_what_it_rolled_before_there_were_other_dice():
    dice, rng = SeededDice(9), random.Random(9)
    assert [dice.roll() for _ in range(50)] == [rng.randint(1, 6) for _ in range(50)]


def test_draw_below_draws_what_randrange_draws():
    # The engine's dice and the random player draw with draw_below: records made when they
    # called randint and randrange must replay the same.
    for n in (1, 2, 3, 6, 7, 20, 64, 65, 1000, 2**31, 2**70 + 3):
        a, b = random.Random(n), random.Random(n)
        assert [draw_below(a, n) for _ in range(300)] == [b.randrange(n) for _ in range(300)], n
        assert [1 + draw_below(a, n) for _ in range(300)] == [b.randint(1, n) for _ in range(300)], n
    with pytest.raises(ValueError, match="empty range"):
        draw_below(random.Random(1), 0)


def test_the_dice_state_is_the_same_in_every_process():
    code = "from deathmatch.core.dice import SeededDice; d = SeededDice(7); d.roll(); print(d.state())"
    runs = {subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True).stdout
            for _ in range(3)}
    assert len(runs) == 1 and runs.pop().strip().lstrip("-").isdigit()
    a, b = SeededDice(7), SeededDice(7)
    a.roll()
    assert a.state() != b.state()
    b.roll(20)
    assert a.state() == b.state()  # one draw each: the same future


def test_forced_dice_refuse_a_value_their_die_can_not_show_and_running_out():
    dice = ForcedDice([3, 12, 5])
    assert dice.roll(4) == 3
    with pytest.raises(ForcedDieTooHigh, match="forced die 2 is 12, but the die rolled here is a d10"):
        dice.roll(10)
    assert dice.used == 1 and dice.roll(20) == 12 and dice.roll() == 5
    with pytest.raises(DiceExhausted):
        dice.roll()


def test_a_record_names_its_ruleset_and_old_records_are_celebrity_deathmatch():
    record = Record("tictactoe", 3, {"players": ["X", "O"]}, 5, ({"at": [0, 0]},))
    data = json.loads(record.dumps())
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["ruleset"] == {"id": "tictactoe", "version": 3} and data["seed"] == 5
    assert Record.from_json(data) == record
    old = Record.from_json({"format": FORMAT, "version": 1, "setup": {"seed": 8}, "decisions": []})
    assert (old.ruleset, old.ruleset_version, old.seed) == ("celebrity", 1, 8)


@pytest.mark.parametrize("data, words", [
    ({"format": "x"}, "not a Deathmatch game record"),
    ({"format": FORMAT, "version": VERSION + 1, "setup": {}}, "newer than this game"),
    ({"format": FORMAT, "version": 2, "ruleset": "celebrity", "setup": {}}, 'bad "ruleset"'),
    ({"format": FORMAT, "version": 2, "decisions": []}, "the record has none"),
])
def test_a_bad_record_says_what_is_wrong(data, words):
    with pytest.raises(RecordError, match=words):
        Record.from_json(data)
