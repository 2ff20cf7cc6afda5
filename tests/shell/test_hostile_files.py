"""Hostile and careless files never hang, crash or leak (issue 13).

Each bad file goes through the path the game itself takes (the title screen's start and
Continue, Load, New game, the save-as prompt, the tournament screen), and the test asserts
the message a player reads (which file, which field, what to do) and that the game keeps running.
"""

import csv
import io
import os
import re

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch import saves  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402

DT = 1 / 60


def press(key, unicode=""):
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)]


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


# --- 11. the tournament's CSV and HTML exports -------------------------------------------

HOSTILE_NAMES = ['=HYPERLINK("http://evil.example","click")', "+1+1", "-2+3", "@SUM(A1:A9)", "\tTabbed",
                 "<script>alert(1)</script>"]


def test_the_exports_of_the_tournament_screen_defuse_formulas_and_markup():
    from deathmatch.rulesets.celebrity import load_default_cards
    from deathmatch.scenes.tourney import TournamentScene
    from deathmatch.tournament import bot_tournament, play_game_with_bots

    t = bot_tournament(6, 1, 3)
    for e, name in zip(t.entrants, HOSTILE_NAMES):
        e.name = name
    play_game_with_bots(t, load_default_cards())
    app = fresh_app()
    screen = TournamentScene(app, t)
    app.push(screen)
    app.frame([], DT)
    app.frame(press(pygame.K_e), DT)
    assert "tournament.html" in screen.exported
    rows = list(csv.reader(io.StringIO((saves.saves_dir() / "tournament.csv").read_text(encoding="utf-8"))))
    cells = [c for row in rows for c in row]
    for name in HOSTILE_NAMES[:5]:
        assert "'" + name in cells  # quoted: a spreadsheet shows it as text
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    standings = {row[1] for row in rows[1:7]}
    assert standings == {"'" + n for n in HOSTILE_NAMES[:5]} | {HOSTILE_NAMES[5]}  # other names as they are
    page = (saves.saves_dir() / "tournament.html").read_text(encoding="utf-8")
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "=HYPERLINK(&quot;http://evil.example&quot;,&quot;click&quot;)" in page


# --- 6. a corrupt tournament.json ---------------------------------------------------------


def _tournament_file(change):
    import json

    from deathmatch.tournament import bot_tournament

    path = bot_tournament(3, 3, 1).save()
    data = json.loads(path.read_text(encoding="utf-8"))
    if callable(change):
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
    else:
        path.write_bytes(change)
    return path, path.read_bytes()


def _set(key, value):
    def change(data):
        data[key] = value
    return change


@pytest.mark.parametrize("change, words", [
    (b"\xff\xfe\x00{not json", "not a text file (not UTF-8)"),
    (b'{"format": "deathmatch-tournament", "version": 1, ', "not valid JSON"),
    (_set("version", "abc"), "'version' is text (\"abc\"), not a whole number"),
    (_set("games", "x"), "'games' is text (\"x\"), not a whole number"),
    (_set("entrants", 5), "'entrants' is 5, not a list of players"),
    (lambda d: d["entrants"][0].update(dropped_after="x"), "'entrants' player 1's 'dropped_after' is text"),
    (lambda d: d["entrants"][1].update(kind=["x"]), "'entrants' player 2's 'kind' is a list"),
    (_set("options", [1]), "'options' is a list, not an object of options"),
    (lambda d: d["options"].update(round_limit="x"), "'options' 'round_limit' is text"),
    (_set("records", [5]), "game 1 is a bad game record"),
    (_set("arenas", []), "'arenas' is empty"),
    (_set("shuffle_arenas", "yes"), "'shuffle_arenas' is text (\"yes\"), not true or false"),
    (_set("assignment", "steal"), "'assignment' is text (\"steal\"), not one of deal, pick, draft"),
])
def test_a_corrupt_tournament_file_is_said_set_aside_and_the_game_starts(change, words, caplog):
    from deathmatch.scenes.tourney import TournamentSetupScene

    path, before = _tournament_file(change)
    app = fresh_app()  # the title screen comes up: the game starts
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert "tournament.json" in title.message and words in title.message
    aside = [p for p in path.parent.iterdir() if p.name.startswith("tournament.json.bad-")]
    assert len(aside) == 1 and aside[0].read_bytes() == before  # nothing lost
    assert not path.exists() and f"set aside as {aside[0].name}" in title.message
    assert any(aside[0].name in r.getMessage() for r in caplog.records)  # and in the log
    assert not title.buttons[0].enabled  # nothing to continue
    app.frame([], DT)  # the message draws
    app.frame(press(pygame.K_t) + press(pygame.K_RETURN), DT)  # a new night can start (of Celebrity, the first game)
    assert isinstance(app.stack.top, TournamentSetupScene)


