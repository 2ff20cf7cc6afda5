"""Chessboard Skirmish's computer players: easy, normal and hard. They answer `game.pending` for
their player with one of `game.legal_actions()`; Skirmish hides nothing, so a bot may read the
whole state (never the dice's future: the hard bot's look-ahead reseeds them, `determinize`).

- easy: a beginner: random legal play that grows impatient (takes an attack it is offered) late;
- normal: a heuristic player: it scores where each miniature could stand (the exact chance its
  best attack from there defeats a target, times the target's worth; the danger the enemies that
  could reach it pose; the scenario's goal: the marker, its own corners, the enemy home row),
  picks the miniature with the best plan, moves, attacks the best target, re-rolls a die worth
  less than a fresh one;
- hard: the core's search bot (`deathmatch.core.search`) on `determinize`, `evaluate` (the
  hand-written `hand_evaluate`: the worth on each side and the attacks to come, in expectation,
  and the scenario's race: `race`; the learned value of `value.py` is a screened alternative), `rank`
  (the normal player's ordering; its answer alone for re-rolls, placements and a pick-up the
  marker allows: `search_ranked`) and half-activations as its
  epoch (`epoch`), by Skirmish's own budgets (`ruleset.SEARCH_BUDGETS`).
"""

from __future__ import annotations

import random
from functools import cached_property

from ...core import bots as core_bots
from ...core.dice import SeededDice
from .actions import PICK, PLACE, REROLL, Attack, Drop, Move, Pass, Pick, PickUp
from .geometry import adjacent, between, line_blocker, reachable
from .odds import SAVE_ON, attack_odds, attack_values, for_minis, save_chance

LEVELS = ("easy", "normal", "hard")


def make_bot(level: str, seed: int = 0, thinking: str = "normal"):
    """A bot of `level` (ValueError naming the levels for an unknown one)."""
    return core_bots.make_bot({"easy": lambda: EasyBot(seed), "normal": lambda: NormalBot(seed),
                               "hard": lambda: _hard(seed, thinking)}, level)


def _hard(seed: int, thinking: str):
    from ...core import registry
    from ...core.search import hard_bot

    return hard_bot(registry.get("skirmish"), seed, thinking)


class EasyBot(core_bots.EasyBot):
    """A beginner: random legal play (it picks a miniature to activate rather than pass when it
    may) that grows impatient: from round `PATIENT` + 1 it takes an attack it is offered with a
    chance that grows by `LATER` a round (before that an attack is one of its random answers like
    any other; `ATTACKS` is the chance from the start)."""

    attacks = (Attack,)
    ATTACKS, PATIENT, LATER = 0.0, 10, 0.34
    """Measured (docs/PERFORMANCE.md; 400 games, seeds 100000-, plain fights / the four kinds mixed):
    the normal bot scores 63.5 % / 74.2 % against an easy bot that always attacks (too close a match
    for the level below normal), 79.1 % / 83.4 % against one that attacks a quarter of the time
    (but two of them may walk about until a headless night judges their game), 76.5 % / 82.8 %
    with these (two of them end 194 games in 200 by themselves)."""

    def narrowed(self, game, options: list) -> list:
        if game.pending.kind != PICK:
            late = max(0, game.state.round - self.PATIENT)
            if self.rng.random() >= min(1.0, self.ATTACKS + self.LATER * late):
                return options
            return super().narrowed(game, options)
        return [a for a in options if isinstance(a, Pick)] or options


class NormalBot(core_bots.SeededBot):
    """The heuristic player (see the module)."""

    level = "normal"

    def choose(self, game):
        return max(scored(game), key=lambda sa: sa[0])[1]


def ranked(game, k: int) -> list:
    """The normal player's `k` best answers to the pending decision, best first."""
    return [a for _, a in sorted(scored(game), key=lambda sa: -sa[0])[:k]]


