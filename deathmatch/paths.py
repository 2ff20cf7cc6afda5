"""Where the game's data lives: the one place that decides it.

Bundled data (assets, maps, cards) sits beside the package in a checkout.
The user's own files (cards, arenas, saves, settings, logs) live in the
per-user data folder given by platformdirs; the game never writes inside its
own install folder.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

APP_NAME = "deathmatch"

# The arenas kit: what a Tiled map saved in the player's arenas folder needs to find its tiles.
TILESET_FILES = ("arena_pointy.tsx", "arena_pointy.png", "arena_flat.tsx", "arena_flat.png", "markers.tsx", "markers.png")
PROJECT_FILES = ("deathmatch.tiled-project", "objecttypes.xml")
STARTER = "my_first_arena.tmx"


def data_root() -> Path:
    """The folder holding `assets/` and `maps/`, wherever the game runs from:

    - `DEATHMATCH_DATA`, if set (tests);
    - the packaged app (PyInstaller): the bundle's data folder (`sys._MEIPASS`);
    - a checkout: the folder above the package;
    - an installed wheel: `<prefix>/share/deathmatch`, where the wheel puts them.
    """
    env = os.environ.get("DEATHMATCH_DATA")
    if env:
        return Path(env)
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).resolve().parent))
    beside = Path(__file__).resolve().parent.parent
    if (beside / "assets" / "cards").is_dir():
        return beside
    for prefix in (sys.prefix, sys.base_prefix, os.path.expanduser("~/.local")):
        shared = Path(prefix) / "share" / APP_NAME
        if (shared / "assets" / "cards").is_dir():
            return shared
    return beside


def assets_dir() -> Path:
    return data_root() / "assets"


def bundled_cards_dir() -> Path:
    return assets_dir() / "cards"


def maps_dir() -> Path:
    return data_root() / "maps"


def user_data_dir() -> Path:
    """The per-user data folder (created on demand by the functions below)."""
    env = os.environ.get("DEATHMATCH_USER_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_cards_dir() -> Path:
    """Where a player's own card files go."""
    return user_data_dir() / "cards"


def user_arenas_dir() -> Path:
    """Where a player's own Tiled arenas go (with a copy of the tilesets)."""
    return user_data_dir() / "arenas"


def ensure_user_folders() -> Path:
    """Make the per-user folders on first start (saves, logs, cards, arenas with the designer's kit)."""
    root = user_data_dir()
    for sub in ("saves", "logs", "cards"):
        (root / sub).mkdir(parents=True, exist_ok=True)
    ensure_user_arenas()
    return root


def ensure_user_arenas() -> Path:
    """The player's arenas folder, made (with tilesets and a starter map) if missing.

    Tilesets that are missing are copied again; nothing the player made is
    ever overwritten.
    """
    folder = user_arenas_dir()
    folder.mkdir(parents=True, exist_ok=True)
    kit = [(assets_dir() / "tiles" / name, name) for name in TILESET_FILES]
    kit += [(maps_dir() / name, name) for name in PROJECT_FILES]
    for source, name in kit:
        if not (folder / name).exists() and source.exists():
            shutil.copy2(source, folder / name)
    starter = folder / STARTER
    source = maps_dir() / "starter" / STARTER  # the player's own little arena (tools/make_arenas.py), no bundled one
    if not starter.exists() and not any(folder.glob("*.tmx")) and source.exists():
        text = source.read_text(encoding="utf-8").replace("../../assets/tiles/", "")
        starter.write_text(text, encoding="utf-8")
    return folder
