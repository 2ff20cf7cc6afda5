"""Gladiator!'s careers on screen, driven headless: a season of two people's ludi and two bot ludi
from the title screen — founding, the market, the picks, bouts fought on the real bout table (the
people's decisions clicked or keyed as a player would), the bot ludi's bout played off screen — to
the final standings; a season left mid-bout taken up again by Continue, the same season and the
same bout; the money and the purchases as the market shows them; the picks kept secret; the
exports. Frames are driven with a fixed dt, and a bout the bots play off screen is waited for by
its own answer, never by a count of frames: nothing here depends on timing."""

from __future__ import annotations

import json
import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.rulesets.gladiator import season as S  # noqa: E402
from deathmatch.client import ui  # noqa: E402
from deathmatch.rulesets.gladiator.career import PRICES, Death, Season, SeasonError, bot_pick, bout_with_bots  # noqa: E402
from deathmatch.scenes.gladiator.bout import GladiatorTable  # noqa: E402
from deathmatch.scenes.gladiator.hub import BoutDoneScene, PickScene, SeasonHub  # noqa: E402
from deathmatch.scenes.gladiator.ludus import FoundScene, MarketScene  # noqa: E402
from deathmatch.scenes.gladiator.seasons import NewSeasonScene, SeasonsScene  # noqa: E402
from deathmatch.scenes.gladiator.setup import GladiatorSetupScene  # noqa: E402
from deathmatch.scenes.pause import PauseMenu  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from table_driver import DT  # noqa: E402
from test_client import click, press  # noqa: E402
from test_gladiator_screens import Driver, fresh_app  # noqa: E402


def typed(words: str):
    return [pygame.event.Event(pygame.KEYDOWN, key=0, mod=0, unicode=ch, scancode=0) for ch in words]


def button(scene, label):
    return next(b for b in scene.buttons if b.label.startswith(label))


def texts_of(app) -> list[str]:
    """Every text the stack's visible scenes draw this frame."""
    with ui.recording() as records:
        surface = ui.RecordingSurface(app.size, records)
        for scene in app.stack.visible():
            scene.draw(surface)
    return [r.words for r in records]


class Career:
    """Drives the career screens the way a player does: `mode` "mouse" (clicks at the buttons'
    centres) or "keys" (the buttons' keys, Enter, typing)."""

    def __init__(self, app, mode: str, seed: int = 1):
        self.app, self.mode, self.rng = app, mode, random.Random(seed)
        self.tables = 0

    def frames(self, events=(), n=1):
        events = list(events)
        for _ in range(n):
            self.app.frame(events, DT)
            events = []

    def press(self, scene, label):
        self.press_button(scene, button(scene, label))

    def press_button(self, scene, b):
        assert b.enabled, (b.label, getattr(scene, "message", ""))
        if self.mode == "mouse":
            self.frames(click(b.rect.center))
        else:
            assert b.key is not None, b.label
            self.frames(press(b.key))

    @property
    def top(self):
        return self.app.stack.top

    def to_seasons(self):
        """Title → New game → Gladiator! → Careers: the seasons list."""
        app = self.app
        if self.mode == "mouse":
            self.press(self.top, "New game")
            self.frames(click(button(self.top, "Gladiator!").rect.center))
        else:
            self.frames(press(pygame.K_n))
            names = [b.label for b in self.top.buttons]
            k = next(i for i, label in enumerate(names) if label.startswith("Gladiator!"))
            self.frames(press(pygame.K_DOWN) * k + press(pygame.K_RETURN))
        assert isinstance(app.stack.top, GladiatorSetupScene)
        self.press(self.top, "Careers")
        assert isinstance(app.stack.top, SeasonsScene)

    def found(self, ludus: str, owner: str, colour_steps: int = 0):
        scene = self.top
        assert isinstance(scene, FoundScene)
        if self.mode == "keys":
            self.frames(press(pygame.K_F2) + press(pygame.K_BACKSPACE) * 40 + typed(ludus) + press(pygame.K_RETURN))
            self.frames(press(pygame.K_F3) + press(pygame.K_BACKSPACE) * 40 + typed(owner) + press(pygame.K_RETURN))
            self.frames(press(pygame.K_RIGHT) * colour_steps)
            self.frames(press(pygame.K_RETURN))
        else:  # the mouse: the suggested names (Another name steps through them), a colour swatch
            self.press(scene, "Another name")
            ludus = scene.ludus.value
            owner = scene.owner.value
            free = [b for b in scene.buttons if isinstance(b.tag, tuple) and b.tag[0] == "colour" and b.enabled]
            self.frames(click(free[min(colour_steps, len(free) - 1)].rect.center))
            self.press(scene, "Found the ludus")
        return ludus, owner

    def buy(self, kind: str, extra: str | None = None, pronoun: str = "he", name: str | None = None):
        scene = self.top
        assert isinstance(scene, MarketScene)
        k = sorted(PRICES, key=lambda t: (PRICES[t], t)).index(kind)
        label = f"{k + 1} "
        if self.mode == "mouse":
            self.frames(click(button(scene, label).rect.center))
        else:
            self.frames(press(pygame.K_1 + k))
        while scene.extra != extra:
            self.press(scene, "Extra")
        while f"Called: {pronoun}" not in button(scene, "Called").label:
            self.press(scene, "Called")
        if name is not None:
            if self.mode == "keys":
                self.frames(press(pygame.K_F2) + press(pygame.K_BACKSPACE) * 40 + typed(name) + press(pygame.K_RETURN))
            else:
                scene.name.value = name  # the mouse can not type: it takes a suggestion (Another name)
        chosen = scene.name.value
        self.press(scene, "Buy")
        return chosen

    def done_market(self):
        scene = self.top
        if self.mode == "mouse":
            self.press(scene, "Done")
        else:
            self.frames(press(pygame.K_ESCAPE))

    def pick(self):
        scene = self.top
        assert isinstance(scene, PickScene)
        if scene.passing:
            self.press(scene, "I am")
        men = [b for b in scene.buttons if b.label[:1].isdigit()]
        choice = self.rng.choice(men)
        if self.mode == "mouse":
            self.frames(click(choice.rect.center))
        else:
            self.frames(press(choice.key))

    def fight(self, table):
        """A bout on the real table: the people's decisions answered by the screen's own means."""
        driver = Driver(self.app, table, "mouse" if self.mode == "mouse" else "keyboard", self.rng)
        driver.play()
        self.tables += 1
        assert table.stage == "over"
        if table.stage == "over":
            if self.mode == "mouse":
                self.frames(click(button(table, "Results").rect.center))
            else:
                self.frames(press(pygame.K_ESCAPE))

    def wait_for_bots(self, hub):
        if hub.fighting is not None:
            hub.fighting[1].result(timeout=600)  # the bots' own answer, not a count of frames
            self.frames()

    def play_on(self, hub, max_steps=400):
        """Play the season's bouts from the hub until it is over."""
        for _ in range(max_steps):
            top = self.top
            if top is hub:
                if hub.fighting is not None:
                    self.wait_for_bots(hub)
                    continue
                if hub.season.over:
                    return
                self.press(hub, "Play next bout")
            elif isinstance(top, PickScene):
                self.pick()
            elif isinstance(top, MarketScene):
                self.buy(self.cheapest(top))
                self.done_market()
            elif isinstance(top, GladiatorTable):
                self.fight(top)
            elif isinstance(top, BoutDoneScene):
                self.press(top, "Back to the season")
            else:
                raise AssertionError(f"unexpected screen {type(top).__name__}")
        raise AssertionError("the season did not end")

    @staticmethod
    def cheapest(market):
        return min(PRICES, key=lambda t: (PRICES[t], t))