def scored(game) -> list[tuple[float, object]]:
    """Every legal answer with the normal player's score (higher is better), in legal order."""
    d = game.pending
    options = game.legal_actions()
    if d.kind == REROLL:
        return [(1.0 if a.yes == reroll_worth_it(game, d) else 0.0, a) for a in options]
    if d.kind == PLACE:
        s = game.state
        mid = (s.width - 1) / 2
        return [(-abs(a.at.x - mid) - 0.01 * k, a) for k, a in enumerate(options)]
    if d.kind == PICK:
        plans = {m.id: Plan(game, m) for m in game.state.ready(d.player)}
        best = {mid: p.outlook() for mid, p in plans.items()}
        return [(best[a.mini] if isinstance(a, Pick) else best[a.mini] - 5, a) for a in options]
    plan = Plan(game, game.state.minis[d.mini])
    return [(act_score(game, a, plan), a) for a in options]


def reroll_worth_it(game, d) -> bool:
    """Re-roll a die worth less than a fresh one (odds.py's reasoning): an attack that hits less
    often than a fresh roll would; a lost defence only when a fresh defence does better than
    keeping the re-roll for the save; a failed save or skill check."""
    r = d.roll
    rolls = game.rolls
    s = game.state
    if r.purpose == "defence":
        attack = rolls.get("attack", 0)
        if rolls.get("defence", 0) >= attack:
            return False
        lost = min(attack, r.sides) / r.sides
        fail = 1 - float(save_chance(r.sides))
        return lost <= fail
    if r.purpose == "save":
        return r.value < SAVE_ON
    if r.purpose == "skill":
        return r.value < r.sides // 2
    a = game.attack
    target = s.minis[a.target].die if a is not None else r.sides
    bow = a is not None and a.mode == "ranged" and s.minis[a.mini].spec.weapon == "bow"
    faces = attack_values(r.sides, bow)
    now = min(faces[r.value - 1], target)
    return now * len(faces) < sum(min(v, target) for v in faces)


def worth(m) -> float:
    """What a miniature is worth to its army (its §7 points, a carrier more)."""
    return m.points() + (15 if m.carrying else 0)


