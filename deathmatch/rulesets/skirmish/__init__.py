"""Chessboard Skirmish (ruleset id `skirmish`): docs/rules/SKIRMISH.md, headless, on the
core's machine (`deathmatch.core`). Pure Python, no pygame.

- `army.py`: an army list as data, points and legality.
- `state.py`: the game's data (`State`, `Mini`, `Activation`, `Marker`, `Options`).
- `actions.py`: the actions and the `Decision` kinds (place, pick, act, reroll); their JSON.
- `events.py`: what `apply` returns, for the screens to animate.
- `odds.py`: the exact chance an attack defeats its target.
- `geometry.py`: paths, neighbours and lines of fire.
- `game.py`: the rules: `Game(Machine)` and its tasks.
- `setup.py`: `Setup`, `Seat`, `new_game`, random obstacles, the Retrieve marker.
- `view.py`: the view (the whole state: nothing is hidden).
- `randomplay.py`: random answers and random armies.
- `scenario.py`: the scenario steps of SKIRMISH.md §8.
- `ruleset.py`: the registration (id `skirmish`).
"""

from . import army  # noqa: F401
from . import ruleset  # noqa: F401  (registers "skirmish")
from . import arena_check  # noqa: E402,F401  (registers the map check of "skirmish")
