"""Computer players: easy, normal and hard. Engine side: no pygame.

A bot answers whatever decision is pending for its player, choosing only
among `game.legal_actions()`, and sees only what its player could see: the
board, the scores, its own cards and the abilities others have already
played. The hard bot's look-ahead runs on copies its player could believe in
(`lookahead.determinize`: fresh dice from its own RNG, the others' unplayed
hidden abilities guessed, their standing orders dropped): it never peeks.

- easy: random legal play with a bias toward attacking;
- normal: a heuristic player (loot in reach, rear attacks, safety from crowds
  and beasts, facing the likely attacker, the better push-back hex, abilities
  when their value is high; a card's ability may carry a `hint: {value: N}`);
- hard: the core's search bot (`deathmatch.core.search`, information-set Monte
  Carlo tree search) on this ruleset's hooks: it weighs the normal player's
  few best answers to every decision by rollouts the normal player plays,
  valued where they stop by a learned chance to win (`value.py`), an attack
  at the root by its die's odds, within a budget (`thinking`: fast, normal, deep).

The shell, tournaments and the balance lab reach these through the ruleset's
registry hooks (`Ruleset.bot(level, player, seed)`, `Ruleset.bot_levels`), never
by importing this module: a bot has `choose(game)`, its `level`, and `thinks`
(true for the hard bot: the shell asks it on a worker thread, not the UI's).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...board import Hex
from ...core import bots as core_bots, registry
from ...core.search import Budget, Rules, SearchBot, rules_for, search_budget
from .actions import Attack, Hold, Move, MoveAttack, Pass, Place, UseAbility
from .lookahead import library_cards
from .record import RULESET_ID

STRENGTHS = ("easy", "normal", "hard")


def make_bot(strength: str, seed: int = 0, thinking: str = "normal", **kw) -> "Bot":
    """A bot of `strength`; `thinking` (fast, normal, deep: `deathmatch.core.search.THINKING`) or a
    `budget` (a `Budget`) says how long the hard bot searches; the others ignore both (and the hard
    bot's `learned=False`: leaves by the hand-written evaluation, `expect=False`: an attack's one roll)."""
    return core_bots.make_bot({"easy": lambda: EasyBot(seed), "normal": lambda: NormalBot(seed),
                               "hard": lambda: HardBot(seed, kw.get("budget", thinking), kw.get("learned", True),
                                                       kw.get("expect", True))}, strength, noun="strength")


class Bot(core_bots.SeededBot):
    strength = "?"

    @property
    def level(self) -> str:
        """Its level, one of `STRENGTHS` (the registry's `bot_levels`)."""
        return self.strength

    def with_facing(self, action, facing):
        kind = type(action)
        if kind is Move and action.facing is None:
            return Move(action.model, action.path, facing)
        if kind is Hold and action.facing is None:
            return Hold(action.model, facing)
        if kind is Place and action.facing is None:
            return Place(action.model, action.to, facing)
        if kind is UseAbility and action.facing is None and (action.path or action.to is not None):
            return UseAbility(action.model, action.ability, action.target, action.path, action.to, facing)
        return action


class EasyBot(Bot):
    strength = "easy"

    def choose(self, game):
        options = list(game.legal_actions())
        fierce = [a for a in options if isinstance(a, (Attack, MoveAttack))]
        if fierce and self.rng.random() < 0.6:
            options = fierce
        return self.with_facing(self.rng.choice(options), self.rng.randrange(6))


# --- the heuristic player ------------------------------------------------------------


@dataclass
class Judged:
    action: object
    value: float


class NormalBot(Bot):
    strength = "normal"

    # --- the entry point ---
    def choose(self, game):
        d = game.pending
        options = list(game.legal_actions())
        if len(options) == 1:
            return options[0]
        if d.kind == "place":
            return self.place(game, d, options)
        if d.kind == "push_back":
            return max(options, key=lambda o: self.hex_value(game, d.model, o.to))
        if d.kind == "window":
            return self.window(game, d, options)
        return self.best(game, d, options)[0].action

    def best(self, game, d, options, top: int = 1) -> list[Judged]:
        m = game.models[d.model]
        judged = [Judged(a, self.value(game, m, a) + self.rng.random() * 0.01) for a in options]
        judged.sort(key=lambda j: -j.value)
        out = judged[:top]
        return [Judged(self.face(game, m, j.action), j.value) for j in out]

    # --- values ---
    def p_hit(self, needed) -> float:
        return 0.0 if needed is None else max(0.0, min(1.0, (7 - needed) / 6))

    def attack_value(self, game, target_id, needed) -> float:
        t = game.models[target_id]
        p = self.p_hit(needed)
        worth = 1.0 + (1.0 if t.lives <= 1 else 0.0) + (0.5 if t.lives <= 2 else 0.0)
        return p * worth * 1.6

    def danger(self, game, m, at: Hex) -> float:
        """How exposed a model would be standing on `at` (enemies and beasts next to it)."""
        near = 0.0
        for n in at.neighbors():
            other = game.occupant.get(n)
            if other is None or other == m.id:
                continue
            if other in game.beasts:
                near += 0.45
            elif game.models[other].player != m.player:
                near += 0.35
        return near * (1.6 if m.lives <= 1 else 1.0)

    def hex_value(self, game, model_id, at: Hex) -> float:
        m = game.models[model_id]
        v = -self.danger(game, m, at)
        if at in game.loot:
            v += 2.5
        return v

    def approach(self, game, m, at: Hex) -> float:
        """Being a step from loot or a wounded foe is worth a little."""
        v = 0.0
        if game.loot:
            d = min(at.distance(h) for h in game.loot)
            v += 0.6 / (1 + d)
        foes = [t for t in game.enemies_of(m)]
        if foes:
            d = min(at.distance(t.hex) for t in foes)
            v += (0.25 if d == 2 else 0.1 if d <= 4 else 0.0) * (1.3 if m.lives >= 2 else 0.3)
        return v

    def value(self, game, m, a) -> float:
        if isinstance(a, Attack):
            return self.attack_value(game, a.target, game.needed_roll(a)) - self.danger(game, m, m.hex) * 0.2
        if isinstance(a, MoveAttack):
            step = a.path[0]
            loot = 2.5 if step in game.loot else 0.0
            return self.attack_value(game, a.target, game.needed_roll(a)) + loot - self.danger(game, m, step) * 0.3
        if isinstance(a, Move):
            end = a.path[-1]
            loot = 2.5 * sum(1 for h in a.path if h in game.loot)
            return loot - self.danger(game, m, end) + self.approach(game, m, end) + 0.05
        if isinstance(a, Hold):
            return -self.danger(game, m, m.hex) + self.approach(game, m, m.hex)
        if isinstance(a, UseAbility):
            return self.ability_value(game, m, a)
        return 0.0

    def ability_value(self, game, m, a) -> float:
        ab = m.card.ability(a.ability)
        if ab is None:
            return -1.0
        if "value" in ab.hint:  # the card's own advice
            return ab.hint["value"]
        return ab.effect.worth(self, game, m, ab, a)  # each kind knows its worth

    # --- facing: toward the likely attacker ---
    def face(self, game, m, action):
        at = m.hex
        if isinstance(action, Move):
            at = action.path[-1]
        elif isinstance(action, UseAbility) and (action.path or action.to is not None):
            at = action.path[-1] if action.path else action.to
        elif not isinstance(action, (Hold, Place)):
            return action
        if isinstance(action, Place):
            at = action.to
        threats = [t.hex for t in game.models.values() if t.alive and t.hex is not None and t.player != m.player]
        threats += [b.hex for b in game.beasts.values()]
        if not threats:
            return self.with_facing(action, 0)
        nearest = min(threats, key=lambda h: at.distance(h))
        return self.with_facing(action, _direction_toward(at, nearest))

    # --- other decisions ---
    def place(self, game, d, options):
        m = game.models[d.model]
        foes = [t.hex for t in game.models.values() if t.hex is not None and t.player != m.player]
        cx = sum(h.q for h in game.arena.floor) / len(game.arena.floor)
        cr = sum(h.r for h in game.arena.floor) / len(game.arena.floor)

        def score(o):
            h = o.to
            far = min((h.distance(f) for f in foes), default=6)
            centre = abs(h.q - cx) + abs(h.r - cr)
            return min(far, 5) - 0.1 * centre + self.rng.random() * 0.2

        best = max(options, key=score)
        return self.face(game, m, best)

    def window(self, game, d, options):
        w = d.window
        plays = [o for o in options if isinstance(o, UseAbility)]
        best, best_v = None, 0.5
        for o in plays:
            m = game.models[o.model]
            ab = m.card.ability(o.ability)
            v = self.window_value(game, d, w, m, ab, o)
            if v > best_v:
                best, best_v = o, v
        if best is None:
            return next(o for o in options if isinstance(o, Pass))
        return self.face(game, game.models[best.model], best) if best.path or best.to is not None else best

    def window_value(self, game, d, w, m, ab, o) -> float:
        if "value" in ab.hint:
            return ab.hint["value"]
        return ab.effect.reaction_worth(self, game, d, w, m, ab, o)


def _direction_toward(a: Hex, b: Hex) -> int:
    """The direction from `a` whose neighbour is closest to `b`."""
    return min(range(6), key=lambda d: a.neighbor(d).distance(b) * 10 + d * 0.01)


class Ranker:
    """The normal bot's move ordering, for the search to widen over (seeded: its tie-breaks).
    For an action the first few are varied: the normal bot's best, then the best of each other
    kind of action (attack, move, hold, ability...), then the rest in its order, so that a few
    candidates weigh different plans, not four ways to stand near the same hex."""

    def __init__(self, seed: int):
        self.bot = NormalBot(seed)

    def ranked(self, game, k: int) -> list:
        bot, d = self.bot, game.pending
        options = list(game.legal_actions())
        if len(options) <= 1:
            return options
        if d.kind == "action":
            return self._varied(game, d, options, k)
        if d.kind == "window":
            scored = []
            for o in options:
                if isinstance(o, Pass):
                    scored.append((0.5, o))  # the normal bot plays an ability worth more than this
                else:
                    m = game.models[o.model]
                    v = bot.window_value(game, d, d.window, m, m.card.ability(o.ability), o)
                    o = bot.face(game, m, o) if (o.path or o.to is not None) else o
                    scored.append((v, o))
            scored.sort(key=lambda t: -t[0])
            return [o for _, o in scored[:k]]
        if d.kind == "push_back":
            return sorted(options, key=lambda o: -bot.hex_value(game, d.model, o.to))[:k]
        if d.kind == "place":
            first = bot.place(game, d, options)
            m = game.models[d.model]
            rest = sorted((o for o in options if o.to != first.to), key=lambda o: -_placing(game, m, o.to))
            return ([first] + [bot.face(game, m, o) for o in rest[:k - 1]])[:k]
        return options[:k]

    def _varied(self, game, d, options, k: int) -> list:
        bot = self.bot
        m = game.models[d.model]
        judged = sorted(((bot.value(game, m, a) + bot.rng.random() * 0.01, i, a) for i, a in enumerate(options)),
                        key=lambda t: (-t[0], t[1]))
        first, kinds = [], set()
        for _, _, a in judged:  # the best of each kind, best first
            if type(a) not in kinds:
                kinds.add(type(a))
                first.append(a)
        chosen = first[:k]
        if len(chosen) < k:
            taken = set(chosen)
            chosen += [a for _, _, a in judged if a not in taken][:k - len(chosen)]
        return [bot.face(game, m, a) for a in chosen]


def _placing(game, m, h) -> float:
    """The normal bot's placing score without its random nudge: far from foes, near the middle."""
    foes = [t.hex for t in game.models.values() if t.hex is not None and t.player != m.player]
    floor = game.arena.floor
    cx = sum(x.q for x in floor) / len(floor)
    cr = sum(x.r for x in floor) / len(floor)
    return min(min((h.distance(f) for f in foes), default=6), 5) - 0.1 * (abs(h.q - cx) + abs(h.r - cr))


# --- the look-ahead player ----------------------------------------------------------------


class HardBot(SearchBot):
    """The core's search bot (`deathmatch.core.search`: information-set Monte Carlo tree search)
    on this ruleset's hooks (`lookahead`): it widens over the normal bot's best answers, plays
    the rollouts with the normal bot and values where they stop by the learned value (`value.py`,
    `value.json`; the hand-written `lookahead.evaluate` if the file is missing or broken). A root
    answer that is a melee attack with known odds is valued as the expectation over its die
    (p * value after a hit + (1 - p) * value after a miss, both played on the same world) rather
    than by the one roll a world's dice happen to give it."""

    strength = "hard"

    def __init__(self, seed: int = 0, budget: Budget | str = "normal", learned: bool = True, expect: bool = True):
        budget = search_budget(registry.get(RULESET_ID), budget) if isinstance(budget, str) else budget
        super().__init__(search_rules(seed, learned), seed, budget, level="hard")
        self.expect = expect
        library_cards()  # loaded now, not in the first decision's time

    def _iterate(self, top, action, sim, me: str, seed: int) -> None:
        p = _attack_odds(sim, action) if self.expect else None
        if p is None:
            return super()._iterate(top, action, sim, me, seed)
        hit = sim.copy()
        _force_attack_roll(hit, action.model, 6)
        _force_attack_roll(sim, action.model, 1)
        before = top.total
        super()._iterate(top, action, hit, me, seed)
        v_hit = top.total - before
        super()._iterate(top, action, sim, me, seed)
        v_miss = top.total - before - v_hit
        top.total = before + 2 * (p * v_hit + (1 - p) * v_miss)  # the die's expectation, two visits' worth


def _attack_odds(game, action) -> float | None:
    """The chance a plain melee attack (or a step and one) hits, when it is neither sure nor hopeless."""
    if type(action) not in (Attack, MoveAttack):
        return None
    needed = game.needed_roll(action)
    if needed is None:
        return None
    p = (7 - needed) / 6
    return p if 0.0 < p < 1.0 else None


class _Once:
    """Dice that give one value (the forced attack die)."""

    def __init__(self, value: int):
        self.value = value

    def roll(self, sides: int = 6) -> int:
        return self.value


def _force_attack_roll(sim, attacker: str, value: int) -> None:
    """The first attack die `attacker` rolls on the copy `sim` shows `value`; the copy's own dice
    (not drawn from for it) give every other roll, so the hit and the miss meet the same luck after."""
    plain = sim.roll
    done = []

    def roll(purpose, by=None):
        if not done and purpose == "attack" and by == attacker:
            done.append(True)
            dice, sim.dice = sim.dice, _Once(value)
            try:
                return plain(purpose, by)
            finally:
                sim.dice = dice
        return plain(purpose, by)

    sim.roll = roll


def learned_evaluate(game, player: str) -> float:
    """The search's leaf value: the learned chance to win (`value.value`), else the hand-written one."""
    from . import lookahead, value

    v = value.value(game, player)
    return lookahead.evaluate(game, player) if v is None else v


def search_rules(seed: int, learned: bool = True) -> Rules:
    """Celebrity Deathmatch's hooks for the core's search (move ordering seeded by `seed`): its
    registry hooks, as any ruleset's (`deathmatch.core.search.rules_for`), the leaves valued by the
    learned value (`learned_evaluate`) unless `learned` is false (the registry's hand-written one)."""
    rules = rules_for(registry.get(RULESET_ID), seed)
    return replace(rules, evaluate=learned_evaluate) if learned else rules
