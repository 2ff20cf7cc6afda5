"""Superhero Gladiators' part of the balance lab (`deathmatch.balance`, `deathmatch simulate --ruleset
supers`, through the registry's `Ruleset.lab`, a `core.registry.LabRules`): which bundled hero wins at
equal points, and which powers the cost formula (SUPERS.md §2) prices too high or too low.

Each lab game is a fight of `--players` teams (default 2) of two bundled heroes each (every bundled
hero is built on the same 200 points; the player's own heroes are left out, so a run is the same on
every machine), all different, drawn from the run's seed and the game's pair alone, played by the
lab's bots. Games come in pairs: games 2k and 2k+1 have the same heroes on the same arena (the
lab's arenas in turn, pair by pair) with the seats turned round (the first seat places first and
takes the first spawn zone), so every team is fought from every seat alike. A fight still going after
`--round-limit` turns (default `round_limit`) is a draw, as the rules' turn-limit option says (§8).

The report (`cards` holds the heroes, `features` the powers' kinds):

- per hero: fights, its team's win rate (a draw or a shared win counts 1/k to each of the k
  teams left) with its 95 % Wilson interval, flagged "strong" or "weak" when the interval lies
  wholly above or below the fair share 1/players (`core.stats.flag`); the oomph it took off the
  other teams' heroes and the oomph it lost, a fight; how often it fainted; its points spent;
- per kind of power (`type:shot`, `style:area`, `movement:flight`, `reliability:wild`,
  `gizmo:hidden`, `uses:infinite`, ...): the teams with such a power and those without, their win
  rates with intervals, the difference with its 95 % interval (normal approximation), the points the
  teams with it spent on it, and the difference per 100 of those points. Every hero costs the same,
  so a kind bought at its right price neither helps nor hurts its team: a difference whose interval
  lies wholly above 0 says the formula prices that kind too low ("under-priced"), wholly below 0 too
  high ("over-priced"). (With 13 bundled heroes a kind is bought by few of them: read a flag as
  "these heroes' use of it", and see the heroes' table beside it.)
- over all games: how the fights ended (victory, quiet: three quiet turns, draw: everyone fainted
  at once, turn_limit), the first seat's win rate, mean turns and decisions.
"""

from __future__ import annotations

import csv
import io
import math
import random

from ...core.dice import game_seed
from ...core.lab import align as _align, ci as _ci, pct as _pct, rate as _rate
from ...core.stats import mean as _mean, r as _r

players = 2
"""The teams of a lab fight unless `--players` says otherwise (the 2-team arenas are most)."""
round_limit = 30
"""`deathmatch simulate --ruleset supers`'s --round-limit (turns) unless given: a fight still going
after it is a draw (the rules' turn limit, §8)."""
TEAM = 2
"""Heroes a team."""
ENDS = ("victory", "quiet", "draw", "turn_limit")

_HEROES: list = []
_ARENAS: dict = {}


def prepare() -> None:
    """Read the bundled heroes (before worker processes fork)."""
    heroes()


def heroes() -> list:
    """The bundled heroes, by id (read once)."""
    if not _HEROES:
        from .heroes import bundled_heroes_dir, load_heroes

        _HEROES.extend(sorted(load_heroes([bundled_heroes_dir()]).heroes.values(), key=lambda h: h.id))
    return _HEROES


def features(power) -> list[str]:
    """The kinds of a power the report weighs: its type, styles, movement kinds, an unsure reliability,
    a gizmo, infinite uses."""
    out = [f"type:{power.type}"]
    out += [f"style:{s}" for s in power.styles]
    out += [f"movement:{k}" for k in power.movement]
    if power.reliability != "reliable":
        out.append(f"reliability:{power.reliability}")
    if power.gizmo != "none":
        out.append(f"gizmo:{power.gizmo}")
    if power.uses is None:
        out.append("uses:infinite")
    return out


def team_features(team) -> dict[str, int]:
    """Kind -> the points a team's heroes spent on powers of that kind."""
    out: dict[str, int] = {}
    for h in team:
        for p in h.powers:
            for f in features(p):
                out[f] = out.get(f, 0) + p.cost()
    return out


