"""tests/ grouped by layer and game (issue 28, item 8): every test file sits in the folder tools/group_tests.py's
table gives it, no two share a name (pytest imports them by file name), and the script moves new files at
tests/ into their folders without touching those already placed."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections import Counter

import pytest

from conftest import GROUP_FOLDERS, ROOT, TESTS

spec = importlib.util.spec_from_file_location("group_tests_under_test", ROOT / "tools" / "group_tests.py")
group_tests = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = group_tests  # its dataclass looks its module up
spec.loader.exec_module(group_tests)


def test_no_test_file_is_left_at_the_top_of_tests():
    assert sorted(p.name for p in TESTS.glob("test_*.py")) == []


def test_every_test_file_sits_in_the_folder_the_table_names():
    misplaced = [p.relative_to(TESTS).as_posix() for p in group_tests.grouped(TESTS)
                 if group_tests.place(p.name) != p.parent.name]
    assert misplaced == []
    assert {p.name for p in GROUP_FOLDERS} <= set(group_tests.GROUPS)  # no folder of tests the table does not know


def test_the_table_names_each_file_once():
    names = Counter(n for names in group_tests.GROUPS.values() for n in names)
    assert [n for n, times in names.items() if times > 1] == []


def test_no_two_test_modules_share_a_name():
    """Outside the packages (conformance/, the toy), pytest names a test module by its file name alone."""
    names = Counter(p.name for folder in [TESTS, *GROUP_FOLDERS] for p in folder.glob("*.py"))
    assert [n for n, times in names.items() if times > 1] == []


@pytest.mark.parametrize("name, group", [
    ("test_supers_new_thing.py", "supers"), ("test_supers.py", "supers"), ("test_skirmish_x.py", "skirmish"),
    ("test_gladiator_y.py", "gladiator"), ("test_celebrity_z.py", "celebrity"), ("test_career.py", "gladiator"),
    ("test_hex.py", "board"), ("test_lint.py", "shell"), ("test_core.py", "core"),
    ("test_supersonic.py", None), ("test_something_new.py", None),
])
def test_a_file_is_placed_by_its_name_then_by_its_prefix(name, group):
    assert group_tests.place(name) == group


def _git(root, *args):
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=True).stdout


def test_the_script_moves_new_files_fixes_their_mentions_and_leaves_placed_ones(tmp_path, capsys):
    # (Names of no real test file here: the script's --apply would rewrite a real one's old path in this file.)
    (tmp_path / "tests" / "core").mkdir(parents=True)
    (tmp_path / "tests" / "data").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "tests" / "core" / "test_core.py").write_text("def test_a(): pass\n")
    (tmp_path / "tests" / "test_supers_new.py").write_text("def test_b(): pass\n")
    (tmp_path / "tests" / "test_unheard_of.py").write_text("def test_c(): pass\n")
    mentions = ("See tests/test_supers_new.py and [it](../tests/test_supers_new.py), tests/test_supers_new.pyc, "
                "my_tests/test_supers_new.py, tests/test_unheard_of.py. Ends tests/test_supers_new.py.\n")
    (tmp_path / "docs" / "NOTES.md").write_text(mentions)
    (tmp_path / "tests" / "data" / "golden.json").write_text('{"_": "tests/test_supers_new.py"}\n')
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "before")

    assert group_tests.main([], root=tmp_path) == 1  # the plan only: nothing moves
    assert (tmp_path / "tests" / "test_supers_new.py").exists()
    plan_out = capsys.readouterr().out
    assert "tests/test_supers_new.py -> tests/supers/test_supers_new.py: would move" in plan_out
    assert "not placed: tests/test_unheard_of.py" in plan_out

    assert group_tests.main(["--apply"], root=tmp_path) == 1  # one file still has no folder
    out = capsys.readouterr().out
    assert "tests/test_supers_new.py -> tests/supers/test_supers_new.py: git mv" in out
    assert (tmp_path / "tests" / "supers" / "test_supers_new.py").exists()
    assert not (tmp_path / "tests" / "test_supers_new.py").exists()
    assert (tmp_path / "tests" / "core" / "test_core.py").exists()
    assert (tmp_path / "tests" / "test_unheard_of.py").exists()  # reported, left where it is
    assert "R  tests/test_supers_new.py -> tests/supers/test_supers_new.py" in _git(tmp_path, "status", "--short")
    assert (tmp_path / "docs" / "NOTES.md").read_text() == (
        "See tests/supers/test_supers_new.py and [it](../tests/supers/test_supers_new.py), tests/test_supers_new.pyc, "
        "my_tests/test_supers_new.py, tests/test_unheard_of.py. Ends tests/supers/test_supers_new.py.\n")
    assert (tmp_path / "tests" / "data" / "golden.json").read_text() == '{"_": "tests/test_supers_new.py"}\n'

    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file() and ".git" not in p.parts}
    assert group_tests.main(["--apply"], root=tmp_path) == 1  # again: nothing more moves or changes
    assert "0 moved, 0 clashes, 1 not placed, 2 in their folders" in capsys.readouterr().out
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file() and ".git" not in p.parts} == before

    (tmp_path / "tests" / "test_unheard_of.py").unlink()
    assert group_tests.main(["--apply"], root=tmp_path) == 0


def test_a_file_whose_folder_holds_its_name_already_is_a_clash_and_stays(tmp_path, capsys):
    (tmp_path / "tests" / "supers").mkdir(parents=True)
    (tmp_path / "tests" / "supers" / "test_supers_twice.py").write_text("old\n")
    (tmp_path / "tests" / "test_supers_twice.py").write_text("new\n")
    _git(tmp_path, "init", "-q")
    assert group_tests.main(["--apply"], root=tmp_path) == 1
    said = capsys.readouterr().out
    assert "tests/test_supers_twice.py: left where it is, tests/supers/test_supers_twice.py exists already" in said
    assert (tmp_path / "tests" / "supers" / "test_supers_twice.py").read_text() == "old\n"
    assert (tmp_path / "tests" / "test_supers_twice.py").read_text() == "new\n"


MENTION = __import__("re").compile(r"(?<![\w./-])tests/[\w/]+\.py\b")


def test_every_test_file_the_docs_name_is_there():
    """README, docs/, pyproject.toml and the package's comments name test files by their paths: a path left from
    before a move is fixed by `python tools/group_tests.py --apply`."""
    texts = [ROOT / "README.md", ROOT / "pyproject.toml", *sorted((ROOT / "docs").rglob("*.md")),
             *sorted((ROOT / "deathmatch").rglob("*.py")), *sorted((ROOT / "benchmarks").rglob("*.py"))]
    gone = sorted({f"{p.relative_to(ROOT)}: {m}" for p in texts for m in MENTION.findall(p.read_text(encoding="utf-8"))
                   if not (ROOT / m).exists()})
    assert gone == []
