"""The arena list: the bundled maps and the player's own, each loaded or broken.

Each ruleset sees its own maps: those whose `rulesets` property names it (a
map without one is Celebrity Deathmatch's), checked by that ruleset's map
check. A broken map is listed with its reason and never raises; the game shows
it greyed out (a map too broken to say its rulesets is in every list). The player's arenas folder is made on first use with a copy of
the tilesets, the Tiled project (marker types and terrain to pick from a
list) and a starter map (`deathmatch.paths.ensure_user_arenas`), so a map saved there in Tiled finds its tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

# The arenas kit is made where the data folders are decided (paths); kept here under its old name.
from ..paths import ensure_user_arenas  # noqa: F401
from ..paths import maps_dir, user_arenas_dir
from .tiled import DEFAULT_RULESETS, MapProblem, MapReport, apply_map_checks, arena_file_problem, read_map

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
        why = arena_file_problem(path)  # a pipe, a huge file or a link elsewhere is listed broken, never read
        if why:
            report = MapReport(path)
            report.problems.append(MapProblem(str(path), "map", f"not read: the file {why}"))
        else:
            report = read_map(path)
        if ruleset and report.draft is not None and ruleset not in report.draft.rulesets:
            continue
        entries.append(ArenaEntry(path, origin, apply_map_checks(report, ruleset)))
    return entries