@pytest.mark.parametrize("mode", ["keys", "mouse"])
def test_a_season_of_two_people_and_two_bots_played_from_the_screens_to_its_standings(mode):
    app = fresh_app((1024, 600) if mode == "keys" else (1280, 720))
    c = Career(app, mode, seed=3 if mode == "keys" else 4)
    c.to_seasons()
    c.press(c.top, "New season")
    new = c.top
    assert isinstance(new, NewSeasonScene) and new.count == 4
    assert new.kinds[:4] == ["Human", "Human", "normal", "normal"]
    for k in (3, 4):  # the bot ludi: normal → hard → a person → by phone → easy
        for _ in range(4):
            c.press_button(new, next(b for b in new.buttons if b.key == pygame.K_0 + k))
    assert new.kinds[:4] == ["Human", "Human", "easy", "easy"]
    new.seed = 12 if mode == "keys" else 21
    c.press(new, "Create the season")
    hub = next(s for s in app.stack.scenes if isinstance(s, SeasonHub))
    season, path = hub.season, hub.path
    assert path.exists() and len(season.ludi) == 2 and all(l.bot == "easy" for l in season.ludi.values())
    assert all(season.living(n) for n in season.ludi)  # the bots stocked their ludi

    # the first person founds and buys
    ludus1, owner1 = c.found("Ludus Primus", "Ann", colour_steps=1)
    assert ludus1 in season.ludi and season.ludi[ludus1].owner == owner1 and not season.ludi[ludus1].bot
    assert isinstance(c.top, MarketScene) and season.ludi[ludus1].money == 100
    c.done_market()  # nobody bought yet: the market says so and stays
    assert isinstance(c.top, MarketScene) and "no gladiator" in c.top.message
    n1 = c.buy("secutor", "ap", "she", name="Aurelia")
    assert season.ludi[ludus1].money == 100 - 35 - 20
    assert any("45 denarii" in t for t in texts_of(app))  # the money left, on screen
    n2 = c.buy("laquearius", None, "they")
    assert season.ludi[ludus1].money == 25
    men = {f.name: f for f in season.living(ludus1)}
    assert men[n1].gladiator.type == "secutor" and men[n1].gladiator.bonus_ap == 1 and men[n1].gladiator.pronoun == "she"
    assert men[n2].gladiator.type == "laquearius" and men[n2].gladiator.pronoun == "they"
    assert button(c.top, "2 ").enabled and not button(c.top, "4 ").enabled  # 25: a Dimachaerus yes, a Myrmillo (30) no
    c.press(c.top, "Extra")  # +1 AP: a 20 laquearius becomes 40, more than 25
    assert "15 denarii short" in " ".join(texts_of(app)) and not button(c.top, "Buy").enabled
    c.done_market()

    # the second person
    assert isinstance(c.top, FoundScene)
    ludus2, _ = c.found("Ludus Secundus", "Bob", colour_steps=2)
    c.buy("retiarius", "card", "he")
    assert season.ludi[ludus2].money == 100 - 30 - 15
    assert len(season.living(ludus2)[0].gladiator.cards) == 1  # the recruit's card, drawn from the deck
    c.done_market()

    # every ludus has a man: the season began, its schedule fixed
    assert c.top is hub and season.begun and len(season.bouts) == 6
    assert json.loads(path.read_text(encoding="utf-8")) == season.to_json()
    c.play_on(hub)
    assert season.over and season.seed == new.seed
    peoples = [b for b in season.bouts if b.result is not None and not all(season.ludi[n].bot for n in b.sides)]
    assert c.tables == len(peoples) >= 3  # every bout a person's ludus fought was fought on the table
    champion = season.champion()
    assert champion in season.ludi and any(champion in t for t in texts_of(app))
    assert all(b.settled for b in season.bouts)
    # the season on disk is the season on screen, action for action
    again = S.load(path)
    assert again.to_json() == season.to_json() and again.standings() == season.standings()
    played = [b for b in season.bouts if b.result is not None]
    assert all(b.result.record is not None for b in played)
    assert not S.bout_path(path).exists()  # no bout left on the table
    # the exports
    c.press(hub, "Export")
    csv_path, html_path = path.with_suffix(".csv"), path.with_suffix(".html")
    assert csv_path.exists() and html_path.exists() and str(html_path) in hub.exported
    assert champion in html_path.read_text(encoding="utf-8")


