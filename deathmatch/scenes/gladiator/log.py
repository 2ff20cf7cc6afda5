"""Gladiator!'s log lines: each event in plain words (None for those the log leaves out)."""

from __future__ import annotations

from ...rulesets.gladiator import events as ev
from .facts import man_name, man_words, seen
from .ledger import signed

PURPOSE = {"initiative": "initiative", "ap": "action points", "attack": "attack", "defence": "defence",
           "net": "net", "location": "location", "drop": "drop", "thumbs": "the crowd"}
SPECIAL = {"six_six": "6 and 6: a killing blow!", "one_one": "1 and 1: {sub} fall{s}!",
           "two_two": "2 and 2: {sub} drop{s} {pos} kit!",
           "five_five": "5 and 5: the crowd loves it!", "one_against_six": "1 against 6: {sub} drop{s} {pos} weapon!"}
"""Special rolls' words; {sub}, {pos}, {s}: the man's pronoun words (see `special_words`)."""
WHY_NO_ATTACK = {"back": "{pos} back is turned", "no_weapon": "no weapon in hand", "netted": "netted",
                 "reach": "out of reach"}


def special_words(kind: str, w) -> str:
    """A special roll's words for a man whose pronoun words are `w` (model.Pronouns)."""
    return SPECIAL.get(kind, kind).format(sub=w.subject, pos=w.possessive, s=w.s)


def ap_modifier_words(e) -> list[str]:
    """An AP roll's modifiers (an `APRolled`) named by what the man has: "+1 no armour", "−1 large shield",
    "+1 attack posture", "−2 leg wounds" (the zero ones left out)."""
    out = []
    if e.armour:
        out.append(f"{signed(e.armour)} {'no armour' if e.armour > 0 else 'armour'}")
    if e.shield:
        out.append(f"{signed(e.shield)} {'no shield' if e.shield > 0 else 'large shield'}")
    if e.posture:
        out.append(f"{signed(e.posture)} {'attack' if e.posture > 0 else 'defend'} posture")
    if e.bonus:
        out.append(f"{signed(e.bonus)} extra AP")
    if e.leg:
        out.append(f"{signed(-e.leg)} leg wound{'s' if e.leg != 1 else ''}")
    return out


GODS_LOG = {"useful": "is asked to call on the gods only when it can change the result",
            "ask": "is asked to call on the gods after every die",
            "never": "will never call on the gods",
            "low": "is asked to call on the gods on a low die",
            "auto": "calls on the gods on a low die without being asked"}
"""The log's words for a standing order for calling on the gods given during the bout."""


