"""Random legal play: the soak test's, the property tests' and the benchmark's player.

It answers every decision with a uniformly random legal option (a random
facing where any is allowed), using its own RNG so the game's dice are
untouched. Not a bot for people to play against (see the bots issue).
"""

from __future__ import annotations

import random

from ...core.dice import draw_below
from ...core.loop import play_until_over
from .actions import Attack, Hold, Move, MoveAttack, Place, UseAbility
from .cards import CardLibrary
from .game import Game, Options
from .setup import make_setup, models_per_player, new_game


def random_answer(game: Game, rng: random.Random, aggression: float = 0.0):
    """A random legal answer; with probability `aggression` an attack or ability if there is one."""
    options = game.legal_actions()
    if aggression and rng.random() < aggression:
        fierce = [a for a in options if type(a) in (Attack, MoveAttack, UseAbility)]
        if fierce:
            options = fierce
    action = options[draw_below(rng, len(options))]
    kind = type(action)
    if kind is Move and action.facing is None:
        return Move(action.model, action.path, draw_below(rng, 6))
    if kind is Hold and action.facing is None:
        return Hold(action.model, draw_below(rng, 6))
    if kind is Place and action.facing is None:
        return Place(action.model, action.to, draw_below(rng, 6))
    return action


def play_out(game: Game, rng: random.Random, max_decisions: int = 100_000, aggression: float = 0.0) -> int:
    """Answer decisions at random until the game is over; return how many were made."""
    return play_until_over(game, lambda g: random_answer(g, rng, aggression), max_decisions=max_decisions)


def random_setup(library: CardLibrary, rng: random.Random, players: int | None = None, *, beasts=None,
                 obstacles=None, round_limit=30, radius=None):
    """A random legal setup on a generated hexagon arena."""
    n = players or rng.randint(2, 10)
    per = models_per_player(n)
    ids = rng.sample(sorted(library.cards), n * per)
    seats = [(f"P{i + 1}", ids[i * per:(i + 1) * per]) for i in range(n)]
    options = Options(
        beasts=rng.random() < 0.5 if beasts is None else beasts,
        obstacles=rng.choice([0, 0, 3, 8]) if obstacles is None else obstacles,
        round_limit=round_limit,
    )
    radius = radius or (4 if n <= 4 else 6)
    return make_setup({"hexagon": radius}, seats, library, options, seed=rng.randrange(2**31))


def random_game(library: CardLibrary, seed: int, **kw) -> Game:
    rng = random.Random(seed)
    return new_game(random_setup(library, rng, **kw))
