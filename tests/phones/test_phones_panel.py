"""The phones panel on the big screen (issue 30): each phone seat's code and address as drawn, who is connected,
"New code" shutting the old link out, and taking a seat back to the screen mid-decision and giving it back, the
game going on throughout."""

from __future__ import annotations

import time

import pygame
import pytest
import segno

from deathmatch.client import qr
from deathmatch.client.ui import RecordingSurface, recording
from deathmatch.launch import make_game
from deathmatch.paths import user_data_dir
from deathmatch.phones import kept
from deathmatch.scenes.app import App
from deathmatch.scenes.celebrity.battle import BattleScene
from deathmatch.scenes.handoff import GUARD, HandOffScene
from deathmatch.scenes.phonepanel import TITLE
from deathmatch.scenes.title import TitleScene
from harness import DT, LIMIT, PhoneGame, WsPhone

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def make_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


@pytest.fixture
def app():
    return make_app()


def click(pos):
    pos = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def press(key):
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)]


def open_game(app, phones, players=4, auto=(), seed=8):
    names = NAMES[:players]
    game, path = make_game(players, "grand_arena" if players > 8 else "colosseum", seed=seed, names=names,
                           round_limit=3)
    pg = PhoneGame(app, {p: None for p in phones})
    table = pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True,
                                            auto_players=auto))
    pg.frame()
    return pg, table


def drawn_words(app, table) -> list:
    """Every text the table's frame draws (`client.ui.recording`)."""
    with recording() as records:
        surface = RecordingSurface(app.screen.get_size(), records)
        table.draw(surface)
    return records


def press_card(pg, what, seat):
    """Click a seat's card button on the open panel, as a person does."""
    panel = pg.table.phone_panel
    b = panel.button(what, seat)
    assert b is not None, f"no {what!r} button for {seat} on the panel"
    pg.app.frame(click(b.rect.center), DT)


def test_the_panel_opens_by_itself_with_every_phone_seats_code_as_segno_makes_it_and_closes_once_all_joined(app):
    pg, table = open_game(app, ["Ann", "Bob", "Cy"], auto=("Dee",))
    try:
        panel = table.phone_panel
        assert panel.open and panel.auto  # nobody has joined yet: the codes are up
        assert set(panel.qr_rects) == {"Ann", "Bob", "Cy"}
        for seat, rect in panel.qr_rects.items():
            url = pg.host.url(seat)
            made = segno.make(url, error="m")
            assert qr.code_matrix(url) == tuple(tuple(bool(v) for v in row) for row in made.matrix)
            assert rect.w % panel.qr_modules == 0 and rect.w // panel.qr_modules >= 3  # whole pixels a module
            shown = qr.read_back(app.screen, rect, panel.qr_modules)
            assert shown == qr.modules(url)  # the code on the screen is the seat's own link, quiet zone and all
            assert not any(shown[0]) and not any(row[0] for row in shown)
        words = [r.words for r in drawn_words(app, table)]
        assert TITLE in words
        assert any(w.startswith("Phones: listening on the local network at 127.0.0.1:") for w in words)
        for seat in ("Ann", "Bob", "Cy"):
            assert seat in words
            assert "/p/" + pg.host.secret(seat) in words
        assert words.count("Not joined yet") == 3
        assert "Dee" not in [w for w in words if w.startswith("/p/")]
        # nothing changes: the panel asks for no frames (the idle loop sleeps); a phone joining wakes it
        pg.run_until(lambda: not table.animating or table.decision is not None and table.stage == "auto"
                     and table.decision.player in ("Ann", "Bob", "Cy") and not table.animator.busy)
        pg.frame()
        assert not table.phone_panel.wants_frame()
        phones = [WsPhone(pg.host, p, seed=i, auto=False) for i, p in enumerate(("Ann", "Bob"))]
        waited = time.monotonic()
        while not (pg.host.connected("Ann") and pg.host.connected("Bob") and table.phone_panel.wants_frame()):
            assert time.monotonic() - waited < LIMIT, "the panel never asked for a frame for the phones joining"
            time.sleep(0.01)  # (no frame drawn meanwhile: the idle loop only asks)
        assert table.animating
        pg.frame()
        assert panel.open  # Cy has not joined yet
        words = [r.words for r in drawn_words(app, table)]
        assert words.count("Connected") == 2 and words.count("Not joined yet") == 1
        phones.append(WsPhone(pg.host, "Cy", auto=False))
        pg.run_until(lambda: not panel.open, what="the panel closing once every phone joined")
        words = [r.words for r in drawn_words(app, table)]
        assert TITLE not in words and not any(w.startswith("/p/") for w in words)  # no code shows unasked
        assert "Phones 3/3" in words
        assert not any(w.startswith("Phones: listening") for w in words)  # (all here: the board's top row is clear)
        # P brings it back (and closes it again); it stays open while asked for
        app.frame(press(pygame.K_p), DT)
        assert panel.open
        for _ in range(3):
            pg.frame()
        assert panel.open
        app.frame(press(pygame.K_p), DT)
        assert not panel.open
        # the top bar's Phones button too
        app.frame(click(panel.toggle.rect.center), DT)
        assert panel.open
        assert pg.leaks() == []
    finally:
        pg.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_ten_phone_seats_fit_every_window_with_pages(size):
    app = make_app(size)
    pg, table = open_game(app, NAMES, players=10)
    try:
        panel = table.phone_panel
        seen = set()
        for page in range(panel.pages):
            records = drawn_words(app, table)
            window = pygame.Rect((0, 0), size)
            ours = [r for r in records if r.owner == "PhonePanel"]
            assert ours
            assert [r.words for r in ours if r.outside or not window.contains(r.ink)] == []
            for seat, rect in panel.qr_rects.items():
                assert window.contains(rect) and panel.rect.contains(rect)
                assert rect.w // panel.qr_modules >= 3
                seen.add(seat)
            app.frame(press(pygame.K_RIGHT), DT)
        assert seen == set(NAMES)  # every seat's code on some page
        assert panel.pages <= 3
    finally:
        pg.close()


