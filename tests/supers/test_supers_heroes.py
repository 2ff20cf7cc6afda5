"""Superhero Gladiators' hero files (deathmatch/rulesets/supers/heroes.py, docs/HEROES.md): every
bundled hero is legal near the 200-point budget and the set covers every power type, style,
movement kind, reliability and gizmo; each kind of bad field is reported as `file:line: field: what
to do` and that file skipped while the rest load; hostile files are refused; a hero written back
loads equal; the printable card; `deathmatch check-heroes` and its exit codes."""

from __future__ import annotations

import os

import pytest

from conftest import ROOT
from deathmatch import paths
from deathmatch.cli import main
from deathmatch.rulesets.supers.heroes import (
    HeroFileError, HeroLibrary, card_html, check_paths, default_hero_dirs, hero_from_data, hero_id, hero_to_data,
    hero_problems, hero_to_yaml, load_default_heroes, load_heroes, parse_hero, read_hero_file, save_card, save_hero)
from deathmatch.rulesets.supers.model import (
    ATTACK_STYLES, BUDGET, GIZMOS, MOVEMENT_KINDS, POWER_TYPES, RELIABILITY, Hero, Power)

HEROES = ROOT / "assets" / "heroes"

TITAN = """\
id: tin_titan
name: The Tin Titan
flavour: Built in a shed, and it shows.
str: 5
dex: 3
size: 5
per: 2
powers:
  - {name: Rivet Gun, type: shot, level: 3, uses: 10, styles: [missile]}
  - {name: Boiler Plate, type: toughness, level: 3, uses: infinite, gizmo: vulnerable}
  - {name: Steam Jets, type: movement, level: 2, uses: 5, movement: [flight], reliability: unreliable}
"""


def write(folder, name, text):
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def one_problem(tmp_path, text, name="tin_titan.yaml"):
    hero, problems = read_hero_file(write(tmp_path, name, text))
    assert hero is None
    assert len(problems) == 1, [str(p) for p in problems]
    return problems[0]


# --- the bundled heroes --------------------------------------------------------------------


def test_every_bundled_hero_loads_clean_and_is_legal_near_the_budget():
    lib = load_heroes([HEROES])
    assert lib.problems == [] and lib.warnings == []
    assert len(lib.heroes) == len(list(HEROES.glob("*.yaml"))) >= 12
    for h in lib.heroes.values():
        assert h.problems() == [], h.id
        assert h.attribute_sum == 15 and h.budget == BUDGET
        assert 190 <= h.spent <= 200, (h.id, h.spent)
        assert h.flavour.strip() and h.name.strip()
    assert len({h.name for h in lib.heroes.values()}) == len(lib.heroes)


def test_the_bundled_heroes_cover_every_type_style_movement_kind_reliability_and_gizmo():
    powers = [p for h in load_heroes([HEROES]).heroes.values() for p in h.powers]
    assert {p.type for p in powers} == set(POWER_TYPES)
    assert {s for p in powers for s in p.styles} == set(ATTACK_STYLES)
    assert {k for p in powers for k in p.movement} == set(MOVEMENT_KINDS)
    assert {p.reliability for p in powers} == set(RELIABILITY)
    assert {p.gizmo for p in powers} == set(GIZMOS)
    # each attack style on an attack (not only a defence's foiblish)
    assert {s for p in powers if p.type in ("shot", "smash") for s in p.styles} == set(ATTACK_STYLES)


def test_the_default_heroes_are_the_bundled_then_the_players(tmp_path):
    assert default_hero_dirs() == [paths.bundled_dir("heroes")]  # no player's folder yet
    mine = write(paths.user_dir("heroes"), "tin_titan.yaml", TITAN)
    write(paths.user_dir("heroes"), "bog_hound.yaml", (HEROES / "bog_hound.yaml").read_text())
    assert default_hero_dirs() == [paths.bundled_dir("heroes"), paths.user_dir("heroes")]
    lib = load_default_heroes()
    assert "tin_titan" in lib.heroes and lib.sources["tin_titan"] == mine
    [dup] = lib.problems
    assert "duplicate id 'bog_hound'" in dup.message and dup.line == 1 and dup.field == "id"
    assert lib.sources["bog_hound"] == HEROES / "bog_hound.yaml"