def _season_at_a_peoples_bout(app, bots: bool = True):
    """A saved season of two people's ludi (and two bot ludi), begun."""
    deck = S.rules_for_careers().career.deck()
    season = Season(5, "round-robin", None, deck, "Tuesday")
    season.found("Ludus Primus", "Ann", 0)
    season.buy("Ludus Primus", "myrmillo", "Aulus")
    season.buy("Ludus Primus", "thracian", "Bruna", pronoun="she")
    season.found("Ludus Secundus", "Bob", 1)
    season.buy("Ludus Secundus", "secutor", "Cato")
    if bots:
        season.found("Ludus Magnus", "Bot A", 9, bot="easy")
        season.found("Ludus Capuanus", "Bot B", 8, bot="easy")
    path = S.season_path(season.name)
    S.advance(season, path)
    S.save(season, path)
    return season, path


def test_quitting_mid_bout_and_continuing_gives_the_same_season_and_the_same_bout():
    app = fresh_app()
    season, path = _season_at_a_peoples_bout(app)
    app.stack.top.layout()
    title = app.stack.top
    assert isinstance(title, TitleScene) and button(title, "Continue").enabled
    assert title.career is not None and title.career[1] == path
    c = Career(app, "keys", seed=9)
    c.frames(press(pygame.K_c))  # Continue: the season's hub
    hub = c.top
    assert isinstance(hub, SeasonHub) and hub.season.to_json() == season.to_json()
    c.press(hub, "Play next bout")
    while isinstance(c.top, PickScene):
        c.pick()
    table = c.top
    assert isinstance(table, GladiatorTable)
    index = hub.season.current().index
    driver = Driver(app, table, "keyboard", random.Random(2))
    for _ in range(12):
        driver.settle()
        if table.stage == "over":
            break
        driver.step()
    driver.settle()
    history = list(table.game.history)
    men = {m.id: (m.at, m.facing, m.damage) for m in table.game.state.men.values()}
    assert S.bout_path(path).exists() and history
    # Esc: the game menu; Quit to title
    c.frames(press(pygame.K_ESCAPE))
    assert isinstance(c.top, PauseMenu)
    c.frames(press(pygame.K_q))
    title = c.top
    assert isinstance(title, TitleScene)
    saved = S.load(path)
    assert saved.to_json() == hub.season.to_json()  # every action up to the bout, and no result
    # the title says the bout is on the table; Continue takes it up where it stood, the season's hub under it
    name = season.name if season.name.lower().startswith("season") else f"the season {season.name}"
    assert title.career[3] == (f"Continue: {name}, bout {index + 1} on the table "
                               f"({hub.season.bouts[index].sides[0]} v {hub.season.bouts[index].sides[1]})")
    assert title.career[3] in texts_of(app)
    c.frames(press(pygame.K_c))
    table2 = c.top
    assert isinstance(table2, GladiatorTable) and table2 is not table
    hub2 = app.stack.scenes[-2]
    assert isinstance(hub2, SeasonHub) and hub2 is not hub and hub2.season.to_json() == saved.to_json()
    assert list(table2.game.history) == history
    assert {m.id: (m.at, m.facing, m.damage) for m in table2.game.state.men.values()} == men
    c.fight(table2)
    assert isinstance(c.top, BoutDoneScene)
    b = hub2.season.bouts[index]
    assert b.result is not None and len(b.result.record["decisions"]) >= len(history)
    assert b.result.record["decisions"][:len(history)] == [
        __import__("deathmatch.core.registry", fromlist=["get"]).get("gladiator").action_to_json(a) for a in history]
    assert not S.bout_path(path).exists()
    assert S.load(path).to_json() == hub2.season.to_json()
    c.press(c.top, "Back to the season")
    assert c.top is hub2
    assert not any("left on the table" in t for t in texts_of(app))  # said only until it was taken up


