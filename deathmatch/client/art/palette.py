"""The one palette: every colour the game paints with, named once.

The figures' colours (models, portraits, beasts, loot) go by their plain names,
the screens' (ui.py: text, panels) by UI_, the arena tiles' (tools/make_tileset.py)
by TILE_ where they differ from the figures'. Torchlight from the upper left
(`LIGHT`), blue-violet night shadows, dark ink outlines. Pure data: no pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


# ---------------------------------------------------------------------------
# the figures (and what the arena tiles share with them: EDGE, SHADOW, BRONZE, LIGHT)
# ---------------------------------------------------------------------------
EDGE = (20, 14, 30)
"""Ink outlines, and the hex edge line of the arena tiles."""
NIGHT = (30, 22, 58)
WARM_HI = (255, 226, 170)
SHADOW = (22, 14, 44)
"""Cast shadows (the figures' and the tiles')."""
STEEL = (150, 158, 172)
STEEL_DK = (84, 90, 108)
GOLD = (226, 172, 56)
GOLD_HI = (255, 234, 140)
GOLD_DK = (140, 90, 30)
BRONZE = (150, 96, 44)
WOOD = (118, 74, 42)
WOOD_DK = (72, 44, 28)
IVORY = (240, 230, 206)
INK = (24, 18, 30)
_L = (-0.66, -0.75)
_LN = math.hypot(*_L)
LIGHT = (_L[0] / _LN, _L[1] / _LN)
"""Screen-space direction towards the light (upper left)."""

SKINS = [(241, 210, 182), (226, 184, 146), (198, 146, 104), (160, 108, 72), (110, 70, 46),
         (76, 48, 32)]
HAIRS = [(20, 16, 14), (58, 40, 26), (110, 70, 38), (176, 120, 60), (214, 178, 96),
         (150, 60, 28), (170, 166, 160)]


# ---------------------------------------------------------------------------
# player colours
# ---------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerColour:
    """A player's colour: name, RGB, the number on the base and a base pattern."""

    name: str
    rgb: tuple[int, int, int]
    number: int
    pattern: str


PLAYER_COLOURS: list[PlayerColour] = [
    # Okabe-Ito (colour-blind safe) first, then white, black and Tol's wine; the
    # number and the pattern tell them apart even in greyscale.
    PlayerColour("Vermilion", (213, 94, 0), 1, "solid"),
    PlayerColour("Sky Blue", (86, 180, 233), 2, "stripes"),
    PlayerColour("Yellow", (240, 228, 66), 3, "dots"),
    PlayerColour("Bluish Green", (0, 158, 115), 4, "checks"),
    PlayerColour("Reddish Purple", (204, 121, 167), 5, "rings"),
    PlayerColour("Orange", (230, 159, 0), 6, "spokes"),
    PlayerColour("Blue", (0, 114, 178), 7, "zigzag"),
    PlayerColour("White", (236, 236, 230), 8, "halves"),
    PlayerColour("Black", (44, 42, 48), 9, "crosses"),
    PlayerColour("Wine", (136, 34, 85), 10, "waves"),
]


def player_colour(player: int) -> PlayerColour:
    """The colour of seat ``player`` (0-based, wraps around after 10)."""
    try:
        return PLAYER_COLOURS[int(player) % len(PLAYER_COLOURS)]
    except (TypeError, ValueError):
        return PLAYER_COLOURS[0]


