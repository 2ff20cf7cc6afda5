"""The layers of docs/ARCHITECTURE.md are contracts (import-linter, pyproject.toml), checked here; and the
contracts that keep the games apart name every game and every shared module, so that a new file or a new game
can not slip past them."""

import ast
import fnmatch
import subprocess
import sys
import tomllib

from conftest import ROOT

BELOW_THE_CLIENT = ["core", "board", "rulesets", "abilities"]


def test_the_import_contracts_are_kept():
    out = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout
    for name in ("core imports nothing of the package", "board imports only core",
                 "rulesets and abilities never import the client", "no pygame below the client",
                 "effect kinds import no rules", *GAME_CONTRACTS):
        assert name in out.stdout, name  # and kept: nothing is broken


GAME_CONTRACTS = ("the rulesets are independent of one another", "the abilities packages are independent of one another",
                  "each game's screens are independent of the others'", "each game's art is independent of the others'",
                  "nothing shared imports a game", "the client sits below the scenes",
                  "launch.py starts the game from above: no scene imports it")

NEITHER = {
    "deathmatch.abilities": "the old name of deathmatch.abilities.celebrity, an alias kept for outside code",
}
"""Modules that are neither a game's nor shared, and why."""


def _contract(name: str) -> dict:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    [found] = [c for c in config["tool"]["importlinter"]["contracts"] if c["name"] == name]
    return found


def _all_modules() -> list[str]:
    found = []
    for path in sorted((ROOT / "deathmatch").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def _games() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "deathmatch" / "rulesets").glob("*/__init__.py"))


def _registered() -> list[str]:
    """The games this package registers, as the program finds them (the registry: the `deathmatch.games` entry
    points), each by the folder its manifest lives in (`deathmatch/rulesets/<id>/manifest.py`); another
    package's (an installed plugin's) are not this package's contracts' to name."""
    from deathmatch.core import registry

    found = []
    for m in registry.games():
        [module] = [name for name, mod in list(sys.modules.items()) if getattr(mod, "MANIFEST", None) is m]
        parts = module.split(".")
        if parts[:2] == ["deathmatch", "rulesets"]:
            found.append(parts[2])
    return sorted(found)


def test_the_contracts_games_are_the_registrys():
    """Every game the registry finds in this package has its folder, and every game folder is registered: the
    contracts below, named from the registry's games, so miss none (a new game registered but left out of a
    contract fails the next test)."""
    assert _registered() == _games()


def _game_of(module: str) -> str | None:
    """The game a module belongs to (its rules, abilities, screens or art), or None for a shared one."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] in ("rulesets", "abilities", "scenes") and parts[2] in _games():
        return parts[2]
    if parts[1:3] == ["client", "art"] and len(parts) == 4 and parts[3] in _games():
        return parts[3]
    return None


def _named(module: str, expressions: list[str]) -> bool:
    return any(module == e or ("*" in e and fnmatch.fnmatchcase(module, e.replace("**", "*"))) for e in expressions)


def test_the_independence_contracts_name_every_game():
    games = _registered()
    assert set(games) >= {"celebrity", "skirmish", "gladiator", "supers"}
    for name, room, folders in (("the rulesets are independent of one another", "rulesets", games),
                                ("the abilities packages are independent of one another", "abilities",
                                 [g for g in games if (ROOT / "deathmatch" / "abilities" / g).is_dir()]),
                                ("each game's screens are independent of the others'", "scenes",
                                 [g for g in games if (ROOT / "deathmatch" / "scenes" / g).is_dir()]),
                                ("each game's art is independent of the others'", "client.art",
                                 [g for g in games if (ROOT / "deathmatch" / "client" / "art" / f"{g}.py").exists()])):
        assert sorted(_contract(name)["modules"]) == sorted(f"deathmatch.{room}.{g}" for g in folders), name


def test_every_module_is_a_games_or_shared_and_the_contract_names_it():
    contract = _contract("nothing shared imports a game")
    sources, forbidden = contract["source_modules"], contract["forbidden_modules"]
    for module in _all_modules():
        if module in NEITHER:
            continue
        if _game_of(module):
            assert _named(module, forbidden) and not _named(module, sources), module
        else:
            assert _named(module, sources) and not _named(module, forbidden), module


def test_the_module_sorter_knows_a_game_from_the_shell():
    assert _game_of("deathmatch.scenes.skirmish.battle") == "skirmish"
    assert _game_of("deathmatch.client.art.gladiator") == "gladiator"
    assert _game_of("deathmatch.client.art.dice") is None
    assert _game_of("deathmatch.scenes.setup") is None
    assert _named("deathmatch.core.machine", ["deathmatch.core.**"]) and not _named("deathmatch.cored", ["deathmatch.core.**"])


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
    # The contract "rulesets and abilities never import the client" says it too; this reads the files themselves.
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
