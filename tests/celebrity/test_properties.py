"""Property tests: random legal play from random setups never breaks an invariant,
and its record always replays to the same state."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deathmatch.rulesets.celebrity import GameRecord, new_game
from deathmatch.rulesets.celebrity.invariants import Watcher
from deathmatch.rulesets.celebrity.randomplay import random_answer, random_setup

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**31 - 1),
        "players": st.integers(2, 10),
        "beasts": st.booleans(),
        "obstacles": st.sampled_from([0, 4, 10]),
        "round_limit": st.sampled_from([None, 3, 12]),
        "aggression": st.sampled_from([0.0, 0.8]),
    }
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_play_keeps_every_invariant_and_replays(library, spec):
    rng = random.Random(spec["seed"])
    setup = random_setup(
        library, rng, players=spec["players"], beasts=spec["beasts"], obstacles=spec["obstacles"],
        round_limit=spec["round_limit"] or 200,
    )
    game = new_game(setup)
    watch = Watcher(game)
    watch.see(game.setup_events)
    decisions = 0
    while not game.over:
        watch.see(game.apply(random_answer(game, rng, spec["aggression"])))
        decisions += 1
        assert decisions < 50_000
    assert game.outcome.winners
    best = max(s.vp for s in game.scores.values())
    assert all(game.scores[w].vp == best for w in game.outcome.winners)
    again = GameRecord.loads(GameRecord.of(game).dumps()).replay()
    assert again.snapshot() == game.snapshot()
