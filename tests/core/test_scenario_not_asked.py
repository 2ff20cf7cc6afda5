"""A scenario step that answers a question the game is not asking (a copy, a defence, a choice, a
re-roll, a placement, a card with no window) is a refusal the engine makes, in all four games'
runners alike (docs/rules/SCENARIOS.md, `core.scenario.Script.not_asked`): with `expect_error: true`
the step passes; without it the scenario fails naming the step. Each file is run through the real
runner, `deathmatch scenario FILE`."""

import pytest

from deathmatch.cli import main

CELEBRITY = """\
name: {name}
arena: {{hexagon: 4}}
cards:
  - id: plain
    name: Plain Dummy
    abilities:
      - {{name: Bandage, timing: action, effect: {{kind: heal, lives: 1}}}}
players: [red, blue]
models:
  - {{id: b, player: blue, card: plain, at: [2, 0], facing: 3}}
  - {{id: a, player: red, card: plain, at: [0, 0], facing: 0}}
steps:
"""
SKIRMISH = """\
ruleset: skirmish
name: {name}
players: [red, blue]
armies:
  red: [{{id: a, die: d4, at: [3, 3]}}]
  blue: [{{id: b, die: d10, at: [3, 6]}}]
dice: [4, 9]
steps:
"""
GLADIATOR = """\
ruleset: gladiator
name: {name}
turn: 2
models:
  - {{id: a, player: red, gladiator: hoplomachus, at: [0, 0], facing: 0}}
  - {{id: l, player: blue, gladiator: lion, at: [3, 0], facing: 3}}
dice: [5, 4]
steps:
  - {{player: red, choose: first}}
"""
SUPERS = """\
ruleset: supers
name: {name}
arena: {{hexagon: 5}}
heroes:
  - {{id: x, name: X, str: 5, dex: 3, size: 4, per: 3, powers: []}}
  - {{id: y, name: Y, str: 4, dex: 3, size: 5, per: 3, powers: []}}
models:
  - {{id: x, player: red, hero: x, at: [0, 0]}}
  - {{id: y, player: blue, hero: y, at: [3, 0]}}
dice: []
steps:
"""

CASES = [
    # (game, the file up to its steps, how many steps come before the one not asked, that step)
    ("celebrity", CELEBRITY, 0, "{player: blue, choose: push_back, to: [1, 0]}"),
    ("celebrity", CELEBRITY, 0, "{player: blue, play: Bandage}"),
    ("skirmish", SKIRMISH, 0, "{player: blue, reroll: true}"),
    ("skirmish", SKIRMISH, 0, "{player: blue, place: b, at: [0, 0]}"),
    ("gladiator", GLADIATOR, 1, "{player: blue, reroll: true}"),
    ("gladiator", GLADIATOR, 1, "{player: blue, play: dodge}"),
    ("gladiator", GLADIATOR, 1, "{player: blue, choose: first}"),
    ("supers", SUPERS, 0, "{player: red, copy: true}"),
    ("supers", SUPERS, 0, "{player: blue, defend: none}"),
    ("supers", SUPERS, 0, "{player: blue, choose: left}"),
]


def run(path, capsys) -> tuple[int, str]:
    code = main(["scenario", str(path)])
    return code, capsys.readouterr().out


def write(tmp_path, name: str, head: str, step: str) -> object:
    path = tmp_path / f"{name}.yaml"
    path.write_text(head.format(name=name) + f"  - {step}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("game, head, before, step", CASES, ids=[f"{c[0]}-{c[3].split(',')[1].split(':')[0].strip()}"
                                                                  for c in CASES])
def test_a_step_answering_a_question_not_asked_is_a_refusal_in_every_game(tmp_path, capsys, game, head, before, step):
    expected = write(tmp_path, "expected", head, step[:-1] + ", expect_error: true}")
    code, out = run(expected, capsys)
    assert code == 0 and "PASS expected" in out, out

    bare = write(tmp_path, "bare", head, step)
    code, out = run(bare, capsys)
    assert code == 1 and "FAIL bare" in out, out
    line = next(x for x in out.splitlines() if x.startswith("FAIL"))
    assert f"step {before + 1}: the game refused it:" in line, line  # names the step, and says it is a refusal
    assert str(bare) in line and "internal error" not in line

    wrong = write(tmp_path, "wrong", head, step[:-1] + ", expect_error: no_such_code}")
    code, out = run(wrong, capsys)  # a refusal, but not the one expected: fails naming the step too
    assert code == 1 and f"step {before + 1}: " in out and "no_such_code" in out, out


def test_a_step_not_asked_after_the_end_of_a_bout_is_refused_too(tmp_path, capsys):
    """A Gladiator! bout called off at once (two lame men, docs/RULINGS.md): nothing is asked any more."""
    head = GLADIATOR.replace("turn: 2\n", "").replace("hoplomachus", "secutor").replace("lion", "thracian")
    head = head.replace("facing: 0}}", "facing: 0, wounds: {{leg: 6}}}}").replace("facing: 3}}", "facing: 3, wounds: {{leg: 6}}}}")
    head = head.replace("  - {{player: red, choose: first}}\n", "").replace("dice: [5, 4]", "dice: []")
    code, out = run(write(tmp_path, "over", head, "{player: red, choose: first, expect_error: game_over}"), capsys)
    assert code == 0, out
    code, out = run(write(tmp_path, "over_bare", head, "{player: blue, play: dodge}"), capsys)
    assert code == 1 and "step 1: the game refused it: game_over" in out, out
