"""Effect kinds (card abilities, later powers and experience cards), grouped per ruleset.

- `deathmatch.abilities.celebrity`: Celebrity Deathmatch's card abilities.

Importing this package gives Celebrity Deathmatch's kinds under their old names
(`deathmatch.abilities.KINDS`, `deathmatch.abilities.base`), for code written
before there were rulesets.
"""

import sys as _sys

from .celebrity import KINDS, TIMINGS, TRIGGERED, EffectKind, Param, base, get_kind, register

_sys.modules.setdefault(f"{__name__}.base", base)

__all__ = ["KINDS", "TIMINGS", "TRIGGERED", "EffectKind", "Param", "base", "get_kind", "register"]
