"""Chessboard Skirmish played cold, as a new player meets it (issue 29): the dice tray's verdicts read
from the die they sit under, a gun next to its target is not asked "melee or at range?", the hero's
re-roll offer says what a new roll would bring, the placement prompt does not send a player to the
other side's blue home row, stat lines say "no armour", the log and the awards say what their words
and numbers mean, and the setup screen shows what its buttons do."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


from deathmatch.board import Square  # noqa: E402
from deathmatch.client import ui  # noqa: E402
from deathmatch.core.front import Front  # noqa: E402
from deathmatch.rulesets.skirmish import events as ev  # noqa: E402
from deathmatch.rulesets.skirmish.actions import Attack  # noqa: E402
from deathmatch.rulesets.skirmish.army import Army, Miniature as M  # noqa: E402
from deathmatch.scenes.skirmish import facts as rf  # noqa: E402
from deathmatch.scenes.skirmish.anim import Verdict, event_steps  # noqa: E402
from deathmatch.scenes.skirmish.log import describe  # noqa: E402
from test_skirmish_table import DT, fresh_app  # noqa: E402

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def game(seed=3, scenario=None):
    """Two armies with guns, bows, armour and heroes on a plain 8 x 8 board (free lists)."""
    from deathmatch.board import arena as arenas
    from deathmatch.rulesets.skirmish.setup import Seat, Setup, new_game
    from deathmatch.rulesets.skirmish.state import Options

    red = Army("Red", (M("Captain", 8, "gun", 0, True), M("Gunner", 6, "gun"), M("Archer", 8, "bow"),
                       M("Guard", 10, "melee", 2)))
    blue = Army("Blue", (M("Knight", 10, "melee", 3, True), M("Rifleman", 6, "gun"), M("Bowman", 8, "bow"),
                         M("Squire", 4, "melee")))
    setup = Setup((Seat("Red", "vermilion", red), Seat("Blue", "sky blue", blue)), {"square": [8, 8]},
                  Options(None, scenario, 0), seed)
    return new_game(setup, arenas.square(8, 8))


def play_until(g, done, seed=1, limit=4000, events=None):
    """Random legal play until `done(g)` (None if the game ends first); each answer's events go to `events`."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(g):
            return g
        if g.over:
            break
        told = g.apply(rng.choice(g.legal_actions()))
        if events is not None:
            events += told
    return None


def table_on(app, g):
    from deathmatch.scenes.skirmish.battle import start_battle

    app.settings.handoff = False
    app.settings.animation_speed = 60.0
    t = start_battle(app, g)
    for _ in range(900):
        app.frame([], DT)
        if t.stage not in ("idle", "auto") and not t.animator.busy:
            break
    t.animator.skip()
    return t


def both_ways(weapon):
    """A test: an open activation of a `weapon` miniature next to an enemy it may also shoot."""
    def done(g):
        if g.pending is None or g.pending.kind != "act":
            return False
        m = g.state.minis[g.pending.mini]
        attacks = [a for a in g.legal_actions() if isinstance(a, Attack)]
        return m.spec.weapon == weapon and any(sum(1 for b in attacks if b.target == a.target) == 2 for a in attacks)
    return done


def found(weapon):
    for seed in range(1, 60):
        g = play_until(game(seed=seed), both_ways(weapon), seed=seed)
        if g is not None:
            return g
    raise AssertionError(f"no {weapon} next to an enemy in 60 games")


def test_a_gun_next_to_its_target_is_not_asked_melee_or_at_range():
    """A gun's shot rolls the full die, as melee does: the two have the same odds, so a click on the
    target attacks at once (melee); a bow's shot is halved, so there the question stays, with both odds."""
    app = fresh_app()
    g = found("gun")
    t = table_on(app, g)
    attacks = [a for a in g.legal_actions() if isinstance(a, Attack)]
    target = next(a.target for a in attacks if sum(1 for b in attacks if b.target == a.target) == 2)
    t.pick_square(g.state.minis[target].at)
    assert t.stage != "weapon"
    action, _ = g.last_answer
    assert isinstance(action, Attack) and action.target == target and action.mode == "melee"

    g = found("bow")
    t = table_on(fresh_app(), g)
    attacks = [a for a in g.legal_actions() if isinstance(a, Attack)]
    target = next(a.target for a in attacks if sum(1 for b in attacks if b.target == a.target) == 2)
    t.pick_square(g.state.minis[target].at)
    assert t.stage == "weapon"
    assert "melee or at range" in t.asked_words("Red")


