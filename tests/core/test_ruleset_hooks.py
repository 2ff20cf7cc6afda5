"""The registry's hooks for bots, tournament nights, the balance lab and quick games
(`deathmatch.core.registry.Ruleset`): Celebrity Deathmatch's give what the code that
called it directly got, decision for decision and byte for byte."""

from __future__ import annotations

import json

import pytest

from deathmatch import balance
from deathmatch.bots import make_bot as front_door
from deathmatch.core import registry
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.core.errors import RecordError
from deathmatch.rulesets.celebrity import GameRecord, Options, load_default_cards
from deathmatch.rulesets.celebrity.bots import STRENGTHS, EasyBot, HardBot, NormalBot, make_bot
from deathmatch.tournament import Entrant, Tournament, play_game_with_bots
from conftest import TESTS

GOLDEN = TESTS / "data" / "golden"
CELEBRITY = registry.get("celebrity")


def test_the_bot_levels_and_the_bots_come_through_the_registry():
    assert CELEBRITY.bot_levels == STRENGTHS == ("easy", "normal", "hard")
    kinds = {level: type(CELEBRITY.bot(level, "Ann", 5)) for level in CELEBRITY.bot_levels}
    assert kinds == {"easy": EasyBot, "normal": NormalBot, "hard": HardBot}
    assert [CELEBRITY.bot(level, "Ann", 5).thinks for level in CELEBRITY.bot_levels] == [False, False, True]
    assert [CELEBRITY.bot(level, None, 5).level for level in CELEBRITY.bot_levels] == list(STRENGTHS)
    assert type(front_door("hard", seed=2)) is HardBot
    with pytest.raises(ValueError, match="easy, normal, hard"):
        CELEBRITY.bot("godlike", "Ann", 1)


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_bot_from_the_registry_plays_as_the_bot_made_directly(level):
    from deathmatch.launch import make_game

    games = []
    for maker in (lambda seed: CELEBRITY.bot(level, None, seed), lambda seed: make_bot(level, seed)):
        game, _ = make_game(3, "classic_square", 4, round_limit=3)
        bots = {p: maker(10 + i) for i, p in enumerate(game.players)}
        play_until_over(game, lambda g: bots[g.pending.player].choose(g))
        games.append(game)
    assert games[0].over and games[0].history == games[1].history


def dealt(record_json: dict) -> dict:
    """A record with the text of its cards left out: the goldens were written before some
    card texts were corrected (issue 13), and before a game with standing orders also started its
    push backs on one (issue 29: `push_back_orders`); what is compared is who was dealt which card,
    the arena, the options, seed and decisions."""
    out = json.loads(json.dumps(record_json))
    out["setup"]["cards"] = sorted(out["setup"].get("cards", {}))
    out["setup"].pop("push_back_orders", None)
    return out


def test_a_quick_game_is_dealt_as_before_the_hook():
    """tests/data/golden/quick_games.json: what `make_game` dealt before it asked the registry."""
    from deathmatch.launch import make_game

    golden = json.loads((GOLDEN / "quick_games.json").read_text(encoding="utf-8"))
    made = {}
    for args, kw in [((4, "colosseum", 3), dict(round_limit=5, orders=True)), ((2, "duel_pit", 8), dict(beasts=False))]:
        game, _ = make_game(*args, **kw)
        made[repr((args, sorted(kw.items())))] = dealt(GameRecord.of(game).to_json())
    assert made == {k: dealt(v) for k, v in golden.items()}


def night():
    return Tournament([Entrant("Ann", 3, "Human"), Entrant("Bob", 5, "easy"), Entrant("Cy", 1, "Human")], 3,
                      ["bundled:classic_square", "bundled:duel_pit"], options=Options(hidden_cards=True, round_limit=3),
                      seed=21)


def test_a_nights_games_are_set_up_as_before_the_hook():
    """tests/data/golden/tournament_setups.json: games of a night with people and a bot, hidden
    cards (people start on their default standing orders), dealt (no repeats in game 2) and
    picked, as the tournament set them up before it asked the registry."""
    golden = json.loads((GOLDEN / "tournament_setups.json").read_text(encoding="utf-8"))
    lib = load_default_cards()
    t = night()
    t.start_game(lib)
    assert dealt(t.current.to_json()) == dealt(golden["dealt_game_1"])
    play_game_with_bots(t, lib)
    t.start_game()  # the ruleset's own library when none is given
    assert dealt(t.current.to_json()) == dealt(golden["dealt_game_2"])
    t = night()
    t.start_game(lib, {"Ann": ["tesla", "nzinga"], "Bob": ["leonidas", "cleopatra"], "Cy": ["attila", "beowulf"]})
    assert dealt(t.current.to_json()) == dealt(golden["picked_game_1"])


def test_a_night_records_its_ruleset_and_keeps_core_records(tmp_path):
    t = night()
    play_game_with_bots(t)
    data = t.to_json()
    assert data["ruleset"] == "celebrity" and isinstance(t.records[0], Record)
    # a ruleset's own record handed in by a screen is kept as the core's
    game = t.start_game()
    t.current = GameRecord.of(game)
    again = Tournament.from_json(json.loads(json.dumps(t.to_json())))
    assert again.ruleset == "celebrity" and again.resume_game().snapshot() == game.snapshot()
    data["ruleset"] = "chess"
    with pytest.raises(RecordError, match="'chess', which this game does not know"):
        Tournament.from_json(data)
    old = dict(t.to_json())
    del old["ruleset"]  # a file from before rulesets
    assert Tournament.from_json(old).ruleset == "celebrity"


def test_a_night_game_of_another_ruleset_is_refused():
    t = night()
    play_game_with_bots(t)
    data = t.to_json()
    data["records"][0]["ruleset"]["id"] = "tictactoe"
    with pytest.raises(RecordError, match="bad game .*'tictactoe', not of Celebrity Deathmatch"):
        Tournament.from_json(data)


def test_the_lab_refuses_an_unknown_ruleset_in_one_line(capsys):
    assert balance.cli(["--games", "2", "--players", "2", "--ruleset", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no ruleset 'chess'" in err and "celebrity" in err


def test_the_lab_names_a_ruleset_only_when_it_is_not_the_default():
    config = balance.SimConfig(1, 2, round_limit=2).checked()
    report = balance.summarize(config, balance.simulate(config))
    assert "ruleset" not in report["options"] and "--ruleset" not in report["command"]
    assert config.rules is CELEBRITY.lab


def test_a_ruleset_without_bots_nights_or_lab_is_told_so_in_words(capsys, monkeypatch):
    import toy_tictactoe  # ("tictactoe": no bots, no nights, no lab)

    from deathmatch.core import registry

    monkeypatch.setitem(registry._RULESETS, "tictactoe", toy_tictactoe.RULESET)  # (imported before, maybe forgotten since)

    assert balance.cli(["--games", "2", "--players", "2", "--ruleset", "tictactoe"]) == 2
    assert "Tic-tac-toe has no balance lab" in capsys.readouterr().err
    with pytest.raises(RecordError, match="Tic-tac-toe has no tournament nights"):
        Tournament([Entrant("Ann"), Entrant("Bob")], 1, ["bundled:duel_pit"], ruleset="tictactoe")
    with pytest.raises(ValueError, match="Tic-tac-toe has no computer players"):
        front_door("easy", ruleset="tictactoe")
