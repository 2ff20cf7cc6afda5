"""Gladiator!'s part of the balance lab (`deathmatch.balance`, `deathmatch simulate --ruleset
gladiator`, through the registry's `Ruleset.lab`, a `core.registry.LabRules`): which type wins, which
pairing is lopsided, and whether the Retiarius's net is worth it.

Each lab game is a bout between two men of two different bundled types (the eight of `model.TYPES`,
the lion included; plain type gladiators, no experience cards) on the lab's arena (the bundled
Gladiator! arenas in turn), played by the lab's bots. Games come in pairs: games 2k and 2k+1 draw the
same two types (from the run's seed and k alone) and swap the seats, so every pairing is fought from
both seats alike (a run of an odd number of games has one unpaired game).

Every bout ends: the engine calls a bout off as a draw when neither man can act again or after
`game.TURN_LIMIT` game turns (RULINGS.md), here as at the table and in a season. A `--round-limit`
below it stops a lab bout sooner, counted as called off too (the default is the engine's limit; a
higher one changes nothing: the engine's rule still ends the bout).

The report (`cards` holds the types, `pairings` the matrix, `nets` the net men):

- per type: bouts, its win rate (a draw counts half) with its 95 % Wilson interval, flagged
  "strong" or "weak" when the interval lies wholly above or below a half (`core.stats.flag`), the
  mean damage it dealt and took;
- per pairing a × b (a before b in `model.TYPES` order): the bouts between them and a's win rate
  against b with its interval (b's is one less it: the two add up to the bouts);
- per net type (retiarius, laquearius): its bouts where it threw its net and where it did not, its
  win rate in each (with intervals), the nets thrown and the share that caught;
- over all games: how the bouts ended (killed, thumbs_down, spared: how the loser went out; draw:
  both men out at once; called_off: neither man could act again, or stopped at the turn limit), the first seat's win rate, mean
  game turns, exchanges and decisions.
"""

from __future__ import annotations

import csv
import io
import random

from ...core.dice import game_seed
from ...core.lab import align as _align, ci as _ci, pct as _pct, rate as _rate
from ...core.stats import mean as _mean, r as _r
from .game import CALLED_OFF, TURN_LIMIT
from .model import TYPE_NAMES, TYPES, Gladiator

players = 2
"""The men of a lab bout (`deathmatch simulate --ruleset gladiator` needs no --players)."""
round_limit = TURN_LIMIT
"""`deathmatch simulate --ruleset gladiator`'s --round-limit (game turns) unless given: the engine's
`game.TURN_LIMIT`, after which a bout still going is called off as a draw."""
ENDS = ("killed", "thumbs_down", "spared", "draw", "called_off")
NET_TYPES = tuple(t for t, kit in TYPES.items() if kit.net)


def prepare() -> None:
    """Nothing to load: the men are plain bundled types."""


