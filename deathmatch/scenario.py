"""The scenario runner: docs/rules/SCENARIOS.md, for every ruleset.

A scenario sets up a position, plays a script with forced dice and checks what
must then be true. `run_file` never raises: a malformed scenario is a FAIL
whose message names the file, the step (and its line) and the reason. The
file's `ruleset:` (default `celebrity`) picks the ruleset whose runner plays it
(`Ruleset.run_scenario`; Celebrity Deathmatch's is `deathmatch.rulesets.celebrity.scenario`).
"""

from __future__ import annotations

from pathlib import Path

from . import rulesets
from .core import registry
from .core.scenario import Fail, Result
from . import safefile
from .yamlfile import MAX_FILE_BYTES, YamlSyntaxError, load_yaml

__all__ = ["Fail", "Result", "run_file", "run_paths"]


def run_paths(paths) -> list[Result]:
    """Run every scenario file in these files and folders (folders: *.yaml, sorted, recursive)."""
    files: list[tuple[Path, Path | None]] = []
    for p in map(Path, paths):
        if p.is_dir():
            files.extend((f, p) for f in sorted(list(p.rglob("*.yaml")) + list(p.rglob("*.yml"))))
        else:
            files.append((p, None))
    return [run_file(f, folder) for f, folder in files]


def run_file(path, folder=None) -> Result:
    """One scenario file run: its Result (never raises). The file goes through the one reading
    gate (`deathmatch.safefile`: a regular file at most MAX_FILE_BYTES, inside `folder` if given)."""
    path = Path(path)
    name = path.stem
    try:
        text = safefile.read_text(path, MAX_FILE_BYTES, folder)
    except safefile.Refused as e:
        return Result(name, str(path), False, f"{path}: can not read: {e.reason}")
    try:
        data, lines = load_yaml(text, str(path))
    except YamlSyntaxError as e:
        return Result(name, str(path), False, str(e))
    if isinstance(data, dict) and isinstance(data.get("name"), str):
        name = data["name"]
    ruleset_id = data.get("ruleset", rulesets.DEFAULT) if isinstance(data, dict) else rulesets.DEFAULT
    try:
        ruleset = registry.get(str(ruleset_id))
    except KeyError as e:
        where = f"{path}:{lines[('ruleset',)]}" if ("ruleset",) in lines else str(path)
        return Result(name, str(path), False, f"{where}: ruleset: {e.args[0]}")
    if ruleset.run_scenario is None:
        return Result(name, str(path), False, f"{path}: {ruleset.name} has no scenario runner")
    try:
        ruleset.run_scenario(data, lines, path)
    except Fail as e:
        return Result(name, str(path), False, str(e))
    except Exception as e:  # a runner or engine bug: still a FAIL, never a crash
        return Result(name, str(path), False, f"{path}: internal error {type(e).__name__}: {e}")
    return Result(name, str(path), True)
