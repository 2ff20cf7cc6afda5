"""A search bot for any ruleset: information-set Monte Carlo tree search (ISMCTS).

The bot knows no game. It asks its ruleset (`SearchRules`, made from the
registry's hooks) for five things and plays through the core's machine API
(`pending`, `legal_actions`, `apply`, `over`):

- `determinize(game, player, rng)`: a *copy* of the game consistent with what
  `player` may see, where everything hidden from them is drawn from `rng`
  (the bot's own): the future dice re-seeded, the other players' unplayed
  hidden abilities sampled from what the player could believe, their private
  standing orders dropped. The search touches the true game only here;
  every look-ahead runs on such copies, so its choice can not depend on what
  its player can not see.
- `ranked(game, k)`: the `k` most promising answers to the copy's pending
  decision, best first (the ruleset's normal bot's move ordering): the tree
  widens over them progressively, one more child as a node is visited more.
- `policy(seed)`: a chooser (`choose(game) -> action`) that plays the rollouts
  (the ruleset's normal bot).
- `evaluate(game, player)`: how good the copy is for `player`, 0 (lost) to
  1 (won); on a finished game, its result. Rollouts stop after
  `Budget.rollout` answers and are valued by it — or, if the ruleset counts
  its game's *epochs* (`epoch(game)`: Celebrity's rounds), where the epoch has
  grown by `Budget.epochs`: every rollout is then valued at a like moment
  (everybody has acted as often), not in the middle of a reply.

The root weighs the ranking's best `Budget.candidates` answers in *worlds*:
each world is one determinization, and every answer still in the running is
tried in it (common random numbers: the same dice, the same guessed cards,
so the comparison measures the answer, not the luck); after every
`Budget.halving` worlds the worst answer drops out, down to two. Below a
root answer an iteration walks the tree choosing by UCT among the children
the copy allows (open loop: a node is a sequence of answers, valued from the
view of the player who gave it; ISMCTS availability counts), widening
progressively over the ranking (few visits follow the ranking's first answer,
as the rollouts do), adds one node, rolls out, values the end for every
player on the path and backs up. The answer is the root's best mean value
(the ranking's first wins a near-tie by `Budget.prior`).

A decision's work is a `Budget`: an iteration count (exact and reproducible:
tests use it) and/or a time limit (play uses it: `THINKING` maps the setup
screen's fast / normal / deep to budgets). With the same seed and the same
iteration budget, the same view gives the same answer on any machine.

Stdlib only, like the rest of the core.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Protocol


@dataclass(frozen=True)
class Budget:
    """How much a search bot thinks before it answers one decision."""

    iterations: int = 0
    """At most this many iterations (0: no count limit)."""
    seconds: float = 0.0
    """At most this long, by the clock (0: no clock: the answer depends on nothing but the seed)."""
    min_iterations: int = 8
    """At least this many, whatever the clock says (a slow moment still gets a real search); by the
    clock the search stops between worlds, when the next would not end in time."""
    candidates: int = 4
    """The root weighs the ranking's best this many answers."""
    halving: int = 3
    """After every this many worlds (determinizations) the root's worst answer drops out (down to two)."""
    prior: float = 0.01
    """Added to the ranking's first answer's value at the end (the advice wins near-ties)."""
    rollout: int = 16
    """A rollout stops after this many answers and is valued by `evaluate` (with epochs: at most
    four times this many)."""
    epochs: int = 2
    """With a ruleset that counts epochs: a rollout stops where the epoch has grown by this many
    (2: the rest of this round and the next one)."""
    bounded: bool = False
    """With a ruleset that counts epochs: the tree, too, stops growing where the epoch has grown by
    `epochs` (every value is then taken at that moment, none deeper; off: the tree may grow past it)."""
    exploration: float = 0.5
    """The UCT constant below the root (values are 0–1)."""
    widening: float = 0.5
    """Progressive widening below the root: a node visited n times may have `1 + widening * n ** 0.5`
    children (the ranking's first ones): few visits follow the ranking, many look further."""

    def __post_init__(self):
        if self.iterations <= 0 and self.seconds <= 0:
            raise ValueError("a search budget needs iterations > 0 or seconds > 0")


THINKING = ("fast", "normal", "deep")
"""The thinking settings of the setup screen, quickest first."""

