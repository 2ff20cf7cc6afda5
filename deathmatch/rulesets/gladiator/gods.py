"""Whether calling on the gods can change anything (§9; the "useful" standing order, docs/RULINGS.md).

`reroll_can_help(game, man, purpose, value)` is True when some other face of the die just rolled
could leave its man better off, for some faces of the dice still to come in that step; False when a
re-roll is moot: nothing a new die shows could be better for him than what he has. It reads only
what is already decided (the dice rolled before this one, the men, the exchange's modifiers and
cards) and lets every die not yet rolled take every face, so it never foretells a die.
`reroll_worth_asking` (the "useful" order's test) asks besides that a new die be at least as likely
to leave him better off as worse off (`reroll_odds`): an attack die of 5 that only a 6 betters and
four faces worsen stands unasked; so does a wound's place other than the leg, and a drop die that
drops his shield, not his weapon.

Better for him, step by step:

- **initiative**: winning beats a tie (both roll again) beats losing. Moot on a 6, when he wins
  against any die of his foe's, or loses whatever he rolls.
- **ap**: more action points (at least 0). Moot when no face gives more (a 6, or leg wounds that
  hold every roll at 0).
- **attack / defence** (an exchange's four dice): any of, for him, more damage dealt (up to what
  kills his foe; a 6-and-6 of his alone is as good as that), less damage taken (up to what kills
  him), a 5-and-5 while it could still save him before the crowd, no fall or drop of his own,
  a fall or drop of his foe's. So a defence die against a foe who rolls no attack die (netted, his
  Back turned, no weapon, out of reach) matters only through the special rolls, and not at all when
  they are off.
- **net**: the thrower wants the man caught, the target wants him free.
- **location**: where a wound lands is his to weigh (any change counts), unless the bout ends
  whatever it shows: the wound takes him out of the fight (down or dead), a 6-and-6 kills one of
  the two, or his foe's wound (landed, or to land with no card of his to stop it) puts him down.
- **drop**: what he drops is his to weigh; moot when the face he has drops nothing.
- **thumbs**: moot once his roll already saves him.
"""

from __future__ import annotations

from itertools import product

from .mods import mods_of, no_attack_reason
from .model import ARMOUR_MOD, DEAD_AT, DOWN_AT, LOCATION_OF_DIE, POSTURE_MOD, SHIELD_MOD, THUMBS_UP_ON

FACES = range(1, 7)


PLACE_WORTH = {"leg": 0, "torso": 1, "arm": 1, "head": 1}
"""How bad a wound's place is, for the "useful" order's odds (higher is better): the leg takes AP every
half (the low die of `game.low_die`); elsewhere a wound only lowers one kind of roll."""
DROP_WORTH = {"weapon": 0, "shield": 1, None: 2}
"""What a drop die drops, for the odds: his weapon is worse to lose than his shield, nothing best."""


def _pairs(g, man_id: str, purpose: str, value: int):
    return _BY_PURPOSE[purpose](g, man_id, purpose, value)


def outcomes(g, man_id: str, purpose: str, value: int):
    """(the result with the die kept, the result with a new face) for every equally likely pair of
    a new face and the faces of the dice still to come in the step: for an exchange's die, (damage
    to his foe, −damage to him[, 5-and-5, −his fall, his foe's fall, −his drop, his foe's drop])."""
    return _pairs(g, man_id, purpose, value)


def reroll_odds(g, man_id: str, purpose: str, value: int) -> tuple[int, int, int]:
    """(better, worse, all): of the equally likely pairs (a new face of the die, the faces of the dice
    still to come in the step), how many leave `man_id` better off in some respect than `value`, how
    many worse off in some respect, and how many pairs there are. Where a wound lands and what a drop
    die drops are weighed by `PLACE_WORTH` and `DROP_WORTH`."""
    better = worse = n = 0
    for now, new in _pairs(g, man_id, purpose, value):
        if purpose == "location":
            now, new = ((PLACE_WORTH[w],) if w else () for w in (now, new))
        elif purpose == "drop":
            now, new = (DROP_WORTH[now],), (DROP_WORTH[new],)
        n += 1
        better += any(a > b for a, b in zip(new, now))
        worse += any(a < b for a, b in zip(new, now))
    return better, worse, n


