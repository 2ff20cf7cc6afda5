"""The game log: engine events told in plain words.

"Napoleon hits Boudica from behind (rolled 5+1) — Boudica is pushed back."
Only words: every fact comes from the event and the view of the game the log is told from (the
public view, `rulesets/celebrity/view.py`: a played ability's words are everyone's).
"""

from __future__ import annotations

from ...rulesets.celebrity import events as ev
from .facts import ability, needs_words, roll_words, who

__all__ = ["VP_REASONS", "describe", "who"]

VP_REASONS = {"life": "for a life", "kill": "for a kill", "loot": "for loot",
              "last_standing": "for last celebrity standing", "glory": "from an ability",
              "steal": "stolen from another player", "stolen": "stolen by another player"}
"""Why VP were scored, after "Ann +1 VP …" (an effect kind's own reason: "from an ability"). Glory
is what a death brings ("… dies. Glory!"), never the VP an ability scores."""



def describe(event, view, played: str | None = None) -> str | None:
    """One line for the log, or None for events not worth a line. `played`: the ability last
    played before `event` among the same answer's events (the VP its effect scores are "from" it)."""
    e = event
    if isinstance(e, ev.DiceOff):
        return "Dice-off: " + ", ".join(f"{p} rolls {r}" for p, r in e.rolls)
    if isinstance(e, ev.TurnOrder):
        return "Placement order: " + ", ".join(e.players)
    if isinstance(e, ev.Placed):
        return f"{who(view, e.model)} ({view.models[e.model].player}) enters the arena"
    if isinstance(e, ev.RoundStarted):
        return f"— Round {e.round} —"
    if isinstance(e, ev.AbilityPlayed):
        ab = ability(view.models[e.model], e.ability) if e.model in view.models else None
        target = f" on {who(view, e.target)}" if e.target else ""
        standing = " (standing order)" if getattr(e, "by_order", False) else ""
        return f"{who(view, e.model)} plays {e.ability}{target}{standing}: {ab.text if ab else ''}"
    if isinstance(e, ev.OrderSet):
        return None  # private to its owner: never in the shared log
    if isinstance(e, ev.Moved):
        verb = {"walk": "moves", "charge": "charges", "jump": "leaps", "swap": "swaps places", "shove": "is shoved"}.get(e.how, "moves")
        # a jump enters one hex from afar: its distance is from where it started, not its path's length
        hexes = e.start.distance(e.path[-1]) if e.how == "jump" and e.start is not None and e.path else len(e.path)
        return f"{who(view, e.model)} {verb} {hexes} hex{'es' if hexes != 1 else ''}" if e.how != "swap" else None
    if isinstance(e, ev.Held):
        return f"{who(view, e.model)} holds"  # (its turn, if any, shows on the board: a move's turns say nothing either)
    if isinstance(e, ev.AttackDeclared):
        how = {"ranged": "shoots at", "beast": "pounces on"}.get(e.kind, "attacks")
        src = f" with {e.source}" if e.source and e.kind != "beast" else ""
        return f"{who(view, e.attacker)} {how} {who(view, e.target)}{src}"
    if isinstance(e, ev.Hit):
        behind = " from behind" if e.rear else ""
        return (f"{who(view, e.attacker)} hits {who(view, e.target)}{behind} "
                f"({roll_words(e.roll, e.first)}, needs {needs_words(e.needed - e.modifier)})")
    if isinstance(e, ev.Missed):
        if e.dodged:
            return f"{who(view, e.target)} dodges {who(view, e.attacker)}"
        behind = " from behind" if e.rear else ""
        return (f"{who(view, e.attacker)} misses {who(view, e.target)}{behind} "
                f"({roll_words(e.roll, e.first)}, needs {needs_words(e.needed - e.modifier)})")
    if isinstance(e, ev.DieRolled):
        if not e.rerolled or e.purpose in ("attack", "beast_attack"):
            return None  # an attack's die is told with its hit or miss ("rolled 2, re-rolled to 5")
        return f"…the die is re-rolled: {roll_words(e.value, e.was)}"
    if isinstance(e, ev.LifeLost):
        if e.cause == "push_back_blocked":
            return f"{who(view, e.model)} has nowhere to go and loses another life ({e.lives} left)"
        return f"{who(view, e.model)} loses a life ({e.lives} left)"
    if isinstance(e, ev.PushedBack):
        return f"{who(view, e.model)} is pushed back"
    if isinstance(e, ev.Died):
        return f"{who(view, e.model)} dies" + (f" at the hands of {who(view, e.by)}" if e.by else "") + ". Glory!"
    if isinstance(e, ev.Revived):
        return f"{who(view, e.model)} gets up again with {e.lives} {'life' if e.lives == 1 else 'lives'}!"
    if isinstance(e, ev.Healed):
        return f"{who(view, e.model)} is back to {e.lives} lives"
    if isinstance(e, ev.LootTaken):
        return f"{who(view, e.model)} grabs the loot"
    if isinstance(e, ev.VPScored):
        sign = "+" if e.amount >= 0 else "−"
        reason = VP_REASONS.get(e.reason, "from an ability")
        if e.reason not in ("life", "kill", "loot", "last_standing", "stolen") and played:
            reason = f"{'stolen with' if e.reason == 'steal' else 'from'} {played}"
        return f"   {e.player} {sign}{abs(e.amount)} VP {reason} (now {e.total})"  # the running total, said as one
    if isinstance(e, ev.BeastMoved):
        return f"The {view.beast_kinds[e.beast]} prowls to a new hex (its direction die: {e.direction + 1})"
    if isinstance(e, ev.BeastStayed):
        return f"The {view.beast_kinds[e.beast]} paces, hemmed in"
    if isinstance(e, ev.GameOver):
        reason = {"last_standing": "last celebrity standing", "all_dead": "nobody left standing",
                  "round_limit": "the round limit"}.get(e.reason, e.reason)
        return f"Game over ({reason}): {' and '.join(e.winners)} win{'s' if len(e.winners) == 1 else ''}!"
    return None
