"""Chessboard Skirmish army files (deathmatch/rulesets/skirmish/armies.py): every bundled army
loads and is legal at its points; every kind of bad field is reported as `file:line: field:
what to do`; hostile files (huge, an alias bomb, deep nesting, a pipe) are refused without a
crash or a hang and the other armies still load; dump → load gives the army back; saving
never leaves the armies folder and never overwrites another army by accident."""

from __future__ import annotations

import os

import pytest

from conftest import ROOT
from deathmatch import paths
from deathmatch.cli import main
from deathmatch.rulesets.skirmish.armies import (MAX_MINIATURES, dump_army, file_stem, load_armies,
                                                 load_default_armies, parse_army, read_army_file, save_user_army)
from deathmatch.rulesets.skirmish.army import POINT_LEVELS, Army, Miniature

BUNDLED = ROOT / "assets" / "armies"

GOOD = """\
name: Roman Legion
points: 30
blurb: Shields locked, eyes front.
miniatures:
  - {name: Centurion, die: d6, weapon: melee, armour: 1, hero: true}
  - {name: Legionary, die: d4, weapon: melee, armour: 1}
  - {name: Velite, die: d4, weapon: bow}
"""


def write(folder, name, text):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def messages(path):
    army, problems = read_army_file(path)
    assert army is None
    return [str(p) for p in problems]


# --- the bundled armies --------------------------------------------------------------------


def test_every_bundled_army_loads_and_is_legal_at_its_points():
    armies, problems = load_armies([BUNDLED])
    assert problems == []
    files = sorted(BUNDLED.glob("*.yaml"))
    assert len(armies) == len(files) >= 16
    for army in armies:
        assert army.points in POINT_LEVELS, army.name
        assert army.problems(army.points) == [], army.name
        assert army.cost() <= army.points
        assert army.blurb and len(army.miniatures) >= 1
    names = [a.name for a in armies]
    assert len(set(names)) == len(names)


def test_at_least_eight_armies_at_30_points_spend_them_and_two_at_each_other_level():
    armies, _ = load_armies([BUNDLED])
    at = {level: [a for a in armies if a.points == level] for level in POINT_LEVELS}
    assert len(at[30]) >= 8
    assert all(a.cost() >= 28 for a in at[30]), [(a.name, a.cost()) for a in at[30] if a.cost() < 28]
    for level in (20, 40, 50):
        assert len(at[level]) >= 2, level


def test_the_default_armies_are_the_bundled_then_the_players(tmp_path):
    paths.ensure_user_folders()
    user = paths.user_dir("armies")
    assert user.is_dir() and user.parent == paths.user_data_dir()
    write(user, "mine.yaml", GOOD.replace("Roman Legion", "My Legion"))
    armies, problems = load_default_armies()
    assert problems == []
    assert armies[-1].name == "My Legion" and armies[-1].source == str(user / "mine.yaml")
    assert any(a.name == "Roman Legion" for a in armies[:-1])


# --- a good file, read right ----------------------------------------------------------------


def test_a_good_file_gives_its_army_with_defaults_filled_in(tmp_path):
    army, problems = read_army_file(write(tmp_path, "legion.yaml", GOOD))
    assert problems == []
    assert army == Army("Roman Legion", (Miniature("Centurion", 6, "melee", 1, True),
                                         Miniature("Legionary", 4, "melee", 1, False),
                                         Miniature("Velite", 4, "bow", 0, False)), 30, "Shields locked, eyes front.")
    assert army.cost() == 11 + 6 + 7 and army.source == str(tmp_path / "legion.yaml")


def test_a_free_list_has_no_points_and_may_cost_anything(tmp_path):
    text = "name: Big\npoints: null\nminiatures:\n" + "  - {name: Giant, die: d20, weapon: gun, armour: 5, hero: true}\n" * 3
    army, problems = read_army_file(write(tmp_path, "big.yaml", text))
    assert problems == [] and army.points is None and army.cost() == 3 * 37


# --- every kind of bad field, with its line ------------------------------------------------


