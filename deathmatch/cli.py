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
    deathmatch design-hero [ID]     the Superhero Gladiators hero designer (a new hero, or edit one)
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
from pathlib import Path

from . import __version__


def warn_stale_compiled() -> None:
    """Say so when an edited module would still run as its old compiled build (tools/build_fast.py)."""
    from . import stale_compiled

    stale = stale_compiled()
    if stale:
        names = ", ".join(p.stem for p in stale[:5]) + (f" and {len(stale) - 5} more" if len(stale) > 5 else "")
        print(f"deathmatch: the compiled engine is older than its source ({names}): the old code would run. "
              "Build it again with 'python tools/build_fast.py', or remove it with '--clean'.", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    warn_stale_compiled()
    if argv[:1] == ["simulate"]:  # the balance lab parses its own options
        from .balance import cli as simulate

        return simulate(argv[1:])
    if argv[:1] == ["tournament"]:
        from .tournament import cli as tournament

        return tournament(argv[1:])
    if argv[:1] == ["season"]:
        from .season import cli as season

        return season(argv[1:])
    parser = argparse.ArgumentParser(
        prog="deathmatch",
        description="Deathmatch: arena brawls for friends around one computer (Semi-Historical Celebrity "
                    "Deathmatch, Chessboard Skirmish). Commands take --ruleset where they fit.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("scenario", help="run rules scenarios (files or folders of *.yaml)")
    p.add_argument("paths", nargs="+", type=Path)
    p = sub.add_parser("check-cards", help="validate character cards (default: the bundled and your own)")
    p.add_argument("paths", nargs="*", type=Path)
    p = sub.add_parser("check-armies", help="validate Chessboard Skirmish army files (default: the bundled and your own)")
    p.add_argument("paths", nargs="*", type=Path)
    p = sub.add_parser("check-gladiators", help="validate Gladiator! gladiator and experience card files "
                       "(default: the bundled and your own; a folder called experience holds cards)")
    p.add_argument("paths", nargs="*", type=Path)
    p = sub.add_parser("check-heroes", help="validate Superhero Gladiators hero files, printing each hero's "
                       "points (default: the bundled and your own)")
    p.add_argument("paths", nargs="*", type=Path)
    p = sub.add_parser("design-hero", help="the Superhero Gladiators hero designer: a new hero, or edit one by id")
    p.add_argument("hero", nargs="?", default=None, help="the id of a bundled hero or one of yours to open")
    p.add_argument("--fullscreen", action="store_true")
    p = sub.add_parser("check-map", help="check Tiled arenas (.tmx files or folders) and print every problem")
    p.add_argument("paths", nargs="+", type=Path)
    p = sub.add_parser("play", help="straight into a hotseat game with random cards")
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
    sub.add_parser("simulate", help="the balance lab: thousands of bot games, each character's win rate (see --help)",
                   add_help=False)
    sub.add_parser("tournament", help="a whole tournament of bots, headless (see --help)", add_help=False)
    sub.add_parser("season", help="a Gladiator! season of bot ludi, headless (see --help)", add_help=False)
    sub.add_parser("smoke", help="scripted start: title, new game, bots, the first activation (exit 0 if it works)")
    p = sub.add_parser("arenas", help="list every arena (bundled and yours) with its players and status")
    p.add_argument("--open-folder", action="store_true", help="print your arenas folder (and open it)")
    p.add_argument("--ruleset", default="celebrity", help="list the maps for this ruleset (default celebrity; 'all' for every map)")
    args = parser.parse_args(argv)

    if args.command == "scenario":
        return cmd_scenario(args.paths)
    if args.command == "check-cards":
        return cmd_check_cards(args.paths)
    if args.command == "check-armies":
        return cmd_check_armies(args.paths)
    if args.command == "check-gladiators":
        return cmd_check_gladiators(args.paths)
    if args.command == "check-heroes":
        return cmd_check_heroes(args.paths)
    if args.command == "check-map":
        return cmd_check_map(args.paths)
    if args.command == "design-hero":
        from .launch import design_hero

        return design_hero(args.hero, fullscreen=args.fullscreen)
    if args.command == "arenas":
        return cmd_arenas(args.open_folder, args.ruleset)
    if args.command in ("demo", "play"):
        from .rulesets import DEFAULT

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


def console_main(argv: list[str] | None = None) -> int:
    """`deathmatch-cli`: the commands of `deathmatch`, for a terminal; no arguments print the help
    (the windowed game is `deathmatch` / the app's Deathmatch)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    return main(argv or ["--help"])


def _ruleset_option(p: argparse.ArgumentParser, what: str) -> None:
    """`--ruleset ID`, one of the registry's rulesets (default: the one a record naming none is of)."""
    from .core import registry
    from .rulesets import DEFAULT

    p.add_argument("--ruleset", default=DEFAULT, choices=registry.ids(), help=f"{what} (default {DEFAULT})")


def arena_path(name: str | None, players: int | None, ruleset: str | None = None) -> str:
    """The map file of the arena `demo`/`play --arena` names (see `board.arenas.find_arena`), or of one
    of `ruleset`'s arenas that fits `players` when none is named; ValueError with the arenas to pick from."""
    from .board.arenas import find_arena
    from . import rulesets  # noqa: F401  every ruleset's map check, run by find_arena

    if ruleset is None or ruleset == rulesets.DEFAULT:
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


def cmd_check_cards(paths: list[Path]) -> int:
    """Every problem and warning, an ok line per card checked, a summary; exit 1 on a problem.
    Given paths are checked against the bundled cards too (an id they have is a problem)."""
    from .rulesets.celebrity.cards import check_card_paths, default_card_paths, load_cards

    base: set[str] = set()
    if paths:
        lib, base = check_card_paths(paths)
    else:
        lib = load_cards(default_card_paths())
    for problem in lib.problems + lib.warnings:
        print(problem)
    checked = [card for card in lib.cards.values() if card.id not in base]
    for card in checked:
        print(f"ok   {card.id}: {card.name} ({card.source})")
    broken = lib.files - len(checked)
    against = f" (checked against the {len(base)} bundled cards)" if base else ""
    warned = f", {len(lib.warnings)} warning{'' if len(lib.warnings) == 1 else 's'}" if lib.warnings else ""
    print(f"{len(checked)} valid cards, {broken} broken, {len(lib.problems)} problems{warned} in {lib.files} files{against}")
    return 1 if lib.problems else 0


def cmd_check_armies(paths: list[Path]) -> int:
    """Every problem, an ok line per legal army (its points, cost and size), a summary; exit 1 on a problem.
    Without paths: the bundled armies and the player's armies folder."""
    from .rulesets.skirmish.armies import default_army_dirs, load_armies

    armies, problems = load_armies(paths or default_army_dirs())
    for problem in problems:
        print(problem)
    for army in armies:
        level = f"{army.points} points" if army.points is not None else "a free list"
        print(f"ok   {army.name}: {level}, costs {army.cost()}, {len(army.miniatures)} miniatures ({army.source})")
    files = len(armies) + len({p.file for p in problems})
    print(f"{len(armies)} valid armies, {files - len(armies)} broken, {len(problems)} problems in {files} files")
    return 1 if problems or not files else 0


def cmd_check_gladiators(paths: list[Path]) -> int:
    """Every problem and warning, an ok line per card and gladiator checked, a summary; exit 1 on a
    problem or when nothing was checked. Without paths: the bundled files and the player's folders;
    given paths are checked against the bundled files (an id they have is a problem)."""
    from .rulesets.gladiator.gladiators import check_paths, load_default_library

    base_cards: set[str] = set()
    base_gladiators: set[str] = set()
    if paths:
        lib, base_cards, base_gladiators = check_paths(paths)
    else:
        lib = load_default_library()
    for problem in lib.problems + lib.warnings:
        print(problem)
    cards = [c for c in lib.cards.values() if c.id not in base_cards]
    gladiators = [g for g in lib.gladiators.values() if g.id not in base_gladiators]
    for c in cards:
        amount = f" {c.amount}" if c.amount else ""
        print(f"ok   card {c.id}: {c.name} ({c.kind}{amount}) ({c.source})")
    for g in gladiators:
        held = f", {len(g.cards)} card{'' if len(g.cards) == 1 else 's'}" if g.cards else ""
        print(f"ok   gladiator {g.id}: {g.name} ({g.type}{held}) ({g.source})")
    valid = len(cards) + len(gladiators)
    broken = lib.files - valid
    warned = f", {len(lib.warnings)} warning{'' if len(lib.warnings) == 1 else 's'}" if lib.warnings else ""
    print(f"{len(gladiators)} valid gladiators, {len(cards)} valid cards, {broken} broken, {len(lib.problems)} "
          f"problems{warned} in {lib.files} files")
    return 1 if lib.problems or not lib.files else 0


def cmd_check_heroes(paths: list[Path]) -> int:
    """Every problem and warning, an ok line per hero checked (with its points), a summary; exit 1 on
    a problem or when nothing was checked. Without paths: the bundled heroes and the player's folder;
    given paths are checked against the bundled heroes (an id they have is a problem)."""
    from .rulesets.supers.heroes import check_paths, load_default_heroes

    base: set[str] = set()
    if paths:
        lib, base = check_paths(paths)
    else:
        lib = load_default_heroes()
    for problem in lib.problems + lib.warnings:
        print(problem)
    heroes = [h for h in lib.heroes.values() if h.id not in base]
    for h in heroes:
        n = len(h.powers)
        print(f"ok   hero {h.id}: {h.name} ({h.spent} of {h.budget} points, {h.left} left, {n} "
              f"power{'' if n == 1 else 's'}) ({lib.sources[h.id]})")
    broken = lib.files - len(heroes)
    warned = f", {len(lib.warnings)} warning{'' if len(lib.warnings) == 1 else 's'}" if lib.warnings else ""
    print(f"{len(heroes)} valid heroes, {broken} broken, {len(lib.problems)} problems{warned} in {lib.files} files")
    return 1 if lib.problems or not lib.files else 0


def cmd_check_map(paths: list[Path]) -> int:
    from .board.tiled import check_map
    from . import rulesets  # noqa: F401  every ruleset's map check, run by check_map

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


def cmd_arenas(open_folder: bool, ruleset: str = "celebrity") -> int:
    from .board.arenas import ensure_user_arenas, list_arenas
    from . import rulesets  # noqa: F401  every ruleset's map check, run by list_arenas

    from .safefile import Refused

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
