"""A finished (or saved) game told back: the VP-over-time chart and the key moments in words.

The facts come from the engine's `Timeline` (engine/timeline.py) and the public view of the game
(`rulesets/celebrity/view.py`, through `deathmatch.core.front`); this module only draws them and
finds the words (with log.py's `describe`).
"""

from __future__ import annotations

import math

import pygame

from ...rulesets.celebrity import actions as act
from ...rulesets.celebrity import events as ev
from ...client import sprites
from ...core.front import Front
from .log import describe, who
from ...client.ui import DIM, INK, panel, text

MARKERS = ("circle", "square", "triangle", "diamond", "cross")
DASHES = ((1, 0), (10, 6), (3, 5))
"""(on, off) pixel lengths: solid, dashed, dotted — with the marker, a line reads in greyscale too."""


def player_colours(view) -> dict[str, sprites.PlayerColour]:
    """Player → colour in a view of the game, as the battle screen picks them: the seat's chosen
    colour, else the seat number."""
    return {p: sprites.PLAYER_COLOURS[c % len(sprites.PLAYER_COLOURS)] for p, c in zip(view.seats, view.colours)}


def line_style(i: int) -> tuple[str, tuple[int, int]]:
    """Seat i's marker and dash pattern (all different for up to 15 players)."""
    return MARKERS[i % len(MARKERS)], DASHES[(i // len(MARKERS) + i) % len(DASHES)]


# ------------------------------------------------------------------ words

VP_REASONS = {"life": "a life", "kill": "a kill", "loot": "loot", "last_standing": "last standing",
              "glory": "an ability", "steal": "stolen VP", "stolen": "VP stolen"}


def moment_words(m, timeline, view=None) -> str:
    """One plain line for a key moment (without its round); `view`: the public view of the game
    (made from the timeline's game when not given)."""
    g = view if view is not None else Front(timeline.game).view(None)
    vp = dict(m.vp)
    if m.kind == "kill":
        return (describe(m.event, g) or "").replace(". Glory!", "")
    if m.kind == "loot":
        return f"{who(g, m.event.model)} grabs the loot (+2 VP)"
    if m.kind == "ability":
        e = m.event
        target = f" on {who(g, e.target)}" if e.target else ""
        gain = f" ({'+' if m.amount > 0 else '−'}{abs(m.amount)} VP)" if m.amount else ""
        return f"{who(g, e.model)} plays {e.ability}{target}{gain}"
    if m.kind == "lead":
        second = max((v for p, v in vp.items() if p != m.player), default=0)
        return f"{m.player} takes the lead, {vp[m.player]} VP to {second}"
    if m.kind == "level":
        return f"{m.player} draws level at the top ({vp[m.player]} VP)"
    if m.kind == "jump":
        reasons = [VP_REASONS.get(e.reason, "an ability") for e in timeline.steps[m.step].events
                   if isinstance(e, ev.VPScored) and e.player == m.player]
        why = f" ({', '.join(dict.fromkeys(reasons))})" if reasons else ""
        sign = "+" if m.amount > 0 else "−"
        return f"{m.player} {sign}{abs(m.amount)} VP in one move{why}"
    return m.kind


def swung(m, timeline) -> bool:
    """Whether an ability moment changed something that counts: VP, lives or a death."""
    if m.kind != "ability":
        return True
    return bool(m.amount) or any(isinstance(e, (ev.LifeLost, ev.Died, ev.Revived, ev.Healed))
                                 for e in timeline.steps[m.step].events)


def key_moments(timeline) -> list:
    """The moments worth listing on the results screen: all but abilities that changed nothing."""
    return [m for m in timeline.moments() if swung(m, timeline)]


def decision_words(step, view) -> str:
    """What a step's decision was, in plain words (`view`: a view of any state with the same models)."""
    a = step.decision
    if a is None:
        return "The dice-off decides who places first"
    name = who(view, getattr(a, "model", None)) if hasattr(a, "model") else ""
    if isinstance(a, act.Place):
        return f"{step.player} places {name}"
    if isinstance(a, act.Move):
        return f"{step.player}: {name} moves"
    if isinstance(a, act.Attack):
        return f"{step.player}: {name} attacks {who(view, a.target)}"
    if isinstance(a, act.MoveAttack):
        return f"{step.player}: {name} steps in and attacks {who(view, a.target)}"
    if isinstance(a, act.Hold):
        return f"{step.player}: {name} holds"
    if isinstance(a, act.UseAbility):
        target = f" on {who(view, a.target)}" if a.target else ""
        return f"{step.player}: {name} plays {a.ability}{target}"
    if isinstance(a, act.PushBack):
        return f"{step.player} picks where {name} is pushed back to"
    if isinstance(a, act.Pass):
        return f"{step.player} plays no ability"
    return f"{step.player}: {type(a).__name__}"


# ------------------------------------------------------------------ the chart

def _dashed(surface, colour, points, width, dash) -> None:
    """A polyline drawn in dashes of `dash` = (on, off) pixels, the pattern running on across corners."""
    on, off = dash
    if len(points) < 2:
        return
    if off <= 0:
        pygame.draw.lines(surface, colour, False, points, width)
        return
    period = on + off
    done = 0.0  # length of the line before this segment
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        if length <= 0:
            continue
        t = -(done % period)  # where the current dash began, from this segment's start
        while t < length:  # t grows by a whole period each time: always ends
            a, b = max(t, 0.0), min(t + on, length)
            if b > a:
                pygame.draw.line(surface, colour, (x0 + (x1 - x0) * a / length, y0 + (y1 - y0) * a / length),
                                 (x0 + (x1 - x0) * b / length, y0 + (y1 - y0) * b / length), width)
            t += period
        done += length


def draw_marker(surface, kind, centre, r, colour, edge=(0, 0, 0)) -> None:
    x, y = centre
    if kind == "circle":
        pygame.draw.circle(surface, edge, centre, r + 1)
        pygame.draw.circle(surface, colour, centre, r)
    elif kind == "square":
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (int(x), int(y))
        pygame.draw.rect(surface, edge, rect.inflate(2, 2))
        pygame.draw.rect(surface, colour, rect)
    elif kind == "triangle":
        pts = [(x, y - r - 1), (x - r - 1, y + r), (x + r + 1, y + r)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, edge, pts, 1)
    elif kind == "diamond":
        pts = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, edge, pts, 1)
    else:  # cross
        w = max(2, r // 2 + 1)
        pygame.draw.line(surface, edge, (x - r, y - r), (x + r, y + r), w + 2)
        pygame.draw.line(surface, edge, (x - r, y + r), (x + r, y - r), w + 2)
        pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), w)
        pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), w)