def test_a_kept_bout_of_another_season_state_is_fought_again_from_its_seed(tmp_path):
    season, path = _season_at_a_peoples_bout(None)
    step = season.waiting_on()
    while step.kind == "pick":
        season.pick(step.ludus, season.living(step.ludus)[0].id)
        step = season.waiting_on()
    game, resumed = S.bout_game(season, step.bout, path)
    assert not resumed and not game.history
    rng = random.Random(4)
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    S.save_bout(path, step.bout, game)
    again, resumed = S.bout_game(season, step.bout, path)
    assert resumed and list(again.history) == list(game.history)
    # the same file for another bout number: not this bout, so it starts afresh from the seed
    S.save_bout(path, step.bout + 1, game)
    fresh, resumed = S.bout_game(season, step.bout, path)
    assert not resumed and not fresh.history
    S.bout_path(path).write_text("{broken", encoding="utf-8")
    fresh, resumed = S.bout_game(season, step.bout, path)
    assert not resumed


def test_the_second_picker_sees_nothing_of_the_first_pick():
    """Two people's ludi: whichever man the first sent, the second's pass screen and pick screen
    draw the very same words (the other side's roster is public; its pick is not)."""
    shown = []
    for first in (0, 1):
        app = fresh_app()
        app.router.ruleset = "gladiator"
        season, path = _season_at_a_peoples_bout(app, bots=False)
        b = season.current()
        assert not any(season.ludi[n].bot for n in b.sides) and len(season.living(b.sides[0])) == 2
        season.pick(b.sides[0], season.living(b.sides[0])[first].id)
        picked = season.fighters[b.picks[b.sides[0]]].name
        scene = app.open("pick fighter", path, season, b.sides[1], pass_first=True)
        app.frame([], DT)
        passing = texts_of(app)
        assert not any(picked in t for t in passing)
        app.frame(press(pygame.K_RETURN), DT)
        assert not scene.passing
        shown.append((passing, sorted(texts_of(app)), len(season.living(b.sides[0]))))
    assert shown[0] == shown[1]


def test_a_bout_of_two_bot_ludi_is_played_off_screen_or_watched_on_the_table():
    app = fresh_app()
    app.router.ruleset = "gladiator"
    deck = S.rules_for_careers().career.deck()
    season = Season(2, "round-robin", None, deck, "Bots only")
    for k, name in enumerate(("Ludus Magnus", "Ludus Capuanus", "Ludus Ravennas")):
        season.found(name, f"Bot {k}", k, bot="easy")
    path = S.season_path(season.name)
    S.advance(season, path)
    S.save(season, path)
    hub = app.open("season", path)
    c = Career(app, "mouse")
    app.frame([], DT)
    c.press(hub, "Watch it")
    table = c.top
    assert isinstance(table, GladiatorTable) and set(table.auto) == set(table.game.state.players)
    assert not table.humans
    for _ in range(20000):
        if table.stage == "over":
            break
        app.frame([], DT)
    c.frames(click(button(table, "Results").rect.center))
    assert isinstance(c.top, BoutDoneScene) and hub.season.bouts[0].settled
    c.press(c.top, "Back to the season")
    c.press(hub, "Play next bout")  # off screen: the bots play it on the worker thread
    assert hub.fighting is not None and not button(hub, "Seasons").enabled
    c.wait_for_bots(hub)
    assert hub.season.bouts[1].settled and hub.message.startswith("Bout 2:")
    c.press(hub, "Bot bouts: play on")
    while hub.fighting is not None:
        c.wait_for_bots(hub)
    assert hub.season.over and S.load(path).to_json() == hub.season.to_json()
    # the same bouts as the headless season plays them (the same seeds, the same bots)
    headless = Season(2, "round-robin", None, deck, "Bots only")
    for a in season.actions[: len(season.actions)]:
        if a["do"] == "result":
            break
        headless.apply(a)
    play = bout_with_bots()
    for b in hub.season.bouts[1:]:
        assert b.result is not None
        setup = hub.season.bout_setup(b.index)
        assert play(setup, hub.season.bout_seed(b.index)).to_json()["winner"] == b.result.winner


