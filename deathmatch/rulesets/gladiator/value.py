"""Gladiator!'s learned position value: the hard bot's leaf evaluation (issue 31).

`features(game, player)` reads a bout as the numbers a player would name, each *mine minus
theirs* (so the two seats' values sum to one and the model needs no intercept): the damage (plain
and convex: the last points before 7 weigh most), the wounds by location (leg: AP; torso: attack;
arm: defence; head: initiative), the AP each rolls on average, net, fall, weapons and shield in hand, the net still to throw, who shows whom his Back, the
exchange each could declare from where he stands now (`odds.exchange_odds`: expected damage both
ways, the chance to put the other out), the threat each makes on his next half (his best stand in
reach times the attacks his average AP buys, the normal bot's `threat`), that threat for the man
who acts next, the crowd (damage dealt and 5-and-5 bonuses, for a man who goes down), the kit
(lion, armour, shield, the trident's reach). Gladiator! hides nothing but the future dice
(`view.py`), and no feature reads them.

The weights are `value.json` beside this file, fitted by `tools/train_value.py --ruleset
gladiator` to seeded self-play of the normal bot; `value(game, player)` is the chance of winning
they give (a finished bout: its result), `learned()` the shipped model (None if the file is broken:
the bot falls back to the hand-written `bots.evaluate`).
"""

from __future__ import annotations

from pathlib import Path

from ...core import learned as _learned
from .actions import CHOOSE, POSTURE
from .model import DOWN_AT, LOCATIONS

FEATURES = (
    "damage", "damage_convex", "leg", "torso", "arm", "head", "expected_ap",
    "netted", "fallen", "weapons", "unarmed", "shield", "net_in_hand", "back_shown",
    "edge_now", "kill_now", "threat", "threat_next", "crowd", "beast", "armoured", "reach",
)
"""The features' names, in `features`' order (value.json's weights follow it)."""

MAX_ANSWERS = 3000
"""A self-play bout still going after this many answers is judged by damage (`judged`)."""

SHIELD_SIZE = {"none": 0.0, "medium": 1.0, "large": 2.0}


def learned():
    """The shipped learned value (read once), or None if value.json is missing or broken."""
    return _learned.shipped(Path(__file__).with_name("value.json"), FEATURES)


def value(game, player: str, model=None, fallback=None) -> float:
    """The chance that `player` wins from here by the learned value (a finished bout: its result;
    no model shipped: `fallback(game, player)`, the bots' hand-written evaluation they pass in)."""
    if game.over:
        w = game.outcome.winners
        return 0.5 if not w else (1.0 if player in w else 0.0)
    model = model if model is not None else learned()
    if model is None:
        if fallback is None:
            raise ValueError("Gladiator!'s learned value is missing (value.json) and no fallback was given")
        return fallback(game, player)
    return model.chance(features(game, player))


def _threat(game, m, o) -> float:
    """What `m`'s next half is likely worth against `o` (damage points): his best stand in reach
    (where he is, or a hex next to `o`, facing him) times the attacks his average AP buys there,
    if the exchange favours him (the normal bot's `Planner.threat`, on the game itself: the
    man's place is put back)."""
    from .worth import exchange_value, expected_ap, toward
    from .odds import exchange_odds

    if m.out or o.out or not o.alive or m.netted or m.weapons == 0:
        return 0.0
    ap = expected_ap(m) - (1 if m.fallen else 0)
    s = game.state
    spots = []
    n = m.at.distance(o.at)
    if n == 1 or (n == 2 and m.weapon == "trident" and game.clear_between(m.at, o.at)):
        f = toward(m.at, o.at)
        spots.append((m.at, f, 0 if f == m.facing else 1))
    if n > 1:
        for h in o.at.neighbors():
            if h not in s.arena.floor or h == m.at:
                continue
            steps = m.at.distance(h)
            cost = (steps + 1) // 2 if m.beast else steps
            spots.append((h, toward(h, o.at), cost + (1 if n > steps + 1 else 0)))
    best = 0.0
    home = (m.at, m.facing, m.fallen)
    try:
        m.fallen = False
        for h, f, cost in spots:
            left = ap - cost
            if left < 1:
                continue
            m.at, m.facing = h, f
            sides = game.sides(m, o)
            if sides is None or sides[0] == "back":
                continue
            best = max(best, exchange_value(exchange_odds(game, m.id, o.id), m, o) * left)
    finally:
        m.at, m.facing, m.fallen = home
    return best


