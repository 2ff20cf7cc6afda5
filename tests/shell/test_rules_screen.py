"""The rules screen, for players: its markup, its pages, every glyph in the font, scrolling, no clipping."""

import os

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.client import document, howto, ui  # noqa: E402
from deathmatch.scenes.celebrity import howto as celebrity_howto  # noqa: E402
from deathmatch.client.document import (Box, Bullets, Heading, MarkupError, Para, Step, Table, draw_page,  # noqa: E402
                                         layout, parse)
from deathmatch.scenes import gallery as gallery_module  # noqa: E402
from deathmatch.scenes import menu as menu_module  # noqa: E402
from deathmatch.scenes import rules as rules_module  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.gallery import GalleryScene  # noqa: E402
from deathmatch.core.registry import manifest  # noqa: E402

CELEBRITY_RULES = manifest("celebrity").rules_pages
from deathmatch.scenes.rules import RulesScene, load_page  # noqa: E402
from test_client import press  # noqa: E402

DT = 1 / 60
SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
PAGES = [(label, source) for label, source in CELEBRITY_RULES if source.endswith(".txt")]
"""Celebrity Deathmatch's pages to read."""


def rules_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    scene = RulesScene(app)
    app.push(scene)
    app.frame([], DT)
    return app, scene


# --- the markup ------------------------------------------------------------------------------

def test_the_markup_gives_headings_paragraphs_bullets_tables_boxes_and_steps():
    blocks = parse("# Title\n\nOne paragraph\nover two lines.\n\n- a bullet\n  that goes on\n- another\n\n"
                   "| A | B |\n| 1 | 2 |\n| 3 |\n\n[box Rulings]\n## Inside\nText.\n[/box]\n\n"
                   "[step move]\n## 3. Move\nWalk.\n[/step]\n")
    assert blocks == [
        Heading(1, "Title"),
        Para("One paragraph over two lines."),
        Bullets(("a bullet that goes on", "another")),
        Table((("A", "B"), ("1", "2"), ("3", ""))),
        Box("Rulings", (Heading(2, "Inside"), Para("Text."))),
        Step("move", (Heading(2, "3. Move"), Para("Walk."))),
    ]


@pytest.mark.parametrize("source, words", [
    ("[box X]\ntext\n", "line 1: [box] is never closed"),
    ("text\n[/box]\n", "line 2: [/box] closes nothing"),
    ("[picture x]\n", "line 1: unknown [picture]"),
    ("[step]\n[/step]\n", "line 1: [step] needs a picture name"),
    ("| a | b |\n| 1 | 2 | 3 |\n", "line 2: this table row has 3 cells, the header 2"),
])
def test_a_markup_mistake_names_the_file_and_line(source, words):
    with pytest.raises(MarkupError) as err:
        parse(source, "rules.txt")
    assert str(err.value).startswith("rules.txt, ") and words in str(err.value)


def test_a_broken_page_file_shows_a_message_instead_of_crashing(tmp_path, monkeypatch):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "rules.txt").write_text("[box Oops]\nno end\n")
    monkeypatch.setattr(rules_module, "assets_dir", lambda: tmp_path)
    broken = load_page("rules.txt")
    assert len(broken) == 1 and "never closed" in broken[0].text and "rules.txt" in broken[0].text
    missing = load_page("how_to_play.txt")
    assert "how_to_play.txt can not be read" in missing[0].text


# --- the pages say what players need ------------------------------------------------------------

def all_words(blocks) -> str:
    out = []
    for b in blocks:
        if isinstance(b, (Box, Step)):
            out.append(getattr(b, "title", ""))
            out.append(all_words(b.blocks))
        elif isinstance(b, Table):
            out += [" ".join(r) for r in b.rows]
        elif isinstance(b, Bullets):
            out += list(b.items)
        else:
            out.append(b.text)
    return "\n".join(out)


