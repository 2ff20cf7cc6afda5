"""A Gladiator! season's file and sheets (docs/CAREERS.md): the season is saved in the user
folder after every action, read back whatever the file holds, listed for Continue, and
exported like a tournament night (CSV and a printable HTML sheet).

    deathmatch season --bots 4 [--seed S] [--schedule round-robin|swiss] [--rounds N]
                      [--csv F] [--html F] [--stop-after N] [--resume PATH] [--name NAME]

The season itself (ludi, money, schedule, bouts, records, standings) is
`deathmatch.rulesets.gladiator.career`; this module only keeps it on disk and prints it.
Pure Python: no pygame.
"""

from __future__ import annotations

import argparse
import csv
import html
import io
import json
import os
import stat
import sys
from pathlib import Path

from ... import safefile
from ...safefile import csv_cell
from ...core import registry
from ...core.errors import RecordError
from ...core.record import Record
from ...paths import user_data_dir
from ...saves import name_file_name, note_write_problem, write_atomic
from ...yamlfile import text_problem
from .career import (
    MAX_NAME,
    POINTS_DRAW,
    POINTS_WIN,
    SCHEDULES,
    Season,
    SeasonError,
    bout_with_bots,
    replayed_bout_check,
    result_from_json,
    rules_for_careers,
    run,
)
from .model import LOCATIONS, TYPE_NAMES

MAX_FILE_BYTES = 64_000_000
"""A season file larger than this is not read (a season with every bout's record is a few MB)."""
SUFFIX = ".json"


def seasons_dir() -> Path:
    """Where seasons are kept (``<user data>/seasons``), made if missing."""
    folder = user_data_dir() / "seasons"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:  # a file in its place: `list_seasons` says so, and saving does
        pass
    return folder


def season_path(name: str) -> Path:
    """The file of the season called `name` (inside `seasons_dir()`, whatever the name holds)."""
    return seasons_dir() / name_file_name(name)


def free_path(name: str) -> tuple[str, Path]:
    """A name like `name` whose file is not taken yet ("Bot season 7", "Bot season 7 (2)", …) and its file."""
    for n in range(1, 10_000):
        candidate = name if n == 1 else f"{name} ({n})"
        path = season_path(candidate)
        if not os.path.lexists(path):  # (a dangling link is taken too: never written through)
            return candidate, path
    raise OSError(f"no free file for a season called {name!r}")


def save(season: Season, path: Path | None = None) -> Path:
    """Write the season atomically (the old file or the new one, never half of one)."""
    path = Path(path or season_path(season.name))
    write_atomic(path, json.dumps(season.to_json(), ensure_ascii=False))
    return path


CHECK_BOUT = replayed_bout_check
"""How `load` checks each bout's result against the bout: its record replayed by the rules
(`career.replayed_bout_check`); a result its record does not replay to is a broken file."""


def load(path: Path) -> Season:
    """The season in `path`: never hangs on a file that is not a regular file, reads at most
    `MAX_FILE_BYTES`; SeasonError starting with the file's name says what is wrong. Every bout's
    result is believed only if its record replays to it (`CHECK_BOUT`): an edited result ("bout 3:
    the file says Crixus was spared, but its record replays to his death") is a broken file."""
    path = Path(path)
    try:
        if os.path.islink(path):  # a dangling, looping or outward link: said as a link, never followed
            why = safefile.problem(path, MAX_FILE_BYTES, safefile.home_folder(path, user_data_dir()))
            if why is not None:
                raise SeasonError(f"{why}: not a season")
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            raise SeasonError("is not a regular file: not a season")
        if st.st_size > MAX_FILE_BYTES:
            raise SeasonError(f"is {st.st_size // 1_000_000} MB, larger than a season can be "
                              f"({MAX_FILE_BYTES // 1_000_000} MB)")
        try:  # a link out of the seasons folder is not opened; numbers and nesting within the game's limits
            data = safefile.read_json(path, MAX_FILE_BYTES, folder=safefile.home_folder(path, user_data_dir()))
        except safefile.Refused as e:
            raise SeasonError(f"{e.reason}: not a season" if e.line is None else f"line {e.line}: {e.reason}") from None
        return Season.from_json(data, check_bout=CHECK_BOUT)
    except SeasonError as e:
        raise SeasonError(f"{path.name}: {e}") from None
    except UnicodeDecodeError:
        raise SeasonError(f"{path.name}: not a text file (not UTF-8): not a season") from None
    except (ValueError, RecursionError) as e:
        raise SeasonError(f"{path.name}: not valid JSON ({e})") from None
    except OSError as e:
        raise SeasonError(f"{path.name}: can not be read ({e.strerror or e})") from None


