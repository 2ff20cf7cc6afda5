"""What a hotseat evening of Superhero Gladiators turned up (two people, 1024×600, then a fight against a
bot at 1280×720): each fix with the test that failed before it."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from table_driver import DT  # noqa: E402


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def new_game(app):
    app.router.ruleset = "supers"
    return app.open("setup")


def test_new_games_picked_teams_are_remembered_without_a_settings_warning():
    """New game kept the teams as a list of lists, which the settings do not keep (plain values only): every
    start warned "last_setup.supers_teams is a list, not a plain value" and the teams were forgotten."""
    from deathmatch.settings import load_settings

    app = fresh_app()
    setup = new_game(app)
    picks = [setup.heroes()[:3], setup.heroes()[3:5]]
    for i, team in enumerate(picks):
        setup.pick(i)
        for hid in team:
            setup.toggle(hid)
    setup.remember()
    settings, problems = load_settings()
    assert not [p for p in problems if "supers_teams" in p], problems
    app2 = fresh_app()
    app2.settings = settings
    again = new_game(app2)
    assert [s.cards for s in again.seats[:2]] == picks


def test_teams_kept_by_an_older_version_as_lists_still_come_back():
    from deathmatch.scenes.supers.setup import teams_of, teams_text

    assert teams_of([["a", "b"], [], "x"]) == [["a", "b"], [], []]
    assert teams_of(teams_text([["a", "b", "c"], [], ["d", "e"]])) == [["a", "b", "c"], [], ["d", "e"]]
    assert teams_text([["x" * 80] * 3]) == ""  # longer than the settings keep: nothing, rather than a warning


TEAMS = (("storm_widow", "powder_nell", "bog_hound"), ("mirror_monk", "winged_courier", "brick_king"))
"""The evening's fight: a missile, a piercing shot and an entangling bite against missile deflection,
toughness, slippery, a visible gizmo and a copy power."""


def _table_at(app, done, seed=3, game_seed=5, teams=TEAMS):
    import sys

    from conftest import ROOT
    sys.path.insert(0, str(ROOT / "tools"))
    from screens_tour import supers_game, supers_table, supers_until

    return supers_table(app, supers_until(supers_game(seed=game_seed, teams=teams), done, seed=seed))


def _defending(kind):
    """A fight stopped at a defence question where `kind` is among the defences offered (a question the table
    asks: one of them may stop the hit — one that none could stop is taken unasked)."""
    from deathmatch.rulesets.supers import odds

    def done(g):
        d = g.pending
        if d is None or d.kind != "defend" or d.about == "escape":
            return False
        m = g.state.models[d.model]
        return any(m.power(n) is not None and m.power(n).type == kind for n in d.options) and \
            any(odds.defence_outlook(g, d.model, n) is None for n in d.options)
    return done


@pytest.mark.parametrize("kind, fact", [("missile_deflection", r"is (a|not a) missile, level \d"),
                                        ("toughness", r"this hit: \d+ oomph")])
def test_a_defence_says_beside_what_it_stops_the_facts_of_this_hit(kind, fact):
    """Asked to defend, a player saw "Stops a missile of level 3 or less" without being told that the hit was
    not a missile (or was piercing, or too big): the hint now sets the hit's own facts beside it, and the
    question names the attacking power's type, level and styles."""
    import re

    app = fresh_app((1024, 600))
    # (the Mirror Monk's deflection stops missiles up to level 3: the Bronze Warden's Boulder Toss is one)
    teams = TEAMS if kind != "missile_deflection" else (("bronze_warden",) + TEAMS[0][1:], TEAMS[1])
    table = _table_at(app, _defending(kind), teams=teams)
    x = table.game.strike
    prompt = table.prompt_words()
    assert f"{x.power_name} ({table.power_words(x.power)})" in prompt, prompt
    assert all(k in table.power_words(x.power) for k in x.power.styles if k != "foiblish")
    m = table.game.state.models[table.decision.model]
    hints = [b.hint for b in table.buttons if b.label[:1].isdigit()]
    own = next(h for h, n in zip(hints, table.decision.options) if m.power(n).type == kind)
    assert re.search(fact, own), own
    if kind == "missile_deflection":
        assert ("is a missile" in own) == ("missile" in x.power.styles)


