"""One function decides where the game's data lives: checkout, installed wheel, packaged app."""

import sys

from conftest import ROOT
from deathmatch import paths


def test_a_checkout_uses_the_folders_beside_the_package(monkeypatch):
    monkeypatch.delenv("DEATHMATCH_DATA", raising=False)
    assert paths.data_root() == ROOT
    assert (paths.bundled_dir("cards") / "napoleon.yaml").exists()
    assert (paths.maps_dir() / "colosseum.tmx").exists()


def test_an_installed_wheel_uses_prefix_share(monkeypatch, tmp_path):
    monkeypatch.delenv("DEATHMATCH_DATA", raising=False)
    site = tmp_path / "site-packages" / "deathmatch"
    site.mkdir(parents=True)
    shared = tmp_path / "prefix" / "share" / "deathmatch"
    (shared / "assets" / "cards").mkdir(parents=True)
    monkeypatch.setattr(paths, "__file__", str(site / "paths.py"))
    monkeypatch.setattr(sys, "prefix", str(tmp_path / "prefix"))
    assert paths.data_root() == shared


def test_the_packaged_app_uses_its_bundle(monkeypatch, tmp_path):
    monkeypatch.delenv("DEATHMATCH_DATA", raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.data_root() == tmp_path


def test_user_folders_are_per_user_and_never_the_install(monkeypatch, tmp_path):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path / "me"))
    for folder in (paths.user_dir("cards"), paths.user_arenas_dir()):
        assert str(folder).startswith(str(tmp_path / "me"))
        assert not str(folder).startswith(str(ROOT))


def test_first_start_makes_the_user_folders(monkeypatch, tmp_path):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path / "fresh"))
    root = paths.ensure_user_folders()
    for sub in ("saves", "logs", "cards", "arenas"):
        assert (root / sub).is_dir()
    assert (root / "arenas" / "my_first_arena.tmx").exists()


def test_first_start_puts_the_card_schema_in_the_cards_folder_and_keeps_it_current(monkeypatch, tmp_path):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path / "fresh"))
    root = paths.ensure_user_folders()
    bundled = (paths.bundled_dir("cards") / "card.schema.json").read_text(encoding="utf-8")
    schema = root / "cards" / "card.schema.json"
    assert schema.read_text(encoding="utf-8") == bundled
    schema.write_text("{}", encoding="utf-8")  # an older game's schema
    paths.ensure_user_folders()
    assert schema.read_text(encoding="utf-8") == bundled
