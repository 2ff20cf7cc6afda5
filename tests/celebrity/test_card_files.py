"""Hostile and careless card files (issue 13): each goes through the paths the game uses —
the card library the title screen and New game load (`load_default_cards`, bundled cards
then the player's cards folder) and `deathmatch check-cards` — and gets a clear message
naming the file, the line or field and what to do, while the other cards still load."""

from __future__ import annotations

import copy
import datetime
import shutil

import pytest
import yaml

from conftest import ROOT
from deathmatch.cli import main
from deathmatch.rulesets.celebrity.cards import load_default_cards, parse_card

BUNDLED = ROOT / "assets" / "cards"
MAX_FILE_BYTES = 256 * 1024  # the brief: refuse card files over 256 KB
GOOD = ROOT / "tests" / "data" / "broken_cards" / "good.yaml"


@pytest.fixture
def user_cards(tmp_path, monkeypatch):
    """The player's cards folder (empty but for one good card), where the game looks."""
    folder = tmp_path / "me" / "cards"
    folder.mkdir(parents=True)
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path / "me"))
    shutil.copy(GOOD, folder / "good.yaml")
    return folder


def check_cards(capsys, *args) -> tuple[int, str]:
    code = main(["check-cards", *map(str, args)])
    return code, capsys.readouterr().out


def lines_about(out: str, path) -> list[str]:
    return [ln for ln in out.splitlines() if ln.startswith(str(path))]


def card_text(card_id: str = "good", **changes) -> str:
    """The good card's YAML with its id set and top-level lines replaced."""
    text = GOOD.read_text(encoding="utf-8").replace("id: good", f"id: {card_id}")
    for key, line in changes.items():
        if f"\n{key}:" not in text:
            text = text.replace("abilities:", f"{key}:\nabilities:")
        text = "\n".join(line if ln.startswith(f"{key}:") else ln for ln in text.splitlines()) + "\n"
    return text


# --- 1. the alias bomb, and other files too big or too deep --------------------------------


def alias_bomb(levels: int = 9) -> str:
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        rows.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "id: bomb\nname: Bomb\n" + "\n".join(rows) + "\n"


@pytest.mark.timeout(10)
def test_an_alias_bomb_in_the_cards_folder_is_refused_with_its_line_and_the_rest_load(user_cards, capsys):
    bomb = user_cards / "bomb.yaml"
    bomb.write_text(alias_bomb(), encoding="utf-8")
    lib = load_default_cards()
    assert "good" in lib and "napoleon" in lib and "bomb" not in lib
    mine = [str(p) for p in lib.problems if p.file == str(bomb)]
    assert mine == [f"{bomb}:3: YAML anchors and aliases (&a0) are not allowed here: write every value out in full"]
    code, out = check_cards(capsys)
    assert code == 1
    assert lines_about(out, bomb) == mine
    assert "ok   good: " in out


@pytest.mark.timeout(10)
def test_a_lone_alias_is_refused_too(user_cards, capsys):
    path = user_cards / "alias.yaml"
    path.write_text(card_text("alias").replace("title: The", "era: *t\ntitle: The"), encoding="utf-8")
    code, out = check_cards(capsys, user_cards)
    assert code == 1
    assert any(ln.startswith(f"{path}:") and "aliases (*t) are not allowed" in ln for ln in lines_about(out, path)), out