def test_a_tournament_whose_game_will_not_replay_is_set_aside_when_opened():
    import json

    from deathmatch.rulesets.celebrity import load_default_cards
    from deathmatch.tournament import bot_tournament, play_game_with_bots

    t = bot_tournament(3, 3, 1)
    play_game_with_bots(t, load_default_cards())
    path = t.save()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["records"][0]["decisions"] = data["records"][0]["decisions"][:3]  # an unfinished "finished" game
    path.write_text(json.dumps(data), encoding="utf-8")
    app = fresh_app()
    title = app.stack.top
    app.frame(press(pygame.K_t), DT)  # Tournament opens the standings, which replay the games
    assert app.stack.top is title and "tournament.json" in title.message and "set aside as" in title.message
    assert not path.exists() and title.tournament is None
    app.frame([], DT)
    app.frame(press(pygame.K_t) + press(pygame.K_RETURN), DT)  # a new night, of the first game
    assert type(app.stack.top).__name__ == "TournamentSetupScene"


# --- 7. wrong types in settings.json --------------------------------------------------------


@pytest.mark.parametrize("last, field, words", [
    ({"players": "x"}, "last_setup.players", 'is text ("x"), not a whole number 2–10'),
    ({"players": None}, "last_setup.players", "is null, not a whole number 2–10"),
    ({"players": 40}, "last_setup.players", "40 is out of 2–10"),
    ({"arena": ["colosseum"]}, "last_setup.arena", "is a list"),
    ({"beasts": "no"}, "last_setup.beasts", 'is text ("no"), not true or false'),
    ({"obstacles": 2.5}, "last_setup.obstacles", "not a whole number 0–99"),
    ({"round_limit": "x"}, "last_setup.round_limit", "not a whole number 1–999 or null"),
    ({"hidden_cards": 1}, "last_setup.hidden_cards", "not true or false"),
    ({"deal": {"a": 1}}, "last_setup.deal", "is an object, not a plain value"),
])
def test_wrong_types_in_the_remembered_setup_are_said_and_new_game_still_starts(last, field, words, caplog):
    import json

    from deathmatch.scenes.celebrity.battle import BattleScene
    from deathmatch.scenes.setup import NewGameScene
    from deathmatch.settings import load_settings, settings_path

    good = {"arena": "bundled:harbour", "round_limit": 6}
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"last_setup": {**good, **last}}), encoding="utf-8")
    settings, messages = load_settings()
    assert len(messages) == 1 and messages[0].startswith(f"settings.json: {field} ")
    assert words in messages[0] and messages[0].endswith("; using the default")
    key = field.split(".")[1]
    assert key not in settings.last_setup or key in good  # the bad field is dropped…
    assert {k: v for k, v in settings.last_setup.items() if k not in last} == {k: v for k, v in good.items() if k not in last}
    app = fresh_app()  # …the title screen says so (and the log)…
    title = app.stack.top
    assert field in title.message and "settings.json" in title.message
    assert any(field in r.getMessage() for r in caplog.records)
    app.frame([], DT)
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)  # …and New game works, every time
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    app.frame(press(pygame.K_RETURN), DT)
    assert isinstance(app.stack.top, BattleScene), setup.message
    app.stack.top.app.go("title")
    app.frame([], DT)
    assert app.stack.top.message == ""  # said once, not on every return to the title
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    assert isinstance(app.stack.top, NewGameScene)
    assert load_settings()[1] == []  # the setup remembered is good again


