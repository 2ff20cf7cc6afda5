"""The `deathmatch` command (also `python -m deathmatch`): one CLI, subcommands.

    deathmatch                      the game: title screen, new game, continue, load, rules, settings
    deathmatch play [--players N] [--arena A] [--ruleset ID]   a hotseat game
    deathmatch demo [--seed N] [--screenshots DIR] [--ruleset ID]   a game that plays itself
    deathmatch simulate --games N --players P [--ruleset ID] …    the balance lab
    deathmatch tournament --bots N --games G [--ruleset ID] …   a night of bots, headless
    deathmatch season --bots N [--schedule swiss] [--resume FILE] …   a Gladiator! season of bots, headless
    deathmatch scenario PATH...     run rules scenarios (SCENARIOS.md)
    deathmatch check-cards [PATH...]  validate character cards (Celebrity Deathmatch's)
    deathmatch check-armies [PATH...] validate army files (Chessboard Skirmish's)
    deathmatch check-gladiators [PATH...] validate gladiator and experience card files (Gladiator!'s)
    deathmatch check-heroes [PATH...] validate hero files (Superhero Gladiators'), with each hero's points
      (each game's `check-…` commands are its manifest's content kinds: an installed game adds its own)
    deathmatch design-hero [ID]     the Superhero Gladiators hero designer (a new hero, or edit one)
      (each game's `design-…` commands are its manifest's content kinds' designers)
    deathmatch check-map PATH...    check Tiled arenas
    deathmatch arenas [--open-folder] [--ruleset ID]  list the arenas
    deathmatch --version            the game's version

`deathmatch-cli` is the same command for a terminal (the packaged app ships it
beside the windowed game, whose printed lines nobody sees on Windows); with no
arguments it prints this help instead of opening the window.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

from . import __version__
from .core import registry
from .core.manifest import ContentKind, resolve
from .rulesets import DEFAULT


def warn_stale_compiled() -> None:
    """Say so when an edited module would still run as its old compiled build (tools/build_fast.py)."""
    from . import stale_compiled

    stale = stale_compiled()
    if stale:
        names = ", ".join(p.stem for p in stale[:5]) + (f" and {len(stale) - 5} more" if len(stale) > 5 else "")
        print(f"deathmatch: the compiled engine is older than its source ({names}): the old code would run. "
              "Build it again with 'python tools/build_fast.py', or remove it with '--clean'.", file=sys.stderr)


def content_kinds() -> dict[str, ContentKind]:
    """`check-…` command → the kind of file it checks, from every installed game's manifest."""
    return {kind.command: kind for game in registry.games() for kind in game.content}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    warn_stale_compiled()
    if argv[:1] == ["simulate"]:  # the balance lab parses its own options
        from .balance import cli as simulate

        return simulate(argv[1:])
    if argv[:1] == ["tournament"]:
        from .tournament import cli as tournament

        return tournament(argv[1:])
    career = next((m for m in registry.games() if m.career is not None), None)  # Gladiator!'s (its manifest's career module)
    if argv[:1] == ["season"] and career is not None:
        return resolve(career.career).cli(argv[1:])
    parser = argparse.ArgumentParser(
        prog="deathmatch",
        description=textwrap.fill("Deathmatch: arena brawls for friends around one computer ("
                                  + ", ".join(m.name for m in registry.games())
                                  + "). Commands take --ruleset where they fit.", 78),
        epilog=games_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("scenario", help="run rules scenarios (files or folders of *.yaml)")
    p.add_argument("paths", nargs="+", type=Path)
    kinds = content_kinds()
    for kind in kinds.values():
        p = sub.add_parser(kind.command, help=kind.help)
        p.add_argument("paths", nargs="*", type=Path)
    designs = {kind.design_command: kind for kind in kinds.values() if kind.design_command and kind.design}
    for kind in designs.values():  # each game's designers (its manifest's content kinds: Superhero Gladiators' heroes)
        p = sub.add_parser(kind.design_command, help=kind.design_help)
        p.add_argument("item", nargs="?", default=None, help="the id of a bundled one or one of yours to open")
        p.add_argument("--fullscreen", action="store_true")
    p = sub.add_parser("check-map", help="check Tiled arenas (.tmx files or folders) and print every problem")
    p.add_argument("paths", nargs="+", type=Path)
    p = sub.add_parser("play", help="straight into a hotseat game (--ruleset: which game), its pieces dealt at random")
    p.add_argument("--players", type=int, default=None, help="how many seats (default: 4 for Celebrity "
                   "Deathmatch, else as many as the arena is for)")
    p.add_argument("--arena", default=None, help="an arena's name (colosseum, duel_pit, one of yours: see "
                   "'deathmatch arenas') or a .tmx path; without it, one for that many players")
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--open-cards", action="store_true", help="no hand-off screen: everybody sees every card")
    p.add_argument("--fullscreen", action="store_true")
    _ruleset_option(p, "the ruleset to play")
    p = sub.add_parser("demo", help="watch a game play itself (random legal choices), optionally saving screenshots")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=None, help="as for play")
    p.add_argument("--arena", default=None, help="as for play")
    p.add_argument("--frames", type=int, default=None, help="stop after this many frames")
    p.add_argument("--screenshots", type=Path, default=None, help="save a PNG every --every frames into this folder")
    p.add_argument("--every", type=int, default=60)
    p.add_argument("--speed", type=float, default=2.0, help="animation speed (1 = normal)")
    p.add_argument("--autosave", action="store_true", help="save the game after every move, as a real game does")
    _ruleset_option(p, "the ruleset the game plays")
    sub.add_parser("simulate", help="the balance lab: thousands of bot games, each piece's win rate (see --help)",
                   add_help=False)
    sub.add_parser("tournament", help="a whole tournament of bots, headless (see --help)", add_help=False)
    if career is not None:
        sub.add_parser("season", help=f"a {career.name} season of bots, headless (see --help)", add_help=False)
    sub.add_parser("smoke", help="scripted start: title, new game, bots, the first activation; then a phone seat answers a decision (exit 0 if it works)")
    p = sub.add_parser("arenas", help="list every arena (bundled and yours) with its players and status")
    p.add_argument("--open-folder", action="store_true", help="print your arenas folder (and open it)")
    p.add_argument("--ruleset", default=DEFAULT,  # (any name a map's rulesets property may hold)
                   help=f"list the maps for this ruleset (default {DEFAULT}; 'all' for every map)")
    args = parser.parse_args(argv)

    if args.command == "scenario":
        return cmd_scenario(args.paths)
    if args.command in kinds:
        return kinds[args.command].run(args.paths)
    if args.command == "check-map":
        return cmd_check_map(args.paths)
    if args.command in designs:
        from .launch import design

        return design(args.command, args.item, fullscreen=args.fullscreen)
    if args.command == "arenas":
        return cmd_arenas(args.open_folder, args.ruleset)
    if args.command in ("demo", "play"):
        if args.players is None and args.ruleset == DEFAULT:
            args.players = 4
        try:
            args.arena = arena_path(args.arena, args.players, args.ruleset)
        except ValueError as e:
            print(f"deathmatch {args.command}: {e}", file=sys.stderr)
            return 2
        if args.players is None:  # as many as the arena is for (its fewest)
            from .board.tiled import load_arena

            args.players = load_arena(args.arena).min_players
    if args.command == "demo":
        from .launch import demo

        return demo(args.seed, args.players, args.arena, args.frames, args.screenshots, args.every, args.speed,
                    autosave=args.autosave, ruleset=args.ruleset)
    if args.command == "smoke":
        from .launch import smoke

        return smoke()
    from .launch import play

    if args.command == "play":
        return play(args.players, args.arena, args.seed, handoff=not args.open_cards, fullscreen=args.fullscreen,
                    ruleset=args.ruleset)
    from .launch import main_window

    return main_window()


