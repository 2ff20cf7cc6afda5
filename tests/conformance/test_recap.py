""""Since your last turn" (scenes/recap.py) over every registered game, played through its real table by
the leak detector's simulated people (leaks.py):

- on every hand-off the recap is exactly the table's log lines told to every seat since the coming seat's
  last answer (nothing from before it), and holds nothing that seat, or anybody at the screen, may not
  know (Celebrity's unplayed abilities of the other seats, Superhero's hidden gizmos);
- "Show on the board" (R) plays those steps again and changes nothing in the game: the same record, the
  same views, the same seat to decide; passing over it (Enter) neither;
- with one person among computer seats (no hand-off), the panel at the start of the person's turn says
  the same in the person's own view, its × closes it and its replay changes nothing.

A game whose table has no recap words (the toy) shows none, and its hand-offs work as before.

The recap words a line shorter than the log may (`agrees`): an ability played by its name, not its
rules text; a celebrity's player named beside it at a table of more than two; never longer than
`recap.LONGEST` characters."""

from __future__ import annotations

import re

import pygame
import pytest

from deathmatch.core import registry
from deathmatch.scenes import recap
from deathmatch.scenes.handoff import GUARD, HandOffScene

from .games import GAME_IDS, installed, new_game, seats
from .leaks import DT, Detector, People, click, key, secrets_by_viewer, table_waits
from .test_leaks import richest_game

FOUR = ("celebrity", "skirmish", "gladiator", "supers")


def has_words(rid) -> bool:
    """Whether the game's table gives recap words (`recap_lines`)."""
    from deathmatch.scenes import router

    return callable(getattr(router.Router(None).scene_class("battle", rid), "recap_lines", None))


def log_lines(table, viewer):
    """The table's log as `viewer` reads it, and a function giving its length (a Superhero table keeps
    entries with their audience: the count of all of them)."""
    entries = getattr(table, "entries", None)
    if entries is not None:
        return [line for line, to in entries if to is None or (viewer is not None and viewer in to)]
    return list(table.log)


def log_count(table) -> int:
    entries = getattr(table, "entries", None)
    return len(entries) if entries is not None else len(table.log)


def watch_answers(table) -> dict:
    """Seat → how long the log was after that seat's last answer's lines (taken when the next answer
    comes: by then the table has written all of them)."""
    marks: dict = {}
    last = [None]
    orig = table.answer

    def answer(action, *args, **kwargs):
        n = table.front.answers
        player = table.decision.player if table.decision is not None else table.front.turn
        before = log_count(table)
        out = orig(action, *args, **kwargs)
        if table.front.answers > n:
            if last[0] is not None:
                marks[last[0]] = before
            last[0] = player
        return out

    table.answer = answer
    return marks


def expected(table, marks, seat, viewer):
    """The log lines `viewer` reads since `seat`'s mark, as the recap words them."""
    if seat not in marks:
        return None
    entries = getattr(table, "entries", None)
    if entries is not None:
        tail = [line for line, to in entries[marks[seat]:] if to is None or (viewer is not None and viewer in to)]
    else:
        tail = list(table.log[marks[seat]:])
    return [t for t in (recap.tidy(x, None) for x in tail) if t]


def tokens(line: str) -> list[str]:
    return re.findall(r"[\w'’-]+", line)


def shortens(got: str, want: str, names=()) -> bool:
    """Whether recap line `got` is log line `want`, or words it shorter: its words (less a seat's name
    in brackets beside a piece: "Joan of Arc (Ann) moves") are the log line's, in order, some left out."""
    for name in names:
        got = got.replace(f" ({name})", "")
    have, of = tokens(got), iter(tokens(want))
    return all(any(t == u for u in of) for t in have)


def agrees(got, want, table) -> bool:
    """The recap lines `got` word the log's lines `want` one for one, each as the log or shorter, none
    longer than `recap.LONGEST`."""
    names = tuple(seats(table.game))
    return (len(got) == len(want) and all(len(g) <= recap.LONGEST for g in got)
            and all(shortens(g, w, names) for g, w in zip(got, want)))


def state(game, rid):
    view = registry.get(rid).view
    return list(game.history), {p: view(game, p) for p in [*seats(game), None]}


