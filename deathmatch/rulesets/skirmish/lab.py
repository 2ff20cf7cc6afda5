"""Chessboard Skirmish's part of the balance lab (`deathmatch.balance`, `deathmatch simulate
--ruleset skirmish`, through the registry's `Ruleset.lab`, a `core.registry.LabRules`): which die
and which equipment is worth its points.

Each lab game pits two random armies of exactly 30 points each (`lab_army`: miniatures drawn one
at a time, uniformly among the miniature types that still fit, until the 30 points are spent) on
the lab's arena (a bundled Skirmish map in turn), played by the lab's bots. Seat P1 sets up at the
bottom. A miniature type is a die × weapon × armour (0–2) × hero; a trait one of its parts (the
die, the weapon, an armour point, the hero mark).

The report (`cards` holds the traits, `types` the miniature types):

- per trait and per type, the win rate of the armies that fielded it (a draw counts half), with its
  95 % Wilson interval, flagged "strong" or "weak" when the interval lies wholly above or below a
  half;
- per trait, the *more* test: in the games where the two armies spent a different number of points
  on it, the win rate of the army that spent more (with its interval). The armies spend the same
  30 points, so spending more on one trait is spending less on the others: above a half, the
  trait is worth more than its points; below, less;
- per trait and type, the kills (defeats of an enemy) of the miniatures holding it as a share of
  their armies' kills, against the points of those miniatures as a share of their armies' points
  (`worth`: kill share / point share; 1 is a miniature pulling its weight), the kills per
  miniature and the share of its miniatures defeated.

Over all games: how they ended, the bottom seat's win rate, the mean rounds and decisions.

The rules have no round limit, and two armies that never close in (say a d4 with a sword and a d4
with a gun on either side of a river, each waiting for the other) would play for ever: the lab
stops a game after `--round-limit` rounds (ended "round_limit") and judges it as §7 Survival
judges round 3: more undefeated miniatures, then more of their points, else a draw.
"""

from __future__ import annotations

import csv
import io

from ...core.lab import align as _align, ci as _ci, num as _num, pct as _pct
from ...core.stats import flag, mean as _mean, r as _r, wilson
from .army import DICE, WEAPONS, Army, Miniature

POINTS = 30
"""Both armies of a lab game spend exactly this many points."""
ARMOUR = (0, 1, 2)
"""The armour a lab miniature may have."""
players = 2
"""The players of a lab game (`deathmatch simulate --ruleset skirmish` needs no --players)."""
round_limit = 40
"""`deathmatch simulate --ruleset skirmish`'s --round-limit unless given: with the normal bot 99 %
of the games end by then; 15, the lab's default for Celebrity, cut one in five (20.7 % of 1000)."""

TYPES = tuple(Miniature("", die, weapon, armour, hero) for die in DICE for weapon in WEAPONS for armour in ARMOUR
              for hero in (False, True))
"""Every miniature type a lab army may hold."""
UNREACHABLE = {1, 2, 3, 5}
"""Points no miniature costs in sum (the cheapest is a d4, 4; then 6, 7, 8, …): never left over."""


def prepare() -> None:
    """Nothing to load: the armies are drawn per game."""


def type_key(mini) -> str:
    """A miniature's type, e.g. "d8 bow a1 hero" ("d6 melee a0")."""
    return f"d{mini.die} {mini.weapon} a{mini.armour}{' hero' if mini.hero else ''}"


def traits(mini) -> dict[str, int]:
    """The traits of a miniature and the points each costs it: its die, its weapon (melee is free),
    its armour ("armour": 2 a point), the hero mark."""
    out = {f"d{mini.die}": mini.die, mini.weapon: {"melee": 0, "bow": 3, "gun": 4}[mini.weapon]}
    if mini.armour:
        out["armour"] = 2 * mini.armour
    if mini.hero:
        out["hero"] = 3
    return out


def lab_army(rng, points: int = POINTS, name: str = "Lab band") -> Army:
    """A random army costing exactly `points`: each miniature drawn uniformly among the types that fit
    what is left and never leave an amount no miniature costs."""
    minis: list[Miniature] = []
    left = points
    while left > 0:
        fits = [t for t in TYPES if t.cost() <= left and left - t.cost() not in UNREACHABLE]
        t = rng.choice(fits)
        minis.append(Miniature(f"M{len(minis) + 1}", t.die, t.weapon, t.armour, t.hero))
        left -= t.cost()
    return Army(name, tuple(minis), points)