def test_wrong_types_in_the_remembered_tournament_drop_only_that_field():
    import json

    from deathmatch.scenes.tourney import TournamentSetupScene
    from deathmatch.settings import load_settings, settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"last_tournament": {
        "games": 3, "arenas": "colosseum", "assign": 7, "shuffle": True,
        "seats": [{"name": "A", "colour": 0}, {"name": "A", "colour": 1}]}}), encoding="utf-8")
    settings, messages = load_settings()
    assert settings.last_tournament == {"games": 3, "shuffle": True}
    assert sorted(messages) == sorted([
        "settings.json: last_tournament.arenas is text, not a list of arena names; using the default",
        "settings.json: last_tournament.assign is 7, not one of deal, pick, draft; using the default",
        "settings.json: last_tournament.seats: seat 2's name 'A' is used twice; using the default"])
    app = fresh_app()
    app.frame(press(pygame.K_t) + press(pygame.K_RETURN), DT)  # Tournament, then Celebrity (the first game)
    night = app.stack.top
    assert isinstance(night, TournamentSetupScene) and night.games == 3 and night.shuffle


# --- 3. a save naming a pipe, a link out of the folders, or any other file ----------------


def _save_naming(library, map_ref, slot="trapped"):
    """A real saved game whose setup names `map_ref` as its map."""
    import json

    from deathmatch.rulesets.celebrity.randomplay import random_game

    path = saves.write_game(random_game(library, 5, players=4), slot)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["setup"]["arena"] = {"map": map_ref}
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _load_screen(app):
    from deathmatch.scenes.load import LoadScene

    app.frame(press(pygame.K_l), DT)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    app.frame([], DT)
    return load


@pytest.mark.timeout(60)  # a pipe opened for reading waits for a writer forever: fail, don't hang
@pytest.mark.parametrize("how", ["id", "old absolute path"])
def test_a_save_naming_a_pipe_in_the_arenas_folder_is_refused_without_opening_it(library, how):
    from deathmatch.paths import ensure_user_folders, user_arenas_dir

    ensure_user_folders()
    trap = user_arenas_dir() / "trap.tmx"
    os.mkfifo(trap)
    path = _save_naming(library, "user:trap" if how == "id" else str(trap))
    app = fresh_app()
    title = app.stack.top
    assert not title.buttons[0].enabled  # Continue does not offer it
    load = _load_screen(app)
    info = next(i for i in load.saves if i.path == path)
    assert "trap.tmx" in info.error and "is not a regular file (a pipe or a device)" in info.error
    assert "put the arena's map there, saved from Tiled" in info.error  # what to do
    load.load(info)  # even asked to, it says why instead of waiting
    assert app.stack.top is load and "trapped can not be loaded" in load.message and "not a regular file" in load.message
    app.frame([], DT)
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is title


@pytest.mark.timeout(60)
def test_a_save_naming_a_link_out_of_the_arenas_folder_is_refused(library, tmp_path):
    import shutil

    from deathmatch.paths import ensure_user_folders, user_arenas_dir

    ensure_user_folders()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for f in user_arenas_dir().iterdir():  # a whole, playable map, but outside the arenas folder
        shutil.copy(f, elsewhere / f.name)
    (user_arenas_dir() / "escape.tmx").symlink_to(elsewhere / "my_first_arena.tmx")
    path = _save_naming(library, "user:escape")
    load = _load_screen(fresh_app())
    info = next(i for i in load.saves if i.path == path)
    assert "escape.tmx" in info.error and f"is a link to {elsewhere / 'my_first_arena.tmx'}" in info.error
    assert "copy the map itself into the folder" in info.error


