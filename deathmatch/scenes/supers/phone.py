"""Superhero Gladiators on a phone (issue 30): what a phone seat's hand, question and answers say, in the
table's own words, made from that seat's view and its legal answers only.

    hand(view, seat)                       → the seat's heroes as cards (its own hidden gizmos and their state)
    prompt(view, decision, damage=…)       → what the seat is asked now
    choice(action, ctx)                    → one answer's label, group, hint and the hero acting

Nothing here reads a game: `view` is `front.view(seat)` (another team's hidden gizmo shows there only as an
ordinary power, so it can not be told), `decision` is `front.decision(seat)`, and what the rules answer
beyond the view (the odds of an attack, the powers a move uses, the cells an area attack reaches) comes
through `Ctx.ask`, the table's `front.ask` for that seat. The board's positions (for "2 cells up-left")
come from `Ctx.spot`, the table's picture of the board (public). Words are players' words: no ids, no
snake_case, the numbers the table shows (the d20 a hit needs, its chance, the oomph)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...rulesets.supers import actions as ac
from ...rulesets.supers.model import TYPE_NAMES
from . import facts as sf


def pct(x) -> str:
    return f"{round(float(x) * 100)}%"


def roll_words(number: int) -> str:
    """What the twenty-sided die needs to hit (the table's words: a 1 always hits, a 20 always misses)."""
    if number >= 20:
        return "anything but a 20"
    if number <= 1:
        return "needs a 1"
    return f"needs {number} or less"


def type_words(kind: str) -> str:
    return TYPE_NAMES.get(kind, kind.replace("_", " "))


# ------------------------------------------------------------------------------------------- the hand

def own_gizmo_words(p) -> str:
    """The state of one of the seat's OWN powers that is a gizmo (its own view tells it all), or ''."""
    if p.get("destroyed"):
        return "gizmo destroyed: the power is gone"
    g = p.get("gizmo")
    if g == "hidden":
        return ("hidden gizmo, noticed: the team that noticed it may attack it" if p.get("noticed")
                else "hidden gizmo: nobody has noticed it")
    if g == "vulnerable":
        return "gizmo: anyone may attack it"
    return ""


def power_line(p, own: bool = True) -> str:
    """One power as the hand lists it: "Brace of Pistols: shot 5 (missile) · 4 of 6 uses left · hidden gizmo: …"."""
    extra = [s for s in p.get("styles") or () if s and s != "foiblish"] + \
        [sf.kind_words(k) for k in p.get("movement") or ()]
    if p.get("reliability", "reliable") != "reliable":
        extra.append(p["reliability"])
    line = f"{p['name']}: {type_words(p['type'])} {p['level']}" + (f" ({', '.join(extra)})" if extra else "")
    if p.get("uses") is not None and not p.get("destroyed"):
        left = p.get("left")
        line += f" · {left} of {sf.counted(p['uses'], 'use')} left"
    gizmo = own_gizmo_words(p) if own else ""
    if gizmo:
        line += f" · {gizmo}"
    elif p.get("destroyed"):
        line += " · destroyed"
    return line


def hero_card(mv, acting: bool) -> dict:
    """One of the seat's heroes, as the phone's hand shows it: its oomph (the badge), whether it acts now and where
    it is (the air, tied up), its numbers, then a line a power with its uses left and, for a gizmo, its state."""
    where = []  # (its oomph is the card's badge)
    if mv.fainted:
        where.append("Fainted: out of the fight")
    else:
        if acting:
            where.append("Acting now")
        if mv.at is None:
            where.append("not placed yet")
        elif mv.altitude:
            where.append(f"in the air, altitude {mv.altitude}" + ("" if sf.flight_powers(mv) else ", can not fly now"))
        elif sf.flight_powers(mv):
            where.append("on the ground, can fly")
    lines = [" · ".join(where)[:1].upper() + " · ".join(where)[1:]] if where else []
    if mv.entangled and not mv.fainted:
        lines.append(f"Entangled at level {mv.entangled}: escaping costs {mv.entangled} oomph, then a roll"
                     + (" (held in a grapple)" if mv.grappler else ""))
    segs = ", ".join(str(s) for s in mv.segments)
    lines.append(f"Acts in segment{'s' if len(mv.segments) != 1 else ''} {segs} · Combat {mv.combat} · "
                 f"Movement {mv.movement}")
    lines.append(f"Str {mv.str} · Dex {mv.dex} · Size {mv.size} · Per {mv.per}")
    for p in mv.powers:
        lines.append(power_line(p))
    if mv.stored:
        st = mv.stored
        lines.append(f"Stored copy: {st['name']} ({type_words(st['type'])} {st['level']}), one use")
    tag = "fainted" if mv.fainted else f"{max(0, mv.oomph)}/{mv.max_oomph} oomph"
    return {"title": mv.name, "lines": lines, "tag": tag}


def hand(view, seat: str) -> list[dict]:
    """The seat's heroes (its own, from its own view: its hidden gizmos and their state), the one acting or asked
    about first."""
    d = view.pending
    first = view.acting if view.acting is not None else d.model if d is not None and d.player == seat else None
    mine = [(mid, m) for mid, m in view.models.items() if m.owner == seat]
    mine.sort(key=lambda kv: (kv[0] != first, bool(kv[1].fainted)))
    return [hero_card(m, mid == view.acting) for mid, m in mine]


# ------------------------------------------------------------------------------------------ the question

def strike_words(view, damage, crit: bool, hero_mid) -> str:
    """The hit being resolved, as everyone saw it declared: " by Bob's The Loom Spinner's Silk Cast (shot 3,
    entangling) for 12 oomph"."""
    x = view.strike
    if x is None:
        return ""
    a = view.models.get(x.attacker)
    who = sf.hero_name(view, x.attacker) if a is not None else "an attacker"
    styles = [k for k in x.power.styles if k != "foiblish"]
    words = f" by {who}'s {x.power_name} ({', '.join([f'{type_words(x.power.type)} {x.power.level}', *styles])})"
    if damage:
        words += f" for {damage} oomph" + (" (a critical)" if crit else "")
    elif damage == 0 and "entangling" in x.power.styles:
        words += f", entangling at level {x.power.level}"
    return words


def air_words(mv, can_hover: bool) -> str:
    if mv is None or not mv.altitude:
        return ""
    if can_hover:
        return f" It is in the air (altitude {mv.altitude}): fly again (a move, or Hover) or it falls."
    return f" It is in the air (altitude {mv.altitude}) and can not fly now: it falls after this action."


def prompt(view, decision, *, damage=None, can_hover: bool = False) -> str:
    """What the seat deciding is asked, in the table's words for a phone (tap, not click or keys)."""
    d = decision
    if d is None:
        return "Nothing to decide now"
    mv = view.models.get(d.model) if d.model else None
    name = sf.hero_name(view, d.model) if mv is not None else "your hero"
    if d.kind == ac.PLACE:
        owner = sf.placed_for(view, d)
        if owner:
            return (f"Place {owner}'s {name} ({sf.PLACED_BY_NEXT}): tap where it starts, in {owner}'s start "
                    "area (the marks on the board).")
        return (f"Place {name}: tap where this hero starts (the marks on the board). Heroes are placed lowest Perception "
                "first; they act by Dexterity.")
    if d.kind == ac.DEFEND:
        if d.about == "escape":
            return f"{name}'s escape failed — use slippery to slip free, or not?"
        crit = view.strike is not None and d.model in view.strike.crit
        return f"{name} is hit{strike_words(view, damage, crit, d.model)} — defend with a power, or not?"
    if d.kind == ac.COPY:
        return f"{name} was hurt by {d.about} — copy that power, or not?"
    if d.kind == ac.CHOOSE:
        return f"An opponent noticed one of {name}'s hidden gizmos — which one was it?"
    tied = f" It is entangled (level {mv.entangled})." if mv is not None and mv.entangled else ""
    return f"{name}'s action: move, attack, or another choice.{tied}{air_words(mv, can_hover)}"


# ------------------------------------------------------------------------------------------- the answers

@dataclass
class Ctx:
    """What the words of one seat's answers are made from: its view, the decision, the rules' answers for it
    (`ask(question, *args)`: the table's `front.ask` for the seat) and where a cell is on the board's picture
    (`spot(cell)` → (x, y), None off it); `distance(a, b)` counts cells between two cells of the arena."""

    view: Any
    decision: Any
    ask: Callable[..., Any]
    spot: Callable[[Any], Any]
    distance: Callable[[Any, Any], int]
    starts: tuple = ()
    """The cells the hero being placed may start on (its start area)."""

    @property
    def me(self):
        d = self.decision
        return self.view.models.get(d.model) if d is not None and d.model else None

    def name(self, mid) -> str:
        return sf.hero_name(self.view, mid)


WAYS = ("up", "up-right", "right", "down-right", "down", "down-left", "left", "up-left")


def way(a, b) -> str:
    """The way from screen point `a` to `b` in words ("up-left": towards the picture's top left)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return ""
    angle = math.degrees(math.atan2(dx, -dy)) % 360  # 0: up, clockwise
    return WAYS[round(angle / 45) % 8]


SIDES = {"up": "top", "up-right": "top right", "right": "right", "down-right": "bottom right", "down": "bottom",
         "down-left": "bottom left", "left": "left", "up-left": "top left"}


def board_words(ctx: Ctx, cell) -> str:
    """Where a cell is on the board: "top left", "middle", "bottom right"."""
    got = ctx.spot(cell)
    if got is None:
        return "there"
    x, y = got
    col = "left" if x < 1 / 3 else "right" if x > 2 / 3 else ""
    row = "top" if y < 1 / 3 else "bottom" if y > 2 / 3 else ""
    return " ".join(w for w in (row, col) if w) or "middle"


def place_words(ctx: Ctx, cell) -> str:
    """Where a cell a hero may start on is, in the start area (the cells it may be placed on): "the top left of
    your start area", "the middle of your start area"; on the board when there is no such area."""
    spots = [p for p in (ctx.spot(tuple(c)) for c in ctx.starts) if p is not None]
    here = ctx.spot(tuple(cell))
    if len(spots) < 2 or len(spots) > 12 or here is None:  # (no start area: any free cell of the board)
        return f"at the {board_words(ctx, cell)} of the board"
    cx, cy = sum(p[0] for p in spots) / len(spots), sum(p[1] for p in spots) / len(spots)
    size = max(max(abs(p[0] - cx), abs(p[1] - cy)) for p in spots) or 1
    w = way((cx, cy), here) if max(abs(here[0] - cx), abs(here[1] - cy)) > 0.35 * size else ""
    owner = sf.placed_for(ctx.view, ctx.decision)
    area = f"{owner}'s start area" if owner else "your start area"
    return f"at the {SIDES[w]} of {area}" if w else f"in the middle of {area}"


def beside(ctx: Ctx, cell, not_mid=None) -> str:
    """ ", beside The Loom Spinner" when a standing hero (not `not_mid`) is next to `cell`."""
    near = []
    for mid, m in ctx.view.models.items():
        if mid == not_mid or m.fainted or m.at is None:
            continue
        try:
            if ctx.distance(tuple(m.at), tuple(cell)) == 1:
                near.append(ctx.name(mid) + ("" if m.owner != ctx.view.you else " (yours)"))
        except (TypeError, ValueError, KeyError, AttributeError):
            continue
    return f", beside {' and '.join(near[:2])}" if near else ""


def from_hero(ctx: Ctx, cell, steps: int | None = None) -> str:
    """Where `cell` is from the hero deciding: "3 cells up-left"."""
    me = ctx.me
    if me is None or me.at is None:
        return f"at the {board_words(ctx, cell)} of the board"
    a, b = ctx.spot(tuple(me.at)), ctx.spot(tuple(cell))
    if steps is None:
        try:
            steps = ctx.distance(tuple(me.at), tuple(cell))
        except (TypeError, ValueError, KeyError, AttributeError):
            steps = None
    w = way(a, b) if a is not None and b is not None else ""
    if not w:
        return "where it stands"
    return f"{sf.counted(steps, 'cell')} {w}" if steps else w


def move_plan_words(plan) -> str:
    """The movement a move costs and the powers it uses ("3 movement, on foot")."""
    if not plan:
        return ""
    _, powers, cost = plan
    how = ", ".join(f"{p.name} ({', '.join(sf.kind_words(k) for k in p.movement)})" for p in powers)
    return f"{cost} movement" + (f", using {how}" if how else ", on foot")


FLY_WORDS = {"take off": "Take off", "climb": "Climb", "hover": "Hover", "descend": "Descend", "land": "Land"}


def fly_kind(move, mv) -> str | None:
    """An in-place altitude change's kind (`facts.altitude_moves`' words), None for a move elsewhere."""
    got = sf.altitude_moves([move], mv) if mv is not None else {}
    return next(iter(got), None)


def move_choice(ctx: Ctx, o) -> dict:
    mv = ctx.me
    alt_now = mv.altitude if mv is not None else 0
    alt = o.altitude if o.altitude is not None else alt_now
    plan = ctx.ask("move_plan", o)
    cost = move_plan_words(plan)
    kind = fly_kind(o, mv) if not o.path else None
    if kind is not None:
        label = {"take off": f"Take off to altitude {alt}", "climb": f"Climb to altitude {alt}",
                 "hover": f"Hover at altitude {alt}", "descend": f"Descend to altitude {alt}",
                 "land": "Land here"}[kind]
        hint = {"take off": "Fly straight up where it stands. In the air it passes over heroes and pits, but must "
                            "fly again on its next action or fall",
                "climb": "Fly higher where it stands; it must fly again on its next action or fall",
                "hover": "Stay in the air where it stands: a hero in the air that does not fly on its action falls "
                         "and loses oomph",
                "descend": "Come down part way where it stands; still in the air",
                "land": "Come down to the ground where it stands; on the ground it need not fly again"}[kind]
        return {"label": label, "group": "Fly where it stands", "hint": f"{hint} ({cost})" if cost else hint}
    end = o.path[-1] if o.path else (mv.at if mv is not None else None)
    where = from_hero(ctx, end) if end is not None else "there"
    label = f"Move {where}"
    if alt or alt_now:
        label += " to the ground" if alt == 0 else f", at altitude {alt}"
    label += beside(ctx, end, ctx.decision.model) if end is not None else ""
    air = "" if alt == 0 else f"; it ends in the air (altitude {alt}): it must fly again on its next action, or fall"
    return {"label": label, "group": "Move", "hint": (cost[:1].upper() + cost[1:] if cost else "The move there") + air}


def odds_lines(ctx: Ctx, o) -> list[str]:
    """The attack answer `o`'s odds for each hero it may hit (the table's numbers: the chance, what the d20 needs,
    the oomph, a critical, the average before defences, the defences that could stop it); the hero's name left
    out when it is the attack's one target (its label names it)."""
    got = ctx.ask("odds", o)
    if not got:
        return ["odds not available"]
    me = ctx.me
    power = ctx.ask("attack_power", ctx.decision.model, o.power) if me is not None and hasattr(o, "power") else None
    then = ""  # an unreliable / wild power's second die: "needs 15 or less" alone read as 75% beside "hit 38%"
    if power and power.get("works_on"):
        then = f"; {power['reliability']}: a second die {power['works_on']} or less"
    alone = len(got) == 1 and getattr(o, "target", None) == got[0].hero
    out = []
    for h in got:
        t = ctx.view.models.get(h.hero)
        if t is None:
            continue
        friend = " (your team!)" if me is not None and t.owner == me.owner else ""
        who = "" if alone else f"{ctx.name(h.hero)}{friend}: "
        if h.entangle:
            line = f"{who}hit {pct(h.hit)} ({roll_words(h.number)}{then}), entangled at level {h.entangle}"
        else:
            line = (f"{who}hit {pct(h.hit)} ({roll_words(h.number)}{then}) · {h.damage} oomph, critical {pct(h.critical)} "
                    f"for {h.critical_damage} · {h.expected:.1f} on average")
        stop = ctx.ask("stoppers", o, h)
        if stop:
            line += f" · {', '.join(stop)} may stop it"
        out.append(line)
    return out


def power_of(ctx: Ctx, power: str) -> str:
    """An attack power as a button names it: "Squall (shot 3, superarea)"."""
    me = ctx.me
    got = ctx.ask("attack_power", ctx.decision.model, power) if me is not None else None
    if not got:
        return power
    styles = [k for k in got["styles"] if k != "foiblish"]
    copied = ", a stored copy" if got.get("copied") else ""
    what = ", ".join([f"{type_words(got['type'])} {got['level']}", *styles])
    return f"{power} ({what}{copied})"


def attack_choice(ctx: Ctx, o) -> dict:
    lines = odds_lines(ctx, o)
    if o.target is not None:
        label = f"{o.power} at {ctx.name(o.target)}"
        first = ctx.ask("odds", o)
        mine = next((h for h in first or () if h.full), None)
        if mine is not None:
            label += f" — {pct(mine.hit)}"
    else:
        me = ctx.me
        hit = [ctx.name(h.hero) + (" (yours!)" if me is not None and ctx.view.models[h.hero].owner == me.owner else "")
               for h in ctx.ask("odds", o) or () if h.hero in ctx.view.models]
        label = f"{o.power} on a spot {from_hero(ctx, o.at)}" + (f" — reaches {' and '.join(hit)}" if hit else "")
    hint = "; ".join(lines) if lines else "It reaches nobody now"
    hint = hint[:1].upper() + hint[1:]
    return {"label": label, "group": f"Attack with {power_of(ctx, o.power)}", "hint": hint}


ORDER = (ac.Attack, ac.AttackGizmo, ac.Notice, ac.Heal, ac.Escape, ac.Hold)
"""An action's answers on a phone: the attacks first, then gizmo attacks, notices, heal, escape, hold, and the
moves (the longest list) last — a flier's take off / climb / hover / descend / land before the moves elsewhere."""


def rank(action) -> int:
    for k, kind in enumerate(ORDER):
        if isinstance(action, kind):
            return k
    if isinstance(action, ac.Move):
        return len(ORDER) + (1 if action.path else 0)
    return 0


def ordered(actions) -> list:
    """The legal answers in the order a phone lists them (`rank`; the engine's order within a kind)."""
    return sorted(actions, key=rank)


def foe_words(ctx: Ctx, cell) -> str:
    """ ", 6 cells from The Volt Countess": the nearest placed hero of another team, for a hero being placed."""
    best = None
    for mid, m in ctx.view.models.items():
        if m.owner == ctx.view.you or m.fainted or m.at is None:
            continue
        try:
            k = ctx.distance(tuple(m.at), tuple(cell))
        except (TypeError, ValueError, KeyError, AttributeError):
            continue
        if best is None or k < best[0]:
            best = (k, mid)
    return f", {sf.counted(best[0], 'cell')} from {ctx.name(best[1])}" if best else ""


def choice(action, ctx: Ctx) -> dict:
    """One legal answer of the seat's decision in words: `{"label", "group", "hint", "who"}`."""
    o = action
    d = ctx.decision
    me = ctx.me
    who = ctx.name(d.model) if me is not None else ""
    out: dict
    if isinstance(o, ac.Place):
        out = {"label": f"Start {place_words(ctx, o.at)}{beside(ctx, o.at) or foe_words(ctx, o.at)}", "group": "Place",
               "hint": "Where this hero stands when the fight begins"}
    elif isinstance(o, ac.Move):
        out = move_choice(ctx, o)
    elif isinstance(o, ac.Attack):
        out = attack_choice(ctx, o)
    elif isinstance(o, ac.AttackGizmo):
        ch = ctx.ask("odds", o)
        chance = f"destroyed {pct(ch)}" if ch is not None else "odds not available"
        out = {"label": f"{o.gizmo} of {ctx.name(o.target)}, with {o.power}", "group": "Attack a gizmo",
               "hint": f"{chance}: a hit destroys the gizmo and the power it holds"}
    elif isinstance(o, ac.Notice):
        out = {"label": f"Study {ctx.name(o.target)}", "group": "Notice",
               "hint": "A Perception roll: your team may find a hidden gizmo it has, if it has one"}
    elif isinstance(o, ac.Heal):
        now = f" (now {max(0, me.oomph)} of {me.max_oomph})" if me is not None else ""
        p = next((q for q in me.powers if q.name == o.power), None) if me is not None else None
        level = f" {p.level}" if p is not None else ""
        out = {"label": f"Heal with {o.power}", "group": "Other",
               "hint": f"Regain{level} oomph, the power's level{now}"}
    elif isinstance(o, ac.Escape):
        level = me.entangled if me is not None else 0
        out = {"label": "Escape", "group": "Other",
               "hint": f"Pay {level} oomph, then roll to break free of the entanglement"}
    elif isinstance(o, ac.Hold):
        hint = "Do nothing this segment"
        if me is not None and me.altitude:
            hint += f" — it is in the air (altitude {me.altitude}): holding, it falls and loses oomph"
        out = {"label": "Hold", "group": "Other", "hint": hint}
    elif isinstance(o, ac.Defend) and d is not None and d.about == "escape":  # (a failed escape: no hit)
        out = {"label": "Stay held", "group": "Defend", "hint": "Keep the power's use: the hero stays entangled"}
    elif isinstance(o, ac.Defend):
        out = {"label": "No defence", "group": "Defend", "hint": "Take the hit as it is"}
    elif isinstance(o, ac.Copy):
        out = ({"label": "Copy it", "group": "Copy",
                "hint": f"Store {d.about} with {d.options[0] if d.options else 'the copy power'} (a use of it)"}
               if o.yes else {"label": "Do not copy it", "group": "Copy", "hint": "Keep the copy power's uses"})
    elif isinstance(o, ac.Choose):
        out = {"label": o.power, "group": "Which gizmo", "hint": "This hidden gizmo is the one they noticed"}
    else:
        out = {"label": "This", "group": ""}
    if who:
        out["who"] = who
    return out


def distinct(choices: list[dict]) -> list[dict]:
    """The choices with alike labels told apart ("Move 3 cells up-left (2 of 3)"; their marks on the board's
    picture show which is which)."""
    seen: dict[str, int] = {}
    for c in choices:
        seen[c["label"]] = seen.get(c["label"], 0) + 1
    k: dict[str, int] = {}
    out = []
    for c in choices:
        n = seen[c["label"]]
        if n > 1:
            k[c["label"]] = k.get(c["label"], 0) + 1
            c = {**c, "label": f"{c['label']} ({k[c['label']]} of {n})"}
        out.append(c)
    return out


def defence_choice(o, me, hint: str, useless: str) -> dict:
    """A defence's answer (the table's `defence_hint` and `useless_defence` words: why it would do nothing, or
    ''): "Brick Hide (4 left)"."""
    p = next((q for q in me.powers if q.name == o.power), None) if me is not None else None
    left = p.left if p is not None else None
    label = o.power + (f" ({left} left)" if left is not None else "")
    if useless:
        label += " — no use here"
        hint = f"{useless}: it would spend a use and do nothing. {hint}".strip()
    return {"label": label, "group": "Defend", "hint": hint or "Invoke this defence"}


def over(view) -> dict:
    head, lines = sf.outcome_words(view)
    return {"head": head, "lines": lines}


def when(view) -> str:
    """Where the fight is: "Placing the heroes", "Turn 3, segment 2"."""
    turn, segment = view.turn or 0, view.segment or 0
    if turn <= 0:
        return "Placing the heroes"
    return f"Turn {turn}, segment {segment}" if segment > 0 else f"Turn {turn}"
