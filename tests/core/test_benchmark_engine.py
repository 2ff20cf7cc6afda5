"""benchmarks/engine.py measures every registered ruleset that deals quick games (its quick mode
runs for each), counting the ruleset's own unit."""

import importlib.util
import re
import sys

import pytest

from conftest import ROOT
from deathmatch.core import registry



def load_benchmark():
    spec = importlib.util.spec_from_file_location("engine_benchmark", ROOT / "benchmarks" / "engine.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


BENCH = load_benchmark()
DEALING = [rid for rid in registry.ids() if registry.get(rid).quick_game is not None]


def test_every_bundled_ruleset_deals_quick_games():
    assert {"celebrity", "skirmish", "gladiator", "supers"} <= set(DEALING)


@pytest.mark.parametrize("ruleset_id", DEALING)
def test_the_quick_mode_runs_and_counts_for_every_ruleset(ruleset_id, capsys):
    BENCH.main(["--quick", "--ruleset", ruleset_id])
    out = capsys.readouterr().out
    rates = re.findall(r"players:\s+([\d,]+) (\w+)/s\s+([\d.]+) games/s", out)
    assert rates, out
    unit = "activations" if ruleset_id == "celebrity" else BENCH.bench_of(ruleset_id).unit
    for count, counted, games in rates:
        assert counted == unit
        assert int(count.replace(",", "")) > 0 and float(games) > 0, out
    assert len(rates) == (2 if ruleset_id == "celebrity" else 1)  # Celebrity: 4 and 10 players


def test_the_units_are_the_rulesets_own():
    assert BENCH.bench_of("skirmish").unit == "activations"  # its Picked events, as before
    assert BENCH.bench_of("gladiator").unit == BENCH.bench_of("supers").unit == "decisions"

