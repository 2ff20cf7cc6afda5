"""Issue 27, class 7 "Tampering accepted": a file that does not replay to what it says is a
broken file with its reason, never a quietly different game.

- A Gladiator! season (rulesets/gladiator/season.py and career.py): every bout's result
  is believed only if the bout's record, replayed by the real rules, gives exactly that result.
- A saved game of each of the four games (deathmatch/saves.py): a seed changed by hand (in the
  record, in its setup or both) or a summary that disagrees with the replay is refused on Load,
  Continue and Replay.

Every file here is real (a season of the real rules and bots, games of the real rulesets), saved
by the real writers, edited as a cheat would edit it, and read back through the real loaders.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from conftest import ROOT
from deathmatch import saves
from deathmatch.rulesets.gladiator import season as season_file
from deathmatch.board.arena import hexagon, square
from deathmatch.core import registry
from deathmatch.core.errors import RecordError
from deathmatch.rulesets.gladiator.career import Season, SeasonError, bout_with_bots, rules_for_careers, run

# --- a real season, edited ---


@pytest.fixture(scope="module")
def real_season():
    """A finished season of three bot ludi, every bout fought by the Gladiator! rules and bots
    (seed 3: a man killed in bout 1 and one put down by the crowd in bout 2)."""
    s = Season(3, deck=rules_for_careers().career.deck(), name="Tampered", bot_ludi=3)
    run(s, bout_with_bots())
    assert s.over and len(s.bouts) == 3
    return s


def _data(season):
    """The season's file as JSON, its own copy to edit."""
    return json.loads(json.dumps(season.to_json()))


