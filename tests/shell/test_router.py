"""Scenes navigate through the router (deathmatch/scenes/router.py), never by importing each other;
deathmatch/launch.py sits above the scenes."""

from __future__ import annotations

import ast
import os
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402
from conftest import ROOT

PACKAGE = ROOT / "deathmatch"
SCENES = PACKAGE / "scenes"

HELPERS = {"base", "menu", "setup", "newgame", "table", "recap", "phones", "phonepanel"}
"""Scene modules another scene may import: the scene base class, the menu frame, the shared
setup frame (the tournament's setup extends it), what the games' sides of it share, and the shared part of a ruleset's
table. They import no other scene themselves (but the leaves, `LEAF_HELPERS`)."""
LEAF_HELPERS = {"base", "menu", "newgame", "recap", "phones", "phonepanel"}
"""The helpers the other helpers may import: the scene base class, the menu frame, what the games' sides of
the setup frame share (it imports no scene), the "since your last turn" recap the hand-off and the tables show, and
the tables' phones (what a phone seat is sent and answers) and their panel on the big screen (codes, taking a seat
back to the screen)."""
RULESET_PARTS = {"celebrity.anim", "celebrity.log", "celebrity.story", "celebrity.facts", "celebrity.phone", "skirmish.anim", "skirmish.log", "skirmish.facts",
                 "skirmish.phone", "gladiator.anim", "gladiator.log", "gladiator.facts", "gladiator.ledger",
                 "gladiator.phone",
                 "supers.draft", "supers.card", "supers.shelf", "supers.anim", "supers.log", "supers.facts",
                 "supers.board", "supers.phone"}
"""A ruleset's screen side that is no scene (scenes/<id>/): its event -> animation steps, log lines
and the words of its story; any scene may use them, they import no scene."""
NAVIGATION = {"app", "router"}
EXTENDS = {"celebrity.replay": {"celebrity.battle"}, "skirmish.tourney": {"skirmish.setup"},
           "supers.tourney": {"supers.setup"}}
"""A scene that is another scene shown differently may import the one it extends: the replay
viewer is the battle screen's board with the answering taken out; Skirmish's tournament setup is
its new-game setup with the night's choices."""
"""The app and its router: the only modules that know which scene serves which name."""


def imported_modules(path: Path, package: str) -> set[str]:
    """Every module `path` imports when it runs, function-local imports included, as absolute
    dotted names (imports under `if TYPE_CHECKING:` are for type hints only and never run)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hints = {id(n) for block in ast.walk(tree)
             if isinstance(block, ast.If) and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"
             for stmt in block.body for n in ast.walk(stmt)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in hints:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)  # `from . import title`
    return found


def scene_modules() -> list[str]:
    """Every module of deathmatch/scenes, a ruleset's own (scenes/<id>/x.py) as "<id>.x"."""
    return sorted(".".join(p.relative_to(SCENES).with_suffix("").parts) for p in SCENES.rglob("*.py")
                  if p.stem != "__init__")


def scenes_imported_by(stem: str) -> set[str]:
    others = set(scene_modules()) - {stem}
    path = SCENES.joinpath(*stem.split(".")).with_suffix(".py")
    package = ".".join(["deathmatch", "scenes", *stem.split(".")[:-1]])
    found = set()
    for m in imported_modules(path, package):
        if m.startswith("deathmatch.scenes."):
            rest = m.split(".")[2:]
            found.update(".".join(rest[:n]) for n in (1, 2) if ".".join(rest[:n]) in others)
    return found


def test_the_import_reader_sees_function_local_and_relative_imports(tmp_path):
    """The reader the next tests rely on: it must see an import hidden in a method."""
    f = tmp_path / "x.py"
    f.write_text("from .menu import MenuScene\n"
                 "class A:\n    def go(self):\n        from .title import TitleScene\n"
                 "        from ..client import sprites\n        import deathmatch.scenes.battle\n"
                 "if TYPE_CHECKING:\n    from .app import App\n")
    mods = imported_modules(f, "deathmatch.scenes")
    assert {"deathmatch.scenes.menu", "deathmatch.scenes.title", "deathmatch.client.sprites",
            "deathmatch.scenes.battle"} <= mods
    assert "deathmatch.scenes.app" not in mods