def test_the_gizmo_attack_odds_name_the_power_each_chance_is_for():
    """Two lines "Sandal Wings of The Winged Courier: destroyed 12%" and "…: destroyed 25%" did not say which
    of the attacker's powers each chance was for."""
    from deathmatch.rulesets.supers import actions as ac

    app = fresh_app((1024, 600))
    table = _table_at(app, lambda g: g.pending is not None and g.pending.kind == "act"
                      and any(isinstance(a, ac.AttackGizmo) for a in g.legal_actions()))
    said = []
    import deathmatch.scenes.supers.table as mod

    real = mod.shortened
    mod.shortened = lambda words, *a, **k: (said.append(words), real(words, *a, **k))[1]
    try:
        table.set_mode(("gizmo",))
        cell = next(iter(table.candidates))
        table.cursor = cell
        table.hover_cell = cell
        app.frame([], DT)
    finally:
        mod.shortened = real
    opts = [o for o in table.candidates[cell] if isinstance(o, ac.AttackGizmo)]
    for o in opts:
        assert any(w.startswith(f"{o.gizmo} of ") and f" with {o.power}: destroyed" in w for w in said), (o, said)


def test_the_top_bar_says_who_answers_a_question_asked_in_the_middle_of_an_action():
    app = fresh_app((1024, 600))
    table = _table_at(app, lambda g: g.pending is not None and g.pending.kind == "defend")
    said = []
    import deathmatch.scenes.supers.table as mod

    real = mod.shortened
    mod.shortened = lambda words, *a, **k: (said.append(words), real(words, *a, **k))[1]
    try:
        app.frame([], DT)
    finally:
        mod.shortened = real
    d = table.game.pending
    m = table.game.state.models[d.model]
    assert any(w.startswith(f"{m.hero.name} ({d.player}) answers, in ") for w in said), said


