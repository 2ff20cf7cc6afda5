"""The rules screen knows each ruleset: the router names a ruleset's pages (`ClientRuleset.rules`), a row of
games switches between them once there are two, and Chessboard Skirmish's pages say its rules for players."""

import math
import os
from dataclasses import replace
from types import SimpleNamespace

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.client import ui  # noqa: E402
from deathmatch.client.document import Table, layout, parse  # noqa: E402
from deathmatch.paths import assets_dir  # noqa: E402
from deathmatch.rulesets.skirmish.army import ARMOUR_COST, DICE, HERO_COST, WEAPON_COST, Miniature, move_of  # noqa: E402
from deathmatch.scenes import router  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.core import registry  # noqa: E402
from deathmatch.scenes.gallery import GalleryScene  # noqa: E402
from deathmatch.scenes.pause import PauseMenu  # noqa: E402
from deathmatch.scenes.rules import RulesScene  # noqa: E402
from test_client import click, press  # noqa: E402
from test_rules_screen import all_words  # noqa: E402

DT = 1 / 60
SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
SKIRMISH_FILES = [source for _, source in registry.manifest("skirmish").rules_pages]
CELEBRITY_TITLE = "How to play"
SKIRMISH_TITLE = "How to play Chessboard Skirmish"


def skirmish_pages(name: str) -> list:
    """A Skirmish page parsed strictly: a markup mistake raises (the screen would only show a message)."""
    path = assets_dir() / "rules" / name
    return parse(path.read_text(encoding="utf-8"), str(path))


@pytest.fixture
def two(monkeypatch):
    """A second ruleset as the router would list it: Celebrity's screens lent to Skirmish's pages (and its
    how-to pictures)."""
    skirmish = replace(router.RULESETS["celebrity"], id="skirmish", name="Chessboard Skirmish",
                       rules=registry.manifest("skirmish").rules_pages, howto=registry.manifest("skirmish").client.howto)
    monkeypatch.setitem(router.RULESETS, "skirmish", skirmish)
    # these tests are of two games' pages (taken away last first, so that they come back in their order)
    monkeypatch.delitem(router.RULESETS, "supers", raising=False)
    monkeypatch.delitem(router.RULESETS, "gladiator", raising=False)
    return skirmish


def rules_app(size=(1280, 720), **kwargs):
    app = App(size)
    app.catch_errors = False
    scene = RulesScene(app, **kwargs)
    app.push(scene)
    app.frame([], DT)
    return app, scene


def tab_labels(scene) -> list[str]:
    return [b.label for b in scene.buttons[:len(scene.pages)]]


# --- Skirmish's pages say its rules ---------------------------------------------------------------

def test_the_skirmish_pages_parse_and_have_no_markdown_left():
    for name in SKIRMISH_FILES:
        blocks = skirmish_pages(name)
        assert len(blocks) >= 3 and len(all_words(blocks).split()) > 250, name
        words = all_words(blocks)
        for markdown in ("**", "`", "|---", "](", "##", "§"):
            assert markdown not in words, (name, markdown)


def test_the_rules_give_every_die_its_stat_line_and_its_points():
    blocks = skirmish_pages("skirmish_rules.txt")
    stats = next(b for b in blocks if isinstance(b, Table) and b.rows[0][0] == "Die")
    assert stats.rows[0] == ("Die", "Move", "Melee or gun", "Bow", "Defence", "Save: 4 or more", "Skill", "Points")
    rows = {row[0]: row for row in stats.rows[1:]}
    assert list(rows) == [f"d{n}" for n in DICE]
    for n in DICE:
        assert rows[f"d{n}"] == (f"d{n}", str(move_of(n)), f"1 to {n}", f"1 to {math.ceil(n / 2)}", f"1 to {n}",
                                 f"{n - 3} in {n}", f"{n // 2} or more", str(Miniature("m", n).cost()))
    costs = next(b for b in blocks if isinstance(b, Table) and b.rows[0] == ("What", "Points"))
    assert dict(costs.rows[2:]) == {"a bow": str(WEAPON_COST["bow"]), "a gun": str(WEAPON_COST["gun"]),
                                    "a point of armour": str(ARMOUR_COST), "a hero": str(HERO_COST)}
    archer = Miniature("archer", 8, "bow", armour=1)
    assert f"A d8 archer with one point of armour costs 8 + 3 + 2 = {archer.cost()} points." in all_words(blocks)


