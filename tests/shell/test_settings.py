"""The player's settings (deathmatch/settings.py)."""

import json
import os
from dataclasses import asdict, fields

import pytest

from deathmatch.settings import Settings, load_settings, save_settings, settings_path


def write(data) -> bytes:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    path.write_bytes(raw)
    return raw


def test_path_is_in_the_private_user_folder(tmp_path):
    assert settings_path() == tmp_path / "userdata" / "settings.json"


def test_missing_file_gives_defaults_and_no_messages():
    s, messages = load_settings()
    assert s == Settings() and messages == []
    assert (s.width, s.height, s.fullscreen, s.ui_scale) == (1280, 720, False, 1.0)
    assert (s.music_volume, s.effects_volume, s.animation_speed) == (0.5, 0.8, 1.0)
    assert s.handoff is True and s.confirm_end is False
    assert [p["colour"] for p in s.players] == [0, 1, 2, 3] and all(p["name"] for p in s.players)
    assert s.last_setup == {}
    assert not settings_path().exists()  # loading writes nothing


def test_defaults_are_not_shared_between_instances():
    a, b = Settings(), Settings()
    a.players[0]["name"] = "Changed"
    a.last_setup["arena"] = "pit"
    assert b.players[0]["name"] != "Changed" and b.last_setup == {}


def test_round_trip():
    s = Settings(width=1920, height=1080, fullscreen=True, ui_scale=1.5, music_volume=0.0, effects_volume=1.0,
                 animation_speed=4, handoff=False, confirm_end=True,
                 players=[{"name": "Ada", "colour": 5}, {"name": "Łukasz", "colour": 9}, {"name": "Bo", "colour": 0}],
                 last_setup={"arena": "colosseum", "beasts": True, "obstacles": 3, "round_limit": None,
                             "hidden_cards": True, "players": 3, "deal": "random"})
    path = save_settings(s)
    assert path == settings_path()
    loaded, messages = load_settings()
    assert messages == []
    assert loaded == s
    assert json.loads(path.read_text(encoding="utf-8"))["players"][1]["name"] == "Łukasz"
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no temp file left


def test_a_partial_file_fills_in_defaults():
    write({"width": 1600, "music_volume": 0})
    s, messages = load_settings()
    assert messages == []
    assert s.width == 1600 and s.music_volume == 0.0 and isinstance(s.music_volume, float)
    assert s.height == 720 and s.players == Settings().players


def test_whole_number_floats_are_accepted_for_sizes():
    write({"width": 1600.0})
    s, messages = load_settings()
    assert s.width == 1600 and isinstance(s.width, int) and messages == []


@pytest.mark.parametrize("field, value, words", [
    ("effects_volume", 7, ["effects_volume 7 is out of 0–1", "using 0.8"]),
    ("music_volume", -0.5, ["music_volume -0.5 is out of 0–1", "using 0.5"]),
    ("ui_scale", 0.5, ["ui_scale 0.5 is out of 0.75–2", "using 1"]),
    ("animation_speed", 100, ["animation_speed 100 is out of 0.25–8", "using 1"]),
    ("width", 10, ["width 10 is out of", "using 1280"]),
    ("width", 10 ** 400, ["width", "is out of", "using 1280"]),
    ("height", 720.5, ["height 720.5 is not a whole number", "using 720"]),
    ("width", "wide", ["width is text (\"wide\"), not a number", "using 1280"]),
    ("width", True, ["width is true/false", "using 1280"]),
    ("music_volume", None, ["music_volume is null", "using 0.5"]),
    ("fullscreen", "yes", ["fullscreen is text (\"yes\"), not true or false", "using false"]),
    ("handoff", 1, ["handoff is a number (1), not true or false", "using true"]),
    ("players", "Red", ["players is text", "using the default seats"]),
    ("players", [], ["players has 0 seats", "using the default seats"]),
    ("players", [{"name": "A", "colour": 0}] * 11, ["players has 11 seats", "using the default seats"]),
    ("players", [{"name": "A", "colour": 0}, {"colour": 1}], ["players: seat 2 has no name", "default seats"]),
    ("players", [{"name": "A", "colour": 0}, {"name": "A", "colour": 1}], ["seat 2's name 'A' is used twice"]),
    ("players", [{"name": "A", "colour": 12}], ["players: seat 1's colour 12 is not a colour number 0–9"]),
    ("players", [{"name": "A", "colour": "red"}], ["seat 1's colour \"red\""]),
    ("players", ["A"], ["players: seat 1 is text"]),
    ("bot_thinking", "forever", ["bot_thinking is \"forever\", not one of fast, normal, deep", "using normal"]),
    ("last_setup", [1, 2], ["last_setup is a list, not an object", "using no remembered setup"]),
    ("last_tournament", [1, 2], ["last_tournament is a list, not an object", "using no remembered tournament"]),
])
def test_each_kind_of_bad_value(field, value, words):
    good = {"width": 1600, "effects_volume": 0.3, "music_volume": 0.2, "fullscreen": True, "handoff": False}
    data = dict(good, **{field: value})
    raw = write(data)
    s, messages = load_settings()
    assert len(messages) == 1, messages
    msg = messages[0]
    assert msg.startswith("settings.json: ") and field in msg
    for w in words:
        assert w in msg, msg
    assert getattr(s, field) == getattr(Settings(), field)  # the bad field gets its default
    for k, v in good.items():  # the good ones are kept
        if k != field:
            assert getattr(s, k) == v
    assert settings_path().read_bytes() == raw  # the broken file is left as it was