BUDGETS = {
    "fast": Budget(seconds=0.05, iterations=400, min_iterations=4),
    "normal": Budget(seconds=0.12, iterations=1000, min_iterations=8),
    "deep": Budget(seconds=0.40, iterations=4000, min_iterations=16),
}
"""What each thinking setting buys a decision (play: by the clock, capped by a count)."""


def budget_for(thinking: str) -> Budget:
    """The core's budget of a thinking setting (a ruleset may give its own: `search_budget`);
    ValueError naming the settings for an unknown one."""
    try:
        return BUDGETS[thinking]
    except KeyError:
        raise ValueError(f"unknown thinking setting {thinking!r}: choose one of {', '.join(THINKING)}") from None


class SearchRules(Protocol):
    """What the search asks of a ruleset (see the module's docstring)."""

    def determinize(self, game, player: str, rng: random.Random) -> Any: ...

    def ranked(self, game, k: int) -> list: ...

    def policy(self, seed: int) -> Callable[[Any], Any]: ...

    def evaluate(self, game, player: str) -> float: ...

    @property
    def epoch(self) -> Callable[[Any], int] | None:
        """A count that grows as the game goes (a round), or None."""


@dataclass(frozen=True)
class Rules:
    """`SearchRules` from plain functions (how a ruleset hands its hooks to the search)."""

    determinize: Callable[[Any, str, random.Random], Any]
    ranked: Callable[[Any, int], list]
    policy: Callable[[int], Callable[[Any], Any]]
    evaluate: Callable[[Any, str], float]
    epoch: Callable[[Any], int] | None = None


