"""Superhero Gladiators' log in plain words: one line per engine event worth telling (none for the
bookkeeping ones). Only public facts, and the events told to some players only (`Noticed`: the
`to` field) carry that audience so the table shows them to those players alone (`audience`)."""

from __future__ import annotations

from ...rulesets.supers import events as ev
from .facts import PLACED_BY_NEXT, hero_name, seen

SEGMENT_WORDS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}
DEFENCE_WORDS = {"toughness": "toughness", "missile_deflection": "missile deflection", "slippery": "slippery",
                 "copy_power": "copy power"}
WASTED = {"failed": "it failed", "entangling": "toughness does not stop entangling",
          "piercing": "the attack pierces toughness", "too_much": "too much damage for it",
          "not_missile": "it deflects only missiles", "too_high": "the missile's level is too high",
          "not_entangling": "slippery helps only against entangling", "still_hit": "not slippery enough",
          "still_held": "not slippery enough, still held"}
FELL = {"entangled": "entangled in the air", "no_flight": "it did not fly on", "left_wall": "it left its wall"}
FREED = {"escape": "breaks free", "grappler_left": "is let go (its grappler moved away)",
         "grappler_fainted": "is let go (its grappler fainted)"}


def audience(event) -> tuple | None:
    """The players an event's line is for (None: everyone)."""
    return getattr(event, "to", None)


def cells(n: int) -> str:
    """A distance in players' words: "1 cell", "4 cells" (a log never shows a cell's coordinates)."""
    return f"{n} cell{'s' if n != 1 else ''}"


def describe(e, view) -> str | None:
    """The line of event `e`, its heroes named as `view` names them (a view of the fight, or its
    `facts.cast`; a game or a `Front` is looked at through its public view)."""
    n = lambda mid: hero_name(view, mid)  # noqa: E731
    if isinstance(e, ev.TieRolled):
        return f"{n(e.model)} rolls {e.value} to break a tie ({e.purpose})"
    if isinstance(e, ev.OrderDecided):
        return "Acting order: " + ", ".join(n(m) for m in e.order)
    if isinstance(e, ev.Placed):
        m = seen(view)["models"].get(e.model)
        owner = m["owner"] if m is not None else e.player
        if owner != e.player:
            return f"{e.player} places {owner}'s {n(e.model)} ({PLACED_BY_NEXT})"
        return f"{e.player} places {n(e.model)}"
    if isinstance(e, ev.TurnStarted):
        return f"— Turn {e.turn} —"
    if isinstance(e, ev.SegmentStarted):
        return f"Segment {e.segment}: " + ", ".join(n(m) for m in e.models)
    if isinstance(e, ev.Held):
        return f"{n(e.model)} holds"
    if isinstance(e, ev.Moved):
        how = f" using {', '.join(e.powers)}" if e.powers else ""
        if not e.path:  # a flier changing altitude (or staying up) where it stands
            a, b = e.from_altitude, e.to_altitude
            what = (f"hovers at altitude {b}" if a == b else f"takes off to altitude {b}" if a == 0 else
                    f"climbs to altitude {b}" if b > a else "lands" if b == 0 else f"comes down to altitude {b}")
            return f"{n(e.model)} {what}{how} ({e.cost} movement)"
        where = cells(len(e.path))
        alt = f", altitude {e.from_altitude} to {e.to_altitude}" if e.from_altitude != e.to_altitude else \
            (f" at altitude {e.to_altitude}" if e.to_altitude else "")
        return f"{n(e.model)} moves {where}{alt}{how} ({e.cost} movement)"
    if isinstance(e, ev.AttackDeclared):
        kind = "close attack" if e.close else "shot"
        at = f"at {n(e.target)}" if e.target else "at an empty cell"
        more = f" (area: {len(e.area)} in reach)" if len(e.area) > 1 else ""
        copied = " (a copied power)" if e.copied else ""
        return f"{n(e.model)} uses {e.power}{copied}, a {kind}, {at}{more}"
    if isinstance(e, ev.ToHitRolled):
        return f"To-hit die: {e.roll}"
    if isinstance(e, ev.HitResult):
        if e.hit:
            return f"{n(e.target)} is hit ({e.roll} against {e.number})" + (" — a critical!" if e.critical else "")
        return f"{n(e.target)} is missed ({e.roll} against {e.number})"
    if isinstance(e, ev.PowerRoll):
        what = {"unreliable": "unreliable", "wild": "wild", "foiblish": "foiblish"}.get(e.kind, e.kind)
        return f"{e.power}'s {what} die: {e.roll} (needs {e.needed.replace('<=', 'at most').replace('<', 'under')}) — " \
               + ("it works" if e.ok else "it fails")
    if isinstance(e, ev.AttackFailed):
        return f"{e.power} fails: nobody is hit"
    if isinstance(e, ev.DefenceInvoked):
        return f"{n(e.model)} invokes {e.power} ({DEFENCE_WORDS.get(e.kind, e.kind)})"
    if isinstance(e, ev.Nullified):
        return f"{e.power} saves {n(e.model)}: no harm done"
    if isinstance(e, ev.DefenceWasted):
        return f"{e.power} does not help {n(e.model)}: {WASTED.get(e.why, e.why)}"
    if isinstance(e, ev.Damaged):
        return f"{n(e.model)} loses {e.amount} oomph{' (critical)' if e.critical else ''}: {max(0, e.oomph)} left"
    if isinstance(e, ev.Entangled):
        return f"{n(e.model)} is entangled at level {e.level}" + (" (held in a grapple)" if e.grappler else "")
    if isinstance(e, ev.EntangleHeld):
        return f"{n(e.model)} is already entangled as tightly (level {e.level} adds nothing)"
    if isinstance(e, ev.Freed):
        return f"{n(e.model)} {FREED.get(e.why, 'is free')}"
    if isinstance(e, ev.Fell):
        return f"{n(e.model)} falls from altitude {e.altitude} ({FELL.get(e.why, e.why)}): loses {e.loss} oomph"
    if isinstance(e, ev.Healed):
        return f"{n(e.model)} heals {e.amount} with {e.power}: {e.oomph} oomph"
    if isinstance(e, ev.EscapeRolled):
        if e.roll is None:
            return f"{n(e.model)} pays {e.paid} oomph to struggle and faints"
        return f"{n(e.model)} pays {e.paid} oomph and struggles: {e.roll} against {e.number} — " + \
            ("free!" if e.free else "still held")
    if isinstance(e, ev.NoticeRolled):
        return f"{n(e.model)} studies {n(e.target)}: {e.roll} — " + \
            ("a hidden gizmo is spotted" if e.found else "nothing found")
    if isinstance(e, ev.Noticed):
        return f"{n(e.model)}'s team knows now: {n(e.target)}'s {e.power} is a hidden gizmo"
    if isinstance(e, ev.GizmoAttacked):
        return f"{n(e.model)} aims {e.power} at {n(e.target)}'s gizmo {e.gizmo}: {e.roll} against {e.number} — " + \
            ("hit" if e.hit else "missed")
    if isinstance(e, ev.GizmoDestroyed):
        return f"{n(e.model)}'s gizmo is destroyed: {e.power} is gone"
    if isinstance(e, ev.Copied):
        return f"{n(e.model)} copies {e.power} from {n(e.source)}"
    if isinstance(e, ev.Fainted):
        return f"{n(e.model)} faints!"
    if isinstance(e, ev.GameOver):
        if e.reason == "victory" and e.winners:
            return f"The fight is over: {e.winners[0]} wins"
        return "The fight is over: a draw"
    return None
