"""Chessboard Skirmish's part of the shared results screen (scenes/results.py): who won and why, each
army's miniatures and what became of them, and the awards — from the game's own events, played
again from its record (the setup and the decisions), never guessed from the final position. What it
shows of the game is the public view of the finished game (`Front.view(None)`: Skirmish hides
nothing, during the game or after)."""

from __future__ import annotations

import pygame

from ...client.art.skirmish import miniature_sprite
from ...client.results import RulesetResults
from ...client.ui import DIM, GOLD, INK, panel, shortened, text
from ...core.front import Front
from ...rulesets.skirmish import events as ev
from . import facts



def tally(events) -> dict:
    """Per miniature: defeats it made, attacks, successful attacks, saves, armour spent, rounds survived."""
    t: dict = {}

    def row(mid):
        return t.setdefault(mid, {"defeats": 0, "attacks": 0, "hits": 0, "saves": 0, "armour": 0, "picked": 0})

    for e in events:
        if isinstance(e, ev.AttackDeclared):
            row(e.mini)["attacks"] += 1
        elif isinstance(e, ev.AttackCompared) and e.success:
            row(e.mini)["hits"] += 1
        elif isinstance(e, ev.Saved):
            row(e.mini)["saves"] += 1
        elif isinstance(e, ev.ArmourSpent):
            row(e.mini)["armour"] += 1
        elif isinstance(e, ev.Defeated) and e.by:
            row(e.by)["defeats"] += 1
        elif isinstance(e, ev.MarkerPicked):
            row(e.mini)["picked"] += 1
    return t


AWARDS = (("Most defeats", "defeats", ("foe defeated", "foes defeated")),
          ("Sharpest", "hits", ("attack through the defence", "attacks through the defence")),
          ("Hardest to kill", "saves", ("blow saved", "blows saved")),
          ("Armour worn through", "armour", ("point of its armour spent", "points of its armour spent")),
          ("Grabbed the marker", "picked", ("time", "times")))
"""(award, tally key, (unit, units)): each award's count says what it counts ("Sharpest: …: 5" did not)."""


def awards(seen, events) -> list[tuple[str, str]]:
    """(award, who) for the game (`seen`: its view): each to the miniature with the most of it (none if
    nobody has any)."""
    from .log import who

    t = tally(events)
    order = list(seen.minis)
    out = []
    for title, key, unit in AWARDS:
        best = max(t.items(), key=lambda kv: (kv[1][key], -order.index(kv[0])), default=None)
        if best is not None and best[1][key] > 0:
            n = best[1][key]
            out.append((title, f"{who(seen, best[0])}: {n} {unit[0] if n == 1 else unit[1]}"))
    first = next((e for e in events if isinstance(e, ev.Defeated)), None)
    if first is not None and first.by:
        out.append(("First blood", who(seen, first.by)))
    return out


class SkirmishResults(RulesetResults):
    facts = facts

    def __init__(self, app, game):
        self.front = Front(game)
        """The finished game as anyone may see it (`front.view(None)`): all this screen reads of it."""
        super().__init__(app, game)

    def fresh(self, setup):
        """A random-obstacle game draws its obstacles again from its seed."""
        from ...rulesets.skirmish.setup import new_game

        return new_game(setup, self.front.ask(None, "arena") if not setup.options.obstacles else None)

    def headline(self) -> tuple[str, str]:
        seen = self.front.view(None)
        head, lines = facts.outcome_words(seen)
        rnd = seen.round
        return head, f"{lines[0] if lines else ''} After {rnd} round{'s' if rnd != 1 else ''}."

    def draw(self, surface, left: pygame.Rect, right: pygame.Rect, areas: dict) -> None:
        s = self.s
        g = self.front.view(None)
        t = tally(self.events)
        y = left.y
        for p in facts.seats(g):
            rows = facts.minis_of(g, p)
            size = int(30 * s)
            h = int(34 * s) + len(rows) * (size + int(4 * s))
            box = pygame.Rect(left.x, y, left.w, min(h, left.bottom - y))
            if box.h < int(40 * s):
                break
            panel(surface, box)
            won = g.outcome is not None and p in g.outcome.winners
            surface.blit(shortened(p + ("  — winner" if won else ""), int(21 * s), box.w - int(20 * s),
                                   GOLD if won else INK, True), (box.x + int(10 * s), box.y + int(6 * s)))
            yy = box.y + int(32 * s)
            for m in rows:
                if yy + size > box.bottom - int(2 * s):
                    break
                state = "acted" if not m.alive else "ready"
                surface.blit(miniature_sprite(m.die, m.weapon, self.index.get(p, 0), size, armour=m.armour,
                                              hero=m.hero, state=state), (box.x + int(10 * s), yy))
                fate = "defeated" if not m.alive else ("in reserve" if m.at is None else "on the board")
                d = t.get(m.id, {}).get("defeats", 0)
                words = f"{m.name} (d{m.die}) · {fate}" + (f" · {d} foe{'s' if d > 1 else ''} defeated" if d else "")
                surface.blit(shortened(words, int(17 * s), box.right - int(20 * s) - size - box.x,
                                       INK if m.alive else DIM), (box.x + int(16 * s) + size, yy + int(6 * s)))
                yy += size + int(4 * s)
            areas[f"army {p}"] = box
            y = box.bottom + int(10 * s)
        ay = right.y
        surface.blit(text("Awards", int(24 * s), GOLD, True), (right.x, ay))
        ay += int(34 * s)
        won = awards(g, self.events)
        if not won:
            surface.blit(text("A quiet game: nobody was defeated.", int(18 * s), DIM), (right.x, ay))
        for title, who in won:
            if ay + int(48 * s) > right.bottom:
                break
            surface.blit(text(title, int(18 * s), GOLD, True), (right.x, ay))
            surface.blit(shortened(who, int(18 * s), right.w, INK), (right.x + int(12 * s), ay + int(22 * s)))
            ay += int(50 * s)
        areas["awards"] = pygame.Rect(right.x, right.y, right.w, ay - right.y)