@pytest.mark.timeout(60)
@pytest.mark.parametrize("ref, words", [
    ("../../etc/passwd", "neither a bundled arena nor in your arenas folder"),
    ("/etc/passwd", "neither a bundled arena nor in your arenas folder"),
    ("bundled:../../etc/passwd", "is not an arena id"),
    ("user:../../../etc/passwd", "is not an arena id"),
    ("/dev/zero", "neither a bundled arena nor in your arenas folder"),
    ("FIFO", "neither a bundled arena nor in your arenas folder"),
])
def test_a_save_naming_a_file_outside_the_arena_folders_is_refused(library, tmp_path, ref, words):
    if ref == "FIFO":  # a pipe outside the folders, named by its path
        ref = str(tmp_path / "outside.tmx")
        os.mkfifo(ref)
    path = _save_naming(library, ref)
    load = _load_screen(fresh_app())
    info = next(i for i in load.saves if i.path == path)
    assert words in info.error
    load.load(info)
    assert "can not be loaded" in load.message


@pytest.mark.timeout(60)
def test_new_game_lists_a_pipe_or_a_pipe_tileset_in_the_arenas_folder_as_broken(library):
    from deathmatch.paths import ensure_user_folders, user_arenas_dir
    from deathmatch.scenes.setup import NewGameScene

    folder = ensure_user_folders() / "arenas"
    assert folder == user_arenas_dir()
    os.mkfifo(folder / "pipe.tmx")
    text = (folder / "my_first_arena.tmx").read_text(encoding="utf-8")
    os.mkfifo(folder / "pipe.tsx")
    (folder / "piped_tiles.tmx").write_text(re.sub(r'source="arena_\w+\.tsx"', 'source="pipe.tsx"', text),
                                            encoding="utf-8")
    assert 'source="pipe.tsx"' in (folder / "piped_tiles.tmx").read_text(encoding="utf-8")
    app = fresh_app()
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    app.frame([], DT)
    broken = {e.path.name: e.reason for e in setup.arenas if not e.ok}
    assert "is not a regular file (a pipe or a device)" in broken["pipe.tmx"]
    assert "pipe.tsx" in broken["piped_tiles.tmx"] and "is not a regular file" in broken["piped_tiles.tmx"]
    app.frame(press(pygame.K_RETURN), DT)  # the game goes on: a good arena still starts
    assert type(app.stack.top).__name__ == "BattleScene"


# --- 10. named saves never overwrite each other silently -----------------------------------


def _battle(app):
    """A new game on the battle screen, waiting for the first player (past the hand-off)."""
    import random

    from test_client import Driver

    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    app.frame(press(pygame.K_RETURN), DT)
    battle = app.stack.top
    assert type(battle).__name__ == "BattleScene"
    Driver(app, battle, "keyboard", random.Random(0)).settle()
    assert app.stack.top is battle
    return battle


def _mark(path, round_):
    """Change the round a save says it is at (to tell whether it was written again)."""
    import json

    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["round"] = round_
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path.read_bytes()


def _save_as(app, name):
    """F5 on the battle screen, the name typed, Enter: the prompt (still open if it asks)."""
    from deathmatch.scenes.saveas import SaveAsScene

    app.frame(press(pygame.K_F5), DT)
    prompt = app.stack.top
    assert isinstance(prompt, SaveAsScene)
    for _ in range(len(prompt.name)):
        app.frame(press(pygame.K_BACKSPACE), DT)
    for ch in name:
        app.frame(press(pygame.K_a, ch), DT)
    assert prompt.name == name
    app.frame(press(pygame.K_RETURN), DT)
    return prompt


def _close(app, prompt):
    assert prompt.saved is not None, prompt.error
    app.frame(press(pygame.K_SPACE), DT)
    assert app.stack.top is not prompt


def test_names_in_any_script_and_with_slashes_keep_their_own_files_and_never_take_the_autosave():
    app = fresh_app()
    _battle(app)
    autosave = saves.slot_path(saves.AUTOSAVE)
    before = autosave.read_bytes()
    names = ["名前", "試合", "a/b", "a_b", "a\\b", "autosave", "Autosave", "tournament", "Friday", "friday", "Ünïcödé"]
    files = []
    for name in names:
        prompt = _save_as(app, name)
        assert getattr(prompt, "replacing", None) is None, name  # nothing was there: no question
        files.append(prompt.saved)
        _close(app, prompt)
    assert len(set(files)) == len(names)  # every name its own file
    assert all(f.parent == saves.saves_dir() and f.exists() for f in files)
    assert autosave.read_bytes() == before  # "autosave" did not land in the autosave slot
    assert not (saves.saves_dir() / "tournament.json").exists()
    assert files[0].name.startswith("名前-") and files[1].name.startswith("試合-")  # readable, any script
    listed = {i.name: i for i in saves.list_saves()}
    assert set(names) | {"autosave"} == set(listed)  # the load screen lists each under the name typed
    assert listed["autosave"].path == autosave
    from deathmatch.scenes.load import LoadScene

    app.go("title")
    app.frame(press(pygame.K_l), DT)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    shown = [b.label.split(":  ")[0] for b in load.buttons if ":  " in b.label]
    assert shown and set(shown) <= set(names) | {"autosave"} and "a/b" in shown and "Ünïcödé" in shown


