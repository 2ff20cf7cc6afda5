"""The four ways hidden information leaked (issue 28), each played through the real screens headless
and shown closed:

1. the hand-off took a press the instant it appeared (Enter pressed again 0.4 s after confirming a
   move passed it and showed the next seat's cards): it now ignores keys and clicks for `GUARD`
   seconds on its own clock (the dt the app gives it, or a clock handed to it: both fake here, no
   sleeping) and then takes one deliberate press;
2. the characters pages of the rules, opened from a hidden-cards game's menu, show a card's abilities
   only as the seated player's per-player view of that game shows them;
3. the hand-off's words are the same whatever the coming seat holds;
4. Superhero Gladiators' random deal never gives a team a hero a player designed this session.
"""

import os
import random
import re

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.client import ui  # noqa: E402
from deathmatch.launch import make_game  # noqa: E402
from deathmatch.client.safetext import SafeFont  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.battle import BattleScene  # noqa: E402
from deathmatch.scenes.handoff import GUARD, HandOffScene  # noqa: E402
from test_client import DT, Driver, click, press  # noqa: E402


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    return app


@pytest.fixture
def drawn(monkeypatch):
    """Every string the client renders from now on: every font the client makes is a `SafeFont`
    (client/safetext.py), so wrapping its `render` sees every line drawn, whichever helper drew it."""
    seen: list[str] = []
    render = SafeFont.render

    def recording(self, text, *args, **kwargs):
        seen.append(str(text))
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(SafeFont, "render", recording)
    fresh(seen)
    return seen


def fresh(drawn: list) -> None:
    """Start recording afresh: the text helper's cache forgotten, so every string is rendered (and seen) again."""
    drawn.clear()
    ui.text.cache_clear()


def read(drawn: list) -> str:
    """The drawn strings as one text (each is rendered twice, with its shadow: once here), so that a
    text wrapped over lines reads whole again."""
    return " ".join(s for i, s in enumerate(drawn) if i == 0 or s != drawn[i - 1])


def key(k, down=True):
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def seated_battle(app, players=2, arena="duel_pit", seed=8, mode="keyboard"):
    """A hidden-cards Celebrity battle of people only, through its first hand-off, a person seated."""
    game, path = make_game(players, arena, seed=seed)
    assert game.options.hidden_cards
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    driver = Driver(app, battle, mode, random.Random(seed))
    driver.settle()
    assert battle.viewer == game.pending.player and app.stack.top is battle
    return battle, driver


def answer_until_a_handoff(app, battle, driver, limit=40):
    """The seated player answers by keyboard (the last key of each answer is Enter, as confirming a
    Hold is) until the next decision is another seat's: returns the hand-off screen the moment it
    appears (not a frame later)."""
    for _ in range(limit):
        driver.step()
        for _ in range(600):
            if isinstance(app.stack.top, HandOffScene):
                return app.stack.top
            if battle.decision is not None and not battle.animator.busy and battle.stage not in ("idle", "auto"):
                break
            app.frame([], DT)
    raise AssertionError("no hand-off came up")


# --- 1. the hand-off's guard ------------------------------------------------------------------------

