"""What a player may see of a bout of Gladiator!: everything. Gladiator! hides nothing but the
future dice (no hidden hands: experience cards are on the table, each man's own and his
opponent's; no secret orders, no secret picks: docs/rules/GLADIATOR.md), so every player's view
is the whole state, as plain data, the public view (`state_for(game, None)`) the same, and every
event may be told to everyone. The dice's state (and the setup's seed, which would foretell them)
is never in a view. A finished bout's view is the same: there is nothing left to reveal.

The screens draw from it alone (`deathmatch.core.front`): besides the rules' state it names what
they show of each man — his kit as he came and as he fights now, his experience cards' names and
words — and the seats' colours. `QUESTIONS` are what a screen may ask beyond it
(`front.ask(viewer, name, …)`): the arena (the board's geometry, which the game never changes),
the sides two men show each other, the odds of an exchange.
"""

from __future__ import annotations

from .game import CALLED_OFF, called_off_why
from .model import card_effect_words
from .odds import exchange_odds as _odds


def _kit(k) -> dict:
    return {"armour": k.armour, "shield": k.shield, "weapon": k.weapon, "net": k.net, "beast": k.beast}


def _card(c) -> dict:
    return {"id": c.id, "name": c.name, "kind": c.kind, "amount": c.amount, "text": c.text,
            # what it does (and when), in players' words: the screens show them
            "effect": card_effect_words(c.kind, c.amount), "words": c.words}


def state_for(game, player: str | None) -> dict:
    """The whole state as plain data (the same for every player, and for None: the public view)."""
    s = game.state
    d = game.pending
    setup = getattr(game, "setup", None)
    return {
        "players": list(s.players),
        "turn": s.turn,
        "first": s.first,
        "acting": s.acting,
        "orders": s.orders,
        "gods": sorted(s.gods),
        "done": sorted(s.done),
        "options": {"special_rolls": s.options.special_rolls},
        "arena": {"floor": sorted([list(h) for h in s.arena.floor]),
                  "blocked": sorted([list(h) for h in s.arena.blocked]),
                  "source": dict(getattr(s.arena, "source", None) or {})},
        "dropped": [[m, what, list(at)] for m, what, at in s.dropped],
        "men": {m.id: {"owner": m.owner, "name": m.gladiator.name, "type": m.gladiator.type,
                       "pronoun": m.gladiator.words().subject, "at": list(m.at),
                       "facing": m.facing, "posture": m.posture, "wounds": dict(m.wounds), "damage": m.damage,
                       "ap": m.ap, "netted": m.netted, "loose": m.loose, "fallen": m.fallen,
                       "weapon": m.weapon, "shield": m.shield, "armour": m.armour, "net": m.has_net,
                       "down": m.down, "alive": m.alive, "cards": [c.id for c in m.cards],
                       "bonus55": m.bonus55, "inflicted": m.inflicted,
                       # what the screens show besides (added for them; the keys above keep their meaning)
                       "id": m.id, "kit": _kit(m.kit), "beast": m.beast, "weapon_dropped": m.weapon_dropped,
                       "shield_dropped": m.shield_dropped, "net_spent": m.net_spent,
                       "hand": [_card(c) for c in m.cards]}
                 for m in s.men.values()},
        "pending": None if d is None else {"player": d.player, "kind": d.kind, "man": d.man,
                                           "timing": d.timing, "cards": list(d.cards),
                                           "roll": None if d.roll is None else [d.roll.purpose, d.roll.value]},
        "outcome": None if game.outcome is None else {"reason": game.outcome.reason,
                                                      "winners": list(game.outcome.winners)},
        # for the screens: each seat's colour as the setup names it (None: seat order), the answers taken,
        # why a called-off bout was called off (None while it is not)
        "colours": None if setup is None else [seat.colour for seat in setup.seats],
        "answers": len(getattr(game, "history", ()) or ()),
        # each seat's standing order for calling on the gods (game.GODS_ORDERS): public, like the rest
        "gods_orders": {p: game.gods_order(p) for p in s.players},
        "called_off": _called_off(game),
    }


def _called_off(game) -> str | None:
    if game.outcome is None or game.outcome.reason != CALLED_OFF:
        return None
    return called_off_why(game.state) or "turn_limit"


def event_visible_to(event, player: str) -> bool:
    """Every event is public in Gladiator!."""
    return True


# --- what a screen may ask (`front.ask(viewer, name, *args)`): nothing here is hidden from anyone ---

def arena(game, viewer):
    """The arena the bout is fought on (board geometry and its Tiled map: the same for all, never changed)."""
    return game.state.arena


def sides(game, viewer, a: str, b: str):
    """(a's side toward b, b's side toward a, the direction a→b) when the men `a` and `b` are adjacent or
    on a line at 2 (the rules' `Game.sides`); None otherwise."""
    return game.sides(game.state.men[a], game.state.men[b])


def exchange_odds(game, viewer, attacker: str, target: str, frenzied: bool = False):
    """The exact odds (`odds.Odds`) of the exchange if `attacker` declared an Attack on `target` now."""
    return _odds(game, attacker, target, frenzied=frenzied)


def reroll_worth_asking(game, viewer, man: str, purpose: str, value: int) -> bool:
    """Whether the "useful" standing order would ask `man`'s player about his `purpose` die of `value`
    now (`gods.reroll_worth_asking`): a screen that gives an order after the die was rolled (a season's
    bout, whose first die is rolled before its orders are given) lets a die stand that it would not ask."""
    from .gods import reroll_worth_asking as worth

    return worth(game, man, purpose, value)


QUESTIONS = {"arena": arena, "sides": sides, "exchange_odds": exchange_odds,
             "reroll_worth_asking": reroll_worth_asking}


def seating(game) -> tuple[list, int]:
    """For the host only (`front.hand_to(seating)`, never a screen's eyes): the seats the computer plays,
    sorted `(seat, level)` (the setup's, or what a tournament put on the game), and the seed their bots
    are made with (the setup's: it foretells the dice, so it is in no view)."""
    bots = getattr(game, "seat_bots", None) or dict(getattr(getattr(game, "setup", None), "bots", ()) or ())
    return sorted(bots.items()), getattr(getattr(game, "setup", None), "seed", 0)