def test_a_fight_continued_from_its_save_shows_its_log_so_far():
    """After Continue the log panel was empty: what had happened was gone. It is told again from the record,
    each line only to the players it was told to."""
    from deathmatch.scenes.supers.log import audience, describe
    from deathmatch.scenes.supers import facts

    app = fresh_app((1024, 600))
    table = _table_at(app, lambda g: len(g.history) >= 25 and g.pending is not None and g.pending.kind == "act")
    game = table.game
    told = [(describe(e, game), audience(e)) for e in facts.story(game)]
    told = [(line[:1].upper() + line[1:], to) for line, to in told if line]
    assert len(told) > 20 and "— Turn 1 —" in [line for line, _ in told]
    assert table.entries[:len(told)] == told
    for viewer in game.state.players:
        table.viewer = viewer
        assert table.log[:3] == [line for line, to in told if to is None or viewer in to][:3]


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_the_results_awards_sit_under_both_teams_not_in_the_last_teams_panel(size):
    """The awards ("Heaviest hitter: …") were written at the foot of the last team's panel, so that they
    read as that team's: they have a strip of their own, the whole width, under every team's panel."""
    import sys

    from conftest import ROOT
    sys.path.insert(0, str(ROOT / "tools"))
    from screens_tour import supers_game, supers_until

    from deathmatch.scenes.supers.results import SupersResults

    app = fresh_app(size)
    app.router.ruleset = "supers"
    game = supers_until(supers_game(seed=7), lambda g: g.over, seed=4, limit=20000)
    results = SupersResults(app, game)
    w, h = size
    left, right = pygame.Rect(30, 80, w // 2 - 40, h - 160), pygame.Rect(w // 2 + 10, 80, w // 2 - 40, h - 160)
    areas: dict = {}
    results.draw(pygame.Surface(size), left, right, areas)
    strip = areas["awards"]
    teams = [r for k, r in areas.items() if k.startswith("team ")]
    assert len(teams) == 2 and not any(r.colliderect(strip) for r in teams)
    assert strip.x <= left.x and strip.right >= right.right and strip.bottom <= max(left.bottom, right.bottom)
    assert all(r.bottom < strip.y for r in teams)


def test_the_segment_tracks_names_are_as_big_as_their_rows_take():
    """At 1024×600 the track's names were drawn at half the row's height, too small to read ("The Mirror
    Monk" in a 19-pixel row at 10 pixels); they take three quarters of it while the name fits."""
    from deathmatch.client.art.pens import _font
    from deathmatch.client.art.supers import track_name_size

    pygame.init()
    assert track_name_size("Powder Nell", 90, 19) == 14
    assert track_name_size("The Winged Courier", 90, 19) >= 12
    size = track_name_size("Hob, the Clockwork Rat", 90, 19)
    assert _font(size).size("Hob, the Clockwork Rat")[0] <= 90 or size == 10  # fits (in the track's own font), or is cut at the floor


def test_the_rosters_oomph_numbers_keep_a_readable_size_and_are_never_cut():
    """The roster's "86/90 tied 4" was shrunk into the room left of a fixed bar until it was unreadable: the
    numbers keep the names' size and take their room from the bar."""
    import deathmatch.scenes.supers.table as mod

    app = fresh_app((1024, 600))
    table = _table_at(app, lambda g: g.pending is not None and g.pending.kind == "act")
    m = next(m for m in table.game.state.models.values() if not m.fainted and m.hero.max_oomph >= 60)
    m.entangled = 4  # as a grapple leaves it (a picture test: the engine's numbers drawn, nothing played)
    table.front.changed()  # (the game changed behind the front's back: its views are made again)
    table.sync()
    said = []
    real = mod.shortened
    mod.shortened = lambda words, size, *a, **k: (said.append((words, size)), real(words, size, *a, **k))[1]
    try:
        app.frame([], DT)
    finally:
        mod.shortened = real
    numbers = [(w, size) for w, size in said if w[:1].isdigit() and "/" in w.split()[0]]
    assert any(" tied " in w for w, _ in numbers), numbers
    for words, size in numbers:
        assert size >= 12, (words, size)
    table_img = [w for w, _ in said if "tied" in w]
    assert table_img and all("…" not in w for w in table_img)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_new_games_animation_speed_sits_right_under_the_options_row(size):
    """New game left an empty row between the fight's options and the animation speed (where the bots'
    thinking, which this game does not use, was)."""
    app = fresh_app(size)
    setup = new_game(app)
    limit = next(b for b in setup.buttons if b.label.startswith("Turn limit"))
    speed = next(b for b in setup.buttons if b.label.startswith("Animations"))
    assert speed.rect.y == limit.rect.y + int(40 * setup.s) and speed.rect.x == limit.rect.x
    others = [b for b in setup.buttons if b is not speed]
    assert not any(b.rect.colliderect(speed.rect) for b in others)


def _key(k):
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")]


def test_enter_on_a_seats_kind_keeps_the_keyboards_focus_there():
    """By keyboard alone: Tab to Ben's "Human", Enter made it "Bot: easy" and threw the focus back to Start,
    so reaching "Bot: normal" meant tabbing round again. The focus now stays; a click still leaves it on
    Start (Enter then starts, as its label says)."""
    app = fresh_app((1280, 720))
    setup = new_game(app)
    kinds = [b for b in setup.buttons if b.label == "Human" or b.label.startswith("Bot:")]
    while setup.buttons[setup.focus].rect != kinds[1].rect:
        app.frame(_key(pygame.K_TAB), DT)
    app.frame(_key(pygame.K_RETURN), DT)  # (Human, then Phone, then the bots)
    assert setup.seats[1].kind == "Phone" and setup.buttons[setup.focus].label == "Phone"
    app.frame(_key(pygame.K_RETURN), DT)
    assert setup.seats[1].kind == "easy" and setup.buttons[setup.focus].label == "Bot: easy"
    app.frame(_key(pygame.K_RETURN), DT)
    assert setup.seats[1].kind == "normal" and setup.buttons[setup.focus].label == "Bot: normal"
    target = [b for b in setup.buttons if b.label.startswith("Bot:")][0]
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=target.rect.center, rel=(0, 0), buttons=(0, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target.rect.center, button=1)], DT)
    assert setup.buttons[setup.focus].label.startswith("Start the game")


