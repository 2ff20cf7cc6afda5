"""Issue 27, classes 1-4: every YAML kind (cards, armies, gladiators, experience cards, heroes,
scenarios) and the JSON the game reads back (the lab's results, records) through the one reading
gate. Each hostile file is built here and read through the real loader; the test asserts the
message (the file, the line where there is one, what to do), that the good files beside it still
load, and — for links out of a folder — that the file outside was never opened (an audit hook
sees every open the process makes)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from deathmatch import safefile
from deathmatch.rulesets.celebrity.cards import load_cards
from deathmatch.rulesets.gladiator.gladiators import load_library
from deathmatch.rulesets.skirmish.armies import load_armies
from deathmatch.rulesets.supers.heroes import load_heroes
from deathmatch.scenario import run_paths
from deathmatch.yamlfile import YamlSyntaxError, load_yaml
from conftest import ROOT

ASSETS = ROOT / "assets"
HUGE = "9" * 10_001

# --- who opened what: an audit hook (hooks can not be removed; this one only records while armed) ---
_OPENED: list[str] | None = None


def _audit(event, args):
    if _OPENED is not None and event in ("open", "os.open") and args and isinstance(args[0], (str, bytes, os.PathLike)):
        _OPENED.append(os.fsdecode(args[0]))


sys.addaudithook(_audit)


def opened_during(fn):
    global _OPENED
    _OPENED = []
    try:
        result = fn()
    finally:
        seen, _OPENED = _OPENED, None
    return result, seen


# --- one loader per YAML kind: (folder name, a bundled file to copy, load(folder) -> (ids, problems)) ---


def _cards(folder):
    lib = load_cards([folder])
    return set(lib.cards), [str(p) for p in lib.problems]


def _armies(folder):
    armies, problems = load_armies([folder])
    return {a.name for a in armies}, [str(p) for p in problems]


def _gladiators(folder):
    lib = load_library([ASSETS / "experience"], [folder])
    return set(lib.gladiators), [str(p) for p in lib.problems]


def _experience(folder):
    lib = load_library([folder], [])
    return set(lib.cards), [str(p) for p in lib.problems]


def _heroes(folder):
    lib = load_heroes([folder])
    return set(lib.heroes), [str(p) for p in lib.problems]


KINDS = {
    "cards": (ASSETS / "cards" / "attila.yaml", _cards),
    "armies": (ASSETS / "armies" / "crusader_host.yaml", _armies),
    "gladiators": (ASSETS / "gladiators" / "crixus.yaml", _gladiators),
    "experience": (ASSETS / "experience" / "bind_the_wound.yaml", _experience),
    "heroes": (ASSETS / "heroes" / "brick_king.yaml", _heroes),
}


def kind_folder(tmp_path, kind):
    """A folder of that kind holding one good bundled file; returns (folder, loader, ids that load)."""
    source, load = KINDS[kind]
    folder = tmp_path / kind
    folder.mkdir()
    (folder / source.name).write_bytes(source.read_bytes())
    ids, problems = load(folder)
    assert ids and problems == [], (kind, problems)
    return folder, load, ids


def first_key_line(text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(f"{key}:"):
            return number
    raise AssertionError(key)


# --- 1. numbers too long to convert -------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("where", ["name", "number"])
def test_a_number_of_ten_thousand_digits_is_a_message_with_its_line_in_every_yaml_kind(tmp_path, kind, where):
    folder, load, ids = kind_folder(tmp_path, kind)
    source = KINDS[kind][0]
    text = source.read_text(encoding="utf-8")
    if where == "name":  # a name YAML reads as a 5,000-digit integer
        key = "name"
        lines = [f"name: {'7' * 5000}" if line.startswith("name:") else line for line in text.splitlines()]
    else:  # a field holding a 10,001-digit integer (a new key at the top: the number is read before the checks)
        key = "id" if text.startswith("id:") else "name"
        lines = [f"{key}: {HUGE}" if line.startswith(f"{key}:") else line for line in text.splitlines()]
    bad = folder / f"zz_bad{source.suffix}"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    line = first_key_line(bad.read_text(encoding="utf-8"), key)
    got, problems = load(folder)
    assert got == ids  # the good file still loads
    assert len(problems) == 1 and problems[0].startswith(f"{bad}:{line}: "), problems
    assert "digits" in problems[0] and "write a smaller number" in problems[0]


def test_load_yaml_refuses_a_long_number_anywhere_and_reads_ordinary_ones():
    with pytest.raises(YamlSyntaxError) as e:
        load_yaml(f"a: 1\nb:\n  - {HUGE}\n", "f.yaml")
    assert e.value.line == 3 and "10001 digits" in str(e.value)
    with pytest.raises(YamlSyntaxError):
        load_yaml(f"a: 0x{'f' * 5000}\n", "f.yaml")
    with pytest.raises(YamlSyntaxError) as e:
        load_yaml(f"a: 1.{'5' * 5000}\n", "f.yaml")
    assert e.value.line == 1
    assert load_yaml("a: 12\nb: -3\nc: 1.5\nd: 0x1f\n", "f.yaml")[0] == {"a": 12, "b": -3, "c": 1.5, "d": 31}


def test_a_value_yamls_own_constructors_choke_on_is_a_message():
    with pytest.raises(YamlSyntaxError) as e:
        load_yaml("name: x\nborn: 2024-13-45\n", "f.yaml")
    assert "f.yaml" in str(e.value) and "quotes" in str(e.value)


# --- 2. bytes YAML refuses -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_nul_byte_in_any_yaml_kind_is_a_message_not_a_traceback(tmp_path, kind):
    folder, load, ids = kind_folder(tmp_path, kind)
    bad = folder / "zz_nul.yaml"
    bad.write_bytes(b"id: nul\nname: Nul\x00 Man\n")
    got, problems = load(folder)
    assert got == ids
    assert len(problems) == 1 and problems[0].startswith(f"{bad}: can not read the file: holds a NUL byte"), problems
    assert "(line 2)" in problems[0]


def test_load_yaml_names_the_line_of_a_character_yaml_refuses():
    with pytest.raises(YamlSyntaxError) as e:
        load_yaml("a: 1\nb: x\x00y\n", "f.yaml")
    assert e.value.line == 2 and "U+0000" in str(e.value)
    with pytest.raises(YamlSyntaxError) as e:
        load_yaml("a: 1\nb: \x07\n", "f.yaml")
    assert e.value.line == 2


# --- 3. links and odd entries --------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_link_to_itself_a_dangling_link_and_a_link_out_are_each_named_and_the_rest_load(tmp_path, kind):
    folder, load, ids = kind_folder(tmp_path, kind)
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.yaml"
    secret.write_bytes(KINDS[kind][0].read_bytes())
    os.symlink("loop.yaml", folder / "loop.yaml")
    os.symlink(tmp_path / "nowhere.yaml", folder / "dangling.yaml")
    os.symlink(secret, folder / "out.yaml")
    os.symlink("/etc/passwd", folder / "passwd.yaml")
    (got, problems), seen = opened_during(lambda: load(folder))
    assert got == ids
    by_file = {p.split(": ")[0]: p for p in problems}
    assert set(by_file) == {str(folder / n) for n in ("loop.yaml", "dangling.yaml", "out.yaml", "passwd.yaml")}
    assert "leads back to itself" in by_file[str(folder / "loop.yaml")]
    assert "not there" in by_file[str(folder / "dangling.yaml")]
    assert f"is a link to {secret}, outside its folder" in by_file[str(folder / "out.yaml")]
    assert "outside its folder" in by_file[str(folder / "passwd.yaml")]
    assert not any(p in (str(secret), "/etc/passwd") for p in seen), seen  # never opened


def test_a_link_inside_its_folder_is_read(tmp_path):
    folder, load, ids = kind_folder(tmp_path, "armies")
    os.symlink(folder / "crusader_host.yaml", folder / "again.yaml")
    got, problems = load(folder)
    assert got == ids and problems == []  # the same army twice: one name


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_fifo_and_a_huge_sparse_file_are_refused_unread(tmp_path, kind):
    folder, load, ids = kind_folder(tmp_path, kind)
    os.mkfifo(folder / "pipe.yaml")
    with open(folder / "sparse.yaml", "wb") as f:
        f.truncate(3 * 1024 ** 3)
    got, problems = load(folder)
    assert got == ids
    assert any(p.startswith(f"{folder / 'pipe.yaml'}: ") and "not a regular file" in p for p in problems)
    assert any(p.startswith(f"{folder / 'sparse.yaml'}: the file is ") and "at most 256 KB" in p for p in problems)


def test_a_content_folder_that_is_a_file_is_one_message(tmp_path):
    cards = tmp_path / "cards"
    cards.write_text("not a folder\n")
    lib = load_cards([ASSETS / "cards", cards])
    assert len(lib.cards) > 10
    assert [str(p) for p in lib.problems] == [f"{cards}: is a file, not a folder: move the file away (the game "
                                              "makes the folder again)"]


def test_a_folder_link_to_itself_lists_nothing_and_says_why(tmp_path):
    os.symlink("heroes", tmp_path / "heroes")
    lib = load_heroes([tmp_path / "heroes"])
    assert lib.heroes == {} and len(lib.problems) == 1 and "itself" in str(lib.problems[0])


# --- the gate itself -------------------------------------------------------------------------------


def test_read_bytes_refuses_dev_zero_a_fifo_and_a_link_out_and_reads_a_plain_file(tmp_path):
    (tmp_path / "ok.json").write_text('{"a": 1}')
    assert safefile.read_json(tmp_path / "ok.json", 100, tmp_path) == {"a": 1}
    os.symlink("/dev/zero", tmp_path / "zero.json")
    with pytest.raises(safefile.Refused) as e:
        safefile.read_bytes(tmp_path / "zero.json", 100)
    assert e.value.kind == "odd"
    with pytest.raises(safefile.Refused) as e:
        safefile.read_bytes(tmp_path / "zero.json", 100, tmp_path)
    assert e.value.kind == "link"
    os.mkfifo(tmp_path / "fifo.json")
    with pytest.raises(safefile.Refused, match="not a regular file"):
        safefile.read_bytes(tmp_path / "fifo.json", 100)
    (tmp_path / "big.json").write_bytes(b" " * 101)
    with pytest.raises(safefile.Refused) as e:
        safefile.read_bytes(tmp_path / "big.json", 100)
    assert e.value.kind == "size" and e.value.size == 101


def test_json_limits_deep_nesting_long_numbers_and_nan_are_messages():
    with pytest.raises(safefile.Refused, match="nested deeper"):
        safefile.loads_json("[" * 100_000 + "]" * 100_000, "deep.json")
    with pytest.raises(safefile.Refused, match="nested deeper"):
        safefile.loads_json("[" * 70 + "]" * 70, "deep.json")
    with pytest.raises(safefile.Refused, match="10001 digits"):
        safefile.loads_json(f'{{"seed": {HUGE}}}', "n.json")
    with pytest.raises(safefile.Refused, match="NaN"):
        safefile.loads_json('{"x": NaN}', "n.json")
    with pytest.raises(safefile.Refused) as e:
        safefile.loads_json('{"x": 1,\n "y": }', "n.json")
    assert e.value.line == 2
    assert safefile.loads_json('{"seed": 18446744073709551615, "x": [1.5, -2]}') == {
        "seed": 18446744073709551615, "x": [1.5, -2]}


def test_write_atomic_never_writes_through_a_link_and_keeps_the_old_file_on_a_full_disk(tmp_path, monkeypatch):
    target = tmp_path / "outside.txt"
    target.write_text("theirs")
    home = tmp_path / "home"
    home.mkdir()
    os.symlink(target, home / "save.json")
    with pytest.raises(safefile.Refused, match="link"):
        safefile.write_atomic(home / "save.json", "mine", home)
    assert target.read_text() == "theirs"
    (home / "real.json").write_text("before")
    real_write = os.write

    def full(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(safefile.DiskFull, match="the disk is full"):
        safefile.write_atomic(home / "real.json", "after", home)
    monkeypatch.setattr(os, "write", real_write)
    assert (home / "real.json").read_text() == "before"
    assert sorted(p.name for p in home.iterdir()) == ["real.json", "save.json"]  # no temporary left
    safefile.write_atomic(home / "real.json", "after", home)
    assert (home / "real.json").read_text() == "after"


def test_a_name_that_is_not_utf8_is_named_printably(tmp_path):
    (tmp_path / "good.yaml").write_text("a: 1\n")
    open(os.path.join(os.fsencode(tmp_path), b"bad\xff.yaml"), "w").close()
    files, skipped = safefile.entries(tmp_path, (".yaml",))
    assert files == [tmp_path / "good.yaml"]
    assert len(skipped) == 1 and "not UTF-8" in str(skipped[0])
    str(skipped[0]).encode("utf-8")  # printable


# --- 4. scenario files and the lab's results file ---------------------------------------------------


def test_a_scenario_file_that_is_a_fifo_dev_zero_or_100_mb_is_a_failed_result_not_a_hang(tmp_path):
    os.mkfifo(tmp_path / "fifo.yaml")
    os.symlink("/dev/zero", tmp_path / "zero.yaml")
    with open(tmp_path / "huge.yaml", "wb") as f:
        f.truncate(100 * 1000 * 1000)
    (tmp_path / "nul.yaml").write_bytes(b"name: x\x00\n")
    (tmp_path / "long.yaml").write_text(f"name: x\nseed: {HUGE}\n")
    results = {Path(r.file).name: r for r in run_paths([tmp_path])}
    assert set(results) == {"fifo.yaml", "zero.yaml", "huge.yaml", "nul.yaml", "long.yaml"}
    assert not any(r.ok for r in results.values())
    assert "not a regular file" in results["fifo.yaml"].message
    assert "outside its folder" in results["zero.yaml"].message
    assert "100 MB" in results["huge.yaml"].message
    assert "NUL" in results["nul.yaml"].message
    assert ":2:" in results["long.yaml"].message and "digits" in results["long.yaml"].message


def _results_run(tmp_path):
    from deathmatch.balance import SimConfig

    return SimConfig(games=4, players=2, seed=1)


@pytest.mark.parametrize("make", ["fifo", "zero", "folder", "deep", "long_line", "long_number"])
def test_the_labs_results_file_refuses_what_is_no_results_file(tmp_path, make):
    from deathmatch.balance import BalanceError, ResultsFile as Results

    config = _results_run(tmp_path)
    path = tmp_path / "results.jsonl"
    if make == "fifo":
        os.mkfifo(path)
    elif make == "zero":
        os.symlink("/dev/zero", path)
    elif make == "folder":
        path.mkdir()
    else:
        good = tmp_path / "good.jsonl"
        Results(good, config).file.close()
        header = good.read_bytes()
        tail = {"deep": b"[" * 100_000 + b"]" * 100_000 + b"\n",
                "long_line": b'{"index": 0, "pad": "' + b"x" * 2_000_000 + b'"}\n',
                "long_number": b'{"index": ' + HUGE.encode() + b"}\n"}[make]
        path.write_bytes(header + tail)
    for resume in (False, True):
        if make not in ("fifo", "zero", "folder") and not resume:
            continue
        with pytest.raises(BalanceError) as e:
            Results(path, config, resume=resume)
        assert str(path) in str(e.value)
        if make in ("fifo", "zero"):
            assert "not a regular file" in str(e.value) or "a link" in str(e.value)
        if make in ("deep", "long_number"):
            assert "line 2 is not a game's result" in str(e.value)
        if make == "long_line":
            assert "line 2 is over" in str(e.value)


def test_a_record_with_a_huge_number_or_deep_nesting_is_a_record_error():
    from deathmatch.core.record import Record, RecordError

    with pytest.raises(RecordError, match="digits"):
        Record.loads(json.dumps({"ruleset": {"id": "celebrity", "version": 1}, "setup": {}})[:-1]
                     + f', "seed": {HUGE}}}')
    with pytest.raises(RecordError, match="nested"):
        Record.loads("[" * 100_000 + "]" * 100_000)