def teams_of(seed: int, index: int, n: int) -> list[tuple]:
    """The teams of game `index`, in seat order: 2 x `n` different heroes drawn for the pair
    index // 2 from the run's seed alone; the second game of a pair turns the seats round by one."""
    drawn = random.Random(game_seed(seed, index // 2) ^ 0x5375706C).sample(heroes(), TEAM * n)
    teams = [tuple(drawn[TEAM * k:TEAM * k + TEAM]) for k in range(n)]
    if index % 2:
        teams = teams[1:] + teams[:1]
    return teams


def _arena(name: str):
    if name not in _ARENAS:
        from ...board.tiled import load_arena
        from ...paths import maps_dir

        _ARENAS[name] = load_arena(maps_dir() / f"{name}.tmx")
    return _ARENAS[name]


class LabGame:
    """One lab fight: the pair's teams on the pair's arena, set up and played by the lab's bots."""

    def __init__(self, config, rng, arena_name: str, arena, index: int | None = None):
        from .setup import Seat, Setup, new_game
        from .state import Options

        if index is None:  # `balance.play_game` does not say which game: the rng's first draw picks
            index = rng.randrange(2)
        self.arena = config.arenas[(index // 2) % len(config.arenas)] if config.arenas else arena_name
        if self.arena != arena_name:
            arena = _arena(self.arena)
        n = config.players
        self.teams = teams_of(config.seed, index, n)
        self.seats = [f"P{k + 1}" for k in range(n)]
        colours = ("red", "blue", "green", "yellow", "purple", "orange")
        seats = tuple(Seat(name, colours[k % len(colours)], team)
                      for k, (name, team) in enumerate(zip(self.seats, self.teams)))
        spec = {"map": f"bundled:{self.arena}"}
        self.game = new_game(Setup(seats, spec, Options(config.round_limit), rng.randrange(2**31)), arena)
        self.owner = {m.id: m.owner for m in self.game.state.models.values()}
        self.dealt = {m: 0 for m in self.owner}
        self.taken = {m: 0 for m in self.owner}

    def on_events(self, events) -> None:
        from .events import Damaged, Fell

        for e in events:
            if type(e) is Damaged:
                self.taken[e.model] += e.amount
                if e.by in self.dealt and self.owner[e.by] != self.owner[e.model]:
                    self.dealt[e.by] += e.amount
            elif type(e) is Fell:
                self.taken[e.model] += e.loss

    def summary(self, decisions: int) -> dict:
        g = self.game
        s = g.state
        end, winners = (g.outcome.reason, tuple(g.outcome.winners)) if g.over else ("turn_limit", ())
        if end not in ENDS:
            end = "draw"
        share = 1 / len(winners) if winners else 1 / len(self.seats)
        seats = []
        for name, team in zip(self.seats, self.teams):
            models = s.team(name)
            seats.append({
                "name": name,
                "win": (share if name in winners else 0.0) if winners else share,
                "heroes": [{"id": m.hero.id, "name": m.hero.name, "spent": m.hero.spent, "dealt": self.dealt[m.id],
                            "taken": self.taken[m.id], "fainted": int(m.fainted)} for m in models],
                "features": team_features(team),
            })
        return {"arena": self.arena, "end": end, "turns": s.turn, "decisions": decisions, "winners": list(winners),
                "players": seats}


def start(config, rng, arena_name: str, arena, index: int = 0) -> LabGame:
    """A lab fight: game `index` of the run (games 2k and 2k+1 are a pair)."""
    return LabGame(config, rng, arena_name, arena, index)


# --- the statistics ------------------------------------------------------------------


def difference(w1: float, n1: int, w2: float, n2: int) -> tuple:
    """(p1 - p2, its 95 % interval's low and high) by the normal approximation; Nones without games."""
    if not n1 or not n2:
        return None, None, None
    p1, p2 = w1 / n1, w2 / n2
    half = 1.96 * math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    return p1 - p2, p1 - p2 - half, p1 - p2 + half


def summarize(config, results) -> dict:
    """The report's `summary`, the per-hero table (`cards`, the slot the lab's files use) and the
    per-kind table (`features`)."""
    fair = 1 / config.players
    by_hero: dict[str, dict] = {}
    kinds: dict[str, dict] = {}
    ends = {e: 0 for e in ENDS}
    first = turns = decisions = 0.0
    teams = 0
    for g in results:
        ends[g["end"]] += 1
        turns += g["turns"]
        decisions += g["decisions"]
        first += g["players"][0]["win"]
        for p in g["players"]:
            teams += 1
            for h in p["heroes"]:
                acc = by_hero.setdefault(h["id"], {"name": h["name"], "spent": h["spent"], "games": 0, "wins": 0.0,
                                                   "dealt": 0, "taken": 0, "fainted": 0})
                acc["games"] += 1
                acc["wins"] += p["win"]
                acc["dealt"] += h["dealt"]
                acc["taken"] += h["taken"]
                acc["fainted"] += h["fainted"]
            for f, points in p["features"].items():
                k = kinds.setdefault(f, {"games": 0, "wins": 0.0, "points": 0})
                k["games"] += 1
                k["wins"] += p["win"]
                k["points"] += points
    total_wins = sum(p["win"] for g in results for p in g["players"])
    cards = []
    for hid, acc in by_hero.items():
        n = acc["games"]
        cards.append({"card": hid, "name": acc["name"], "spent": acc["spent"], **_rate(acc["wins"], n, fair),
                      "dealt": _r(_mean(acc["dealt"], n), 3), "taken": _r(_mean(acc["taken"], n), 3),
                      "fainted": _r(acc["fainted"] / n, 4) if n else None})
    cards.sort(key=lambda r: (-(r["win_rate"] if r["win_rate"] is not None else -1), r["card"]))
    rows = []
    for f, k in kinds.items():
        n_with, w_with = k["games"], k["wins"]
        n_out, w_out = teams - n_with, total_wins - w_with
        diff, lo, hi = difference(w_with, n_with, w_out, n_out)
        points = k["points"] / n_with if n_with else None
        verdict = "" if lo is None else ("under-priced" if lo > 0 else "over-priced" if hi < 0 else "")
        rows.append({"feature": f, "with_games": n_with, "with_win_rate": _r(w_with / n_with, 4) if n_with else None,
                     "without_games": n_out, "without_win_rate": _r(w_out / n_out, 4) if n_out else None,
                     "difference": _r(diff, 4), "difference_low": _r(lo, 4), "difference_high": _r(hi, 4),
                     "points": _r(points, 2), "per_100_points": _r(100 * diff / points, 4) if diff is not None and points
                     else None, "verdict": verdict})
    rows.sort(key=lambda r: (-(r["difference"] if r["difference"] is not None else -9), r["feature"]))
    n = len(results)
    summary = {
        "games": n,
        "mean_turns": _r(_mean(turns, n), 3),
        "mean_decisions": _r(_mean(decisions, n), 1),
        "ended": {k: _r(v / n, 4) for k, v in ends.items()} if n else {},
        "first_seat_wins": _r(first / n, 4) if n else None,
        "flagged": {"strong": [r["card"] for r in cards if r["flag"] == "strong"],
                    "weak": [r["card"] for r in cards if r["flag"] == "weak"],
                    "under_priced": [r["feature"] for r in rows if r["verdict"] == "under-priced"],
                    "over_priced": [r["feature"] for r in rows if r["verdict"] == "over-priced"]},
    }
    return {"summary": summary, "cards": cards, "features": rows}


# --- the report -------------------------------------------------------------------------


def _signed(x) -> str:
    return "—" if x is None else f"{x * 100:+.1f}"


def lines(report: dict) -> list[str]:
    """The report for a terminal: the fights, the heroes, the kinds of power, the flags."""
    s = report["summary"]
    players_ = report["options"]["players"]
    out = [f"{s['games']} fights of {players_} teams of two different bundled heroes; {s['mean_turns']:.1f} turns "
           f"and {s['mean_decisions']:.1f} decisions on average; the first seat won {_pct(s['first_seat_wins'])}",
           "ended: " + ", ".join(f"{k} {_pct(v)}" for k, v in s["ended"].items()),
           "(a draw counts 1/teams to each team)", ""]
    rows = [["hero", "points", "fights", "win", "95% CI", "flag", "dealt", "taken", "fainted"]]
    for r in report["cards"]:
        rows.append([r["card"], str(r["spent"]), str(r["games"]), _pct(r["win_rate"]), _ci(r["win_low"], r["win_high"]),
                     r["flag"], "—" if r["dealt"] is None else f"{r['dealt']:.1f}",
                     "—" if r["taken"] is None else f"{r['taken']:.1f}", _pct(r["fainted"])])
    out += _align(rows, right=(1, 2, 3, 4, 6, 7, 8))
    out += ["", "kinds of power: the win rate of teams with one and without, the difference (percentage points) with its 95% "
                "interval, the points spent on it, the difference per 100 of them"]
    rows = [["kind", "with", "win", "without", "win", "difference", "95% CI", "points", "per 100", "verdict"]]
    for r in report["features"]:
        ci = "—" if r["difference_low"] is None else f"{_signed(r['difference_low'])}…{_signed(r['difference_high'])}"
        rows.append([r["feature"], str(r["with_games"]), _pct(r["with_win_rate"]), str(r["without_games"]),
                     _pct(r["without_win_rate"]), _signed(r["difference"]), ci,
                     "—" if r["points"] is None else f"{r['points']:.0f}", _signed(r["per_100_points"]), r["verdict"]])
    out += _align(rows, right=range(1, 9))
    f = s["flagged"]
    out += ["", f"strong heroes: {', '.join(f['strong']) or 'none'}", f"weak heroes:   {', '.join(f['weak']) or 'none'}",
            f"under-priced:  {', '.join(f['under_priced']) or 'none'}",
            f"over-priced:   {', '.join(f['over_priced']) or 'none'}"]
    return out


CSV_HEADER = ["kind", "key", "games", "wins", "win_rate", "win_low", "win_high", "flag", "points", "dealt", "taken",
              "fainted", "without_games", "without_win_rate", "difference", "difference_low", "difference_high",
              "per_100_points", "verdict"]


def to_csv(report: dict) -> str:
    """One row per hero (kind hero) and per kind of power (kind feature)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)

    def cell(v):
        return "" if v is None else v

    for r in report["cards"]:
        w.writerow(["hero", r["card"], *[cell(r[k]) for k in ("games", "wins", "win_rate", "win_low", "win_high", "flag",
                                                                "spent", "dealt", "taken", "fainted")],
                    "", "", "", "", "", "", ""])
    for r in report["features"]:
        n = r["with_games"]
        wins = _r((r["with_win_rate"] or 0) * n, 4) if n else ""
        w.writerow(["feature", r["feature"], n, wins, cell(r["with_win_rate"]), "", "", "", cell(r["points"]), "", "", "",
                    *[cell(r[k]) for k in ("without_games", "without_win_rate", "difference", "difference_low",
                                           "difference_high", "per_100_points", "verdict")]])
    return buf.getvalue()
