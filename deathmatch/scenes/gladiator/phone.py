"""Gladiator! on a phone (issue 30): what a phone seat is shown and may answer, in the words the bout's table
uses — the seat's man (type, kit, wounds by location, AP, posture, facing) and his experience cards, the
man he fights, the standing order for calling on the gods (the Gods panel's three choices), the question
asked and every legal answer: the initiative, the posture, the orders of his half (advance, retreat, turn,
attack, frenzied attack or net with the odds the table shows, get loose, pick up, stand up, recover, cards,
end), the gods' re-roll and the card windows.

Pure functions of the seat's view (`front.view(seat)`), the decision and its legal answers, and what the
table asks and sees besides: `odds(action)` (the rules' `exchange_odds`, None when not to be had),
`sides(a, b)` (the rules' sides two men show each other), `way(a, b)` and `heading(d)` (the angle on the
board's picture from hex `a` to hex `b`, and of facing `d`: the phone names a direction as an arrow on the
picture, the way the screen shows it; hexes have no names). The table (bout.py) passes them in.
"""

from __future__ import annotations

from ...board import Hex
from ...rulesets.gladiator import actions as ac
from ...rulesets.gladiator.model import LOCATIONS, POSTURE_MOD
from . import facts as gf
from .ledger import KIT, NET_WORDS

GODS_ORDER = "gods"
"""The id of the one standing order a phone sets (calling on the gods)."""
GODS_INTRO = ("After each of your dice you may call on the gods to roll it again, once a game turn. "
              "When should the game stop to ask you?")
CHOOSE_HINTS = {True: "Your half now: strike or close in before he moves.",
                False: "He moves first and you answer; win the next initiative, go first, and you act "
                       "twice in a row."}
"""What going first or second is for (the table's buttons' hints)."""

ARROWS = ((0, "→", "right"), (45, "↗", "up and right"), (90, "↑", "up"), (135, "↖", "up and left"),
          (180, "←", "left"), (225, "↙", "down and left"), (270, "↓", "down"), (315, "↘", "down and right"))
"""A direction on the board's picture (degrees, counter-clockwise from the right) as an arrow and words."""


def compass(angle: float) -> tuple[str, str]:
    """(arrow, words) nearest to `angle` (degrees, counter-clockwise from the right, as the screen draws it)."""
    a = angle % 360
    best = min(ARROWS + ((360, "→", "right"),), key=lambda t: abs(t[0] - a))
    return best[1], best[2]


def posture_words(posture: str, his: str = "his") -> str:
    """"attack +1, defence −1, AP +1 until his next half": a posture's modifiers (the rules' table, §3)."""
    a, d, ap = POSTURE_MOD[posture]
    return f"attack {a:+d}, defence {d:+d}, AP {ap:+d} until {his} next half".replace("-", "−")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('x') else 's'}"


def kit_words(m) -> str:
    """"armoured · medium shield · sica · net", as he fights now (dropped kit said so)."""
    k = m.kit
    if k.beast:
        return "a lion: claws and teeth, 2 hexes an AP"
    parts = [KIT.get(k.armour, k.armour)]
    if k.shield != "none":
        parts.append(KIT.get(k.shield, k.shield) + (" (dropped)" if m.shield_dropped else ""))
    parts.append(KIT.get(k.weapon, k.weapon) + (" (dropped)" if m.weapon_dropped else ""))
    if k.net:
        parts.append(NET_WORDS.get(m.type, "net") + (" (thrown)" if m.net_spent else ""))
    return " · ".join(parts)


def wound_words(m) -> str:
    """"Wounds: torso 2, arm 1 · 3 damage (down at 7)" ("no wounds" for a man unhurt)."""
    w = {loc: m.wounds.get(loc, 0) for loc in LOCATIONS}
    hurt = ", ".join(f"{loc} {n}" for loc, n in w.items() if n)
    left = f"{m.damage} damage (down at 7)" if m.alive and not m.down else f"{m.damage} damage"
    return (f"Wounds: {hurt}" if hurt else "No wounds") + f" · {left}"


def state_words(m) -> str:
    bits = []
    if not m.alive:
        bits.append("dead")
    elif m.down:
        bits.append("down")
    if m.netted:
        bits.append(f"netted ({m.loose}/3 AP loose)")
    if m.fallen:
        bits.append("fallen")
    return ", ".join(bits)