def test_new_code_changes_the_secret_and_shuts_the_old_phone_out(app):
    pg, table = open_game(app, ["Ann", "Bob"], auto=("Cy", "Dee"))
    try:
        ann = WsPhone(pg.host, "Ann", auto=False)
        bob = WsPhone(pg.host, "Bob", seed=1)
        pg.run_until(lambda: pg.host.connected("Ann") and pg.host.connected("Bob"))
        old = pg.host.secret("Ann")
        pg.run_until(lambda: not table.phone_panel.open, what="the codes going once both phones joined")
        app.keep_phones("game", {"key": "k", "seats": pg.host.secrets()})  # (as a New game keeps them)
        app.frame(press(pygame.K_p), DT)
        pg.frame()
        press_card(pg, "new", "Ann")
        new = pg.host.secret("Ann")
        assert new != old
        # the code kept for Continue is the new one: a crash then Continue never brings the old link back
        assert kept.read(user_data_dir())[0]["game"]["seats"] == {"Ann": new, "Bob": pg.host.secret("Bob")}
        pg.frame()
        assert table.phone_panel.state("Ann")[0].startswith("New code")  # (even while the old socket closes)
        pg.run_until(lambda: ann.closed and not pg.host.connected("Ann"), what="the old phone shut out")
        stranger = WsPhone(pg.host, "Ann", auto=False, secret=old)  # the old link no longer works
        pg.run_until(lambda: stranger.future.done())
        assert stranger.future.exception() is not None and not stranger.received
        pg.frame()
        panel = table.phone_panel
        assert panel.state("Ann")[0].startswith("New code")
        assert qr.read_back(app.screen, panel.qr_rects["Ann"], panel.qr_modules) == qr.modules(pg.host.url("Ann"))
        assert new in pg.host.url("Ann")
        again = WsPhone(pg.host, "Ann", seed=3)  # the new code works: the phone joins and plays on
        pg.run_until(lambda: pg.host.connected("Ann") and again.last is not None)
        assert panel.state("Ann")[0] == "Connected"
        n = pg.front.answers
        pg.run_until(lambda: pg.front.answers > n + 6, what="the game going on")
        assert not bob.closed
        assert pg.leaks() == []
    finally:
        pg.close()


def pass_handoff(app):
    top = app.stack.top
    assert isinstance(top, HandOffScene)
    app.frame([], GUARD)
    app.frame(press(pygame.K_RETURN), DT)


