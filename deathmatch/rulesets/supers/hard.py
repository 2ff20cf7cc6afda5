"""Superhero Gladiators' hard bot (`ExpectBot`) and the bot levels with it (`make_bot`: easy and
normal are `bots.py`'s), and the search hooks it is built from (the core's ISMCTS, `SearchBot` on
`rules()`, uses the same hooks; it was the hard bot until issue 31).

The hard bot (issue 31): for the normal bot's best `candidates` actions and the `EXTRA_MOVES` moves
whose end the learned value (value.py) likes best, in a few determinized worlds (the same worlds
for every answer): play the answer, with an attack's to-hit die set to each of its outcomes in turn
(the classes of rolls that hit and crit alike, weighted by their exact chances: odds.py), the
questions it raises answered by the normal bot, then `rollout` more answers of the normal bot;
value the end by the learned chance to win (`leaf`: value.json, else the hand-written `evaluate`);
the best mean wins. `iterations` counts answers x worlds (all the answers weighed), so the play depends
on the seed and the budget only; the clock is a cap between worlds. The use of a power the answer
spent is given back before the end is valued: the learned value, fitted to fights where every
attack that reaches is made, reads a loaded attack as worth more than the hit it makes, and would
otherwise never fire a last shot.

- `determinize(game, player, rng)`: a copy of the fight `player` could believe in. Two things are
  hidden from a player (view.py): the future dice, re-seeded from `rng`; and which of the other
  teams' powers are hidden gizmos. A power whose gizmo mark `player` can not see (not vulnerable,
  not destroyed, not noticed by `player`'s team: the view shows it "none or hidden") is dealt a
  mark again: hidden with the chance `HIDDEN_CHANCE`, else none, among the deals that keep the
  hero within its budget (a hidden gizmo is priced x1.4, a power of the hero's own x2: a hero
  whose powers would be over budget if none were gizmos has some, which any player can work out
  from the card). The deal is made from what the view shows alone (the powers with their marks
  set to none, and which of them are unseen), never from the true marks; so is who knows of a
  gizmo (only `player`'s team and the owner are kept: who else noticed is not told to `player`).
- `evaluate(game, player)`: 0 (lost) to 1 (won); a finished fight's result (a draw ½); else from
  each team's standing heroes: their oomph as a share of their most, less for a hero entangled
  (it may not move) or with no attack left, none for a fainted one; `player`'s team against the
  strongest other team.
- `ranked(game, k)`: the normal bot's ordering of the actions (`bots.NormalBot.score`, best first);
  for a question outside an action (a defence, a copy, a placement, which gizmo was noticed) the
  normal bot's answer alone, so the search answers those as the normal bot does (it invokes a
  defence that applies: toughness against damage it stops, missile deflection against a missile
  it can turn, slippery against an entangle it can slip, and slippery after a failed escape).
- `policy(seed)`: the normal bot plays the rollouts.

Measured in docs/PERFORMANCE.md (benchmarks/bots.py --ruleset supers).
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import lru_cache
from itertools import product

from ...core.dice import SeededDice
from ...core.search import Budget, Rules, SearchBot  # noqa: F401
from .game import Game

LEVELS = ("easy", "normal", "hard")

HIDDEN_CHANCE = 0.2
"""How likely a power whose gizmo mark a player can not see is a hidden gizmo, before the budget
says more: about the share among the bundled heroes' powers that are not vulnerable gizmos."""

SEARCH_BUDGETS = {
    thinking: Budget(iterations=n, seconds=cap, min_iterations=4, candidates=4, rollout=2, prior=0.0)
    for thinking, n, cap in (("fast", 24, 0.5), ("normal", 48, 1.0), ("deep", 96, 2.0))
}
"""What each thinking setting buys the hard bot's decision (`ExpectBot`): `iterations` answers x
worlds over the normal bot's 4 best actions and `EXTRA_MOVES` moves (so 4, 8 and 16 worlds); each
answer followed by 2 answers of the normal bot and valued by the learned value; the clock only a
cap on a slow machine (checked between worlds). "normal" (the setup's default): 48, measured over
400 fights against the normal bot at 66.1 % (61.4-70.6 %), where 24 scored 62.4 % (57.5-67.0 %): the
learned value's choice is limited by how many worlds it sees (docs/PERFORMANCE.md). Screens on 100
fights (seeds 400000-400099, docs/PERFORMANCE.md): rollouts of 0 answers 58.6 %, of 2 answers
64.5 % (the first learned value) and 67.5 % (the shipped one); 6 candidates in place of 4 did no
better (56.0 %); without the extra moves the learned value picking among the normal bot's 4 best
alone scored 43.5 %. (The ISMCTS of before, 24 iterations of 6-answer rollouts: 57.0 %.)"""


