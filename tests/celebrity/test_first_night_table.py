"""The battle screen as a new group meets it, tried cold: a played ability says what to click and
shows it in colours that stand out on sand, the model a question is about is outlined, the card shown
on a seat's turn is never one the mouse left behind a hand-off, and a move+attack's hex choice has
its own buttons."""

import os
import random

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.launch import make_game  # noqa: E402
from deathmatch.rulesets.celebrity import Attack, MoveAttack, UseAbility  # noqa: E402
from deathmatch.rulesets.celebrity.randomplay import random_answer  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.battle import HIGHLIGHT, BattleScene, hex_of  # noqa: E402
from deathmatch.scenes.handoff import GUARD, HandOffScene  # noqa: E402

DT = 1 / 60


@pytest.fixture(scope="module")
def app():
    return App((1024, 600))


def wait(app, battle, limit=5000):
    for _ in range(limit):
        if isinstance(app.stack.top, HandOffScene):
            app.frame([], GUARD)
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], DT)
            continue
        if battle.decision is not None and battle.stage not in ("idle", "auto") and not battle.animator.busy:
            return
        app.frame([], DT)
    raise AssertionError("the screen never waited for the person")


def game_at(want, seeds=range(1, 40)):
    """A four-person game with hidden cards, played at random up to a decision `want(game)` accepts."""
    for seed in seeds:
        game, path = make_game(4, "colosseum", seed, orders=True)
        rng = random.Random(seed)
        for _ in range(400):
            if game.over:
                break
            if want(game):
                return game, path
            game.apply(random_answer(game, rng, 0.7))
    raise AssertionError("no game came to that decision")


def table(app, game, path):
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True, auto_delay=0.0)
    app.stack.replace(battle)
    wait(app, battle)
    return battle


def uses_of(game, kind):
    d = game.pending
    if d is None or d.kind != "action":
        return []
    uses = [o for o in game.legal_actions() if isinstance(o, UseAbility)]
    if kind == "hex":
        return [u for u in uses if u.target is None and (u.to is not None or u.path)]
    return [u for u in uses if u.target is not None and game.models[u.target].player != d.player]


def test_an_ability_that_moves_asks_where_in_words_and_in_the_moves_blue(app):
    game, path = game_at(lambda g: bool(uses_of(g, "hex")))
    battle = table(app, game, path)
    uses = uses_of(game, "hex")
    battle.start_use([u for u in uses if u.ability == uses[0].ability])
    words, short = battle.prompt_words()
    name = battle.now().models[game.pending.model].name.split(",")[0]
    assert uses[0].ability in words and f"where {name} goes" in words, words
    assert "pick a highlighted hex" not in words and uses[0].ability in short
    assert battle.candidates and all(battle.use_colour(h, o) == HIGHLIGHT["move"] for h, o in battle.candidates.items())


def test_an_ability_aimed_at_a_foe_says_so_and_marks_the_foe_red(app):
    game, path = game_at(lambda g: bool(uses_of(g, "foe")))
    battle = table(app, game, path)
    uses = uses_of(game, "foe")
    battle.start_use([u for u in uses if u.ability == uses[0].ability])
    words, _ = battle.prompt_words()
    assert uses[0].ability in words and "the foe to target" in words, words
    models = battle.now().models
    for h, opts in battle.candidates.items():
        if opts[0].target is not None and hex_of(models[opts[0].target].at) == h:
            assert battle.use_colour(h, opts) == HIGHLIGHT["attack"]  # not the sand-coloured orange


def jump_targets(options) -> list:
    """The foes a move+attack reaches from more than one hex, and no plain attack reaches."""
    near = {o.target for o in options if isinstance(o, Attack)}
    by_target: dict = {}
    for o in options:
        if isinstance(o, MoveAttack):
            by_target.setdefault(o.target, set()).add(o.path[0])
    return [t for t, v in by_target.items() if len(v) > 1 and t not in near]


