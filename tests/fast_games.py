"""The games tests/core/test_fast_build.py plays with and without the compiled engine, as comparable JSON.

    python tests/fast_games.py --pure    # the same games, loading only the .py files of the repository

`games()` replays every frozen record and plays a batch of random games (2, 4 and 10
players, beasts on and off, obstacles), and gives for each its final state
(tools/freeze_records.py's `state`) and the kinds of events it went through in order.
With `--pure`, an import hook in front of Python's own finders loads the repository's
modules from their .py files only, so a compiled module (tools/build_fast.py) beside them
is passed over; it prints the games and, for the test to check, where each of
tools/build_fast.py's MODULES came from.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RANDOM_GAMES = [  # (players, beasts, obstacles, round_limit, seed)
    (2, False, 0, None, 1), (2, True, 2, None, 2), (4, True, 0, 40, 3), (4, False, 3, 12, 4),
    (4, True, 0, 40, 5), (6, True, 2, 20, 6), (10, True, 0, 40, 7), (10, False, 0, 8, 8),
]


def games() -> list:
    sys.path.insert(0, str(ROOT / "tools"))
    from freeze_records import state

    from deathmatch.rulesets.celebrity import events as ev
    from deathmatch.rulesets.celebrity import load_default_cards
    from deathmatch.rulesets.celebrity.randomplay import random_answer, random_game
    from deathmatch.rulesets.celebrity.record import GameRecord

    out = []
    for path in sorted((ROOT / "tests" / "data" / "frozen").glob("*.json")):
        game = GameRecord.from_json(json.loads(path.read_text())["record"]).replay()
        out.append({"frozen": path.stem, "state": state(game)})
    library = load_default_cards()
    for players, beasts, obstacles, round_limit, seed in RANDOM_GAMES:
        game = random_game(library, seed, players=players, beasts=beasts, obstacles=obstacles,
                           round_limit=round_limit)
        rng = random.Random(seed)
        kinds = []
        while not game.over:
            kinds.extend(type(e).__name__ for e in game.apply(random_answer(game, rng)))
        activations = kinds.count(ev.ActivationStarted.__name__)
        out.append({"random": [players, beasts, obstacles, round_limit, seed], "activations": activations,
                    "events": kinds, "state": state(game)})
    return out


def load_sources_only() -> None:
    """From now on, import the repository's modules from their .py files, never a compiled one."""
    def source_finder(path: str):
        if path != str(ROOT) and not path.startswith(str(ROOT) + os.sep):
            raise ImportError  # not ours: the next hook (Python's own) finds it
        return importlib.machinery.FileFinder(
            path, (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES))

    sys.path_hooks.insert(0, source_finder)
    sys.path_importer_cache.clear()
    sys.path.insert(0, str(ROOT))


def origins() -> dict[str, str]:
    """Where each of tools/build_fast.py's MODULES was loaded from: 'compiled' or 'source'."""
    import importlib

    sys.path.insert(0, str(ROOT / "tools"))
    from build_fast import MODULES

    return {m: "compiled" if isinstance(importlib.import_module(m).__loader__,
                                        importlib.machinery.ExtensionFileLoader) else "source"
            for m in MODULES}


if __name__ == "__main__":
    if sys.argv[1:] != ["--pure"]:
        sys.exit("usage: python tests/fast_games.py --pure")
    load_sources_only()
    print(json.dumps({"origins": origins(), "games": games()}))
