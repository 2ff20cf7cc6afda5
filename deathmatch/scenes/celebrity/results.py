"""Celebrity Deathmatch's part of the shared results screen (scenes/results.py is the frame):
the final table with where the VP came from, the winners and why, awards, the VP chart and the key moments.

The frame asks the router for it (`Router.results_part`, `ClientRuleset.results`), gives it the
two columns to draw in, and its Watch replay and Rematch buttons ask it what to do. Everything it
shows comes from the public view of the game (`rulesets/celebrity/view.py`, through
`deathmatch.core.front`) and the record's timeline; the game itself is only handed on (to the
timeline, the replay, the rematch).
"""

from __future__ import annotations

import pygame

from ...client import sprites
from ...client.ui import DIM, GOLD, INK, panel, text
from ...client.ui import shortened as fit
from ...core.front import Front
from .story import draw_vp_chart, key_moments, moment_words, player_colours


VP, LIVES_TAKEN, KILLS, LOOT, LAST_STANDING, ABILITY_VP = range(6)
"""Where each count is in a view's `scores` of a player (`ABILITY_VP`: the VP ability effects
scored or lost, not how many were played)."""


def abilities_played(view, player: str) -> int:
    """How many abilities `player`'s models played (played abilities are everyone's to see)."""
    return sum(len(m.used) for m in view.models.values() if m.player == player)


def abilities_words(view, player: str) -> str:
    """The results table's "abilities" cell: how many were played, and the VP they scored if any:
    "4 (+1 VP)", "2", "0"."""
    n, vp = abilities_played(view, player), view.scores[player][ABILITY_VP]
    return f"{n} ({'+' if vp > 0 else '−'}{abs(vp)} VP)" if vp else str(n)


def awards(view) -> list[tuple[str, str]]:
    """(award, who and why) — from the scores and the models in a view of the game."""
    out = []
    scores = view.scores
    kills = max((s[KILLS] for s in scores.values()), default=0)
    if kills:
        best = [p for p, s in scores.items() if s[KILLS] == kills]
        out.append(("Most kills", f"{' & '.join(best)} ({kills})"))
    loot = max((s[LOOT] for s in scores.values()), default=0)
    if loot:
        best = [p for p, s in scores.items() if s[LOOT] == loot]
        out.append(("Richest", f"{' & '.join(best)} ({loot} loot)"))
    dead = [(mid, m) for mid, m in view.models.items() if not m.alive]
    if dead:
        # the glorious death: the fallen celebrity whose player still scored the most
        _, m = max(dead, key=lambda pair: (scores[pair[1].player][VP], pair[0]))
        out.append(("Glorious death", f"{m.name.split(',')[0]} ({m.player})"))
    survivors = [m for m in view.models.values() if m.alive and m.lives == 3]
    if survivors:
        out.append(("Not a scratch", ", ".join(m.name.split(",")[0] for m in survivors[:3])))
    return out


def tie_break_words(view) -> str:
    o = view.outcome
    table = o.standings
    if len(table) < 2:
        return ""
    best, second = table[0], table[1]
    if len(o.winners) > 1:
        return "Tied on VP, kills and loot: they share the win."
    if best[1] > second[1]:
        return f"Most VP ({best[1]} to {second[1]})."
    if best[2] > second[2]:
        return f"Tied on {best[1]} VP; more kills decide it ({best[2]} to {second[2]})."
    return f"Tied on {best[1]} VP and {best[2]} kills; more loot decides it ({best[3]} to {second[3]})."


