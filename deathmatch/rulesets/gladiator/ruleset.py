"""Gladiator! as a ruleset of the core registry (`deathmatch.core.registry`). Its balance-lab
part is `lab.py` (`deathmatch simulate --ruleset gladiator`); its tournament part is left unset
(None) for now."""

from __future__ import annotations

import random

from ...core.registry import Ruleset, register
from . import actions, bouts, lab, view
from .randomplay import random_answer, random_gladiator
from .setup import Seat, Setup, new_game
from .state import Options

RULESET_ID = "gladiator"
RULESET_VERSION = 1


def quick_game(names, arena, seed: int, orders: bool = False, *, special_rolls: bool = True, lions: bool = True):
    """A bout of two men of random bundled types on a loaded hex `arena`, the seats `names` (the
    first two); `orders` is ignored (Gladiator! has no standing orders)."""
    rng = random.Random(seed)
    seats = tuple(Seat(n, c, random_gladiator(rng, k + 1, lions=lions))
                  for k, (n, c) in enumerate(zip(names[:2], ("red", "blue"))))
    spec = {"map": arena.source["map"]} if "map" in arena.source else dict(arena.source)
    return new_game(Setup(seats, spec, Options(special_rolls), seed), arena)


def _scenario(data, lines, path):
    from .scenario import Runner

    Runner(data, lines, path).run()


RULESET = register(Ruleset(
    id=RULESET_ID,
    name="Gladiator!",
    version=RULESET_VERSION,
    new_game=new_game,
    setup_from_json=Setup.from_json,
    setup_to_json=Setup.to_json,
    action_from_json=actions.from_json,
    action_to_json=actions.to_json,
    random_answer=random_answer,
    seed_of=lambda setup: setup.seed,
    run_scenario=_scenario,
    view=view.state_for,
    event_visible_to=view.event_visible_to,
    questions=view.QUESTIONS,
    epoch=lambda game: game.state.turn,
    quick_game=quick_game,
    bot_levels=("easy", "normal", "hard"),
    bot=lambda level, player, seed, thinking="normal": _bots().make_bot(level, seed, thinking),
    determinize=lambda game, player, rng: _bots().determinize(game, player, rng),
    evaluate=lambda game, player: _bots().evaluate(game, player),
    rank=lambda seed: _bots().ranked,
    career=bouts,
    lab=lab,
))


def _bots():
    """Its bots (`bots.py`), imported when the first is asked for."""
    from . import bots

    return bots
