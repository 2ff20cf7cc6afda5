"""Gladiator!'s computer players: easy, normal and hard, for a man or a lion. Each answers
`game.pending` for its player with a legal action. Gladiator! hides nothing but the future dice
(`view.py`), so a bot may read the whole state; never the dice's future (the hard bot's look-ahead
re-seeds them: `determinize`).

- easy: random legal play that takes an attack whenever it is offered.
- normal: a heuristic player that thinks in **plans**: a plan is one whole half's orders within
  his AP (`Plan.orders`: moves, turns, attacks, a net, a pick-up, a recovery, ending with End when
  AP would be left). `plans(game, k)` builds and scores the candidates: where to stand (his
  current hex with each facing, or any hex he can Advance or Retreat to, facing the enemy), what
  to do there (attacks or frenzied attacks while `odds.exchange_odds` favours him, a net when its
  chance is good, Recover when hurt and out of contact, End) and what the enemy's best reply from
  his own reach would cost him then (he turns to keep his Face on him; he goes round to his Back
  or Weapon side). First the must-dos: get loose when netted, stand up when fallen, pick up his
  dropped kit. The normal bot plays the best plan's first order and plans again at every
  decision. Posture: the one whose plan (with the AP it would roll on average) scores best. It
  calls on the gods on a bad die, plays experience cards at sensible moments (fury, feint,
  brutal on a hurt enemy; guard when hurt; dodge on a heavy or killing wound; sure_footed
  always; crowd_favourite when down; second_wind before attacks; bind_wounds when hurt; free_turn
  instead of a paid Turn; slip_free when netted).
- hard: for orders, a search over whole-half **plans** (the issue: "the hard bot plans its whole
  AP budget, not one order at a time"): the normal bot's best `CANDIDATES` plans are each played
  to the end of his half in the same determinized worlds (fresh dice; common random numbers:
  every plan meets the same dice; windows answered by the normal bot) and the position there
  (before any die of the next game turn) is valued by the **learned value** (`value.py`,
  `value.json`: a logistic model over features a player would name, fitted by
  `tools/train_value.py` to self-play; the hand-written `evaluate` if the file is broken). No
  rollout beyond the half: a plan no die decides is valued once, exactly; a plan with an Attack
  or a net is valued by its mean over the worlds, i.e. the expected learned value over the
  exchanges' outcomes (their odds are also features: `odds.exchange_odds`); after every
  `Budget.halving` worlds the worst of those drops out, down to two. The normal bot's own first
  plan stands unless another leads it by more than `NOISE` standard errors of the difference.
  It plays the chosen plan's next order at each decision and plans again when something
  unexpected happens: after any order with dice (an Attack or a net), when the position is not
  the one the plan's orders lead to (a fall, a wound), or when the plan's next order is no
  longer legal. Its posture is Attack whenever he is free to fight (not netted, not fallen;
  `POSTURE_TAKEN`: +1 attack and +1 AP for −1 defence, measured +2-4 points over the normal bot's
  choice). He never calls on the gods for his initiative die (`GODS_SAVED`: the call is kept for
  the AP, attack and defence dice of the game turn). Every other decision (first or second, the
  other calls on the gods, the cards) it answers as the normal
  bot does (`others`; "search": the core's ISMCTS, measured no stronger and 3-5 times the 150 ms
  a decision may take; a look ahead over the calls on the gods, `look`, no stronger either: off). The budgets are the core's (`deathmatch.core.search.
  BUDGETS`: Gladiator! has no budgets of its own); an iteration is one plan played in one world.
  Measured (docs/PERFORMANCE.md): the plan search alone is level with the normal bot, whatever the
  leaf (learned or hand-written), the depth (the end of his half, or of the enemy's next one too)
  or the budget (64 to 2000 iterations, 6 to 12 plans): the choice between the normal bot's best
  plans moves a bout less than its dice do; the posture and the gods' call above make the hard
  bot's +5 points. Even a plan search that sees the bout's real dice (`benchmarks/bots.py
  --foresight`, a ceiling, not a bot) reaches only ~65 %. Variants screened and kept off, as
  constants a benchmark can set (`--set bots.NAME=VALUE`): `HARD_BAR`, `HARD_WHYS`, `CHOOSE_RULE`,
  `GODS_RULE` ("exact": `HardBot.call`), `LOOKED`.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ...core import bots as core_bots
from ...core.dice import SeededDice
from .actions import (CARD, CHOOSE, ORDER, POSTURE, REROLL, Advance, Attack, Choose, Decision, End, GetLoose, Pass,
                      PickUp, PlayCard, Posture, Recover, Reroll, Retreat, StandUp, ThrowNet, Turn)
from .model import DOWN_AT, LOCATIONS, POSTURES, THUMBS_UP_ON
from .odds import exchange_odds
from .worth import OUT_VALUE, damage_value, exchange_value, expected_ap, toward  # noqa: F401  (the bots' measures, shared with value.py)

LEVELS = ("easy", "normal", "hard")


def make_bot(level: str, seed: int = 0, thinking="normal"):
    """A bot of `level` (ValueError naming the levels for an unknown one)."""
    return core_bots.make_bot({"easy": lambda: EasyBot(seed), "normal": lambda: NormalBot(seed),
                               "hard": lambda: HardBot(seed, thinking)}, level)


class EasyBot(core_bots.EasyBot):
    """Random legal play, but it always takes an attack (or a net) it is offered."""

    attacks = (Attack, ThrowNet)


class NormalBot(core_bots.SeededBot):
    """The heuristic player (see the module)."""

    level = "normal"

    def choose(self, game):
        return ranked(game, 1)[0]


# ---------------------------------------------------------------- values


# ---------------------------------------------------------------- plans


@dataclass
class Plan:
    """One whole half's orders (within his AP) and what the normal bot thinks it is worth."""

    orders: list
    score: float
    why: str = ""
    after: dict = field(default_factory=dict)


