"""Gladiator! (ruleset id `gladiator`): docs/rules/GLADIATOR.md, headless, on the core's machine
(`deathmatch.core`). Pure Python, no pygame.

- `model.py`: the types, a gladiator's kit, the modifier tables, experience cards and their kinds.
- `state.py`: the bout's data (`State`, `Man`, `Options`).
- `actions.py`: the orders and the answers to every decision (choose, posture, order, reroll,
  card); their JSON.
- `events.py`: what `apply` returns, for the screens to animate.
- `game.py`: the rules: `Game(Machine)` and its tasks (sides, initiative, AP, orders, the
  exchange, special rolls, nets, the end of a bout and the crowd's thumbs).
- `setup.py`: `Setup`, `Seat`, `new_game`, the default arena and start places.
- `view.py`: the view (the whole state: nothing is hidden but the future dice).
- `randomplay.py`: random answers and random gladiators.
- `scenario.py`: the scenario steps of GLADIATOR.md §11.
- `ruleset.py`: the registration (id `gladiator`).

Its experience cards' effect kinds are `deathmatch/abilities/gladiator/`.
"""

from . import model  # noqa: F401
from . import ruleset  # noqa: E402,F401  (registers "gladiator")
from . import arena_check  # noqa: E402,F401  (registers the map check of "gladiator")
