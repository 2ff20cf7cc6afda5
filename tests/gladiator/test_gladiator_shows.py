"""Gladiator! shows what things do (issue 29): every experience card's words with its numbers filled
wherever a card shows (the bout's table, the Ludi tab, the bout's end, the market), each type's numbers in
the market and the recruit just bought named, a status line that names only what applies, the AP roll's
modifiers named by what the man has, the header saying the result once the bout is over, the AP and
sides guide beside the board, blocked hexes marked apart from the floor and the reachable hexes, and a
Careers bout left on the table taken up by Continue or from Load."""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.client import ui  # noqa: E402
from deathmatch.rulesets.gladiator import actions as ac  # noqa: E402
from deathmatch.rulesets.gladiator import events as ev  # noqa: E402
from deathmatch.rulesets.gladiator import season as S  # noqa: E402
from deathmatch.rulesets.gladiator.career import Season  # noqa: E402
from deathmatch.rulesets.gladiator.gladiators import load_default_library  # noqa: E402
from deathmatch.rulesets.gladiator.model import CARD_KINDS, Card, card_words  # noqa: E402
from deathmatch.scenes.gladiator.bout import GladiatorTable, ap_guide, attack_costs, map_path  # noqa: E402
from deathmatch.scenes.gladiator.hub import BoutDoneScene, SeasonHub  # noqa: E402
from deathmatch.scenes.gladiator.log import describe  # noqa: E402
from deathmatch.scenes.gladiator.ludus import MarketScene  # noqa: E402
from deathmatch.scenes.load import LoadScene  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from table_driver import DT  # noqa: E402
from test_client import press  # noqa: E402
from test_gladiator_screens import fresh_app, table_of  # noqa: E402

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
UNFILLED = ("`", "{", "}", "amount", "_")
"""What a card's words on a player's screen never hold: a placeholder, a field's name, a snake_case id."""


def bundled_cards() -> list[Card]:
    return sorted(load_default_library().cards.values(), key=lambda c: c.id)


def texts_of(app) -> list[str]:
    """Every text the stack's visible scenes draw this frame."""
    with ui.recording() as records:
        surface = ui.RecordingSurface(app.size, records)
        for scene in app.stack.visible():
            scene.draw(surface)
    return [r.words for r in records]


def unfilled(words: str) -> list[str]:
    return [u for u in UNFILLED if u in words]


# --------------------------------------------------------------------------- the cards' words

def test_every_bundled_card_says_what_it_does_with_its_numbers_filled():
    cards = bundled_cards()
    assert len(cards) >= 12
    for c in cards:
        words = c.words
        assert not unfilled(words), (c.id, words)
        assert not words[0].islower() and words.endswith("."), (c.id, words)
        if CARD_KINDS[c.kind].takes_amount:
            assert str(c.amount) in words, (c.id, words)
    # every kind at every amount it takes, and the moment it is played
    for k in CARD_KINDS.values():
        for n in range(k.low, k.high + 1) if k.takes_amount else [0]:
            words = card_words(k.name, n)
            assert not unfilled(words) and "Play it" in words, (k.name, n, words)
            if k.takes_amount:
                assert str(n) in words
    assert "1 wound point " in card_words("bind_wounds", 1) and "2 wound points " in card_words("bind_wounds", 2)


def _bout_holding_every_card(seed: int = 3, types=("thracian", "retiarius")):
    from deathmatch.board.arenas import list_arenas
    from deathmatch.rulesets.gladiator.model import Gladiator
    from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game

    cards = bundled_cards()
    halves = ([c.id for c in cards[0::2]], [c.id for c in cards[1::2]])
    board = next(e.report.arena for e in list_arenas(ruleset="gladiator") if e.ok and e.path.stem == "ludus_yard")
    seats = tuple(Seat(n, c, Gladiator(f"{t}{k}", t.capitalize(), t, cards=tuple(halves[k])))
                  for k, (n, c, t) in enumerate(zip(("Ann", "Bob"), ("vermilion", "sky blue"), types)))
    return new_game(Setup(seats, {"map": board.source["map"]}, seed=seed, cards={c.id: c for c in cards}), board)


def _table(app, game) -> GladiatorTable:
    table = GladiatorTable(app, game, map_path(game), handoff=False, anim_speed=60.0, seed=1, auto_delay=0.0)
    app.stack.replace(table)
    for _ in range(400):
        app.frame([], DT)
        if table.stage not in ("idle", "auto") and not table.animator.busy:
            break
    table.animator.skip()
    app.frame([], DT)
    return table


