"""Tournament nights: a league of games with standings, fair seating, and nothing lost.

A `Tournament` is its settings plus the record of every game played (and the
one in progress): the standings are always computed from the games' records,
never kept apart from them. Saved atomically after every action like a
single game; a player may drop out between games.

Fairness: the first placement rotates — in game k the placement order starts
with seat k (mod the players still in), instead of the dice-off (a tournament
variant of RULES.md §2, so that everyone gets the good and the bad seats).

    deathmatch tournament --bots N --games G [--seed S] [--strength normal] [--html F] [--csv F] [--ruleset ID]

Every ruleset's nights are this one module: what a ruleset adds (its options, how a
game's pieces are dealt and its setup made, a game's result, the highlights) it gives
through the registry (`Ruleset.tournament`, a `core.registry.TournamentRules`); its bots
through `Ruleset.bot`. The games are kept as the core's records (`core.record.Record`).
"""

from __future__ import annotations

import argparse
import csv
import html
import io
import json
import os
import random
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core import registry
from .core.errors import RecordError
from .core.manifest import PLAIN_SCORING, Scoring
from .core.record import Record
from .rulesets import DEFAULT
from .safefile import FORMULA_STARTS, csv_cell  # noqa: F401  (the export's cells; their home is the file gate)

FORMAT = "deathmatch-tournament"
VERSION = 1


@dataclass
class Entrant:
    name: str
    colour: int = 0
    kind: str = "Human"
    """Human (at the screen), Phone (a person on their own phone), or a bot strength."""
    dropped_after: int | None = None
    """Dropped out after this many games (None: still playing)."""