def test_enter_pressed_again_0_4_s_after_a_move_does_not_pass_the_hand_off(app):
    """The seated player confirms with Enter and presses Enter again 0.4 s after the hand-off appears:
    nothing happens (the person still seated sees nothing of the next seat). A fresh Enter once the
    guard is over passes it. The clock is the dt the app passes to `update` (no sleeping)."""
    battle, driver = seated_battle(app)
    seated = battle.viewer
    handoff = answer_until_a_handoff(app, battle, driver)
    nxt = handoff.player
    assert nxt != seated and battle.viewer is None
    app.frame([], 0.4)  # 0.4 s on the hand-off's clock
    app.frame(press(pygame.K_RETURN), DT)
    assert app.stack.top is handoff and battle.viewer is None  # ignored: the next seat's cards stay hidden
    app.frame(click((640, 360)), DT)  # nor does a click
    assert app.stack.top is handoff and battle.viewer is None
    app.frame([], GUARD - 0.4)  # the guard is over
    assert handoff.ready
    app.frame(press(pygame.K_RETURN), DT)  # one deliberate press
    assert app.stack.top is battle and battle.viewer == nxt


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_guard_on_a_fake_clock_takes_only_a_press_begun_after_it(app):
    """The hand-off's clock may be given to it: keys and clicks before `GUARD` seconds count for
    nothing, a key held down since then (key repeat too) counts for nothing, a click whose button
    went down during the guard counts for nothing; a key pressed afresh after it passes."""
    battle, _ = seated_battle(app)
    clock = FakeClock()
    player = next(p for p in battle.game.players if p != battle.viewer)
    handoff = HandOffScene(app, battle, player, clock=clock)
    app.push(handoff)
    battle.viewer = None

    def passed() -> bool:
        return app.stack.top is not handoff

    for at in (0.0, 0.3, GUARD - 0.01):
        clock.now = 100.0 + at
        app.frame(press(pygame.K_RETURN) + click((640, 360)), DT)
        assert not passed(), at
    app.frame([key(pygame.K_RETURN)], DT)  # goes down just before the guard ends, and is held
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(640, 360), button=1)
    app.frame([down], DT)  # a click that begins during the guard
    clock.now = 100.0 + GUARD + 0.5
    assert handoff.ready
    app.frame([key(pygame.K_RETURN)], DT)  # the held key repeats: not a new press
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1)], DT)  # that click ends
    assert not passed()
    app.frame([key(pygame.K_RETURN, down=False)], DT)
    assert not passed()  # letting go passes nothing
    app.frame([key(pygame.K_RETURN)], DT)  # pressed afresh
    assert passed() and battle.viewer == player


def test_a_click_begun_and_ended_after_the_guard_passes_it(app):
    battle, _ = seated_battle(app, mode="mouse")
    clock = FakeClock()
    player = next(p for p in battle.game.players if p != battle.viewer)
    handoff = HandOffScene(app, battle, player, clock=clock)
    app.push(handoff)
    assert handoff.animating  # the loop keeps the frames (and the app's clock) going during the guard
    clock.now += GUARD
    assert not handoff.animating
    app.frame(click((640, 360)), DT)
    assert app.stack.top is battle and battle.viewer == player


# --- 2. the characters pages opened from a hidden-cards game ------------------------------------------

def secrets_of_others(game, viewer):
    """(name, text) of every ability `viewer` may not know of (another seat's, unplayed), less the
    names and texts some card the viewer may read also has (a shared "Dodge" is no secret)."""
    readable, secret = set(), []
    for m in game.models.values():
        for ab in m.card.abilities:
            if m.player == viewer or ab.name in m.used:
                readable.update((ab.name, ab.text))
            else:
                secret.append((ab.name, ab.text))
    from deathmatch.scenes.celebrity.newgame import library

    in_play = {m.card.id for m in game.models.values()}
    for c in library().cards.values():  # a card not in play is no one's secret: its words are public
        if c.id not in in_play:
            readable.update(x for ab in c.abilities for x in (ab.name, ab.text))
    return [(n if n not in readable else None, t if t not in readable else None) for n, t in secret], readable


def browse_the_characters(app, battle, mode):
    """Esc → Rules → Characters from the table, and every card of the gallery shown in turn."""
    from deathmatch.scenes.gallery import GalleryScene
    from deathmatch.scenes.pause import PauseMenu
    from deathmatch.scenes.rules import RulesScene

    app.frame(press(pygame.K_ESCAPE), DT)
    menu = app.stack.top
    assert isinstance(menu, PauseMenu)
    if mode == "mouse":
        app.frame(click(next(b for b in menu.buttons if b.label == "Rules").rect.center), DT)
    else:
        app.frame(press(pygame.K_u), DT)
    rules = app.stack.top
    assert isinstance(rules, RulesScene) and rules.ruleset == "celebrity"
    if mode == "mouse":
        app.frame(click(next(b for b in rules.buttons if b.label.startswith("Characters")).rect.center), DT)
    else:
        app.frame(press(pygame.K_g), DT)
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene)
    for card, _ in list(gallery.cells):
        gallery.shown = card
        app.frame([], DT)
    return gallery


