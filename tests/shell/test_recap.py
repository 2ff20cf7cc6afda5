"""scenes/recap.py's bookkeeping on a stand-in table (no game): each seat's mark after its answer, the
lines of the answers after it up to now, a taken-back answer forgotten, and the lines of a seat told
something of its own kept for it (the public ones for everyone else)."""

from __future__ import annotations

from deathmatch.scenes import recap


class Front:
    def __init__(self):
        self.answers = 0

    def told(self, events, viewer):
        return [e for e in events if e[1] is None or e[1] == viewer]


class Table:
    def __init__(self):
        self.front = Front()
        self.humans = ["Ann", "Bob", "Cy"]

    def recap_lines(self, events, viewer):
        return [f"{'  ' if words.startswith('die') else ''}{words}" for words, _ in self.front.told(events, viewer)]

    def answer(self, player, *events):
        self.front.answers += 1
        recap.note(self, player, list(events))


def test_the_recap_runs_from_the_seats_last_answer_to_now():
    t = Table()
    t.answer("Ann", ("ann moves", None))
    t.answer("Bob", ("bob attacks", None), ("die 5", None))
    t.answer("Cy", ("cy moves", None), ("cy's secret", "Cy"))
    r = recap.tracker(t)
    assert r.marks == {"Ann": 1, "Bob": 2, "Cy": 3}
    assert r.lines(t, "Ann") == ["Bob attacks", "  Die 5", "Cy moves"]
    assert r.lines(t, "Cy", "Cy") == []  # nothing since its own answer
    assert r.lines(t, "Bob", "Cy") == ["Cy moves", "Cy's secret"]  # told to Cy: Cy's to read
    assert r.lines(t, "Bob", "Bob") == ["Cy moves"]
    assert recap.heading(t, "Ann") == "Since your last turn"
    t.humans.append("Dee")
    assert recap.heading(t, "Dee").startswith("So far") and r.lines(t, "Dee") == r.lines(t, "Ann", start=0)


def test_an_answer_taken_back_leaves_the_recap():
    t = Table()
    t.answer("Ann", ("ann moves", None))
    t.answer("Bob", ("bob moves", None))
    t.front.answers -= 1  # Bob takes it back (the game replayed without it)
    assert recap.tracker(t).lines(t, "Ann") == []
    t.answer("Bob", ("bob moves elsewhere", None))
    r = recap.tracker(t)
    assert [e.at for e in r.entries] == [1, 2] and r.lines(t, "Ann") == ["Bob moves elsewhere"]


def test_the_panel_shows_once_and_only_what_others_did():
    t = Table()
    t.answer("Ann", ("ann moves", None))
    assert recap.offer(t, "Ann") is None  # nobody else acted since
    t.answer("Bob", ("bob moves", None))
    p = recap.offer(t, "Ann")
    assert p is not None and p.lines == ["Bob moves"] and recap.tracker(t).panel is p
    assert recap.offer(t, "Ann") is None  # shown already
    assert recap.offer(t, "Computer") is None  # no person's seat
    t.answer("Ann", ("ann moves", None))
    assert recap.tracker(t).panel is None  # answered: the panel has served
