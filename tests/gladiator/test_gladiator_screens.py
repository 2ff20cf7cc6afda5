"""Gladiator!'s screens, driven headless: from the title screen through the setup and a whole bout on
the table to the results, by the mouse alone (clicks at the points the screen reports) and by the
keyboard alone; the table offers what the engine says is legal and nothing else; the setup starts a
bout for every gladiator and arena it lists; the picture ends where the engine's state is. Frames
are driven with a fixed dt: nothing here depends on timing."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from deathmatch.board import Hex  # noqa: E402
from deathmatch.rulesets.gladiator import actions as ac  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.choose import GameChoiceScene  # noqa: E402
from deathmatch.scenes.gladiator.bout import GladiatorTable  # noqa: E402
from deathmatch.scenes.gladiator.results import GladiatorResults  # noqa: E402
from deathmatch.scenes.gladiator.setup import GladiatorSetupScene  # noqa: E402
from deathmatch.scenes.results import ResultsScene  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from table_driver import DT, BaseDriver  # noqa: E402
from test_client import click, press  # noqa: E402



def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def table_of(app):
    return next((s for s in reversed(app.stack.scenes) if isinstance(s, GladiatorTable)), app.stack.top)


def button(scene, label):
    return next(b for b in scene.buttons if b.label.startswith(label))


class Driver(BaseDriver):
    """Plays a bout on the table the way a player would, by the mouse alone or the keyboard alone: only
    what the screen offers (highlighted hexes at the points it reports, buttons, the hand-off screen).
    It closes in and attacks, so that bouts end."""

    def __init__(self, app, table, mode: str, rng):
        super().__init__(app, table, mode, rng)
        self.stages: set[str] = set()
        self.players: set[str] = set()
        """The players the screen asked (a computer seat's are answered without asking)."""

    def settle(self, limit=5000):
        super().settle(limit)

    def pick_hex(self, h):
        t = self.table
        assert h in t.candidates
        if self.mode == "mouse":
            self.frames(1, click(t.hex_point(h)))
            return
        order = t.candidate_order()
        steps = (order.index(h) - order.index(t.cursor)) % len(order) if t.cursor in order else order.index(h) + 1
        events = []
        for _ in range(steps):
            events += press(pygame.K_TAB)
        self.frames(1, events)
        assert t.cursor == h
        self.frames(1, press(pygame.K_RETURN))

    def press(self, b):
        if self.mode == "mouse":
            self.frames(1, click(b.rect.center))
        else:
            assert b.key is not None, b.label
            self.frames(1, press(b.key))

    def buttons(self, *starts):
        return [b for b in self.table.buttons if b.enabled and (not starts or b.label.startswith(starts))]

    def step(self):
        t = self.table
        g = self.game
        before = len(g.history)
        for _ in range(6):
            if len(g.history) > before or t.stage == "over":
                return
            self.stages.add(t.stage)
            self.players.add(t.decision.player)
            if t.stage == "posture":
                self.press(self.rng.choice(self.buttons("1", "2")))
            elif t.stage in ("choose", "reroll", "card"):
                self.press(self.rng.choice(self.buttons()))
            elif t.stage == "attack":
                self.press(self.rng.choice([b for b in self.buttons() if b.label[:1].isdigit()]))
            elif t.stage == "facing":
                foe = t.foe
                end = t.move.path[-1]
                toward = end.neighbor(end.direction_to(foe.at)) if end.direction_to(foe.at) is not None else None
                if toward in t.candidates and self.rng.random() < 0.8:
                    self.pick_hex(toward)
                elif self.mode == "mouse":
                    self.press(button(t, "Keep this way"))
                else:
                    self.frames(1, press(pygame.K_RETURN))
            elif t.stage == "turn":
                me, foe = t.me, t.foe
                d = Hex(*me.at).direction_to(foe.at)
                h = Hex(*me.at).neighbor(d) if d is not None else None
                if h in t.candidates:
                    self.pick_hex(h)
                else:
                    self.press(self.rng.choice([b for b in self.buttons() if b.label[:1].isdigit()]))
            elif t.stage == "recover":
                self.press(self.buttons("1")[0])
            elif t.stage == "cards":
                self.press(self.buttons("1")[0])
            elif t.stage == "order":
                self.order()
            else:
                raise AssertionError(f"nothing to do at stage {t.stage}")
        raise AssertionError(f"no answer after six tries at stage {t.stage}")

    def order(self):
        t = self.table
        me, foe = t.me, t.foe
        if foe.at in t.candidates:
            self.pick_hex(foe.at)  # → the attack's choices, the odds shown first
            return
        advances = [h for h in t.candidates if any(isinstance(o, ac.Advance) for o in t.candidates[h])]
        for label in ("Stand up", "Get loose", "Pick up"):
            if self.buttons(label) and self.rng.random() < 0.8:
                self.press(self.buttons(label)[0])
                return
        if advances and self.rng.random() < 0.9:
            self.pick_hex(min(advances, key=lambda h: (h.distance(foe.at), self.rng.random())))
            return
        d = Hex(*me.at).direction_to(foe.at)
        if self.buttons("Turn") and d is not None and d != me.facing and self.rng.random() < 0.7:
            self.press(self.buttons("Turn")[0])
            return
        if self.buttons("Recover") and self.rng.random() < 0.3:
            self.press(self.buttons("Recover")[0])
            return
        self.press(self.buttons("End half")[0])

    def play(self, max_steps=3000) -> int:
        n = 0
        while True:
            self.settle()
            if self.table.stage == "over":
                return n
            self.step()
            n += 1
            assert n < max_steps, "the bout did not end"


def check_picture_matches_engine(table):
    s = table.game.state
    for m in s.men.values():
        f = table.view.figures[m.id]
        assert (round(f.x), round(f.y)) == tuple(round(c) for c in table.board.centre(m.at)), m.id
        assert round(f.angle) % 360 == round(table.board.angle(m.facing)) % 360, m.id
        b = table.view.bodies[m.id]
        assert b.wounds == m.wounds and b.damage == m.damage, m.id


def start_from_title_by_mouse(app, seed):
    title = app.stack.top
    app.frame(click(button(title, "New game").rect.center), DT)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    app.frame(click(button(choice, "Gladiator!").rect.center), DT)
    setup = app.stack.top
    assert isinstance(setup, GladiatorSetupScene) and setup.count == 2
    setup.seed = seed
    ring = next(r for k, r in setup.arena_rects if setup.arenas[k].path.stem == "ludus_yard")
    app.frame(click(ring.center), DT)
    assert setup.arenas[setup.arena].path.stem == "ludus_yard"
    b = next(b for b in setup.buttons if b.label.startswith(("Pick gladiator", "Next gladiator")))
    app.frame(click(b.rect.center), DT)
    app.frame(click(b.rect.center), DT)
    picked = setup.seats[0].cards[0]
    app.frame(click(button(setup, "Special rolls").rect.center), DT)
    assert button(setup, "Special rolls").label == "Special rolls: off"
    app.frame(click(button(setup, "Special rolls").rect.center), DT)
    app.frame(click(button(setup, "Start the game").rect.center), DT)
    table = table_of(app)
    assert isinstance(table, GladiatorTable), getattr(setup, "message", "")
    assert table.game.setup.seats[0].gladiator.id == picked
    assert table.game.state.options.special_rolls
    return table


def test_mouse_alone_from_the_title_to_the_results():
    app = fresh_app()
    table = start_from_title_by_mouse(app, seed=11)
    game = table.game
    driver = Driver(app, table, "mouse", random.Random(5))
    driver.play()
    assert game.over and table.stage == "over"
    assert {"posture", "order", "attack"} <= driver.stages
    check_picture_matches_engine(table)
    assert table.log and table.log[-1].startswith("The bout is over")
    assert table.log[0] == "— Game turn 1 —" and any("for initiative" in line for line in table.log[1:6])  # the start shows
    app.frame(click(button(table, "Results").rect.center), DT)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and isinstance(results.part, GladiatorResults)
    app.frame([], DT)
    head, line = results.part.headline()
    assert ("wins" in head or head == "A draw") and "exchange" in line
    app.frame(click(button(results, "Title").rect.center), DT)
    assert isinstance(app.stack.top, TitleScene)


def test_keyboard_alone_from_the_title_to_the_results():
    app = fresh_app((1024, 600))
    app.frame(press(pygame.K_n), DT)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    names = [b.label for b in choice.buttons]
    k = next(i for i, label in enumerate(names) if label.startswith("Gladiator!"))
    app.frame(press(pygame.K_DOWN) * k + press(pygame.K_RETURN), DT)
    setup = app.stack.top
    assert isinstance(setup, GladiatorSetupScene)
    setup.seed = 23
    app.frame(press(pygame.K_g) + press(pygame.K_h) + press(pygame.K_h), DT)
    assert setup.seats[0].cards and setup.seats[1].cards
    app.frame(press(pygame.K_RETURN), DT)
    table = table_of(app)
    assert isinstance(table, GladiatorTable), setup.message
    game = table.game
    driver = Driver(app, table, "keyboard", random.Random(8))
    driver.play()
    assert game.over and {"posture", "order", "attack"} <= driver.stages
    check_picture_matches_engine(table)
    app.frame(press(pygame.K_ESCAPE), DT)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and isinstance(results.part, GladiatorResults)
    app.frame([], DT)
    app.frame(press(pygame.K_r), DT)  # Rematch: the same gladiators and arena, a new seed
    again = table_of(app)
    assert isinstance(again, GladiatorTable) and again.game is not game
    assert [s.gladiator for s in again.game.setup.seats] == [s.gladiator for s in game.setup.seats]


def test_the_setup_starts_a_bout_for_every_gladiator_and_arena_it_lists():
    app = fresh_app()
    app.router.ruleset = "gladiator"
    setup = app.open("setup")
    ids = setup.gladiators()
    assert len(ids) >= 12 and len(setup.arenas) >= 3
    for k, _ in enumerate(setup.arenas):
        setup.select_arena(k)
        assert setup.problem() == "", setup.arenas[k].name
        game = setup.make(seed=k)
        assert game.pending is not None and game.state.arena.name == setup.arenas[k].report.arena.name
    for i, gid in enumerate(ids):
        setup.seats[0].cards = [gid]
        setup.seats[1].cards = [ids[(i + 1) % len(ids)]]
        assert setup.problem() == ""
        game = setup.make(seed=i)
        assert [s.gladiator.id for s in game.setup.seats] == [gid, ids[(i + 1) % len(ids)]]
    setup.seats[0].cards = setup.seats[1].cards = [ids[0]]  # the same gladiator on both seats: refused, said
    assert "two different gladiators" in setup.problem()
    setup.seats[0].cards = setup.seats[1].cards = []  # both at random
    game = setup.make(seed=2)
    assert all(s.gladiator.id in ids for s in game.setup.seats)
    # what it must refuse, it names
    setup.seats[1].name = setup.seats[0].name
    assert "same name" in setup.problem()


def test_the_seat_kinds_are_the_people_and_the_bot_levels_the_registry_lists():
    from deathmatch.core import registry

    app = fresh_app()
    app.router.ruleset = "gladiator"
    setup = app.open("setup")
    assert setup.kinds() == ("Human", "Phone", *registry.get("gladiator").bot_levels)
    seen = set()
    for _ in range(len(setup.kinds())):
        setup.cycle_kind(1)
        seen.add(setup.seats[1].kind)
    assert seen == set(setup.kinds())


def test_the_table_offers_only_what_the_engine_says_is_legal():
    app = fresh_app((1024, 600))
    table = start_from_title_by_mouse(app, seed=4)
    driver = Driver(app, table, "mouse", random.Random(2))
    for _ in range(60):
        driver.settle()
        if table.stage == "over":
            break
        if table.stage == "order":
            legal = table.game.legal_actions()
            for opts in table.candidates.values():
                for o in opts:
                    assert table.game.is_legal(o)
            ends = {o.path[-1] for o in legal if isinstance(o, (ac.Advance, ac.Retreat))}
            foe = table.foe
            if any(isinstance(o, (ac.Attack, ac.ThrowNet)) for o in legal):
                ends.add(foe.at)
            assert set(table.candidates) == ends
            assert bool(driver.buttons("End half")) == any(isinstance(o, ac.End) for o in legal)
        driver.step()


def test_the_odds_panel_shows_the_exchange_both_ways_before_the_click():
    app = fresh_app()
    table = start_from_title_by_mouse(app, seed=11)
    driver = Driver(app, table, "mouse", random.Random(5))
    for _ in range(400):
        driver.settle()
        assert table.stage != "over", "no attack came up"
        if table.stage == "order" and table.foe.at in table.candidates:
            break
        driver.step()
    driver.pick_hex(table.foe.at)
    sent = len(table.game.history)
    assert table.stage == "attack"
    attacks = table.shown_attacks()
    assert attacks and all(isinstance(a, ac.Attack) for a in attacks)
    odds = table.exchange_odds(attacks[0])
    assert odds is not None and 0 <= odds.wound_target <= 1 and 0 <= odds.wound_attacker <= 1
    records = []
    orig = table.draw_odds

    def spy(surface, y):
        records.append(y)
        orig(surface, y)
    table.draw_odds = spy
    app.frame([], DT)
    assert records and len(table.game.history) == sent  # drawn, and nothing sent yet


def test_the_autosave_loads_back_onto_the_table_where_the_bout_stood():
    from deathmatch import saves

    app = fresh_app()
    table = start_from_title_by_mouse(app, seed=11)
    driver = Driver(app, table, "mouse", random.Random(5))
    for _ in range(25):
        driver.settle()
        driver.step()
    driver.settle()
    game = table.game
    loaded = saves.load_game(saves.AUTOSAVE)
    assert loaded.ruleset_id == "gladiator" and list(loaded.history) == list(game.history)
    assert {m.id: (m.at, m.facing, m.damage) for m in loaded.state.men.values()} == \
        {m.id: (m.at, m.facing, m.damage) for m in game.state.men.values()}
    app.play(loaded)
    again = table_of(app)
    assert isinstance(again, GladiatorTable) and again.game is loaded


def test_the_replay_plays_the_bout_again_to_its_end():
    from deathmatch.scenes.gladiator.bout import GladiatorReplay

    app = fresh_app()
    table = start_from_title_by_mouse(app, seed=11)
    Driver(app, table, "mouse", random.Random(5)).play()
    game = table.game
    app.frame(click(button(table, "Results").rect.center), DT)
    results = app.stack.top
    app.frame([], DT)
    assert results.part.can_replay
    app.frame(click(button(results, "Watch replay").rect.center), DT)
    replay = app.stack.top
    assert isinstance(replay, GladiatorReplay)
    for _ in range(20000):
        if replay.stage == "over":
            break
        app.frame([], DT)
    assert replay.stage == "over" and replay.game.outcome == game.outcome
    assert list(replay.game.history) == list(game.history)


def test_a_computer_seat_plays_its_own_decisions():
    app = fresh_app()
    app.router.ruleset = "gladiator"
    setup = app.open("setup")
    setup.seed = 5
    setup.cycle_kind(1)  # seat 2: a person on a phone, …
    assert setup.seats[1].kind == "Phone"
    setup.cycle_kind(1)  # … then the weakest bot level
    assert setup.seats[1].kind not in ("Human", "Phone")
    setup.start()
    table = table_of(app)
    bot_player = setup.seats[1].name.strip()
    assert bot_player in table.auto
    driver = Driver(app, table, "mouse", random.Random(1))
    driver.play()
    assert table.game.over
    assert table.humans == [setup.seats[0].name.strip()]
    assert driver.players == {setup.seats[0].name.strip()}  # the bot's seat was never asked on screen
    assert any(len(a.player) and a.player == bot_player for a in table.game.history)


def _bout(types, seed):
    from deathmatch.board.arenas import list_arenas
    from deathmatch.rulesets.gladiator.model import Gladiator
    from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game

    board = next(e.report.arena for e in list_arenas(ruleset="gladiator") if e.ok and e.path.stem == "sand_circle")
    seats = tuple(Seat(n, c, Gladiator(f"{t}{k}", t.capitalize(), t))
                  for k, (n, c, t) in enumerate(zip(("Ann", "Bob"), ("vermilion", "sky blue"), types)))
    return new_game(Setup(seats, {"map": board.source["map"]}, seed=seed), board)


def test_every_event_of_whole_bouts_animates_and_the_picture_ends_at_the_engines_state():
    """Computer seats on both sides (random answers), nets, a lion, two swords: the animations run
    frame by frame at a fixed dt, and whenever the table waits the picture is the state."""
    from deathmatch.scenes.gladiator.bout import map_path

    seen: set[str] = set()
    for k, types in enumerate([("retiarius", "secutor"), ("laquearius", "lion"), ("dimachaerus", "retiarius")]):
        app = fresh_app((1024, 600))
        game = _bout(types, seed=50 + k)  # one of them called off at the turn limit, one throws a net
        table = GladiatorTable(app, game, map_path(game), handoff=False, auto_players={p: None for p in game.state.players},
                               anim_speed=60.0, seed=k, auto_delay=0.0)
        app.stack.replace(table)
        take = table.take
        table.take = lambda events, take=take: (seen.update(type(e).__name__ for e in events), take(events))
        steps = 0
        while table.stage != "over":
            table.update(DT)  # the animations' clock alone (drawing is the other tests')
            steps += 1
            assert steps < 100000, "the bout never ended"
            if table.stage == "auto" and not table.animator.busy:
                check_picture_matches_engine(table)
        check_picture_matches_engine(table)
        app.frame([], DT)
        assert table.log[-1].startswith(("The bout is over", "The bout is called off"))
    assert {"Advanced", "Turned", "ExchangeDeclared", "ExchangeResolved", "Wounded", "NetThrown", "APRolled",
            "ThumbsRolled" if "Down" in seen else "BoutOver"} <= seen


def test_a_facing_toward_the_arenas_edge_is_picked_by_a_click_beyond_the_floor():
    app = fresh_app()
    table = start_from_title_by_mouse(app, seed=11)
    driver = Driver(app, table, "mouse", random.Random(5))
    floor = table.game.state.arena.floor
    for _ in range(300):
        driver.settle()
        assert table.stage != "over", "no advance to the edge came up"
        if table.stage == "order":
            edge = [o for h, opts in table.candidates.items() for o in opts if isinstance(o, ac.Advance)
                    and any(h.neighbor(d) not in floor for d in range(6))]
            if edge:
                break
        driver.step()
    table.open_facing(edge[0])
    off = [h for h in table.candidates if h not in floor]
    assert off, "the edge hex offers a facing off the floor"
    chosen = table.candidates[off[0]][0]
    app.frame(click(table.hex_point(off[0])), DT)
    assert table.game.history[-1] == chosen


def test_the_results_card_says_how_a_man_died():
    """"dead" beside "damage taken: 7 (down at 7, dead at 8)" read as a contradiction after a killing blow
    (play-tested): the card says how he died, in his own pronoun."""
    from deathmatch.rulesets.gladiator import events as ev
    from deathmatch.scenes.gladiator.results import death_words

    events = [ev.Dead("m1", 7, "six_six"), ev.Dead("m2", 9, "damage"), ev.Dead("m3", 7, "crowd")]
    assert death_words(events, "m1") == "dead — a killing blow (6 and 6)"
    assert death_words(events, "m2", "her") == "dead of her wounds"
    assert death_words(events, "m3") == "dead — thumbs down from the crowd"
    assert death_words(events, "m4") == "dead"


def test_the_two_seats_never_send_the_same_gladiator():
    """Achillia against Achillia was possible (play-tested): stepping a seat's pick passes over the other
    seat's man, two seats set to the same one are refused with words, and a man drawn at random is not the
    other seat's."""
    from deathmatch.scenes.gladiator import newgame

    app = fresh_app()
    app.router.ruleset = "gladiator"
    setup = app.open("setup")
    ids = setup.gladiators()
    setup.seats[0].cards = [ids[1]]
    setup.seats[1].cards = [ids[0]]
    setup.pick(1)  # the second seat's next would be the first seat's man: passed over
    assert setup.seats[1].cards == [ids[2]]
    setup.seats[1].cards = [ids[1]]
    why = setup.problem()
    name = app.library.cards[ids[1]].gladiator.name
    assert name in why and "two different gladiators" in why
    lib = app.library
    arena = setup.arenas[setup.arena].report.arena
    for seed in range(40):
        game = newgame.new_game(arena, [("A", [ids[0]]), ("B", [])], lib, setup.options.options(), seed=seed)
        men = [s.gladiator.name for s in game.setup.seats]
        assert men[0] != men[1], (seed, men)
        game = newgame.new_game(arena, [("A", []), ("B", [])], lib, setup.options.options(), seed=seed)
        men = [s.gladiator.name for s in game.setup.seats]
        assert men[0] != men[1], (seed, men)


def test_the_top_bar_says_who_goes_first_once_the_dice_have_landed():
    """The top bar read the game, which is ahead of the animation: "Crixus goes first" (or "Crixus's half")
    showed while the initiative dice still rolled. While the picture catches up the bar keeps what it said;
    then it says the new words."""
    from deathmatch.launch import make_game

    app = fresh_app()
    game, path = make_game(2, "sand_circle", 4, ruleset="gladiator")
    table = GladiatorTable(app, game, path, anim_speed=1.0, handoff=False)
    app.stack.replace(table)
    rng = random.Random(2)
    driver = BaseDriver(app, table, "keys", rng)
    held = 0
    for _ in range(200):
        driver.settle()
        if game.over or held >= 3:
            break
        said = table.top_words()
        table.answer(table.options[rng.randrange(len(table.options))])
        while table.animator.busy and not game.over:
            assert table.top_words() == said
            st = table.seen
            ahead = (f"{st.men[st.acting].name}'s half ({st.men[st.acting].owner})" if st.acting is not None else
                     f"{st.men[st.first].name} goes first" if st.first is not None else "")
            if ahead != said and not game.over:
                held += 1  # (the game already knows who acts; the dice on screen have not said it)
            app.frame([], DT)
    assert held, "no roll-off was seen while its dice rolled"