def test_the_market_says_what_can_not_be_bought_and_why():
    app = fresh_app((1024, 600))
    app.router.ruleset = "gladiator"
    season = Season(1, name="Poor")
    season.found("Ludus Pauper", "Ann", 0)
    season.buy("Ludus Pauper", "secutor", "Aulus", "ap")
    season.buy("Ludus Pauper", "laquearius", "Bruna")
    path = S.season_path(season.name)
    market = app.open("market", path, season, "Ludus Pauper")
    app.frame([], DT)
    assert season.ludi["Ludus Pauper"].money == 25
    words = " ".join(texts_of(app))
    assert "25 denarii" in words and "The Lion is not for sale" in words
    enabled = {b.label.split("  ")[1].split(" —")[0] for b in market.buttons if b.label[:1].isdigit() and b.enabled}
    assert enabled == {"Laquearius", "Dimachaerus", "Hoplomachus"}
    assert "Greyed: more than 25 denarii (Myrmillo, Retiarius, Thracian, Secutor)" in words
    app.frame(press(pygame.K_7), DT)  # a Secutor (35): greyed, not taken
    assert market.kind == "laquearius"
    app.frame(press(pygame.K_e), DT)  # +1 AP: 20 + 20 = 40, more than 25
    assert market.extra == "ap" and not button(market, "Buy").enabled
    words = " ".join(texts_of(app))
    assert "15 denarii short" in words and "costs 40 denarii" in words
    app.frame(press(pygame.K_e) + press(pygame.K_e), DT)  # no extra again
    assert market.extra is None
    app.frame(press(pygame.K_1) + press(pygame.K_b), DT)
    assert season.ludi["Ludus Pauper"].money == 5 and len(season.living("Ludus Pauper")) == 3
    assert S.load(path).to_json() == season.to_json()  # saved after the purchase
    assert "Left after buying: -15" not in " ".join(texts_of(app))


def test_a_recruits_pronoun_is_kept_and_old_seasons_without_one_load():
    deck = S.rules_for_careers().career.deck()
    season = Season(3, deck=deck, name="Pronouns")
    season.found("A", "Ann", 0)
    season.found("B", "Bob", 1)
    season.buy("A", "thracian", "Bruna", pronoun="she")
    season.buy("B", "secutor", "Cato")
    data = season.to_json()
    assert data["actions"][2]["pronoun"] == "she" and "pronoun" not in data["actions"][3]
    back = Season.from_json(json.loads(json.dumps(data)))
    assert back.fighters["g1"].gladiator.pronoun == "she" and back.fighters["g2"].gladiator.pronoun is None
    # a file written before recruits had pronouns (no such field) loads as it was
    old = json.loads(json.dumps(data))
    del old["actions"][2]["pronoun"]
    assert Season.from_json(old).fighters["g1"].gladiator.pronoun is None
    bad = json.loads(json.dumps(data))
    bad["actions"][2]["pronoun"] = "xe"
    with pytest.raises(SeasonError, match="action 3 \\(buy\\): 'pronoun'"):
        Season.from_json(bad)
    # the bout's rules speak of her as she
    season.begin()
    for step in (season.waiting_on(), season.waiting_on()):
        step = season.waiting_on()
        season.pick(step.ludus, bot_pick(season.living(step.ludus)).id)
    game, _ = S.bout_game(season, 0)
    bruna = next(m for m in game.state.men.values() if m.gladiator.name == "Bruna")
    assert bruna.gladiator.words().subject == "she" and bruna.gladiator.words().possessive == "her"


def test_a_bout_the_rules_call_off_on_the_table_is_a_draw_in_the_season(monkeypatch):
    """Every bout ends: past the turn limit the engine calls it off (docs/RULINGS.md); on the table
    it ends there, says so, and goes into the season as a draw."""
    from deathmatch.rulesets.gladiator import game as rules

    monkeypatch.setattr(rules, "TURN_LIMIT", 1)
    app = fresh_app()
    season, path = _season_at_a_peoples_bout(app, bots=False)
    app.router.ruleset = "gladiator"
    hub = app.open("season", path)
    c = Career(app, "keys", seed=5)
    c.press(hub, "Play next bout")
    while isinstance(c.top, PickScene):
        c.pick()
    table = c.top
    assert isinstance(table, GladiatorTable)
    index = hub.season.current().index
    driver = Driver(app, table, "keyboard", random.Random(3))
    for _ in range(3000):
        if table not in app.stack.scenes:
            break
        driver.settle()
        if table.stage == "over":
            break
        driver.step()
    assert table.stage == "over" and table.game.outcome.reason == "called_off"
    assert table.game.state.turn == 1  # called off as the second game turn would begin
    assert any("Called off: a draw" in t for t in texts_of(app))
    c.frames(press(pygame.K_ESCAPE))
    done = c.top
    assert isinstance(done, BoutDoneScene), [type(x).__name__ for x in app.stack.scenes]
    b = hub.season.bouts[index]
    assert b.result is not None and b.result.winner is None and b.winner() is None
    assert all(m.end in ("standing", "spared") for m in b.result.men)
    assert any("a draw" in t for t in texts_of(app))
    assert S.load(path).to_json() == hub.season.to_json()