class Watching(People):
    """The leak test's people, who read every hand-off's recap before passing it (and the first time
    one has a recap, show it on the board, checking the game is unchanged)."""

    def __init__(self, detector, table, seed, rid, marks, replay_first=True):
        super().__init__(detector, table, seed, browse=False)
        self.rid, self.marks = rid, marks
        self.recaps: list = []
        self.replayed = 0
        self.replay_first = replay_first

    def settle(self, limit: int = 3000) -> None:
        for _ in range(limit):
            top = self.app.stack.top
            if isinstance(top, HandOffScene) and (not self.recaps or self.recaps[-1][0] is not top):
                self.read(top)
            if isinstance(top, HandOffScene) and self.replay_first and top.recap and not self.replayed:
                self.show_on_the_board(top)
                continue
            break
        super().settle(limit)
        panel = recap.tracker(self.table).panel
        if panel is not None and (not self.recaps or self.recaps[-1][0] is not panel):
            self.read_panel(panel)

    def read_panel(self, panel) -> None:
        """A change of seat with no hand-off (nothing hidden): the panel, in the seat's own view."""
        t = self.table
        self.d.frame()
        if recap.tracker(t).panel is not panel:
            return
        secrets = secrets_by_viewer(t.game, self.rid)[panel.seat]
        assert not [line for line in panel.drawn if secrets.found_in(line)]
        want = expected(t, self.marks, panel.seat, panel.seat)
        if want is not None:
            assert agrees(panel.lines, want, t), f"panel to {panel.seat}:\n{panel.lines}\nlog since its last answer:\n{want}"
        self.recaps.append((panel, panel.seat, list(panel.lines)))
        if self.replay_first and not self.replayed:
            before = state(t.game, self.rid)
            self.d.frame(click(panel.show.center))
            for _ in range(3000):
                if not t.animator.busy:
                    break
                self.d.frame()
            assert state(t.game, self.rid) == before and t.front.turn == panel.seat and table_waits(t)
            self.replayed += 1

    def read(self, top) -> None:
        self.d.frame([], GUARD / 2)
        t = self.table
        secrets = secrets_by_viewer(t.game, self.rid)
        for viewer in (None, top.player, self.d.seated):
            found = [(line, secrets[viewer].found_in(line)) for line in top.recap if secrets[viewer].found_in(line)]
            assert not found, f"the recap to {top.player} tells {viewer} what it may not know: {found}"
        want = expected(t, self.marks, top.player, None)
        if want is not None and has_words(self.rid):
            assert agrees(top.recap, want, t), f"recap to {top.player}:\n{top.recap}\nlog since its last answer:\n{want}"
        self.recaps.append((top, top.player, list(top.recap)))

    def show_on_the_board(self, top) -> None:
        t = self.table
        before = state(t.game, self.rid)
        self.d.frame([], GUARD)
        self.d.sit(top.player)
        self.d.frame(key(pygame.K_r))
        assert self.app.stack.top is t
        if t.animator.busy:  # the prompt says what plays: the recap, on the board (not just "skip")
            assert t.waiting_words() == recap.REPLAYING == recap.busy_words(t)
        for _ in range(3000):
            if not t.animator.busy:
                break
            self.d.frame()
        assert state(t.game, self.rid) == before  # the replay changed nothing of the game
        assert t.viewer == top.player and t.front.turn == top.player and not t.animator.busy
        self.replayed += 1


def played(rid, monkeypatch, answers=18, game=None):
    from deathmatch.scenes.app import App

    game = game if game is not None else richest_game(rid)
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.router.ruleset = rid
    detector = Detector(app, game, rid, monkeypatch)
    table = app.play(game)
    marks = watch_answers(table)
    people = Watching(detector, table, 2, rid, marks)
    detector.people = people
    replays = []
    real = recap.replay
    monkeypatch.setattr(recap, "replay", lambda tb, seat: replays.append(real(tb, seat)) or replays[-1])
    people.play(answers)
    return detector, people, replays


