"""How much better than Chessboard Skirmish's normal bot can a heuristic play? Variants of the
normal bot, each against the normal bot, paired game by game with the normal bot against itself.

The same games as `skirmish_bots.py` (two random 30-point armies by `quick_game` on the 8x8
chessboard, the seats swapped every other game, a game still going after 40 rounds judged as a
headless night judges it), so a variant's score minus the control's on the same seeds measures the
variant and not the seeds. The control's results are kept in a file beside the command's `--out`
(they depend only on the seeds and the scenario), so screening many variants plays it once.

A variant is the normal bot's own scoring (`bots.Plan`) with some of its weights changed, written
`name=value,name=value` (`DEFAULT` lists them, with the normal bot's own values):

    close        what a square nearer the nearest enemy is worth (the normal bot: 0.5)
    danger       how much the danger a square stands in counts (0.6)
    lines        how much an enemy's line of fire counts in that danger, as a share (1.0; 0: the
                 bot sees only the enemies that could step up and strike)
    acted        the danger of an enemy that has acted this round, as a share of its whole (0.5);
                 -1: the chance the enemy wins the next initiative (it may strike first next round)
    dmode        sum: every enemy in reach counts; max: only the most dangerous
    wound        an attack's wound chance, as a share of the defeat chance it is worth (0.3)
    atk          how much the best attack from a square counts (1.0)
    pickmode     which miniature acts: normal (its outlook), best (the best square it can reach),
                 delta (that, less staying put), mix (best, plus `pick_danger` times its danger)
    pick_danger  (0.3)
    ratk         re-roll an attack die whose hit chance is under `ratk` times a fresh die's (1.0)
    rdef         a lost defence: normal (the normal bot's rule), always or never re-roll it
    count        Survival: what every miniature is worth more, its own and each enemy (0; the
                 scenario counts miniatures first, points only on a tie)
    late         Survival: 1: that grows to its whole by round 3 (a third of it in round 1)

    python benchmarks/skirmish_variants.py --games 10000 --seed 10 "pickmode=best,acted=0.0" "acted=0.25"
    python benchmarks/skirmish_variants.py --games 2000 --seed 30 --scenario retrieve easy

`easy` is the easy bot (how much all of the normal bot's play is worth). Each variant prints its
score, the control's, the paired difference with its 95 % half-width, and how many games' results
differ. Measured in docs/PERFORMANCE.md ("How far above normal can a bot play?").
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import cached_property
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deathmatch.rulesets.skirmish import bots as B  # noqa: E402
from deathmatch.rulesets.skirmish.actions import PICK, PLACE, REROLL, Pick  # noqa: E402
from deathmatch.rulesets.skirmish.geometry import between, line_blocker  # noqa: E402
from deathmatch.rulesets.skirmish.odds import attack_odds, attack_values  # noqa: E402

DEFAULT = dict(close=0.5, danger=0.6, lines=1.0, acted=0.5, dmode="sum", wound=0.3, atk=1.0, pickmode="normal",
               pick_danger=0.3, ratk=1.0, rdef="normal", count=0.0, late=0.0)
"""A variant's weights: the normal bot's own."""


def parse(name: str) -> dict:
    """A variant's weights from `name=value,...` (ValueError naming the weights for an unknown one)."""
    p = dict(DEFAULT)
    for part in filter(None, name.split(",")):
        key, _, value = part.partition("=")
        if key not in DEFAULT:
            raise ValueError(f"unknown weight {key!r}: choose from {', '.join(DEFAULT)}")
        p[key] = value if isinstance(DEFAULT[key], str) else float(value)
    return p


class VariantPlan(B.Plan):
    """The normal bot's `Plan` with the weights of `P`."""

    P = DEFAULT

    def worth(self, m) -> float:
        """`bots.worth`, plus `count` in Survival (growing to it by round 3 with `late`); the normal
        bot's `act_score` values a target by it too."""
        extra = self.P["count"] if self.s.options.scenario == "survival" else 0.0
        if self.P["late"]:
            extra *= min(3, self.s.round) / 3
        return B.worth(m) + extra

    def goal(self, sq):
        if self.s.options.scenario or not self.enemies:
            return super().goal(sq)
        return -self.P["close"] * min(e.at.distance(sq) for e in self.enemies)

    @cached_property
    def acted_share(self) -> float:
        if self.P["acted"] >= 0:
            return self.P["acted"]
        s = self.s
        a = max(m.die for m in s.army(self.m.owner))
        b = max(m.die for m in s.army(s.other(self.m.owner)))
        win = sum(min(x - 1, b) for x in range(1, a + 1)) / (a * b)
        lose = 1 - win - min(a, b) / (a * b)
        return lose / (win + lose)

    def danger(self, sq, occupied):
        total = best = 0.0
        w = self.worth(self.m)
        for e in self.enemies:
            if e.at.distance(sq) <= e.move + 1:
                p = self.threat[e.id]
            elif e.ranged and between(e.at, sq) is not None and line_blocker(self.s.board, occupied, e.at, sq) is None:
                p = self.threat_ranged[e.id] * self.P["lines"]
            else:
                continue
            x = p * w * (self.acted_share if e.acted else 1.0)
            total, best = total + x, max(best, x)
        return total if self.P["dmode"] == "sum" else best

    @cached_property
    def gain(self):
        m, out = self.m, {}
        for e in self.enemies:
            for ranged in (False, True):
                o = attack_odds(m.spec, e.spec, e.armour, ranged, attacker_reroll=m.spec.hero and not m.rerolled,
                                target_reroll=e.spec.hero and not e.rerolled)
                out[e.id, ranged] = float(o.defeat) * self.worth(e) + self.P["wound"] * float(o.wound) * B.worth(e)
        return out

    def stand(self, sq, can_attack=True):
        occupied = dict(self.occupied)
        occupied[sq] = self.m
        score = self.goal(sq) - self.P["danger"] * self.danger(sq, occupied)
        if can_attack:
            score += self.P["atk"] * self.attack(sq, occupied)
        return score

    def outlook(self):
        mode = self.P["pickmode"]
        if mode == "best":
            return self.best()
        if mode == "delta":
            return self.best() - self.stand(self.m.at, False)
        if mode == "mix":
            return self.best() + self.P["pick_danger"] * self.danger(self.m.at, self.occupied)
        m, best = self.m, 0.0
        for e in self.enemies:
            if e.at.distance(m.at) <= m.move + 1:
                best = max(best, self.gain[e.id, False])
            if m.ranged and (e.at.x == m.at.x or e.at.y == m.at.y or e.at.distance(m.at) <= m.move + 1):
                best = max(best, 0.7 * self.gain[e.id, True])
        return best + self.goal(m.at) + m.move + self.P["pick_danger"] * self.danger(m.at, self.occupied)


