"""No module of the package is in an import circle with another (issues 12 and 28).

import-linter checks the layer arrows; this reads every module's imports from
the source (imports inside functions too, since they run; imports under
`if TYPE_CHECKING:` not, since they never do) and finds every circle of the
module import graph: its strongly connected components. Any circle between two
files fails, inside one package too, unless `ALLOWED` names it with the reason it
must stay. An import inside a function kept for start-up speed says so with a
`# lazy: start-up` comment; it can not hide a circle, as this graph holds it.
"""

import ast
from pathlib import Path

from conftest import ROOT


def _modules(root: Path, top: str) -> dict[str, Path]:
    """Every module under `root / top` by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted((root / top).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _package(name: str, modules: dict[str, Path]) -> str:
    """The package a module belongs to: a package is its own, a plain module its parent's."""
    return name if modules[name].name == "__init__.py" else name.rpartition(".")[0]


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _statements(node: ast.AST):
    """Every node under `node`, leaving out the bodies of `if TYPE_CHECKING:` (their `else:` runs)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            for other in child.orelse:
                yield other
                yield from _statements(other)
            continue
        yield child
        yield from _statements(child)


def _imports(name: str, modules: dict[str, Path]) -> set[str]:
    """The modules of the package that module `name` imports (at any depth of its code)."""
    path = modules[name]
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]

    def known(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    found = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(known(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            source = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                # `from package import module` imports the module; `from module import name` the module.
                found.add(known(f"{source}.{alias.name}") if f"{source}.{alias.name}" in modules else known(source))
    found.discard(None)
    found.discard(name)
    return found


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    circles.append(sorted(component))
    return circles


def circles_between_packages(root: Path, top: str) -> list[str]:
    """Each import circle that runs through more than one package, described for a reader."""
    modules = _modules(root, top)
    graph = {name: _imports(name, modules) for name in modules}
    report = []
    for circle in _circles(graph):
        packages = sorted({_package(name, modules) for name in circle})
        if len(packages) > 1:
            edges = [f"{a} -> {b}" for a in circle for b in sorted(graph[a]) if b in circle]
            report.append(f"packages {', '.join(packages)} import each other: " + "; ".join(edges))
    return report


ALLOWED: dict[frozenset[str], str] = {}
"""Circles between files that stay, each with its reason (none today: issue 28 removed the last ones)."""


def circles_between_files(root: Path, top: str) -> list[str]:
    """Each import circle of two or more modules (inside one package too), described for a reader, less `ALLOWED`."""
    modules = _modules(root, top)
    graph = {name: _imports(name, modules) for name in modules}
    return [" ; ".join(f"{a} -> {b}" for a in circle for b in sorted(graph[a]) if b in circle)
            for circle in _circles(graph) if frozenset(circle) not in ALLOWED]


def test_no_module_is_in_an_import_circle_with_another_package():
    assert circles_between_packages(ROOT, "deathmatch") == []


def test_no_two_files_import_each_other_even_inside_a_function():
    assert circles_between_files(ROOT, "deathmatch") == []


def test_every_allowed_circle_is_still_there_and_has_a_reason():
    """An exception that no longer happens is taken off the list, so the list says what is true."""
    modules = _modules(ROOT, "deathmatch")
    graph = {name: _imports(name, modules) for name in modules}
    found = {frozenset(c) for c in _circles(graph)}
    for circle, reason in ALLOWED.items():
        assert circle in found and reason.strip(), sorted(circle)


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_the_finder_sees_a_circle_through_a_function_local_import(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/paths.py": "def kit():\n    from .board.arenas import make\n    return make()\n",
        "pkg/board/__init__.py": "",
        "pkg/board/arenas.py": "from ..paths import kit\n",
    })
    [circle] = circles_between_packages(tmp_path, "pkg")
    assert "pkg.paths -> pkg.board.arenas" in circle and "pkg.board.arenas -> pkg.paths" in circle


def test_the_finder_sees_a_circle_through_an_absolute_from_package_import(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a/__init__.py": "from pkg.b import two\n",
        "pkg/a/one.py": "",
        "pkg/b/__init__.py": "",
        "pkg/b/two.py": "import pkg.a.one\nfrom pkg import a\n",
    })
    assert len(circles_between_packages(tmp_path, "pkg")) == 1


def test_a_circle_inside_one_package_through_a_function_is_found(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/board/__init__.py": "",
        "pkg/board/arena.py": "def load():\n    from .tiled import read\n    return read()\n",
        "pkg/board/tiled.py": "from .arena import load\n",
        "pkg/board/hex.py": "from . import arena\n",
    })
    assert circles_between_packages(tmp_path, "pkg") == []  # one package: the old test let it pass
    [circle] = circles_between_files(tmp_path, "pkg")
    assert circle == "pkg.board.arena -> pkg.board.tiled ; pkg.board.tiled -> pkg.board.arena"


def test_a_package_that_reimports_itself_from_a_module_inside_a_function_is_a_circle(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/kinds/__init__.py": "from . import base, heal\n",
        "pkg/kinds/base.py": "def get():\n    import pkg.kinds\n",
        "pkg/kinds/heal.py": "from .base import get\n",
    })
    [circle] = circles_between_files(tmp_path, "pkg")
    assert "pkg.kinds.base -> pkg.kinds" in circle


def test_annotation_only_imports_are_no_circle(tmp_path):
    _write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/rules/__init__.py": "",
        "pkg/rules/game.py": "from ..kinds import base\nfrom . import state\n",
        "pkg/rules/state.py": "def f():\n    from . import game\n",
        "pkg/kinds/__init__.py": "",
        "pkg/kinds/base.py": ("from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from ..rules.game import Game\n"
                              "else:\n    Game = None\n"),
    })
    assert circles_between_packages(tmp_path, "pkg") == []
    # the annotation-only arrow kinds.base -> rules.game makes no circle; game <-> state (through a function) does
    assert circles_between_files(tmp_path, "pkg") == ["pkg.rules.game -> pkg.rules.state ; pkg.rules.state -> pkg.rules.game"]
