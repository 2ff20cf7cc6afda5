"""benchmarks/bots.py measures every game one way: `--ruleset ID` picks the game, a game is made from
its seed alone (the same seed, the same game and the same result), the levels swap seats every
other game, Skirmish's four kinds of game are mixed by seed, and the hard bot's budget comes from
the game's own budgets and the flags."""

import pytest
from benchmark_module import load

from deathmatch.core.registry import get
from deathmatch.core.search import search_budget


@pytest.fixture(scope="module")
def bench():
    return load("bots")


def summary(result: dict) -> tuple:
    """What a game's result is, less its clock times."""
    return (result["score"], result["decisions"], result["judged"], result["kind"],
            {side: len(ts) for side, ts in result["times"].items()}, result["iterations"])


@pytest.mark.parametrize("ruleset", ["celebrity", "skirmish", "gladiator", "supers"])
def test_a_game_is_played_to_its_end_and_replays_alike(bench, ruleset):
    opts = bench.options_of(bench.parser().parse_args(["--ruleset", ruleset]))
    jobs = [(ruleset, "normal", "easy", seed, "normal", opts) for seed in (500_000, 500_001)]
    first = [summary(r) for r in bench.run(jobs, 1)]
    again = [summary(r) for r in bench.run(jobs, 1)]
    assert first == again
    for score, decisions, _, _, times, _ in first:
        assert score in (0.0, 0.5, 1.0) and decisions == times["A"] + times["B"] and times["A"] and times["B"]


def test_the_seats_swap_every_other_game(bench):
    game, seeds, _ = bench.MAKERS["skirmish"](100_001, ("B", "A"), {"scenario": "mixed"})
    assert list(game.state.players) == ["B", "A"] and seeds == (100_001 * 7, 100_001 * 7 + 1)


def test_skirmish_mixes_its_four_kinds_with_both_seatings_each(bench):
    kinds = [bench.skirmish_kind(100_000 + i, {"scenario": "mixed"}) for i in range(8)]
    assert kinds == [None, None, "infiltrate", "infiltrate", "retrieve", "retrieve", "survival", "survival"]
    assert bench.skirmish_kind(100_003, {"scenario": "survival"}) == "survival"
    assert bench.skirmish_kind(100_003, {"scenario": "standing"}) is None


def test_a_searched_decision_is_counted_with_its_iterations(bench):
    budget = bench.budget_of(bench.parser().parse_args(["--ruleset", "skirmish", "--iterations", "3"]))
    r = bench.play(("skirmish", "hard", "easy", 100_000, budget, {"scenario": "standing"}))
    assert r["iterations"]["A"] and set(r["iterations"]["A"]) == {3} and not r["iterations"]["B"]
    assert len(r["iterations"]["A"]) <= len(r["times"]["A"])


@pytest.mark.parametrize("ruleset", ["celebrity", "skirmish", "gladiator", "supers"])
def test_the_flags_make_the_budget_from_the_games_own(bench, ruleset):
    ap = bench.parser()
    assert bench.budget_of(ap.parse_args(["--ruleset", ruleset, "--thinking", "fast"])) is None
    b = bench.budget_of(ap.parse_args(["--ruleset", ruleset, "--iterations", "7", "--field", "prior=0.5"]))
    base = search_budget(get(ruleset), "normal")
    assert b.iterations == 7 and b.seconds == 0.0 and b.prior == 0.5 and b.rollout == base.rollout
    b = bench.budget_of(ap.parse_args(["--ruleset", ruleset, "--seconds", "0.1"]))
    assert b.iterations == 0 and b.seconds == 0.1
    with pytest.raises(SystemExit):
        bench.budget_of(ap.parse_args(["--ruleset", ruleset, "--field", "no_such=1"]))


def test_the_command_runs_and_reports(bench, tmp_path, capsys):
    progress = tmp_path / "progress.txt"
    bench.main(["--ruleset", "skirmish", "--pairs", "easy:normal", "--games", "2", "--jobs", "1", "--control",
                "--progress", str(progress)])
    out = capsys.readouterr().out
    assert "# python benchmarks/bots.py --ruleset skirmish --pairs easy:normal" in out
    assert "normal vs easy: normal scores" in out and "95 % interval" in out and "control easy vs easy" in out
    assert out.count("load average") == 2
    assert len(progress.read_text(encoding="utf-8").splitlines()) == 4
    assert bench.parser().parse_args([]).ruleset == "celebrity"