def test_a_seat_is_taken_back_to_the_screen_mid_decision_with_the_hand_off_and_given_back_to_its_phone(app):
    pg, table = open_game(app, ["Ann", "Bob"], auto=("Cy", "Dee"))
    try:
        ann = WsPhone(pg.host, "Ann", auto=False)
        bob = WsPhone(pg.host, "Bob", seed=1)
        pg.run_until(lambda: ann.last is not None and ann.last["decision"] is not None,
                     what="Ann's decision on her phone")
        assert table.stage == "auto" and table.decision.player == "Ann"
        # her phone goes (flat battery): the screen says so
        ann.close()
        pg.run_until(lambda: not pg.host.connected("Ann"))
        pg.frame()
        words = [r.words for r in drawn_words(app, table)]
        assert "Ann's phone is not connected — press P for its code, or play it at the screen" in words
        assert any(w.startswith("Ann (phone)") for w in words)  # the roster says whose seat is a phone
        at = pg.front.answers
        # taken back to the screen: the hand-off to Ann opens at once, the game never stopped
        app.frame(press(pygame.K_p), DT)
        pg.frame()
        words = [r.words for r in drawn_words(app, table)]
        assert any(w.startswith("Lost — last seen") for w in words)
        press_card(pg, "screen", "Ann")
        assert "Ann" not in table.phones.seats
        pg.run_until(lambda: isinstance(app.stack.top, HandOffScene), what="the hand-off to Ann")
        assert app.stack.top.player == "Ann" and pg.front.answers == at
        words = [r.words for r in drawn_words(app, table)]
        assert not any(w.startswith("Ann (phone)") for w in words) and any(w.startswith("Bob (phone)") for w in words)
        assert pg.host.state("Ann") and '"decision":null' in pg.host.state("Ann")
        assert '"hand":[]' in pg.host.state("Ann")  # her phone shows nothing of hers any more
        assert "until the seat is given back to this phone" in pg.host.state("Ann")  # (not "it buzzes")
        pass_handoff(app)
        assert table.viewer == "Ann" and table.stage not in ("auto", "idle") and table.decision.player == "Ann"
        assert not table.phone_panel.open
        table.answer(table.options[0])
        pg.run_until(lambda: pg.front.answers > at)
        # the game goes on (Bob on his phone, the bots): until Ann's next decision, at the screen again
        pg.run_until(lambda: isinstance(app.stack.top, HandOffScene) or pg.front.over, what="Ann's next turn")
        assert not pg.front.over and app.stack.top.player == "Ann"
        pass_handoff(app)
        assert table.decision.player == "Ann" and table.viewer == "Ann"
        # … given back to her phone mid-decision: the decision goes to the phone, the screen shows nobody's own
        ann2 = WsPhone(pg.host, "Ann", seed=5)
        pg.run_until(lambda: pg.host.connected("Ann"))
        app.frame(press(pygame.K_p), DT)
        pg.frame()
        press_card(pg, "phone", "Ann")
        assert "Ann" in table.phones.seats
        pg.run_until(lambda: pg.front.answers > at + 1 and any(s["decision"] for s in ann2.states),
                     what="Ann answering on her phone again")
        assert table.viewer != "Ann"
        n = pg.front.answers
        pg.run_until(lambda: pg.front.answers > n + 8 or pg.front.over, what="the game going on")
        assert not any(isinstance(s, HandOffScene) for s in app.stack.scenes)
        assert not bob.closed
        assert pg.leaks() == []
    finally:
        pg.close()


def test_a_server_that_could_not_start_is_said_in_words(app, monkeypatch):
    from deathmatch.phones.host import PhoneHost

    def refuse(self):
        self.problem = "The phones' server could not start: [Errno 98] Address already in use"
        return False

    monkeypatch.setattr(PhoneHost, "start", refuse)
    pg, table = open_game(app, ["Ann"], auto=("Bob", "Cy", "Dee"))
    try:
        words = [r.words for r in drawn_words(app, table)]
        assert any("could not start" in w and "played at the screen" in w for w in words)
        assert table.phone_panel.open and not table.phone_panel.qr_rects  # no code for a server that is not there
        assert not any(w.startswith("/p/") for w in words)
        assert "Its phone can not join: play it at the screen" in words
        press_card(pg, "screen", "Ann")  # and so it is: Ann plays at the screen
        pg.run_until(lambda: isinstance(app.stack.top, HandOffScene) or table.viewer == "Ann"
                     and table.decision is not None and table.decision.player == "Ann")
    finally:
        pg.close()


def test_a_replay_of_a_phone_game_shows_no_codes(app):
    """A table whose seats all answer themselves (a replay plays the record) links no phones: no panel, no code."""
    pg, table = open_game(app, ["Ann", "Bob"], auto=("Ann", "Bob", "Cy", "Dee"))
    try:
        assert table.phones is None and table.phone_panel is None
        words = [r.words for r in drawn_words(app, table)]
        assert TITLE not in words and not any(w.startswith("/p/") or w.startswith("Phones") for w in words)
    finally:
        pg.close()


def test_a_seat_open_on_two_phones_says_so_on_its_card(app):
    """Two pages on one seat's link both see its hidden hand: the card says so (a shared link: New code),
    where it read only 'Connected'."""
    pg, table = open_game(app, ["Ann", "Bob"], auto=("Dee",))
    phones = []
    try:
        panel = table.phone_panel
        phones = [WsPhone(pg.host, "Ann", auto=False), WsPhone(pg.host, "Bob", auto=False)]
        pg.run_until(lambda: pg.host.connected("Ann") and pg.host.connected("Bob"))
        panel.set_open(True)
        pg.frame()
        words = [r.words for r in drawn_words(app, table)]
        assert words.count("Connected") == 2
        phones.append(WsPhone(pg.host, "Ann", auto=False))
        pg.run_until(lambda: pg.host.connections("Ann") == 2)
        pg.frame()
        words = [r.words for r in drawn_words(app, table)]
        assert "Open on 2 phones — not all yours? New code" in words and words.count("Connected") == 1
    finally:
        for p in phones:
            p.close()
        pg.close()
