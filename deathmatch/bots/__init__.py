"""Computer players, for the shell: `make_bot(level, seed, player, ruleset)` asks the
ruleset for one (the registry's `Ruleset.bot`; its levels are `Ruleset.bot_levels`).

Each ruleset's bots live in its own package (Celebrity Deathmatch's easy, normal and
hard bots: `deathmatch/rulesets/celebrity/bots.py`). A bot has `choose(game)`, its
`level`, and `thinks` (true: it looks ahead, so a screen asks it on a worker thread).

This front door is kept for the battle screen, which makes its bots here; new code may
as well call `registry.get(ruleset_id).bot(level, player, seed)` itself. (A package, not
`bots.py`, so that git follows the old `deathmatch/bots.py` to its new home in the ruleset.)
"""

from __future__ import annotations

from ..core import registry
from ..rulesets import DEFAULT


def make_bot(level: str, seed: int = 0, player: str | None = None, ruleset: str = DEFAULT, thinking: str = "normal"):
    """A computer player of `ruleset` at `level` for `player`'s seat, a searching one thinking as
    `thinking` says (fast, normal, deep); ValueError for an unknown level."""
    hook = registry.get(ruleset).bot
    if hook is None:
        raise ValueError(f"{registry.get(ruleset).name} has no computer players")
    return hook(level, player, seed, thinking=thinking)


def levels(ruleset: str = DEFAULT) -> tuple[str, ...]:
    """The ruleset's bot levels, weakest first."""
    return registry.get(ruleset).bot_levels
