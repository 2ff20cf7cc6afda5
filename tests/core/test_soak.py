"""A few hundred random games in every test run (the full 10,000 is tools/soak.py)."""

import io
import os
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import soak  # noqa: E402


def test_a_few_hundred_random_games_raise_nothing():
    games = 300 if os.environ.get("CI") else 150
    out = io.StringIO()
    failures = soak.soak(games, seed=1000, round_limit=30, check=True, out=out)
    assert failures == 0, out.getvalue()
    assert f"{games} games" in out.getvalue()