class CelebrityResults:
    """The table and awards on the left; VP over time and the key moments on the right."""

    def __init__(self, app, game):
        self.app = app
        self.game = game
        """The game, handed on unread (to the timeline, the replay, the rematch)."""
        self.front = Front(game)
        self.seen = self.front.view(None)
        """The game as anyone may see it: all this panel shows."""
        self.timeline = None
        self.moments: list = []
        self.moment_scroll = 0
        self.shown_moments: list[str] = []
        """The key moments the last frame listed, as "R<round> <words>"."""
        if self.seen.recorded:
            from ...core.errors import RecordError
            from ...rulesets.celebrity.timeline import Timeline

            try:
                self.timeline = Timeline.of(game)
                self.moments = key_moments(self.timeline)
            except RecordError:  # never expected for a game played here; the table still shows
                self.timeline = None

    @property
    def s(self) -> float:
        return self.app.ui_scale

    # --- what the frame's buttons do ---
    can_rematch = True
    """Rematch: the same players, cards, arena and options, a new seed."""

    @property
    def can_replay(self) -> bool:
        """Whether Watch replay has something to show (a game from a setup, on a map arena)."""
        return self.timeline is not None and self.front.ask(None, "arena").layout is not None

    def arena(self):
        """The arena a replay or a rematch may reuse: the game's, unless random obstacles were added."""
        return self.front.ask(None, "arena") if not self.seen.options.obstacles else None

    def watch_replay(self) -> None:
        from ...rulesets.celebrity import GameRecord

        self.app.open("replay", GameRecord.of(self.game), arena=self.arena())

    def rematch(self):
        """The same players, cards, arena and options; a new seed."""
        import random
        from dataclasses import replace

        from ...rulesets.celebrity import GameRecord, new_game

        setup = replace(GameRecord.of(self.game).setup, seed=random.randrange(1 << 30))
        return new_game(setup, self.arena())

    def wheel(self, dy: int) -> None:
        self.moment_scroll = max(0, min(len(self.moments) - 1, self.moment_scroll - dy))

    # --- drawing ---
    def headline(self) -> tuple[str, str]:
        """(the title, the line under it): who won, why, and what decided it."""
        g = self.seen
        o = g.outcome
        winners = " & ".join(o.winners)
        rounds = f"{g.round} round{'s' if g.round != 1 else ''}"
        why = {"last_standing": f"Last celebrity standing after {rounds}.",
               "all_dead": f"Nobody left standing after {rounds}.",
               "round_limit": f"Round limit reached: {rounds} played."}.get(o.reason, f"{o.reason} after {rounds}.")
        return f"{winners} win{'s' if len(o.winners) == 1 else ''}!", f"{why} {tie_break_words(g)}"

    def draw(self, surface, left: pygame.Rect, right: pygame.Rect, areas: dict) -> None:
        """The table, awards, chart and key moments in the frame's two columns; `areas` gets where each went."""
        s = self.s
        self.areas = areas
        y = self.draw_table(surface, left)
        areas["table"] = pygame.Rect(left.x, left.y, left.w, y - left.y)
        y0 = y + int(12 * s)
        y = self.draw_awards(surface, pygame.Rect(left.x, y0, left.w, left.bottom - y0))
        areas["awards"] = pygame.Rect(left.x, y0, left.w, max(0, y - y0))
        if self.timeline is not None:
            # the key moments go under the awards when there is room (few players), else under the chart
            under_awards = left.bottom - y >= int(190 * s)
            chart = pygame.Rect(right.x, right.y, right.w, right.h if under_awards else int(right.h * 0.54))
            rounds, series = self.timeline.vp_by_round()
            draw_vp_chart(surface, chart, rounds, series, player_colours(self.seen), s)
            areas["chart"] = chart
            if under_awards:
                self.draw_moments(surface, pygame.Rect(left.x, y + int(8 * s), left.w, left.bottom - y - int(8 * s)))
            else:
                self.draw_moments(surface, pygame.Rect(right.x, chart.bottom + int(10 * s), right.w,
                                                       right.bottom - chart.bottom - int(10 * s)))

    def draw_table(self, surface, area) -> int:
        """The final table (where the VP came from); returns its bottom."""
        s = self.s
        g = self.seen
        o = g.outcome
        row_h = int(28 * s)
        table = pygame.Rect(area.x, area.y, area.w, int(34 * s) + row_h * len(o.standings) + int(6 * s))
        panel(surface, table)
        heads = ["VP", "lives taken", "kills", "loot", "last standing", "abilities played"]
        hsize, vsize = int(15 * s), int(20 * s)
        pad = int(10 * s)
        # numeric columns from the right edge, each as wide as its heading
        rights, x = [], table.right - pad
        cells = {p: abilities_words(g, p) for p, *_ in o.standings}
        for head in reversed(heads):
            rights.append(x)
            wide = text(head, hsize, DIM, True).get_width()
            if head == heads[-1]:  # "4 (+1 VP)" may be wider than its heading
                wide = max([wide] + [text(c, vsize, INK, True).get_width() for c in cells.values()])
            x -= wide + int(10 * s)
        rights.reverse()
        name_w = x - table.x - pad - int(24 * s)
        surface.blit(text("player", hsize, DIM, True), (table.x + pad, table.y + int(10 * s)))
        for head, r in zip(heads, rights):
            img = text(head, hsize, DIM, True)
            surface.blit(img, img.get_rect(topright=(r, table.y + int(10 * s))))
        colours = player_colours(g)
        y = table.y + int(34 * s)
        for p, vp, kills, loot in o.standings:
            sc = g.scores[p]
            pc = colours.get(p, sprites.PLAYER_COLOURS[0])
            colour = GOLD if p in o.winners else INK
            sw = pygame.Rect(table.x + pad, y + int(4 * s), int(18 * s), int(18 * s))
            pygame.draw.rect(surface, pc.rgb, sw, border_radius=3)
            num = text(str(pc.number), int(14 * s), (0, 0, 0), True)
            surface.blit(num, num.get_rect(center=sw.center))
            surface.blit(fit(p, vsize, name_w, colour, p in o.winners), (sw.right + int(6 * s), y + int(2 * s)))
            for v, r in zip([vp, sc[LIVES_TAKEN], sc[KILLS], sc[LOOT], sc[LAST_STANDING], cells[p]], rights):
                img = text(str(v), vsize, colour, p in o.winners)
                surface.blit(img, img.get_rect(topright=(r, y + int(2 * s))))
            y += row_h
        return table.bottom

    def draw_awards(self, surface, area) -> int:
        """The awards, a line each; returns where they end."""
        s = self.s
        y = area.y
        size = int(20 * s)
        for name, who in awards(self.seen):
            if y + int(24 * s) > area.bottom:
                break
            label = text(f"{name}:", size, GOLD, True)
            surface.blit(label, (area.x + int(4 * s), y))
            x = area.x + int(170 * s)
            surface.blit(fit(who, size, area.right - x), (x, y))
            y += int(26 * s)
        return y

    def draw_moments(self, surface, area) -> None:
        s = self.s
        self.areas["moments"] = area
        self.shown_moments = []
        panel(surface, area, (18, 13, 22, 235))
        pad = int(10 * s)
        surface.blit(text("Key moments", int(18 * s), INK, True), (area.x + pad, area.y + int(6 * s)))
        row_h = int(20 * s)
        y0 = area.y + int(30 * s)
        rows = max(1, (area.bottom - y0 - int(4 * s)) // row_h)
        if not self.moments:
            surface.blit(text("A quiet game: no kills, loot or lead changes.", int(17 * s), DIM), (area.x + pad, y0))
            return
        start = max(0, min(self.moment_scroll, len(self.moments) - rows))
        shown = self.moments[start:start + rows]
        if len(self.moments) > rows:
            more = text(f"{start + 1}–{start + len(shown)} of {len(self.moments)} (scroll)", int(15 * s), DIM)
            surface.blit(more, more.get_rect(topright=(area.right - pad, area.y + int(8 * s))))
        colours = player_colours(self.seen)
        size = int(17 * s)
        for i, m in enumerate(shown):
            y = y0 + i * row_h
            surface.blit(text(f"R{m.round}", size, DIM, True), (area.x + pad, y))
            x = area.x + pad + int(36 * s)
            if m.player in colours:
                pygame.draw.rect(surface, colours[m.player].rgb, (x, y + int(3 * s), int(10 * s), int(10 * s)), border_radius=2)
            x += int(16 * s)
            colour = GOLD if m.kind in ("lead", "level", "kill") else INK
            words = moment_words(m, self.timeline, self.seen)
            surface.blit(fit(words, size, area.right - pad - x, colour), (x, y))
            self.shown_moments.append(f"R{m.round} {words}")
