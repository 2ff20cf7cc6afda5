"""The rulesets the program plays, one package per ruleset: rules, state, actions, events, card schema,
setup, scenario steps. Each registers itself in the core's registry (`deathmatch.core.registry`) when its
manifest is loaded; nothing here imports them: the registry finds them (`registry.games()`).

- `celebrity`: Celebrity Deathmatch (docs/rules/RULES.md).
- `skirmish`: Chessboard Skirmish (docs/rules/SKIRMISH.md).
- `gladiator`: Gladiator! (docs/rules/GLADIATOR.md).
- `supers`: Superhero Gladiators (docs/rules/SUPERS.md).

Each declares itself in one `manifest.py` (`deathmatch.core.manifest.GameManifest`: names, rules,
screens, content files and their `check-…` command, rules pages, standings, career), which
pyproject.toml's `deathmatch.games` entry points name and `deathmatch.core.registry.games` finds.
A game from another package is one such manifest and one entry point (tests/toy_tictactoe/).
"""

DEFAULT = "celebrity"
"""The ruleset of a record or scenario that names none."""