def _write(tmp_path, data, name="season.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _results(data):
    """(action index, action) of every bout's result in the file, in order."""
    return [(i, a) for i, a in enumerate(data["actions"]) if a["do"] == "result"]


def _man(season, action, i):
    b = season.bouts[action["bout"]]
    return season.fighters[b.picks[b.sides[i]]]


def test_an_untouched_real_season_loads_as_saved(real_season, tmp_path):
    path = season_file.save(real_season, tmp_path / "season.json")
    back = season_file.load(path)
    assert back.to_json() == real_season.to_json()
    assert [f.name for f in back.memorial()] == [f.name for f in real_season.memorial()]


def test_a_killed_man_spared_in_the_file_is_refused_naming_the_bout(real_season, tmp_path):
    data = _data(real_season)
    i, result = next((i, a) for i, a in _results(data)
                     if any(m["end"] == "killed" for m in a["result"]["men"]))
    k = next(k for k, m in enumerate(result["result"]["men"]) if m["end"] == "killed")
    dead = _man(real_season, result, k)
    assert not dead.alive  # he is in the memorial
    result["result"]["men"][k]["end"] = "spared"  # ... and the cheat has him walk again
    path = _write(tmp_path, data)
    with pytest.raises(SeasonError) as e:
        season_file.load(path)
    assert str(e.value) == (f"season.json: action {i + 1} (result): bout {result['bout'] + 1}: the file says "
                            f"{dead.name} was spared, but its record replays to his death (killed in the sand)")


def test_a_man_put_down_by_the_crowd_spared_in_the_file_is_refused(real_season, tmp_path):
    data = _data(real_season)
    i, result = next((i, a) for i, a in _results(data)
                     if any(m["end"] == "thumbs_down" for m in a["result"]["men"]))
    k = next(k for k, m in enumerate(result["result"]["men"]) if m["end"] == "thumbs_down")
    name = _man(real_season, result, k).name
    result["result"]["men"][k]["end"] = "spared"
    with pytest.raises(SeasonError, match=rf"bout {result['bout'] + 1}: the file says {name} was spared, "
                                          r"but its record replays to his death \(the crowd's thumbs down\)"):
        season_file.load(_write(tmp_path, data))


def test_a_flipped_winner_with_a_matching_card_draw_is_refused(real_season, tmp_path):
    data = _data(real_season)
    i, result = _results(data)[0]
    r = result["result"]
    w = r["winner"]
    assert w is not None
    bout = real_season.bouts[result["bout"]]
    loser_ludus, winner_ludus = bout.sides[1 - w], bout.sides[w]
    r["winner"] = 1 - w  # the loser won, the winner lies where the loser lay ...
    r["men"][w]["end"], r["men"][1 - w]["end"] = r["men"][1 - w]["end"], "standing"
    draw = next(a for a in data["actions"] if a["do"] == "draw" and a["bout"] == result["bout"])
    draw["gladiator"] = bout.picks[loser_ludus]  # ... and draws the very card the dice give the winner
    with pytest.raises(SeasonError) as e:
        season_file.load(_write(tmp_path, data))
    why = str(e.value)
    assert why.startswith(f"season.json: action {i + 1} (result): bout {result['bout'] + 1}: the file says "
                          f"{loser_ludus} won, but its record replays to {winner_ludus}'s win; ")
    assert f"the file says {real_season.fighters[bout.picks[winner_ludus]].name} was killed" in why


def test_damage_wounds_or_cards_edited_in_a_result_are_refused(real_season, tmp_path):
    data = _data(real_season)
    _, result = _results(data)[1]
    name = _man(real_season, result, 0).name
    cases = [
        (lambda m: m.update(damage_dealt=m["damage_dealt"] + 1), f"the file says {name} dealt"),
        (lambda m: m.update(wounds={}), f"the file gives {name} the wounds none, its record"),
    ]
    for change, why in cases:
        d = copy.deepcopy(data)
        change(_results(d)[1][1]["result"]["men"][0])
        with pytest.raises(SeasonError, match=f"bout {result['bout'] + 1}: {why}"):
            season_file.load(_write(tmp_path, d))


def test_a_result_whose_record_is_gone_or_of_another_bout_or_illegal_is_refused(real_season, tmp_path):
    data = _data(real_season)
    (_, first), (_, second) = _results(data)[:2]

    stripped = copy.deepcopy(data)
    _results(stripped)[0][1]["result"]["record"] = None
    with pytest.raises(SeasonError, match="bout 1: its result has no record of the bout to replay"):
        season_file.load(_write(tmp_path, stripped))

    swapped = copy.deepcopy(data)  # bout 2's record under bout 1's result: another bout's men and seed
    _results(swapped)[0][1]["result"]["record"] = second["result"]["record"]
    with pytest.raises(SeasonError, match="bout 1: its record is not of this bout"):
        season_file.load(_write(tmp_path, swapped))

    reseeded = copy.deepcopy(data)  # the bout's seed changed: its setup is no longer the season's
    record = _results(reseeded)[0][1]["result"]["record"]
    record["seed"] += 1
    record["setup"]["seed"] += 1
    with pytest.raises(SeasonError, match="bout 1: its record is not of this bout"):
        season_file.load(_write(tmp_path, reseeded))

    illegal = copy.deepcopy(data)  # a decision made twice: the rules refuse it on replay
    decisions = _results(illegal)[0][1]["result"]["record"]["decisions"]
    decisions.insert(1, decisions[0])
    with pytest.raises(SeasonError, match=r"bout 1: its record does not replay \(decision 2 "):
        season_file.load(_write(tmp_path, illegal))

    cut = copy.deepcopy(data)  # the bout's last blow cut off: it never ended
    _results(cut)[0][1]["result"]["record"]["decisions"].pop()
    with pytest.raises(SeasonError, match="bout 1: its record stops after .* decisions, before the bout ended"):
        season_file.load(_write(tmp_path, cut))


def test_the_seasons_list_reports_a_tampered_season_and_continue_skips_it(real_season):
    unfinished = Season(3, deck=rules_for_careers().career.deck(), name="Unfinished", bot_ludi=3)
    run(unfinished, bout_with_bots(), stop_after=len(real_season.actions) - 4)
    assert not unfinished.over and any(b.result for b in unfinished.bouts)
    good = season_file.save(unfinished, season_file.season_path("Unfinished"))
    data = _data(unfinished)
    _, result = next((i, a) for i, a in _results(data) if any(m["end"] == "killed" for m in a["result"]["men"]))
    next(m for m in result["result"]["men"] if m["end"] == "killed")["end"] = "spared"
    bad = season_file.seasons_dir() / "cheat.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    text = bad.read_text(encoding="utf-8")
    seasons, broken = season_file.list_seasons()
    assert [p for p, _ in seasons] == [good]
    assert [(p, why.split(": action")[0]) for p, why in broken] == [(bad, "cheat.json")]
    assert "its record replays to his death" in broken[0][1]
    path, resumed = season_file.to_continue()
    assert path == good and resumed.to_json() == unfinished.to_json()
    assert bad.read_text(encoding="utf-8") == text  # never changed


def test_deathmatch_season_resume_refuses_a_tampered_season(real_season, tmp_path, capsys):
    from deathmatch.cli import main

    data = _data(real_season)
    r = _results(data)[0][1]["result"]
    r["men"][1 - r["winner"]]["end"] = "spared"
    path = _write(tmp_path, data)
    assert main(["season", "--resume", str(path)]) == 2
    assert "deathmatch season: error: season.json: action" in capsys.readouterr().out
    assert json.loads(path.read_text(encoding="utf-8")) == data  # not written over


# --- saved games of the four games, edited ---


def _game(ruleset_id: str, seed: int = 5, decisions: int = 30):
    """A game of the real rules after `decisions` random answers (or fewer if it ends)."""
    rules = registry.get(ruleset_id)
    if ruleset_id == "celebrity":
        from deathmatch.rulesets.celebrity.cards import load_cards
        from deathmatch.rulesets.celebrity.randomplay import random_game

        game = random_game(load_cards([ROOT / "assets" / "cards"]), seed, players=2)
    else:
        arena = square(8, 8) if ruleset_id == "skirmish" else hexagon(4)
        game = rules.quick_game(["Ann", "Bob"], arena, seed)
    rng = random.Random(seed + 1)
    for _ in range(decisions):
        if game.over:
            break
        game.apply(rules.random_answer(game, rng))
    assert not game.over and len(game.history) == decisions
    return game


GAMES = [m.id for m in registry.games()]
"""Every installed game (the registry's)."""


def _saved(ruleset_id):
    game = _game(ruleset_id)
    path = saves.write_game(game, ruleset_id)
    return game, path, json.loads(path.read_text(encoding="utf-8"))


def _rewrite(path, data):
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_an_untouched_save_of_each_game_loads_replays_and_continues_as_saved(ruleset_id):
    game, path, data = _saved(ruleset_id)
    assert isinstance(data["meta"]["dice"], str)
    loaded = saves.load_game(path)
    assert loaded.history == game.history and loaded.dice._rng.getstate() == game.dice._rng.getstate()
    assert saves.load_record(path).decisions == tuple(data["decisions"])
    assert saves.latest_unfinished().path == path


@pytest.mark.parametrize("ruleset_id", GAMES)
@pytest.mark.parametrize("where", ["record", "setup", "both"])
def test_a_save_whose_seed_was_changed_is_refused_never_loaded_as_another_game(ruleset_id, where):
    _, path, data = _saved(ruleset_id)
    if where in ("record", "both"):
        data["seed"] += 1
    if where in ("setup", "both"):
        data["setup"]["seed"] += 1
    _rewrite(path, data)
    with pytest.raises(RecordError) as e:
        saves.load_game(path)
    with pytest.raises(RecordError):
        saves.load_record(path)  # nor watched as a replay
    why = str(e.value)
    if where != "both":  # the record and its setup disagree: seen without replaying, so the list says so
        assert why.startswith("broken: the record's seed (") and "is not its setup's" in why
        assert saves.list_saves()[0].error == why and saves.latest_unfinished() is None
    elif ruleset_id == "supers":  # its decisions stay legal under other dice: the digest tells
        assert why.startswith("broken: its record replays to another game than the one saved")
    else:  # the other three: a decision the new dice do not allow
        assert "is illegal on replay" in why or why.startswith("broken: its record replays to another game")


def test_a_supers_save_whose_seed_was_changed_is_refused_by_load_continue_and_replay():
    """The issue's case through the screens: the title's Continue and the Load screen's Load and
    Replay explain it, and nothing is played."""
    from deathmatch.scenes.app import App

    _, path, data = _saved("supers")
    data["seed"] += 1
    data["setup"]["seed"] += 1
    _rewrite(path, data)
    app = App((1024, 600))
    app.catch_errors = False
    title = app.open("title")
    assert title.continue_info is not None and title.continue_info.path == path
    title.continue_game()
    assert app.stack.top is title
    assert title.message.startswith("That save can not be continued: broken: its record replays to another game")
    load = app.open("load")
    load.load(load.saves[0])
    assert app.stack.top is load and "supers can not be loaded: broken: its record replays" in load.message
    load.replay(load.saves[0])
    assert app.stack.top is load and "supers can not be replayed: broken: its record replays" in load.message


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_a_save_whose_summary_disagrees_with_its_replay_is_refused(ruleset_id):
    _, path, data = _saved(ruleset_id)
    cut = dict(data, decisions=data["decisions"][:-5])  # the last five decisions undone by hand
    _rewrite(path, cut)
    with pytest.raises(RecordError, match=r"^broken: the save says its game took 30 decisions, but its record "
                                          r"holds 25: the file was edited$"):
        saves.load_game(path)
    _rewrite(path, dict(data, meta=dict(data["meta"], over=True)))
    with pytest.raises(RecordError, match="^broken: the save says its game is over, but its record replays to a "
                                          "game that is not over"):
        saves.load_game(path)
    _rewrite(path, dict(data, meta=dict(data["meta"], dice="0" * 16)))
    with pytest.raises(RecordError, match="^broken: its record replays to another game than the one saved"):
        saves.load_game(path)


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_a_save_with_a_decision_that_does_not_replay_is_refused(ruleset_id):
    _, path, data = _saved(ruleset_id)
    decisions = data["decisions"]
    _rewrite(path, dict(data, decisions=[decisions[0], *decisions]))  # the first answer given twice
    with pytest.raises(RecordError, match=r"^decision 2 \(.*\) is illegal on replay"):
        saves.load_game(path)


def test_a_save_from_before_the_dice_digest_still_loads():
    """A save written before the meta held `dice` (or with no meta) is not checked on it."""
    game, path, data = _saved("supers")
    del data["meta"]["dice"]
    _rewrite(path, data)
    assert saves.load_game(path).history == game.history
    _rewrite(path, {k: v for k, v in data.items() if k != "meta"})
    assert saves.load_game(path).history == game.history