BAD = [
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: A, die: d7}\n",
     "4: miniatures[0].die: 'd7' is not a die of the game"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: A, die: 8}\n",
     "4: miniatures[0].die: write the die as d8, not as the number 8"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: A}\n",
     "4: miniatures[0].die: missing: give the miniature's die, one of d4, d6, d8, d10, d12, d20"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: A, die: d4}\n  - {name: B, die: d4, weapon: bwo}\n",
     "5: miniatures[1].weapon: 'bwo' is not a weapon (did you mean 'bow'?); use one of melee, bow, gun"),
    ("name: Legion\npoints: 30\nminiatures:\n  - name: A\n    die: d4\n    armour: -1\n",
     "6: miniatures[0].armour: a number (-1) is not an armour count: write a whole number from 0 to 10"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: A, die: d4, armour: 1.5}\n",
     "4: miniatures[0].armour: a number (1.5) is not an armour count"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: A, die: d4, armour: 11}\n",
     "4: miniatures[0].armour: a number (11) is not an armour count: write a whole number from 0 to 10"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: A, die: d4, hero: maybe}\n",
     "4: miniatures[0].hero: 'maybe' is not a yes/no: write hero: true or hero: false"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: A, die: d4, heroic: true}\n",
     "4: miniatures[0].heroic: unknown field (did you mean 'hero'?); a miniature has name, die, weapon, armour, hero"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {die: d4}\n",
     "4: miniatures[0].name: missing: every miniature needs a name"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: 12, die: d4}\n",
     "4: miniatures[0].name: must be text, not a number (12)"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: '" + "x" * 33 + "', die: d4}\n",
     "4: miniatures[0].name: is 33 characters long; at most 32: shorten it"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: \"A\\tB\", die: d4}\n",
     "4: miniatures[0].name: holds a control character"),
    ("name: '  '\npoints: 30\nminiatures:\n  - {name: A, die: d4}\n", "1: name: is empty: give the name"),
    ("points: 30\nminiatures:\n  - {name: A, die: d4}\n", "name: missing: every army needs a name"),
    ("name: Legion\npoints: 35\nminiatures:\n  - {name: A, die: d4}\n",
     "2: points: a number (35) is not a points level: write one of 20, 30, 40, 50, or null for a free list"),
    ("name: Legion\npoints: thirty\nminiatures:\n  - {name: A, die: d4}\n",
     "2: points: 'thirty' is not a points level"),
    ("name: Legion\npoints: 30\nblurb: [a, b]\nminiatures:\n  - {name: A, die: d4}\n",
     "3: blurb: must be text, not a list"),
    ("name: Legion\npoints: 30\nminiatures: []\n", "3: miniatures: the army has no miniatures: add at least one"),
    ("name: Legion\npoints: 30\n", "miniatures: missing: list the army's miniatures"),
    ("name: Legion\npoints: 30\nminiatures: {name: A, die: d4}\n", "3: miniatures: must be a list of miniatures"),
    ("name: Legion\npoints: 30\nminiatures:\n  - Centurion\n",
     "4: miniatures[0]: a miniature must be a mapping such as {name: Archer, die: d6, weapon: bow}, not 'Centurion'"),
    ("name: Legion\npoints: 30\nmodels:\n  - {name: A, die: d4}\n",
     "3: models: unknown field; known fields: name, points, blurb, miniatures"),
    ("- name: Legion\n", "an army file must be a mapping with name, points, blurb and miniatures"),
    ("name: Legion\npoints: 20\nminiatures:\n  - {name: A, die: d12, hero: true}\n  - {name: B, die: d8, weapon: gun}\n",
     "2: points: the army costs 27 points, 7 over the 20 allowed: drop a miniature, a weapon, armour or a hero "
     "(the miniatures cost 15, 12)"),
    ("name: Legion\nname: Other\npoints: 30\nminiatures:\n  - {name: A, die: d4}\n",
     "2: YAML: 'name' is given twice"),
    ("name: Legion\npoints: 30\nminiatures:\n  - {name: A, die: d4\n", "YAML syntax error"),
]


@pytest.mark.parametrize("text, expected", BAD, ids=[e[1][:50] for e in BAD])
def test_a_bad_field_is_named_with_its_file_and_line_and_the_army_is_skipped(tmp_path, text, expected):
    path = write(tmp_path, "bad.yaml", text)
    found = messages(path)
    wanted = expected.replace("YAML: ", "")
    assert any(m.startswith(f"{path}:") or m.startswith(f"{path}: ") for m in found), found
    if wanted[0].isdigit():
        line, _, rest = wanted.partition(": ")
        assert any(m.startswith(f"{path}:{line}: ") and rest.split("'")[0] in m and rest in m.replace("  ", " ")
                   for m in found), found
    else:
        assert any(wanted in m for m in found), found


def test_every_problem_of_a_file_is_said_at_once(tmp_path):
    path = write(tmp_path, "bad.yaml", "name: Legion\npoints: 35\nminiatures:\n  - {name: A, die: d5}\n"
                                       "  - {name: B, die: d4, weapon: sling, armour: x}\n")
    found = messages(path)
    assert [m.split(": ")[0] + ": " + m.split(": ")[1] for m in found] == [
        f"{path}:2: points", f"{path}:4: miniatures[0].die", f"{path}:5: miniatures[1].weapon",
        f"{path}:5: miniatures[1].armour"]