def colour_name(index: int) -> str:
    """The name a setup writes for colour number `index` (lower case)."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)].name.lower()


def colour_index(name, default: int = 0, *, numbered: bool = False) -> int:
    """The colour number of a seat's colour name (as a setup wrote it), else `default`; `numbered`: a
    name of digits is a colour number itself (a Gladiator! season names each ludus's colour so)."""
    if numbered and str(name).isdigit():
        return int(name) % len(PLAYER_COLOURS)
    for i, c in enumerate(PLAYER_COLOURS):
        if c.name.lower() == str(name).lower():
            return i
    return default


def colour_numbers(names, seats: int, *, numbered: bool = False) -> list[int]:
    """Each of `seats` seats' colour number, from the colour `names` a setup wrote (`colour_index`);
    seat order when it wrote none (`names` None)."""
    if names is None:
        return list(range(seats))
    return [colour_index(c, k, numbered=numbered) for k, c in enumerate(names)]


# ---------------------------------------------------------------------------
# the screens (client/ui.py: text, panels, buttons; the menus' backdrop; the map's background)
# ---------------------------------------------------------------------------
UI_INK = (238, 228, 206)
"""Text."""
UI_DIM = (150, 140, 125)
"""Text that says less: hints, disabled buttons."""
UI_GOLD = (242, 190, 74)
"""Titles, focus, what matters now."""
UI_RED = (214, 70, 52)
UI_GREEN = (110, 200, 110)
UI_PANEL = (24, 18, 28, 225)
"""A panel's fill (translucent)."""
UI_PANEL_EDGE = (120, 86, 52)
TABLE_FILL = (20, 14, 22, 240)
"""A table's top bar and bar (under the log, the prompt and the buttons)."""
TABLE_EDGE = (90, 64, 40)
"""The edges of a table's panels."""
UI_TEXT_SHADOW = (0, 0, 0)
"""The soft shadow under text."""
UI_BACKDROP = (16, 11, 18)
"""Behind the menus."""
MAP_BACKGROUND = (18, 13, 22)
"""Behind an arena whose map names no background colour."""


# ---------------------------------------------------------------------------
# the arena tiles (tools/make_tileset.py), where they differ from the figures'
# ---------------------------------------------------------------------------
TILE_NIGHT = (34, 26, 66)
"""Deep blue-violet night."""
TILE_NIGHT_DEEP = (16, 11, 30)
TILE_WARM = (255, 178, 96)
"""Firelight."""
TILE_WARM_HI = (255, 214, 150)

TILE_SAND_RAMP = [(0.00, (74, 46, 50)), (0.28, (130, 82, 54)), (0.52, (174, 114, 62)),
                  (0.78, (204, 148, 84)), (1.00, (228, 182, 114))]
TILE_STONE_RAMP = [(0.0, (56, 64, 82)), (0.35, (90, 100, 116)), (0.65, (114, 122, 134)),
                   (1.0, (144, 148, 154))]
TILE_WALL_RAMP = [(0.0, (82, 80, 96)), (0.35, (124, 120, 128)), (0.7, (150, 144, 146)),
                  (1.0, (176, 166, 160))]
TILE_MARBLE_RAMP = [(0.0, (150, 146, 156)), (0.5, (202, 196, 194)), (1.0, (232, 224, 214))]
TILE_WOOD_RAMP = [(0.0, (64, 38, 28)), (0.35, (104, 64, 38)), (0.7, (138, 88, 50)),
                  (1.0, (170, 116, 66))]
TILE_PEBBLE_RAMP = [(0.0, (78, 58, 58)), (0.5, (138, 112, 94)), (1.0, (206, 178, 140))]
TILE_ROCK_RAMP = [(0.0, (70, 62, 72)), (0.4, (112, 98, 96)), (0.75, (144, 126, 114)),
                  (1.0, (170, 150, 130))]
# the square board (tools/make_square_tileset.py): slate for the dark squares is TILE_STONE_RAMP,
# marble for the light ones TILE_MARBLE_RAMP; these are the field, the trees and the river
TILE_GRASS_RAMP = [(0.0, (30, 46, 44)), (0.35, (58, 86, 52)), (0.7, (96, 120, 62)),
                   (1.0, (146, 156, 86))]
TILE_LEAF_RAMP = [(0.0, (20, 30, 40)), (0.4, (40, 74, 50)), (0.75, (78, 118, 62)),
                  (1.0, (150, 170, 92))]
TILE_WATER_RAMP = [(0.0, (14, 22, 52)), (0.4, (28, 52, 92)), (0.75, (48, 92, 128)),
                   (1.0, (110, 156, 176))]
TILE_FOAM = (214, 230, 236)
"""Ripples and glints on the river."""

TILE_STEEL_RAMP = [(0.0, (52, 58, 74)), (0.4, (84, 92, 108)), (0.75, (112, 118, 132)), (1.0, (140, 144, 156))]
"""Superhero Gladiators' deck plates and bulkheads (tools/make_supers_tileset.py)."""
TILE_HAZARD_YELLOW = (240, 196, 40)
TILE_HAZARD_BLACK = (30, 24, 34)
"""A bulkhead's warning band."""
TILE_PIT_DEEP = (6, 4, 12)
"""The bottom of a pit."""
TILE_IRON = (58, 60, 74)
TILE_IRON_HI = (150, 146, 150)
TILE_IRON_DK = (26, 24, 36)
TILE_BRONZE_HI = (236, 178, 96)
TILE_BRONZE_DK = (84, 50, 28)
TILE_GOLD = (232, 180, 58)
TILE_GOLD_HI = (255, 236, 140)
TILE_GOLD_DK = (150, 96, 30)
TILE_RED = (150, 38, 34)
TILE_RED_HI = (206, 72, 52)
TILE_RED_DK = (84, 20, 26)
TILE_MOSAIC = {
    "cream": (224, 208, 172), "field": (190, 178, 152), "black": (46, 40, 50),
    "red": (160, 64, 42), "ochre": (204, 146, 64), "blue": (70, 84, 112), "grey": (128, 126, 132),
}
"""The mosaic floor's tesserae."""


# ---------------------------------------------------------------------------
# Chessboard Skirmish (art/skirmish.py: the miniatures as dice; client/squareview.py: the board)
# ---------------------------------------------------------------------------
SK_BADGE = (34, 28, 44)
"""The disc behind a miniature's weapon mark."""
SK_PIP = (206, 214, 226)
"""An armour pip (a small steel shield)."""
SK_BANNER = (196, 48, 44)
"""The Retrieve marker's cloth (the banner a miniature carries)."""
SK_SELECTED = (255, 214, 96)
"""The halo round the picked miniature."""
SK_MOVE = (96, 200, 120)
"""A square a picked miniature may move to."""
SK_ATTACK = (232, 72, 56)
"""A miniature the picked one may attack; the line of a ranged attack."""
SK_PLACE = (120, 170, 240)
"""A home-row square a reserve may be placed on."""
SK_CURSOR = (255, 244, 200)
"""The keyboard's cursor square."""
SK_LIGHT_SQUARE = (196, 170, 128)
SK_DARK_SQUARE = (112, 84, 60)
"""A chessboard drawn without a Tiled map (a generated arena)."""
SK_OBSTACLE = (70, 66, 74)


# ---------------------------------------------------------------------------
# Gladiator! (art/gladiator.py: the men, the sides round a man, the body diagram, the icons)
# ---------------------------------------------------------------------------
GL_BRONZE = (196, 132, 64)
"""Helmet brims, a Myrmillo's helmet."""
GL_LEATHER = (104, 66, 40)
"""Straps, belts, a Laquearius's lasso grip."""
GL_ROPE = (214, 192, 140)
"""Nets and the lasso."""
GL_LEAD = (70, 72, 84)
"""The lead weights round a net's rim."""
GL_BLOOD = (120, 14, 22)
GL_SIDE_FACE = (240, 228, 66)
GL_SIDE_SHIELD = (86, 180, 233)
GL_SIDE_WEAPON = (213, 94, 0)
GL_SIDE_BACK = (120, 110, 130)
"""The sides round a man (Okabe-Ito: colour-blind safe; a pattern and a label each as well)."""
GL_WOUND_RAMP = [(0, (206, 196, 176)), (1, (240, 228, 66)), (2, (230, 159, 0)), (3, (213, 94, 0)),
                 (5, (136, 34, 85))]
"""A body location's fill by its wound points (from this many up)."""
GL_AP_SPENT = (70, 60, 70)
GL_THUMB_UP = (110, 200, 110)
GL_THUMB_DOWN = (214, 70, 52)
GL_POSTURE = {"attack": (213, 94, 0), "balanced": (240, 228, 66), "defend": (86, 180, 233)}
"""The posture icons' discs (each also has its own shape)."""


# ---------------------------------------------------------------------------
# Superhero Gladiators (art/supers.py: the heroes, the oomph bar, the segment track, the markers, the effects)
# ---------------------------------------------------------------------------
SG_COSTUMES = [(204, 44, 44), (44, 96, 206), (40, 160, 72), (132, 62, 186), (236, 140, 30), (30, 164, 174),
               (224, 206, 52), (226, 86, 172), (96, 102, 120), (236, 236, 230), (134, 84, 46), (150, 206, 60)]
"""A hero's costume, picked by the hero's id (so it is the same on every screen); the trim is another."""
SG_SKINS = [(241, 210, 182), (226, 184, 146), (198, 146, 104), (160, 108, 72), (110, 70, 46)]
SG_TOKEN = (26, 22, 40)
"""The dark disc behind a hero inside the team ring."""
SG_OOMPH_RAMP = [(0.0, (200, 52, 40)), (0.3, (230, 140, 40)), (0.55, (226, 206, 64)), (1.0, (96, 200, 96))]
"""The oomph bar's fill by the fraction left."""
SG_OOMPH_BACK = (40, 32, 48)
SG_TRACK_LIT = (255, 214, 96)
"""The segment track's current segment."""
SG_TRACK_DIM = (58, 50, 66)
SG_ROPE = (222, 214, 170)
"""Entangling strands (a net, a web, a lasso's rope)."""
SG_ROPE_DK = (120, 108, 70)
SG_BRASS = (206, 158, 70)
"""A gizmo's cog."""
SG_EYE = (120, 210, 255)
"""A noticed gizmo's eye."""
SG_BLAST = (255, 196, 90)
"""An area blast's ring; a smash's star."""
SG_BOLT = (150, 220, 255)
"""A shot's trail."""
