"""Superhero Gladiators' hero designer: a hero's card made on screen, its arithmetic done live
(docs/rules/SUPERS.md §2–§3).

    HeroDesignerScene(app, hero=None, source=None, on_saved=None)

The screen: on the left the hero's name, id and flavour, the attributes (Strength, Dexterity,
Size, Perception, each − / +), the traits they give (Combat, Max Oomph, Speed, Movement) and the
six segments of a turn, those the hero acts on lit. In the middle its powers, a row each (name,
type, level, uses, cost), a row of buttons adding a power of each type, and the chosen power's
details: its styles (those its type may have) or movement kinds, reliability, gizmo, and its
price as a sum. On the right the points left, why the hero is not legal yet in words, and the
commands: new, open (a bundled hero or one of the player's), copy, save, print a card, back.
The rules of points and legality are the model's (rulesets/supers/model.py): the screen only
shows them; the files are heroes.py's (through `shelf.py`).

Saving writes `<id>.yaml` in the player's heroes folder; a bundled hero is never overwritten (a
copy under a new id is), and an illegal hero is refused with its reasons.

Mouse: every control is a button; a click on a name puts the typing there; hovering a cost or a
style says what it is made of. Keyboard: Up/Down a line, Tab/Shift+Tab a field, Left/Right (or
-/+) change it, or move along a row of buttons; Space/Enter press (on a power's Type: its list of
the eight types, picked by a click, 1–8 or Up/Down and Enter); typing goes to a name field;
Ctrl+N new, Ctrl+O open, Ctrl+D copy the hero, Ctrl+R remove the power, Ctrl+S save, Ctrl+P
print the card, Esc back.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Callable

import pygame

from ...client.art.supers import hero_sprite
from ...client.editor import EditorForm, Picker, words_in
from ...client.scroll import ScrollList
from ...client.ui import DIM, GOLD, INK, Button, block_height, draw_label, fit_size, fit_text_block, font, line_height, panel, text
from ...rulesets.supers.model import (
    ATTRIBUTE_NAMES, ATTRIBUTE_SUM, ATTRIBUTES, BUDGET, CLOSE_STYLES, DISTANCE_STYLES, GIZMOS, MOVEMENT_KINDS,
    POINTS_PER_EXTRA, POWER_TYPES, RELIABILITY, SEGMENT_SPEED, TYPE_NAMES, USES, Hero, Power)
from ..base import Scene
from ..menu import MenuScene
from . import shelf
from .card import draw_card
from .facts import KIND_WORDS, counted
from .draft import (
    MAX_ATTRIBUTE, MAX_NAME, MAX_POWERS, MAX_TEXT, HeroDraft, PowerDraft, copy_id, id_problem, name_problem, styles_for)

BAD = (255, 150, 110)
OK = (150, 230, 140)
LIT = (236, 196, 92)
FOCUS = (255, 244, 214)
"""The keyboard focus's ring (whiter than the gold of a chosen option, so the two never look alike)."""
NAME, TYPE, LEVEL, USES_COL = range(4)
"""The fields of a power's row, in Tab order."""
TEXT_ROWS = (("name",), ("id",), ("flavour",))

STYLE_WORDS = {
    "area": "also hits everyone within 1 of the target cell (a smash: of the attacker), at half damage",
    "superarea": "also hits everyone within 2 of the target cell (a smash: of the attacker), at half damage",
    "piercing": "never stopped by toughness",
    "entangling": "no damage: it entangles the target",
    "foiblish": "the target's Perception comes off the to-hit number (a defence: a second die must pass)",
    "missile": "cheap, but missile deflection can stop it",
    "grappling": "with entangling: the entangle ends when the grappler leaves",
}
"""What a style does, in a line (the hover text of its button); the rules are SUPERS.md §3."""
TYPE_LINES = {
    "shot": "a distance attack",
    "smash": "a close attack on a neighbour",
    "toughness": "a defence: stops a hit's damage",
    "missile_deflection": "a defence: stops a missile",
    "slippery": "a defence against entangling",
    "copy_power": "stores an attack that hurt the hero",
    "movement": "further, or flying, wall-walking, over pits",
    "healing": "the hero's action: regain oomph",
}
"""What each power type is, in a few words (its row in the Type list)."""
KIND_LINES = {
    "speedy": "+level to Movement",
    "wall_walking": "move along and end on walls",
    "line_of_sight": "cross pits and fire",
    "flight": "move and end in the air",
}


def uses_label(uses: int | None) -> str:
    return "inf." if uses is None else str(uses)


def number(x: float) -> str:
    """A multiplier as printed: 2, 0.8, 1.4."""
    return f"{x:g}"


def price_words(p: Power) -> str:
    """The sum behind a power's cost: "base 40 (level 3, 10 uses) × 0.6 shot, missile × 2 no gizmo = 48"."""
    uses = "infinite uses" if p.uses is None else f"{p.uses} use{'' if p.uses == 1 else 's'}"
    parts = [f"base {p.base()} (level {p.level}, {uses})"]
    parts += [f"{number(f)} {OPTION_PRICE_WORDS.get(label, label)}" for label, f in p.cost_factors()]
    return " × ".join(parts) + f" = {p.cost()}"


OPTION_WORDS = {"none": "no gizmo", "hidden": "hidden", "vulnerable": "in the open"}
"""The gizmo options as the designer's buttons name them (the hero file's words are none, hidden, vulnerable)."""
OPTION_PRICE_WORDS = {"vulnerable gizmo": "gizmo in the open"}
OPTION_HINTS = {
    "reliable": "Works every time it is used.",
    "unreliable": "Costs less, but after a hit a second die must roll 15 or less, or the power fails.",
    "wild": "Costs much less, but after a hit a second die must roll 10 or less, or the power fails.",
    "none": "The hero's own power: nothing an enemy can break (it costs double).",
    "hidden": "In a gizmo only its owner knows of, until an enemy notices it (a Perception roll); "
              "then it can be attacked, and a hit breaks it and the power with it.",
    "vulnerable": "In a gizmo everyone can see (a ray gun, a belt): an enemy may attack it, and a hit breaks "
                  "it and the power with it.",
}
"""What each reliability and gizmo option means in play (SUPERS.md §2, §3, §7), the buttons' hints."""


def does_words(p: Power, hero: Hero) -> str:
    """What a power does in play, in a line (our words; SUPERS.md §3 is the rule)."""
    lv = p.level
    if p.type == "shot":
        hit = "entangles" if p.entangles() else f"damage {p.damage()}"
        return f"A distance attack: range {p.range()}, {hit}."
    if p.type == "smash":
        hit = "entangles" if p.entangles() else f"damage {p.damage()}"
        return f"A close attack on a neighbour: {hit}."
    if p.type == "toughness":
        return f"A defence: stops a hit of up to {4 * lv} damage (not piercing)."
    if p.type == "missile_deflection":
        return f"A defence: stops a missile attack of level {lv} or less."
    if p.type == "slippery":
        return f"A defence: {lv} added to an entangling hit's roll, or taken off an escape roll."
    if p.type == "copy_power":
        return f"Stores an attack power of level {lv} or less that damaged the hero, to use later."
    if p.type == "movement":
        bits = []
        if "speedy" in p.movement:
            bits.append(f"speedy, Movement {hero.movement} + {lv} = {hero.movement + lv}")
        special = [KIND_WORDS[k] for k in p.movement if k != "speedy"]
        if special:
            far = min(lv, hero.movement + (lv if 'speedy' in p.movement else 0))
            bits.append(f"{', '.join(special)}: up to {counted(far, 'cell')} a segment")
        return ("; ".join(bits).capitalize() + ".") if bits else "Movement: pick at least one kind."
    if p.type == "healing":
        return f"The hero's action: regain {lv} oomph."
    return ""


