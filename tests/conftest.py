import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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
