"""Phones as private hands, Superhero Gladiators (issue 30): each team's heroes and ITS OWN hidden gizmos on
its own phone, every decision of a fight (placing, an action with its moves, flying, attacks with their odds,
gizmo attacks, notices, defences, copies, which gizmo was noticed) offered there with all the table's answers
in players' words; another team's hidden gizmo is never in a message; a hit nothing could stop is taken by the
table without asking the phone (as it is without a hand-off at the screen); one fight played on the real page
in Chromium."""

from __future__ import annotations

import random
import re

import pytest

from deathmatch.core.front import Front
from deathmatch.rulesets.supers import actions as ac
from deathmatch.rulesets.supers import odds
from deathmatch.rulesets.supers.state import Options
from deathmatch.scenes.app import App
from deathmatch.scenes.handoff import HandOffScene
from deathmatch.scenes.supers.table import SupersTable
from deathmatch.scenes.title import TitleScene
from harness import DT, PhoneGame, WsPhone, need_chromium, open_browser

SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def fight(seed=3, turn_limit=3, ann=("powder_nell", "storm_widow"), bob=("winged_courier", "volt_countess")):
    """Ann's Powder Nell (hidden Brace of Pistols) and The Storm Widow (a flier with a superarea Squall and the
    hidden Lightning Lash) against Bob's The Winged Courier (a flier, slippery) and The Volt Countess (hidden
    Crackle Field): both teams hide a gizmo from the other."""
    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers import newgame

    lib = newgame.library()
    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    return newgame.new_game(arena, [("Ann", list(ann)), ("Bob", list(bob))], lib, Options(turn_limit=turn_limit),
                            seed=seed, colours=[0, 1])


def watched(pg):
    """Every state published with a decision, with the seat's legal answers at that moment."""
    asked = []
    publish = pg.host.publish

    def spy(seat, message):
        if message.get("decision"):
            asked.append((seat, message, pg.front.legal(seat), dict(pg.front.view(seat).models),
                          list(pg.table.options)))
        return publish(seat, message)
    pg.host.publish = spy
    return asked


def words_of(message) -> list[str]:
    """The strings a person reads on the phone (values, not the message's keys)."""
    out = []

    def walk(v):
        if isinstance(v, dict):
            for k, x in v.items():
                if k not in ("t", "colour"):
                    walk(x)
        elif isinstance(v, (list, tuple)):
            for x in v:
                walk(x)
        elif isinstance(v, str):
            out.append(v)
    walk(message)
    return out


def check_decision(seat, message, legal, models, offered):
    """Every legal answer offered, and besides them only area attacks bursting on an empty spot (legal, as the
    board offers them at the screen); each worded for people."""
    d = message["decision"]
    extra = [a for a in offered if a not in legal]
    assert len(d["choices"]) == len(offered) == len(legal) + len(extra), (seat, d["prompt"])
    assert sorted(map(repr, legal)) == sorted(repr(a) for a in offered if a in legal)
    assert all(isinstance(a, ac.Attack) and a.target is None and a.at is not None for a in extra), extra
    assert [c["i"] for c in d["choices"]] == list(range(len(offered)))
    assert d["prompt"].strip()
    labels = [c["label"] for c in d["choices"]]
    assert all(lab.strip() for lab in labels), d
    assert len(set(labels)) == len(labels), [lab for lab in labels if labels.count(lab) > 1]
    for w in words_of(message):
        assert not SNAKE.search(w), w
        for mid in models:
            if "_" in mid or any(ch.isdigit() for ch in mid):
                assert mid not in w, (mid, w)
    for c in d["choices"]:
        assert c.get("who"), c
        if "at" in c:
            assert all(0 <= v <= 1 for v in c["at"])