def test_saving_over_an_existing_name_asks_first():
    app = fresh_app()
    _battle(app)
    prompt = _save_as(app, "Friday final")
    first = _mark(prompt.saved, 97)  # (a fresh save would say round 0)
    _close(app, prompt)
    prompt = _save_as(app, "Friday final")  # the same name again: asked, nothing written yet
    path = saves.named_save_path("Friday final")
    assert prompt.replacing is not None and "“Friday final” is already saved" in prompt.replacing
    assert prompt.saved is None and path.read_bytes() == first
    app.frame([], DT)  # the question draws
    app.frame(press(pygame.K_ESCAPE), DT)  # Esc: cancel, back to the name
    assert app.stack.top is prompt and prompt.replacing is None and path.read_bytes() == first
    assert "Not saved" in prompt.error
    app.frame(press(pygame.K_RETURN), DT)  # asked again; Enter on the focused Cancel cancels too
    assert prompt.replacing is not None
    app.frame(press(pygame.K_RETURN), DT)
    assert prompt.replacing is None and path.read_bytes() == first
    app.frame(press(pygame.K_RETURN), DT)
    app.frame(press(pygame.K_RIGHT), DT)  # Right: Overwrite is focused; Enter presses it
    app.frame(press(pygame.K_RETURN), DT)
    assert prompt.saved == path and path.read_bytes() != first
    _close(app, prompt)
    second = _mark(path, 98)
    prompt = _save_as(app, "Friday final")  # and by the mouse
    over, cancel = prompt.confirm_buttons(app.size)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cancel.rect.center, button=1)], DT)
    assert prompt.replacing is None and prompt.saved is None and path.read_bytes() == second
    app.frame(press(pygame.K_RETURN), DT)
    app.frame(press(pygame.K_o), DT)  # O: overwrite
    assert prompt.saved == path and path.read_bytes() != second
    assert [i.name for i in saves.list_saves()].count("Friday final") == 1


# --- 14. many arenas of the player's own: the New game list scrolls ---------------------------


def _wheel(app, pos, dy):
    pygame.mouse.set_pos(pos)
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy))], DT)