def reroll_can_help(g, man_id: str, purpose: str, value: int) -> bool:
    """Whether a re-roll of `man_id`'s `purpose` die, showing `value`, could change the result for him:
    leave him better off in some respect, or, where a wound lands and what he drops (his to weigh),
    change it at all."""
    if purpose not in _BY_PURPOSE:
        return True
    if purpose in ("location", "drop"):
        return any(new != now for now, new in _pairs(g, man_id, purpose, value))
    return reroll_odds(g, man_id, purpose, value)[0] > 0


def reroll_worth_asking(g, man_id: str, purpose: str, value: int) -> bool:
    """The "useful" order's question: a re-roll could change the result for him, and a new die is at
    least as likely to leave him better off as worse off (`reroll_odds`): an attack die of 5 that only
    a 6 betters and four faces worsen stands unasked, as does a wound in the arm (only the leg's is
    worth a new die)."""
    if purpose not in _BY_PURPOSE:
        return True
    if not reroll_can_help(g, man_id, purpose, value):
        return False
    better, worse, _ = reroll_odds(g, man_id, purpose, value)
    return better > 0 and better >= worse


def _initiative(g, man_id: str, purpose: str, value: int):
    s = g.state
    m = s.men[man_id]
    foe = s.other(man_id)

    def total(man, die):
        lion = 2 if s.turn == 1 and s.other(man.id).beast else 0
        return die - man.wounds["head"] - lion

    if list(s.men).index(man_id) == 0:  # he rolls first: his foe's die is still to come
        theirs = [total(foe, f) for f in FACES]
    else:
        theirs = [total(foe, g.rolls[("initiative", foe.id)])]

    def result(die, other):
        mine = total(m, die)
        return ((mine > other) * 2 + (mine == other),)

    for o in theirs:
        now = result(value, o)
        for v in FACES:
            yield now, result(v, o)


def _ap(g, man_id: str, purpose: str, value: int):
    m = g.state.men[man_id]
    mods = ARMOUR_MOD[m.armour][2] + SHIELD_MOD[m.shield][2] + POSTURE_MOD[m.posture][2] + m.gladiator.bonus_ap
    ap = lambda die: (max(0, die + mods - m.wounds["leg"]),)  # noqa: E731
    for v in FACES:
        yield ap(value), ap(v)

def _exchange(g, man_id: str, purpose: str, value: int):
    x = g.exchange
    s = g.state
    a, d = s.men[x.attacker], s.men[x.defender]
    sa, sd, _ = g.sides(a, d)
    info = {}
    order = []
    for m, foe, mine, his in ((a, d, sa, sd), (d, a, sd, sa)):
        am, dm = mods_of(g, m, foe, mine, his, x)
        rolls_attack = no_attack_reason(g, m, foe, mine, x.distance) is None
        info[m.id] = (sum(v for _, v in am), sum(v for _, v in dm), rolls_attack)
        if rolls_attack:
            order.append((m.id, "attack"))
        order.append((m.id, "defence"))
    here = order.index((man_id, purpose))
    before, after = order[:here], order[here + 1:]
    known = {k: g.rolls[(k[1], k[0])] for k in before}
    me, foe = s.men[man_id], s.other(man_id)
    special = s.options.special_rolls
    five_counts = me.inflicted + me.bonus55 + 1 < THUMBS_UP_ON

    def dice(who, what, faces):
        return faces.get((who, what)) if (who, what) in faces else None

    def outcome(faces) -> tuple:
        res = {}
        for m in (me, foe):
            att_mod, def_mod, rolls_attack = info[m.id]
            ad = dice(m.id, "attack", faces) if rolls_attack else None
            dd = dice(m.id, "defence", faces)
            res[m.id] = (ad, dd, None if ad is None else ad + att_mod, dd + def_mod)

        def dealt(frm, to):
            att = res[frm.id][2]
            if att is None:
                return 0
            n = att - res[to.id][3]
            return n + x.bonus.get(frm.id, {}).get("damage", 0) if n > 0 else 0

        raw_foe, raw_me = dealt(me, foe), dealt(foe, me)
        to_foe = min(raw_foe, DEAD_AT - foe.damage)
        to_me = min(raw_me, DEAD_AT - me.damage)
        if not special:
            return (to_foe, -to_me)
        (ma, md, _, _), (fa, fd, _, _) = res[me.id], res[foe.id]
        six_me, six_foe = ma == 6 and md == 6, fa == 6 and fd == 6
        kills, killed = six_me and not six_foe, six_foe and not six_me
        if kills:  # as good as the damage that kills him
            to_foe = DEAD_AT - foe.damage
        if killed:
            to_me = DEAD_AT - me.damage
        # a fall or a drop is nothing once the exchange ends the bout (either man down or dead)
        ends = kills or killed or foe.damage + raw_foe >= DOWN_AT or me.damage + raw_me >= DOWN_AT
        fall_me = not ends and ma == 1 and md == 1
        fall_foe = not ends and fa == 1 and fd == 1
        drop_me = not ends and not me.beast and ((ma == 2 and md == 2) or (ma == 1 and fd == 6))
        drop_foe = not ends and not foe.beast and ((fa == 2 and fd == 2) or (fa == 1 and md == 6))
        five = five_counts and ma == 5 and md == 5
        return (to_foe, -to_me, five, -fall_me, fall_foe, -drop_me, drop_foe)

    mine_key = (man_id, order[here][1])
    for rest in product(FACES, repeat=len(after)):
        faces = dict(known)
        faces.update(zip(after, rest))
        faces[mine_key] = value
        now = outcome(faces)
        for v in FACES:
            faces[mine_key] = v
            yield now, outcome(faces)