def make_bot(level: str, seed: int = 0, thinking="normal"):
    """A bot of `level` (ValueError naming the levels for an unknown one); `thinking` (fast, normal,
    deep, or a `Budget`) is the hard bot's."""
    if level == "hard":
        budget = SEARCH_BUDGETS[thinking] if isinstance(thinking, str) and thinking in SEARCH_BUDGETS else thinking
        if isinstance(budget, str):
            raise ValueError(f"unknown thinking setting {budget!r}: choose one of {', '.join(SEARCH_BUDGETS)}")
        return ExpectBot(seed, budget)
    if level in LEVELS:
        from .bots import make_bot as plain

        return plain(level, seed, thinking)
    raise ValueError(f"no Superhero Gladiators bot level {level!r} (levels: {', '.join(LEVELS)})")


def rules(seed: int = 0, learnt: bool = True) -> Rules:
    """The search's hooks (rollouts to `Budget.rollout` answers: no epoch); leaves valued by `leaf`
    (the learned value) or, with `learnt` off, by the hand-written `evaluate`."""
    return Rules(determinize, ranked, policy, leaf if learnt else evaluate, None)


def leaf(game, player: str) -> float:
    """A leaf's value: the learned chance to win (value.py, its shipped value.json), or the
    hand-written `evaluate` if no learned value loads."""
    from . import value

    v = value.value(game, player)
    return evaluate(game, player) if v is None else v


def policy(seed: int):
    from .bots import NormalBot

    return NormalBot(seed).choose


# ---------------------------------------------------------------- what a player can not see


def unseen(m, player: str) -> tuple:
    """The names of `m`'s powers whose gizmo mark `player` can not see (view.py shows them
    "none or hidden"): another team's, not a vulnerable gizmo, not destroyed, not noticed."""
    if m.owner == player:
        return ()
    return tuple(p.name for p in m.hero.powers
                 if p.gizmo != "vulnerable" and p.name not in m.destroyed and player not in m.known.get(p.name, ()))


@lru_cache(maxsize=4096)
def deals(base, names: tuple) -> tuple:
    """Every way of marking the powers `names` of the hero `base` (whose marks for them are none)
    hidden or not that keeps it within its budget, with its weight: ((hidden names, weight), ...)."""
    costs = {p.name: (p.cost(), replace(p, gizmo="hidden").cost()) for p in base.powers if p.name in names}
    rest = sum(p.cost() for p in base.powers if p.name not in names)
    out = []
    for marks in product((False, True), repeat=len(names)):
        spent = rest + sum(costs[n][h] for n, h in zip(names, marks))
        if spent <= base.budget:
            k = sum(marks)
            out.append((tuple(n for n, h in zip(names, marks) if h),
                        HIDDEN_CHANCE ** k * (1 - HIDDEN_CHANCE) ** (len(names) - k)))
    return tuple(out) or (((), 1.0),)


def sim_copy(game):
    """A copy of `game` to look ahead in, made faster than `game.copy()` by sharing what a fight
    never changes (the arena, the setup, the heroes' cards and stored powers: frozen) and leaving
    out what a look-ahead never reads (the answers and events so far: the copy's history is a
    shallow copy, its last answer none). Its dice are None: the caller gives it its own."""
    import copy as _copy

    memo = {id(game.state.arena): game.state.arena, id(game.history): list(game.history),
            id(game.last_answer): None, id(game._events): [], id(game.dice): None}
    for shared in ("setup_events",):
        if hasattr(game, shared):
            memo[id(getattr(game, shared))] = getattr(game, shared)
    if game.setup is not None:
        memo[id(game.setup)] = game.setup
    for m in game.state.models.values():
        memo[id(m.hero)] = m.hero
        if m.stored is not None:
            memo[id(m.stored)] = m.stored
    return _copy.deepcopy(game, memo)


class World(Game):
    """A determinized fight (a look-ahead's): `copy()` is `sim_copy`'s, its dice copied too."""

    def copy(self):
        c = sim_copy(self)
        if self.dice is not None:
            c.dice = _copy_dice(self.dice)
        return c


def _copy_dice(dice):
    if type(dice) is SeededDice:
        c = SeededDice.__new__(SeededDice)
        c.seed, c._rng = dice.seed, random.Random()
        c._rng.setstate(dice._rng.getstate())
        return c
    import copy as _copy

    return _copy.deepcopy(dice)


