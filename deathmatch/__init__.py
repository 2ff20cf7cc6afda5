"""Deathmatch: the digital edition of Semi-Historical Celebrity Deathmatch."""

from pathlib import Path

__version__ = "0.1.0"

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
