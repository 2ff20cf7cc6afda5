"""The hand-off says where the game is, in each game's own words, from the public view only:
Celebrity and Skirmish "Placing your …" then "Round N", Gladiator! "Game turn N", Superhero
Gladiators "Placing your heroes" then "Turn T, segment S" (not "Turn 1" whatever the segment)."""

from __future__ import annotations

import random
import re

import pytest

from conformance.games import new_game, seats

CASES = {
    "celebrity": ("Placing your celebrities", lambda v: f"Round {v['round']}"),
    "skirmish": ("Placing your army", lambda v: f"Round {v['round']}"),
    "gladiator": (None, lambda v: f"Game turn {v['turn']}"),
    "supers": ("Placing your heroes", lambda v: f"Turn {v['turn']}, segment {v['segment']}"),
}


def words_at(app, table, who):
    from deathmatch.scenes.handoff import HandOffScene

    return HandOffScene(app, table, who).public_words()


@pytest.mark.parametrize("rid", sorted(CASES))
def test_the_handoff_says_where_the_game_is(rid):
    from deathmatch.scenes.app import App

    placing, later = CASES[rid]
    game = new_game(rid, 5, players=2)
    app = App((1280, 720))
    app.catch_errors = False
    table = app.play(game)
    front = table.front
    names = list(seats(game))
    rng = random.Random(1)
    seen_placing, seen_later, segments = False, set(), set()
    for _ in range(400):
        if front.over or front.turn is None:
            break
        public = front.view(None)
        said = {who: words_at(app, table, who) for who in names}
        for who, words in said.items():  # the same words whoever comes, but for the name
            assert words.endswith(f": your move, {who}"), words
            assert words.replace(who, "X") == said[names[0]].replace(names[0], "X")
        where = said[names[0]].split(":")[0]
        n = public.get("round", public.get("turn")) or 0
        if n <= 0 and placing is not None:
            assert where == placing
            seen_placing = True
        elif n > 0 and (rid != "supers" or public["segment"] > 0):
            assert where == later(public), (where, dict(public))
            seen_later.add(where)
            if rid == "supers":
                segments.add(public["segment"])
        assert not re.search(r"[a-z]+_[a-z]+", where)  # (players' words: no ids)
        front.apply(front.turn, rng.choice(front.legal(front.turn)))
    assert seen_later and (seen_placing or placing is None)
    if rid == "supers":
        assert len(segments) > 1  # the segment moves on, and the hand-off says so
