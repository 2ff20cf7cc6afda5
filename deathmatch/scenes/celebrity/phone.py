"""Celebrity Deathmatch on a phone (issue 30): what a phone seat's page says, in players' words.

Pure functions from what the seat may see — its own view (`front.view(seat)`), the legal answers of its
decision (`front.legal(seat)`), the ruleset's answers to its questions (`needed_roll`, `orders`) and the
table's own words (the log's, the card panel's, the prompt's) — to the parts of the message its phone is sent
(`scenes/phones.py`): the hand (its celebrities and their cards), its standing orders, each answer of its
decision worded and grouped as the table offers it (Napoleon: "Move 2 hexes north-east", "Attack Boudica" —
"needs 5+ from behind (1 in 3)"; the model acting is each answer's `who`), and the results. Nothing here
decides a rule: every hex, target and roll is the engine's; this module only words them. The battle screen's `phone_*` hooks call these.
"""

from __future__ import annotations

from dataclasses import replace

from ...board.hex import Hex, rear_directions
from ...rulesets.celebrity import Attack, Hold, Move, MoveAttack, Pass, Place, PushBack, SetOrder, UseAbility
from .facts import ability, ability_heading, hex_of, models_of, needs_words, who

COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
"""The eight ways, counter-clockwise from the right of the screen (as the board's picture shows them)."""


class Back:
    """The answer that takes a phone back from choosing a facing to its decision's answers (no engine
    answer: the table keeps the decision and offers its answers again)."""

    def __repr__(self) -> str:
        return "Back"


BACK = Back()


def compass(angle: float) -> str:
    """A screen angle in degrees (0: right, counter-clockwise) as one of the eight ways ("north-east")."""
    return COMPASS[round((angle % 360) / 45) % 8]


def odds(natural: int | None) -> str:
    """The chance a die makes `natural` or more, in words a table says ("1 in 3")."""
    if natural is None:
        return ""
    n = max(0, 7 - max(1, natural))
    return {6: "sure", 0: "no chance"}.get(n, {1: "1 in 6", 2: "1 in 3", 3: "1 in 2", 4: "2 in 3", 5: "5 in 6"}.get(n, ""))


def lives_words(lives: int) -> str:
    return f"{lives} {'life' if lives == 1 else 'lives'}"


# ------------------------------------------------------------------------------------------------ the hand

def hand(view, seat: str, acting: str | None = None) -> list[dict]:
    """The seat's celebrities, each a card: its lives (or dead), then each ability on its card as the card
    panel heads it, played or not played yet, with its rules text; then the score board as the side panel
    shows it (every seat's VP, this seat's kills and loot). `acting`: the model whose turn it is."""
    out = []
    for mid, m in models_of(view, seat):
        lines = []
        for ab in m.card_abilities:
            if ab is None:
                lines.append("— a hidden ability —")
                continue
            played = ab.name in m.used
            lines.append(f"{ability_heading(ab)} — {'played' if played else 'not played yet'}: {ab.text}")
        hearts = f"{'♥' * m.lives}{'♡' * max(0, 3 - m.lives)} {lives_words(m.lives)}"
        tag = "dead" if not m.alive else (f"acting now · {hearts}" if mid == acting else hearts)
        out.append({"title": m.name + ("" if m.alive else " (dead)"), "lines": lines, "tag": tag})
    scores = view.scores
    order = sorted(scores, key=lambda p: -scores[p][0])
    lines = []
    for p in order:
        vp, _taken, kills, loot = scores[p][:4]
        you = " (you)" if p == seat else ""
        lines.append(f"{p}{you}: {vp} VP — {kills} kill{'s' if kills != 1 else ''}, {loot} loot")
    out.append({"title": "Scores", "lines": lines, "tag": f"{scores[seat][0]} VP" if seat in scores else ""})
    return out


# ---------------------------------------------------------------------------------------------- the orders

def order_id(row) -> str:
    """A standing order's id on the phone: its model and the ability's place among its rows (short, and the
    same for the same row while it stands)."""
    return f"{row.model}/{'push' if not row.ability else row.ability[:40]}"


def orders(rows) -> list[dict]:
    """The seat's standing orders as the table's orders screen offers them (`rows`: the ruleset's answer
    to the seat's "orders" question): one per reaction still unplayed and one per living model's push back,
    each with its choices in the orders screen's words."""
    out = []
    for row in rows:
        name = row.name.split(",")[0]
        values = [[cid, label[:1].upper() + label[1:]] for cid, label in row.choices]
        out.append({"id": order_id(row), "label": f"{name} — {row.heading}", "value": row.current,
                    "values": values, "hint": row.text})
    return out


