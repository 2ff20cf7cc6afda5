"""Superhero Gladiators' hard bot: the core's search bot (`deathmatch.core.search`) on this
ruleset's four hooks, and the bot levels with it (`make_bot`: easy and normal are `bots.py`'s).

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

A search's rollouts stop after `Budget.rollout` answers (no epochs: a fight is two to five turns,
a turn's end is no better moment to value it than any other) and are valued by `evaluate`. The
budgets (`SEARCH_BUDGETS`) are iteration counts, so the hard bot plays the same on any machine;
the clock is only a cap. Measured in docs/PERFORMANCE.md (benchmarks/supers_bots.py).
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import lru_cache
from itertools import product

from ...core.dice import SeededDice
from ...core.search import Budget, Rules, SearchBot

LEVELS = ("easy", "normal", "hard")

HIDDEN_CHANCE = 0.2
"""How likely a power whose gizmo mark a player can not see is a hidden gizmo, before the budget
says more: about the share among the bundled heroes' powers that are not vulnerable gizmos."""

SEARCH_BUDGETS = {
    thinking: Budget(iterations=n, seconds=cap, min_iterations=3, candidates=3, halving=3, rollout=rollout,
                     epochs=1, prior=0.02)
    for thinking, n, cap, rollout in (("fast", 12, 1.0, 6), ("normal", 24, 2.0, 6), ("deep", 48, 4.0, 8))
}
"""What each thinking setting buys the hard bot's decision: an iteration count (the same play on any
machine; the clock only a safety net on a slow one), rollouts of a few answers (about a segment of
every hero's actions) valued by `evaluate`. "normal" (the setup's default) is 24 iterations: with 12
the hard bot scored 52 % against the normal bot after the heroes' rebalance, with 24 57.0 %
(50.1–63.7 %, 200 fights); longer rollouts (12, 24 answers) did no better (docs/PERFORMANCE.md)."""


def make_bot(level: str, seed: int = 0, thinking="normal"):
    """A bot of `level` (ValueError naming the levels for an unknown one); `thinking` (fast, normal,
    deep, or a `Budget`) is the hard bot's."""
    if level == "hard":
        budget = SEARCH_BUDGETS[thinking] if isinstance(thinking, str) and thinking in SEARCH_BUDGETS else thinking
        if isinstance(budget, str):
            raise ValueError(f"unknown thinking setting {budget!r}: choose one of {', '.join(SEARCH_BUDGETS)}")
        return SearchBot(rules(seed), seed, budget)
    if level in LEVELS:
        from .bots import make_bot as plain

        return plain(level, seed, thinking)
    raise ValueError(f"no Superhero Gladiators bot level {level!r} (levels: {', '.join(LEVELS)})")


def rules(seed: int = 0) -> Rules:
    """The search's hooks (rollouts to `Budget.rollout` answers: no epoch)."""
    return Rules(determinize, ranked, policy, evaluate, None)


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


def determinize(game, player: str, rng: random.Random):
    """A copy of `game` with everything hidden from `player` drawn from `rng` (see the module)."""
    world = game.copy()
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
