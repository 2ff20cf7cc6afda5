"""Hidden cards through the screen: no frame drawn for a seat shows another seat's unplayed ability.

Every string the client draws is recorded frame by frame (by wrapping the text helpers every
client module uses); after each frame the test knows who sits at the screen — nobody while a
hand-off screen shows — and fails if a drawn string holds the name or the text of an ability
that seat may not see: another seat's, not yet played.
"""

import os
import random
import re
import sys

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.client import ui  # noqa: E402
from deathmatch.launch import make_game  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.battle import BattleScene  # noqa: E402
from deathmatch.scenes.handoff import HandOffScene  # noqa: E402
from test_client import DT, Driver, click, past_the_guard, press  # noqa: E402


@pytest.fixture(scope="module")
def app():
    return App((1280, 720))


class Recorder:
    """Wraps ui.text and ui.draw_text_block wherever a client module imported them."""

    def __init__(self):
        self.drawn: list[str] = []
        self.patched: list = []

    def install(self, monkeypatch):
        originals = {ui.text: self._wrap_text(ui.text), ui.draw_text_block: self._wrap_block(ui.draw_text_block)}
        for name, mod in list(sys.modules.items()):
            if not name.startswith("deathmatch") or mod is None:
                continue
            for attr, value in list(vars(mod).items()):
                for original, wrapper in originals.items():
                    if value is original:
                        monkeypatch.setattr(mod, attr, wrapper)

    def _wrap_text(self, f):
        def text(s, *args, **kwargs):
            self.drawn.append(s)
            return f(s, *args, **kwargs)
        return text

    def _wrap_block(self, f):
        def draw_text_block(surface, s, *args, **kwargs):
            self.drawn.append(s)
            return f(surface, s, *args, **kwargs)
        return draw_text_block


class Table:
    """Who sits at the screen, as the table sees it (not as the battle screen thinks): nobody
    at first, then whoever a hand-off screen called up — from the frame after they clicked it."""

    def __init__(self):
        self.seat = None
        self.calling = None

    def after_frame(self, app):
        handoffs = [s for s in app.stack.scenes if isinstance(s, HandOffScene)]
        if handoffs:
            self.calling = handoffs[-1].player
            if any(isinstance(s, HandOffScene) for s in app.stack.visible()):
                return None  # the hand-off screen hides everything: nobody looks at anything secret
        elif self.calling is not None:
            self.seat, self.calling = self.calling, None
        return self.seat


def secrets_for(game, viewer):
    """(model, ability name, text) the seat `viewer` may not see now."""
    visible_words = set()
    out = []
    for m in game.models.values():
        for ab in m.card.abilities:
            if viewer is not None and m.player == viewer or ab.name in m.used:
                visible_words.update((ab.name, ab.text))
            else:
                out.append((m.id, ab.name, ab.text))
    # a name another card shows openly (two cards with a "Dodge") is no secret in a drawn line
    return [(mid, n, t) for mid, n, t in out if n not in visible_words], visible_words


def leaks(drawn, game, viewer):
    secret, visible = secrets_for(game, viewer)
    found = []
    for s in drawn:
        for mid, name, body in secret:
            if body and body in s and body not in visible:
                found.append((s, mid, name))
            elif re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", s):
                found.append((s, mid, name))
    return found


def play_watched(app, monkeypatch, game, path, mode, seed):
    """Play `game` to its end through the screen by `mode`, checking every frame for leaks;
    return what was seen: frames, hand-offs, the seats that sat at the screen."""
    rec = Recorder()
    rec.install(monkeypatch)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True, auto_delay=0.0)
    app.stack.replace(battle)
    driver = Driver(app, battle, mode, random.Random(seed))
    seen = {"n": 0, "handoffs": 0, "checked": set()}
    table = Table()
    original_frames = driver.frames

    def checked_frames(n=1, events=()):
        for i in range(n):
            rec.drawn.clear()
            original_frames(1, events if i == 0 else ())
            viewer = table.after_frame(app)
            found = leaks(rec.drawn, game, viewer)
            assert not found, f"frame {seen['n']} drawn for {viewer!r} shows {found[:3]}"
            seen["n"] += 1
            if viewer is None and isinstance(app.stack.top, HandOffScene):
                seen["handoffs"] += 1
            seen["checked"].add(viewer)

    driver.frames = checked_frames
    driver.play()
    from deathmatch.scenes.results import ResultsScene

    battle.on_exit = lambda b: app.stack.replace(ResultsScene(app, b.game))
    checked_frames(1, press(pygame.K_ESCAPE))  # leave the arena: the results
    checked_frames(2)
    assert isinstance(app.stack.top, ResultsScene)
    return seen