class Planner:
    """Builds and scores the acting man's plans on a private copy of the game."""

    def __init__(self, game, man_id: str, ap: int | None = None):
        self.sim = game.copy()
        s = self.sim.state
        self.m = s.men[man_id]
        self.o = s.other(man_id)
        self.p = self.m.owner
        if ap is not None:
            self.m.ap = ap
        self.sim.pending = Decision(self.p, ORDER, man_id)  # reachable() reads whose orders they are
        self.home = (self.m.at, self.m.facing)
        self.bar = 0.0
        """An attack plan is made where the exchange is worth more than this (damage points)."""

    # --- where he stands and what he can do there

    def put(self, at, facing) -> None:
        self.m.at, self.m.facing = at, facing

    def can_attack(self, frenzied: bool = False) -> bool:
        m, o = self.m, self.o
        if m.weapons == 0 or m.netted or m.fallen or not o.alive:
            return False
        n = m.at.distance(o.at)
        if n == 2:
            if frenzied or m.weapon != "trident" or not self.sim.clear_between(m.at, o.at):
                return False
        elif n != 1:
            return False
        sides = self.sim.sides(m, o)
        return sides is not None and sides[0] != "back"

    def attack_value(self, frenzied: bool = False) -> float:
        if not self.can_attack(frenzied):
            return -math.inf
        return exchange_value(exchange_odds(self.sim, self.m.id, self.o.id, frenzied), self.m, self.o)

    def threat(self) -> float:
        """What the enemy's next half is likely to cost him where he stands now: the enemy's best
        stand in his reach (a hex next to him, or his own, facing him) times the attacks he has AP
        for, if the exchange favours the enemy."""
        m, o, sim = self.m, self.o, self.sim
        if o.out or not o.alive:
            return 0.0
        if o.netted:
            return 0.0
        ap = expected_ap(o)
        if o.fallen:
            ap -= 1
        if o.weapons == 0:
            return 0.0
        best = 0.0
        o_home = (o.at, o.facing)
        spots = []
        n = o.at.distance(m.at)
        if n == 1 or (n == 2 and o.weapon == "trident" and sim.clear_between(o.at, m.at)):
            f = toward(o.at, m.at)
            spots.append((o.at, f, 0 if f == o.facing else 1))
        if n > 1:
            for h in m.at.neighbors():
                if h not in sim.state.arena.floor or h == o.at:
                    continue
                steps = o.at.distance(h)
                cost = (steps + 1) // 2 if o.beast else steps
                spots.append((h, toward(h, m.at), cost + (1 if n > steps + 1 else 0)))
        try:
            for h, f, cost in spots:
                left = ap - cost
                if left < 1:
                    continue
                o.at, o.facing = h, f
                sides = sim.sides(o, m)
                if sides is None or sides[0] == "back":
                    continue
                v = exchange_value(exchange_odds(sim, o.id, m.id), o, m)
                best = max(best, v * left)
        finally:
            o.at, o.facing = o_home
        return best

    def stands(self) -> list:
        """(orders to get there, AP they cost, hex, facing) for every place he may fight from."""
        m, o, sim = self.m, self.o, self.sim
        out = [((), 0, m.at, m.facing)]
        if m.netted or m.fallen:
            return out
        for f in range(6):
            if f != m.facing and m.ap >= 1:
                out.append(((Turn(self.p, m.id, f),), 1, m.at, f))
        free = next((c for c in m.cards if c.kind == "free_turn"), None)
        if free is not None:
            f = toward(m.at, o.at)
            if f != m.facing:
                out.append(((PlayCard(self.p, m.id, free.id, facing=f),), 0, m.at, f))
        for how in ("advance", "retreat"):
            for h, path in sim.reachable(m.id, how).items():
                if how == "advance":
                    f = toward(h, o.at)
                    cost = (len(path) + 1) // 2 if m.beast else len(path)
                    out.append(((Advance(self.p, m.id, tuple(path), f),), cost, h, f))
                else:
                    cost = len(path) if m.beast else 2 * len(path)
                    out.append(((Retreat(self.p, m.id, tuple(path)),), cost, h, m.facing))
        return out

    def plans(self) -> list[Plan]:
        m, o = self.m, self.o
        sim, p = self.sim, self.p
        if m.out or o.out:
            return [Plan([End(p, m.id)], 0.0, "over")]
        # the must-dos first
        if m.netted:
            slip = next((c for c in m.cards if c.kind == "slip_free"), None)
            if slip is not None:
                return [Plan([PlayCard(p, m.id, slip.id)], 5.0, "slip free")]
            if m.fallen and m.ap >= 1:
                return [Plan([StandUp(p, m.id), GetLoose(p, m.id)], 5.0, "stand, get loose")]
            return [Plan([GetLoose(p, m.id)], 5.0, "get loose")]
        if m.fallen:
            return [Plan([StandUp(p, m.id)], 5.0, "stand up")]
        lying = [d for d in sim.state.dropped if d[0] == m.id and d[2] == m.at]
        if lying and m.ap >= 1:
            return [Plan([PickUp(p, m.id)], 5.0, "pick up")]
        plans: list[Plan] = []
        here = self.threat()
        plans.append(Plan([End(p, m.id)], -here, "wait"))
        # Recover (all his AP), out of contact, wounded
        if not sim.state.in_contact(m, o) and m.damage > 0 and m.ap >= 1 and sim.state.orders == 0:
            loc = max((loc for loc in LOCATIONS if m.wounds[loc] > 0), key=lambda loc: _wound_weight(m, loc))
            heal = damage_value(m.damage) - damage_value(m.damage - 1) + 0.3 * _wound_weight(m, loc)
            plans.append(Plan([Recover(p, m.id, loc)], heal - here, "recover"))
        dropped_weapon = [d for d in sim.state.dropped if d[0] == m.id and d[1] == "weapon"]
        for orders, cost, at, facing in self.stands():
            left = m.ap - cost
            if left < 0:
                continue
            self.put(at, facing)
            try:
                base = list(orders)
                after = self.threat()
                score = -after
                if dropped_weapon and any(d[2] == at for d in dropped_weapon):
                    score += 3.0  # his weapon lies there: he will pick it up next
                plans.append(Plan(base + _end(p, m, left), score - 0.01 * cost, "stand"))
                # attacks from here
                v1, v2 = self.attack_value(), self.attack_value(True)
                best, per, frenzied = 0.0, 0, False
                if v1 > self.bar and left >= 1:
                    best, per = v1 * left, 1
                if v2 > self.bar and left >= 2 and v2 * (left // 2) + max(0.0, v1) * (left % 2) > best:
                    best, per, frenzied = v2 * (left // 2) + max(0.0, v1) * (left % 2), 2, True
                if per:
                    n = left // per
                    atk = [Attack(p, m.id, o.id, frenzied)] * n
                    rest = left - n * per
                    if frenzied and rest >= 1 and v1 > self.bar:
                        atk.append(Attack(p, m.id, o.id))
                        rest -= 1
                    # after his blows the enemy is likely hurt: weigh the reply less
                    plans.append(Plan(base + atk + _end(p, m, rest), best - 0.8 * after - 0.01 * cost, "attack"))
                # a net from here
                if m.has_net and not o.netted and left >= 2 and self.can_net():
                    pn = net_chance(o)
                    gain = pn * (4.0 + 0.5 * expected_ap(o))
                    rest = left - 2
                    follow = []
                    if rest >= 1 and self.can_attack():
                        saved = o.netted
                        o.netted = True
                        try:
                            vn = self.attack_value()
                        finally:
                            o.netted = saved
                        if vn > 0:
                            gain += pn * vn * rest + (1 - pn) * max(0.0, v1) * rest
                            follow = [Attack(p, m.id, o.id)] * rest
                            rest = 0
                    plans.append(Plan(base + [ThrowNet(p, m.id, o.id)] + follow + _end(p, m, rest),
                                      gain - (1 - pn * 0.7) * after - 0.01 * cost, "net"))
            finally:
                self.put(*self.home)
        # approach when nothing better: the stand nearest him scores a little for closing in
        for pl in plans:
            if pl.why == "stand" and pl.orders and isinstance(pl.orders[0], Advance):
                h = pl.orders[0].path[-1]
                pl.score += 0.05 * (m.at.distance(o.at) - h.distance(o.at))
        # second_wind before a plan of attacks
        wind = next((c for c in m.cards if c.kind == "second_wind"), None)
        bind = next((c for c in m.cards if c.kind == "bind_wounds"), None)
        extra = []
        for pl in plans:
            if wind is not None and pl.why == "attack":
                extra.append(Plan([PlayCard(p, m.id, wind.id)] + pl.orders, pl.score + 0.5, "second wind"))
        if bind is not None and m.damage >= 3:
            loc = max((loc for loc in LOCATIONS if m.wounds[loc] > 0), key=lambda loc: _wound_weight(m, loc))
            best = max(plans, key=lambda pl: pl.score)
            extra.append(Plan([PlayCard(p, m.id, bind.id, location=loc)] + best.orders, best.score + 1.0, "bind"))
        plans += extra
        plans.sort(key=lambda pl: -pl.score)
        return plans

    def can_net(self) -> bool:
        m, o = self.m, self.o
        n = m.at.distance(o.at)
        return n == 1 or (n == 2 and self.sim.clear_between(m.at, o.at))


def _end(p, m, left: int) -> list:
    return [End(p, m.id)] if left > 0 else []


def _wound_weight(m, loc: str) -> float:
    """How much a wound point at `loc` hurts him now (legs: AP; torso: attack; arm: defence)."""
    return {"leg": 1.2, "torso": 1.0, "arm": 1.0, "head": 0.4}[loc] * m.wounds[loc]


def net_chance(target) -> float:
    """The chance a net catches `target` (higher die; a tie to the thrower against armour)."""
    return (15 + (6 if target.armour == "armoured" else 0)) / 36


def plans(game, k: int = 6, bar: float = 0.0, whys: tuple = ()) -> list[Plan]:
    """The normal bot's `k` best plans for the man whose orders are pending, best first; each a
    whole half's orders within his AP (distinct first orders first, then the rest); `bar`: the
    worth an exchange must pass for an attack plan; `whys`: the best plan of each of these kinds
    besides, if not among the `k`."""
    d = game.pending
    planner = Planner(game, d.man)
    planner.bar = bar
    ps = planner.plans()
    if whys:
        out = plans_of(ps, k)
        for why in whys:
            extra = next((pl for pl in ps if pl.why == why), None)
            if extra is not None and extra not in out:
                out.append(extra)
        return out
    return plans_of(ps, k)


def plans_of(ps, k: int) -> list[Plan]:
    """The first `k` plans of `ps` with distinct orders."""
    seen, out = set(), []
    for pl in ps:
        key = tuple(pl.orders)
        if key in seen:
            continue
        seen.add(key)
        out.append(pl)
        if len(out) >= k:
            break
    return out


# ---------------------------------------------------------------- the other decisions


def posture_for(game, man_id: str) -> str:
    """The posture that weighs best: his blows this half (the attacks his average AP leaves after
    closing in, facing the enemy from where he stands) against the enemy's best reply in his half
    (the posture lasts until his next one)."""
    pl = Planner(game, man_id)
    m, o = pl.m, pl.o
    if m.netted or m.fallen or o.out:
        return "defend" if m.netted or m.fallen else "balanced"
    n = m.at.distance(o.at)
    reach = 2 if m.weapon == "trident" else 1
    best, best_p = -math.inf, "balanced"
    for p in POSTURES:
        m.posture = p
        ap = expected_ap(m, p)
        moves = max(0, n - reach)
        left = ap - ((moves + 1) // 2 if m.beast else moves)
        value = -pl.threat()
        if left >= 1 and m.weapons:
            f = toward(m.at, o.at)
            pl.put(m.at if n <= reach else m.at, f)
            saved = o.at
            try:
                if n > reach:  # as if he had closed in on the enemy's Face side
                    o_f = toward(o.at, m.at)
                    m.at = o.at.neighbor(o_f) if o.at.neighbor(o_f) in game.state.arena.floor else m.at
                    m.facing = toward(m.at, o.at)
                v = pl.attack_value()
                if v > 0:
                    value += v * left
            finally:
                pl.put(*pl.home)
                o.at = saved
        if value > best + 1e-9:
            best, best_p = value, p
    return best_p


def reroll_wanted(game, d) -> bool:
    """A bad die of his own is worth a call on the gods."""
    v, purpose = d.roll.value, d.roll.purpose
    m = game.man(d.man)
    if purpose in ("initiative", "ap", "attack", "defence"):
        return v <= 2
    if purpose == "net":
        return v <= 3
    if purpose == "location":
        return v == 1  # the leg: fewer AP every half
    if purpose == "drop":
        return v <= 3 and m.shield != "none"  # a dropped weapon is worse than a shield
    if purpose == "thumbs":
        return v + m.inflicted + m.bonus55 + game.thumbs.get(m.id, 0) < THUMBS_UP_ON
    return False


def card_answer(game, d):
    """Which card (if any) to play at a card window."""
    m = game.man(d.man)
    foe = game.state.other(m.id)
    cards = [m.card(c) for c in d.cards]
    if d.timing == "wounded":
        if game.wound is not None and (game.wound[2] >= 2 or m.damage + game.wound[2] >= DOWN_AT):
            c = next((c for c in cards if c.kind == "dodge"), None)
            if c is not None:
                return PlayCard(d.player, m.id, c.id)
        return Pass(d.player)
    if d.timing in ("special", "thumbs"):
        return PlayCard(d.player, m.id, cards[0].id)
    if d.timing == "exchange":
        x = game.exchange
        for c in cards:
            if c.kind in ("fury", "feint", "brutal") and (foe.damage >= 3 or x.attacker == m.id and foe.damage >= 1):
                return PlayCard(d.player, m.id, c.id)
            if c.kind == "guard" and m.damage >= 3:
                return PlayCard(d.player, m.id, c.id)
    return Pass(d.player)


def go_first(game, man_id: str) -> bool:
    """Go first when his best plan this half (on average AP) is an attack worth making."""
    c = game.copy()
    m = c.man(man_id)
    pl = Planner(c, man_id, ap=int(round(expected_ap(m)))).plans()[0]
    return pl.why in ("attack", "net", "second wind") and pl.score > 0


def ranked(game, k: int) -> list:
    """The normal player's `k` best answers to the pending decision, best first (the search's
    ordering; for orders, the first orders of its best plans)."""
    d = game.pending
    legal = game.legal_actions()
    if len(legal) <= 1:
        return legal[:k]
    first = []
    if d.kind == ORDER:
        for pl in plans(game, max(k, 6)):
            a = pl.orders[0]
            if a not in first and game.is_legal(a):
                first.append(a)
    elif d.kind == POSTURE:
        p = posture_for(game, d.man)
        first = [Posture(d.player, d.man, p)]
    elif d.kind == CHOOSE:
        first = [Choose(d.player, go_first(game, d.man))]
    elif d.kind == REROLL:
        if reroll_wanted(game, d):
            if d.man not in game.state.gods:
                first = [Reroll(d.player, True)]
            elif d.cards and d.roll.value == 1:
                first = [Reroll(d.player, True, d.cards[0])]
        first.append(Reroll(d.player, False))
    elif d.kind == CARD:
        first = [card_answer(game, d)]
    first = [a for a in first if a in legal or game.is_legal(a)] or [legal[0]]  # an Advance may name its facing
    rest = [a for a in legal if a not in first]
    return (first + rest)[:k]


# ---------------------------------------------------------------- the search's hooks


def determinize(game, player: str, rng: random.Random):
    """A copy of the game whose future dice come from `rng`: nothing else is hidden in Gladiator!
    (view.py: both men, their cards, everything on the sand are public)."""
    world = game.copy()
    world.dice = SeededDice(rng.randrange(2**62))
    return world


def evaluate(game, player: str) -> float:
    """0 (lost) to 1 (won): a finished bout's result (a draw 0.5); else from the damage both ways
    (convex: the last points before 7 weigh most), the wounds where they slow a man, and a little
    for the thumbs (damage dealt and 5-and-5 bonuses help a man who goes down)."""
    if game.over:
        w = game.outcome.winners
        return 0.5 if not w else (1.0 if player in w else 0.0)
    s = game.state
    me = s.man_of(player)
    foe = s.other(me.id)

    def hurt(m):
        if m.out:
            return OUT_VALUE * 1.5
        return (damage_value(m.damage) + 0.3 * sum(_wound_weight(m, loc) for loc in LOCATIONS)
                + (1.0 if m.netted else 0.0) + (0.8 if m.fallen else 0.0) + (1.5 if m.weapons == 0 else 0.0)
                - 0.1 * (m.inflicted + m.bonus55))

    x = (hurt(foe) - hurt(me)) / 8
    return max(0.01, min(0.99, 0.5 + 0.49 * math.tanh(x)))


# ---------------------------------------------------------------- the hard bot


def signature(game, man_id: str):
    """What the hard bot checks a position against its plan's expectation by."""
    s = game.state
    return (s.turn, s.acting, tuple((m.at, m.facing, m.ap, m.damage, m.netted, m.fallen, m.weapons, m.shield,
                                      len(m.cards)) for m in s.men.values()), len(s.dropped))


CANDIDATES = 6
"""The hard bot weighs (at least) the normal bot's best this many plans."""
NOISE = 2.0
"""A plan other than the normal bot's first must lead it by this many standard errors."""

LOOKED: tuple = ()
"""The decisions other than orders the hard bot answers by a look ahead (`HardBot.look`): the calls
on the gods (REROLL) measured +2 points (51.0 % against 48.8 % on 200 bouts), within the noise, at a
median decision of 120 ms: off."""
POSTURE_TAKEN = "attack"
"""The hard bot's posture whenever he is free to fight (not netted, not fallen); None: the normal
bot's `posture_for`. Attack (+1 attack, +1 AP, −1 defence) screened +3 points over the normal bot's
choice (52.8 % against 48.8 % and 50.7 % on two sets of 200 bouts)."""
HARD_BAR = 0.0
"""The hard bot's plans attack where an exchange is worth more than this (the normal bot's: 0); a
screen (`benchmarks/bots.py --set bots.HARD_BAR=-1.0`), no stronger: docs/PERFORMANCE.md."""
HARD_WHYS: tuple = ()
"""Kinds of plan ("attack", "net", "recover") whose best the hard bot weighs besides the normal
bot's best `CANDIDATES` (a screen, no stronger)."""
CHOOSE_RULE = None
"""Whether the hard bot goes first ("first"), second ("second") or as the normal bot (None): a
screen, always first no stronger, always second 7 points weaker."""
GODS_SAVED = ("initiative",)
"""The dice the hard bot never calls on the gods for (the call comes back each game turn: spent on
the initiative it is gone for the AP, attack and defence dice); the normal bot re-rolls any 1-2.
With the Attack posture: 54.5 / 58.5 / 50.5 % against 52.8 / 52.8 / - with the posture alone and
48.8 / 50.7 / 46.2 % before (three sets of 200 bouts)."""
GODS_RULE = "normal"
"""How the hard bot calls on the gods for an exchange's die: "normal" (the normal bot's: any 1-2), or
"exact" (`HardBot.call`: the exchange's outcome over the dice still to come, in damage points, with
the die kept and re-rolled: a call when the re-roll gains more than `GODS_GAIN`). "exact" screened
+0.6 / +1.1 points (gain 1 / 2, 400 bouts, ±2.7): within the noise, off."""
GODS_GAIN = 1.0
"""What a call must gain (damage points, `worth.damage_value`) on an exchange's die ("exact")."""
GODS_AP = 2
"""The hard bot's call on its AP die ("exact"): on this value or less."""
GODS_LOCATION = True
"""Whether the hard bot calls on the gods for a wound in the leg ("exact")."""
LOOK_WORLDS = 24
"""At most this many worlds for a look ahead (the clock may stop it sooner, not before `LOOK_MIN`)."""
LOOK_MIN = 6
LOOK_NOISE = 1.0
"""A look ahead's answer other than the normal bot's must lead it by this many standard errors."""

DICE_ORDERS = (Attack, ThrowNet)
"""Orders whose outcome the dice decide: the hard bot plans again after each."""


class HardBot:
    """The search bot (see the module): for orders a search over the normal bot's whole-half
    plans valued by the learned value at the half's end; the normal bot's answer to the rest."""

    level = "hard"
    thinks = True

    def __init__(self, seed: int = 0, thinking="normal"):
        from ...core import registry
        from ...core.search import Searched, hard_bot

        self.core = hard_bot(registry.get("gladiator"), seed, thinking)
        self.budget = self.core.budget
        self.candidates = max(CANDIDATES, self.budget.candidates)
        self.noise = NOISE
        """A plan other than the normal bot's first must lead it by this many standard errors."""
        self.depth = 0
        """0: a leaf is valued where his half ends; 1: after the enemy's next half too (the normal
        bot playing it): measured no stronger, and twice the work."""
        self.others = "normal"
        """How it answers a decision other than orders: "normal" (the normal bot's answer) or
        "search" (the core's search)."""
        self.looked = LOOKED
        """The kinds of decision other than orders it answers by a look ahead (`look`)."""
        self.posture = POSTURE_TAKEN
        """His posture when free to fight (`POSTURE_TAKEN`; None: the normal bot's)."""
        self.saved = GODS_SAVED
        """The dice it never calls on the gods for (`GODS_SAVED`)."""
        self.gods_rule, self.gods_gain, self.gods_ap, self.gods_location = GODS_RULE, GODS_GAIN, GODS_AP, GODS_LOCATION
        self.learned = True
        """Value leaves by the learned value (False: by the hand-written `evaluate`)."""
        self.rng = random.Random(seed ^ 0x5EED)
        self._searched = Searched
        self.plan: list = []
        """The chosen plan's orders still to play."""
        self.expect = None
        """The position (signature) the plan's last order leads to; None: plan again."""
        self.last = None
        """The last plan search: Searched(plan orders, iterations, {plan: (visits, mean)})."""

    def choose(self, game):
        d = game.pending
        if d.kind != ORDER:
            if self.others == "search":
                return self.core.choose(game)
            if d.kind == REROLL and d.roll is not None and d.roll.purpose in self.saved \
                    and game.is_legal(Reroll(d.player, False)):
                return Reroll(d.player, False)
            if d.kind == REROLL and self.gods_rule == "exact" and d.roll is not None and d.man not in game.state.gods:
                a = self.call(game, d)
                if a is not None and game.is_legal(a):
                    return a
            if d.kind == CHOOSE and CHOOSE_RULE is not None:
                a = Choose(d.player, CHOOSE_RULE == "first")
                if game.is_legal(a):
                    return a
            if d.kind == POSTURE and self.posture:
                m = game.man(d.man)
                if not (m.netted or m.fallen) and Posture(d.player, d.man, self.posture) in game.legal_actions():
                    return Posture(d.player, d.man, self.posture)
            if d.kind in self.looked:
                legal = game.legal_actions()
                if len(legal) > 1:
                    return self.look(game, legal)
            return ranked(game, 1)[0]
        if self.plan and self.expect is not None and signature(game, d.man) == self.expect \
                and game.is_legal(self.plan[0]):
            return self._play(game, self.plan.pop(0))
        chosen = self.search(game)
        self.plan = list(chosen[1:])
        return self._play(game, chosen[0])

    def _play(self, game, a):
        """Play order `a`, remembering where it leads when no die decides it."""
        self.expect = None
        if self.plan and not isinstance(a, DICE_ORDERS):
            c = game.copy()
            c.dice = _NoDice()
            try:
                c.apply(a)
                if c.pending is not None and c.pending.kind == ORDER and c.pending.man == game.pending.man:
                    self.expect = signature(c, c.pending.man)
            except _Rolled:
                self.expect = None
        return a

    def search(self, game) -> tuple:
        """The best whole-half plan for the pending orders: the normal bot's best plans, each
        played to the end of the half in the same determinized worlds (common dice) and valued
        there by the learned value (`value.py`; the hand-written `evaluate` if it is missing). A
        plan no die decides is the same in every world: it is valued once. The plans with dice
        (an Attack, a net) share the worlds left, and the mean over them is the expected value
        over the exchanges' outcomes; after every `Budget.halving` worlds the worst of them drops
        out, down to two. The normal bot's first plan stands unless another leads it by more
        than the noise (`NOISE` standard errors of the difference)."""
        from . import value as learned_value

        d = game.pending
        player, me = d.player, d.man
        budget, rng = self.budget, self.rng
        model = learned_value.learned() if self.learned else None
        cands = []
        for pl in plans(game, max(2, self.candidates), HARD_BAR, HARD_WHYS):
            if tuple(pl.orders) not in cands:
                cands.append(tuple(pl.orders))
        if self.plan and game.is_legal(self.plan[0]) and tuple(self.plan) not in cands:
            cands.append(tuple(self.plan))  # the rest of the plan it was playing competes too
        if len(cands) == 1:
            self.last = self._searched(cands[0], 0, {})
            return cands[0]
        import time

        stats = {c: [0, 0.0, 0.0] for c in cands}  # worlds, the sum of values, the sum of their squares
        start = time.perf_counter()
        deadline = start + budget.seconds if budget.seconds > 0 else None
        n = worlds = 0
        per = 0.0
        fixed: set = set()  # plans that rolled no die: one world told all
        alive = list(cands)

        def another() -> bool:
            if budget.iterations and n >= budget.iterations:
                return False
            if deadline is None or n < budget.min_iterations:
                return True
            return time.perf_counter() + per * len(alive) <= deadline

        while alive and another():
            world = determinize(game, player, rng)
            seed = rng.randrange(1 << 30)
            for c in list(alive):
                if budget.iterations and n >= budget.iterations:
                    break
                v, rolled = self.leaf(world.copy(), c, me, player, seed, model)
                st = stats[c]
                st[0] += 1
                st[1] += v
                st[2] += v * v
                n += 1
                if not rolled:
                    fixed.add(c)
                    alive.remove(c)
            worlds += 1
            per = (time.perf_counter() - start) / max(1, n)
            if worlds % budget.halving == 0 and len(alive) > 2:
                alive.remove(min(alive, key=lambda c: (_mean(stats[c]), -cands.index(c))))

        def score(c):
            return _mean(stats[c]) + (budget.prior if c == cands[0] else 0.0) if stats[c][0] else -1.0

        best = max(cands, key=score)
        first = cands[0]
        if best != first and stats[first][0] and stats[best][0]:
            # the normal bot's plan stands unless the other's lead is more than the dice's noise
            se = math.sqrt(_spread(stats[best], best in fixed) + _spread(stats[first], first in fixed))
            if _mean(stats[best]) - _mean(stats[first]) < self.noise * se:
                best = first
        self.last = self._searched(best, n, {c: (v[0], _mean(v)) for c, v in stats.items()})
        return best

    def call(self, game, d):
        """The gods' call ("exact"): an exchange's die by what a re-roll gains over the dice still to
        come; the AP die on `GODS_AP` or less; a wound in the leg if `GODS_LOCATION`; None: the
        normal bot's answer."""
        from .gods import outcomes

        purpose, v = d.roll.purpose, d.roll.value
        if purpose == "ap":
            return Reroll(d.player, v <= self.gods_ap)
        if purpose == "location":
            return Reroll(d.player, self.gods_location and v == 1)
        if purpose not in ("attack", "defence"):
            return None
        s = game.state
        me, foe = s.men[d.man], s.other(d.man)

        def worth(out) -> float:
            w = damage_value(min(foe.damage + out[0], 8)) - damage_value(foe.damage) \
                - damage_value(min(me.damage - out[1], 8)) + damage_value(me.damage)
            if len(out) > 2:
                w += 0.3 * out[2] + 1.5 * (out[3] + out[4] + out[5] + out[6])
            return w

        keep = new = 0.0
        n = 0
        for now, other in outcomes(game, d.man, purpose, v):
            keep += worth(now)
            new += worth(other)
            n += 1
        if not n:
            return None
        return Reroll(d.player, (new - keep) / n > self.gods_gain)

    def look(self, game, legal):
        """A decision with few answers (a call on the gods): each answer played on in the same
        worlds by the normal bot (both seats) to the end of this game turn, valued there by the
        learned value; the best mean wins unless it does not lead the normal bot's answer by
        `LOOK_NOISE` standard errors."""
        import time

        from . import value as learned_value

        d = game.pending
        player = d.player
        model = learned_value.learned() if self.learned else None
        first = ranked(game, 1)[0]
        cands = [first] + [a for a in legal if a != first]
        stats = {c: [0, 0.0, 0.0] for c in cands}
        budget, rng = self.budget, self.rng
        start = time.perf_counter()
        deadline = start + budget.seconds if budget.seconds > 0 else None
        turn = game.state.turn
        n = worlds = 0
        cap = budget.iterations or 10**9
        while n < min(cap, LOOK_WORLDS * len(cands)):
            if deadline is not None and worlds >= LOOK_MIN and time.perf_counter() > deadline:
                break
            world = determinize(game, player, rng)
            seed = rng.randrange(1 << 30)
            for c in cands:
                sim = world.copy()
                sim.apply(c)
                policy = NormalBot(seed)
                steps = 0
                while not sim.over and sim.pending is not None and sim.state.turn == turn and steps < 300:
                    sim.apply(policy.choose(sim))
                    steps += 1
                v = learned_value.value(sim, player, model, evaluate) if self.learned else evaluate(sim, player)
                st = stats[c]
                st[0] += 1
                st[1] += v
                st[2] += v * v
                n += 1
            worlds += 1
        best = max(cands, key=lambda c: _mean(stats[c]))
        if best != first:
            se = math.sqrt(_spread(stats[best], False) + _spread(stats[first], False))
            if _mean(stats[best]) - _mean(stats[first]) < LOOK_NOISE * se:
                best = first
        self.last = self._searched((best,), n, {c: (v[0], _mean(v)) for c, v in stats.items()})
        return best

    def leaf(self, sim, orders, me: str, player: str, seed: int, model, depth=None) -> tuple[float, bool]:
        """Play `orders` in `sim` (windows answered by the normal bot; a plan cut short by a fall
        or the end of the half stops there, the normal bot plays the rest of the half), stop where
        his half is over (before any die of the next game turn), and value the position for
        `player`: (the value, whether any die was rolled)."""
        from . import value as learned_value

        policy = NormalBot(seed)
        dice = sim.dice = _HalfDice(sim, me, sim.dice)
        try:
            for a in orders:
                while not sim.over and sim.pending is not None and not _my_orders(sim, me):
                    if sim.state.acting != me:
                        break
                    sim.apply(policy.choose(sim))
                if sim.over or not _my_orders(sim, me) or not sim.is_legal(a):
                    break
                sim.apply(a)
            steps = 0
            while not sim.over and sim.pending is not None and sim.state.acting == me and steps < 200:
                sim.apply(policy.choose(sim))
                steps += 1
            if (self.depth if depth is None else depth) and not sim.over:
                # the enemy's next half too, played by the normal bot (the initiative between)
                foe = sim.state.other(me).id
                dice.also, dice.between = foe, True
                seen = False
                while not sim.over and sim.pending is not None and steps < 400:
                    acting = sim.state.acting
                    if acting == foe:
                        seen, dice.between = True, False
                    elif seen:
                        break
                    sim.apply(policy.choose(sim))
                    steps += 1
        except _Rolled:
            pass  # the next game turn's first die: the half is over
        if not self.learned:
            return evaluate(sim, player), dice.rolled
        return learned_value.value(sim, player, model, evaluate), dice.rolled


def _my_orders(g, me: str) -> bool:
    return g.pending is not None and g.pending.kind == ORDER and g.pending.man == me


def _mean(v) -> float:
    return v[1] / v[0] if v[0] else 0.0


def _spread(v, fixed: bool) -> float:
    """The squared standard error of a plan's mean value: none for a plan no die decides (valued
    once, exactly); else the sample variance over the worlds (a single one: the widest a 0–1
    value can have, 0.25) over their number."""
    if fixed:
        return 0.0
    if v[0] < 2:
        return 0.25
    return max(0.0, (v[2] - v[1] * v[1] / v[0]) / (v[0] - 1)) / v[0]


class _Rolled(Exception):
    pass


class _HalfDice:
    """A world's dice for one plan's leaf: they roll while `me`'s half is under way (his exchanges,
    the other's dice in them, the crowd's thumbs) and refuse once it is over (the next game turn's
    initiative: the leaf is valued before it); `rolled` says whether any die was rolled."""

    def __init__(self, sim, me: str, dice):
        self.sim, self.me, self.dice, self.rolled = sim, me, dice, False
        self.also = None
        """The enemy, once the leaf looks on into his next half."""
        self.between = False
        """Whether dice between halves (the initiative) may roll."""

    def roll(self, sides: int = 6) -> int:
        acting = self.sim.state.acting
        if not (acting == self.me or (acting is not None and acting == self.also)
                or (acting is None and self.between)):
            raise _Rolled()
        self.rolled = True
        return self.dice.roll(sides)

    def __deepcopy__(self, memo):
        from .game import copy_dice

        return copy_dice(self.dice)  # a planner's copy of the world (it rolls nothing)


class _NoDice:
    """Dice that refuse to roll: a prediction of an order no die decides."""

    def roll(self, sides: int = 6) -> int:
        raise _Rolled()