def describe(e, source) -> str | None:
    """The log line of event `e`; `source`: the bout's view (or a front, or a game: `facts.seen`)."""
    v = seen(source)
    n = lambda mid: man_name(v, mid)  # noqa: E731
    his = lambda mid: man_words(v, mid).possessive  # noqa: E731
    if isinstance(e, ev.TurnStarted):
        return f"— Game turn {e.turn} —"
    if isinstance(e, ev.InitiativeRolled):
        mods = []
        if e.head:
            mods.append(f"−{e.head} head")
        if e.lion:
            mods.append(f"−{e.lion} against a lion")
        return f"{n(e.man)} rolls {e.die} for initiative" + (f" ({', '.join(mods)}) = {e.total}" if mods else "")
    if isinstance(e, ev.InitiativeTied):
        return f"Initiative tied at {e.total}: both roll again"
    if isinstance(e, ev.InitiativeWon):
        return f"{n(e.man)} ({e.player}) wins the initiative"
    if isinstance(e, ev.Chosen):
        return f"{e.player} chooses to go {'first' if e.first else 'second'}"
    if isinstance(e, ev.DieRolled):
        if e.reroll:
            return f"{n(e.man)} re-rolls {his(e.man)} {PURPOSE.get(e.purpose, e.purpose)} die: {e.value}"
        if e.purpose in ("attack", "defence", "location", "net", "drop", "thumbs"):
            return None  # told by the exchange, the wound, the net, the crowd
        return None
    if isinstance(e, ev.GodsOrderSet):
        return f"{e.player} {GODS_LOG.get(e.order, 'changes when to call on the gods')}"
    if isinstance(e, ev.GodsCalled):
        die = f"{his(e.man)} {PURPOSE.get(e.purpose, e.purpose)} die"
        if e.card:  # the card's own line (CardPlayed) names it: never its id here
            return f"{n(e.man)}'s card rolls {die} again"
        return (f"{n(e.man)} calls on the gods to roll {die} again"
                + (f" ({his(e.man)} standing order, on a low die)" if e.by_order else ""))
    if isinstance(e, ev.HalfStarted):
        return f"{n(e.man)}'s half ({e.player})"
    if isinstance(e, ev.PostureChosen):
        return f"{n(e.man)} takes the {e.posture} posture"
    if isinstance(e, ev.APRolled):
        mods = ap_modifier_words(e)
        return f"{n(e.man)} rolls {e.die} for AP" + (f" ({', '.join(mods)})" if mods else "") + f": {e.ap} AP"
    if isinstance(e, ev.Advanced):
        return f"{n(e.man)} advances {len(e.path)} hex{'es' if len(e.path) != 1 else ''} ({e.ap} AP)"
    if isinstance(e, ev.Retreated):
        return f"{n(e.man)} retreats {len(e.path)} hex{'es' if len(e.path) != 1 else ''} ({e.ap} AP)"
    if isinstance(e, ev.Turned):
        return f"{n(e.man)} turns ({e.ap} AP)"
    if isinstance(e, ev.ExchangeDeclared):
        how = "makes a frenzied attack on" if e.frenzied else "attacks"
        return (f"{n(e.attacker)} {how} {n(e.defender)} ({e.ap} AP): {his(e.attacker)} {e.attacker_side} against "
                f"{n(e.defender)}'s {e.defender_side}")
    if isinstance(e, ev.ExchangeResolved):
        def part(r):
            a = f"attack {r.attack} (rolled {r.attack_die})" if r.attack_die is not None else \
                f"no attack ({WHY_NO_ATTACK.get(r.no_attack, r.no_attack).format(pos=his(r.man))})"
            return f"{n(r.man)}: {a}, defence {r.defence} (rolled {r.defence_die})"
        hits = []
        if e.to_defender:
            hits.append(f"{e.to_defender} damage to {n(e.defender.man)}")
        if e.to_attacker:
            hits.append(f"{e.to_attacker} damage to {n(e.attacker.man)}")
        return f"{part(e.attacker)}; {part(e.defender)}. " + ("; ".join(hits) if hits else "No damage.")
    if isinstance(e, ev.Wounded):
        return f"{n(e.man)} is wounded in the {e.location}: {e.damage} (total {e.total})"
    if isinstance(e, ev.Dodged):
        return f"{n(e.man)} dodges the blow to {his(e.man)} {e.location} ({e.card})"
    if isinstance(e, ev.Special):
        return f"{n(e.man)}: {special_words(e.kind, man_words(v, e.man))}"
    if isinstance(e, ev.Killed):
        return f"{n(e.by)} kills {n(e.man)} outright"
    if isinstance(e, ev.Fell):
        return f"{n(e.man)} falls face down"
    if isinstance(e, ev.Dropped):
        return f"{n(e.man)} drops {his(e.man)} {e.what}"
    if isinstance(e, ev.NothingDropped):
        return f"{n(e.man)} has no {e.what} to drop"
    if isinstance(e, ev.SpecialCancelled):
        return f"{n(e.man)} keeps {his(e.man)} footing ({e.card})"
    if isinstance(e, ev.PickedUp):
        return f"{n(e.man)} picks up {his(e.man)} {e.what} ({e.ap} AP)"
    if isinstance(e, ev.StoodUp):
        return f"{n(e.man)} stands up ({e.ap} AP)"
    if isinstance(e, ev.NetThrown):
        return (f"{n(e.thrower)} throws {his(e.thrower)} net at {n(e.target)} ({e.thrower_die} against {e.target_die}): "
                + ("caught!" if e.caught else "missed"))
    if isinstance(e, ev.GotLoose):
        return f"{n(e.man)} works at the net ({e.spent} AP, {e.total} of 3)" + (": free!" if e.loose else "")
    if isinstance(e, ev.Recovered):
        return f"{n(e.man)} recovers: 1 off {his(e.man)} {e.location} ({e.ap} AP)"
    if isinstance(e, ev.CardPlayed):
        return f"{n(e.man)} plays {e.name or e.card}"
    if isinstance(e, ev.APGained):
        return f"{n(e.man)} gains {e.amount} AP"
    if isinstance(e, ev.HalfEnded):
        return None
    if isinstance(e, ev.Down):
        return f"{n(e.man)} is down with {e.damage} damage: the crowd decides"
    if isinstance(e, ev.Dead):
        how = {"damage": f"{e.damage} damage", "six_six": "a killing blow", "crowd": "thumbs down"}.get(e.how, e.how)
        return f"{n(e.man)} is dead ({how})"
    if isinstance(e, ev.ThumbsRolled):
        return (f"The crowd for {n(e.man)}: {e.die} + {e.inflicted} dealt" + (f" + {e.bonus55} (5 and 5)" if e.bonus55 else "")
                + (f" + {e.card} (card)" if e.card else "") + f" = {e.total}: thumbs {'up' if e.up else 'down'}")
    if isinstance(e, ev.BoutOver):
        if e.reason == "called_off":
            return "The bout is called off: a draw"
        if not e.winners:
            return "The bout is over: a draw"
        return f"The bout is over: {', '.join(e.winners)} wins"
    return None