def list_seasons(folder: Path | None = None) -> tuple[list[tuple[Path, Season]], list[tuple[Path, str]]]:
    """Every season in the folder, the most recently saved first; and every file that is not a
    season that can be read, with why (reported, skipped, never changed)."""
    folder = Path(folder or seasons_dir())
    good, broken = [], []
    files, skipped = safefile.entries(folder, (SUFFIX,))
    broken += [(Path(e.path), str(e)) for e in skipped]  # the seasons folder a file: said, not a crash
    files = [p for p in files if p.suffix == SUFFIX and not os.path.isdir(p)]

    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    for p in sorted(files, key=lambda p: (-mtime(p), p.name)):
        try:
            good.append((p, load(p)))
        except RecordError as e:
            broken.append((p, str(e)))
    return good, broken


def to_continue(folder: Path | None = None) -> tuple[Path, Season] | None:
    """The season Continue goes on with: the most recently saved one that is not over."""
    good, _ = list_seasons(folder)
    return next(((p, s) for p, s in good if not s.over), None)


def play(season: Season, path: Path, play_bout=None, stop_after: int | None = None) -> int:
    """Run the computer's actions (bots' ludi, bouts) saving the season after every one; returns
    how many were taken."""
    return run(season, play_bout or bout_with_bots(), on_action=lambda s: save(s, path), stop_after=stop_after)


# --- what the career screens need (scenes/gladiator/: the season played on screen) ---

BOUTS_FOLDER = "bouts"
"""Beside the seasons: the bout being fought on the table, one file a season (its record so far)."""


def bout_path(season_file: Path) -> Path:
    """Where the bout on the table of the season in `season_file` is kept while it is fought."""
    season_file = Path(season_file)
    return season_file.parent / BOUTS_FOLDER / season_file.name


def expected_setup_json(season: Season, index: int):
    """The rules' setup of bout `index` (both sides picked), as the bout's record keeps it."""
    ruleset = rules_for_careers()
    setup = ruleset.career.bout_setup(season.bout_setup(index).to_json(), season.bout_seed(index))
    return ruleset, setup


bout_problems: list[str] = []
"""Why a kept bout was not taken up (a link, a pipe, a file nested too deep): `bout_game` adds,
the screen that fights the bout may say them."""


def bout_game(season: Season, index: int, season_file: Path | None = None):
    """The game of bout `index` for the table: taken up where it stood if the program stopped
    mid-bout (its record in `bout_path`, replayed decision by decision, only if it is this bout
    of this season; it may be over, if the program stopped before its result was kept), else
    started afresh from the bout's seed. Returns (game, resumed)."""
    ruleset, setup = expected_setup_json(season, index)
    if season_file is not None:
        path = bout_path(season_file)
        try:  # through the gate: a link out of the bouts folder, a pipe, or JSON nested 100,000 deep is refused
            data = safefile.read_json(path, MAX_FILE_BYTES, folder=safefile.home_folder(path, user_data_dir()))
            record = Record.from_json(data.get("record"))
            if data.get("bout") == index and record.setup == ruleset.setup_to_json(setup):
                return registry.replay(record), True
        except safefile.Refused as e:  # said (logged), then fought again from its seed
            if e.kind != "missing":
                import logging

                logging.getLogger("deathmatch").warning("the bout kept in %s is not taken up: %s; it is fought "
                                                        "again from its start", path, e)
                bout_problems.append(f"{e}; the bout is fought again from its start")
        except RecordError as e:  # kept for this bout, but it does not replay (edited, or of another game): said
            import logging

            logging.getLogger("deathmatch").warning("the bout kept in %s is not taken up: %s; it is fought "
                                                    "again from its start", path, e)
            bout_problems.append(f"{path.name}: the bout kept there does not replay ({e}); the bout is fought "
                                 "again from its start")
        except (OSError, ValueError, AttributeError, TypeError, KeyError):
            pass  # no bout kept, or not this one, or broken: the bout is fought again from its seed
    return ruleset.new_game(setup), False


