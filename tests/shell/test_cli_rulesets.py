"""`deathmatch demo` and `deathmatch play` for every ruleset with a table, not only Celebrity
Deathmatch: the ruleset's own arenas, its number of seats, its own table's arguments."""

import pytest

from deathmatch.cli import main


@pytest.mark.parametrize("args", [[], ["--arena", "ruins"], ["--players", "2"]])
def test_demo_plays_a_skirmish_on_a_skirmish_board(capsys, monkeypatch, args):
    from deathmatch.scenes.app import App
    from deathmatch.scenes.skirmish.battle import SkirmishTable

    tables = []
    run = App.run
    monkeypatch.setattr(App, "run", lambda self, max_frames=None: tables.append(self.stack.top) or run(self, max_frames))
    assert main(["demo", "--ruleset", "skirmish", "--frames", "1", *args]) == 0
    assert "demo: 1 frames" in capsys.readouterr().out
    assert isinstance(tables[0], SkirmishTable)
    assert tables[0].game.state.width == 8  # the chessboard or the ruins (8×8), not a hex arena


def test_a_celebrity_arena_is_not_a_skirmish_board(capsys):
    assert main(["demo", "--ruleset", "skirmish", "--arena", "colosseum", "--frames", "1"]) == 2
    assert "no arena called 'colosseum'" in capsys.readouterr().err


def test_play_opens_the_rulesets_own_table(monkeypatch):
    from deathmatch.scenes.app import App
    from deathmatch.scenes.skirmish.battle import SkirmishTable

    tables = []
    run = App.run
    monkeypatch.setattr(App, "run", lambda self, max_frames=None: tables.append(self.stack.top) or run(self, 2))
    assert main(["play", "--ruleset", "skirmish", "--seed", "3"]) == 0
    assert isinstance(tables[0], SkirmishTable) and tables[0].handoff


def test_help_names_every_registered_game(capsys):
    """`deathmatch --help` names every game the registry holds, each with the id --ruleset takes."""
    from deathmatch.core import registry

    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    games = registry.games()
    assert len(games) >= 4
    listed = out.split("games (--ruleset ID):", 1)[1]
    for m in games:
        assert m.name in " ".join(out.split()) and any(line.split()[:1] == [m.id] and m.name in line
                                                        for line in listed.splitlines()), (m.id, out)


@pytest.mark.parametrize("desktop, screenshots, window", [((1024, 600), False, "whole screen"),
                                                          ((1920, 1080), False, (1280, 720)),
                                                          ((1200, 740), False, (1152, 648)),
                                                          ((1024, 600), True, (1280, 720))])
def test_demo_opens_a_window_that_fits_the_desktop(capsys, monkeypatch, tmp_path, desktop, screenshots, window):
    """`deathmatch demo` (the README's "watch one play itself") fits a small screen as the game does (a
    1280×720 window on a 1024×600 laptop showed neither its top bar nor its panel): the largest window that
    fits, or the whole screen; with --screenshots its pictures stay 1280×720 on every machine."""
    from deathmatch.scenes import app as app_module
    from deathmatch.scenes.app import App

    monkeypatch.setattr(app_module, "desktop_size", lambda: desktop)
    opened = []
    run = App.run
    monkeypatch.setattr(App, "run", lambda self, max_frames=None: opened.append(
        "whole screen" if self.fullscreen else self.size) or run(self, max_frames))
    extra = ["--screenshots", str(tmp_path / "shots")] if screenshots else []
    assert main(["demo", "--ruleset", "gladiator", "--frames", "1", *extra]) == 0
    assert opened == [window]
