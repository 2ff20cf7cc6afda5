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

For the screens (issue 28: a screen reads this view, never the game) it also says, all public: each
seat's colour name (`"colours"`, None without a setup), who plays by computer (`"bots"`: seat ->
level), and the attack being resolved (`"strike"`: its attacker, the power's name, type, level and
styles — declared in the open — the heroes hit and the critical ones). A finished fight's view is
the same view: the rules reveal nothing more at the end (a hidden gizmo nobody noticed stays unnamed).
`state_for(game, None)` is the public view (nobody's secrets: nobody's own team).

`QUESTIONS` are what a screen may ask beyond the view (`Front.ask(viewer, name, *args)`): the arena
map (public, unchanged by play); the attack power an attack would use, the movement powers a move
would use, the odds of an attack, the defences a target could stop it with, the cells an area attack
reaches, the damage of the hit being resolved and whether a defence would do anything against it.
Each is arithmetic on what every view shows (heroes' numbers, a power's type, level, styles, uses
left, destroyed; the dice rolled in the open): none reads a gizmo or a cost, so each may answer any
viewer (a screen asks for the seat deciding).
"""

from __future__ import annotations

from ...core.front import seen
from . import actions as ac
from . import odds

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


def strike_view(game) -> dict | None:
    """The attack being resolved, as everyone saw it declared and rolled (None: none)."""
    x = getattr(game, "strike", None)
    if x is None:
        return None
    p = x.power
    return {"attacker": x.attacker, "power_name": x.power_name, "close": x.close, "full": x.full,
            "power": {"name": p.name, "type": p.type, "level": p.level, "styles": list(p.styles)},
            "hit": list(x.hit), "crit": sorted(x.crit)}


def state_for(game, player: str | None) -> dict:
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
        "colours": None if game.setup is None else [seat.colour for seat in game.setup.seats],
        "bots": dict(getattr(game, "seat_bots", None) or dict(getattr(game.setup, "bots", ()) or ())),
        "strike": strike_view(game),
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


# --- what a screen may ask beyond the view (Front.ask) ------------------------------------------
def _hero(game, model_id):
    """The hero `model_id` (None for none)."""
    return game.state.models.get(model_id) if model_id is not None else None


def ask_arena(game, viewer):
    """The fight's arena (its map: public, unchanged by play) — what the board is drawn from."""
    return game.state.arena


def ask_attack_power(game, viewer, model_id: str, power: str) -> dict | None:
    """The power (its public fields) an attack of the hero by `power` would use (a stored copy too), or None."""
    m = _hero(game, model_id)
    got = game.attack_power(m, power)[0] if m is not None else None
    if got is None:
        return None
    p, copied = got
    return {"name": p.name, "type": p.type, "level": p.level, "styles": list(p.styles), "copied": copied,
            "reliability": p.reliability, "works_on": odds.RELIABLE_ON.get(p.reliability)}


def ask_move_plan(game, viewer, move) -> tuple | None:
    """(altitude it ends at, the movement powers the engine would use — each its `name` and `movement`
    kinds —, movement spent) of a move, or None (not a move its hero may make)."""
    m = _hero(game, move.model)
    if m is None:
        return None
    plan, _ = game.plan_move(m, move)  # the engine's own choice of powers for that move
    if plan is None:
        return None
    powers, cost = plan
    return (move.altitude if move.altitude is not None else m.altitude,
            tuple(seen({"name": p.name, "movement": list(p.movement)}) for p in powers), cost)


def ask_odds(game, viewer, action):
    """What an attack (or gizmo attack) is likely to do: `odds.attack_odds`'s list (or `odds.gizmo_odds`'s
    chance); None if the odds fail (they are advice)."""
    if _hero(game, action.model) is None:
        return None
    try:
        if isinstance(action, ac.Attack):
            return odds.attack_odds(game, action.model, action.power, action.target, action.at)
        return odds.gizmo_odds(game, action.model, action.power, action.target)
    except Exception:  # the odds are advice: a failing helper must not stop the fight
        return None


def ask_stoppers(game, viewer, action, hit) -> tuple:
    """The defences the hero of `hit` (a HitOdds of the attack `action`) could stop it with (any team's
    defences are on its card for all to see)."""
    m = _hero(game, action.model)
    if m is None:
        return ()
    try:
        got, _ = game.attack_power(m, action.power)
        return odds.stopping_defences(game, hit.hero, hit, got[0]) if got else ()
    except Exception:  # advice only, as the odds
        return ()


def ask_reach(game, viewer, action) -> list:
    """The cells an area attack at that target reaches ([] for any other attack)."""
    m = _hero(game, action.model)
    if m is None:
        return []
    got, _ = game.attack_power(m, action.power)
    if got is None:
        return []
    p = got[0]
    radius = 2 if "superarea" in p.styles else 1 if "area" in p.styles else 0
    if not radius:
        return []
    s = game.state
    hub = m.at if p.type == "smash" else (s.models[action.target].at if action.target else game.cell(action.at))
    g = game.grid
    return [c for c in s.arena.terrain if g.distance(hub, c) <= radius]


def ask_strike_damage(game, viewer, hero: str):
    """The oomph the attack being resolved takes from `hero` if nothing stops it (public: it is rolled in the
    open), None if it is not hit."""
    return odds.strike_damage(game, hero)


def ask_defence_outlook(game, viewer, hero: str, defence: str) -> str | None:
    """Why `hero` invoking `defence` against the hit being resolved would do nothing (a `DefenceWasted`
    reason word), or None (it would stop it, or there is no such hit)."""
    if _hero(game, hero) is None or game.strike is None:
        return None
    try:
        return odds.defence_outlook(game, hero, defence)
    except Exception:  # advice only
        return None


QUESTIONS = {
    "arena": ask_arena,
    "attack_power": ask_attack_power,
    "move_plan": ask_move_plan,
    "odds": ask_odds,
    "stoppers": ask_stoppers,
    "reach": ask_reach,
    "strike_damage": ask_strike_damage,
    "defence_outlook": ask_defence_outlook,
}
"""The questions a screen may ask (`Ruleset.questions`)."""