def games_epilog() -> str:
    """The help's list of the games installed, from the registry (a game installed later is listed too):
    the id each command's --ruleset takes, and the game's name."""
    games = registry.games()
    width = max((len(m.id) for m in games), default=0)
    lines = [f"  {m.id:<{width}}  {m.name}" for m in games]
    return "games (--ruleset ID):\n" + "\n".join(lines) + "\n\nrun 'deathmatch COMMAND --help' for a command's options"


def console_main(argv: list[str] | None = None) -> int:
    """`deathmatch-cli`: the commands of `deathmatch`, for a terminal; no arguments print the help
    (the windowed game is `deathmatch` / the app's Deathmatch)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    return main(argv or ["--help"])


def _ruleset_option(p: argparse.ArgumentParser, what: str) -> None:
    """`--ruleset ID`, one of the registry's rulesets (default: the one a record naming none is of)."""
    p.add_argument("--ruleset", default=DEFAULT, choices=registry.ids(), help=f"{what} (default {DEFAULT})")


def arena_path(name: str | None, players: int | None, ruleset: str | None = None) -> str:
    """The map file of the arena `demo`/`play --arena` names (see `board.arenas.find_arena`), or of one
    of `ruleset`'s arenas that fits `players` when none is named; ValueError with the arenas to pick from."""
    from .board.arenas import find_arena

    registry.games()  # every installed game loaded: their map checks, run by find_arena
    if ruleset is None or ruleset == DEFAULT:
        return str(find_arena(name, players).path)
    return str(find_arena(name, players, ruleset=ruleset, default="").path)


