"""The arena list: the bundled maps and the player's own, each loaded or broken.

A broken map is listed with its reason and never raises; the game shows it
greyed out. The player's arenas folder is made on first use with a copy of
the tilesets, the Tiled project (marker types and terrain to pick from a
list) and a starter map, so a map saved there in Tiled finds its tiles.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from ..paths import assets_dir, maps_dir, user_arenas_dir
from .tiled import MapReport, check_map

TILESET_FILES = ("arena_pointy.tsx", "arena_pointy.png", "arena_flat.tsx", "arena_flat.png", "markers.tsx", "markers.png")
PROJECT_FILES = ("deathmatch.tiled-project", "objecttypes.xml")
STARTER = "my_first_arena.tmx"


@dataclass
class ArenaEntry:
    """One map file of the arena list."""

    path: Path
    origin: str
    """"bundled" or "user"."""
    report: MapReport

    @property
    def id(self) -> str:
        """How a record names it: "bundled:colosseum", "user:my_arena" (see `tiled.arena_id`)."""
        return f"{self.origin}:{self.path.stem}"

    @property
    def ok(self) -> bool:
        return self.report.ok

    @property
    def name(self) -> str:
        return self.report.arena.name if self.report.arena else self.path.stem

    @property
    def reason(self) -> str:
        """Why it is broken ("" if it is not): the first error."""
        errors = self.report.errors
        return f"{errors[0].where}: {errors[0].message}" if errors else ""


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
    bundled = maps_dir() / "duel_pit.tmx"
    if not starter.exists() and not any(folder.glob("*.tmx")) and bundled.exists():
        text = bundled.read_text(encoding="utf-8").replace("../assets/tiles/", "")
        text = text.replace('value="The Duel Pit"', 'value="My First Arena"')
        starter.write_text(text, encoding="utf-8")
    return folder


def list_arenas(include_user: bool = True) -> list[ArenaEntry]:
    """Every bundled map, then every map in the player's folder, each checked."""
    entries = [ArenaEntry(p, "bundled", check_map(p)) for p in sorted(maps_dir().glob("*.tmx"))]
    if include_user:
        folder = user_arenas_dir()
        if folder.is_dir():
            entries += [ArenaEntry(p, "user", check_map(p)) for p in sorted(folder.glob("*.tmx"))]
    return entries
