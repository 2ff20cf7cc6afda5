"""Only Celebrity Deathmatch's own packages name it: everything else (the core, the shell,
tournaments, the balance lab, saves, the scenario runner, the client) reaches a ruleset
through the registry (`deathmatch.core.registry`), so a second ruleset gets all of it.
And nothing in the package imports through the `deathmatch.engine` alias, which
import-linter can not see through."""

from __future__ import annotations

from pathlib import Path

from test_router import imported_modules
from conftest import ROOT

PACKAGE = ROOT / "deathmatch"

CELEBRITY = "deathmatch.rulesets.celebrity"

OWN = ("rulesets/celebrity/", "abilities/celebrity/", "scenes/celebrity/", "engine/")
"""Celebrity Deathmatch's own packages (and `deathmatch.engine`, its alias)."""
ALLOWED = {
    "cli.py",  # `deathmatch check-cards` checks Celebrity Deathmatch's cards
    "rulesets/__init__.py",  # imports the bundled rulesets, which registers them
}


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


def test_nothing_in_the_package_imports_through_the_engine_alias():
    assert importers_of("deathmatch.engine", PACKAGE, lambda rel: rel.startswith("engine/")) == {}
