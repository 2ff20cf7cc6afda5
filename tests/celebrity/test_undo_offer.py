"""The undo offer follows the take-back rule (docs/RULINGS.md 22) the same way after every kind of
move: a person's last placement, move, hold or push back may be taken back until a die is rolled,
an ability played or loot or a beast placed. Against a computer seat (which answers at once) the
take-back takes the computer's answers after it back too, so a plain move is offered it as a loot
grab is (before, only a move followed by one of the mover's own decisions — a loot grab's on-loot
reaction — showed it)."""

import os
import random
from dataclasses import replace

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.launch import make_game  # noqa: E402
from deathmatch.rulesets.celebrity import GameRecord, Hold, Move, PushBack, new_game  # noqa: E402
from deathmatch.rulesets.celebrity import Place  # noqa: E402
from deathmatch.rulesets.celebrity.timeline import Timeline  # noqa: E402
from deathmatch.rulesets.celebrity import events as ev  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.battle import BattleScene  # noqa: E402
from deathmatch.scenes.handoff import GUARD, HandOffScene  # noqa: E402

DT = 1 / 60
UNDOABLE = (Place, Move, Hold, PushBack)
BLOCKERS = (ev.DieRolled, ev.AbilityPlayed, ev.LootPlaced, ev.BeastPlaced)


@pytest.fixture(scope="module")
def app():
    return App((1280, 720))


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


def against_the_computer(app, seed):
    g, path = make_game(2, "duel_pit", seed, orders=True)
    person, computer = g.setup.players[0].name, g.setup.players[1].name
    game = new_game(replace(g.setup, bots=((computer, "normal"),), orders_for=(person,)))
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True, auto_delay=0.0)
    app.stack.replace(battle)
    return game, battle, person


def rules_allow(game, k: int) -> bool:
    """Whether the rules' take-back reaches back to answer `k` (0-based) of the game's history:
    it and every answer since are placements, moves, holds or push backs, none revealing anything."""
    later = [a for a in game.history[k:] if type(a).__name__ != "SetOrder"]
    if not all(isinstance(a, UNDOABLE) for a in later):
        return False
    steps = Timeline.from_record(GameRecord.of(game)).steps
    return not any(isinstance(e, BLOCKERS) for s in steps[k + 1:] for e in s.events)


def offered(battle) -> bool:
    return battle.can_undo() and any(b.label.startswith("Undo") for b in battle.buttons)


@pytest.mark.parametrize("seed", [1, 4])
def test_the_offer_after_every_move_is_the_rules_answer(app, seed):
    game, battle, person = against_the_computer(app, seed)
    rng = random.Random(seed)
    seen = {"plain": [], "loot": []}
    for _ in range(14):
        wait(app, battle)
        if game.over:
            break
        d = battle.decision
        moves = [o for o in battle.options if isinstance(o, Move)]
        if d.player != person or d.kind != "action" or not moves:
            battle.answer(battle.options[rng.randrange(len(battle.options))], confirmed=True)
            continue
        loot = [o for o in moves if any(h in game.loot for h in o.path)]
        move = rng.choice(loot or moves)
        k = len(game.history)
        battle.answer(move, confirmed=True)
        wait(app, battle)  # the person's next decision (the computer's answers between)
        if game.over:
            break
        if battle.decision.player != person:
            continue
        assert offered(battle) == rules_allow(game, k), (move, game.history[k:])
        seen["loot" if loot else "plain"].append(offered(battle))
    assert True in seen["plain"], "a plain move against the computer should be offered its take-back"


def test_taking_back_a_move_against_the_computer_restores_the_board(app):
    for seed in range(1, 10):
        game, battle, person = against_the_computer(app, seed)
        rng = random.Random(seed)
        for _ in range(30):
            wait(app, battle)
            d = battle.decision
            moves = [o for o in battle.options if isinstance(o, Move)]
            if d.player == person and d.kind == "action" and moves:
                break
            battle.answer(battle.options[rng.randrange(len(battle.options))], confirmed=True)
        else:
            continue
        before, k, model = game.snapshot(), len(game.history), d.model
        battle.answer(rng.choice(moves), confirmed=True)
        wait(app, battle)
        if not (battle.decision.player == person and offered(battle)) or len(battle.game.history) == k + 1:
            continue  # (nothing of the computer's between: the plain case other tests cover)
        undo = next(b for b in battle.buttons if b.label.startswith("Undo"))
        undo.action()
        wait(app, battle)
        again = battle.game
        assert len(again.history) == k and again.snapshot() == before
        assert (again.pending.player, again.pending.kind, again.pending.model) == (person, "action", model)
        assert battle.log[-1] == f"{person} takes back their last move"
        return
    pytest.fail("no seeded game had a move with the computer's answers after it")