def test_the_tray_verdict_is_coloured_for_the_die_it_sits_under():
    """Under the defender's die: "5 vs 3: gets through" is the defence failing (red), "blocked" it holding
    (green); under the save die: "saved" green, "defeated" red — never "succeeds" in green under the die
    of the miniature that was just hit."""
    g = game()
    seen = Front(g).view(None)
    a, b = list(seen.minis)[:2]

    def verdict(e):
        (v,) = [s for s in event_steps(e, seen, lambda who: (0, 0, 0)) if isinstance(s, Verdict)]
        return v.words, v.good

    assert verdict(ev.AttackCompared(a, b, 5, 3, True)) == ("5 vs 3: gets through", False)
    assert verdict(ev.AttackCompared(a, b, 2, 3, False)) == ("2 vs 3: blocked", True)
    assert verdict(ev.Saved(b, 5)) == ("saved", True)
    assert verdict(ev.Defeated("Blue", b, Square(1, 1), a)) == ("defeated", False)


def test_the_log_says_why_a_game_was_won_in_words():
    seen = Front(game()).view(None)
    lines = {r: describe(ev.GameOver(("Red",), r), seen) for r in ("last_standing", "infiltrate", "retrieve", "survival")}
    assert lines["retrieve"] == "Red wins: the marker is home, on a corner of its own back rank"
    for reason, line in lines.items():
        assert "_" not in line and f"({reason.split('_')[0]}" not in line and line.startswith("Red wins: "), line


def test_stat_lines_say_no_armour_and_armour_left_in_words():
    seen = Front(game()).view(None)
    by_name = {m.name: m for m in seen.minis.values()}
    assert rf.stat_lines(by_name["Captain"])[0] == "d8 · gun · no armour · hero"
    assert rf.stat_lines(by_name["Knight"])[0] == "d10 · melee · armour 3 · hero"
    assert rf.armour_words(2, 3) == "armour 2 of 3" and rf.armour_words(0, 2) == "armour 0 of 2"
    assert not any("/" in line for m in seen.minis.values() for line in rf.stat_lines(m))