def test_a_gladiator_bout_is_told_by_its_lions(bench):
    kind = {types: bench.MAKERS["gladiator"](100_000, ("A", "B"), {"types": types})[2]
            for types in (("lion", "secutor"), ("secutor", "lion"), ("lion", "lion"), ("secutor", "retiarius"))}
    assert kind == {("lion", "secutor"): "a lion for A", ("secutor", "lion"): "a lion for B",
                    ("lion", "lion"): "two lions", ("secutor", "retiarius"): "two men"}


def _first_dice_of_the_worlds(bench, foresight: bool) -> tuple[list, int]:
    """The next die of every world a Gladiator! hard bot's plan search values, and the bout's own."""
    from deathmatch.rulesets.gladiator import bots as gl
    from deathmatch.rulesets.gladiator.game import copy_dice

    opts = {"types": ("dimachaerus", "secutor")}
    game, _, _ = bench.MAKERS["gladiator"](100_004, ("A", "B"), opts)
    normal = gl.NormalBot(1)
    def attacks(g) -> bool:  # a plan with an exchange's dice among the hard bot's candidates
        return any(isinstance(a, gl.Attack) for pl in gl.plans(g, 6) for a in pl.orders)

    while game.pending.kind != "order" or not attacks(game):
        game.apply(normal.choose(game))
    budget = bench.budget_of(bench.parser().parse_args(["--ruleset", "gladiator", "--iterations", "60"]))
    bot = get("gladiator").bot("hard", game.pending.player, 1, thinking=budget)
    seen = []
    leaf = bot.leaf
    bot.leaf = lambda sim, *a, **k: (seen.append(copy_dice(sim.dice).roll(6)), leaf(sim, *a, **k))[1]
    if foresight:
        bench._foresee(bot)
    real = gl.determinize
    bot.search(game)
    assert gl.determinize is real  # put back after the search
    return seen, copy_dice(game.dice).roll(6)


def test_foresight_shows_the_hard_bots_search_the_bouts_real_dice(bench):
    seen, real = _first_dice_of_the_worlds(bench, True)
    assert len(seen) > 6 and set(seen) == {real}
    seen, real = _first_dice_of_the_worlds(bench, False)
    assert len(set(seen)) > 1  # fair: fresh dice in every world
    args = bench.parser().parse_args(["--ruleset", "gladiator", "--foresight"])
    assert bench.options_of(args)["foresight"] is True
    assert "foresight" not in bench.options_of(bench.parser().parse_args(["--ruleset", "gladiator"]))


def test_set_screens_a_constant_of_the_games_code_in_every_game(bench, monkeypatch):
    from deathmatch.rulesets.gladiator import bots as gl

    monkeypatch.setattr(gl, "NOISE", gl.NOISE)  # put back after the test
    args = bench.parser().parse_args(["--ruleset", "gladiator", "--set", "bots.NOISE=0.5",
                                      "--set", "bots.GODS_SAVED=('initiative', 'ap')"])
    opts = bench.options_of(args)
    assert opts["set"] == (("bots", "NOISE", 0.5), ("bots", "GODS_SAVED", ("initiative", "ap")))
    monkeypatch.setattr(gl, "GODS_SAVED", gl.GODS_SAVED)
    bench.patch("gladiator", opts["set"])
    assert gl.NOISE == 0.5 and gl.HardBot(1).saved == ("initiative", "ap") and gl.HardBot(1).noise == 0.5
    for bad in ("bots.NOISE", "NOISE=1", "bots.NOISE=__import__('os')", "bots.NOISE=1 +"):
        with pytest.raises(SystemExit, match="MODULE.NAME=VALUE"):
            bench.options_of(bench.parser().parse_args(["--ruleset", "gladiator", "--set", bad]))
    with pytest.raises(SystemExit, match="has no NO_SUCH"):
        bench.patch("gladiator", (("bots", "NO_SUCH", 1),))
