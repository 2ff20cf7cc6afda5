"""Celebrity Deathmatch's game record: the core's record (`deathmatch.core.record`)
with a `GameSetup` and the engine's actions in it.

It is the save file, the autosave, the replay and the bug report at once:
replaying its decisions on its setup gives the identical state. Records made
before there were rulesets (version 1, no "ruleset") load as Celebrity Deathmatch.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.errors import RecordError
from ...core.record import FORMAT, VERSION, Record
from . import actions
from .actions import SetOrder
from .errors import IllegalAction, SetupError
from .game import Game
from .setup import GameSetup, new_game

RULESET_ID = "celebrity"
RULESET_VERSION = 1
"""The version of Celebrity Deathmatch's setup and decision JSON."""

__all__ = ["FORMAT", "VERSION", "RULESET_ID", "RULESET_VERSION", "GameRecord", "RecordError", "undo"]


@dataclass
class GameRecord:
    setup: GameSetup
    decisions: list = field(default_factory=list)

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        if game.setup is None:
            raise RecordError("a game started from a scenario position has no setup to record")
        return cls(game.setup, list(game.history))

    def record(self) -> Record:
        """The core's record of it."""
        return Record(RULESET_ID, RULESET_VERSION, self.setup.to_json(), self.setup.seed,
                      tuple(actions.to_json(a) for a in self.decisions))

    def to_json(self) -> dict[str, Any]:
        return self.record().to_json()

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        return cls.from_record(Record.from_json(data))

    @classmethod
    def from_record(cls, record: Record) -> GameRecord:
        if record.ruleset != RULESET_ID:
            raise RecordError(f"a record of the ruleset {record.ruleset!r}, not of Celebrity Deathmatch")
        from ...core import registry

        _, setup, decisions = registry.read(record)  # the version, the setup and each decision, checked
        return cls(setup, decisions)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        return cls.from_record(Record.loads(text))

    def save(self, path: Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        return cls.loads(Path(path).read_text(encoding="utf-8"))

    def replay(self, arena=None) -> Game:
        """The game this record describes, replayed decision by decision."""
        try:
            game = new_game(self.setup, arena)
        except SetupError as e:
            raise RecordError(str(e)) from None
        for i, action in enumerate(self.decisions):
            try:
                game.apply(action)
            except IllegalAction as e:
                raise RecordError(f"decision {i + 1} ({action!r}) is illegal on replay: {e}") from None
        return game


def undo(game: Game) -> Game:
    """A new game, replayed from `game`'s setup, without its last answer (and any SetOrders
    after it). Only when `game.can_undo()`; RecordError otherwise."""
    if not game.can_undo():
        raise RecordError("the last answer can not be taken back (a die was rolled or an ability played since)")
    if game.setup is None:
        raise RecordError("a game started from a scenario position has no setup to replay")
    history = list(game.history)
    while history and type(history[-1]) is SetOrder:
        history.pop()
    return GameRecord(game.setup, history[:-1]).replay()
