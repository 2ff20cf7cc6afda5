"""A Superhero Gladiators tournament night (team play) on screen, driven headless through the screens:
the title's Tournament asks which game, the night's setup (2 to 4 teams, each person's team picked for
the whole night on New game's hero list, bots' dealt game by game; the night's games and arenas), a game on the Superhero Gladiators table,
the shared standings between games, Continue in the middle of a game, and the podium at the end."""

from __future__ import annotations

import random

import pygame

from deathmatch.scenes.supers import facts
from deathmatch.scenes.supers.table import SupersTable
from deathmatch.scenes.supers.tourney import SupersTournamentSetup
from deathmatch.scenes.tourney import TournamentScene
from deathmatch.tournament import Tournament
from test_client import click, press
from test_skirmish_tournament_screens import DT, button, fresh_app, play_out

NAME = "Superhero Gladiators"


def choose(app, by_keys=False):
    """Tournament on the title screen, then Superhero Gladiators on the choice of game (a click, or the keys)."""
    app.frame(press(pygame.K_t), DT)
    choice = app.stack.top
    assert NAME in [b.label for b in choice.buttons]
    if by_keys:
        while choice.buttons[choice.focus].label != NAME:
            app.frame(press(pygame.K_DOWN), DT)
        app.frame(press(pygame.K_RETURN), DT)
    else:
        app.frame(click(button(choice, NAME).rect.center), DT)
    return app.stack.top


def test_a_supers_night_of_bots_from_the_title_to_the_podium():
    random.seed(31)  # the night's seed (the setup draws it): the same night every run
    app = fresh_app()
    setup = choose(app)
    assert isinstance(setup, SupersTournamentSetup) and app.router.ruleset == "supers"
    assert setup.side.each_runs(2) == "teams kept all night; bots' dealt"  # not New game's "2 or 3"
    levels = ["Human", "Phone"] + [f"Bot: {k}" for k in setup.kinds()[2:]]
    for i in range(2):  # each seat's button steps to the normal bot
        while setup.seats[i].kind != "normal":
            app.frame(click([b for b in setup.buttons if b.label in levels][i].rect.center), DT)
    labels = [b.label for b in setup.buttons]
    # bots only: no hero list (a bot's team is dealt game by game), a greyed "Dealt" where Team and Random were
    assert not setup.hero_buttons and not [x for x in labels if x in ("Team", "Random")]
    assert labels.count("Dealt") == 2 and not any(b.enabled for b in setup.buttons if b.label == "Dealt")
    assert set(setup.app.library.cards).isdisjoint(labels)
    while setup.games != 2:
        app.frame(click(button(setup, "Games:").rect.center), DT)
    first, second = (s.name for s in setup.seats[:2])
    colour = {s.name: s.colour for s in setup.seats[:2]}
    app.frame(press(pygame.K_RETURN), DT)
    standings = app.stack.top
    assert isinstance(standings, TournamentScene)
    t = standings.t
    assert (t.ruleset, t.games, t.assignment) == ("supers", 2, "deal")
    assert [e.kind for e in t.entrants] == ["normal", "normal"]
    assert Tournament.load().ruleset == "supers"  # saved before the first game
    app.frame([], DT)  # the standings draw
    for game_no, seated_first in ((1, first), (2, second)):
        app.frame(press(pygame.K_RETURN), DT)  # next game
        table = app.stack.top
        assert isinstance(table, SupersTable)
        game = table.game
        assert game.state.players[0] == seated_first  # the seating turns game by game
        assert [len(s.heroes) for s in game.setup.seats] == [2, 2]  # two heroes a team, dealt
        assert set(table.bots) == {first, second}
        # each team wears its entrant's colour, whichever seat it has
        assert facts.colours(game) == [colour[s.name] for s in game.setup.seats]
        play_out(app, table)
        saved = Tournament.load()  # saved after every action; the ending one files the game with the results
        assert saved.current is None and len(saved.records) == game_no
        app.frame(press(pygame.K_ESCAPE), DT)
        standings = app.stack.top
        assert isinstance(standings, TournamentScene) and len(standings.t.records) == game_no
        app.frame([], DT)
    t = standings.t
    assert t.over and t.champion() in (first, second)
    saved = Tournament.load()
    assert saved.ruleset == "supers" and len(saved.records) == 2 and saved.current is None
    assert [r.setup["seats"][0]["name"] for r in saved.records] == [first, second]
    assert [b.label for b in standings.buttons] == ["Export (E)", "Title (Esc)"]  # no next game: the podium


