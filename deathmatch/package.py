"""Build the double-clickable app: `python -m deathmatch.package [--onefile]`.

Runs PyInstaller with packaging/deathmatch.spec into dist/Deathmatch/ (one
folder: it starts faster than one file, see docs/PACKAGING.md). On Linux it
then puts the icon and install.sh (which writes the menu entry,
deathmatch.desktop) in the folder. Needs `pip install pyinstaller`.

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
import shutil
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

ICON = ROOT / "assets" / "icon" / "deathmatch.png"
"""The game's icon: the window's (set at start), and the launchers' (copied to the top of the app folder)."""

DESKTOP = """[Desktop Entry]
Type=Application
Name=Deathmatch
GenericName=Hotseat arena brawl
Comment=Semi-Historical Celebrity Deathmatch: a silly hex-arena brawl for 2-10 players
Exec={exec}
Icon={icon}
Terminal=false
Categories=Game;StrategyGame;
"""

# A .desktop file can name no path relative to itself (the freedesktop Desktop Entry spec: Exec is
# a full path or a name on $PATH, Icon a full path or an icon theme's name). The usual trick,
# `Exec=sh -c '... "$(dirname "$0")"/Deathmatch' %k`, is not dependable: `gio launch` and Xfce's
# exo-open load the file as a key file and expand %k to nothing, and GNOME's Files runs no launcher
# from a folder at all. So the app folder carries install.sh, which writes the menu entry with the
# folder's absolute path as it is now (run it again after moving the folder), and its own copy of
# the icon, which stays put when the folder moves.
INSTALL_SH = r"""#!/bin/sh
# Put Deathmatch in your desktop's menu (Games), with its icon.
# Run it from the unpacked app folder:   ./install.sh
# Moved the folder? Run it again from the new place. Remove the menu entry: ./install.sh --remove
set -e
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/deathmatch.desktop"
icon="$data/icons/hicolor/256x256/apps/deathmatch.png"
if [ "${1:-}" = "--remove" ]; then
    rm -f "$entry" "$icon"
    echo "removed $entry"
    exit 0
fi
if [ ! -x "$here/Deathmatch" ]; then
    echo "install.sh: no Deathmatch beside me in $here; run the install.sh of the unpacked app folder" >&2
    exit 1
fi
mkdir -p "$data/applications" "$(dirname "$icon")"
cp "$here/deathmatch.png" "$icon"
# The Desktop Entry spec's escapes: Exec is quoted (backslash before \ " ` $), a literal % is %%,
# then every backslash of a value is doubled.
exec_path=$(printf '%s' "$here/Deathmatch" | sed -e 's/[\\"`$]/\\&/g' -e 's/%/%%/g' -e 's/\\/\\\\/g')
icon_path=$(printf '%s' "$icon" | sed -e 's/\\/\\\\/g')
cat > "$entry.tmp" <<EOF
@DESKTOP@EOF
mv "$entry.tmp" "$entry"
chmod 644 "$entry"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$data/applications" >/dev/null 2>&1 || true
echo "Deathmatch is in your menu: $entry"
echo "(it starts $here/Deathmatch; run this again if you move the folder)"
""".replace("@DESKTOP@", DESKTOP.format(exec='"$exec_path"', icon="$icon_path"))
"""The app folder's installer: writes the menu entry with the folder's absolute path as it is now."""


def write_linux_launchers(folder: Path) -> list[Path]:
    """Beside the built app in `folder`: the icon, and install.sh, which puts the game in the
    desktop's menu from wherever the folder is. Neither names a path of the machine that built it."""
    icon = folder / "deathmatch.png"
    shutil.copyfile(ICON, icon)
    install = folder / "install.sh"
    install.write_text(INSTALL_SH, encoding="utf-8")
    install.chmod(0o755)
    return [icon, install]


def build(onefile: bool = False, dist: Path | None = None) -> Path:
    check_dependencies()
    env = dict(os.environ, DEATHMATCH_ONEFILE="1" if onefile else "0")
    dist = Path(dist) if dist is not None else ROOT / "dist"
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
        write_linux_launchers(folder)
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
