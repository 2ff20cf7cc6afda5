"""The packaged app's entry point: the same CLI as `deathmatch` (no arguments: the title screen).

PyInstaller makes two executables of this one script (packaging/deathmatch.spec): `Deathmatch`,
the windowed game, and `deathmatch-cli`, the console twin for check-map, check-cards and the
rest, which prints its help when given no arguments. Which one runs is its file's name."""

import multiprocessing
import sys
from pathlib import Path

from deathmatch.cli import console_main, main


def entry_point(executable: str):
    """The CLI function the executable of this name starts: `console_main` for deathmatch-cli."""
    return console_main if Path(executable).stem.lower() == "deathmatch-cli" else main


if __name__ == "__main__":
    multiprocessing.freeze_support()  # the balance lab's worker processes, in a frozen app
    sys.exit(entry_point(sys.executable)())
