"""The old name of Celebrity Deathmatch's rules, kept so that code written before
there were rulesets (the client, tools, saved notebooks) runs unchanged.

`deathmatch.engine` *is* `deathmatch.rulesets.celebrity`, and each
`deathmatch.engine.<module>` is the ruleset's module of that name (the dice are
the core's). New code imports `deathmatch.rulesets.celebrity` (or `deathmatch.core`).
"""

import importlib as _importlib
import sys as _sys

from ..rulesets import celebrity as _celebrity
from ..rulesets.celebrity import *  # noqa: F401,F403
from ..rulesets.celebrity import __all__  # noqa: F401

_MODULES = {
    "actions": "deathmatch.rulesets.celebrity.actions",
    "arena_check": "deathmatch.rulesets.celebrity.arena_check",
    "timeline": "deathmatch.rulesets.celebrity.timeline",
    "cards": "deathmatch.rulesets.celebrity.cards",
    "dice": "deathmatch.core.dice",
    "errors": "deathmatch.rulesets.celebrity.errors",
    "events": "deathmatch.rulesets.celebrity.events",
    "game": "deathmatch.rulesets.celebrity.game",
    "invariants": "deathmatch.rulesets.celebrity.invariants",
    "orders": "deathmatch.rulesets.celebrity.orders",
    "randomplay": "deathmatch.rulesets.celebrity.randomplay",
    "record": "deathmatch.rulesets.celebrity.record",
    "ruleset": "deathmatch.rulesets.celebrity.ruleset",
    "scenario": "deathmatch.rulesets.celebrity.scenario",
    "setup": "deathmatch.rulesets.celebrity.setup",
    "state": "deathmatch.rulesets.celebrity.state",
    "view": "deathmatch.rulesets.celebrity.view",
}
for _name, _target in _MODULES.items():
    _module = _importlib.import_module(_target)
    _sys.modules[f"{__name__}.{_name}"] = _module
    globals()[_name] = _module
del _name, _target, _module, _celebrity
