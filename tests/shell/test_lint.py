"""The habits of the code, checked by machines (issue 28): ruff's lint over the whole tree as pyproject.toml's
`[tool.ruff]` sets it (every rule in `deathmatch/core` and `deathmatch/board`; the rest with the exceptions its
per-file-ignores name), ruff's formatting for the files that already keep it, and mypy over the core and the
board and the table protocol with the toy's table against it (`[tool.mypy]`: the typed layers a new game is written against).

Both tools are in the `test` extra, so CI runs them: nothing here skips."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import ROOT

FORMATTED = ["deathmatch/core", "deathmatch/board", "deathmatch/scenes/protocol.py"]
"""What keeps `ruff format`'s layout: the core, the board and the table protocol, whole."""

STRICT = ["deathmatch/core", "deathmatch/board"]
"""Held to every selected rule, long lines and import order included, with no per-file exception."""


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def _installed(module: str) -> None:
    found = _run(module, "--version")
    if found.returncode != 0:
        pytest.fail(f"{module} is not installed: pip install -e '.[test]' (it is in the test extra)\n{found.stderr}")


def test_ruff_finds_nothing_in_the_tree():
    _installed("ruff")
    out = _run("ruff", "check", "--no-cache", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_core_and_the_board_keep_every_rule_without_exceptions():
    _installed("ruff")
    # --isolated: pyproject's per-file-ignores do not apply; the same rules and line length, stated here.
    out = _run("ruff", "check", "--no-cache", "--isolated", "--line-length", "120", "--target-version", "py311",
               "--select", "E,F,W,I", *STRICT)
    assert out.returncode == 0, out.stdout + out.stderr


def test_the_formatted_files_stay_formatted():
    _installed("ruff")
    out = _run("ruff", "format", "--no-cache", "--check", "--diff", *FORMATTED)
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_finds_no_type_error_in_the_core_and_the_board(tmp_path):
    _installed("mypy")
    out = _run("mypy", "--cache-dir", str(tmp_path / "mypy-cache"))  # the files: [tool.mypy] in pyproject.toml
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Success" in out.stdout
    for path in STRICT + TABLES:
        assert f'"{path}"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # what it checked


TABLES = ["deathmatch/scenes/protocol.py", "tests/toy_tictactoe/table.py"]
"""The typed protocol a game's table is written against (`GameTable`), and the toy's table checked against it."""


def test_mypy_holds_a_table_to_the_protocol(tmp_path):
    """A table missing a hook, or giving one with the wrong type, fails mypy's check against `GameTable`."""
    _installed("mypy")
    bad = tmp_path / "bad_table.py"
    bad.write_text("from toy_tictactoe.table import ToyTable\n"
                   "from deathmatch.scenes.protocol import GameTable\n\n\n"
                   "class NoHook(ToyTable):\n    enter_stage = None  # type: ignore[assignment]\n\n\n"
                   "class WrongWords(ToyTable):\n    def prompt_words(self) -> int:  # type: ignore[override]\n"
                   "        return 1\n\n\n"
                   "def no_hook(a: NoHook) -> GameTable:\n    return a\n\n\n"
                   "def wrong_words(b: WrongWords) -> GameTable:\n    return b\n",
                   encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy-cache"), "--follow-imports",
                          "silent", str(bad)], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "MYPYPATH": str(ROOT / "tests")})
    assert out.returncode != 0, out.stdout
    assert 'got "NoHook", expected "GameTable"' in out.stdout and "enter_stage" in out.stdout, out.stdout
    assert 'got "WrongWords", expected "GameTable"' in out.stdout and "prompt_words" in out.stdout, out.stdout


def test_the_checks_can_fail(tmp_path):
    """Each tool, pointed at a file with one fault of its kind, reports it (so a pass above means something)."""
    _installed("ruff")
    _installed("mypy")
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n\n\ndef half(n: int) -> int:\n    return n / 2\n", encoding="utf-8")
    lint = _run("ruff", "check", "--no-cache", "--isolated", "--select", "F", str(bad))
    assert lint.returncode != 0 and "F401" in lint.stdout
    types = _run("mypy", "--cache-dir", str(tmp_path / "mypy-cache"), "--config-file", "/dev/null", str(bad))
    assert types.returncode != 0 and "Incompatible return value type" in types.stdout