def _net(g, man_id: str, purpose: str, value: int):
    s = g.state
    if s.acting == man_id:  # he threw it (his die comes first): the target's is still to come
        target = s.other(man_id)
        for b in FACES:
            caught = lambda a: (a > b or (a == b and target.armour == "armoured"),)  # noqa: E731
            for v in FACES:
                yield caught(value), caught(v)
        return
    target = s.men[man_id]
    a = g.rolls[("net", s.other(man_id).id)]
    free = lambda b: (not (a > b or (a == b and target.armour == "armoured")),)  # noqa: E731
    for v in FACES:
        yield free(value), free(v)


def _location(g, man_id: str, purpose: str, value: int):
    s = g.state
    m, foe = s.men[man_id], s.other(man_id)
    ends = foe.damage >= DOWN_AT  # his foe's wound has ended the bout
    if g.exchange is not None and s.options.special_rolls:
        six = {k.id: g.rolls.get(("attack", k.id)) == 6 and g.rolls.get(("defence", k.id)) == 6 for k in (m, foe)}
        ends = ends or six[m.id] != six[foe.id]  # a 6-and-6 kills one of the two
    damage = _pending_damage(g, man_id)
    ends = ends or (damage is not None and m.damage + damage >= DOWN_AT)  # he is out wherever it lands
    his = _pending_damage(g, foe.id)  # his foe's wound still to land, out of the fight unless a card stops it
    ends = ends or (his is not None and foe.damage + his >= DOWN_AT and not g.cards_for(foe, "wounded"))
    where = lambda die: None if ends else LOCATION_OF_DIE[die]  # noqa: E731
    for v in FACES:
        yield where(value), where(v)


def _pending_damage(g, man_id: str) -> int | None:
    """The damage of the wound whose location die `man_id` just rolled (the next LandWound of his)."""
    for task in reversed(g._stack):  # (game.LandWound, named: game.py calls on this module)
        if type(task).__name__ == "LandWound" and task.man == man_id:
            return task.damage
    return None


def _drop(g, man_id: str, purpose: str, value: int):
    m = g.state.men[man_id]
    drops = lambda die: ("weapon" if m.weapons > 0 else None) if die <= 3 else \
        ("shield" if m.shield != "none" else None)  # noqa: E731
    if drops(value) is None:
        return  # he drops nothing: nothing better to roll
    for v in FACES:
        yield drops(value), drops(v)


def _thumbs(g, man_id: str, purpose: str, value: int):
    m = g.state.men[man_id]
    up = lambda die: (die + m.inflicted + m.bonus55 + g.thumbs.get(m.id, 0) >= THUMBS_UP_ON,)  # noqa: E731
    for v in FACES:
        yield up(value), up(v)


_BY_PURPOSE = {"initiative": _initiative, "ap": _ap, "attack": _exchange, "defence": _exchange, "net": _net,
               "location": _location, "drop": _drop, "thumbs": _thumbs}
