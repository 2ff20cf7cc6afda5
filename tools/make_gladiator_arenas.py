"""Draw Gladiator!'s bundled arenas as Tiled maps (maps/*.tmx). Deterministic and re-runnable.

    python tools/make_gladiator_arenas.py            # writes the three maps
    python tools/make_gladiator_arenas.py --list     # what it would write

Small circles of sand for a bout of two men, with a few obstacles to turn
round, drawn with the hex tileset exactly as the Celebrity Deathmatch arenas
are (`tools/make_arenas.py`'s `Design`), marked for the ruleset
(`rulesets` = `gladiator`, 2 players) and with the two starting hexes as
`spawn` markers, never adjacent (docs/ARENAS.md, "Gladiator! arenas";
checked by `deathmatch/rulesets/gladiator/arena_check.py`).
"""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("make_arenas", ROOT / "tools" / "make_arenas.py")
arenas = importlib.util.module_from_spec(_spec)
sys.modules["make_arenas"] = arenas
_spec.loader.exec_module(arenas)

from deathmatch.board import Hex  # noqa: E402


class Bout(arenas.Design):
    """A Gladiator! arena: two players, the ruleset's id, two starting hexes."""

    rulesets = "gladiator"

    def __init__(self, file: str, name: str, description: str, cols: int, rows: int,
                 axis: str = "y", index: str = "odd", seed: int = 1):
        super().__init__(file, name, description, (2, 2), cols, rows, axis, index, seed)

    def starts(self, a: Hex, b: Hex) -> None:
        assert a.distance(b) >= 2, (self.file, a, b)
        self.mark("spawn", a, b)

    def disc(self, radius: float) -> list[Hex]:
        return [h for h in self.all_hexes() if self.round_distance(h) <= radius]

    def nearest(self, hexes, angle: float) -> Hex:
        return min(hexes, key=lambda h: abs(math.remainder(self.angle(h) - angle, 2 * math.pi)))


def ludus_yard() -> Bout:
    """The smallest: the training yard of a gladiator school, radius 3, a post and a rack."""
    d = Bout("ludus_yard.tmx", "The Ludus Yard",
             "The school's training yard: a tight ring of raked sand, the wooden post the recruits hack at, "
             "and a weapon rack nobody is allowed to touch.", 9, 9, "y", "odd", seed=101)
    c = d.center()
    disc = d.disc(3.3)
    rim = [h for h in disc if d.round_distance(h) > 2.6]
    d.sand([h for h in disc if h not in rim])
    d.stone(rim)
    d.put(arenas.PILLAR, c + (1, -2))     # the training post
    d.put(arenas.WEAPON_RACK, c + (-1, 2))
    d.put(arenas.BARREL, d.nearest(rim, 0.0), d.nearest(rim, math.pi))
    d.starts(c + (-2, 0), c + (2, 0))
    return d


def sand_circle() -> Bout:
    """The classic: a round arena of radius 4, braziers round the rim, two pillars."""
    d = Bout("sand_circle.tmx", "The Sand Circle",
             "Nine paces of sand every way, braziers round the wall and two old pillars to keep your back "
             "from: where most careers begin, and a few end.", 11, 11, "y", "even", seed=202)
    c = d.center()
    disc = d.disc(4.3)
    rim = [h for h in disc if d.round_distance(h) > 3.4]
    d.sand([h for h in disc if h not in rim])
    d.stone(rim)
    d.floor[c] = arenas.STONE_MOSAIC
    d.put(arenas.BRAZIER, *[d.nearest(rim, math.pi / 6 + i * math.pi / 3) for i in range(6)])
    d.put(arenas.PILLAR, c + (0, -2), c + (0, 2))
    d.starts(c + (-3, 0), c + (3, 0))
    return d


def broken_ring() -> Bout:
    """Flat-topped hexes: a ring of radius 4 round a fallen statue, rubble and a stretch of broken wall."""
    d = Bout("broken_ring.tmx", "The Broken Ring",
             "Drawn with flat-topped hexes: a provincial arena that has seen better emperors, a toppled "
             "statue in the middle and rubble to stumble over.", 11, 11, "x", "even", seed=303)
    c = d.center()
    disc = [h for h in d.all_hexes() if c.distance(h) <= 4]
    d.sand(disc, stone=0.15)
    d.put(arenas.STATUE, c)
    d.put(arenas.RUBBLE, c + (2, -3), c + (-2, 3))
    d.put(arenas.BROKEN_WALL, c + (4, -1), c + (-4, 1))
    d.starts(c + (-1, -2), c + (1, 2))
    return d


DESIGNS = [ludus_yard, sand_circle, broken_ring]


def main() -> None:
    for make in DESIGNS:
        d = make()
        if "--list" in sys.argv:
            print(f"{d.file}: {d.name} ({d.cols}x{d.rows}, stagger {d.axis}/{d.index})")
            continue
        (ROOT / "maps" / d.file).write_text(d.tmx(), encoding="utf-8")
        print(f"wrote maps/{d.file}: {len(d.floor)} hexes, {len(d.objects)} objects, {len(d.markers)} markers")


if __name__ == "__main__":
    main()
