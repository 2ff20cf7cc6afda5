"""Where the game's data lives: the one place that decides it.

Bundled data (assets, maps, cards) sits beside the package in a checkout.
The user's own files (cards, arenas, saves, settings, logs) live in the
per-user data folder given by platformdirs; the game never writes inside its
own install folder.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "deathmatch"


def data_root() -> Path:
    """The folder holding `assets/` and `maps/`.

    `DEATHMATCH_DATA` overrides it (tests, packaging); otherwise the folder
    above the package (a checkout, or an install that ships the data beside it).
    """
    env = os.environ.get("DEATHMATCH_DATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent.parent


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