def test_a_night_of_three_teams_started_by_keys_and_continued_on_its_table():
    random.seed(32)
    app = fresh_app()
    setup = choose(app, by_keys=True)
    assert isinstance(setup, SupersTournamentSetup)
    while setup.count < 3:
        app.frame(press(pygame.K_PLUS), DT)
    for seat in setup.seats[:3]:
        seat.kind = "normal"
    setup.chosen = [setup.arena_index("bundled:supers_crater")]  # a map for two teams
    setup.arena = setup.chosen[0]
    app.frame(press(pygame.K_RETURN), DT)
    assert isinstance(app.stack.top, SupersTournamentSetup) and "3" in setup.message  # a night's arenas take its teams
    rects = dict(setup.arena_rects)
    skyline, crater = setup.arena_index("bundled:supers_skyline"), setup.chosen[0]
    for k in (skyline, crater):  # the Skyline onto the night's list, the Crater off it
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rects[k].center, button=1)], DT)
    assert setup.chosen == [skyline]
    app.frame(press(pygame.K_RETURN), DT)
    assert isinstance(app.stack.top, TournamentScene) and len(app.stack.top.t.entrants) == 3
    app.frame([], DT)
    app.frame(press(pygame.K_RETURN), DT)  # game 1
    table = app.stack.top
    assert isinstance(table, SupersTable) and len(table.game.state.players) == 3
    play_out(app, table, stop=lambda: len(table.game.history) >= 6)
    history = list(table.game.history)
    app2 = fresh_app()
    app2.router.ruleset = "celebrity"  # whatever was played last
    app2.frame(press(pygame.K_c), DT)
    resumed = app2.stack.top
    assert isinstance(resumed, SupersTable) and list(resumed.game.history) == history
    assert set(resumed.bots) == {s.name for s in setup.seats[:3]}  # still the night's bots
    play_out(app2, resumed)
    app2.frame(press(pygame.K_ESCAPE), DT)
    assert isinstance(app2.stack.top, TournamentScene) and len(app2.stack.top.t.records) == 1
    assert app2.router.ruleset == "supers"


def test_the_next_supers_night_remembers_the_last_one_apart_from_new_game():
    app = fresh_app()
    app.router.ruleset = "supers"
    setup = SupersTournamentSetup(app)
    setup.games, setup.no_repeat = 6, False
    setup.options.turn_limit = 40
    setup.remember()
    kept = app.settings.last_tournament
    assert kept["night_supers_games"] == 6 and "supers_turn_limit" not in (app.settings.last_setup or {})
    night = SupersTournamentSetup(app)
    assert (night.games, night.no_repeat, night.options.turn_limit) == (6, False, 40)
    assert all(not s.cards for s in night.seats)


def test_the_standings_speak_a_supers_nights_words(monkeypatch):
    """A supers night's table counts the foes' heroes knocked out and the team's heroes left standing."""
    from deathmatch.tournament import bot_tournament
    from test_skirmish_tournament_screens import _words

    app = fresh_app()
    night = bot_tournament(2, 1, 5, ruleset="supers")
    said = _words(app, TournamentScene(app, night), monkeypatch)
    assert {"KOs", "standing"} <= set(said) and not {"kills", "loot"} & set(said)
    assert "Ties: VP, then wins, then KOs, then standing." in said


def test_the_standings_and_the_saves_name_an_arena_as_the_setup_does(monkeypatch):
    """"Next: game 1 on The Skyline" (the map's own name, as the setup's arena list shows it), never the
    file's name ("Supers Skyline"); a saved fight's arena on the load screen likewise."""
    from deathmatch.saves import _arena_label
    from deathmatch.tournament import Entrant
    from test_skirmish_tournament_screens import _words

    app = fresh_app()
    night = Tournament([Entrant("Ann", 0, "easy"), Entrant("Bob", 1, "easy")], 2, ["bundled:supers_skyline"],
                       seed=3, ruleset="supers")
    said = " ".join(map(str, _words(app, TournamentScene(app, night), monkeypatch)))
    assert "Next: game 1 on The Skyline;" in said and "Supers Skyline" not in said
    app.router.ruleset = "supers"
    listed = {e.id: e.name for e in SupersTournamentSetup(app).arenas}
    assert listed["bundled:supers_skyline"] == "The Skyline"
    assert _arena_label({"map": "bundled:supers_crater"}) == listed["bundled:supers_crater"] == "The Crater"
    assert _arena_label({"map": "bundled:no_such_map"}) == "No Such Map"  # a map gone: its file's name in words