def cmd_scenario(paths: list[Path]) -> int:
    from .scenario import run_paths

    results = run_paths(paths)
    for r in results:
        print(r.line())
    passed = sum(r.ok for r in results)
    failed = len(results) - passed
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and results else 1


def cmd_check_map(paths: list[Path]) -> int:
    from .board.tiled import check_map

    registry.games()  # every installed game loaded: their map checks, run by check_map

    files: list[Path] = []
    for p in paths:
        files.extend(sorted([*p.glob("*.tmx"), *p.glob("*.tmj")]) if p.is_dir() else [p])
    errors = warnings = 0
    for f in files:
        report = check_map(f)
        for problem in report.problems:
            print(problem)
        errors += len(report.errors)
        warnings += len(report.warnings)
        if report.ok:
            a = report.arena
            if a.grid.name == "square":  # a square board's marks are its rulesets' (Skirmish: home rows, centre)
                marks = ", ".join(f"{len(at)} {kind}" for kind, at in a.markers.items() if at) or "no"
                print(f"ok   {f}: {a.name} ({a.min_players}-{a.max_players} players, {len(a.floor)} floor squares, "
                      f"{len(a.blocked)} blocked, {marks} marks)")
                continue
            print(f"ok   {f}: {a.name} ({a.min_players}-{a.max_players} players, {len(a.floor)} floor hexes, "
                  f"{len(a.blocked)} blocked, {len(a.spawn)} spawn, {len(a.loot)} loot, {len(a.beasts)} beast markers)")
    print(f"{len(files)} maps: {errors} errors, {warnings} warnings")
    return 1 if errors or not files else 0


def cmd_arenas(open_folder: bool, ruleset: str = DEFAULT) -> int:
    from .board.arenas import ensure_user_arenas, list_arenas
    from .safefile import Refused

    registry.games()  # every installed game loaded: their map checks, run by list_arenas

    try:
        folder = ensure_user_arenas()
    except Refused as e:
        print(f"deathmatch arenas: {e}", file=sys.stderr)
        return 1
    from .paths import folder_problems

    for said in folder_problems():  # a link where a tileset of the kit goes: said, not followed
        print(f"deathmatch arenas: {said}", file=sys.stderr)
    if open_folder:
        print(folder)
        _open_in_file_manager(folder)
        return 0
    for e in list_arenas(ruleset=None if ruleset == "all" else ruleset):
        if e.ok:
            a = e.report.arena
            note = f" ({len(e.report.warnings)} warnings)" if e.report.warnings else ""
            print(f"{e.origin:7s}  {a.name:28s} {a.min_players:2d}-{a.max_players:<2d} players  ok{note}  {e.path}")
        else:
            print(f"{e.origin:7s}  {e.name:28s}             BROKEN: {e.reason}  {e.path}")
    print(f"your arenas folder: {folder}")
    return 0


def _open_in_file_manager(folder: Path) -> None:
    """Open a folder in the desktop's file manager, where there is one (never fails)."""
    import os
    import shutil
    import subprocess

    try:
        if sys.platform.startswith("win"):
            os.startfile(folder)  # type: ignore[attr-defined]
        elif sys.platform == "darwin":
            subprocess.Popen(["open", str(folder)])
        elif shutil.which("xdg-open") and (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
            subprocess.Popen(["xdg-open", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main())
