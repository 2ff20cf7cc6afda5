"""Gladiator!'s words fit each fighter: a gladiator's `pronoun` (he, she, they, it; "it" for a lion
left without one) is read from the gladiator files, kept in the setup's and the season's JSON (old
records without it load as before), and the log, the prompts, the hand-off and the results speak of
her as "her", never "his". Headless: bouts driven with a fixed dt."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re  # noqa: E402

from deathmatch.rulesets.gladiator import events as ev  # noqa: E402
from deathmatch.rulesets.gladiator.gladiators import (dump_gladiator, load_default_library,  # noqa: E402
                                                      parse_gladiator, read_gladiator_file)
from deathmatch.rulesets.gladiator.model import Gladiator  # noqa: E402
from deathmatch.rulesets.gladiator.setup import Seat, Setup, gladiator_from_json, gladiator_to_json  # noqa: E402

DT = 1 / 60
HIS = re.compile(r"\b(his|him|he|himself)\b", re.I)


def test_the_words_follow_the_pronoun_and_a_lion_left_without_one_is_it():
    assert Gladiator("a", "A", "thracian").words().possessive == "his"
    assert Gladiator("a", "A", "lion").words().subject == "it"
    w = Gladiator("a", "A", "dimachaerus", pronoun="she").words()
    assert (w.subject, w.object, w.possessive) == ("she", "her", "her")
    w = Gladiator("a", "A", "secutor", pronoun="they").words()
    assert (w.subject, w.object, w.possessive, w.s) == ("they", "them", "their", "")
    assert Gladiator("a", "A", "lion", pronoun="he").words().subject == "he"
    assert Gladiator("a", "A", "thracian", pronoun="xe").problems() == [
        "A: pronoun 'xe' is not one of he, she, they, it"]


def test_the_bundled_women_are_she():
    lib = load_default_library()
    for gid in ("achillia", "rufa", "umbra"):
        assert lib.gladiators[gid].pronoun == "she", gid
    assert lib.gladiators["crixus"].words().possessive == "his"


def test_the_loader_refuses_an_unknown_pronoun_with_its_file_and_line(tmp_path):
    f = tmp_path / "xena.yaml"
    f.write_text("id: xena\nname: Xena\ntype: thracian\npronoun: xe\nflavour: A test.\n")
    g, problems = read_gladiator_file(f)
    assert g is None
    [p] = [str(p) for p in problems]
    assert p.startswith(f"{f}:4: pronoun: ")
    assert "he, she, they, it" in p
    f.write_text("id: xena\nname: Xena\ntype: thracian\npronoun: she\nflavour: A test.\n")
    g, problems = read_gladiator_file(f)
    assert problems == [] and g.pronoun == "she"
    back, again = parse_gladiator(__import__("yaml").safe_load(dump_gladiator(g)))
    assert again == [] and back == g


def test_setup_json_keeps_the_pronoun_and_old_records_without_it_load():
    g = Gladiator("achillia", "Achillia", "dimachaerus", pronoun="she")
    assert gladiator_from_json(gladiator_to_json(g)) == g
    old = {"id": "crixus", "name": "Crixus", "type": "myrmillo"}
    assert gladiator_from_json(old) == Gladiator("crixus", "Crixus", "myrmillo")
    setup = Setup((Seat("Ann", "red", g), Seat("Bob", "blue", Gladiator("x", "X", "lion"))), {"map": "m"}, seed=3)
    assert Setup.from_json(setup.to_json()) == setup


def test_the_seasons_json_keeps_the_pronoun():
    from deathmatch.rulesets.gladiator.career import gladiator_to_json as season_json

    assert season_json(Gladiator("a", "A", "thracian", pronoun="she"))["pronoun"] == "she"
    assert "pronoun" not in season_json(Gladiator("a", "A", "thracian"))


def _bout(seed, a, b):
    from deathmatch.board.arenas import list_arenas
    from deathmatch.rulesets.gladiator.setup import new_game

    board = next(e.report.arena for e in list_arenas(ruleset="gladiator") if e.ok and e.path.stem == "sand_circle")
    return new_game(Setup((Seat("Ann", "vermilion", a), Seat("Bob", "sky blue", b)), {"map": board.source["map"]},
                          seed=seed), board)


ACHILLIA = Gladiator("achillia", "Achillia", "dimachaerus", pronoun="she")
LION = Gladiator("leo", "Leo", "lion")


def _table(game, auto):
    from test_gladiator_screens import fresh_app

    from deathmatch.scenes.gladiator.bout import GladiatorTable, map_path

    app = fresh_app((1024, 600))
    table = GladiatorTable(app, game, map_path(game), handoff=False,
                           auto_players={p: None for p in game.state.players} if auto else {},
                           anim_speed=60.0, seed=1, auto_delay=0.0)
    app.stack.replace(table)
    return app, table


def test_the_log_of_whole_bouts_says_her_and_its_and_never_his():
    lines: list[str] = []
    for seed in (5, 6, 7):
        _, table = _table(_bout(seed, ACHILLIA, LION), auto=True)
        steps = 0
        while table.stage != "over":
            table.update(DT)
            steps += 1
            assert steps < 100000, "the bout never ended"
        lines += table.log
    assert not [line for line in lines if HIS.search(line)]
    assert any(re.search(r"Achillia (attacks|makes a frenzied attack on) Leo \(\d AP\): her ", line) for line in lines)
    assert any(re.search(r"Leo (attacks|makes a frenzied attack on) Achillia \(\d AP\): its ", line) for line in lines)


def test_each_event_about_her_is_told_with_her_words():
    from deathmatch.scenes.gladiator.log import describe

    game = _bout(1, ACHILLIA, LION)
    she = next(m.id for m in game.state.men.values() if m.gladiator == ACHILLIA)
    told = [describe(e, game) for e in (ev.Dropped(she, "weapon", (0, 0)), ev.Special(she, "one_one"),
                                        ev.Special(she, "two_two"), ev.PickedUp(she, "shield", (0, 0), 1))]
    assert told == ["Achillia drops her weapon", "Achillia: 1 and 1: she falls!",
                    "Achillia: 2 and 2: she drops her kit!", "Achillia picks up her shield (1 AP)"]


def test_her_posture_prompt_says_her():
    game = _bout(2, ACHILLIA, Gladiator("rufa", "Rufa", "dimachaerus", pronoun="she"))
    app, table = _table(game, auto=False)
    for _ in range(2000):
        table.update(DT)
        if table.stage in ("choose", "reroll", "card") and not table.animator.busy:
            table.answer(table.options[0])  # go first, keep the die, pass
        if table.stage == "posture" and not table.animator.busy:
            break
    assert table.stage == "posture"
    app.frame([], DT)
    words = table.prompt_words()
    assert "opens her half — her posture?" in words and "until her next half" in words
    assert not HIS.search(words)
    hints = [b.hint for b in table.buttons if getattr(b, "tag", None) and b.tag[0] == "posture"]
    assert len(hints) == 3 and all(h.endswith("until her next half") for h in hints)
