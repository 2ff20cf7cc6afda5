"""A player's hero file the game refuses (an over-budget hand edit, an id taken) is no longer only
"N files skipped" in the hero designer: heroes.read_hero_draft builds it all the same, the Open list
shows it with its first problem, and it is opened, fixed and saved back into the same file."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch import paths  # noqa: E402
from deathmatch.rulesets.supers.heroes import read_hero_draft, read_hero_file  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.supers import shelf  # noqa: E402
from test_supers_designer import ctrl, designer, key, press_button, read_back, screen_words  # noqa: E402

LEGAL = """id: hand_edit
name: The Hand Edit
str: 5
dex: 3
size: 4
per: 3
powers:
  - {name: Jaws, type: smash, level: 4, uses: 10, styles: [entangling, grappling]}
  - {name: Bog Howl, type: shot, level: 3, uses: 5, styles: [area, foiblish], reliability: wild}
  - {name: Loping Run, type: movement, level: 3, uses: 7, movement: [speedy]}
"""
OVER = LEGAL.replace("level: 4, uses: 10", "level: 6, uses: 10")  # Jaws raised by hand: over budget


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    return app


def user_file(name: str, text: str):
    folder = paths.user_dir("heroes")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_draft_is_read_with_its_problems_where_the_loader_refuses_it(tmp_path):
    legal, over = tmp_path / "legal.yaml", tmp_path / "hand_edit.yaml"
    legal.write_text(LEGAL, encoding="utf-8")
    over.write_text(OVER, encoding="utf-8")
    assert read_hero_file(over)[0] is None                      # the game still refuses it
    hero, problems = read_hero_draft(over)
    assert hero is not None and hero.spent > hero.budget and hero.power("Jaws").level == 6
    assert problems and problems[0].field == "powers" and "over" in problems[0].message
    assert problems[0].file == str(over) and problems[0].line == 7
    same, none = read_hero_draft(legal)
    assert none == [] and same == read_hero_file(legal)[0]


@pytest.mark.parametrize("text", [
    LEGAL.replace("type: smash", "type: smosh"),               # an illegal power: no hero to open
    LEGAL + "str: 6\n",                                         # a key given twice
    "id: [\n",                                                  # not YAML
])
def test_a_file_that_makes_no_hero_gives_none_and_its_problems(tmp_path, text):
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    hero, problems = read_hero_draft(path)
    assert hero is None and problems and all(p.file == str(path) for p in problems)


def test_the_shelf_lists_a_refused_file_with_its_first_problem_and_counts_only_the_unreadable():
    over = user_file("hand_edit.yaml", OVER)
    user_file("broken.yaml", "id: [\n")
    taken = user_file("mine.yaml", LEGAL.replace("hand_edit", "bog_hound"))  # a bundled hero's id
    shelved, unreadable = shelf.heroes()
    assert unreadable == 1                                      # broken.yaml only
    mine = [s for s in shelved if not s.bundled]
    assert [s.path for s in mine] == [over, taken] or [s.path for s in mine] == [taken, over]
    by_path = {s.path: s for s in mine}
    assert by_path[over].refused and by_path[over].problem.startswith("powers: costs 314 of 200 points")
    assert by_path[over].problem.endswith("(line 7)") and by_path[over].problem_short == "powers: costs 314 of 200 points"
    assert by_path[taken].refused and "duplicate id 'bog_hound'" in by_path[taken].problem
    assert all(not s.refused for s in shelved if s.bundled)


def test_a_refused_hero_is_opened_from_the_list_fixed_and_saved_into_its_own_file(app):
    over = user_file("hand_edit.yaml", OVER)
    scene = designer(app)
    ctrl(app, pygame.K_o)
    assert not scene.choices[0].bundled and scene.choices[0].path == over   # the player's first
    words = screen_words(scene)
    assert "The Hand Edit (hand_edit) — yours, to fix: powers: costs 314 of 200 points" in words and "The game refuses hand_edit.yaml" in words
    assert "file skipped" not in words
    key(app, pygame.K_RETURN)
    assert scene.choices is None and scene.source == over and not scene.bundled
    assert scene.hero().power("Jaws").level == 6
    assert "which the game refuses" in scene.message and "over" in " ".join(scene.rule_problems())
    ctrl(app, pygame.K_s)                                       # still over budget: not saved
    assert over.read_text(encoding="utf-8") == OVER and "Not saved" in scene.message
    for _ in range(2):                                          # Jaws back down to 4, by mouse
        press_button(app, scene, "−", (("power", 0), 2))
    assert scene.rule_problems() == []
    ctrl(app, pygame.K_s)
    hero = read_back(over)                                      # the same file, legal now
    assert hero.power("Jaws").level == 4 and hero.id == "hand_edit"
    assert sorted(p.name for p in paths.user_dir("heroes").glob("*.yaml")) == ["hand_edit.yaml"]
    assert not any(c.refused for c in shelf.heroes()[0])


def test_a_refused_file_under_a_bundled_id_is_opened_as_the_players_and_saved_under_a_new_id(app):
    taken = user_file("mine.yaml", LEGAL.replace("hand_edit", "bog_hound"))
    scene = designer(app)
    ctrl(app, pygame.K_o)
    assert scene.choices[0].path == taken and scene.choices[0].refused
    key(app, pygame.K_RETURN)
    assert scene.source == taken and not scene.bundled
    ctrl(app, pygame.K_s)                                       # the id is the bundled hero's
    assert taken.exists() and "bundled hero" in scene.message
    scene.focus_on(("id",))
    for ch in "_2":
        key(app, pygame.key.key_code(ch), unicode=ch)
    ctrl(app, pygame.K_s)
    assert [p.name for p in paths.user_dir("heroes").glob("*.yaml")] == ["bog_hound_2.yaml"]
    assert read_back(paths.user_dir("heroes") / "bog_hound_2.yaml").name == "The Hand Edit"
