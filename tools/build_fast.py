"""Optional: compile the engine's hot modules to C extensions with Cython, in place.

    pip install -e '.[fast]'             # Cython; a C compiler and Python's headers are needed too
    python tools/build_fast.py           # compile MODULES; each .so is put beside its .py
    python tools/build_fast.py --pgo     # the same, profile-guided (GCC): about 8 % faster, twice the build
    python tools/build_fast.py --check   # say which of MODULES load compiled (exit 1 if any does not, or
                                         # is older than its .py: the build does not follow an edit)
    python tools/build_fast.py --clean   # remove the compiled modules again

Nothing in the source changes: Cython compiles the same readable .py files (no type
declarations, annotations ignored, so that Python's semantics hold exactly), and
Python's import finder prefers an extension module to the .py of the same name in the
same folder. The pure-Python package stays the reference: CI, the packaged app and a
plain install run it as it is, and every test passes with or without the build
(tests/core/test_fast_build.py plays the same games both ways). The build products (.so,
and the .c files, which are written to a temporary folder) are never committed.
docs/PERFORMANCE.md "Engine speed (issue 14)" has what it gains.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The modules random play spends its time in (cProfile by module: game.py about 60 %, the
# core machine 11 %, then hexes, the random player, the arena, the abilities, cards, dice).
MODULES = (
    "deathmatch.rulesets.celebrity.game",
    "deathmatch.rulesets.celebrity.randomplay",
    "deathmatch.rulesets.celebrity.cards",
    "deathmatch.rulesets.celebrity.state",
    "deathmatch.core.machine",
    "deathmatch.core.dice",
    "deathmatch.board.hex",
    "deathmatch.board.arena",
    "deathmatch.abilities.celebrity.base",
    "deathmatch.abilities.celebrity.charge",
    "deathmatch.abilities.celebrity.counterattack",
    "deathmatch.abilities.celebrity.dodge",
    "deathmatch.abilities.celebrity.double_strike",
    "deathmatch.abilities.celebrity.glory",
    "deathmatch.abilities.celebrity.heal",
    "deathmatch.abilities.celebrity.move",
    "deathmatch.abilities.celebrity.ranged_attack",
    "deathmatch.abilities.celebrity.reroll",
    "deathmatch.abilities.celebrity.revive",
    "deathmatch.abilities.celebrity.shove",
    "deathmatch.abilities.celebrity.steal",
    "deathmatch.abilities.celebrity.swap",
    "deathmatch.abilities.celebrity.teleport",
    "deathmatch.abilities.celebrity.turn_foe",
    "deathmatch.abilities.celebrity.whirlwind",
)

# Plain Python semantics: annotations are documentation only (Cython would otherwise check
# `x: int` or `x: tuple` arguments at the call, and refuse a bool or a Hex where Python takes it).
DIRECTIVES = {"language_level": 3, "annotation_typing": False}


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def compiled(module: str) -> list[Path]:
    """The extension modules built for `module` (any Python version's)."""
    py = source(module)
    return sorted(p for p in py.parent.glob(py.stem + ".*") if p.suffix in (".so", ".pyd"))


# --pgo: GCC's profile-guided optimisation. The modules are built once with counters, play
# TRAINING (random games, the engine's hot paths) and are built again with what the counters
# saw, so the compiler lays out the branches and inlining for the paths games take. The same
# C code: only its optimisation changes.
PGO_GENERATE = ["-fprofile-generate", "-fprofile-update=single"]
PGO_USE = ["-fprofile-use", "-fprofile-correction", "-Wno-missing-profile"]
TRAINING = """
import random
from deathmatch.rulesets.celebrity.cards import load_default_cards
from deathmatch.rulesets.celebrity.randomplay import random_answer, random_game
library = load_default_cards()
for players, games in ((4, 8), (10, 4)):
    for i in range(games):
        game, rng = random_game(library, 1000 + i, players=players, beasts=True, obstacles=0, round_limit=40), random.Random(i)
        while not game.over:
            game.apply(random_answer(game, rng))
"""


def build(jobs: int, pgo: bool = False) -> None:
    try:
        from Cython.Build import cythonize
    except ImportError:
        sys.exit("tools/build_fast.py needs Cython: pip install -e '.[fast]' (or pip install cython)")
    from setuptools import Distribution, Extension

    def compile_all(tmp: str, flags: list[str]) -> None:
        extensions = cythonize([Extension(m, [str(source(m).relative_to(ROOT))]) for m in MODULES],
                               compiler_directives=DIRECTIVES, build_dir=tmp, nthreads=jobs, quiet=True)
        for e in extensions:  # set after cythonize: it would add the flags it wrote into the .c of a
            e.extra_compile_args = e.extra_link_args = list(flags)  # first build to a second's
        dist = Distribution({
            "name": "deathmatch-fast",
            "ext_modules": extensions,
            "script_args": ["build_ext", "--inplace", "--force", "--build-temp", tmp,
                            "--build-lib", str(Path(tmp) / "lib"), "--parallel", str(jobs)],
        })
        dist.parse_command_line()
        dist.run_commands()

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="deathmatch-fast-") as tmp:
        if pgo:
            compile_all(tmp, PGO_GENERATE)
            subprocess.run([sys.executable, "-c", TRAINING], cwd=ROOT, check=True)
            compile_all(tmp, PGO_USE)  # the same folder: each object finds its counts beside it
        else:
            compile_all(tmp, [])
    print(f"compiled {len(MODULES)} modules{' (profile-guided)' if pgo else ''} in "
          f"{time.monotonic() - started:.0f} s; undo with python tools/build_fast.py --clean")


def clean() -> None:
    removed = [p for m in MODULES for p in compiled(m)]
    for p in removed:
        p.unlink()
    print(f"removed {len(removed)} compiled modules")


def check() -> int:
    """Import every module in MODULES and say whether it came from the compiled build."""
    pure = [m for m in MODULES if not isinstance(importlib.import_module(m).__loader__,
                                                 importlib.machinery.ExtensionFileLoader)]
    stale = [m for m in MODULES if m not in pure and source(m).stat().st_mtime > max(
        p.stat().st_mtime for p in compiled(m))]
    for m in pure:
        print(f"{m}: pure Python ({source(m).relative_to(ROOT)})")
    for m in stale:
        print(f"{m}: compiled before {source(m).relative_to(ROOT)} was last changed: build again")
    print(f"{len(MODULES) - len(pure)} of {len(MODULES)} modules compiled, {len(stale)} of them stale")
    return 1 if pure or stale else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    what = ap.add_mutually_exclusive_group()
    what.add_argument("--clean", action="store_true", help="remove the compiled modules")
    what.add_argument("--check", action="store_true", help="say which modules load compiled, and which are stale")
    ap.add_argument("--jobs", type=int, default=2, help="compile this many at once (default 2)")
    ap.add_argument("--pgo", action="store_true",
                    help="profile-guided (GCC): build, play random games, build again (twice the time)")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.clean:
        clean()
    elif args.check:
        sys.exit(check())
    else:
        import os

        os.chdir(ROOT)
        build(args.jobs, args.pgo)


if __name__ == "__main__":
    main()