@pytest.mark.parametrize("mode", ["mouse", "keyboard"])
def test_no_frame_shows_another_seats_unplayed_ability(app, monkeypatch, mode):
    game, path = make_game(4, "colosseum", seed=11, round_limit=3)
    seen = play_watched(app, monkeypatch, game, path, mode, 5)
    assert game.over
    assert seen["handoffs"] > 0 and set(game.players) <= seen["checked"]  # every seat sat down


def test_a_resumed_game_starts_behind_a_hand_off(app):
    """Continue and Load open behind the hand-off screen, never on a seat's open cards."""
    from deathmatch.rulesets.celebrity import GameRecord

    game, path = make_game(4, "colosseum", seed=4)
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    rng = random.Random(1)
    for _ in range(30):
        game.apply(random_answer(game, rng, 0.5))
    resumed = GameRecord.loads(GameRecord.of(game).dumps()).replay(game.arena)
    battle = BattleScene(app, resumed, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    assert battle.viewer is None
    for _ in range(600):
        app.frame([], DT)
        if isinstance(app.stack.top, HandOffScene):
            break
    assert isinstance(app.stack.top, HandOffScene) and battle.viewer is None
    past_the_guard(app)
    app.frame(click((640, 360)), DT)
    assert battle.viewer == resumed.pending.player


def test_the_first_placer_takes_the_seat_behind_a_hand_off(app):
    game, path = make_game(4, "colosseum", seed=8)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    for _ in range(600):
        app.frame([], DT)
        if battle.decision is not None:
            break
    assert battle.decision.kind == "place"
    assert isinstance(app.stack.top, HandOffScene) and battle.viewer is None
    past_the_guard(app)
    app.frame(press(pygame.K_RETURN), DT)
    assert battle.viewer == battle.decision.player


def test_a_seats_first_hand_off_says_its_reactions_are_on_standing_orders(app):
    """With hidden cards every person starts on standing orders, which may play a reaction before their first
    turn ("Sitting Bull plays Vision Before the Battle (standing order)" puzzled a player who never saw the
    orders): each seat's first hand-off says so, the same words for every seat; a later one does not."""
    game, path = make_game(2, "duel_pit", seed=3, orders=True)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    firsts: dict[str, list[bool]] = {}
    for _ in range(3000):
        app.frame([], DT)
        top = app.stack.top
        if isinstance(top, HandOffScene):
            app.frame([], DT)  # (drawn once: `shown` holds its words)
            firsts.setdefault(top.player, []).append(BattleScene.FIRST_TURN_NOTE in top.shown)
            if top.recap == [BattleScene.FIRST_TURN_NOTE]:
                assert "Show on the board (R)" not in top.shown  # (nothing happened yet: nothing to replay)
            past_the_guard(app)
            app.frame(press(pygame.K_RETURN), DT)
            continue
        if battle.decision is not None and battle.viewer == battle.decision.player and battle.options:
            battle.answer(battle.options[0], confirmed=True)
        if len(firsts) == 2 and all(len(v) >= 2 for v in firsts.values()):
            break
    assert len(firsts) == 2 and all(v[0] and not any(v[1:]) for v in firsts.values()), firsts


def test_a_press_meant_for_the_dice_off_does_not_pass_the_hand_off(app):
    """Space skips the battle's animations and a click skips them too: pressed just as the
    last animation ends, neither may take the seat for the next player (the hand-off would
    open and close in one moment, showing that player's cards to the whole table)."""
    game, path = make_game(4, "colosseum", seed=8)
    battle = BattleScene(app, game, path, anim_speed=1.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    app.frame([], DT)
    assert battle.animator.busy  # the dice-off
    app.frame(press(pygame.K_SPACE), DT)  # skip it
    for _ in range(600):
        if isinstance(app.stack.top, HandOffScene):
            break
        app.frame([], DT)
    assert isinstance(app.stack.top, HandOffScene) and battle.viewer is None
    app.frame(press(pygame.K_SPACE), DT)  # the skip key again, a moment late
    release = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 360), button=1)
    app.frame([release], DT)  # the release of a click that began before the screen opened
    assert isinstance(app.stack.top, HandOffScene) and battle.viewer is None
    past_the_guard(app)
    app.frame([release], DT)  # nor after the guard: that click began before it
    assert isinstance(app.stack.top, HandOffScene) and battle.viewer is None
    app.frame(click((640, 360)), DT)  # a click of its own passes it
    assert battle.viewer == battle.decision.player