def test_the_arrows_walk_the_board_to_the_nearest_cell_that_way():
    """By keyboard, Right stepped to the next cell in reading order (six presses went up and to the left):
    reaching a cell across the arena meant stepping through dozens. The arrows now go to the nearest cell
    that may be picked that way on screen; Tab keeps the reading order."""
    app = fresh_app((1280, 720))
    table = _table_at(app, lambda g: g.pending is not None and g.pending.kind == "act" and g.state.turn >= 1)
    assert len(table.candidates) > 8 and table.cursor in table.candidates
    centre = table.board.centre
    for key, axis, sign in ((pygame.K_RIGHT, 0, 1), (pygame.K_DOWN, 1, 1), (pygame.K_LEFT, 0, -1),
                            (pygame.K_UP, 1, -1)):
        before = table.cursor
        app.frame(_key(key), DT)
        after = table.cursor
        if after == before:  # nothing that way: the cursor stays
            assert not any((centre(c)[axis] - centre(before)[axis]) * sign > 1 and
                           abs(centre(c)[1 - axis] - centre(before)[1 - axis]) <= 2 * (centre(c)[axis] - centre(before)[axis]) * sign
                           for c in table.candidates)
            continue
        assert (centre(after)[axis] - centre(before)[axis]) * sign > 0, key  # that way (Down went right before)
        dist = lambda c: math.dist(centre(c), centre(before))  # noqa: E731
        step = min(dist(c) for c in table.candidates if c != before)
        assert dist(after) <= 2.1 * step, key  # a neighbour, or the next cell straight on
    order = table.candidate_order()
    at = order.index(table.cursor)
    app.frame(_key(pygame.K_TAB), DT)
    assert table.cursor == order[(at + 1) % len(order)]


def test_the_results_count_an_area_attack_that_hits_three_heroes_as_one_attack_that_hit():
    """The results said "The Storm Widow: 3 hits of 1 attacks": each hero an area attack hit counted as a hit."""
    import sys

    from conftest import ROOT
    sys.path.insert(0, str(ROOT / "tools"))
    from screens_tour import supers_game, supers_until

    from deathmatch.rulesets.supers import events as ev
    from deathmatch.scenes.supers import facts
    from deathmatch.scenes.supers.results import tally

    game = supers_until(supers_game(seed=5, teams=TEAMS), lambda g: g.over, seed=3, limit=20000)
    events = facts.story(game)
    per_attack, current = [], None
    for e in events:
        if isinstance(e, ev.AttackDeclared):
            current = [e.model, 0]
            per_attack.append(current)
        elif isinstance(e, ev.HitResult) and e.hit and current is not None:
            current[1] += 1
    assert any(n > 1 for _, n in per_attack)  # an area attack hit more than one hero in this fight
    t = tally(events)
    for mid, row in t.items():
        mine = [n for m, n in per_attack if m == mid]
        assert row["attacks"] == len(mine) and row["hits"] == sum(1 for n in mine if n), (mid, row)
        assert row["hits"] <= row["attacks"]


