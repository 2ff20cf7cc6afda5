"""The balance lab: many seeded bot games, and what they say about each character card.

    deathmatch simulate --games N --players P [--arena A] [--bots normal] [--beasts]
                        [--seed S] [--jobs J] [--json FILE] [--csv FILE] [--round-limit R]

Every seat is a bot of one strength; cards are dealt at random from the
bundled cards; each game's setup, dice and bots are seeded from S and the
game's index alone, so a run is reproducible and does not depend on --jobs.
Engine side: no pygame.

For each card: games played, win rate (a shared win counts 1/k to each of
the k winners; in 2–4 player games both of the winning player's cards get
it) with its 95 % Wilson interval, the mean VP and mean placement of the
card's player (1 = best; tied players share the average of their places),
and for each of its abilities how often it was played (games with at least
one `AbilityPlayed` event, as a share of the card's games) and the mean VP
of the card's player in games where it was played and where it was not.

A card is flagged "strong" when the lower bound of its interval is above
the fair share 1/P, "weak" when the upper bound is below it. (With ~30
cards, about one or two flags in a run may be chance at 95 %.)

Also, over all games: how they ended; "won by last standing" (the winner is
the player whose model was left standing); "loot decided" (a sole winner
whose loot VP is positive and at least the margin over the runner-up; a
shared win is never loot decided); the same test for the last-standing
bonus; games where beasts took at least one life / killed a model; and the
share of all VP scored from loot, lives, kills, last standing and abilities.

In the JSON, rates are fractions (0–1), rounded to 4 places, VP and
placements to 3; `options` holds every option that changes the results
(not --jobs nor the output files), and `command` re-runs it.

API: `SimConfig`, `play_game(config, index)`, `simulate(config, jobs)`,
`summarize(config, results)`, `wilson`, `flag`, `render_table`,
`write_json`, `write_csv`, `run`, `cli`.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable, Sequence, TextIO

MIN_PLAYERS, MAX_PLAYERS = 2, 10
DEFAULT_ROUND_LIMIT = 15
DEFAULT_SEED = 1
MAX_DECISIONS = 200_000
"""A game that needs more decisions than this is a bug: it raises instead of hanging."""


class BalanceError(ValueError):
    """A bad option: the message is one line for the player."""


# --- the configuration -------------------------------------------------------------------


@dataclass(frozen=True)
class SimConfig:
    """Everything that decides a run's results (not how many processes play it)."""

    games: int
    players: int
    arena: str | None = None
    """A bundled arena's name; None: the rotation of every bundled arena that fits `players`."""
    bots: str = "normal"
    beasts: bool = False
    seed: int = DEFAULT_SEED
    round_limit: int = DEFAULT_ROUND_LIMIT
    arenas: tuple[str, ...] = field(default=())
    """The arenas the games rotate through (filled in by `checked`)."""

    def command(self) -> str:
        """The `deathmatch simulate` command line that gives these results."""
        parts = ["deathmatch simulate", f"--games {self.games}", f"--players {self.players}"]
        if self.arena:
            parts.append(f"--arena {self.arena}")
        parts.append(f"--bots {self.bots}")
        if self.beasts:
            parts.append("--beasts")
        parts += [f"--seed {self.seed}", f"--round-limit {self.round_limit}"]
        return " ".join(parts)

    def checked(self) -> SimConfig:
        """This config with its arena rotation filled in; BalanceError if an option is bad."""
        from .bots import STRENGTHS

        if self.games < 1:
            raise BalanceError(f"--games must be at least 1, not {self.games}")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise BalanceError(f"--players must be {MIN_PLAYERS}–{MAX_PLAYERS}, not {self.players}")
        if self.round_limit < 1:
            raise BalanceError(f"--round-limit must be at least 1, not {self.round_limit}")
        if self.bots not in STRENGTHS:
            raise BalanceError(f"unknown bot strength {self.bots!r}: choose one of {', '.join(STRENGTHS)}")
        ranges = bundled_arenas()
        if self.arena is not None:
            if self.arena not in ranges:
                raise BalanceError(f"unknown arena {self.arena!r}: choose one of {', '.join(ranges)}")
            lo, hi = ranges[self.arena]
            if not lo <= self.players <= hi:
                raise BalanceError(f"arena {self.arena} takes {lo}–{hi} players, not {self.players}")
            arenas = (self.arena,)
        else:
            arenas = tuple(name for name, (lo, hi) in ranges.items() if lo <= self.players <= hi)
            if not arenas:
                raise BalanceError(f"no bundled arena takes {self.players} players")
        return SimConfig(self.games, self.players, self.arena, self.bots, self.beasts, self.seed,
                         self.round_limit, arenas)