def test_the_bout_table_colours_each_man_by_his_ludus():
    """A season's bout names each ludus's colour by its number (career.Side.colour): the table
    shows those colours, not the seats' order."""
    app = fresh_app()
    app.router.ruleset = "gladiator"
    deck = S.rules_for_careers().career.deck()
    season = Season(8, "round-robin", None, deck, "Colours")
    season.found("Ludus Viridis", "Ann", 3)
    season.buy("Ludus Viridis", "myrmillo", "Aulus")
    season.found("Ludus Caeruleus", "Bob", 6)
    season.buy("Ludus Caeruleus", "secutor", "Cato")
    path = S.season_path(season.name)
    S.advance(season, path)
    hub = app.open("season", path)
    c = Career(app, "mouse")
    c.press(hub, "Play next bout")
    while isinstance(c.top, PickScene):
        c.pick()
    table = c.top
    assert isinstance(table, GladiatorTable)
    assert table.index == {"Ludus Viridis": 3, "Ludus Caeruleus": 6}


def test_continue_goes_on_with_the_newest_of_the_autosave_and_the_season():
    from deathmatch import saves
    from test_gladiator_screens import _bout

    app = fresh_app()
    season, path = _season_at_a_peoples_bout(app)
    saves.write_game(_bout(("secutor", "retiarius"), 3))
    autosave = saves.slot_path(saves.AUTOSAVE)
    for newer, older, expected in ((path, autosave, SeasonHub), (autosave, path, GladiatorTable)):
        os.utime(older, (1_000_000, 1_000_000))
        os.utime(newer, (2_000_000, 2_000_000))
        app.stack.replace(TitleScene(app))
        app.frame([], DT)
        app.frame(press(pygame.K_c), DT)
        assert isinstance(app.stack.top, expected), (newer.name, type(app.stack.top).__name__)
    # a season that is over is not continued
    later = autosave.stat().st_mtime + 60  # Continue's bout was written to the autosave again
    os.utime(path, (later, later))
    app.stack.replace(TitleScene(app))
    assert app.stack.top.career_is_newest()
    play = bout_with_bots("easy")
    while not season.over:
        step = season.waiting_on()
        season.apply(season.next_action(play) or
                     {"do": "pick", "bout": step.bout, "ludus": step.ludus,
                      "gladiator": bot_pick(season.living(step.ludus)).id})
    S.save(season, path)
    app.stack.replace(TitleScene(app))
    assert app.stack.top.career is None


def test_a_swiss_season_of_five_bot_ludi_begins_at_once_and_says_who_sits_out():
    app = fresh_app()
    app.router.ruleset = "gladiator"
    new = app.open("new season")
    new.seed = 5
    app.frame(press(pygame.K_EQUALS), DT)  # 5 ludi
    for k in (1, 2):  # the two people: a person → by phone → easy
        app.frame(press(pygame.K_0 + k) * 2, DT)
    app.frame(press(pygame.K_s), DT)  # swiss
    assert new.count == 5 and new.kinds[:5] == ["easy", "easy", "normal", "normal", "normal"]
    assert new.schedule == "swiss"
    app.frame(press(pygame.K_RETURN), DT)
    hub = app.stack.top
    assert isinstance(hub, SeasonHub) and hub.season.begun  # no person to found a ludus: it began
    assert hub.season.rounds == 4 and len(hub.season.bouts) == 2
    words = " ".join(texts_of(app))
    assert "sits out round 1" in words
    sitting = next(n for n in hub.season.ludi if not any(n in b.sides for b in hub.season.bouts))
    assert f"{sitting} sits out round 1" in words
    c = Career(app, "keys")
    c.press(hub, "Bot bouts: play on")
    while hub.fighting is not None:
        c.wait_for_bots(hub)
    assert hub.season.over and len(hub.season.bouts) == 8
    assert S.load(hub.path).to_json() == hub.season.to_json()


def test_a_bout_that_ended_before_its_result_was_kept_goes_into_the_season_as_it_ended():
    """The program stopped between a bout's last answer and its result: Play next bout does not
    fight it again, it takes the kept bout's end."""
    app = fresh_app()
    app.router.ruleset = "gladiator"
    season, path = _season_at_a_peoples_bout(app, bots=False)
    b = season.current()
    for n in b.sides:
        season.pick(n, season.living(n)[0].id)
    S.save(season, path)
    game, _ = S.bout_game(season, b.index, path)
    rng = random.Random(6)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    S.save_bout(path, b.index, game)
    hub = app.open("season", path)
    c = Career(app, "keys")
    c.press(hub, "Play next bout")
    assert isinstance(c.top, BoutDoneScene)
    kept = hub.season.bouts[b.index].result
    assert kept.record["decisions"] == [
        S.rules_for_careers().action_to_json(a) for a in game.history]
    assert not S.bout_path(path).exists()


