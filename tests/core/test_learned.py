"""The learned position values (issue 31): a value file is data, read as hostile; the training tool
is reproducible from its seed; every game's shipped file loads with the game's own features."""

from __future__ import annotations

import importlib
import json
import logging
import math
import sys
from pathlib import Path

import pytest

from deathmatch.core import learned

ROOT = Path(__file__).resolve().parents[2]
FEATURES = ("lives", "threat", "loot")


def good() -> dict:
    return {"ruleset": "toy", "features": list(FEATURES), "weights": [1.0, -0.5, 0.25], "bias": 0.1,
            "trained": {"command": "x"}}


def write(tmp_path, data, name="value.json") -> Path:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


def test_a_value_file_reads_back_as_a_logistic_model(tmp_path):
    v = learned.load(write(tmp_path, good()), FEATURES)
    assert v.features == FEATURES and v.weights == (1.0, -0.5, 0.25) and v.bias == 0.1
    z = 0.1 + 1.0 * 2 - 0.5 * 1 + 0.25 * 4
    assert v.chance([2, 1, 4]) == pytest.approx(1 / (1 + math.exp(-z)))
    assert v.chance([1e9, 0, 0]) == pytest.approx(1.0) and v.chance([-1e9, 0, 0]) == pytest.approx(0.0)
    assert learned.parse(v.to_json(), FEATURES, "x") == v


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(features=["lives", "loot", "threat"]), "in another order"),
    (lambda d: d.update(features=["lives", "threat"], weights=[1, 2]), "missing loot"),
    (lambda d: d.update(features=["lives", "threat", "loot", "gold"], weights=[1, 2, 3, 4]), "not the game's: gold"),
    (lambda d: d.update(weights=[1.0, 2.0]), "one number per feature (3)"),
    (lambda d: d.update(weights=[1.0, "2", 3.0]), "entry 2 (threat) is not a finite number"),
    (lambda d: d.update(weights=[1.0, float("nan"), 3.0]), "entry 2 (threat)"),
    (lambda d: d.update(weights=[True, 2.0, 3.0]), "entry 1 (lives)"),
    (lambda d: d.update(bias="high"), "field 'bias'"),
    (lambda d: d.pop("ruleset"), "field 'ruleset'"),
    (lambda d: d.update(trained=[1]), "field 'trained'"),
])
def test_a_broken_value_file_is_refused_naming_the_file_and_the_field(tmp_path, change, words):
    data = good()
    change(data)
    p = write(tmp_path, data)
    with pytest.raises(ValueError) as e:
        learned.load(p, FEATURES)
    assert str(p) in str(e.value) and words in str(e.value) and "tools/train_value.py" in str(e.value)


def test_not_json_too_large_or_missing_is_refused(tmp_path):
    with pytest.raises(ValueError, match=r"line 1\).*not JSON"):
        learned.load(write(tmp_path, "{nope"), FEATURES)
    with pytest.raises(ValueError, match="not a JSON object"):
        learned.load(write(tmp_path, "[1, 2]"), FEATURES)
    big = write(tmp_path, " " * (learned.MAX_BYTES + 1), "big.json")
    with pytest.raises(ValueError, match="more than"):
        learned.load(big, FEATURES)
    with pytest.raises(ValueError, match="cannot read"):
        learned.load(tmp_path / "gone.json", FEATURES)


def test_a_broken_shipped_file_is_said_once_and_the_bot_falls_back(tmp_path, caplog):
    learned.forget()
    p = write(tmp_path, "{nope")
    with caplog.at_level(logging.WARNING, logger="deathmatch"):
        assert learned.shipped(p, FEATURES) is None
        assert learned.shipped(p, FEATURES) is None
    said = [r for r in caplog.records if "without its learned value" in r.getMessage()]
    assert len(said) == 1 and str(p) in said[0].getMessage()
    learned.forget()


def shipped_games() -> list[str]:
    return sorted(p.parent.name for p in (ROOT / "deathmatch" / "rulesets").glob("*/value.json"))


def test_every_game_ships_a_value_that_loads_with_its_own_features():
    games = shipped_games()
    assert "skirmish" in games or games, "no game ships a learned value"
    for ruleset in games:
        mod = importlib.import_module(f"deathmatch.rulesets.{ruleset}.value")
        path = Path(mod.__file__).with_name("value.json")
        v = learned.load(path, mod.FEATURES)
        assert v.ruleset == ruleset and len(v.weights) == len(mod.FEATURES)
        held = v.trained["held_out"]
        assert held["positions"] > 1000 and 0.5 < held["accuracy"] <= 1.0, (ruleset, held)
        assert v.trained["command"].startswith(f"python tools/train_value.py --ruleset {ruleset} ")


def test_every_game_s_value_files_travel_in_the_wheel_and_the_app():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    for ruleset in shipped_games():
        assert f'"deathmatch.rulesets.{ruleset}" = ["value.json"]' in pyproject
    spec = (ROOT / "packaging" / "deathmatch.spec").read_text(encoding="utf-8")
    assert 'glob("*/value.json")' in spec


def test_the_training_tool_writes_the_same_weights_from_the_same_seed(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    sys.modules.pop("train_value", None)
    tool = importlib.import_module("train_value")
    outs = []
    for k in range(2):
        out = tmp_path / f"v{k}.json"
        assert tool.main(["--ruleset", "skirmish", "--games", "10", "--seed", "3", "--out", str(out)]) == 0
        outs.append(json.loads(out.read_text(encoding="utf-8")))
    assert outs[0]["weights"] == outs[1]["weights"] and outs[0]["trained"]["held_out"] == outs[1]["trained"]["held_out"]
    mod = importlib.import_module("deathmatch.rulesets.skirmish.value")
    v = learned.parse(outs[0], mod.FEATURES, "trained")
    assert any(w != 0 for w in v.weights)
    assert tool.main(["--ruleset", "skirmish", "--games", "10", "--seed", "3", "--out", str(tmp_path / "v0.json"),
                      "--check"]) == 0
    other = tmp_path / "other.json"
    tool.main(["--ruleset", "skirmish", "--games", "10", "--seed", "4", "--out", str(other)])
    assert json.loads(other.read_text(encoding="utf-8"))["weights"] != outs[0]["weights"]
