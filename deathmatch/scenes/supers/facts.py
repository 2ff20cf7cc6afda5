"""What Superhero Gladiators' screens say about a fight, alike on the table, the log, the hand-off and
the results: the seats and their colours, a hero's name, the outcome in words, the sound of an event.

Nothing here reads the game: every fact comes from a view (`rulesets/supers/view.py:state_for`, through
`deathmatch.core.front`) — the functions take a view, a `Front` or a game (handed on unread to a `Front`,
whose public view they read) — or from public events; a hidden gizmo shows only as a view shows it."""

from __future__ import annotations

from collections.abc import Mapping

from ...client.art.palette import colour_numbers
from ...core.front import Front
from ...rulesets.supers import events as ev
from ...rulesets.supers.model import Hero, Power


TEAM_SIZES = (2, 3)
"""How many heroes a team brings (the issue's team of 2–3)."""


def front_of(where) -> Front:
    """A `Front` over `where` (a `Front` itself, or a game handed on unread)."""
    return where if isinstance(where, Front) else Front(where)


def seen(where, viewer: str | None = None):
    """The view of `where`: a view itself, or the view `viewer` has of a `Front` or a game."""
    return where if isinstance(where, Mapping) else front_of(where).view(viewer)


KIND_WORDS = {"speedy": "speedy", "wall_walking": "wall-walking", "line_of_sight": "line-of-sight", "flight": "flight"}
"""A movement power's kinds in players' words (the files' ids are `wall_walking`, `line_of_sight`)."""


def kind_words(kind: str) -> str:
    return KIND_WORDS.get(kind, kind.replace("_", "-"))


def counted(n: int, word: str, plural: str | None = None) -> str:
    """A number and its noun, singular or plural as it must be: "1 cell", "3 cells", "0 uses"."""
    return f"{n} {word if n == 1 else plural or word + 's'}"


def seats(where) -> list[str]:
    return list(seen(where).players)


def colours(where) -> list[int]:
    """Each seat's colour number (from the setup's colour names; seat order if none)."""
    v = seen(where)
    return colour_numbers(v.colours, len(v.players))


def start_events(game) -> list:
    """What the fight's start told (the tie dice, the acting order), for the table to show — none once a
    decision has been answered (a fight resumed from a save is past its start)."""
    return front_of(game).opening


def story(game) -> list:
    """Every event of the fight so far, in order: its record played again from its setup (what a fight
    resumed from a save told before); empty for a fight without a setup or a record that no longer plays."""
    out: list = []
    try:
        for _, events in front_of(game).retold():
            out += events
    except Exception:  # the log is a nicety: a record that no longer plays leaves it empty
        return []
    return out


def team(where, player: str) -> list:
    """The views of `player`'s heroes, in the fight's order of heroes."""
    return [m for m in seen(where).models.values() if m.owner == player]


def occupant(where, cell) -> str | None:
    """The model id of the hero (not fainted) on `cell`, at any altitude (None: nobody)."""
    if cell is None:
        return None
    cell = tuple(cell)
    for mid, m in seen(where).models.items():
        if not m.fainted and m.at is not None and tuple(m.at) == cell:
            return mid
    return None


def hero_of(mv) -> Hero:
    """A hero (`model.Hero`) made from its view, for the art to draw: its look depends on nothing secret,
    and every gizmo is "none" in it (whatever this view knows), so it can tell nobody a gizmo."""
    return Hero(mv.hero, mv.name, mv.str, mv.dex, mv.size, mv.per,
                tuple(Power(p.name, p.type, p.level, p.uses, tuple(p.styles), tuple(p.movement), p.reliability)
                      for p in mv.powers),
                mv.flavour)


def cast(where) -> dict:
    """The heroes' names and teams (which never change in a fight), as plain data a log can name them by
    (`hero_name(cast, …)` as from the view, without making a view at every answer)."""
    return {"models": {k: {"name": m["name"], "owner": m["owner"]} for k, m in seen(where)["models"].items()}}


def hero_name(where, model_id) -> str:
    """A hero's name as the screens say it (`where`: a view, a `cast`, a `Front` or a game)."""
    models = seen(where)["models"]
    m = models.get(model_id) if model_id is not None else None
    if m is None:
        return str(model_id)
    twins = [k for k, o in models.items() if o["name"] == m["name"]]
    if len(twins) > 1:  # the same hero in two teams (or twice in one): told apart by the team, then a number
        same = [k for k in twins if models[k]["owner"] == m["owner"]]
        return f"{m['name']} ({m['owner']}{'' if len(same) == 1 else f' {same.index(model_id) + 1}'})"
    return m["name"]


def placed_for(where, decision) -> str | None:
    """The team whose hero `decision` places when that is not the placer's own (a Perception 1 hero is
    placed by the next seat, SUPERS.md §4), else None."""
    d = decision
    if d is None or getattr(d, "kind", None) != "place" or not getattr(d, "model", None):
        return None
    m = seen(where)["models"].get(d.model)
    owner = m["owner"] if m is not None else getattr(d, "about", None)
    return owner if owner and owner != d.player else None


PLACED_BY_NEXT = "a hero of Perception 1 is placed by the next seat"
"""Why a seat places another team's hero, in players' words (the log, the prompts, the designer)."""


