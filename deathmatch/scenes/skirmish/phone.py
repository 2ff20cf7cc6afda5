"""Chessboard Skirmish on a phone (issue 30): what a phone seat is shown and may answer, in the words the
table uses — its army (each miniature's die, armour, weapon, hero re-roll, where it stands), the question
asked and every legal answer (placing a miniature, picking one to act or letting it sit out, a move, an
attack in melee or at range with the odds the table shows on the target, the marker, the hero's re-roll).

Pure functions of the seat's view (`front.view(seat)`), the decision and its legal answers
(`front.legal(seat)`), and the rules' answers the table asks too (`needs(purpose, sides)`, `odds(action)`
the chance in % an attack gets through and its save fails): the table (battle.py) passes them in and
sends what these return (`scenes/phones.py`). Squares are named as the board's edges label them (a1…).
"""

from __future__ import annotations

from . import facts as rf

HERO_NOTE = {0: "", 1: " ({}'s hero re-roll counted in)", 2: " (both heroes' re-rolls counted in)"}


def die_name(m) -> str:
    """"Captain (d8)": a miniature as a player knows it on the board (its die is what it is)."""
    return f"{m.name} (d{m.die})"


def hand(seen, seat: str, needs) -> list[dict]:
    """The seat's army, one card a miniature: its stat line as the table's card shows it and where it is."""
    out = []
    for m in rf.minis_of(seen, seat):
        save = needs("save", m.die)
        skill = needs("skill", m.die)
        lines = rf.stat_lines(m, save if save is not None else 4, skill)
        if not m.alive:
            tag = "lost"
        elif m.at is None:
            tag = "in reserve"
        elif rf.open_activation(seen) == m.id and seen.outcome is None:
            tag = "acting now"
        else:
            tag = f"on {rf.square_words(m.at)} · " + ("has acted" if m.acted else "ready")
        if m.alive and m.carrying:
            lines.append("Carries the marker")
        out.append({"title": die_name(m), "lines": lines, "tag": tag})
    return out


def prompt(seen, decision, options, needs) -> str:
    """What the seat is asked, as the table's prompt says it (without the keys and the mouse)."""
    kind = rf.decision_kind(decision)
    if kind == "place":
        n = len({o.mini for o in options})
        ranks = sorted({rf.place_square(o)[1] + 1 for o in options})
        row = f" (row {ranks[0]})" if len(ranks) == 1 else ""
        return (f"Place a miniature on your home row{row}: {n} still to place" if n > 1
                else f"Place your last miniature on your home row{row}")
    if kind == "reroll":
        return f"{rf.reroll_words(seen, decision, needs)} Re-roll or keep?"
    if kind == "pick":
        return "Pick a miniature to act (or let one sit out this round)"
    m = rf.mini(seen, decision.mini)
    kinds = {rf.action_kind(o) for o in options}
    said = [w for k, w in (("move", "move"), ("attack", "attack"), ("pick_up", "pick up the marker"),
                           ("drop", "drop the marker")) if k in kinds]
    said.append("end")
    return f"{die_name(m)}: " + ", ".join(said[:-1]) + (" or " if len(said) > 1 else "") + said[-1]


def odds_words(seen, action, pct: int) -> str:
    """"d8 vs d6: 37 %" (the table's tag on a target; a bow's shot "d8 (bow: half) vs d6"), with the heroes'
    re-rolls said as the table's prompt says them."""
    a, t = rf.mini(seen, rf.actor(action)), rf.mini(seen, rf.target_of(action))
    bow = " (bow: half)" if rf.attack_with(action) == "ranged" and a.weapon == "bow" else ""
    heroes = [m.name for m in (a, t) if m.hero and not m.rerolled]
    note = HERO_NOTE.get(len(heroes), HERO_NOTE[2]).format(*heroes[:1])
    return f"d{a.die}{bow} vs d{t.die}: {pct} %{note}"


