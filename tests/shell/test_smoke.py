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
