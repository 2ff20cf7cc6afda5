"""Phone as a seat kind (issue 30): New game of every game, a Tournament night and a Careers season can seat a
person on their own phone; the app's phone host (`App.phones`) lives as long as the game, night or season and
no longer; its codes are kept in the user folder so that Continue after the program was closed brings the same
phones back; a broken codes file is said and skipped; a game without phone seats never loads the server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from deathmatch.paths import user_data_dir
from deathmatch.phones import kept
from deathmatch.scenes.app import App
from deathmatch.scenes.celebrity.options import ROUND_LIMITS
from deathmatch.scenes.table import Table
from deathmatch.scenes.title import TitleScene
from deathmatch.settings import load_settings
from harness import DT, LIMIT, WsPhone

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ("celebrity", "skirmish", "gladiator", "supers")


def new_app() -> App:
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.phones_bind, app.phones_port = "127.0.0.1", 0  # loopback, any free port
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


@pytest.fixture
def app():
    app = new_app()
    yield app
    app.stop_phones()


def run_until(app, condition, what: str = "") -> None:
    """Frames on this thread until `condition()` (the phones' threads answer meanwhile); a generous limit."""
    import time

    start = time.monotonic()
    while not condition():
        assert time.monotonic() - start < LIMIT, f"not reached: {what}"
        app.frame([], DT)
        time.sleep(0.002)


def table_of(app) -> Table | None:
    return next((s for s in reversed(app.stack.scenes) if isinstance(s, Table)), None)


def setup_bots(table) -> set[str]:
    """The seats the game's own setup gives to a bot (as its record keeps them)."""
    bots = table.front.hand_to(lambda g: getattr(getattr(g, "setup", None), "bots", None)) or ()
    return set(bots) if isinstance(bots, dict) else {b[0] if isinstance(b, (tuple, list)) else b for b in bots}


def phone_first_seat(setup) -> str:
    """Seat 1 to Phone the way a player does (its kind button: Human, then Phone), the others bots where the
    game has them; returns seat 1's name."""
    levels = [k for k in setup.kinds() if k not in ("Human", "Phone")] if hasattr(setup, "kinds") else ["easy"]
    for i, seat in enumerate(setup.seats[: setup.count]):
        seat.kind = "Human"
        if i and levels:
            seat.kind = levels[0]
    setup.layout()
    kind = next(b for b in setup.buttons if b.label == "Human")
    kind.action()
    assert setup.seats[0].kind == "Phone"
    assert any(b.label == "Phone" and "phone" in b.hint for b in setup.buttons)
    return setup.seats[0].name.strip()


def start_new_game(app, rid: str, seed: int = 3) -> tuple[str, Table]:
    app.router.ruleset = rid
    setup = app.open("setup")
    name = phone_first_seat(setup)
    setup.seed = seed
    setup.start()
    assert not setup.message, setup.message
    app.frame([], DT)
    table = table_of(app)
    assert table is not None
    return name, table


@pytest.mark.parametrize("rid", RULESETS)
def test_a_phone_seat_in_new_game_is_a_person_on_a_phone_linked_by_the_table(app, rid):
    name, table = start_new_game(app, rid)
    host = app.phones
    assert host is not None and host.seats == [name] and host.listening
    assert table.phones is not None and table.phones.seats == [name] and table.phones.host is host
    assert name not in setup_bots(table)  # a person: no bot in the game's setup …
    assert name not in table.bots and name not in table.auto  # … nor at the table
    if rid == "celebrity":  # hidden cards: a person on a phone starts on standing orders like one at the screen
        orders_for = table.front.hand_to(lambda g: getattr(g.setup, "orders_for", ()))
        hidden = table.front.hand_to(lambda g: g.options.hidden_cards)
        assert not hidden or name in orders_for
    # the choice is remembered like the other kinds, and the settings file takes it back
    assert app.settings.players[0]["kind"] == "Phone"
    settings, problems = load_settings()
    assert settings.players[0]["kind"] == "Phone" and not [p for p in problems if "kind" in p]
    # the codes are kept in the user folder, under this very game
    entries, why = kept.read(user_data_dir())
    assert why is None and entries["game"]["seats"] == {name: host.secret(name)}
    assert entries["game"]["key"] == app.game_key(table.front.hand_to(lambda g: g))
    # back to the title: nothing listens any more
    app.go("title")
    app.frame([], DT)
    assert app.phones is None and not host.listening


def test_a_new_game_without_phone_seats_stops_the_host_and_forgets_the_codes(app):
    start_new_game(app, "celebrity")
    host = app.phones
    app.router.ruleset = "celebrity"
    setup = app.open("setup")
    for i, seat in enumerate(setup.seats[: setup.count]):
        seat.kind = "Human" if i == 0 else "easy"
    setup.seed = 4
    setup.start()
    app.frame([], DT)
    assert app.phones is None and not host.listening
    assert table_of(app).phones is None
    assert "game" not in kept.read(user_data_dir())[0]


def test_continue_after_the_app_is_closed_brings_the_same_phone_back():
    app = new_app()
    name, table = start_new_game(app, "celebrity")
    secret = app.phones.secret(name)
    assert table.save_now()  # the autosave, as after any answer
    app.quit()  # the window closed (or the program stopped)
    assert app.phones is None
    app2 = new_app()
    try:
        title = app2.stack.top
        title.layout()
        title.continue_game()
        app2.frame([], DT)
        table2 = table_of(app2)
        assert table2 is not None and table2 is not table
        assert app2.phones is not None and app2.phones.secret(name) == secret  # the phone's link still works
        assert table2.phones is not None and table2.phones.seats == [name]
        # Load of the autosave does the same
        app2.go("title")
        app2.frame([], DT)
        assert app2.phones is None
        from deathmatch import saves

        load = app2.open("load")
        load.load(next(i for i in saves.list_saves() if i.slot == saves.AUTOSAVE))
        app2.frame([], DT)
        assert app2.phones is not None and app2.phones.secret(name) == secret
    finally:
        app2.stop_phones()


def test_another_game_with_the_same_seat_names_never_gets_the_kept_codes(app):
    """The codes are kept under the game's fingerprint: a different game whose seats are named alike is not
    handed the phones of the first (they may be other people's)."""
    name, table = start_new_game(app, "celebrity", seed=3)
    app.go("title")
    app.frame([], DT)
    app.router.ruleset = "celebrity"
    setup = app.open("setup")
    for i, seat in enumerate(setup.seats[: setup.count]):
        seat.kind = "Human" if i == 0 else "easy"
    game = setup.make(99)
    app.play(game)  # as Load of another save does
    app.frame([], DT)
    assert app.phones is None and table_of(app).phones is None


def test_a_tournament_night_keeps_one_host_for_all_its_games_and_continue_brings_it_back():
    """One host all night: the same codes, and a phone connected in game 1 is sent game 2 on the same
    connection; Continue after the program was closed takes the night up with the same codes."""
    app = new_app()
    phone = None
    try:
        app.router.ruleset = "celebrity"
        setup = app.open("tournament setup")
        name = phone_first_seat(setup)
        setup.options.round_limit = min(r for r in ROUND_LIMITS if r)
        setup.start()
        assert not setup.message, setup.message
        app.frame([], DT)
        host = app.phones
        assert host is not None and host.seats == [name]  # made with the night, kept over its standings
        standings = app.stack.top
        standings.next_game()
        app.frame([], DT)
        table = table_of(app)
        assert table.phones is not None and table.phones.seats == [name] and table.phones.host is host
        assert name not in table.bots and name not in setup_bots(table)
        secret = host.secret(name)
        phone = WsPhone(host, name, seed=1)  # answers its seat's decisions
        run_until(app, lambda: table.front.over and phone.last and phone.last["over"], "game 1's end on the phone")
        assert "next game" in phone.last["over"]["next"]  # the night goes on: not "Thanks for playing!"
        table.on_exit(table)  # Results: the game filed with the night, back to the standings
        app.frame([], DT)
        assert app.phones is host and host.listening  # between games: still open, the phone still connected
        seen = len(phone.states)
        app.stack.top.next_game()
        app.frame([], DT)
        table2 = table_of(app)
        assert table2 is not table and table2.phones.host is host and host.secret(name) == secret
        run_until(app, lambda: len(phone.states) > seen and not phone.last["over"], "game 2 on the same phone")
        assert not phone.closed
        app.quit()
        assert not host.listening
        app2 = new_app()  # the program closed mid-game, started again: Continue takes the night up
        try:
            title = app2.stack.top
            title.layout()
            title.continue_game()
            app2.frame([], DT)
            table3 = table_of(app2)
            assert table3 is not None and app2.phones is not None
            assert app2.phones.secret(name) == secret and table3.phones.seats == [name]
        finally:
            app2.stop_phones()
    finally:
        if phone is not None:
            phone.close()
        app.stop_phones()


def play_season_to_a_bout(app, hub):
    """From the hub, go on until a bout is on the table (picks made on the screen)."""
    from deathmatch.scenes.gladiator.hub import PickScene

    hub.play_next()
    for _ in range(20):
        top = app.stack.top
        if isinstance(top, Table):
            return top
        if isinstance(top, PickScene):
            if top.on_phone is not None:  # a phone's ludus picks on the phone (tests/phones/test_phones_picks.py):
                top.at_the_screen()  # here the pick is taken back to the screen, as for a lost phone
            if top.passing:
                top.passed()
            next(b for b in top.buttons if b.label[:1].isdigit()).action()
        app.frame([], DT)
    raise AssertionError(f"no bout on the table: {type(app.stack.top).__name__}")


def test_a_careers_season_seats_a_phone_ludus_in_its_bouts_and_continue_brings_it_back():
    from deathmatch.scenes.gladiator.hub import SeasonHub
    from deathmatch.scenes.gladiator.ludus import FoundScene, MarketScene

    app = new_app()
    try:
        app.router.ruleset = "gladiator"
        new = app.open("new season")
        new.count = 2
        new.kinds[:2] = ["Human", "easy"]
        new.layout()
        next(b for b in new.buttons if b.label == "A person").action()
        assert new.kinds[0] == "Phone"
        assert any(b.label == "A person, by phone" for b in new.buttons)
        new.seed = 5
        new.create()
        app.frame([], DT)
        found = app.stack.top
        assert isinstance(found, FoundScene)
        found.found()
        market = app.stack.top
        assert isinstance(market, MarketScene)
        market.buy()
        market.done()
        app.frame([], DT)
        hub = next(s for s in app.stack.scenes if isinstance(s, SeasonHub))
        ludus = market.ludus_name
        assert hub.season.begun and hub.phone_ludi == [ludus]
        host = app.phones
        assert host is not None and host.seats == [ludus]
        table = play_season_to_a_bout(app, hub)
        assert table.phones is not None and table.phones.seats == [ludus] and table.phones.host is host
        assert ludus not in table.bots and ludus not in table.auto
        secret = host.secret(ludus)
        table.save_now()
        app.quit()
        app2 = new_app()
        try:
            title = app2.stack.top
            title.layout()
            title.continue_game()  # the season, its bout taken up at once
            app2.frame([], DT)
            table2 = table_of(app2)
            assert table2 is not None and app2.phones is not None and app2.phones.secret(ludus) == secret
            assert table2.phones is not None and table2.phones.seats == [ludus]
        finally:
            app2.stop_phones()
    finally:
        app.stop_phones()


@pytest.mark.parametrize("broken", [b"{not json", b'{"version": 1, "game": {"key": "x", "seats": {"Ann": "short"}}}',
                                    b"[" * 5000, b"x" * (kept.MAX_BYTES + 10)])
def test_a_broken_codes_file_is_said_and_skipped_the_phones_get_new_codes(broken):
    folder = user_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / kept.FILE_NAME).write_bytes(broken)
    app = new_app()
    try:
        title = app.stack.top
        assert kept.FILE_NAME in title.message and "new codes" in title.message
        name, table = start_new_game(app, "celebrity")
        assert app.phones.seats == [name] and kept.SECRET.fullmatch(app.phones.secret(name))
        entries, why = kept.read(folder)  # written anew, whole
        assert why is None and entries["game"]["seats"] == {name: app.phones.secret(name)}
    finally:
        app.stop_phones()


