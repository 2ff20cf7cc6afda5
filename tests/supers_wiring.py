"""Superhero Gladiators with h50's hooks (the hard bot, the lab, tournaments) in the registry, for the
tests of those parts: a no-op once `rulesets/supers/ruleset.py` registers them itself."""

from dataclasses import replace

import deathmatch.rulesets  # noqa: F401  (registers the bundled rulesets)
from deathmatch.core.registry import get, register


def wired():
    """The registered Superhero Gladiators, with its hard bot, lab and tournament hooks."""
    from deathmatch.rulesets.supers import hard, lab, tournament

    rules = get("supers")
    if rules.lab is None or rules.tournament is None or "hard" not in rules.bot_levels:
        rules = register(replace(
            rules, bot_levels=hard.LEVELS,
            bot=lambda level, player, seed, thinking="normal": hard.make_bot(level, seed, thinking),
            determinize=hard.determinize, evaluate=hard.evaluate, rank=lambda seed: hard.ranked,
            search_budgets=hard.SEARCH_BUDGETS, lab=lab, tournament=tournament))
    return rules
