"""Phones as private hands, Celebrity Deathmatch (issue 30): a hidden-cards game with every person on a phone
plays to its end with no hand-off, and no message to any phone holds what its seat may not know."""

from __future__ import annotations

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