class HeroDesignerScene(EditorForm, MenuScene):
    """The hero designer. `hero`: a hero to start from (a new one if None); `source`: the file it was
    read from; `on_saved(hero, path)`: called after each save."""

    title = "Hero designer"
    PICKER = Picker(top=62, margins=80, width=760, row=34, rows_at=46, heading="Open a hero",
                    empty="No heroes found.", check="check-heroes")

    def __init__(self, app, hero: Hero | None = None, source: Path | None = None,
                 on_saved: Callable[[Hero, Path], None] | None = None):
        super().__init__(app)
        self.on_saved = on_saved
        self.draft = HeroDraft()
        self.draft.add_power("shot")
        self.source: Path | None = None
        """The player's file this hero came from (saving replaces it), None for a new hero or a bundled one."""
        self.bundled = False
        """True while the hero is a bundled one, unchanged in id: it can not be saved over."""
        self.row: tuple = ("name",)
        """The line in focus (see `lines`)."""
        self.col = 0
        self.current = 0
        """The power whose details show (the last power row in focus); -1 for none."""
        self.message = ""
        self.message_ok = False
        self.dirty = False
        self.warned = ""
        """The command asked once with changes unsaved ("back", "new", "open"): the second goes on."""
        self.choices: list[shelf.Shelved] | None = None
        """While picking a hero to open: the heroes to pick from (else None)."""
        self.choice = 0
        self.unreadable = 0
        self.known: dict[str, shelf.Shelved] = {}
        """Every hero on file by id (the bundled ones and the player's), for the id checks."""
        self.list = ScrollList(on_scroll=self.layout)
        self.picker = ScrollList(on_scroll=self.layout)
        self.mouse: tuple[int, int] | None = None
        self.fields: dict[tuple, pygame.Rect] = {}
        self.costs: dict[int, pygame.Rect] = {}
        self.areas: dict[str, pygame.Rect] = {}
        self.type_list: int | None = None
        """The power whose Type list is open (a click on its Type cell, or Space/Enter on it), else None."""
        self.type_pick = 0
        """The type lit in the open list (the keyboard's Up/Down, the mouse's hover)."""
        self.type_rows: list[tuple[str, pygame.Rect]] = []
        self.type_box = pygame.Rect(0, 0, 0, 0)
        self.type_layer: TypeList | None = None
        self.refresh_known()
        if hero is not None:
            self.start_from(hero, source, announce=False)

    # --- the hero as data --------------------------------------------------------------------
    def hero(self) -> Hero:
        return self.draft.hero()

    def refresh_known(self) -> None:
        shelved, self.unreadable = shelf.heroes()
        self.known = {s.hero.id: s for s in shelved if not s.refused}

    def rule_problems(self) -> list[str]:
        """Why the hero breaks the rules (the model's words, without the hero's name in front; an empty id
        is `save_problems`' to explain)."""
        hero = self.hero()
        if not hero.id:
            hero = replace(hero, id="_")
        who = (hero.name or hero.id or "this hero") + ": "
        out = []
        for why in hero.problems():
            why = why[len(who):] if why.startswith(who) else why
            out.append(why[0].upper() + why[1:] + ("" if why.endswith(".") else "."))
        d = self.draft
        texts = [("The hero's name", d.name, name_problem)] + [
            (f"Power {i + 1}'s name", q.name, name_problem) for i, q in enumerate(d.powers)]
        for what, words, check in texts:
            if words.strip() and (why := check(words.strip())) is not None:
                out.append(f"{what} {why}.")
        if len(d.powers) > MAX_POWERS:
            out.append(f"{len(d.powers)} powers: a hero has at most {MAX_POWERS}.")
        return out

    def save_problems(self) -> list[str]:
        """Why the hero can not be saved as it is, the rules apart: its id (and the file it names)."""
        hero_id = self.draft.id.strip()
        if not hero_id:
            return ["The id is empty: type one (small letters, digits and _); it names the hero's file."]
        why = id_problem(hero_id)
        if why:
            return [f"The id {why}."]
        there = self.known.get(hero_id)
        if there is None:
            return []
        if there.bundled:
            return [f"{there.hero.name} ({hero_id}) is a bundled hero: it can not be overwritten. "
                    "Copy (Ctrl+D) makes it yours under a new id."]
        if self.source is None or there.path.resolve() != self.source.resolve():
            return [f"You already have a hero with the id {hero_id} ({there.hero.name}): change the id, "
                    "or Open that hero to edit it."]
        return []

    def power_at(self, i: int) -> PowerDraft | None:
        return self.draft.powers[i] if 0 <= i < len(self.draft.powers) else None

    def changed(self) -> None:
        self.dirty = True
        self.warned = ""
        self.message = ""
        self.layout()

    # --- the lines and fields the keyboard walks -----------------------------------------------
    def lines(self) -> list[tuple[tuple, int]]:
        """Every line in focus order, with how many fields it has."""
        out: list[tuple[tuple, int]] = [(r, 1) for r in TEXT_ROWS]
        out += [(("attr", a), 1) for a in ATTRIBUTES]
        out += [(("power", i), 4) for i in range(len(self.draft.powers))]
        out.append((("add",), len(POWER_TYPES)))
        p = self.power_at(self.current)
        if p is not None:
            if p.type == "movement":
                out.append((("kinds",), len(MOVEMENT_KINDS)))
            elif styles_for(p.type):
                out.append((("styles",), len(styles_for(p.type))))
            out.append((("reliability",), 1))
            out.append((("gizmo",), 1))
        return out

    def typing(self) -> bool:
        """Whether the focus is on a name the keys type into."""
        return self.row in TEXT_ROWS or (self.row[0] == "power" and self.col == NAME)

    def focus_on(self, row: tuple, col: int = 0) -> None:
        lines = dict(self.lines())
        if row not in lines:
            row, col = ("add",), 0
        self.row, self.col = row, max(0, min(col, lines[row] - 1))
        if row[0] == "power":
            self.current = row[1]
        self.layout()

    def move_line(self, d: int) -> None:
        keys = [k for k, _ in self.lines()]
        k = keys.index(self.row) if self.row in keys else 0
        self.focus_on(keys[max(0, min(len(keys) - 1, k + d))], self.col)

    def tab(self, d: int) -> None:
        """The next field (Shift: the one before), on to the next line at a line's end."""
        cells = [(k, c) for k, n in self.lines() for c in range(n)]
        here = (self.row, self.col)
        k = cells.index(here) if here in cells else 0
        self.focus_on(*cells[(k + d) % len(cells)])

    # --- commands ------------------------------------------------------------------------------
    def step(self, row: tuple, col: int, d: int) -> None:
        """Change field `col` of line `row` one step `d` (±1), as a − / + or a click does."""
        self.row, self.col = row, col
        kind = row[0]
        if kind == "attr":
            a = row[1]
            v = getattr(self.draft, a) + d
            if not 1 <= v <= MAX_ATTRIBUTE:
                self.say(f"{ATTRIBUTE_NAMES[a]} goes from 1 to {MAX_ATTRIBUTE}.")
                return
            setattr(self.draft, a, v)
        elif kind == "power":
            self.current = row[1]
            p = self.draft.powers[row[1]]
            if col == TYPE:
                kinds = list(POWER_TYPES)
                self.set_power_type(row[1], kinds[(kinds.index(p.type) + d) % len(kinds)])
                return
            elif col == LEVEL and not p.step_level(d):
                self.say("A power's level goes from 1 to 8.")
                return
            elif col == USES_COL and not p.step_uses(d):
                self.say("Uses go 1–10, 15, 20, 25, then infinite.")
                return
            elif col == NAME:
                return
        elif kind == "add":
            self.add_power(POWER_TYPES[col])
            return
        elif kind in ("styles", "kinds", "reliability", "gizmo"):
            p = self.power_at(self.current)
            if p is None:
                return
            if kind == "styles":
                p.toggle_style(styles_for(p.type)[col])
            elif kind == "kinds":
                p.toggle_kind(list(MOVEMENT_KINDS)[col])
            elif kind == "reliability":
                p.step_reliability(d)
            else:
                p.step_gizmo(d)
        else:
            return
        self.changed()

    def set_power_type(self, i: int, kind: str) -> None:
        """Power `i` becomes a `kind` power; the message says so, and names the styles (or movement kinds)
        that do not go with its new type and so were taken off."""
        p = self.draft.powers[i]
        if p.type == kind:
            self.say(f"{p.name or 'This power'} is already a {TYPE_NAMES[kind]} power.", ok=True)
            return
        before = list(p.styles) + [KIND_WORDS[k] for k in p.movement]
        p.set_type(kind)
        after = list(p.styles) + [KIND_WORDS[k] for k in p.movement]
        gone = [w for w in before if w not in after]
        self.current = i
        self.changed()
        words = f"{p.name or 'The power'} is now a {TYPE_NAMES[kind]} power ({TYPE_LINES[kind]})"
        if gone:
            words += f"; {', '.join(gone)} taken off: {'it does' if len(gone) == 1 else 'they do'} not go with a " \
                     f"{TYPE_NAMES[kind]}"
        self.say(words + ".", ok=True)

    # --- the Type list ----------------------------------------------------------------------------
    def open_types(self, i: int) -> None:
        """Open power `i`'s Type list: every type, with what it is, its own lit."""
        p = self.power_at(i)
        if p is None:
            return
        self.row, self.col, self.current = ("power", i), TYPE, i
        self.type_list = i
        self.type_pick = list(POWER_TYPES).index(p.type)
        self.layout()
        if self.type_list is not None and self.type_layer not in self.app.stack.scenes:
            self.type_layer = TypeList(self.app, self)
            self.app.push(self.type_layer)

    def close_types(self) -> None:
        self.type_list = None
        if self.type_layer in self.app.stack.scenes:
            self.app.stack.remove(self.type_layer)
        self.layout()

    def pick_type(self, k: int) -> None:
        i = self.type_list
        self.close_types()
        if i is not None and 0 <= k < len(POWER_TYPES):
            self.set_power_type(i, POWER_TYPES[k])
        self.layout()

    def handle_types(self, event):
        """Events while the Type list is open: the list takes them all (a click elsewhere closes it)."""
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            for k, (_, rect) in enumerate(self.type_rows):
                if rect.collidepoint(event.pos):
                    self.type_pick = k
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = next((k for k, (_, rect) in enumerate(self.type_rows) if rect.collidepoint(event.pos)), None)
            if hit is None:
                self.close_types()
            else:
                self.pick_type(hit)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.close_types()
            return None
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_TAB):
                self.close_types()
            elif k in (pygame.K_UP, pygame.K_LEFT):
                self.type_pick = (self.type_pick - 1) % len(POWER_TYPES)
            elif k in (pygame.K_DOWN, pygame.K_RIGHT):
                self.type_pick = (self.type_pick + 1) % len(POWER_TYPES)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.pick_type(self.type_pick)
            elif pygame.K_1 <= k < pygame.K_1 + len(POWER_TYPES):
                self.pick_type(k - pygame.K_1)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.KEYUP, pygame.TEXTINPUT):
            return None
        return event

    def layout_types(self) -> None:
        """Where the open Type list goes: under its Type cell (over it when the window has no room below)."""
        cell = next((b.rect for b in self.buttons if b.tag == (("power", self.type_list), TYPE)), None)
        if cell is None:  # its row scrolled away
            self.type_rows = []
            return
        s = self.s
        w, h = self.app.size
        row_h = int(30 * s)
        width = min(w - int(20 * s), max(cell.w, int(400 * s)))
        height = len(POWER_TYPES) * row_h + int(8 * s)
        box = pygame.Rect(cell.x, cell.bottom + int(2 * s), width, height)
        if box.bottom > h - int(6 * s):
            box.bottom = cell.y - int(2 * s)
        box.clamp_ip(pygame.Rect(0, 0, w, h))
        self.type_box = box
        self.type_rows = [(kind, pygame.Rect(box.x + int(4 * s), box.y + int(4 * s) + k * row_h, box.w - int(8 * s),
                                             row_h)) for k, kind in enumerate(POWER_TYPES)]

    def draw_types(self, surface) -> None:
        """The open Type list: a row a type (its number key, its name, what it is), the lit one and the
        power's own marked."""
        s = self.s
        p = self.power_at(self.type_list)
        panel(surface, self.type_box, (36, 26, 30, 250), GOLD, 8)
        for k, (kind, rect) in enumerate(self.type_rows):
            if k == self.type_pick:
                panel(surface, rect, (90, 66, 40, 255), FOCUS, 6)
            name_w = int(rect.w * 0.42)
            mark = "• " if p is not None and p.type == kind else ""
            inner = rect.inflate(-int(12 * s), 0)
            draw_label(surface, f"{k + 1}  {mark}{TYPE_NAMES[kind]}", pygame.Rect(inner.x, inner.y, name_w, inner.h),
                       int(18 * s), GOLD if mark else INK, True, ellipsize=True)
            draw_label(surface, TYPE_LINES[kind], pygame.Rect(inner.x + name_w, inner.y, inner.w - name_w, inner.h),
                       int(16 * s), DIM, ellipsize=True)

    def choose(self, kind: str, value: str) -> None:
        """A click on a reliability or gizmo option."""
        p = self.power_at(self.current)
        if p is None:
            return
        setattr(p, kind, value)
        self.row, self.col = (kind,), 0
        self.changed()

    def add_power(self, kind: str) -> None:
        if self.draft.add_power(kind) is None:
            self.say(f"A hero has at most {MAX_POWERS} powers.")
            return
        self.current = len(self.draft.powers) - 1
        self.row, self.col = ("power", self.current), NAME
        self.changed()
        self.say(f"Added a {TYPE_NAMES[kind]} power: type its name, then set its level, uses and styles.", ok=True)

    def remove_power(self, i: int | None = None) -> None:
        i = self.current if i is None else i
        if self.power_at(i) is None:
            self.say("Pick a power to remove first (Up/Down or a click).")
            return
        gone = self.draft.powers.pop(i)
        self.current = min(i, len(self.draft.powers) - 1)
        if self.current >= 0:
            self.row, self.col = ("power", self.current), self.col if self.row[0] == "power" else NAME
        else:
            self.row, self.col = ("add",), 0
        self.changed()
        self.say(f"Removed {gone.name or 'the power'}.", ok=True)

    def ask_first(self, command: str, words: str) -> bool:
        """True if `command` may drop unsaved changes now: the first press with changes only warns."""
        if not self.dirty or self.warned == command:
            return True
        self.warned = command
        self.say(f"Not saved yet: {words} again to drop the changes, Ctrl+S saves.")
        return False

    def new_hero(self) -> None:
        if not self.ask_first("new", "New (Ctrl+N)"):
            return
        self.draft = HeroDraft()
        self.draft.add_power("shot")
        self.source, self.bundled, self.dirty, self.warned = None, False, False, ""
        self.current = 0
        self.focus_on(("name",))
        self.say("A new hero: name it, set its attributes and add powers.", ok=True)

    def copy_hero(self) -> None:
        """The hero under a new id (and "(copy)" after its name): saving it makes a new file."""
        d = self.draft
        d.id = copy_id(d.id.strip() or "hero", set(self.known))
        d.id_typed = True
        d.name = (d.name.strip() + " (copy)")[:MAX_NAME]
        self.source, self.bundled = None, False
        self.changed()
        self.say(f"A copy under the id {d.id}: Save (Ctrl+S) keeps it in your heroes folder.", ok=True)

    def save(self) -> None:
        why = self.save_problems() + self.rule_problems()
        if why:
            more = f" (and {len(why) - 1} more: see the right)" if len(why) > 1 else ""
            self.say("Not saved: " + why[0] + more)
            return
        hero = self.hero()
        try:
            path = shelf.save(hero, replace=self.source)
        except (OSError, ValueError) as e:
            self.say(f"Not saved: {e}")
            return
        self.source, self.bundled, self.dirty, self.warned = path, False, False, ""
        self.draft.id_typed = True  # saved: a new name no longer renames its file
        self.refresh_known()
        self.say(f"Saved as {path.name} in your heroes folder ({path.parent}).", ok=True)
        if self.on_saved is not None:
            self.on_saved(hero, path)

    def print_card(self) -> None:
        why = self.rule_problems()
        if why:
            more = f" (and {len(why) - 1} more: see the right)" if len(why) > 1 else ""
            self.say("No card: the hero is not legal yet. " + why[0] + more)
            return
        if self.save_problems() and id_problem(self.draft.id.strip()):
            self.say("No card: " + self.save_problems()[0])
            return
        hero = self.hero()
        try:
            html = shelf.print_card(hero, draw_card(hero))
        except (OSError, ValueError) as e:
            self.say(f"No card: {e}")
            return
        self.say(f"Card printed: {html} (and {html.with_suffix('.png').name} beside it): "
                 "open the HTML in a browser to print it.", ok=True)

    def open_picker(self) -> None:
        if not self.ask_first("open", "Open (Ctrl+O)"):
            return
        shelved, self.unreadable = shelf.heroes()
        self.known = {s.hero.id: s for s in shelved if not s.refused}
        self.choices = shelved
        self.choice = 0
        self.layout()

    def focus_tag(self, tag) -> None:
        self.row, self.col = tag
        if self.row[0] == "power":
            self.current = self.row[1]

    def open_choice(self, chosen: shelf.Shelved) -> None:
        """Open a hero picked in the Open list (a refused file of the player's: to fix it in place)."""
        self.start_from(chosen.hero, chosen.path, refused=chosen.problem)

    def start_from(self, hero: Hero, source: Path | None = None, announce: bool = True, *, refused: str = "") -> None:
        """Edit `hero`: a player's file is saved over in place; a bundled one only as a copy. `refused`:
        why the game refuses `source`, the player's file (the first problem): it is opened to be
        fixed, and saving updates that file."""
        self.draft = HeroDraft.of(hero)
        there = self.known.get(hero.id)
        self.bundled = not refused and there is not None and there.bundled
        self.source = None if self.bundled else (source or (there.path if there is not None else None))
        self.current = 0 if self.draft.powers else -1
        self.choices = None
        self.dirty, self.warned = False, ""
        self.focus_on(("name",))
        if announce and refused:
            self.say(f"Opened {hero.name} from {source.name}, which the game refuses ({refused}): fix it "
                     f"and Save (Ctrl+S) updates the file.")
        elif announce:
            self.say(f"Opened {hero.name}" + (" (bundled: Copy it, Ctrl+D, to save your own version)."
                                              if self.bundled else " (yours: saving updates its file)."), ok=True)

    def back(self) -> None:
        if self.choices is not None:
            self.cancel_picker()
            return
        if not self.ask_first("back", "Esc"):
            return
        self.app.stack.remove(self)

    def cancel_picker(self) -> None:
        self.choices = None
        self.warned = ""
        self.layout()

    # --- typing -------------------------------------------------------------------------------
    def type_key(self, event) -> None:
        """A key in a name field: letters type, Backspace deletes, Enter moves on to the next field."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.tab(1)
            return
        d = self.draft
        kind = self.row[0]
        current = {"name": d.name, "id": d.id, "flavour": d.flavour}.get(kind)
        if kind == "power":
            current = d.powers[self.row[1]].name
        limit = MAX_TEXT if kind == "flavour" else MAX_NAME
        new = self.typed(current, event, limit, f"At most {limit} characters here.", lower=kind == "id")
        if new is None:
            return
        if kind == "name":
            d.set_name(new)
        elif kind == "id":
            d.id, d.id_typed = new, True
        elif kind == "flavour":
            d.flavour = new
        else:
            d.powers[self.row[1]].name = new
        self.changed()

    # --- events -------------------------------------------------------------------------------
    def key_down(self, event) -> None:
        k = event.key
        if event.mod & pygame.KMOD_CTRL:
            action = {pygame.K_n: self.new_hero, pygame.K_o: self.open_picker, pygame.K_d: self.copy_hero,
                      pygame.K_r: self.remove_power, pygame.K_s: self.save, pygame.K_p: self.print_card}.get(k)
            if action is not None:
                action()
            return
        along = self.row[0] in ("add", "styles", "kinds")
        """A row of buttons: Left/Right move along it, Space/Enter press."""
        if k == pygame.K_ESCAPE:
            self.back()
        elif k == pygame.K_UP:
            self.move_line(-1)
        elif k == pygame.K_DOWN:
            self.move_line(1)
        elif k == pygame.K_TAB:
            self.tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif self.typing():
            self.type_key(event)
        elif k in (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS):
            self.focus_on(self.row, self.col - 1) if along else self.step(self.row, self.col, -1)
        elif k in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.focus_on(self.row, self.col + 1) if along else self.step(self.row, self.col, 1)
        elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.row[0] == "power" and self.col == TYPE:
                self.open_types(self.row[1])
            else:
                self.step(self.row, self.col, 1)
        elif k == pygame.K_DELETE and self.row[0] == "power":
            self.remove_power()

    # --- layout -------------------------------------------------------------------------------
    def geometry(self) -> dict[str, pygame.Rect]:
        s = self.s
        w, h = self.app.size
        m = int(16 * s)
        top = int(62 * s)
        bottom = h - int(50 * s)
        left_w = max(int(210 * s), int(w * 0.22))
        side_w = max(int(230 * s), int(w * 0.22))
        left = pygame.Rect(m, top, left_w, bottom - top)
        side = pygame.Rect(w - m - side_w, top, side_w, bottom - top)
        centre = pygame.Rect(left.right + m, top, side.x - left.right - 2 * m, bottom - top)
        return {"left": left, "centre": centre, "side": side,
                "message": pygame.Rect(m, bottom + int(6 * s), w - 2 * m, h - bottom - int(10 * s))}

    def layout(self) -> None:
        if self.choices is not None:
            self.layout_picker()
            return
        self.buttons, self.fields, self.costs, self.areas = [], {}, {}, {}
        g = self.geometry()
        self.layout_left(g["left"])
        self.layout_centre(g["centre"])
        self.layout_side(g["side"])
        if self.type_list is not None:
            self.layout_types()

    def stepper(self, x: int, y: int, value_w: int, label: str, tag: tuple, down: Callable, up: Callable,
                can_down: bool, can_up: bool) -> int:
        """[−][value][+] at (x, y); returns its right edge."""
        s = self.s
        bh, small, gap = int(30 * s), int(26 * s), int(4 * s)
        self.buttons.append(Button("−", pygame.Rect(x, y, small, bh), down, can_down, tag=tag))
        self.buttons.append(Button(label, pygame.Rect(x + small + gap, y, value_w, bh), up, can_up, tag=tag,
                                   selected=(self.row, self.col) == tag))
        self.buttons.append(Button("+", pygame.Rect(x + small + 2 * gap + value_w, y, small, bh), up, can_up, tag=tag))
        return x + 2 * small + 2 * gap + value_w

    def layout_left(self, box: pygame.Rect) -> None:
        s = self.s
        bh, gap = int(30 * s), int(6 * s)
        label_w = int(66 * s)
        y = box.y
        for row, word in zip(TEXT_ROWS, ("Name", "Id", "Flavour")):
            self.areas[f"label {row[0]}"] = pygame.Rect(box.x, y, label_w, bh)
            self.fields[(row, 0)] = pygame.Rect(box.x + label_w, y, box.w - label_w, bh)
            y += bh + gap
        y += int(4 * s)
        self.areas["attributes"] = pygame.Rect(box.x, y, box.w, int(22 * s))
        y += int(24 * s)
        value_w = int(34 * s)
        stepper_w = 2 * int(26 * s) + 2 * int(4 * s) + value_w
        for a in ATTRIBUTES:
            v = getattr(self.draft, a)
            tag = (("attr", a), 0)
            self.areas[f"label {a}"] = pygame.Rect(box.x, y, box.w - stepper_w - gap, bh)
            self.stepper(box.right - stepper_w, y, value_w, str(v), tag, lambda a=a: self.step(("attr", a), 0, -1),
                         lambda a=a: self.step(("attr", a), 0, 1), v > 1, v < MAX_ATTRIBUTE)
            y += bh + gap
        self.areas["sum"] = pygame.Rect(box.x, y, box.w, int(40 * s))
        y += int(44 * s)
        cell_h = int(24 * s)
        half = (box.w - gap) // 2
        for k, trait in enumerate(("combat", "max_oomph", "speed", "movement")):
            self.areas[f"trait {trait}"] = pygame.Rect(box.x + (k % 2) * (half + gap), y + (k // 2) * (cell_h + 2),
                                                       half, cell_h)
        y += 2 * (cell_h + 2) + int(8 * s)
        self.areas["segments label"] = pygame.Rect(box.x, y, box.w, int(22 * s))
        y += int(24 * s)
        seg_gap = int(4 * s)
        seg_w = (box.w - 5 * seg_gap) // 6
        seg_h = min(int(34 * s), seg_w)
        for k in range(1, 7):
            self.areas[f"segment {k}"] = pygame.Rect(box.x + (k - 1) * (seg_w + seg_gap), y, seg_w, seg_h)
        y += seg_h + int(6 * s)
        self.areas["segments words"] = pygame.Rect(box.x, y, box.w, max(int(20 * s), min(int(44 * s), box.bottom - y)))
        y = self.areas["segments words"].bottom + int(6 * s)
        self.areas["preview"] = pygame.Rect(box.x, y, box.w, max(0, min(int(130 * s), box.bottom - y)))

    def layout_centre(self, box: pygame.Rect) -> None:
        s = self.s
        bh, gap = int(30 * s), int(6 * s)
        small = int(26 * s)
        # the details of the chosen power, at the foot
        p = self.power_at(self.current)
        detail_h = int(214 * s)
        details = pygame.Rect(box.x, box.bottom - detail_h, box.w, detail_h)
        self.areas["details"] = details
        # the add row over it: two lines of four types
        add_h = int(22 * s) + 2 * bh + gap
        add = pygame.Rect(box.x, details.y - int(10 * s) - add_h, box.w, add_h)
        self.areas["add label"] = pygame.Rect(add.x, add.y, add.w, int(20 * s))
        aw = (add.w - 3 * gap) // 4
        for k, kind in enumerate(POWER_TYPES):
            rect = pygame.Rect(add.x + (k % 4) * (aw + gap), add.y + int(22 * s) + (k // 4) * (bh + gap), aw, bh)
            self.buttons.append(Button(f"+ {TYPE_NAMES[kind]}", rect, lambda kind=kind: self.add_power(kind),
                                       tag=(("add",), k)))
        # the powers' rows under their heads
        head_y = box.y
        y0 = head_y + int(24 * s)
        step = bh + gap
        rows_fit = max(1, (add.y - int(8 * s) - y0 + gap) // step)
        n = len(self.draft.powers)
        focus = self.row[1] if self.row[0] == "power" else None
        scrolls = self.list.fit(n, rows_fit, focus)
        bar = max(6, int(10 * s))
        room = box.w - (bar + gap if scrolls else 0)
        type_w, value_w, uses_w, cost_w, del_w = int(118 * s), int(28 * s), int(34 * s), int(44 * s), int(28 * s)
        level_w = 2 * small + 2 * int(4 * s) + value_w
        uses_span = 2 * small + 2 * int(4 * s) + uses_w
        name_w = max(int(80 * s), room - type_w - level_w - uses_span - cost_w - del_w - 5 * gap)
        xs = {NAME: box.x}
        xs[TYPE] = xs[NAME] + name_w + gap
        xs[LEVEL] = xs[TYPE] + type_w + gap
        xs[USES_COL] = xs[LEVEL] + level_w + gap
        cost_x = xs[USES_COL] + uses_span + gap
        del_x = cost_x + cost_w + gap
        heads = {"Power": (xs[NAME], name_w), "Type": (xs[TYPE], type_w), "Level": (xs[LEVEL], level_w),
                 "Uses": (xs[USES_COL], uses_span), "Cost": (cost_x, cost_w)}
        for word, (x, wd) in heads.items():
            self.areas[f"head {word}"] = pygame.Rect(x, head_y, wd, int(22 * s))
        self.rows_area = pygame.Rect(box.x, y0, room, rows_fit * step - gap)
        for i in self.list.shown():
            q = self.draft.powers[i]
            y = y0 + (i - self.list.top) * step
            row = ("power", i)
            self.fields[(row, NAME)] = pygame.Rect(xs[NAME], y, name_w, bh)
            self.buttons.append(Button(TYPE_NAMES[q.type], pygame.Rect(xs[TYPE], y, type_w - int(14 * s), bh),
                                       lambda i=i: self.open_types(i), tag=(row, TYPE),
                                       selected=(self.row, self.col) == (row, TYPE),
                                       hint="Click for the list of the eight types (Left/Right step through them)."))
            self.stepper(xs[LEVEL], y, value_w, str(q.level), (row, LEVEL), lambda i=i: self.step(("power", i), LEVEL, -1),
                         lambda i=i: self.step(("power", i), LEVEL, 1), q.level > 1, q.level < 8)
            self.stepper(xs[USES_COL], y, uses_w, uses_label(q.uses), (row, USES_COL),
                         lambda i=i: self.step(("power", i), USES_COL, -1), lambda i=i: self.step(("power", i), USES_COL, 1),
                         q.uses != USES[0], q.uses is not None)
            self.costs[i] = pygame.Rect(cost_x, y, cost_w, bh)
            self.buttons.append(Button("×", pygame.Rect(del_x, y, del_w, bh), lambda i=i: self.remove_power(i),
                                       hint=f"Remove {q.name or 'this power'} (Ctrl+R removes the chosen power)."))
        self.list.set_track(pygame.Rect(box.x + room + gap, y0, bar, self.rows_area.h), s)
        # the details' controls
        inner = details.inflate(-int(20 * s), -int(16 * s))
        self.areas["details title"] = pygame.Rect(inner.x, inner.y, inner.w, int(24 * s))
        self.areas["details does"] = pygame.Rect(inner.x, inner.y + int(24 * s), inner.w, int(20 * s))
        y = inner.y + int(48 * s)
        label_w = int(86 * s)
        opts_x = inner.x + label_w
        opts_w = inner.w - label_w
        if p is None:
            self.areas["no power"] = pygame.Rect(inner.x, y, inner.w, bh)
            return
        for kind, options in (("styles", None), ("reliability", tuple(RELIABILITY)), ("gizmo", tuple(GIZMOS))):
            self.areas[f"label {kind}"] = pygame.Rect(inner.x, y, label_w - gap, bh)
            if kind == "styles":
                if p.type == "movement":
                    names, line, on = list(MOVEMENT_KINDS), ("kinds",), p.movement
                    words = [KIND_WORDS[k] for k in names]
                    hints = [f"{KIND_WORDS[k]}: cost ×{number(float(MOVEMENT_KINDS[k]))}; {KIND_LINES[k]}." for k in names]
                else:
                    names, line, on = list(styles_for(p.type)), ("styles",), p.styles
                    table = DISTANCE_STYLES if p.type == "shot" else CLOSE_STYLES if p.type == "smash" else None
                    words = names
                    hints = []
                    for st in names:
                        if table is not None:
                            cost_m, dmg = table[st]
                            dmg_words = "no damage" if dmg is None else f"damage ×{number(float(dmg))}"
                            hints.append(f"{st}: cost ×{number(float(cost_m))}, {dmg_words}; {STYLE_WORDS[st]}.")
                        else:
                            hints.append(f"{st}: cost ×0.7; the defence works only if a second die passes.")
                self.areas["styles line"] = pygame.Rect(opts_x, y, opts_w, bh)
                if names:
                    ow = (opts_w - (len(names) - 1) * int(4 * s)) // len(names)
                    for k, (name, word, hint) in enumerate(zip(names, words, hints)):
                        rect = pygame.Rect(opts_x + k * (ow + int(4 * s)), y, ow, bh)
                        self.buttons.append(Button(word, rect, lambda line=line, k=k: self.step(line, k, 1),
                                                   tag=(line, k), selected=name in on, hint=hint))
            else:
                ow = (opts_w - 2 * int(4 * s)) // 3
                factors = RELIABILITY if kind == "reliability" else GIZMOS
                for k, option in enumerate(options):
                    rect = pygame.Rect(opts_x + k * (ow + int(4 * s)), y, ow, bh)
                    word = f"{OPTION_WORDS.get(option, option) if kind == 'gizmo' else option} ×{number(float(factors[option]))}"
                    self.buttons.append(Button(word, rect, lambda kind=kind, option=option: self.choose(kind, option),
                                               tag=((kind,), 0), selected=getattr(p, kind) == option,
                                               hint=OPTION_HINTS.get(option, "")))
            y += bh + gap
        self.areas["price"] = pygame.Rect(inner.x, y, inner.w, max(int(20 * s), inner.bottom - y))

    def layout_side(self, side: pygame.Rect) -> None:
        s = self.s
        bh, gap = int(32 * s), int(6 * s)
        inner = side.inflate(-int(20 * s), -int(20 * s))
        cw = (inner.w - gap) // 2
        commands = [("New (Ctrl+N)", self.new_hero), ("Open… (Ctrl+O)", self.open_picker),
                    ("Copy (Ctrl+D)", self.copy_hero), ("Save (Ctrl+S)", self.save),
                    ("Card (Ctrl+P)", self.print_card), ("Back (Esc)", self.back)]
        rows_of = (len(commands) + 1) // 2
        cy = inner.bottom - rows_of * (bh + gap) + gap
        for k, (label, action) in enumerate(commands):
            rect = pygame.Rect(inner.x + (k % 2) * (cw + gap), cy + (k // 2) * (bh + gap), cw, bh)
            self.buttons.append(Button(label, rect, action))
        self.areas["side text"] = pygame.Rect(inner.x, inner.y, inner.w, cy - gap - inner.y)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        surface.blit(text(self.title, int(38 * s), GOLD, True), (int(16 * s), int(12 * s)))
        if self.choices is not None:
            self.draw_picker(surface)
            return
        g = self.geometry()
        hero = self.hero()
        size = int(19 * s)
        self.draw_left(surface, hero, size)
        self.draw_centre(surface, hero, size)
        panel(surface, g["side"], (30, 22, 26, 235), (110, 80, 50), 10)
        focused = []
        for b in self.buttons:
            b.draw(surface, size, hover=self.under_mouse(b))
            if b.tag is not None and b.tag == (self.row, self.col):
                focused.append(b.rect)
        for b in self.buttons:  # a Type cell opens a list: the arrow beside it says so
            if b.tag is not None and b.tag[0][0] == "power" and b.tag[1] == TYPE:
                x, cy, k = b.rect.right + int(3 * s), b.rect.centery, int(5 * s)
                pygame.draw.polygon(surface, GOLD, [(x, cy - k // 2), (x + 2 * k, cy - k // 2), (x + k, cy + k)])
        if focused:  # the keyboard's focus: a ring round the field's buttons (a stepper's three, an option row's)
            ring = focused[0].unionall(focused[1:]).inflate(int(6 * s), int(6 * s))
            pygame.draw.rect(surface, FOCUS, ring, width=max(2, int(3 * s)), border_radius=int(8 * s))
        self.list.draw_bar(surface)
        self.draw_summary(surface, hero, self.areas["side text"])
        hover = "" if self.type_list is not None else self.hover_words(hero)
        if self.type_list is not None:
            p = self.power_at(self.type_list)
            words_in(surface, f"The type of {(p.name if p is not None else '') or 'this power'}: click one, or 1–8, "
                              "or Up/Down and Enter; Esc (or a click elsewhere) keeps it as it is.",
                     g["message"], int(18 * s), GOLD)
        elif hover:
            words_in(surface, hover, g["message"], int(18 * s), GOLD)
        elif self.message:
            words_in(surface, self.message, g["message"], int(18 * s), OK if self.message_ok else BAD)
        else:
            hint = ("Up/Down a line, Tab a field, Left/Right change it (or move along a row of buttons), "
                    "Space/Enter press, type a name; the mouse works everywhere.")
            fit_text_block(surface, hint, g["message"], int(17 * s), DIM, min_size=9, line_gap=0)

    def draw_field(self, surface, key: tuple, words: str, size: int) -> None:
        rect = self.fields[key]
        focus = (self.row, self.col) == key
        panel(surface, rect, (60, 44, 40, 240), GOLD if focus else (110, 80, 50), 6)
        inner = rect.inflate(-int(12 * self.s), 0)
        if focus:  # the end of what is typed shows, with the caret
            shown = words + "|"
            while len(shown) > 1 and font(int(size * 0.8)).size(shown)[0] + 2 > inner.w:
                shown = shown[1:]
            draw_label(surface, shown, inner, size, INK, min_size=int(size * 0.8))
        else:
            draw_label(surface, words, inner, size, INK if words.strip() else DIM, min_size=int(size * 0.85),
                       ellipsize=True)

    def draw_left(self, surface, hero: Hero, size: int) -> None:
        s = self.s
        a = self.areas
        d = self.draft
        for row, word in zip(TEXT_ROWS, ("Name", "Id", "Flavour")):
            draw_label(surface, word, a[f"label {row[0]}"], size, GOLD if self.row == row else DIM)
        self.draw_field(surface, (("name",), 0), d.name, size)
        self.draw_field(surface, (("id",), 0), d.id, size)
        self.draw_field(surface, (("flavour",), 0), d.flavour or ("" if self.row == ("flavour",) else "(one line)"),
                        size)
        draw_label(surface, "Attributes", a["attributes"], int(20 * s), GOLD, True)
        for attr in ATTRIBUTES:
            draw_label(surface, ATTRIBUTE_NAMES[attr], a[f"label {attr}"], size, GOLD if self.row == ("attr", attr) else INK)
        total = hero.attribute_sum
        if total < ATTRIBUTE_SUM:
            words, colour = f"Sum {total}: {ATTRIBUTE_SUM - total} short of {ATTRIBUTE_SUM}.", BAD
        elif hero.extra_points:
            words, colour = (f"Sum {total}: {hero.extra_points} above {ATTRIBUTE_SUM} cost "
                             f"{POINTS_PER_EXTRA * hero.extra_points} power points.", GOLD)
        else:
            words, colour = f"Sum {total}: all {ATTRIBUTE_SUM} free, no power points spent.", DIM
        if hero.per == 1:  # (a rule that costs nothing on the card: said where the attributes are set)
            words += " Perception 1: the next seat places this hero."
        fit_text_block(surface, words, a["sum"], int(17 * s), colour, min_size=9, line_gap=0)
        for trait, label, value in (("combat", "Combat", hero.combat), ("max_oomph", "Max Oomph", hero.max_oomph),
                                    ("speed", "Speed", hero.speed), ("movement", "Movement", hero.movement)):
            cell = a[f"trait {trait}"]
            num = str(value)
            num_w = font(int(20 * s), True).size(num)[0] + int(6 * s)
            draw_label(surface, label, pygame.Rect(cell.x, cell.y, cell.w - num_w, cell.h), int(17 * s), DIM)
            draw_label(surface, num, pygame.Rect(cell.right - num_w, cell.y, num_w, cell.h), int(20 * s), GOLD, True,
                       align="right")
        draw_label(surface, "Acts on segments", a["segments label"], int(18 * s), GOLD, True)
        segments = hero.segments
        for k in range(1, 7):
            rect = a[f"segment {k}"]
            on = k in segments
            panel(surface, rect, LIT + (255,) if on else (40, 32, 36, 230), GOLD if on else (90, 70, 60), 5)
            draw_label(surface, str(k), rect, int(20 * s), (40, 24, 16) if on else DIM, True, align="center")
        if segments:
            words = (f"Speed {hero.speed}: {len(segments)} of 6. Movement {hero.speed} ÷ {len(segments)} = "
                     f"{hero.movement}, rounded half up.")
        else:
            words = "None: Speed is 0."
        fit_text_block(surface, words, a["segments words"], int(15 * s), DIM, min_size=9, line_gap=0)
        room = a["preview"]
        if room.h >= int(40 * s):  # the hero's token as the arena will show it, drawn from the card as it stands
            label_w = room.w // 2
            draw_label(surface, "On the arena", pygame.Rect(room.x, room.y, label_w, int(22 * s)), int(17 * s), DIM)
            token = hero_sprite(hero, 0, min(room.h, room.w - label_w))
            surface.blit(token, token.get_rect(center=(room.x + label_w + (room.w - label_w) // 2, room.centery)))

    def draw_centre(self, surface, hero: Hero, size: int) -> None:
        s = self.s
        a = self.areas
        for word in ("Power", "Type", "Level", "Uses", "Cost"):
            draw_label(surface, word, a[f"head {word}"], int(17 * s), DIM, align="left" if word == "Power" else "center")
        problems_of = {i: q.power().problems() for i, q in enumerate(self.draft.powers)}
        names = [q.name.strip() for q in self.draft.powers]
        for i in self.list.shown():
            q = self.draft.powers[i]
            self.draw_field(surface, (("power", i), NAME), q.name, size)
            bad = bool(problems_of[i]) or names.count(q.name.strip()) > 1
            cost_rect = self.costs[i]
            if i == self.current:
                panel(surface, cost_rect, (70, 50, 30, 200), GOLD, 6)
            draw_label(surface, str(q.power().cost()), cost_rect, size, BAD if bad else GOLD, True, align="center")
        if not self.draft.powers:
            draw_label(surface, "No powers yet: add one below.", pygame.Rect(self.rows_area.x, self.rows_area.y,
                                                                           self.rows_area.w, int(30 * s)), size, DIM)
        draw_label(surface, "Add a power:", a["add label"], int(17 * s), GOLD if self.row == ("add",) else DIM)
        details = a["details"]
        panel(surface, details, (30, 22, 26, 235), (110, 80, 50), 10)
        p = self.power_at(self.current)
        if p is None:
            draw_label(surface, "No power chosen", a["details title"], int(20 * s), DIM, True)
            fit_text_block(surface, "Add a power with the buttons above; its styles, reliability and gizmo show here.",
                           a["no power"], int(17 * s), DIM, min_size=9, line_gap=0)
            return
        power = p.power()
        uses = "infinite uses" if p.uses is None else counted(p.uses, "use")
        kind = TYPE_NAMES[p.type]
        named = (power.name or "(no name)") + ("" if (power.name or "").strip().lower() == kind.lower() else f": {kind}")
        title = f"{named}, level {p.level}, {uses}"  # ("Healing, level 1" — not "Healing: healing, level 1")
        draw_label(surface, title, a["details title"], int(20 * s), GOLD, True,
                   ellipsize=True)
        draw_label(surface, does_words(power, hero), a["details does"], int(17 * s), INK, ellipsize=True)
        style_label = "Kinds" if p.type == "movement" else "Styles"
        for key, line, word in (("styles", ("styles",) if p.type != "movement" else ("kinds",), style_label),
                                ("reliability", ("reliability",), "Reliability"), ("gizmo", ("gizmo",), "Gizmo")):
            draw_label(surface, word, a[f"label {key}"], int(17 * s), GOLD if self.row == line else DIM)
        if p.type != "movement" and not styles_for(p.type):
            draw_label(surface, f"{TYPE_NAMES[p.type].capitalize()} has no styles.", a["styles line"], int(17 * s), DIM)
        why = power.problems()
        words = "Cost: " + price_words(power) + ("" if not why else ". " + why[0][0].upper() + why[0][1:] + ".")
        fit_text_block(surface, words, a["price"], int(17 * s), BAD if why else INK, min_size=9, line_gap=0)

    def draw_summary(self, surface, hero: Hero, box: pygame.Rect) -> None:
        """Points left (or over), the budget's sum, and why the hero is not legal or can not be saved yet."""
        s = self.s
        left = hero.left
        y = box.y
        line = pygame.Rect(box.x, y, box.w, int(40 * s))
        if left >= 0:
            draw_label(surface, f"{counted(left, 'point')} left", line, int(34 * s), OK, True)
        else:
            draw_label(surface, f"{counted(-left, 'point')} over", line, int(34 * s), BAD, True)
        y = line.bottom
        if hero.extra_points:
            budget = (f"Budget {BUDGET} − {POINTS_PER_EXTRA} × {hero.extra_points} attribute points = {hero.budget}; "
                      f"powers cost {hero.spent}.")
        else:
            budget = f"Budget {hero.budget}; powers cost {hero.spent}."
        y += fit_text_block(surface, budget, pygame.Rect(box.x, y, box.w, int(44 * s)), int(18 * s), INK, min_size=9,
                            line_gap=0)
        y += int(8 * s)
        rules, saving = self.rule_problems(), self.save_problems()
        rest = pygame.Rect(box.x, y, box.w, max(int(20 * s), box.bottom - y))
        if rules:
            self.draw_reasons(surface, "Not legal yet:", rules, rest, BAD)
        elif saving:
            self.draw_reasons(surface, "Legal, but:", saving, rest, GOLD)
        else:
            if self.source is not None and self.source.name == f"{self.draft.id.strip()}.yaml":
                words = f"Legal: saving updates {self.source.name}."
            else:
                words = f"Legal: ready to save as {self.draft.id.strip()}.yaml."
            words_in(surface, words, rest, int(18 * s), OK)

    def draw_reasons(self, surface, head: str, reasons: list[str], box: pygame.Rect, colour) -> None:
        """`head` and as many whole reasons as fit `box` at a readable size, then how many more there are."""
        s = self.s
        size, least = int(18 * s), max(9, int(14 * s))
        for shown in range(len(reasons), 0, -1):
            more = len(reasons) - shown
            words = " ".join([head, *reasons[:shown]]) + (f" …and {more} more." if more else "")
            fitted = fit_size(words, size, box.w, box.h, min_size=least, line_gap=0)
            if block_height(words, fitted, box.w, False, 0) <= box.h or shown == 1:
                words_in(surface, words, box, size, colour)
                return

    def hover_words(self, hero: Hero) -> str:
        """What the thing under the mouse is made of (a power's price, a style's effect, a trait's sum), for
        the line at the foot; "" if the mouse is on nothing that says."""
        if self.mouse is None:
            return ""
        for i, rect in self.costs.items():
            if rect.collidepoint(self.mouse):
                return f"{self.draft.powers[i].name or 'This power'}: " + price_words(self.draft.powers[i].power())
        for rect, hint in self.hints(hero):
            if rect.collidepoint(self.mouse):
                return hint
        for b in self.buttons:
            if b.hint and b.rect.collidepoint(self.mouse):
                return b.hint
        return ""

    def hints(self, hero: Hero) -> list[tuple[pygame.Rect, str]]:
        """The hover words of the traits and segments: how each is worked out."""
        a = self.areas
        out = [(a["trait combat"], f"Combat = 2 × Dexterity + Strength = 2 × {hero.dex} + {hero.str} = {hero.combat}."),
               (a["trait max_oomph"], f"Max Oomph = 3 × Strength × Size = 3 × {hero.str} × {hero.size} = "
                                      f"{hero.max_oomph}; a hero starts full."),
               (a["trait speed"], f"Speed = Dexterity × Size = {hero.dex} × {hero.size} = {hero.speed}."),
               (a["trait movement"], f"Movement = Speed ÷ the segments it acts on, half up = {hero.movement}.")]
        if "label per" in a:
            out.append((a["label per"], "Perception: rolls to notice hidden gizmos and breaks ties in the acting order; "
                                        f"heroes are placed lowest Perception first, and one of Perception 1 by the "
                                        f"next seat ({hero.per} now)."))
        for k in range(1, 7):
            acts = "acts" if k in hero.segments else "does not act"
            out.append((a[f"segment {k}"], f"Segment {k} needs Speed {SEGMENT_SPEED[k]}: this hero ({hero.speed}) {acts}."))
        return out

    # --- the picker (client/editor.py draws it) ------------------------------------------------------
    def choice_label(self, c: shelf.Shelved) -> str:
        whose = "bundled" if c.bundled else "yours"
        label = f"{c.hero.name} ({c.hero.id}) — costs {c.hero.spent} of {c.hero.budget}, {whose}"
        if c.refused:
            label = f"{c.hero.name} ({c.hero.id}) — yours, to fix: {c.problem_short}"
        return label

    def choice_blurb(self, chosen: shelf.Shelved) -> str:
        c = chosen.hero
        powers = ", ".join(f"{p.name} ({TYPE_NAMES[p.type]} {p.level})" for p in c.powers) or "no powers"
        words = (f"{c.flavour} " if c.flavour else "") + (f"Str {c.str}, Dex {c.dex}, Size {c.size}, Per {c.per}; "
                                                          f"{powers}.")
        if chosen.refused:
            words = f"The game refuses {chosen.path.name}: {chosen.problem}. Open it to fix it. " + words
        return words


class TypeList(Scene):
    """A power's Type list, open over the designer (its own layer: it takes every event until a type is
    picked or it is closed)."""

    transparent = True

    def __init__(self, app, designer: HeroDesignerScene):
        super().__init__(app)
        self.designer = designer

    def handle_event(self, event):
        return self.designer.handle_types(event)

    def draw(self, surface) -> None:
        d = self.designer
        if d.type_list is None:
            return
        d.layout_types()
        if d.type_rows:
            d.draw_types(surface)