def _play_until(game, done, seed: int = 1, limit: int = 3000):
    """Random legal answers (attacks first, no End while there is anything else) until `done(game)`."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(game):
            return game
        assert game.outcome is None, "the bout ended first"
        legal = game.legal_actions()
        hits = [a for a in legal if isinstance(a, ac.Attack)]
        busy = [a for a in legal if not isinstance(a, (ac.End, ac.PlayCard))]
        game.apply(rng.choice(hits or busy or legal))
    raise AssertionError("never reached")


def test_the_table_shows_each_card_s_effect_filled_in_at_every_size():
    game = _bout_holding_every_card()
    view = __import__("deathmatch.core.front", fromlist=["Front"]).Front(game).view(None)
    for m in view.men.values():
        for c in m.hand:
            assert c.words == card_words(c.kind, c.amount) and not unfilled(c.effect), c.id
    _play_until(game, lambda g: g.pending is not None and g.pending.kind == "order")
    for size in SIZES:
        app = fresh_app(size)
        table = _table(app, game)
        assert table.stage == "order"
        shown = " ".join(texts_of(app))
        assert not [w for w in texts_of(app) if "`" in w or "{" in w], shown
        if table.of_type(ac.PlayCard):  # the cards' buttons: each says what it does
            table.open("cards")
            hints = [b.hint for b in table.buttons if b.hint]
            assert hints and all(not unfilled(h.split(" (")[0]) for h in hints), hints
            table.back()


def test_the_ludi_tab_and_the_bout_s_end_say_what_each_card_does():
    app = fresh_app((1280, 720))
    app.router.ruleset = "gladiator"
    deck = S.rules_for_careers().career.deck()
    season = Season(5, "round-robin", None, deck, "Cards night")
    season.found("Ludus Primus", "Ann", 0)
    season.buy("Ludus Primus", "myrmillo", "Aulus", "card")
    season.found("Ludus Secundus", "Bob", 1)
    season.buy("Ludus Secundus", "secutor", "Cato", "card")
    path = S.season_path(season.name)
    S.save(season, path)
    hub = SeasonHub(app, path, season)
    app.stack.replace(hub)
    hub.tab = 1
    hub.layout()
    shown = " ".join(texts_of(app))
    aulus = next(f for f in season.fighters.values() if f.name == "Aulus")
    card = next(c for c in deck if c.id == aulus.gladiator.cards[0])
    assert card.name in shown and card.words.split(". ")[0] in shown, shown
    assert not [u for u in ("`", "{") if u in shown]


def test_the_market_shows_every_type_s_numbers_and_names_the_card_just_bought():
    app = fresh_app((1024, 600))
    app.router.ruleset = "gladiator"
    deck = S.rules_for_careers().career.deck()
    season = Season(5, "round-robin", None, deck, "Market night")
    season.found("Ludus Primus", "Ann", 0)
    path = S.season_path(season.name)
    S.save(season, path)
    market = MarketScene(app, path, season, "Ludus Primus")
    app.stack.replace(market)
    market.choose("retiarius")
    shown = texts_of(app)
    for head in ("attack", "defence", "AP"):
        assert head in shown
    assert "attack 0 · defence \u22122 · AP +2 on the dice" in shown  # no armour, no shield, a net
    market.extra = "card"
    market.relayout()
    market.buy()
    f = season.fighters[season.ludi["Ludus Primus"].fighters[-1]]
    card = next(c for c in deck if c.id == f.gladiator.cards[0])
    said = market.bought[-1]
    assert said.startswith(f"Bought {f.name} the Retiarius with an experience card for {f.price} denarii.")
    assert f"{card.name}: {card.words}" in said
    assert any(card.name in t for t in texts_of(app))


# ------------------------------------------------------------------------------ the status line

def test_the_status_line_names_only_the_attacks_he_may_make():
    a = ac.Attack("Ann", "m1", "m2")
    fa = ac.Attack("Ann", "m1", "m2", True)
    net = ac.ThrowNet("Ann", "m1", "m2")
    assert attack_costs([a, fa]) == "attack 1 AP, frenzied 2 AP"
    assert attack_costs([a]) == "attack 1 AP"
    assert attack_costs([a, fa, net]) == "attack 1 AP, frenzied 2 AP, net 2 AP"
    # on the table: a Thracian (no net) with the cursor on his foe
    from test_gladiator_screens import _bout

    game = _play_until(_bout(("thracian", "secutor"), 5),
                       lambda g: any(isinstance(x, ac.Attack) for x in g.legal_actions()), seed=3)
    app = fresh_app((1280, 720))
    table = _table(app, game)
    me, foe = table.me, table.foe
    assert not me.net
    table.cursor, table.hover_hex = tuple(foe.at), None
    table.cursor = next(h for h in table.candidates if tuple(h) == tuple(foe.at))
    words = table.cost_words()
    assert words.startswith("attack 1 AP") and "net" not in words


def test_the_guide_says_what_ap_buy_and_only_what_applies():
    class Man:
        beast, net, net_spent = False, False, False

    lines = " ".join(ap_guide(Man()))
    assert "1 AP a hex" in lines and "2 AP a hex" in lines and "Turn 1 AP" in lines and "Back" in lines
    assert "net" not in lines
    Man.net = True
    assert "throw the net 2 AP" in " ".join(ap_guide(Man()))
    Man.net_spent = True
    assert "net" not in " ".join(ap_guide(Man()))
    Man.beast = True
    assert "1 AP for every 2 hexes" in " ".join(ap_guide(Man()))


def test_the_ap_roll_names_what_the_man_has():
    from test_gladiator_screens import _bout

    game = _bout(("retiarius", "secutor"), 3)
    ret = next(m for m in game.state.men.values() if m.gladiator.type == "retiarius").id
    sec = next(m for m in game.state.men.values() if m.gladiator.type == "secutor").id
    line = describe(ev.APRolled(ret, 4, 1, 1, 1, 0, 0, 7), game)
    assert "(+1 no armour, +1 no shield, +1 attack posture)" in line
    line = describe(ev.APRolled(sec, 4, -1, -1, 0, 1, 2, 1), game)
    assert "(\u22121 armour, \u22121 large shield, +1 extra AP, \u22122 leg wounds)" in line


def test_after_the_bout_the_header_says_the_result_not_who_goes_first():
    from deathmatch.scenes.gladiator import facts as gf
    from test_gladiator_screens import _bout

    game = _bout(("retiarius", "secutor"), 3)
    rng = random.Random(4)
    while game.outcome is None:
        game.apply(rng.choice(game.legal_actions()))
    app = fresh_app((1280, 720))
    table = _table(app, game)
    head = gf.outcome_words(table.seen)[0]
    shown = texts_of(app)
    assert head in shown
    assert not any("goes first" in t for t in shown)


# ------------------------------------------------------------------------------- the ground

@pytest.mark.parametrize("size", SIZES)
def test_blocked_hexes_are_marked_apart_from_the_floor_and_the_reachable_ones(size):
    from deathmatch.scenes.gladiator.bout import ADVANCE

    game = _bout_holding_every_card(seed=4)
    _play_until(game, lambda g: g.pending is not None and g.pending.kind == "order" and any(
        isinstance(a, ac.Advance) for a in g.legal_actions()))
    app = fresh_app(size)
    table = _table(app, game)
    board = table.board
    blocked = board.blocked_cells()
    assert blocked and not set(blocked) & set(board.arena.floor)
    plain = board.map.scaled(board.zoom) if board.map is not None else None
    marked = board._scaled

    def luminance(img, h, at=0.55):
        """The mean brightness of a ring of points inside hex `h` (not its centre: a pillar stands there)."""
        cx, cy = board.point(h)
        cx, cy = cx - board.ox, cy - board.oy
        r = board.tile * at / 2
        pts = [(round(cx + r * dx), round(cy + r * dy)) for dx, dy in
               ((1, 0), (-1, 0), (0.5, 0.8), (-0.5, 0.8), (0.5, -0.8), (-0.5, -0.8))]
        cols = [img.get_at(p) for p in pts]
        return sum(0.3 * c.r + 0.59 * c.g + 0.11 * c.b for c in cols) / len(cols)

    for h in blocked:  # every blocked hex darker than the map draws it
        assert luminance(marked, h) < 0.8 * luminance(plain, h), h
    floor = sorted(board.arena.floor)
    assert all(abs(luminance(marked, h, 0.3) - luminance(plain, h, 0.3)) < 6 for h in floor)
    # on the frame: the hexes he may reach are tinted the advance's green, blocked ones are not
    surface = pygame.Surface(size)
    table.draw(surface)
    near = {h for m in table.seen.men.values() for h in set(board.arena.floor) | set(blocked)
            if h.distance(tuple(m.at)) <= 1}
    reach = [h for h, opts in table.candidates.items() if any(isinstance(o, ac.Advance) for o in opts)
             and h not in near]  # (the men's own hexes and the sides shown round them are tinted besides)
    assert reach

    def green_shift(h):
        x, y = board.point(h)
        frame = surface.get_at((x + int(board.tile * 0.2), y))
        ground = marked.get_at((x + int(board.tile * 0.2) - board.ox, y - board.oy))
        return (frame.g - ground.g) - (frame.r - ground.r)

    assert min(green_shift(h) for h in reach) > 8 > max(green_shift(h) for h in blocked if h not in near)
    assert ADVANCE[1] > ADVANCE[0]


# ------------------------------------------------------------------------------ Continue, Load

def _season_with_a_bout_left(app):
    season = Season(5, "round-robin", None, S.rules_for_careers().career.deck(), "Left mid-bout")
    season.found("Ludus Primus", "Ann", 0)
    season.buy("Ludus Primus", "myrmillo", "Aulus")
    season.found("Ludus Secundus", "Bob", 1)
    season.buy("Ludus Secundus", "secutor", "Cato")
    path = S.season_path(season.name)
    S.advance(season, path)
    for step in iter(season.waiting_on, None):
        if step.kind != "pick":
            break
        season.pick(step.ludus, season.living(step.ludus)[0].id)
    S.save(season, path)
    index = season.current().index
    game, _ = S.bout_game(season, index, path)
    _play_until(game, lambda g: len(g.history) >= 6)
    S.save_bout(path, index, game)
    return season, path, list(game.history)


def test_continue_takes_a_careers_bout_left_on_the_table_up_at_once():
    app = fresh_app((1280, 720))
    season, path, history = _season_with_a_bout_left(app)
    app.stack.replace(TitleScene(app))
    app.frame([], DT)
    title = app.stack.top
    assert title.career_is_newest()
    assert any("bout 1 on the table" in t for t in texts_of(app))
    app.frame(press(pygame.K_c), DT)
    table = table_of(app)  # (under the hand-off to the seat whose decision it is)
    assert isinstance(table, GladiatorTable) and list(table.game.history) == history
    assert isinstance(app.stack.scenes[app.stack.scenes.index(table) - 1], SeasonHub)


def test_load_offers_an_older_season_s_bout_and_the_title_says_where():
    from deathmatch import saves
    from test_gladiator_screens import _bout

    app = fresh_app((1024, 600))
    season, path, history = _season_with_a_bout_left(app)
    saves.write_game(_bout(("secutor", "retiarius"), 3))  # a quick bout since, newer than the season
    for old in (path, S.bout_path(path)):
        os.utime(old, (1_000_000, 1_000_000))
    app.stack.replace(TitleScene(app))
    app.frame([], DT)
    assert not app.stack.top.career_is_newest()
    assert any(t.startswith("Also waiting: the season Left mid-bout") for t in texts_of(app))
    app.frame(press(pygame.K_l), DT)
    load = app.stack.top
    assert isinstance(load, LoadScene)
    b = next(b for b in load.buttons if b.label.startswith("The season Left mid-bout"))
    assert b.key == pygame.K_v
    app.frame(press(pygame.K_v), DT)
    table = table_of(app)
    assert isinstance(table, GladiatorTable) and list(table.game.history) == history


def test_the_bout_done_screen_says_what_the_drawn_card_does():
    app = fresh_app((1280, 720))
    app.router.ruleset = "gladiator"
    from deathmatch.rulesets.gladiator.career import bout_with_bots

    deck = S.rules_for_careers().career.deck()
    season = Season(7, "round-robin", None, deck, "Drawn")
    season.found("Ludus Primus", "Ann", 0, bot="easy")
    season.buy("Ludus Primus", "myrmillo", "Aulus")
    season.found("Ludus Secundus", "Bob", 1, bot="easy")
    season.buy("Ludus Secundus", "secutor", "Cato")
    path = S.season_path(season.name)
    S.advance(season, path)
    play = bout_with_bots("easy")
    while season.waiting_on() is not None and season.waiting_on().kind != "draw":
        season.apply(season.next_action(play))
    if season.waiting_on() is None:
        pytest.skip("the first bout was a draw: nobody draws a card")
    before = {n: lu.money for n, lu in season.ludi.items()}
    index = season.waiting_on().bout
    card = season.draw_card()
    app.stack.replace(BoutDoneScene(app, path, season, index, before, card))
    shown = " ".join(texts_of(app))
    assert card.name in shown and card.words.split(". ")[0] in shown
    assert "`" not in shown and "{" not in shown