def test_choosing_where_to_attack_from_has_its_own_words_and_buttons(app):
    game, path = game_at(lambda g: g.pending is not None and g.pending.kind == "action"
                         and bool(jump_targets(g.legal_actions())))
    battle = table(app, game, path)
    target = jump_targets(battle.options)[0]
    battle.pick_hex(hex_of(battle.now().models[target].at))
    assert battle.stage == "step"
    words, _ = battle.prompt_words()
    assert "attacks from which hex" in words, words
    assert [b.label for b in battle.buttons] == ["Back (Esc)"]  # not the action's Move / Attack / Hold, stale


def test_the_model_a_question_is_about_is_outlined_on_the_board(app, monkeypatch):
    game, path = game_at(lambda g: g.pending is not None and g.pending.kind == "window" and g.round >= 1)
    battle = table(app, game, path)
    assert battle.stage == "window" and not battle.candidates
    drawn = []
    real = battle.highlight_layer
    monkeypatch.setattr(battle, "highlight_layer", lambda surface: drawn.append(1) or real(surface))
    battle.draw(pygame.Surface(app.size))
    assert drawn, "a window's model was not outlined: 'X is about to act' and nothing on the board says which"


def test_the_card_panel_forgets_a_hex_the_mouse_left_behind_a_hand_off(app):
    game, path = game_at(lambda g: g.pending is not None and g.pending.kind == "action" and g.round >= 1)
    battle = table(app, game, path)
    now = battle.now()
    other = next(mid for mid, m in now.models.items() if m.player != game.pending.player and m.at is not None and m.alive)
    battle.hover_hex = hex_of(now.models[other].at)  # where the mouse last was when the hand-off came over the board
    assert battle.panel_model() == other
    battle.resume()  # back from the hand-off: the mouse is not over that hex now (nor over the window at all)
    assert battle.panel_model() == game.pending.model


def test_the_roster_and_the_turn_strip_wait_for_the_dice_off_dice(app):
    from deathmatch.scenes.celebrity import battle as battle_module

    for seed in range(1, 30):
        game, path = make_game(4, "colosseum", seed, orders=True)
        seats = list(game.setup.players[i].name for i in range(4))
        if list(game.players) != seats:  # the dice put someone out of seat order
            break
    battle = BattleScene(app, game, path, anim_speed=1.0, handoff=True, hidden_cards=True, auto_delay=0.0)
    app.stack.replace(battle)
    for _ in range(30):  # the dice-off's first dice on screen
        app.frame([], DT)
        if battle.view.diceoff:
            break
    assert battle.dice_still_rolling()
    said = []
    real = battle_module.text
    battle_module.text = lambda words, *a: said.append(words) or real(words, *a)
    try:
        battle.draw_roster(pygame.Surface(app.size), 60)
        portraits = []
        real_portrait = battle_module.sprites.portrait
        battle_module.sprites.portrait = lambda *a: portraits.append(1) or real_portrait(*a)
        battle.draw_turn_strip(pygame.Surface(app.size))
        battle_module.sprites.portrait = real_portrait
    finally:
        battle_module.text = real
    assert [w for w in said if w in seats] == seats, "the roster told the dice-off's result before its dice"
    assert not portraits, "the turn strip told the placement order before the dice"


def test_every_action_button_says_what_it_does_and_a_greyed_one_why(app):
    game, path = game_at(lambda g: g.pending is not None and g.pending.kind == "action"
                         and not any(isinstance(o, Attack) for o in g.legal_actions()))
    battle = table(app, game, path)
    actions = [b for b in battle.buttons if b.label[:1].isdigit()]
    assert [b.label for b in actions[:4]] == ["1 Move", "2 Attack", "3 Move+attack", "4 Hold"]
    assert all(b.hint for b in actions), [b.label for b in actions if not b.hint]
    attack = actions[1]
    assert not attack.enabled and attack.hint.endswith("(No foe next to you.)")
    for b in actions[4:]:
        assert b.enabled or b.hint.endswith(("(Played: once per game.)", "(Nothing it can do from here now.)")), b.hint
