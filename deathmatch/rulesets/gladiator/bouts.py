"""What a season (`career.py`) asks of Gladiator!'s rules to play its bouts (`core.registry.
CareerRules`): the experience deck, a bout's setup from the season's sides, and a finished bout's
result in the season's words.

A bout of a season is fought on the bundled bout arenas in turn (bout 1 on the first, ...), each
man on a start hex the map marks. Every bout ends: the engine itself calls a bout off as a draw when
neither man can act again or after `game.TURN_LIMIT` game turns (docs/RULINGS.md), both men walking
out as they stand, in a season as at the table (`bout_result` reads it as a draw).
"""

from __future__ import annotations

from .model import LOCATIONS
from .setup import Seat, Setup, card_from_json, gladiator_from_json
from .state import Options

BOUT_ARENAS = ("sand_circle", "ludus_yard", "broken_ring")
"""The bundled arenas a season's bouts are fought on, in turn."""


def deck() -> list:
    """The experience cards a new season draws from: the bundled and the player's card files that
    load clean (`gladiators.py`), in id order."""
    from .gladiators import load_default_library

    lib = load_default_library()
    return [lib.cards[k] for k in sorted(lib.cards)]


def bout_setup(bout: dict, seed: int) -> Setup:
    """The setup of a season's bout (`career.BoutSetup.to_json()`): each side's seat named by its
    ludus, its gladiator and the cards he holds; the arena by the bout's number."""
    seats, cards = [], {}
    for side in bout["sides"]:
        seats.append(Seat(str(side["ludus"]), str(side.get("colour", "")), gladiator_from_json(side["gladiator"])))
        for c in side.get("cards") or ():
            cards[str(c["id"])] = card_from_json(c)
    arena = BOUT_ARENAS[(int(bout.get("bout", 1)) - 1) % len(BOUT_ARENAS)]
    bots = tuple((s.name, str(side["bot"])) for s, side in zip(seats, bout["sides"]) if side.get("bot"))
    return Setup(tuple(seats), {"map": f"bundled:{arena}"}, Options(), seed, cards, bots=bots)


def bout_result(game) -> dict:
    """A finished bout (called off too: a draw) in the season's words: the winner's seat (None: a draw) and
    each man's end, the damage he dealt, his wounds by location and the cards he played."""
    s = game.state
    men = list(s.men.values())  # in seat order
    winner = None
    if game.over and game.outcome.winners and len(game.outcome.winners) == 1:
        winner = list(s.players).index(game.outcome.winners[0])
    out = []
    for m in men:
        if not m.alive:
            end = "thumbs_down" if m.down else "killed"
        else:
            end = "spared" if m.down else "standing"
        left = [c.id for c in m.cards]
        used = []
        for cid in m.gladiator.cards:  # what he held less what is left (a card may be held twice)
            if cid in left:
                left.remove(cid)
            else:
                used.append(cid)
        out.append({"end": end, "damage_dealt": m.inflicted,
                    "wounds": {loc: m.wounds[loc] for loc in LOCATIONS if m.wounds[loc]}, "cards_used": used})
    return {"winner": winner, "men": out}
