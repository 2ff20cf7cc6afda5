"""A night's secret picks on the phones (issue 30 item 1: "secret picks … in secret" on the seat's own phone): with
cards picked in secret or drafted, a phone seat picks on its phone, the screen says only whose pick it is, the
other phones learn nothing of the pick, and the game starts with the cards picked."""

from __future__ import annotations

from deathmatch.scenes.celebrity.options import ROUND_LIMITS
from deathmatch.scenes.tourney import DraftScene
from harness import WsPhone, strings_in
from test_phones_seats import new_app, run_until, table_of


def two_phone_night(app, assignment: str):
    app.router.ruleset = "celebrity"
    setup = app.open("tournament setup")
    for i, seat in enumerate(setup.seats[: setup.count]):
        seat.kind = "Phone" if i < 2 else "easy"
    names = [s.name.strip() for s in setup.seats[:2]]
    setup.options.round_limit = min(r for r in ROUND_LIMITS if r)
    setup.start()
    assert not setup.message, setup.message
    app.frame([], 1 / 60)
    standings = app.stack.top
    standings.t.assignment = assignment
    return standings, names


def card_names(app) -> dict:
    return {c.id: c.name for c in app.library.cards.values()}


def test_cards_picked_in_secret_are_picked_on_each_phone_and_the_game_starts_with_them():
    app = new_app()
    phones = []
    try:
        standings, names = two_phone_night(app, "pick")
        phones = [WsPhone(app.phones, n, seed=i) for i, n in enumerate(names)]
        standings.next_game()
        app.frame([], 1 / 60)
        draft = app.stack.top
        assert isinstance(draft, DraftScene) and draft.on_phone is not None  # no gallery at the screen
        run_until(app, lambda: table_of(app) is not None, "the game after both phones picked")
        table = table_of(app)
        view = table.front.view(None)
        for phone, name in zip(phones, names):
            asked = [s for s in phone.states if s["decision"] and s["status"] == "Your pick"]
            assert asked, f"{name}'s phone was never asked to pick"
            picked_by_phone = [s["hand"] for s in phone.states if s["hand"] and s["hand"][0].get("tag") == "picked"]
            mine = {c["title"] for c in picked_by_phone[-1]} if picked_by_phone else set()
            models = {m.name for m in view.models.values() if m.owner == name} if hasattr(view, "models") else set()
            assert mine and mine <= set(card_names(app).values())
            assert models == mine or not models  # the game's celebrities are the ones picked on the phone
        # neither phone was told the other's picks while picking
        for phone, other in ((phones[0], names[1]), (phones[1], names[0])):
            others = [s for s in phones[1 - phones.index(phone)].states if s["hand"]]
            theirs = {c["title"] for c in others[-1]["hand"]} if others else set()
            during = [m for m in phone.states if m["status"] == f"{other} is picking" or m["status"] == "Your pick"]
            assert during and not any(t in theirs for m in during for t in strings_in(m["hand"]))
    finally:
        for p in phones:
            p.close()
        app.stop_phones()


def test_a_draft_adds_each_pick_to_the_ones_before():
    """Drafted in turn: every person picks once a round, and keeps every card picked (the screen's gallery path
    used to keep only the last one)."""
    app = new_app()
    phones = []
    try:
        standings, names = two_phone_night(app, "draft")
        phones = [WsPhone(app.phones, n, seed=i + 5) for i, n in enumerate(names)]
        standings.next_game()
        app.frame([], 1 / 60)
        draft = app.stack.top
        assert isinstance(draft, DraftScene)
        per = draft.per
        run_until(app, lambda: table_of(app) is not None, "the game after the draft")
        assert all(len(draft.cards[n]) == per for n in names), draft.cards
        for phone in phones:
            assert sum(1 for s in phone.states if s["status"] == "Your pick" and s["decision"]) >= per
    finally:
        for p in phones:
            p.close()
        app.stop_phones()