def moves_to_a_hand_off(app, wanted, offered: bool = False):
    """Two people, hidden cards, seeded games played by random answers: after each person's move whose next
    decision `wanted(game, pending, decision)` accepts, the frames up to the next seat's hand-off. Returns
    (battle, the mover's decision, the pending decision, the top scene then) for the first such move (with
    `offered`: the first whose hand-off offers the mover its take-back), or None."""
    for seed in range(1, 40):
        game, path = make_game(2, "duel_pit", seed, orders=True)
        battle = BattleScene(app, game, path, anim_speed=60.0, handoff=True, hidden_cards=True)
        app.stack.replace(battle)
        rng = random.Random(seed)
        for _ in range(60):
            wait(app, battle)
            d = battle.decision
            moves = [o for o in battle.options if isinstance(o, Move)]
            if d.kind != "action" or not moves:
                battle.answer(battle.options[rng.randrange(len(battle.options))], confirmed=True)
                continue
            battle.answer(rng.choice(moves), confirmed=True)
            p = game.pending
            if not (game.can_undo() and p.player != d.player and wanted(game, p, d)):
                continue
            for _ in range(600):
                if isinstance(app.stack.top, HandOffScene):
                    break
                app.frame([], DT)
            top = app.stack.top
            if not offered or isinstance(top, HandOffScene) and top.player == p.player and top.undo_for() == d.player:
                return battle, d, p, top
    return None


def test_a_move_before_the_next_seats_own_activation_window_is_offered_its_take_back(app):
    """Two people, hidden cards: after A's move, B is asked at the start of B's own model's
    activation (an Action+ to play or not). B was to be handed the computer anyway: nothing of
    B's shows, so A may still take the move back from the hand-off (before, the offer vanished
    whenever B's next model held an Action+ ability)."""
    found = moves_to_a_hand_off(app, lambda game, p, d: p.kind == "window" and p.window.name == "activation_start"
                                and game.models[p.model].player == p.player)
    assert found is not None, "no seeded game had a move before the other seat's activation window"
    _, d, p, top = found
    assert isinstance(top, HandOffScene) and top.player == p.player
    assert top.undo_for() == d.player


def test_a_take_back_from_the_next_seats_hand_off_hands_the_screen_back_before_any_card_shows(app):
    """On "Pass to B" the offer "A: undo your last move (U)" took A's move back and showed A's turn — A's
    card and unplayed abilities — at once, to whoever sat at the screen by then (B, likely). Now A gets a
    hand-off of its own first; nothing of A's is drawn before it is passed."""
    from deathmatch.client import ui

    found = moves_to_a_hand_off(app, lambda game, p, d: True, offered=True)
    assert found is not None, "no seeded game offered a take-back on the next seat's hand-off"
    battle, d, _, _ = found
    app.frame([], GUARD)  # (past the hand-off's guard against a press meant for the last screen)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0, unicode="u")], DT)
    g = battle.game
    shown = {ab.name for m in g.models.values() if m.player != d.player for ab in m.card.abilities}
    mine = {ab.name for m in g.models.values() if m.player == d.player for ab in m.card.abilities
            if ab.name not in m.used and ab.name not in shown}
    assert mine
    for _ in range(120):
        if isinstance(app.stack.top, HandOffScene):
            break
        with ui.recording() as records:
            surface = ui.RecordingSurface(app.size, records)
            for scene in app.stack.scenes:
                scene.draw(surface)
        words = " ".join(r.words for r in records)
        assert battle.viewer is None and not [n for n in mine if n and n in words], mine
        app.frame([], DT)
    assert isinstance(app.stack.top, HandOffScene) and app.stack.top.player == d.player
    assert battle.game.pending.player == d.player  # the move taken back: A's decision again
