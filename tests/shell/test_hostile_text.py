"""Text that can not be drawn (issue 27, class 6, and the card-name part of class 7).

A name holding a NUL, only a zero-width space, only a right-to-left mark, a right-to-left
override, 10,000 characters or only spaces: every font the client makes draws it without
raising (a printable string draws exactly as before), and each place a name enters — a card
file, settings.json, a save on the Load list, a save whose file name is not UTF-8 — says what
is wrong or shows it cleaned, and the game goes on.
"""

import json
import os

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch import saves  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402

DT = 1 / 60
RLO_ABC = "\u202e" + "abc"
HOSTILE = ["\x00", "a\x00b", "\u200b", "\u200f", RLO_ABC, "x" * 10_000, "   "]
IDS = ["nul", "nul-inside", "zwsp", "rlm", "rlo", "10000", "spaces"]
NORMAL = ["Napoleon Bonaparte", "Zoë & Ünïcödé", "名前", "1769–1821 · France", "“quote” … −1 ×", "a", " ", "",
          "Round 3 of 6 — Vermilion"]


def press(key, unicode=""):
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0)]


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


# --- drawing never crashes ---------------------------------------------------------------------


@pytest.mark.parametrize("s", HOSTILE + ["\ud800", "bad\udcff", "\u2028", "\U000e0001"], ids=IDS + ["surrogate", "escaped-byte", "line-sep", "tag"])
@pytest.mark.parametrize("bold", [False, True])
def test_every_font_of_the_client_draws_any_string(s, bold):
    from deathmatch.client import ui
    from deathmatch.client.art import pens

    pygame.font.init()
    f = ui.font(20, bold)
    w, h = f.size(s)
    img = f.render(s, True, (0, 0, 0))
    assert img.get_height() >= h > 0 and 0 <= w <= img.get_width() + 1
    assert img.get_width() < 20_000  # 10,000 characters are cut, not a surface a megapixel wide
    assert ui.text(s, 20, bold=bold).get_height() > 0  # the shadowed, cached helper every screen uses
    assert pens._font(12).render(s, True, (0, 0, 0)).get_height() > 0  # the art's own fonts
    ui.missing_glyphs(s)  # (the glyph check of the layout tests takes it too)


def test_the_plain_pygame_font_does_crash_on_these_strings():
    """The strings above are the ones that crashed the game: pygame's own font refuses them."""
    pygame.font.init()
    plain = pygame.font.Font(None, 20)
    for s in ("\x00", "a\x00b", "\u200b", "\u200f"):
        with pytest.raises((ValueError, pygame.error)):
            plain.render(s, True, (0, 0, 0))


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", [12, 20, 44])
def test_printable_strings_draw_pixel_for_pixel_as_before(size, bold):
    from deathmatch.client.safetext import SafeFont

    pygame.font.init()
    plain, safe = pygame.font.Font(None, size), SafeFont(None, size)
    plain.set_bold(bold)
    safe.set_bold(bold)
    for s in NORMAL + ["two\nlines"]:
        a, b = plain.render(s, True, (200, 30, 30)), safe.render(s, True, (200, 30, 30))
        assert a.get_size() == b.get_size() and plain.size(s) == safe.size(s), s
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), s
        a, b = plain.render(s, False, (0, 0, 0), (255, 255, 255)), safe.render(s, False, (0, 0, 0), (255, 255, 255))
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"), s


def test_a_zero_width_string_draws_as_an_empty_surface_of_the_fonts_height():
    from deathmatch.client.safetext import SafeFont, drawable

    pygame.font.init()
    f = SafeFont(None, 20)
    for s in ("\u200b", "\u200f", "\u200b\u200d\ufeff"):
        assert drawable(s) == ""
        assert f.render(s, True, (0, 0, 0)).get_size() == (0, f.get_height())
        assert f.size(s) == (0, f.get_height())
    assert drawable("a\x00b") == "a\ufffdb" and drawable(RLO_ABC) == "abc"
    assert len(drawable("x" * 10_000)) == 2000 and drawable("x" * 10_000).endswith("…")


# --- the one name rule ---------------------------------------------------------------------------

WORDS = {"nul": "holds a control character (U+0000)", "nul-inside": "holds a control character (U+0000)",
         "zwsp": "holds an invisible character (U+200B)", "rlm": "holds a text-direction control (U+200F)",
         "rlo": "holds a text-direction control (U+202E)", "10000": "is 10000 characters long; at most",
         "spaces": "is empty: give the"}


@pytest.mark.parametrize("s, case", list(zip(HOSTILE, IDS)), ids=IDS)
def test_the_name_rule_refuses_each_hostile_name_and_says_why(s, case):
    from deathmatch.yamlfile import text_problem

    assert WORDS[case] in text_problem(s, 40, "name")
    for fine in ("Napoleon Bonaparte", "Zoë", "名前", "e\u0301te"):
        assert text_problem(fine, 40, "name") is None
    for blank in ("\u0301", "\u3164", "\u2800"):  # an accent on nothing, the Hangul and Braille blanks
        assert text_problem(blank, 40, "name") is not None


