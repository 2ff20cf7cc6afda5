"""The `deathmatch` command (also `python -m deathmatch`): one CLI, subcommands.

    deathmatch                      start the game (the window comes with the client)
    deathmatch scenario PATH...     run rules scenarios (SCENARIOS.md)
    deathmatch check-cards [PATH...]  validate character cards
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="deathmatch",
        description="Semi-Historical Celebrity Deathmatch: a silly hex-arena brawl for 2-10 players.",
    )
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("scenario", help="run rules scenarios (files or folders of *.yaml)")
    p.add_argument("paths", nargs="+", type=Path)
    p = sub.add_parser("check-cards", help="validate character cards (default: the bundled and your own)")
    p.add_argument("paths", nargs="*", type=Path)
    args = parser.parse_args(argv)

    if args.command == "scenario":
        return cmd_scenario(args.paths)
    if args.command == "check-cards":
        return cmd_check_cards(args.paths)
    print(
        "Deathmatch: the game window is not built yet (it arrives with the battle-screen client).\n"
        "Meanwhile the rules engine is ready: try `deathmatch scenario tests/scenarios` or "
        "`deathmatch check-cards`. See `deathmatch --help`."
    )
    return 0


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
    from .engine.cards import default_card_paths, load_cards

    paths = paths or default_card_paths()
    lib = load_cards(paths)
    for problem in lib.problems:
        print(problem)
    for card in lib.cards.values():
        print(f"ok   {card.id}: {card.name} ({card.source})")
    broken = lib.files - len(lib.cards)
    print(f"{len(lib.cards)} valid cards, {broken} broken, {len(lib.problems)} problems in {lib.files} files")
    return 1 if lib.problems else 0


if __name__ == "__main__":
    sys.exit(main())
