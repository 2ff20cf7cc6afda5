"""A position's value learnt from played games, a leaf evaluation for the hard bot's search
(`evaluate_learnt`, falling back to the hand-written `bots.hand_evaluate` when the shipped
`value.json` is missing or broken). Not the shipped bot's: it predicts results better than the
hand-written one but as the search's leaf it played 2.4 ± 2.0 points worse over 1,200 paired
games of the four kinds mixed (docs/PERFORMANCE.md); `benchmarks/skirmish_bots.py --evaluation learnt`.

`features(game, player)` reads a position as a few dozen numbers, each *mine minus theirs* (so a
position's value to one player and to the other sum to one): the worth, the miniatures, the dice,
the armour, the heroes' re-rolls, the ranged weapons, the chance to win the next initiative, who
acts next and what is left to act, the attacks to come by exact odds (the open activation's, the
next side's, the later side's, each miniature's: odds.py's expectation, never a rolled die), how
far the ranged and the melee miniatures stand from the enemy, the matchups of the two armies, and
the kind of game's own race (Retrieve's marker and carrier, Infiltrate's home row: `bots.race`;
Survival's count of miniatures). Only what the player sees: Skirmish shows everything but the dice
to come, and no feature reads them.

`value(game, player)` is the logistic model of `deathmatch.core.learned` read from `value.json`
beside this file, which `tools/train_value.py --ruleset skirmish` fits to seeded games of the
normal bot against itself in the four kinds of game (the functions at the end are what it asks).
"""

from __future__ import annotations

import math
from pathlib import Path

from ...core import learned
from .bots import _chances, race, threat, worth
from .geometry import between, line_blocker

FEATURES = (
    "worth_share", "worth", "count", "dice", "armour", "heroes", "rerolls", "ranged",
    "initiative", "to_act", "ready", "threat_now", "threat_next", "threat_later", "threat_sum",
    "ranged_distance", "melee_distance", "matchup", "worth_share_late", "race", "survival_count",
)
"""The features' names, in `features`' order (value.json's weights follow it)."""
_RACE = FEATURES.index("race")

VALUE_FILE = Path(__file__).with_name("value.json")


def model():
    """The shipped learned value (None if value.json is missing or broken: said once in the log)."""
    return learned.shipped(VALUE_FILE, FEATURES)


def value(game, player: str, model=None) -> float | None:
    """The learnt chance that `player` wins from here (a finished game: its result); None when no
    learned value is shipped."""
    if game.over:
        w = game.outcome.winners
        return 0.5 if not w else (1.0 if player in w else 0.0)
    m = model if model is not None else globals()["model"]()
    if m is None:
        return None
    return m.chance(features(game, player))


def evaluate_learnt(game, player: str) -> float:
    """0 (lost) to 1 (won): a finished game's result; else the chance to win that the learned value
    gives the position, with the scenario's race (`bots.race`) counted `RACE_BOOST` more in its
    logit (the hand-written `bots.hand_evaluate` if no learned value is shipped)."""
    if game.over:
        w = game.outcome.winners
        return 0.5 if not w else (1.0 if player in w else 0.0)
    m = model()
    if m is None:
        from .bots import hand_evaluate

        return hand_evaluate(game, player)
    xs = features(game, player)
    z = m.logit(xs) + RACE_BOOST * xs[_RACE]
    z = max(-30.0, min(30.0, z))
    return max(0.001, min(0.999, 1.0 / (1.0 + math.exp(-z))))


RACE_BOOST = 2.5
"""How much more than the fit the leaf evaluation counts the scenario's race (a fit to results
counts a race a move can win at a fraction of the worth it counts; the search needs it whole). Screened
on 400 games of the four kinds mixed (seed 12): 0 → hard −1.3 points against the hand-written
evaluation, 1.2 → −1.25, 2.5 → −0.8 (each ± 3.3): docs/PERFORMANCE.md."""