def test_the_user_folders_include_heroes(monkeypatch, tmp_path):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path / "fresh"))
    assert (paths.ensure_user_folders() / "heroes").is_dir()


# --- reading -------------------------------------------------------------------------------


def test_a_hero_file_reads_with_costs():
    hero = hero_from_data(__import__("yaml").safe_load(TITAN))
    assert hero.power("Boiler Plate") == Power("Boiler Plate", "toughness", 3, None, gizmo="vulnerable")
    assert hero.power("Rivet Gun").styles == ("missile",)
    assert hero.power("Steam Jets").movement == ("flight",)
    assert hero.spent == 192 and hero.left == 8
    assert hero.flavour == "Built in a shed, and it shows."


def test_one_style_may_be_written_without_brackets(tmp_path):
    hero, problems = read_hero_file(write(tmp_path, "tin_titan.yaml", TITAN.replace("[missile]", "missile")))
    assert problems == [] and hero.power("Rivet Gun").styles == ("missile",)


@pytest.mark.parametrize("old, new, line, field, words", [
    ("str: 5", "str: five", 4, "str", "'five' is not an attribute"),
    ("str: 5", "str: 0", 4, "str", "a number (0) is not an attribute"),
    ("per: 2\n", "", 1, "per", "missing: give the hero's Perception"),
    ("id: tin_titan", "id: Tin Titan", 1, "id", "is not an id"),
    ("name: The Tin Titan", "name: ''", 2, "name", "is empty"),
    ("flavour: Built", "colour: blue\nflavour: Built", 3, "colour", "unknown field"),
    ("type: shot", "type: shoot", 9, "powers[0].type", "did you mean 'shot'?"),
    ("level: 3, uses: 10", "level: 9, uses: 10", 9, "powers[0].level", "a whole number from 1 to 8"),
    ("uses: 10", "uses: 11", 9, "powers[0].uses", "1-10, 15, 20, 25 or infinite"),
    ("uses: infinite", "uses: forever", 10, "powers[1].uses", "'forever' is not a number of uses"),
    ("[missile]", "[misile]", 9, "powers[0].styles[0]", "did you mean 'missile'?"),
    ("[missile]", "[grappling]", 9, "powers[0].styles", "a shot (distance attack) can not be grappling"),
    ("movement: [flight]", "movement: []", 11, "powers[2].movement", "needs at least one kind"),
    ("[flight]", "[flying]", 11, "powers[2].movement[0]", "did you mean 'flight'?"),
    ("reliability: unreliable", "reliability: shaky", 11, "powers[2].reliability", "'shaky' is not a reliability"),
    ("gizmo: vulnerable", "gizmo: fragile", 10, "powers[1].gizmo", "'fragile' is not a gizmo"),
    ("styles: [missile]}", "styles: [missile], range: 4}", 9, "powers[0].range", "unknown field"),
    ("name: Steam Jets", "name: Rivet Gun", 11, "powers[2].name", "two powers are named 'Rivet Gun'"),
    ("name: Steam Jets, ", "", 11, "powers[2].name", "missing: every power needs a name"),
    ("str: 5", "str: 4", 4, "str, dex, size, per", "sum to 14 (Strength 4, Dexterity 3, Size 5, "
                                                   "Perception 2); they must sum to at least 15: add 1"),
])
def test_each_bad_field_is_named_with_its_line_and_what_to_do(tmp_path, old, new, line, field, words):
    assert old in TITAN
    p = one_problem(tmp_path, TITAN.replace(old, new, 1))
    assert (p.line, p.field) == (line, field), str(p)
    assert words in p.message, str(p)
    assert str(p).startswith(f"{tmp_path / 'tin_titan.yaml'}:{line}: " if line else f"{tmp_path / 'tin_titan.yaml'}: ")


