"""Superhero Gladiators' how-to-play pictures: a patch of the arena (the tiles of
`assets/tiles/supers_pointy.png`) with the game's own hero tokens (their shadows, altitude badges, oomph bars
and entangle markers), the segment track, a d20, shots and gizmos. The heroes shown are made up here (a
look needs only attributes and powers), so no player's design, nor a gizmo of theirs, shows. The page is
`assets/rules/supers_how_to_play.txt`; the manifest names this book (`ClientPart.howto`); the shared base is
`client/howto.py`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

import pygame

from ...board.hex import Hex
from ...client.art.skirmish import die_sprite
from ...client.art.supers import TrackRow, draw_hero, gizmo_marker, segment_track, shot_frame
from ...client.howto import (HEX_H, HEX_W, PictureBook, arrow, hex_canvas, hexes_within, pointy_xy, tint_hexes)
from ...client.ui import GOLD, INK

PIT, FIRE, PLATE, BULKHEAD = 0, 1, 2, 3
RADIUS = 2
GREEN = (110, 200, 110, 95)  # (the table's MOVE, see-through)
"""The cells a hero may move to: the table's own green (the step's words say "click a green cell")."""
RED = (230, 60, 40, 110)
RED_INK = (255, 120, 100)
GREEN_INK = (140, 240, 120)

NAMES = ("team", "segments", "move", "flight", "attack", "oomph", "entangle", "gizmos", "winning")
"""The pictures there are, in the order of the how-to-play page."""


def _power(kind: str, *styles: str, movement: tuple[str, ...] = ()) -> SimpleNamespace:
    return SimpleNamespace(name=kind, type=kind, level=3, styles=styles, movement=movement)


HEROES = {
    "blitz": SimpleNamespace(id="howto_blitz", name="Blitz", str=3, dex=5, size=4, per=3,
                             powers=[_power("shot")]),
    "granite": SimpleNamespace(id="howto_granite", name="Granite", str=6, dex=2, size=5, per=2,
                               powers=[_power("smash"), _power("toughness")]),
    "skylark": SimpleNamespace(id="howto_skylark", name="Skylark", str=3, dex=4, size=3, per=5,
                               powers=[_power("movement", movement=("flight",))]),
    "weaver": SimpleNamespace(id="howto_weaver", name="Weaver", str=3, dex=4, size=3, per=5,
                              powers=[_power("shot", "entangling")]),
}
"""Made-up heroes for the pictures: a blaster, a brick, a flier and a web-slinger."""


@dataclass
class Arena:
    """What one picture of the arena shows (axial hexes round the centre)."""

    cells: dict = field(default_factory=dict)
    """hex -> tile (a pit, fire or a wall); the rest is floor."""
    tint: list = field(default_factory=list)
    heroes: list = field(default_factory=list)
    """(hex, hero key, team, dict of draw_hero's keywords)."""
    arrows: list = field(default_factory=list)
    shots: list = field(default_factory=list)
    """(from hex, to hex, kind)."""
    captions: list = field(default_factory=list)
    """(hex, words, rgb): words on a plate over the hex."""
    dice: list = field(default_factory=list)
    """(hex, shown): a d20."""
    gizmos: list = field(default_factory=list)
    """(hex, state)."""


def _arenas() -> dict[str, Arena]:
    H = Hex
    return {
        "team": Arena(
            cells={H(0, 0): BULKHEAD, H(1, -2): PIT, H(-1, 2): FIRE},
            heroes=[(H(-2, 1), "blitz", 0, {}), (H(-1, -1), "granite", 0, {}),
                    (H(2, -1), "skylark", 1, {"altitude": 1}), (H(1, 1), "weaver", 1, {})]),
        "move": Arena(
            cells={H(0, 0): BULKHEAD, H(1, -1): BULKHEAD, H(0, 1): PIT, H(-1, 1): FIRE},
            tint=[(h, GREEN) for h in (H(-1, 0), H(-2, 1), H(-2, 2), H(-1, -1), H(0, -1), H(0, -2), H(1, -2),
                                      H(-2, 0), H(2, -2), H(-1, 2), H(0, 2))],
            heroes=[(H(-2, 1), "granite", 0, {}), (H(2, -1), "blitz", 1, {})],
            arrows=[([H(-2, 1), H(-1, 0), H(0, -1), H(1, -2)], GREEN_INK)],
            captions=[(H(0, 2), "a pit: fliers only", RED_INK)]),
        "flight": Arena(
            cells={H(0, 0): PIT, H(1, 0): PIT, H(0, 1): FIRE},
            heroes=[(H(2, 0), "granite", 1, {}), (H(1, 0), "skylark", 0, {"altitude": 2})],
            captions=[(H(0, 2), "2 up: out of reach of fists", GOLD)]),
        "attack": Arena(
            heroes=[(H(-2, 1), "blitz", 0, {"highlight": True}), (H(1, 0), "granite", 1, {})],
            shots=[(H(-2, 1), H(1, 0), "bolt")], cells={H(0, -1): BULKHEAD},
            dice=[(H(-1, 2), "7")], captions=[(H(0, -2), "7: a hit (needs 13 or less)", GOLD)]),
        "oomph": Arena(
            heroes=[(H(-1, 0), "blitz", 0, {"oomph": 30, "max_oomph": 36}),
                    (H(1, 0), "granite", 1, {"oomph": 14, "max_oomph": 90}),
                    (H(0, 2), "weaver", 1, {"fainted": True})],
            captions=[(H(1, -1), "\u22126 oomph", RED_INK), (H(0, 1), "0 oomph: fainted", INK)]),
        "entangle": Arena(
            heroes=[(H(-2, 1), "weaver", 0, {}), (H(1, 0), "skylark", 1, {"entangled": 3})],
            shots=[(H(-2, 1), H(1, 0), "entangling")], cells={H(0, -2): BULKHEAD},
            captions=[(H(0, 1), "stuck until it escapes", GOLD)]),
        "winning": Arena(
            heroes=[(H(-1, 0), "blitz", 0, {"highlight": True}), (H(1, -1), "granite", 1, {"fainted": True}),
                    (H(1, 1), "weaver", 1, {"fainted": True}), (H(-1, 2), "skylark", 0, {})],
            captions=[(H(0, -2), "their last hero fainted: you win", GOLD)]),
    }


class Pictures(PictureBook):
    """How-to-play pictures for Superhero Gladiators."""

    NAMES = NAMES

    def big(self, name: str) -> pygame.Surface:
        if name == "segments":
            return self._segments()
        if name == "gizmos":
            return self._gizmos()
        return self._arena(_arenas()[name])

    def cell_tile(self, gid: int) -> pygame.Surface:
        return self.tile("supers_pointy.png", gid, HEX_W, HEX_H, 4)

    def _arena(self, a: Arena) -> pygame.Surface:
        surf, ox, oy = hex_canvas(RADIUS)

        def at(h: Hex) -> tuple[float, float]:
            x, y = pointy_xy(h)
            return ox + x, oy + y

        for h in hexes_within(RADIUS):
            x, y = at(h)
            if a.cells.get(h) == BULKHEAD:
                surf.blit(self.cell_tile(PLATE), (round(x - HEX_W / 2), round(y - HEX_H / 2)))
            surf.blit(self.cell_tile(a.cells.get(h, PLATE)), (round(x - HEX_W / 2), round(y - HEX_H / 2)))
        tint_hexes(surf, at, a.tint)
        for h, state in a.gizmos:
            img = gizmo_marker(state, 70)
            surf.blit(img, img.get_rect(center=at(h)))
        for h, key, team, kw in a.heroes:
            draw_hero(surf, HEROES[key], team, at(h), HEX_W, **kw)
        for start, end, kind in a.shots:
            shot_frame(surf, at(start), at(end), 0.8, kind=kind, width=10)
        for path, colour in a.arrows:
            arrow(surf, [at(h) for h in path], colour)
        for h, shown in a.dice:
            img = die_sprite(20, 110, None, shown)
            self.labels.add(shown)
            surf.blit(img, img.get_rect(center=at(h)))
        for h, words, colour in a.captions:
            self.caption(surf, words, at(h), colour, 40)
        return surf

    def _segments(self) -> pygame.Surface:
        """The turn's six segments: who acts in which (the faster, the more often)."""
        surf, _, _ = hex_canvas(RADIUS)
        w, h = surf.get_size()
        rows = [TrackRow("Blitz 20", 0, (1, 3, 5, 6)), TrackRow("Weaver 12", 1, (1, 3, 5), acting=True),
                TrackRow("Granite 4", 0, (1,))]
        for r in rows:
            self.labels.add(r.name)
        self.caption(surf, "hero and Speed", (24, 24), INK, 34, "topleft")
        track = segment_track(rows, 3, w - 40, row_h=64)
        surf.blit(track, track.get_rect(midtop=(w / 2, 90)))
        self.caption(surf, "segment 3: Blitz, then Weaver", (w / 2, 120 + track.get_height()), GOLD, 40, "midtop")
        self.caption(surf, "Granite waits for the next turn", (w / 2, 200 + track.get_height()), INK, 36, "midtop")
        return surf

    def _gizmos(self) -> pygame.Surface:
        """A power in a gizmo: out in the open, hidden until noticed, then broken by a hit."""
        surf, _, _ = hex_canvas(RADIUS)
        w, h = surf.get_size()
        size = int(h * 0.26)
        for i, (state, words) in enumerate((("intact", "in the open"), ("hidden", "hidden"),
                                             ("noticed", "noticed"), ("destroyed", "broken"))):
            cx = w * (0.27 if i % 2 == 0 else 0.73)
            cy = h * (0.24 if i < 2 else 0.7)
            img = gizmo_marker(state, size)
            surf.blit(img, img.get_rect(center=(cx, cy)))
            self.caption(surf, words, (cx, cy + size * 0.55), GOLD if state == "destroyed" else INK, 38, "midtop")
        return surf
