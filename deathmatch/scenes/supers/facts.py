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
