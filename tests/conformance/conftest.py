"""Every conformance test runs with every game installed, the toy plugin among them (games.py)."""

import pytest

from .games import installed


@pytest.fixture(autouse=True, scope="module")
def _every_game_installed():
    """The toy plugin installed for the module's tests, and taken away after (other tests see four games)."""
    with installed() as ids:
        yield ids
