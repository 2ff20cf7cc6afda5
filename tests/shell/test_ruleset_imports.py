"""Only Celebrity Deathmatch's own packages name it: everything else (the core, the shell,
tournaments, the balance lab, saves, the scenario runner, the client) reaches a ruleset
through the registry (`deathmatch.core.registry`), so a second ruleset gets all of it.
And the old `deathmatch.engine` alias of Celebrity's rules is gone: nothing of the project imports it, and
outside code that still does is told what to import instead."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from test_router import imported_modules
from conftest import ROOT

PACKAGE = ROOT / "deathmatch"

CELEBRITY = "deathmatch.rulesets.celebrity"

OWN = ("rulesets/celebrity/", "abilities/celebrity/", "scenes/celebrity/")
"""Celebrity Deathmatch's own packages."""
ALLOWED: set[str] = set()
"""Modules outside Celebrity's own that may still import it, each with its reason (none left: the registry
finds every game through its manifest)."""


def module_of(path: Path, root: Path) -> tuple[str, str]:
    """(the module's dotted name, the package its relative imports start from)."""
    parts = (root.name, *path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        name = ".".join(parts[:-1])
        return name, name
    return ".".join(parts), ".".join(parts[:-1])


def importers_of(target: str, root: Path, allowed=lambda rel: False) -> dict[str, list[str]]:
    """Every module under `root` (a package folder) that imports `target` or a module in it,
    function-local imports included: {its path relative to root: what it imports}."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if allowed(rel):
            continue
        _, package = module_of(path, root)
        hits = sorted(m for m in imported_modules(path, package) if m == target or m.startswith(target + "."))
        if hits:
            out[rel] = hits
    return out


def may_name_celebrity(rel: str) -> bool:
    return rel.startswith(OWN) or rel in ALLOWED


def test_the_check_sees_a_function_local_and_a_relative_import(tmp_path):
    """The reader these tests rely on, on a made-up package: it must find both imports."""
    root = tmp_path / "deathmatch"
    (root / "rulesets" / "celebrity").mkdir(parents=True)
    (root / "rulesets" / "celebrity" / "__init__.py").write_text("")
    (root / "night.py").write_text("def play():\n    from .rulesets.celebrity import bots\n    return bots\n")
    (root / "lab.py").write_text("import deathmatch.engine.game\n")
    (root / "rulesets" / "celebrity" / "game.py").write_text("from . import actions\n")
    assert importers_of(CELEBRITY, root, may_name_celebrity) == {
        "night.py": ["deathmatch.rulesets.celebrity", "deathmatch.rulesets.celebrity.bots"]}
    assert list(importers_of("deathmatch.engine", root)) == ["lab.py"]


def test_only_celebritys_own_packages_import_it():
    assert importers_of(CELEBRITY, PACKAGE, may_name_celebrity) == {}


def test_the_temporary_allowance_names_only_files_that_exist():
    for rel in ALLOWED:
        assert (PACKAGE / rel).is_file(), rel


def test_nothing_of_the_project_imports_the_old_engine_alias():
    assert not (PACKAGE / "engine").exists()
    for folder in ("deathmatch", "tests", "tools", "benchmarks"):
        assert importers_of("deathmatch.engine", PACKAGE.parent / folder) == {}, folder


def test_old_outside_code_importing_deathmatch_engine_is_told_what_to_import():
    """The alias is dropped, not kept working (a second name for Celebrity's rules that the import contracts could
    not see through): a notebook or script written against it fails at once, naming the module to use instead."""
    code = ("import deathmatch.rulesets.celebrity\n"  # (even with the rules loaded, the old name is not theirs)
            "for line in ('import deathmatch.engine', 'from deathmatch.engine.cards import load_cards',\n"
            "             'from deathmatch import engine'):\n"
            "    try:\n"
            "        exec(line)\n"
            "    except ImportError as e:\n"
            "        print(type(e).__name__, e)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PACKAGE.parent, env={**os.environ, "PYTHONPATH": str(PACKAGE.parent)}).stdout
    said = "ModuleNotFoundError deathmatch.engine is gone: it was the old name of Celebrity Deathmatch's rules; " \
           "import deathmatch.rulesets.celebrity instead"
    assert out.splitlines() == [said] * 3