def test_a_kept_codes_file_is_checked_field_by_field():
    good = {"version": 1, "season": {"key": "/a/b.json", "seats": {"Ludus Magnus": "A" * 16}}}
    assert kept.problem(good) is None
    assert kept.problem({**good, "version": 2})
    assert kept.problem({**good, "other": {}})
    assert kept.problem({"version": 1, "game": {"key": "k", "seats": {f"P{i}": "A" * 16 for i in range(11)}}})
    assert kept.problem({"version": 1, "game": {"key": "k", "seats": {"Ann": "a/b" * 8}}})
    assert kept.problem({"version": 1, "game": {"key": "", "seats": {"Ann": "A" * 16}}})
    assert kept.secrets_for(good, "season", "/a/b.json") == {"Ludus Magnus": "A" * 16}
    assert kept.secrets_for(good, "season", "/a/c.json") is None
    # the seats played at the screen: some of the entry's seats, nothing else
    screen = {"version": 1, "game": {"key": "k", "seats": {"Ann": "A" * 16, "Bo": "B" * 16}, "screen": ["Bo"]}}
    assert kept.problem(screen) is None and kept.screen_for(screen, "game", "k") == ["Bo"]
    assert kept.screen_for(screen, "game", "other") == [] and kept.screen_for(good, "season", "/a/b.json") == []
    for bad in (["Cy"], "Bo", [["Bo"]], [1], ["Bo"] * 11):
        assert kept.problem({"version": 1, "game": {**screen["game"], "screen": bad}}), bad