_ARENA_RANGES: dict[str, tuple[int, int]] | None = None
_ARENAS: dict = {}
_LIBRARY = None


def bundled_arenas() -> dict[str, tuple[int, int]]:
    """Every playable bundled arena by name (the .tmx file's stem), sorted: its (min, max) players."""
    global _ARENA_RANGES
    if _ARENA_RANGES is None:
        from .paths import maps_dir

        ranges = {}
        for path in sorted(maps_dir().glob("*.tmx")):
            arena = _arena(path.stem, quiet=True)
            if arena is not None:
                ranges[path.stem] = (arena.min_players, arena.max_players)
        _ARENA_RANGES = ranges
    return _ARENA_RANGES


def _arena(name: str, quiet: bool = False):
    if name not in _ARENAS:
        from .board.tiled import MapError, load_arena
        from .paths import maps_dir

        try:
            _ARENAS[name] = load_arena(maps_dir() / f"{name}.tmx")
        except (MapError, OSError):
            if not quiet:
                raise
            _ARENAS[name] = None
    return _ARENAS[name]


def _library():
    global _LIBRARY
    if _LIBRARY is None:
        from .rulesets.celebrity import load_cards
        from .paths import bundled_cards_dir

        _LIBRARY = load_cards([bundled_cards_dir()])  # the bundled cards only, never the player's own
    return _LIBRARY


# --- one game ----------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run with seed `seed` (independent of everything else)."""
    digest = hashlib.sha256(f"deathmatch-balance/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_game(config: SimConfig, index: int) -> dict:
    """Play game `index` of a (checked) run to its end; a small picklable summary of it."""
    import random

    from .bots import make_bot
    from .core.loop import play_until_over
    from .rulesets.celebrity import Options, make_setup, models_per_player, new_game
    from .rulesets.celebrity import events as ev

    rng = random.Random(game_seed(config.seed, index))
    arena_name = config.arenas[index % len(config.arenas)]
    library = _library()
    n = config.players
    per = models_per_player(n)
    ids = rng.sample(sorted(library.cards), n * per)
    seats = [(f"P{i + 1}", ids[i * per:(i + 1) * per]) for i in range(n)]
    options = Options(beasts=config.beasts, round_limit=config.round_limit)
    setup = make_setup({"map": f"maps/{arena_name}.tmx"}, seats, library, options, seed=rng.randrange(2**31))
    game = new_game(setup, _arena(arena_name))
    bots = {name: make_bot(config.bots, rng.randrange(2**31)) for name, _ in seats}

    played: dict[str, set] = {cid: set() for cid in ids}
    beast = [0, 0]  # lives taken, kills made by beasts

    def tally(events) -> None:
        for e in events:
            kind = type(e)
            if kind is ev.AbilityPlayed:
                played.setdefault(e.model, set()).add(e.ability)
            elif kind is ev.LifeLost:
                if e.by in game.beasts:
                    beast[0] += 1
            elif kind is ev.Died:
                if e.by in game.beasts:
                    beast[1] += 1

    decisions = play_until_over(game, lambda g: bots[g.pending.player].choose(g), on_events=tally,
                                max_decisions=MAX_DECISIONS + 1)
    if not game.over:
        raise RuntimeError(f"game {index} (seed {config.seed}) did not end in {MAX_DECISIONS} decisions")
    beast_lives, beast_kills = beast

    out = game.outcome
    keys = {p: (-game.scores[p].vp, -game.scores[p].kills, -game.scores[p].loot) for p in game.players}
    ordered = sorted(keys.values())
    players = []
    for name, cards in seats:
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
        "index": index,
        "arena": arena_name,
        "rounds": game.round,
        "reason": out.reason,
        "winners": list(out.winners),
        "players": players,
        "played": {cid: sorted(names) for cid, names in played.items()},
        "beast_lives": beast_lives,
        "beast_kills": beast_kills,
        "decisions": decisions,
    }


