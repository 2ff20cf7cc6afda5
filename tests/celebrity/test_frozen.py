"""Today's behaviour, frozen: game records made by the code as it was, and the state each ends in.

Every record (2-10 players, every bundled arena, beasts, obstacles, abilities, standing orders)
must replay to exactly the state frozen with it: a rearrangement of the engine that changes
what a game plays out to fails here. `python tools/freeze_records.py` wrote them.
"""

import json
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
from freeze_records import state  # noqa: E402

from deathmatch.rulesets.celebrity.record import GameRecord  # noqa: E402
from deathmatch.board.tiled import read_map  # noqa: E402

FROZEN = sorted((ROOT / "tests" / "data" / "frozen").glob("*.json"))


def test_there_are_a_dozen_frozen_games_on_every_arena():
    assert len(FROZEN) >= 12
    maps = {json.loads(p.read_text())["record"]["setup"]["arena"]["map"] for p in FROZEN}
    bundled = {p.stem for p in (ROOT / "maps").glob("*.tmx") if "celebrity" in read_map(p).draft.rulesets}
    assert {m.split(":")[-1].split("/")[-1].removesuffix(".tmx") for m in maps} >= bundled


@pytest.mark.parametrize("path", FROZEN, ids=lambda p: p.stem)
def test_a_frozen_record_replays_to_its_frozen_state(path):
    data = json.loads(path.read_text())
    game = GameRecord.from_json(data["record"]).replay()
    assert game.over
    assert state(game) == data["final"]
