"""Celebrity Deathmatch's part of the balance lab (`deathmatch.balance`, through the
registry's `Ruleset.lab`, a `core.registry.LabRules`): a lab game's setup (cards dealt at
random from the bundled cards), what it counts while a game plays (abilities played,
beasts' lives and kills), each game's summary, and the report's statistics: per
character card and ability, and how the games ended and where their VP came from.

The lab itself (seeds, the arena rotation, the bots, jobs, progress, the files) is the
same for every ruleset. The statistics are described in `deathmatch/balance.py`.
"""

from __future__ import annotations

import csv
import io

from ...core.lab import align as _align, num as _num, pct as _pct
from ...core.stats import flag, mean as _mean, r as _r, wilson

_LIBRARY = None


def library():
    """The bundled character cards only, never the player's own (loaded once)."""
    global _LIBRARY
    if _LIBRARY is None:
        from .cards import bundled_cards_dir, load_cards

        _LIBRARY = load_cards([bundled_cards_dir()])
    return _LIBRARY


def prepare() -> None:
    library()


class LabGame:
    """One lab game: its cards dealt with the game's `rng`, then played by the lab's bots."""

    def __init__(self, config, rng, arena_name: str, arena):
        from . import events as ev
        from .game import Options
        from .setup import make_setup, models_per_player, new_game

        lib = library()
        n = config.players
        per = models_per_player(n)
        ids = rng.sample(sorted(lib.cards), n * per)
        self.cards = [(f"P{i + 1}", ids[i * per:(i + 1) * per]) for i in range(n)]
        options = Options(beasts=config.beasts, round_limit=config.round_limit)
        setup = make_setup({"map": f"maps/{arena_name}.tmx"}, self.cards, lib, options, seed=rng.randrange(2**31))
        self.game = new_game(setup, arena)
        self.seats = [name for name, _ in self.cards]
        self.played: dict[str, set] = {cid: set() for cid in ids}
        self.beast = [0, 0]  # lives taken, kills made by beasts
        self._ev = ev

    def on_events(self, events) -> None:
        ev, game = self._ev, self.game
        for e in events:
            kind = type(e)
            if kind is ev.AbilityPlayed:
                self.played.setdefault(e.model, set()).add(e.ability)
            elif kind is ev.LifeLost:
                if e.by in game.beasts:
                    self.beast[0] += 1
            elif kind is ev.Died:
                if e.by in game.beasts:
                    self.beast[1] += 1

    def summary(self, decisions: int) -> dict:
        game = self.game
        beast_lives, beast_kills = self.beast
        out = game.outcome
        keys = {p: (-game.scores[p].vp, -game.scores[p].kills, -game.scores[p].loot) for p in game.players}
        ordered = sorted(keys.values())
        players = []
        for name, cards in self.cards:
            s = game.scores[name]
            first = ordered.index(keys[name]) + 1
            tied = ordered.count(keys[name])
            players.append({
                "name": name,
                "cards": list(cards),
                "vp": s.vp,
                "lives": s.lives_taken,
                "kills": s.kills,
                "loot": s.loot,
                "last_standing": s.last_standing,
                "abilities": s.abilities,
                "place": first + (tied - 1) / 2,
                "win": 1 / len(out.winners) if name in out.winners else 0.0,
            })
        return {
            "rounds": game.round,
            "reason": out.reason,
            "winners": list(out.winners),
            "players": players,
            "played": {cid: sorted(names) for cid, names in self.played.items()},
            "beast_lives": beast_lives,
            "beast_kills": beast_kills,
            "decisions": decisions,
        }


def start(config, rng, arena_name: str, arena, index: int = 0) -> LabGame:
    return LabGame(config, rng, arena_name, arena)


# --- the statistics ------------------------------------------------------------------