def determinize(game, player: str, rng: random.Random):
    """A copy of `game` with everything hidden from `player` drawn from `rng` (see the module)."""
    world = sim_copy(game)
    world.__class__ = World
    world.dice = SeededDice(rng.randrange(2**62))
    s = world.state
    for m in s.models.values():
        if m.owner == player:
            continue
        names = unseen(m, player)
        for name, who in list(m.known.items()):  # who else noticed is not told to `player`
            if name not in m.destroyed:
                m.known[name] = {x for x in who if x in (m.owner, player)}
        if not names:
            continue
        base = replace(m.hero, powers=tuple(replace(p, gizmo="none") if p.name in names else p
                                            for p in m.hero.powers))
        options = deals(base, names)
        hidden = rng.choices([h for h, _ in options], weights=[w for _, w in options])[0]
        m.hero = replace(base, powers=tuple(replace(p, gizmo="hidden") if p.name in hidden else p
                                            for p in base.powers))
        for name in names:
            if name in hidden:
                m.known[name] = {m.owner}
            else:
                m.known.pop(name, None)
    for m in s.models.values():  # a stored copy of another team's power shows no gizmo either
        if m.stored is not None and m.stored.gizmo == "hidden":
            m.stored = replace(m.stored, gizmo="none")
    if world.strike is not None and world.strike.power.gizmo == "hidden":
        world.strike.power = replace(world.strike.power, gizmo="none")
    return world


# ---------------------------------------------------------------- how good a fight is


def hero_worth(game, m) -> float:
    """A hero's worth to its team: 0 fainted; else a quarter for standing and three quarters by its
    oomph's share of its most; less entangled (a fifth off) or with no attack left (half off)."""
    if m.fainted or m.oomph <= 0:
        return 0.0
    worth = 0.25 + 0.75 * min(1.0, m.oomph / m.hero.max_oomph)
    if m.entangled:
        worth *= 0.8
    armed = any(p.type in ("shot", "smash") and m.usable(p) for p in m.hero.powers)
    if not armed and m.stored is None:
        worth *= 0.5
    return worth


def evaluate(game, player: str) -> float:
    """0 (lost) to 1 (won): see the module."""
    if game.over:
        w = game.outcome.winners
        return 0.5 if not w else (1.0 if player in w else 0.0)
    s = game.state
    teams = {p: 0.0 for p in s.players}
    for m in s.models.values():
        teams[m.owner] += hero_worth(game, m)
    foe = max(v for p, v in teams.items() if p != player)
    return 0.5 + 0.49 * math.tanh(1.5 * (teams[player] - foe))


# ---------------------------------------------------------------- the normal bot's ordering


def ranked(game, k: int) -> list:
    """The `k` most promising answers, best first: the normal bot's scores for an action; its answer
    alone for any other question."""
    from .actions import ACT
    from .bots import NormalBot

    bot = NormalBot(0)
    d = game.pending
    if d.kind != ACT:
        return [bot.choose(game)]
    options = game.legal_actions()
    scored = sorted(((bot.score(game, a), i, a) for i, a in enumerate(options)), key=lambda t: (-t[0], t[1]))
    return [a for _, _, a in scored[:k]]


# ---------------------------------------------------------------- the expectation search


class _FirstD20:
    """Dice whose next d20 is `r` (an attack's to-hit die, the first die its declaration rolls),
    every other die from `rest`."""

    def __init__(self, r: int, rest):
        self.r, self.rest = r, rest

    def roll(self, sides: int = 6) -> int:
        if self.r is not None and sides == 20:
            r, self.r = self.r, None
            return r
        return self.rest.roll(sides)

    def choice(self, options):
        return self.rest.choice(options)

    def state(self):
        return self.rest.state()