def order_answer(rows, seat: str, oid: str, value: str):
    """The side answer that sets `seat`'s order `oid` to `value` (a `SetOrder`), None when there is no such
    order or no such choice for it."""
    for row in rows:
        if order_id(row) == oid:
            if value not in [cid for cid, _ in row.choices]:
                return None
            return SetOrder(seat, row.model, row.ability, value)
    return None


# --------------------------------------------------------------------------------------- the decision

def path_words(start, path, ways: dict) -> str:
    """A walk in players' words: "2 hexes north-east", "1 hex west", "north, then north-east"."""
    steps = []
    here = start
    for h in path:
        d = Hex(*here).direction_to(h) if here is not None else None
        steps.append(ways.get(d, "") if d is not None else "")
        here = h
    if not steps:
        return "nowhere"
    if all(s == steps[0] for s in steps) and steps[0]:
        n = len(steps)
        return f"{n} hex{'es' if n != 1 else ''} {steps[0]}"
    if all(steps):
        return ", then ".join(steps)
    n = len(path)
    return f"{n} hex{'es' if n != 1 else ''}"


def foes_next_to(view, seat: str, h, ignore=None) -> list[str]:
    """The enemy models (and beasts) on the hexes round `h`."""
    out = []
    for x in Hex(*h).neighbors():
        other = view.occupant.get(x) or view.occupant.get(tuple(x))
        if other is None or other == ignore:
            continue
        if other in view.beast_kinds or (other in view.models and view.models[other].player != seat):
            out.append(who(view, other))
    return out


def loot_on(view, path) -> bool:
    loot = {tuple(h) for h in view.loot}
    return any(tuple(h) in loot for h in path)


def attack_hint(view, target: str, natural: int | None, rear: bool) -> str:
    """"needs 5+ from behind (1 in 3) — Boudica has 1 life left"."""
    t = view.models.get(target)
    parts = []
    if natural is not None:
        parts.append(f"needs {needs_words(natural)}{' from behind' if rear else ''} ({odds(natural)})")
    if t is not None and t.alive:
        parts.append(f"{who(view, target)} has {lives_words(t.lives)} left" + (": a hit kills" if t.lives == 1 else ""))
    return " — ".join(parts)


def from_behind(view, attacker_hex, target: str) -> bool:
    """Whether `attacker_hex` is one of the three hexes at the target's back (where it stands and faces)."""
    t = view.models.get(target)
    if t is None or t.at is None or t.facing is None or attacker_hex is None:
        return False
    th = Hex(*t.at)
    return any(th.neighbor(d) == Hex(*attacker_hex) for d in rear_directions(t.facing))


def prompt(view, d, window: str = "", facing_of: str | None = None) -> str:
    """What the seat is asked, as the table's prompt says it (without its mouse and keys)."""
    name = who(view, d.model) if d.model else ""
    if facing_of:
        return f"Which way does {facing_of} face?"
    if d.kind == "place":
        return f"Where does {name} enter the arena? (then which way it faces)"
    if d.kind == "action":
        return f"{name}'s action: move, attack, hold or play an ability"
    if d.kind == "push_back":
        return f"{name} is pushed back — pick one of the two hexes behind it"
    return f"{window} Play an ability now, or pass.".strip()


