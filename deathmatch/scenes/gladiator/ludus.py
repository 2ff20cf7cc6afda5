"""A person's ludus on screen: founding it (its name, the owner's name, its colour) and the market
(gladiators bought with the ludus's denarii: a type at its price, an extra, a name, a pronoun).

Both act on the season (`rulesets/gladiator/career.py`: `found`, `buy`, each checked there) and save
it after every action (`season.py`). Mouse alone: every choice is a button, and every name comes
with a suggestion and "Another name"; keyboard alone: the keys on the buttons, Up/Down/Tab and
Enter, F2 (or Enter on the field) to type a name.
"""

from __future__ import annotations

import random

import pygame

from ...rulesets.gladiator import season as S
from ...client.art.gladiator import man_sprite
from ...client.ui import DIM, GOLD, INK, Button, block_height, fit_size, fit_text_block, panel, shortened, text
from ...rulesets.gladiator.career import (
    EXTRAS,
    LUDUS_NAMES,
    MAX_NAME,
    MAX_ROSTER,
    PRICES,
    RECRUIT_NAMES,
    START_MONEY,
    SeasonError,
    price,
)
from ...rulesets.gladiator.model import TYPES, Gladiator, modifiers
from ..menu import MenuScene
from .ledger import PRONOUN_CHOICES, TextField, ended_by_enter, extra_words, fighter_head, kit_words, record_line, rgb, swatch, \
    signed, type_name, type_numbers, types_for_sale, card_lines, card_names

GOOD = (160, 220, 160)
BAD = (255, 170, 110)