class Plan:
    """The normal player's view of one miniature's activation: what standing on a square is worth
    (worked out once per decision: the enemies, the squares taken, the goal)."""

    def __init__(self, game, m):
        s = game.state
        self.game, self.s, self.m = game, s, m
        self.enemies = s.on_board(s.other(m.owner))
        self.occupied = {k: v for k, v in s.occupied().items() if v.id != m.id}
        self.own_corners = [c for c in s.corners() if c.y == s.back_rank(m.owner)]
        self.enemy_row = set(s.home_row(s.other(m.owner)))
        self.enemy_rank = s.back_rank(s.other(m.owner))
        self.mates_on_row = sum(1 for o in s.on_board(m.owner) if o.at in self.enemy_row and o.id != m.id)

    def worth(self, m) -> float:
        """What miniature `m` is worth to this plan (`worth`; a variant may weigh it otherwise)."""
        return worth(m)

    @cached_property
    def threat(self) -> dict:
        """Each enemy's chance to wound the miniature in melee (hero re-roll included)."""
        m = self.m
        return {e.id: float(attack_odds(e.spec, m.spec, m.armour, False, attacker_reroll=e.spec.hero).wound)
                for e in self.enemies}

    @cached_property
    def threat_ranged(self) -> dict:
        m = self.m
        return {e.id: float(attack_odds(e.spec, m.spec, m.armour, True, attacker_reroll=e.spec.hero).wound)
                for e in self.enemies if e.ranged}

    @cached_property
    def gain(self) -> dict:
        """(enemy id, ranged) -> what attacking it is worth: defeat chance times its worth, and a little for a wound."""
        m, out = self.m, {}
        for e in self.enemies:
            for ranged in (False, True):
                o = attack_odds(m.spec, e.spec, e.armour, ranged, attacker_reroll=m.spec.hero and not m.rerolled,
                                target_reroll=e.spec.hero and not e.rerolled)
                out[e.id, ranged] = float(o.defeat) * worth(e) + 0.3 * float(o.wound) * worth(e)
        return out

    def goal(self, sq) -> float:
        """How far standing on `sq` takes the miniature toward the scenario's goal."""
        s, m = self.s, self.m
        scenario = s.options.scenario
        if scenario == "retrieve" and s.marker is not None:
            if m.carrying:
                d = min(c.distance(sq) for c in self.own_corners)
                return 1000.0 if d == 0 else 30 - 4 * d
            carrier = s.minis[s.marker.carrier] if s.marker.carrier else None
            if carrier is None:
                d = s.marker.at.distance(sq)
                return 12 - 2 * d + (6 if d == 0 else 0)
            if carrier.owner != m.owner:
                return 10 - 2 * carrier.at.distance(sq)
            return 0.0
        if scenario == "infiltrate":
            on_row = 25 + 40 * self.mates_on_row if sq in self.enemy_row else 0
            return on_row - 2.0 * abs(sq.y - self.enemy_rank)
        if not self.enemies:
            return 0.0
        return -0.5 * min(e.at.distance(sq) for e in self.enemies)

    def danger(self, sq, occupied) -> float:
        """The worth the miniature may lose on `sq`: each enemy that could reach an attack on it,
        times the chance that attack wounds it (halved for enemies that have acted this round)."""
        total = 0.0
        w = worth(self.m)
        board = self.s.board
        for e in self.enemies:
            if e.at.distance(sq) <= e.move + 1:
                p = self.threat[e.id]
            elif e.ranged and between(e.at, sq) is not None and line_blocker(board, occupied, e.at, sq) is None:
                p = self.threat_ranged[e.id]
            else:
                continue
            total += p * w * (0.5 if e.acted else 1.0)
        return total

    def attack(self, sq, occupied) -> float:
        """The best attack from `sq`: the chance it defeats (and wounds) times the target's worth."""
        best = 0.0
        board, ranged = self.s.board, self.m.ranged
        for e in self.enemies:
            if adjacent(sq, e.at):
                best = max(best, self.gain[e.id, False])
            if ranged and between(sq, e.at) is not None and line_blocker(board, occupied, sq, e.at) is None:
                best = max(best, self.gain[e.id, True])
        return best

    def stand(self, sq, can_attack: bool = True) -> float:
        """The worth of ending the move on `sq` (with an attack from there if it still may)."""
        occupied = dict(self.occupied)
        occupied[sq] = self.m
        score = self.goal(sq) - 0.6 * self.danger(sq, occupied)
        if can_attack:
            score += self.attack(sq, occupied)
        return score

    def outlook(self) -> float:
        """A quick guess at what activating the miniature now is worth (the pick): the best attack
        it could reach, the goal, the danger it stands in (threatened ones act first)."""
        m = self.m
        reach = m.move + 1
        best = 0.0
        for e in self.enemies:
            if e.at.distance(m.at) <= reach:
                best = max(best, self.gain[e.id, False])
            if m.ranged and (e.at.x == m.at.x or e.at.y == m.at.y or e.at.distance(m.at) <= reach):
                best = max(best, 0.7 * self.gain[e.id, True])
        occupied = self.occupied
        return best + self.goal(m.at) + m.move + 0.3 * self.danger(m.at, occupied)

    def best(self) -> float:
        """The best `stand` among the squares reachable this activation (staying included)."""
        m = self.m
        squares = [m.at] + list(reachable(self.s.board, self.occupied, m.at, m.move))
        return max(self.stand(sq) for sq in squares)


def goal_score(game, m, sq) -> float:
    """How far standing on `sq` takes `m` toward the scenario's goal."""
    return Plan(game, m).goal(sq)


def act_score(game, a, plan: Plan) -> float:
    s = game.state
    m = s.minis[a.mini]
    act = s.activation
    if isinstance(a, Move):
        return plan.stand(a.path[-1], not act.attacked)
    if isinstance(a, Attack):
        if s.options.scenario == "retrieve" and game.can_pick_up(m.id):
            return -1.0  # pick the marker up instead: a failed attack would end the activation
        o = for_minis(m, s.minis[a.target], a.mode)
        return plan.stand(m.at, False) + float(o.defeat) * plan.worth(s.minis[a.target]) + 1.0
    if isinstance(a, PickUp):
        return 500.0
    if isinstance(a, Drop):
        return -100.0
    return plan.stand(m.at, False) - (0.5 if isinstance(a, Pass) else 0.0)


# --- the search's hooks ---

def epoch(game) -> int:
    """The search's clock: half-activations. It grows by one when the open activation has moved
    (or attacked without moving), and again when the activation ends (a pass at the pick counts
    as a whole one); a new round starts it afresh from a thousand higher. A rollout that stops
    after one grows no further than the move it follows, before the attack's dice are rolled:
    `evaluate` values the attack to come in expectation."""
    s = game.state
    act = s.activation
    done = sum(1 for m in s.minis.values() if m.acted) - (act is not None)
    return s.round * 1000 + 2 * done + (act is not None and (act.moved or act.attacked))


