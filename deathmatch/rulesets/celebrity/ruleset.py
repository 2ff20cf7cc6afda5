"""Celebrity Deathmatch as a ruleset of the core registry (`deathmatch.core.registry`)."""

from __future__ import annotations

from ...core.registry import Ruleset, register
from . import actions, lab, tournament, view
from .randomplay import random_answer
from .record import RULESET_ID, RULESET_VERSION
from .scenario import run_scenario
from .setup import GameSetup, new_game

RULESET = register(Ruleset(
    id=RULESET_ID,
    name="Celebrity Deathmatch",
    version=RULESET_VERSION,
    new_game=new_game,
    setup_from_json=GameSetup.from_json,
    setup_to_json=GameSetup.to_json,
    action_from_json=actions.from_json,
    action_to_json=actions.to_json,
    random_answer=random_answer,
    seed_of=lambda setup: setup.seed,
    run_scenario=run_scenario,
    view=view.state_for,
    event_visible_to=view.event_visible_to,
    bot_levels=("easy", "normal", "hard"),
    bot=lambda level, player, seed: _bots().make_bot(level, seed),
    tournament=tournament,
    lab=lab,
))


def _bots():
    """Its bots (`bots.py`), imported when the first is made: a game with no computer seat never loads them."""
    from . import bots

    return bots
