"""The packaged app's entry point: the same CLI as `deathmatch` (no arguments: the title screen)."""

import multiprocessing
import sys

from deathmatch.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # the balance lab's worker processes, in a frozen app
    sys.exit(main())
