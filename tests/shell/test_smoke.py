"""`deathmatch smoke`, the scripted start CI runs on the built app, runs here too: a change to the
title or the setup screens that breaks it fails the tests, not only the packaging step."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def test_smoke_starts_every_game_the_title_offers(capsys):
    from deathmatch.launch import smoke

    assert smoke() == 0
    out = capsys.readouterr().out
    for name in ("Semi-Historical Celebrity Deathmatch", "Chessboard Skirmish"):
        assert f"smoke: {name}: round 1, a model is activating" in out
    assert "learned values: ok (celebrity, skirmish, gladiator, supers)" in out


def test_the_smoke_fails_when_a_game_s_learned_value_is_broken(tmp_path, monkeypatch, capsys):
    """The packaged app's smoke says so when a game's value.json is missing or broken (the hard bot would
    play weaker without a word)."""
    from pathlib import Path

    from deathmatch.launch import values_smoke
    from deathmatch.rulesets.gladiator import value

    broken = tmp_path / "value.py"
    (tmp_path / "value.json").write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(value, "__file__", str(broken))
    assert values_smoke(["celebrity", "gladiator"]) == 1
    out = capsys.readouterr().out
    assert "learned values: FAILED" in out and str(Path(tmp_path) / "value.json") in out

