"""Build the double-clickable app: `python -m deathmatch.package [--onefile]`.

Runs PyInstaller with packaging/deathmatch.spec into dist/Deathmatch/ (one
folder: it starts faster than one file, see docs/PACKAGING.md), then on Linux
writes dist/Deathmatch/deathmatch.desktop. Needs `pip install pyinstaller`.

PyInstaller bundles what the Python running it can import, and quietly leaves
out what it can not: a build by a `python` without the game's dependencies
makes an app that crashes on start. So the build first checks that every
runtime dependency imports here, and stops with a message naming the missing
one and the command that installs it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUNTIME = {"pygame": "pygame-ce", "pytmx": "pytmx", "yaml": "pyyaml", "platformdirs": "platformdirs"}
"""The modules the game imports at run time, and the pip package of each (pyproject.toml's dependencies)."""
BUILDER = {"PyInstaller": "pyinstaller"}


class BuildError(Exception):
    """The build can not be made; the message says why and what to do."""


def missing_modules(modules) -> list[tuple[str, str]]:
    """(module, pip package) for each of `modules` that the running Python can not import."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    missing = []
    for module, package in modules.items():
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append((module, package))
    return missing


def check_dependencies() -> None:
    """Raise BuildError unless the game's dependencies and PyInstaller import in this Python."""
    python = sys.executable
    missing = missing_modules(RUNTIME)
    if missing:
        names = ", ".join(f"{m} (pip package {p})" for m, p in missing)
        raise BuildError(
            f"not building: this Python ({python}) can not import {names}.\n"
            f"The app would be built without {'it' if len(missing) == 1 else 'them'} and crash on start.\n"
            "Build with the Python that has the game installed, from the repository root:\n"
            "    python3 -m venv .venv && .venv/bin/pip install -e . pyinstaller\n"
            "    .venv/bin/python -m deathmatch.package\n"
            f"or install what is missing into this one: {python} -m pip install -e .")
    if missing_modules(BUILDER):
        raise BuildError(f"not building: PyInstaller is not installed in this Python ({python}).\n"
                         f"Install it with: {python} -m pip install pyinstaller")

DESKTOP = """[Desktop Entry]
Type=Application
Name=Deathmatch
GenericName=Hotseat arena brawl
Comment=Semi-Historical Celebrity Deathmatch: a silly hex-arena brawl for 2-10 players
Exec={exe}
Icon={icon}
Terminal=false
Categories=Game;StrategyGame;
"""


def build(onefile: bool = False) -> Path:
    check_dependencies()
    env = dict(os.environ, DEATHMATCH_ONEFILE="1" if onefile else "0")
    dist = ROOT / "dist"
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--distpath", str(dist),
           "--workpath", str(ROOT / "build"), str(ROOT / "packaging" / "deathmatch.spec")]
    done = subprocess.run(cmd, env=env, cwd=ROOT)
    if done.returncode != 0:
        raise BuildError(f"PyInstaller failed (exit status {done.returncode}); its messages are above.")
    if onefile:
        exe = dist / ("Deathmatch-onefile.exe" if sys.platform.startswith("win") else "Deathmatch-onefile")
        if not exe.exists():
            raise BuildError(f"PyInstaller finished but {exe} is not there.")
        return exe
    folder = dist / "Deathmatch"
    exe = folder / ("Deathmatch.exe" if sys.platform.startswith("win") else "Deathmatch")
    if not exe.exists():
        raise BuildError(f"PyInstaller finished but {exe} is not there.")
    if sys.platform.startswith("linux"):
        (folder / "deathmatch.desktop").write_text(
            DESKTOP.format(exe=exe.resolve(), icon=(ROOT / "assets" / "icon" / "deathmatch.png").resolve()))
    return exe


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--onefile", action="store_true", help="one self-extracting file instead of a folder (slower start)")
    args = ap.parse_args(argv)
    try:
        exe = build(args.onefile)
    except BuildError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"built {exe}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
