"""What Gladiator!'s screens read of a bout, and their words: seats and colours, names, the outcome,
the sounds of events. Read from the bout's view (`seen`: the ruleset's `view.state_for` through a
`deathmatch.core.front.Front`) and the events only, never the game; no rule."""

from __future__ import annotations

from collections.abc import Mapping

from ...client.art.palette import colour_numbers
from ...core.front import Front
from ...rulesets.gladiator import events as ev
from ...rulesets.gladiator.game import CALLED_OFF, TURN_LIMIT
from ...rulesets.gladiator.model import CARD_WHEN_WORDS, PRONOUNS, TYPE_NAMES, Kit, Pronouns

POSTURE_WORDS = {"attack": "attack", "balanced": "balanced", "defend": "defend"}
SIDE_WORDS = {"face": "Face", "shield": "Shield", "weapon": "Weapon", "back": "Back"}
DIRECTION_KEYS = "123456"
"""The keys naming directions 0–5 (facing choices)."""


def start_events(game) -> list:
    """What the bout's start told (the first game turn, the first initiative die), for the table to
    show: the rules' `setup.new_game` keeps them — none once a decision has been answered (a bout
    resumed from a save is past its start). `game` is handed unread to a `Front`."""
    return front_of(game).hand_to(lambda g: [] if getattr(g, "history", None) else list(getattr(g, "setup_events", ())))


_KEPT: dict = {}
"""The game last asked about by itself and the front kept over it (see `front_of`)."""


def seen(source, viewer: str | None = None) -> Mapping:
    """The bout as `viewer` sees it (the ruleset's view, `rulesets/gladiator/view.py`): `source` is that
    view already, a `Front`, or a game (handed unread to a front kept for it: its view is made once per
    change). Everything below reads a view, whichever of them it is given."""
    if isinstance(source, Mapping):
        return source
    return front_of(source).view(viewer)


def front_of(source) -> Front:
    """`source` if it is a `Front`, else a front over the game `source` (handed to it unread): the one
    made last is kept while the same game is asked again (the log's and the animations' words ask for
    every event), so at most one game is held here."""
    if isinstance(source, Front):
        return source
    kept = _KEPT.get("front")
    if kept is None or _KEPT.get("game") is not source:
        _KEPT.clear()
        kept = _KEPT["front"] = Front(source)
        _KEPT["game"] = source
    return kept


def arena_of(source):
    """The arena a bout (a front, or a game) is fought on: the ruleset's answer to anyone (public geometry)."""
    return front_of(source).ask(None, "arena")


def seats(source) -> list[str]:
    return list(seen(source).players)


def colours(source) -> list[int]:
    """Each seat's colour number (from the setup's colour names; seat order if none)."""
    v = seen(source)
    return colour_numbers(v.colours, len(v.players), numbered=True)  # (a season's bout: ludus colours by number)


def man_name(source, man_id) -> str:
    m = seen(source).men.get(man_id)
    return m.name if m is not None else str(man_id)


def words_of(m) -> Pronouns:
    """The words for a man of a view (his/her/their/its…: the gladiator's `pronoun`); "he" for None."""
    if m is None:
        return PRONOUNS["he"]
    return PRONOUNS.get(m.pronoun) or PRONOUNS["he"]


def man_words(source, man_id) -> Pronouns:
    """The words for the man `man_id` of the bout (he/him/his, she/her/her, they/them/their, it/it/its)."""
    return words_of(seen(source).men.get(man_id))


def type_name(m) -> str:
    return TYPE_NAMES.get(m.type, m.type)


def state_of(m) -> str:
    """The sprite state of a man (client/art/gladiator.py STATES): of a view or of the rules' state."""
    if not m.alive:
        return "dead"
    if m.down:
        return "down"
    if m.fallen:
        return "fallen"
    if m.netted:
        return "netted"
    return "standing"


def two_weapon_sides(m) -> bool:
    """A man with no shield (now) or two swords has two Weapon sides (the engine's ruling, §1)."""
    return m.shield == "none" or m.kit.weapon == "two_swords"


def kit_now(m) -> Kit:
    """What a man of a view fights with now (his shield, weapon and net as they are; armour as he came)."""
    return Kit(m.kit.armour, m.shield, m.weapon, m.net, m.kit.beast)


def kit_of(m) -> Kit:
    """The kit a man of a view came with."""
    k = m.kit
    return Kit(k.armour, k.shield, k.weapon, k.net, k.beast)