def _play_args(args) -> dict:
    return play_game(*args)


# --- many games --------------------------------------------------------------------------


class Progress:
    """`\\r[#####.....] 512/2000 games  31.4 games/s` on a terminal, else a line every 10 %."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO | None = None):
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        try:
            self.tty = self.stream.isatty()
        except (AttributeError, ValueError):
            self.tty = False
        self.t0 = time.perf_counter()
        self.last_draw = 0.0
        self.next_tenth = 1
        self.shown = 0

    def update(self, done: int) -> None:
        now = time.perf_counter()
        rate = done / max(now - self.t0, 1e-9)
        if self.tty:
            if done < self.total and now - self.last_draw < 0.1:
                return
            self.last_draw = now
            filled = self.WIDTH * done // self.total
            bar = "#" * filled + "." * (self.WIDTH - filled)
            text = f"[{bar}] {done}/{self.total} games  {rate:.1f} games/s"
            self.shown = max(self.shown, len(text))
            self.stream.write("\r" + text.ljust(self.shown))
            if done >= self.total:
                self.stream.write("\n")
            self.stream.flush()
            return
        while self.next_tenth <= 10 and done * 10 >= self.next_tenth * self.total:
            self.next_tenth += 1
            self.stream.write(f"{done}/{self.total} games ({done * 100 // self.total} %)  {rate:.1f} games/s\n")
            self.stream.flush()


def simulate(config: SimConfig, jobs: int = 1, progress: Progress | None = None) -> list[dict]:
    """Play every game of a run (checking the config first); the game summaries in index order."""
    config = config if config.arenas else config.checked()
    indices = range(config.games)
    results: list[dict] = []
    if jobs <= 1:
        _library()
        for i in indices:
            results.append(play_game(config, i))
            if progress:
                progress.update(len(results))
        return results
    _library()  # loaded once here, inherited by forked workers
    for name in config.arenas:
        _arena(name)
    chunk = max(1, min(16, config.games // (jobs * 16)))
    with ProcessPoolExecutor(jobs) as pool:
        for r in pool.map(_play_args, ((config, i) for i in indices), chunksize=chunk):
            results.append(r)
            if progress:
                progress.update(len(results))
    return results


# --- statistics --------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate `wins`/`n` (95 % by default); (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, wins / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def flag(wins: float, games: int, fair: float, z: float = 1.96) -> str:
    """"strong" if the win rate's Wilson lower bound is above `fair`, "weak" if the upper is below, else ""."""
    lo, hi = wilson(wins, games, z)
    if lo > fair:
        return "strong"
    if hi < fair:
        return "weak"
    return ""


def _r(x: float | None, places: int) -> float | None:
    if x is None:
        return None
    v = round(x, places)
    return 0.0 if v == 0 else v  # never -0.0


def _mean(total: float, n: int) -> float | None:
    return total / n if n else None


def summarize(config: SimConfig, results: Sequence[dict]) -> dict:
    """The report of a run: options, per-game summary numbers and the per-card table."""
    from .rulesets.celebrity.game import LOOT_VP

    library = _library()
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
                    names = [a.name for a in library[cid].abilities]
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
            "name": library[cid].name,
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
    options = asdict(config)
    options["arenas"] = list(config.arenas)
    return {"command": config.command(), "options": options, "summary": summary, "cards": rows}


