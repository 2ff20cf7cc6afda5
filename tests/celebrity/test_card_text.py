"""The bundled cards' text says what the engine does (issue 13: card text that misleads)."""

from __future__ import annotations

from deathmatch.abilities import KINDS


def abilities(library, kind=None, timing=None):
    return [(card, ab) for card in library.cards.values() for ab in card.abilities
            if (kind is None or ab.kind == kind) and (timing is None or ab.timing == timing)]


def test_a_card_with_two_action_plus_abilities_says_only_one_is_played_per_activation(library):
    doubles = [c for c in library.cards.values() if sum(a.timing == "action_plus" for a in c.abilities) == 2]
    assert {c.id for c in doubles} >= {"attila", "genghis_khan"}
    for card in doubles:
        pair = [a for a in card.abilities if a.timing == "action_plus"]
        for ab, other in (pair, pair[::-1]):
            assert f"Only one Action+ per activation: this or '{other.name}'." in ab.text, (card.id, ab.text)


def test_shove_texts_say_the_distance_is_not_chosen(library):
    shoves = abilities(library, "shove")
    assert len(shoves) >= 3
    for card, ab in shoves:
        n = ab.params["hexes"]
        assert f"{n} hexes or until the next hex is not vacant (you do not choose the distance)" in ab.text, card.id
        assert "up to" not in ab.text, card.id
    assert "the distance is not chosen" in KINDS["shove"].describe({"hexes": 2})


def test_steal_texts_promise_nothing_on_a_player_without_vp(library):
    steals = abilities(library, "steal")
    assert len(steals) >= 6
    for card, ab in steals:
        assert "that player must have at least 1 VP" in ab.text, card.id
        assert "never below 0" not in ab.text, card.id  # the engine refuses it (scenario kind_steal_needs_vp)
    assert "must have at least 1 VP" in KINDS["steal"].describe({"vp": 2})


def test_julius_caesar_keeps_his_id_but_not_a_published_cards_ability_names(library):
    caesar = library["julius_caesar"]
    names = {a.name for a in caesar.abilities}
    assert not names & {"The Die Is Cast", "Et Tu, Brute?"}
    assert {a.kind for a in caesar.abilities} == {"charge", "reroll", "glory"}