def test_two_teams_on_phones_fight_to_the_end_each_phone_its_own_heroes_and_hidden_gizmos(app):
    game = fight()
    pg = PhoneGame(app, {"Ann": None, "Bob": None})
    try:
        asked = watched(pg)
        table = pg.open(lambda app: SupersTable(app, game, None, anim_speed=60.0, handoff=True))
        phones = [WsPhone(pg.host, p, seed=i) for i, p in enumerate(("Ann", "Bob"))]
        handoffs = []
        pg.run_until(lambda: (handoffs.append(isinstance(app.stack.top, HandOffScene)) or pg.front.over)
                     and all(p.last and p.last["over"] for p in phones), what="the fight's end on every phone")
        assert not any(handoffs) and table.viewer is None
        assert pg.leaks() == []
        kinds = set()
        spots = 0
        rect = table.board_rect
        for seat, message, legal, models, offered in asked:
            check_decision(seat, message, legal, models, offered)
            for c, a in zip(message["decision"]["choices"], offered):  # each mark on the picture: its answer's cell
                if (isinstance(a, ac.Place) or isinstance(a, ac.Move) and a.path) and "at" in c:
                    point = (rect.x + c["at"][0] * rect.w, rect.y + c["at"][1] * rect.h)
                    assert table.board.cell_at(point) == table.phone_cell(a, seat), (c, a)
            kinds |= {type(a).__name__ for a in legal}
            spots += len(offered) - len(legal)
        assert spots, "an area attack may burst on an empty spot near a foe: offered on the phone too"
        assert {"Place", "Move", "Hold", "Attack", "Notice"} <= kinds, kinds
        groups = {c["group"] for _, m, _, _, _ in asked for c in m["decision"]["choices"]}
        assert {"Place", "Move", "Other", "Notice", "Fly where it stands"} <= groups and any(g.startswith("Attack with ") for g in groups)
        # the odds the table shows, on the attack's hint: the d20 and the chance
        hints = [c["hint"] for _, m, _, _, _ in asked for c in m["decision"]["choices"] if c["group"].startswith("Attack")]
        assert hints and all(re.search(r"\d+%", h) for h in hints if "odds not available" not in h)
        # each phone's hand: its own two heroes, its own hidden gizmo named as one; never the other's
        ann, bob = phones
        for phone, own, theirs in ((ann, ("Powder Nell", "The Storm Widow"), ("Crackle Field",)),
                                   (bob, ("The Winged Courier", "The Volt Countess"), ("Brace of Pistols", "Lightning Lash"))):
            for s in phone.states:
                assert [c["title"] for c in s["hand"]] and {c["title"] for c in s["hand"]} <= set(own)
                assert all(c["tag"] == "fainted" or c["tag"].endswith(" oomph") for c in s["hand"])
            first = phone.states[0]["hand"]
            lines = " / ".join(x for c in first for x in c["lines"])
            assert "hidden gizmo" in lines, lines
            for s in phone.states:  # (the leak check reads every other word of every message)
                assert not any(g in x for c in s["hand"] for x in c["lines"] for g in theirs)
        assert any("Brace of Pistols" in x and "hidden gizmo" in x for c in ann.states[0]["hand"] for x in c["lines"])
        assert any("Crackle Field" in x and "hidden gizmo" in x for c in bob.states[0]["hand"] for x in c["lines"])
        assert pg.front.over and ann.last["over"]["head"] and ann.last["over"]["lines"]
    finally:
        pg.close()


def play_to(game, rng, stop, limit=4000):
    """Random legal answers until `stop(game)`; whether it came."""
    for _ in range(limit):
        if game.over:
            return False
        if stop(game):
            return True
        game.apply(rng.choice(game.legal_actions()))
    return False


def bob_hit(useful: bool):
    """A fight at a hit on one of Bob's heroes whose defences could (`useful`: Ann's Loom Spinner entangles, The
    Winged Courier may slip it) or could not stop it."""
    def stop(g):
        d = g.pending
        if d is None or d.kind != ac.DEFEND or d.about != "hit" or d.player != "Bob" or not d.options:
            return False
        wasted = [bool(odds.defence_outlook(g, d.model, n)) for n in d.options]
        return (not all(wasted)) if useful else all(wasted)
    for seed in range(40):
        game = fight(seed=seed, turn_limit=None, ann=("loom_spinner", "powder_nell") if useful else ("powder_nell",
                                                                                                    "storm_widow"))
        if play_to(game, random.Random(seed), stop):
            return game
    raise AssertionError("no such hit came up")


