"""Standing orders and undo on the battle screen (the engine decides; the screen asks and shows)."""

import os
import random

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.launch import make_game  # noqa: E402
from deathmatch.rulesets.celebrity import SetOrder  # noqa: E402
from deathmatch.rulesets.celebrity import orders as standing  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.battle import BattleScene  # noqa: E402
from deathmatch.scenes.handoff import HandOffScene  # noqa: E402
from deathmatch.scenes.celebrity.orders import OrdersScene  # noqa: E402
from test_client import DT, click, past_the_guard, press  # noqa: E402


@pytest.fixture(scope="module")
def app():
    return App((1280, 720))


def wait_for_a_person(app, battle, through_handoffs=True, limit=3000):
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, HandOffScene) and through_handoffs:
            past_the_guard(app)
            app.frame(press(pygame.K_RETURN), DT)
            continue
        if top is battle and battle.decision is not None and not battle.animator.busy \
                and battle.stage not in ("idle", "auto"):
            return
        app.frame([], DT)
    raise AssertionError("the screen never waited for a player")


def game_with_reactions(players=2, arena="duel_pit"):
    """A seeded game where the first placer's models hold at least one reaction."""
    for seed in range(200):
        game, path = make_game(players, arena, seed=seed)
        first = game.pending.player
        if any(standing.orderable(game, m) for m in game.models_of(first)):
            return game, path
    raise AssertionError("no deal with a reaction")


def test_orders_are_given_in_private_from_the_screen(app):
    game, path = game_with_reactions()
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    wait_for_a_person(app, battle)
    me = battle.viewer
    assert me == game.pending.player
    assert any(b.label.startswith("Orders") for b in battle.buttons)
    app.frame(press(pygame.K_o), DT)
    scene = app.stack.top
    assert isinstance(scene, OrdersScene)
    rows = scene.rows()
    assert rows and all(game.models[r.model].player == me for r in rows)  # only the seated player's own reactions
    app.frame([], DT)  # drawn: its buttons are laid out
    m, ab, choices = game.models[rows[0].model], game.models[rows[0].model].card.ability(rows[0].ability), rows[0].choices
    before = game.order_of(m.id, ab.name)
    pending = game.pending
    target = next(c for c, _ in choices if c != before)
    label = dict(choices)[target]
    button = next(b for b in scene.buttons if b.label.lower() == label.lower())
    app.frame(click(button.rect.center), DT)
    assert game.order_of(m.id, ab.name) == target
    assert game.history[-1] == SetOrder(me, m.id, ab.name, target)
    assert game.pending == pending  # an order is no answer to the question
    app.frame(press(pygame.K_RIGHT), DT)  # the keyboard way: the next choice
    ids = [c for c, _ in choices]
    assert game.order_of(m.id, ab.name) == ids[(ids.index(target) + 1) % len(ids)]
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is battle


def test_orders_are_not_offered_on_someone_elses_turn(app):
    game, path = game_with_reactions()
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    wait_for_a_person(app, battle)
    battle.viewer = next(p for p in game.players if p != game.pending.player)  # the wrong person seated
    assert not battle.can_give_orders()
    app.frame(press(pygame.K_o), DT)
    assert app.stack.top is battle


def test_undo_a_placement_on_an_open_table(app):
    game, path = make_game(2, "duel_pit", seed=3)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
    app.stack.replace(battle)
    wait_for_a_person(app, battle)
    before = game.snapshot()
    h = battle.candidate_order()[0]
    battle.pick_hex(h)
    battle.confirm_facing()
    wait_for_a_person(app, battle)
    assert battle.game.history and battle.can_undo()
    undo = next(b for b in battle.buttons if b.label.startswith("Undo"))
    app.frame(click(undo.rect.center), DT)
    wait_for_a_person(app, battle)
    assert not battle.game.history and battle.game.snapshot() == before
    assert battle.game.pending.kind == "place"