@pytest.mark.parametrize("mode", ["mouse", "keyboard"])
def test_the_characters_pages_from_the_game_menu_show_no_other_seats_abilities(app, drawn, mode):
    battle, driver = seated_battle(app, players=4, arena="colosseum", seed=11, mode=mode)
    game, viewer = battle.game, battle.viewer
    secret, readable = secrets_of_others(game, viewer)
    assert [n for n, _ in secret if n]
    fresh(drawn)
    gallery = browse_the_characters(app, battle, mode)
    assert len(gallery.cells) >= 20 and drawn
    page = read(drawn)
    found = [(n, t) for n, t in secret
             if (t and t in page) or (n and re.search(r"(?<!\w)" + re.escape(n) + r"(?!\w)", page))]
    assert not found, found[:3]
    own = next(m for m in game.models.values() if m.player == viewer)
    assert own.card.abilities[0].text in page  # the seated player reads their own card


def test_the_characters_pages_ask_the_games_per_player_view(app, drawn, monkeypatch):
    """Structural: what the characters pages hide is what the registry's per-player view of the game
    (`registry.get(id).view(game, viewer)`) hides for the seated player, asked for that player — not a
    guess of the table's. A view that hid the seated player's own first ability hides it here too."""
    from dataclasses import replace

    from deathmatch.core import registry

    battle, driver = seated_battle(app, players=4, arena="colosseum", seed=11)
    game, viewer = battle.game, battle.viewer
    own = next(m for m in game.models.values() if m.player == viewer)
    real = registry.get("celebrity")
    asked = []

    def view(g, player):
        asked.append(player)
        v = real.view(g, player)
        mine = v["models"][own.id]
        return {**v, "models": {**v["models"], own.id: {**mine, "abilities": (None, *mine["abilities"][1:])}}}

    monkeypatch.setattr(registry, "_RULESETS", {**registry._RULESETS, "celebrity": replace(real, view=view)})
    fresh(drawn)
    gallery = browse_the_characters(app, battle, "keyboard")
    assert viewer in asked  # the seated player's view of the game
    gallery.shown = next(c for c, _ in gallery.cells if c.id == own.card.id)
    fresh(drawn)
    app.frame([], DT)
    first, second = own.card.abilities[0], own.card.abilities[1]
    page = read(drawn)
    assert first.text not in page and first.name not in page
    assert second.text in page


# --- 3. the hand-off's words ------------------------------------------------------------------------

def handoff_lines(app, game):
    """The lines the hand-off shows for `game` put on its table (a resumed game opens behind one)."""
    battle = app.play(game)
    for _ in range(600):
        if isinstance(app.stack.top, HandOffScene):
            break
        app.frame([], DT)
    handoff = app.stack.top
    assert isinstance(handoff, HandOffScene) and handoff.player == game.pending.player
    app.frame([], DT)
    assert battle.viewer is None
    # (set aside: the recap of what happened since the coming seat last decided, lines told to every seat)
    return handoff.player, [line for line in handoff.shown if line not in handoff.recap_drawn]


def test_the_hand_off_says_the_same_whatever_the_coming_seat_holds(app):
    """Two hand-offs in the same round: to a seat called to play a reaction it holds (an ability
    window) and to a seat called for an ordinary decision. With the seat's name set aside, the two
    screens say the same words."""
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    for seed in range(60):
        game, _ = make_game(4, "colosseum", seed)
        rng = random.Random(seed)
        answers, marks = [], {}
        while not game.over and not (game.pending.kind == "window" and "other" in marks.get(game.round, {})):
            kind = "window" if game.pending.kind == "window" else "other"
            marks.setdefault(game.round, {}).setdefault(kind, (len(answers), game.pending.player))
            a = random_answer(game, rng, 0.5)
            answers.append(a)
            game.apply(a)
        if not game.over:
            break
    else:
        pytest.fail("no seed had a window and another decision in one round")
    at_window = (len(answers), game.pending.player)
    at_other = marks[game.round]["other"]
    shown = []
    for upto, player in (at_window, at_other):
        g, _ = make_game(4, "colosseum", seed)
        for a in answers[:upto]:
            g.apply(a)
        assert g.pending.player == player
        seat, lines = handoff_lines(app, g)
        shown.append([line.replace(seat, "<seat>") for line in lines])
    window_lines, other_lines = shown
    assert window_lines == other_lines
    assert not any("abilit" in line for line in window_lines)


# --- 4. Superhero Gladiators' random deal ---------------------------------------------------------------

