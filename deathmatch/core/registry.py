"""The games and their rulesets, by id. Nothing else asks which ruleset it is playing: it asks
the registry for the ruleset's hooks.

A game declares itself in one `GameManifest` (`deathmatch.core.manifest`), which its
distribution names in the `deathmatch.games` entry-point group; `games()` finds them all
through `importlib.metadata`, the bundled four and any installed plugin's. Where there is no
metadata to read (the PyInstaller app ships none; a source tree never installed), the bundled
games are found anyway (`BUNDLED_GAMES`, the same four lines as pyproject.toml's group). A
ruleset registers itself (`register`) when its package is imported, which loading its manifest
does (`deathmatch.rulesets` imports the bundled ones).
"""

from __future__ import annotations

import logging
from importlib import metadata
from typing import Any

from .errors import RecordError, SetupError
from .manifest import Bot, CareerRules, GameManifest, LabRules, Ruleset, TournamentRules  # noqa: F401  (their home was here)
from .record import Record

_RULESETS: dict[str, Ruleset] = {}

GROUP = "deathmatch.games"
"""The entry-point group a game's distribution names its manifest in."""

BUNDLED_GAMES: tuple[tuple[str, str], ...] = (
    ("celebrity", "deathmatch.rulesets.celebrity.manifest:MANIFEST"),
    ("skirmish", "deathmatch.rulesets.skirmish.manifest:MANIFEST"),
    ("gladiator", "deathmatch.rulesets.gladiator.manifest:MANIFEST"),
    ("supers", "deathmatch.rulesets.supers.manifest:MANIFEST"),
)
"""The games this program ships, as its metadata names them (pyproject.toml's `deathmatch.games`; a test
holds the two alike): found from here when the metadata is missing (the packaged app)."""

_GAMES: dict[str, GameManifest] | None = None
_LOADING = False
"""True while `games()` loads the manifests (a game asking the registry as it loads does not start it again)."""
PROBLEMS: list[str] = []
"""Games that could not be loaded (an installed plugin that fails to import), in words: the rest play."""


def _entry_points() -> list[metadata.EntryPoint]:
    try:
        return list(metadata.entry_points(group=GROUP))
    except Exception:  # broken metadata of some other distribution: the bundled games still play
        logging.getLogger("deathmatch").warning("reading the %s entry points failed", GROUP, exc_info=True)
        return []


def games() -> list[GameManifest]:
    """Every game installed, each loaded once: the bundled ones first (in their `order`), then any
    plugin's. A plugin that fails to load is left out and said in `PROBLEMS` (and the log)."""
    global _GAMES, _LOADING
    if _GAMES is None and not _LOADING:
        _LOADING = True
        try:
            _GAMES = _load()
        finally:
            _LOADING = False
    return list(_GAMES.values()) if _GAMES is not None else []


def _load() -> dict[str, GameManifest]:
    """Every game the entry points (or, without metadata, `BUNDLED_GAMES`) name, loaded and in order."""
    found: dict[str, GameManifest] = {}
    points = [(ep.name, ep) for ep in _entry_points()]
    named = {name for name, _ in points}
    points += [(name, metadata.EntryPoint(name, value, GROUP)) for name, value in BUNDLED_GAMES if name not in named]
    for name, ep in points:
        try:
            manifest = ep.load()
            if not isinstance(manifest, GameManifest):
                raise TypeError(f"{ep.value} is a {type(manifest).__name__}, not a GameManifest")
            rules = manifest.ruleset()
            if rules.id not in _RULESETS:  # (one registered by hand, a test's double, stays)
                register(rules)
        except Exception as e:
            PROBLEMS.append(f"game {name!r} ({ep.value}) could not be loaded: {e}")
            logging.getLogger("deathmatch").warning("game %s could not be loaded", name, exc_info=True)
            continue
        found.setdefault(manifest.id, manifest)
    return dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0])))


def forget_games() -> None:
    """Find the games afresh on the next `games()` (tests install a plugin)."""
    global _GAMES
    _GAMES = None
    PROBLEMS.clear()


def manifest(ruleset_id: str) -> GameManifest:
    """The manifest of the game `ruleset_id` (KeyError naming the known ones)."""
    for m in games():
        if m.id == ruleset_id:
            return m
    raise KeyError(f"no game {ruleset_id!r} (known: {', '.join(m.id for m in games()) or 'none'})")


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset (a second one with the same id replaces the first: tests reload)."""
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def get(ruleset_id: str) -> Ruleset:
    """The ruleset `ruleset_id`. The first ask loads every installed game (`games()`): its rules, and what
    loading a game registers besides (its map checks, which a map naming several games runs), as importing
    one game's package used to load all four."""
    if _GAMES is None and not _LOADING:
        games()
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_RULESETS)) or "none"
        raise KeyError(f"no ruleset {ruleset_id!r} (known: {known})") from None


def ids() -> list[str]:
    """Every ruleset's id: the installed games' and any registered by hand (tests)."""
    return sorted({*_RULESETS, *(m.id for m in games())})


def record_of(game, ruleset: Ruleset) -> Record:
    """The record of a game that came from a setup (`game.setup`)."""
    setup = getattr(game, "setup", None)
    if setup is None:
        raise RecordError("a game started from a scenario position has no setup to record")
    return Record(
        ruleset.id,
        ruleset.version,
        ruleset.setup_to_json(setup),
        ruleset.seed_of(setup),
        tuple(ruleset.action_to_json(a) for a in game.history),
    )


def read(record: Record) -> tuple[Ruleset, Any, list]:
    """(its ruleset, its setup, its decisions as actions): a record read but not replayed
    (RecordError naming what is wrong, as `replay` would, short of an illegal decision)."""
    try:
        ruleset = get(record.ruleset)
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    if record.ruleset_version > ruleset.version:
        raise RecordError(
            f"the record is of {ruleset.name} version {record.ruleset_version}, "
            f"newer than this game reads ({ruleset.version}): update the game"
        )
    try:
        setup = ruleset.setup_from_json(record.setup)
    except (SetupError, KeyError, TypeError) as e:
        raise RecordError(f"bad setup: {e}") from None
    actions = []
    for i, d in enumerate(record.decisions):
        try:
            actions.append(ruleset.action_from_json(d))
        except ValueError as e:
            raise RecordError(f"decision {i + 1}: {e}") from None
    return ruleset, setup, actions


def replay(record: Record):
    """The game a record describes, replayed decision by decision (RecordError if it can not be)."""
    from .errors import IllegalAction

    ruleset, setup, actions = read(record)
    try:
        game = ruleset.new_game(setup)
    except (SetupError, KeyError, TypeError) as e:
        raise RecordError(f"bad setup: {e}") from None
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as e:
            raise RecordError(f"decision {i + 1} ({action!r}) is illegal on replay: {e}") from None
    return game
