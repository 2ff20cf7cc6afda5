"""The front (deathmatch.core.front): a viewer sees their view, answers only their own decision."""

from __future__ import annotations

import sys

import pytest

from deathmatch.core.errors import IllegalAction
from deathmatch.core.front import Front, Seen
from deathmatch.core.registry import games
from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import fault_sweep  # noqa: E402

BUNDLED = ["celebrity", "skirmish", "gladiator", "supers"]


@pytest.mark.parametrize("rid", BUNDLED)
def test_only_the_seat_that_decides_may_answer(rid):
    game = fault_sweep.quick_game(rid, 2)
    front = Front(game)
    who = front.turn
    others = [s for s in front.seats() if s != who]
    assert who in front.seats() and others
    assert front.decision(others[0]) is None and front.legal(others[0]) == [] and front.legal(None) == []
    answer = front.legal(who)[0]
    before = len(game.history)
    with pytest.raises(IllegalAction):
        front.apply(others[0], answer)
    assert len(game.history) == before  # refused: nothing changed
    front.apply(who, answer)
    assert len(game.history) == before + 1


@pytest.mark.parametrize("rid", BUNDLED)
def test_the_view_is_read_only_and_made_again_when_the_game_moves(rid):
    game = fault_sweep.quick_game(rid, 2)
    front = Front(game)
    who = front.turn
    v = front.view(who)
    assert isinstance(v, Seen) and front.view(who) is v
    with pytest.raises(AttributeError):
        v.anything = 1
    with pytest.raises(TypeError):
        v["x"] = 1  # type: ignore[index]
    game.apply(front.hand_to(lambda g: g.legal_actions()[0]))  # the host moves the game on
    assert front.view(who) is not v


def test_a_front_holds_nothing_a_screen_could_read_the_game_by():
    front = Front(fault_sweep.quick_game("celebrity", 2))
    assert not hasattr(front, "game") and not hasattr(front, "state") and not hasattr(front, "__dict__")


def test_every_registered_game_has_a_view():
    assert all(m.ruleset().view is not None for m in games() if m.id in BUNDLED)
