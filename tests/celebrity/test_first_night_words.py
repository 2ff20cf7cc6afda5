"""What a new group meets first in Celebrity Deathmatch, tried cold: the words say what the game does."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from deathmatch.client.document import Bullets, Step, Table  # noqa: E402
from deathmatch.launch import make_game  # noqa: E402
from deathmatch.rulesets.celebrity import events as ev  # noqa: E402
from deathmatch.scenes.rules import load_page  # noqa: E402


def page_words(name: str) -> str:
    return blocks_words(load_page(name))


def blocks_words(blocks) -> str:
    out = []
    for b in blocks:
        if isinstance(b, Table):
            out += [" ".join(r) for r in b.rows]
        elif isinstance(b, Bullets):
            out += list(b.items)
        elif isinstance(b, Step):
            out.append(blocks_words(b.blocks))
        else:
            out.append(getattr(b, "text", ""))
    return " ".join(out)


def test_placement_goes_down_the_dice_as_the_game_plays_it_and_the_pages_say_so():
    # the engine: the placement order is the dice-off's, highest first (not the seats round the table)
    game, _ = make_game(4, "colosseum", 11)
    offs = [e for e in game.setup_events if isinstance(e, ev.DiceOff)]
    order = next(e for e in game.setup_events if isinstance(e, ev.TurnOrder)).players
    first = dict(offs[0].rolls)
    assert [first[p] for p in order] == sorted(first.values(), reverse=True)  # down the dice, whatever the seats
    for page in ("how_to_play.txt", "rules.txt"):
        words = page_words(page)
        assert "next highest" in words, page
        assert "then the next player" not in words and "player, round the table" not in words, page


def test_the_rules_say_where_orders_are_given_and_that_push_backs_take_one():
    words = page_words("rules.txt")
    assert "Orders button (O)" in words and "from your card panel" not in words
    assert "A push back takes an order too" in words


def test_every_choice_on_the_setup_screens_says_what_it_does_under_the_mouse(tmp_path, monkeypatch):
    import re

    import pygame

    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.scenes.app import App

    for size in ((1024, 600), (1920, 1080)):
        app = App(size)
        app.open("title")
        for screen in ("setup", "tournament setup"):
            setup = app.open(screen)
            unexplained = [b.label for b in setup.buttons if b.enabled and not b.hint
                           and not b.label.startswith(("Back", "Start", "−", "+"))]
            assert not unexplained, f"{screen}: {unexplained} say nothing of what they do"
            for b in setup.buttons:
                assert not re.search(r"\b[a-z]+_[a-z]+\b", b.hint), b.hint  # players' words, no ids
            hidden = next(b for b in setup.buttons if b.label.startswith("Hidden cards"))
            assert setup.hint_for(hidden.rect.center) == hidden.hint and "own unplayed abilities" in hidden.hint
            area = setup.hint_area()
            assert area.h >= 40 and area.right < hidden.rect.x  # room under the seats, clear of the options
            before, after = pygame.Surface(size), pygame.Surface(size)
            setup.draw(before)
            setup.draw(after)
            setup.draw_hint(after, hidden.rect.center)
            assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")  # it is drawn
            app.stack.pop()


def test_before_the_first_game_the_standings_rank_nobody(tmp_path, monkeypatch):
    import pygame

    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    import deathmatch.scenes.tourney as tourney
    from deathmatch.scenes.app import App
    from deathmatch.tournament import bot_tournament

    app = App((1024, 600))
    t = bot_tournament(4, 3, 11)
    screen = tourney.TournamentScene(app, t)
    said = []
    real = tourney.text
    monkeypatch.setattr(tourney, "text", lambda words, *a: said.append(words) or real(words, *a))
    screen.draw(pygame.Surface(app.size))
    names = [e.name for e in t.entrants]
    rows = [w for w in said if w in names]
    assert rows == names, "the players as they sit, not sorted by name as if ranked"
    assert said.count("–") == len(names)  # no rank numbers yet


def test_the_title_says_which_tournament_game_continue_takes_up(tmp_path, monkeypatch):
    from types import SimpleNamespace

    import pygame

    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    import deathmatch.scenes.title as title_module
    from deathmatch.scenes.app import App
    from deathmatch.tournament import bot_tournament

    app = App((1024, 600))
    title = app.open("title")
    t = bot_tournament(4, 5, 11)
    t.start_game()  # game 1 under way, none finished
    title.tournament = t
    title.continue_info = SimpleNamespace(arena="The Colosseum", players=["a", "b"], round=1, ruleset="celebrity",
                                          path=tmp_path / "none.json")
    monkeypatch.setattr(title_module, "_tournament_is_newer", lambda info: True)
    said = []
    real = title_module.draw_label
    monkeypatch.setattr(title_module, "draw_label", lambda surface, words, *a, **k: said.append(words) or real(surface, words, *a, **k))
    title.draw(pygame.Surface(app.size))
    assert "Continue: the tournament, game 1 of 5 under way" in said, said
    assert not any("after game 0" in w for w in said)