def test_a_hero_designed_at_the_setup_is_never_dealt_to_another_team():
    """A player designs a hero on the setup (Design a hero… (D)) and takes it into their team; the other
    teams, picking none, are dealt heroes at random: never that hero (its hidden gizmos are known to its
    designer), whatever the seed."""
    from deathmatch.rulesets.supers.heroes import load_default_heroes
    from deathmatch.scenes.supers.designer import HeroDesignerScene
    from deathmatch.scenes.supers.setup import SupersSetupScene
    from deathmatch.scenes.title import TitleScene

    app = App((1280, 720))
    app.catch_errors = False
    app.push(TitleScene(app))
    app.frame([], DT)
    app.frame(click(next(b for b in app.stack.top.buttons if b.label.startswith("New game")).rect.center), DT)
    app.frame(click(next(b for b in app.stack.top.buttons
                         if b.label.startswith("Superhero Gladiators")).rect.center), DT)
    setup = app.stack.top
    assert isinstance(setup, SupersSetupScene)
    app.frame(press(pygame.K_d), DT)
    designer = app.stack.top
    assert isinstance(designer, HeroDesignerScene)
    designer.start_from(load_default_heroes().heroes["powder_nell"])  # a hero with hidden gizmos
    designer.copy_hero()
    designer.save()
    made = designer.draft.id
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is setup and setup.seats[0].cards == [made]
    setup.toggle(next(h for h in setup.heroes() if h != made))  # the designer's team: theirs and one more
    setup.arena = next(i for i, e in enumerate(setup.arenas) if e.name == "The Skyline")  # for 2 to 4 teams
    setup.set_count(4 - setup.count)  # four teams: three dealt at random
    assert setup.count == 4 and all(not s.cards for s in setup.seats[1:4])
    assert not setup.problem(), setup.problem()
    pool = len(setup.heroes())
    assert made in setup.heroes() and pool <= 20  # a small pool: a hero in it is dealt often if it may be
    dealt = set()
    for seed in range(120):
        game = setup.make(seed)
        teams = {s.name: [h.id for h in s.heroes] for s in game.setup.seats}
        assert made in teams[setup.seats[0].name]
        for s in setup.seats[1:4]:
            assert made not in teams[s.name], (seed, s.name, teams[s.name])
            dealt.update(teams[s.name])
    assert len(dealt) >= pool - 3  # the rest of the shelf is still dealt


def test_a_hero_designed_for_a_tournament_night_is_never_dealt_to_a_team():
    """The same on a night's setup (Tournament → Superhero Gladiators): a person designs a hero there but
    fields others; no team of the night is dealt the designed hero, game after game, and the night's
    file keeps that rule (a night continued later deals the same way)."""
    from deathmatch.rulesets.supers.heroes import load_default_heroes
    from deathmatch.rulesets.supers.tournament import options_from_json, options_to_json
    from deathmatch.scenes.supers.designer import HeroDesignerScene
    from deathmatch.scenes.supers.tourney import SupersTournamentSetup
    from deathmatch.scenes.title import TitleScene

    app = App((1280, 720))
    app.catch_errors = False
    app.push(TitleScene(app))
    app.frame([], DT)
    app.frame(press(pygame.K_t), DT)
    choice = app.stack.top
    app.frame(click(next(b for b in choice.buttons if b.label == "Superhero Gladiators").rect.center), DT)
    setup = app.stack.top
    assert isinstance(setup, SupersTournamentSetup)
    setup.seats[0].kind = "Human"
    setup.team_seat = 0
    setup.layout()
    app.frame(press(pygame.K_d), DT)
    designer = app.stack.top
    assert isinstance(designer, HeroDesignerScene)
    designer.start_from(load_default_heroes().heroes["powder_nell"])
    designer.copy_hero()
    designer.save()
    made = designer.draft.id
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is setup and made in setup.heroes()
    team = setup.seats[0].cards
    if made in team:
        setup.toggle(made)  # the designer fields other heroes: the design is in nobody's team
    while len(setup.seats[0].cards) < 2:
        setup.toggle(next(h for h in setup.heroes() if h != made and h not in setup.seats[0].cards))
    assert made not in setup.seats[0].cards and not setup.seats[1].cards
    for seed in range(60):
        night = setup.night(seed)
        assert made in night.options.not_dealt
        assert options_from_json(options_to_json(night.options)) == night.options
        for k in range(2):
            teams = [[h.id for h in s.heroes] for s in night.setup_for(k).seats]
            assert not any(made in t for t in teams), (seed, k, teams)
