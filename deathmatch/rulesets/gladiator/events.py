"""Gladiator!'s events: what `game.apply` (and `game.start`) return, in the order things happened.
Each is a small frozen value carrying what a screen animates (hexes, facings, every die with its
purpose), so a screen never reads the live game to draw one.

A game turn: `TurnStarted`, `DieRolled` (initiative, each perhaps followed by a `DieRolled` with
`reroll` set), `InitiativeTied`…, `InitiativeWon`, `Chosen`; each half: `HalfStarted`,
`PostureChosen`, `DieRolled` (ap), `APRolled`, the orders (`Advanced`, `Retreated`, `Turned`,
`ExchangeDeclared` … `ExchangeResolved`, `Wounded`, `Special`, `Fell`, `Dropped`, `NetThrown`,
`GotLoose`, `PickedUp`, `StoodUp`, `Recovered`, `CardPlayed`), `HalfEnded`. The bout's end:
`Down`/`Dead`/`Killed`, `ThumbsRolled`, `BoutOver`.
"""

from __future__ import annotations

from ...board import Hex
from ...values import value


@value
class TurnStarted:
    turn: int


@value
class DieRolled:
    """One d6 of `man`'s for `purpose` (initiative, ap, attack, defence, net, location, drop, thumbs).
    `reroll`: it replaces the one before, by `by` ("gods" or a card id)."""

    man: str
    purpose: str
    value: int
    reroll: bool = False
    by: str | None = None


@value
class GodsCalled:
    """`man` called on the gods (or played the gods_favour card `card`) to re-roll his `purpose` die;
    `by_order`: his seat's standing order did it, unasked (game.GODS_ORDERS)."""

    man: str
    purpose: str
    card: str | None = None
    by_order: bool = False


@value
class GodsOrderSet:
    """`player` set their standing order for calling on the gods (game.GODS_ORDERS) to `order`."""

    player: str
    order: str


@value
class InitiativeRolled:
    """Initiative: `die` − head wounds − 2 against a lion in the first game turn = `total`."""

    man: str
    die: int
    head: int
    lion: int
    total: int
    attempt: int = 1


@value
class InitiativeTied:
    total: int


@value
class InitiativeWon:
    man: str
    player: str


@value
class Chosen:
    """The winner goes `first` or second: `order` the men in half order."""

    player: str
    first: bool
    order: tuple


@value
class HalfStarted:
    man: str
    player: str


@value
class PostureChosen:
    man: str
    posture: str


@value
class APRolled:
    """AP = die + armour + shield + posture + bonus − leg wounds, at least 0."""

    man: str
    die: int
    armour: int
    shield: int
    posture: int
    bonus: int
    leg: int
    ap: int


@value
class Advanced:
    man: str
    start: Hex
    path: tuple
    facing: int
    ap: int
    """AP spent."""


@value
class Retreated:
    man: str
    start: Hex
    path: tuple
    facing: int
    ap: int


@value
class Turned:
    man: str
    start: int
    facing: int
    ap: int


@value
class ExchangeDeclared:
    """An Attack: `attacker` at `attacker_at` on `defender` at `defender_at` (distance 1 or 2);
    the sides each shows the other (face, weapon, shield, back)."""

    attacker: str
    defender: str
    attacker_at: Hex
    defender_at: Hex
    distance: int
    attacker_side: str
    defender_side: str
    frenzied: bool
    ap: int


@value
class Rolls:
    """One man's part of an exchange: his attack die (None: not rolled, and why), his defence die,
    and each modified total with its modifiers."""

    man: str
    attack_die: int | None
    defence_die: int
    attack: int | None
    defence: int
    attack_mods: tuple
    """(name, amount) pairs: kit, orientation, frenzied, trident, card, torso wounds ..."""
    defence_mods: tuple
    no_attack: str | None = None
    """Why he rolled no attack die: back, no_weapon, netted, reach."""


@value
class ExchangeResolved:
    """The four dice compared: damage to the defender and to the attacker (0: none)."""

    attacker: Rolls
    defender: Rolls
    to_defender: int
    to_attacker: int


@value
class Wounded:
    man: str
    location: str
    damage: int
    total: int
    """His total damage now."""
    by: str


@value
class Dodged:
    man: str
    card: str
    location: str
    damage: int


@value
class Special:
    """A special roll (§7) of `man`'s: six_six, one_one, two_two, five_five, one_against_six."""

    man: str
    kind: str


@value
class Killed:
    """`man` killed outright by `by`'s 6 and 6."""

    man: str
    by: str


@value
class Fell:
    man: str
    at: Hex
    facing: int


@value
class Dropped:
    man: str
    what: str
    """weapon or shield."""
    at: Hex


@value
class NothingDropped:
    """A drop die (or 1 against 6) that found nothing to drop (no shield, or nothing left)."""

    man: str
    what: str


@value
class SpecialCancelled:
    """A sure_footed card kept `man` from his fall or drop."""

    man: str
    card: str
    kind: str


@value
class PickedUp:
    man: str
    what: str
    at: Hex
    ap: int


@value
class StoodUp:
    man: str
    ap: int


@value
class NetThrown:
    thrower: str
    target: str
    thrower_die: int
    target_die: int
    caught: bool
    ap: int


@value
class GotLoose:
    man: str
    spent: int
    total: int
    """AP spent on the net so far (3 frees him)."""
    loose: bool


@value
class Recovered:
    man: str
    location: str
    damage: int
    ap: int


@value
class CardPlayed:
    man: str
    card: str
    kind: str
    amount: int
    name: str = ""


@value
class APGained:
    man: str
    amount: int
    ap: int


@value
class HalfEnded:
    man: str
    why: str
    """end (he said so), no_ap, recover, out (down or dead), bout_over."""


@value
class Down:
    man: str
    damage: int


@value
class Dead:
    man: str
    damage: int
    how: str
    """damage (8 or more), six_six, crowd (thumbs down)."""


@value
class ThumbsRolled:
    """The crowd's roll for a man down: d6 + damage he inflicted + 5-and-5 bonuses + cards; 6 or more: up."""

    man: str
    die: int
    inflicted: int
    bonus55: int
    card: int
    total: int
    up: bool


@value
class BoutOver:
    winners: tuple
    reason: str


@value
class Outcome:
    """How the bout ended: `reason` (victory, draw, called_off: `game.called_off_why`) and the winning
    players (empty: a draw)."""

    reason: str
    winners: tuple