def test_enter_that_ends_the_typing_leaves_the_next_enter_to_the_screens_own_action():
    """Typing a name ends with Enter; the next Enter creates / founds / buys — it does not start
    the typing again (the field's button kept the focus, so a player was stuck retyping)."""
    app = fresh_app((1024, 600))
    app.router.ruleset = "gladiator"
    new = app.open("new season")
    app.frame([], DT)
    app.frame(press(pygame.K_F2) + press(pygame.K_BACKSPACE) * 20 + typed("Summer") + press(pygame.K_RETURN), DT)
    assert not new.name.editing and new.name.value == "Summer"
    new.seed = 3
    app.frame(press(pygame.K_RETURN), DT)
    assert not new.name.editing and new not in app.stack.scenes  # created: the season's founding began
    found = app.stack.top
    assert isinstance(found, FoundScene)
    app.frame(press(pygame.K_F3) + press(pygame.K_BACKSPACE) * 20 + typed("Ann") + press(pygame.K_RETURN), DT)
    app.frame(press(pygame.K_RETURN), DT)
    assert not found.owner.editing and isinstance(app.stack.top, MarketScene)
    market = app.stack.top
    ludus = market.ludus_name
    assert market.season.ludi[ludus].owner == "Ann"
    app.frame(click(button(market, "Name").rect.center), DT)  # typing started by a click on the field
    assert market.name.editing
    app.frame(press(pygame.K_BACKSPACE) * 20 + typed("Aurelia") + press(pygame.K_RETURN), DT)
    app.frame(press(pygame.K_RETURN), DT)
    assert not market.name.editing and [f.name for f in market.season.living(ludus)] == ["Aurelia"]


def test_the_hub_opens_a_persons_market_after_the_people_founded_their_ludi():
    """A new season's hub is made before its people found their ludi: its Market must still open a
    person's market once they have (it was greyed, the ludus shown being a bot's)."""
    app = fresh_app((1280, 720))
    app.router.ruleset = "gladiator"
    new = app.open("new season")
    app.frame([], DT)
    new.kinds[1] = "normal"  # one person, three bots
    new.seed = 8
    app.frame(press(pygame.K_RETURN), DT)
    app.frame(press(pygame.K_RETURN), DT)  # found the suggested ludus
    market = app.stack.top
    assert isinstance(market, MarketScene)
    app.frame(press(pygame.K_1) + press(pygame.K_b) + press(pygame.K_ESCAPE), DT)
    hub = app.stack.top
    assert isinstance(hub, SeasonHub) and hub.season.begun
    assert button(hub, "Market").enabled
    app.frame(press(pygame.K_m), DT)
    assert isinstance(app.stack.top, MarketScene) and app.stack.top.ludus_name == market.ludus_name


def test_the_bouts_end_shows_the_purse_the_bout_paid_even_after_the_market():
    """The bout's end screen says each ludus's purse from the bout; a recruit bought in the market
    it opens is not taken off that purse (it was: a dead man's 0 read "-20" after buying for 20)."""
    app = fresh_app()
    app.router.ruleset = "gladiator"
    season, path = _season_at_a_peoples_bout(app, bots=False)
    before = {n: l.money for n, l in season.ludi.items()}
    b = season.current()
    for n in b.sides:
        season.pick(n, season.living(n)[0].id)
    S.save(season, path)
    game, _ = S.bout_game(season, b.index, path)
    rng = random.Random(6)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    S.save_bout(path, b.index, game)
    hub = app.open("season", path)
    c = Career(app, "keys")
    c.press(hub, "Play next bout")
    done = c.top
    assert isinstance(done, BoutDoneScene)
    paid = {n: l.money - before[n] for n, l in hub.season.ludi.items()}

    words = " ".join(texts_of(app))
    for n, gain in paid.items():
        assert f"Purse: {'+' if gain >= 0 else ''}{gain} denarii (now {hub.season.ludi[n].money})" in words
    buyer = next(n for n in b.sides if hub.season.can_buy(hub.season.ludi[n]))
    k = b.sides.index(buyer)
    c.frames(press(pygame.K_1 + k))
    assert isinstance(c.top, MarketScene)
    c.buy("laquearius")
    c.done_market()
    assert c.top is done
    now = hub.season.ludi[buyer].money
    assert now == before[buyer] + paid[buyer] - PRICES["laquearius"]
    words = " ".join(texts_of(app))
    gain = paid[buyer]
    assert f"Purse: {'+' if gain >= 0 else ''}{gain} denarii (now {now})" in words
    assert "Standings: standings" not in words


def test_the_hub_says_why_a_ludus_is_out():
    """The standings mark a ludus "(out)"; the hub says what that means: nobody alive, no money
    for a recruit, every bout left forfeited."""
    app = fresh_app((1024, 600))
    app.router.ruleset = "gladiator"
    season, path = _season_at_a_peoples_bout(app)
    for f in season.living("Ludus Secundus"):
        f.death = Death(1, "Cato", "Ludus Primus", "killed")
    season.ludi["Ludus Secundus"].money = 15
    assert season.out("Ludus Secundus")
    app.open("season", path, season=season)
    app.frame([], DT)
    words = " ".join(texts_of(app))
    assert "Ludus Secundus (out)" in words
    assert ("Ludus Secundus is out: nobody alive, and 15 denarii buy no recruit (the cheapest costs "
            f"{min(PRICES.values())}): it forfeits every bout left.") in words
    assert "Ludus Primus is out" not in words