def _overlaps(buttons):
    return [(a.label, b.label) for i, a in enumerate(buttons) for b in buttons[i + 1:] if a.rect.colliderect(b.rect)]


def test_the_night_setup_is_new_games_frame_with_the_nights_choices_beside_the_options():
    """No gap where New game's Team and Random were: the left half is New game's (seats, hero list, the
    shown hero), the night's choices sit in the right half under the fight's options, where the animation
    speed was, at every window size; nothing overlaps, nothing leaves the window."""
    for size in ((1024, 600), (1280, 720), (1920, 1080)):
        app = fresh_app(size)
        app.router.ruleset = "supers"
        setup = app.open("tournament setup")
        w, h = size
        assert setup.hero_buttons and setup.team_seat == 0, size  # a person's team is picked on the list
        labels = [b.label for b in setup.buttons]
        assert {"Team", "Random"} <= set(labels) and any(x.startswith("Design a hero") for x in labels)
        assert not any(x.startswith("Animations") for x in labels)
        night = [button(setup, x) for x in ("Games:", "Arenas:", "No repeats:")]
        limit = button(setup, "Turn limit:")
        for b in night:
            assert b.rect.x >= w * 0.52 - 1 and b.rect.y > limit.rect.bottom, (size, b.label, b.rect)
            assert b.rect.bottom < button(setup, "Start the tournament").rect.y
            assert b.rect.y >= max(r.bottom for _, r in setup.arena_rects), (size, b.label)
        assert not _overlaps(setup.buttons), size
        assert all(pygame.Rect(0, 0, w, h).contains(b.rect) for b in setup.buttons), size
        lowest = max(b.rect.bottom for _, b in setup.hero_buttons)  # the list reaches down to the buttons' row
        assert setup.list_rect.bottom > h - int(120 * setup.s) and lowest < setup.list_rect.bottom, size
        app.frame([], DT)  # draws


def test_people_pick_their_teams_for_the_night_and_keep_them_game_by_game():
    """Seat 1 (a person) picks three heroes by clicks; seat 2 (a bot) has no Team button and is dealt;
    the night's file keeps the picks; both of its games field the same team; the next night's setup
    starts from them."""
    random.seed(33)
    app = fresh_app()
    setup = choose(app)
    setup.seats[0].kind, setup.seats[1].kind = "Human", "Human"
    setup.layout()
    while setup.seats[1].kind in ("Human", "Phone"):  # seat 2: a person, a person by phone, then a bot
        app.frame(click([b for b in setup.buttons if b.label in ("Human", "Phone") or b.label.startswith("Bot:")][1]
                        .rect.center), DT)
    assert setup.team_seat == 0
    assert [b.label for b in setup.buttons].count("Team") == 1  # only the person's row
    picks = [hid for hid, _ in setup.hero_buttons[2:5]]
    app.frame(click(button(setup, "Team").rect.center), DT)
    for hid in picks:
        app.frame(click(dict(setup.hero_buttons)[hid].rect.center), DT)
    assert setup.seats[0].cards == picks
    while setup.games != 2:
        app.frame(click(button(setup, "Games:").rect.center), DT)
    ann, bot = setup.seats[0].name, setup.seats[1].name
    app.frame(press(pygame.K_RETURN), DT)
    standings = app.stack.top
    assert isinstance(standings, TournamentScene)
    saved = Tournament.load()
    assert saved.options.teams == ((ann, tuple(picks)),) and saved.options.team_size == 2
    for k in range(2):
        teams = {s.name: [h.id for h in s.heroes] for s in saved.setup_for(k).seats}
        assert teams[ann] == picks and len(teams[bot]) == 2 and not set(teams[bot]) & set(picks)
    app.frame([], DT)
    app.frame(press(pygame.K_RETURN), DT)  # game 1 on the table: the picked team is there
    table = app.stack.top
    assert isinstance(table, SupersTable)
    assert [h.id for h in next(s for s in table.game.setup.seats if s.name == ann).heroes] == picks
    again = SupersTournamentSetup(app)
    assert again.seats[0].cards == picks and not again.seats[1].cards
