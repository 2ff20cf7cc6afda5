"""What an experience card's effect kind is, and the registry of kinds by name (GLADIATOR.md §10).

A card names one kind (`effect: {kind: fury, amount: 2}`); its timing and amount range are the
shared model's (`rulesets/gladiator/model.py` `CARD_KINDS`; `tests/gladiator/test_gladiator.py` checks that
every kind there has a module here with the same timing). The game offers a card at its timing's
moment (an order in his half, or a window: exchange, rolled, wounded, special, thumbs); each card
is played once in a bout, then gone.

A kind talks to the game only through these methods of `rulesets.gladiator.game.Game` (this
package imports no rules module):

- `gain_ap(man, n)`, `heal(man, location, n)`, `free_of_net(man)`, `face(man, facing)`;
- `exchange_bonus(man, attack=, defence=, foe_defence=, damage=)` (the open exchange);
- `negate_wound(man)` (the wound about to land), `cancel_special(man)` (the fall or drop about to
  happen), `thumbs_bonus(man, n)`, `reroll_die(man, card)` (the die just rolled);
- reading: `game.state.men[id]` (`netted`, `wounds`, `fallen`), `game.in_contact(man)`.

`check(game, man, card, action)` returns None when the card may be played now, else
`(code, words)`: the game refuses with them.
"""

from __future__ import annotations

from typing import ClassVar

LOCATIONS = ("leg", "torso", "arm", "head")


class CardEffect:
    """Base class: a kind's name, its timing, and how it is checked and played."""

    name: ClassVar[str] = ""
    timing: ClassVar[str] = ""
    """order, exchange, rolled, wounded, special or thumbs (model.CARD_TIMINGS)."""

    def check(self, game, man, card, action) -> tuple[str, str] | None:
        return None

    def play(self, game, man, card, action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError


KINDS: dict[str, CardEffect] = {}


def register(cls):
    """Class decorator: register one instance of the kind under its name."""
    KINDS[cls.name] = cls()
    return cls


def get_kind(name: str) -> CardEffect:
    try:
        return KINDS[name]
    except KeyError:
        raise KeyError(f"no experience card kind {name!r} (known: {', '.join(sorted(KINDS))})") from None


def check_location(man, action) -> tuple[str, str] | None:
    """A location named, with a wound on it to take off."""
    loc = getattr(action, "location", None)
    if loc not in LOCATIONS:
        return "bad_location", f"name a location: {', '.join(LOCATIONS)}"
    if man.wounds.get(loc, 0) < 1:
        return "no_wound", f"{man.id} has no wound on his {loc}"
    return None
