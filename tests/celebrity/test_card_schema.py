"""The JSON Schema of a card file (assets/cards/card.schema.json), for editors: made from the
card checker's own tables, kept in step with them, and in agreement with the checker."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import jsonschema
import pytest
import yaml

from conftest import ROOT
from test_card_files import field_paths
from deathmatch.rulesets.celebrity.cards import (
    ABILITY_FIELDS, CARD_FIELDS, SCHEMA_FILE, json_schema, json_schema_text, parse_card,
)

BUNDLED = ROOT / "assets" / "cards"
SCHEMA = BUNDLED / SCHEMA_FILE
BROKEN = ROOT / "tests" / "data" / "broken_cards"


@pytest.fixture(scope="module")
def validator():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def test_the_committed_schema_is_what_the_tool_writes_from_the_checkers_tables():
    assert SCHEMA.read_text(encoding="utf-8") == json_schema_text(), "run: python tools/card_schema.py"
    out = subprocess.run([sys.executable, str(ROOT / "tools" / "card_schema.py"), "--check"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    schema = json_schema()
    assert set(schema["properties"]) == CARD_FIELDS
    assert set(schema["definitions"]["ability"]["properties"]) == ABILITY_FIELDS


def test_every_bundled_card_is_valid_under_the_schema(validator):
    files = sorted(BUNDLED.glob("*.yaml"))
    assert len(files) >= 24
    for path in files:
        errors = [e.message for e in validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8")))]
        assert not errors, (path.name, errors)


def test_every_bundled_card_names_the_schema_for_editors():
    for path in sorted(BUNDLED.glob("*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# yaml-language-server: $schema={SCHEMA_FILE}", path.name


@pytest.mark.parametrize("name", ["bad_timing", "missing_param", "out_of_range", "two_abilities", "unknown_field",
                                  "unknown_kind", "wrong_timing_for_kind"])
def test_the_schema_refuses_what_the_checker_refuses(validator, name):
    data = yaml.safe_load((BROKEN / f"{name}.yaml").read_text(encoding="utf-8"))
    assert parse_card(data)[0] is None
    assert not validator.is_valid(data)


WRONG = [None, True, 0, -3, 2.5, "", "word", "#12ab34", [], ["a", "b"], {}, {"a": 1}, 1, 3, 7,
         "action", "on_kill", "heal"]


@pytest.mark.parametrize("card_file", sorted(p.name for p in BUNDLED.glob("*.yaml"))[1::16])
def test_the_schema_and_the_checker_agree_on_every_field_changed(validator, card_file):
    """Each field of a real card in turn given right and wrong values: the schema takes
    exactly the cards the checker takes."""
    data = yaml.safe_load((BUNDLED / card_file).read_text(encoding="utf-8"))
    paths = [p for p in field_paths(data) if p] + [("colour",), ("abilities", 0, "hint"),
                                                    ("abilities", 0, "hint", "value")]
    both = 0
    for path in paths:
        for value in WRONG:
            mutated = copy.deepcopy(data)
            holder = mutated
            for key in path[:-1]:
                holder = holder.setdefault(key, {}) if isinstance(holder, dict) else holder[key]
            holder[path[-1]] = value
            checked = parse_card(mutated, card_file)[0] is not None
            assert validator.is_valid(mutated) == checked, (path, value, checked)
            both += checked
    assert both > 20  # some changes are right ones, and both take them


def test_the_worked_example_in_cards_md_names_the_schema_and_passes_both_checks(tmp_path, validator):
    import re

    from deathmatch.rulesets.celebrity.cards import load_cards

    doc = (ROOT / "docs" / "CARDS.md").read_text(encoding="utf-8")
    (example,) = [b for b in re.findall(r"```yaml\n(.*?)```", doc, re.S) if "\nid: beethoven\n" in b]
    assert example.splitlines()[0] == f"# yaml-language-server: $schema={SCHEMA_FILE}"
    path = tmp_path / "beethoven.yaml"
    path.write_text(example, encoding="utf-8")
    lib = load_cards([path])
    assert list(lib.cards) == ["beethoven"] and not lib.problems and not lib.warnings
    assert validator.is_valid(yaml.safe_load(example))