def summarize(config, results) -> dict:
    """The report's `summary` (per-game numbers) and `cards` (the per-card table) of a run."""
    from .game import LOOT_VP

    lib = library()
    fair = 1 / config.players
    cards: dict[str, dict] = {}
    reasons = {"last_standing": 0, "all_dead": 0, "round_limit": 0}
    shared = won_ls = loot_decided = ls_decided = beast_life_games = beast_kill_games = 0
    beast_lives = beast_kills = rounds = decisions = 0
    vp_parts = {"loot": 0, "lives": 0, "kills": 0, "last_standing": 0, "abilities": 0}
    winner_vp = margin_sum = 0.0
    sole = 0
    arenas: dict[str, int] = {}

    for g in results:
        reasons[g["reason"]] = reasons.get(g["reason"], 0) + 1
        arenas[g["arena"]] = arenas.get(g["arena"], 0) + 1
        rounds += g["rounds"]
        decisions += g["decisions"]
        beast_lives += g["beast_lives"]
        beast_kills += g["beast_kills"]
        beast_life_games += g["beast_lives"] > 0
        beast_kill_games += g["beast_kills"] > 0
        players = g["players"]
        by_name = {p["name"]: p for p in players}
        winners = [by_name[w] for w in g["winners"]]
        if len(winners) > 1:
            shared += 1
        if any(w["last_standing"] > 0 for w in winners):
            won_ls += 1
        winner_vp += winners[0]["vp"]
        if len(winners) == 1:
            w = winners[0]
            runner_up = max((p["vp"] for p in players if p is not w), default=0)
            margin = w["vp"] - runner_up
            sole += 1
            margin_sum += margin
            if w["loot"] * LOOT_VP > 0 and w["loot"] * LOOT_VP >= margin:
                loot_decided += 1
            if w["last_standing"] > 0 and w["last_standing"] >= margin:
                ls_decided += 1
        for p in players:
            vp_parts["loot"] += p["loot"] * LOOT_VP
            vp_parts["lives"] += p["lives"]
            vp_parts["kills"] += p["kills"]
            vp_parts["last_standing"] += p["last_standing"]
            vp_parts["abilities"] += p["abilities"]
            for cid in p["cards"]:
                c = cards.get(cid)
                if c is None:
                    names = [a.name for a in lib[cid].abilities]
                    c = cards[cid] = {"games": 0, "wins": 0.0, "vp": 0, "place": 0.0,
                                      "abilities": {n: [0, 0, 0] for n in names}}  # played, vp played, vp not
                c["games"] += 1
                c["wins"] += p["win"]
                c["vp"] += p["vp"]
                c["place"] += p["place"]
                used = g["played"].get(cid, ())
                for name, acc in c["abilities"].items():
                    if name in used:
                        acc[0] += 1
                        acc[1] += p["vp"]
                    else:
                        acc[2] += p["vp"]

    n = len(results)
    rows = []
    for cid, c in cards.items():
        k = c["games"]
        lo, hi = wilson(c["wins"], k)
        abilities = []
        for name, (played, vp_in, vp_out) in c["abilities"].items():
            abilities.append({
                "name": name,
                "played": played,
                "play_rate": _r(played / k, 4),
                "vp_when_played": _r(_mean(vp_in, played), 3),
                "vp_when_not": _r(_mean(vp_out, k - played), 3),
            })
        rows.append({
            "card": cid,
            "name": lib[cid].name,
            "games": k,
            "wins": _r(c["wins"], 4),
            "win_rate": _r(c["wins"] / k, 4),
            "win_low": _r(lo, 4),
            "win_high": _r(hi, 4),
            "flag": flag(c["wins"], k, fair),
            "mean_vp": _r(c["vp"] / k, 3),
            "mean_place": _r(c["place"] / k, 3),
            "abilities": abilities,
        })
    rows.sort(key=lambda r: (-r["win_rate"], r["card"]))
    total_vp = sum(vp_parts.values())
    summary = {
        "games": n,
        "fair_share": _r(fair, 4),
        "mean_rounds": _r(_mean(rounds, n), 3),
        "mean_decisions": _r(_mean(decisions, n), 1),
        "arenas": dict(sorted(arenas.items())),
        "ended": {k: _r(v / n, 4) if n else None for k, v in reasons.items()},
        "shared_wins": _r(shared / n, 4) if n else None,
        "won_by_last_standing": _r(won_ls / n, 4) if n else None,
        "last_standing_decided": _r(ls_decided / n, 4) if n else None,
        "loot_decided": _r(loot_decided / n, 4) if n else None,
        "beasts_took_a_life": _r(beast_life_games / n, 4) if n else None,
        "beasts_killed": _r(beast_kill_games / n, 4) if n else None,
        "beast_lives_per_game": _r(_mean(beast_lives, n), 3),
        "beast_kills_per_game": _r(_mean(beast_kills, n), 3),
        "mean_winner_vp": _r(_mean(winner_vp, n), 3),
        "mean_margin": _r(_mean(margin_sum, sole), 3),
        "vp_share": {k: _r(v / total_vp, 4) if total_vp else None for k, v in vp_parts.items()},
        "flagged": {"strong": [r["card"] for r in rows if r["flag"] == "strong"],
                    "weak": [r["card"] for r in rows if r["flag"] == "weak"]},
    }
    return {"summary": summary, "cards": rows}