def test_an_over_budget_hero_is_refused_with_the_numbers(tmp_path):
    p = one_problem(tmp_path, TITAN.replace("level: 3, uses: infinite", "level: 4, uses: infinite"))
    assert p.field == "powers" and p.line == 8
    assert p.message.startswith("costs 225 of 200 points: 25 over (Rivet Gun 48, Boiler Plate 100, Steam Jets 77)")
    assert "lower a level or uses, or drop a power" in p.message
    p = one_problem(tmp_path, TITAN.replace("str: 5", "str: 6"))  # 16 in all: 170 to spend
    assert "costs 192 of 170 points (200 less 30 for 1 attribute point above 15): 22 over" in p.message


def test_legal_false_gives_the_hero_with_its_arithmetic_problems():
    data = __import__("yaml").safe_load(TITAN.replace("str: 5", "str: 6"))
    assert parse_hero(data)[0] is None
    hero, problems = parse_hero(data, legal=False)
    assert hero is not None and hero.str == 6 and hero.left == -22
    assert len(problems) == 1 and "22 over" in problems[0].message
    with pytest.raises(HeroFileError) as e:
        hero_from_data(data, "inline")
    assert "inline: powers: costs 192 of 170 points" in str(e.value) and len(e.value.problems) == 1
    # a structural fault gives no hero even so
    assert parse_hero({**data, "str": "x"}, legal=False)[0] is None


def test_a_broken_file_is_reported_and_skipped_the_rest_load(tmp_path):
    write(tmp_path, "tin_titan.yaml", TITAN)
    write(tmp_path, "broken.yaml", TITAN.replace("tin_titan", "broken").replace("level: 3, uses: 10", "level: 0, uses: 10"))
    write(tmp_path, "syntax.yaml", "id: [oops\n")
    write(tmp_path, "list.yaml", "- 1\n- 2\n")
    write(tmp_path, "notes.txt", "not a hero")
    lib = load_heroes([tmp_path])
    assert list(lib.heroes) == ["tin_titan"] and lib.files == 4
    files = sorted(os.path.basename(p.file) for p in lib.problems)
    assert files == ["broken.yaml", "list.yaml", "syntax.yaml"]
    assert any("YAML syntax error" in p.message for p in lib.problems)
    assert any("must be a mapping" in p.message for p in lib.problems)


def test_an_id_other_than_the_file_name_is_a_warning(tmp_path):
    write(tmp_path, "titan.yaml", TITAN)
    lib = load_heroes([tmp_path])
    assert "tin_titan" in lib.heroes and lib.problems == []
    [w] = lib.warnings
    assert "rename the file tin_titan.yaml" in w.message


def test_hostile_files_are_refused(tmp_path):
    folder = tmp_path / "heroes"
    write(folder, "bomb.yaml", "a: &a [1, 2]\nb: *a\n")
    write(folder, "huge.yaml", "# " + "x" * (300 * 1024) + "\n")
    write(folder, "bad.yaml", "").write_bytes(b"id: \xff\xfe\n")
    outside = write(tmp_path, "elsewhere.yaml", TITAN)
    (folder / "link.yaml").symlink_to(outside)
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.yaml")
    lib = load_heroes([folder])
    assert lib.heroes == {}
    why = {os.path.basename(p.file): p.message for p in lib.problems}
    assert "anchors and aliases" in why["bomb.yaml"]
    assert "KB" in why["huge.yaml"]
    assert "UTF-8" in why["bad.yaml"]
    assert "outside its folder" in why["link.yaml"]
    if hasattr(os, "mkfifo"):
        assert "pipe.yaml" in why


def test_too_many_powers(tmp_path):
    powers = "".join(f"  - {{name: P{i}, type: shot, level: 1, uses: 1}}\n" for i in range(17))
    text = TITAN.split("powers:")[0] + "powers:\n" + powers
    p = one_problem(tmp_path, text)
    assert p.field == "powers" and "at most 16" in p.message


# --- writing -------------------------------------------------------------------------------


def test_every_bundled_hero_written_back_reads_equal(tmp_path):
    for hero in load_heroes([HEROES]).heroes.values():
        path = save_hero(hero, tmp_path)
        assert path == tmp_path.resolve() / f"{hero.id}.yaml"
        again, problems = read_hero_file(path)
        assert problems == [] and again == hero
        assert hero_from_data(hero_to_data(hero)) == hero