def test_a_seat_played_at_the_screen_stays_there_after_continue_until_given_back():
    """A lost phone's seat taken back to the screen (the panel's "Play at the screen") is kept so with the
    codes: Continue after the program was closed does not send its turns back to the phone nobody holds, and
    says so in the log; "Back to the phone" is kept too; a New game set up afresh plays it on the phone."""
    app = new_app()
    app2 = app3 = None
    try:
        name, table = start_new_game(app, "celebrity")
        table.phone_panel.take_back(name)
        assert app.phones.at_screen == [name]
        entries, why = kept.read(user_data_dir())
        assert why is None and entries["game"]["screen"] == [name]
        assert table.save_now()
        app.quit()
        app2 = new_app()
        app2.stack.top.layout()
        app2.stack.top.continue_game()
        app2.frame([], DT)
        table2 = table_of(app2)
        assert table2 is not None and table2.phones is not None
        assert table2.phones.seats == [] and table2.phone_panel.at_screen == [name]  # its turns come to the screen
        assert any(f"{name}'s seat is played at the screen" in line for line in table2.log)
        assert not table2.phone_panel.open  # (no phone to wait for: the codes do not open by themselves)
        table2.phone_panel.give_back(name)
        assert table2.phones.seats == [name] and app2.phones.at_screen == []
        entries, why = kept.read(user_data_dir())
        assert why is None and "screen" not in entries["game"]
        table2.phone_panel.take_back(name)
        assert table2.save_now()
        app2.quit()
        app3 = new_app()  # a New game set up on the setup screen: the phone seat is a phone's again
        name3, table3 = start_new_game(app3, "celebrity", seed=3)
        assert name3 == name and table3.phones.seats == [name] and app3.phones.at_screen == []
    finally:
        for a in (app, app2, app3):
            if a is not None:
                a.stop_phones()


