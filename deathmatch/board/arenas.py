"""The arena list: the bundled maps and the player's own, each loaded or broken.

Each ruleset sees its own maps: those whose `rulesets` property names it (a
map without one is Celebrity Deathmatch's), checked by that ruleset's map
check. A broken map is listed with its reason and never raises; the game shows
it greyed out (a map too broken to say its rulesets is in every list). The player's arenas folder is made on
first use with a copy of the tilesets, the Tiled project (marker types and terrain to pick from a
list) and a starter map (`deathmatch.paths.ensure_user_arenas`), so a map saved there in Tiled finds its tiles.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

# The arenas kit is made where the data folders are decided (paths); kept here under its old name.
from ..paths import (
    ensure_user_arenas,  # noqa: F401
    maps_dir,
    user_arenas_dir,
)
from .arena import Arena
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
    def arena(self) -> Arena:
        """The arena of an entry that is `ok` (ValueError for a map that can not be played)."""
        if self.report.arena is None:
            raise ValueError(f"{self.path} can not be played")
        return self.report.arena

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
        from ..safefile import folder_problem

        why = folder_problem(folder)
        if why is not None:  # said in the list, not silently gone
            report = MapReport(folder)
            report.problems.append(MapProblem(str(folder), "map", f"your arenas folder {why}"))
            entries_ = [ArenaEntry(folder, "user", report)]
        else:
            entries_ = []
        if folder.is_dir():  # Tiled JSON maps too: listed as broken, with what to do (save as .tmx)
            found += [(p, "user") for p in sorted([*folder.glob("*.tmx"), *folder.glob("*.tmj")])]
    entries = list(entries_) if include_user else []
    from ..safefile import printable

    for path, origin in found:
        shown = printable(path)
        if shown != os.fsdecode(path):  # a name that is not UTF-8 can be neither printed nor drawn: listed broken
            path = Path(shown)
            report = MapReport(path)
            report.problems.append(MapProblem(shown, "map", "not read: the file's name is not UTF-8 text: rename it"))
            entries.append(ArenaEntry(path, origin, report))
            continue
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


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths are one file (False for a link that loops or leads nowhere)."""
    try:
        return a.resolve(strict=True) == b.resolve(strict=True)
    except (OSError, RuntimeError):
        return False


class ArenaNotFound(ValueError):
    """An arena asked for by name that is not there, or not playable as asked; the message lists the arenas."""


def _key(name: str) -> str:
    """A name as players type it: "The Colosseum", "colosseum", "Duel-Pit" and "duel pit" all match."""
    words = str(name).strip().lower().replace("-", " ").replace("_", " ").split()
    if words[:1] == ["the"]:
        words = words[1:]
    return "_".join(words)


def _menu(entries: list[ArenaEntry], players: int | None = None) -> str:
    """The arenas a player can name, one a line: what to type, the name, the players."""
    bundled = {e.path.stem for e in entries if e.origin == "bundled"}
    lines = []
    for e in entries:
        if not e.ok:
            continue
        a = e.arena
        if players is not None and not a.min_players <= players <= a.max_players:
            continue
        typed = e.id if e.origin == "user" and e.path.stem in bundled else e.path.stem
        lines.append(
            f"  {typed:20s} {a.name} ({a.min_players}–{a.max_players} players)"
            + (" [yours]" if e.origin == "user" else "")
        )
    return "\n".join(lines) or "  (none)"


def find_arena(
    ref: str | None = None,
    players: int | None = None,
    ruleset: str | None = DEFAULT_RULESETS[0],
    default: str = "colosseum",
) -> ArenaEntry:
    """The playable arena `ref` names, for `demo --arena` and `play --arena`.

    `ref` is an arena's file name without .tmx ("colosseum", "hourglass": the
    bundled maps first, then the player's), its name ("The Hourglass"), an arena
    id ("user:hourglass") or a map file's path. Without `ref`, `default` if it
    fits `players`, else the first listed arena that does. ArenaNotFound, with
    the arenas that could be named, for anything else: an unknown name, a broken
    map, an arena not for that many players.
    """
    from .tiled import arena_id_path, check_map, is_arena_id

    entries = list_arenas(ruleset=ruleset)

    def fits(e: ArenaEntry) -> bool:
        a = e.arena
        return players is None or a.min_players <= players <= a.max_players

    if ref is None or not str(ref).strip():
        picked = [e for e in entries if e.ok and e.path.stem == default and e.origin == "bundled" and fits(e)]
        picked = picked or [e for e in entries if e.ok and fits(e)]
        if not picked:
            raise ArenaNotFound(f"no arena is for {players} players; the arenas:\n{_menu(entries)}")
        return picked[0]
    ref = str(ref)
    found: ArenaEntry | None = None
    if is_arena_id(ref):
        try:
            path = arena_id_path(ref)
        except ValueError as e:
            raise ArenaNotFound(f"{e}; the arenas:\n{_menu(entries)}") from None
        found = next((e for e in entries if e.path == path and e.id == ref), None)
    elif ref.lower().endswith((".tmx", ".tmj")) or "/" in ref or "\\" in ref:
        path = Path(ref).expanduser()
        if not path.is_file():
            raise ArenaNotFound(f"no map file {path}; the arenas you can name instead:\n{_menu(entries)}")
        found = next((e for e in entries if _same_file(e.path, path)), None)
        if found is None:
            found = ArenaEntry(path, "file", check_map(path, ruleset=ruleset))
    else:
        key = _key(ref)
        for by in (lambda e: _key(e.path.stem), lambda e: _key(e.name)):
            found = next((e for e in entries if by(e) == key), None)
            if found:
                break
    if found is None:
        raise ArenaNotFound(f"no arena called {ref!r}; the arenas (bundled, then yours):\n{_menu(entries)}")
    if not found.ok:
        errors = "\n".join(f"  {p.where}: {p.message}" for p in found.report.errors)
        raise ArenaNotFound(
            f"the arena {found.path} can not be played:\n{errors}\n(deathmatch check-map shows every problem)"
        )
    if not fits(found):
        a = found.arena
        raise ArenaNotFound(
            f"{a.name} is for {a.min_players}–{a.max_players} players, not {players}; "
            f"the arenas for {players} players:\n{_menu(entries, players)}"
        )
    return found