def test_nan_and_infinity():
    raw = write(b'{"ui_scale": NaN, "music_volume": Infinity}')
    s, messages = load_settings()
    assert s.ui_scale == 1.0 and s.music_volume == 0.5
    assert len(messages) == 2 and any("ui_scale" in m for m in messages) and any("music_volume" in m for m in messages)
    assert settings_path().read_bytes() == raw


def test_unknown_keys_are_reported_and_ignored():
    raw = write({"volume_to_eleven": True, "width": 1024})
    s, messages = load_settings()
    assert s.width == 1024
    assert messages == ["settings.json: unknown setting 'volume_to_eleven' ignored"]
    assert settings_path().read_bytes() == raw


def test_several_problems_each_get_a_message():
    write({"width": "x", "height": -1, "effects_volume": 7, "bogus": 1})
    s, messages = load_settings()
    assert len(messages) == 4
    assert s == Settings()


@pytest.mark.parametrize("raw, words", [
    (b'{"width": 1280,\n "height": 720,\n oops}', ["settings.json is not valid JSON (line 3", "default settings"]),
    (b"", ["settings.json is not valid JSON (line 1"]),
    (b"\xff\xfe\x00garbage", ["settings.json is not a text file"]),
    (b"[1, 2]", ["settings.json holds a list, not an object of settings"]),
    (b'"just text"', ["settings.json holds text"]),
])
def test_a_broken_file_gives_defaults_and_is_left_alone(raw, words):
    write(raw)
    before = os.stat(settings_path()).st_mtime_ns
    s, messages = load_settings()
    assert s == Settings()
    assert len(messages) == 1
    for w in words:
        assert w in messages[0], messages[0]
    assert settings_path().read_bytes() == raw
    assert os.stat(settings_path()).st_mtime_ns == before


def test_an_unreadable_settings_path_does_not_raise():
    settings_path().mkdir(parents=True)  # a folder where the file should be
    s, messages = load_settings()
    assert s == Settings() and len(messages) == 1 and "settings.json can not be read" in messages[0]


def test_saving_replaces_a_broken_file_atomically(monkeypatch):
    raw = write(b"{broken")
    real_replace = os.replace

    def refuse(src, dst):
        raise OSError("no")

    monkeypatch.setattr(os, "replace", refuse)
    from deathmatch import saves

    save_settings(Settings(width=800))  # never raises (a setup screen goes on): said on the title screen
    assert saves.write_problems()["The settings"] == "The settings could not be saved: no"
    assert settings_path().read_bytes() == raw
    assert [p.name for p in settings_path().parent.iterdir()] == ["settings.json"]
    monkeypatch.setattr(os, "replace", real_replace)
    save_settings(Settings(width=800))
    assert "The settings" not in saves.write_problems()  # written now: no longer said
    s, messages = load_settings()
    assert s.width == 800 and messages == []


def test_every_field_survives_json():
    data = asdict(Settings())
    assert set(data) == {f.name for f in fields(Settings)}
    json.dumps(data)