def features(game, player: str) -> list[float]:
    """The position as numbers for `player` (see the module): each mine minus theirs."""
    s = game.state
    other = s.other(player)
    mine, theirs = s.army(player), s.army(other)
    w_mine, w_theirs = sum(worth(m) for m in mine), sum(worth(m) for m in theirs)
    total = max(1.0, w_mine + w_theirs)

    def diff(f) -> float:
        return f(mine) - f(theirs)

    act = s.activation
    now = 0.0
    if act is not None:
        owner = s.minis[act.mini].owner
        now = 0.0 if act.attacked else threat(s, owner, only=act.mini)
        now = now if owner == player else -now
        nxt = s.other(owner)
    else:
        nxt = game.pending.player if game.pending is not None else player
    t = {p: threat(s, p) for p in s.players}
    sign = 1.0 if nxt == player else -1.0
    threat_next = sign * t[nxt]
    threat_later = -sign * t[s.other(nxt)]

    board = {p: s.on_board(p) for p in s.players}
    occupied = s.occupied()
    each = {p: _each_threat(s, board[p], board[s.other(p)], occupied, _chances) for p in s.players}

    def distances(p, ranged: bool) -> float:
        foes = board[s.other(p)]
        if not foes:
            return 0.0
        return sum(min(m.at.distance(e.at) for e in foes) for m in board[p] if m.ranged == ranged)

    match = {p: _matchup(s.army(p), s.army(s.other(p)), _chances) for p in s.players}
    late = min(1.0, s.round / 10)
    share = (w_mine - w_theirs) / total
    return [
        share,
        (w_mine - w_theirs) / 10,
        float(len(mine) - len(theirs)),
        diff(lambda a: sum(m.die for m in a)) / 10,
        float(diff(lambda a: sum(m.armour for m in a))),
        float(diff(lambda a: sum(1 for m in a if m.spec.hero))),
        float(diff(lambda a: sum(1 for m in a if m.spec.hero and not m.rerolled))),
        float(diff(lambda a: sum(1 for m in a if m.ranged))),
        _initiative(mine, theirs) - 0.5,
        sign,
        float(len(s.ready(player)) - len(s.ready(other))),
        now / 10,
        threat_next / 10,
        threat_later / 10,
        (each[player] - each[other]) / 10,
        (distances(player, True) - distances(other, True)) / 10,
        (distances(player, False) - distances(other, False)) / 10,
        (match[player] - match[other]) / 10,
        share * late,
        race(game, player) / 10,
        float(len(mine) - len(theirs)) if s.options.scenario == "survival" else 0.0,
    ]


def _initiative(mine, theirs) -> float:
    """The chance `mine` wins an initiative roll (each side's highest die; ties roll again)."""
    if not mine or not theirs:
        return 1.0 if mine else 0.0
    a, b = max(m.die for m in mine), max(m.die for m in theirs)
    wins = sum(min(x - 1, b) for x in range(1, a + 1))
    ties = min(a, b)
    return wins / (a * b - ties)


def _each_threat(s, mine, foes, occupied, chances) -> float:
    """Each miniature's best attack to come (those yet to act; all, once none is left), summed."""
    ready = [m for m in mine if not m.acted] or mine
    total = 0.0
    for m in ready:
        best = 0.0
        for e in foes:
            d = m.at.distance(e.at)
            if d <= m.move + 1:
                defeat, wound = chances(m, e, e.armour, False)
                best = max(best, defeat * _worth(e) + 2 * (wound - defeat))
            if m.ranged and d > 1 and between(m.at, e.at) is not None and line_blocker(s.board, occupied, m.at, e.at) is None:
                defeat, wound = chances(m, e, e.armour, True)
                best = max(best, defeat * _worth(e) + 2 * (wound - defeat))
        total += best
    return total


def _matchup(mine, foes, chances) -> float:
    """How well `mine` fight `foes` wherever they stand: each miniature's best melee defeat chance
    against them times the target's worth, summed."""
    total = 0.0
    for m in mine:
        total += max((chances(m, e, e.armour, False)[0] * _worth(e) for e in foes), default=0.0)
    return total


def _worth(m) -> float:
    return m.points() + (15 if m.carrying else 0)


# --- what tools/train_value.py asks of a game (see deathmatch/core/learned.py) ---

MAX_ANSWERS = 4000
"""A self-play game still going after this many answers is judged (`judged`)."""


KINDS = (None, "retrieve", "infiltrate", "survival")
"""The four kinds of game, in turn by seed (the hard bot's benchmark mixes them the same way)."""


def training_game(seed: int):
    """Self-play game `seed`: two random 30-point armies (`quick_game`) in the kind of game
    `KINDS[seed % 4]`, mostly on the 8x8 chessboard, now and then 6x6 or 10x10."""
    from deathmatch.board import square
    from deathmatch.core.registry import get

    k = (seed // 4) % 10
    board = square(6, 6) if k == 7 else square(10, 10) if k == 9 else square(8, 8)
    return get("skirmish").quick_game(["A", "B"], board, seed, scenario=KINDS[seed % 4])


def seats(game) -> tuple[str, ...]:
    return tuple(game.state.players)


def sampled(game) -> bool:
    """The positions the hard bot's search values: a pick, and an activation's answer after its move."""
    from .actions import ACT, PICK

    d = game.pending
    act = game.state.activation
    return d.kind == PICK or (d.kind == ACT and act is not None and act.moved)


def judged(game, player: str) -> float:
    """A game stopped at the round limit, judged as a headless night judges it."""
    from .tournament import judged as night_judged

    winners = night_judged(game.state)
    return 0.5 if not winners else (1.0 if player in winners else 0.0)


def hand_written(game, player: str) -> float:
    """The hand-written evaluation the trainer compares the learned value with (`bots.hand_evaluate`)."""
    from .bots import hand_evaluate

    return hand_evaluate(game, player)