def test_new_games_hero_card_says_a_power_is_unreliable_or_wild_as_the_tables_card_does():
    """New game's card read "Crackle Field: smash 3 (superarea), 5 uses"; at the table the same power read
    "smash 3 (superarea, wild)": a player picking a team did not see that it may fail."""
    import deathmatch.client.ui as ui

    app = fresh_app((1280, 720))
    setup = new_game(app)
    lib = app.library.cards
    hid = next(h for h in setup.heroes() if any(p.reliability != "reliable" for p in lib[h].hero.powers))
    setup.toggle(hid)
    said = []
    real = ui.draw_text_block  # draw_hero takes it from client.ui when it draws
    ui.draw_text_block = lambda surface, words, *a, **k: (said.append(words), real(surface, words, *a, **k))[1]
    try:
        setup.draw_hero(pygame.Surface(app.size))
    finally:
        ui.draw_text_block = real
    words = "\n".join(said)
    for p in lib[hid].hero.powers:
        if p.reliability != "reliable":
            line = next(x for x in words.splitlines() if x.startswith(f"{p.name}:"))
            assert p.reliability in line, line


def test_the_log_tells_places_and_moves_without_coordinates():
    """Played cold: the log read "Vermilion places Captain Spark at (-1, 6)" and "moves to (3, 4)": numbers a
    player never sees anywhere else. It says how far a hero went instead ("moves 4 cells")."""
    import re

    from deathmatch.rulesets.supers import events as ev
    from deathmatch.scenes.supers import facts
    from deathmatch.scenes.supers.log import describe

    app = fresh_app((1024, 600))
    table = _table_at(app, lambda g: len(g.history) >= 25 and g.pending is not None and g.pending.kind == "act")
    story = facts.story(table.game)
    lines = [describe(e, table.game) for e in story]
    assert lines and not [w for w in lines if w and re.search(r"\(-?\d+, -?\d+\)", w)]
    moved = [(e, w) for e, w in zip(story, lines) if isinstance(e, ev.Moved) and e.path]
    assert moved and all(f" moves {len(e.path)} cell" in w for e, w in moved)
    assert any(w.endswith(f"places {facts.hero_name(table.game, e.model)}")
               for e, w in zip(story, lines) if isinstance(e, ev.Placed))


def test_the_odds_never_ask_a_twenty_sided_die_for_more_than_twenty():
    """Played cold: "hit 95% (needs 22 or less)" — on a twenty-sided die. A 20 always misses and a 1 always
    hits, and the odds say so in those words."""
    from deathmatch.scenes.supers.table import roll_words

    assert roll_words(22) == roll_words(20) == "anything but a 20"
    assert roll_words(13) == "needs 13 or less"
    assert roll_words(1) == roll_words(-4) == "needs a 1"


def test_the_how_to_paints_the_cells_a_hero_may_move_to_in_the_tables_green():
    """The how-to's step 3 said "click a green cell" beside a picture of blue ones (the table's are green)."""
    from deathmatch.scenes.supers import howto
    from deathmatch.scenes.supers.table import MOVE

    tints = {colour[:3] for _, colour in howto._arenas()["move"].tint}
    assert tints == {MOVE}


def test_a_random_team_is_dealt_heroes_no_other_team_fields():
    """Played cold: Sky Blue's random team was dealt The Winged Courier, already in Vermilion's team — two
    heroes of one name on the track, the cards and the log. A random team now draws from the others."""
    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers import newgame

    lib = newgame.library()
    board = next(e.report.arena for e in list_arenas(ruleset="supers") if e.ok and e.path.stem == "supers_skyline")
    picked = ["winged_courier", "storm_widow", "brick_king"]
    for seed in range(40):
        game = newgame.new_game(board, [("Ann", picked), ("Bob", []), ("Cy", []), ("Di", [])], lib, None, seed=seed)
        ids = [h.id for seat in game.setup.seats for h in seat.heroes]
        assert len(ids) == len(set(ids)), (seed, ids)
        assert [h.id for h in game.setup.seats[0].heroes] == picked


def test_the_placing_prompt_says_who_places_first():
    """Played cold: the log opened with "Acting order: Captain Spark, The Loom Spinner, …" and then the other
    team placed two heroes in a row, in another order: placing goes by Perception, acting by Dexterity."""
    app = fresh_app((1024, 600))
    table = _table_at(app, lambda g: g.pending is not None and g.pending.kind == "place")
    words = table.prompt_words()
    assert "click a blue cell" in words and "lowest Perception first" in words and "Dexterity" in words
