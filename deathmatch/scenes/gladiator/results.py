"""Gladiator!'s part of the shared results screen (scenes/results.py): who won and how (a death, the
crowd's verdict, a draw), each man's damage and wounds on his body diagram, and the exchanges fought —
from the bout's own events, played again from its record (setup and decisions)."""

from __future__ import annotations

import pygame

from ...client.art.gladiator import body_diagram, man_sprite, thumbs_icon
from ...client.ui import DIM, GOLD, INK, panel, shortened, text
from ...rulesets.gladiator import events as ev
from . import facts


def story(game) -> list:
    """Every event of the bout, in order: the record played again (empty without a setup)."""
    setup = getattr(game, "setup", None)
    if setup is None:
        return []
    from ...rulesets.gladiator.setup import new_game

    try:
        again = new_game(setup, game.state.arena)
    except Exception:  # a record that no longer plays: the results show the final state alone
        return []
    out = facts.start_events(again)
    for action in game.history:
        out += again.apply(action)
    return out


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


def verdicts(events) -> list:
    """The crowd's rolls of the bout (ThumbsRolled events)."""
    return [e for e in events if isinstance(e, ev.ThumbsRolled)]


class GladiatorResults:
    can_rematch = True

    def __init__(self, app, game):
        self.app = app
        self.game = game
        self.events = story(game)
        self.index = dict(zip(facts.seats(game), facts.colours(game)))

    @property
    def s(self) -> float:
        return self.app.ui_scale

    @property
    def can_replay(self) -> bool:
        return getattr(self.game, "setup", None) is not None and "replay" in self.app.router.target_names("gladiator")

    def watch_replay(self) -> None:
        self.app.router.ruleset = self.game.ruleset_id
        self.app.open("replay", self.game)

    def rematch(self):
        """The same seats, gladiators, arena and options; a new seed."""
        import random
        from dataclasses import replace

        from ...rulesets.gladiator.setup import new_game

        g = self.game
        again = new_game(replace(g.setup, seed=random.randrange(1 << 30)), g.state.arena)
        again.seat_bots = dict(getattr(g, "seat_bots", {}) or {})
        return again

    def wheel(self, dy: int) -> None:
        pass

    def headline(self) -> tuple[str, str]:
        head, _ = facts.outcome_words(self.game)
        turn = self.game.state.turn
        n = sum(1 for e in self.events if isinstance(e, ev.ExchangeDeclared))
        crowd = verdicts(self.events)
        line = f"After {turn} game turn{'s' if turn != 1 else ''} and {n} exchange{'s' if n != 1 else ''}."
        if crowd:
            line += " The crowd: " + ", ".join(f"thumbs {'up' if e.up else 'down'} for {facts.man_name(self.game, e.man)}"
                                               for e in crowd) + "."
        return head, line

    def draw(self, surface, left: pygame.Rect, right: pygame.Rect, areas: dict) -> None:
        s = self.s
        g = self.game
        t = tally(self.events)
        winners = tuple(getattr(g.outcome, "winners", ()) or ())
        cols = [left, right]
        for k, m in enumerate(g.state.men.values()):
            col = cols[k]
            box = pygame.Rect(col.x, col.y, col.w, col.h)
            panel(surface, box)
            pad = int(10 * s)
            won = m.owner in winners
            head = f"{m.gladiator.name} · {facts.type_name(m)} ({m.owner})" + ("  — winner" if won else "")
            surface.blit(shortened(head, int(21 * s), box.w - 2 * pad, GOLD if won else INK, True), (box.x + pad, box.y + pad))
            y = box.y + pad + int(30 * s)
            bw = min(int(150 * s), (box.h - (y - box.y) - pad) * 4 // 7, box.w // 3)
            if bw >= 24:
                surface.blit(body_diagram(m.wounds, m.damage, bw), (box.x + pad, y))
            size = min(int(64 * s), bw)
            tx = box.x + 2 * pad + max(bw, 0)
            surface.blit(man_sprite(m.gladiator.type, self.index.get(m.owner, k), size, 90.0,
                                    state=facts.state_of(m), kit=m.gladiator), (tx, y))
            fate = "dead" if not m.alive else ("down — spared by the crowd" if m.down
                                                   else f"on {facts.words_of(m).possessive} feet")
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
                    words = f"game turn {turn}: {dmg} in the {loc}, by {facts.man_name(g, by)}"
                    surface.blit(shortened(words, int(17 * s), box.w - 2 * pad, INK), (box.x + pad, yy))
                    yy += int(21 * s)
            areas[f"man {m.id}"] = box