def test_too_many_miniatures_are_refused(tmp_path):
    text = "name: Horde\npoints: null\nminiatures:\n" + "  - {name: Rat, die: d4}\n" * (MAX_MINIATURES + 1)
    assert messages(write(tmp_path, "horde.yaml", text)) == [
        f"{tmp_path / 'horde.yaml'}:3: miniatures: 25 miniatures; an army has at most 24: drop some"]
    text = "name: Horde\npoints: null\nminiatures:\n" + "  - {name: Rat, die: d4}\n" * MAX_MINIATURES
    assert read_army_file(write(tmp_path, "horde.yaml", text))[0] is not None


def test_a_broken_file_is_skipped_and_the_others_load(tmp_path):
    write(tmp_path, "a_good.yaml", GOOD)
    write(tmp_path, "b_bad.yaml", GOOD.replace("d6", "d3"))
    write(tmp_path, "c_good.yml", GOOD.replace("Roman Legion", "Second Legion"))
    write(tmp_path, "notes.txt", "not an army")
    armies, problems = load_armies([tmp_path, tmp_path / "missing"])
    assert [a.name for a in armies] == ["Roman Legion", "Second Legion"]
    assert [str(p) for p in problems] == [
        f"{tmp_path / 'b_bad.yaml'}:5: miniatures[0].die: 'd3' is not a die of the game; use one of d4, d6, d8, d10, d12, d20",
        f"{tmp_path / 'missing'}: no such file or folder"]


# --- hostile files -------------------------------------------------------------------------


def alias_bomb(levels: int = 9) -> str:
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        rows.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "name: Bomb\n" + "\n".join(rows) + "\n"


@pytest.mark.timeout(10)
def test_an_alias_bomb_is_refused_with_its_line_and_the_rest_load(tmp_path):
    write(tmp_path, "good.yaml", GOOD)
    bomb = write(tmp_path, "bomb.yaml", alias_bomb())
    armies, problems = load_armies([tmp_path])
    assert [a.name for a in armies] == ["Roman Legion"]
    assert [str(p) for p in problems] == [
        f"{bomb}:2: YAML anchors and aliases (&a0) are not allowed here: write every value out in full"]


def test_a_file_over_256_kb_is_refused_unread(tmp_path):
    big = write(tmp_path, "big.yaml", GOOD + "# padding\n" * 30_000)
    assert big.stat().st_size > 256 * 1024
    assert messages(big) == [f"{big}: the file is {big.stat().st_size // 1024} KB; an army file may be at most "
                             "256 KB (an army is a few lines): remove it"]


@pytest.mark.timeout(10)
def test_deep_nesting_is_a_message_not_a_crash(tmp_path):
    deep = write(tmp_path, "deep.yaml", "name: " + "[" * 5000 + "]" * 5000 + "\n")
    assert messages(deep) == [f"{deep}:1: nested more than 40 levels deep: this is not a card or scenario file"]


@pytest.mark.timeout(10)
def test_a_file_of_too_many_values_is_refused_at_the_first_one_over(tmp_path):
    many = write(tmp_path, "many.yaml", "name: Many\nminiatures: [" + "1," * 20_000 + "1]\n")
    [message] = messages(many)
    assert message.startswith(f"{many}:") and "more than 10000 values in one file" in message


@pytest.mark.timeout(30)  # a pipe opened for reading waits for a writer forever: fail, don't hang
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_pipe_in_the_armies_folder_is_refused_without_opening_it(tmp_path):
    write(tmp_path, "good.yaml", GOOD)
    os.mkfifo(tmp_path / "trap.yaml")
    armies, problems = load_armies([tmp_path])
    assert [a.name for a in armies] == ["Roman Legion"]
    assert [str(p) for p in problems] == [f"{tmp_path / 'trap.yaml'}: the file is not a regular file (a pipe or a "
                                          "device): put army files (.yaml) here, nothing else"]


def test_a_file_that_is_no_utf8_or_a_folder_is_a_message(tmp_path):
    (tmp_path / "bin.yaml").write_bytes(b"name: \xff\xfe\n")
    (tmp_path / "dir.yaml").mkdir()
    armies, problems = load_armies([tmp_path])
    assert armies == []
    found = [str(p) for p in problems]
    assert found[0].startswith(f"{tmp_path / 'bin.yaml'}: can not read the file:") and "save it as UTF-8" in found[0]
    assert found[1] == f"{tmp_path / 'dir.yaml'}: the file is a folder, not a file: put army files (.yaml) here, nothing else"


# --- writing -------------------------------------------------------------------------------


ODD = Army("Ünïcode: \"quoted\" #1", (Miniature("O'Brien: the #1", 20, "gun", 3, True), Miniature("- dash", 4)),
           None, "A blurb: with a colon, # a hash and 'quotes'.")