def pair_types(seed: int, index: int) -> tuple[str, str]:
    """The types of game `index`'s seats: two different types drawn for the pair index // 2 from the
    run's seed alone, the second game of a pair swapping the seats."""
    a, b = random.Random(game_seed(seed, index // 2) ^ 0x6C616221).sample(list(TYPES), 2)
    return (a, b) if index % 2 == 0 else (b, a)


class LabGame:
    """One lab bout: two plain men of the pair's types, set up and played by the bots."""

    def __init__(self, config, rng, arena_name: str, arena, index: int | None = None):
        from .setup import Seat, Setup, new_game
        from .state import Options

        if index is None:  # `balance.play_game` does not say which game: the rng's first draw picks
            index = rng.randrange(2)
        self.types = pair_types(config.seed, index)
        self.seats = ["P1", "P2"]
        seats = tuple(Seat(name, colour, Gladiator(f"{t}{k + 1}", f"{TYPE_NAMES[t]} {k + 1}", t))
                      for k, (name, colour, t) in enumerate(zip(self.seats, ("red", "blue"), self.types)))
        spec = {"map": f"bundled:{arena_name}"}
        self.game = new_game(Setup(seats, spec, Options(), rng.randrange(2**31)), arena)
        self.men = list(self.game.state.men)  # in seat order
        self.round_limit = config.round_limit
        self.exchanges = 0
        self.nets = {m: [0, 0] for m in self.men}  # thrown, caught

    def stop(self, game, decisions: int) -> bool:
        """A `--round-limit` below the engine's `TURN_LIMIT` stops a bout sooner (called off, a draw);
        otherwise the engine's rule ends it and this never holds."""
        return game.state.turn > self.round_limit

    def on_events(self, events) -> None:
        from .events import ExchangeDeclared, NetThrown

        for e in events:
            if type(e) is ExchangeDeclared:
                self.exchanges += 1
            elif type(e) is NetThrown:
                self.nets[e.thrower][0] += 1
                self.nets[e.thrower][1] += int(e.caught)

    def summary(self, decisions: int) -> dict:
        g = self.game
        s = g.state
        men = [s.men[m] for m in self.men]
        if not g.over or g.outcome.reason == CALLED_OFF:  # the engine's rule, or a shorter --round-limit
            end, winners = "called_off", ()
        else:
            winners = tuple(g.outcome.winners)
            losers = [m for m in men if m.out]
            if not winners or len(losers) != 1:
                end = "draw"
            else:
                loser = losers[0]
                end = "spared" if loser.alive else ("thumbs_down" if loser.down else "killed")
        seats = []
        for name, t, m in zip(self.seats, self.types, men):
            win = 0.5 if not winners else (1.0 if name in winners else 0.0)
            thrown, caught = self.nets[m.id]
            seats.append({"name": name, "type": t, "win": win, "damage_dealt": m.inflicted, "damage": m.damage,
                          "nets": thrown, "caught": caught})
        return {"end": end, "turns": min(s.turn, self.round_limit), "exchanges": self.exchanges,
                "decisions": decisions, "winners": list(winners), "players": seats}


def start(config, rng, arena_name: str, arena, index: int = 0) -> LabGame:
    """A lab bout: game `index` of the run (the seat swap pairs games 2k and 2k+1)."""
    return LabGame(config, rng, arena_name, arena, index)


# --- the statistics ------------------------------------------------------------------


def summarize(config, results) -> dict:
    """The report's `summary`, the per-type table (`cards`, the slot the lab's files use), the
    pairing matrix (`pairings`) and the net men (`nets`)."""
    order = list(TYPES)
    by_type = {t: {"wins": 0.0, "games": 0, "dealt": 0, "taken": 0} for t in order}
    pairs: dict[tuple[str, str], list] = {}
    nets = {t: {"thrown_games": 0, "thrown_wins": 0.0, "other_games": 0, "other_wins": 0.0, "nets": 0, "caught": 0}
            for t in NET_TYPES}
    ends = {e: 0 for e in ENDS}
    first = turns = exchanges = decisions = 0.0
    for g in results:
        ends[g["end"]] += 1
        turns += g["turns"]
        exchanges += g["exchanges"]
        decisions += g["decisions"]
        a, b = g["players"]
        first += a["win"]
        for p, foe in ((a, b), (b, a)):
            acc = by_type[p["type"]]
            acc["games"] += 1
            acc["wins"] += p["win"]
            acc["dealt"] += p["damage_dealt"]
            acc["taken"] += p["damage"]
            if p["type"] in nets:
                n = nets[p["type"]]
                key = "thrown" if p["nets"] else "other"
                n[f"{key}_games"] += 1
                n[f"{key}_wins"] += p["win"]
                n["nets"] += p["nets"]
                n["caught"] += p["caught"]
        x, y = (a, b) if order.index(a["type"]) < order.index(b["type"]) else (b, a)
        cell = pairs.setdefault((x["type"], y["type"]), [0, 0.0])
        cell[0] += 1
        cell[1] += x["win"]
    types = []
    for t in order:
        acc = by_type[t]
        k = acc["games"]
        types.append({"card": t, "name": TYPE_NAMES[t], **_rate(acc["wins"], k),
                      "dealt": _r(_mean(acc["dealt"], k), 3), "taken": _r(_mean(acc["taken"], k), 3)})
    types.sort(key=lambda r: (-(r["win_rate"] if r["win_rate"] is not None else -1), r["card"]))
    pairings = [{"a": x, "b": y, **_rate(w, n)} for (x, y), (n, w) in sorted(
        pairs.items(), key=lambda kv: (order.index(kv[0][0]), order.index(kv[0][1])))]
    net_rows = []
    for t, n in nets.items():
        thrown, other = _rate(n["thrown_wins"], n["thrown_games"]), _rate(n["other_wins"], n["other_games"])
        net_rows.append({"type": t, **{f"thrown_{k}": v for k, v in thrown.items()},
                         **{f"other_{k}": v for k, v in other.items()}, "nets": n["nets"], "caught": n["caught"],
                         "caught_rate": _r(n["caught"] / n["nets"], 4) if n["nets"] else None})
    n = len(results)
    summary = {
        "games": n,
        "mean_turns": _r(_mean(turns, n), 3),
        "mean_exchanges": _r(_mean(exchanges, n), 3),
        "mean_decisions": _r(_mean(decisions, n), 1),
        "ended": {k: _r(v / n, 4) for k, v in ends.items()} if n else {},
        "first_seat_wins": _r(first / n, 4) if n else None,
        "flagged": {"strong": [r["card"] for r in types if r["flag"] == "strong"],
                    "weak": [r["card"] for r in types if r["flag"] == "weak"]},
    }
    return {"summary": summary, "cards": types, "pairings": pairings, "nets": net_rows}


# --- the report -------------------------------------------------------------------------


def matrix(report: dict) -> list[list[str]]:
    """Row a, column b: a's win rate against b (— where they never met)."""
    order = list(TYPES)
    cells = {}
    for p in report["pairings"]:
        cells[(p["a"], p["b"])] = p["win_rate"]
        cells[(p["b"], p["a"])] = None if p["win_rate"] is None else 1 - p["win_rate"]
    rows = [["a \\ b", *[t[:5] for t in order]]]
    for a in order:
        rows.append([a, *["·" if a == b else (_pct(cells[(a, b)]) if (a, b) in cells else "—") for b in order]])
    return rows


def lines(report: dict) -> list[str]:
    """The report for a terminal: the bouts, the types, the pairing matrix, the nets, the flags."""
    s = report["summary"]
    out = [f"{s['games']} bouts of two plain men of different random types; {s['mean_turns']:.1f} game turns and "
           f"{s['mean_exchanges']:.1f} exchanges on average; the first seat won {_pct(s['first_seat_wins'])}",
           "ended: " + ", ".join(f"{k} {_pct(v)}" for k, v in s["ended"].items()),
           "(a draw or a called-off bout counts half to each man)", ""]
    rows = [["type", "bouts", "win", "95% CI", "flag", "dealt", "taken"]]
    for r in report["cards"]:
        rows.append([r["card"], str(r["games"]), _pct(r["win_rate"]), _ci(r["win_low"], r["win_high"]), r["flag"],
                     "—" if r["dealt"] is None else f"{r['dealt']:.2f}",
                     "—" if r["taken"] is None else f"{r['taken']:.2f}"])
    out += _align(rows, right=(1, 2, 3, 5, 6))
    out += ["", "win rate of the row's type against the column's:"]
    out += _align(matrix(report), right=range(1, len(TYPES) + 1))
    out += ["", "the nets: the net man's win rate in bouts where he threw it and where he did not"]
    rows = [["type", "thrown", "win", "95% CI", "not", "win", "95% CI", "nets", "caught"]]
    for r in report["nets"]:
        rows.append([r["type"], str(r["thrown_games"]), _pct(r["thrown_win_rate"]),
                     _ci(r["thrown_win_low"], r["thrown_win_high"]), str(r["other_games"]),
                     _pct(r["other_win_rate"]), _ci(r["other_win_low"], r["other_win_high"]), str(r["nets"]),
                     _pct(r["caught_rate"])])
    out += _align(rows, right=range(1, 9))
    f = s["flagged"]
    out += ["", f"strong types: {', '.join(f['strong']) or 'none'}", f"weak types:   {', '.join(f['weak']) or 'none'}"]
    return out


CSV_HEADER = ["kind", "key", "against", "games", "wins", "win_rate", "win_low", "win_high", "flag", "dealt",
              "taken", "nets", "caught", "caught_rate"]


def to_csv(report: dict) -> str:
    """One row per type (kind type), per pairing (kind pairing: key's record against `against`) and per
    net type's bouts with and without a thrown net (kind net_thrown, net_not_thrown)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_HEADER)

    def row(kind, key, against, r, prefix="", extra=("", "", "", "", "")):
        w.writerow([kind, key, against, *["" if r[prefix + k] is None else r[prefix + k]
                                          for k in ("games", "wins", "win_rate", "win_low", "win_high", "flag")],
                    *extra])

    for r in report["cards"]:
        row("type", r["card"], "", r, extra=(r["dealt"], r["taken"], "", "", ""))
    for r in report["pairings"]:
        row("pairing", r["a"], r["b"], r)
    for r in report["nets"]:
        rate = "" if r["caught_rate"] is None else r["caught_rate"]
        row("net_thrown", r["type"], "", r, "thrown_", ("", "", r["nets"], r["caught"], rate))
        row("net_not_thrown", r["type"], "", r, "other_")
    return buf.getvalue()