@pytest.mark.parametrize("stem", [s for s in scene_modules() if s not in NAVIGATION])
def test_a_scene_imports_no_other_scene(stem):
    allowed = (HELPERS if stem not in HELPERS else LEAF_HELPERS - {stem}) | EXTENDS.get(stem, set())
    allowed |= RULESET_PARTS - {stem}
    if stem == "base":
        allowed = set()
    wrong = scenes_imported_by(stem) - allowed
    assert not wrong, f"scenes/{stem}.py imports {sorted(wrong)}: go there through the router (app.open/go/play)"


def test_the_helpers_import_no_screen():
    for stem in HELPERS:
        assert scenes_imported_by(stem) <= LEAF_HELPERS - {stem}, stem
    assert scenes_imported_by("newgame") == set()
    for stem in RULESET_PARTS:
        assert scenes_imported_by(stem) <= RULESET_PARTS, stem


def test_a_rulesets_scenes_are_read_too():
    assert {"celebrity.battle", "celebrity.replay", "celebrity.orders"} <= set(scene_modules())
    assert scenes_imported_by("celebrity.replay") >= {"celebrity.battle", "celebrity.anim"}


def test_nothing_below_launch_imports_it():
    """deathmatch/launch.py starts the game: it may import scenes; no scene or client module imports it."""
    for path in [*SCENES.rglob("*.py"), *(PACKAGE / "client").rglob("*.py")]:
        pkg = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
        assert "deathmatch.launch" not in imported_modules(path, pkg), path


def test_every_route_names_something_that_exists():
    from deathmatch.scenes import router
    from deathmatch.scenes.base import Scene

    for name, target in router.SHELL.items():
        thing = router._load(target)
        assert callable(thing), name
    for rs in router.RULESETS.values():
        assert issubclass(router._load(rs.table), Scene) and issubclass(router._load(rs.setup), Scene)
        assert callable(router._load(rs.start))
        assert callable(getattr(router._load(rs.options), "buttons"))
        assert callable(router._load(rs.sounds))
        assert all(issubclass(router._load(t), Scene) for t in rs.screens.values())
    assert not set(router.SHELL) & set(router.RULESETS[router.DEFAULT_RULESET].screens)  # one name, one screen
    assert router.DEFAULT_RULESET in router.RULESETS


def test_the_rulesets_with_screens():
    """Celebrity Deathmatch first (the default), then Chessboard Skirmish, Gladiator! and Superhero Gladiators: the
    title screen offers the choice. The list is the registry's: every installed game's manifest with screens."""
    from deathmatch.core import registry
    from deathmatch.scenes import router

    assert [r.id for r in router.RULESETS.values()] == [m.id for m in registry.games() if m.client is not None]
    assert [r.id for r in router.RULESETS.values()][:4] == [game for game, _ in registry.BUNDLED_GAMES]
    assert router.DEFAULT_RULESET == "celebrity"


def test_open_go_and_play_move_between_scenes(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.scenes.app import App
    from deathmatch.scenes.celebrity.battle import BattleScene
    from deathmatch.scenes.results import ResultsScene
    from deathmatch.scenes.rules import RulesScene
    from deathmatch.scenes.setup import NewGameScene
    from deathmatch.scenes.title import TitleScene

    app = App((1024, 600))
    title = app.open("title")
    assert isinstance(title, TitleScene) and app.stack.scenes == [title]
    rules = app.open("rules")
    assert isinstance(rules, RulesScene) and app.stack.top is rules
    setup = app.go("setup")
    assert isinstance(setup, NewGameScene)
    assert [type(s) for s in app.stack.scenes] == [TitleScene, NewGameScene]
    assert app.router.is_a(app.stack.scenes[0], "title") and not app.router.is_a(setup, "title")
    battle = app.play(setup.make(seed=5))
    assert isinstance(battle, BattleScene) and [type(s) for s in app.stack.scenes] == [TitleScene, BattleScene]
    results = app.go("results", battle.game)
    assert isinstance(results, ResultsScene) and [type(s) for s in app.stack.scenes] == [TitleScene, ResultsScene]
    with pytest.raises(KeyError, match="no scene is called 'nowhere'"):
        app.open("nowhere")


def _key(k):
    import pygame

    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]


