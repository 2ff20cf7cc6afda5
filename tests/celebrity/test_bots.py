"""Computer players: legal answers only, no peeking, and the client plays them."""

import random

import pytest

from deathmatch.core.search import Budget
from deathmatch.rulesets.celebrity.bots import STRENGTHS, HardBot, make_bot
from deathmatch.rulesets.celebrity.invariants import Watcher
from deathmatch.rulesets.celebrity.randomplay import random_setup
from deathmatch.rulesets.celebrity import new_game


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

    game, me, _, _ = _played_and_unplayed(library)  # one of their models has played nothing yet
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


def _played_and_unplayed(library):
    """A hidden-cards game at an action where one of the other player's models has played an
    ability and the other has not: (game, the bot's player, the model that played, the one that did not)."""
    game = _hidden_game(library, 2, lambda g: g.pending.kind == "action"
                        and sum(1 for m in g.models.values() if m.player != g.pending.player and m.used) == 1)
    me = game.pending.player
    theirs = sorted((m for m in game.models.values() if m.player != me), key=lambda m: not m.used)
    return game, me, theirs[0], theirs[1]


def _card_of(library, names):
    """The library card holding every ability in `names`."""
    return next(c for c in library.cards.values() if set(names) <= {ab.name for ab in c.abilities})


def test_a_played_ability_shows_the_rest_of_its_card_and_keeps_that_card_from_the_others(library):
    """One played ability names the library card that holds it (public: the library and what was
    played); the other models never hold that card, nor the bot's own, nor both the same card."""
    from deathmatch.rulesets.celebrity import lookahead

    game, me, shown, unknown = _played_and_unplayed(library)
    card = _card_of(library, shown.used)
    mine = {ab.name for m in game.models.values() if m.player == me for ab in m.card.abilities}
    rng = random.Random(5)
    guesses = set()
    for _ in range(200):
        sim = lookahead.determinize(game, me, rng)
        assert {ab.name for ab in sim.models[shown.id].card.abilities} == {ab.name for ab in card.abilities}
        guess = {ab.name for ab in sim.models[unknown.id].card.abilities}
        assert len(guess) == 3 and not guess & {ab.name for ab in card.abilities} and not guess & mine
        assert _card_of(library, guess) is not None  # a whole library card
        guesses.add(frozenset(guess))
    assert len(guesses) > 10  # guessed among many cards


def test_the_same_view_gives_the_same_guesses(library):
    """What the copies hold depends on what the bot's player sees, never on the true hidden abilities."""
    from deathmatch.rulesets.celebrity import lookahead

    game, me, shown, unknown = _played_and_unplayed(library)
    other = _what_they_cannot_see_changed(game, library, me)
    for seed in range(20):
        a = lookahead.determinize(game, me, random.Random(seed))
        b = lookahead.determinize(other, me, random.Random(seed))
        assert {k: m.card.abilities for k, m in a.models.items()} == {k: m.card.abilities for k, m in b.models.items()}


def test_a_hurt_model_is_guessed_less_often_to_hold_what_would_have_fired_when_it_was_hit(library):
    """A model that has lost a life was hit: an on-hit glory or heal would have fired then, an
    any-time heal since. Its lives are public; the guesses weigh such cards down (not to nothing)."""
    from deathmatch.rulesets.celebrity import lookahead

    game, me, shown, unknown = _played_and_unplayed(library)

    def fires_when_hurt(abilities):
        return any((ab.timing == "on_hit" and ab.kind in ("glory", "heal")) or (ab.timing == "any_time" and ab.kind == "heal")
                   for ab in abilities)

    def share(lives):
        g = game.copy()
        g.models[unknown.id].lives = lives
        rng = random.Random(9)
        draws = [fires_when_hurt(lookahead.determinize(g, me, rng).models[unknown.id].card.abilities) for _ in range(600)]
        return sum(draws) / len(draws)

    whole, hurt = share(3), share(2)
    assert whole > 0.2 and 0 < hurt < whole / 3


def test_the_hard_bots_thinking_settings_are_ordered_counts_of_iterations_with_a_clock_cap():
    """Thinking buys a count of iterations (the strength measured is the strength played on any
    machine), the clock only a cap for a slow one; fast < normal < deep in both; an unknown one is refused."""
    from deathmatch.core.search import THINKING
    from deathmatch.rulesets.celebrity.ruleset import SEARCH_BUDGETS as BUDGETS

    budgets = [BUDGETS[t] for t in THINKING]
    assert all(b.iterations > 0 and b.seconds > 0 for b in budgets)
    assert [b.iterations for b in budgets] == sorted({b.iterations for b in budgets})
    assert [b.seconds for b in budgets] == sorted({b.seconds for b in budgets})
    for t in THINKING:
        assert make_bot("hard", 1, thinking=t).budget == BUDGETS[t]
    with pytest.raises(ValueError, match="fast, normal, deep"):
        make_bot("hard", 1, thinking="forever")


def test_a_player_who_took_loot_is_guessed_less_often_to_hold_an_on_loot_glory(library):
    """An on-loot glory fires whenever its model takes loot: a player who took loot and played
    none likely holds none (on the model that took it; which one did is not in the state)."""
    from deathmatch.rulesets.celebrity import lookahead

    game, me, shown, unknown = _played_and_unplayed(library)
    assert not any(ab.timing == "on_loot" and ab.name in shown.used for ab in shown.card.abilities)

    def share(loot):
        g = game.copy()
        g.scores[unknown.player].loot = loot
        rng = random.Random(3)
        draws = [any(ab.timing == "on_loot" and ab.kind == "glory"
                     for ab in lookahead.determinize(g, me, rng).models[unknown.id].card.abilities) for _ in range(600)]
        return sum(draws) / len(draws)

    none, two = share(0), share(2)
    assert none > 0.1 and 0 < two < none * 0.6


def test_a_model_still_quiet_late_is_guessed_less_often_to_hold_a_card_played_at_once(library):
    """The normal bot plays some cards' abilities in the first round (`lookahead.QUIET`, from its
    own games): a model that has played nothing by round 4 (public: the round and what was played)
    is seldom guessed to hold one; a card that stays quiet long is guessed more often then."""
    from deathmatch.rulesets.celebrity import lookahead

    game, me, shown, unknown = _played_and_unplayed(library)
    eager = {c for c, shares in lookahead.QUIET.items() if shares[3] < 0.05}
    patient = {c for c, shares in lookahead.QUIET.items() if shares[3] > 0.6}
    assert eager and patient
    names = {ab.name: c.id for c in library.cards.values() for ab in c.abilities}

    def shares(round_):
        g = game.copy()
        g.round = round_
        rng = random.Random(4)
        cards = [names[next(iter(ab.name for ab in lookahead.determinize(g, me, rng).models[unknown.id].card.abilities))]
                 for _ in range(600)]
        return sum(c in eager for c in cards) / len(cards), sum(c in patient for c in cards) / len(cards)

    (eager_1, patient_1), (eager_4, patient_4) = shares(1), shares(4)
    assert eager_1 > 0.15 and eager_4 < eager_1 / 5
    assert patient_4 > patient_1