def save_bout(season_file: Path, index: int, game) -> Path:
    """Keep the bout on the table (its record so far) beside the season, atomically."""
    record = registry.record_of(game, rules_for_careers())
    path = bout_path(season_file)
    try:
        write_atomic(path, json.dumps({"bout": index, "record": record.to_json()}, ensure_ascii=False))
    except OSError as e:  # (a link in its place is never written through): the bout goes on, not kept
        note_write_problem("The bout on the table", e)
        bout_problems.append(f"the bout could not be kept: {e.strerror or e}")
    else:
        note_write_problem("The bout on the table", None)
    return path


def drop_bout(season_file: Path) -> None:
    """Forget the kept bout (its result is in the season now)."""
    try:
        bout_path(season_file).unlink()
    except OSError:
        pass


def bout_called_off(game) -> bool:
    """Whether the rules call a season's bout off now (a draw: docs/CAREERS.md)."""
    called_off = getattr(rules_for_careers().career, "called_off", None)
    return bool(called_off is not None and called_off(game))


def result_of(season: Season, index: int, game):
    """A finished (or called-off) bout's result in the season's words, with its record, checked."""
    ruleset = rules_for_careers()
    data = dict(ruleset.career.bout_result(game))
    data["record"] = registry.record_of(game, ruleset).to_json()
    b = season.bouts[index]
    return result_from_json(data, [season.fighters[b.picks[s]].gladiator.cards for s in b.sides])


def advance(season: Season, path: Path | None = None, begin: bool = True) -> int:
    """Take every action nobody has to decide (a bot's recruits and picks, a forfeit, a card
    drawn, the season's beginning when `begin`), saving after each; a bout is not played.
    Returns how many were taken."""
    n = 0
    while True:
        action = season.next_action(None)
        if action is None or (action["do"] == "begin" and not begin):
            return n
        season.apply(action)
        n += 1
        if path is not None:
            save(season, path)


def export_files(season: Season, path: Path) -> tuple[Path, Path]:
    """The season's CSV and printable HTML sheet, written beside its file (<name>.csv, <name>.html)."""
    path = Path(path)
    csv_path, html_path = path.with_suffix(".csv"), path.with_suffix(".html")
    write_atomic(csv_path, export_csv(season))
    write_atomic(html_path, export_html(season))
    return csv_path, html_path


# --- the sheets ---


def _rows(season: Season):
    table = season.standings()
    fighters = sorted(season.fighters.values(), key=lambda f: (list(season.ludi).index(f.ludus), f.id))
    return table, fighters


