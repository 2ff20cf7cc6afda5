"""Every rules scenario in tests/scenarios passes, and the runner turns bad files into FAILs."""

from pathlib import Path

import pytest

from conftest import ROOT
from deathmatch.cli import main
from deathmatch.scenario import run_file, run_paths

SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.yaml"))
BAD = ROOT / "tests" / "data" / "bad_scenarios"


def test_there_are_enough_scenarios():
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario(path: Path):
    result = run_file(path)
    assert result.ok, result.message


@pytest.mark.parametrize(
    "file, words",
    [
        ("bad_yaml.yaml", "bad_yaml.yaml:3: YAML syntax error"),
        ("unknown_key.yaml", "unknown_key.yaml:4: modles: unknown key"),
        ("unknown_card.yaml", "unknown_card.yaml:5: models.0.card: unknown card 'no_such_card'"),
        ("illegal_step.yaml", "illegal_step.yaml:9: step 2: the engine refused Move(model='a', path=(Hex(0, 1),), facing=None): blocked: [0, 1] (hex 1 of the path) is blocked"),
        ("out_of_dice.yaml", "step 1: ran out of forced dice"),
        ("wrong_expectation.yaml", "a.lives is 2, expected 3; blue has 1 VP, expected 0"),
        ("wrong_error.yaml", "step 1: expected the engine to refuse"),
        ("die_above_its_sides.yaml", "die_above_its_sides.yaml:14: step 1: forced die 1 is 7, but the die rolled here is a d6"),
        ("unknown_ruleset.yaml", "unknown_ruleset.yaml:1: ruleset: no ruleset 'croquet' (known: celebrity"),
        ("celebrity_on_squares.yaml", "celebrity_on_squares.yaml:3: arena: this ruleset plays on a hex grid, but the arena is a square grid"),
    ],
)
def test_bad_scenarios_fail_with_file_step_and_reason(file, words):
    result = run_file(BAD / file)
    assert not result.ok
    assert words in result.message, result.message


def test_runner_prints_one_line_each_and_a_total(capsys):
    assert main(["scenario", str(BAD)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert all(ln.startswith("FAIL ") for ln in lines[:-1])
    assert lines[-1] == f"0 passed, {len(list(BAD.glob('*.yaml')))} failed"


def test_runner_passes_the_suite(capsys):
    assert main(["scenario", str(ROOT / "tests" / "scenarios")]) == 0
    every = len(list((ROOT / "tests" / "scenarios").rglob("*.yaml")))  # the runner walks the rulesets' folders too
    assert capsys.readouterr().out.strip().splitlines()[-1] == f"{every} passed, 0 failed"


def test_run_paths_accepts_files_and_folders():
    results = run_paths([SCENARIOS[0], BAD])
    assert results[0].ok and len(results) == 1 + len(list(BAD.glob("*.yaml")))


def test_the_spec_example_runs_unchanged(tmp_path, capsys):
    """The scenario format's own example (docs/rules/SCENARIOS.md, written by someone else), as it
    stands in the spec, through the command a player runs."""
    text = (ROOT / "docs" / "rules" / "SCENARIOS.md").read_text(encoding="utf-8")
    example = text.split("```yaml", 1)[1].split("```", 1)[0]
    path = tmp_path / "spec_example.yaml"
    path.write_text(example, encoding="utf-8")
    assert main(["scenario", str(path)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1] == "1 passed, 0 failed"
