"""The hard bot's learned position value (issue 31): it ships, it plays, it never peeks."""

import random
from dataclasses import replace
from pathlib import Path

from deathmatch.core import learned
from deathmatch.core.search import Budget
from deathmatch.rulesets.celebrity import bots, new_game, value
from deathmatch.rulesets.celebrity.bots import HardBot, make_bot
from deathmatch.rulesets.celebrity.randomplay import random_setup
from test_bots import _what_they_cannot_see_changed  # noqa: E402  (the view-equivalent copy the search tests use)


def _game(library, seed: int, players: int = 2, round_limit: int = 10):
    rng = random.Random(seed)
    setup = random_setup(library, rng, players=players, beasts=True, round_limit=round_limit)
    return new_game(replace(setup, options=replace(setup.options, hidden_cards=True)))


def test_the_shipped_value_loads_with_the_games_features():
    model = learned.load(Path(value.__file__).with_name("value.json"), value.FEATURES)
    assert model.ruleset == "celebrity" and model.features == value.FEATURES
    assert model.trained["held_out"]["accuracy"] > 0.5
    assert value.shipped() is not None


def test_the_hard_bot_with_the_learned_value_plays_a_game_to_its_end(library):
    game = _game(library, 5, players=3, round_limit=4)
    seats = {p: HardBot(seed=i, budget=Budget(iterations=6)) for i, p in enumerate(game.players)}
    assert all(b.rules.evaluate is bots.learned_evaluate for b in seats.values())
    while not game.over:
        action = seats[game.pending.player].choose(game)
        assert game.is_legal(action), action
        game.apply(action)
    assert game.outcome is not None


def test_the_learned_value_is_a_chance_and_a_finished_game_its_result(library):
    game = _game(library, 2)
    normal = make_bot("normal", 1)
    seen = 0
    while not game.over:
        if game.pending.kind == "action":
            for p in game.players:
                v = value.value(game, p)
                assert 0.0 < v < 1.0
                assert len(value.features(game, p)) == len(value.FEATURES)
            seen += 1
        game.apply(normal.choose(game))
    assert seen
    for p in game.players:
        assert value.value(game, p) == (1.0 / len(game.outcome.winners) if p in game.outcome.winners else 0.0)


def test_the_features_read_nothing_the_player_can_not_see(library):
    """Other unplayed abilities on the others' cards and other future dice: the same features."""
    game = _game(library, 8)
    normal = make_bot("normal", 1)
    while not (game.pending.kind == "action" and game.round >= 3):
        game.apply(normal.choose(game))
    me = game.pending.player
    other = _what_they_cannot_see_changed(game, library, me)
    assert any(a.card.abilities != b.card.abilities for a, b in zip(game.models.values(), other.models.values()))
    assert value.features(other, me) == value.features(game, me)


def test_an_attack_at_the_root_is_valued_over_its_die_and_the_search_replays(library):
    """The expectation over an attack's die keeps the search a function of the seed and the budget."""
    game = _game(library, 11)
    normal = make_bot("normal", 1)
    found = None
    for _ in range(4000):
        if game.over:
            break
        if game.pending.kind == "action" and any(bots._attack_odds(game, a) for a in game.legal_actions()):
            found = game
            break
        game.apply(normal.choose(game))
    assert found is not None
    a = HardBot(seed=3, budget=Budget(iterations=24)).search(found)
    b = HardBot(seed=3, budget=Budget(iterations=24)).search(found.copy())
    assert a.action == b.action and a.children == b.children
    assert found.is_legal(a.action)
