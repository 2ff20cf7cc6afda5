"""Superhero Gladiators' computer players: `easy` (a random legal answer) and `normal` (a one-step
heuristic: the attack with the most damage it expects, moving into reach of its best attack,
healing when hurt, escaping when the odds are fair; defences invoked where they apply; copies taken
when better than what it holds). Neither looks ahead; neither reads what its player may not see
(the normal bot's knowledge of other teams' gizmos comes from `legal_actions`, which offers only the
gizmos its team knows of).
"""

from __future__ import annotations


from ...core import bots as core_bots
from . import actions as act
from .game import RELIABLE_ON, Game

LEVELS = ("easy", "normal")


class EasyBot(core_bots.EasyBot):
    """A random legal answer (no action counts as an attack for it: `attacks` is empty)."""


def chance(number: int) -> float:
    """The chance a d20 to-hit roll hits `number` (1 always hits, 20 always misses)."""
    return min(19, max(1, number)) / 20


def reliability(p) -> float:
    need = RELIABLE_ON.get(p.reliability)
    return 1.0 if need is None else need / 20


def stopped(x, p, dmg: int) -> bool:
    """Whether hero `x` holds a usable defence that would undo a hit of `p` doing `dmg` (public: a
    defence's type and level are on the card; whether it is a hidden gizmo does not matter here)."""
    for q in x.hero.powers:
        if not x.usable(q):
            continue
        if q.type == "toughness" and dmg and "piercing" not in p.styles and dmg <= 4 * q.level:
            return True
        if q.type == "missile_deflection" and "missile" in p.styles and p.level <= q.level:
            return True
    return False