@pytest.mark.parametrize("army", [ODD] + load_armies([BUNDLED])[0], ids=lambda a: a.name)
def test_dump_then_load_gives_the_army_back(tmp_path, army):
    path = write(tmp_path, "army.yaml", dump_army(army))
    again, problems = read_army_file(path)
    assert problems == [] and again == army


def test_save_names_the_file_after_the_army_and_never_overwrites_another(tmp_path):
    folder = tmp_path / "armies"
    a = save_user_army(ODD, folder=folder)
    assert a == folder.resolve() / "unicode_quoted_1.yaml"
    b = save_user_army(ODD, folder=folder)
    assert b.name == "unicode_quoted_1_2.yaml" and a.exists()
    assert read_army_file(a)[0] == ODD == read_army_file(b)[0]
    changed = Army(ODD.name, ODD.miniatures[:1], None, "changed")
    assert save_user_army(changed, folder=folder, replace=a) == a  # the file it was loaded from: edited in place
    assert read_army_file(a)[0] == changed and read_army_file(b)[0] == ODD
    assert sorted(p.name for p in folder.iterdir()) == ["unicode_quoted_1.yaml", "unicode_quoted_1_2.yaml"]


def test_save_goes_to_the_players_armies_folder_by_default():
    army, _ = parse_army({"name": "Mine", "points": 20, "miniatures": [{"name": "A", "die": "d8"}]})
    path = save_user_army(army)
    assert path.parent == paths.user_dir("armies").resolve()
    assert load_default_armies()[0][-1] == army


@pytest.mark.parametrize("name, stem", [("../../etc/passwd", "etc_passwd"), ("/abs/path", "abs_path"), ("..", "army"),
                                        ("CON", "army_con"), ("日本の侍", "army"), ("C:\\x", "c_x"), ("a" * 80, "a" * 40)])
def test_a_name_never_leads_out_of_the_folder(tmp_path, name, stem):
    assert file_stem(name) == stem
    army = Army(name[:32], (Miniature("A", 4),), 20)
    path = save_user_army(army, folder=tmp_path / "armies")
    assert path.parent == (tmp_path / "armies").resolve() and path.name == f"{file_stem(name[:32])}.yaml"
    assert list((tmp_path / "armies").iterdir()) == [path]


def test_a_replace_outside_the_folder_or_a_link_is_not_written_through(tmp_path):
    folder = tmp_path / "armies"
    folder.mkdir()
    outside = write(tmp_path, "outside.yaml", "keep me")
    (folder / "link.yaml").symlink_to(outside)
    army = Army("Link", (Miniature("A", 4),), 20)
    p1 = save_user_army(army, folder=folder, replace=outside)
    p2 = save_user_army(army, folder=folder, replace=folder / "link.yaml")
    assert outside.read_text() == "keep me"
    assert p1.parent == p2.parent == folder.resolve() and p1 != p2 and "link" in p1.name


def test_an_illegal_army_is_not_saved_and_says_why(tmp_path):
    over = Army("Too Big", (Miniature("Giant", 20, "gun", 2, True),), 20)
    with pytest.raises(ValueError, match="costs 31 points, 11 over the 20 allowed"):
        save_user_army(over, folder=tmp_path)
    with pytest.raises(ValueError, match="no miniatures"):
        save_user_army(Army("Empty", (), 30), folder=tmp_path)
    with pytest.raises(ValueError, match="name"):
        save_user_army(Army("", (Miniature("A", 4),), 30), folder=tmp_path)
    assert list(tmp_path.iterdir()) == []


# --- deathmatch check-armies ----------------------------------------------------------------


def test_check_armies_lists_the_bundled_ones_ok(capsys):
    assert main(["check-armies"]) == 0
    out = capsys.readouterr().out
    assert "ok   Roman Legion: 30 points, costs 30, 4 miniatures" in out
    assert out.strip().splitlines()[-1].startswith(f"{len(list(BUNDLED.glob('*.yaml')))} valid armies, 0 broken, 0 problems")


def test_check_armies_names_every_problem_and_fails(tmp_path, capsys):
    write(tmp_path, "good.yaml", GOOD)
    bad = write(tmp_path, "bad.yaml", GOOD.replace("weapon: bow", "weapon: gnu"))
    assert main(["check-armies", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{bad}:7: miniatures[2].weapon: 'gnu' is not a weapon (did you mean 'gun'?); use one of melee, bow, gun "
        "(melee if left out)",
        f"ok   Roman Legion: 30 points, costs 24, 3 miniatures ({tmp_path / 'good.yaml'})",
        "1 valid armies, 1 broken, 1 problems in 2 files"]
