"""What a player may see of a bout of Gladiator!: everything. Gladiator! hides nothing but the
future dice (no hidden hands: experience cards are on the table, each man's own and his
opponent's; no secret orders), so every player's view is the whole state, as plain data, and
every event may be told to everyone. The dice's state is never in a view.
"""

from __future__ import annotations


def state_for(game, player: str) -> dict:
    """The whole state as plain data (the same for every player)."""
    s = game.state
    d = game.pending
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
                  "blocked": sorted([list(h) for h in s.arena.blocked])},
        "dropped": [[m, what, list(at)] for m, what, at in s.dropped],
        "men": {m.id: {"owner": m.owner, "name": m.gladiator.name, "type": m.gladiator.type,
                       "pronoun": m.gladiator.words().subject, "at": list(m.at),
                       "facing": m.facing, "posture": m.posture, "wounds": dict(m.wounds), "damage": m.damage,
                       "ap": m.ap, "netted": m.netted, "loose": m.loose, "fallen": m.fallen,
                       "weapon": m.weapon, "shield": m.shield, "armour": m.armour, "net": m.has_net,
                       "down": m.down, "alive": m.alive, "cards": [c.id for c in m.cards],
                       "bonus55": m.bonus55, "inflicted": m.inflicted}
                 for m in s.men.values()},
        "pending": None if d is None else {"player": d.player, "kind": d.kind, "man": d.man,
                                           "timing": d.timing, "cards": list(d.cards),
                                           "roll": None if d.roll is None else [d.roll.purpose, d.roll.value]},
        "outcome": None if game.outcome is None else {"reason": game.outcome.reason,
                                                      "winners": list(game.outcome.winners)},
    }


def event_visible_to(event, player: str) -> bool:
    """Every event is public in Gladiator!."""
    return True