class FoundScene(MenuScene):
    """A person founds a ludus: its name, the owner's name, a colour not taken. `then(ludus)` once founded."""

    title = "Found your ludus"

    def __init__(self, app, path, season, then=None, number: int | None = None):
        super().__init__(app)
        self.path, self.season, self.then = path, season, then
        self.number = number if number is not None else sum(1 for l in season.ludi.values() if not l.bot) + 1
        self.suggest = 0
        self.ludus = TextField(self.free_ludus_name(), MAX_NAME)
        self.owner = TextField(f"Player {self.number}", MAX_NAME)
        used = {l.colour for l in season.ludi.values()}
        self.colour = next((c for c in range(10) if c not in used), 0)

    def free_ludus_name(self) -> str:
        names = [n for n in LUDUS_NAMES if n not in self.season.ludi] or [f"Ludus {len(self.season.ludi) + 1}"]
        return names[self.suggest % len(names)]

    def fields(self):
        return (self.ludus, self.owner)

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        x = max(int(30 * s), w // 2 - int(320 * s))
        y = int(120 * s)
        bh = int(40 * s)
        b = [Button(f"Ludus: {self.ludus.shown()}", pygame.Rect(x, y, int(440 * s), bh), lambda: self.type(0), True,
                    pygame.K_F2, "Click (or F2) and type the ludus's name; Enter ends the typing"),
             Button("Another name (A)", pygame.Rect(x + int(450 * s), y, int(190 * s), bh), self.another, True, pygame.K_a),
             Button(f"Owner: {self.owner.shown()}", pygame.Rect(x, y + bh + int(12 * s), int(440 * s), bh),
                    lambda: self.type(1), True, pygame.K_F3, "Click (or F3) and type your own name")]
        self.swatch_y = y + 2 * (bh + int(12 * s)) + int(30 * s)
        used = {l.colour for l in self.season.ludi.values()}
        size = int(44 * s)
        for c in range(10):
            r = pygame.Rect(x + c * (size + int(8 * s)), self.swatch_y, size, size)
            btn = Button("", r, (lambda c=c: self.set_colour(c)), c not in used, None,
                         "Taken by another ludus" if c in used else "This colour")
            btn.tag = ("colour", c)
            btn.selected = c == self.colour
            b.append(btn)
        b.append(Button("Cancel (Esc)", pygame.Rect(x, h - int(70 * s), int(200 * s), int(44 * s)), self.back))
        b.append(Button("Found the ludus (Enter)", pygame.Rect(w - x - int(300 * s), h - int(70 * s), int(300 * s),
                                                               int(44 * s)), self.found, True, pygame.K_RETURN))
        self.buttons = b
        self.focus = len(b) - 1
        self.x = x

    def type(self, k: int) -> None:
        for i, f in enumerate(self.fields()):
            f.editing = i == k
        self.layout()
        self.focus = 0 if k == 0 else 2

    def another(self) -> None:
        self.suggest += 1
        self.ludus.value = self.free_ludus_name()
        self.layout()
        self.focus = 1

    def set_colour(self, c: int) -> None:
        self.colour = c
        self.layout()

    def key(self, event) -> bool:
        for f in self.fields():
            if f.key(event):
                self.message = ""
                focus = self.focus
                self.layout()
                self.focus = len(self.buttons) - 1 if ended_by_enter(f, event) else focus
                return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            used = {l.colour for l in self.season.ludi.values()}
            step = 1 if event.key == pygame.K_RIGHT else -1
            c = self.colour
            for _ in range(10):
                c = (c + step) % 10
                if c not in used:
                    break
            self.set_colour(c)
            return True
        return False

    def found(self) -> None:
        name, owner = self.ludus.value.strip(), self.owner.value.strip()
        try:
            ludus = self.season.found(name, owner, self.colour)
        except SeasonError as e:
            self.message = str(e)
            return
        S.save(self.season, self.path)
        self.app.stack.remove(self)
        self.app.open("market", self.path, self.season, ludus.name, founding=True, then=self.then)

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        self.draw_title(surface, f"Found your ludus — person {self.number}", int(24 * s), 48)
        surface.blit(text("Colour (Left/Right, or click):", int(20 * s), INK), (self.x, self.swatch_y - int(28 * s)))
        self.draw_buttons(surface)
        for b in self.buttons:
            if isinstance(b.tag, tuple) and b.tag[0] == "colour":
                swatch(surface, b.rect.inflate(-int(10 * s), -int(10 * s)), b.tag[1])
                if not b.enabled:
                    img = text("×", int(28 * s), (20, 14, 10), True)
                    surface.blit(img, img.get_rect(center=b.rect.center))
        words = (f"{self.ludus.value.strip() or 'Your ludus'} starts with {START_MONEY} denarii to buy "
                 "gladiators. The ludi founded so far: " +
                 (", ".join(f"{n} ({l.owner})" for n, l in self.season.ludi.items()) or "none") + ".")
        box = pygame.Rect(self.x, self.swatch_y + int(64 * s), min(w - 2 * self.x, int(760 * s)), int(90 * s))
        fit_text_block(surface, words, box, int(18 * s), DIM, min_size=9, line_gap=2)
        if self.message:
            self.draw_message(surface, h - int(110 * s))


def bought_words(season, f, kind: str, extra: str) -> str:
    """What was just bought, named: the man, his type, his extra and its price, and the experience card he
    starts with (what it does)."""
    words = f"Bought {f.name} the {type_name(kind)}{extra} for {f.price} denarii."
    cards = card_lines(season, f.gladiator.cards)
    if cards:
        w = f.gladiator.words()
        words += f" {w.subject.capitalize()} start{w.s} with {'; '.join(cards)}"
    return words


class MarketScene(MenuScene):
    """The market of a ludus: the types with their prices (1–7), an extra (E: none, +1 AP, an
    experience card), a name (F2 to type, A for another), a pronoun (P), Buy (B or Enter). What the
    ludus can not buy says why. The money left shows as it changes. Done (Esc) calls `then()`."""

    title = "The market"

    def __init__(self, app, path, season, ludus: str, founding: bool = False, then=None, note: str = ""):
        super().__init__(app)
        self.path, self.season, self.ludus_name, self.founding, self.then = path, season, ludus, founding, then
        self.note = note
        self.extra: str | None = None
        self.pronoun = 0
        self.rng = random.Random(f"{season.seed}:market:{ludus}:{len(season.actions)}")
        self.name = TextField(self.free_name(), MAX_NAME)
        self.kind = next((t for t in types_for_sale() if self.affordable(t)), types_for_sale()[0])
        self.bought: list[str] = []
        """What was bought here, in words (shown under the money)."""

    @property
    def ludus(self):
        return self.season.ludi[self.ludus_name]

    def free_name(self) -> str:
        taken = {f.name for f in self.season.fighters.values()}
        free = [n for n in RECRUIT_NAMES if n not in taken]
        return self.rng.choice(free) if free else f"Recruit {len(self.season.fighters) + 1}"

    def room(self) -> bool:
        return len(self.season.living(self.ludus_name)) < MAX_ROSTER

    def affordable(self, kind: str, extra: str | None = None) -> bool:
        return price(kind, extra) <= self.ludus.money

    def why_not(self, kind: str, extra: str | None = None) -> str:
        """Why the ludus can not buy this recruit now ("" if it can)."""
        if not self.room():
            return f"{self.ludus_name} keeps {MAX_ROSTER} living gladiators, the most a ludus may keep."
        cost = price(kind, extra)
        if cost > self.ludus.money:
            what = type_name(kind) + (f" with {extra_words(extra)}" if extra else "")
            return f"A {what} costs {cost} denarii: {self.ludus_name} has {self.ludus.money} ({cost - self.ludus.money} short)."
        if extra == "card" and not self.season.deck:
            return "The season's deck has no experience card to start a recruit with."
        return ""

    # --- layout ---
    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        pad = int(20 * s)
        self.col_w = (w - 4 * pad) // 3
        x1, x2, x3 = pad, 2 * pad + self.col_w, 3 * pad + 2 * self.col_w
        self.cols = (x1, x2, x3)
        top = int(96 * s)
        bh = max(int(30 * s), min(int(44 * s), (h - top - int(200 * s)) // 8))
        b = []
        for i, kind in enumerate(types_for_sale()):
            r = pygame.Rect(x1, top + i * (bh + int(6 * s)), self.col_w, bh)
            btn = Button(f"{i + 1}  {type_name(kind)} — {PRICES[kind]} denarii", r, (lambda k=kind: self.choose(k)),
                         self.room() and self.affordable(kind), pygame.K_1 + i,
                         f"{kit_words(kind)}: {type_numbers(kind)}")
            btn.selected = kind == self.kind
            b.append(btn)
        self.types_bottom = top + len(types_for_sale()) * (bh + int(6 * s))
        y = top
        b.append(Button(f"Name: {self.name.shown()}", pygame.Rect(x2, y, self.col_w, bh), self.type_name, True, pygame.K_F2,
                        "Click (or F2) and type the recruit's name; Enter ends the typing"))
        y += bh + int(6 * s)
        half = (self.col_w - int(6 * s)) // 2
        b.append(Button("Another name (A)", pygame.Rect(x2, y, half, bh), self.another, True, pygame.K_a))
        b.append(Button(f"Called: {PRONOUN_CHOICES[self.pronoun]} (P)", pygame.Rect(x2 + half + int(6 * s), y, half, bh),
                        self.cycle_pronoun, True, pygame.K_p, "How the bout's log speaks of this recruit: he, she or they"))
        y += bh + int(6 * s)
        b.append(Button(f"Extra: {extra_words(self.extra)} (E)", pygame.Rect(x2, y, self.col_w, bh), self.cycle_extra, True,
                        pygame.K_e, f"None, +1 AP on every AP roll (+{EXTRAS['ap']}), or an experience card drawn "
                        f"from the deck (+{EXTRAS['card']})"))
        y += bh + int(6 * s)
        self.price_y = y
        y += int(92 * s)
        why = self.why_not(self.kind, self.extra)
        b.append(Button(f"Buy for {price(self.kind, self.extra)} (B)", pygame.Rect(x2, y, self.col_w, int(44 * s)), self.buy,
                        not why and bool(self.name.value.strip()), pygame.K_b))
        self.buy_index = len(b) - 1
        self.why_y = y + int(50 * s)
        b.append(Button("Done (Esc)", pygame.Rect(w - pad - int(220 * s), h - int(60 * s), int(220 * s), int(44 * s)),
                        self.done, True))
        self.buttons = b
        self.focus = self.buy_index if b[self.buy_index].enabled else len(b) - 1

    def relayout(self, focus=None) -> None:
        keep = self.focus if focus is None else focus
        self.layout()
        if 0 <= keep < len(self.buttons):
            self.focus = keep

    # --- choices ---
    def choose(self, kind: str) -> None:
        self.kind = kind
        self.relayout(self.buy_index)

    def type_name(self) -> None:
        self.name.editing = True
        self.relayout()

    def another(self) -> None:
        self.name.value = self.free_name()
        self.relayout()

    def cycle_pronoun(self) -> None:
        self.pronoun = (self.pronoun + 1) % len(PRONOUN_CHOICES)
        self.relayout()

    def cycle_extra(self) -> None:
        order = [None, "ap", "card"]
        self.extra = order[(order.index(self.extra) + 1) % len(order)]
        self.relayout()

    def key(self, event) -> bool:
        if self.name.key(event):
            self.message = ""
            self.relayout(self.buy_index if ended_by_enter(self.name, event) else None)
            return True
        return False

    def buy(self) -> None:
        name = self.name.value.strip()
        try:
            f = self.season.buy(self.ludus_name, self.kind, name, self.extra, PRONOUN_CHOICES[self.pronoun])
        except SeasonError as e:
            self.message = str(e)
            return
        S.save(self.season, self.path)
        self.message = ""
        extra = f" with {extra_words(self.extra)}" if self.extra else ""
        self.bought.append(bought_words(self.season, f, self.kind, extra))
        self.name.value = self.free_name()
        self.extra = None
        self.pronoun = 0  # the next recruit is another man with another name: asked afresh, like the extra
        if not self.affordable(self.kind):
            self.kind = next((t for t in types_for_sale() if self.affordable(t)), self.kind)
        self.relayout()

    def done(self) -> None:
        if not self.season.living(self.ludus_name) and self.season.can_buy(self.ludus):
            self.message = f"{self.ludus_name} has no gladiator: buy one before you leave the market."
            return
        self.app.stack.remove(self)
        if self.then is not None:
            self.then()

    def back(self) -> None:
        self.done()

    # --- drawing ---
    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        x1, x2, x3 = self.cols
        l = self.ludus
        swatch(surface, pygame.Rect(int(20 * s), int(22 * s), int(22 * s), int(22 * s)), l.colour)
        surface.blit(shortened(f"The market — {l.name} ({l.owner})", int(30 * s), w - int(380 * s), GOLD, True),
                     (int(52 * s), int(16 * s)))
        money = text(f"{l.money} denarii", int(32 * s), GOLD, True)
        surface.blit(money, money.get_rect(topright=(w - int(20 * s), int(14 * s))))
        surface.blit(text("Types and prices (1–7)", int(18 * s), DIM, True), (x1, int(68 * s)))
        surface.blit(text("The recruit", int(18 * s), DIM, True), (x2, int(68 * s)))
        surface.blit(text(f"The ludus: {len(self.season.living(l.name))} of {MAX_ROSTER} living", int(18 * s), DIM, True),
                     (x3, int(68 * s)))
        self.draw_buttons(surface)
        # under the types: the lion, and why the greyed ones can not be bought
        notes = ["The Lion is not for sale: it is the arena's beast, not a ludus's man."]
        short = [t for t in types_for_sale() if not self.affordable(t)]
        if not self.room():
            notes.insert(0, self.why_not(self.kind))
        elif short:
            notes.insert(0, f"Greyed: more than {l.money} denarii ({', '.join(type_name(t) for t in short)}).")
        top = self.draw_type_table(surface, pygame.Rect(x1, self.types_bottom + int(4 * s), self.col_w,
                                                         h - int(70 * s) - self.types_bottom))
        box = pygame.Rect(x1, top + int(6 * s), self.col_w, h - int(70 * s) - top - int(6 * s))
        while len(notes) > 1 and block_height("\n".join(notes), fit_size("\n".join(notes), int(16 * s), box.w, box.h,
                                                                           min_size=9, line_gap=1),
                                              box.w, False, 1) > box.h:
            notes.pop()  # the lion's note goes first where even the smallest text will not hold them all
        if box.h > int(12 * s):
            fit_text_block(surface, "\n".join(notes), box, int(16 * s), DIM, min_size=9, line_gap=1)
        # the price and the money left, live
        cost = price(self.kind, self.extra)
        left = l.money - cost
        line = f"{type_name(self.kind)} {PRICES[self.kind]}" + (f" + {extra_words(self.extra)} {EXTRAS[self.extra]}"
                                                               if self.extra else "") + f" = {cost} denarii"
        surface.blit(shortened(line, int(19 * s), self.col_w, INK), (x2, self.price_y))
        after = f"Left after buying: {left}" if left >= 0 else f"{-left} denarii short"
        surface.blit(shortened(after, int(19 * s), self.col_w, GOOD if left >= 0 else BAD, True),
                     (x2, self.price_y + int(24 * s)))
        surface.blit(shortened(kit_words(self.kind), int(16 * s), self.col_w, DIM), (x2, self.price_y + int(48 * s)))
        surface.blit(shortened(type_numbers(self.kind), int(16 * s), self.col_w, INK), (x2, self.price_y + int(68 * s)))
        why = self.why_not(self.kind, self.extra) or ("" if self.name.value.strip() else "The recruit needs a name.")
        lines = [why] if why else []
        lines += self.bought[-3:]
        if self.message:
            lines.insert(0, self.message)
        if self.note:
            lines.insert(0, self.note)
        pic = max(0, min(int(130 * s), h - int(80 * s) - self.why_y - int(60 * s)))
        if pic >= int(40 * s):  # the recruit as he will stand in the sand, in the ludus's colour
            g = Gladiator("recruit", self.name.value or "?", self.kind, bonus_ap=1 if self.extra == "ap" else 0)
            surface.blit(man_sprite(self.kind, l.colour, pic, 90.0, kit=g.kit()), (x2, h - int(70 * s) - pic))
        box = pygame.Rect(x2, self.why_y, self.col_w, h - int(80 * s) - pic - self.why_y)
        if lines:
            fit_text_block(surface, "\n".join(lines), box, int(17 * s), BAD if (why or self.message) else GOOD,
                           min_size=9, line_gap=1)
        self.draw_roster(surface, pygame.Rect(x3, int(96 * s), self.col_w, h - int(170 * s)))

    def draw_type_table(self, surface, rect) -> int:
        """Every type's numbers side by side (what its kit does to the attack, defence and AP dice in the
        balanced posture), the chosen type's row bright: the bottom of the table."""
        s = self.s
        size = max(9, min(int(15 * s), rect.h // (len(types_for_sale()) + 3)))
        line = size + max(2, int(3 * s))
        cols = (rect.x + int(rect.w * 0.44), rect.x + int(rect.w * 0.62), rect.x + int(rect.w * 0.82))
        y = rect.y
        surface.blit(shortened("On the dice (balanced posture):", size, rect.w, DIM, True), (rect.x, y))
        y += line
        for x, head in zip(cols, ("attack", "defence", "AP")):
            img = text(head, size, DIM, True)
            surface.blit(img, img.get_rect(midtop=(x, y)))
        y += line
        for kind in types_for_sale():
            a, d, ap = modifiers(TYPES[kind], "balanced")
            colour = GOLD if kind == self.kind else INK
            surface.blit(shortened(type_name(kind), size, cols[0] - rect.x - int(24 * s), colour), (rect.x, y))
            for x, n in zip(cols, (a, d, ap)):
                img = text(signed(n), size, colour)
                surface.blit(img, img.get_rect(midtop=(x, y)))
            y += line
        return y

    def draw_roster(self, surface, rect) -> None:
        s = self.s
        panel(surface, rect, (34, 26, 30, 220), (90, 64, 44), 6)
        y = rect.y + int(8 * s)
        men = [self.season.fighters[i] for i in self.ludus.fighters]
        if not men:
            surface.blit(text("Nobody yet.", int(18 * s), DIM), (rect.x + int(10 * s), y))
        for f in men:
            if y > rect.bottom - int(40 * s):
                surface.blit(text("…", int(18 * s), DIM), (rect.x + int(10 * s), y))
                break
            colour = INK if f.alive else DIM
            surface.blit(shortened(fighter_head(f) + ("" if f.alive else " †"), int(18 * s), rect.w - int(20 * s),
                                   colour, True), (rect.x + int(10 * s), y))
            y += int(21 * s)
            held = card_names(self.season, f.gladiator.cards) if f.alive else ""
            surface.blit(shortened(record_line(f) + (f" · {held}" if held else ""), int(15 * s), rect.w - int(20 * s), DIM),
                         (rect.x + int(10 * s), y))
            y += int(24 * s)
        pygame.draw.rect(surface, rgb(self.ludus.colour), (rect.x, rect.y, int(4 * s), rect.h))
