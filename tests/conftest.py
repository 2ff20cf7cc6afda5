import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
"""This folder: its data/, scenarios/ and the helpers the tests share (the tests themselves sit one folder down,
in their layer's or game's folder: tools/group_tests.py)."""
sys.path.insert(0, str(ROOT))
# The shared helpers here (table_driver, skirmish_driver, fast_games, career_fakes, benchmark_module, toy_tictactoe)
# and the test modules other tests borrow from (`from test_client import click`, whatever folder either sits in)
# are imported by their plain names, as when tests/ was one folder: every folder of tests that is no package is on
# the path (pytest's default "prepend" import mode names a test module by its file name, so no two test files of
# tests/ may share one: tests/shell/test_grouped_tests.py checks it).
GROUP_FOLDERS = sorted(p for p in TESTS.iterdir() if p.is_dir() and not (p / "__init__.py").exists()
                       and any(p.glob("test_*.py")))
for _folder in [TESTS, *GROUP_FOLDERS]:
    sys.path.insert(0, str(_folder))

# No property test may depend on machine speed: hypothesis's default 200 ms deadline an example
# failed test_hex.py on a loaded machine (361 ms). Examples stay drawn from the same seeds.
settings.register_profile("deathmatch", deadline=None)
settings.load_profile("deathmatch")


@pytest.fixture(scope="session")
def library():
    from deathmatch.rulesets.celebrity.cards import load_cards

    return load_cards([ROOT / "assets" / "cards"])


@pytest.fixture(autouse=True)
def _private_user_dir(tmp_path, monkeypatch):
    """Tests never read or write the real per-user data folder."""
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path / "userdata"))