def test_how_to_play_has_a_picture_for_every_step_of_a_first_game():
    blocks = load_page("how_to_play.txt")
    steps = [b for b in blocks if isinstance(b, Step)]
    assert [s.picture for s in steps] == list(celebrity_howto.NAMES)
    words = all_words(blocks)
    for need in ("2 hexes", "a 6 hits", "a 5 or a 6 hits", "behind it", "2 VP", "once per game", "3 VP"):
        assert need in words
    assert len(words.split()) < 600  # two minutes of reading


def test_the_rules_explain_standing_orders_in_a_table():
    blocks = load_page("rules.txt")
    words = all_words(blocks)
    at = [i for i, b in enumerate(blocks) if isinstance(b, Heading) and b.text == "Standing orders"]
    assert at, "no Standing orders section"
    section = blocks[at[0]:]
    orders = next(b for b in section if isinstance(b, Table))
    assert [r[0] for r in orders.rows] == ["Order", "Ask me", "Never", "a condition"]
    for need in ("when attacked from behind", "when the attack would kill", "always", "when my attack missed",
                 "when a die against my model hit", "when down to 1 life", "nobody else sees them",
                 "With hidden cards on"):
        assert need in words


def test_the_rulings_are_in_a_box_and_no_page_has_markdown_left():
    blocks = load_page("rulings.txt")
    assert any(isinstance(b, Box) and len(b.blocks) > 3 for b in blocks)
    for _, name in PAGES:
        text = all_words(load_page(name))
        for markdown in ("**", "`", "|---", "](", "##"):
            assert markdown not in text, (name, markdown)


def test_a_table_at_its_natural_width_wraps_no_cell():
    pygame.font.init()
    cell = "on hit, on death, on kill, on loot"
    page = layout(parse(f"| On the card | When |\n| {cell} | right after that happens to your model, whoever did it |\n"),
                  1000)  # the second column is the widest: it takes the room left, the first keeps its natural width
    assert cell in page.texts


def test_a_page_draws_whole_lines_of_words_only():
    """A line the view cuts at its edge is not drawn half (the layout check would find it leaving its box)."""
    pygame.font.init()
    page = layout(parse("\n\n".join(f"Paragraph number {i}." for i in range(20))), 600)
    lines = [rect for kind, rect, _ in page.ops if kind == "text"]
    cut = lines[5]
    view = pygame.Rect(0, 0, 600, cut.top + cut.h // 2)  # ends in the middle of the sixth line
    drawn = []

    class Recording(pygame.Surface):
        def blit(self, img, where, *args, **kwargs):
            drawn.append(pygame.Rect(pygame.Rect(where).topleft, img.get_size()))
            return super().blit(img, where, *args, **kwargs)

    draw_page(Recording((600, 800)), page, view, 0)
    assert lines[4] in drawn and cut not in drawn and all(view.contains(r) for r in drawn)


# --- every glyph drawn is in the font -----------------------------------------------------------

def test_the_glyph_check_finds_a_missing_arrow():
    assert ui.missing_glyphs("a6 5+ −1 × “quote” … é") == set()
    assert ui.missing_glyphs("1→0") == {"→"}


def test_every_character_the_rules_screen_draws_is_in_the_font(monkeypatch):
    drawn: list[str] = []
    real = ui.text

    def recording(s, *args, **kwargs):
        drawn.append(s)
        return real(s, *args, **kwargs)

    for module in (ui, document, howto, celebrity_howto, rules_module, menu_module, gallery_module):
        monkeypatch.setattr(module, "text", recording)
    app, scene = rules_app((1024, 600))
    for i in range(len(PAGES)):
        app.frame(press(pygame.K_1 + i), DT)
        while True:
            app.frame([], DT)
            if scene.scroll >= scene.max_scroll:
                break
            app.frame(press(pygame.K_PAGEDOWN), DT)
        drawn.extend(scene.page.texts)
    drawn.extend(scene.pictures.labels)
    app.frame(press(pygame.K_4), DT)  # the celebrities: every card's text
    gallery = app.stack.top
    assert isinstance(gallery, GalleryScene)
    for card in gallery.cards:
        gallery.shown = card
        app.frame([], DT)
    assert {"Rules (2)", "Standing orders", "5. Push back", "Napoleon Bonaparte"} <= set(drawn)
    last = gallery.cards[-1]
    assert last.id not in celebrity_howto.CAST and any(last.abilities[-1].name in s for s in drawn)  # the gallery's card text
    missing = {ch: next(s for s in drawn if ch in s) for ch in ui.missing_glyphs("".join(drawn))}
    assert missing == {}


# --- scrolling and pages --------------------------------------------------------------------------

def test_wheel_keys_and_drag_scroll_the_page_and_stop_at_its_ends():
    app, scene = rules_app()
    assert scene.scroll == 0 and scene.max_scroll > 0
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)], DT)
    wheeled = scene.scroll
    assert wheeled > 0
    app.frame(press(pygame.K_DOWN), DT)
    assert scene.scroll > wheeled
    app.frame(press(pygame.K_END), DT)
    assert scene.scroll == scene.max_scroll
    app.frame(press(pygame.K_PAGEDOWN), DT)
    assert scene.scroll == scene.max_scroll
    app.frame(press(pygame.K_HOME), DT)
    assert scene.scroll == 0
    app.frame(press(pygame.K_PAGEUP), DT)
    assert scene.scroll == 0
    # drag the page up by 200 pixels: it scrolls 200 down
    x, y = scene.view.center
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 100), rel=(0, -100), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y - 200), rel=(0, -100), buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y - 200), button=1)], DT)
    assert scene.scroll == 200
    # drag the scroll bar's thumb to the bottom of its track: the end of the page
    track, thumb = scene.bar()
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1),
               pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, track.bottom + 50), rel=(0, 1),
                                  buttons=(1, 0, 0)),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, track.bottom + 50), button=1)], DT)
    assert scene.scroll == scene.max_scroll


