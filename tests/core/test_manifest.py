"""One manifest per game (`deathmatch.core.manifest.GameManifest`), found by the registry through the
`deathmatch.games` entry points (or, with no metadata, the same four bundled): the command line, the
per-user folders, the router and the rules pages are read from them, and every name they give exists."""

import os
import subprocess
import sys
import tomllib

import pytest

from deathmatch.core import registry
from deathmatch.core.manifest import ClientPart, GameManifest, Ref, resolve
from conftest import ROOT

GAMES = registry.games()
BUNDLED = [m for m in GAMES if m.id in dict(registry.BUNDLED_GAMES)]


def test_pyprojects_entry_points_are_the_registrys_bundled_games():
    """The packaged app (no metadata) and an installed program find the same four games."""
    group = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["deathmatch.games"]
    assert list(group.items()) == list(registry.BUNDLED_GAMES)


def test_with_no_metadata_the_bundled_games_are_found_anyway(monkeypatch):
    monkeypatch.setattr(registry, "_entry_points", list)
    registry.forget_games()
    try:
        assert [m.id for m in registry.games()] == ["celebrity", "skirmish", "gladiator", "supers"]
    finally:
        registry.forget_games()


def test_every_game_is_one_manifest_of_its_registered_rules():
    assert [m.id for m in BUNDLED] == ["celebrity", "skirmish", "gladiator", "supers"]
    for m in GAMES:
        assert isinstance(m, GameManifest) and m.ruleset() is registry.get(m.id) and m.ruleset().id == m.id
        assert registry.manifest(m.id) is m
    with pytest.raises(KeyError, match="no game 'croquet'"):
        registry.manifest("croquet")


@pytest.mark.parametrize("game", BUNDLED, ids=lambda m: m.id)
def test_every_screen_a_manifest_names_exists(game):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from deathmatch.scenes.base import Scene

    client = game.client
    assert isinstance(client, ClientPart) and client.blurb
    assert issubclass(resolve(client.table), Scene) and issubclass(resolve(client.setup), Scene)
    assert all(callable(resolve(t)) for t in (client.start, client.sounds, client.results))
    assert all(issubclass(resolve(t), Scene) for t in client.screens.values())
    assert all(isinstance(t, Ref) for t in client.targets())  # lazily: the manifest imports no screen


@pytest.mark.parametrize("game", BUNDLED, ids=lambda m: m.id)
def test_a_games_rules_pages_and_content_folders_exist(game):
    assets = ROOT / "assets"
    for label, source in game.rules_pages:
        assert (assets / "rules" / source).is_file() if source.endswith(".txt") else source == "gallery", (label, source)
    assert game.content
    for kind in game.content:
        assert kind.command.startswith("check-") and kind.help and callable(resolve(kind.check))
        assert all((assets / folder).is_dir() for folder in kind.bundled)


def test_every_rules_page_in_assets_belongs_to_a_game():
    pages = {source for m in GAMES for _, source in m.rules_pages}
    assert {p.name for p in (ROOT / "assets" / "rules").glob("*.txt")} <= pages


def test_the_command_line_has_each_games_check_command(capsys):
    from deathmatch.cli import content_kinds, main

    commands = [kind.command for m in GAMES for kind in m.content]
    assert list(content_kinds()) == commands
    assert commands[:4] == ["check-cards", "check-armies", "check-gladiators", "check-heroes"]
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = capsys.readouterr().out
    assert all(c in help_text for c in commands)


def test_the_user_folders_are_the_games(monkeypatch, tmp_path):
    from deathmatch import paths

    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    folders = paths.user_folders()
    assert folders[:2] == ["saves", "logs"]
    assert set(folders[2:]) == {f for m in GAMES for kind in m.content for f in kind.user}
    assert {"cards", "armies", "gladiators", "experience", "heroes"} <= set(folders)
    root = paths.ensure_user_folders()
    assert all((root / f).is_dir() for f in folders)


def test_the_router_is_the_manifests():
    from deathmatch.scenes import router

    assert list(router.RULESETS) == [m.id for m in GAMES if m.client is not None]
    for m in GAMES:
        rs = router.RULESETS[m.id]
        assert (rs.name, rs.rules, rs.table) == (m.name, m.rules_pages, m.client.table)


def test_finding_the_games_imports_no_pygame():
    """The manifests name their screens: finding the games (the command line, a headless night) loads none."""
    code = "import sys; from deathmatch.core import registry; registry.games(); print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}).stdout.strip()
    assert out == "False"


def test_a_headless_night_prints_the_games_own_columns(capsys):
    """`deathmatch tournament` heads its table with the manifest's columns (Skirmish: defeated, left)."""
    from deathmatch.cli import main

    assert main(["tournament", "--bots", "2", "--games", "1", "--ruleset", "skirmish", "--strength", "easy"]) == 0
    header = capsys.readouterr().out.splitlines()[1].split()
    assert header == ["#", "player", *(c.label for c in registry.manifest("skirmish").scoring.totals), "games"]
    assert header[4:6] == ["defeated", "left"]