def choice(view, d, action, *, seat: str, ways: dict, natural: int | None = None, side: str = "",
           facing_step: bool = False) -> dict:
    """One answer in players' words: `{"label", "group", "hint", "who"}`. `ways`: hex direction → compass
    word on this board; `natural`: the roll it needs (the engine's); `side`: where a placement hex is;
    `facing_step`: the answer is one of the facings the phone offers after a move (`with_facings`)."""
    models = view.models
    mid = getattr(action, "model", None)
    name = who(view, mid) if mid else ""
    out = {"label": "", "group": "", "hint": "", "who": name}
    me = models.get(mid) if mid else None
    here = me.at if me is not None else None
    if facing_step and not isinstance(action, Back):
        return facing_choice(view, seat, mid, end_of(view, action), action.facing, ways)
    if isinstance(action, Back):
        out.update(label="Back — choose another answer", group="Back", hint="", who=name)
        del out["who"]
    elif isinstance(action, Place):
        foes = nearest_foes(view, seat, action.to)
        out.update(label=f"Enter at the {side}" if side else "Enter here", group="Place",
                   hint=("next to loot — " if loot_on(view, (action.to,)) else "") + foes)
    elif isinstance(action, Move):
        loot = " and grab the loot" if loot_on(view, action.path) else ""
        out.update(label=f"Move {path_words(here, action.path, ways)}{loot}", group="Move",
                   hint=threat_words(view, seat, action.path[-1], mid))
    elif isinstance(action, Attack):
        rear = from_behind(view, here, action.target)
        out.update(label=f"Attack {who(view, action.target)}", group="Attack",
                   hint=attack_hint(view, action.target, natural, rear))
    elif isinstance(action, MoveAttack):
        rear = from_behind(view, action.path[0], action.target)
        out.update(label=f"Step {path_words(here, action.path, ways)}, attack {who(view, action.target)}",
                   group="Move + attack", hint=attack_hint(view, action.target, natural, rear))
    elif isinstance(action, Hold):
        out.update(label="Hold: stay here (and turn)", group="Hold",
                   hint="Stay where you are and turn to face any way.")
    elif isinstance(action, UseAbility):
        ab = ability(me, action.ability) if me is not None else None
        bits = []
        if action.path:
            bits.append(f"move {path_words(here, action.path, ways)}")
        elif action.to is not None:
            bits.append(f"to {jump_words(here, action.to, ways)}")
        if action.target is not None:
            bits.append(f"on {who(view, action.target)}")
        if action.facing is not None:
            turner = who(view, action.target) if action.target else name
            bits.append(f"{turner} faces {ways.get(action.facing, '')}")
        hint = ab.text if ab is not None else ""
        if action.target is not None and natural is not None:
            hint = f"needs {needs_words(natural)} ({odds(natural)}) — {hint}"
        out.update(label=f"{action.ability}: {', '.join(bits)}" if bits else action.ability, group="Abilities",
                   hint=hint)
    elif isinstance(action, Pass):
        out.update(label="Pass — play nothing now", group="Pass", hint="")
        del out["who"]
    elif isinstance(action, PushBack):
        way = ways.get(Hex(*here).direction_to(action.to)) if here is not None else None
        bits = []
        if loot_on(view, (action.to,)):
            bits.append("loot there")
        foes = foes_next_to(view, seat, action.to, ignore=mid)
        bits.append(f"next to {', '.join(foes)}" if foes else "no foe next to it")
        out.update(label=f"Push back {way}" if way else "Push back", group="Push back",
                   hint="; ".join(bits))
    else:
        out.update(label=type(action).__name__, group="")
    if not out.get("who"):
        out.pop("who", None)
    return out


def end_of(view, action):
    """Where the acting model stands after an answer that moves it (or holds it)."""
    if isinstance(action, Place):
        return action.to
    if isinstance(action, Move):
        return action.path[-1]
    if isinstance(action, UseAbility) and (action.to is not None or action.path):
        return action.to if action.to is not None else action.path[-1]
    m = view.models.get(getattr(action, "model", None) or "")
    return hex_of(m.at) if m is not None else None


def jump_words(here, to, ways: dict) -> str:
    """Where a jump lands from `here`, in players' words: "3 hexes north-east", or in two legs when it is off
    the six lines ("2 hexes north-east and 1 east"): every hex is told apart from every other."""
    if here is None:
        return "a hex"
    a = Hex(*here)
    n = a.distance(to)
    legs = legs_to(Hex(to[0] - a.q, to[1] - a.r))
    if not legs or not all(ways.get(d) for d, _ in legs):
        return f"a hex {n} away"
    (d1, k1), *rest = legs
    first = f"{k1} hex{'es' if k1 != 1 else ''} {ways[d1]}"
    return first if not rest else f"{first} and {rest[0][1]} {ways[rest[0][0]]}"


def legs_to(v) -> list[tuple[int, int]]:
    """A hex step `v` as at most two legs along neighbouring directions: [(direction, hexes), …], longest first."""
    from ...board.hex import DIRECTIONS

    if v == (0, 0):
        return []
    for d in range(6):
        (q1, r1), (q2, r2) = DIRECTIONS[d], DIRECTIONS[(d + 1) % 6]
        det = q1 * r2 - r1 * q2
        a = (v[0] * r2 - v[1] * q2) // det
        b = (q1 * v[1] - r1 * v[0]) // det
        if a >= 0 and b >= 0 and a > 0 and (a * q1 + b * q2, a * r1 + b * r2) == tuple(v):
            legs = [(x, k) for x, k in ((d, a), ((d + 1) % 6, b)) if k > 0]
            return sorted(legs, key=lambda leg: -leg[1])
    return []


def nearest_foes(view, seat: str, h) -> str:
    """"3 hexes from Boudica (Bob)": the nearest enemy model to a hex, else ""."""
    best = None
    for mid, m in view.models.items():
        if m.player == seat or not m.alive or m.at is None:
            continue
        n = Hex(*h).distance(m.at)
        if best is None or n < best[0]:
            best = (n, mid, m.player)
    if best is None:
        return ""
    n, mid, player = best
    return f"{n} hex{'es' if n != 1 else ''} from {who(view, mid)} ({player})"


def threat_words(view, seat: str, end, mid) -> str:
    foes = foes_next_to(view, seat, end, ignore=mid)
    return f"ends next to {', '.join(foes)}" if foes else ""