def test_undo_from_the_hand_off_screen_before_the_next_player_looks(app):
    game, path = make_game(2, "duel_pit", seed=3)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
    app.stack.replace(battle)
    wait_for_a_person(app, battle)
    first = battle.viewer
    before = game.snapshot()
    battle.pick_hex(battle.candidate_order()[0])
    battle.confirm_facing()
    for _ in range(600):
        app.frame([], DT)
        if isinstance(app.stack.top, HandOffScene):
            break
    handoff = app.stack.top
    assert isinstance(handoff, HandOffScene) and handoff.player != first
    assert handoff.undo_for() == first
    past_the_guard(app)
    app.frame(click(handoff.undo_rect().center), DT)
    assert battle.viewer is None  # (whoever pressed it: the screen is handed back before the cards show)
    assert not battle.game.history and battle.game.snapshot() == before
    for _ in range(600):
        app.frame([], DT)
        if isinstance(app.stack.top, HandOffScene):
            break
    again = app.stack.top
    assert isinstance(again, HandOffScene) and again.player == first and again.undo_for() is None
    past_the_guard(app)
    app.frame(click((5, 5)), DT)  # (a click anywhere passes a hand-off)
    assert app.stack.top is battle and battle.viewer == first


def test_no_undo_once_a_die_is_rolled(app):
    from deathmatch.rulesets.celebrity import Attack
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    rng = random.Random(2)
    for seed in range(100):
        game, path = make_game(2, "duel_pit", seed=seed)
        for _ in range(400):
            if game.over:
                break
            attacks = [a for a in game.legal_actions() if isinstance(a, Attack)] if game.pending.kind == "action" else []
            if attacks:
                battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
                app.stack.replace(battle)
                wait_for_a_person(app, battle)
                battle.answer(attacks[0], confirmed=True)
                assert not game.can_undo()
                wait_for_a_person(app, battle)
                assert not battle.can_undo()
                assert not any(b.label.startswith("Undo") for b in battle.buttons)
                return
            game.apply(random_answer(game, rng, 0.2))
    raise AssertionError("no attack came up")