def search_ranked(game, k: int) -> list:
    """`ranked` for the search: a re-roll or a placement has the normal player's answer alone (its
    re-roll is the exact odds' best and a placement decides little: the search spends its time
    on the picks, moves and attacks), and so has a miniature that may pick the marker up: it
    does (a failed attack first would end the activation with the marker left on the ground)."""
    if game.pending.kind in (REROLL, PLACE):
        k = 1
    got = ranked(game, k)
    return [a for a in got if isinstance(a, PickUp)] or got


def determinize(game, player: str, rng: random.Random):
    """A copy of the game whose future dice come from `rng` (nothing else is hidden in Skirmish)."""
    world = game.copy()
    world.dice = SeededDice(rng.randrange(2**62))
    return world


def goal_nudge(game, player: str) -> float:
    """Retrieve and Infiltrate: the normal player's goal (`Plan.goal`) of each side's miniatures,
    mine minus theirs, as a small change to a value (±0.09 at most); 0 in other games."""
    s = game.state
    if s.options.scenario not in ("retrieve", "infiltrate"):
        return 0.0
    other = s.other(player)
    goal = sum(Plan(game, m).goal(m.at) for m in s.on_board(player))
    goal -= sum(Plan(game, m).goal(m.at) for m in s.on_board(other))
    return max(-0.09, min(0.09, goal / 400))


def evaluate(game, player: str) -> float:
    """The hard bot's leaf evaluation: the hand-written one (`hand_evaluate`). The learned value
    (`value.evaluate_learnt`, the shipped value.json) predicts results better but, as the leaf,
    played 2.4 ± 2.0 points worse than this over 1,200 paired games of the four kinds mixed
    (docs/PERFORMANCE.md), so it is not the default; the benchmarks' `--evaluation learnt` plays it."""
    return hand_evaluate(game, player)


def hand_evaluate(game, player: str) -> float:
    """0 (lost) to 1 (won): a finished game's result; else the share of the worth left on each
    side, counting the attacks to come in expectation (`threat`, exact odds, no dice rolled): the
    open activation's own attack in full, then the other side's best at `NEXT`, then the first
    side's best at `LATER`; plus the scenario's race (`race`)."""
    if game.over:
        w = game.outcome.winners
        return 0.5 if not w else (1.0 if player in w else 0.0)
    s = game.state
    other = s.other(player)
    mine = sum(worth(m) for m in s.army(player))
    theirs = sum(worth(m) for m in s.army(other))
    edge = mine - theirs
    act = s.activation
    if act is not None:  # the open activation's attack comes first, then the other side's
        owner = s.minis[act.mini].owner
        now = 0.0 if act.attacked else threat(s, owner, only=act.mini)
        edge += now if owner == player else -now
        nxt = s.other(owner)
    else:
        nxt = game.pending.player if game.pending is not None else player
    t = {p: threat(s, p) for p in s.players}
    w = {nxt: NEXT, s.other(nxt): LATER}
    edge += w[player] * t[player] - w[other] * t[other]
    edge += race(game, player)
    value = 0.5 + 0.4 * edge / max(1.0, mine + theirs)
    return max(0.01, min(0.99, value))


NEXT, LATER = 0.8, 0.5
"""How much `evaluate` counts the best attack of the side that acts next, and of the other side."""

RACE = {"carry": 20.0, "per_turn": 6.0, "marker": 10.0, "row": 12.0, "row_turn": 3.0}
"""The scenario race's worth (`race`), in the units of a miniature's worth: Retrieve's carrier
(`carry`, less `per_turn` for each activation it still needs to reach its corner) and the race to a
marker on the ground (`marker` an activation); Infiltrate's miniatures on the enemy home row (`row`
each, less `row_turn` for each activation the two nearest still need). Measured in
docs/PERFORMANCE.md: the old small nudge left the hard bot 3.5 points behind normal in Retrieve."""


def turns(m, sq) -> int:
    """The activations `m` needs to stand on `sq` (its king steps over its Move, rounded up; 0
    there), whatever is in the way."""
    return activations(m, m.at.distance(sq))


