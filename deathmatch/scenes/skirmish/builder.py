"""Chessboard Skirmish's army builder: make an army list, see its cost live, save it to the
player's armies folder (docs/rules/SKIRMISH.md §2–§3).

    ArmyBuilderScene(app, points=30, army=None, on_saved=None)

The screen: the points level (20/30/40/50 or a free list) and the army's name at the top; a
row per miniature (its name typed, die d4…d20, weapon melee/bow/gun, armour −/+, hero on/off,
its cost, copy and remove); on the right the points left, why the list is not legal yet in
words, and the commands (add, copy, remove, load an army to start from, save, back). Saving
refuses an illegal list and says why. The rules of points and legality are the ruleset's
(`rulesets/skirmish/army.py`, `armies.py`): this screen only shows them.

Mouse: every control is a button; a click on a name field puts the typing there; the wheel
scrolls a long list. Keyboard: Up/Down pick the row (the army's name first), Tab/Shift+Tab
the field, Left/Right (or -/+) change it, Space/Enter toggle; typing goes to a name field;
Ctrl+N add, Ctrl+D copy, Ctrl+R remove, Ctrl+L load, Ctrl+S save, Ctrl+P points, Esc back.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame

from ...client.editor import EditorForm, Picker, words_in
from ...client.scroll import ScrollList
from ...rulesets.skirmish.armies import bundled_armies_dir, user_armies_dir
from ...client.ui import DIM, GOLD, INK, Button, draw_label, fit_size, fit_text_block, font, line_height, panel, text, typing_tail
from ...rulesets.skirmish.armies import MAX_MINIATURES, MAX_NAME, load_default_armies, name_problem, save_user_army
from ...rulesets.skirmish.army import ARMOUR_COST, DICE, HERO_COST, POINT_LEVELS, WEAPON_COST, WEAPONS, Army, Miniature, move_of
from ..menu import MenuScene

LEVELS: tuple[int | None, ...] = (*POINT_LEVELS, None)
"""The points levels offered, None a free list (points off)."""
NAME, DIE, WEAPON, ARMOUR, HERO = range(5)
"""The fields of a miniature's row, in Tab order."""
FIELDS = ("name", "die", "weapon", "armour", "hero")
MAX_ARMOUR = 10
BAD = (255, 150, 110)
OK = (150, 230, 140)
PRICES = "Prices: a die costs its sides (d4 = 4 … d20 = 20); bow 3, gun 4; armour 2 a point; hero 3."


@dataclass
class Row:
    """One miniature as the builder edits it (an `army.Miniature` once the list is taken)."""

    name: str
    die: int = 6
    weapon: str = "melee"
    armour: int = 0
    hero: bool = False

    def miniature(self) -> Miniature:
        return Miniature(self.name.strip(), self.die, self.weapon, self.armour, self.hero)

    @classmethod
    def of(cls, m: Miniature) -> Row:
        return cls(m.name, m.die, m.weapon, m.armour, m.hero)


def cost_words(m: Miniature) -> str:
    """The sum behind a miniature's cost: "die 8 + bow 3 + armour 2 + hero 3 = 16"."""
    parts = [f"die {m.die}"]
    if WEAPON_COST[m.weapon]:
        parts.append(f"{m.weapon} {WEAPON_COST[m.weapon]}")
    if m.armour:
        parts.append(f"armour {ARMOUR_COST * m.armour}")
    if m.hero:
        parts.append(f"hero {HERO_COST}")
    return " + ".join(parts) + f" = {m.cost()}"


def stat_words(m: Miniature) -> str:
    """What a miniature does in play, from its die (§2)."""
    ranged = {"melee": "no ranged attack", "bow": f"bow d{m.die} halved", "gun": f"gun d{m.die}"}[m.weapon]
    extra = (f", {m.armour} armour" if m.armour else "") + (", hero re-roll" if m.hero else "")
    return f"Moves {move_of(m.die)}, melee d{m.die}, {ranged}, defence d{m.die}{extra}."


def points_words(n: int) -> str:
    """"1 point", "11 points" (the head read "1 points left")."""
    return f"{n} point{'s' if n != 1 else ''}"