def test_odd_names_survive_the_round_trip(tmp_path):
    odd = ["Yes", "No", "null", "Infinite", "a: b", "#1 Fan", "[x]", "Zoë's \"Ray\"", "12", "x, y", "-dash", "Mrs. O'Hara!"]
    powers = tuple(Power(n, "shot", 1, 1, gizmo="vulnerable") for n in odd)
    hero = Hero("odd_one", "True", 3, 4, 4, 4, powers, flavour="Says: 'hi' # not a comment")
    assert hero.problems() == []
    again, problems = read_hero_file(save_hero(hero, tmp_path))
    assert problems == [] and again == hero


def test_the_written_file_notes_the_points():
    hero = load_heroes([HEROES]).heroes["clockwork_rat"]
    assert "# 198 of 200 points spent, 2 left" in hero_to_yaml(hero)


def test_save_refuses_an_illegal_hero_and_writes_nothing(tmp_path):
    big = Power("Big Punch", "smash", 8, 8, reliability="wild", gizmo="hidden")
    with pytest.raises(HeroFileError) as e:
        save_hero(Hero("greedy", "Greedy", 5, 3, 5, 2, (big,)), tmp_path)
    assert "costs 214 of 200 points: 14 over" in str(e.value)
    with pytest.raises(HeroFileError):
        save_hero(Hero("../escape", "Escape", 5, 3, 5, 2, ()), tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_save_replaces_the_same_hero_but_never_through_a_link(tmp_path):
    hero = hero_from_data(__import__("yaml").safe_load(TITAN))
    path = save_hero(hero, tmp_path)
    lighter = Hero(hero.id, hero.name, 5, 3, 5, 2, hero.powers[:1], hero.flavour)
    assert save_hero(lighter, tmp_path) == path and read_hero_file(path)[0] == lighter
    with pytest.raises(HeroFileError):
        save_hero(hero, tmp_path, replace=False)
    victim = write(tmp_path / "other", "victim.yaml", "keep me")
    path.unlink()
    path.symlink_to(victim)
    with pytest.raises(HeroFileError):
        save_hero(hero, tmp_path)
    assert victim.read_text() == "keep me"


def test_save_defaults_to_the_players_folder():
    hero = hero_from_data(__import__("yaml").safe_load(TITAN))
    path = save_hero(hero)
    assert path.parent == paths.user_dir("heroes").resolve()
    assert load_default_heroes().heroes["tin_titan"] == hero


def test_hero_id():
    assert hero_id("The Tin Titan") == "the_tin_titan"
    assert hero_id("The Tin Titan", {"the_tin_titan"}) == "the_tin_titan_2"
    assert hero_id("Zoë!") == "zoe" and hero_id("99 Rats") == "h_99_rats" and hero_id("???") == "hero"


# --- the card ------------------------------------------------------------------------------


def test_the_card_shows_attributes_traits_segments_powers_costs_and_points_left():
    hero = load_heroes([HEROES]).heroes["clockwork_rat"]
    page = card_html(hero)
    assert page.startswith("<!DOCTYPE html>") and "Hob, the Clockwork Rat" in page
    for words in ("Strength</th><td>3", "Dexterity</th><td>6", "Size</th><td>2", "Perception</th><td>4",
                  "Combat</th><td>15", "Max Oomph</th><td>18", "Speed</th><td>12", "Movement</th><td>4",
                  "Points: 198 spent of 200; 2 left."):
        assert words in page, words
    assert '<td class="on">1</td><td class="off">2</td><td class="on">3</td>' in page
    assert '<td class="on">5</td><td class="off">6</td>' in page
    assert "<td>Gnaw</td>" in page and "adjacent, damage 12" in page and "75 = <b>75</b>" in page
    assert "<td>Drainpipe Run</td>" in page and "40 × wall_walking 1.6 = <b>64</b>" in page
    assert "stops damage up to 8" in page
    assert "http" not in page.replace("<!DOCTYPE html>", "")  # nothing from outside


def test_the_card_escapes_the_heros_words_and_shows_problems():
    hero = Hero("x", "<script>alert(1)</script>", 6, 3, 5, 2, (Power("Big & Bad", "smash", 8, 8),))
    page = card_html(hero)
    assert "<script>" not in page and "&lt;script&gt;" in page and "Big &amp; Bad" in page
    assert "over budget" in page and "costs 510 of 170 points" in page


# --- the command ---------------------------------------------------------------------------


def test_check_heroes_on_the_bundled(capsys):
    assert main(["check-heroes"]) == 0
    out = capsys.readouterr().out
    assert "ok   hero clockwork_rat: Hob, the Clockwork Rat (198 of 200 points, 2 left, 4 powers)" in out
    n = len(list(HEROES.glob("*.yaml")))
    assert out.strip().endswith(f"{n} valid heroes, 0 broken, 0 problems in {n} files")


def test_check_heroes_on_given_files(tmp_path, capsys):
    good = write(tmp_path, "tin_titan.yaml", TITAN)
    bad = write(tmp_path, "greedy.yaml", TITAN.replace("tin_titan", "greedy").replace("level: 3, uses: inf", "level: 5, uses: inf"))
    clash = write(tmp_path, "bog_hound.yaml", TITAN.replace("tin_titan", "bog_hound"))
    assert main(["check-heroes", str(good)]) == 0
    out = capsys.readouterr().out
    assert "ok   hero tin_titan" in out and "bog_hound" not in out and "1 valid heroes, 0 broken" in out
    assert main(["check-heroes", str(bad), str(clash)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:8: powers: costs " in out and "over" in out
    assert f"{clash}:1: id: duplicate id 'bog_hound'" in out
    assert "0 valid heroes, 2 broken, 2 problems in 2 files" in out
    assert main(["check-heroes", str(tmp_path / "missing")]) == 1
    assert "no such file or folder" in capsys.readouterr().out
    lib, base = check_paths([HEROES])
    assert base == set() and len(lib.heroes) == lib.files >= 12
    assert isinstance(lib, HeroLibrary)


def test_the_documented_example_is_legal_and_costs_what_the_page_says(tmp_path):
    page = (ROOT / "docs" / "HEROES.md").read_text(encoding="utf-8")
    example = page.split("```yaml\n", 1)[1].split("```", 1)[0]
    hero, problems = read_hero_file(write(tmp_path, "tin_titan.yaml", example))
    assert problems == []
    assert [p.cost() for p in hero.powers] == [48, 67, 77]
    assert "spends 48 + 67 + 77 = 192 of its 200 points: 8 left" in page and hero.left == 8
    greedy = example.replace("level: 3, uses: infinite", "level: 4, uses: infinite")
    [p] = read_hero_file(write(tmp_path, "tin_titan.yaml", greedy))[1]
    assert f"mine/tin_titan.yaml:{p.line}: powers: {p.message}" in page


def test_a_huge_attribute_is_refused_with_the_limit(tmp_path):
    p = one_problem(tmp_path, TITAN.replace("str: 5", "str: 1000"))
    assert p.field == "str" and "far too much Strength" in p.message and "at most 99" in p.message


def test_hero_problems_gathers_the_rules_and_the_file_limits():
    hero = hero_from_data(__import__("yaml").safe_load(TITAN))
    assert hero_problems(hero) == []
    long_name = Hero("tin_titan", "X" * 33, 5, 3, 5, 2, hero.powers)
    assert long_name.problems() == []  # the model has no length limit...
    assert hero_problems(long_name) == ["name: is 33 characters long; at most 32: shorten it"]  # ...the file has
    greedy = Hero("tin_titan", "Greedy", 6, 3, 5, 2, hero.powers)
    [msg] = hero_problems(greedy)
    assert msg.startswith("powers: costs 192 of 170 points")


def test_save_card_writes_the_page(tmp_path):
    hero = load_heroes([HEROES]).heroes["bog_hound"]
    path = save_card(hero, tmp_path / "cards")
    assert path.name == "bog_hound.html" and path.read_text(encoding="utf-8") == card_html(hero)
    assert save_card(hero, tmp_path / "cards") == path  # again: replaced
    with pytest.raises(HeroFileError):
        save_card(Hero("../x", "X", 5, 3, 5, 2), tmp_path)