def facing_choice(view, seat: str, mid, at, facing: int, ways: dict) -> dict:
    """A facing for `mid` standing on `at`: "Face north-east", with who would be at its back or in front."""
    name = who(view, mid)
    m = view.models.get(mid)
    notes = []
    if m is not None and m.at is not None and tuple(m.at) == tuple(at) and m.facing == facing:
        notes.append("as it faces now")
    if at is not None:
        h = Hex(*at)
        front = view.occupant.get(h.neighbor(facing))
        if front is not None and front != mid and _is_foe(view, seat, front):
            notes.append(f"faces {who(view, front)}")
        behind = [who(view, o) for d in rear_directions(facing) if (o := view.occupant.get(h.neighbor(d))) is not None
                  and o != mid and _is_foe(view, seat, o)]
        if behind:
            notes.append(f"{' and '.join(behind)} at its back")
    return {"label": f"Face {ways.get(facing, '')}".strip(), "group": "Face", "hint": "; ".join(notes), "who": name}


def _is_foe(view, seat: str, other) -> bool:
    return other in view.beast_kinds or (other in view.models and view.models[other].player != seat)


def needs_facing(action) -> bool:
    """Whether the table asks which way the model faces after this answer (a placement, a move, a hold, an
    ability that moves it): the phone asks it as a second step."""
    if isinstance(action, (Place, Move, Hold)):
        return action.facing is None
    if isinstance(action, UseAbility):
        return action.facing is None and (bool(action.path) or action.to is not None)
    return False


def with_facings(action) -> list:
    """The answer `action` with each of the six facings (every one legal where it lists none)."""
    return [replace(action, facing=f) for f in range(6)]


def facing_subject(view, action) -> str:
    return who(view, action.model)


def place_sides(view, places, bearing) -> dict:
    """Each placement hex → where it is in the arena, in words ("the north-west"; "the north-west, spot 2" when
    two share a way), from `bearing(hex)`: (its compass word seen from the arena's middle, how far out)."""
    by_way: dict = {}
    for h in places:
        way, far = bearing(h)
        by_way.setdefault(way, []).append((far, h))
    out = {}
    for way, hexes in by_way.items():
        hexes.sort()
        for k, (_, h) in enumerate(hexes, start=1):
            out[h] = way if len(hexes) == 1 else f"{way}, spot {k}"
    return out


def cell(view, action):
    """The hex an answer stands for on the board: where the model goes, the target of an attack (or of an
    ability), the pushed model's new hex, the hex a facing points at; None for a pass."""
    if isinstance(action, Place) and action.facing is not None:
        return Hex(*action.to).neighbor(action.facing)
    if isinstance(action, (Place, PushBack)):
        return Hex(*action.to)
    m = view.models.get(getattr(action, "model", None) or "")
    if isinstance(action, (Attack, MoveAttack)):
        t = view.models.get(action.target)
        return hex_of(t.at) if t is not None else None
    if isinstance(action, Move):
        end = action.path[-1]
        return end.neighbor(action.facing) if action.facing is not None else end
    if isinstance(action, Hold):
        here = hex_of(m.at) if m is not None else None
        return here.neighbor(action.facing) if here is not None and action.facing is not None else here
    if isinstance(action, UseAbility):
        if action.target is not None and action.target in view.models:
            return hex_of(view.models[action.target].at)
        end = action.to if action.to is not None else (action.path[-1] if action.path else None)
        if end is not None and action.facing is not None:
            return end.neighbor(action.facing)
        return end if end is not None else (hex_of(m.at) if m is not None else None)
    return None


# ------------------------------------------------------------------------------------------------ the end

def over(view, seat: str) -> dict:
    """The results for the seat: who won, and every seat's VP, kills and loot (the results screen's)."""
    out = view.outcome
    if out is None:
        return {"head": "The game is over", "lines": []}
    winners = list(out.winners)
    names = ", ".join(winners[:-1]) + " and " + winners[-1] if len(winners) > 1 else "".join(winners)
    head = f"{names} win{'s' if len(winners) == 1 else ''}!"
    if seat in winners:
        head = "You win!" if len(winners) == 1 else f"A shared win: {names}!"
    reason = {"last_standing": "last celebrity standing", "all_dead": "nobody left standing",
              "round_limit": "the round limit was reached"}.get(out.reason, "")
    lines = [f"The game ended: {reason}."] if reason else []
    for place, (p, vp, kills, loot) in enumerate(out.standings, start=1):
        you = " (you)" if p == seat else ""
        lines.append(f"{place}. {p}{you}: {vp} VP — {kills} kill{'s' if kills != 1 else ''}, {loot} loot")
    return {"head": head, "lines": lines}
