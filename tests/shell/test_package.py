"""`python -m deathmatch.package` refuses to build an app that would crash on start."""

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux launchers and glibc are Linux's")

BLOCKED_BUILD = r"""
import importlib.abc, sys

class Block(importlib.abc.MetaPathFinder):
    # this Python "does not have" the modules named on the command line
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in sys.argv[1:]:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

for name in sys.argv[1:]:
    sys.modules.pop(name, None)
sys.meta_path.insert(0, Block())

import deathmatch.package as package

def no_pyinstaller(*args, **kwargs):
    print("PYINSTALLER RAN")
    raise SystemExit(0)

package.subprocess.run = no_pyinstaller
sys.exit(package.main([]))
"""


def build_without(*modules):
    return subprocess.run([sys.executable, "-c", BLOCKED_BUILD, *modules], cwd=ROOT, capture_output=True, text=True)


def test_a_build_without_yaml_fails_loudly_and_says_how_to_fix_it():
    out = build_without("yaml")
    assert out.returncode != 0
    assert "PYINSTALLER RAN" not in out.stdout
    assert "built" not in out.stdout
    assert "can not import yaml (pip package pyyaml)" in out.stderr
    assert sys.executable in out.stderr  # which Python lacks it
    assert ".venv/bin/python -m deathmatch.package" in out.stderr
    assert "pip install -e ." in out.stderr


def test_every_missing_runtime_module_is_named():
    out = build_without("pygame", "pytmx", "platformdirs")
    assert out.returncode != 0
    assert "PYINSTALLER RAN" not in out.stdout
    for name, package in (("pygame", "pygame-ce"), ("pytmx", "pytmx"), ("platformdirs", "platformdirs")):
        assert f"{name} (pip package {package})" in out.stderr
    assert "yaml" not in out.stderr


def test_the_checked_modules_are_the_declared_dependencies():
    import tomllib

    from deathmatch.package import RUNTIME

    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    names = {d.split(">")[0].split("=")[0].split("<")[0].strip().lower() for d in deps}
    assert names == set(RUNTIME.values())


def test_with_the_dependencies_present_only_pyinstaller_can_be_missing():
    from deathmatch.package import RUNTIME, missing_modules

    assert missing_modules(RUNTIME) == []
    assert missing_modules({"surely_not_a_module_xyz": "nothing"}) == [("surely_not_a_module_xyz", "nothing")]


def test_a_failed_pyinstaller_run_is_not_reported_as_built(monkeypatch, capsys):
    import deathmatch.package as package

    monkeypatch.setattr(package, "check_dependencies", lambda: None)
    monkeypatch.setattr(package.subprocess, "run", lambda *a, **k: subprocess.CompletedProcess(a, 1))
    assert package.main([]) == 1
    captured = capsys.readouterr()
    assert "built" not in captured.out
    assert "PyInstaller failed" in captured.err


# --- The Linux launchers: nothing of the builder's machine, and they work once the folder moves ---

def desktop_value(text: str, key: str) -> str:
    """A key's value in a .desktop file, its string escapes undone (Desktop Entry spec)."""
    raw = next(line.split("=", 1)[1] for line in text.splitlines() if line.startswith(f"{key}="))
    out, chars = [], iter(raw)
    for c in chars:
        out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[next(chars)] if c == "\\" else c)
    return "".join(out)