def test_the_card_panel_shows_the_seated_players_model():
    """Whose card the panel shows: the decision's model when it is the seated player's,
    never a model the player does not own with its abilities open."""
    pygame.display.init()
    app = App((1280, 720))
    game, path = make_game(2, "duel_pit", seed=2)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    rng = random.Random(3)
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    seen = 0
    while not game.over and seen < 60:
        battle.decision = game.pending
        battle.options = list(game.legal_actions())
        battle.viewer = game.pending.player
        battle.hover_hex = None
        mid = battle.panel_model()
        d = game.pending
        if d.kind in ("action", "place", "push_back"):
            assert mid == d.model
            seen += 1
        game.apply(random_answer(game, rng, 0.5))
    assert seen >= 20


def test_escape_opens_the_game_menu_and_quit_goes_to_the_title(app):
    from deathmatch.scenes.pause import PauseMenu
    from deathmatch.scenes.title import TitleScene

    game, path = make_game(2, "duel_pit", seed=6)
    app.stack.replace(TitleScene(app))
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
    app.push(battle)
    for _ in range(600):
        app.frame([], DT)
        if battle.decision is not None and not battle.animator.busy:
            break
    app.frame(press(pygame.K_ESCAPE), DT)
    assert isinstance(app.stack.top, PauseMenu) and app.stack.visible()[-2:] == [battle, app.stack.top]
    app.frame(press(pygame.K_ESCAPE), DT)  # Esc resumes
    assert app.stack.top is battle
    app.frame(click(battle.menu_button.rect.center), DT)  # so does the Menu button, by mouse
    menu = app.stack.top
    assert isinstance(menu, PauseMenu)
    labels = [b.label for b in menu.buttons]
    assert labels[0].startswith("Resume") and "Quit to title" in labels and "Load a game" in labels
    quit_button = next(b for b in menu.buttons if b.label == "Quit to title")
    app.frame(click(quit_button.rect.center), DT)
    assert isinstance(app.stack.top, TitleScene) and len(app.stack.scenes) == 1


def test_escape_backs_out_of_a_choice_before_it_opens_the_menu(app):
    from deathmatch.scenes.pause import PauseMenu

    game, path = make_game(2, "duel_pit", seed=6)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
    app.stack.replace(battle)
    for _ in range(600):
        app.frame([], DT)
        if battle.decision is not None and not battle.animator.busy:
            break
    h = next(iter(battle.candidates))
    battle.pick_hex(h)  # placing: the facing wheel is up
    assert battle.stage == "facing"
    app.frame(press(pygame.K_ESCAPE), DT)
    assert battle.stage == "place" and app.stack.top is battle
    app.frame(press(pygame.K_ESCAPE), DT)
    assert isinstance(app.stack.top, PauseMenu)