def test_a_click_without_a_drag_still_presses_a_tab():
    app, scene = rules_app()
    rulings = scene.buttons[2]
    pos = rulings.rect.center
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)
    assert scene.page_index == 2 and scene.buttons[2].selected


def test_pages_switch_by_keys_and_each_keeps_its_place():
    app, scene = rules_app()
    app.frame(press(pygame.K_PAGEDOWN), DT)
    kept = scene.scroll
    assert kept > 0
    app.frame(press(pygame.K_RIGHT), DT)
    assert scene.page_index == 1 and scene.scroll == 0
    assert any(t == "Standing orders" for t in scene.page.texts)
    app.frame(press(pygame.K_3), DT)
    assert scene.page_index == 2
    app.frame(press(pygame.K_LEFT), DT)
    app.frame(press(pygame.K_LEFT), DT)
    assert scene.page_index == 0 and scene.scroll == kept
    app.frame(press(pygame.K_g), DT)
    assert isinstance(app.stack.top, GalleryScene)
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is scene
    app.frame(press(pygame.K_ESCAPE), DT)
    assert scene not in app.stack.scenes


# --- nothing clipped ---------------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_nothing_is_clipped_at_the_three_window_sizes(size):
    app, scene = rules_app(size)
    w, h = size
    for b in scene.buttons:
        assert pygame.Rect(0, 0, w, h).contains(b.rect)
        assert ui.text(b.label, int(22 * scene.s)).get_width() <= b.rect.w - 8, b.label  # no "…" on a tab
    tabs = scene.buttons[:4]
    assert all(a.rect.right < b.rect.left for a, b in zip(tabs, tabs[1:]))
    assert scene.view.top > max(b.rect.bottom for b in tabs)
    assert scene.view.bottom < scene.buttons[-1].rect.top  # Back
    track, _ = scene.bar()
    assert track.right <= w
    for i in range(len(PAGES)):
        scene.show(i)
        app.frame([], DT)
        for kind, rect, _ in scene.page.ops:
            # every word, picture, table and box lies inside the text column
            assert 0 <= rect.left and rect.right <= scene.view.w, (PAGES[i][0], kind, rect)
        assert scene.page.height > scene.view.h // 2