def activations(m, steps: int) -> int:
    """The activations `m` needs to go `steps` king steps (its Move each, rounded up)."""
    return -(-steps // max(1, m.move))


def race(game, player: str) -> float:
    """How far `player` is ahead in the scenario's race, in worth (mine minus theirs); 0 in a game
    without Retrieve or Infiltrate. Retrieve: the carrier's side gets `RACE["carry"]` less
    `per_turn` for each activation (3 at most) it still needs to end a move on a free corner of its
    own back rank (its worth already counts 15 more); with the marker on the ground, each side's
    nearest miniature counts the activations it needs to reach it (3 at most), `marker` each.
    Infiltrate: each side's two miniatures nearest the enemy home row, `row` for each on it
    less `row_turn` for each activation (3 at most) it still needs (one on a corner: a step)."""
    s = game.state
    other = s.other(player)
    scenario = s.options.scenario
    if scenario == "retrieve" and s.marker is not None:
        mk = s.marker
        if mk.carrier:
            c = s.minis[mk.carrier]
            occupied = s.occupied()
            corners = [q for q in s.corners() if q.y == s.back_rank(c.owner)]
            free = [q for q in corners if q not in occupied or occupied[q].id == c.id] or corners
            v = RACE["carry"] - RACE["per_turn"] * min(3, min(turns(c, q) for q in free))
            return v if c.owner == player else -v

        def nearest(p):
            return min([turns(m, mk.at) for m in s.on_board(p)] or [3])

        return RACE["marker"] * (min(3, nearest(other)) - min(3, nearest(player)))
    if scenario == "infiltrate":
        def side(p):
            row = set(s.home_row(s.other(p)))
            rank = s.back_rank(s.other(p))
            need = sorted(0 if m.at in row else max(1, activations(m, abs(m.at.y - rank))) for m in s.on_board(p))
            need = (need + [3, 3])[:2]
            return RACE["row"] * need.count(0) - RACE["row_turn"] * sum(min(3, n) for n in need)

        return side(player) - side(other)
    return 0.0


def _chances(a, t, armour: int, ranged: bool) -> tuple[float, float]:
    """(defeat, wound) of `a` attacking `t` (game miniatures), as floats, cached."""
    key = (a.spec.die, a.spec.weapon, ranged, t.spec.die, armour > 0, a.spec.hero and not a.rerolled,
           t.spec.hero and not t.rerolled)
    got = _CHANCES.get(key)
    if got is None:
        o = attack_odds(a.spec, t.spec, armour, ranged, attacker_reroll=key[5], target_reroll=key[6])
        got = _CHANCES[key] = (float(o.defeat), float(o.wound))
    return got


_CHANCES: dict = {}


def threat(s, player: str, only: str | None = None) -> float:
    """What `player`'s best attack still to come is worth, in expectation: over their miniatures
    on the board that may still act this round (all of them, at half, once none may; `only`: that
    one, the open activation's), the target in reach (melee after a move — a neighbour once it has
    moved — or a clear line of fire from where it stands) whose defeat chance times its worth,
    plus 2 a likely spent armour point, is highest."""
    enemies = s.on_board(s.other(player))
    if not enemies:
        return 0.0
    act = s.activation
    if only is not None:
        mine, scale = [s.minis[only]], 1.0
    else:
        mine = [m for m in s.on_board(player) if not m.acted]
        scale = 1.0
        if not mine:
            mine, scale = s.on_board(player), 0.5
    occupied = None
    best = 0.0
    for m in mine:
        reach = 1 if act is not None and act.mini == m.id and act.moved else m.move + 1
        for e in enemies:
            d = m.at.distance(e.at)
            if d <= reach:
                defeat, wound = _chances(m, e, e.armour, False)
                best = max(best, defeat * worth(e) + 2 * (wound - defeat))
            if m.ranged and d > 1 and between(m.at, e.at) is not None:
                if occupied is None:
                    occupied = s.occupied()
                if line_blocker(s.board, occupied, m.at, e.at) is None:
                    defeat, wound = _chances(m, e, e.armour, True)
                    best = max(best, defeat * worth(e) + 2 * (wound - defeat))
    return scale * best
