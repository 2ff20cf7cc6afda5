"""The record: a game as its ruleset, setup, seed and decisions, as versioned JSON.

It is the save file, the autosave, the replay and the bug report at once:
replaying its decisions on its setup gives the identical state. The core
keeps setup and decisions as the JSON their ruleset wrote; the ruleset
(`deathmatch.core.registry`) reads them.

    {"format": "deathmatch-record", "version": 2,
     "ruleset": {"id": "celebrity", "version": 1},
     "setup": {...}, "seed": 1234, "decisions": [...]}

Version 1 records (before there were rulesets) have no "ruleset" and no
"seed" (it is in their setup): they are Celebrity Deathmatch records.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError

FORMAT = "deathmatch-record"
VERSION = 2
LEGACY_RULESET = "celebrity"
"""The ruleset of a record that names none (every record before version 2)."""


@dataclass(frozen=True)
class Record:
    """One game, as JSON parts its ruleset reads."""

    ruleset: str
    """The ruleset's id (`deathmatch.core.registry`)."""
    ruleset_version: int
    """The version of the ruleset's record format that wrote it."""
    setup: Any
    """The ruleset's setup, as JSON."""
    seed: int | None = None
    """The dice's seed (None for a game with no dice)."""
    decisions: tuple = field(default_factory=tuple)
    """Every accepted answer, as the ruleset's JSON, in order."""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": {"id": self.ruleset, "version": self.ruleset_version},
            "setup": self.setup,
            "seed": self.seed,
            "decisions": list(self.decisions),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Raises RecordError naming what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a Deathmatch game record")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise RecordError("the record has no version number")
        if version > VERSION:
            raise RecordError(
                f"the record is version {version}, newer than this game reads ({VERSION}): update the game"
            )
        ruleset = data.get("ruleset", {"id": LEGACY_RULESET, "version": 1})
        if not (
            isinstance(ruleset, dict)
            and isinstance(ruleset.get("id"), str)
            and isinstance(ruleset.get("version", 1), int)
        ):
            raise RecordError('bad "ruleset": expected {"id": "celebrity", "version": 1}')
        if "setup" not in data:
            raise RecordError("bad setup: the record has none")
        decisions = data.get("decisions", [])
        if not isinstance(decisions, list):
            raise RecordError('bad "decisions": expected a list')
        seed = data.get("seed")
        if seed is None and isinstance(data["setup"], dict):
            seed = data["setup"].get("seed")
        return cls(ruleset["id"], ruleset.get("version", 1), data["setup"], seed, tuple(decisions))

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            data = json.loads(text, parse_int=_whole)
        except json.JSONDecodeError as e:
            raise RecordError(f"not valid JSON (line {e.lineno}: {e.msg})") from None
        except RecursionError:
            raise RecordError("nested deeper than any record (it is damaged or not a record)") from None
        except ValueError as e:
            raise RecordError(f"holds {e} (it is damaged or not a record)") from None
        return cls.from_json(data)


def _whole(text: str) -> int:
    """A JSON integer, refused past 40 digits (Python would refuse past 4,300 with a bare ValueError)."""
    if len(text) > 41:
        raise ValueError(f"a number of {len(text.lstrip('-'))} digits")
    return int(text)