def _mouse(app, kind, pos):
    extra = {"button": 1} if kind != pygame.MOUSEMOTION else {"rel": (0, 0), "buttons": (1, 0, 0)}
    app.frame([pygame.event.Event(kind, pos=pos, **extra)], DT)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_twenty_user_arenas_scroll_in_the_new_game_list(size):
    import sys

    from conftest import ROOT
    sys.path.insert(0, str(ROOT / "tools"))
    from screens_tour import user_arenas

    from deathmatch.scenes.setup import NewGameScene

    user_arenas(20)
    app = fresh_app(size)
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    n = len(setup.arenas)
    assert n >= 27

    def shown():
        """The rows on screen: all inside the list's room, above every button, the selection among them."""
        rows = [k for k, _ in setup.arena_rects]
        assert rows == list(range(setup.arena_top, setup.arena_top + len(rows))) and 1 <= len(rows) < n
        for _, r in setup.arena_rects:
            assert setup.arena_area.contains(r) and not r.colliderect(setup.arena_track)
            assert not [b.label for b in setup.buttons if b.rect.colliderect(r)]
        return rows

    assert setup.arena_track is not None and setup.arena_thumb().h < setup.arena_track.h  # a bar says there is more
    first = shown()
    assert setup.arena in first
    chosen = setup.arena
    middle = setup.arena_area.center
    _wheel(app, middle, -1)  # the wheel scrolls; the selection stays
    assert shown() == [k + 1 for k in first] and setup.arena == chosen
    for _ in range(n):
        _wheel(app, middle, -1)
    last = shown()
    assert last[-1] == n - 1 and setup.arena == chosen  # stops at the end
    _wheel(app, middle, 1)
    assert shown()[-1] == n - 2
    app.frame(press(pygame.K_HOME), DT)  # keys select, and the list follows
    assert setup.arena == 0 and shown()[0] == 0
    app.frame(press(pygame.K_LEFT), DT)  # from the first back round to the last
    assert setup.arena == n - 1 and shown()[-1] == n - 1
    app.frame(press(pygame.K_HOME), DT)
    app.frame(press(pygame.K_PAGEDOWN), DT)
    assert setup.arena == len(first) and setup.arena in shown()
    app.frame(press(pygame.K_END), DT)
    assert setup.arena == n - 1 and setup.arena in shown()
    app.frame(press(pygame.K_HOME), DT)
    thumb = setup.arena_thumb()  # drag the bar's thumb to the bottom: the end of the list
    _mouse(app, pygame.MOUSEBUTTONDOWN, thumb.center)
    _mouse(app, pygame.MOUSEMOTION, (thumb.centerx, setup.arena_track.bottom + 50))
    _mouse(app, pygame.MOUSEBUTTONUP, (thumb.centerx, setup.arena_track.bottom + 50))
    assert shown()[-1] == n - 1 and setup.arena == 0
    thumb = setup.arena_thumb()
    assert thumb.bottom == setup.arena_track.bottom
    _mouse(app, pygame.MOUSEBUTTONDOWN, thumb.center)  # and halfway back up
    _mouse(app, pygame.MOUSEMOTION, (thumb.centerx, setup.arena_track.centery))
    _mouse(app, pygame.MOUSEBUTTONUP, (thumb.centerx, setup.arena_track.centery))
    halfway = setup.arena_top
    assert 0 < halfway < n - len(first)
    _mouse(app, pygame.MOUSEBUTTONDOWN, (setup.arena_track.centerx, setup.arena_track.y + 2))  # the track above: a page up
    _mouse(app, pygame.MOUSEBUTTONUP, (setup.arena_track.centerx, setup.arena_track.y + 2))
    assert setup.arena_top == max(0, halfway - len(first)) and setup.arena == 0
    for _ in range(n):
        _wheel(app, middle, -1)
    k, row = setup.arena_rects[-1]  # a click on a row scrolled to selects it
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.center, button=1)], DT)
    assert setup.arena == k == n - 1 and setup.arenas[k].path.name == "my_first_arena.tmx"
    app.resize_window((1024, 600) if size != (1024, 600) else (1920, 1080))  # a new size keeps it in view
    app.frame([], DT)
    assert setup.arena in shown()
    setup.set_count(-2)  # 2 players: the backyard pit takes them; the game starts on it
    app.frame(press(pygame.K_RETURN), DT)
    assert type(app.stack.top).__name__ == "BattleScene", setup.message
    assert app.stack.top.game.setup.arena == {"map": "user:my_first_arena"}


def test_a_seat_of_an_unknown_kind_is_said_and_plays_as_a_person():
    import json

    from deathmatch.settings import load_settings, settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    seats = [{"name": "Ann", "colour": 0, "kind": "robot"}, {"name": "Bob", "colour": 1, "kind": ["hard"]}]
    path.write_text(json.dumps({"players": seats, "last_tournament": {"seats": seats[:1]}}), encoding="utf-8")
    settings, messages = load_settings()
    assert [p["kind"] for p in settings.players] == ["Human", "Human"]
    assert settings.last_tournament["seats"][0]["kind"] == "Human"
    assert messages == [
        "settings.json: players: seat 1's kind \"robot\" is not one of Human, Phone, easy, normal, hard; using Human",
        "settings.json: players: seat 2's kind [\"hard\"] is not one of Human, Phone, easy, normal, hard; using Human",
        "settings.json: last_tournament.seats: seat 1's kind \"robot\" is not one of Human, Phone, easy, normal, hard; using Human"]
    app = fresh_app()
    assert "seat 1's kind" in app.stack.top.message
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    assert [s.kind for s in app.stack.top.seats[:2]] == ["Human", "Human"]