class ArmyBuilderScene(EditorForm, MenuScene):
    """The army builder. `points`: the level to start at (20/30/40/50, None a free list); `army`: a list
    to start from (its own level then); `on_saved(army, path)`: called after each save."""

    title = "Army builder"
    PICKER = Picker(top=70, margins=90, width=720, row=36, rows_at=50, heading="Start from an army",
                    empty="No armies found.", check="check-armies")

    def __init__(self, app, points: int | None = 30, army: Army | None = None,
                 on_saved: Callable[[Army, Path], None] | None = None):
        super().__init__(app)
        self.on_saved = on_saved
        self.points: int | None = points if points in POINT_LEVELS else None
        self.name = "My Army"
        self.blurb = ""
        self.rows: list[Row] = [Row("Captain", 8, "melee", 1, True), Row("Soldier", 6)]
        self.source: Path | None = None
        """The player's file this list came from (saving edits it), None for a new list."""
        self.row = 0
        """The row in focus: -1 the army's name, else a miniature."""
        self.col = NAME
        self.message = ""
        self.message_ok = False
        self.dirty = False
        self.warned = False
        """Esc was pressed once with changes unsaved (the second leaves)."""
        self.choices: list[Army] | None = None
        """While picking an army to start from: the armies to pick from (else None)."""
        self.choice = 0
        self.unreadable = 0
        self.list = ScrollList(on_scroll=self.layout)
        self.picker = ScrollList(on_scroll=self.layout)
        self.mouse: tuple[int, int] | None = None
        """Where the mouse was last seen (its button is drawn lit)."""
        self.fields: dict[tuple[int, int], pygame.Rect] = {}
        self.costs: dict[int, pygame.Rect] = {}
        self.heads: dict[int, pygame.Rect] = {}
        if army is not None:
            self.start_from(army, announce=False)

    # --- the list as data ----------------------------------------------------------------
    def army(self) -> Army:
        """The list as it stands, as the ruleset's `Army`."""
        return Army(self.name.strip(), tuple(r.miniature() for r in self.rows), self.points, self.blurb)

    def problems(self) -> list[str]:
        """Why the list can not be saved yet, in words (empty: it is legal)."""
        out = []
        if (why := name_problem(self.name.strip())) is not None:
            out.append(f"The army's name {why}.")
        for i, r in enumerate(self.rows):
            if (why := name_problem(r.name.strip())) is not None:
                out.append(f"Miniature {i + 1}'s name {why}.")
        if len(self.rows) > MAX_MINIATURES:
            out.append(f"{len(self.rows)} miniatures: an army has at most {MAX_MINIATURES}.")
        army = self.army()
        for why in army.problems(self.points):
            if "over the" in why:
                over = army.cost() - self.points
                why = (f"Over budget by {over}: the army costs {army.cost()} of {self.points} points. "
                       "Drop a miniature, a smaller die, a weapon, armour or a hero.")
            else:
                why = why[0].upper() + why[1:] + "."
            out.append(why)
        return out

    def changed(self) -> None:
        self.dirty = True
        self.warned = False
        self.message = ""
        self.layout()

    # --- commands --------------------------------------------------------------------------
    def set_points(self, level: int | None) -> None:
        self.points = level
        self.changed()

    def next_points(self) -> None:
        self.set_points(LEVELS[(LEVELS.index(self.points) + 1) % len(LEVELS)])

    def add(self) -> None:
        if len(self.rows) >= MAX_MINIATURES:
            self.say(f"An army has at most {MAX_MINIATURES} miniatures.")
            return
        self.rows.append(Row(f"Soldier {len(self.rows) + 1}", 4))
        self.row, self.col = len(self.rows) - 1, NAME
        self.changed()

    def duplicate(self, i: int | None = None) -> None:
        i = self.row if i is None else i
        if not 0 <= i < len(self.rows):
            self.say("Pick a miniature to copy first (Up/Down or a click).")
            return
        if len(self.rows) >= MAX_MINIATURES:
            self.say(f"An army has at most {MAX_MINIATURES} miniatures.")
            return
        self.rows.insert(i + 1, Row(**vars(self.rows[i])))
        self.row = i + 1
        self.changed()

    def remove(self, i: int | None = None) -> None:
        i = self.row if i is None else i
        if not 0 <= i < len(self.rows):
            self.say("Pick a miniature to remove first (Up/Down or a click).")
            return
        del self.rows[i]
        self.row = min(self.row, len(self.rows) - 1) if self.rows else -1
        self.changed()

    def step(self, i: int, col: int, d: int) -> None:
        """Change field `col` of miniature `i` by one step `d` (±1): a die up or down, the next
        weapon, an armour point more or less, the hero mark on or off."""
        r = self.rows[i]
        if col == DIE:
            k = DICE.index(r.die) + d
            if not 0 <= k < len(DICE):
                self.say(f"d{r.die} is the {'largest' if d > 0 else 'smallest'} die.")
                return
            r.die = DICE[k]
        elif col == WEAPON:
            r.weapon = WEAPONS[(WEAPONS.index(r.weapon) + d) % len(WEAPONS)]
        elif col == ARMOUR:
            if not 0 <= r.armour + d <= MAX_ARMOUR:
                self.say(f"Armour goes from 0 to {MAX_ARMOUR}.")
                return
            r.armour += d
        elif col == HERO:
            r.hero = not r.hero
        else:
            return
        self.row, self.col = i, col
        self.changed()

    def focus_on(self, row: int, col: int = NAME) -> None:
        self.row, self.col = row, (NAME if row < 0 else col)
        self.layout()

    def save(self) -> None:
        why = self.problems()
        if why:
            self.say("Not saved: " + " ".join(why))
            return
        army = self.army()
        try:
            path = save_user_army(army, replace=self.source)
        except (OSError, ValueError) as e:
            self.say(f"Not saved: {e}")
            return
        self.source = path
        self.dirty = False
        self.say(f"Saved: {army.name} is listed with your armies now.", ok=True)
        if self.on_saved is not None:
            self.on_saved(army, path)

    def open_picker(self) -> None:
        armies, problems = load_default_armies()
        bundled = [a for a in armies if self.bundled(a)]
        self.choices = [a for a in armies if not self.bundled(a)] + sorted(bundled, key=lambda a: (a.points or 0, a.name))
        """The player's own armies first (as saved), then the bundled ones by points and name."""
        self.unreadable = len({p.file for p in problems})
        self.choice = 0
        self.layout()

    @staticmethod
    def bundled(army: Army) -> bool:
        return bool(army.source) and Path(army.source).parent == bundled_armies_dir()

    def start_from(self, army: Army, announce: bool = True) -> None:
        """Take `army` as the list to edit (its level, name, blurb and miniatures). A list the
        player saved is edited in its own file; a bundled one is saved as a new file of theirs."""

        self.points = army.points
        self.name, self.blurb = army.name, army.blurb
        self.rows = [Row.of(m) for m in army.miniatures]
        src = Path(army.source) if army.source else None
        try:
            mine = src is not None and src.parent.resolve() == user_armies_dir().resolve()
        except OSError:
            mine = False
        self.source = src if mine else None
        self.row, self.col = (0 if self.rows else -1), NAME
        self.choices = None
        self.dirty = False
        if announce:
            self.say(f"Loaded {army.name}" + (" (yours: saving updates its file)." if mine else
                                              " (bundled: saving makes a copy of yours)."), ok=True)

    def back(self) -> None:
        if self.dirty and not self.warned:
            self.warned = True
            self.say("Not saved yet: Esc again leaves without saving, Ctrl+S saves.")
            return
        self.app.stack.remove(self)

    # --- events ----------------------------------------------------------------------------
    def key_down(self, event) -> None:
        k = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        typing = self.row < 0 or self.col == NAME
        if ctrl:
            action = {pygame.K_n: self.add, pygame.K_d: self.duplicate, pygame.K_r: self.remove,
                      pygame.K_l: self.open_picker, pygame.K_s: self.save, pygame.K_p: self.next_points}.get(k)
            if action is not None:
                action()
            return
        if k == pygame.K_ESCAPE:
            self.back()
        elif k == pygame.K_UP:
            self.focus_on(max(-1, self.row - 1), self.col)
        elif k == pygame.K_DOWN:
            self.focus_on(min(len(self.rows) - 1, self.row + 1), self.col)
        elif k == pygame.K_TAB:
            self.tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END) and not typing:
            self.focus_on(max(0, min(len(self.rows) - 1, self.row + self.list.page(k))), self.col)
        elif typing:
            self.type_key(event)
        elif k in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step(self.row, self.col, -1)
        elif k in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.step(self.row, self.col, 1)
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.step(self.row, self.col, 1)
        elif k == pygame.K_DELETE:
            self.remove()

    def tab(self, d: int) -> None:
        """The next field (Shift: the one before), on to the next row at a row's end."""
        cells = [(-1, NAME)] + [(i, c) for i in range(len(self.rows)) for c in range(len(FIELDS))]
        here = (self.row, NAME if self.row < 0 else self.col)
        k = cells.index(here) if here in cells else 0
        self.focus_on(*cells[(k + d) % len(cells)])

    def type_key(self, event) -> None:
        """A key in a name field: letters type, Backspace deletes, Enter moves on to the next field."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.tab(1)
            return
        if event.key == pygame.K_DELETE:
            return
        current = self.name if self.row < 0 else self.rows[self.row].name
        new = self.typed(current, event, MAX_NAME, f"A name has at most {MAX_NAME} characters.")
        if new is None:
            return
        if self.row < 0:
            self.name = new
        else:
            self.rows[self.row].name = new
        self.changed()

    # --- layout ------------------------------------------------------------------------------
    def geometry(self) -> dict[str, pygame.Rect]:
        s = self.s
        w, h = self.app.size
        m = int(20 * s)
        top = int(78 * s)
        side_w = max(int(300 * s), int(w * 0.3))
        side = pygame.Rect(w - m - side_w, top, side_w, h - top - int(60 * s))
        lst = pygame.Rect(m, top, side.x - 2 * m, side.h)
        return {"list": lst, "side": side, "message": pygame.Rect(m, h - int(52 * s), w - 2 * m, int(40 * s))}

    def layout(self) -> None:
        if self.choices is not None:
            self.layout_picker()
            return
        s = self.s
        w, _ = self.app.size
        g = self.geometry()
        lst, side = g["list"], g["side"]
        gap = int(6 * s)
        bh = int(36 * s)
        self.buttons, self.fields, self.costs, self.heads = [], {}, {}, {}
        # the points level, top right
        pw = int(62 * s)
        x = w - int(20 * s) - len(LEVELS) * (pw + gap) + gap
        for level in LEVELS:
            label = "Free" if level is None else str(level)
            self.buttons.append(Button(label, pygame.Rect(x, int(20 * s), pw, bh), lambda v=level: self.set_points(v),
                                       selected=(level == self.points)))
            x += pw + gap
        self.points_label = pygame.Rect(x - len(LEVELS) * (pw + gap) - int(90 * s), int(20 * s), int(84 * s), bh)
        # the army's name, then the miniatures' rows under column heads
        self.name_label = pygame.Rect(lst.x, lst.y, int(110 * s), bh)
        self.fields[(-1, NAME)] = pygame.Rect(self.name_label.right + gap, lst.y, min(int(420 * s), lst.w - self.name_label.w - gap), bh)
        bar = max(6, int(12 * s))
        y0 = lst.y + bh + int(12 * s) + int(24 * s)
        step = bh + gap
        rows_fit = max(1, (lst.bottom - y0 + gap) // step)
        scrolls = self.list.fit(len(self.rows), rows_fit, self.row if self.row >= 0 else None)
        room = lst.w - (bar + gap if scrolls else 0)
        small = int(28 * s)
        widths = {DIE: small * 2 + int(44 * s) + 2 * gap, WEAPON: int(74 * s), ARMOUR: small * 2 + int(30 * s) + 2 * gap,
                  HERO: int(70 * s)}
        cost_w, dup_w, del_w = int(44 * s), int(56 * s), int(34 * s)
        fixed = sum(widths.values()) + cost_w + dup_w + del_w + 7 * gap
        name_w = max(int(90 * s), room - fixed)
        xs = {NAME: lst.x}
        xs[DIE] = xs[NAME] + name_w + gap
        xs[WEAPON] = xs[DIE] + widths[DIE] + gap
        xs[ARMOUR] = xs[WEAPON] + widths[WEAPON] + gap
        xs[HERO] = xs[ARMOUR] + widths[ARMOUR] + gap
        cost_x = xs[HERO] + widths[HERO] + gap
        dup_x = cost_x + cost_w + gap
        del_x = dup_x + dup_w + gap
        head_y = y0 - int(26 * s)
        for col, label in ((NAME, "Miniature"), (DIE, "Die"), (WEAPON, "Weapon"), (ARMOUR, "Armour"), (HERO, "Hero")):
            self.heads[col] = pygame.Rect(xs[col], head_y, widths.get(col, name_w), int(22 * s))
        self.heads[5] = pygame.Rect(cost_x, head_y, cost_w, int(22 * s))
        self.rows_area = pygame.Rect(lst.x, y0, room, rows_fit * step - gap)
        for i in self.list.shown():
            r = self.rows[i]
            y = y0 + (i - self.list.top) * step
            focus = i == self.row
            self.fields[(i, NAME)] = pygame.Rect(xs[NAME], y, name_w, bh)
            x = xs[DIE]
            self.buttons.append(Button("−", pygame.Rect(x, y, small, bh), lambda i=i: self.step(i, DIE, -1),
                                       r.die != DICE[0], tag=(i, DIE)))
            self.buttons.append(Button(f"d{r.die}", pygame.Rect(x + small + gap, y, int(44 * s), bh),
                                       lambda i=i: self.step(i, DIE, 1), tag=(i, DIE),
                                       selected=focus and self.col == DIE))
            self.buttons.append(Button("+", pygame.Rect(x + small + 2 * gap + int(44 * s), y, small, bh),
                                       lambda i=i: self.step(i, DIE, 1), r.die != DICE[-1], tag=(i, DIE)))
            self.buttons.append(Button(r.weapon, pygame.Rect(xs[WEAPON], y, widths[WEAPON], bh),
                                       lambda i=i: self.step(i, WEAPON, 1), tag=(i, WEAPON),
                                       selected=focus and self.col == WEAPON))
            x = xs[ARMOUR]
            self.buttons.append(Button("−", pygame.Rect(x, y, small, bh), lambda i=i: self.step(i, ARMOUR, -1),
                                       r.armour > 0, tag=(i, ARMOUR)))
            self.buttons.append(Button(str(r.armour), pygame.Rect(x + small + gap, y, int(30 * s), bh),
                                       lambda i=i: self.step(i, ARMOUR, 1), tag=(i, ARMOUR),
                                       selected=focus and self.col == ARMOUR))
            self.buttons.append(Button("+", pygame.Rect(x + small + 2 * gap + int(30 * s), y, small, bh),
                                       lambda i=i: self.step(i, ARMOUR, 1), r.armour < MAX_ARMOUR, tag=(i, ARMOUR)))
            self.buttons.append(Button("yes" if r.hero else "no", pygame.Rect(xs[HERO], y, widths[HERO], bh),
                                       lambda i=i: self.step(i, HERO, 1), tag=(i, HERO),
                                       selected=focus and self.col == HERO))
            self.costs[i] = pygame.Rect(cost_x, y, cost_w, bh)
            self.buttons.append(Button("Copy", pygame.Rect(dup_x, y, dup_w, bh), lambda i=i: self.duplicate(i),
                                       len(self.rows) < MAX_MINIATURES))
            self.buttons.append(Button("×", pygame.Rect(del_x, y, del_w, bh), lambda i=i: self.remove(i)))
        self.list.set_track(pygame.Rect(lst.x + room + gap, y0, bar, self.rows_area.h), s)
        # the commands, at the foot of the side panel, two a row
        inner = side.inflate(-int(24 * s), -int(24 * s))
        cw = (inner.w - gap) // 2
        commands = [("Add (Ctrl+N)", self.add, len(self.rows) < MAX_MINIATURES),
                    ("Copy (Ctrl+D)", self.duplicate, 0 <= self.row < len(self.rows)),
                    ("Remove (Ctrl+R)", self.remove, 0 <= self.row < len(self.rows)),
                    ("Load… (Ctrl+L)", self.open_picker, True),
                    ("Save (Ctrl+S)", self.save, True),
                    ("Back (Esc)", self.back, True)]
        rows_of = (len(commands) + 1) // 2
        cy = inner.bottom - rows_of * (bh + gap) + gap
        for k, (label, action, enabled) in enumerate(commands):
            rect = pygame.Rect(inner.x + (k % 2) * (cw + gap), cy + (k // 2) * (bh + gap), cw, bh)
            self.buttons.append(Button(label, rect, action, enabled))
        price_h = int(44 * s)
        self.prices = pygame.Rect(inner.x, cy - gap - price_h, inner.w, price_h)
        self.side_text = pygame.Rect(inner.x, inner.y, inner.w, self.prices.y - gap - inner.y)

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        g = self.geometry()
        surface.blit(text(self.title, int(40 * s), GOLD, True), (int(20 * s), int(16 * s)))
        if self.choices is not None:
            self.draw_picker(surface)
            return
        size = int(20 * s)
        draw_label(surface, "Points:", self.points_label, size, DIM, align="right")
        draw_label(surface, "Army name", self.name_label, size, DIM)
        for (row, col), rect in self.fields.items():
            focus = row == self.row and (row < 0 or self.col == NAME)
            panel(surface, rect, (60, 44, 40, 240), GOLD if focus else (110, 80, 50), 6)
            words = self.name if row < 0 else self.rows[row].name
            inner = rect.inflate(-int(12 * s), 0)
            if focus:  # being typed: its end (and the cursor) in view
                words = typing_tail(words + "|", size, inner.w, min_size=9)
            draw_label(surface, words, inner, size, INK, min_size=9, ellipsize=not focus)
        for col, rect in self.heads.items():
            words = ("Miniature", "Die", "Weapon", "Armour", "Hero", "Cost")[col]
            draw_label(surface, words, rect, int(18 * s), DIM, align="left" if col == NAME else "center")
        for i, rect in self.costs.items():
            draw_label(surface, str(self.rows[i].miniature().cost()), rect, size, GOLD, True, align="center")
        if not self.rows:
            draw_label(surface, "No miniatures yet: Add (Ctrl+N) makes one.", self.rows_area.inflate(0, 0).move(0, 0)
                       .clip(pygame.Rect(self.rows_area.x, self.rows_area.y, self.rows_area.w, int(36 * s))), size, DIM)
        panel(surface, g["side"], (30, 22, 26, 235), (110, 80, 50), 10)
        for b in self.buttons:
            lit = (b.tag is not None and b.tag == (self.row, self.col) and not b.selected) or self.under_mouse(b)
            b.draw(surface, size, hover=lit)
        self.list.draw_bar(surface)
        self.draw_summary(surface, self.side_text)
        fit_text_block(surface, PRICES, self.prices, int(17 * s), DIM, min_size=9, line_gap=0)
        if self.message:
            colour = OK if self.message_ok else BAD
            words_in(surface, self.message, g["message"], int(19 * s), colour)
        else:
            hint = ("Up/Down a row, Tab a field, Left/Right change it, type a name; "
                    "the mouse works everywhere.")
            fit_text_block(surface, hint, g["message"], int(17 * s), DIM, min_size=9, line_gap=0)

    def draw_summary(self, surface, box: pygame.Rect) -> None:
        """Points left (or over), what the focused miniature costs and does, and why the list is not legal."""
        s = self.s
        army = self.army()
        cost = army.cost()
        y = box.y
        big = int(34 * s)
        if self.points is None:
            head, colour, under = "Free list", INK, f"Points off: it costs {cost} (any list is legal)."
        elif cost <= self.points:
            head, colour, under = f"{points_words(self.points - cost)} left", OK, f"Costs {cost} of {self.points}."
        else:
            head, colour, under = f"{points_words(cost - self.points)} over", BAD, f"Costs {cost} of {self.points}."
        line = pygame.Rect(box.x, y, box.w, int(40 * s))
        draw_label(surface, head, line, big, colour, True)
        y = line.bottom
        y += fit_text_block(surface, under, pygame.Rect(box.x, y, box.w, int(26 * s)), int(20 * s), INK, min_size=9)
        y += int(8 * s)
        if 0 <= self.row < len(self.rows):
            m = self.rows[self.row].miniature()
            about = f"{m.name or 'This miniature'}: {cost_words(m)}. {stat_words(m)}"
            room = pygame.Rect(box.x, y, box.w, int(68 * s))
            y += words_in(surface, about, room, int(18 * s), DIM)
            y += int(8 * s)
        why = self.problems()
        if why:
            words = "Not legal yet: " + " ".join(why)
            colour = BAD
        else:
            level = f"at {self.points} points" if self.points is not None else "as a free list"
            words = f"Legal {level}: ready to save."
            spare = self.points - cost if self.points is not None else 0
            if spare > 0:  # (the rules: points not spent are lost; a new player thought they carry over)
                words += (f" The {spare} points left unspent are lost in a game." if spare != 1 else
                          " The 1 point left unspent is lost in a game.")
            colour = OK
        rest = pygame.Rect(box.x, y, box.w, max(int(20 * s), box.bottom - y))
        fit_text_block(surface, words, rest, int(19 * s), colour, min_size=9, line_gap=0)

    # --- the picker (client/editor.py draws it) ------------------------------------------------------
    def choice_label(self, a: Army) -> str:
        level = f"{a.points} points" if a.points is not None else "free list"
        whose = "bundled" if self.bundled(a) else "yours"
        return f"{a.name} — {level}, costs {a.cost()}, {len(a.miniatures)} miniatures ({whose})"

    def choice_blurb(self, a: Army) -> str:
        return a.blurb or a.name

    def open_choice(self, a: Army) -> None:
        self.start_from(a)
