"""The parts the four games' tables once wrote each for themselves and now share (issue 28 item 2: no block
shared between two games' folders): the starting state of a table (`Table.seat_table`), the bar's button
rows (`Table.button_row`), the floating words (`Table.draw_floaters`), a replay's game made from its record
(`Replay.replay_record`) and a seat's colour (`client/art/palette`). Asserted by what they do; each game's
table tests hold its own."""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.client.art.palette import PLAYER_COLOURS, colour_index, colour_name, colour_numbers  # noqa: E402
from deathmatch.client.steps import Floater  # noqa: E402
from deathmatch.core.errors import RecordError  # noqa: E402
from deathmatch.scenes.table import Replay, Table  # noqa: E402


def bare_table(**parts) -> Table:
    """A `Table` with only what the tested part reads (no app, no game)."""
    t = Table.__new__(Table)
    t.__dict__.update(parts)
    return t


# --- a seat's colour --------------------------------------------------------------------------


def test_a_colour_name_reads_back_as_its_number_and_a_number_only_when_numbered():
    for i in range(len(PLAYER_COLOURS)):
        assert colour_index(colour_name(i)) == i
        assert colour_index(colour_name(i).upper()) == i
    assert colour_name(len(PLAYER_COLOURS) + 1) == colour_name(1)
    assert colour_index("3", 7) == 7  # a number is no name ...
    assert colour_index("3", 7, numbered=True) == 3  # ... but names a colour where the setup writes numbers
    assert colour_index("no such colour", 5) == 5


def test_seat_colours_follow_the_names_else_seat_order():
    assert colour_numbers(None, 3) == [0, 1, 2]
    assert colour_numbers(["sky blue", "mauve", "vermilion"], 3) == [1, 1, 0]  # an unknown name: its seat
    assert colour_numbers(["4", "vermilion"], 2, numbered=True) == [4, 0]


# --- the bar's buttons ------------------------------------------------------------------------


def row_table(right: int) -> Table:
    return bare_table(s=1.0, buttons=[], log_rect=pygame.Rect(0, 0, 100, 50), bar_rect=pygame.Rect(0, 200, right, 80))


def test_buttons_fill_a_row_from_the_inset_and_wrap_to_the_next():
    t = row_table(right=400)
    add = t.button_row((10, 40), (100, 28), 5)
    for label in "abcd":
        add(label, None)
    assert [b.rect.topleft for b in t.buttons] == [(110, 240), (215, 240), (110, 273), (215, 273)]
    assert all(b.rect.size == (100, 28) for b in t.buttons)
    add("wide", None, width=1000, selected=True)  # clamped to a row, alone on its own
    assert t.buttons[-1].rect == pygame.Rect(110, 306, 400 - 5 - 110, 28) and t.buttons[-1].selected


def test_an_unclamped_row_keeps_a_buttons_width_and_a_first_button_never_wraps():
    t = row_table(right=300)
    add = t.button_row((12, 44), (118, 30), 6, clamp=False)
    add("long", None, width=500)
    add("next", None)
    assert [b.rect for b in t.buttons] == [pygame.Rect(112, 244, 500, 30), pygame.Rect(112, 280, 118, 30)]


# --- the floating words -----------------------------------------------------------------------


def test_a_floater_starts_lift_tiles_above_its_point_rises_and_fades_at_the_end():
    pygame.init()
    young, old = Floater("hit", 100, 100, (255, 255, 255)), Floater("miss", 300, 300, (255, 255, 255), age=1.3)
    t = bare_table(view=SimpleNamespace(floaters=[young, old]), board_rect=pygame.Rect(0, 0, 400, 400))
    drawn = []
    surface = SimpleNamespace(blit=lambda img, rect: drawn.append((img.get_alpha(), pygame.Rect(rect).center)))
    t.draw_floaters(surface, lambda x, y: (x, y), 40.0, lift=0.5)
    (a1, c1), (a2, c2) = drawn
    assert a1 == 255 and c1[1] == pytest.approx(100 - 40 * 0.5, abs=1)
    assert a2 < 255 and c2[1] == pytest.approx(300 - 40 * (0.5 + 0.5 * 1.3 / 1.4), abs=1)


# --- a replay's game --------------------------------------------------------------------------


def test_a_replay_makes_its_game_from_a_finished_games_setup_and_says_what_could_not_be_set_out():
    begun = []

    class Watch(Replay):
        def begin(self, app, fresh, path, seats, decisions):
            begun.append((fresh, path, seats, decisions))

    done = SimpleNamespace(setup="the setup", history=("a", "b"))
    Watch().replay_record("app", done, lambda setup, source: ("game of", setup), lambda g: "map.tmx", lambda g: ["A"])
    assert begun == [(("game of", "the setup"), "map.tmx", ["A"], ["a", "b"])]

    def refuse(setup, source):
        raise ValueError("no such tile")
    with pytest.raises(RecordError, match="its board can not be set out again: no such tile"):
        Watch().replay_record("app", done, refuse, lambda g: None, lambda g: [], "board")


# --- the prompt -------------------------------------------------------------------------------


def test_the_prompt_says_why_nobody_is_asked_else_the_tables_words_for_the_seat_deciding():
    class Asking(Table):
        over_words = "The bout is over."

        def asked_words(self, who):
            return f"{who}: your move"

    def prompt(busy=False, stage="act", decision=SimpleNamespace(player="Ann")):
        t = Asking.__new__(Asking)
        t.__dict__.update(animator=SimpleNamespace(busy=busy), stage=stage, decision=decision)
        return t.prompt_words()

    assert prompt(busy=True) == "… (click or Space to skip)"
    assert prompt(stage="over") == "The bout is over."
    assert prompt(decision=None) == ""
    assert prompt(stage="auto") == "Ann (computer) is thinking…"
    assert prompt() == "Ann: your move"