def test_one_ruleset_new_game_goes_straight_to_its_setup(tmp_path, monkeypatch):
    import pygame

    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.scenes import router
    from deathmatch.scenes.app import App
    from deathmatch.scenes.setup import NewGameScene

    monkeypatch.setattr(router, "RULESETS", {"celebrity": router.RULESETS["celebrity"]})
    app = App((1024, 600))
    title = app.open("title")
    assert [b.label for b in title.buttons] == ["Continue", "New game", "Tournament", "Load", "Rules", "Settings", "Quit"]
    app.frame(_key(pygame.K_n), 1 / 60)
    assert isinstance(app.stack.top, NewGameScene)


def test_two_rulesets_bring_a_choice_of_game(tmp_path, monkeypatch):
    """The seam: a ruleset is a line in RULESETS; with two, New game asks which game first."""
    import pygame

    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.scenes import router
    from deathmatch.scenes.app import App
    from deathmatch.scenes.choose import GameChoiceScene
    from deathmatch.scenes.setup import NewGameScene
    from deathmatch.scenes.skirmish.setup import SkirmishSetupScene

    celebrity = router.RULESETS["celebrity"]
    toy = replace(celebrity, id="toy", name="Toy Race")  # Celebrity's screens under another name
    monkeypatch.setitem(router.RULESETS, "toy", toy)
    app = App((1024, 600))
    app.open("title")
    app.frame(_key(pygame.K_n), 1 / 60)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    assert [b.label for b in choice.buttons] == ["Semi-Historical Celebrity Deathmatch", "Chessboard Skirmish",
                                                 "Gladiator!", "Superhero Gladiators", "Toy Race", "Back"]
    assert app.router.ruleset == "celebrity"
    # each game says what it is under its button (the toy borrowed Celebrity's line)
    assert [(b.label, words) for b, words in choice.blurbs][1] == ("Chessboard Skirmish", router.RULESETS["skirmish"].blurb)
    assert all(words and words[0].isupper() for _, words in choice.blurbs) and len(choice.blurbs) == 5
    next(b for b in choice.buttons if b.label == "Toy Race").action()
    assert app.router.ruleset == "toy" and type(app.stack.top) is NewGameScene
    assert choice not in app.stack.scenes  # the setup replaced the choice: Esc goes back to the title
    app.frame(_key(pygame.K_ESCAPE), 1 / 60)
    assert app.router.is_a(app.stack.top, "title")
    app.frame(_key(pygame.K_n), 1 / 60)
    next(b for b in app.stack.top.buttons if b.label == "Chessboard Skirmish").action()
    assert app.router.ruleset == "skirmish" and isinstance(app.stack.top, SkirmishSetupScene)


def test_the_packaged_app_carries_every_routed_scene():
    """The router imports scenes by name, which PyInstaller cannot follow: the spec lists them."""
    from deathmatch.core.manifest import module_of
    from deathmatch.scenes import router

    mods = router.route_modules()
    for target in [*router.SHELL.values(), *(t for rs in router.RULESETS.values() for t in (rs.table, rs.setup))]:
        assert (f"deathmatch.scenes.{target.partition(':')[0]}" if isinstance(target, str) else module_of(target)) in mods
    assert "deathmatch.scenes.results" in mods and "deathmatch.scenes.choose" in mods
    root = ROOT
    seen = {}

    def analysis(*args, **kwargs):
        seen.update(kwargs)
        return type("A", (), {"pure": [], "scripts": [], "binaries": [], "datas": []})()

    def stub(*args, **kwargs):
        return None

    spec = root / "packaging" / "deathmatch.spec"  # run as PyInstaller runs it, its build steps stubbed
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"),
         {"SPECPATH": str(spec.parent), "Analysis": analysis, "PYZ": stub, "EXE": stub, "COLLECT": stub,
          "BUNDLE": stub, "__name__": "__spec__"})
    assert set(mods) <= set(seen["hiddenimports"])
    # and every module of the game: the engine's old name imports the Celebrity ruleset's modules by name
    modules = {".".join(("deathmatch",) + p.relative_to(root / "deathmatch").with_suffix("").parts).removesuffix(".__init__")
               for p in (root / "deathmatch").rglob("*.py")}
    assert "deathmatch.rulesets.celebrity.invariants" in modules
    assert modules <= set(seen["hiddenimports"])