class LabGame:
    """One lab game: two random armies of equal points, set up and played by the bots."""

    def __init__(self, config, rng, arena_name: str, arena):
        from .setup import DEFAULT_ARENA, Seat, Setup, mini_ids, new_game
        from .state import Options

        board = arena if arena is not None and arena.grid.name == "square" and "skirmish" in arena.rulesets else None
        spec = {"map": f"bundled:{arena_name}"} if board is not None else dict(DEFAULT_ARENA)
        self.armies = [lab_army(rng, POINTS, f"P{i + 1}") for i in range(2)]
        seats = tuple(Seat(f"P{i + 1}", "", a) for i, a in enumerate(self.armies))
        self.game = new_game(Setup(seats, spec, Options(points=POINTS), rng.randrange(2**31)), board)
        self.seats = [s.name for s in seats]
        self.ids = [mini_ids(k, a) for k, a in enumerate(self.armies)]
        self.kills: dict[str, int] = {}
        self.round_limit = config.round_limit

    def stop(self, game, decisions: int) -> bool:
        """The lab ends a game that is still going after `--round-limit` rounds (the rules have no
        limit, and two armies that never close in would play for ever): it is judged as §7 Survival
        judges round 3 (`judged`)."""
        return game.state.round > self.round_limit

    def on_events(self, events) -> None:
        from .events import Defeated

        for e in events:
            if type(e) is Defeated and e.by is not None:
                self.kills[e.by] = self.kills.get(e.by, 0) + 1

    def judged(self) -> tuple[str, tuple[str, ...]]:
        """A game stopped at the round limit: won by the player with more undefeated miniatures, then
        more of their points (§7 Survival's worth: die, bow 3 / gun 4, armour left 2 each, hero 3);
        still tied, a draw."""
        from .tournament import judged

        return "round_limit", judged(self.game.state)

    def summary(self, decisions: int) -> dict:
        g = self.game
        reason, winners = (g.outcome.reason, tuple(g.outcome.winners)) if g.over else self.judged()
        players = []
        for name, army, ids in zip(self.seats, self.armies, self.ids):
            win = 0.5 if not winners else (1.0 if name in winners else 0.0)
            minis = [[type_key(m), self.kills.get(i, 0), 0 if g.state.minis[i].alive else 1]
                     for i, m in zip(ids, army.miniatures)]
            players.append({"name": name, "win": win, "minis": minis, "left": len(g.state.army(name))})
        rounds = g.state.round if g.over else self.round_limit
        return {"rounds": rounds, "reason": reason, "winners": list(winners),
                "players": players, "decisions": decisions}


def start(config, rng, arena_name: str, arena, index: int = 0) -> LabGame:
    return LabGame(config, rng, arena_name, arena)


# --- the statistics ------------------------------------------------------------------


_SPEC = {type_key(t): t for t in TYPES}


def _acc() -> dict:
    return {"armies": 0, "wins": 0.0, "fielded": 0, "kills": 0, "defeated": 0, "army_kills": 0, "points": 0,
            "army_points": 0, "more": 0, "more_wins": 0.0}


def _row(key: str, a: dict, kind: str) -> dict:
    k = a["armies"]
    lo, hi = wilson(a["wins"], k)
    m = a["more"]
    mlo, mhi = wilson(a["more_wins"], m) if m else (None, None)
    kill_share = a["kills"] / a["army_kills"] if a["army_kills"] else None
    point_share = a["points"] / a["army_points"] if a["army_points"] else None
    worth = kill_share / point_share if kill_share is not None and point_share else None
    row = {"card": key, "name": key, "kind": kind, "cost": _SPEC[key].cost() if kind == "type" else None,
           "games": k, "wins": _r(a["wins"], 4), "win_rate": _r(a["wins"] / k, 4) if k else None,
           "win_low": _r(lo, 4), "win_high": _r(hi, 4), "flag": flag(a["wins"], k, 0.5) if k else "",
           "more_games": m, "more_win_rate": _r(a["more_wins"] / m, 4) if m else None,
           "more_low": _r(mlo, 4) if m else None, "more_high": _r(mhi, 4) if m else None,
           "more_flag": flag(a["more_wins"], m, 0.5) if m else "",
           "fielded": a["fielded"], "kills_per_mini": _r(_mean(a["kills"], a["fielded"]), 3),
           "defeated_rate": _r(a["defeated"] / a["fielded"], 4) if a["fielded"] else None,
           "kill_share": _r(kill_share, 4), "point_share": _r(point_share, 4), "worth": _r(worth, 3)}
    return row


