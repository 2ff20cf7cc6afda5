"""Chessboard Skirmish's part of the balance lab (`deathmatch.balance`, `deathmatch simulate
--ruleset skirmish`, through the registry's `Ruleset.lab`, a `core.registry.LabRules`): which die
and which equipment is worth its points.

Each lab game pits two random armies legal at 30 points (army.py's model; the same points each)
on the plain chessboard (or the lab's arena, if it is a Skirmish map), played by the lab's bots.
The report gives, for every trait a miniature may have (its die, its weapon, armour, hero), the
win rate of the armies that fielded it (a draw counts half), with its 95 % Wilson interval and a
flag when the interval lies wholly above or below one half; and how the games ended, the first
seat's win rate and the mean length.
"""

from __future__ import annotations

import csv
import io

from ...core.stats import flag, mean as _mean, r as _r, wilson

POINTS = 30


def prepare() -> None:
    """Nothing to load: the armies are drawn per game."""


def traits(mini) -> list[str]:
    """The traits of a miniature the report weighs: its die, its weapon, armour, hero."""
    out = [f"d{mini.die}", mini.weapon]
    out.append(f"armour {min(mini.armour, 2)}{'+' if mini.armour >= 2 else ''}")
    out.append("hero" if mini.hero else "no hero")
    return out


class LabGame:
    """One lab game: two random armies at equal points, set up by the bots."""

    def __init__(self, config, rng, arena_name: str, arena):
        from .randomplay import random_army
        from .setup import DEFAULT_ARENA, Seat, Setup, new_game
        from .state import Options

        board = arena if arena is not None and arena.grid.name == "square" and "skirmish" in arena.rulesets else None
        spec = {"map": f"maps/{arena_name}.tmx"} if board is not None else dict(DEFAULT_ARENA)
        self.armies = [random_army(rng, POINTS, f"P{i + 1}") for i in range(2)]
        seats = tuple(Seat(f"P{i + 1}", "", a) for i, a in enumerate(self.armies))
        self.game = new_game(Setup(seats, spec, Options(points=POINTS), rng.randrange(2**31)), board)
        self.seats = [s.name for s in seats]

    def on_events(self, events) -> None:
        """Nothing to count while it plays: the summary reads the finished game."""

    def summary(self, decisions: int) -> dict:
        g = self.game
        out = g.outcome
        players = []
        for name, army in zip(self.seats, self.armies):
            win = 0.5 if not out.winners else (1.0 if name in out.winners else 0.0)
            players.append({"name": name, "win": win,
                            "traits": sorted({t for m in army.miniatures for t in traits(m)}),
                            "left": len(g.state.army(name))})
        return {"rounds": g.state.round, "reason": out.reason, "winners": list(out.winners),
                "players": players, "decisions": decisions}


def start(config, rng, arena_name: str, arena) -> LabGame:
    return LabGame(config, rng, arena_name, arena)


def summarize(config, results) -> dict:
    """The report's `summary` and its per-trait table (in the `cards` slot the lab's files use)."""
    rows: dict[str, list[float]] = {}
    reasons: dict[str, int] = {}
    first = rounds = decisions = 0.0
    for g in results:
        reasons[g["reason"]] = reasons.get(g["reason"], 0) + 1
        rounds += g["rounds"]
        decisions += g["decisions"]
        first += g["players"][0]["win"]
        for p in g["players"]:
            for t in p["traits"]:
                acc = rows.setdefault(t, [0, 0.0])
                acc[0] += 1
                acc[1] += p["win"]
    n = len(results)
    table = []
    for t, (k, wins) in rows.items():
        lo, hi = wilson(wins, int(k))
        table.append({"card": t, "name": t, "games": int(k), "wins": _r(wins, 4), "win_rate": _r(wins / k, 4),
                      "win_low": _r(lo, 4), "win_high": _r(hi, 4), "flag": flag(wins, int(k), 0.5)})
    table.sort(key=lambda r: (-r["win_rate"], r["card"]))
    summary = {
        "games": n,
        "points": POINTS,
        "mean_rounds": _r(_mean(rounds, n), 3),
        "mean_decisions": _r(_mean(decisions, n), 1),
        "ended": {k: _r(v / n, 4) for k, v in sorted(reasons.items())},
        "first_seat_wins": _r(first / n, 4) if n else None,
        "flagged": {"strong": [r["card"] for r in table if r["flag"] == "strong"],
                    "weak": [r["card"] for r in table if r["flag"] == "weak"]},
    }
    return {"summary": summary, "cards": table}


def _pct(x) -> str:
    return "—" if x is None else f"{x * 100:.1f}%"


def lines(report: dict) -> list[str]:
    s = report["summary"]
    out = [f"{s['games']} games of two random {s['points']}-point armies; {s['mean_rounds']} rounds on average; "
           f"the first seat won {_pct(s['first_seat_wins'])}",
           "ended: " + ", ".join(f"{k} {_pct(v)}" for k, v in s["ended"].items()), "",
           f"{'trait':12s} {'games':>6} {'win':>7}  {'95% CI':15s} flag"]
    for r in report["cards"]:
        out.append(f"{r['card']:12s} {r['games']:>6} {_pct(r['win_rate']):>7}  "
                   f"{_pct(r['win_low'])}–{_pct(r['win_high']):8s} {r['flag']}".rstrip())
    out += ["", f"strong: {', '.join(s['flagged']['strong']) or 'none'}",
            f"weak:   {', '.join(s['flagged']['weak']) or 'none'}"]
    return out


CSV_HEADER = ["card", "games", "wins", "win_rate", "win_low", "win_high", "flag"]


def to_csv(report: dict) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["trait"] + CSV_HEADER[1:])
    for r in report["cards"]:
        w.writerow([r[k] for k in CSV_HEADER])
    return buf.getvalue()
