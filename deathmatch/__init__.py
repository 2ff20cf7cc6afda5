"""Deathmatch: the digital edition of Semi-Historical Celebrity Deathmatch."""

import sys
from pathlib import Path

__version__ = "0.1.0"

GONE = {"deathmatch.engine": "deathmatch.rulesets.celebrity"}
"""Old module names that are no more, each with its new name (issue 28 dropped the `deathmatch.engine` alias of
Celebrity Deathmatch's rules): importing one, or a module in it, fails with a message naming what to import."""


class _GoneFinder:
    """Makes `import deathmatch.engine(.x)` fail with the new name in the message rather than a bare "No module
    named"; first on `sys.meta_path`, so a leftover `deathmatch/engine/__pycache__` folder can not make it an
    empty namespace package. Every other import passes by (None: not this finder's)."""

    def find_spec(self, name, path=None, target=None):
        for old, new in GONE.items():
            if name == old or name.startswith(old + "."):
                rest = name[len(old):]
                instead = "deathmatch.core.dice" if rest == ".dice" else new + rest
                raise ModuleNotFoundError(f"{name} is gone: it was the old name of Celebrity Deathmatch's rules; "
                                          f"import {instead} instead", name=name)
        return None


if not any(type(f).__name__ == "_GoneFinder" for f in sys.meta_path):
    sys.meta_path.insert(0, _GoneFinder())


def __getattr__(attr: str):
    """`from deathmatch import engine` says so too (Python looks the name up here before importing it)."""
    if f"{__name__}.{attr}" in GONE:
        _GoneFinder().find_spec(f"{__name__}.{attr}")
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")

COMPILED_SUFFIXES = (".so", ".pyd")


def stale_compiled(root: Path | None = None) -> list[Path]:
    """The compiled modules (tools/build_fast.py's optional build) older than their .py: Python
    loads an extension module before the source of the same name, so after an edit the old code
    would still run. Empty when nothing is compiled (a plain install, the packaged app)."""
    root = Path(__file__).resolve().parent if root is None else root
    stale = []
    for suffix in COMPILED_SUFFIXES:
        for built in root.rglob(f"*{suffix}"):
            source = built.with_name(built.name.split(".", 1)[0] + ".py")
            if source.is_file() and source.stat().st_mtime > built.stat().st_mtime:
                stale.append(source)
    return sorted(stale)
