"""Build the double-clickable app: `python -m deathmatch.package [--onefile]`.

Runs PyInstaller with packaging/deathmatch.spec into dist/Deathmatch/ (one
folder: it starts faster than one file, see docs/PACKAGING.md), then on Linux
writes dist/Deathmatch/deathmatch.desktop. Needs `pip install pyinstaller`.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

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
    env = dict(os.environ, DEATHMATCH_ONEFILE="1" if onefile else "0")
    dist = ROOT / "dist"
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--distpath", str(dist),
           "--workpath", str(ROOT / "build"), str(ROOT / "packaging" / "deathmatch.spec")]
    subprocess.run(cmd, check=True, env=env, cwd=ROOT)
    if onefile:
        return dist / ("Deathmatch-onefile.exe" if sys.platform.startswith("win") else "Deathmatch-onefile")
    folder = dist / "Deathmatch"
    exe = folder / ("Deathmatch.exe" if sys.platform.startswith("win") else "Deathmatch")
    if sys.platform.startswith("linux"):
        (folder / "deathmatch.desktop").write_text(
            DESKTOP.format(exe=exe.resolve(), icon=(ROOT / "assets" / "icon" / "deathmatch.png").resolve()))
    return exe


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--onefile", action="store_true", help="one self-extracting file instead of a folder (slower start)")
    args = ap.parse_args(argv)
    exe = build(args.onefile)
    print(f"built {exe}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