def facing_words(heading, d: int) -> tuple[str, str]:
    """Facing `d` as (arrow, words) on the board's picture."""
    return compass(heading(d))


def man_lines(seen, m, heading) -> list[str]:
    w = gf.words_of(m)
    lines = [kit_words(m), wound_words(m),
             f"Posture: {m.posture} ({posture_words(m.posture, w.possessive)})"]
    if seen.acting == m.id or m.ap:
        lines.append(f"{m.ap} AP left")
    arrow, where = facing_words(heading, m.facing)
    lines.append(f"Faces {arrow} {where} on the board")
    state = state_words(m)
    if state:
        lines.append(state[:1].upper() + state[1:])
    return lines


def hand(seen, seat: str, heading) -> list[dict]:
    """The seat's man, his experience cards (what each does and when), and the man he fights."""
    out = []
    mine = [m for m in seen.men.values() if m.owner == seat]
    for m in mine:
        out.append({"title": f"{m.name} · {gf.type_name(m)}", "lines": man_lines(seen, m, heading),
                    "tag": "your man"})
        for c in m.hand:
            lines = [c.words] + ([c.text] if c.text else [])
            out.append({"title": c.name, "lines": lines, "tag": "experience card"})
    for m in seen.men.values():
        if m.owner != seat:
            out.append({"title": f"{m.name} · {gf.type_name(m)} ({m.owner})", "lines": man_lines(seen, m, heading)
                        + [f"Cards: {', '.join(c.name for c in m.hand)}"] * bool(m.hand), "tag": "your opponent"})
    return out


def orders(seen, seat: str) -> list[dict]:
    """The Gods panel's row for this seat: when to stop and ask about calling on the gods."""
    current = (seen.get("gods_orders") or {}).get(seat, "ask")
    values = [[cid, label[:1].upper() + label[1:]] for cid, label in gf.GODS_CHOICES.items()]
    if current not in gf.GODS_CHOICES:  # (a saved bout's older order: shown as it is until changed)
        words = gf.GODS_WORDS.get(current, current)
        values.append([current, words[:1].upper() + words[1:]])
    return [{"id": GODS_ORDER, "label": "Calling on the gods", "value": current, "values": values,
             "hint": gf.GODS_HINTS.get(current, GODS_INTRO)}]


def set_order(seat: str, order: str, value: str):
    """The side answer giving `seat`'s standing order, None for no such order or choice."""
    if order != GODS_ORDER or value not in gf.GODS_CHOICES:
        return None
    return ac.SetGods(seat, value)


def prompt(seen, decision) -> str:
    """What the seat is asked, in the table's words (without its keys)."""
    m = seen.men.get(decision.man) if decision.man else None
    name = m.name if m is not None else decision.player
    w = gf.words_of(m)
    kind = decision.kind
    if kind == ac.CHOOSE:
        return "You won the initiative. Go first or second?"
    if kind == ac.POSTURE:
        return f"{name} opens {w.possessive} half — {w.possessive} posture?"
    if kind == ac.REROLL:
        r = decision.roll
        what = f"{name}'s {gf.die_words(r.purpose)} rolled {r.value}" if r is not None else f"{name}'s die"
        return f"{what}. Keep it, or call on the gods to roll it again?"
    if kind == ac.CARD:
        return f"{name} may play a card now ({gf.card_moment_words(decision.timing)}). Play one or pass?"
    foe = gf.other(seen, m.id) if m is not None else None
    far = Hex(*m.at).distance(Hex(*foe.at)) if m is not None and foe is not None else None
    near = f", {foe.name} {plural(far, 'hex')} away" if far is not None else ""
    return f"{name}'s orders: {m.ap} AP left{near}" if m is not None else f"{name}'s orders"


def attack_hint(seen, action, odds, sides) -> str:
    """The exchange if declared now, as the table's odds panel says it."""
    me, foe = seen.men[action.man], seen.men[action.target]
    them = gf.words_of(foe).object
    out = []
    s = sides(me.id, foe.id)
    if s is not None:
        out.append(f"Your {gf.SIDE_WORDS[s[0]]} side against {gf.words_of(foe).possessive} {gf.SIDE_WORDS[s[1]]} side"
                   .replace("Face side", "Face").replace("Back side", "Back"))
    o = odds(action)
    if o is None:
        out.append("odds not available")
    else:
        out.append(f"you deal {o.to_target:.1f}, you take {o.to_attacker:.1f} on average")
        out.append(f"wound {them} {float(o.wound_target):.0%} · be wounded {float(o.wound_attacker):.0%}")
        out.append(f"down or dead: {them} {float(o.kill_target):.0%} · you {float(o.kill_attacker):.0%}")
    return " · ".join(out)


