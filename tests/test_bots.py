"""Computer players: legal answers only, no peeking, and the client plays them."""

import random

import pytest

from deathmatch.core.search import Budget
from deathmatch.rulesets.celebrity.bots import STRENGTHS, HardBot, make_bot
from deathmatch.engine.invariants import Watcher
from deathmatch.engine.randomplay import random_setup
from deathmatch.engine import new_game


@pytest.mark.parametrize("strength", STRENGTHS)
def test_bots_answer_every_decision_legally(library, strength):
    rng = random.Random(4)
    setup = random_setup(library, rng, players=3, beasts=True, round_limit=4)
    game = new_game(setup)
    watch = Watcher(game)
    bots = {p: make_bot(strength, i, budget=Budget(iterations=4)) if strength == "hard" else make_bot(strength, i)
            for i, p in enumerate(game.players)}
    while not game.over:
        action = bots[game.pending.player].choose(game)
        assert game.is_legal(action), action
        watch.see(game.apply(action))


def test_unknown_strength_is_refused():
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_bot("godlike")


def _hidden_game(library, seed: int, until):
    """A 2-player game with hidden cards, played by normal bots until `until(game)`."""
    from dataclasses import replace

    rng = random.Random(seed)
    setup = random_setup(library, rng, players=2, beasts=True, round_limit=10)
    setup = replace(setup, options=replace(setup.options, hidden_cards=True))
    game = new_game(setup)
    normal = make_bot("normal", 1)
    while not until(game):
        game.apply(normal.choose(game))
    return game


def _what_they_cannot_see_changed(game, library, me: str):
    """A copy of `game` that `me` sees exactly as `game` (same view), but with other future dice
    and other unplayed abilities on the other players' cards (and no standing orders of theirs)."""
    from dataclasses import replace

    from deathmatch.core.dice import SeededDice
    from deathmatch.core.registry import get

    other = game.copy()
    other.dice = SeededDice(game.dice.seed + 12345)
    in_play = {m.card.id for m in game.models.values()}
    spare = [c for k, c in sorted(library.cards.items()) if k not in in_play]
    for i, m in enumerate(sorted(other.models.values(), key=lambda m: m.id)):
        if m.player != me:
            fresh = iter([ab for ab in spare[i].abilities if ab.name not in m.used])
            m.card = replace(m.card, abilities=tuple(ab if ab.name in m.used else next(fresh) for ab in m.card.abilities))
    other.abilities_changed()
    view = get("celebrity").view
    assert view(other, me) == view(game, me)  # nothing `me` may see differs
    return other


@pytest.mark.parametrize("kind", ["action", "window"])
def test_the_hard_bot_chooses_the_same_whatever_it_can_not_see(library, kind):
    """Other hidden abilities and other future dice in the true game: the very same search."""
    game = _hidden_game(library, 8 if kind == "action" else 3,
                        lambda g: g.pending.kind == kind and g.round >= 2 and len(g.legal_actions()) > 1)
    me = game.pending.player
    other = _what_they_cannot_see_changed(game, library, me)
    assert any(a.abilities != b.abilities for a, b in zip((m.card for m in game.models.values()),
                                                          (m.card for m in other.models.values())))
    a = HardBot(seed=3, budget=Budget(iterations=40)).search(game)
    b = HardBot(seed=3, budget=Budget(iterations=40)).search(other)
    assert a.iterations == b.iterations == 40
    assert a.children == b.children and a.action == b.action


def test_the_hard_bots_copies_hold_none_of_what_its_player_can_not_see(library):
    from deathmatch.rulesets.celebrity import lookahead

    game = _hidden_game(library, 8, lambda g: g.pending.kind == "action" and g.round >= 2)
    me = game.pending.player
    theirs = {m.id: {ab.name for ab in m.card.abilities if ab.name not in m.used}
              for m in game.models.values() if m.player != me}
    rng = random.Random(1)
    guessed = set()
    for _ in range(30):
        sim = lookahead.determinize(game, me, rng)
        assert sim.dice is not game.dice and sim.dice.state() != game.dice.state()
        for m in sim.models.values():
            real = game.models[m.id]
            if m.player == me:
                assert m.card is real.card  # its own cards it knows
            else:
                assert {ab.name for ab in m.card.abilities} >= real.used  # what was played, it saw
                assert len(m.card.abilities) == len(real.card.abilities)
                guessed |= {ab.name for ab in m.card.abilities if ab.name not in real.used}
    assert len(guessed) > sum(len(v) for v in theirs.values())  # guesses, from many cards


def test_who_else_a_window_will_ask_is_guessed_too(library):
    """The window asks the bot, and would ask the other player next only because of an ability
    the bot can not see: in the true game with other abilities nobody else is queued. The same search."""
    from dataclasses import replace

    from deathmatch.core.registry import get

    game = _hidden_game(library, 2, lambda g: len(g.history) == 23)
    d = game.pending
    me = d.player
    assert d.kind == "window" and game._asker.queue[0] == me and len(game._asker.queue) == 2
    other = game.copy()
    calm = [c for _, c in sorted(library.cards.items()) if all(ab.timing != "any_time" for ab in c.abilities)]
    for m in other.models.values():
        if m.player != me:
            fresh = iter([ab for c in calm for ab in c.abilities if ab.name not in m.used])
            m.card = replace(m.card, abilities=tuple(ab if ab.name in m.used else next(fresh) for ab in m.card.abilities))
    other.abilities_changed()
    assert other.players_with_plays(d.window) == {me}
    other._asker.queue = [me]  # as the engine would have queued it with those abilities
    view = get("celebrity").view
    assert view(other, me) == view(game, me)
    a = HardBot(seed=3, budget=Budget(iterations=24)).search(game)
    b = HardBot(seed=3, budget=Budget(iterations=24)).search(other)
    assert a.children == b.children and a.action == b.action
