"""The rulesets, by id. A ruleset registers itself when its package is imported
(`deathmatch.rulesets` imports the bundled ones); nothing else asks which ruleset
it is playing: it asks the registry for the ruleset's hooks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from .errors import RecordError, SetupError
from .record import Record


@dataclass(frozen=True)
class Ruleset:
    """What a ruleset gives the core, the bots, the records and the scenario runner."""

    id: str
    """Its id in records, scenario files and map properties (`celebrity`)."""
    name: str
    """Its name for people (`Celebrity Deathmatch`)."""
    version: int
    """The version of its record format (setup and decisions JSON)."""
    new_game: Callable[[Any], Any]
    """setup -> a started game (a `Machine`) waiting on its first decision."""
    setup_from_json: Callable[[Any], Any]
    """A record's setup JSON -> setup (SetupError if bad)."""
    setup_to_json: Callable[[Any], Any]
    action_from_json: Callable[[Any], Any]
    """A record's decision JSON -> action (ValueError if bad)."""
    action_to_json: Callable[[Any], Any]
    random_answer: Callable[[Any, random.Random], Any]
    """A uniformly random legal answer to the game's pending decision (random play)."""
    seed_of: Callable[[Any], int | None] = lambda setup: getattr(setup, "seed", None)
    """The setup's dice seed (for the record)."""
    run_scenario: Callable[[Any, dict, Any], Any] | None = None
    """`run_scenario(data, lines, path)`: play a scenario file of this ruleset; raises the
    runner's Fail (`deathmatch.scenario`) with a message naming the file, step and line."""
    view: Callable[[Any, str], dict] | None = None
    """`view(game, player)`: the state as `player` may see it (see `deathmatch.core.view`)."""
    event_visible_to: Callable[[Any, str], bool] = lambda event, player: True
    """Whether `player` may be told of an event."""


_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset (a second one with the same id replaces the first: tests reload)."""
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def get(ruleset_id: str) -> Ruleset:
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_RULESETS)) or "none"
        raise KeyError(f"no ruleset {ruleset_id!r} (known: {known})") from None


def ids() -> list[str]:
    return sorted(_RULESETS)


def record_of(game, ruleset: Ruleset) -> Record:
    """The record of a game that came from a setup (`game.setup`)."""
    setup = getattr(game, "setup", None)
    if setup is None:
        raise RecordError("a game started from a scenario position has no setup to record")
    return Record(ruleset.id, ruleset.version, ruleset.setup_to_json(setup), ruleset.seed_of(setup),
                  tuple(ruleset.action_to_json(a) for a in game.history))


def read(record: Record) -> tuple[Ruleset, Any, list]:
    """(its ruleset, its setup, its decisions as actions): a record read but not replayed
    (RecordError naming what is wrong, as `replay` would, short of an illegal decision)."""
    try:
        ruleset = get(record.ruleset)
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    if record.ruleset_version > ruleset.version:
        raise RecordError(f"the record is of {ruleset.name} version {record.ruleset_version}, "
                          f"newer than this game reads ({ruleset.version}): update the game")
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