# --- the report -------------------------------------------------------------------------


def card_table(report: dict) -> list[list[str]]:
    """The per-card table as rows of strings (header first), sorted by win rate."""
    rows = [["card", "games", "win", "95% CI", "VP", "place", "flag"]]
    for r in report["cards"]:
        rows.append([r["card"], str(r["games"]), _pct(r["win_rate"]),
                     f"{_pct(r['win_low'])}–{_pct(r['win_high'])}", _num(r["mean_vp"]), _num(r["mean_place"]),
                     r["flag"]])
    return rows


def ability_table(report: dict) -> list[list[str]]:
    """Each card's abilities: played (% of the card's games), mean VP when played / not."""
    rows = [["card", "ability", "played", "VP played", "VP not"]]
    for r in report["cards"]:
        for i, a in enumerate(r["abilities"]):
            rows.append([r["card"] if i == 0 else "", a["name"], _pct(a["play_rate"], 0),
                         _num(a["vp_when_played"]), _num(a["vp_when_not"])])
    return rows


def summary_lines(report: dict) -> list[str]:
    s = report["summary"]
    share = s["vp_share"]
    ended = s["ended"]
    return [
        f"{s['games']} games, {report['options']['players']} players, fair share {_pct(s['fair_share'])}; "
        f"{_num(s['mean_rounds'], 1)} rounds on average",
        f"ended: last standing {_pct(ended['last_standing'])}, all dead {_pct(ended['all_dead'])}, "
        f"round limit {_pct(ended['round_limit'])}; shared wins {_pct(s['shared_wins'])}",
        f"won by the last one standing {_pct(s['won_by_last_standing'])}; last-standing bonus decided "
        f"{_pct(s['last_standing_decided'])}; loot decided {_pct(s['loot_decided'])} "
        f"(winner's loot VP >= margin; mean margin {_num(s['mean_margin'], 2)} VP)",
        f"beasts took a life in {_pct(s['beasts_took_a_life'])} of games, killed a model in "
        f"{_pct(s['beasts_killed'])} ({_num(s['beast_lives_per_game'], 2)} lives, "
        f"{_num(s['beast_kills_per_game'], 2)} kills per game)",
        f"VP from: loot {_pct(share['loot'])}, lives {_pct(share['lives'])}, kills {_pct(share['kills'])}, "
        f"last standing {_pct(share['last_standing'])}, abilities {_pct(share['abilities'])}",
    ]


def lines(report: dict) -> list[str]:
    """The readable report for the terminal, after its command line: the summary, the card
    and ability tables, the flagged cards."""
    lines = summary_lines(report)
    lines.append("")
    lines += _align(card_table(report), right=(1, 2, 3, 4, 5))
    lines.append("")
    lines += _align(ability_table(report), right=(2, 3, 4))
    flagged = report["summary"]["flagged"]
    lines.append("")
    lines.append(f"strong: {', '.join(flagged['strong']) or 'none'}")
    lines.append(f"weak:   {', '.join(flagged['weak']) or 'none'}")
    return lines


CSV_HEADER = ["card", "name", "games", "wins", "win_rate", "win_low", "win_high", "flag", "mean_vp", "mean_place"]


def to_csv(report: dict) -> str:
    most = max((len(r["abilities"]) for r in report["cards"]), default=3)
    header = list(CSV_HEADER)
    for i in range(1, max(3, most) + 1):
        header += [f"ability{i}", f"ability{i}_play_rate", f"ability{i}_vp_played", f"ability{i}_vp_not"]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for r in report["cards"]:
        row = [r[k] for k in CSV_HEADER]
        for a in r["abilities"]:
            row += [a["name"], a["play_rate"], a["vp_when_played"], a["vp_when_not"]]
        row += [""] * (len(header) - len(row))
        w.writerow(["" if v is None else v for v in row])
    return buf.getvalue()


