"""The layers of docs/ARCHITECTURE.md are contracts (import-linter, pyproject.toml), checked here."""

import ast
import subprocess
import sys

from conftest import ROOT

BELOW_THE_CLIENT = ["core", "board", "engine", "rulesets", "abilities"]


def test_the_import_contracts_are_kept():
    out = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout
    for name in ("core imports nothing of the package", "board imports only core",
                 "rulesets and abilities never import the client", "no pygame below the client",
                 "effect kinds import no rules"):
        assert name in out.stdout


def _imports(path):
    """Every module a file imports, absolute (relative imports resolved against its package)."""
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else ()
            yield ".".join(base + tuple(filter(None, [node.module])))


def test_no_layer_below_the_client_imports_a_scene():
    # deathmatch.scenes is a namespace package, which import-linter can not name: read the imports.
    offenders = []
    for layer in BELOW_THE_CLIENT:
        for path in sorted((ROOT / "deathmatch" / layer).rglob("*.py")):
            offenders += [f"{path.relative_to(ROOT)} imports {m}" for m in _imports(path)
                          if m == "deathmatch.scenes" or m.startswith("deathmatch.scenes.")]
    assert offenders == []


def test_the_import_reader_resolves_relative_imports():
    core = ROOT / "deathmatch" / "core" / "dice.py"
    assert "deathmatch.core.errors" in set(_imports(core))
    engine_game = ROOT / "deathmatch" / "rulesets" / "celebrity" / "game.py"
    assert "deathmatch.board" in set(_imports(engine_game))