def test_a_hit_none_of_the_defences_could_stop_is_taken_by_the_table_and_never_asked_of_the_phone(app):
    """The table answers such a hit itself (one sensible answer: no defence, said in the log); a phone seat's is
    handled the same way: its phone is never sent that question, and the fight goes on without waiting for it."""
    game = bob_hit(useful=False)
    at = len(game.history)
    pg = PhoneGame(app, {"Bob": None})
    try:
        asked = watched(pg)
        table = pg.open(lambda app: SupersTable(app, game, None, anim_speed=60.0, handoff=True,
                                                auto_players=("Ann",)))
        bob = WsPhone(pg.host, "Bob", seed=1, auto=False)
        pg.run_until(lambda: len(game.history) > at, what="the hit taken")
        assert game.history[at] == ac.Defend("Bob", game.history[at].model, None)
        assert any(" takes the hit: " in line for line in table.log)
        assert not any(m["decision"]["choices"][0]["group"] == "Defend" for s, m, _, _, _ in asked if s == "Bob")
        pg.run_until(lambda: bob.last is not None and any(" takes the hit: " in x for x in bob.last["log"]),
                     what="Bob's phone told why the hit was taken unasked")
        # the attack that hit Bob's hero is still in Bob's "since your last turn" (the table answered, not Bob)
        assert any(" takes the hit: " in x for x in bob.last["recap"]["lines"])
        assert any(" is hit (" in x for x in bob.last["recap"]["lines"]), bob.last["recap"]
        assert pg.leaks() == []
    finally:
        pg.close()


def test_a_hit_a_defence_may_stop_is_asked_on_the_phone_with_the_table_words(app):
    game = bob_hit(useful=True)
    d = game.pending
    pg = PhoneGame(app, {"Bob": None})
    try:
        table = pg.open(lambda app: SupersTable(app, game, None, anim_speed=60.0, handoff=True,
                                                auto_players=("Ann",)))
        bob = WsPhone(pg.host, "Bob", seed=1, auto=False)
        pg.run_until(lambda: bob.last is not None and bob.last["decision"], what="the defence asked on the phone")
        hero = pg.front.view(None).models[d.model].name
        assert table.turn_banner_words == f"Bob answers for {hero} — on the phone"  # (the screen: whose answer)
        assert not isinstance(app.stack.top, HandOffScene) and table.viewer is None
        q = bob.last["decision"]
        assert " is hit by " in q["prompt"] and q["prompt"].endswith("defend with a power, or not?")
        labels = [c["label"] for c in q["choices"]]
        assert labels[0] == "No defence" and len(labels) == 1 + len(d.options)
        assert all(c["group"] == "Defend" and c["hint"] for c in q["choices"])
        assert any(n in lab and "no use here" not in lab for n in d.options for lab in labels[1:])
        assert bob.last["status"].endswith("is hit: your answer")
        bob.answer(len(labels) - 1)
        pg.run_until(lambda: game.pending is not d, what="the answer applied")
        assert isinstance(game.history[-1], ac.Defend) and game.history[-1].power == d.options[-1]
        assert pg.leaks() == []
    finally:
        pg.close()


# ----------------------------------------------------------------------------------------- the real page