def exec_argv(value: str, k: str) -> list[str]:
    """An Exec value as the spec reads it: arguments split on spaces, double-quoted ones unquoted
    (backslash before " ` $ \\), then the field codes: %k the desktop file, %% a percent sign.
    A field code inside a quoted argument is an error here (the spec leaves it undefined)."""
    args, current, quoted, in_quotes, chars = [], [], False, False, iter(value)
    for c in chars:
        if in_quotes:
            if c == "\\":
                nxt = next(chars)
                assert nxt in '"`$\\', f"bad escape \\{nxt} in {value!r}"
                current.append(nxt)
            elif c == '"':
                in_quotes = False
            else:
                current.append(c)
        elif c == '"':
            in_quotes = quoted = True
        elif c == " ":
            if current or quoted:
                args.append(("".join(current), quoted))
            current, quoted = [], False
        else:
            current.append(c)
    assert not in_quotes, f"unclosed quote in {value!r}"
    if current or quoted:
        args.append(("".join(current), quoted))
    out = []
    for arg, was_quoted in args:
        if was_quoted:
            assert "%k" not in arg
            out.append(arg.replace("%%", "%"))
        else:
            out.append(arg.replace("%k", k).replace("%%", "%"))
    return out


FAKE_APP = "#!/bin/sh\necho \"started $0\" > \"$MARK\"\n"


def build_fake_app(monkeypatch, dist):
    """`package.build` with PyInstaller replaced by a shell script standing in for the app."""
    import deathmatch.package as package

    def pyinstaller(cmd, **kwargs):
        folder = dist / "Deathmatch"
        folder.mkdir(parents=True)
        for name in ("Deathmatch", "deathmatch-cli"):
            (folder / name).write_text(FAKE_APP)
            (folder / name).chmod(0o755)
        return subprocess.CompletedProcess(cmd, 0)

    with monkeypatch.context() as m:  # package.subprocess is the subprocess module: undo before running things
        m.setattr(package, "check_dependencies", lambda: None)
        m.setattr(package.subprocess, "run", pyinstaller)
        return package.build(dist=dist)


def started(argv, mark, cwd):
    mark.unlink(missing_ok=True)
    subprocess.run(argv, env={"MARK": str(mark), "PATH": "/usr/bin:/bin"}, cwd=cwd, check=True, timeout=30)
    return mark.read_text().strip()


