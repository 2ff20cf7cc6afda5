"""Build the double-clickable app: `python -m deathmatch.package [--onefile]`.

Runs PyInstaller with packaging/deathmatch.spec into dist/Deathmatch/ (one
folder: it starts faster than one file, see docs/PACKAGING.md): the game
`Deathmatch` and its console twin `deathmatch-cli`. On Linux it then puts
the icon and install.sh (which writes the menu entry, deathmatch.desktop) in
the folder, and prints the oldest glibc the bundled libraries need. Needs
`pip install pyinstaller`.

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
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUNTIME = {"pygame": "pygame-ce", "pytmx": "pytmx", "yaml": "pyyaml", "platformdirs": "platformdirs",
           "aiohttp": "aiohttp", "segno": "segno"}
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
Comment=Arena brawls for friends around one computer: Celebrity Deathmatch, Chessboard Skirmish
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


# --- Which Linux systems the built app runs on -------------------------------------------

GLIBC_REFERENCE = re.compile(r"\bGLIBC_(\d+(?:\.\d+)+)\b")
"""A symbol version of the GNU C library (`GLIBC_2.34`); GLIBCXX_ (libstdc++) and GLIBC_PRIVATE are not."""

RELEASES = {
    "Debian": [((2, 24), "9"), ((2, 28), "10"), ((2, 31), "11"), ((2, 36), "12"), ((2, 41), "13")],
    "Ubuntu": [((2, 27), "18.04"), ((2, 31), "20.04"), ((2, 35), "22.04"), ((2, 39), "24.04")],
    "Fedora": [((2, 33), "34"), ((2, 34), "35"), ((2, 35), "36"), ((2, 36), "37"), ((2, 37), "38"),
               ((2, 38), "39"), ((2, 39), "40"), ((2, 40), "41"), ((2, 41), "42")],
    "RHEL/Rocky/Alma": [((2, 17), "7"), ((2, 28), "8"), ((2, 34), "9"), ((2, 39), "10")],
}
"""The glibc of each release (Ubuntu: the LTS ones), oldest first."""


def glibc_references(text: str) -> set[tuple[int, ...]]:
    """The glibc symbol versions named in objdump's (or readelf's) output, as version tuples."""
    return {tuple(int(part) for part in m.group(1).split(".")) for m in GLIBC_REFERENCE.finditer(text)}


def is_elf(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def glibc_needs(folder: Path) -> dict[Path, tuple[int, ...]]:
    """Each executable or shared library under `folder` that needs glibc, and the newest glibc
    symbol version it needs (its "Version References", read with `objdump -p`)."""
    files = sorted(p for p in Path(folder).rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p))
    needs = {}
    for path in files:
        done = subprocess.run(["objdump", "-p", str(path)], capture_output=True, text=True)
        if done.returncode != 0:
            raise BuildError(f"objdump -p {path} failed: {done.stderr.strip()}")
        versions = glibc_references(done.stdout.partition("Version References:")[2])
        if versions:
            needs[path] = max(versions)
    return needs


def required_glibc(folder: Path) -> tuple[int, ...] | None:
    """The newest glibc symbol version any executable or shared library under `folder` needs: the
    app starts only on a system whose glibc is at least this. None if nothing there needs glibc."""
    needs = glibc_needs(folder)
    return max(needs.values()) if needs else None


def oldest_systems(glibc: tuple[int, ...]) -> list[str]:
    """The oldest release of each distribution whose glibc is at least `glibc`."""
    out = []
    for distro, releases in RELEASES.items():
        release = next((name for version, name in releases if version >= glibc[:2]), None)
        if release:
            out.append(f"{distro} {release}")
    return out


def runs_on(glibc: tuple[int, ...] | None) -> str:
    """The sentence the build prints: the oldest Linux the app runs on."""
    if glibc is None:
        return "Runs on any Linux (no glibc symbol version needed)."
    version = ".".join(map(str, glibc))
    systems = oldest_systems(glibc)
    examples = f" (e.g. {', '.join(systems)} or newer)" if systems else " (newer than every release listed here)"
    return f"Runs on Linux with glibc >= {version}{examples}."


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
    if sys.platform.startswith("linux") and not args.onefile:
        try:
            needs = glibc_needs(exe.parent)
            newest = max(needs.values(), default=None)
            print(runs_on(newest))
            if newest:
                print("  needed by " + ", ".join(str(path.relative_to(exe.parent))
                                                 for path, version in needs.items() if version == newest))
        except (OSError, BuildError) as exc:  # no objdump: the app is built all the same
            print(f"could not work out the oldest Linux it runs on: {exc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
