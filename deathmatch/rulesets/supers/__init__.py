"""Superhero Gladiators (docs/rules/SUPERS.md): teams of home-made superheroes, each designed on a card
with a points budget, fight in an arena in turns of six segments.

`model` holds the hero card as data (attributes, traits, segments, powers and their costs);
`heroes` reads, checks and writes hero files. The rules of play live beside them:

- `state.py`: the fight's data (`State`, `Model`, `Options`).
- `actions.py`: the actions and the answers to every decision (place, act, defend, copy, choose).
- `events.py`: what `apply` returns, for the screens to animate.
- `game.py`: the rules: `Game(Machine)` and its tasks (§4-§8); its docstring lists the rulings.
- `setup.py`: `Setup`, `Seat`, `make_arena`, `new_game`.
- `view.py`: a player's view (other teams' hidden gizmos hidden).
- `randomplay.py`: random answers and random legal heroes.
- `scenario.py`: the scenario steps of SUPERS.md §9.
- `ruleset.py`: the registration (id `supers`).
"""

from . import ruleset  # noqa: E402,F401  (registers "supers")
from . import arena_check  # noqa: E402,F401  (registers the map check of "supers")
