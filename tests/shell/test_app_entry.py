"""What the app says it is: its window's icon, its version, and the console twin `deathmatch-cli`."""

import runpy
import subprocess
import sys
import tomllib

import pygame
import pytest
from conftest import ROOT

ICON = ROOT / "assets" / "icon" / "deathmatch.png"


def test_the_window_gets_the_games_icon_before_it_opens(monkeypatch):
    from deathmatch import launch
    from deathmatch.scenes.app import App

    calls = []
    real_set_mode = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_icon", lambda surface: calls.append(("icon", surface)))
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda *a, **k: calls.append(("window", None)) or real_set_mode(*a, **k))
    monkeypatch.setattr(App, "run", lambda self, max_frames=None: calls.append(("run", None)))
    assert launch.main_window(size=(1024, 600), fullscreen=False) == 0
    kinds = [kind for kind, _ in calls]
    assert kinds.count("icon") == 1 and kinds.index("icon") < kinds.index("window") < kinds.index("run")
    icon = next(surface for kind, surface in calls if kind == "icon")
    expected = pygame.image.load(ICON)
    assert icon.get_size() == expected.get_size() == (256, 256)
    assert pygame.image.tobytes(icon, "RGBA") == pygame.image.tobytes(expected, "RGBA")


def test_version_prints_the_packages_version(capsys):
    from deathmatch import __version__
    from deathmatch.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"deathmatch {__version__}\n"
    # one version: the package's is the one pyproject.toml builds the wheel with
    assert __version__ == tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_version_as_a_user_runs_it():
    from deathmatch import __version__

    out = subprocess.run([sys.executable, "-m", "deathmatch", "--version"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout == f"deathmatch {__version__}\n"


def test_the_console_twin_prints_help_without_arguments_and_runs_commands(capsys, monkeypatch):
    import deathmatch.launch as launch
    from deathmatch.cli import console_main

    monkeypatch.setattr(launch, "main_window", lambda *a, **k: pytest.fail("deathmatch-cli opened the window"))
    with pytest.raises(SystemExit) as done:
        console_main([])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "check-map" in out and "check-cards" in out and "--version" in out
    assert console_main(["check-map", str(ROOT / "maps" / "colosseum.tmx")]) == 0
    assert "colosseum" in capsys.readouterr().out
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["deathmatch-cli"] == "deathmatch.cli:console_main"


def test_the_packaged_entry_point_knows_its_twin_by_name():
    from deathmatch.cli import console_main, main

    entry = runpy.run_path(str(ROOT / "packaging" / "launch.py"))["entry_point"]
    assert entry("/opt/Deathmatch/deathmatch-cli") is console_main
    assert entry(r"C:\Games\Deathmatch\deathmatch-cli.exe".replace("\\", "/")) is console_main
    assert entry("/opt/Deathmatch/Deathmatch") is main
    assert entry("C:/Games/Deathmatch/Deathmatch.exe") is main


def test_the_spec_builds_both_executables_into_one_folder():
    """The spec, run as PyInstaller runs it (its build steps recorded): the windowed game and
    the console twin, both collected with the one set of libraries and data."""
    made = []

    class Step:
        def __init__(self, *args, **kwargs):
            self.args, self.kwargs = args, kwargs
            made.append(self)

    def analysis(*args, **kwargs):
        return type("A", (), {"pure": [], "scripts": ["launch"], "binaries": ["libs"], "datas": ["data"]})()

    spec = ROOT / "packaging" / "deathmatch.spec"
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"),
         {"SPECPATH": str(spec.parent), "Analysis": analysis, "PYZ": Step, "EXE": Step, "COLLECT": Step,
          "BUNDLE": Step, "__name__": "__spec__"})
    exes = {step.kwargs["name"]: step for step in made if "console" in step.kwargs}
    assert set(exes) == {"Deathmatch", "deathmatch-cli"}
    assert exes["Deathmatch"].kwargs["console"] is False and exes["deathmatch-cli"].kwargs["console"] is True
    collect = next(step for step in made if step.kwargs.get("name") == "Deathmatch" and "console" not in step.kwargs)
    assert exes["Deathmatch"] in collect.args and exes["deathmatch-cli"] in collect.args
    assert ["libs"] in collect.args and ["data"] in collect.args
