"""The leak detector's reading of a per-player view (leaks.py), on a game it has never heard of: a ruleset
registered for the test whose view hides each seat's hand from the others. What it finds secret comes from
the views alone."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from deathmatch.core import registry

from .leaks import secrets_by_viewer

HANDS = {"Ann": [{"name": "Queen of Hearts", "marked": "hidden"}, {"name": "Two of Clubs", "marked": "none"}],
         "Bob": [{"name": "Ace of Spades", "marked": "hidden"}, {"name": "Two of Clubs", "marked": "hidden"}]}


def view(game, player):
    """Each seat sees its own cards; another seat's cards show face down (None), their marks as
    "none or hidden"; the public view shows every card face down."""
    return {"players": ["Ann", "Bob"], "you": player,
            "hands": {p: [{"name": c["name"] if p == player else None, "marked": c["marked"] if p == player
                           else "none or hidden", "owner": p} for c in cards] for p, cards in HANDS.items()},
            "table": {"deck": {"name": "Deck", "owner": "nobody", "left": 40}}}


def table_view(game, player):
    """The cards' names are public (on the table), only their marks hidden."""
    return {"players": ["Ann", "Bob"],
            "cards": {f"{p}{i}": {"name": c["name"], "owner": p,
                                  "marked": c["marked"] if p == player else "none or hidden"}
                      for p, cards in HANDS.items() for i, c in enumerate(cards)}}


@pytest.fixture
def cards(monkeypatch):
    base = registry.get("celebrity")
    monkeypatch.setitem(registry._RULESETS, "cards", replace(base, id="cards", name="Cards", view=view))
    return SimpleNamespace(players=["Ann", "Bob"], history=[], over=False, ruleset_id="cards")


def test_another_seats_hidden_names_are_secret_words(cards):
    s = secrets_by_viewer(cards, "cards")
    assert s["Bob"].words == {"Queen of Hearts"}  # Ann's; her Two of Clubs Bob holds too: no secret
    assert s["Ann"].words == {"Ace of Spades"}
    assert s[None].words == {"Queen of Hearts", "Ace of Spades", "Two of Clubs"}
    assert s["Bob"].found_in("Ann plays the Queen of Hearts!") == ["Queen of Hearts"]
    assert not s["Bob"].found_in("Queen of Heartsease") and not s["Bob"].found_in("Ace of Spades")


def test_a_common_value_is_secret_only_beside_its_name(cards, monkeypatch):
    monkeypatch.setitem(registry._RULESETS, "cards", replace(registry.get("cards"), view=table_view))
    s = secrets_by_viewer(cards, "cards")
    assert not s["Ann"].words and ("Ace of Spades", "hidden") in s["Ann"].pairs
    assert s["Ann"].found_in("Ace of Spades · hidden") == ["Ace of Spades + hidden"]
    assert not s["Ann"].found_in("Ace of Spades · none or hidden")  # what her own view says of it
    assert not s["Ann"].found_in("Queen of Hearts · hidden")  # her own
    # Bob's Two of Clubs is marked, Ann's is not: the same name, her own pair differs — still Bob's secret
    assert ("Two of Clubs", "hidden") in s["Ann"].pairs