# --- output ------------------------------------------------------------------------------


def _pct(x: float | None, places: int = 1) -> str:
    return "—" if x is None else f"{x * 100:.{places}f}%"


def _num(x: float | None, places: int = 2) -> str:
    return "—" if x is None else f"{x:.{places}f}"


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


def _align(rows: list[list[str]], right: Iterable[int] = ()) -> list[str]:
    right = set(right)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))]
        out.append("  ".join(cells).rstrip())
    return out


def render_table(report: dict) -> str:
    """The readable report for the terminal."""
    lines = [report["command"], ""]
    lines += summary_lines(report)
    lines.append("")
    lines += _align(card_table(report), right=(1, 2, 3, 4, 5))
    lines.append("")
    lines += _align(ability_table(report), right=(2, 3, 4))
    flagged = report["summary"]["flagged"]
    lines.append("")
    lines.append(f"strong: {', '.join(flagged['strong']) or 'none'}")
    lines.append(f"weak:   {', '.join(flagged['weak']) or 'none'}")
    return "\n".join(lines) + "\n"


def to_json(report: dict) -> str:
    return json.dumps(report, indent=2, ensure_ascii=False) + "\n"


def write_json(report: dict, path: Path) -> None:
    Path(path).write_text(to_json(report), encoding="utf-8")


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


def write_csv(report: dict, path: Path) -> None:
    Path(path).write_text(to_csv(report), encoding="utf-8", newline="")


# --- the command -------------------------------------------------------------------------


def run(config: SimConfig, jobs: int = 1, progress: bool = True) -> dict:
    """Check, play and summarize a run (progress on stderr if asked)."""
    config = config.checked()
    bar = Progress(config.games) if progress else None
    return summarize(config, simulate(config, jobs, bar))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        self.exit(2, f"{self.prog}: error: {message}\n")


def parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="deathmatch simulate",
                 description="Play many seeded bot games and report each character card's win rate.")
    ap.add_argument("--games", type=int, required=True, help="how many games")
    ap.add_argument("--players", type=int, required=True, help="players per game (2-10)")
    ap.add_argument("--arena", default=None,
                    help="a bundled arena's name (default: every bundled arena that fits, in turn)")
    ap.add_argument("--bots", default="normal", help="bot strength for every seat: easy, normal or hard")
    ap.add_argument("--beasts", action="store_true", help="wandering beasts on")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED)
    ap.add_argument("--jobs", type=int, default=1, help="processes to play in (results do not depend on it)")
    ap.add_argument("--json", type=Path, default=None, metavar="FILE", help="write the whole report as JSON")
    ap.add_argument("--csv", type=Path, default=None, metavar="FILE", help="write the per-card table as CSV")
    ap.add_argument("--round-limit", type=int, default=DEFAULT_ROUND_LIMIT)
    return ap


def cli(argv: list[str]) -> int:
    """`deathmatch simulate …`: 0 on success, 2 on a bad option (one line on stderr)."""
    ap = parser()
    try:
        args = ap.parse_args(argv)
        if args.jobs < 1:
            ap.error(f"--jobs must be at least 1, not {args.jobs}")
        config = SimConfig(args.games, args.players, args.arena, args.bots, args.beasts, args.seed,
                           args.round_limit)
        try:
            config = config.checked()
        except BalanceError as e:
            ap.error(str(e))
    except SystemExit as e:  # argparse's way out (--help: 0, a bad option: 2), as a return value
        return e.code if isinstance(e.code, int) else 2
    report = run(config, args.jobs)
    sys.stdout.write(render_table(report))
    if args.json:
        write_json(report, args.json)
    if args.csv:
        write_csv(report, args.csv)
    return 0


if __name__ == "__main__":
    from deathmatch.balance import cli as _cli  # the importable module, so worker processes find its functions

    sys.exit(_cli(sys.argv[1:]))