@dataclass
class Tournament:
    entrants: list[Entrant]
    games: int
    arenas: list[str]
    """Arena ids ("bundled:colosseum", "user:my_arena"), played in order (cycled if fewer than the games)."""
    shuffle_arenas: bool = False
    assignment: str = "deal"
    """deal (random), pick (each player picks) or draft (players pick in turn from a shared pool)."""
    no_repeat: bool = True
    """No character twice for the same player in one tournament."""
    options: Any = None
    """The ruleset's options for every game (None: its defaults)."""
    seed: int = 0
    records: list[Record] = field(default_factory=list)
    """Finished games, in order."""
    current: Record | None = None
    """The game in progress (a ruleset's own record with a `record()` is taken too)."""
    ruleset: str = DEFAULT
    """The id of the ruleset every game of the night plays (a file from before rulesets: celebrity)."""

    def __post_init__(self) -> None:
        if self.options is None:
            self.options = self.rules.default_options()

    @property
    def rules(self):
        """The ruleset's part of a night (`core.registry.TournamentRules`)."""
        rules = registry.get(self.ruleset).tournament
        if rules is None:
            raise RecordError(f"{registry.get(self.ruleset).name} has no tournament nights")
        return rules

    @property
    def scoring(self) -> Scoring:
        """How the night scores its games: the columns and tie-breaks its game's manifest declares
        (`core.manifest.Scoring`); a ruleset registered without a manifest: VP, then wins."""
        try:
            return registry.manifest(self.ruleset).scoring
        except KeyError:
            return PLAIN_SCORING

    # --- the schedule ---
    def arena_for(self, k: int) -> str:
        """Game k's arena: the list in order (or shuffled), skipping arenas that do not take
        the players still in (after a drop-out); any bundled arena that does, as a last resort."""
        from .board.tiled import load_arena, saved_arena_id
        from .paths import maps_dir

        order = list(self.arenas)
        if self.shuffle_arenas:
            random.Random(self.seed).shuffle(order)
        n = len(self.players_in(k))
        candidates = [order[(k + i) % len(order)] for i in range(len(order))]
        candidates += [f"bundled:{p.stem}" for p in sorted(maps_dir().glob("*.tmx"))]
        tried = set()  # a long list may name an arena many times: each map is read once
        for ref in candidates:
            try:  # only the game's own arenas, by id: never a path against the current folder
                aid = saved_arena_id(ref)
                if aid in tried:
                    continue
                tried.add(aid)
                a = load_arena(aid)
            except ValueError:
                continue
            if a.min_players <= n <= a.max_players and self.ruleset in a.rulesets:
                return aid
        return order[k % len(order)]

    def players_in(self, k: int) -> list[Entrant]:
        return [e for e in self.entrants if e.dropped_after is None or e.dropped_after > k]

    def placement_order(self, k: int) -> list[str]:
        """Game k's placement order: the seats rotate, so everyone places first in turn."""
        names = [e.name for e in self.players_in(k)]
        r = k % len(names)
        return names[r:] + names[:r]

    def played_cards(self, player: str) -> set[str]:
        """The pieces (character cards) `player` played with in the finished games."""
        out: set[str] = set()
        for rec in self.records:
            out.update(self.rules.pieces(rec.setup).get(player, ()))
        return out

    def game_seed(self, k: int) -> int:
        """Game k's dice seed (0-based), from the night's seed: a file's game k must have it."""
        return random.Random(f"{self.seed}:game:{k}").randrange(1 << 30)

    def setup_for(self, k: int, library=None, cards: dict[str, list[str]] | None = None):
        """Game k's setup (its placement order fixed): `cards` each player picked, or dealt at random
        (respecting no-repeat) from `library` (None: the ruleset's default library)."""
        players = self.players_in(k)
        banned = {e.name: self.played_cards(e.name) if self.no_repeat else set() for e in players}
        # a phone seat is a person to the rules (no bot, standing orders): only the screen tells them apart
        return self.rules.setup([(e.name, e.colour, "Human" if e.kind == "Phone" else e.kind) for e in players],
                                self.arena_for(k),
                                self.game_seed(k), self.options,
                                order=self.placement_order(k), banned=banned,
                                rng=random.Random(f"{self.seed}:deal:{k}"), pieces=cards, library=library)

    def start_game(self, library=None, cards=None):
        """The next game, started (its record becomes `current`)."""
        ruleset = registry.get(self.ruleset)
        game = ruleset.new_game(self.setup_for(len(self.records), library, cards))
        self.current = registry.record_of(game, ruleset)
        return game

    def record_game(self, game) -> None:
        """Keep the game in progress as it stands (saved with the night)."""
        self.current = registry.record_of(game, registry.get(self.ruleset))

    def resume_game(self):
        """The game in progress, replayed from its record."""
        return registry.replay(_core_record(self.current)) if self.current else None

    def finish_game(self, game) -> None:
        self.records.append(registry.record_of(game, registry.get(self.ruleset)))
        self.current = None

    @property
    def over(self) -> bool:
        return len(self.records) >= self.games or len(self.players_in(len(self.records))) < 2

    def drop(self, player: str) -> None:
        """A player leaves between games: their results so far stay in the table."""
        for e in self.entrants:
            if e.name == player and e.dropped_after is None:
                e.dropped_after = len(self.records)

    # --- the results ---
    def results(self) -> list[dict]:
        """Each finished game replayed: winners, per-player VP/kills/loot and the events."""
        out = []
        for rec in self.records:
            g = registry.replay(rec)
            out.append({"game": g, **self.rules.result(g)})
        return out

    def standings(self, results=None) -> list[dict]:
        """The table: each of the game's columns added up over a player's games (its manifest's
        `Scoring`: Celebrity's VP, wins (a shared win counts 1/k), kills, loot), and the games played.
        Ranked by the game's tie-breaks in order (Celebrity: VP, wins, kills, loot), then by name."""
        results = results if results is not None else self.results()
        scoring = self.scoring
        totals = scoring.totals
        rows = {e.name: {"player": e.name, **{c.key: 0.0 if c.fractional else 0 for c in totals}, "games": 0,
                         "dropped": e.dropped_after is not None} for e in self.entrants}
        for r in results:
            for p in r["scores"]:
                row = rows[p]
                for c in totals:
                    row[c.key] += c.read(r, p)
                row["games"] += 1
        table = sorted(rows.values(), key=lambda x: (*scoring.rank_key(x), x["player"]))
        for i, row in enumerate(table, 1):
            row["rank"] = i
            for c in totals:
                if c.fractional:
                    row[c.key] = round(row[c.key], 2)
        return table

    def leaders(self, table=None) -> list[str]:
        """Who leads: nobody before the first game is over; then the players level at the top
        on every tie-break (the name breaks ties only for the final ranking)."""
        if not self.records:
            return []
        table = table if table is not None else self.standings()
        top = [self.scoring.rank_key(r) for r in table]
        return [r["player"] for r, key in zip(table, top) if key == top[0]]

    def champion(self, table=None) -> str | None:
        """The winner of the night: only once the tournament is over (after the tie-breaks)."""
        if not self.over or not self.records:
            return None
        table = table if table is not None else self.standings()
        return table[0]["player"] if table else None

    def progress(self) -> str:
        """Where the night stands, in words: "standings after game 2 of 3"."""
        done = len(self.records)
        if self.over:
            return f"final standings after {done} game{'s' if done != 1 else ''}"
        if not done:
            return f"no game played yet, {self.games} to play"
        return f"standings after game {done} of {self.games}"

    def highlights(self, results=None) -> list[str]:
        """The night's highlights, in words (the ruleset says what is worth telling)."""
        return self.rules.highlights(results if results is not None else self.results())

    # --- saving ---
    def to_json(self) -> dict:
        return {
            "format": FORMAT, "version": VERSION,
            "entrants": [vars(e) for e in self.entrants],
            "games": self.games, "arenas": self.arenas, "shuffle_arenas": self.shuffle_arenas,
            "assignment": self.assignment, "no_repeat": self.no_repeat,
            "options": self.rules.options_to_json(self.options), "seed": self.seed,
            "records": [r.to_json() for r in self.records],
            "current": _core_record(self.current).to_json() if self.current else None,
            "ruleset": self.ruleset,
        }

    @classmethod
    def from_json(cls, data) -> Tournament:
        """The tournament in a file; its arenas named by id and found in this game's folders
        (an old file's map paths by their file names); a file that names no ruleset is of
        Celebrity Deathmatch (made before there were rulesets). Every field is checked before
        it is used: RecordError names the field and says what is wrong ("'games' is text
        ("x"), not a whole number"), whatever the file holds."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a Deathmatch tournament")
        version = data.get("version", 0)
        if not _is_int(version):
            raise RecordError(f"'version' is {_what(version)}, not a whole number")
        if version > VERSION:
            raise RecordError(f"made by a newer version ({version}) of the game; this one reads up to "
                              f"version {VERSION}: update the game to open it")
        ruleset_id = data.get("ruleset", DEFAULT)
        try:
            ruleset = registry.get(ruleset_id)
        except (KeyError, TypeError):
            raise RecordError(f"a tournament of the ruleset {ruleset_id!r}, which this game does not know") from None
        if ruleset.tournament is None:
            raise RecordError(f"{ruleset.name} has no tournament nights")
        entrants = _entrants(_field(data, "entrants", list, "a list of players"),
                               ("Human", "Phone", *ruleset.bot_levels))
        games = _field(data, "games", _is_int, "a whole number")
        if not 1 <= games <= MAX_GAMES:
            raise RecordError(f"'games' is {games}, not 1–{MAX_GAMES}")
        arenas = _field(data, "arenas", list, "a list of arena names")
        if not arenas:
            raise RecordError("'arenas' is empty: a night needs at least one arena")
        for i, a in enumerate(arenas, 1):
            if not isinstance(a, str) or not a:
                raise RecordError(f"'arenas' item {i} is {_what(a)}, not an arena name")
        assignment = _field(data, "assignment", str, "text")
        if assignment not in ASSIGNMENTS:
            raise RecordError(f"'assignment' is {_what(assignment)}, not one of {', '.join(ASSIGNMENTS)}")
        try:
            options = ruleset.tournament.options_from_json(_field(data, "options", dict, "an object of options"))
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"'options' {e}") from None
        records_json = _field(data, "records", list, "a list of games")
        current_json = data.get("current")
        names = {e.name for e in entrants}
        records = []
        for i, r in enumerate([*records_json, *([current_json] if current_json is not None else [])], 1):
            what = f"game {i}" + (", in progress," if i > len(records_json) else "")
            try:
                rec = _checked(Record.from_json(r), ruleset)
                strangers = [p for p in ruleset.tournament.pieces(rec.setup) if p not in names]
            except RecordError as e:
                raise RecordError(f"{what} is a bad game record ({e})") from None
            except Exception as e:  # a hand-edited record must not crash the title screen
                raise RecordError(f"{what} is a bad game record ({type(e).__name__}: {e})") from None
            if strangers:
                raise RecordError(f"{what} has a player who is not in 'entrants': {strangers[0]!r}")
            records.append(rec)
        t = cls(
            entrants=entrants, games=games, arenas=[_arena_ref(a) for a in arenas],
            shuffle_arenas=_field(data, "shuffle_arenas", bool, "true or false"), assignment=assignment,
            no_repeat=_field(data, "no_repeat", bool, "true or false"), options=options,
            seed=_field(data, "seed", _is_int, "a whole number"), ruleset=ruleset.id,
        )
        if len(records_json) > games:
            raise RecordError(f"'records' holds {len(records_json)} finished games, more than the night's "
                              f"{games} ('games')")
        for i, rec in enumerate(records, 1):
            if rec.seed != t.game_seed(i - 1):  # each game's dice are the night's for its place: a game
                raise RecordError(f"game {i} is not the night's game {i} (its dice are another game's): "  # dropped,
                                  "the file was edited; start a new night")  # swapped or copied in is caught
            try:
                rec = t.rules.located(rec)
                # believed only if it replays: an edited decision is a broken file, not a different result
                registry.replay(_core_record(rec))
            except RecordError as e:
                if i > len(records_json):
                    raise RecordError(f"game {i}, in progress, can not be resumed: {e}") from None
                raise RecordError(f"game {i} can not be replayed: {e}") from None
            if i > len(records_json):
                t.current = rec
            else:
                t.records.append(rec)
        return t

    def save(self, path: Path | None = None) -> Path:
        from .saves import TOURNAMENT_FILE, saves_dir, write_atomic

        path = path or (saves_dir() / TOURNAMENT_FILE)
        write_atomic(path, json.dumps(self.to_json(), ensure_ascii=False))
        return path

    @classmethod
    def load(cls, path: Path | None = None) -> Tournament:
        """The tournament in `path` (the saves folder's tournament.json by default). Never hangs
        on a file that is not a regular file and reads at most `MAX_FILE_BYTES`; RecordError,
        starting with the file's name, says what is wrong with it."""
        from .saves import TOURNAMENT_FILE, saves_dir

        path = Path(path or (saves_dir() / TOURNAMENT_FILE))
        from . import safefile
        from .paths import user_data_dir

        try:
            if os.path.islink(path):  # a dangling, looping or outward link: said as a link, never followed
                why = safefile.problem(path, MAX_FILE_BYTES, safefile.home_folder(path, user_data_dir()))
                if why is not None:
                    raise RecordError(f"{path.name} {why}")
            st = path.stat()
            if not stat.S_ISREG(st.st_mode):
                raise RecordError(f"{path.name} is not a regular file: not a tournament")
            if st.st_size > MAX_FILE_BYTES:
                raise RecordError(f"{path.name} is {st.st_size // 1_000_000} MB, larger than a tournament "
                                  f"can be ({MAX_FILE_BYTES // 1_000_000} MB)")
            try:  # a link out of the saves folder is not opened; numbers and nesting within limits
                raw = safefile.read_bytes(path, MAX_FILE_BYTES, folder=safefile.home_folder(path, user_data_dir()))
            except safefile.Refused as e:
                raise RecordError(f"{path.name} {e.reason}") from None
            try:
                data = safefile.loads_json(raw.decode("utf-8-sig"), path.name)
            except safefile.Refused as e:
                raise ValueError(str(e)) from None
        except RecordError:
            raise
        except UnicodeDecodeError:
            raise RecordError(f"{path.name} is not a text file (not UTF-8): not a tournament") from None
        except (ValueError, RecursionError) as e:
            raise RecordError(f"can not read {path}: {path.name} is not valid JSON ({e})") from None
        except OSError as e:
            raise RecordError(f"can not read {path}: {e.strerror or e}") from None
        try:
            return cls.from_json(data)
        except RecordError as e:
            raise RecordError(f"{path.name}: {e}") from None

    # --- export ---
    def export_csv(self) -> str:
        """The standings and each game's scores as CSV. Text a player typed (names, arenas) never
        starts a cell with = + - @ or a tab or CR: a spreadsheet would run it as a formula
        (`csv_cell`)."""
        buf = io.StringIO()
        w = _SafeWriter(csv.writer(buf))
        scoring = self.scoring
        totals, per_game = scoring.totals, scoring.per_game
        w.writerow(["rank", "player", *(c.key for c in totals), "games", "dropped"])
        results = self.results()
        for row in self.standings(results):
            w.writerow([row["rank"], row["player"], *(row[c.key] for c in totals), row["games"],
                        "yes" if row["dropped"] else ""])
        w.writerow([])
        w.writerow(["game", "arena", "winners", "player", *(c.key for c in per_game)])
        for i, r in enumerate(results, 1):
            for p in r["scores"]:
                w.writerow([i, r["arena"], " & ".join(r["winners"]), p, *(c.read(r, p) for c in per_game)])
        return buf.getvalue()

    def export_html(self, title: str = "Deathmatch tournament night") -> str:
        """The night as a page: a champion and a podium once it is over; before that, the
        standings after the games played and who leads (nobody before the first game)."""
        results = self.results()
        table = self.standings(results)
        scoring = self.scoring
        totals, lead = scoring.totals, scoring.lead
        esc = html.escape
        champion = self.champion(table)
        leaders = [champion] if champion else self.leaders(table)
        if champion:
            headline = f"Champion: <b>{esc(champion)}</b>"
        elif leaders:
            headline = (f"Leader: <b>{esc(leaders[0])}</b>" if len(leaders) == 1
                        else "Leaders, level: <b>" + esc(", ".join(leaders)) + "</b>")
        else:
            headline = "No game played yet."
        rows = "".join(
            f"<tr class='{'first' if r['player'] in leaders else ''}'><td>{r['rank']}</td><td>{esc(r['player'])}"
            f"{' (dropped out)' if r['dropped'] else ''}</td>"
            + "".join(f"<td>{c.shown(r[c.key])}</td>" for c in totals) + f"<td>{r['games']}</td></tr>" for r in table)
        better = 1 if lead.lower_is_better else -1
        games = "".join(
            f"<tr><td>{i}</td><td>{esc(r['arena'])}</td><td>{esc(' & '.join(r['winners']))}</td><td>"
            + ", ".join(f"{esc(p)} {lead.shown(lead.read(r, p))}"
                        for p in sorted(r["scores"], key=lambda p: better * lead.read(r, p)))
            + "</td></tr>" for i, r in enumerate(results, 1))
        podium = "".join(f"<div class='step s{r['rank']}'><div class='name'>{esc(r['player'])}</div>"
                         f"<div class='vp'>{lead.shown(r[lead.key])} {esc(lead.label)}</div>"
                         f"<div class='place'>{r['rank']}</div></div>"
                         for r in table[:3]) if champion else ""
        lights = "".join(f"<li>{esc(h)}</li>" for h in self.highlights(results))
        quiet = "A quiet night." if results else "The night has not begun."
        progress = self.progress()
        try:
            game = registry.manifest(self.ruleset).name
        except KeyError:
            game = registry.get(self.ruleset).name
        heads = "".join(f"<th>{esc(_capital(c.label))}</th>" for c in totals)
        ties = ", then ".join(esc(scoring.column(k).label) for k in scoring.tie_breaks[1:])
        return HTML.format(title=esc(title), game=esc(game), heads=heads, lead=esc(lead.label),
                           ties=f"<p>Ties are broken by {ties}.</p>" if ties else "",
                           headline=headline, progress=progress[0].upper() + progress[1:],
                           podium=f"<div class='podium'>{podium}</div>" if podium else "", rows=rows,
                           games=games or "<tr><td colspan='4'>None yet.</td></tr>",
                           lights=lights or f"<li>{quiet}</li>")


def _capital(words: str) -> str:
    """Words with a capital first letter, the rest as they are ("kills" → "Kills", "VP" stays)."""
    return words[:1].upper() + words[1:]


def _core_record(rec) -> Record:
    """The core's record of a game of the night (a ruleset's own record, e.g. Celebrity's
    `GameRecord`, gives it by `record()`)."""
    return rec if isinstance(rec, Record) else rec.record()


def _checked(record: Record, ruleset) -> Record:
    """The record, if it is of the night's ruleset and its setup and decisions read (RecordError if not)."""
    if record.ruleset != ruleset.id:
        raise RecordError(f"a record of the ruleset {record.ruleset!r}, not of {ruleset.name}")
    registry.read(record)
    return record


MAX_GAMES = 1000
MAX_FILE_BYTES = 64_000_000
"""A tournament file larger than this is not read (a night of games is far smaller)."""
ASSIGNMENTS = ("deal", "pick", "draft")


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _what(v) -> str:
    """A value of a file, as a message shows it: text ("abc"), a list, null, 3."""
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        shown = repr(v)
        return shown if len(shown) <= 20 else shown[:17] + "…"
    if isinstance(v, str):
        shown = json.dumps(v, ensure_ascii=False)
        return f"text ({shown if len(shown) <= 30 else shown[:27] + '…'})"
    return {list: "a list", dict: "an object"}.get(type(v), type(v).__name__)


def _field(data: dict, name: str, kind, wanted: str):
    """`data[name]`, checked: `kind` is a type or a test; RecordError naming the field if it is missing or wrong."""
    if name not in data:
        raise RecordError(f"'{name}' is missing")
    value = data[name]
    ok = kind(value) if not isinstance(kind, type) else isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
    if not ok:
        raise RecordError(f"'{name}' is {_what(value)}, not {wanted}")
    return value


def _entrants(items: list, kinds: tuple[str, ...]) -> list[Entrant]:
    if not 1 <= len(items) <= 10:
        raise RecordError(f"'entrants' has {len(items)} players, not 1–10")
    out, names = [], set()
    for i, e in enumerate(items, 1):
        where = f"'entrants' player {i}"
        if not isinstance(e, dict):
            raise RecordError(f"{where} is {_what(e)}, not an object")
        unknown = sorted(set(e) - {"name", "colour", "kind", "dropped_after"})
        if unknown:
            raise RecordError(f"{where} has an unknown field {unknown[0]!r}")
        name = e.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RecordError(f"{where} has no name")
        if name in names:
            raise RecordError(f"{where}'s name {name!r} is used twice")
        names.add(name)
        colour, kind, dropped = e.get("colour", 0), e.get("kind", "Human"), e.get("dropped_after")
        if not _is_int(colour) or not 0 <= colour <= 9:
            raise RecordError(f"{where}'s 'colour' is {_what(colour)}, not a colour number 0–9")
        if kind not in kinds:
            raise RecordError(f"{where}'s 'kind' is {_what(kind)}, not one of {', '.join(kinds)}")
        if dropped is not None and (not _is_int(dropped) or dropped < 0):
            raise RecordError(f"{where}'s 'dropped_after' is {_what(dropped)}, not a number of games or null")
        out.append(Entrant(name, colour, kind, dropped))
    return out


class _SafeWriter:
    """A csv writer whose every text cell goes through `csv_cell`."""

    def __init__(self, writer):
        self._writer = writer

    def writerow(self, row) -> None:
        self._writer.writerow([csv_cell(v) for v in row])


def _arena_ref(ref) -> str:
    """An arena of the night's list as an id; one that is not found stays as written
    (`arena_for` passes over it, as over a broken map)."""
    from .board.tiled import saved_arena_id

    if not isinstance(ref, str):
        raise ValueError(f"arena {ref!r} is not a name")
    try:
        return saved_arena_id(ref)
    except ValueError:
        return ref


HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
 body {{ font-family: Georgia, 'DejaVu Serif', serif; background: #f6efe1; color: #2a1a10; margin: 2em auto; max-width: 56em; }}
 h1 {{ text-align: center; letter-spacing: .12em; margin-bottom: .1em; }}
 .sub {{ text-align: center; color: #7a5a3a; margin-top: 0; }}
 .champion {{ text-align: center; font-size: 1.6em; margin: .6em 0 1em; }}
 .podium {{ display: flex; justify-content: center; align-items: flex-end; gap: .6em; height: 11em; margin-bottom: 1.5em; }}
 .step {{ width: 10em; text-align: center; background: #c9a24a; border: 2px solid #7a5a1a; border-radius: 6px 6px 0 0; }}
 .step.s1 {{ height: 9em; order: 2; background: #e2b84d; }} .step.s2 {{ height: 7em; order: 1; background: #c0c0c8; }}
 .step.s3 {{ height: 5.5em; order: 3; background: #c98a4a; }}
 .name {{ font-weight: bold; margin-top: .5em; }} .place {{ font-size: 2em; font-weight: bold; }}
 table {{ border-collapse: collapse; width: 100%; margin-bottom: 1.5em; }}
 th, td {{ border: 1px solid #b89a70; padding: .35em .6em; text-align: left; }}
 th {{ background: #5a1a14; color: #f6efe1; }} tr.first td {{ font-weight: bold; background: #f1dc9a; }}
 tr:nth-child(even) td {{ background: #efe4cc; }}
 @media print {{ body {{ margin: 0; }} }}
</style></head><body>
<h1>{title}</h1><p class="sub">{game} — {progress}</p>
<p class="champion">{headline}</p>
{podium}
<h2>Standings</h2>
<table><tr><th>#</th><th>Player</th>{heads}<th>Games</th></tr>{rows}</table>
{ties}
<h2>The games</h2>
<table><tr><th>Game</th><th>Arena</th><th>Won by</th><th>{lead}</th></tr>{games}</table>
<h2>Highlights of the night</h2><ul>{lights}</ul>
</body></html>
"""


# --- headless bot tournaments ------------------------------------------------------------


def play_game_with_bots(tournament: Tournament, library=None, on_action=None, stop_after: int | None = None):
    """Play (or resume) the current game with bots in every seat; returns the game (finished or stopped).
    `library`: the ruleset's pieces to deal from (None: its default)."""
    from .core.loop import play_until_over

    game = tournament.resume_game() or tournament.start_game(library)
    k = len(tournament.records)
    stand_in = tournament.rules.stand_in
    kinds = {e.name: (e.kind if e.kind not in ("Human", "Phone") else stand_in) for e in tournament.players_in(k)}
    bot = registry.get(tournament.ruleset).bot

    def choose(g):
        # A fresh bot per decision, seeded by the game and the decision's number: an interrupted
        # and resumed game plays on exactly as it would have.
        seed = tournament.seed * 1_000_003 + k * 10_007 + len(g.history)
        player = g.pending.player
        return bot(kinds[player], player, seed).choose(g)

    def after(events) -> None:
        tournament.record_game(game)
        if on_action:
            on_action(tournament)

    stop = getattr(tournament.rules, "stop", None)  # a ruleset that ends a headless game itself (a round limit)
    play_until_over(game, choose, on_events=after, max_decisions=stop_after, stop=stop)
    if not game.over and not (stop is not None and stop(game, len(game.history))):
        return game
    tournament.finish_game(game)
    if on_action:
        on_action(tournament)
    return game


def bot_tournament(bots: int, games: int, seed: int = 0, strength: str = "normal", arenas=None,
                   ruleset: str = DEFAULT) -> Tournament:
    from .paths import maps_dir

    rules = registry.get(ruleset).tournament
    if arenas is None:
        from .board.tiled import load_arena

        arenas = []
        for p in sorted(maps_dir().glob("*.tmx")):
            a = load_arena(p)
            if a.min_players <= bots <= a.max_players and ruleset in a.rulesets:
                arenas.append(f"bundled:{p.stem}")
    names = [f"Bot {chr(65 + i)}" for i in range(bots)]
    return Tournament([Entrant(n, i % 10, strength) for i, n in enumerate(names)], games, arenas,
                      options=rules.bot_night_options(), seed=seed, ruleset=ruleset)


def cli(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="deathmatch tournament", description="A whole tournament of bots, headless.")
    ap.add_argument("--bots", type=int, required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--strength", default="normal", help="the bots' level (celebrity: easy, normal or hard)")
    ap.add_argument("--html", type=Path, default=None)
    ap.add_argument("--csv", type=Path, default=None)
    ap.add_argument("--ruleset", default=DEFAULT, help=f"the ruleset the night plays (default {DEFAULT})")
    args = ap.parse_args(argv)
    try:
        ruleset = registry.get(args.ruleset)
    except KeyError as e:
        ap.error(str(e.args[0]))
    if ruleset.tournament is None or ruleset.bot is None:
        ap.error(f"{ruleset.name} has no bot tournaments")
    if args.strength not in ruleset.bot_levels:
        ap.error(f"argument --strength: invalid choice: {args.strength!r} (choose from "
                 + ", ".join(repr(x) for x in ruleset.bot_levels) + ")")
    if not 2 <= args.bots <= 10:
        print("deathmatch tournament: error: --bots must be 2 to 10")
        return 2
    t = bot_tournament(args.bots, args.games, args.seed, args.strength, ruleset=ruleset.id)
    if not t.arenas:
        print(f"deathmatch tournament: error: no bundled arena takes {args.bots} players")
        return 2
    library = t.rules.library()  # read once for the night
    while not t.over:
        play_game_with_bots(t, library)
    print(f"{len(t.records)} games, {args.bots} {args.strength} bots, seed {args.seed}")
    # the columns in the game's own words (its manifest's scoring: Skirmish's "defeated", "left")
    columns = [(c, max(len(c.label), (4, 5)[i] if i < 2 else 8)) for i, c in enumerate(t.scoring.totals)]
    print(f"{'#':>2}  {'player':10s} " + " ".join(f"{c.label:>{w}}" for c, w in columns) + f" {'games':>5}")
    for row in t.standings():
        print(f"{row['rank']:>2}  {row['player']:10s} " + " ".join(f"{c.shown(row[c.key]):>{w}}" for c, w in columns)
              + f" {row['games']:>5}")
    for h in t.highlights():
        print(h)
    if args.html:
        args.html.write_text(t.export_html(), encoding="utf-8")
    if args.csv:
        args.csv.write_text(t.export_csv(), encoding="utf-8")
    return 0
