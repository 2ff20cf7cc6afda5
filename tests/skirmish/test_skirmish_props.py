"""Chessboard Skirmish under random play (the core's `play_until_over`): the invariants hold after
every decision, every game ends, and every record replays to the identical state."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deathmatch.core import registry
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.rulesets.skirmish import events as ev
from deathmatch.rulesets.skirmish.army import POINT_LEVELS
from deathmatch.rulesets.skirmish.randomplay import random_army
from deathmatch.rulesets.skirmish.setup import Seat, Setup, new_game
from deathmatch.rulesets.skirmish.state import SCENARIOS, Options

RULES = registry.get("skirmish")
ACTING = (ev.Picked, ev.Passed, ev.Moved, ev.AttackDeclared, ev.MarkerPicked, ev.PickUpFailed)


def check(game, events, points, dead):
    """The invariants after one answer (`dead`: every miniature defeated so far, kept across answers)."""
    s = game.state
    squares = [m.at for m in s.minis.values() if m.alive and m.at is not None]
    assert len(squares) == len(set(squares)), "two miniatures on a square"
    assert all(sq in s.board.floor for sq in squares), "a miniature off the floor"
    for m in s.minis.values():
        assert 0 <= m.armour <= m.spec.armour, f"{m.id}'s armour is {m.armour}"
        assert m.alive or (m.at is None and not m.carrying), f"defeated {m.id} still on the board"
    for e in events:
        if isinstance(e, ev.Defeated):
            assert e.mini not in dead, f"{e.mini} defeated twice"
            dead.add(e.mini)
        if isinstance(e, ACTING) or (isinstance(e, ev.DieRolled) and e.purpose in ("attack", "skill")):
            assert e.mini not in dead, f"defeated {e.mini} acted"
    assert dead == {m.id for m in s.minis.values() if not m.alive}
    if s.activation is not None:
        assert s.minis[s.activation.mini].alive
    for seat in game.setup.seats:
        assert points is None or seat.army.cost() <= points
    if s.marker is not None:
        carriers = [m.id for m in s.minis.values() if m.carrying]
        assert (s.marker.carrier is None) == (s.marker.at is not None)
        assert carriers == ([s.marker.carrier] if s.marker.carrier else [])
    if s.options.scenario == "survival":
        assert s.round <= 3


def play(seed, points, scenario, obstacles, size):
    rng = random.Random(seed)
    setup = Setup((Seat("red", "red", random_army(rng, points)), Seat("blue", "blue", random_army(rng, points))),
                  {"square": [size, size]}, Options(points, scenario, obstacles), seed)
    game = new_game(setup)
    dead: set = set()
    check(game, [], points, dead)
    n = play_until_over(game, lambda g: RULES.random_answer(g, rng),
                        on_events=lambda events: check(game, events, points, dead), max_decisions=30_000)
    return game, n


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), points=st.sampled_from(POINT_LEVELS + (None,)),
       scenario=st.sampled_from(SCENARIOS + (None,)), obstacles=st.sampled_from((0, 4, 9, 16)),
       size=st.sampled_from((6, 8, 10)))
def test_random_games_keep_the_invariants_and_replay_exactly(seed, points, scenario, obstacles, size):
    game, n = play(seed, points, scenario, obstacles, size)
    assert game.over, f"no end after {n} decisions"
    again = registry.replay(Record.loads(registry.record_of(game, RULES).dumps()))
    assert RULES.view(again, "red") == RULES.view(game, "red")
    assert again.history == game.history and again.outcome == game.outcome


def test_a_soak_of_random_games_ends_every_game():
    outcomes = {}
    for seed in range(60):
        game, _ = play(seed, 30, ((None,) + SCENARIOS)[seed % 4], 2 * (seed % 3), 8)
        assert game.over
        outcomes[game.outcome.reason] = outcomes.get(game.outcome.reason, 0) + 1
    assert {"last_standing", "survival"} <= set(outcomes)