def _nice_step(span: int, most: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if span / step <= most:
            return step
    return max(1, span // most)


def _halo(rgb) -> tuple:
    """An outline that stands out around a line of this colour on the dark panel."""
    luma = 0.3 * rgb[0] + 0.59 * rgb[1] + 0.11 * rgb[2]
    return (205, 200, 190) if luma < 70 else (0, 0, 0)


def draw_vp_chart(surface, rect: pygame.Rect, rounds, series: dict, colours: dict, s: float,
                  title: str = "VP after each round") -> None:
    """A line per player (their colour, a marker and a dash pattern each), rounds along the
    bottom, VP up the side, and a legend under it that wraps onto more rows when needed."""
    panel(surface, rect, (18, 13, 22, 235))
    players = list(series)
    pad = int(10 * s)
    label = int(15 * s)
    surface.blit(text(title, int(18 * s), INK, True), (rect.x + pad, rect.y + int(6 * s)))
    # the legend's rows, measured first so that the plot takes what is left
    entries = []
    for i, p in enumerate(players):
        c = colours[p]
        img = text(f"{c.number} {p}", label, INK)
        entries.append((i, p, img, int(34 * s) + img.get_width()))
    rows, row_w, x_room = 1, 0, rect.w - 2 * pad
    for *_, w in entries:
        if row_w and row_w + w > x_room:
            rows += 1
            row_w = 0
        row_w += w + int(12 * s)
    line_h = int(18 * s)
    legend_h = rows * line_h + int(4 * s)
    ymax = max([5] + [v for vs in series.values() for v in vs])
    ymin = min([0] + [v for vs in series.values() for v in vs])
    r_mark = max(3, int(4 * s))  # markers reach this far past the plot: the axis labels keep clear of them
    axis_w = text(str(ymax), label, DIM).get_width() + int(8 * s) + r_mark
    plot = pygame.Rect(rect.x + pad + axis_w, rect.y + int(30 * s), 0, 0)
    plot.w = rect.right - pad - plot.x - int(6 * s)
    plot.h = rect.bottom - legend_h - int(26 * s) - r_mark - plot.y
    if plot.w < 40 or plot.h < 30:
        return
    last = max(1, rounds[-1] if rounds else 1)

    def to_xy(r, v, i=0):
        off = (i - (len(players) - 1) / 2) * max(1.0, 1.4 * s)  # equal lines side by side, not on top
        return (plot.x + plot.w * r / last, plot.bottom - plot.h * (v - ymin) / (ymax - ymin) + off)

    # grid and axes
    ystep = _nice_step(ymax - ymin, max(2, plot.h // int(28 * s)))
    v = ymin - ymin % ystep
    while v <= ymax:
        if v >= ymin:
            y = to_xy(0, v)[1]
            pygame.draw.line(surface, (60, 48, 50), (plot.x, y), (plot.right, y), 1)
            img = text(str(v), label, DIM)
            surface.blit(img, img.get_rect(midright=(plot.x - int(4 * s) - r_mark, y)))
        v += ystep
    xstep = _nice_step(last, max(2, plot.w // int(34 * s)))
    for r in range(0, last + 1, xstep):
        x = to_xy(r, 0)[0]
        pygame.draw.line(surface, (60, 48, 50), (x, plot.y), (x, plot.bottom), 1)
        img = text(str(r), label, DIM)
        surface.blit(img, img.get_rect(midtop=(x, plot.bottom + int(2 * s) + r_mark)))
    pygame.draw.line(surface, DIM, plot.bottomleft, plot.bottomright, 1)
    pygame.draw.line(surface, DIM, plot.topleft, plot.bottomleft, 1)
    words = text("round", label, DIM)
    surface.blit(words, words.get_rect(topright=(plot.right, plot.bottom + int(2 * s) + r_mark + words.get_height())))
    # the lines
    width = max(2, int(2.5 * s))
    mark_every = max(1, math.ceil(last / 12))
    for i, p in enumerate(players):
        c = colours[p]
        marker, dash = line_style(i)
        pts = [to_xy(r, v, i) for r, v in zip(rounds, series[p])]
        pattern = (max(1, int(dash[0] * s)), int(dash[1] * s))
        _dashed(surface, _halo(c.rgb), pts, width + 2, pattern)
        _dashed(surface, c.rgb, pts, width, pattern)
        for k, pt in enumerate(pts):
            if k % mark_every == (i % mark_every) or k == len(pts) - 1:
                draw_marker(surface, marker, pt, r_mark, c.rgb, _halo(c.rgb))
    # the legend
    x, y = rect.x + pad, rect.bottom - legend_h
    for i, p, img, w in entries:
        if x > rect.x + pad and x + w > rect.right - pad:
            x, y = rect.x + pad, y + line_h
        c = colours[p]
        marker, dash = line_style(i)
        mid = y + line_h // 2
        _dashed(surface, c.rgb, [(x, mid), (x + int(26 * s), mid)], width, (max(1, int(dash[0] * s)), int(dash[1] * s)))
        draw_marker(surface, marker, (x + int(13 * s), mid), r_mark, c.rgb, _halo(c.rgb))
        surface.blit(img, (x + int(32 * s), mid - img.get_height() // 2))
        x += w + int(12 * s)