def test_no_undo_once_another_seat_was_called_to_a_window(app):
    """A hand-off to another seat's window tells the table that seat holds a reaction: the move
    that caused it may no longer be taken back. (The start of that seat's own model's activation
    tells nothing: it was to be handed the computer anyway; tests/celebrity/test_undo_offer.py.)"""
    from deathmatch.rulesets.celebrity import Move
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    for seed in range(60):
        game, path = make_game(4, "colosseum", seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            d = game.pending
            if d.kind == "action":
                for move in [o for o in game.legal_actions() if isinstance(o, Move)][:6]:
                    trial = game.copy()
                    trial.apply(move)
                    p = trial.pending
                    own_start = p.kind == "window" and p.window.name == "activation_start" and \
                        trial.models[p.model].player == p.player
                    if p.kind == "window" and p.player != d.player and trial.can_undo() and not own_start:
                        battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
                        app.stack.replace(battle)
                        wait_for_a_person(app, battle)
                        battle.answer(move, confirmed=True)
                        for _ in range(600):
                            app.frame([], DT)
                            if isinstance(app.stack.top, HandOffScene):
                                break
                        assert isinstance(app.stack.top, HandOffScene)
                        assert battle.game.can_undo()  # the engine would allow it (no die, nothing played)
                        assert app.stack.top.undo_for() is None and not battle.can_undo()
                        return
            game.apply(random_answer(game, rng, 0.3))
    raise AssertionError("no move that calls another seat to a window came up")


def _find_use(kind, want, seeds=range(60)):
    """A game (and the uses) where the seat to answer may play an ability of `kind` with `want(use)`."""
    from deathmatch.rulesets.celebrity import UseAbility
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    for seed in seeds:
        game, path = make_game(4, "colosseum", seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.over:
                break
            uses = [o for o in game.legal_actions() if isinstance(o, UseAbility)
                    and game.models[o.model].card.ability(o.ability).kind == kind and want(o)]
            if uses:
                return game, path, uses
            game.apply(random_answer(game, rng, 0.3))
    raise AssertionError(f"no {kind} came up")


def test_a_charge_asks_for_the_chargers_facing_where_the_run_ends(app):
    game, path, uses = _find_use("charge", lambda u: len(u.path) > 0)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
    app.stack.replace(battle)
    wait_for_a_person(app, battle)
    u = uses[0]
    same_run = [x for x in uses if x.target == u.target and x.path == u.path]
    battle.choose_use(same_run, game.models[u.target].hex)
    assert battle.stage == "facing"
    assert battle.facing_at == u.path[-1] and battle.facing_at != game.models[u.target].hex
    assert battle.facing_model == u.model
    name = game.models[u.model].card.name.split(",")[0]
    assert f"which way does {name}" in battle_prompt(app, battle)


def test_turning_a_foe_asks_about_the_foe(app):
    game, path, uses = _find_use("turn_foe", lambda u: u.target is not None)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
    app.stack.replace(battle)
    wait_for_a_person(app, battle)
    u = uses[0]
    battle.choose_use([x for x in uses if x.target == u.target], game.models[u.target].hex)
    assert battle.stage == "facing"
    assert battle.facing_model == u.target and battle.facing_at == game.models[u.target].hex
    foe = game.models[u.target].card.name.split(",")[0]
    assert f"which way does {foe}" in battle_prompt(app, battle)


def battle_prompt(app, battle):
    """The words the prompt line draws this frame."""
    from deathmatch.client import ui

    drawn = []
    original = ui.draw_text_block
    import deathmatch.scenes.celebrity.battle as bmod

    def record(surface, s, *a, **k):
        drawn.append(s)
        return original(surface, s, *a, **k)

    bmod.draw_text_block = record
    try:
        battle.draw_prompt(app.screen)
    finally:
        bmod.draw_text_block = original
    return " ".join(drawn)


def test_move_attack_shows_the_roll_needed_from_each_hex(app):
    from deathmatch.rulesets.celebrity import MoveAttack
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    for seed in range(80):
        game, path = make_game(4, "colosseum", seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.over:
                break
            jumps = [o for o in game.legal_actions() if isinstance(o, MoveAttack)] if game.pending.kind == "action" else []
            needs = {game.needed_roll(j) for j in jumps}
            if len(needs) > 1:  # some hexes reach the foe's rear
                battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
                app.stack.replace(battle)
                wait_for_a_person(app, battle)
                target = next(j.target for j in jumps
                              if len({game.needed_roll(k) for k in jumps if k.target == j.target}) > 1)
                battle.hover_hex = game.models[target].hex
                labels = battle.attack_from_labels()
                want = {j.path[0]: ("6" if game.needed_roll(j) >= 6 else f"{game.needed_roll(j)}+")
                        for j in jumps if j.target == target}
                assert labels == want and "5+" in labels.values() and "6" in labels.values()
                return
            game.apply(random_answer(game, rng, 0.3))
    raise AssertionError("no move+attack with a rear hex came up")


def test_a_die_rolled_prompt_says_who_rolled_what_and_what_it_needs(app):
    from deathmatch.rulesets.celebrity.randomplay import random_answer

    for seed in range(80):
        game, path = make_game(4, "colosseum", seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if game.over:
                break
            d = game.pending
            if d.kind == "window" and d.window.name == "die_rolled" and d.window.attack is not None:
                battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
                app.stack.replace(battle)
                wait_for_a_person(app, battle)
                a, r = d.window.attack, d.window.roll
                needs, rear = game.attack_needs(a)
                words = battle.window_words(d.window)
                roller = game.models[a.attacker].card.name.split(",")[0] if a.attacker in game.models \
                    else f"the {game.beasts[a.attacker].kind}"
                assert roller.lower() in words.lower() and f"rolled {r.value}" in words
                assert f"needs {'6' if needs >= 6 else f'{needs}+'}" in words
                assert ("a hit" in words) == (r.value >= needs)
                assert f"rolled {r.value}" in battle_prompt(app, battle)
                return
            game.apply(random_answer(game, rng, 0.5))
    raise AssertionError("no die-rolled window came up")
