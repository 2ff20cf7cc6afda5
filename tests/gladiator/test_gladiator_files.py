"""Gladiator!'s gladiator and experience card files (deathmatch/rulesets/gladiator/gladiators.py,
docs/GLADIATORS.md): every bundled file loads clean and the content covers every type and every
card kind; each kind of bad field is reported as `file:line: field: what to do` and that file
skipped while the rest load; hostile files (an alias bomb, a huge file, a pipe, a link out of the
folder) are refused without a crash or a hang; a gladiator written back loads equal, never
outside the folder nor over another's file; `deathmatch check-gladiators` and its exit codes."""

from __future__ import annotations

import os

import pytest

from conftest import ROOT
from deathmatch import paths
from deathmatch.cli import main
from deathmatch.rulesets.gladiator.gladiators import (
    Library, check_paths, dump_gladiator, gladiator_id, load_default_library, load_library, parse_gladiator,
    read_card_file, read_gladiator_file, save_user_gladiator)
from deathmatch.rulesets.gladiator.model import CARD_KINDS, TYPES, Card, Gladiator

GLADIATORS = ROOT / "assets" / "gladiators"
EXPERIENCE = ROOT / "assets" / "experience"

CARD = "id: dodge\nname: Dodge\ntext: A half-step, and the blade finds only air.\neffect: {kind: dodge}\n"
FURY = "id: fury_2\nname: Red Mist\ntext: Swinging for the gate.\neffect: {kind: fury, amount: 2}\n"
MAN = "id: crixus\nname: Crixus the Gaul\ntype: myrmillo\nflavour: He fights as if the sand owed him money.\ncards: [dodge]\n"


