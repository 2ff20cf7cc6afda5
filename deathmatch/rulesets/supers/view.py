"""What a player may see of a fight of Superhero Gladiators.

Everything is public but the hidden gizmos (§7) and the future dice:

- A power that is a **hidden gizmo** shows to the other teams as an ordinary power (`"gizmo":
  "none or hidden"`, the same words every power that is not a known gizmo shows) until their team
  notices it (then `"hidden"`, `"noticed": true`) or it is attacked or destroyed. A vulnerable gizmo
  is public (anyone may attack it).
- A power's **cost**, and a hero's points spent and left, would tell a hidden gizmo (it is priced
  ×1.4, an invulnerable power ×2): they show only to the hero's own team.
- Who noticed what (`Noticed` events) is told only to the noticer's team and the owner's.
- A pending decision's options (which defences a hero may invoke, which of its unused hidden gizmos
  to give up) show only to the player who answers it.

The view says so itself: `"hidden"` lists, in words, what this player is not shown.
"""

from __future__ import annotations

UNKNOWN = "none or hidden"
"""How another team's power that is not a known gizmo shows its gizmo."""


def power_view(m, p, player: str) -> dict:
    own = m.owner == player
    gizmo = p.gizmo
    known = own or gizmo == "vulnerable" or (gizmo == "hidden" and player in m.known.get(p.name, ()))
    out = {"name": p.name, "type": p.type, "level": p.level, "uses": p.uses, "left": m.uses.get(p.name),
           "styles": list(p.styles), "movement": list(p.movement), "reliability": p.reliability,
           "gizmo": gizmo if known or p.name in m.destroyed else UNKNOWN,
           "used": p.name in m.used, "destroyed": p.name in m.destroyed,
           "damage": p.damage(), "range": p.range()}
    if gizmo == "hidden" and (known or p.name in m.destroyed):
        out["noticed"] = not own or len(m.known.get(p.name, ())) > 1
    if own:
        out["cost"] = p.cost()
    return out


def model_view(m, player: str) -> dict:
    h = m.hero
    out = {"owner": m.owner, "name": h.name, "hero": h.id, "flavour": h.flavour,
           "str": h.str, "dex": h.dex, "size": h.size, "per": h.per,
           "combat": h.combat, "max_oomph": h.max_oomph, "speed": h.speed, "segments": list(h.segments),
           "movement": h.movement,
           "at": None if m.at is None else list(m.at), "altitude": m.altitude, "oomph": m.oomph,
           "entangled": m.entangled, "grappler": m.grappler, "fainted": m.fainted,
           "powers": [power_view(m, p, player) for p in h.powers],
           "stored": None if m.stored is None else {"name": m.stored.name, "type": m.stored.type,
                                                     "level": m.stored.level, "styles": list(m.stored.styles),
                                                     "from": m.stored_from}}
    if m.owner == player:
        out["spent"], out["left"] = h.spent, h.left
    return out


def state_for(game, player: str) -> dict:
    """The fight as `player` may see it (plain data)."""
    s = game.state
    d = game.pending
    pending = None
    if d is not None:
        pending = {"player": d.player, "kind": d.kind, "model": d.model}
        if d.player == player:
            pending["options"] = list(d.options)
            pending["about"] = d.about
    return {
        "players": list(s.players),
        "you": player,
        "turn": s.turn,
        "segment": s.segment,
        "order": list(s.order),
        "acting": s.acting,
        "quiet": s.quiet,
        "options": {"turn_limit": s.options.turn_limit},
        "arena": {"grid": s.arena.grid.name,
                  "floor": sorted([list(c) for c in s.arena.floor]),
                  "walls": sorted([list(c) for c in s.arena.blocked]),
                  "hazards": sorted([list(c) for c in s.arena.hazards])},
        "models": {m.id: model_view(m, player) for m in s.models.values()},
        "pending": pending,
        "outcome": None if game.outcome is None else {"reason": game.outcome.reason,
                                                      "winners": list(game.outcome.winners)},
        "hidden": ["other teams' hidden gizmos until your team notices them: their powers show "
                   f"gizmo '{UNKNOWN}'",
                   "other teams' power costs and points spent and left",
                   "the options of a question another player answers",
                   "what other teams noticed of each other",
                   "the future dice"],
    }


def event_visible_to(event, player: str) -> bool:
    """An event with a `to` field is told only to those players; every other one is public."""
    to = getattr(event, "to", None)
    return to is None or player in to
