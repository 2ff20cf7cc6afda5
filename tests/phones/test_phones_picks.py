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
        standings.next_game()  # (the server listens from the first pick on: the phones join then)
        app.frame([], 1 / 60)
        phones = [WsPhone(app.phones, n, seed=i) for i, n in enumerate(names)]
        draft = app.stack.top
        assert isinstance(draft, DraftScene) and draft.on_phone is not None  # no gallery at the screen
        run_until(app, lambda: table_of(app) is not None and all(p.last and p.last["game"] for p in phones),
                  "the game after both phones picked, on both phones")  # (a phone's messages come in order)
        table = table_of(app)
        view = table.front.view(None)
        per = draft.per
        for phone, name in zip(phones, names):
            prompts = {s["decision"]["prompt"] for s in phone.states if s["decision"] and s["status"] == "Your pick"}
            assert len(prompts) == per, prompts  # asked once for each card ("1 of 2", "2 of 2")
            first = next(s for s in phone.states if s["game"])  # the game's first state: its hand
            held = {c["title"] for c in first["hand"]} - {"Scores"}
            models = {m.name for m in view.models.values() if m.player == name}
            assert held == models and len(models) == per  # the game's celebrities are the ones picked on the phone
        # while picking, no phone was shown another's picks
        for phone, other in ((phones[0], phones[1]), (phones[1], phones[0])):
            first = next(s for s in other.states if s["game"])
            theirs = {c["title"] for c in first["hand"]} - {"Scores"}
            picking = [m for m in phone.states if not m["game"]]
            assert picking and not any(t in theirs for m in picking for t in strings_in(m["hand"]))
    finally:
        for p in phones:
            p.close()
        app.stop_phones()


def test_a_draft_adds_each_pick_to_the_ones_before():
    """Drafted in turn, on the phones: every person picks once a round and keeps every card picked."""
    app = new_app()
    phones = []
    try:
        standings, names = two_phone_night(app, "draft")
        standings.next_game()
        app.frame([], 1 / 60)
        phones = [WsPhone(app.phones, n, seed=i + 5) for i, n in enumerate(names)]
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


def test_a_phone_ludus_picks_its_man_for_a_careers_bout_on_its_phone():
    """A season's bout: the owner who plays by phone picks the man on the phone (the screen shows only that the
    pick is being made), and the bout starts with the man picked."""
    from deathmatch.scenes.gladiator.hub import PickScene, SeasonHub
    from deathmatch.scenes.gladiator.ludus import FoundScene

    app = new_app()
    phone = None
    try:
        app.router.ruleset = "gladiator"
        new = app.open("new season")
        new.count = 2
        new.kinds[:2] = ["Phone", "easy"]
        new.seed = 5
        new.layout()
        new.create()
        app.frame([], 1 / 60)
        found = app.stack.top
        assert isinstance(found, FoundScene)
        found.found()
        market = app.stack.top
        market.buy()
        market.done()
        app.frame([], 1 / 60)
        hub = next(s for s in app.stack.scenes if isinstance(s, SeasonHub))
        ludus = market.ludus_name
        hub.play_next()
        app.frame([], 1 / 60)
        pick = app.stack.top
        assert isinstance(pick, PickScene) and pick.on_phone is not None and not pick.passing
        men = {f.id: f for f in hub.season.living(ludus)}
        phone = WsPhone(app.phones, ludus, seed=3)
        run_until(app, lambda: table_of(app) is not None, "the bout after the pick on the phone")
        asked = [s for s in phone.states if s["decision"] and s["status"] == "Your pick"]
        assert len(asked) == 1 and len(asked[0]["decision"]["choices"]) == len(men)
        import random

        from deathmatch.scenes.gladiator.ledger import fighter_head

        labels = [c["label"] for c in asked[0]["decision"]["choices"]]
        tapped = labels[random.Random(3).randrange(len(labels))]  # what the phone (seed 3) tapped
        bout = hub.season.bouts[pick.bout.index]
        assert fighter_head(men[bout.picks[ludus]]) == tapped  # the bout's man is the one picked on the phone
        table = table_of(app)
        assert table.phones is not None and table.phones.seats == [ludus]
    finally:
        if phone is not None:
            phone.close()
        app.stop_phones()