def write(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def folders(tmp_path, cards=(), men=()):
    """An experience folder and a gladiators folder holding these (name, text) files."""
    exp, glad = tmp_path / "experience", tmp_path / "gladiators"
    exp.mkdir(exist_ok=True)
    glad.mkdir(exist_ok=True)
    for name, text in cards:
        write(exp, name, text)
    for name, text in men:
        write(glad, name, text)
    return exp, glad


# --- the bundled files ---------------------------------------------------------------------


def test_every_bundled_file_loads_clean():
    lib = load_library([EXPERIENCE], [GLADIATORS])
    assert lib.problems == [] and lib.warnings == []
    assert len(lib.cards) == len(list(EXPERIENCE.glob("*.yaml")))
    assert len(lib.gladiators) == len(list(GLADIATORS.glob("*.yaml")))
    assert lib.files == len(lib.cards) + len(lib.gladiators)


def test_at_least_twelve_gladiators_cover_every_type_each_with_a_line_of_flavour():
    lib = load_library([EXPERIENCE], [GLADIATORS])
    men = list(lib.gladiators.values())
    assert len(men) >= 12
    assert {g.type for g in men} == set(TYPES)                      # the lion included
    assert all(g.flavour.strip() and g.name.strip() and g.problems() == [] for g in men)
    assert len({g.name for g in men}) == len(men)
    assert any(g.cards for g in men) and all(c in lib.cards for g in men for c in g.cards)


def test_at_least_twelve_cards_cover_every_kind_dodge_among_them():
    lib = load_library([EXPERIENCE], [])
    cards = list(lib.cards.values())
    assert len(cards) >= 12
    assert {c.kind for c in cards} == set(CARD_KINDS)
    assert lib.cards["dodge"].kind == "dodge" and lib.cards["dodge"].name == "Dodge"
    assert all(c.text.strip() and c.name.strip() and c.problems() == [] for c in cards)
    assert len({c.name for c in cards}) == len(cards)


def test_the_default_library_is_the_bundled_then_the_players():
    paths.ensure_user_folders()
    assert paths.user_dir("gladiators").is_dir() and paths.user_dir("experience").is_dir()
    mine = write(paths.user_dir("experience"), "brave.yaml", FURY.replace("fury_2", "brave"))
    write(paths.user_dir("gladiators"), "marcus.yaml", MAN.replace("crixus", "marcus").replace("[dodge]", "[brave]"))
    assert paths.user_dir("gladiators").parent == paths.user_dir("experience").parent == paths.user_data_dir()
    lib = load_default_library()
    assert lib.problems == []
    assert list(lib.cards)[-1] == "brave" and lib.cards["brave"].source == str(mine)
    assert list(lib.gladiators)[-1] == "marcus" and lib.gladiators["marcus"].cards == ("brave",)
    assert "crixus" in lib.gladiators and "dodge" in lib.cards


def test_a_players_file_with_a_bundled_id_is_refused_and_the_bundled_one_kept():
    write(paths.user_dir("gladiators"), "crixus.yaml", MAN.replace("Crixus the Gaul", "Fake Crixus"))
    lib = load_default_library()
    assert lib.gladiators["crixus"].name == "Crixus the Gaul"
    assert [str(p) for p in lib.problems] == [
        f"{paths.user_dir('gladiators') / 'crixus.yaml'}:1: id: duplicate id 'crixus': {GLADIATORS / 'crixus.yaml'} "
        "already has it; rename one of the gladiators"]


# --- a good file, read right ---------------------------------------------------------------


def test_a_good_file_gives_its_gladiator_with_his_kit(tmp_path):
    exp, glad = folders(tmp_path, [("dodge.yaml", CARD)],
                        [("crixus.yaml", MAN), ("varro.yaml", "id: varro\nname: Varro\ntype: secutor\nshield: medium\n"
                                                              "net: true\nbonus_ap: 1\n")])
    lib = load_library([exp], [glad])
    assert lib.problems == []
    assert lib.gladiators["crixus"] == Gladiator("crixus", "Crixus the Gaul", "myrmillo", cards=("dodge",),
                                                 flavour="He fights as if the sand owed him money.")
    varro = lib.gladiators["varro"]
    assert varro.kit().shield == "medium" and varro.kit().net and varro.kit().armour == "armoured"
    assert varro.bonus_ap == 1 and varro.source == str(glad / "varro.yaml")
    assert lib.cards["dodge"] == Card("dodge", "Dodge", "dodge", 0, "A half-step, and the blade finds only air.")


# --- every kind of bad field, with its line -------------------------------------------------

BAD_MEN = [
    ("id: a\nname: A\ntype: thracain\n",
     "3: type: 'thracain' is not a type (did you mean 'thracian'?); use one of thracian, secutor"),
    ("id: a\nname: A\n", "type: missing: give his type, one of thracian"),
    ("id: a\nname: A\ntype: [thracian]\n", "3: type: a list is not a type"),
    ("id: a\nname: A\ntype: thracian\nweapon: katana\n", "4: weapon: 'katana' is not a weapon; use one of sword, sica"),
    ("id: a\nname: A\ntype: thracian\nshield: huge\n", "4: shield: 'huge' is not a shield; use one of large, medium, none"),
    ("id: a\nname: A\ntype: thracian\narmour: 2\n", "4: armour: a number (2) is not a armour"),
    ("id: a\nname: A\ntype: thracian\nnet: sometimes\n", "4: net: 'sometimes' is not a yes/no: write net: true or net: false"),
    ("id: a\nname: A\ntype: thracian\nbonus_ap: 2\n", "4: bonus_ap: a number (2) is not a bonus: write 0, or 1"),
    ("id: a\nname: A\ntype: thracian\nflavor: hi\n",
     "4: flavor: unknown field (did you mean 'flavour'?); a gladiator has id, name, type, armour"),
    ("id: a\nname: A\ntype: thracian\ncards: [dodge, dodgy]\n",
     "4: cards[1]: no experience card has the id 'dodgy' (did you mean 'dodge'?); the cards are: dodge"),
    ("id: a\nname: A\ntype: thracian\ncards: dodge\n", "4: cards: must be a list of experience card ids"),
    ("id: a\nname: A\ntype: thracian\ncards:\n  - 7\n", "5: cards[0]: a number (7) is not a card id"),
    ("id: Big Man\nname: A\ntype: thracian\n", "1: id: 'Big Man' is not an id: write lower-case letters"),
    ("id: lion\nname: A\ntype: lion\n", "1: id: 'lion' is a type's id"),
    ("name: A\ntype: thracian\n", "id: missing: every gladiator needs an id"),
    ("id: a\ntype: thracian\n", "name: missing: every gladiator needs a name"),
    ("id: a\nname: '" + "x" * 33 + "'\ntype: thracian\n", "2: name: is 33 characters long; at most 32: shorten it"),
    ("id: a\nname: A\ntype: thracian\nflavour: [a, b]\n", "4: flavour: must be text, not a list"),
    ("id: a\nname: A\ntype: thracian\nflavour: \"a\\tb\"\n", "4: flavour: holds a control character"),
    ("- id: a\n", "a gladiator file must be a mapping"),
    ("id: a\nname: A\ntype: thracian\ntype: secutor\n", "4: 'type' is given twice"),
    ("id: a\nname: A\ntype: thracian\neffect: {kind: dodge}\n", "4: effect: unknown field"),
    ("id: a\nname: [A\n", "YAML syntax error"),
]


@pytest.mark.parametrize("text, expected", BAD_MEN, ids=[e[1][:48] for e in BAD_MEN])
def test_a_bad_gladiator_field_is_named_with_file_and_line_and_the_file_skipped(tmp_path, text, expected):
    exp, glad = folders(tmp_path, [("dodge.yaml", CARD)], [("a_bad.yaml", text), ("crixus.yaml", MAN)])
    lib = load_library([exp], [glad])
    assert list(lib.gladiators) == ["crixus"]                   # the rest load
    found = [str(p) for p in lib.problems]
    where = str(glad / "a_bad.yaml")
    if expected[0].isdigit():
        line, _, rest = expected.partition(": ")
        assert any(m.startswith(f"{where}:{line}: ") and rest in m for m in found), found
    else:
        assert any(m.startswith(f"{where}") and expected in m for m in found), found


BAD_CARDS = [
    ("id: f\nname: F\neffect: {kind: fury}\n",
     "3: effect.amount: fury needs an amount from 1 to 2 (it has 0): write an amount from 1 to 2, "
     "e.g. effect: {kind: fury, amount: 1}"),
    ("id: f\nname: F\neffect: {kind: fury, amount: 3}\n",
     "3: effect.amount: fury needs an amount from 1 to 2 (it has 3): write an amount from 1 to 2"),
    ("id: f\nname: F\neffect:\n  kind: brutal\n  amount: 0\n", "5: effect.amount: brutal needs an amount from 1 to 1"),
    ("id: f\nname: F\neffect: {kind: dodge, amount: 1}\n", "3: effect.amount: dodge takes no amount: delete the amount"),
    ("id: f\nname: F\neffect: {kind: fury, amount: 1.5}\n", "3: effect.amount: a number (1.5) is not an amount"),
    ("id: f\nname: F\neffect: {kind: dodgee}\n",
     "3: effect.kind: 'dodgee' is not an effect kind (did you mean 'dodge'?); use one of dodge, gods_favour"),
    ("id: f\nname: F\neffect: {amount: 1}\n", "3: effect.kind: missing: name the effect's kind"),
    ("id: f\nname: F\neffect: {kind: guard, amount: 1, range: 2}\n", "3: effect.range: unknown field; an effect has kind, amount"),
    ("id: f\nname: F\neffect: dodge\n", "3: effect: must be a mapping such as {kind: guard, amount: 1}, not 'dodge'"),
    ("id: f\nname: F\n", "effect: missing: give the card's effect"),
    ("id: f\nname: F\ncolour: red\neffect: {kind: dodge}\n", "3: colour: unknown field; an experience card has id, name, text, effect"),
    ("id: f\nname: F\ntype: thracian\neffect: {kind: dodge}\n", "3: type: unknown field"),
    ("id: 3\nname: F\neffect: {kind: dodge}\n", "1: id: a number (3) is not an id"),
    ("id: f\nname: 7\neffect: {kind: dodge}\n", "2: name: must be text, not a number (7)"),
    ("id: f\nname: F\ntext: '" + "x" * 141 + "'\neffect: {kind: dodge}\n", "3: text: is 141 characters long; at most 140"),
]


@pytest.mark.parametrize("text, expected", BAD_CARDS, ids=[e[1][:48] for e in BAD_CARDS])
def test_a_bad_card_field_is_named_with_file_and_line_and_the_file_skipped(tmp_path, text, expected):
    exp, glad = folders(tmp_path, [("a_bad.yaml", text), ("dodge.yaml", CARD)], [("crixus.yaml", MAN)])
    lib = load_library([exp], [glad])
    assert list(lib.cards) == ["dodge"] and list(lib.gladiators) == ["crixus"]
    found = [str(p) for p in lib.problems]
    where = str(exp / "a_bad.yaml")
    if expected[0].isdigit():
        line, _, rest = expected.partition(": ")
        assert any(m.startswith(f"{where}:{line}: ") and rest in m for m in found), found
    else:
        assert any(m.startswith(f"{where}") and expected in m for m in found), found


def test_every_problem_of_a_file_is_said_at_once_from_the_top_down(tmp_path):
    path = write(tmp_path, "bad.yaml", "id: a\nname: A\ntype: thracian\nweapon: katana\nshield: huge\nnet: 3\n"
                                       "cards: [nope]\n")
    g, problems = read_gladiator_file(path, {})
    assert g is None
    assert [f"{p.line}: {p.field}" for p in problems] == ["4: weapon", "5: shield", "6: net", "7: cards[0]"]


def test_a_gladiator_naming_a_card_that_did_not_load_is_refused(tmp_path):
    exp, glad = folders(tmp_path, [("dodge.yaml", CARD.replace("{kind: dodge}", "{kind: dodge, amount: 2}"))],
                        [("crixus.yaml", MAN)])
    lib = load_library([exp], [glad])
    assert lib.cards == {} and lib.gladiators == {}
    assert [f"{p.file}:{p.line}: {p.field}" for p in lib.problems] == [
        f"{exp / 'dodge.yaml'}:4: effect.amount", f"{glad / 'crixus.yaml'}:5: cards[0]"]


def test_a_duplicate_id_is_refused_with_its_line_and_the_first_kept(tmp_path):
    exp, glad = folders(tmp_path, [("a.yaml", CARD), ("b.yaml", "name: Other\n" + CARD.replace("name: Dodge\n", ""))],
                        [("crixus.yaml", MAN), ("crixus2.yaml", "# a copy\n" + MAN.replace("Crixus the Gaul", "Copy"))])
    lib = load_library([exp], [glad])
    assert lib.cards["dodge"].source == str(exp / "a.yaml") and lib.gladiators["crixus"].name == "Crixus the Gaul"
    assert [str(p) for p in lib.problems] == [
        f"{exp / 'b.yaml'}:2: id: duplicate id 'dodge': {exp / 'a.yaml'} already has it; rename one of the cards",
        f"{glad / 'crixus2.yaml'}:2: id: duplicate id 'crixus': {glad / 'crixus.yaml'} already has it; "
        "rename one of the gladiators"]
    assert [str(p) for p in lib.warnings] == [
        f"{exp / 'a.yaml'}:1: id: warning: the id 'dodge' differs from the file name 'a.yaml'; the game goes by "
        "the id, so rename the file dodge.yaml to make it easy to find"]


def test_a_missing_path_is_a_problem_and_other_files_are_not_read(tmp_path):
    exp, glad = folders(tmp_path, [("dodge.yaml", CARD), ("notes.txt", "not a card")], [("crixus.yaml", MAN)])
    lib = load_library([exp, tmp_path / "nowhere"], [glad])
    assert list(lib.cards) == ["dodge"] and list(lib.gladiators) == ["crixus"] and lib.files == 2
    assert [str(p) for p in lib.problems] == [f"{tmp_path / 'nowhere'}: no such file or folder"]


# --- hostile files -------------------------------------------------------------------------


def alias_bomb(levels: int = 9) -> str:
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        rows.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "id: bomb\n" + "\n".join(rows) + "\n"


@pytest.mark.timeout(10)
@pytest.mark.parametrize("kind", ["cards", "gladiators"])
def test_an_alias_bomb_is_refused_with_its_line_and_the_rest_load(tmp_path, kind):
    exp, glad = folders(tmp_path, [("dodge.yaml", CARD)], [("crixus.yaml", MAN)])
    bomb = write(exp if kind == "cards" else glad, "bomb.yaml", alias_bomb())
    lib = load_library([exp], [glad])
    assert list(lib.cards) == ["dodge"] and list(lib.gladiators) == ["crixus"]
    assert [str(p) for p in lib.problems] == [
        f"{bomb}:2: YAML anchors and aliases (&a0) are not allowed here: write every value out in full"]


def test_a_single_alias_is_refused_too(tmp_path):
    path = write(tmp_path, "a.yaml", "id: &x a\nname: *x\ntype: thracian\n")
    assert [str(p) for p in read_gladiator_file(path)[1]] == [
        f"{path}:1: YAML anchors and aliases (&x) are not allowed here: write every value out in full"]


@pytest.mark.parametrize("kind", ["cards", "gladiators"])
def test_a_file_over_256_kb_is_refused_unread_and_the_rest_load(tmp_path, kind):
    exp, glad = folders(tmp_path, [("dodge.yaml", CARD)], [("crixus.yaml", MAN)])
    big = write(exp if kind == "cards" else glad, "big.yaml", "# padding\n" * 30_000)
    assert big.stat().st_size > 256 * 1024
    lib = load_library([exp], [glad])
    assert list(lib.cards) == ["dodge"] and list(lib.gladiators) == ["crixus"]
    what = "an experience card" if kind == "cards" else "a gladiator"
    assert [str(p) for p in lib.problems] == [
        f"{big}: the file is {big.stat().st_size // 1024} KB; {what} file may be at most 256 KB ({what} is a "
        "few lines): remove it"]


@pytest.mark.timeout(10)
def test_deep_nesting_and_too_many_values_are_messages_not_crashes(tmp_path):
    deep = write(tmp_path, "deep.yaml", "name: " + "[" * 5000 + "]" * 5000 + "\n")
    assert [str(p) for p in read_card_file(deep)[1]] == [
        f"{deep}:1: nested more than 40 levels deep: this is not a card or scenario file"]
    many = write(tmp_path, "many.yaml", "id: a\ncards: [" + "a," * 20_000 + "a]\n")
    [message] = [str(p) for p in read_gladiator_file(many)[1]]
    assert message.startswith(f"{many}:") and "more than 10000 values in one file" in message


def test_a_link_leading_out_of_its_folder_is_refused_and_the_rest_load(tmp_path):
    exp, glad = folders(tmp_path, [("dodge.yaml", CARD)], [("crixus.yaml", MAN)])
    outside = write(tmp_path / "elsewhere", "spy.yaml", MAN.replace("crixus", "spy").replace("cards: [dodge]\n", ""))
    (glad / "spy.yaml").symlink_to(outside)
    (exp / "fury.yaml").symlink_to(write(tmp_path / "elsewhere", "fury.yaml", FURY))
    lib = load_library([exp], [glad])
    assert list(lib.cards) == ["dodge"] and list(lib.gladiators) == ["crixus"]
    assert [str(p) for p in lib.problems] == [
        f"{exp / 'fury.yaml'}: is a link to {(tmp_path / 'elsewhere' / 'fury.yaml').resolve()}, outside its folder: "
        "copy the experience card file itself into the folder",
        f"{glad / 'spy.yaml'}: is a link to {outside.resolve()}, outside its folder: copy the gladiator file itself "
        "into the folder"]
    (glad / "inside.yaml").symlink_to(glad / "crixus.yaml")            # a link within the folder is the file
    assert [str(p) for p in load_library([exp], [glad]).problems][1] == (
        f"{glad / 'inside.yaml'}:1: id: duplicate id 'crixus': {glad / 'crixus.yaml'} already has it; "
        "rename one of the gladiators")


@pytest.mark.timeout(30)  # a pipe opened for reading waits for a writer forever: fail, don't hang
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes on this system")
def test_a_pipe_a_folder_or_bad_utf8_is_refused_without_reading_it(tmp_path):
    exp, glad = folders(tmp_path, [("dodge.yaml", CARD)], [("crixus.yaml", MAN)])
    os.mkfifo(glad / "trap.yaml")
    (glad / "dir.yaml").mkdir()
    (exp / "bin.yaml").write_bytes(b"id: \xff\xfe\n")
    lib = load_library([exp], [glad])
    assert list(lib.cards) == ["dodge"] and list(lib.gladiators) == ["crixus"]
    found = [str(p) for p in lib.problems]
    assert found[0].startswith(f"{exp / 'bin.yaml'}: can not read the file:") and "save it as UTF-8" in found[0]
    assert found[1:] == [
        f"{glad / 'dir.yaml'}: the file is a folder, not a file: put gladiator files (.yaml) here, nothing else",
        f"{glad / 'trap.yaml'}: the file is not a regular file (a pipe or a device): put gladiator files (.yaml) "
        "here, nothing else"]


# --- writing -------------------------------------------------------------------------------

ODD = Gladiator("odd_one", "Ünïcode: \"O'Brien\" #1", "retiarius", armour="armoured", shield="medium",
                weapon="sword", net=False, cards=("dodge", "dodge"), flavour="A line: with a colon, # a hash.",
                bonus_ap=1)


@pytest.mark.parametrize("g", [ODD, Gladiator("plain", "Plain", "lion")]
                         + list(load_library([EXPERIENCE], [GLADIATORS]).gladiators.values()), ids=lambda g: g.id)
def test_dump_then_read_gives_the_gladiator_back(tmp_path, g):
    cards = load_library([EXPERIENCE], []).cards
    g2, problems = read_gladiator_file(write(tmp_path, f"{g.id}.yaml", dump_gladiator(g)), cards)
    assert problems == [] and g2 == g


def test_save_writes_into_the_players_gladiators_folder_and_loads_back():
    path = save_user_gladiator(ODD)
    assert path == paths.user_dir("gladiators").resolve() / "odd_one.yaml"
    assert load_default_library().gladiators["odd_one"] == ODD


def test_save_never_overwrites_another_gladiator_unless_asked_nor_through_a_link(tmp_path):
    folder = tmp_path / "gladiators"
    first = save_user_gladiator(ODD, folder=folder)
    changed = Gladiator("odd_one", "Changed", "thracian")
    with pytest.raises(ValueError, match="odd_one.yaml is there already"):
        save_user_gladiator(changed, folder=folder)
    assert read_gladiator_file(first)[0] == ODD
    assert save_user_gladiator(changed, folder=folder, replace=True) == first
    assert read_gladiator_file(first)[0] == changed
    outside = write(tmp_path, "outside.yaml", "keep me")
    (folder / "linked.yaml").symlink_to(outside)
    with pytest.raises(ValueError, match="linked.yaml is there already"):
        save_user_gladiator(Gladiator("linked", "L", "thracian"), folder=folder, replace=True)
    assert outside.read_text() == "keep me"
    assert sorted(p.name for p in folder.iterdir()) == ["linked.yaml", "odd_one.yaml"]


@pytest.mark.parametrize("bad, why", [
    (Gladiator("../../etc/passwd", "X", "thracian"), "id: '../../etc/passwd' is not an id"),
    (Gladiator("x", "X", "samurai"), "type: 'samurai' is not a type"),
    (Gladiator("x", "", "thracian"), "name: missing"),
    (Gladiator("x", "X", "thracian", weapon="katana"), "weapon: 'katana' is not a weapon"),
    (Gladiator("x", "X", "thracian", bonus_ap=2), "bonus_ap"),
    (Gladiator("x", "X", "thracian", cards=("nope",)), "cards[0]: no experience card has the id 'nope'"),
])
def test_a_gladiator_that_would_not_load_back_is_not_saved(tmp_path, bad, why):
    cards = {"dodge": Card("dodge", "Dodge", "dodge")}
    with pytest.raises(ValueError, match="not saved") as e:
        save_user_gladiator(bad, cards=cards, folder=tmp_path / "g")
    assert why in str(e.value)
    assert not (tmp_path / "g").exists() or list((tmp_path / "g").iterdir()) == []


def test_a_recruits_id_is_fresh_and_safe():
    assert gladiator_id("Crixus the Gaul") == "crixus_the_gaul"
    assert gladiator_id("Crixus", ["crixus", "crixus_2"]) == "crixus_3"
    assert gladiator_id("Lion") == "lion_2"                          # never a type's id
    assert gladiator_id("../../etc") == "etc" and gladiator_id("日本") == "gladiator"
    assert gladiator_id("7 Swords") == "g_7_swords"
    for name in ("Crixus the Gaul", "Lion", "../../etc", "7 Swords", "x" * 80):
        gid = gladiator_id(name)
        assert parse_gladiator({"id": gid, "name": "N", "type": "thracian"})[1] == []


# --- deathmatch check-gladiators -----------------------------------------------------------


def test_check_gladiators_lists_the_bundled_ones_ok(capsys):
    assert main(["check-gladiators"]) == 0
    out = capsys.readouterr().out.splitlines()
    n_cards, n_men = len(list(EXPERIENCE.glob("*.yaml"))), len(list(GLADIATORS.glob("*.yaml")))
    assert out[-1] == f"{n_men} valid gladiators, {n_cards} valid cards, 0 broken, 0 problems in {n_cards + n_men} files"
    assert f"ok   gladiator crixus: Crixus the Gaul (myrmillo, 1 card) ({GLADIATORS / 'crixus.yaml'})" in out
    assert f"ok   card dodge: Dodge (dodge) ({EXPERIENCE / 'dodge.yaml'})" in out


def test_check_gladiators_on_given_files_checks_them_against_the_bundled(tmp_path, capsys):
    exp, glad = folders(tmp_path, [("brave.yaml", FURY.replace("fury_2", "brave"))],
                        [("marcus.yaml", MAN.replace("crixus", "marcus").replace("[dodge]", "[dodge, brave]"))])
    assert main(["check-gladiators", str(exp), str(glad)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"ok   card brave: Red Mist (fury 2) ({exp / 'brave.yaml'})",
                   f"ok   gladiator marcus: Crixus the Gaul (myrmillo, 2 cards) ({glad / 'marcus.yaml'})",
                   "1 valid gladiators, 1 valid cards, 0 broken, 0 problems in 2 files"]
    write(glad, "crixus.yaml", MAN)                                 # a bundled id
    write(glad, "bad.yaml", "id: bad\nname: Bad\ntype: thracian\ncards: [fury_9]\n")
    assert main(["check-gladiators", str(glad / "bad.yaml"), str(glad / "crixus.yaml")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{glad / 'bad.yaml'}:4: cards[0]: no experience card has the id 'fury_9'")
    assert out[1] == (f"{glad / 'crixus.yaml'}:1: id: duplicate id 'crixus': {GLADIATORS / 'crixus.yaml'} already "
                      "has it; rename one of the gladiators")
    assert out[-1] == "0 valid gladiators, 0 valid cards, 2 broken, 2 problems in 2 files"


def test_check_gladiators_fails_on_nothing_to_check_and_on_a_missing_path(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert main(["check-gladiators", str(tmp_path / "empty")]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "0 valid gladiators, 0 valid cards, 0 broken, 0 problems in 0 files"
    assert main(["check-gladiators", str(tmp_path / "nowhere")]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f"{tmp_path / 'nowhere'}: no such file or folder"


def test_check_gladiators_fails_on_a_broken_players_file(capsys):
    write(paths.user_dir("experience"), "odd.yaml", "id: odd\nname: Odd\neffect: {kind: guard, amount: 9}\n")
    assert main(["check-gladiators"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{paths.user_dir('experience') / 'odd.yaml'}:3: effect.amount: guard needs an amount "
                             "from 1 to 2 (it has 9)")
    files = len(list(EXPERIENCE.glob("*.yaml"))) + len(list(GLADIATORS.glob("*.yaml"))) + 1
    assert out[-1].endswith(f", 1 broken, 1 problems in {files} files")


def test_this_page_of_the_docs_names_every_type_and_every_card_kind_with_its_moment():
    text = (ROOT / "docs" / "GLADIATORS.md").read_text(encoding="utf-8")
    for t in TYPES:
        assert f"| `{t}` |" in text, t
    from deathmatch.rulesets.gladiator.model import CARD_TIMINGS

    for k in CARD_KINDS.values():
        row = next(line for line in text.splitlines() if line.startswith(f"| `{k.name}` |"))
        assert CARD_TIMINGS[k.timing].split(" (")[0] in row, k.name
        amount = "—" if not k.takes_amount else f"{k.low}–{k.high}" if k.high > k.low else str(k.low)
        assert f"| {amount} |" in row, k.name
    for field in ("id", "name", "type", "armour", "shield", "weapon", "net", "cards", "flavour", "bonus_ap", "text",
                  "effect"):
        assert f"| `{field}` |" in text, field


def test_the_library_is_empty_until_loaded():
    lib = Library()
    assert (lib.cards, lib.gladiators, lib.problems, lib.files) == ({}, {}, [], 0)
    assert check_paths([EXPERIENCE])[0].files == len(list(EXPERIENCE.glob("*.yaml")))