def test_a_fight_on_the_real_phone_page_in_chromium(app):
    """Ann plays from the real page in headless Chromium (tapping the buttons the page shows, a confirm if the
    page asks one), Bob from a WebSocket phone: two heroes a team, to the turn limit."""
    need_chromium()
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.by import By

    game = fight(seed=5, turn_limit=2)
    pg = PhoneGame(app, {"Ann": None, "Bob": None})
    driver = open_browser(360, 640)
    try:
        pg.open(lambda app: SupersTable(app, game, None, anim_speed=60.0, handoff=True))
        WsPhone(pg.host, "Bob", seed=2)
        driver.get(pg.host.url("Ann"))
        rng = random.Random(7)
        taps = []
        shown = {"n": 0}

        def click(e) -> None:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", e)
            try:
                e.click()
            except StaleElementReferenceException:
                raise
            except WebDriverException:  # (covered by a bar fixed over the page: the tap goes to the button itself)
                driver.execute_script("arguments[0].click();", e)

        def tap() -> None:
            """One look at the page: press its confirm if it asks one, else tap a random choice it shows."""
            shown["n"] += 1
            if shown["n"] % 5:
                return
            if game.pending is None or game.pending.player != "Ann":
                return
            try:
                for cid in ("confirm", "doit"):  # (the page's confirm step, if it has one)
                    confirm = [c for c in driver.find_elements(By.ID, cid) if c.is_displayed() and c.is_enabled()]
                    if confirm:
                        click(confirm[0])
                        return
                buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "button.choice")
                           if b.is_displayed() and b.is_enabled()]
                if buttons:
                    b = rng.choice(buttons)
                    words = b.text
                    click(b)
                    taps.append(words)
            except StaleElementReferenceException:
                return  # (the page drew itself again meanwhile: the next look taps what it shows now)

        pg.run_until(lambda: tap() or pg.front.over, limit=400, what="the fight's end, played on the page")
        pg.run_until(lambda: "over" in (driver.find_element(By.TAG_NAME, "body").text.lower()) or
                     "wins" in driver.find_element(By.TAG_NAME, "body").text or
                     "draw" in driver.find_element(By.TAG_NAME, "body").text.lower(), limit=60,
                     what="the end on the page")
        assert len(taps) >= 2 and any(a.player == "Ann" for a in game.history)
        assert pg.leaks() == []
    finally:
        driver.quit()
        pg.close()


def test_which_hidden_gizmo_was_noticed_is_asked_on_the_owners_phone_and_copy_words_are_players_words(app):
    """Bob's hero notices one of Ann's unused hidden gizmos: which one is Ann's question, on her phone, her own two
    gizmos its answers; the copy question's words (the Mirror Monk's) are players' words too."""
    from deathmatch.core.dice import ForcedDice
    from deathmatch.rulesets.supers.model import Hero, Power
    from deathmatch.rulesets.supers.setup import Seat, Setup, new_game
    from deathmatch.scenes.supers import phone

    gadgets = Hero("gadgeteer", "The Gadgeteer", 4, 4, 4, 3, (Power("Zap", "shot", 2, 10, (), (), "reliable", "hidden"),
                                                             Power("Shell", "toughness", 2, 5, (), (), "reliable", "hidden")))
    seer = Hero("seer", "The Seer", 3, 4, 3, 5, (Power("Poke", "smash", 2, None),))
    game = new_game(Setup((Seat("Ann", "vermilion", (gadgets,)), Seat("Bob", "sky blue", (seer,))), {"hexagon": 4},
                          seed=2))
    for _ in range(200):
        d = game.pending
        if d.kind == "act" and d.player == "Bob":
            break
        game.apply(next((a for a in game.legal_actions() if isinstance(a, ac.Hold)), game.legal_actions()[0]))
    game.dice = ForcedDice([1])  # the notice roll: 1 is under any Perception
    game.apply(ac.Notice("Bob", "seer", "gadgeteer"))
    assert game.pending.kind == ac.CHOOSE and game.pending.player == "Ann"
    pg = PhoneGame(app, {"Ann": None})
    try:
        pg.open(lambda app: SupersTable(app, game, None, anim_speed=60.0, handoff=True, auto_players=("Bob",)))
        ann = WsPhone(pg.host, "Ann", auto=False)
        pg.run_until(lambda: ann.last is not None and ann.last["decision"], what="the question on Ann's phone")
        q = ann.last["decision"]
        assert q["prompt"] == "An opponent noticed one of The Gadgeteer's hidden gizmos — which one was it?"
        assert [c["label"] for c in q["choices"]] == ["Zap", "Shell"]
        assert {c["group"] for c in q["choices"]} == {"Which gizmo"}
        assert any("Zap" in x and "hidden gizmo" in x for c in ann.last["hand"] for x in c["lines"])
        ann.answer(1)
        pg.run_until(lambda: game.history[-1] == ac.Choose("Ann", "gadgeteer", "Shell"), what="Ann's answer applied")
        pg.run_until(lambda: any("Shell" in x and "noticed" in x for c in ann.last["hand"] for x in c["lines"]),
                     what="her hand says Shell was noticed")
        assert pg.leaks() == []
    finally:
        pg.close()
    # the copy question (a Mirror Monk hurt by an attack power): its words, from a real view
    monk = fight(ann=("mirror_monk", "powder_nell"))
    view = Front(monk).view("Ann")
    mid = next(k for k, m in view.models.items() if m.name == "The Mirror Monk")
    d = ac.Decision("Ann", ac.COPY, mid, ("Borrowed Light",), "Arc Bolt")
    ctx = phone.Ctx(view, d, lambda *a: None, lambda c: None, lambda a, b: 1)
    assert phone.prompt(view, d) == "The Mirror Monk was hurt by Arc Bolt — copy that power, or not?"
    words = [phone.choice(ac.Copy("Ann", mid, yes), ctx) for yes in (False, True)]
    assert [w["label"] for w in words] == ["Do not copy it", "Copy it"]
    assert words[1]["hint"] == "Store Arc Bolt with Borrowed Light (a use of it)" and words[1]["who"] == "The Mirror Monk"


