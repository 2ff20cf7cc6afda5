"""Superhero Gladiators' screens, driven headless: from the title screen through "Which game?", the setup
and a whole team fight on the table to the results, by the mouse alone (clicks at the points the screen
reports) and by the keyboard alone; the table offers what the engine says is legal and nothing else;
another team's hidden gizmo never shows on the screen, in the log or on the hand-off; the autosave
comes back; the replay plays to its end. Frames are driven with a fixed dt: nothing here depends on
timing."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.client import ui  # noqa: E402
from deathmatch.rulesets.supers import actions as ac  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.choose import GameChoiceScene  # noqa: E402
from deathmatch.scenes.results import ResultsScene  # noqa: E402
from deathmatch.scenes.supers.results import SupersResults  # noqa: E402
from deathmatch.scenes.supers.setup import SupersSetupScene  # noqa: E402
from deathmatch.scenes.supers.table import SupersReplay, SupersTable  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from table_driver import DT, BaseDriver  # noqa: E402
from test_client import click, past_the_guard, press  # noqa: E402


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def table_of(app):
    return next((s for s in reversed(app.stack.scenes) if isinstance(s, SupersTable)), app.stack.top)


def button(scene, label):
    return next(b for b in scene.buttons if b.label.startswith(label))


class Driver(BaseDriver):
    """Plays a fight on the table the way a player would, by the mouse alone or the keyboard alone: only
    what the screen offers (highlighted cells at the points it reports, buttons, the hand-off screen). It
    attacks when it can and closes in otherwise, so that fights end."""

    def __init__(self, app, table, mode: str, rng):
        super().__init__(app, table, mode, rng)
        self.stages: set[str] = set()
        self.modes: set[str] = set()
        self.players: set[str] = set()

    def pick_cell(self, c):
        t = self.table
        assert c in t.candidates
        if self.mode == "mouse":
            self.frames(1, click(t.cell_point(c)))
            return
        order = t.candidate_order()
        steps = (order.index(c) - order.index(t.cursor)) % len(order) if t.cursor in order else order.index(c) + 1
        events = []
        for _ in range(steps):
            events += press(pygame.K_TAB)
        self.frames(1, events)
        assert t.cursor == c
        self.frames(1, press(pygame.K_RETURN))

    def press(self, b):
        if self.mode == "mouse":
            self.frames(1, click(b.rect.center))
        else:
            assert b.key is not None, b.label
            self.frames(1, press(b.key))

    def labelled(self, *starts):
        return [b for b in self.table.buttons if b.enabled and b.label.startswith(starts)]

    def legal(self) -> set:
        return set(map(repr, self.game.legal_actions()))

    def check_offers(self):
        """Every cell and button answer the table offers is one the engine calls legal."""
        t = self.table
        legal = self.legal()
        for opts in t.candidates.values():
            for o in opts:
                assert repr(o) in legal or self.game.is_legal(o), o

    def step(self):
        t = self.table
        self.stages.add(t.stage)
        self.players.add(t.decision.player)
        self.check_offers()
        if t.stage == ac.PLACE:
            self.pick_cell(self.rng.choice(sorted(t.candidates)))
            return
        if t.stage in (ac.DEFEND, ac.COPY, ac.CHOOSE, "altitude", "pick"):
            self.press(self.rng.choice([b for b in t.buttons if b.enabled and not b.label.startswith("Back")]))
            return
        assert t.stage == ac.ACT
        self.modes.add(t.mode[0])
        m = t.me
        for k, b in enumerate(self.labelled(*[f"{i} " for i in range(1, 10)])):
            self.press(b)
            assert t.mode[0] == "attack"
            if t.candidates:
                self.modes.add("attack")
                foes = [c for c, o in t.candidates.items() if o[0].target is not None]
                self.pick_cell(self.rng.choice(sorted(foes or t.candidates)))
                return
        if m.entangled and self.labelled("Escape"):
            self.press(self.labelled("Escape")[0])
            return
        if self.labelled("Heal") and m.oomph < m.hero.max_oomph // 2:
            self.press(self.labelled("Heal")[0])
            return
        if self.labelled("Notice") and self.rng.random() < 0.1:
            self.press(self.labelled("Notice")[0])
            self.modes.add("notice")
            self.pick_cell(self.rng.choice(sorted(t.candidates)))
            return
        if self.labelled("Move"):
            self.press(self.labelled("Move")[0])
            foes = [o.at for o in self.game.state.models.values() if o.owner != m.owner and not o.fainted]
            g = self.game.grid
            best = min(sorted(t.candidates), key=lambda c: min(g.distance(c, f) for f in foes))
            self.pick_cell(best)
            return
        self.press(self.labelled("Hold")[0])

    def play(self, max_steps=3000) -> int:
        steps = 0
        while steps < max_steps:
            self.settle()
            if self.table.stage == "over":
                return steps
            self.step()
            steps += 1
        raise AssertionError("the fight did not end")


def check_picture_matches_engine(table):
    table.animator.skip()
    table.sync()
    for m in table.game.state.models.values():
        f = table.view.figures[m.id]
        assert (f.oomph, round(f.alt), f.fainted, f.entangled) == (m.oomph, m.altitude, m.fainted, m.entangled)
        if m.at is not None:
            assert (f.x, f.y) == table.board.centre(m.at)


def test_mouse_alone_from_the_title_to_the_results():
    app = fresh_app()
    app.frame(click(button(app.stack.top, "New game").rect.center), DT)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    app.frame(click(button(choice, "Superhero Gladiators").rect.center), DT)
    setup = app.stack.top
    assert isinstance(setup, SupersSetupScene) and setup.count == 2
    setup.seed = 11
    crater = next(r for k, r in setup.arena_rects if setup.arenas[k].path.stem == "supers_crater")
    app.frame(click(crater.center), DT)
    picks = {}
    for seat, heroes in ((0, ("The Brick King", "Powder Nell")), (1, ("The Storm Widow", "The Bog Hound"))):
        team = [b for b in setup.buttons if b.label == "Team"][seat]
        app.frame(click(team.rect.center), DT)
        assert setup.team_seat == seat
        for name in heroes:
            app.frame(click(button(setup, name).rect.center), DT)
        picks[seat] = [setup.app.library.cards[h].hero.name for h in setup.seats[seat].cards]
        assert picks[seat] == list(heroes)
    app.frame(click(button(setup, "Turn limit").rect.center), DT)
    limit = setup.options.turn_limit
    app.frame(click(button(setup, "Start the game").rect.center), DT)
    table = table_of(app)
    assert isinstance(table, SupersTable), setup.message
    game = table.game
    assert [h.name for h in game.setup.seats[0].heroes] == picks[0]
    assert game.state.options.turn_limit == limit
    driver = Driver(app, table, "mouse", random.Random(5))
    driver.play()
    assert game.over and table.stage == "over"
    assert {ac.PLACE, ac.ACT} <= driver.stages and "attack" in driver.modes
    assert driver.players == set(game.state.players)  # each team decided its own answers (after a hand-off)
    check_picture_matches_engine(table)
    assert table.log and table.log[-1].startswith("The fight is over")
    app.frame(click(button(table, "Results").rect.center), DT)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and isinstance(results.part, SupersResults)
    app.frame([], DT)
    head, line = results.part.headline()
    assert ("wins" in head or head.startswith("A draw")) and "attack" in line
    app.frame(click(button(results, "Title").rect.center), DT)
    assert isinstance(app.stack.top, TitleScene)


def test_keyboard_alone_from_the_title_to_the_results():
    app = fresh_app((1024, 600))
    app.frame(press(pygame.K_n), DT)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    k = next(i for i, b in enumerate(choice.buttons) if b.label == "Superhero Gladiators")
    app.frame(press(pygame.K_DOWN) * k + press(pygame.K_RETURN), DT)
    setup = app.stack.top
    assert isinstance(setup, SupersSetupScene)
    setup.seed = 23
    # Tab to a hero of the list and Enter puts it in the first team; the other team is drawn at random
    wanted = next(i for i, b in enumerate(setup.buttons) if b.label == "Powder Nell")
    for _ in range(len(setup.buttons) + 2):
        if setup.focus == wanted:
            break
        app.frame(press(pygame.K_TAB), DT)
    assert setup.focus == wanted
    app.frame(press(pygame.K_RETURN), DT)
    wanted = next(i for i, b in enumerate(setup.buttons) if b.label == "The Winged Courier")
    for _ in range(len(setup.buttons) + 2):
        if setup.focus == wanted:
            break
        app.frame(press(pygame.K_TAB), DT)
    app.frame(press(pygame.K_RETURN), DT)
    assert [setup.app.library.cards[h].hero.name for h in setup.seats[0].cards] == ["Powder Nell", "The Winged Courier"]
    start = next(i for i, b in enumerate(setup.buttons) if b.label.startswith("Start"))
    while setup.focus != start:
        app.frame(press(pygame.K_TAB), DT)
    app.frame(press(pygame.K_RETURN), DT)
    table = table_of(app)
    assert isinstance(table, SupersTable), setup.message
    game = table.game
    assert len(game.setup.seats[1].heroes) == setup.options.random_heroes
    driver = Driver(app, table, "keyboard", random.Random(8))
    driver.play()
    assert game.over and {ac.PLACE, ac.ACT} <= driver.stages and "attack" in driver.modes
    check_picture_matches_engine(table)
    app.frame(press(pygame.K_ESCAPE), DT)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and isinstance(results.part, SupersResults)
    app.frame([], DT)
    app.frame(press(pygame.K_r), DT)  # Rematch: the same teams and arena, a new seed
    again = table_of(app)
    assert isinstance(again, SupersTable) and again.game is not game
    assert [s.heroes for s in again.game.setup.seats] == [s.heroes for s in game.setup.seats]


# --- hidden gizmos -----------------------------------------------------------------------------

def hidden_game(seed=3):
    """Ann's Powder Nell and Brick King have hidden gizmos (Brace of Pistols, Brick Hide); Bob's do not."""
    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers import newgame

    lib = newgame.library()
    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    return newgame.new_game(arena, [("Ann", ["powder_nell", "brick_king"]), ("Bob", ["bog_hound", "green_abbess"])],
                            lib, None, seed=seed, colours=[0, 1])


def drawn_words(app, table) -> list[str]:
    """Every text the table draws, as it is on screen."""
    surface = ui.RecordingSurface(app.size, [])
    with ui.recording() as records:
        surface.records = records
        table.draw(surface)
    return [r.words for r in records]


def test_another_teams_hidden_gizmo_never_shows_on_the_screen_the_log_or_the_hand_off():
    from deathmatch.rulesets.supers import events as ev
    from deathmatch.scenes.handoff import HandOffScene
    from deathmatch.scenes.supers.table import gizmo_state

    app = fresh_app()
    game = hidden_game()
    table = SupersTable(app, game, None, handoff=True)
    app.push(table)
    rng = random.Random(4)
    secret = {"Brace of Pistols", "Brick Hide"}
    seen_use = False
    for _ in range(400):
        if game.over:
            break
        events = game.apply(rng.choice(game.legal_actions()))
        table.take(events)
        table.animator.skip()
        table.decision = None
        seen_use = seen_use or any(isinstance(e, (ev.UseSpent, ev.DefenceInvoked)) and e.power in secret for e in events)
        noticed = {(e.target, e.power) for e in events if isinstance(e, ev.Noticed)}
        assert not noticed or all(game.state.models[t].owner == "Ann" for t, _ in noticed)
        for viewer in ("Bob", "Ann"):
            table.viewer = viewer
            bob_knows = {p for m in game.state.team("Ann") for p in secret
                         if m.power(p) is not None and ("Bob" in m.known.get(p, ()) or p in m.destroyed)}
            for mid in [m.id for m in game.state.models.values()]:
                table.focus_hero = mid
                words = " ".join(drawn_words(app, table))
                if viewer == "Bob" and not bob_knows:  # Bob's heroes have no hidden gizmo: he may read of none
                    assert "hidden gizmo" not in words, words
                    shown = [gizmo_state(p) for m in table.player_view()["models"].values() for p in m["powers"]]
                    assert "hidden" not in shown and "noticed" not in shown
            if viewer == "Bob":
                for p in secret - bob_knows:
                    assert not any(p in line and "gizmo" in line for line in table.log), table.log
            words = HandOffScene(app, table, viewer).public_words()
            assert not any(p in words for p in secret)
    assert seen_use  # a hidden gizmo's power was used in the fight: the test saw it in play
    # and the owner does see it
    table.viewer = "Ann"
    table.focus_hero = next(m.id for m in game.state.team("Ann") if m.hero.id == "powder_nell")
    assert any("Brace of Pistols" in w and "hidden gizmo" in w for w in drawn_words(app, table))
    if "Bob" not in game.state.models[table.focus_hero].known.get("Brace of Pistols", ()):
        table.viewer = "Bob"
        words = drawn_words(app, table)
        assert not any("gizmo" in w for w in words if "Brace" in w)
        # Bob reads of a hidden gizmo only once his team has noticed one (here his Bog Hound may find Brick Hide)
        king = next(m for m in game.state.team("Ann") if m.hero.id == "brick_king")
        if "Bob" not in king.known.get("Brick Hide", ()) and "Brick Hide" not in king.destroyed:
            assert not any("gizmo" in w for w in words if "hidden" in w)


def test_the_table_offers_only_what_the_engine_says_is_legal_and_the_odds_are_the_engines():
    from fractions import Fraction

    from deathmatch.rulesets.supers import odds

    app = fresh_app()
    game = hidden_game(seed=9)
    table = SupersTable(app, game, None, handoff=False)
    app.push(table)
    driver = Driver(app, table, "mouse", random.Random(2))
    checked = 0
    for _ in range(300):
        driver.settle()
        if table.stage == "over":
            break
        if table.stage == ac.ACT:
            for name in table.attack_powers():
                table.set_mode(("attack", name))
                for c, opts in table.candidates.items():
                    for o in opts:
                        assert game.is_legal(o)
                        for h in odds.attack_odds(game, o.model, o.power, o.target, o.at):
                            n = h.number
                            raw = Fraction(sum(1 for r in range(1, 21) if r == 1 or (r != 20 and r <= n)), 20)
                            m = game.state.models[o.model]
                            p = m.power(o.power) or m.stored
                            need = {"unreliable": 15, "wild": 10}.get(p.reliability)
                            assert h.hit == raw * (Fraction(need, 20) if need else 1)
                            assert n == game.to_hit_number(m, game.state.models[h.hero], "foiblish" in p.styles)
                            checked += 1
                offered = {repr(o) for opts in table.candidates.values() for o in opts}
                engine = {repr(a) for a in game.legal_actions() if isinstance(a, ac.Attack) and a.power == name}
                assert engine <= offered  # every target the engine allows is on the board
        driver.step()
    assert checked


def test_the_autosave_loads_back_onto_the_table_where_the_fight_stood():
    from deathmatch import saves

    app = fresh_app()
    game = hidden_game(seed=5)
    app.play(game)
    table = table_of(app)
    driver = Driver(app, table, "mouse", random.Random(3))
    for _ in range(12):
        driver.settle()
        driver.step()
    driver.settle()
    loaded = saves.load_game(saves.AUTOSAVE)
    assert loaded.ruleset_id == "supers"
    assert len(loaded.history) == len(game.history)
    app.play(loaded)
    again = table_of(app)
    assert isinstance(again, SupersTable) and again.game is loaded
    assert {m.id: (m.at, m.oomph) for m in loaded.state.models.values()} == \
        {m.id: (m.at, m.oomph) for m in game.state.models.values()}


def test_the_replay_plays_the_fight_again_to_its_end():
    app = fresh_app()
    game = hidden_game(seed=7)
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    app.router.ruleset = "supers"
    replay = app.router.open("replay", game)
    assert isinstance(replay, SupersReplay)
    for _ in range(20000):
        app.frame([], DT)
        if replay.stage == "over":
            break
    assert replay.stage == "over" and replay.game.over
    assert replay.game.outcome == game.outcome
    assert {m.id: m.oomph for m in replay.game.state.models.values()} == {m.id: m.oomph for m in game.state.models.values()}


def test_every_event_of_whole_fights_animates_and_the_picture_ends_at_the_engines_state():
    """The animations alone (no snapping to the state) bring the picture to where the engine stands after
    every answer: positions, altitude, oomph, entangles, faints — in fights with fliers, falls, entangling
    and fainting, on a hex and the square arena."""
    from deathmatch.board.arenas import list_arenas
    from deathmatch.rulesets.supers import events as ev
    from deathmatch.rulesets.supers.ruleset import quick_game

    app = fresh_app()
    kinds: set = set()
    for seed, stem in ((1, "supers_crater"), (2, "supers_danger_room"), (3, "supers_skyline")):
        arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == stem)
        game = quick_game(["Ann", "Bob"], arena, seed, heroes=3)
        table = SupersTable(app, game, None, handoff=False)
        table.animator.speed = 4.0
        rng = random.Random(seed)
        for k in range(2000):
            if game.over:
                break
            legal = game.legal_actions()
            fights = [a for a in legal if isinstance(a, ac.Attack)] if rng.random() < 0.7 else []
            events = game.apply(rng.choice(fights or [a for a in legal if not isinstance(a, ac.Hold)] or legal))
            kinds |= {type(e).__name__ for e in events}
            table.take(events)
            if k % 7 == 0:  # now and then frame by frame, as on screen
                for _ in range(2000):
                    if not table.animator.busy:
                        break
                    table.animator.update(1 / 60)
            table.animator.skip()
            for m in game.state.models.values():
                f = table.view.figures[m.id]
                assert (f.oomph, round(f.alt), f.fainted) == (m.oomph, m.altitude, m.fainted), (m.id, events)
                if not m.fainted:
                    assert f.entangled == m.entangled, (m.id, events)
                if m.at is not None:
                    assert f.placed and (f.x, f.y) == table.board.centre(m.at), (m.id, events)
            assert not table.view.effects
    assert {"Moved", "AttackDeclared", "Damaged", "Fainted"} <= kinds
    assert kinds & {"Fell", "Entangled"}
    _ = ev


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_computer_seat_plays_its_own_decisions(level):
    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers import newgame

    app = fresh_app()
    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_foundry")
    game = newgame.new_game(arena, [("Ann", ["powder_nell", "storm_widow"]), ("Bob", ["brick_king", "green_abbess"])],
                            newgame.library(), None, seed=4, colours=[0, 1], bots={"Bob": level})
    app.play(game)
    table = table_of(app)
    assert table.bots["Bob"] is not None and table.bots["Bob"].level == level  # the ruleset's own bot
    driver = Driver(app, table, "mouse", random.Random(6))
    driver.play()
    assert game.over and driver.players == {"Ann"}
    bob = {type(a).__name__ for a in game.history if getattr(a, "player", None) == "Bob"}
    assert {"Place", "Move"} <= bob or {"Place", "Attack"} <= bob


@pytest.mark.parametrize("mode", ["mouse", "keys"])
def test_a_flier_picks_the_cell_then_the_altitude_and_is_drawn_raised(mode):
    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers import newgame

    app = fresh_app()
    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    game = newgame.new_game(arena, [("Ann", ["winged_courier", "powder_nell"]), ("Bob", ["brick_king", "bog_hound"])],
                            newgame.library(), None, seed=2, colours=[0, 1])
    rng = random.Random(1)

    def flier_to_act():
        d = game.pending
        return d is not None and d.kind == "act" and game.state.models[d.model].hero.id == "winged_courier" and \
            any(isinstance(a, ac.Move) and a.altitude for a in game.legal_actions())
    while not flier_to_act():
        game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, ac.Attack)]))
    table = SupersTable(app, game, None, handoff=False)
    app.push(table)
    driver = Driver(app, table, mode, random.Random(2))
    driver.settle()
    assert table.stage == ac.ACT
    driver.press(button(table, "Move"))
    cell = next(c for c, opts in sorted(table.candidates.items()) if len(opts) >= 3)
    driver.pick_cell(cell)
    assert table.stage == "altitude"
    labels = [b.label for b in table.buttons]
    alts = sorted(o.altitude for o in table.picked)
    assert labels[:len(alts)] == [f"Altitude {a} ({a})" if a else "Ground (0)" for a in alts] and labels[-1] == "Back (Esc)"
    driver.press(button(table, "Altitude 2"))
    m = next(x for x in game.state.models.values() if x.hero.id == "winged_courier")
    assert m.at == cell and m.altitude == 2
    table.animator.skip()
    assert table.view.figures[m.id].alt == 2.0
    assert any("altitude 0 to 2" in line for line in table.log[-6:])


def test_continue_and_a_named_save_bring_the_fight_back_to_its_table_behind_a_hand_off():
    """The autosave is the title screen's Continue; F5 saves under a name, which the Load screen lists; either
    way the fight comes back on its own table, and with two people at it the screen is handed to the one
    whose decision it is before anything is shown."""
    from deathmatch import saves
    from deathmatch.scenes.handoff import HandOffScene

    app = fresh_app()
    game = hidden_game(seed=5)
    app.play(game)
    table = table_of(app)
    driver = Driver(app, table, "keys", random.Random(3))
    for _ in range(8):
        driver.settle()
        driver.step()
    driver.settle()
    saves.write_named(game, "big fight")
    assert any(i.name == "big fight" for i in saves.list_saves())
    named = saves.load_game(saves.named_save_path("big fight"))
    assert named.history == game.history and named.ruleset_id == "supers"
    app.stack.replace(TitleScene(app))
    app.frame([], DT)
    title = app.stack.top
    info = title.continue_info
    assert info is not None and info.arena == "The Crater" and info.round == game.state.turn >= 1
    assert info.players == ["Ann", "Bob"] and info.ruleset == "supers"
    # the game counts turns, and its lines say so (they said "round 1")
    said = drawn_words(app, title)
    assert any(w.startswith("Continue: Superhero Gladiators at The Crater") and f"turn {game.state.turn}" in w
               for w in said), said  # (the game named: four are installed)
    assert not any("round" in w for w in said if w.startswith("Continue:"))
    app.frame(press(pygame.K_c), DT)
    again = table_of(app)
    assert isinstance(again, SupersTable) and again.game.history == game.history
    app.frame([], DT)
    assert isinstance(app.stack.top, HandOffScene) and again.viewer is None  # nobody's view until it is passed
    assert app.stack.top.player == game.pending.player
    # the hand-off speaks of this game's secret (hidden gizmos), not of Celebrity's cards
    app.frame([], DT)
    assert app.stack.top.shown[2] == "Your hidden gizmos are yours to know — the others look away."


def test_moves_show_which_movement_power_takes_the_hero_there():
    """Cells past a hero's own movement are reached only with a movement power (drawn apart, and the powers
    named when hovered); a step next door is on foot."""
    app = fresh_app()
    game = hidden_game(seed=5)
    rng = random.Random(2)
    nell = next(m for m in game.state.models.values() if m.hero.id == "powder_nell")
    while not (game.pending is not None and game.pending.kind == "act" and game.pending.model == nell.id
               and not nell.entangled):
        game.apply(rng.choice([a for a in game.legal_actions() if not isinstance(a, ac.Attack)]))
    table = SupersTable(app, game, None, handoff=False)
    app.push(table)
    Driver(app, table, "mouse", rng).settle()
    table.set_mode(("move",))
    far = [c for c, plans in table.move_plans.items() if min(p[2] for p in plans) > nell.hero.movement]
    near = [c for c in table.candidates if game.grid.distance(c, nell.at) == 1]
    assert far and near
    for c in far:
        assert all(any("speedy" in p.movement for p in plan[1]) for plan in table.move_plans[c])
        table.hover_cell = c
        assert any("Rope Swing" in line for line in table.move_lines())
    for c in near:
        assert any(not plan[1] for plan in table.move_plans[c])
        table.hover_cell = c
        assert any("on foot" in line for line in table.move_lines())


def test_a_players_own_hero_file_is_offered_and_fights_and_a_broken_one_is_named(tmp_path):
    """A hero saved into the player's heroes folder (as the designer saves it) is on the setup's list and goes
    into the fight; a file that will not load is left out, and the setup says which and why."""
    from deathmatch import paths
    from deathmatch.rulesets.supers.heroes import save_hero
    from deathmatch.rulesets.supers.model import Hero, Power

    mine = Hero("tin_kettle", "The Tin Kettle", 4, 4, 4, 3, (Power("Steam Jet", "shot", 3, 10, ("missile",)),
                                                            Power("Lid", "toughness", 2, 5)))
    assert not mine.problems()
    save_hero(mine)
    (paths.user_dir("heroes") / "broken.yaml").write_text("id: broken\nname: Broken\nstr: 40\n", encoding="utf-8")
    app = fresh_app((1024, 600))
    app.router.ruleset = "supers"
    setup = app.router.open("setup")
    app.frame([], DT)
    assert "tin_kettle" in setup.heroes() and "broken" not in setup.heroes()
    words = " ".join(r.words for r in _drawn(app, setup))
    assert "1 hero file skipped: broken.yaml" in words and "check-heroes" in words
    app.frame(click(button(setup, "The Tin Kettle").rect.center), DT)
    app.frame(click(button(setup, "Powder Nell").rect.center), DT)
    setup.seed = 3
    app.frame(click(button(setup, "Start the game").rect.center), DT)
    table = table_of(app)
    assert isinstance(table, SupersTable), setup.message
    assert table.game.setup.seats[0].heroes[0] == mine


def _drawn(app, scene):
    surface = ui.RecordingSurface(app.size, [])
    with ui.recording() as records:
        surface.records = records
        scene.draw(surface)
    return records


@pytest.mark.parametrize("mode", ["mouse", "keys"])
def test_a_known_gizmo_is_attacked_from_the_gizmo_buttons_with_its_chance(mode):
    """A vulnerable gizmo (public) is a target in the Gizmo mode: its hero's cell, then which gizmo with which
    power, with the chance to destroy it shown; the attack is the engine's AttackGizmo."""
    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers import newgame

    app = fresh_app()
    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    # Powder Nell's Rope Swing and the Winged Courier's Sandal Wings are vulnerable gizmos
    game = newgame.new_game(arena, [("Ann", ["storm_widow", "bog_hound"]), ("Bob", ["powder_nell", "winged_courier"])],
                            newgame.library(), None, seed=3, colours=[0, 1])
    rng = random.Random(4)
    while not (game.pending is not None and game.pending.kind == "act" and game.pending.player == "Ann"
               and any(isinstance(a, ac.AttackGizmo) for a in game.legal_actions())):
        legal = game.legal_actions()
        game.apply(rng.choice([a for a in legal if not isinstance(a, (ac.Attack, ac.AttackGizmo))] or legal))
    table = SupersTable(app, game, None, handoff=False)
    app.push(table)
    driver = Driver(app, table, mode, rng)
    driver.settle()
    driver.press(button(table, "Gizmo"))
    assert table.mode == ("gizmo",) and table.candidates
    cell = sorted(table.candidates)[0]
    table.hover_cell = cell
    words = " ".join(r.words for r in _drawn(app, table))
    assert "destroyed" in words and "%" in words
    offered = table.candidates[cell]
    driver.pick_cell(cell)
    if len(offered) > 1:
        assert table.stage == "pick"
        driver.press(table.buttons[0])
    assert any(isinstance(a, ac.AttackGizmo) for a in game.history[-1:])