def _now(game, m, o) -> tuple[float, float]:
    """(the value of the exchange `m` could declare on `o` from where he stands now, the chance it
    puts `o` out) — (0, 0) when he can not attack him now."""
    from .worth import exchange_value
    from .odds import exchange_odds

    if m.out or o.out or m.netted or m.fallen or m.weapons == 0:
        return 0.0, 0.0
    n = m.at.distance(o.at)
    if n == 2 and not (m.weapon == "trident" and game.clear_between(m.at, o.at)):
        return 0.0, 0.0
    if n not in (1, 2):
        return 0.0, 0.0
    sides = game.sides(m, o)
    if sides is None or sides[0] == "back":
        return 0.0, 0.0
    odds = exchange_odds(game, m.id, o.id)
    return exchange_value(odds, m, o), float(odds.kill_target)


def _back(game, m, o) -> float:
    """1 when `m` shows `o` his Back (fallen, or facing away from him)."""
    from .worth import toward
    from .game import side_of

    if m.at == o.at:
        return 0.0
    return 1.0 if side_of(m, toward(m.at, o.at)) == "back" else 0.0


def _next(game, me, foe) -> float:
    """+1 when `me` acts next (his half under way or about to start), −1 when the foe does, 0
    between game turns (initiative to come)."""
    s = game.state
    acting = s.acting
    if acting is None:
        return 0.0
    return 1.0 if acting == me.id else -1.0


def features(game, player: str) -> list[float]:
    """The bout as numbers for `player` (see the module): each mine minus theirs."""
    from .worth import damage_value, expected_ap

    s = game.state
    me = s.man_of(player)
    foe = s.other(me.id)

    def hurt(m) -> float:
        return damage_value(min(m.damage, DOWN_AT))

    nxt = _next(game, me, foe)
    t_me, t_foe = _threat(game, me, foe), _threat(game, foe, me)
    e_me, k_me = _now(game, me, foe)
    e_foe, k_foe = _now(game, foe, me)
    out = [
        float(foe.damage - me.damage),
        hurt(foe) - hurt(me),
    ]
    out += [float(foe.wounds[loc] - me.wounds[loc]) for loc in LOCATIONS]
    out += [
        expected_ap(me) - expected_ap(foe),
        float(foe.netted) - float(me.netted),
        float(foe.fallen) - float(me.fallen),
        float(me.weapons - foe.weapons),
        float(foe.weapons == 0) - float(me.weapons == 0),
        SHIELD_SIZE.get(me.shield, 0.0) - SHIELD_SIZE.get(foe.shield, 0.0),
        float(me.has_net) - float(foe.has_net),
        _back(game, foe, me) - _back(game, me, foe),
        (e_me - e_foe) / 4,
        k_me - k_foe,
        (t_me - t_foe) / 4,
        (t_me if nxt > 0 else -t_foe if nxt < 0 else 0.0) / 4,
        float(me.inflicted + me.bonus55 - foe.inflicted - foe.bonus55) / 4,
        float(me.beast) - float(foe.beast),
        float(me.armour == "armoured") - float(foe.armour == "armoured"),
        float(me.weapon == "trident") - float(foe.weapon == "trident"),
    ]
    return out


# --- what tools/train_value.py asks of a game (see deathmatch/core/learned.py) ---


def training_game(seed: int):
    """Self-play bout `seed`: two men of random bundled types (lions included) on a hexagon arena
    of radius 4, the special rolls on, no experience cards (the bots' benchmark's bout)."""
    import random

    from .randomplay import random_gladiator
    from .setup import Seat, Setup, new_game
    from .state import Options

    rng = random.Random(seed)
    men = (random_gladiator(rng, 1), random_gladiator(rng, 2))
    seats = (Seat("A", "red", men[0]), Seat("B", "blue", men[1]))
    return new_game(Setup(seats, {"hexagon": 4}, Options(), seed, {}))


def seats(game) -> tuple[str, ...]:
    return tuple(game.state.players)


def sampled(game) -> bool:
    """The positions the hard bot's search values: a half's start (posture) or a game turn's
    (who goes first) — where a half's orders have all been given."""
    d = game.pending
    return d is not None and d.kind in (POSTURE, CHOOSE)


def judged(game, player: str) -> float:
    """A bout stopped at the cap, judged as the benchmark judges it: the less hurt man wins."""
    s = game.state
    me = s.man_of(player)
    foe = s.other(me.id)
    return 0.5 if me.damage == foe.damage else (1.0 if me.damage < foe.damage else 0.0)