def other(v, man_id):
    """His opponent in the view `v`."""
    return next(m for m in v.men.values() if m.id != man_id)


def occupant(v, h):
    """The living man on hex `h` in the view `v`, or None."""
    return next((m for m in v.men.values() if m.alive and tuple(m.at) == tuple(h)), None)


def man_of(v, player: str):
    return next(m for m in v.men.values() if m.owner == player)


def card_of(v, card_id):
    """An experience card still held by either man (a view's `hand` entry), or None."""
    for m in v.men.values():
        for c in m.hand:
            if c.id == card_id:
                return c
    return None


def called_off_words(source) -> str:
    """Why a bout was called off (the engine's rule, docs/RULINGS.md), in the table's words."""
    if seen(source).called_off == "no_one_can_act":
        return "Neither man can act again: no bout goes on for ever."
    return f"{TURN_LIMIT} game turns fought: no bout goes on for ever."


def outcome_words(source) -> tuple[str, list[str]]:
    """The headline and lines of a finished bout."""
    v = seen(source)
    o = v.outcome
    if o is None:
        return "The bout goes on", []
    lines = []
    for m in v.men.values():
        fate = "dead" if not m.alive else ("down, spared by the crowd" if m.down
                                           else f"on {words_of(m).possessive} feet")
        lines.append(f"{m.name} ({m.owner}): {fate}, {m.damage} damage")
    if o.reason == CALLED_OFF:
        return "Called off: a draw", [called_off_words(v)] + lines
    if not o.winners:
        return "A draw", lines
    w = o.winners[0]
    return f"{man_name(v, man_of(v, w).id)} wins for {w}!", lines


def effect_for(event) -> str | None:
    """The sound effect of an event (the names Celebrity's sounds use)."""
    if isinstance(event, ev.DieRolled):
        return "dice"
    if isinstance(event, ev.Wounded):
        return "hit"
    if isinstance(event, ev.ExchangeResolved) and not event.to_defender and not event.to_attacker \
            or isinstance(event, ev.Dodged):
        return "miss"
    if isinstance(event, (ev.GodsCalled, ev.CardPlayed)):
        return "ability"
    if isinstance(event, ev.PickedUp):
        return "loot"
    if isinstance(event, ev.ThumbsRolled):
        return "crowd"
    if isinstance(event, (ev.Dead, ev.Killed)):
        return "death"
    if isinstance(event, (ev.Advanced, ev.Retreated)):
        return "step"
    if isinstance(event, ev.BoutOver):
        return "crowd"
    return None


# --- standing orders for calling on the gods, in players' words (the setup's button, the bout's Gods panel) ---

GODS_CHOICES = {"useful": "only when it can change the result", "ask": "ask me every die", "never": "never"}
"""The standing orders a human seat may give from the setup screen and during the bout, with their words
(new games: "useful")."""
GODS_WORDS = {**GODS_CHOICES, "low": "ask me on a low die", "auto": "by itself on a low die"}
"""Every standing order's words (a saved bout may hold the older "low" and "auto")."""
GODS_HINTS = {"useful": "You are asked only when a new die could do you good and is at least as likely to help as to hurt: "
                        "never on a 6 of initiative, nor a defence die that cannot matter.",
              "ask": "You are asked after every die of yours, while you may still call on the gods this game turn.",
              "never": "You never call on the gods (an experience card that re-rolls is still offered on a low die)."}
"""What each choice means, in a line (the buttons' hints)."""


# --- dice and card moments, in players' words (the prompts) ---

DIE_WORDS = {"initiative": "initiative die", "ap": "AP die", "attack": "attack die", "defence": "defence die",
             "net": "net die", "location": "wound location die", "drop": "dropped-kit die",
             "thumbs": "die for the crowd"}
"""A die by its purpose, as a prompt names it ("Brennus's AP die rolled 2")."""


def die_words(purpose: str) -> str:
    """A die of purpose `purpose` in players' words (never the engine's id: "AP die", not "ap die")."""
    return DIE_WORDS.get(purpose, f"{purpose.replace('_', ' ')} die")


def card_moment_words(timing: str) -> str:
    """The moment a card window opens, in the words the cards' own texts use ("when an exchange is
    declared"; `CARD_WHEN_WORDS` less its "play it "), never the engine's id ("exchange")."""
    when = CARD_WHEN_WORDS.get(timing, "")
    return when.removeprefix("play it ") if when else "an experience card fits this moment"