def test_the_pages_explain_setup_the_round_an_activation_winning_and_every_scenario():
    rules = skirmish_pages("skirmish_rules.txt")
    words = all_words(rules)
    headings = [b.text for b in rules if type(b).__name__ == "Heading"]
    for need in ("Setting up", "A round", "An activation, step by step", "Winning", "Points", "Equipment"):
        assert need in headings
    scenarios = next(b for b in rules if isinstance(b, Table) and b.rows[0][0] == "Scenario")
    assert [r[0] for r in scenarios.rows[1:]] == ["Infiltrate", "Retrieve", "Survival"]
    for need in ("20, 30, 40 or 50 points", "home row", "reserve", "roll-off", "tie rolls again",
                 "equal or higher", "4 or more", "armour", "halve it and round up", "end of round 3",
                 "four centre squares", "a draw", "the corners do not count"):
        assert need in words, need
    for name in ("skirmish_how_to_play.txt", "skirmish_rules.txt"):
        page = all_words(skirmish_pages(name))
        assert all(scenario in page for scenario in ("Infiltrate", "Retrieve", "Survival")), name
    rulings = all_words(skirmish_pages("skirmish_rulings.txt"))
    for need in ("every bow and every gun is paid for", "diagonal step squeezing between two obstacles",
                 "your own included", "roll-off at the start of a round is the army's roll",
                 "before or after its move", "never enters the same square twice"):
        assert need in rulings, need


def test_every_character_of_the_skirmish_pages_is_in_the_font():
    pygame.font.init()
    for name in SKIRMISH_FILES:
        page = layout(skirmish_pages(name), 800)
        assert ui.missing_glyphs("".join(page.texts)) == set(), name


# --- the router names a ruleset's pages; the shell names none ---------------------------------------

def test_a_ruleset_names_its_pages_and_celebrity_keeps_its_own():
    assert router.RULESETS["celebrity"].rules == registry.manifest("celebrity").rules_pages
    assert [label for label, _ in registry.manifest("celebrity").rules_pages] == ["How to play", "Rules", "Rulings", "Characters"]
    for _, source in registry.manifest("skirmish").rules_pages:
        assert (assets_dir() / "rules" / source).is_file()


def test_every_other_ruleset_names_pages_of_its_own():
    """Each game's pages are its manifest's (`GameManifest.rules_pages`): its own, none lent by another game."""
    for rs in router.RULESETS.values():
        assert rs.rules == registry.manifest(rs.id).rules_pages
        if rs.id != "celebrity":
            assert rs.rules and rs.rules != registry.manifest("celebrity").rules_pages, f"{rs.id!r} needs rules_pages=..."


def test_with_one_ruleset_there_is_no_row_of_games(monkeypatch):
    monkeypatch.setattr(router, "RULESETS", {"celebrity": router.RULESETS["celebrity"]})
    app, scene = rules_app()
    assert [b.label for b in scene.buttons] == ["How to play (1)", "Rules (2)", "Rulings (3)", "Characters (4)",
                                                "Back (Esc)"]
    assert scene.game_row is None
    app.frame(press(pygame.K_s), DT)
    assert scene.ruleset == "celebrity" and scene.page.texts[0] == CELEBRITY_TITLE


def test_a_ruleset_naming_no_pages_gets_a_page_that_says_so(monkeypatch):
    monkeypatch.setitem(router.RULESETS, "bare", replace(router.RULESETS["celebrity"], id="bare", name="Bare Knuckles",
                                                         rules=()))
    app, scene = rules_app(ruleset="bare")
    assert tab_labels(scene) == ["Rules (1)"]
    assert any("no rules pages for Bare Knuckles" in t for t in scene.page.texts)
    app.frame(press(pygame.K_RIGHT) + press(pygame.K_2) + press(pygame.K_g), DT)
    assert app.stack.top is scene and scene.page_index == 0


# --- switching game on the rules screen ---------------------------------------------------------------

def test_a_click_on_a_game_shows_its_pages_and_keeps_the_page(two):
    app, scene = rules_app()
    games = scene.buttons[len(scene.pages):-1]
    assert [b.label for b in games] == ["Semi-Historical Celebrity Deathmatch", "Chessboard Skirmish"]
    assert games[0].selected and not games[1].selected
    app.frame(press(pygame.K_2), DT)
    app.frame(click(games[1].rect.center), DT)
    assert scene.ruleset == "skirmish" and scene.page_index == 1
    assert scene.page.texts[0] == "The rules of Chessboard Skirmish"
    assert tab_labels(scene) == ["How to play (1)", "Rules (2)", "Rulings (3)"]
    assert scene.buttons[len(scene.pages) + 1].selected  # the game shown is the one marked
    app.frame(press(pygame.K_4) + press(pygame.K_g), DT)  # Skirmish has no gallery of characters
    assert app.stack.top is scene
    app.frame(click(scene.buttons[len(scene.pages)].rect.center), DT)
    assert scene.ruleset == "celebrity" and any(t == "Standing orders" for t in scene.page.texts)