def to_hit_classes(game, a) -> list[tuple[int, float]]:
    """For an attack `a`: the to-hit die's outcomes that play alike (the same heroes hit, the same
    critical hits: `odds.attack_odds`' numbers), each as (a roll standing for it, its chance); for
    any other answer [(0, 1.0)] (no die forced)."""
    from .actions import Attack
    from .game import critical, hits
    from .odds import attack_odds

    if not isinstance(a, Attack):
        return [(0, 1.0)]
    odds = attack_odds(game, a.model, a.power, a.target, a.at)
    if not odds:
        return [(0, 1.0)]
    tangle = odds[0].entangle > 0
    groups: dict = {}
    for r in range(1, 21):
        key = tuple((hits(r, o.number), (not tangle) and critical(r, o.number)) for o in odds)
        groups.setdefault(key, []).append(r)
    return [(rs[len(rs) // 2], len(rs) / 20) for rs in groups.values()]


EXTRA_MOVES = 2
"""Moves the hard bot weighs besides the normal bot's best answers (`ExpectBot.moves`)."""


class ExpectBot:
    """The hard bot: a one-action look-ahead over the normal bot's best answers, valued by the
    learned value, the to-hit die taken by its exact odds (see `choose`). Deterministic for a seed
    and an iteration budget (the clock only a cap)."""

    thinks = True
    level = "hard"

    def __init__(self, seed: int = 0, budget: Budget | None = None):
        self.rng = random.Random(seed)
        self.budget = budget or SEARCH_BUDGETS["normal"]
        self.last = None

    def choose(self, game):
        return self.search(game).action

    def search(self, game):
        """For each of the normal bot's `candidates` best answers, in each of a few determinized
        worlds (the same worlds for every answer): play it, with an attack's to-hit die set to each
        of its outcomes in turn (weighted by their odds), the questions it raises (defences,
        copies) answered by the normal bot, then `rollout` further answers of the normal bot; value
        the end with `leaf`. The answer with the best mean wins (the normal bot's first gets
        `prior`). `iterations` counts answers x worlds."""
        import time

        from ...core.search import Searched
        from .actions import ACT

        player = game.pending.player
        b, rng = self.budget, self.rng
        world = determinize(game, player, rng)
        options = world.legal_actions()
        if len(options) == 1:
            self.last = Searched(options[0], 0, {})
            return self.last
        order = ranked(world, min(b.candidates, len(options)))
        if len(order) == 1 or world.pending.kind != ACT:
            self.last = Searched(order[0], 0, {})
            return self.last
        order = order + self.moves(world, options, order, player)
        total = {a: 0.0 for a in order}
        seen = {a: 0 for a in order}
        worlds = max(1, b.iterations // len(order)) if b.iterations else 1000
        start = time.perf_counter()
        n = 0
        for w in range(worlds):
            if w and b.seconds and time.perf_counter() - start > b.seconds:
                break
            if world is None:
                world = determinize(game, player, rng)
            seed = rng.randrange(1 << 30)
            for a in order:
                v = 0.0
                for r, chance in to_hit_classes(world, a):
                    sim = sim_copy(world)
                    sim.dice = SeededDice(seed) if not r else _FirstD20(r, SeededDice(seed))
                    v += chance * self._play(sim, a, player, seed)
                total[a] += v
                seen[a] += 1
                n += 1
            world = None

        def score(a):
            return total[a] / seen[a] + (b.prior if a == order[0] else 0.0)

        best = max(order, key=score)
        self.last = Searched(best, n, {a: (seen[a], total[a] / max(1, seen[a])) for a in order})
        return self.last

    def moves(self, world, options, order, me: str) -> list:
        """Up to `EXTRA_MOVES` moves besides the normal bot's: those whose end the learned value
        likes best (the hero set down there, the rest as it is), not already in `order`."""
        from . import value
        from .actions import Move

        if not EXTRA_MOVES or value.shipped() is None:
            return []
        moves = [a for a in options if isinstance(a, Move) and a not in order]
        if not moves:
            return []
        m = world.state.models[moves[0].model]
        at, alt = m.at, m.altitude
        scored = []
        for k, a in enumerate(moves):
            m.at = world.cell(a.path[-1]) if a.path else at
            m.altitude = alt if a.altitude is None else a.altitude
            scored.append((-value.value(world, me), k, a))
        m.at, m.altitude = at, alt
        scored.sort(key=lambda t: (t[0], t[1]))
        return [a for _, _, a in scored[:EXTRA_MOVES]]

    def _play(self, sim, a, me: str, seed: int) -> float:
        from .actions import ACT

        uses = dict(sim.state.models[a.model].uses) if getattr(a, "model", None) in sim.state.models else None
        sim.apply(a)
        choose = policy(seed)
        guard = 0
        while not sim.over and sim.pending is not None and sim.pending.kind != ACT and guard < 20:
            sim.apply(choose(sim))
            guard += 1
        steps = 0
        while not sim.over and sim.pending is not None and steps < self.budget.rollout:
            sim.apply(choose(sim))
            steps += 1
        if uses is not None and not sim.over:
            # the use the answer spent is not counted against it: the learned value, fitted to
            # fights where every attack that reaches is made, reads a loaded attack as worth more
            # than the hit it makes (a hero would never fire its last shot)
            sim.state.models[a.model].uses = uses
        return leaf(sim, me)
