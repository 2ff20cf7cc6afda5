"""A hero's card as a picture (the PNG the designer prints beside heroes.py's HTML card).

    draw_card(hero, width=900) → a pygame Surface

Name and flavour, and the hero's token as the arena draws it (client/art/supers.py); the attributes and the traits they give; the six segments, those it acts on
lit; a line a power (type, level, uses, styles or kinds, reliability, gizmo, cost); the points
spent of the budget. Card-sized for the table: 900 × 560 px at the default width.
"""

from __future__ import annotations

import pygame

from ...client.art.supers import hero_sprite
from ...client.ui import fit_line, font, wrap
from ...rulesets.supers.model import ATTRIBUTE_NAMES, ATTRIBUTES, TYPE_NAMES, Hero, Power

PAPER = (246, 236, 214)
EDGE = (120, 70, 40)
INKED = (40, 28, 24)
FADED = (110, 90, 80)
LIT = (236, 180, 70)


def draw_label(card, words: str, rect: pygame.Rect, size: int, colour, bold: bool = False, *, align: str = "left",
               ellipsize: bool = False) -> None:
    """One line in `rect`, shrunk (and cut with "…" if allowed) to fit: ink on paper, no screen shadow."""
    words, size = fit_line(words, size, rect.w, bold, None, ellipsize)
    img = font(size, bold).render(words, True, colour)
    where = img.get_rect(centery=rect.centery)
    where.x = {"center": rect.centerx - img.get_width() // 2, "right": rect.right - img.get_width()}.get(align, rect.x)
    card.blit(img, where)


def fit_text_block(card, words: str, rect: pygame.Rect, size: int, colour, min_size: int = 9) -> None:
    """Wrapped lines in `rect`, the font shrunk until they fit."""
    while size > min_size and len(wrap(words, size, rect.w)) * font(size).get_linesize() > rect.h:
        size -= 1
    y = rect.y
    for line in wrap(words, size, rect.w):
        card.blit(font(size).render(line, True, colour), (rect.x, y))
        y += font(size).get_linesize()


def power_line(p: Power) -> str:
    """One power as the card lists it: "shot 3, 10 uses; missile; unreliable; hidden gizmo"."""
    uses = "infinite uses" if p.uses is None else f"{p.uses} use{'' if p.uses == 1 else 's'}"
    bits = [f"{TYPE_NAMES[p.type]} {p.level}, {uses}"]
    if p.styles:
        bits.append(", ".join(p.styles))
    if p.movement:
        bits.append(", ".join(k.replace("_", "-") for k in p.movement))
    if p.reliability != "reliable":
        bits.append(p.reliability)
    if p.gizmo != "none":
        bits.append(f"{p.gizmo} gizmo")
    if p.damage():
        bits.append(f"damage {p.damage()}")
    if p.type == "shot":
        bits.append(f"range {p.range()}")
    return "; ".join(bits)


def draw_card(hero: Hero, width: int = 900) -> pygame.Surface:
    k = width / 900
    rows = max(4, len(hero.powers))
    height = int((300 + 34 * rows) * k)
    card = pygame.Surface((width, height))
    card.fill(PAPER)
    pygame.draw.rect(card, EDGE, card.get_rect(), width=max(2, int(6 * k)), border_radius=int(18 * k))
    m = int(28 * k)
    inner_w = width - 2 * m
    y = int(20 * k)
    token = hero_sprite(hero, 0, int(104 * k))  # the hero as the arena draws it (no gizmo shows on it)
    card.blit(token, token.get_rect(topright=(width - m, int(14 * k))))
    head_w = inner_w - int(112 * k)
    draw_label(card, hero.name, pygame.Rect(m, y, head_w, int(50 * k)), int(48 * k), INKED, True, ellipsize=True)
    y += int(52 * k)
    if hero.flavour:
        fit_text_block(card, hero.flavour, pygame.Rect(m, y, head_w, int(30 * k)), int(24 * k), FADED, min_size=9)
    y += int(36 * k)
    col = inner_w // 4
    for i, a in enumerate(ATTRIBUTES):
        draw_label(card, f"{ATTRIBUTE_NAMES[a]} {getattr(hero, a)}", pygame.Rect(m + i * col, y, col, int(30 * k)),
                   int(26 * k), INKED, True)
    y += int(34 * k)
    traits = (("Combat", hero.combat), ("Max Oomph", hero.max_oomph), ("Speed", hero.speed), ("Movement", hero.movement))
    for i, (label, value) in enumerate(traits):
        draw_label(card, f"{label} {value}", pygame.Rect(m + i * col, y, col, int(30 * k)), int(24 * k), INKED)
    y += int(40 * k)
    draw_label(card, "Segments", pygame.Rect(m, y, int(130 * k), int(36 * k)), int(24 * k), FADED)
    box = int(36 * k)
    for s in range(1, 7):
        r = pygame.Rect(m + int(140 * k) + (s - 1) * (box + int(8 * k)), y, box, box)
        pygame.draw.rect(card, LIT if s in hero.segments else PAPER, r, border_radius=int(6 * k))
        pygame.draw.rect(card, EDGE, r, width=max(1, int(2 * k)), border_radius=int(6 * k))
        draw_label(card, str(s), r, int(24 * k), INKED, True, align="center")
    y += box + int(16 * k)
    pygame.draw.line(card, EDGE, (m, y), (width - m, y), max(1, int(2 * k)))
    y += int(8 * k)
    cost_w = int(70 * k)
    name_w = int(230 * k)
    for p in hero.powers:
        line = pygame.Rect(m, y, inner_w, int(32 * k))
        draw_label(card, p.name, pygame.Rect(line.x, y, name_w, line.h), int(24 * k), INKED, True, ellipsize=True)
        draw_label(card, power_line(p), pygame.Rect(line.x + name_w + int(8 * k), y, inner_w - name_w - cost_w - int(16 * k),
                                                    line.h), int(22 * k), INKED, ellipsize=True)
        draw_label(card, str(p.cost()), pygame.Rect(line.right - cost_w, y, cost_w, line.h), int(24 * k), INKED, True,
                   align="right")
        y += int(34 * k)
    foot = pygame.Rect(m, height - int(46 * k), inner_w, int(32 * k))
    draw_label(card, f"Powers {hero.spent} of {hero.budget} points · id {hero.id}", foot, int(22 * k), FADED,
               align="right")
    return card