def test_the_s_key_switches_game_and_each_page_keeps_its_place(two):
    app, scene = rules_app()
    app.frame(press(pygame.K_PAGEDOWN), DT)
    kept = scene.scroll
    assert kept > 0 and scene.page.texts[0] == CELEBRITY_TITLE
    app.frame(press(pygame.K_s), DT)
    assert scene.ruleset == "skirmish" and scene.page.texts[0] == SKIRMISH_TITLE and scene.scroll == 0
    app.frame(press(pygame.K_3), DT)
    assert any("How the game settles them" == t for t in scene.page.texts)
    app.frame(press(pygame.K_RIGHT), DT)  # round the end: Skirmish's first page
    assert scene.page_index == 0
    app.frame(press(pygame.K_s), DT)
    assert scene.ruleset == "celebrity" and scene.page.texts[0] == CELEBRITY_TITLE and scene.scroll == kept
    app.frame(press(pygame.K_4), DT)  # Celebrity's fourth tab opens its gallery, as before
    assert isinstance(app.stack.top, GalleryScene)


def test_the_router_set_to_another_game_opens_its_pages_and_celebritys_pictures_still_show(two, monkeypatch):
    """Opened with the title screen set to Skirmish (a ruleset whose content is no card library),
    switching to Celebrity's How to play draws its pictures with Celebrity's celebrities."""
    monkeypatch.setitem(router.RULESETS, "skirmish", replace(two, new_game=""))
    app = App((1280, 720))
    app.catch_errors = False
    app.router.ruleset = "skirmish"
    scene = app.open("rules")
    app.frame([], DT)
    assert scene.ruleset == "skirmish" and scene.page.texts[0] == SKIRMISH_TITLE
    app.frame(press(pygame.K_s), DT)
    assert scene.ruleset == "celebrity" and scene.pictures.cast
    assert any(kind == "image" for kind, _, _ in scene.page.ops)  # the step pictures


def test_the_game_menu_opens_the_rules_of_the_game_on_the_table(two):
    app = App((1280, 720))
    app.catch_errors = False
    assert app.router.ruleset == "celebrity"
    game = SimpleNamespace(ruleset_id="skirmish", over=False)
    battle = SimpleNamespace(game=game, front=SimpleNamespace(ruleset_id="skirmish", over=False), viewer=None)
    menu = PauseMenu(app, battle)
    app.push(menu)
    app.frame(press(pygame.K_u), DT)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.ruleset == "skirmish"
    assert rules.page.texts[0] == SKIRMISH_TITLE


# --- nothing overlaps, nothing is cut off -------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ruleset", ["celebrity", "skirmish"])
def test_the_row_of_games_and_the_tabs_fit_at_every_size(two, size, ruleset):
    app, scene = rules_app(size, ruleset=ruleset)
    w, h = size
    window = pygame.Rect(0, 0, w, h)
    top = scene.buttons[:-1]
    for b in scene.buttons:
        assert window.contains(b.rect), b.label
        assert ui.text(b.label, int(22 * scene.s)).get_width() <= b.rect.w - 8, b.label  # no label shrunk or cut
    for i, a in enumerate(top):
        for b in top[i + 1:]:
            assert not a.rect.colliderect(b.rect), (a.label, b.label)
    x_end, _ = scene.game_row
    assert x_end + ui.text("S: switch game", int(16 * scene.s)).get_width() <= w - int(20 * scene.s)
    assert scene.view.top > max(b.rect.bottom for b in top)
    assert scene.view.bottom < scene.buttons[-1].rect.top
    for i in scene.reading:
        scene.show(i)
        app.frame([], DT)
        for kind, rect, _ in scene.page.ops:
            assert 0 <= rect.left and rect.right <= scene.view.w, (scene.pages[i][0], kind, rect)
        assert scene.page.height > scene.view.h // 2


def test_gladiators_rules_page_is_the_third_game_on_the_rules_screen():
    app, scene = rules_app()
    games = scene.buttons[len(scene.pages):-1]
    assert [b.label for b in games][2] == "Gladiator!"
    app.frame(click(games[2].rect.center), DT)
    assert scene.ruleset == "gladiator" and scene.page.texts[0] == "How to play Gladiator!"
    assert tab_labels(scene) == ["How to play (1)", "Rules (2)"]
    app.frame(press(pygame.K_2), DT)
    assert scene.page.texts[0] == "The rules of Gladiator!"
    assert any(t == "6. The exchange" for t in scene.page.texts)


def test_superhero_gladiators_rules_page_is_the_fourth_game_on_the_rules_screen():
    app, scene = rules_app()
    games = scene.buttons[len(scene.pages):-1]
    assert [b.label for b in games][3] == "Superhero Gladiators"
    app.frame(click(games[3].rect.center), DT)
    assert scene.ruleset == "supers" and scene.page.texts[0] == "How to play Superhero Gladiators"
    assert tab_labels(scene) == ["How to play (1)", "Rules (2)"]
    app.frame(press(pygame.K_2), DT)
    assert scene.page.texts[0] == "The rules of Superhero Gladiators"
    assert any(t.startswith("5.") for t in scene.page.texts)
