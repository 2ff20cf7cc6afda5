"""The rulesets the program plays, each registered in the core's registry
(`deathmatch.core.registry`) when imported here.

- `celebrity`: Celebrity Deathmatch (`deathmatch.engine`, docs/rules/RULES.md).
"""

from ..engine import ruleset as _celebrity  # noqa: F401  (registers "celebrity")

DEFAULT = "celebrity"
"""The ruleset of a record or scenario that names none."""
