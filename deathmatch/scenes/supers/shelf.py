"""Where the designer finds heroes and keeps them: the bundled ones and the player's heroes folder.

The files are heroes.py's (rulesets/supers/heroes.py: reading, checking, writing a hero file,
`card_html`); this is the designer's short list of what it asks of them, in one place:

    shelf.heroes()          → ([Shelved(hero, path, bundled, problem)], unreadable files)
    shelf.save(hero, path)  → the file written in the player's heroes folder
    shelf.print_card(hero)  → the card's HTML file (and a PNG beside it, if a surface is given)
"""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass
from pathlib import Path

from ...rulesets.supers.heroes import bundled_heroes_dir, user_heroes_dir
from ...rulesets.supers import heroes as files
from ...rulesets.supers.model import Hero


@dataclass(frozen=True)
class Shelved:
    """A hero found in a file: where, and whether it is bundled (read only) or the player's."""

    hero: Hero
    path: Path
    bundled: bool
    problem: str = ""
    """Why the game refuses the player's file (its first problem, `field: message`), opened all the
    same to be fixed (heroes.read_hero_draft: an over-budget hand edit); "" for a hero that loads."""

    @property
    def refused(self) -> bool:
        return bool(self.problem)

    @property
    def problem_short(self) -> str:
        """The first problem in a few words, for a list ("powers: costs 314 of 200 points")."""
        head, _, rest = self.problem.partition(": ")
        return f"{head}: {rest.split(':')[0].split(';')[0]}" if rest else self.problem


def user_folder() -> Path:
    """The player's heroes folder (the designer saves there)."""
    return user_heroes_dir()


def cards_folder() -> Path:
    """Where printed hero cards go: a `cards` folder in the player's heroes folder."""
    return user_folder() / "cards"


def heroes() -> tuple[list[Shelved], int]:
    """Every hero the designer can open, the player's first (by name), then the bundled ones (by
    name); and how many files could not be read (`deathmatch check-heroes` says why). A player's file
    the game refuses but that still makes a hero (over budget, a duplicate id: `heroes.read_hero_draft`)
    is among the player's, with its first problem, to be opened and fixed."""
    bundled_dir = bundled_heroes_dir().resolve()
    lib = files.load_default_heroes()
    shelved = []
    for hero_id, hero in lib.heroes.items():
        path = Path(lib.sources[hero_id])
        shelved.append(Shelved(hero, path, path.resolve().parent == bundled_dir))
    refused = {}
    for p in lib.problems:
        refused.setdefault(p.file, p)
    unreadable = 0
    folder = user_folder()
    for file, first in refused.items():
        path = Path(file)
        hero = None
        if path.resolve().parent == folder.resolve() and path.resolve().parent != bundled_dir:
            hero, _ = files.read_hero_draft(path, folder)
        if hero is None:
            unreadable += 1
            continue
        what = f"{first.field}: " if first.field else ""
        where = f" (line {first.line})" if first.line else ""
        shelved.append(Shelved(hero, path, False, f"{what}{first.message}{where}"))
    shelved.sort(key=lambda s: (s.bundled, s.hero.name.lower(), s.hero.id))
    return shelved, unreadable


def save(hero: Hero, replace: Path | None = None) -> Path:
    """Write `hero` to the player's heroes folder as `<id>.yaml` (heroes.save_hero, which refuses an
    illegal hero: HeroFileError); `replace`: the player's file it was read from, taken away once the
    hero is saved under another id (so another file name). OSError if it can not be written."""
    path = files.save_hero(hero, user_folder())
    if replace is not None and replace.resolve() != path.resolve() and replace.resolve().parent == path.resolve().parent:
        replace.unlink(missing_ok=True)
    return path


def print_card(hero: Hero, png=None) -> Path:
    """Write the hero's card (`heroes.save_card`: its `card_html`) to `cards/<id>.html` in the heroes folder
    and, if `png` (a pygame surface of the card) is given, `cards/<id>.png` beside it. Returns the HTML file
    (HeroFileError, OSError if it can not be written)."""
    folder = cards_folder()
    html = files.save_card(hero, folder)
    if png is not None:
        import pygame

        from ...safefile import outside

        target = html.parent / f"{hero.id}.png"
        why = outside(target, None)
        if why is not None:  # never through a link
            raise OSError(errno.EPERM, f"{target} {why}")
        temp = target.with_name(f".{target.stem}.{os.getpid()}.png")  # (pygame picks the format by the ending)
        pygame.image.save(png, str(temp))
        os.replace(temp, target)
    return html