@LINUX
def test_the_linux_menu_entry_names_no_builders_path_and_follows_the_folder(monkeypatch, tmp_path):
    import shutil

    icon = ROOT / "assets" / "icon" / "deathmatch.png"
    exe = build_fake_app(monkeypatch, tmp_path / "dist")
    folder = exe.parent
    assert (folder / "deathmatch.png").read_bytes() == icon.read_bytes()  # the icon is in the app folder
    assert not (folder / "deathmatch.desktop").exists()  # no launcher pointing into the builder's checkout
    text = (folder / "install.sh").read_text()
    assert str(ROOT) not in text and str(tmp_path) not in text
    assert (folder / "install.sh").stat().st_mode & 0o111, "install.sh is not executable"

    # Unzipped somewhere else, under a name a shell or the spec's quoting could trip on:
    moved = tmp_path / 'Games of "mine" $HOME 100%' / "Deathmatch"
    moved.parent.mkdir()
    shutil.move(str(folder), moved)
    mark, elsewhere = tmp_path / "mark", tmp_path

    # install.sh writes the menu entry for where the folder is now, with an icon that stays put.
    data = tmp_path / "share"
    env = {"XDG_DATA_HOME": str(data), "HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    subprocess.run(["sh", str(moved / "install.sh")], env=env, cwd=elsewhere, check=True, capture_output=True)
    entry = data / "applications" / "deathmatch.desktop"
    text = entry.read_text()
    assert started(exec_argv(desktop_value(text, "Exec"), k=str(entry)), mark, cwd=elsewhere) \
        == f"started {moved / 'Deathmatch'}"
    menu_icon = Path(desktop_value(text, "Icon"))
    assert menu_icon.is_absolute() and menu_icon.read_bytes() == icon.read_bytes()
    assert not menu_icon.is_relative_to(moved.parent)  # moving the app folder leaves the menu's icon

    # Moved again: running install.sh again points the menu at the new place.
    again = tmp_path / "again" / "Deathmatch"
    again.parent.mkdir()
    shutil.move(str(moved), again)
    subprocess.run(["sh", str(again / "install.sh")], env=env, cwd=elsewhere, check=True, capture_output=True)
    text = entry.read_text()
    assert started(exec_argv(desktop_value(text, "Exec"), k=str(entry)), mark, cwd=elsewhere) \
        == f"started {again / 'Deathmatch'}"
    subprocess.run(["sh", str(again / "install.sh"), "--remove"], env=env, check=True, capture_output=True)
    assert not entry.exists() and not menu_icon.exists()


# --- Which Linux the built app runs on ---

OBJDUMP_P = """
Dynamic Section:
  NEEDED               libc.so.6
Version definitions:
1 0x01 0x0f4a7f15 libfake.so.1
Version References:
  required from libstdc++.so.6:
    0x0297f870 0x00 07 GLIBCXX_3.4.30
  required from libc.so.6:
    0x069691b4 0x00 06 GLIBC_2.34
    0x09691972 0x00 05 GLIBC_2.3.2
    0x0963cf85 0x00 04 GLIBC_PRIVATE
    0x069691b3 0x00 03 GLIBC_2.9
    0x09691a75 0x00 02 GLIBC_2.2.5
"""


def test_glibc_versions_are_read_as_numbers_not_text():
    from deathmatch.package import glibc_references

    found = glibc_references(OBJDUMP_P)
    assert found == {(2, 34), (2, 3, 2), (2, 9), (2, 2, 5)}  # no GLIBCXX_, no GLIBC_PRIVATE
    assert max(found) == (2, 34)  # 2.34 > 2.9, which a string comparison gets wrong


@LINUX
def test_the_required_glibc_of_a_folder_of_real_libraries(tmp_path):
    """On real ELF files of this system: the newest version any of them needs, nothing from a
    text file; and it can be no newer than the glibc they run on here."""
    import os
    import shutil

    from deathmatch.package import required_glibc  # objdump is there: PyInstaller needs it on Linux too

    (tmp_path / "notes.txt").write_text("GLIBC_9.99 is only a word here")
    assert required_glibc(tmp_path) is None
    python = Path(sys.executable).resolve()
    shutil.copy(python, tmp_path / "python")
    (tmp_path / "lib").mkdir()
    libs = []
    for line in subprocess.run(["ldd", str(python)], capture_output=True, text=True).stdout.splitlines():
        if "=>" in line and "/" in line.split("=>")[1]:
            lib = Path(line.split("=>")[1].split("(")[0].strip())
            shutil.copy(lib, tmp_path / "lib" / lib.name)
            libs.append(lib)
    need = required_glibc(tmp_path)
    here = tuple(int(x) for x in os.confstr("CS_GNU_LIBC_VERSION").split()[1].split("."))
    assert need is not None and (2, 2, 5) <= need <= here
    # each file alone needs no more than the folder, and one of them needs exactly that
    alone = []
    for path in [tmp_path / "python", *(tmp_path / "lib" / lib.name for lib in libs)]:
        single = tmp_path / "single" / path.name
        single.parent.mkdir(exist_ok=True)
        shutil.copy(path, single)
        alone.append(required_glibc(single.parent))
        single.unlink()
    assert max(v for v in alone if v) == need


def test_the_build_says_which_linux_it_runs_on():
    from deathmatch.package import runs_on

    assert runs_on((2, 36)) == "Runs on Linux with glibc >= 2.36 (e.g. Debian 12, Ubuntu 24.04, Fedora 37, " \
                               "RHEL/Rocky/Alma 10 or newer)."
    assert "Debian 11, Ubuntu 20.04" in runs_on((2, 31))
    assert "Ubuntu 22.04" in runs_on((2, 35)) and "Ubuntu 22.04" not in runs_on((2, 36))
    assert runs_on((2, 3, 2)).startswith("Runs on Linux with glibc >= 2.3.2 (e.g. Debian 9,")
    assert runs_on(None) == "Runs on any Linux (no glibc symbol version needed)."
