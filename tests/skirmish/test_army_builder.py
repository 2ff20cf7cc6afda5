"""The Chessboard Skirmish army builder (deathmatch/scenes/skirmish/builder.py), driven headless
by the mouse alone and by the keyboard alone: a legal army is built and saved to the player's
armies folder, an illegal one is refused with its reason; the points left follow every change;
an army is loaded to start from; nothing drawn leaves its box at 1024×600, 1280×720, 1920×1080."""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from conftest import ROOT  # noqa: E402
from deathmatch import paths  # noqa: E402
from deathmatch.client import ui  # noqa: E402
from deathmatch.rulesets.skirmish.armies import load_default_armies, read_army_file  # noqa: E402
from deathmatch.rulesets.skirmish.army import Army, Miniature  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.skirmish.builder import ArmyBuilderScene  # noqa: E402
from test_client import click  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from test_layout import problems_in  # noqa: E402

DT = 1 / 60


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    return app


def builder(app, *args, **kwargs) -> ArmyBuilderScene:
    scene = ArmyBuilderScene(app, *args, **kwargs)
    app.push(scene)
    app.frame([], DT)
    return scene


def saved_files():
    folder = paths.user_dir("armies")
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def button(scene, label, tag=None):
    """The button on screen with this label (and this (row, field) tag, for a row's controls)."""
    found = [b for b in scene.buttons if b.label == label and (tag is None or b.tag == tag)]
    assert len(found) >= 1, f"no button {label!r} {tag} among {[b.label for b in scene.buttons]}"
    return found[0]


def press_button(app, scene, label, tag=None, row=None):
    if row is not None:  # a row's own button without a tag (Copy, ×): the one on that row's line
        y = scene.fields[(row, 0)].centery
        b = next(b for b in scene.buttons if b.label == label and b.rect.top <= y <= b.rect.bottom)
    else:
        b = button(scene, label, tag)
    assert b.enabled, f"{label!r} is disabled"
    app.frame(click(b.rect.center), DT)


def key(app, k, mod=0, unicode=""):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0),
               pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)], DT)


def type_text(app, words):
    for ch in words:
        key(app, pygame.key.key_code(ch) if ch.isalnum() else pygame.K_SPACE, unicode=ch)


def ctrl(app, k):
    key(app, k, pygame.KMOD_LCTRL)


def side_words(scene) -> str:
    """Every text the screen draws, joined (what a player reads)."""
    with ui.recording() as records:
        surface = ui.RecordingSurface(scene.app.size, records)
        scene.draw(surface)
    return " ".join(r.words for r in records)


# --- the mouse alone -----------------------------------------------------------------------


def test_by_mouse_alone_an_illegal_army_is_refused_with_its_reason_then_a_legal_one_is_saved(app):
    got = []
    scene = builder(app, 30, on_saved=lambda army, path: got.append((army, path)))
    assert [m.cost() for m in scene.army().miniatures] == [13, 6]  # Captain d8 armour 1 hero, Soldier d6
    assert "11 points left" in side_words(scene)
    press_button(app, scene, "Add (Ctrl+N)")                   # Soldier 3, d4: 23
    press_button(app, scene, "melee", (2, 2))                  # a bow: 26
    assert scene.rows[2].weapon == "bow" and scene.army().cost() == 26
    press_button(app, scene, "Copy", row=2)                    # a second archer: 33
    assert scene.army().cost() == 33
    words = side_words(scene)
    assert "3 points over" in words and "Over budget by 3" in words
    press_button(app, scene, "Save (Ctrl+S)")
    assert saved_files() == [] and got == []
    assert scene.message.startswith("Not saved: Over budget by 3: the army costs 33 of 30 points.")
    assert "Not saved: Over budget by 3" in side_words(scene)
    press_button(app, scene, "−", (0, 1))                      # the Captain d8 → d6: 31
    press_button(app, scene, "−", (0, 3))                      # no armour: 29
    assert scene.army().cost() == 29 and "1 point left" in side_words(scene)
    press_button(app, scene, "×", row=3)                       # drop the copy: 22
    press_button(app, scene, "+", (1, 1))                      # Soldier d6 → d8: 24
    press_button(app, scene, "+", (1, 3))                      # and an armour point: 26
    press_button(app, scene, "no", (1, 4))                     # a hero: 29
    assert [(m.die, m.weapon, m.armour, m.hero) for m in scene.army().miniatures] == [
        (6, "melee", 0, True), (8, "melee", 1, True), (4, "bow", 0, False)]
    assert scene.army().cost() == 29 and "Legal at 30 points: ready to save." in side_words(scene)
    assert "The 1 point left unspent is lost in a game." in side_words(scene)
    press_button(app, scene, "Save (Ctrl+S)")
    [path] = saved_files()
    assert path.name == "my_army.yaml" and scene.message == "Saved: My Army is listed with your armies now."
    army, problems = read_army_file(path)
    assert problems == [] and army == scene.army() and got == [(army, path)]


