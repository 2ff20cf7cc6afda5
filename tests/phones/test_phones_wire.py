"""The phones' wire (issue 30, benchmarks/phones.py's fixes): a change published to every seat leaves in one
batch, each phone still getting each of its messages once and in order; the board's picture is a true PNG."""

from __future__ import annotations

import os
import time

import pytest

from deathmatch.phones import png
from deathmatch.phones.host import PhoneHost
from harness import LIMIT, WsPhone


def wait_until(condition, what: str) -> None:
    stop = time.monotonic() + LIMIT
    while not condition():
        assert time.monotonic() < stop, f"not reached: {what}"
        time.sleep(0.005)


@pytest.fixture
def host():
    h = PhoneHost({"Ann": None, "Bob": None, "Cy": None}, bind="127.0.0.1", port=0)
    assert h.start(), h.problem
    yield h
    h.stop()


def test_a_batch_leaves_together_and_every_phone_gets_its_own_messages_in_order(host):
    phones = {s: WsPhone(host, s, auto=False) for s in host.seats}
    wait_until(lambda: all(host.connected(s) for s in host.seats), "three phones connected")
    for s in host.seats:
        host.publish(s, {"t": "state", "turn": "before", "seat": s})
    wait_until(lambda: all(len(p.states) == 1 for p in phones.values()), "the first state on every phone")
    with host.batch():
        for s in host.seats:
            host.publish(s, {"t": "state", "turn": "one", "seat": s})
        with host.batch():  # (a batch inside a batch leaves with the outer one)
            for s in host.seats:
                host.publish(s, {"t": "state", "turn": "two", "seat": s})
        assert len(host.server.outbox) == 6  # held: nothing woke the network thread
        assert all(host.state(s).count('"two"') == 1 for s in host.seats)  # (a phone connecting now gets the last)
    host.tell("Bob", {"t": "error", "code": "x", "text": "after the batch"})
    wait_until(lambda: all(p.last["turn"] == "two" for p in phones.values()) and phones["Bob"].errors,
               "the batch's last state on every phone")
    for s, p in phones.items():
        # in order; a state not yet sent when a newer one came may be replaced by it (what it shows now)
        assert [m["turn"] for m in p.states] in (["before", "one", "two"], ["before", "two"])
        assert {m["seat"] for m in p.states} == {s}  # each phone only its own seat's
        assert [m["seq"] for m in p.states] in ([1, 2, 3], [1, 3])  # (numbered as published, none out of order)
    assert phones["Bob"].received[-1]["t"] == "error"
    assert not phones["Ann"].errors and not phones["Cy"].errors
    assert len(host.server.outbox) == 0


def test_the_board_picture_is_a_png_with_the_same_pixels():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import io

    import pygame

    surface = pygame.Surface((37, 23))
    surface.fill((30, 60, 90))
    pygame.draw.line(surface, (250, 200, 10), (0, 0), (36, 22), 3)
    pygame.draw.circle(surface, (5, 180, 70), (20, 8), 6)
    rgb = pygame.image.tobytes(surface, "RGB")
    data = png.encode(37, 23, rgb)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    back = pygame.image.load(io.BytesIO(data), "board.png")
    assert back.get_size() == (37, 23)
    assert pygame.image.tobytes(back, "RGB") == rgb


def test_a_picture_of_the_wrong_size_is_refused():
    with pytest.raises(ValueError):
        png.encode(4, 4, b"\x00" * 47)
    with pytest.raises(ValueError):
        png.encode(0, 4, b"")


def test_a_real_table_serves_its_board_picture_to_its_phones():
    import io
    import urllib.request

    import pygame

    from deathmatch.launch import make_game
    from deathmatch.scenes.app import App
    from deathmatch.scenes.celebrity.battle import BattleScene
    from harness import PhoneGame

    app = App((1280, 720))
    app.catch_errors = False
    game, path = make_game(2, "classic_square", 5, names=["Ann", "Bob"])
    pg = PhoneGame(app, {"Ann": None, "Bob": None})
    try:
        pg.open(lambda app: BattleScene(app, game, path, anim_speed=60.0, hidden_cards=True))
        ann = WsPhone(pg.host, "Ann", auto=False)
        pg.run_until(lambda: ann.last is not None and ann.last["picture"], what="a board picture told to Ann")
        n = ann.last["picture"]
        with urllib.request.urlopen(f"http://{pg.host.host_words()}/b/{pg.host.secret('Ann')}/{n}.png") as r:
            data = r.read()
            assert r.headers["Content-Type"] == "image/png"
        picture = pygame.image.load(io.BytesIO(data), "board.png")
        w, h = picture.get_size()
        assert 100 < w <= 720 and h > 100
        assert len(set(picture.get_at((x, h // 2))[:3] for x in range(0, w, 7))) > 3  # a board, not a blank
    finally:
        pg.close()
