"""Superhero Gladiators' part of the shared results screen (scenes/results.py): who won (or why it was
a draw), and for each team its heroes — oomph left or fainted, damage dealt and taken, hits, the
heroes they made faint — from the fight's own public events, played again from its record, with a
few awards. Nothing hidden: a hidden gizmo nobody noticed is not named here either. The fight's final
state is read from its public view (`facts.seen`: the rules reveal nothing more at the end); the game
itself is only handed on (to a `Front`, the replay, the rematch)."""

from __future__ import annotations

from functools import cached_property

import pygame

from ...client.art import supers as art
from ...client.results import RulesetResults
from ...client.ui import DIM, GOLD, INK, panel, shortened
from ...rulesets.supers import events as ev
from . import facts



def tally(events) -> dict:
    """Per hero: attacks, the attacks that hit (an area attack that hits three heroes is one attack that
    hit, never "3 hits of 1 attacks"), damage dealt and taken, faints caused, heals."""
    t: dict = {}

    def row(mid):
        return t.setdefault(mid, {"attacks": 0, "hits": 0, "dealt": 0, "taken": 0, "fainted": 0, "healed": 0})

    landed = False
    for e in events:
        if isinstance(e, ev.AttackDeclared):
            row(e.model)["attacks"] += 1
            landed = False
        elif isinstance(e, ev.HitResult) and e.hit and not landed:
            row(e.model)["hits"] += 1
            landed = True
        elif isinstance(e, ev.Damaged):
            row(e.by)["dealt"] += e.amount
            row(e.model)["taken"] += e.amount
        elif isinstance(e, ev.Healed):
            row(e.model)["healed"] += e.amount
    last_hit: dict = {}
    for e in events:
        if isinstance(e, ev.Damaged):
            last_hit[e.model] = e.by
        elif isinstance(e, ev.Fainted) and e.model in last_hit:
            row(last_hit[e.model])["fainted"] += 1
    return t


def awards(view, t: dict) -> list[str]:
    """A few plain awards: most damage dealt, most heroes made to faint, the toughest (most taken, standing).
    `view`: the fight's view (`facts.seen`; a game is looked at through its public view)."""
    out = []
    view = facts.seen(view)
    name = lambda mid: facts.hero_name(view, mid)  # noqa: E731
    if t:
        top = max(t, key=lambda k: (t[k]["dealt"], k))
        if t[top]["dealt"]:
            out.append(f"Heaviest hitter: {name(top)} ({t[top]['dealt']} oomph dealt)")
        top = max(t, key=lambda k: (t[k]["fainted"], k))
        if t[top]["fainted"]:
            out.append(f"Most knock-outs: {name(top)} ({t[top]['fainted']})")
        standing = [k for k in t if k in view.models and not view.models[k].fainted]
        if standing:
            top = max(standing, key=lambda k: (t[k]["taken"], k))
            if t[top]["taken"]:
                out.append(f"Still standing after the most: {name(top)} ({t[top]['taken']} oomph taken)")
    return out


class SupersResults(RulesetResults):
    facts = facts

    def fresh(self, setup):
        from ...rulesets.supers.setup import new_game

        return new_game(setup, self.front.ask(None, "arena"))

    @cached_property
    def front(self):
        """The fight as anyone may see it (`deathmatch.core.front`), made once for this screen."""
        return facts.front_of(self.game)

    def seen(self):
        """The fight's public view (a finished fight's: everything the rules reveal at the end)."""
        return self.front.view(None)

    def headline(self) -> tuple[str, str]:
        head, _ = facts.outcome_words(self.seen())
        turn = self.seen().turn
        n = sum(1 for e in self.events if isinstance(e, ev.AttackDeclared))
        line = f"After {turn} turn{'s' if turn != 1 else ''} and {n} attack{'s' if n != 1 else ''}."
        return head, line

    def draw(self, surface, left: pygame.Rect, right: pygame.Rect, areas: dict) -> None:
        s = self.s
        v = self.seen()
        t = tally(self.events)
        winners = tuple((v.outcome or {}).get("winners", ()) or ())
        players = list(v.players)
        lines = awards(v, t)
        strip = None
        if lines:  # the awards under both columns, the whole width: the fight's, not the last team's
            high = len(lines) * int(20 * s) + int(16 * s)
            strip = pygame.Rect(left.x, max(left.bottom, right.bottom) - high, right.right - left.x, high)
            left = pygame.Rect(left.x, left.y, left.w, strip.y - int(6 * s) - left.y)
            right = pygame.Rect(right.x, right.y, right.w, strip.y - int(6 * s) - right.y)
        cols = [left, right]
        per_col = -(-len(players) // 2)
        for k, p in enumerate(players):
            col = cols[min(1, k // per_col)] if len(players) > 2 else cols[k]
            slot = k % per_col if len(players) > 2 else 0
            each = col.h // (per_col if len(players) > 2 else 1)
            box = pygame.Rect(col.x, col.y + slot * each, col.w, each - int(6 * s))
            panel(surface, box)
            pad = int(10 * s)
            won = p in winners
            surface.blit(shortened(f"{p}" + ("  — winner" if won else ""), int(21 * s), box.w - 2 * pad,
                                   GOLD if won else INK, True), (box.x + pad, box.y + pad))
            y = box.y + pad + int(30 * s)
            team = [(mid, m) for mid, m in v.models.items() if m.owner == p]
            line = max(int(18 * s), min(int(56 * s), (box.bottom - y - pad) // max(1, len(team) + 1)))
            icon = max(12, min(int(44 * s), line - 4))
            for mid, m in team:
                if y + line > box.bottom - pad:
                    break
                img = art.hero_sprite(facts.hero_of(m), self.index.get(p, k), icon, fainted=m.fainted)
                surface.blit(img, img.get_rect(midleft=(box.x + pad, y + line // 2)))
                tx = box.x + pad + icon + int(8 * s)
                row = t.get(mid, {"attacks": 0, "hits": 0, "dealt": 0, "taken": 0, "fainted": 0, "healed": 0})
                fate = "fainted" if m.fainted else f"{m.oomph}/{m.max_oomph} oomph"
                n = row["attacks"]
                aimed = f"{row['hits']} of {n} attack{'s' if n != 1 else ''} hit" if n else "no attacks"
                words = (f"{m.name}: {fate} · {aimed} · "
                         f"dealt {row['dealt']}, took {row['taken']}")
                size = max(9, min(int(17 * s), line - 4))
                surface.blit(shortened(words, size, box.right - pad - tx, INK if not m.fainted else DIM),
                             (tx, y + (line - size) // 2))
                y += line
            areas[f"team {p}"] = box
        if strip is not None:
            panel(surface, strip)
            y = strip.y + int(8 * s)
            for words in lines:
                img = shortened(words, int(16 * s), strip.w - int(20 * s), GOLD)
                surface.blit(img, img.get_rect(midtop=(strip.centerx, y)))
                y += int(20 * s)
            areas["awards"] = strip