def test_by_mouse_the_points_level_changes_what_is_legal(app):
    scene = builder(app, 30)
    press_button(app, scene, "20")
    assert scene.points == 20 and "1 point left" in side_words(scene)
    press_button(app, scene, "+", (0, 1))                       # Captain d10: 21 of 20
    assert "1 point over" in side_words(scene)
    press_button(app, scene, "Free")
    assert scene.points is None and "Legal as a free list" in side_words(scene)
    press_button(app, scene, "Save (Ctrl+S)")
    [path] = saved_files()
    assert read_army_file(path)[0].points is None


def test_by_mouse_an_army_is_loaded_to_start_from_and_saved_as_a_copy(app):
    scene = builder(app, 30)
    press_button(app, scene, "Load… (Ctrl+L)")
    assert scene.choices and all(b.tag is not None or b.label == "Cancel (Esc)" for b in scene.buttons)
    legion = next(b for b in scene.buttons if b.label.startswith("Roman Legion"))
    app.frame(click(legion.rect.center), DT)
    assert scene.choices is None and scene.name == "Roman Legion" and scene.points == 30
    assert [r.name for r in scene.rows] == ["Centurion", "Legionary", "Legionary", "Velite"]
    assert "0 points left" in side_words(scene)
    press_button(app, scene, "Save (Ctrl+S)")
    [path] = saved_files()
    assert path.name == "roman_legion.yaml"
    bundled = ROOT / "assets" / "armies" / "roman_legion.yaml"
    assert read_army_file(path)[0] == read_army_file(bundled)[0]


# --- the keyboard alone --------------------------------------------------------------------


def test_by_keyboard_alone_an_army_is_named_built_refused_then_saved(app):
    scene = builder(app, 30)
    key(app, pygame.K_UP)                                      # the army's name
    assert (scene.row, scene.col) == (-1, 0)
    for _ in range(len("My Army")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Keys Only")
    assert scene.name == "Keys Only"
    key(app, pygame.K_DOWN)                                    # the Captain's name
    for _ in range(len("Captain")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Boss")
    key(app, pygame.K_TAB)                                     # its die
    assert (scene.row, scene.col) == (0, 1)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)                                   # d8 → d12: 17 + 6 = 23
    key(app, pygame.K_TAB)                                     # its weapon
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)                                   # melee → bow → gun: 21 + 6 = 27
    assert scene.rows[0].weapon == "gun" and scene.army().cost() == 27
    key(app, pygame.K_TAB)                                     # its armour
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)                                   # 3 points: 31
    assert scene.army().cost() == 31 and "1 point over" in side_words(scene)
    ctrl(app, pygame.K_s)
    assert saved_files() == [] and "Over budget by 1" in scene.message
    key(app, pygame.K_TAB)                                     # hero
    key(app, pygame.K_SPACE)                                   # off: 28
    assert scene.army().cost() == 28
    ctrl(app, pygame.K_n)                                      # Soldier 3, d4: 32
    assert (scene.row, scene.col) == (2, 0)
    ctrl(app, pygame.K_s)
    assert saved_files() == [] and "Over budget by 2" in scene.message
    ctrl(app, pygame.K_r)                                      # removed again: 28
    assert len(scene.rows) == 2 and scene.row == 1
    ctrl(app, pygame.K_d)                                      # a second Soldier d6: 34
    key(app, pygame.K_TAB)
    key(app, pygame.K_LEFT)                                    # d4: 32
    ctrl(app, pygame.K_p)                                      # 40 points
    assert scene.points == 40 and "8 points left" in side_words(scene)
    ctrl(app, pygame.K_s)
    [path] = saved_files()
    assert path.name == "keys_only.yaml"
    army = read_army_file(path)[0]
    assert army == Army("Keys Only", (Miniature("Boss", 12, "gun", 3, False), Miniature("Soldier", 6),
                                      Miniature("Soldier", 4)), 40)
    for _ in range(3):
        key(app, pygame.K_UP)                                  # back up to the army's name
    type_text(app, "!")
    ctrl(app, pygame.K_s)                                      # saving again edits the same file
    assert saved_files() == [path] and read_army_file(path)[0].name == "Keys Only!"


def test_by_keyboard_an_empty_list_and_an_empty_name_are_refused_with_their_reasons(app):
    scene = builder(app, 30)
    ctrl(app, pygame.K_r)
    ctrl(app, pygame.K_r)
    assert scene.rows == [] and scene.row == -1
    ctrl(app, pygame.K_s)
    assert saved_files() == [] and "The army has no miniatures: add at least one." in scene.message
    ctrl(app, pygame.K_n)
    key(app, pygame.K_UP)
    for _ in range(10):
        key(app, pygame.K_BACKSPACE)
    ctrl(app, pygame.K_s)
    assert saved_files() == [] and "The army's name is empty: give the name." in scene.message
    assert "Not legal yet" in side_words(scene)


