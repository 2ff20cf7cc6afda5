"""Nothing the game writes or reads follows a link out of the user folder, and a content folder
that is a file (or the user folder itself a file) is said, not a crash (issue 27, classes 3 and 8).

Every link is built here in tmp_path, pointing outside the user folder (at a file of somebody
else's, or at nothing: a dangling link), and the real start-up, loader or writer is run; the test
asserts the outside file is unchanged or was never made, and the message a player reads.
"""

from __future__ import annotations

import json
import logging
import os

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch import paths, saves  # noqa: E402
from deathmatch.core import registry  # noqa: E402
from deathmatch.core.errors import RecordError  # noqa: E402

DT = 1 / 60
THEIRS = b"somebody else's file\n"


def press(key, unicode=""):
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)]


def fresh_app():
    from deathmatch.scenes.app import App
    from deathmatch.scenes.title import TitleScene

    app = App((1280, 720))
    app.catch_errors = False
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


@pytest.fixture
def outside(tmp_path):
    """A folder outside the user folder holding somebody else's file, and a name there that is not."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "theirs.txt").write_bytes(THEIRS)
    return folder


def link(at, to):
    """A link at `at` to `to`; to itself (a loop) if `to` is None."""
    at.parent.mkdir(parents=True, exist_ok=True)
    os.symlink(at if to is None else to, at)
    return at


def unchanged(outside):
    assert (outside / "theirs.txt").read_bytes() == THEIRS
    assert sorted(p.name for p in outside.iterdir()) == ["theirs.txt"], "something was made outside"


TARGETS = ["file", "dangling", "loop"]


def target(outside, kind):
    if kind == "loop":
        return None
    return outside / ("theirs.txt" if kind == "file" else "nothing_here.txt")


# --- start-up: the log, the card schema, the arena kit ------------------------------------------


@pytest.mark.parametrize("kind", TARGETS)
def test_a_linked_log_is_not_appended_to_and_is_said(outside, kind, capsys):
    from deathmatch import crash

    user = paths.user_data_dir()
    log_file = link(user / "logs" / crash.LOG_NAME, target(outside, kind))
    paths.ensure_user_folders()
    root = logging.getLogger()
    try:
        where = crash.install_logging()
        logging.getLogger("deathmatch").warning("a line that must not land outside")
        for h in root.handlers:
            h.flush()
    finally:
        for h in [h for h in root.handlers if getattr(h, crash._HANDLER_MARK, False)]:
            root.removeHandler(h)
            h.close()
    unchanged(outside)
    assert os.path.islink(log_file) and where != log_file
    said = capsys.readouterr().err
    assert "deathmatch.log" in said and "does not write through links: delete the link" in said
    assert any("deathmatch.log" in p for p in paths.folder_problems())


def test_the_log_rotates_without_following_a_linked_backup(outside):
    from deathmatch import crash

    user = paths.user_data_dir()
    logs = user / "logs"
    logs.mkdir(parents=True)
    backup = link(logs / f"{crash.LOG_NAME}.1", outside / "theirs.txt")
    handler = crash._LogHandler(logs / crash.LOG_NAME, logs)
    try:
        handler.emit(logging.LogRecord("deathmatch", logging.INFO, __file__, 1, "before", None, None))
        handler.doRollover()
        handler.emit(logging.LogRecord("deathmatch", logging.INFO, __file__, 1, "after", None, None))
        handler.flush()
    finally:
        handler.close()
    unchanged(outside)
    assert "after" in (logs / crash.LOG_NAME).read_text(encoding="utf-8")
    assert os.path.islink(logs / f"{crash.LOG_NAME}.2") and not os.path.islink(backup)  # the link moved, not written


@pytest.mark.parametrize("kind", TARGETS)
def test_a_linked_card_schema_is_not_replaced_and_is_said(outside, kind):
    user = paths.user_data_dir()
    schema = link(user / "cards" / "card.schema.json", target(outside, kind))
    paths.ensure_user_folders()
    unchanged(outside)
    assert os.path.islink(schema)
    said = " ".join(paths.folder_problems())
    assert "card.schema.json" in said and "delete the link" in said
    app = fresh_app()  # the game starts, and says it
    assert "card.schema.json" in app.stack.top.message


@pytest.mark.parametrize("kind", TARGETS)
@pytest.mark.parametrize("name", ["arena_pointy.tsx", "arena_flat.tsx"])  # (the starter map uses arena_flat)
def test_a_linked_tileset_of_the_arena_kit_is_not_written_through(outside, kind, name):
    user = paths.user_data_dir()
    tsx = link(user / "arenas" / name, target(outside, kind))
    paths.ensure_user_folders()
    unchanged(outside)
    assert os.path.islink(tsx)
    assert (user / "arenas" / "markers.tsx").is_file()  # the rest of the kit is copied
    if kind == "dangling":
        assert any(name in p and "delete the link" in p for p in paths.folder_problems())
    app = fresh_app()
    assert app.stack.top.__class__.__name__ == "TitleScene"
    if kind == "dangling":
        assert name in app.stack.top.message
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)  # New game lists the arenas
    setup = app.stack.top
    assert setup.__class__.__name__ == "NewGameScene"
    app.frame([], DT)
    broken = {e.path.name: e.reason for e in setup.arenas if not e.ok}
    if name == "arena_flat.tsx":  # the starter map's tileset: the map is listed broken, naming it
        assert name in broken.get(paths.STARTER, ""), broken
    else:
        assert paths.STARTER not in broken
    unchanged(outside)


def test_deathmatch_arenas_says_a_dangling_link_in_the_kit(outside, capsys):
    from deathmatch.cli import main

    link(paths.user_data_dir() / "arenas" / "arena_pointy.tsx", outside / "nothing_here.txt")
    assert main(["arenas"]) == 0
    err = capsys.readouterr().err
    assert "arena_pointy.tsx: is a link (to a file that is not there)" in err and "delete the link" in err
    unchanged(outside)


def test_a_content_folder_linked_out_of_the_user_folder_gets_nothing_written(outside):
    user = paths.user_data_dir()
    user.mkdir(parents=True)
    for sub in ("cards", "arenas", "logs"):
        target_folder = outside / sub
        target_folder.mkdir()
        link(user / sub, target_folder)
    paths.ensure_user_folders()
    for sub in ("cards", "arenas", "logs"):
        assert list((outside / sub).iterdir()) == [], sub
    said = " ".join(paths.folder_problems())
    assert "arenas" in said and "leads outside" in said


# --- saves, settings, seasons, bouts, the tournament night --------------------------------------


def _game(library):
    from deathmatch.rulesets.celebrity.randomplay import random_game

    return random_game(library, 3, players=2)


@pytest.mark.parametrize("kind", TARGETS)
def test_a_linked_autosave_does_not_load_and_is_not_saved_through(library, outside, kind):
    real = saves.write_game(_game(library))  # a good save, moved outside and linked back
    theirs = outside / "their_save.json"
    os.replace(real, theirs)
    before = theirs.read_bytes()
    link(real, theirs if kind == "file" else target(outside, kind) and outside / "nothing_here.json")
    assert saves.latest_unfinished() is None  # Continue does not offer it
    [info] = saves.list_saves()
    assert info.error and "autosave.json" in info.error and ("link" in info.error)
    with pytest.raises(RecordError, match="link"):
        saves.load_game(saves.AUTOSAVE)
    with pytest.raises(OSError, match="autosave.json is a link.*delete the link"):
        saves.write_game(_game(library))
    assert theirs.read_bytes() == before
    assert not (outside / "nothing_here.json").exists()
    app = fresh_app()
    assert not app.stack.top.buttons[0].enabled


def test_a_game_whose_autosave_is_a_link_is_played_on_and_the_title_says_why(library, outside):
    real = link(saves.slot_path(saves.AUTOSAVE), outside / "theirs.txt")
    app = fresh_app()
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)  # New game
    app.frame([], DT)
    app.frame(press(pygame.K_RETURN), DT)  # start: the first autosave is refused
    assert type(app.stack.top).__name__ == "BattleScene"
    unchanged(outside)
    assert os.path.islink(real)
    app.go("title")
    app.frame([], DT)
    said = app.stack.top.message
    assert "The game in progress could not be saved" in said and "autosave.json is a link" in said


@pytest.mark.parametrize("kind", TARGETS)
def test_a_linked_named_save_is_refused_both_ways(library, outside, kind):
    path = link(saves.named_save_path("friday"), target(outside, kind))
    with pytest.raises(OSError, match="friday.json is a link"):
        saves.write_named(_game(library), "friday")
    unchanged(outside)
    with pytest.raises(RecordError, match="friday.json"):
        saves.load_game(path)


def test_a_saves_folder_linked_out_gets_no_save(library, outside):
    link(paths.user_data_dir() / "saves", outside)
    with pytest.raises(OSError, match="leads outside"):
        saves.write_game(_game(library))
    unchanged(outside)


@pytest.mark.parametrize("kind", TARGETS)
def test_a_linked_settings_file_is_not_read_nor_written_through(outside, kind):
    from deathmatch.settings import Settings, load_settings, save_settings, settings_path

    (outside / "theirs.txt").write_bytes(b'{"width": 999}')
    link(settings_path(), target(outside, kind))
    s, messages = load_settings()
    assert s == Settings()
    if kind == "file":
        assert len(messages) == 1 and "settings.json" in messages[0] and "outside its folder" in messages[0]
    save_settings(Settings(width=1000))  # never raises: said on the next title screen
    said = saves.write_problems()["The settings"]
    assert "settings.json is a link" in said and "delete the link" in said
    assert (outside / "theirs.txt").read_bytes() == b'{"width": 999}'
    assert not (outside / "nothing_here.txt").exists()


def _sparse(path):
    with open(path, "wb") as f:
        f.truncate(3_000_000_000)


@pytest.mark.timeout(60)  # a pipe opened for reading waits forever: fail, don't hang
@pytest.mark.parametrize("how", ["fifo", "sparse", "dev_zero"])
def test_a_settings_file_that_is_no_file_starts_the_game_with_defaults(how):
    from deathmatch.settings import Settings, settings_path

    path = settings_path()
    path.parent.mkdir(parents=True)
    if how == "fifo":
        os.mkfifo(path)
    elif how == "sparse":
        _sparse(path)
    else:
        os.symlink("/dev/zero", path)
    app = fresh_app()
    assert app.settings == Settings()
    said = app.stack.top.message
    assert "settings.json" in said and "default" in said
    assert {"fifo": "not a regular file", "sparse": "3000 MB", "dev_zero": "outside its folder"}[how] in said


@pytest.fixture
def season():
    from deathmatch.rulesets.gladiator.career import Season
    from deathmatch.rulesets.gladiator import season as S

    deck = S.rules_for_careers().career.deck()
    s = Season(5, "round-robin", None, deck, "Tuesday")
    s.found("Ludus Primus", "Ann", 0)
    s.buy("Ludus Primus", "myrmillo", "Aulus")
    s.found("Ludus Secundus", "Bob", 1)
    s.buy("Ludus Secundus", "secutor", "Cato")
    S.advance(s, None)
    return s


def _bout(season):
    step = season.waiting_on()
    while step.kind == "pick":
        season.pick(step.ludus, season.living(step.ludus)[0].id)
        step = season.waiting_on()
    return step.bout


@pytest.mark.parametrize("kind", TARGETS)
def test_a_linked_season_file_is_not_read_nor_written_through(season, outside, kind):
    from deathmatch.rulesets.gladiator import season as S
    from deathmatch.rulesets.gladiator.career import SeasonError

    theirs = outside / "their_season.json"
    theirs.write_text(json.dumps(season.to_json()), encoding="utf-8")
    before = theirs.read_bytes()
    elsewhere = theirs if kind == "file" else target(outside, kind) and outside / "nothing_here.json"
    path = link(S.season_path("Tuesday"), elsewhere)
    good, broken = S.list_seasons()
    assert good == [] and len(broken) == 1 and "link" in broken[0][1]
    if kind == "file":
        with pytest.raises(SeasonError, match=f"{path.name}: .*outside its folder"):
            S.load(path)
    with pytest.raises(OSError, match=f"{path.name} is a link"):
        S.save(season, path)
    assert theirs.read_bytes() == before and not (outside / "nothing_here.json").exists()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", TARGETS + ["fifo"])
def test_a_linked_bout_file_is_not_taken_up_nor_written_through(season, outside, kind):
    from deathmatch.rulesets.gladiator import season as S

    path = S.season_path(season.name)
    S.save(season, path)
    index = _bout(season)
    if kind == "fifo":
        os.mkfifo(outside / "pipe")
    bout = link(S.bout_path(path), outside / "pipe" if kind == "fifo" else target(outside, kind))
    S.bout_problems.clear()
    game, resumed = S.bout_game(season, index, path)
    assert not resumed and not game.history
    if kind == "file":
        assert any("outside its folder" in p and S.bout_path(path).name in p for p in S.bout_problems)
    S.bout_problems.clear()
    S.save_bout(path, index, game)  # the bout goes on, not kept: said
    assert len(S.bout_problems) == 1 and "could not be kept" in S.bout_problems[0] and "is a link" in S.bout_problems[0]
    assert os.path.islink(bout)
    assert (outside / "theirs.txt").read_bytes() == THEIRS and not (outside / "nothing_here.txt").exists()


def test_a_bout_file_nested_100000_deep_is_said_not_a_crash(season):
    from deathmatch.rulesets.gladiator import season as S

    path = S.season_path(season.name)
    S.save(season, path)
    index = _bout(season)
    S.bout_path(path).parent.mkdir()
    S.bout_path(path).write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    S.bout_problems.clear()
    game, resumed = S.bout_game(season, index, path)
    assert not resumed
    assert len(S.bout_problems) == 1 and "nested deeper" in S.bout_problems[0]
    assert "fought again from its start" in S.bout_problems[0]


@pytest.mark.parametrize("kind", TARGETS)
def test_a_linked_tournament_file_is_not_read_nor_written_through(outside, kind):
    from deathmatch.tournament import Tournament, bot_tournament

    t = bot_tournament(3, 3, 1)
    theirs = outside / "their_night.json"
    theirs.write_text(json.dumps(t.to_json()), encoding="utf-8")
    before = theirs.read_bytes()
    elsewhere = theirs if kind == "file" else target(outside, kind) and outside / "nothing.json"
    path = link(saves.saves_dir() / saves.TOURNAMENT_FILE, elsewhere)
    if kind == "file":
        with pytest.raises(RecordError, match="tournament.json is a link to .*outside its folder"):
            Tournament.load()
    with pytest.raises(OSError, match="tournament.json is a link"):
        t.save()
    assert theirs.read_bytes() == before and not (outside / "nothing.json").exists()
    app = fresh_app()  # the title screen sets the night aside (the link is moved, not what it points to)
    assert "tournament" in app.stack.top.message.lower()
    assert theirs.read_bytes() == before and not os.path.lexists(path)


# --- the player's heroes, armies and gladiators --------------------------------------------------


def _hero():
    from deathmatch.rulesets.supers.model import Hero, Power

    return Hero("zapper", "Zapper", 4, 4, 4, 3, (Power("Zap", "shot", 2, None, ("area",)),))


def _army():
    from deathmatch.rulesets.skirmish.army import Army, Miniature

    return Army("Linked", (Miniature("Ann", 20, "gun", 3, True), Miniature("Bob", 4)), None, "")


def _gladiator():
    from deathmatch.rulesets.gladiator.model import Gladiator

    return Gladiator("linked", "Linked", "thracian")


def _save(what, replace=None):
    if what == "hero":
        from deathmatch.rulesets.supers.heroes import save_hero

        return save_hero(_hero())
    if what == "army":
        from deathmatch.rulesets.skirmish.armies import save_user_army

        return save_user_army(_army(), replace=replace)
    from deathmatch.rulesets.gladiator.gladiators import save_user_gladiator

    return save_user_gladiator(_gladiator(), replace=True)


FOLDERS = {"hero": "heroes", "army": "armies", "gladiator": "gladiators"}
FILES = {"hero": "zapper.yaml", "army": "linked.yaml", "gladiator": "linked.yaml"}


@pytest.mark.parametrize("what", FOLDERS)
def test_a_players_folder_linked_out_gets_nothing_saved(outside, what):
    link(paths.user_data_dir() / FOLDERS[what], outside)
    with pytest.raises(ValueError, match="leads outside|outside"):
        _save(what)
    unchanged(outside)


@pytest.mark.parametrize("kind", TARGETS)
@pytest.mark.parametrize("what", FOLDERS)
def test_a_players_file_linked_out_is_not_saved_through(outside, what, kind):
    folder = paths.user_data_dir() / FOLDERS[what]
    at = link(folder / FILES[what], target(outside, kind))
    if what == "army":  # an army is never saved over a file that is not its own: it takes a new name
        assert _save(what, replace=at).name == "linked_2.yaml"
    else:
        with pytest.raises(ValueError, match="is there already"):
            _save(what, replace=at)
    unchanged(outside)
    assert os.path.islink(at)


# --- a content folder, or the user folder itself, that is a file --------------------------------


@pytest.mark.parametrize("folder", ["user folder", "cards", "arenas", "heroes", "saves"])
def test_a_folder_that_is_a_file_is_said_and_the_game_starts(folder):
    user = paths.user_data_dir()
    if folder == "user folder":
        user.parent.mkdir(parents=True, exist_ok=True)
        user.write_text("not a folder")
    else:
        user.mkdir(parents=True)
        (user / folder).write_text("not a folder")
    paths.ensure_user_folders()
    app = fresh_app()
    title = app.stack.top
    assert title.__class__.__name__ == "TitleScene"
    said = title.message
    assert "is a file, not a folder: move the file away" in said
    assert (str(user) if folder == "user folder" else f"{folder}") in said
    # the screens that list them open
    app.frame(press(pygame.K_l), DT)
    load = app.stack.top
    assert load.__class__.__name__ == "LoadScene"
    app.frame([], DT)
    if folder in ("saves", "user folder"):
        assert "is a file, not a folder" in load.message
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is title
    for ruleset in [m.id for m in registry.games() if m.client is not None]:  # every game's setup
        app.router.ruleset = ruleset
        setup = app.open("setup")
        app.frame([], DT)
        assert app.stack.top is setup
        if ruleset == "celebrity" and folder == "arenas":
            broken = [e for e in setup.arenas if not e.ok]
            assert any("your arenas folder is a file" in e.reason for e in broken)
        app.stack.pop()
        app.frame([], DT)


# --- exports beside the player's files ---------------------------------------------------------


@pytest.mark.parametrize("kind", TARGETS)
def test_the_tournament_export_is_not_written_through_a_link(outside, kind):
    from deathmatch.scenes.tourney import TournamentScene
    from deathmatch.tournament import bot_tournament

    t = bot_tournament(3, 3, 1)
    link(saves.saves_dir() / "tournament.csv", target(outside, kind))
    app = fresh_app()
    screen = TournamentScene(app, t)
    app.push(screen)
    app.frame([], DT)
    app.frame(press(pygame.K_e), DT)
    assert "Not saved" in screen.exported and "tournament.csv is a link" in screen.exported
    unchanged(outside)


@pytest.mark.parametrize("kind", TARGETS)
def test_a_heros_printed_card_is_not_written_through_a_link(outside, kind):
    from deathmatch.scenes.supers import shelf

    cards = shelf.cards_folder()
    link(cards / "zapper.html", target(outside, kind))
    with pytest.raises(ValueError):  # HeroFileError: "is not a plain file: not written over"
        shelf.print_card(_hero())
    os.remove(cards / "zapper.html")
    link(cards / "zapper.png", target(outside, kind))
    surface = pygame.Surface((4, 4))
    with pytest.raises(OSError, match="zapper.png is a link"):
        shelf.print_card(_hero(), surface)
    unchanged(outside)


def test_the_command_line_says_a_user_folder_that_is_a_file(capsys):
    from deathmatch.cli import main
    from deathmatch.rulesets.gladiator.season import cli as season_cli

    user = paths.user_data_dir()
    user.parent.mkdir(parents=True, exist_ok=True)
    user.write_text("not a folder")
    assert season_cli(["--bots", "2", "--stop-after", "1"]) == 1
    err = capsys.readouterr().err
    assert "the season could not be saved" in err and "is a file, not a folder: move the file away" in err
    assert main(["arenas"]) == 1
    err = capsys.readouterr().err
    assert str(user) in err and "is a file, not a folder" in err
    assert user.read_text() == "not a folder"


@pytest.mark.parametrize("how", ["file", "link out"])
def test_a_seasons_folder_that_is_a_file_or_a_link_out_is_said_on_the_career_screens(outside, how):
    seasons = paths.user_data_dir() / "seasons"
    seasons.parent.mkdir(parents=True)
    if how == "file":
        seasons.write_text("not a folder")
    else:
        theirs = outside / "seasons"
        theirs.mkdir()
        (theirs / "Theirs.json").write_text("{}", encoding="utf-8")
        link(seasons, theirs)
    app = fresh_app()
    app.router.ruleset = "gladiator"
    listing = app.open("seasons")
    app.frame([], DT)
    assert listing.good == []
    if how == "file":
        assert any("is a file, not a folder" in why for _, why in listing.broken)
    else:
        assert any("outside its folder" in why for _, why in listing.broken)
    new = app.open("new season")
    app.frame([], DT)
    new.kinds = ["normal"] * len(new.kinds)
    assert new.create() is None and app.stack.top is new
    assert "The season could not be saved" in new.message
    if how == "file":
        assert seasons.read_text() == "not a folder"
    else:
        assert sorted(p.name for p in (outside / "seasons").iterdir()) == ["Theirs.json"]


def test_a_crash_log_is_never_written_into_a_logs_folder_linked_out(outside):
    from deathmatch import crash

    theirs = outside / "logs"
    theirs.mkdir()
    link(paths.user_data_dir() / "logs", theirs)
    try:
        raise ZeroDivisionError("the arena divided by zero")
    except ZeroDivisionError as e:
        written = crash.write_crash_log(e)
    assert list(theirs.iterdir()) == []
    assert written.is_file() and "the arena divided by zero" in written.read_text(encoding="utf-8")
    assert theirs not in written.parents and written.parent != paths.user_data_dir() / "logs"  # the temp folder
    written.unlink()


@pytest.mark.parametrize("body, words", [
    ('{"format": "deathmatch-record", "version": 2, "seed": ' + "9" * 50 + "}", "a number of 50 digits"),
    ('{"format": "deathmatch-record", "version": 2, "seed": NaN}', "NaN is not a number the game writes"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
])
def test_a_save_with_a_huge_number_nan_or_deep_nesting_is_listed_with_why(body, words):
    path = saves.saves_dir() / "odd.json"
    path.write_text(body, encoding="utf-8")
    [info] = saves.list_saves()
    assert info.error and words in info.error
    with pytest.raises(RecordError, match=words):
        saves.load_game(path)