def test_a_game_without_phone_seats_never_imports_the_server():
    """Packaging-safe: the server (aiohttp) is loaded only when a phone seat exists."""
    code = """
import sys
from deathmatch.scenes.app import App
from deathmatch.scenes.celebrity.options import ROUND_LIMITS
from deathmatch.scenes.title import TitleScene
app = App((1280, 720)); app.catch_errors = False
app.push(TitleScene(app)); app.frame([], 1 / 60)
setup = app.open("setup")
for i, seat in enumerate(setup.seats[: setup.count]):
    seat.kind = "Human" if i == 0 else "easy"
setup.seed = 1
setup.start()
for _ in range(5):
    app.frame([], 1 / 60)
assert app.phones is None
print(sorted(m for m in sys.modules if m.startswith(("aiohttp", "deathmatch.phones.server", "segno"))))
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1].replace("'", '"')) == []


@pytest.mark.parametrize("rid", ("skirmish", "supers"))
def test_a_games_own_night_seats_a_phone_in_its_first_game(app, rid):
    app.router.ruleset = rid
    setup = app.open("tournament setup")
    name = phone_first_seat(setup)
    setup.start()
    assert not setup.message, setup.message
    app.frame([], DT)
    host = app.phones
    assert host is not None and host.seats == [name]
    app.stack.top.next_game()
    app.frame([], DT)
    table = table_of(app)
    assert table.phones is not None and table.phones.seats == [name] and table.phones.host is host
    assert name not in table.bots and name not in table.auto


def test_a_code_made_anew_is_the_one_kept_for_continue(app):
    """A lost phone's code made anew (the panel's "new code"): the kept codes follow, so a Continue after a
    crash never brings the old link back."""
    name, table = start_new_game(app, "celebrity")
    old = app.phones.secret(name)
    new = app.phones.reissue(name)
    app.phones_reissued()
    entries, why = kept.read(user_data_dir())
    assert why is None and new != old and entries["game"]["seats"] == {name: new}
