"""Celebrity Deathmatch as a ruleset of the core registry (`deathmatch.core.registry`)."""

from __future__ import annotations

from ...core.hooks import LEVELS, rules_hooks
from ...core.registry import Ruleset, register
from ...core.search import Budget
from . import actions, lab, tournament, view
from .randomplay import random_answer
from .record import RULESET_ID, RULESET_VERSION
from .scenario import Runner
from .setup import GameSetup, new_game

SEARCH_BUDGETS = {
    "fast": Budget(iterations=8, seconds=0.2, min_iterations=4),
    "normal": Budget(iterations=40, seconds=0.4, min_iterations=8),
    "deep": Budget(iterations=128, seconds=1.2, min_iterations=16),
}
"""What the hard bot's thinking settings buy a decision: a count of iterations, so that the bot is
as strong on any machine as where it was measured (docs/PERFORMANCE.md: "normal" was measured by
its count; an iteration is ~2.5 ms on the development machine, 40 a median ~100 ms), and replays
alike from its seed; the clock is only a safety net for a slow or busy machine."""

RULESET = register(Ruleset(
    id=RULESET_ID,
    name="Celebrity Deathmatch",
    version=RULESET_VERSION,
    **rules_hooks(new_game, GameSetup, actions, view, random_answer, Runner),
    bot_levels=LEVELS,
    bot=lambda level, player, seed, thinking="normal": _bots().make_bot(level, seed, thinking),
    determinize=lambda game, player, rng: _lookahead().determinize(game, player, rng),
    evaluate=lambda game, player: _lookahead().evaluate(game, player),
    rank=lambda seed: _bots().Ranker(seed).ranked,
    epoch=lambda game: game.round,
    search_budgets=SEARCH_BUDGETS,
    tournament=tournament,
    lab=lab,
    quick_game=lambda names, arena, seed, orders=False, **options: quick_game(names, arena, seed, orders, **options),
))


def quick_game(names, arena, seed: int, orders: bool = False, *, beasts: bool = True, round_limit: int | None = None):
    """A game with random cards dealt (hidden cards on) to the seats `names` on a loaded arena."""
    import random

    from .cards import load_default_cards
    from .game import Options
    from .setup import make_setup, models_per_player

    library = load_default_cards()
    rng = random.Random(seed)
    per = models_per_player(len(names))
    ids = rng.sample(sorted(library.cards), len(names) * per)
    seats = [(names[i], ids[i * per:(i + 1) * per]) for i in range(len(names))]
    setup = make_setup({"map": arena.source["map"]}, seats, library,
                       Options(beasts=beasts, round_limit=round_limit, hidden_cards=True), seed=seed,
                       orders_for=[name for name, _ in seats] if orders else (), push_back_orders=orders)
    return new_game(setup, arena)


def _lookahead():
    """What its search bot asks (`lookahead.py`), imported when first asked."""
    from . import lookahead  # lazy: start-up (a game without a hard bot never loads the search's hooks)

    return lookahead


def _bots():
    """Its bots (`bots.py`), imported when the first is made: a game with no computer seat never loads them."""
    from . import bots  # lazy: start-up (a game with no computer seat never loads the bots)

    return bots
