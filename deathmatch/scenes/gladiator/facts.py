"""What Gladiator!'s screens read of a bout, and their words: seats and colours, names, the outcome,
the sounds of events. Read from the game (`game.state`, `game.setup`) and the events only; no rule."""

from __future__ import annotations

from ...rulesets.gladiator import events as ev
from ...rulesets.gladiator.game import CALLED_OFF, TURN_LIMIT, called_off_why
from ...rulesets.gladiator.model import PRONOUNS, TYPE_NAMES, Pronouns
from ...client.art.palette import PLAYER_COLOURS

POSTURE_WORDS = {"attack": "attack", "balanced": "balanced", "defend": "defend"}
SIDE_WORDS = {"face": "Face", "shield": "Shield", "weapon": "Weapon", "back": "Back"}
DIRECTION_KEYS = "123456"
"""The keys naming directions 0–5 (facing choices)."""


def colour_name(index: int) -> str:
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)].name.lower()


def colour_index(name: str, default: int = 0) -> int:
    """The colour number of a seat's colour name (as the setup wrote it), or of its number (a
    season's bout names each ludus's colour by number: career.Side.colour)."""
    if str(name).isdigit():
        return int(name) % len(PLAYER_COLOURS)
    for i, c in enumerate(PLAYER_COLOURS):
        if c.name.lower() == str(name).lower():
            return i
    return default


def start_events(game) -> list:
    """What the bout's start told (the first game turn, the first initiative die), for the table to
    show: `game.setup_events` (the rules' `setup.new_game` keeps them) — none once a decision has been
    answered (a bout resumed from a save is past its start)."""
    return [] if getattr(game, "history", None) else list(getattr(game, "setup_events", ()))


def seats(game) -> list[str]:
    return list(game.state.players)


def colours(game) -> list[int]:
    """Each seat's colour number (from the setup's colour names; seat order if none)."""
    setup = getattr(game, "setup", None)
    if setup is None:
        return list(range(len(game.state.players)))
    return [colour_index(s.colour, k) for k, s in enumerate(setup.seats)]


def man_name(game, man_id) -> str:
    m = game.state.men.get(man_id)
    return m.gladiator.name if m is not None else str(man_id)


def words_of(m) -> Pronouns:
    """The words for a man (his/her/their/its…: the gladiator's `pronoun`); "he" for None."""
    return m.gladiator.words() if m is not None else PRONOUNS["he"]


def man_words(game, man_id) -> Pronouns:
    """The words for the man `man_id` of the game (he/him/his, she/her/her, they/them/their, it/it/its)."""
    return words_of(game.state.men.get(man_id))


def type_name(m) -> str:
    return TYPE_NAMES.get(m.gladiator.type, m.gladiator.type)


def state_of(m) -> str:
    """The sprite state of a man (client/art/gladiator.py STATES)."""
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


def called_off_words(game) -> str:
    """Why a bout was called off (the engine's rule, docs/RULINGS.md), in the table's words."""
    if called_off_why(game.state) == "no_one_can_act":
        return "Neither man can act again: no bout goes on for ever."
    return f"{TURN_LIMIT} game turns fought: no bout goes on for ever."


def outcome_words(game) -> tuple[str, list[str]]:
    """The headline and lines of a finished bout."""
    o = game.outcome
    if o is None:
        return "The bout goes on", []
    men = list(game.state.men.values())
    lines = []
    for m in men:
        fate = "dead" if not m.alive else ("down, spared by the crowd" if m.down
                                                 else f"on {words_of(m).possessive} feet")
        lines.append(f"{m.gladiator.name} ({m.owner}): {fate}, {m.damage} damage")
    if o.reason == CALLED_OFF:
        return "Called off: a draw", [called_off_words(game)] + lines
    if not o.winners:
        return "A draw", lines
    w = o.winners[0]
    return f"{man_name(game, game.state.man_of(w).id)} wins for {w}!", lines


def effect_for(event) -> str | None:
    """The sound effect of an event (the names Celebrity's sounds use)."""
    if isinstance(event, ev.DieRolled):
        return "dice"
    if isinstance(event, ev.Wounded):
        return "hit"
    if isinstance(event, ev.ExchangeResolved) and not event.to_defender and not event.to_attacker:
        return "miss"
    if isinstance(event, ev.ThumbsRolled):
        return "crowd"
    if isinstance(event, (ev.Dead, ev.Killed)):
        return "death"
    if isinstance(event, (ev.Advanced, ev.Retreated)):
        return "step"
    if isinstance(event, ev.BoutOver):
        return "crowd"
    return None