def export_csv(season: Season) -> str:
    """The standings, every gladiator's record and the memorial as CSV; every text cell goes
    through `safefile.csv_cell` (no cell a spreadsheet would run as a formula)."""
    buf = io.StringIO()
    w = csv.writer(buf)

    def row(values):
        w.writerow([csv_cell(v) for v in values])

    table, fighters = _rows(season)
    row(["rank", "ludus", "owner", "points", "bouts", "wins", "draws", "losses", "forfeits", "kills", "dead",
         "damage dealt", "damage taken", "money", "living", "out"])
    for r in table:
        row([r["rank"], r["ludus"], r["owner"], r["points"], r["bouts"], r["wins"], r["draws"], r["losses"],
             r["forfeits"], r["kills"], r["dead"], r["dealt"], r["taken"], r["money"], r["living"],
             "yes" if r["out"] else ""])
    row([])
    row(["gladiator", "ludus", "type", "bonus ap", "bouts", "wins", "draws", "losses", "kills", "damage dealt",
         "damage taken", *(f"scars {loc}" for loc in LOCATIONS), "cards held", "cards used", "status"])
    for f in fighters:
        row([f.name, f.ludus, f.gladiator.type, f.gladiator.bonus_ap, f.bouts, f.wins, f.draws, f.losses, f.kills,
             f.damage_dealt, f.damage_taken, *(f.scars[loc] for loc in LOCATIONS), " ".join(f.gladiator.cards),
             " ".join(f.cards_used), "alive" if f.alive else "dead"])
    row([])
    row(["memorial", "ludus", "bout", "killed by", "of", "how"])
    for f in season.memorial():
        row([f.name, f.ludus, f.death.bout, f.death.by, f.death.by_ludus, _how(f.death.how)])
    row([])
    row(["bout", "round", "side 1", "man 1", "side 2", "man 2", "winner", "card drawn"])
    for b in season.bouts:
        if not b.settled:
            continue
        men = [season.fighters[b.picks[s]].name if s in b.picks else "" for s in b.sides]
        row([b.index + 1, b.round, b.sides[0], men[0], b.sides[1], men[1], _verdict(b), b.drawn or ""])
    return buf.getvalue()


def _how(how: str) -> str:
    return {"killed": "killed in the sand", "thumbs_down": "down, the crowd's thumbs down"}.get(how, how)


def _death(f) -> str:
    """How a man of the memorial died, in words."""
    d = f.death
    if d.how == "thumbs_down":
        return f"put down by {d.by} of {d.by_ludus}, and the crowd turned its thumbs down"
    return f"killed in the sand by {d.by} of {d.by_ludus}"


def _verdict(b) -> str:
    if b.forfeits and len(b.forfeits) == 2:
        return "both forfeit"
    if b.forfeits:
        return f"{b.winner()} (walkover)"
    return b.winner() or "draw"


