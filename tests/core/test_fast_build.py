"""The optional compiled engine (tools/build_fast.py) plays exactly the games pure Python plays.

This process runs whatever is in place: the compiled modules after `python tools/build_fast.py`
(CI builds them in its last step and runs this file again), the .py files otherwise. It is
compared with a subprocess that loads only the .py files (tests/fast_games.py --pure): the
frozen records replayed and a batch of random games, state for state and event for event.
"""

import json
import subprocess
import sys

import fast_games
from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import build_fast  # noqa: E402


def pure_run() -> dict:
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "fast_games.py"), "--pure"],
                          capture_output=True, text=True, cwd=ROOT, timeout=240)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_compiled_modules_play_the_games_pure_python_plays():
    pure = pure_run()
    # The subprocess really ran the .py files, even where a compiled module sits beside them.
    assert set(pure["origins"].values()) == {"source"}
    here = fast_games.games()
    assert len(here) == len(pure["games"]) >= 20
    for mine, reference in zip(here, pure["games"]):
        assert mine == reference, mine.get("frozen") or mine["random"]
    assert sum(g.get("activations", 0) for g in here) > 500  # the random games are real games


def test_build_fast_names_existing_modules_and_knows_its_build_products(tmp_path, monkeypatch):
    for module in build_fast.MODULES:
        assert build_fast.source(module).is_file(), module
    # `compiled` (what --clean removes) finds a module's extension files and nothing else.
    monkeypatch.setattr(build_fast, "ROOT", tmp_path)
    folder = tmp_path / "deathmatch" / "core"
    folder.mkdir(parents=True)
    for name in ("machine.py", "machine.cpython-311-x86_64-linux-gnu.so", "machine.pyd", "machine.c",
                 "machinery.cpython-311-x86_64-linux-gnu.so", "dice.cpython-311-x86_64-linux-gnu.so"):
        (folder / name).write_text("")
    assert [p.name for p in build_fast.compiled("deathmatch.core.machine")] == [
        "machine.cpython-311-x86_64-linux-gnu.so", "machine.pyd"]


def test_a_compiled_module_older_than_its_source_is_named_and_the_cli_says_so(tmp_path, monkeypatch, capsys):
    """After an edit the old compiled module would still load first: the CLI warns, naming it."""
    import os

    import deathmatch
    from deathmatch import cli

    pkg = tmp_path / "deathmatch" / "core"
    pkg.mkdir(parents=True)
    (pkg / "dice.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (pkg / "dice.py").write_text("# edited\n")
    (pkg / "machine.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (pkg / "machine.py").write_text("# not edited\n")
    os.utime(pkg / "dice.cpython-311-x86_64-linux-gnu.so", (1_000_000, 1_000_000))
    os.utime(pkg / "machine.py", (1_000_000, 1_000_000))
    assert deathmatch.stale_compiled(tmp_path / "deathmatch") == [pkg / "dice.py"]
    assert deathmatch.stale_compiled(tmp_path / "nothing_built") == []
    monkeypatch.setattr(deathmatch, "stale_compiled", lambda: [pkg / "dice.py"])
    cli.warn_stale_compiled()
    assert "older than its source (dice)" in capsys.readouterr().err