def test_a_wild_attacks_odds_say_its_second_die(app):
    """A wild power (Ann's Squall and Powder Keg) hits only when a second die rolls 10 or less too: its odds on the
    phone say so ("needs 15 or less" alone, beside "hit 38%", read as a mistake)."""
    pg = PhoneGame(app, {"Ann": None})
    try:
        asked = watched(pg)
        pg.open(lambda app: SupersTable(app, fight(), None, anim_speed=60.0, handoff=True, auto_players=("Bob",)))
        WsPhone(pg.host, "Ann", seed=2)

        def wild():
            return [c for s, m, _, _, _ in asked for c in m["decision"]["choices"]
                    if c["label"].startswith(("Squall at", "Powder Keg at"))]
        pg.run_until(lambda: wild(), what="a wild attack offered on Ann's phone")
        for c in wild():
            assert "wild: a second die 10 or less" in c["hint"], c
        plain = [c for s, m, _, _, _ in asked for c in m["decision"]["choices"]
                 if c["label"].startswith(("Brace of Pistols at", "Lightning Lash at"))]
        assert all("second die" not in c["hint"] for c in plain)
        assert pg.leaks() == []
    finally:
        pg.close()


def test_the_next_game_on_the_same_phones_shows_its_own_board_picture(app):
    """A night's next game keeps the phones (the same host): its board pictures are numbered on from the last
    game's, so a phone never keeps the last game's board (seen in play: the Skyline on the phone, the Crater on
    the screen)."""
    pg = PhoneGame(app, {"Ann": None})
    try:
        first = pg.open(lambda app: SupersTable(app, fight(), None, anim_speed=60.0, handoff=True,
                                                auto_players=("Bob",)))
        ann = WsPhone(pg.host, "Ann", seed=2, auto=False)
        pg.run_until(lambda: first.phones.ready > 0 and ann.last and ann.last.get("picture"), what="a picture")
        for _ in range(3):  # (a few pictures: the server keeps the last four)
            first.phones.changed()
            n = first.phones.picture
            pg.run_until(lambda: first.phones.ready > n, what="another picture")
        last = first.phones.ready
        second = pg.open(lambda app: SupersTable(app, fight(seed=9), None, anim_speed=60.0, handoff=True,
                                                 auto_players=("Bob",)))
        pg.run_until(lambda: second.phones.ready > 0 and ann.last.get("picture") == second.phones.ready,
                     what="the second game's picture on the phone")
        assert second.phones.ready > last
        assert second.phones.ready in pg.host.server.pictures  # (served, not dropped as the oldest)
    finally:
        pg.close()


def test_a_failed_escapes_question_offers_to_stay_held_not_to_take_a_hit():
    """After a failed escape the owner may slip free with a slippery power, or not: there is no hit to take (the
    phone said "No defence — Take the hit as it is")."""
    from types import SimpleNamespace

    from deathmatch.scenes.supers import phone as sphone

    for about, label in (("escape", "Stay held"), ("hit", "No defence")):
        d = SimpleNamespace(about=about, model="m", options=["Slip Away"], kind=ac.DEFEND)
        ctx = sphone.Ctx(SimpleNamespace(models={}), d, lambda *a: None, lambda c: None, lambda a, b: 0)
        got = sphone.choice(ac.Defend("Bob", "m", None), ctx)
        assert got["label"] == label, got
        assert ("hit" in got["hint"]) == (about == "hit")