def choice(seen, decision, action, needs, odds) -> dict:
    """One legal answer in words: `{"label", "group", "hint", "who"}` (`who`: the miniature it is about;
    `odds(action)`: an attack's chance in %, as the table shows it)."""
    kind = rf.action_kind(action)
    if kind == "reroll":
        if rf.is_reroll(action):
            return {"label": "Re-roll", "group": "Hero re-roll", "hint": "Roll this die again; the new result stands."}
        return {"label": "Keep", "group": "Hero re-roll", "hint": "Keep the result as it is."}
    m = rf.mini(seen, rf.actor(action))
    who = m.name
    if kind == "place":
        sq = rf.square_words(rf.place_square(action))
        return {"label": f"{die_name(m)} on {sq}", "group": f"Place {die_name(m)}", "who": who,
                "hint": rf.stat_lines(m, needs("save", m.die) or 4, needs("skill", m.die))[0]}
    here = rf.square_words(m.at) if m.at is not None else ""
    if kind == "pick":
        return {"label": f"{die_name(m)} on {here}", "group": "Act with", "who": who,
                "hint": rf.stat_lines(m, needs("save", m.die) or 4, needs("skill", m.die))[0]}
    if kind == "pass":
        if rf.decision_kind(decision) == "pick":
            return {"label": f"{die_name(m)} sits out", "group": "Let one sit out this round", "who": who,
                    "hint": "It does nothing this round (it counts as having acted)."}
        return {"label": "End", "group": "End", "who": who, "hint": "This miniature's activation ends here."}
    if kind == "move":
        end = rf.move_end(action)
        steps = len(action.path)
        return {"label": f"Move to {rf.square_words(end)}", "group": "Move", "who": who,
                "hint": f"{steps} square{'s' if steps != 1 else ''} from {here}"}
    if kind == "attack":
        t = rf.mini(seen, rf.target_of(action))
        where = rf.square_words(t.at) if t.at is not None else ""
        ranged = rf.attack_with(action) == "ranged"
        how = f"Shoot ({m.weapon})" if ranged else "Melee"
        label = f"{how}: {t.owner}'s {die_name(t)} on {where}" if t.owner != m.owner else f"{how}: {die_name(t)}"
        return {"label": label, "group": "Attack", "who": who, "hint": odds_words(seen, action, odds(action))}
    if kind == "pick_up":
        least = needs("skill", m.die)
        skill = f": a skill check, {least} or more on its d{m.die}" if least is not None else ""
        return {"label": "Pick up the marker", "group": "The marker", "who": who,
                "hint": f"Try to pick up the marker{skill}."}
    if kind == "drop":
        return {"label": "Drop the marker", "group": "The marker", "who": who,
                "hint": "Put the marker down on this square."}
    return {"label": "End", "group": "End", "who": who, "hint": "This miniature's activation ends here."}


RANK = {"attack": 0, "pick": 0, "place": 0, "move": 1, "pick_up": 2, "drop": 2, "pass": 3, "end": 3, "reroll": 0}
"""The order a phone lists the answers in, by what they do: the fight first, the way out last."""


def ordered(options) -> list:
    """The legal answers in the order a phone lists them (the same answers: only their order changes)."""
    return sorted(options, key=lambda o: RANK[rf.action_kind(o)])


def cell(seen, decision, action):
    """The square an answer stands for, marked on the board's picture: where a miniature is placed, the
    miniature picked, where a move ends, the target of an attack, the active miniature's own square."""
    kind = rf.action_kind(action)
    if kind == "reroll":
        roll = getattr(decision, "roll", None)
        return rf.square_of(seen, roll.mini) if roll is not None else None
    if kind == "place":
        return rf.square(rf.place_square(action))
    if kind == "move":
        return rf.square(rf.move_end(action))
    if kind == "attack":
        return rf.square_of(seen, rf.target_of(action))
    return rf.square_of(seen, rf.actor(action))


def over(seen) -> dict:
    head, lines = rf.outcome_words(seen)
    return {"head": head, "lines": lines}
