"""What a player may see of a game of Chessboard Skirmish: everything. Skirmish has no hidden
information (no cards, no secret orders; the dice's future is in no view), so every player's
view is the whole state, as plain data, and every event may be told to everyone.
"""

from __future__ import annotations


def state_for(game, player: str) -> dict:
    """The whole state as plain data (the same for every player; the dice's state is never in it)."""
    s = game.state
    d = game.pending
    return {
        "players": list(s.players),
        "round": s.round,
        "first": s.first,
        "turn": s.turn,
        "initiative": {p: list(v) for p, v in s.initiative.items()},
        "options": {"points": s.options.points, "scenario": s.options.scenario, "obstacles": s.options.obstacles},
        "board": {"size": [s.width, s.height], "obstacles": sorted([list(q) for q in s.board.blocked])},
        "minis": {m.id: {"owner": m.owner, "name": m.spec.name, "die": m.die, "weapon": m.spec.weapon,
                         "hero": m.spec.hero, "at": list(m.at) if m.at is not None else None, "armour": m.armour,
                         "acted": m.acted, "alive": m.alive, "carrying": m.carrying, "rerolled": m.rerolled}
                  for m in s.minis.values()},
        "activation": None if s.activation is None else {
            "mini": s.activation.mini, "moved": s.activation.moved, "attacked": s.activation.attacked,
            "skill_tried": s.activation.skill_tried},
        "marker": None if s.marker is None else {
            "at": list(s.marker.at) if s.marker.at is not None else None, "carried_by": s.marker.carrier},
        "pending": None if d is None else {"player": d.player, "kind": d.kind, "mini": d.mini},
        "outcome": None if game.outcome is None else {"reason": game.outcome.reason,
                                                      "winners": list(game.outcome.winners)},
    }


def event_visible_to(event, player: str) -> bool:
    """Every event is public in Skirmish."""
    return True