def choice(seen, decision, action, *, odds, sides, way, heading) -> dict:
    """One legal answer in words: `{"label", "group", "hint", "who"}` (see the module's words)."""
    m = seen.men.get(getattr(action, "man", None) or decision.man or "")
    who = {"who": m.name} if m is not None else {}
    if isinstance(action, ac.Choose):
        return {"label": "Go first" if action.first else "Go second", "group": "Initiative",
                "hint": CHOOSE_HINTS[action.first]}
    if isinstance(action, ac.Posture):
        return {"label": action.posture.capitalize(), "group": "Posture", **who,
                "hint": posture_words(action.posture, gf.words_of(m).possessive)}
    if isinstance(action, ac.Reroll):
        if not action.yes:
            return {"label": "Keep", "group": "The die", **who, "hint": "The die stands as rolled."}
        if action.card is None:
            return {"label": "Call on the gods", "group": "The die", **who,
                    "hint": "Roll that die again, once a game turn; the new result stands."}
        return {"label": f"Play {card_name(seen, action.card)}", "group": "The die", **who,
                "hint": card_hint(seen, action.card)}
    if isinstance(action, ac.Pass):
        return {"label": "Pass", "group": "Experience card", **who, "hint": "Keep your cards for later."}
    if isinstance(action, ac.PlayCard):
        extra = ""
        if action.location:
            extra = f" on the {action.location}"
        elif action.facing is not None:
            arrow, words = facing_words(heading, action.facing)
            extra = f": face {arrow} {words}"
        group = "Experience cards (0 AP)" if decision.kind == ac.ORDER else "Experience card"
        return {"label": f"Play {card_name(seen, action.card)}{extra}", "group": group, **who,
                "hint": card_hint(seen, action.card)}
    foe = gf.other(seen, m.id)
    here = Hex(*m.at)
    if isinstance(action, (ac.Advance, ac.Retreat)):
        end = Hex(*action.path[-1])
        n = len(action.path)
        arrow, words = compass(way(here, end))
        if isinstance(action, ac.Advance):
            cost = (n + 1) // 2 if m.beast else n
            d = action.facing
            if d is None:
                prev = Hex(*(action.path[-2] if n > 1 else m.at))
                d = prev.direction_to(end)
            fa, fw = facing_words(heading, d if d is not None else m.facing)
            turn = f", facing {fa} {fw}"
            verb, group = "Advance", "Advance"
        else:
            cost = n if m.beast else 2 * n
            turn = ", facing kept"
            verb, group = "Retreat", "Retreat (backwards)"
        away = end.distance(Hex(*foe.at))
        near = f"next to {foe.name}" if away == 1 else f"{plural(away, 'hex')} from {foe.name}"
        return {"label": f"{verb} {n} {arrow}, {near} ({cost} AP)", "group": group, **who,
                "hint": f"{plural(n, 'hex')} {words}{turn}"}
    if isinstance(action, ac.Turn):
        arrow, words = facing_words(heading, action.facing)
        toward = f" (toward {foe.name})" if toward_foe(here, foe, action.facing, way, heading) else ""
        return {"label": f"Turn to face {arrow} {words}{toward}", "group": "Turn (1 AP)", **who,
                "hint": "Face another way (1 AP)."}
    if isinstance(action, ac.Attack):
        label = f"Frenzied attack on {foe.name} (2 AP)" if action.frenzied else f"Attack {foe.name} (1 AP)"
        return {"label": label, "group": "Attack", **who, "hint": attack_hint(seen, action, odds, sides)}
    if isinstance(action, ac.ThrowNet):
        return {"label": f"Throw the net at {foe.name} (2 AP)", "group": "Attack", **who,
                "hint": "The net is spent whether it catches him or not."}
    if isinstance(action, ac.GetLoose):
        return {"label": "Get loose", "group": "Orders", **who, "hint": "Work at the net: 3 AP in all."}
    if isinstance(action, ac.PickUp):
        return {"label": "Pick up your kit (1 AP)", "group": "Orders", **who,
                "hint": "Pick up your dropped kit here."}
    if isinstance(action, ac.StandUp):
        return {"label": "Stand up (1 AP)", "group": "Orders", **who, "hint": "Get up off the sand."}
    if isinstance(action, ac.Recover):
        return {"label": f"Recover: the {action.location}", "group": "Recover (all your AP)", **who,
                "hint": "The only order of the half: 1 off this wound and 1 off the damage."}
    if isinstance(action, ac.End):
        return {"label": "End the half", "group": "End", **who,
                "hint": f"{m.ap} AP left {'is' if m.ap == 1 else 'are'} lost." if m.ap else "No AP left."}
    return {"label": type(action).__name__, "group": "", **who}


