"""A season's bouts played by Gladiator!'s own rules (`rulesets/gladiator/bouts.py`, the career
hooks): the setup from the season's sides, the result in the season's words, a bout the rules give
no end called off, and `deathmatch season --bots 4` through the real rules to its standings."""

from deathmatch.rulesets.gladiator import season as season_file
from deathmatch.cli import main
from deathmatch.core import registry
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.rulesets.gladiator import bouts
from deathmatch.rulesets.gladiator.career import Season, bout_with_bots, run


def test_a_bout_setup_seats_each_ludus_with_its_man_and_cards_on_a_bundled_arena():
    deck = {c.id: c for c in bouts.deck()}
    assert "dodge" in deck and len(deck) >= 12
    side = lambda lud, gid, typ, cards: {"ludus": lud, "colour": 0, "bot": "easy", "cards": [
        {"id": c, "name": deck[c].name, "kind": deck[c].kind, "amount": deck[c].amount} for c in cards],
        "gladiator": {"id": gid, "name": gid.title(), "type": typ, "cards": list(cards)}}
    setup = bouts.bout_setup({"bout": 2, "round": 1, "sides": [side("Ludus A", "rufus", "secutor", ["dodge"]),
                                                                side("Ludus B", "gaius", "retiarius", [])]}, 11)
    game = registry.get("gladiator").new_game(setup)
    assert setup.arena == {"map": f"bundled:{bouts.BOUT_ARENAS[1]}"}
    assert [s.name for s in setup.seats] == ["Ludus A", "Ludus B"]
    rufus, gaius = game.state.men.values()
    assert [c.id for c in rufus.cards] == ["dodge"] and gaius.kit.net
    assert [rufus.at, gaius.at] == list(game.state.arena.spawn)


def test_a_finished_bout_reads_as_the_season_counts_it():
    ruleset = registry.get("gladiator")
    import random

    for seed in range(12):
        setup = bouts.bout_setup({"bout": seed + 1, "round": 1, "sides": [
            {"ludus": "A", "gladiator": {"id": "a", "name": "A", "type": "myrmillo"}, "cards": []},
            {"ludus": "B", "gladiator": {"id": "b", "name": "B", "type": "dimachaerus"}, "cards": []}]}, seed)
        game = ruleset.new_game(setup)
        rng = random.Random(seed)
        play_until_over(game, lambda g: ruleset.random_answer(g, rng))
        assert game.over  # every bout ends (the engine calls off one that would not)
        result = bouts.bout_result(game)
        men = list(game.state.men.values())
        for m, r in zip(men, result["men"]):
            assert r["damage_dealt"] == m.inflicted
            assert sum(r["wounds"].values()) == sum(m.wounds.values())
            assert (r["end"] in ("standing", "spared")) == m.alive
            assert (r["end"] in ("spared", "thumbs_down")) == m.down
        if game.over and len(game.outcome.winners) == 1:
            assert result["winner"] == ["A", "B"].index(game.outcome.winners[0])
        else:
            assert result["winner"] is None


def test_a_bout_past_the_turn_limit_is_called_off_as_a_draw(monkeypatch):
    from deathmatch.rulesets.gladiator import game as rules

    monkeypatch.setattr(rules, "TURN_LIMIT", 1)  # every bout still going after its first game turn
    s = Season(4, deck=bouts.deck(), name="Short", bot_ludi=2)
    run(s, bout_with_bots())
    assert s.over and s.bouts
    for bout in s.bouts:
        r = bout.result
        assert r.winner is None and [m.end for m in r.men] == ["standing", "standing"]
        replayed = registry.replay(Record.from_json(r.record))  # kept as fought: called off after turn 1
        assert replayed.state.turn == 1 and replayed.over and replayed.outcome.reason == "called_off"
    assert not s.memorial()


def test_deathmatch_season_with_bots_runs_the_real_rules_to_its_standings(capsys):
    assert main(["season", "--bots", "4", "--seed", "5", "--name", "Real"]) == 0
    printed = capsys.readouterr().out
    s = season_file.load(season_file.season_path("Real"))
    assert s.over and len(s.bouts) == 6
    assert all(b.result.record["ruleset"]["id"] == "gladiator" for b in s.bouts)
    for row in s.standings():
        assert f"{row['rank']:>2}  {row['ludus']}" in printed
