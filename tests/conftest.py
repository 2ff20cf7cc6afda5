import os
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@pytest.fixture(scope="session")
def library():
    from deathmatch.engine.cards import load_cards

    return load_cards([ROOT / "assets" / "cards"])


@pytest.fixture(autouse=True)
def _private_user_dir(tmp_path, monkeypatch):
    """Tests never read or write the real per-user data folder."""
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path / "userdata"))