@pytest.mark.parametrize("rid", GAME_IDS)
def test_every_handoff_recaps_what_happened_since_the_seats_last_answer(rid, monkeypatch):
    """Every seat a person's, the hand-off on: each hand-off's recap (or, in a game that hides nothing
    and so shows no hand-off, each turn's panel) is the log since the seat's last answer; the first one
    is shown on the board, and the game is unchanged by it."""
    detector, people, replays = played(rid, monkeypatch)
    assert not detector.leaks, "\n".join(map(str, detector.leaks[:10]))
    assert not detector.handoff_words(), detector.handoff_words()
    if not has_words(rid):
        assert all(not lines for _, _, lines in people.recaps)  # no words for it: no recap, hand-offs as before
        return
    with_lines = [r for r in people.recaps if r[2]]
    assert with_lines, f"no hand-off (nor panel, where no hand-off shows) of {rid} had anything to recap"
    assert people.replayed == 1 and replays and all(replays)  # shown on the board, the game unchanged
    assert not recap.tracker(detector.table).replaying and detector.table.waiting_words() != recap.REPLAYING
    lines = [x for e in recap.tracker(detector.table).entries for v in e.lines.values() for x in v]
    assert lines and all(len(x) <= recap.LONGEST for x in lines), max(lines, key=len)


def test_four_players_recap_says_whose_celebrity_and_plays_by_name(monkeypatch):
    """A four-player Celebrity night: the recap names an ability played, not its rules text (the log
    keeps them), and says whose celebrity moves, attacks or plays ("Joan of Arc (Ann) moves 2 hexes");
    every line fits `recap.LONGEST`."""
    game = new_game("celebrity", 3, players=4, night=True)
    names = list(seats(game))
    assert len(names) == 4
    detector, people, _ = played("celebrity", monkeypatch, answers=40, game=game)
    t = detector.table
    lines = [x for e in recap.tracker(t).entries for x in e.lines.get(recap.PUBLIC, ())]
    assert lines and all(len(x) <= recap.LONGEST for x in lines), max(lines, key=len)
    plays = [x for x in lines if " plays " in x]
    logged = [x for x in t.log if " plays " in x]
    assert plays and logged and all(": " in x for x in logged)  # (the log: the rules text after the name)
    assert not [x for x in plays if ": " in x]
    acts = [x for x in lines if re.search(r" (moves|charges|leaps|attacks|shoots at|plays|grabs) ", x)]
    assert acts and all(any(f" ({n}) " in x for n in names) for x in acts), acts[:5]
    assert not [x for x in lines if re.search(r"(hits|misses|dies|loses)", x) and any(f"({n})" in x for n in names)]


def test_the_four_games_are_registered():
    with installed() as ids:
        assert set(FOUR) <= set(ids) and all(has_words(rid) for rid in FOUR)


@pytest.mark.parametrize("rid", ["celebrity", "supers"])
def test_the_recap_tells_no_hidden_card_or_gizmo(rid, monkeypatch):
    """A hidden-cards Celebrity game and a Superhero game with hidden gizmos: no recap line to any
    seat (nor the public one the hand-off shows) holds another seat's unplayed abilities or gizmos."""
    game = richest_game(rid)
    assert any(s.words or s.pairs for p, s in secrets_by_viewer(game, rid).items() if p is not None)
    detector, people, _ = played(rid, monkeypatch, answers=24, game=game)
    assert any(lines for _, _, lines in people.recaps)
    r = recap.tracker(detector.table)
    secrets = secrets_by_viewer(detector.table.game, rid)
    for e in r.entries:
        for viewer, lines in e.lines.items():
            for line in lines:
                assert not secrets[viewer].found_in(line), (viewer, line)


def one_person(rid, seed=4):
    """A two-seat game of `rid` with one person and one computer seat (random answers): no hand-off."""
    from deathmatch.scenes.app import App

    game = new_game(rid, seed, players=2)
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.router.ruleset = rid
    table = app.play(game)
    players = list(seats(game))
    person = players[0]
    table.seat_players(players, {p: None for p in players[1:]}, (), 0)
    return app, table, person