def export_html(season: Season, title: str | None = None) -> str:
    """The season as a printable page: the champion once it is over, the standings, each
    ludus's gladiators with their records and scars, the memorial, the bouts. Every text a
    player typed is escaped."""
    esc = html.escape
    table, fighters = _rows(season)
    champion = season.champion()
    headline = (f"Champion: <b>{esc(champion)}</b>" if champion
                else f"Leading: <b>{esc(table[0]['ludus'])}</b>" if season.begun and any(b.settled for b in season.bouts)
                else "No bout fought yet.")
    standings = "".join(
        f"<tr{' class=first' if r['rank'] == 1 and champion else ''}><td>{r['rank']}</td><td>{esc(r['ludus'])}"
        f"{' (out)' if r['out'] else ''}</td><td>{esc(r['owner'])}</td><td>{r['points']}</td><td>{r['bouts']}</td>"
        f"<td>{r['wins']}</td><td>{r['draws']}</td><td>{r['losses']}</td><td>{r['kills']}</td><td>{r['dead']}</td>"
        f"<td>{r['money']}</td></tr>" for r in table)
    men = "".join(
        f"<tr{'' if f.alive else ' class=dead'}><td>{esc(f.name)}</td><td>{esc(f.ludus)}</td>"
        f"<td>{esc(TYPE_NAMES.get(f.gladiator.type, f.gladiator.type))}{' +1 AP' if f.gladiator.bonus_ap else ''}</td>"
        f"<td>{f.bouts}</td><td>{f.wins}</td><td>{f.draws}</td><td>{f.losses}</td><td>{f.kills}</td>"
        f"<td>{esc(', '.join(f'{loc} {f.scars[loc]}' for loc in LOCATIONS if f.scars[loc]) or '—')}</td>"
        f"<td>{esc(', '.join(f.gladiator.cards) or '—')}</td><td>{'alive' if f.alive else 'dead'}</td></tr>"
        for f in fighters)
    memorial = "".join(
        f"<li><b>{esc(f.name)}</b> of {esc(f.ludus)}, bout {f.death.bout}: {esc(_death(f))} ({f.wins} win{'s' if f.wins != 1 else ''} in "
        f"{f.bouts} bout{'s' if f.bouts != 1 else ''})</li>" for f in season.memorial())
    bouts = "".join(
        f"<tr><td>{b.index + 1}</td><td>{b.round}</td><td>{esc(b.sides[0])}"
        f"{' (' + esc(season.fighters[b.picks[b.sides[0]]].name) + ')' if b.sides[0] in b.picks else ''}</td>"
        f"<td>{esc(b.sides[1])}"
        f"{' (' + esc(season.fighters[b.picks[b.sides[1]]].name) + ')' if b.sides[1] in b.picks else ''}</td>"
        f"<td>{esc(_verdict(b)) if b.settled else 'to fight'}</td></tr>" for b in season.bouts)
    progress = season.progress()
    return HTML.format(title=esc(title or season.name), progress=esc(progress[0].upper() + progress[1:]),
                       headline=headline, standings=standings, men=men or "<tr><td colspan=11>None yet.</td></tr>",
                       memorial=memorial or "<li>Nobody has died. Yet.</li>",
                       bouts=bouts or "<tr><td colspan=5>None yet.</td></tr>",
                       win=POINTS_WIN, draw=POINTS_DRAW)


HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
 body {{ font-family: Georgia, 'DejaVu Serif', serif; background: #f6efe1; color: #2a1a10; margin: 2em auto; max-width: 60em; }}
 h1 {{ text-align: center; letter-spacing: .12em; margin-bottom: .1em; }}
 .sub {{ text-align: center; color: #7a5a3a; margin-top: 0; }}
 .champion {{ text-align: center; font-size: 1.6em; margin: .6em 0 1em; }}
 table {{ border-collapse: collapse; width: 100%; margin-bottom: 1.5em; }}
 th, td {{ border: 1px solid #b89a70; padding: .3em .5em; text-align: left; }}
 th {{ background: #5a1a14; color: #f6efe1; }} tr.first td {{ font-weight: bold; background: #f1dc9a; }}
 tr.dead td {{ color: #7a6a5a; text-decoration: line-through; }}
 tr:nth-child(even) td {{ background: #efe4cc; }}
 @media print {{ body {{ margin: 0; }} }}
</style></head><body>
<h1>{title}</h1><p class="sub">Gladiator! — {progress}</p>
<p class="champion">{headline}</p>
<h2>Standings</h2>
<table><tr><th>#</th><th>Ludus</th><th>Owner</th><th>Points</th><th>Bouts</th><th>Won</th><th>Drawn</th><th>Lost</th>
<th>Kills</th><th>Dead</th><th>Denarii</th></tr>{standings}</table>
<p>A win is {win} points, a draw {draw}, a walkover a win. Ties are broken by wins, then kills, then the fewest
of its own men dead, then damage dealt less damage taken.</p>
<h2>The gladiators</h2>
<table><tr><th>Gladiator</th><th>Ludus</th><th>Type</th><th>Bouts</th><th>Won</th><th>Drawn</th><th>Lost</th>
<th>Kills</th><th>Scars</th><th>Cards held</th><th></th></tr>{men}</table>
<h2>In memoriam</h2><ul>{memorial}</ul>
<h2>The bouts</h2>
<table><tr><th>Bout</th><th>Round</th><th>Side</th><th>Side</th><th>Won by</th></tr>{bouts}</table>
</body></html>
"""


# --- the command ---


def cli(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(prog="deathmatch season",
                                 description="A Gladiator! season of bot ludi, headless (docs/CAREERS.md).")
    ap.add_argument("--bots", type=int, default=None, help="how many bot ludi (2–10)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--schedule", choices=SCHEDULES, default="round-robin")
    ap.add_argument("--rounds", type=int, default=None, help="a swiss season's rounds (default: enough for a leader)")
    ap.add_argument("--level", default="normal", help="the bots' level (the rules' middle one if they have no such)")
    ap.add_argument("--name", default=None, help="the season's name (its file in the seasons folder)")
    ap.add_argument("--csv", type=Path, default=None)
    ap.add_argument("--html", type=Path, default=None)
    ap.add_argument("--stop-after", type=int, default=None, help="stop (saved) after this many actions")
    ap.add_argument("--resume", type=Path, default=None, help="go on with the season saved in this file")
    args = ap.parse_args(argv)
    if args.resume is None and args.bots is None:
        ap.error("give --bots N for a new season, or --resume FILE")
    if args.resume is not None and (args.bots is not None or args.rounds is not None):
        ap.error("--resume goes on with the season as it was made: no --bots or --rounds")
    if args.rounds is not None and args.schedule != "swiss":
        ap.error("--rounds is for --schedule swiss")
    try:
        if args.resume is not None:
            path = args.resume
            season = load(path)
        else:
            if not 2 <= args.bots <= 10:
                print("deathmatch season: error: --bots must be 2 to 10")
                return 2
            given = (args.name or "").strip()[:MAX_NAME - 8]
            if given and (why := text_problem(given, MAX_NAME, "name")) is not None:
                print(f"deathmatch season: error: --name {why}")  # (a season the game would refuse to read)
                return 2
            deck = rules_for_careers().career.deck()
            name, path = free_path((args.name or f"Bot season {args.seed}").strip()[:MAX_NAME - 8])
            season = Season(args.seed, args.schedule, args.rounds, deck, name, bot_ludi=args.bots,
                            bot_level=args.level)
            save(season, path)
        n = play(season, path, stop_after=args.stop_after)
    except SeasonError as e:
        print(f"deathmatch season: error: {e}")
        return 2
    except OSError as e:  # the seasons folder a file, a link in the season's place: said, not a traceback
        print(f"deathmatch season: error: the season could not be saved: {e.strerror or e}", file=sys.stderr)
        return 1
    if not season.over and (args.stop_after is None or n < args.stop_after):
        step = season.waiting_on()
        what = (f"{step.ludus}: {step.kind}" if step.ludus else
                "a person's ludus has no man yet, or the season has yet to begin")
        print(f"the season waits on a person ({what}); saved in {path}")
    elif not season.over:
        print(f"stopped after {n} actions, {season.progress()}; saved in {path}")
        print(f"go on with: deathmatch season --resume {_quoted(path)}")
    else:
        print(f"{season.name}: {len(season.ludi)} ludi, {season.schedule}, seed {season.seed} — saved in {path}")
    print(f"{'#':>2}  {'ludus':20s} {'pts':>4} {'W':>3} {'D':>3} {'L':>3} {'kills':>5} {'dead':>4} {'money':>5}")
    for r in season.standings():
        print(f"{r['rank']:>2}  {r['ludus'][:20]:20s} {r['points']:>4} {r['wins']:>3} {r['draws']:>3} {r['losses']:>3} "
              f"{r['kills']:>5} {r['dead']:>4} {r['money']:>5}")
    for f in season.memorial():
        print(f"  † {f.name} of {f.ludus}, bout {f.death.bout}: {_death(f)}")
    if args.html:
        args.html.write_text(export_html(season), encoding="utf-8")
    if args.csv:
        args.csv.write_text(export_csv(season), encoding="utf-8")
    return 0


def _quoted(path: Path) -> str:
    text = os.fspath(path)
    return f'"{text}"' if " " in text else text