RANK = {ac.Attack: 0, ac.ThrowNet: 0, ac.Advance: 1, ac.Retreat: 2, ac.Turn: 3, ac.GetLoose: 4, ac.PickUp: 4,
        ac.StandUp: 4, ac.Recover: 5, ac.PlayCard: 6, ac.End: 7, ac.Pass: 8}
"""The order a phone lists a half's orders in: the fight first, ending the half last."""


def ordered(options) -> list:
    """The legal answers in the order a phone lists them (the same answers: only their order changes)."""
    return sorted(options, key=lambda o: RANK.get(type(o), 0))


BACK = "back to the orders"
"""The answer a phone's facing question (after an advance) has besides the facings: back to the orders."""


def facing_prompt(seen, advance, way) -> str:
    """The question after a phone's advance, as the table's facing stage asks it."""
    m = seen.men[advance.man]
    n = len(advance.path)
    arrow, _ = compass(way(Hex(*m.at), Hex(*advance.path[-1])))
    return (f"{m.name} advances {n} {arrow} — which way does {gf.words_of(m).subject} face at the end? "
            f"(no AP: it is part of the advance)")


def facing_choice(seen, decision, action, *, way, heading) -> dict:
    """One answer of the facing question: an advance ending with facing `action.facing`, or `BACK`."""
    if action == BACK:
        return {"label": "Back to the orders", "group": "Back", "hint": "Choose another order."}
    m = seen.men[action.man]
    end = Hex(*action.path[-1])
    prev = Hex(*(action.path[-2] if len(action.path) > 1 else m.at))
    arrow, words = facing_words(heading, action.facing)
    foe = gf.other(seen, m.id)
    bits = []
    if toward_foe(end, foe, action.facing, way, heading):
        bits.append(f"toward {foe.name}")
    w = gf.words_of(m)
    if prev.direction_to(end) == action.facing:
        bits.append(f"the way {w.subject} step{w.s}")
    note = f" ({', '.join(bits)})" if bits else ""
    return {"label": f"Face {arrow} {words}{note}", "group": "Facing at the end", "who": m.name,
            "hint": f"Where {w.possessive} Face, Shield, Weapon and Back sides point when {w.subject} stop{w.s}."}


def toward_foe(here, foe, d, way, heading) -> bool:
    """Whether facing `d` is the one of the six nearest the way to the man he fights."""
    if foe is None or tuple(foe.at) == tuple(here):
        return False
    target = way(here, Hex(*foe.at)) % 360

    def off(k):
        a = abs(heading(k) % 360 - target)
        return min(a, 360 - a)
    return min(range(6), key=off) == d


def card_name(seen, card_id) -> str:
    c = gf.card_of(seen, card_id)
    return c.name if c is not None else "a card"


def card_hint(seen, card_id) -> str:
    c = gf.card_of(seen, card_id)
    if c is None:
        return ""
    return f"{c.words} ({c.text})" if c.text else c.words


def cell(seen, decision, action):
    """The hex an answer stands for on the board's picture: where a move ends, the hex a turn faces, the man
    attacked, else the man deciding."""
    m = seen.men.get(getattr(action, "man", None) or decision.man or "")
    if m is None:
        m = next((x for x in seen.men.values() if x.owner == decision.player), None)
    if isinstance(action, (ac.Advance, ac.Retreat)):
        return Hex(*action.path[-1])
    if m is None:
        return None
    here = Hex(*m.at)
    if isinstance(action, ac.Turn):
        return here.neighbor(action.facing)
    if isinstance(action, ac.PlayCard) and action.facing is not None:
        return here.neighbor(action.facing)
    if isinstance(action, (ac.Attack, ac.ThrowNet)):
        return Hex(*seen.men[action.target].at)
    return here


def over(seen) -> dict:
    head, lines = gf.outcome_words(seen)
    return {"head": head, "lines": lines}