def test_a_game_goes_to_its_own_rulesets_table(tmp_path, monkeypatch):
    """Continue or Load put a game on the table of the ruleset that plays it, whichever game the
    router was last set to."""
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.rulesets.celebrity.record import RULESET_ID
    from deathmatch.scenes import router
    from deathmatch.scenes.app import App

    class Started(Exception):
        pass

    def toy_start(app, game, path=None):
        raise Started(game)

    real_load = router._load
    monkeypatch.setattr(router, "_load", lambda target: toy_start if target == "toy_table:start" else real_load(target))
    celebrity = router.RULESETS["celebrity"]
    monkeypatch.setitem(router.RULESETS, "toy", replace(celebrity, id="toy", name="Toy Race", start="toy_table:start"))
    app = App((1024, 600))
    app.router.ruleset = "celebrity"
    toy_game = type("ToyGame", (), {"ruleset_id": "toy"})()
    with pytest.raises(Started):
        app.router.play(toy_game)
    from deathmatch.rulesets.celebrity import Game

    assert Game.ruleset_id == RULESET_ID == "celebrity"


def test_the_title_names_the_family_of_games_not_only_the_first(tmp_path, monkeypatch):
    """With one ruleset the title's line is Celebrity Deathmatch's own; with four it says there are four
    games (it said only 'Semi-Historical Celebrity Deathmatch' above a menu that opens four)."""
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.scenes import router
    from deathmatch.scenes.app import App

    app = App((1024, 600))
    app.open("title")
    title = app.stack.top
    assert len(app.router.rulesets) == len(router.RULESETS) == 4
    assert title.subtitle().startswith("Four arena games")
    # (the whole dict replaced: deleting keys and restoring them would change the games' order for later tests)
    monkeypatch.setattr(router, "RULESETS", {"celebrity": router.RULESETS["celebrity"]})
    assert title.subtitle().startswith("Semi-Historical Celebrity Deathmatch")


def test_which_game_starts_on_the_game_chosen_last_even_after_a_new_launch(tmp_path, monkeypatch):
    """"Which game?" started on Celebrity Deathmatch in every new launch, even for friends who play
    Superhero Gladiators every night (found by a play-test). The choice is kept in the settings."""
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    import pygame

    from deathmatch.scenes.app import App
    from deathmatch.scenes.choose import GameChoiceScene
    from deathmatch.settings import load_settings

    app = App((1024, 600))
    app.open("title")
    app.frame(_key(pygame.K_n), 1 / 60)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene) and choice.buttons[choice.focus].label.startswith("Semi-Historical")
    next(b for b in choice.buttons if b.label == "Superhero Gladiators").action()
    assert load_settings()[0].last_game == "supers"
    again = App((1024, 600))  # the next evening
    assert again.settings.last_game == "supers"
    again.open("title")
    again.frame(_key(pygame.K_n), 1 / 60)
    choice = again.stack.top
    assert isinstance(choice, GameChoiceScene) and choice.buttons[choice.focus].label == "Superhero Gladiators"
    again.frame(_key(pygame.K_RETURN), 1 / 60)
    assert again.router.ruleset == "supers"


def test_a_broken_last_game_setting_is_reported_and_forgotten(tmp_path, monkeypatch):
    import json

    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.settings import load_settings, settings_path

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"last_game": ["supers"]}))
    st, problems = load_settings()
    assert st.last_game == "" and any("last_game" in p for p in problems)