@pytest.mark.timeout(60)
def test_huge_files_are_not_read(library, monkeypatch):
    """A map or save far bigger than any the game makes is refused by its size, unread."""
    from deathmatch.paths import ensure_user_folders, user_arenas_dir
    from deathmatch.scenes.setup import NewGameScene

    ensure_user_folders()
    with open(user_arenas_dir() / "huge.tmx", "wb") as f:  # sparse: no disk is used
        f.truncate(17_000_000)
    with open(saves.saves_dir() / "huge.json", "wb") as f:
        f.truncate(70_000_000)
    reads = []
    real = type(saves.saves_dir()).read_bytes
    monkeypatch.setattr(type(saves.saves_dir()), "read_bytes", lambda self: reads.append(self.name) or real(self))
    path = _save_naming(library, "user:huge")
    load = _load_screen(fresh_app())
    info = next(i for i in load.saves if i.path == path)
    assert "huge.tmx in your arenas folder" in info.error and "is 17 MB, more than the 16 MB" in info.error
    big = next(i for i in load.saves if i.slot == "huge")
    assert big.error == "huge.json is 70 MB, more than the 64 MB a file of the game may be: not a Deathmatch save"
    assert "huge.json" not in reads
    load.back()
    load.app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    setup = load.app.stack.top
    assert isinstance(setup, NewGameScene)
    broken = {e.path.name: e.reason for e in setup.arenas if not e.ok}
    assert "is 17 MB, more than the 16 MB" in broken["huge.tmx"]


# --- a broken card of the player's own: said on the title screen, not only on a terminal ---

def test_skipped_card_files_are_said_on_the_first_title_screen(caplog):
    from deathmatch.rulesets.celebrity.cards import user_cards_dir

    folder = user_cards_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bomb.yaml").write_text("a: &a [x, x]\nb: &b [*a, *a]\n", encoding="utf-8")
    (folder / "typo.yaml").write_text("id: typo\nname: [unclosed\n", encoding="utf-8")
    app = fresh_app()
    title = app.stack.top
    assert "2 card files skipped" in title.message
    assert "bomb.yaml:1: YAML anchors and aliases (&a) are not allowed here" in title.message
    assert "typo.yaml:" in title.message and "deathmatch-cli check-cards" in title.message
    assert str(folder) not in title.message  # the file's name, not a long path
    assert any("bomb.yaml" in r.getMessage() for r in caplog.records)  # and the whole of it in the log
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)  # the game goes on: New game opens with the good cards
    assert type(app.stack.top).__name__ == "NewGameScene" and len(app.library) == 32
    app.stack.pop()
    app.push(TitleScene(app))
    app.frame([], DT)
    assert "card file" not in app.stack.top.message  # said once, not on every visit