def outcome_words(where) -> tuple[str, list[str]]:
    """The headline and lines of a finished fight."""
    v = seen(where)
    o = v.outcome
    if o is None:
        return "The fight goes on", []
    lines = []
    for p in v.players:
        mine = team(v, p)
        up = [m for m in mine if not m.fainted]
        lines.append(f"{p}: {len(up)} of {len(mine)} heroes standing")
    if o.reason == "victory" and o.winners:
        return f"{o.winners[0]} wins!", lines
    why = {"draw": "everyone fainted", "quiet": "three quiet turns", "turn_limit": "the turn limit"}.get(o.reason, o.reason)
    return f"A draw ({why})", lines


def effect_for(event) -> str | None:
    """The sound effect of an event (the names the other rulesets' sounds use)."""
    if isinstance(event, (ev.ToHitRolled, ev.PowerRoll, ev.EscapeRolled, ev.NoticeRolled, ev.TieRolled)):
        return "dice"
    if isinstance(event, (ev.Damaged, ev.GizmoDestroyed, ev.Fell)):
        return "hit"
    if isinstance(event, ev.HitResult) and not event.hit or isinstance(event, (ev.AttackFailed, ev.Nullified)):
        return "miss"
    if isinstance(event, ev.Fainted):
        return "death"
    if isinstance(event, ev.Moved):
        return "step"
    if isinstance(event, (ev.DefenceInvoked, ev.Healed, ev.Copied)):
        return "ability"
    if isinstance(event, ev.GameOver):
        return "crowd"
    return None


# --- segments: who acts when (SUPERS.md §2, §4) ---------------------------------------------------
SEGMENTS = 6


def segment_plan(where) -> list[tuple[int, list[str]]]:
    """The turn's six segments as the view tells them: (segment, the heroes who act in it, in acting
    order — fainted heroes left out), segment 1 first."""
    v = seen(where)
    order = list(v.order) or list(v.models)
    return [(k, [mid for mid in order if mid in v.models and not v.models[mid].fainted
                 and k in v.models[mid].segments]) for k in range(1, SEGMENTS + 1)]


def segment_words(where) -> str:
    """The segment track's caption: this segment's heroes (who has acted, who acts now, who is still to
    come) and the next segment in which someone acts, in players' words."""
    v = seen(where)
    if getattr(v, "outcome", None):  # (not "Segment 5 of 6: …; then a new turn" under "Sky Blue wins!")
        return f"The fight is over, in turn {v.turn}, segment {v.segment}." if v.turn and v.segment else \
            "The fight is over."
    if not v.turn or not v.segment:
        return "Each turn has six segments; a hero acts in those its Speed allows (a dot on its row)."
    plan = dict(segment_plan(v))
    now = plan.get(v.segment, [])
    names = []
    passed = v.acting not in now  # (nobody acting: the whole segment still to come)
    for mid in now:
        name = hero_name(v, mid)
        if mid == v.acting:
            names.append(f"{name} (now)")
            passed = True
        else:
            names.append(name if passed else f"{name} (done)")
    later = [k for k in range(v.segment + 1, SEGMENTS + 1) if plan.get(k)]
    nxt = f"next: segment {later[0]}" if later else "then a new turn"
    who = ", ".join(names) if names else "nobody"
    return f"Segment {v.segment} of {SEGMENTS}: {who}; {nxt}."


# --- flight and altitude (SUPERS.md §1, §3, §6) ---------------------------------------------------
ALTITUDE_KINDS = ("take off", "climb", "hover", "descend", "land")
"""The in-place altitude changes a flier may be offered, in the order its buttons show."""


def flight_powers(mv) -> list:
    """The flight powers a hero's view shows it can still use (not destroyed, uses left)."""
    return [p for p in mv.powers if "flight" in (p.movement or ()) and not p.destroyed
            and (p.left is None or p.left > 0)]


def altitude_words(mv) -> str:
    """Where a hero is in the air, for its card: "On the ground" or "In the air: altitude 2"."""
    alt = mv.altitude or 0
    return f"In the air: altitude {alt}" if alt > 0 else "On the ground (altitude 0)"


def altitude_moves(moves, mv) -> dict[str, list]:
    """The legal moves that stay on the hero's cell and change (or keep, in the air) its altitude,
    by kind: "take off" (up from the ground), "climb", "hover" (stay up: flying again, so as not to
    fall), "descend" (lower, still in the air) and "land" (down to the ground); each list by altitude.
    `moves`: the legal `Move`s of the hero; `mv`: its view."""
    alt = mv.altitude or 0
    out: dict[str, list] = {}
    for o in moves:
        if o.path:
            continue
        end = alt if o.altitude is None else o.altitude
        if end > alt:
            kind = "take off" if alt == 0 else "climb"
        elif end == alt:
            if alt == 0:
                continue
            kind = "hover"
        else:
            kind = "land" if end == 0 else "descend"
        out.setdefault(kind, []).append(o)
    for kind in out:
        out[kind].sort(key=lambda o: alt if o.altitude is None else o.altitude)
    return {k: out[k] for k in ALTITUDE_KINDS if k in out}
