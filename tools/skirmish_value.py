"""Fit Chessboard Skirmish's learned position value: a thin wrapper of the shared trainer,
`tools/train_value.py --ruleset skirmish` (it writes `deathmatch/rulesets/skirmish/value.json`;
the features and the self-play games are `deathmatch/rulesets/skirmish/value.py`'s).

    python tools/skirmish_value.py [--games 8000] [--seed 1] [--jobs 2] [--explore 0.25] [--every 2] [--check]

The shipped file: python tools/skirmish_value.py --games 8000 --seed 1 --explore 0.25 --every 2
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import train_value  # noqa: E402

DEFAULTS = ["--games", "8000", "--seed", "1", "--explore", "0.25", "--every", "2"]


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    return train_value.main(["--ruleset", "skirmish", *DEFAULTS, *argv])


if __name__ == "__main__":
    raise SystemExit(main())
