"""The game record: setup + seed + decisions, as versioned JSON.

It is the save file, the autosave, the replay and the bug report at once:
replaying its decisions on its setup gives the identical state.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import actions
from .errors import IllegalAction, SetupError
from .actions import SetOrder
from .game import Game
from .setup import GameSetup, new_game

FORMAT = "deathmatch-record"
VERSION = 1


class RecordError(ValueError):
    """A record that can not be read or replayed; the message says why."""


@dataclass
class GameRecord:
    setup: GameSetup
    decisions: list = field(default_factory=list)

    @classmethod
    def of(cls, game: Game) -> GameRecord:
        if game.setup is None:
            raise RecordError("a game started from a scenario position has no setup to record")
        return cls(game.setup, list(game.history))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "setup": self.setup.to_json(),
            "decisions": [actions.to_json(a) for a in self.decisions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a Deathmatch game record")
        version = data.get("version")
        if not isinstance(version, int):
            raise RecordError("the record has no version number")
        if version > VERSION:
            raise RecordError(f"the record is version {version}, newer than this game reads ({VERSION}): update the game")
        try:
            setup = GameSetup.from_json(data["setup"])
        except (KeyError, SetupError) as e:
            raise RecordError(f"bad setup: {e}") from None
        decisions = []
        for i, d in enumerate(data.get("decisions", [])):
            try:
                decisions.append(actions.from_json(d))
            except ValueError as e:
                raise RecordError(f"decision {i + 1}: {e}") from None
        return cls(setup, decisions)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise RecordError(f"not valid JSON (line {e.lineno}: {e.msg})") from None
        return cls.from_json(data)

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
