"""`python -m deathmatch.package` refuses to build an app that would crash on start."""

import subprocess
import sys

from conftest import ROOT

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
