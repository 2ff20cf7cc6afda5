"""The arena list: the bundled maps and the player's own, each loaded or broken.

Each ruleset sees its own maps: those whose `rulesets` property names it (a
map without one is Celebrity Deathmatch's), checked by that ruleset's map
check. A broken map is listed with its reason and never raises; the game shows
it greyed out (a map too broken to say its rulesets is in every list). The player's arenas folder is made on first use with a copy of
the tilesets, the Tiled project (marker types and terrain to pick from a
list) and a starter map, so a map saved there in Tiled finds its tiles.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from ..paths import assets_dir, maps_dir, user_arenas_dir
from .tiled import DEFAULT_RULESETS, MapReport, apply_map_checks, read_map

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
    def rulesets(self) -> tuple[str, ...]:
        """The rulesets the map is for (none known if it can not be read; such a map is in every list)."""
        return self.report.draft.rulesets if self.report.draft else ()

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


def list_arenas(include_user: bool = True, ruleset: str | None = DEFAULT_RULESETS[0]) -> list[ArenaEntry]:
    """The bundled maps, then the maps in the player's folder, for `ruleset`, each
    checked by that ruleset's map check; every map (each checked for the
    rulesets it names) if `ruleset` is None."""
    found = [(p, "bundled") for p in sorted(maps_dir().glob("*.tmx"))]
    if include_user:
        folder = user_arenas_dir()
        if folder.is_dir():
            found += [(p, "user") for p in sorted(folder.glob("*.tmx"))]
    entries = []
    for path, origin in found:
        report = read_map(path)
        if ruleset and report.draft is not None and ruleset not in report.draft.rulesets:
            continue
        entries.append(ArenaEntry(path, origin, apply_map_checks(report, ruleset)))
    return entries