def test_the_re_roll_offer_says_what_a_new_roll_would_bring():
    from deathmatch.rulesets.skirmish.actions import RollInfo

    seen = Front(game()).view(None)
    captain = next(m for m in seen.minis.values() if m.name == "Captain")

    class Asked:
        def __init__(self, purpose, value):
            self.roll = RollInfo(captain.id, purpose, 8, value)

    def needs(purpose, sides):
        return {"save": 4, "skill": sides // 2}.get(purpose)

    assert rf.reroll_words(seen, Asked("attack", 7), needs) == \
        "Captain rolled 7 on d8 for attack (a re-roll rolls higher 1 time in 8)."
    assert rf.reroll_words(seen, Asked("defence", 2), needs) == \
        "Captain rolled 2 on d8 for defence (a re-roll rolls higher 6 times in 8)."
    assert rf.reroll_words(seen, Asked("save", 3), needs) == \
        "Captain rolled 3 on d8 for its save: needs 4+ (a re-roll makes it 5 times in 8)."


def test_the_placement_prompt_names_the_row_not_a_colour():
    """Sky Blue's home row is drawn blue on every bundled board; "place … on a blue square" sent the first
    player to the other side's row. The prompt names the player's own row."""
    app = fresh_app()
    t = table_on(app, game())
    assert t.stage == "place"
    words = t.asked_words("Red")
    assert "blue" not in words and "home row (row 1)" in words, words


def test_the_awards_say_what_they_count():
    """"Sharpest: Sir Gawaine (d10): 5" said nothing of what the 5 was: each award names its unit."""
    from deathmatch.scenes.skirmish.results import AWARDS, awards

    g = game(seed=5)
    events = list(getattr(g, "setup_events", ()))
    play_until(g, lambda g: g.over, seed=5, events=events)
    assert g.over
    won = awards(Front(g).view(None), events)
    units = {u for _, _, pair in AWARDS for u in pair}
    assert won
    for title, line in won:
        if title != "First blood":
            assert any(line.endswith(u) for u in units), line


def test_the_setup_shows_what_a_button_does_under_the_mouse():
    """The seats' and options' buttons carry hints that nothing drew; the one under the mouse shows its
    own, whole, on the screen. "Bot thinking" is greyed with no hard bot at the table, and says why."""
    from test_skirmish_first_night import setup_scene

    for size in SIZES:
        app = fresh_app(size)
        setup = setup_scene(app)
        for label in ("Points", "Scenario", "Bot thinking", "Human", "Pick army"):
            b = next(b for b in setup.buttons if b.label.startswith(label))
            with ui.recording() as records:
                setup.draw_hint(ui.RecordingSurface(app.size, records), b.rect.center)
            words = " ".join(r.words for r in records)
            assert words and words.split()[0] in b.hint and not any(r.words.endswith("…") for r in records), words
            assert all(0 <= r.ink.left and r.ink.right <= size[0] and 0 <= r.ink.top and r.ink.bottom <= size[1]
                       for r in records), (label, size)
        thinking = next(b for b in setup.buttons if b.label.startswith("Bot thinking"))
        assert not thinking.enabled and "hard bot" in thinking.hint
        setup.seats[1].kind = "hard"
        setup.layout()
        thinking = next(b for b in setup.buttons if b.label.startswith("Bot thinking"))
        assert thinking.enabled


def test_the_prompt_offers_only_what_is_on_offer():
    """On the marker after its move, a miniature has nothing green or red left: the prompt names the
    buttons ("Pick up (P) or End (E)"), not "green: move, red: attack"; Pick up's hint gives the roll
    it needs."""
    from deathmatch.rulesets.skirmish.actions import Move, PickUp

    def on_marker(g):
        if g.pending is None or g.pending.kind != "act":
            return False
        legal = g.legal_actions()
        return any(isinstance(a, PickUp) for a in legal) and not any(isinstance(a, (Move, Attack)) for a in legal)

    g = next(filter(None, (play_until(game(seed=s, scenario="retrieve"), on_marker, seed=s) for s in range(1, 80))))
    t = table_on(fresh_app(), g)
    assert t.stage == "act" and not t.candidates
    words = t.asked_words("Red")
    assert "green" not in words and "red:" not in words and "Pick up (P)" in words, words
    pick_up = next(b for b in t.buttons if b.label == "Pick up (P)")
    m = g.state.minis[g.pending.mini]
    assert f"a skill check, {m.spec.die // 2} or more on its d{m.spec.die}." in pick_up.hint


def test_a_seat_without_an_army_says_an_army_is_dealt():
    from test_skirmish_first_night import setup_scene

    app = fresh_app()
    setup = setup_scene(app)
    for seat in setup.seats[:2]:
        seat.cards = []
    with ui.recording() as records:
        setup.draw(ui.RecordingSurface(app.size, records))
    assert "an army dealt at random" in " ".join(r.words for r in records)


def test_a_finished_game_says_so_in_the_top_bar_and_acts_no_more():
    """After the win the top bar read "Round 2 · Initiative …: Red acts first" and the winner's card
    "acting now"; now the bar says who won and nobody is acting."""
    g = game(seed=7, scenario="retrieve")
    play_until(g, lambda g: g.over, seed=7)
    seen = Front(g).view(None)
    assert seen.outcome.reason == "retrieve" and seen.activation is not None  # the carrier's move won
    assert rf.initiative_words(seen).startswith("Game over: ")
    assert not any("acting now" in rf.status_words(seen, mid) for mid in seen.minis)
    assert rf.legend_words(seen, rings=True) == ""  # (no "press Pick up (P)" under a finished game)


def test_the_odds_on_a_hero_say_its_re_roll_is_counted_in():
    """A d10 with 9 % against a d8 puzzled: the prompt over a target says a hero's unused re-roll is in the odds."""
    def at_a_hero(g):
        if g.pending is None or g.pending.kind != "act":
            return False
        return any(isinstance(a, Attack) and g.state.minis[a.target].spec.hero and not g.state.minis[a.mini].spec.hero
                   and not g.state.minis[a.target].rerolled for a in g.legal_actions())

    g = next(filter(None, (play_until(game(seed=s), at_a_hero, seed=s) for s in range(1, 80))))
    t = table_on(fresh_app(), g)
    hero = next(g.state.minis[a.target] for a in g.legal_actions() if isinstance(a, Attack)
                and g.state.minis[a.target].spec.hero)
    t.cursor = hero.at
    words = t.asked_words("Red")
    assert f"({hero.spec.name}'s hero re-roll counted in)" in words, words


def test_an_army_under_the_points_says_so_on_its_seat():
    from test_skirmish_first_night import setup_scene

    app = fresh_app()
    setup = setup_scene(app)
    lib = app.library
    setup.options.points = 30
    small = next(k for k in setup.armies() if lib.cards[k].army.cost() < 30)
    full = next(k for k in setup.armies() if lib.cards[k].army.cost() == 30)
    setup.seats[0].cards, setup.seats[1].cards = [small], [full]
    setup.layout()
    with ui.recording() as records:
        setup.draw(ui.RecordingSurface(app.size, records))
    words = " ".join(r.words for r in records)
    cost = lib.cards[small].army.cost()
    assert f"{lib.cards[small].army.name} · {cost} of 30 points" in words, words
    assert f"{lib.cards[full].army.name} · 30 points" in words