def rules_for(ruleset, seed: int) -> Rules:
    """The search's hooks from a registry `Ruleset` (its `determinize`, `evaluate`, `rank`), the
    rollouts played by its middle bot level (its normal bot), or its random answers if it has none."""
    if ruleset.determinize is None or ruleset.evaluate is None:
        raise ValueError(f"{ruleset.name} gives no determinize and evaluate hooks: it has no search bot")
    levels = [lv for lv in ruleset.bot_levels if lv != "hard"]
    guide = levels[len(levels) // 2] if levels and ruleset.bot is not None else None

    def policy(s: int):
        if guide is None:
            rng = random.Random(s)
            return lambda g: ruleset.random_answer(g, rng)
        return ruleset.bot(guide, None, s).choose

    if ruleset.rank is not None:
        ranked = ruleset.rank(seed)
    else:
        advice = policy(seed)

        def ranked(game, k):
            first = advice(game)
            return ([first] + [a for a in game.legal_actions() if a != first])[:k]

    return Rules(ruleset.determinize, ranked, policy, ruleset.evaluate, ruleset.epoch)


def search_budget(ruleset, thinking: str) -> Budget:
    """The budget a thinking setting buys a registry `Ruleset`'s search bot: its own
    (`search_budgets`), else the core's (ValueError naming the settings for an unknown one)."""
    budget = budget_for(thinking)
    return (ruleset.search_budgets or {}).get(thinking, budget)


def hard_bot(ruleset, seed: int = 0, thinking: Budget | str = "normal") -> SearchBot:
    """Any ruleset's hard bot: the search on its registry hooks (`rules_for`), thinking by its
    budget for the setting (`search_budget`) or by the `Budget` given."""
    budget = search_budget(ruleset, thinking) if isinstance(thinking, str) else thinking
    return SearchBot(rules_for(ruleset, seed), seed, budget)


class Node:
    """A sequence of answers from the root: its visits, the total value to the player whose
    answer led here, and how often it could have been chosen (ISMCTS availability)."""

    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class Searched:
    """What a search found (for tests, benchmarks and the curious)."""

    action: Any
    iterations: int
    children: dict
    """answer -> (visits, mean value to the bot's player)."""


class SearchBot:
    """A computer player that searches (`level` "hard"): `choose(game)` answers `game.pending`."""

    thinks = True
    """It looks ahead: a screen asks it on a worker thread."""

    def __init__(self, rules: SearchRules, seed: int = 0, budget: Budget | str = "normal", level: str = "hard"):
        self.rules = rules
        self.rng = random.Random(seed)
        self.budget = budget_for(budget) if isinstance(budget, str) else budget
        self.level = level
        self.last: Searched | None = None
        """The last decision's search (None before the first; 0 iterations when the answer was forced)."""

    def choose(self, game):
        return self.search(game).action

    def search(self, game) -> Searched:
        """Search `game.pending` (its player's decision) within the budget."""
        player = game.pending.player
        rules, budget, rng = self.rules, self.budget, self.rng
        # the root's answers, from a copy (the bot's own answers do not depend on what it can not see)
        world = rules.determinize(game, player, rng)
        options = world.legal_actions()
        if len(options) == 1:
            self.last = Searched(options[0], 0, {})
            return self.last
        order = rules.ranked(world, min(budget.candidates, len(options)))
        if len(order) == 1:
            self.last = Searched(order[0], 0, {})
            return self.last
        self._epoch_at = rules.epoch(world) if rules.epoch is not None else 0
        children = {a: Node() for a in order}
        alive = list(order)
        start = time.perf_counter()
        deadline = start + budget.seconds if budget.seconds > 0 else None
        n = worlds = 0
        per_iteration = 0.0

        def another_world() -> bool:
            """By the count: while any is left. By the clock: while a whole world fits in the
            time left (a world cut short would compare the answers on different luck)."""
            if budget.iterations and n >= budget.iterations:
                return False
            if deadline is None or n < budget.min_iterations:
                return True
            return time.perf_counter() + per_iteration * len(alive) <= deadline

        while another_world():
            if world is None:
                world = rules.determinize(game, player, rng)
            seed = rng.randrange(1 << 30)
            for k, a in enumerate(alive):  # every answer meets the same world: common random numbers
                if budget.iterations and n >= budget.iterations:
                    break
                sim = world if k == len(alive) - 1 else world.copy()
                self._iterate(children[a], a, sim, player, seed)
                n += 1
            world = None
            worlds += 1
            per_iteration = (time.perf_counter() - start) / n
            if worlds % budget.halving == 0 and len(alive) > 2:  # the worst answer drops out
                alive.remove(min(alive, key=lambda a: (children[a].mean(), -order.index(a))))
        stats = {a: (c.visits, c.mean()) for a, c in children.items()}

        def score(a):
            c = children[a]
            return c.mean() + (budget.prior if a == order[0] else 0.0) if c.visits else -1.0

        self.last = Searched(max(alive, key=score), n, stats)
        return self.last

    def _iterate(self, top: Node, action, sim, me: str, seed: int) -> None:
        """One iteration below a root answer: apply it, walk the tree (UCT, progressive widening
        over the ranked answers), add a node, roll out, value the end, back up."""
        rules, budget = self.rules, self.budget
        sim.apply(action)
        path: list[tuple[Node, str]] = [(top, me)]  # (node entered, the player whose answer entered it)
        node = top
        epoch = rules.epoch
        bound = epoch if budget.bounded else None  # the tree stops growing at the epoch's bound too
        until = self._epoch_at + budget.epochs
        if top.visits:
            while not sim.over and sim.pending is not None and not (bound is not None and bound(sim) >= until):
                mover = sim.pending.player
                order = rules.ranked(sim, _width(node.visits, budget.widening))
                child, a = _select(node, order, budget.exploration)
                sim.apply(a)
                path.append((child, mover))
                node = child
                if child.visits == 0:  # a new node: expand one, then roll out
                    break
        choose = rules.policy(seed)
        steps = 0
        if epoch is None:
            while not sim.over and sim.pending is not None and steps < budget.rollout:
                sim.apply(choose(sim))
                steps += 1
        else:
            most = 4 * budget.rollout
            while not sim.over and sim.pending is not None and steps < most and epoch(sim) < until:
                sim.apply(choose(sim))
                steps += 1
        values: dict[str, float] = {}
        for child, mover in path:
            if mover not in values:
                values[mover] = rules.evaluate(sim, mover)
            child.visits += 1
            child.total += values[mover]


def _width(visits: int, widening: float) -> int:
    return 1 + int(widening * math.sqrt(visits))


def _select(node: Node, order: list, c: float):
    """The child to walk into: the first answer of `order` not tried yet, else the best by UCT
    among those `order` allows (each counted as available: ISMCTS)."""
    children = node.children
    for a in order:
        if a not in children:
            child = children[a] = Node()
            for other in order:
                if other in children:
                    children[other].available += 1
            return child, a
    best, best_a, best_u = None, None, -1.0
    for a in order:
        ch = children[a]
        ch.available += 1
        u = ch.total / ch.visits + c * math.sqrt(math.log(max(ch.available, 1)) / ch.visits)
        if u > best_u:
            best, best_a, best_u = ch, a, u
    return best, best_a