def test_a_season_of_one_bout_is_said_in_the_singular():
    """Two ludi meet once: "1 round, 1 bout", "after 0 of 1 bout" — not "1 bouts"."""
    app = fresh_app((1024, 600))
    app.router.ruleset = "gladiator"
    new = app.open("new season")
    app.frame(press(pygame.K_MINUS) * 2, DT)
    assert new.count == 2
    words = " ".join(texts_of(app))
    assert "1 round, 1 bout: every ludus meets every other once." in words
    app.stack.remove(new)
    season, path = _season_at_a_peoples_bout(app, bots=False)
    assert len(season.bouts) == 1 and season.progress() == "standings after 0 of 1 bout"
    app.open("season", path, season=season)
    app.frame([], DT)
    words = " ".join(texts_of(app))
    assert "standings after 0 of 1 bout" in words and "1 bouts" not in words


def test_a_walkover_asks_no_pick_and_the_seasons_end_is_said_once():
    """A person's ludus against one that is out: no pick (nor hand-off) is asked for a bout that is
    a walkover; the season's end is said once, and its market is shut."""
    app = fresh_app((1280, 720))
    app.router.ruleset = "gladiator"
    season, path = _season_at_a_peoples_bout(app, bots=False)
    for f in season.living("Ludus Secundus"):
        f.death = Death(1, "Aulus", "Ludus Primus", "killed")
    season.ludi["Ludus Secundus"].money = 15
    hub = app.open("season", path, season=season)  # the deaths are set here, not played

    app.frame([], DT)
    c = Career(app, "keys")
    c.press(hub, "Play next bout")
    assert c.top is hub, type(c.top).__name__
    b = hub.season.bouts[0]
    assert b.forfeits == ("Ludus Secundus",) and b.winner() == "Ludus Primus" and not b.picks
    assert hub.season.over
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved == hub.season.to_json() and {"do": "forfeit", "bout": 0, "ludus": "Ludus Secundus"} in saved["actions"]
    words = " ".join(texts_of(app))
    assert words.count("The season is over") == 1 and "Ludus Primus is the champion" in words
    assert not button(hub, "Market").enabled


def test_the_next_recruit_is_not_called_what_the_last_one_was():
    """After a purchase the market offers a new name and no extra, and asks the pronoun afresh:
    a "she" kept for the next (a new name) bought a Varus as "she" unnoticed."""
    app = fresh_app((1024, 600))
    app.router.ruleset = "gladiator"
    season = Season(1, name="Names")
    season.found("Ludus Nominum", "Ann", 0)
    path = S.season_path(season.name)
    market = app.open("market", path, season, "Ludus Nominum")
    app.frame([], DT)
    app.frame(press(pygame.K_1) + press(pygame.K_p) + press(pygame.K_e), DT)
    assert "Called: she" in button(market, "Called").label
    app.frame(press(pygame.K_b), DT)
    assert [f.gladiator.pronoun for f in season.living("Ludus Nominum")] == ["she"]
    assert "Called: he" in button(market, "Called").label and market.extra is None


def test_a_career_bout_is_not_saved_as_a_standalone_game_from_its_menu_or_f5():
    """The pause menu's Save as… (and F5) made a named copy of a season bout that then loaded as a bout
    outside its season (noticed last session). In a career bout it is off, and the menu says the bout is
    kept with its season; in a game of its own it is on as before."""
    app = fresh_app()
    season, path = _season_at_a_peoples_bout(app)
    app.stack.top.layout()
    c = Career(app, "keys", seed=9)
    c.frames(press(pygame.K_c))
    hub = c.top
    assert isinstance(hub, SeasonHub)
    c.press(hub, "Play next bout")
    while isinstance(c.top, PickScene):
        c.pick()
    table = c.top
    assert isinstance(table, GladiatorTable) and table.kept_with == "season"
    c.frames(press(pygame.K_F5))
    assert c.top is table  # no "save as" screen
    c.frames(press(pygame.K_ESCAPE))
    menu = c.top
    assert isinstance(menu, PauseMenu)
    save = next(b for b in menu.buttons if b.label.startswith("Save as"))
    assert not save.enabled
    assert any("kept with its season" in t for t in texts_of(app))
    c.frames(press(pygame.K_s))
    assert c.top is menu
    # a game of its own: Save as… is there
    c.frames(press(pygame.K_ESCAPE))
    plain = GladiatorTable(app, table.game.copy(), None, handoff=False)
    app.push(plain)
    app.frame([], DT)
    app.push(PauseMenu(app, plain))
    app.frame([], DT)
    assert next(b for b in app.stack.top.buttons if b.label.startswith("Save as")).enabled