class VariantBot:
    """The normal bot with a variant's weights."""

    level = "normal"
    thinks = False

    def __init__(self, weights: dict):
        self.p = weights
        self.plan = type("Plan", (VariantPlan,), {"P": weights})

    def choose(self, game):
        return max(self.scored(game), key=lambda sa: sa[0])[1]

    def scored(self, game):
        d = game.pending
        options = game.legal_actions()
        if d.kind == REROLL:
            yes = self.reroll(game, d)
            return [(1.0 if a.yes == yes else 0.0, a) for a in options]
        if d.kind == PLACE:
            return B.scored(game)
        if d.kind == PICK:
            best = {m.id: self.plan(game, m).outlook() for m in game.state.ready(d.player)}
            return [(best[a.mini] if isinstance(a, Pick) else best[a.mini] - 5, a) for a in options]
        plan = self.plan(game, game.state.minis[d.mini])
        return [(B.act_score(game, a, plan), a) for a in options]

    def reroll(self, game, d) -> bool:
        r, p = d.roll, self.p
        if r.purpose == "defence" and p["rdef"] != "normal":
            return game.rolls.get("defence", 0) < game.rolls.get("attack", 0) and p["rdef"] == "always"
        if r.purpose != "attack":
            return B.reroll_worth_it(game, d)
        s, a = game.state, game.attack
        target = s.minis[a.target].die if a is not None else r.sides
        bow = a is not None and a.mode == "ranged" and s.minis[a.mini].spec.weapon == "bow"
        faces = attack_values(r.sides, bow)
        return min(faces[r.value - 1], target) * len(faces) < p["ratk"] * sum(min(v, target) for v in faces)


def play(args) -> tuple[float, bool]:
    """One game of `variant` (as "A") against the normal bot: (A's score, whether it ended by the rules)."""
    variant, seed, scenario = args
    from deathmatch.board import square
    from deathmatch.core.loop import play_until_over
    from deathmatch.core.registry import get
    from deathmatch.rulesets.skirmish.tournament import judged, stop

    rules = get("skirmish")
    names = ("A", "B") if seed % 2 == 0 else ("B", "A")
    game = rules.quick_game(list(names), square(8, 8), seed, scenario=scenario)
    if variant == "normal":
        a = rules.bot("normal", "A", seed * 7)
    elif variant == "easy":
        a = rules.bot("easy", "A", seed * 7)
    else:
        a = VariantBot(parse(variant))
    bots = {"A": a, "B": rules.bot("normal", "B", seed * 7 + 1)}
    play_until_over(game, lambda g: bots[g.pending.player].choose(g), stop=stop)
    w = tuple(game.outcome.winners) if game.over else judged(game.state)
    return (1.0 if w == ("A",) else 0.0 if w == ("B",) else 0.5), game.over


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="+", help="name=value,... (see the module), or easy")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=10, help="the games' seeds start at SEED x 100,000")
    ap.add_argument("--scenario", choices=("retrieve", "infiltrate", "survival"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=".", help="the folder the control's results are kept in")
    args = ap.parse_args()
    for v in args.variants:
        if v not in ("easy", "normal"):
            parse(v)
    seeds = range(args.seed * 100_000, args.seed * 100_000 + args.games)
    pool = ProcessPoolExecutor(args.jobs)

    def results(variant):
        return list(pool.map(play, [(variant, s, args.scenario) for s in seeds], chunksize=20))

    kept = Path(args.out) / f"skirmish_control_{args.scenario or 'none'}_{args.seed}_{args.games}.json"
    if kept.exists():
        control = json.loads(kept.read_text(encoding="utf-8"))
    else:
        control = [score for score, _ in results("normal")]
        kept.write_text(json.dumps(control), encoding="utf-8")
    print(f"# seeds {seeds[0]}–{seeds[-1]}, scenario {args.scenario or 'none'}; control (normal vs normal): "
          f"side A {sum(control) / len(control):.2%}", flush=True)
    for v in args.variants:
        got = results(v)
        diff = [score - c for (score, _), c in zip(got, control)]
        mean = sum(diff) / len(diff)
        half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5 if len(diff) > 1 else 0.0
        print(f"{v:40s} {sum(s for s, _ in got) / len(got):.2%}  paired {mean:+.2%} ± {half:.2%}  "
              f"differing {sum(1 for d in diff if d)}  judged at the round limit {sum(1 for _, over in got if not over)}",
              flush=True)
    pool.shutdown()


if __name__ == "__main__":
    main()