# --- 15. a hotseat group's many saves: the Load list scrolls ---------------------------------


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_thirty_five_saves_scroll_in_the_load_list(size):
    """30 named saves, the autosave and 4 broken files: every one is reached, by the wheel, the
    scroll bar and the keys; the focused button is always on screen; broken ones scroll with the rest."""
    import sys

    from conftest import ROOT
    sys.path.insert(0, str(ROOT / "tools"))
    from screens_tour import many_saves

    from deathmatch.scenes.load import LoadScene

    many_saves(30)
    app = fresh_app(size)
    app.frame(press(pygame.K_l), DT)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    n = len(load.saves)
    assert n == 35 and sum(1 for i in load.saves if i.error) == 4
    assert load.buttons[-1].label.startswith("Back")

    def shown():
        """The saves on screen: a run of whole rows inside the window, above Back, clear of the bar."""
        (w, h), back = app.size, load.buttons[-1]
        rows = [load.every.index(b) // 2 for b in load.buttons[:-1:2]]
        assert rows == list(range(load.list.top, load.list.top + len(rows))) and 1 <= len(rows) < n
        for b in load.buttons[:-1]:
            assert pygame.Rect(0, 0, w, h).contains(b.rect) and not b.rect.colliderect(back.rect)
            assert not b.rect.colliderect(load.list.track) and b.rect.bottom < h - int(110 * load.s)  # the message line
        assert load.list.where() == f"{rows[0] + 1}–{rows[-1] + 1} of {n}"
        return rows

    def focused():
        """The focused button, which must be on screen."""
        assert 0 <= load.focus < len(load.buttons), "the focus is scrolled off screen"
        assert load.buttons[load.focus] is (load.every[load.current] if load.current < len(load.every) else load.buttons[-1])
        return load.buttons[load.focus]

    assert load.list.track is not None and load.list.thumb().h < load.list.track.h  # a bar says there is more
    first = shown()
    assert first[0] == 0 and focused().enabled
    usable = {k for k, b in enumerate(load.every) if b.enabled} | {len(load.every)}
    reached = set()
    for _ in range(len(usable)):  # Down goes through every usable button, the list following
        reached.add(load.current)
        app.frame(press(pygame.K_DOWN), DT)
        focused()
        shown()
    assert reached == usable and load.current == min(usable)  # round to the first again (under the broken ones)
    assert shown()[0] == load.current // 2 == 4  # the list scrolled back up as far as that
    app.frame(press(pygame.K_UP), DT)  # up from the first: Back, then the last save's Replay, at the bottom
    assert focused() is load.buttons[-1]
    app.frame(press(pygame.K_UP), DT)
    assert focused() is load.every[-1] and shown()[-1] == n - 1
    app.frame(press(pygame.K_HOME), DT)
    assert shown()[0] == 0 and focused().enabled
    app.frame(press(pygame.K_PAGEDOWN), DT)
    assert focused().enabled and load.current // 2 in shown() and shown()[0] > 0
    app.frame(press(pygame.K_END), DT)
    assert shown()[-1] == n - 1 and focused().enabled
    app.frame(press(pygame.K_HOME), DT)
    chosen = load.current
    middle = load.area.center
    seen = set(shown())
    _wheel(app, middle, -1)  # the wheel scrolls; the focus stays where it was
    assert shown() == [k + 1 for k in first] and load.current == chosen
    for _ in range(n):
        _wheel(app, middle, -1)
        seen |= set(shown())
    assert seen == set(range(n)) and shown()[-1] == n - 1  # every save, broken ones too, came on screen
    assert all(any(b.label.startswith(f"{i.name}: can not be loaded — ") for b in load.every) for i in load.saves if i.error)
    app.frame(press(pygame.K_RETURN), DT)  # Enter on a focus scrolled away brings it back first
    assert focused() is load.every[chosen] and app.stack.top is load
    thumb = load.list.thumb()  # drag the thumb to the bottom: the end of the list
    _mouse(app, pygame.MOUSEBUTTONDOWN, thumb.center)
    _mouse(app, pygame.MOUSEMOTION, (thumb.centerx, load.list.track.bottom + 50))
    _mouse(app, pygame.MOUSEBUTTONUP, (thumb.centerx, load.list.track.bottom + 50))
    assert shown()[-1] == n - 1 and load.list.thumb().bottom == load.list.track.bottom and app.stack.top is load
    bottom = load.list.top
    _mouse(app, pygame.MOUSEBUTTONDOWN, (load.list.track.centerx, load.list.track.y + 2))  # the track above: a page up
    _mouse(app, pygame.MOUSEBUTTONUP, (load.list.track.centerx, load.list.track.y + 2))
    assert load.list.top == max(0, bottom - len(first))
    app.frame(press(pygame.K_END), DT)
    app.resize_window((1024, 600) if size != (1024, 600) else (1920, 1080))  # a new size keeps the focus in view
    app.frame([], DT)
    focused()
    shown()
    k = shown()[-1]  # a click on a row scrolled to loads that save
    assert load.saves[k].name == "Friday night 1" and load.every[2 * k].enabled
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=load.every[2 * k].rect.center, button=1)], DT)
    assert type(app.stack.top).__name__ == "BattleScene", load.message