def test_a_card_file_over_256_kb_is_refused_unread_naming_the_file(user_cards, capsys):
    big = user_cards / "big.yaml"
    big.write_text(card_text("big") + "# padding\n" * (MAX_FILE_BYTES // 10), encoding="utf-8")
    assert big.stat().st_size > MAX_FILE_BYTES
    lib = load_default_cards()
    assert "big" not in lib and "good" in lib
    assert [str(p) for p in lib.problems if p.file == str(big)] == [
        f"{big}: the file is {big.stat().st_size // 1024} KB; a card file may be at most 256 KB "
        "(one card per file, a few KB): split it or remove it"]
    code, out = check_cards(capsys, user_cards)
    assert code == 1 and lines_about(out, big)


def test_a_card_file_just_under_256_kb_still_loads(user_cards):
    padded = user_cards / "padded.yaml"
    text = card_text("padded")
    padded.write_text(text + "#" * (MAX_FILE_BYTES - len(text.encode()) - 1) + "\n", encoding="utf-8")
    assert padded.stat().st_size == MAX_FILE_BYTES
    lib = load_default_cards()
    assert "padded" in lib, [str(p) for p in lib.problems]


@pytest.mark.timeout(10)
def test_nesting_too_deep_for_a_card_is_a_message_not_a_crash(user_cards):
    deep = user_cards / "deep.yaml"
    deep.write_text("id: deep\nname: " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    lib = load_default_cards()
    assert "good" in lib
    assert [str(p) for p in lib.problems if p.file == str(deep)] == [
        f"{deep}:2: nested more than 40 levels deep: this is not a card or scenario file"]


@pytest.mark.timeout(10)
def test_a_file_of_too_many_values_is_refused_at_the_first_one_over(user_cards):
    many = user_cards / "many.yaml"
    many.write_text(card_text("many") + "extra: [" + ", ".join(["1"] * 20_000) + "]\n", encoding="utf-8")
    assert many.stat().st_size < MAX_FILE_BYTES
    lib = load_default_cards()
    assert "good" in lib and "many" not in lib
    (problem,) = [str(p) for p in lib.problems if p.file == str(many)]
    assert problem.startswith(f"{many}:") and problem.endswith(": more than 10000 values in one file: this is not a card or scenario file")


# --- 4. wrong types: a message, never a TypeError --------------------------------------------


@pytest.mark.parametrize("kind, said", [
    ("[a, b]", "a list"), ("{x: 1}", "a mapping"), ("3", "a number (3)"), ("null", "empty"), ("yes", "true (a yes/no)"),
])
def test_an_effect_kind_that_is_not_a_word_gets_a_message(user_cards, capsys, kind, said):
    path = user_cards / "odd.yaml"
    path.write_text(card_text("odd").replace("{kind: heal, lives: 1}", f"{{kind: {kind}, lives: 1}}", 1), encoding="utf-8")
    assert f"{{kind: {kind}, lives: 1}}" in path.read_text()
    lib = load_default_cards()
    assert "good" in lib and "odd" not in lib
    mine = [str(p) for p in lib.problems if p.file == str(path)]
    assert len(mine) == 1 and mine[0].startswith(f"{path}:")
    assert f"effect.kind: must be one word, not {said}: one of charge, counterattack," in mine[0], mine
    code, out = check_cards(capsys, user_cards)
    assert code == 1 and lines_about(out, path) == mine


WRONG = [None, True, 0, -3, 2.5, float("nan"), "", "word", [], ["a", "b"], {}, {"a": 1},
         datetime.date(2020, 1, 1), b"\x00"]


def field_paths(data, path=()):
    yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from field_paths(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from field_paths(value, path + (i,))


def label(path) -> str:
    return ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in path).replace(".[", "[")


@pytest.mark.parametrize("card_file", sorted(p.name for p in BUNDLED.glob("*.yaml"))[::4])
def test_every_field_of_a_card_given_a_wrong_type_gets_a_message_naming_it(card_file):
    """A little fuzzing: every field of a real card (and the optional ones it leaves out),
    each in turn given each kind of wrong value. The check never raises; a value the schema
    can not take is a problem naming that field (or the field holding it)."""
    data = yaml.safe_load((BUNDLED / card_file).read_text(encoding="utf-8"))
    paths = [p for p in field_paths(data) if p]
    paths += [("colour",), ("sprite", "hat"), ("abilities", 0, "hint"), ("abilities", 0, "hint", "value"),
              ("abilities", 1, "text"), ("abilities", 2, "effect", "kind")]
    tried = 0
    for path in paths:
        for wrong in WRONG:
            mutated = copy.deepcopy(data)
            holder = mutated
            for key in path[:-1]:
                holder = holder.setdefault(key, {}) if isinstance(holder, dict) else holder[key]
            holder[path[-1]] = wrong
            card, problems = parse_card(mutated, card_file)
            tried += 1
            if card is not None:
                continue  # a value the schema takes (e.g. a text field given text, an empty colour)
            assert problems
            assert any(label(path).startswith(p.field) or p.field.startswith(label(path)) for p in problems), (
                path, wrong, [str(p) for p in problems])
    assert tried > 300


# --- 12. a key given twice ------------------------------------------------------------------


def test_a_key_given_twice_is_reported_with_both_lines(user_cards, capsys):
    path = user_cards / "twice.yaml"
    text = card_text("twice")
    path.write_text(text.replace("title: The", "name: Second Name\ntitle: The", 1), encoding="utf-8")
    first = next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if ln.startswith("name:"))
    lib = load_default_cards()
    assert "twice" not in lib and "good" in lib
    assert [str(p) for p in lib.problems if p.file == str(path)] == [
        f"{path}:{first + 1}: 'name' is given twice, on lines {first} and {first + 1} "
        "(YAML would quietly keep the last one): delete one of them"]
    code, out = check_cards(capsys, user_cards)
    assert code == 1 and lines_about(out, path)


def test_a_parameter_given_twice_inside_an_ability_names_its_path(user_cards):
    path = user_cards / "twice.yaml"
    path.write_text(card_text("twice").replace("{kind: heal, lives: 1}", "{kind: heal, lives: 1, lives: 3}", 1),
                    encoding="utf-8")
    lib = load_default_cards()
    (problem,) = [p for p in lib.problems if p.file == str(path)]
    assert "'abilities[" in problem.message and "].effect.lives' is given twice, on lines" in problem.message


# --- 18. check-cards FOLDER sees what the game sees ------------------------------------------


def test_check_cards_folder_reports_an_id_the_bundled_cards_already_have(user_cards, capsys):
    path = user_cards / "napoleon.yaml"
    path.write_text(card_text("napoleon"), encoding="utf-8")
    lib = load_default_cards()  # the game: bundled Napoleon stays, the player's copy is skipped
    (game_says,) = [str(p) for p in lib.problems if p.file == str(path)]
    assert "duplicate id 'napoleon'" in game_says and str(BUNDLED / "napoleon.yaml") in game_says
    code, out = check_cards(capsys, user_cards)
    assert code == 1
    assert lines_about(out, path) == [game_says]
    assert "ok   napoleon" not in out and "ok   good: " in out
    assert out.strip().splitlines()[-1] == (
        "1 valid cards, 1 broken, 1 problems in 2 files (checked against the 32 bundled cards)")
    code, out = check_cards(capsys, path)  # one file, likewise
    assert code == 1 and lines_about(out, path) == [game_says]


def test_check_cards_on_the_bundled_folder_does_not_check_it_against_itself(capsys):
    code, out = check_cards(capsys, BUNDLED)
    assert code == 0 and "duplicate" not in out


def test_an_id_that_is_not_the_file_name_is_a_warning_and_the_card_loads(user_cards, capsys):
    path = user_cards / "my_card.yaml"
    path.write_text(card_text("someone_else"), encoding="utf-8")
    lib = load_default_cards()
    assert "someone_else" in lib  # the game goes by the id
    assert [str(w) for w in lib.warnings] == [
        f"{path}:1: id: warning: the id 'someone_else' differs from the file name 'my_card.yaml'; the game goes "
        "by the id, so rename the file someone_else.yaml to make the card easy to find"]
    code, out = check_cards(capsys, user_cards)
    assert code == 0
    assert lines_about(out, path)[0] == str(lib.warnings[0])
    assert out.strip().splitlines()[-1].endswith("0 problems, 1 warning in 2 files (checked against the 32 bundled cards)")


@pytest.mark.parametrize("line, field", [
    ("colour: #a0522d", "colour"),
    ("colour:   #A0522D   # sienna", "colour"),
])
def test_an_unquoted_colour_is_read_as_a_comment_and_reported(user_cards, capsys, line, field):
    path = user_cards / "sienna.yaml"
    path.write_text(card_text("sienna", colour=line), encoding="utf-8")
    lineno = next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if ln.startswith("colour:"))
    hexa = line.split("#")[1].split()[0]
    lib = load_default_cards()
    assert "sienna" not in lib and "good" in lib
    assert [str(p) for p in lib.problems if p.file == str(path)] == [
        f'{path}:{lineno}: {field}: is empty: YAML reads #{hexa} as a comment; write it in quotes: {field}: "#{hexa}"']
    code, out = check_cards(capsys, user_cards)
    assert code == 1 and lines_about(out, path)


def test_an_unquoted_sprite_colour_is_reported_too(user_cards):
    path = user_cards / "pale.yaml"
    path.write_text(card_text("pale", sprite="sprite:\n  hat: crown\n  body: #eeeeee"), encoding="utf-8")
    lib = load_default_cards()
    (problem,) = [p for p in lib.problems if p.file == str(path)]
    assert problem.field == "sprite.body" and 'write it in quotes: body: "#eeeeee"' in problem.message


def test_an_empty_colour_without_a_comment_is_still_allowed(user_cards):
    path = user_cards / "plain.yaml"
    path.write_text(card_text("plain", colour="colour:   # none yet"), encoding="utf-8")
    lib = load_default_cards()
    assert "plain" in lib and lib["plain"].colour == ""


def test_a_key_given_twice_does_not_hide_the_cards_other_problems(user_cards, capsys):
    path = user_cards / "both.yaml"
    text = card_text("both", colour="colour: #a0522d").replace("title: The", "name: Again\ntitle: The", 1)
    path.write_text(text.replace("range: 3", "range: 30"), encoding="utf-8")
    code, out = check_cards(capsys, user_cards)
    mine = lines_about(out, path)
    assert code == 1 and len(mine) == 3, mine
    assert "'name' is given twice" in mine[0] and 'colour: "#a0522d"' in mine[1] and "range: 30 is out of range" in mine[2]