def test_a_noticed_gizmo_is_picked_by_its_owner_after_a_hand_off_and_only_the_two_teams_read_of_it():
    """Bob's hero notices one of Ann's unused hidden gizmos: the question which one is Ann's, so the screen is
    handed to her first; her choice is logged for Ann and Bob, and a third team never reads of it."""
    from deathmatch.core.dice import ForcedDice
    from deathmatch.rulesets.supers.model import Hero, Power
    from deathmatch.rulesets.supers.setup import Seat, Setup, new_game
    from deathmatch.scenes.handoff import HandOffScene

    gadgets = Hero("gadgeteer", "The Gadgeteer", 4, 4, 4, 3, (Power("Zap", "shot", 2, 10, (), (), "reliable", "hidden"),
                                                             Power("Shell", "toughness", 2, 5, (), (), "reliable", "hidden")))
    seer = Hero("seer", "The Seer", 3, 4, 3, 5, (Power("Poke", "smash", 2, None),))
    third = Hero("third", "The Third", 4, 4, 4, 3, (Power("Jab", "smash", 2, None),))
    game = new_game(Setup((Seat("Ann", "vermilion", (gadgets,)), Seat("Bob", "sky blue", (seer,)),
                           Seat("Cy", "gold", (third,))), {"hexagon": 4}, seed=2))
    for _ in range(200):
        d = game.pending
        if d.kind == "act" and d.player == "Bob":
            break
        game.apply(next((a for a in game.legal_actions() if isinstance(a, ac.Hold)), game.legal_actions()[0]))
    app = fresh_app()
    table = SupersTable(app, game, None, handoff=True)
    app.push(table)
    driver = Driver(app, table, "mouse", random.Random(1))
    driver.settle()
    assert table.decision.player == "Bob" and table.viewer == "Bob"
    game.dice = ForcedDice([1])  # the notice roll: 1 is under any Perception
    driver.press(button(table, "Notice"))
    ann_cell = next(m.at for m in game.state.models.values() if m.owner == "Ann")
    driver.pick_cell(ann_cell)
    for _ in range(600):
        if isinstance(app.stack.top, HandOffScene):
            break
        driver.frames(1)
    handoff = app.stack.top
    assert isinstance(handoff, HandOffScene) and handoff.player == "Ann" and table.viewer is None
    assert table not in app.stack.visible()  # nothing of it shows before the pass
    past_the_guard(app)
    driver.frames(1, click((app.size[0] // 2, app.size[1] // 2)))
    driver.settle()
    assert table.stage == ac.CHOOSE and table.viewer == "Ann"
    assert [b.label for b in table.buttons] == ["1 Zap", "2 Shell"]
    driver.press(table.buttons[1])
    assert game.history[-1] == ac.Choose("Ann", "gadgeteer", "Shell")
    table.animator.skip()
    line = "The Seer's team knows now: The Gadgeteer's Shell is a hidden gizmo"
    for viewer, sees in (("Ann", True), ("Bob", True), ("Cy", False), (None, False)):
        table.viewer = viewer
        assert (line in table.log) == sees, viewer
        assert not any("Shell" in x and "gizmo" in x for x in table.log) or sees
    table.focus_hero = "gadgeteer"
    for viewer, sees in (("Bob", True), ("Cy", False)):
        table.viewer = viewer
        card = " ".join(r.words for r in _drawn(app, table))
        assert ("Shell: toughness 2 · 5/5 · hidden gizmo" in card) == sees, (viewer, card)
        assert "Zap: shot 2 · 10/10 · hidden gizmo" not in card  # nobody but Ann knows of that one


def test_the_setup_opens_the_designer_and_a_hero_saved_there_joins_the_team_being_picked():
    """Design a hero… (D) on the setup: the designer opens over it; a hero saved there is in the
    hero list at once and in the team being picked (it had room), and Back returns to the setup."""
    from deathmatch.rulesets.supers.heroes import load_default_heroes
    from deathmatch.scenes.supers.designer import HeroDesignerScene

    app = fresh_app((1024, 600))
    app.frame(click(button(app.stack.top, "New game").rect.center), DT)
    app.frame(click(button(app.stack.top, "Superhero Gladiators").rect.center), DT)
    setup = app.stack.top
    assert isinstance(setup, SupersSetupScene)
    app.frame(press(pygame.K_d), DT)
    designer = app.stack.top
    assert isinstance(designer, HeroDesignerScene)
    bundled = load_default_heroes().heroes["brick_king"]
    designer.start_from(bundled)
    designer.copy_hero()
    designer.save()
    copy_id = designer.draft.id
    assert copy_id != "brick_king" and designer.source is not None and designer.source.exists()
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is setup
    assert copy_id in setup.heroes() and setup.seats[setup.team_seat].cards == [copy_id]
    assert any(b.label == bundled.name + " (copy)" and b.selected for _, b in setup.hero_buttons)


def test_a_defence_that_would_do_nothing_says_so_on_its_button_and_the_odds_name_the_defences_that_stop():
    """Slippery against a plain smash, toughness against a piercing one: the rules let the defender invoke
    it and spend the use (§5), and the button says beforehand that it would do nothing, and why. A defence
    that would stop the hit is offered plainly. When none of the hero's defences could stop the hit, the
    question (and the hand-off to the defender mid-attack) is not asked at all: the hit is taken, the log
    says why. And before attacking, the odds panel names the target's defences that could stop the attack."""
    from deathmatch.rulesets.supers import odds

    app = fresh_app()
    found = set()
    for seed in range(8):
        game = hidden_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(500):
            d = game.pending
            if game.over:
                break
            if d.kind == "defend" and d.about == "hit":
                outlook = {n: odds.defence_outlook(game, d.model, n) for n in d.options}
                table = SupersTable(app, game, None, handoff=False)
                app.push(table)
                table.animator.skip()
                n_before = len(game.history)
                app.frame([], DT)
                if all(why is not None for why in outlook.values()):
                    # nothing it has could stop this hit: the table takes it unasked, and the log says why
                    assert table.stage != ac.DEFEND and game.history[n_before:][:1] == [ac.Defend(d.player, d.model)]
                    assert any(" takes the hit: " in line and "could not help" in line for line in table.log)
                    found.add("unasked")
                    app.stack.pop()
                    continue
                assert table.stage == ac.DEFEND
                for n, why in outlook.items():
                    b = next(b for b in table.buttons if n in b.label)
                    assert ("no use here" in b.label) == (why is not None), (b.label, why)
                    found.add(why is None)
                app.stack.pop()
            if d.kind == "act" and d.player == "Ann":
                table = SupersTable(app, game, None, handoff=False)
                for a in [a for a in game.legal_actions() if isinstance(a, ac.Attack) and a.target][:3]:
                    for h in odds.attack_odds(game, a.model, a.power, a.target, a.at):
                        stop = table.stoppers(a, h)
                        got, _ = game.attack_power(game.state.models[a.model], a.power)
                        assert stop == odds.stopping_defences(game, h.hero, h, got[0])
                        found.add(("stop", bool(stop)))
            legal = game.legal_actions()
            attacks = [a for a in legal if isinstance(a, ac.Attack)]
            game.apply(rng.choice(attacks if attacks and rng.random() < 0.8 else legal))
        if {True, "unasked", ("stop", True)} <= found:
            break
    # (a "no use here" button beside one that helps needs a hero with two defences: none of the bundled ones)
    assert {True, "unasked", ("stop", True)} <= found, found



def test_a_hit_none_of_the_defences_could_stop_hands_nobody_the_screen_mid_attack():
    """Played cold, two people: "The Winged Courier is hit … defend with a power (1…) or not (N)?" with one
    button, "Slip Away (5 left) — no use here" — a question with one sensible answer, and with hand-offs a
    pass of the screen to the defender and back in the middle of the attacker's action. Such a hit is taken
    unasked; a defence that may help is still asked, behind its hand-off."""
    from deathmatch.rulesets.supers import odds

    app = fresh_app()
    asked, unasked = [], 0
    for seed in range(4):
        game = hidden_game(seed=seed)
        table = SupersTable(app, game, None, handoff=True)
        app.push(table)
        real = table.hand_over

        def spy(real=real, game=game):
            d = game.pending
            if d is not None and d.kind == "defend" and d.about == "hit":
                asked.append(all(odds.defence_outlook(game, d.model, n) for n in d.options))
            real()
        table.hand_over = spy
        Driver(app, table, "keys", random.Random(seed)).play()
        unasked += sum(" takes the hit: " in line for line in table.log)
        while app.stack.top is not table:
            app.stack.pop()
        app.stack.pop()
        if unasked and True in [not a for a in asked]:
            break
    assert unasked, "no hit that nothing could stop came up"
    assert False in asked  # a defence that may help: the defender is still handed the screen and asked
    assert True not in asked  # …and never for a hit nothing could stop
