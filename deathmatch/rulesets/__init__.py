"""The rulesets the program plays, each registered in the core's registry
(`deathmatch.core.registry`) when imported here. One package per ruleset:
rules, state, actions, events, card schema, setup, scenario steps.

- `celebrity`: Celebrity Deathmatch (docs/rules/RULES.md).
- `skirmish`: Chessboard Skirmish (docs/rules/SKIRMISH.md).
- `gladiator`: Gladiator! (docs/rules/GLADIATOR.md).
- `supers`: Superhero Gladiators (docs/rules/SUPERS.md).
"""

DEFAULT = "celebrity"
"""The ruleset of a record or scenario that names none."""

from . import celebrity  # noqa: E402,F401  (registers "celebrity")
from . import skirmish  # noqa: E402,F401  (registers "skirmish")
from . import gladiator  # noqa: E402,F401  (registers "gladiator")
from . import supers  # noqa: E402,F401  (registers "supers")