@pytest.mark.parametrize("rid", FOUR)
def test_a_person_among_computers_gets_the_panel(rid, monkeypatch):
    app, table, person = one_person(rid)
    detector = Detector(app, table.game, rid, monkeypatch)
    detector.sit(person)  # the one person at an open table: seated from the start
    marks = watch_answers(table)
    people = People(detector, table, 3, browse=False)
    detector.people = people
    panels, closed, replayed = [], False, False
    for _ in range(30):
        people.settle()
        if table.game.over:
            break
        p = recap.tracker(table).panel
        if p is not None:
            detector.frame()  # drawn
            assert p.lines and p.seat == person and p.rect is not None
            assert agrees(p.lines, expected(table, marks, person, person), table)
            secrets = secrets_by_viewer(table.game, rid)[person]
            assert not [line for line in p.drawn if secrets.found_in(line)]
            panels.append(p)
            before = state(table.game, rid)
            if not closed:
                detector.frame(click(p.close.center))
                assert recap.tracker(table).panel is None and state(table.game, rid) == before
                closed = True
            elif not replayed:
                detector.frame(click(p.show.center))
                for _ in range(3000):
                    if not table.animator.busy:
                        break
                    detector.frame()
                assert state(table.game, rid) == before and table.front.turn == person
                assert table_waits(table) and recap.tracker(table).panel is None
                replayed = True
        people.answer()
    assert len(panels) >= 2 and closed and replayed
    assert not detector.leaks, "\n".join(map(str, detector.leaks[:10]))


def test_a_resumed_game_recaps_from_the_record(monkeypatch, tmp_path):
    """Continue: the table made afresh on a game with answers in its record marks each seat's last
    answer there, so the first hand-off tells what happened since (not the whole game, not nothing)."""
    from deathmatch.scenes.app import App

    rid = "celebrity"
    detector, people, _ = played(rid, monkeypatch, answers=10)
    game = detector.table.game
    live = detector.table
    last = recap.tracker(live)
    app = App((1280, 720))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.router.ruleset = rid
    table = app.play(game)
    again = recap.tracker(table)
    assert again.marks == last.marks
    turn = table.front.turn
    assert again.lines(table, turn) == last.lines(live, turn)
    for _ in range(600):
        if isinstance(app.stack.top, HandOffScene):
            break
        app.frame([], DT)
    top = app.stack.top
    assert isinstance(top, HandOffScene) and top.recap == last.lines(live, top.player)


def test_passing_over_or_scrolling_the_recap_changes_nothing(monkeypatch):
    """A long recap on a Celebrity hand-off: Up scrolls to earlier lines (said as left out, then shown),
    Down back; Enter passes over it. The game is the same throughout, and the seat sits down."""
    from deathmatch.scenes.app import App

    rid = "celebrity"
    game = richest_game(rid)
    app = App((1024, 600))
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.router.ruleset = rid
    detector = Detector(app, game, rid, monkeypatch)
    table = app.play(game)
    people = People(detector, table, 5, browse=False)
    detector.people = people
    people.settle()
    top = None
    for _ in range(400):  # until a recap runs longer than the hand-off shows (past round 9 since the shorter lines)
        people.answer()
        for _ in range(2000):
            top = app.stack.top
            if isinstance(top, HandOffScene) or table_waits(table) or game.over:
                break
            detector.frame()
        top = app.stack.top
        if isinstance(top, HandOffScene):
            detector.frame([], GUARD)
            if any("earlier line" in t for t in top.recap_drawn):
                break
        people.settle()
    assert isinstance(top, HandOffScene) and any("earlier line" in t for t in top.recap_drawn)
    before = state(game, rid)
    last_rows = [t for t in top.recap_drawn if "line" not in t or "earlier" not in t]
    detector.frame(key(pygame.K_UP) + key(pygame.K_UP))
    assert top.scroll == 2 and any("later line" in t for t in top.recap_drawn)
    assert top.recap_drawn != last_rows and app.stack.top is top
    detector.frame(key(pygame.K_DOWN) + key(pygame.K_DOWN))
    assert top.scroll == 0 and not any("later line" in t for t in top.recap_drawn)
    detector.frame(key(pygame.K_RETURN))
    assert app.stack.top is table and table.viewer == top.player and not table.animator.busy
    assert state(game, rid) == before
