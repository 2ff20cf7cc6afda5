"""Gladiator!'s part of the shared results screen (scenes/results.py): who won and how (a death, the
crowd's verdict, a draw), each man's damage and wounds on his body diagram, and the exchanges fought —
from the bout's own events, played again from its record (setup and decisions)."""

from __future__ import annotations

import pygame

from ...client.art.gladiator import body_diagram, man_sprite, thumbs_icon
from ...client.results import RulesetResults
from ...client.ui import DIM, GOLD, INK, panel, shortened, text
from ...rulesets.gladiator import events as ev
from . import facts



def tally(events) -> dict:
    """Per man: exchanges he declared, wounds dealt, damage dealt."""
    t: dict = {}

    def row(mid):
        return t.setdefault(mid, {"exchanges": 0, "wounds": 0, "dealt": 0})

    for e in events:
        if isinstance(e, ev.ExchangeDeclared):
            row(e.attacker)["exchanges"] += 1
        elif isinstance(e, ev.Wounded):
            row(e.by)["wounds"] += 1
            row(e.by)["dealt"] += e.damage
    return t


def wounds_taken(events, man_id) -> list[tuple[int, str, int, str]]:
    """(game turn, location, damage, by whom) of each wound `man_id` took, in order."""
    turn, out = 0, []
    for e in events:
        if isinstance(e, ev.TurnStarted):
            turn = e.turn
        elif isinstance(e, ev.Wounded) and e.man == man_id:
            out.append((turn, e.location, e.damage, e.by))
    return out


DEATHS = {"damage": "dead of {pos} wounds", "six_six": "dead — a killing blow (6 and 6)",
          "crowd": "dead — thumbs down from the crowd"}
"""How a man died (`Dead.how`) on his results card: a killing blow kills at any damage, so "dead" beside
"damage taken: 3 (dead at 8)" must say why."""


def death_words(events, man: str, pos: str = "his") -> str:
    """How `man` died, in the bout's events ("dead" if they do not say); `pos`: his, her, its."""
    how = next((e.how for e in events if isinstance(e, ev.Dead) and e.man == man), None)
    return DEATHS.get(how, "dead").format(pos=pos)


def verdicts(events) -> list:
    """The crowd's rolls of the bout (ThumbsRolled events)."""
    return [e for e in events if isinstance(e, ev.ThumbsRolled)]


class GladiatorResults(RulesetResults):
    facts = facts

    def fresh(self, setup):
        from ...rulesets.gladiator.setup import new_game

        return new_game(setup, facts.arena_of(self.game))

    @property
    def seen(self):
        """The finished bout's view (Gladiator! hides nothing, at the end or before)."""
        return facts.seen(self.game)

    def headline(self) -> tuple[str, str]:
        v = self.seen
        head, _ = facts.outcome_words(v)
        turn = v.turn
        n = sum(1 for e in self.events if isinstance(e, ev.ExchangeDeclared))
        crowd = verdicts(self.events)
        line = f"After {turn} game turn{'s' if turn != 1 else ''} and {n} exchange{'s' if n != 1 else ''}."
        if crowd:
            line += " The crowd: " + ", ".join(f"thumbs {'up' if e.up else 'down'} for {facts.man_name(v, e.man)}"
                                               for e in crowd) + "."
        return head, line

    def draw(self, surface, left: pygame.Rect, right: pygame.Rect, areas: dict) -> None:
        s = self.s
        v = self.seen
        t = tally(self.events)
        winners = tuple(v.outcome.winners) if v.outcome is not None else ()
        cols = [left, right]
        for k, m in enumerate(v.men.values()):
            col = cols[k]
            box = pygame.Rect(col.x, col.y, col.w, col.h)
            panel(surface, box)
            pad = int(10 * s)
            won = m.owner in winners
            head = f"{m.name} · {facts.type_name(m)} ({m.owner})" + ("  — winner" if won else "")
            surface.blit(shortened(head, int(21 * s), box.w - 2 * pad, GOLD if won else INK, True), (box.x + pad, box.y + pad))
            y = box.y + pad + int(30 * s)
            bw = min(int(150 * s), (box.h - (y - box.y) - pad) * 4 // 7, box.w // 3)
            if bw >= 24:
                surface.blit(body_diagram(dict(m.wounds), m.damage, bw), (box.x + pad, y))
            size = min(int(64 * s), bw)
            tx = box.x + 2 * pad + max(bw, 0)
            surface.blit(man_sprite(m.type, self.index.get(m.owner, k), size, 90.0,
                                    state=facts.state_of(m), kit=facts.kit_of(m)), (tx, y))
            fate = death_words(self.events, m.id, facts.words_of(m).possessive) if not m.alive else (
                "down — spared by the crowd" if m.down else f"on {facts.words_of(m).possessive} feet")
            row = t.get(m.id, {"exchanges": 0, "wounds": 0, "dealt": 0})
            lines = [fate, f"damage taken: {m.damage} (down at 7, dead at 8)",
                     "wounds: " + ", ".join(f"{loc} {n}" for loc, n in m.wounds.items() if n) if m.damage else "no wounds",
                     f"exchanges {facts.words_of(m).subject} started: {row['exchanges']}",
                     f"damage {facts.words_of(m).subject} dealt: {m.inflicted}"]
            yy = y + size + int(6 * s)
            for line in lines:
                if yy + int(22 * s) > box.bottom:
                    break
                surface.blit(shortened(line, int(18 * s), box.right - pad - tx, INK if line == fate else DIM), (tx, yy))
                yy += int(22 * s)
            for e in verdicts(self.events):
                if e.man == m.id and yy + int(40 * s) <= box.bottom:
                    surface.blit(thumbs_icon(e.up, int(36 * s)), (tx, yy))
                    surface.blit(text(f"the crowd: {e.total}", int(17 * s), INK), (tx + int(42 * s), yy + int(8 * s)))
                    yy += int(40 * s)
            yy = max(yy, y + int(bw * 1.8)) + int(10 * s)
            hits = wounds_taken(self.events, m.id)
            if hits and yy + int(46 * s) <= box.bottom:
                surface.blit(text("Wounds taken", int(19 * s), GOLD, True), (box.x + pad, yy))
                yy += int(26 * s)
                for turn, loc, dmg, by in hits:
                    if yy + int(21 * s) > box.bottom:
                        break
                    words = f"game turn {turn}: {dmg} in the {loc}, by {facts.man_name(v, by)}"
                    surface.blit(shortened(words, int(17 * s), box.w - 2 * pad, INK), (box.x + pad, yy))
                    yy += int(21 * s)
            areas[f"man {m.id}"] = box
