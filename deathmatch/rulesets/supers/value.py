"""Superhero Gladiators' learned position value: the hard bot's leaf evaluation (issue 31).

`features(game, player)` reads a fight as the numbers a player would name, each *mine minus
theirs* (the strongest other team's, in a fight of more than two): the oomph left as a share of
the team's most, the heroes standing, the attack uses left, the defences left, the expected damage
the team's heroes can deal (by the exact d20 odds of `to_hit_number`, the reliability die and
criticals, a defence that would undo the hit counted off) from where they stand now and after one
move, the chance of a fainting blow, entangles, the heroes in the air (a fall to come), the
attacks left without a usable attack, the gizmos each side may attack, and who acts next: the
actions left this turn and whose hero acts now. Only what the seat's view shows: another team's
hidden gizmo is never read (a gizmo counts for `player` only if it is vulnerable or `player`'s team
noticed it; the gizmos of `player`'s heroes that the other team may attack count only the
vulnerable ones, which the card shows), so two fights `player` sees alike have the same features.

`value(game, player)` is the shipped logistic model (`value.json`, written by
`tools/train_value.py --ruleset supers`): the chance `player` wins from here; None if the file is
missing or broken (the hard bot then values leaves by `hard.evaluate`, the hand-written one).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...core import learned
from .game import RELIABLE_ON, critical, hits

FEATURES = (
    "oomph_share", "standing", "uses", "defences", "threat_now", "threat_move", "threat_turn",
    "kill_chance", "entangled", "airborne", "unarmed", "gizmos", "acts_left", "acts_now",
    "oomph_x_acts", "next_blow", "stale_x_lead",
)
"""The features' names, in `features`' order (`value.json`'s weights follow it)."""

USES_CAP = 5
"""Uses counted at most (infinite uses count as this many)."""


@lru_cache(maxsize=256)
def _die(number: int, can_critical: bool) -> tuple[float, float]:
    hit = sum(1 for r in range(1, 21) if hits(r, number)) / 20
    crit = sum(1 for r in range(1, 21) if critical(r, number)) / 20 if can_critical else 0.0
    return hit, crit


@lru_cache(maxsize=1024)
def _power(p) -> tuple:
    """(damage, range, smash?, entangling?, piercing?, missile?, reliability chance, level)."""
    rel = RELIABLE_ON.get(p.reliability)
    return (p.damage(), p.range(), p.type == "smash", "entangling" in p.styles, "piercing" in p.styles,
            "missile" in p.styles, 1.0 if rel is None else rel / 20, p.level, "foiblish" in p.styles)


def _attacks(m) -> list:
    out = [p for p in m.hero.powers if p.type in ("shot", "smash") and m.usable(p)]
    if m.stored is not None and m.copier is not None:
        cp = m.power(m.copier)
        if cp is not None and m.usable(cp):
            out.append(m.stored)
    return out


def _stops(x, dmg: int, piercing: bool, missile: bool, level: int) -> bool:
    for q in x.hero.powers:
        if q.type == "toughness" and dmg and not piercing and dmg <= 4 * q.level and x.usable(q):
            return True
        if q.type == "missile_deflection" and missile and level <= q.level and x.usable(q):
            return True
    return False


def _blow(game, m, x, p, moved: bool) -> tuple[float, float] | None:
    """(expected oomph lost, chance it faints) for `m`'s attack `p` at `x`, if it reaches (now, or
    after one move when `moved`); None if it does not."""
    dmg, rng, smash, tangle, piercing, missile, rel, level, foiblish = _power(p)
    d = game.grid.distance(m.at, x.at)
    up = abs(m.altitude - x.altitude)
    slack = m.hero.movement if moved else 0
    if smash:
        if d - slack > 1 or (not moved and up > 1):
            return None
    elif d + up - slack > rng or (not moved and not game.line_clear(m.at, x.at)):
        return None
    n = 15 + m.hero.combat - x.hero.combat - (x.hero.per if foiblish else 0)
    hit, crit = _die(n, not tangle)
    hit, crit = hit * rel, crit * rel
    if tangle:  # an entangle: worth what the entangled hero loses (a lost action or two)
        worth = 0.0 if x.entangled >= level else 1.5 * level
        return hit * worth, 0.0
    if _stops(x, dmg, piercing, missile, level):
        return 0.2 * (hit * dmg + crit * dmg), 0.0
    faint = crit if 2 * dmg >= x.oomph else 0.0
    if dmg >= x.oomph:
        faint = hit
    return (hit - crit) * dmg + crit * 2 * dmg, faint


def _acts(game) -> dict:
    """Each standing hero's actions left this turn (the one acting now counted)."""
    s = game.state
    out = {i: 0 for i in s.models}
    seg = max(1, s.segment)
    acting = s.acting
    after = acting is None
    d = game.pending
    if d is not None and d.kind != "act":
        after = True  # a question inside an action: the acting hero has answered
    for i in s.order:
        m = s.models[i]
        if m.fainted:
            continue
        segs = m.hero.segments
        n = sum(1 for k in segs if k > seg)
        if seg in segs and acting is not None:
            pos, me = s.order.index(acting), s.order.index(i)
            if me > pos or (me == pos and not after):
                n += 1
        elif seg in segs and acting is None and s.turn == 0:
            n += 1
        out[i] = n
    return out


def _team(game, player: str, foes: list, acts: dict) -> list[float]:
    s = game.state
    mine = [m for m in s.models.values() if m.owner == player]
    standing = [m for m in mine if not m.fainted and m.oomph > 0]
    most = sum(m.hero.max_oomph for m in mine) or 1
    oomph = sum(m.oomph for m in standing) / most
    uses = defences = 0.0
    now = move = turn = kill = 0.0
    unarmed = air = tangled = 0.0
    foe_most = sum(x.hero.max_oomph for x in foes) or 1
    live_foes = [x for x in foes if not x.fainted and x.oomph > 0 and x.at is not None]
    for m in standing:
        attacks = _attacks(m)
        if not attacks:
            unarmed += 1
        for p in attacks:
            u = m.uses.get(p.name) if p in m.hero.powers else m.uses.get(m.copier)
            uses += USES_CAP if u is None else min(USES_CAP, u)
        for q in m.hero.powers:
            if q.type in ("toughness", "missile_deflection", "slippery") and m.usable(q):
                u = m.uses.get(q.name)
                defences += USES_CAP if u is None else min(USES_CAP, u)
        if m.altitude > 0:
            air += 1
        if m.entangled:
            tangled += m.entangled
        if m.at is None:
            continue
        best_now = best_move = best_kill = 0.0
        for x in live_foes:
            for p in attacks:
                b = _blow(game, m, x, p, False)
                if b is not None:
                    best_now = max(best_now, b[0])
                    best_kill = max(best_kill, b[1])
                b = _blow(game, m, x, p, True)
                if b is not None:
                    best_move = max(best_move, b[0])
        if m.entangled:
            best_move = best_now
        now += best_now
        move += best_move
        turn += best_move * acts.get(m.id, 0)
        kill += best_kill
    n = max(1, len(mine))
    return [oomph, len(standing) / n, uses / (USES_CAP * n), defences / (USES_CAP * n), now / foe_most,
            move / foe_most, turn / foe_most, kill, tangled / 5, air, unarmed, 0.0,
            sum(acts.get(m.id, 0) for m in standing), 0.0, 0.0, 0.0, 0.0]


def _next_blow(game, m, foes) -> float:
    """The best expected blow (a share of the foes' most oomph) of hero `m`, acting now: from
    where it stands, or after a move."""
    most = sum(x.hero.max_oomph for x in foes) or 1
    best = 0.0
    if m.fainted or m.at is None:
        return 0.0
    for x in foes:
        if x.fainted or x.oomph <= 0 or x.at is None:
            continue
        for p in _attacks(m):
            b = _blow(game, m, x, p, not m.entangled)
            if b is not None:
                best = max(best, b[0] + 0.5 * b[1] * x.oomph)
    return best / most


def _gizmos(game, player: str, other: str) -> float:
    """The gizmos of `other`'s heroes `player` may attack (vulnerable, or hidden and noticed by
    `player`) minus `player`'s vulnerable ones (what the card shows of them to anyone)."""
    s = game.state
    n = 0.0
    for m in s.models.values():
        if m.fainted:
            continue
        for p in m.hero.powers:
            if p.name in m.destroyed:
                continue
            if m.owner == other and (p.gizmo == "vulnerable" or (p.gizmo == "hidden" and player in m.known.get(p.name, ()))):
                n += 1
            elif m.owner == player and p.gizmo == "vulnerable":
                n -= 1
    return n


def features(game, player: str) -> list[float]:
    """The fight as numbers for `player` (see the module): each mine minus theirs."""
    s = game.state
    others = [p for p in s.players if p != player]
    acts = _acts(game)
    teams = {}
    for p in s.players:
        foes = [m for m in s.models.values() if m.owner != p]
        teams[p] = _team(game, p, foes, acts)
    other = max(others, key=lambda p: (teams[p][0], teams[p][1]))
    mine, theirs = teams[player], teams[other]
    out = [a - b for a, b in zip(mine, theirs)]
    out[11] = _gizmos(game, player, other)
    owner = s.models[s.acting].owner if s.acting is not None and s.acting in s.models else None
    out[13] = 1.0 if owner == player else -1.0 if owner is not None else 0.0
    out[14] = (mine[0] * mine[12] - theirs[0] * theirs[12]) / 4
    if owner is not None:  # the hero acting now (or whose action is being resolved)
        m = s.models[s.acting]
        blow = _next_blow(game, m, [x for x in s.models.values() if x.owner != m.owner])
        out[15] = blow if owner == player else -blow
    # three quiet turns end the fight in a draw (§8): a lead is worth less the nearer that is
    stale = min(3, s.quiet + (0 if s.changed else 1)) / 3
    out[16] = stale * (out[0] + 0.5 * out[1])
    return out


_PATH = Path(__file__).with_name("value.json")


def shipped():
    """The shipped learned value (None: missing or broken; said once in the log)."""
    return learned.shipped(_PATH, FEATURES)


def value(game, player: str) -> float | None:
    """The learned chance `player` wins from here (a finished fight: its result); None without a
    shipped value."""
    if game.over:
        w = game.outcome.winners
        return 0.5 if not w else (1.0 if player in w else 0.0)
    lv = shipped()
    if lv is None:
        return None
    return lv.chance(features(game, player))


# --- what tools/train_value.py asks of a game (see deathmatch/core/learned.py) ---

_CACHE: dict = {}

MAX_ANSWERS = 3000
"""A self-play fight still going after this many answers is judged (`judged`)."""


def training_game(seed: int):
    """Self-play fight `seed`: the hard bot's benchmark's kind (benchmarks/supers_bots.py): two
    teams of two bundled heroes drawn from the seed, on the bundled arenas in turn, 30 turns."""
    import random

    from ...balance import _arena, bundled_arenas
    from .heroes import bundled_heroes_dir, load_heroes
    from .setup import Seat, Setup, new_game
    from .state import Options

    names = [n for n, (lo, hi) in bundled_arenas("supers").items() if lo <= 2 <= hi]
    arena = names[seed % len(names)]
    if "heroes" not in _CACHE:
        _CACHE["heroes"] = sorted(load_heroes([bundled_heroes_dir()]).heroes.values(), key=lambda h: h.id)
    heroes = _CACHE["heroes"]
    pick = random.Random(seed).sample(heroes, 4)
    seats = ("A", "B") if seed % 2 == 0 else ("B", "A")
    setup = Setup((Seat(seats[0], "red", tuple(pick[:2])), Seat(seats[1], "blue", tuple(pick[2:]))),
                  {"map": f"bundled:{arena}"}, Options(30), seed)
    return new_game(setup, _arena(arena))


def seats(game) -> tuple[str, ...]:
    return tuple(game.state.players)


def sampled(game) -> bool:
    """A hero's action to choose (where the hard bot's leaves mostly are)."""
    d = game.pending
    return d is not None and d.kind == "act" and game.state.turn > 0


def judged(game, player: str) -> float:
    """A fight still going (never seen at 30 turns: the turn limit ends it first): a draw."""
    return 0.5