class NormalBot(core_bots.SeededBot):
    level = "normal"

    def choose(self, game: Game):
        d = game.pending
        options = game.legal_actions()
        if d.kind == act.DEFEND:
            return self.defend(game, d, options)
        if d.kind == act.COPY:
            return self.copy(game, d)
        if d.kind == act.PLACE:
            return self.place(game, options)
        if d.kind == act.CHOOSE:
            return options[0]
        scored = [(self.score(game, a), i, a) for i, a in enumerate(options)]
        best = max(s for s, _, _ in scored)
        return self.rng.choice([a for s, _, a in scored if s >= best - 1e-9])

    # -- the questions outside an action --
    def defend(self, g: Game, d, options):
        m = g.model(d.model)
        if d.about == "escape":
            return options[-1] if len(options) > 1 else options[0]
        x = g.strike
        p = x.power
        dmg = 0 if "entangling" in p.styles else p.damage()
        if "entangling" not in p.styles and d.model != x.full:
            dmg = (dmg + 1) // 2
        if d.model in x.crit:
            dmg *= 2
        for name in d.options:
            q = m.power(name)
            if q.type == "toughness" and "entangling" not in p.styles and "piercing" not in p.styles \
                    and 0 < dmg <= 4 * q.level:
                return act.Defend(d.player, d.model, name)
            if q.type == "missile_deflection" and "missile" in p.styles and p.level <= q.level:
                return act.Defend(d.player, d.model, name)
            if q.type == "slippery" and "entangling" in p.styles and x.roll != 1 \
                    and x.roll + q.level > x.numbers[d.model]:
                return act.Defend(d.player, d.model, name)
        return act.Defend(d.player, d.model, None)

    def copy(self, g: Game, d):
        m = g.model(d.model)
        new = g.strike.power
        old = m.stored
        better = old is None or new.damage() > old.damage() or ("entangling" in new.styles and old.damage() == 0)
        return act.Copy(d.player, d.model, better)

    def place(self, g: Game, options):
        s = g.state
        me = g.pending.about
        foes = [m.at for m in s.models.values() if m.at is not None and m.owner != me]
        if not foes:
            return self.rng.choice(options)
        # far enough not to start in a smash, near enough to shoot soon
        return min(options, key=lambda a: (abs(min(g.grid.distance(a.at, f) for f in foes) - 4), a.at))

    # -- actions --
    def score(self, g: Game, a) -> float:
        m = g.model(a.model)
        s = g.state
        fall = m.flight_level if m.altitude > 0 else 0
        if isinstance(a, act.Hold):
            return -fall - 0.01
        if isinstance(a, act.Attack):
            got, _ = g.attack_power(m, a.power)
            p, copied = got
            rel = reliability(m.power(m.copier) if copied else p)
            centre = g.model(a.target).at
            radius = p.area_reach()
            hub = m.at if p.type == "smash" else centre
            value = 0.0
            for x in s.models.values():
                if x.fainted or x.id == m.id:
                    continue
                if x.id != a.target and not (radius and g.grid.distance(hub, x.at) <= radius):
                    continue
                n = g.to_hit_number(m, x, "foiblish" in p.styles)
                dmg = p.damage()
                if x.id != a.target:
                    dmg = (dmg + 1) // 2
                worth = dmg if dmg else 2 * p.level * (0 if x.entangled >= p.level else 1)
                if stopped(x, p, dmg):
                    worth *= 0.2  # its defence would likely undo the hit
                if x.oomph <= dmg:
                    worth += 10
                value += chance(n) * worth * (1 if x.owner != m.owner else -1.5)
            return value * rel - fall
        if isinstance(a, act.AttackGizmo):
            p, _ = g.attack_power(m, a.power)[0]
            t = g.model(a.target)
            n = 2 * m.hero.per - t.hero.per
            gizmo = t.power(a.gizmo)
            worth = 3 * gizmo.level * (2 if gizmo.type in ("toughness", "missile_deflection") else 1)
            return chance(n) * worth * reliability(p) - fall
        if isinstance(a, act.Heal):
            p = m.power(a.power)
            gain = min(p.level, m.hero.max_oomph - m.oomph)
            hurt = 1 - m.oomph / m.hero.max_oomph
            return gain * hurt * 1.5 - fall
        if isinstance(a, act.Escape):
            n = 10 - 3 * (m.entangled - m.hero.str)
            if m.oomph <= m.entangled:
                return -100
            return chance(n) * 6 - m.entangled * 0.5 - fall
        if isinstance(a, act.Notice):
            return 0.05 - fall
        if isinstance(a, act.Move):
            return self.move_score(g, m, a)
        return 0.0

    def move_score(self, g: Game, m, a) -> float:
        s = g.state
        end = g.cell(a.path[-1]) if a.path else m.at
        alt = m.altitude if a.altitude is None else a.altitude
        foes = [x for x in s.models.values() if not x.fainted and x.owner != m.owner]
        if not foes:
            return 0.0
        reach = [p.range() for p in m.hero.powers if p.type in ("shot", "smash") and m.usable(p)] or [1]
        want = max(reach)
        near = min(g.grid.distance(end, x.at) + abs(alt - x.altitude) for x in foes)
        now = min(g.grid.distance(m.at, x.at) + abs(m.altitude - x.altitude) for x in foes)
        gap_after, gap_now = max(0, near - want), max(0, now - want)
        score = (gap_now - gap_after) * 0.4 - 0.02 * len(a.path) - 0.05 * alt
        # within range is not enough: a wall on the line, or an altitude a close attack cannot
        # reach, leaves nothing to do but study the foe; a cell it can strike from is worth going to
        if self.can_strike(g, m, end, alt, foes) and not self.can_strike(g, m, m.at, m.altitude, foes):
            score += 0.5
        # staying in the air costs a fall later unless it keeps flying: prefer coming down
        if m.altitude > 0 and alt == 0:
            score += 0.1
        return score + (0.3 if m.altitude > 0 else 0)


    @staticmethod
    def can_strike(g: Game, m, cell, alt: int, foes) -> bool:
        """Whether one of `m`'s usable attacks would reach a foe from `cell` at altitude `alt`."""
        for p in m.hero.powers:
            if p.type not in ("shot", "smash") or not m.usable(p) or p.name in m.destroyed:
                continue
            for x in foes:
                d = g.grid.distance(cell, x.at)
                if p.type == "smash":
                    if d == 1 and abs(alt - x.altitude) <= 1:
                        return True
                elif d + abs(alt - x.altitude) <= p.range() and g.line_clear(cell, x.at):
                    return True
        return False


def make_bot(level: str, seed: int = 0, thinking: str = "normal"):
    """An easy or normal bot (the hard one is `hard.make_bot`'s)."""
    return core_bots.make_bot({"easy": lambda: EasyBot(seed), "normal": lambda: NormalBot(seed)}, level)
