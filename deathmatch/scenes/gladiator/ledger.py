"""What Gladiator!'s career screens (scenes/gladiator/seasons.py, ludus.py, hub.py) share, no scene
itself: a season's words (a gladiator's record line, a type's kit and price), a text field typed
into, the table drawing, and the season Continue goes on with (the title screen asks through
`ClientRuleset.careers`). The season itself is `rulesets/gladiator/career.py`; its file, `season.py`.
"""

from __future__ import annotations

import pygame

from ...client.safetext import typable
from ...client.art.palette import PLAYER_COLOURS
from ...client.ui import DIM, INK, shortened, text
from ...rulesets.gladiator.career import EXTRA_NAMES, PRICES
from ...rulesets.gladiator.model import LOCATIONS, TYPE_NAMES, TYPES, card_effect_words, modifiers

LEVELS = ("easy", "normal", "hard")
"""A bot ludus's levels (the rules' bots)."""
PRONOUN_CHOICES = ("he", "she", "they")
"""What a recruit may be called (model.PRONOUNS; "it" is the lion's)."""
KIT = {"armoured": "armoured", "unarmoured": "no armour", "large": "large shield", "medium": "medium shield",
       "none": "no shield", "sword": "sword", "sica": "sica", "dagger": "dagger", "trident": "trident",
       "two_swords": "two swords"}
NET_WORDS = {"laquearius": "lasso (thrown as a net)"}
"""A type's net, where the rules name it otherwise (the Laquearius's lasso plays as a net)."""


def rgb(colour: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[colour % len(PLAYER_COLOURS)].rgb


def colour_name(colour: int) -> str:
    return PLAYER_COLOURS[colour % len(PLAYER_COLOURS)].name


def type_name(kind: str) -> str:
    return TYPE_NAMES.get(kind, kind.capitalize())


def kit_words(kind: str) -> str:
    """"armoured · medium shield · sica" for a type's kit."""
    k = TYPES[kind]
    parts = [KIT.get(k.armour, k.armour)]
    if k.shield != "none":
        parts.append(KIT.get(k.shield, k.shield))
    parts.append(KIT.get(k.weapon, k.weapon))
    if k.net:
        parts.append(NET_WORDS.get(kind, "net"))
    return " · ".join(parts)


def signed(n: int) -> str:
    """+1, −1 (a true minus sign), 0."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def type_numbers(kind: str) -> str:
    """A type's numbers, what its kit does to the dice in the balanced posture:
    "attack −1 · defence +1 · AP −1 on the dice"."""
    a, d, ap = modifiers(TYPES[kind], "balanced")
    return f"attack {signed(a)} · defence {signed(d)} · AP {signed(ap)} on the dice"


def types_for_sale() -> list[str]:
    """The types a ludus may buy, cheapest first."""
    return sorted(PRICES, key=lambda t: (PRICES[t], t))


def card_names(season, ids) -> str:
    names = {c.id: c.name for c in season.deck}
    return ", ".join(names.get(c, c) for c in ids)


def card_lines(season, ids) -> list[str]:
    """Each card of `ids` (a season's deck's ids) as "Name: what it does, and when" (players' words)."""
    cards = {c.id: c for c in season.deck}
    return [f"{cards[c].name}: {cards[c].words}" if c in cards else str(c) for c in ids]


def card_effects(season, ids) -> str:
    """The cards of `ids` with what each does (no moment): "Tight Guard (+1 defence in one exchange)"."""
    cards = {c.id: c for c in season.deck}
    return ", ".join(f"{cards[c].name} ({card_effect_words(cards[c].kind, cards[c].amount).rstrip('.')})"
                     if c in cards else str(c) for c in ids)


def scars(f) -> str:
    return ", ".join(f"{loc} {f.scars[loc]}" for loc in LOCATIONS if f.scars.get(loc)) or "none"


def record_line(f) -> str:
    """A gladiator's record in a line: bouts, wins, draws, losses, kills."""
    return (f"{f.bouts} bout{'s' if f.bouts != 1 else ''}: {f.wins} W {f.draws} D {f.losses} L, "
            f"{f.kills} kill{'s' if f.kills != 1 else ''}")


def fighter_head(f) -> str:
    """"Rufus — Secutor +1 AP (she)"."""
    g = f.gladiator
    extra = " +1 AP" if g.bonus_ap else ""
    pronoun = f" ({g.pronoun})" if g.pronoun else ""
    return f"{g.name} — {type_name(g.type)}{extra}{pronoun}"


def extra_words(extra: str | None) -> str:
    return EXTRA_NAMES.get(extra, "no extra") if extra else "no extra"


class TextField:
    """A line of text a player types into (the keys' `unicode`); Enter or Esc ends the typing."""

    def __init__(self, value: str, limit: int = 40):
        self.value = value
        self.limit = limit
        self.editing = False

    def key(self, event) -> bool:
        """Take a key while typing (True if taken)."""
        if not self.editing:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
            self.editing = False
        elif event.key == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
        elif typable(event.unicode) and len(self.value) < self.limit:
            self.value += event.unicode
        return True

    def shown(self) -> str:
        return self.value + ("|" if self.editing else "")


def ended_by_enter(field: TextField, event) -> bool:
    """Whether this key just ended the typing with Enter: the screen then puts its focus on its own
    action (Create, Found, Buy), so a second Enter does it — not the field's button, which would
    start the typing again."""
    return not field.editing and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)


def draw_columns(surface, x: int, y: int, width: int, cols, rows, size: int, row_h: int, colours=None,
                 head_colour=DIM) -> int:
    """A table: `cols` (heading, fraction of `width` where it starts), `rows` lists of values;
    `colours[i]` a row's colour (INK by default). Every cell is cut to its column. Returns the y under it."""
    starts = [x + int(f * width) for _, f in cols]
    ends = starts[1:] + [x + width]
    for (head, _), sx, ex in zip(cols, starts, ends):
        surface.blit(shortened(head, size, ex - sx - 4, head_colour, True), (sx, y))
    y += row_h
    for i, row in enumerate(rows):
        colour = colours[i] if colours else INK
        for v, sx, ex in zip(row, starts, ends):
            surface.blit(shortened(str(v), size, ex - sx - 4, colour), (sx, y))
        y += row_h
    return y


def swatch(surface, rect: pygame.Rect, colour: int) -> None:
    pygame.draw.rect(surface, rgb(colour), rect, border_radius=3)
    pygame.draw.rect(surface, (20, 14, 10), rect, 1, border_radius=3)


def to_continue():
    """The season Continue goes on with: (its file, when it was last saved (or its bout on the
    table), a line saying where it stands), or None. Seasons that are over are not continued."""
    from ...rulesets.gladiator import season as S

    found = S.to_continue()
    if found is None:
        return None
    path, season = found
    times = []
    for p in (path, S.bout_path(path)):
        try:
            times.append(p.stat().st_mtime)
        except OSError:
            pass
    name = season.name if season.name.lower().startswith("season") else f"the season {season.name}"
    # ("the season Season" when the default name was kept)
    words = f"Continue: {name}, {season.progress()}"
    current = season.current() if season.begun else None
    if len(times) > 1 and current is not None:  # a bout left on the table: Continue takes it up
        words = (f"Continue: {name}, bout {current.index + 1} on the table "
                 f"({current.sides[0]} v {current.sides[1]})")
    return path, max(times or [0.0]), words


def head(surface, words: str, pos, size: int, colour=INK, bold=True) -> None:
    surface.blit(text(words, size, colour, bold), pos)