def test_by_keyboard_an_army_is_loaded_and_esc_asks_before_leaving_unsaved_changes(app):
    from deathmatch.scenes.title import TitleScene

    app.push(TitleScene(app))
    scene = builder(app, 30)
    ctrl(app, pygame.K_l)
    assert scene.choices
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    chosen = next(a for a in load_default_armies()[0] if a.name == scene.name)
    assert scene.army() == chosen and scene.choices is None
    key(app, pygame.K_DOWN)
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)                                   # a change, not saved
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and "Esc again leaves without saving" in scene.message
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not scene and isinstance(app.stack.top, TitleScene)


def test_a_saved_army_of_the_players_is_edited_in_its_own_file(app):
    folder = paths.user_dir("armies")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "old.yaml").write_text("name: Old\npoints: 20\nminiatures:\n  - {name: A, die: d8}\n", encoding="utf-8")
    mine = next(a for a in load_default_armies()[0] if a.name == "Old")
    scene = builder(app, army=mine)
    assert scene.points == 20 and scene.source == folder / "old.yaml"
    press_button(app, scene, "+", (0, 1))
    press_button(app, scene, "Save (Ctrl+S)")
    assert saved_files() == [folder / "old.yaml"]
    assert read_army_file(folder / "old.yaml")[0].miniatures == (Miniature("A", 10),)


def test_the_list_scrolls_and_stops_at_24_miniatures(app):
    scene = builder(app, None)
    for _ in range(30):
        ctrl(app, pygame.K_n)
    assert len(scene.rows) == 24 and "at most 24" in scene.message
    assert scene.list.scrolls and scene.row == 23 and (23, 0) in scene.fields  # the new one in view
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=30, flipped=False, precise_x=0.0, precise_y=30.0)], DT)
    assert scene.list.top == 0 and (0, 0) in scene.fields and (23, 0) not in scene.fields


# --- nothing cut off -----------------------------------------------------------------------


def _states():
    def new(scene):
        pass

    def over(scene):
        scene.start_from(next(a for a in load_default_armies()[0] if a.name == "Crusader Host"))
        scene.set_points(30)
        scene.save()

    def long_names(scene):
        scene.name = "W" * 32
        for _ in range(22):
            scene.add()
        for r in scene.rows:
            r.name, r.die, r.weapon, r.armour, r.hero = "W" * 32, 20, "gun", 10, True
        scene.row = 5
        scene.save()

    def picker(scene):
        scene.open_picker()

    def picker_with_broken_files(scene):
        folder = paths.user_dir("armies")
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(3):
            (folder / f"broken{n}.yaml").write_text("name: [\n", encoding="utf-8")
        (folder / "mine.yaml").write_text("name: " + "W" * 32 + "\npoints: null\nblurb: " + "W" * 120 +
                                          "\nminiatures:\n" + "  - {name: A, die: d4}\n" * 24, encoding="utf-8")
        scene.open_picker()
        assert scene.unreadable == 3 and scene.choices[0].name == "W" * 32

    return {"new": new, "over budget": over, "long names": long_names, "picker": picker,
            "picker with broken files": picker_with_broken_files}


@pytest.mark.parametrize("state", list(_states()))
def test_no_text_is_cut_off_or_overlaps(state, monkeypatch):
    draw_rect = pygame.draw.rect

    def rect(surface, colour, r, width=0, *args, **kw):  # a filled rect is a panel too (as test_layout)
        done = draw_rect(surface, colour, r, width, *args, **kw)
        if width == 0 and isinstance(surface, ui.RecordingSurface):
            surface.panels.append((pygame.Rect(r).clip(surface.get_clip()), surface.owner, len(surface.records)))
        return done

    monkeypatch.setattr(pygame.draw, "rect", rect)
    found = []
    shots = os.environ.get("DEATHMATCH_LAYOUT_PNG")
    for size in [(1024, 600), (1280, 720), (1920, 1080)]:
        app = App(size)
        app.catch_errors = False
        scene = ArmyBuilderScene(app)
        app.push(scene)
        _states()[state](scene)
        scene.layout()
        with ui.recording() as records:
            surface = ui.RecordingSurface(size, records)
            surface.owner = "ArmyBuilderScene"
            scene.draw(surface)
        assert records
        found += [f"{size[0]}x{size[1]} {p}" for p in problems_in(records, surface.panels)]
        for b in scene.buttons:
            assert surface.get_rect().contains(b.rect), f"{size}: {b.label!r} {b.rect} is off the window"
        if shots:
            pygame.image.save(surface, os.path.join(shots, f"builder_{state.replace(' ', '_')}_{size[0]}x{size[1]}.png"))
    assert not found, "\n".join(found[:30])