def _card(tmp_path, line_no, line):
    """napoleon.yaml with line `line_no` (1-based) replaced, in a folder of its own."""
    from conftest import ROOT

    lines = (ROOT / "assets" / "cards" / "napoleon.yaml").read_text(encoding="utf-8").splitlines()
    lines[line_no - 1] = line
    (tmp_path / "napoleon.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return tmp_path / "napoleon.yaml"


YAML_OF = {"\x00": '"\\0"', "a\x00b": '"a\\0b"', "\u200b": '"\\u200b"', "\u200f": '"\\u200f"',
           RLO_ABC: '"\\u202eabc"', "x" * 10_000: '"' + "x" * 10_000 + '"', "   ": '"   "'}


@pytest.mark.parametrize("s, case", list(zip(HOSTILE, IDS)), ids=IDS)
@pytest.mark.parametrize("line_no, key, field", [
    (3, "name", "name"), (4, "title", "title"), (6, "flavour", "flavour"),
    (15, "  - name", "abilities[0].name"), (18, "    text", "abilities[0].text")])
def test_a_card_with_a_hostile_text_is_refused_naming_file_line_and_field(tmp_path, s, case, line_no, key, field):
    from deathmatch.rulesets.celebrity.cards import load_cards

    path = _card(tmp_path, line_no, f"{key}: {YAML_OF[s]}")
    library = load_cards([tmp_path])
    if case == "spaces" and field != "name" and not field.endswith(".name"):  # a blank optional text is no text
        assert "napoleon" in library and not library.problems
        return
    assert "napoleon" not in library
    problems = [str(p) for p in library.problems]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"{path}:{line_no}: {field}: "), problems
    if case == "spaces" and field.endswith(".name"):
        assert "missing: every ability needs a name" in problems[0]
    else:
        assert WORDS[case] in problems[0], problems


def test_the_bundled_cards_all_pass_the_name_rule(library):
    assert len(library) == 32 and not library.problems


# --- settings.json: reported, replaced by the default, and the game starts --------------------

SETTINGS_WORDS = dict(WORDS, **{"10000": "seat 1's name is longer than 40 characters", "spaces": "seat 1 has no name"})


def _settings_with(seats=None, arena=None):
    from deathmatch.settings import settings_path

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {}
    if seats is not None:
        data["players"] = seats
    if arena is not None:
        data["last_setup"] = {"arena": arena, "round_limit": 6}
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("s, case", list(zip(HOSTILE, IDS)), ids=IDS)
def test_a_hostile_seat_name_in_settings_is_said_and_the_setup_screen_opens(s, case, caplog):
    from deathmatch.scenes.setup import NewGameScene
    from deathmatch.settings import DEFAULT_PLAYERS, load_settings

    _settings_with(seats=[{"name": s, "colour": 0}, {"name": "Bob", "colour": 1}], arena=s)
    settings, messages = load_settings()
    assert settings.players == DEFAULT_PLAYERS  # replaced by the default seats…
    said = [m for m in messages if m.startswith("settings.json: players: ")]
    assert len(said) == 1 and SETTINGS_WORDS[case] in said[0] and said[0].endswith("; using the default seats"), messages
    arena = [m for m in messages if m.startswith("settings.json: last_setup.arena ")]  # …and the remembered arena dropped
    assert len(arena) == 1 and arena[0].endswith("; using the default") and "arena" not in settings.last_setup, messages
    app = fresh_app()  # the title screen says so…
    title = app.stack.top
    assert "settings.json" in title.message and "players" in title.message
    app.frame([], DT)
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)  # …and New game opens, showing the default seats
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    assert [seat.name for seat in setup.seats[:2]] == [p["name"] for p in DEFAULT_PLAYERS[:2]]
    app.frame([], DT)


def test_a_seat_name_that_shows_nothing_stops_new_game_with_a_reason_and_typing_drops_invisible_characters():
    from deathmatch.scenes.setup import NewGameScene

    app = fresh_app()
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)
    setup = app.stack.top
    assert isinstance(setup, NewGameScene)
    setup.editing = 0
    setup.seats[0].name = ""
    for ch in ("A", "\u200b", "\u200f", "\u202e", "\x00", "b"):
        app.frame(press(pygame.K_a, ch), DT)
    assert setup.seats[0].name == "Ab"  # the invisible, direction and control characters were not typed
    setup.seats[0].name = "\u3164"  # (a Hangul blank: printable, shows nothing)
    assert setup.problem() == "Player 1's name holds an invisible character (U+3164): give it letters or digits."
    setup.seats[0].name = "\u0301"
    assert setup.problem() == "Player 1's name shows nothing: give it letters or digits."
    app.frame([], DT)  # and drawing the seat's name does not crash