def summarize(config, results) -> dict:
    """The report's `summary`, the per-trait table (in the `cards` slot the lab's files use) and
    the per-type table (`types`)."""
    by_trait: dict[str, dict] = {}
    by_type: dict[str, dict] = {}
    reasons: dict[str, int] = {}
    first = rounds = decisions = 0.0
    for g in results:
        reasons[g["reason"]] = reasons.get(g["reason"], 0) + 1
        rounds += g["rounds"]
        decisions += g["decisions"]
        first += g["players"][0]["win"]
        spent = []
        for p in g["players"]:
            army_kills = sum(k for _, k, _ in p["minis"])
            army_points = sum(_SPEC[t].cost() for t, _, _ in p["minis"])
            held: dict[tuple[str, str], tuple[dict, str]] = {}
            trait_points: dict[str, int] = {}
            for t, kills, defeated in p["minis"]:
                cost = _SPEC[t].cost()
                parts = [("type", by_type, t)] + [("trait", by_trait, name) for name in traits(_SPEC[t])]
                for kind, table, key in parts:
                    acc = table.setdefault(key, _acc())
                    acc["fielded"] += 1
                    acc["kills"] += kills
                    acc["defeated"] += defeated
                    acc["points"] += cost  # the whole miniature's points: its kills are the whole miniature's
                    held[(kind, key)] = (table, key)
                for name, points in traits(_SPEC[t]).items():
                    trait_points[name] = trait_points.get(name, 0) + points
            for table, key in held.values():
                acc = table[key]
                acc["armies"] += 1
                acc["wins"] += p["win"]
                acc["army_kills"] += army_kills
                acc["army_points"] += army_points
            spent.append(trait_points)
        a, b = spent
        wins = [p["win"] for p in g["players"]]
        for key in sorted(set(a) | set(b)):
            pa, pb = a.get(key, 0), b.get(key, 0)
            if pa != pb:
                acc = by_trait[key]
                acc["more"] += 1
                acc["more_wins"] += wins[0] if pa > pb else wins[1]
    n = len(results)
    order = {f"d{d}": i for i, d in enumerate(DICE)} | {w: 10 + i for i, w in enumerate(WEAPONS)}
    order |= {"armour": 20, "hero": 21}
    traits_table = sorted((_row(k, v, "trait") for k, v in by_trait.items()), key=lambda r: order.get(r["card"], 99))
    types_table = sorted((_row(k, v, "type") for k, v in by_type.items()), key=lambda r: (-r["win_rate"], r["card"]))
    summary = {
        "games": n,
        "points": POINTS,
        "mean_rounds": _r(_mean(rounds, n), 3),
        "mean_decisions": _r(_mean(decisions, n), 1),
        "ended": {k: _r(v / n, 4) for k, v in sorted(reasons.items())},
        "first_seat_wins": _r(first / n, 4) if n else None,
        "flagged": {"strong": [r["card"] for r in traits_table if r["more_flag"] == "strong"],
                    "weak": [r["card"] for r in traits_table if r["more_flag"] == "weak"],
                    "strong_types": [r["card"] for r in types_table if r["flag"] == "strong"],
                    "weak_types": [r["card"] for r in types_table if r["flag"] == "weak"]},
    }
    return {"summary": summary, "cards": traits_table, "types": types_table}


# --- the report -------------------------------------------------------------------------


def trait_table(report: dict) -> list[list[str]]:
    rows = [["trait", "armies", "win", "95% CI", "more", "more win", "95% CI", "flag", "kill/pt"]]
    for r in report["cards"]:
        rows.append([r["card"], str(r["games"]), _pct(r["win_rate"]), _ci(r["win_low"], r["win_high"]),
                     str(r["more_games"]), _pct(r["more_win_rate"]), _ci(r["more_low"], r["more_high"]),
                     r["more_flag"], _num(r["worth"])])
    return rows


def type_table(report: dict) -> list[list[str]]:
    rows = [["type", "cost", "armies", "win", "95% CI", "flag", "kills", "defeated", "kill/pt"]]
    for r in report["types"]:
        rows.append([r["card"], str(r["cost"]), str(r["games"]), _pct(r["win_rate"]), _ci(r["win_low"], r["win_high"]),
                     r["flag"], _num(r["kills_per_mini"]), _pct(r["defeated_rate"]), _num(r["worth"])])
    return rows


def lines(report: dict) -> list[str]:
    """The report for a terminal: the games, the traits, the miniature types, the flags."""
    s = report["summary"]
    out = [f"{s['games']} games of two random {s['points']}-point armies; {_num(s['mean_rounds'], 1)} rounds on "
           f"average; the bottom seat (P1) won {_pct(s['first_seat_wins'])}",
           "ended: " + ", ".join(f"{k} {_pct(v)}" for k, v in s["ended"].items()),
           "more: games where the armies spent different points on it; more win: the bigger spender's win rate;",
           "kill/pt: its share of its army's kills over its share of the army's points (1: pulls its weight)", ""]
    out += _align(trait_table(report), right=(1, 2, 3, 4, 5, 6, 8))
    out.append("")
    out += _align(type_table(report), right=(1, 2, 3, 4, 6, 7, 8))
    f = s["flagged"]
    out += ["", f"worth more than its points: {', '.join(f['strong']) or 'none'}",
            f"worth less than its points: {', '.join(f['weak']) or 'none'}",
            f"strong types: {', '.join(f['strong_types']) or 'none'}",
            f"weak types:   {', '.join(f['weak_types']) or 'none'}"]
    return out


CSV_HEADER = ["kind", "card", "cost", "games", "wins", "win_rate", "win_low", "win_high", "flag", "more_games",
              "more_win_rate", "more_low", "more_high", "more_flag", "fielded", "kills_per_mini", "defeated_rate",
              "kill_share", "point_share", "worth"]


def to_csv(report: dict) -> str:
    """The traits, then the miniature types, one row each (`card` is the trait or type)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["kind", "key", *CSV_HEADER[2:]])
    for r in [*report["cards"], *report["types"]]:
        w.writerow(["" if r[k] is None else r[k] for k in CSV_HEADER])
    return buf.getvalue()
