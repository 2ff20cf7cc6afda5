"""Procedural art: models, portraits, beasts, loot and dead markers, and the one palette.

Everything is drawn at run time from a card's hints (docs/CARDS.md §3.2), so a
player's own card gets a figure too. Unknown hats fall back to plain hair,
unknown weapons to a sword, bad colours to colours chosen from the card id.
All random choices are seeded from the card id: a card always looks the same.

Look: painted tabletop miniatures in the arena's torchlight (light from the
upper left, warm highlights, blue-violet night shadows, dark ink outlines).
Drawing is done at SS x the asked size (less for big sprites) and smooth-scaled down.

The rooms, each importing only those above it:

* `palette`   every colour, named once (the screens' and the arena tiles' too); no pygame
* `pens`      colour helpers, supersampling, `Pen`
* `look`      a card's hints read into a `_Look`; `HATS`, `WEAPONS`
* `bases`     the base, its colour pattern and number, the facing arrow
* `weapons`   weapons in hand
* `hats`      hats and hair, from above and from the front
* `figures`   `model_sprite`
* `portraits` `portrait`
* `beasts`    `beast_sprite`
* `markers`   `loot_sprite`, `dead_marker`
* `skirmish`  Chessboard Skirmish: `miniature_sprite` (a die with its marks), `die_sprite`,
              `marker_sprite` (imported from the room itself)
* `gladiator` Gladiator!: `man_sprite` (the men by type, facing and state), `dropped_sprite`,
              `sides_overlay` (and the side arithmetic), `body_diagram`, `ap_pool`, `posture_icon`,
              `thumbs_icon`, `d6_sprite` (imported from the room itself)

Names with a leading underscore are the package's own (shared between its
rooms, not used outside it); this module is the public face.

Conventions

* ``player`` is the seat index 0-9: ``PLAYER_COLOURS[player % 10]``; the number
  shown on the base is that colour's ``number`` (player + 1).
* ``facing_angle`` is in degrees, 0 = facing right (+x on screen),
  counter-clockwise positive (as ``pygame.transform.rotate``).
* Returned surfaces are cached and shared: copy them before drawing on them.
* Surfaces are ``SRCALPHA``; they are ``convert_alpha``-ed only when a display
  mode is set.
"""

from __future__ import annotations

from .bases import BASE_R
from .beasts import beast_sprite
from .figures import model_sprite
from .look import HATS, WEAPONS
from .markers import dead_marker, loot_sprite
from .palette import PLAYER_COLOURS, PlayerColour, player_colour
from .portraits import portrait

__all__ = [
    "PlayerColour", "PLAYER_COLOURS", "HATS", "WEAPONS", "player_colour",
    "model_sprite", "portrait", "beast_sprite", "loot_sprite", "dead_marker", "BASE_R",
]
