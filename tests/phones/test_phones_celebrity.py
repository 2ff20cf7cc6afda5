"""Phones as private hands, Celebrity Deathmatch (issue 30): a hidden-cards game with every person on a phone
plays to its end with no hand-off, and no message to any phone holds what its seat may not know."""

from __future__ import annotations

import re

import pytest

from deathmatch.launch import make_game
from deathmatch.scenes.app import App
from deathmatch.scenes.celebrity.battle import BattleScene
from deathmatch.scenes.handoff import HandOffScene
from deathmatch.scenes.title import TitleScene
from harness import DT, PhoneGame, WsPhone


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def test_four_people_on_phones_play_a_hidden_cards_game_to_its_end_with_no_hand_off(app):
    game, path = make_game(4, "colosseum", seed=8, names=["Ann", "Bob", "Cy", "Dee"], round_limit=3)
    assert game.options.hidden_cards
    pg = PhoneGame(app, {p: None for p in ("Ann", "Bob", "Cy", "Dee")})
    try:
        table = pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
        phones = [WsPhone(pg.host, p, seed=i) for i, p in enumerate(("Ann", "Bob", "Cy", "Dee"))]
        handoffs = []
        pg.run_until(lambda: (handoffs.append(isinstance(app.stack.top, HandOffScene)) or pg.front.over)
                     and all(p.last and p.last["over"] for p in phones), what="the game's end on every phone")
        assert not any(handoffs)
        assert table.viewer is None  # the screen never sat anyone down
        assert all(any(s["decision"] for s in p.states) for p in phones)  # each seat decided on its phone
        assert pg.leaks() == []
    finally:
        pg.close()


# --- what a phone seat is offered: every legal answer, in players' words -----------------------------------

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


class Fighter(WsPhone):
    """A phone answering at random as `WsPhone` does, but attacking whenever it can (so that hits come, and
    with them the push backs)."""

    async def _send(self, msg):
        if msg.get("t") == "answer" and self.received:
            d = self.received[-1].get("decision")
            if d and d["id"] == msg["d"]:
                fights = [c["i"] for c in d["choices"] if c["group"] in ("Attack", "Move + attack")]
                if fights:
                    msg = {**msg, "c": self.rng.choice(fights)}
        await super()._send(msg)


def record_offers(pg):
    """Every decision published to a phone, with what the table and the game held at that moment: (seat,
    the decision's message, the table's answers, the game's legal answers, the facing step's answer, the
    decision's kind)."""
    offers = []
    publish = pg.host.publish

    def recording(seat, message):
        if message.get("decision"):
            t = pg.table
            offers.append((seat, message["decision"], list(t.options), list(pg.front.legal(seat)), t.phone_facing,
                           t.decision.kind))
        return publish(seat, message)

    pg.host.publish = recording
    return offers


def words_of(decision) -> list[str]:
    out = [decision["prompt"]]
    for c in decision["choices"]:
        out += [c["label"], c.get("group", ""), c.get("hint", ""), c.get("who", "")]
    return out


def test_every_decision_a_phone_seat_is_asked_offers_exactly_the_legal_answers_in_players_words(app):
    """A long game of four phones answering at random (their push backs on "ask me", the default of a game
    dealt without orders): each kind of decision comes to a phone — placing, acting, a reaction window, a
    push back — and each offers exactly the game's legal answers, in the order the table takes them, every
    one worded (no snake_case, no card ids) and told apart from the others; a move or placement is then
    offered its six facings and a way back."""
    from deathmatch.scenes.celebrity import phone

    names = ("Ann", "Bob", "Cy", "Dee")
    game, path = make_game(4, "colosseum", seed=21, names=list(names), round_limit=5)
    pg = PhoneGame(app, {p: None for p in names})
    offers = record_offers(pg)
    try:
        table = pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True))
        phones = [Fighter(pg.host, p, seed=40 + i) for i, p in enumerate(names)]
        pg.run_until(lambda: pg.front.over and all(p.last and p.last["over"] for p in phones),
                     what="the game's end on every phone")
        ids = set(table.front.view(None).models)
        kinds = set()
        groups = set()
        for seat, d, options, legal, facing, kind in offers:
            kinds.add(kind if facing is None else "facing")
            assert len(d["choices"]) == len(options)
            if facing is None:
                assert options == legal, (seat, kind)
            else:
                assert facing in legal and options == phone.with_facings(facing) + [phone.BACK]
            labels = [c["label"] for c in d["choices"]]
            assert len(set(labels)) == len(labels), labels  # each told apart from the others
            for c in d["choices"]:
                assert c["label"] and c["group"], c
                groups.add(c["group"])
            for text in words_of(d):
                assert not SNAKE.search(text), text
                assert not any(re.search(rf"\b{re.escape(i)}\b", text) for i in ids), text  # (names are capitalised)
        assert {"place", "action", "window", "push_back", "facing"} <= kinds, kinds
        assert {"Place", "Move", "Attack", "Hold", "Pass", "Push back", "Face", "Back"} <= groups, groups
        attacks = [c for _, d, *_ in offers for c in d["choices"] if c["group"] in ("Attack", "Move + attack")]
        assert attacks and all(re.search(r"needs [1-6]\+?", c["hint"]) for c in attacks)
        assert pg.leaks() == []
    finally:
        pg.close()