def test_a_standing_orders_game_through_the_screen_leaks_nothing(app, monkeypatch):
    """The default for hidden cards: the people's reactions on standing orders. The game plays
    reactions by itself; still no frame shows another seat's unplayed ability."""
    from deathmatch.rulesets.celebrity import orders as standing

    game, path = make_game(4, "colosseum", seed=13, round_limit=3, orders=True)
    assert any(game.order_of(m.id, ab.name) != standing.ASK
               for m in game.models.values() for ab in standing.orderable(game, m))
    seen = play_watched(app, monkeypatch, game, path, "mouse", 9)
    assert game.over and set(game.players) <= seen["checked"]


def _held_under_the_prompt(app, battle, rec, seat, game, frames=300):
    """Frames with the save-as prompt over the battle: the battle holds (no animation plays on, no bot
    answers, no decision is taken up); each frame drawn for `seat` (who opened the prompt) is checked for
    leaks."""
    moves, answers, stage = len(game.history), battle.front.answers, battle.stage
    for _ in range(frames):
        rec.drawn.clear()
        app.frame([], DT)
        found = leaks(rec.drawn, game, seat)
        assert not found, f"behind the save-as prompt {seat!r} sees {found[:3]}"
    assert (len(game.history), battle.front.answers, battle.stage) == (moves, answers, stage)
    assert not app.stack.animating  # the loop sleeps under the prompt


@pytest.mark.parametrize("bots", [0, 1])
def test_the_battle_holds_under_the_save_as_prompt(app, monkeypatch, bots):
    """The save-as prompt (F5) holds the battle, as the game menu does: the move just made does not play
    out and no bot answers under it, so no hand-off can open over the prompt (where the Enter meant to
    save would pass it and seat the next player in front of the one typing), and nothing of the next
    seat shows. Once the prompt is closed the battle plays on, and the next seat's hand-off opens
    then, over the battle."""
    from deathmatch.rulesets.celebrity.randomplay import random_answer
    from deathmatch.scenes.saveas import SaveAsScene

    rec = Recorder()
    rec.install(monkeypatch)
    game, path = make_game(4, "colosseum", seed=21)
    auto = tuple(game.setup.players[i].name for i in range(bots))  # the first seat a bot, or nobody
    battle = BattleScene(app, game, path, anim_speed=1.0, handoff=True, hidden_cards=True, auto_players=auto,
                         auto_delay=0.35)
    app.stack.replace(battle)
    driver = Driver(app, battle, "keyboard", random.Random(2))
    rng = random.Random(4)
    passed = 0
    while passed < 4 and not game.over:
        driver.settle()
        seat = battle.viewer
        assert seat == battle.decision.player and app.stack.top is battle
        battle.answer(random_answer(game, rng, 0.5), confirmed=True)
        app.frame(press(pygame.K_F5), DT)  # the seated player opens the prompt as their move plays out
        prompt = app.stack.top
        assert isinstance(prompt, SaveAsScene)
        _held_under_the_prompt(app, battle, rec, seat, game)
        typed = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_0 + passed, mod=0, unicode=str(passed), scancode=0)]
        app.frame(typed + press(pygame.K_RETURN), DT)  # a name of its own, and Enter saves (it passes no hand-off)
        assert prompt.saved is not None and app.stack.top is prompt and battle.viewer == seat
        app.frame(press(pygame.K_ESCAPE), DT)  # the prompt closes: the battle plays on from here
        assert app.stack.top is battle
        for _ in range(3000):
            if game.over or isinstance(app.stack.top, HandOffScene) or (
                    battle.decision is not None and battle.decision.player == seat and not battle.animator.busy
                    and battle.stage not in ("idle", "auto")):
                break
            rec.drawn.clear()
            app.frame([], DT)
            assert not leaks(rec.drawn, game, seat)
        if game.over:
            break
        nxt = battle.decision.player
        if nxt == seat:  # the same seat again: no hand-off owed
            assert battle.viewer == seat and app.stack.top is battle
            continue
        assert isinstance(app.stack.top, HandOffScene) and app.stack.top.player == nxt and battle.viewer is None
        past_the_guard(app)
        rec.drawn.clear()
        app.frame(press(pygame.K_RETURN), DT)
        assert battle.viewer == nxt and app.stack.top is battle and battle.stage not in ("idle", "auto")
        passed += 1
    assert passed == 4