# --- a save's names on the Load list, and a save whose file name is not UTF-8 -------------------


def _real_save(library, slot):
    from deathmatch.rulesets.celebrity.randomplay import random_game

    return saves.write_game(random_game(library, 5, players=4), slot)


def _load_screen(app):
    from deathmatch.scenes.load import LoadScene

    app.frame(press(pygame.K_l), DT)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    app.frame([], DT)
    return load


def test_a_save_with_hostile_player_and_arena_names_is_listed_cleaned_and_loads():
    from deathmatch.scenes.celebrity.battle import BattleScene

    app = fresh_app()
    app.frame(press(pygame.K_n) + press(pygame.K_RETURN), DT)  # a real game, autosaved as it starts
    app.frame(press(pygame.K_RETURN), DT)
    assert isinstance(app.stack.top, BattleScene)
    data = json.loads(saves.slot_path(saves.AUTOSAVE).read_text(encoding="utf-8"))
    hostile = ["\x00", RLO_ABC, "\u200b", "x" * 10_000][:len(data["setup"]["players"])]
    data["meta"]["players"] = hostile
    data["meta"]["arena"] = "\u200f"
    data["meta"]["name"] = "hostile"
    setup = json.dumps(data["setup"])
    for seat, name in zip(data["setup"]["players"], hostile):  # the names the game itself is replayed with
        setup = setup.replace(json.dumps(seat["name"]), json.dumps(name))
    data["setup"] = json.loads(setup)
    path = saves.named_save_path("hostile")
    path.write_text(json.dumps(data), encoding="utf-8")
    app.go("title")
    app.frame([], DT)
    (info,) = [i for i in saves.list_saves() if i.path == path]
    assert info.players == ["?", "abc", "?", "x" * 59 + "…"][:len(hostile)] and info.arena == "" and info.name == "hostile"
    load = _load_screen(app)
    row = next(b for b in load.every if b.label.startswith("hostile:"))
    assert "?, abc" in row.label and "\x00" not in row.label and "\u202e" not in row.label
    row.action()  # Load: the game replays and its table draws the hostile names
    app.frame([], DT)
    battle = app.stack.top
    assert isinstance(battle, BattleScene), load.message
    assert sorted(battle.game.players) == sorted(hostile)  # the hostile names, drawn on the table
    app.frame([], DT)


def test_a_save_whose_file_name_is_not_utf8_is_listed_and_drawn(library):
    good = _real_save(library, "good")
    folder = os.fsencode(saves.saves_dir())
    with open(os.path.join(folder, b"bad\xff.json"), "wb") as f:
        f.write(good.read_bytes())
    with open(os.path.join(folder, b"worse\xfe\xff.json"), "wb") as f:
        f.write(b"{not json")
    listed = {i.name: i for i in saves.list_saves()}
    assert "bad\ufffd" in listed and "worse\ufffd\ufffd" in listed, sorted(listed)
    assert listed["worse\ufffd\ufffd"].error and listed["bad\ufffd"].error is None
    app = fresh_app()
    load = _load_screen(app)
    labels = [b.label for b in load.every]
    assert any(label.startswith("bad\ufffd:  ") for label in labels), labels
    assert any(label.startswith("worse\ufffd\ufffd: can not be loaded") for label in labels), labels
    app.frame([], DT)


# --- armies, gladiators and heroes: the same rule, through their own file readers ---------------


@pytest.mark.parametrize("s, case", list(zip(HOSTILE, IDS)), ids=IDS)
@pytest.mark.parametrize("kind", ["army", "gladiator", "hero"])
def test_army_gladiator_and_hero_names_follow_the_same_rule(tmp_path, kind, s, case):
    from conftest import ROOT

    from deathmatch.rulesets.gladiator.gladiators import read_gladiator_file
    from deathmatch.rulesets.skirmish.armies import read_army_file
    from deathmatch.rulesets.supers.heroes import read_hero_file

    source = {"army": "armies/crusader_host.yaml", "gladiator": "gladiators/achillia.yaml",
              "hero": "heroes/bog_hound.yaml"}[kind]
    read = {"army": read_army_file, "gladiator": read_gladiator_file, "hero": read_hero_file}[kind]
    lines = (ROOT / "assets" / source).read_text(encoding="utf-8").splitlines()
    line_no = next(i for i, line in enumerate(lines, 1) if line.startswith("name:"))
    lines[line_no - 1] = f"name: {YAML_OF[s]}"
    path = tmp_path / source.split("/")[1]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    thing, problems = read(path)
    assert thing is None
    said = [str(p) for p in problems]
    words = WORDS[case].replace("at most", "at most 32") if case == "10000" else WORDS[case]
    assert any(m.startswith(f"{path}:{line_no}: name: ") and words in m for m in said), said
