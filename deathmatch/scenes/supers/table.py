"""Superhero Gladiators' table: the arena from its Tiled map with its walls, pits and fire, the heroes
as tokens with their oomph bars, altitude (raised token, shadow, number) and entangle and gizmo
markers, the six-segment track with the current segment lit, each hero's card, the log, and every
decision of a fight — placing heroes, the acting hero's action (moves by power with the altitude to end
at, attacks with the hit chance and damage, area reach drawn, gizmo attacks, heal, notice, escape,
hold) and the questions after a hit (defend with which power, copy the power, which hidden gizmo was
noticed) — by mouse alone or keyboard alone.

The table reads the fight through its `front` only (`deathmatch.core.front`): what is legal for the
seat deciding (`front.legal`), what a player may see (`front.view`, the ruleset's `view.state_for`) and
what the rules answer that player (`front.ask`: the odds of an attack, the powers a move uses, the
reach of an area attack — `rulesets/supers/view.py`'s QUESTIONS): another team's hidden gizmo is
drawn, listed and logged as an ordinary power until that player's team has noticed it. It decides no
rule itself.

Keys: Tab / Shift+Tab step through the cells that may be picked, the arrows to the nearest such cell
that way on screen, Enter picks the one under the cursor; M moves, 1–9 pick an attack power (then a target cell), G gizmo attacks, N notice,
R heal, E escape, H hold, U / D / L / F take off or climb, descend, land, hover (a flier); on a question, the buttons' keys (1–9 a defence or a choice, N none, Y / N a
copy); 0–9 an altitude. Space skips the animations; Esc goes back, then opens the menu. The mouse:
click a cell or a button; the right button goes back.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import pygame

from ...client.art import supers as art
from ...client.art.palette import PLAYER_COLOURS
from ...client.ui import DIM, GOLD, GREEN, INK, RED, Button, block_height, draw_text_block, fit_size, panel, shortened, \
    text, wrap
from ...rulesets.supers import actions as ac
from ...rulesets.supers import events as ev
from ...core.front import Front
from ...rulesets.supers.model import SEGMENT_SPEED
from ...rulesets.supers.view import UNKNOWN
from .. import recap
from ..table import Frame, Replay, Table, map_file, open_table
from . import facts as sf
from . import phone as sphone
from .anim import Animator, View, event_steps, sync
from .board import Board
from . import log as slog
from .log import audience, describe

PANEL_FILL = (20, 14, 26, 240)
PANEL_EDGE = (80, 64, 100)
MOVE = (110, 200, 110)
MOVE_POWER = (90, 200, 220)
ATTACK = (230, 80, 60)
GIZMO = (206, 158, 70)
NOTICE = (120, 170, 240)
PLACE = (120, 200, 230)
CURSOR = (255, 240, 160)
AREA = (255, 150, 60)
NUMBER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
               pygame.K_9)
ALT_KEYS = (pygame.K_0,) + NUMBER_KEYS
ALTITUDE_BUTTONS = {"take off": ("Take off", pygame.K_u), "climb": ("Climb", pygame.K_u),
                    "hover": ("Hover", pygame.K_f), "descend": ("Descend", pygame.K_d), "land": ("Land", pygame.K_l)}
"""An in-place altitude change's button (`facts.altitude_moves`' kinds): its words and key."""
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
"""An arrow key's way on screen."""
TYPE_WORDS = {"shot": "shot", "smash": "smash", "toughness": "toughness", "missile_deflection": "deflection",
              "slippery": "slippery", "copy_power": "copy power", "movement": "movement", "healing": "healing"}

CONTROLS = [
    ("Mouse", ""),
    ("click a green cell", "move there (then pick the altitude, if it can fly)"),
    ("click a red cell", "attack that hero (or cell, an area shot) with the power picked"),
    ("hover a target", "the hit chance and damage, and the area the attack reaches"),
    ("buttons", "move, attack powers, gizmo attack, notice, heal, escape, hold; defences after a hit"),
    ("right click", "go back"),
    ("Keyboard", ""),
    ("Tab / arrows", "step through the cells you may pick (arrows: the nearest that way); Enter picks"),
    ("M 1-9 G N", "move, an attack power, gizmo attack, notice"),
    ("U D L F", "a flier: take off or climb, descend, land, hover (stay up)"),
    ("R E H", "heal, escape, hold"),
    ("Y / N", "copy the power just seen, or not"),
    ("0-9", "an altitude; on a question: a defence or a choice"),
    ("Esc", "go back, or the menu"),
    ("Space / click", "skip the animation; [ ] animation speed"),
    ("F5", "save the fight under a name (it also saves itself after every decision)"),
    ("F11", "fullscreen;  F1: this help"),
]


def pct(x) -> str:
    return f"{round(float(x) * 100)}%"


def power_words(p: dict) -> str:
    """A power as a player's view shows it: "Rivet Gun: shot 3, missile · 7/10 uses"."""
    styles = [s for s in p.get("styles") or () if s]
    kinds = [sf.kind_words(k) for k in p.get("movement") or ()]
    what = f"{TYPE_WORDS.get(p['type'], p['type'])} {p['level']}"
    extra = ", ".join(styles + kinds)
    if p.get("reliability", "reliable") != "reliable":
        extra = ", ".join(x for x in (extra, p["reliability"]) if x)
    uses = "" if p.get("uses") is None else f" · {p.get('left')}/{p['uses']}"
    gone = " · destroyed" if p.get("destroyed") else ""
    gizmo = {"hidden": " · hidden gizmo", "vulnerable": " · gizmo"}.get(p.get("gizmo"), "")
    return f"{p['name']}: {what}" + (f" ({extra})" if extra else "") + uses + gizmo + gone


def gizmo_state(p: dict) -> str | None:
    """The gizmo marker a player may see on a power (None: none to show)."""
    g = p.get("gizmo")
    if g in (None, "none", UNKNOWN):
        return None
    if p.get("destroyed"):
        return "destroyed"
    if g == "hidden":
        return "noticed" if p.get("noticed") else "hidden"
    return "intact"


class SupersTable(Table):
    controls = CONTROLS
    bot_thread = "supers-bot"
    HINT = "F1: controls    Esc: menu"
    menu = True
    prompt_font = 16
    log_font = 14

    def __init__(self, app, game, arena_path: Path | None, *, handoff: bool = True, auto_players=(),
                 anim_speed: float = 1.0, seed: int = 0, on_exit=None, auto_delay: float = 0.3, autosave=None):
        super().__init__(app)
        self.game = game
        self.board = Board(self.front.ask(None, "arena"), arena_path)
        public = self.front.view(None)
        seats = sf.seats(public)
        self.index = {p: c for p, c in zip(seats, sf.colours(public))}
        """Player → colour number."""
        self.team = {p: k for k, p in enumerate(seats)}
        self.view = View()
        bot_seats = sorted(public.bots.items())
        # (the host seats its computer players: their seeds come from the fight's own)
        self.seat_table(seats, Animator(self.view, self.steps_for, anim_speed), effect_for=sf.effect_for,
                        auto_players=auto_players, bot_seats=bot_seats,
                        bot_seed=self.front.hand_to(lambda fight: getattr(fight.setup, "seed", 0)), handoff=handoff,
                        seed=seed, on_exit=on_exit, auto_delay=auto_delay, autosave=autosave)
        self.entries: list[tuple[str, tuple | None]] = []
        """Every log line with the players it is for (None: everyone)."""
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        """Whose view the screen shows (the player at the screen); None: nobody's secrets."""
        # The stages: idle, auto, place, act (with a `mode`), altitude (after a move cell), pick (gizmo attacks on
        # one hero), defend, copy, choose, over.
        self.mode: tuple = ("move",)
        """In the act stage: ("move",), ("attack", power), ("gizmo",) or ("notice",)."""
        self.picked: list = []
        """The answers of the cell picked (the altitude and gizmo choices)."""
        self.cursor = None
        self.move_plans: dict = {}
        """Move cell → [(altitude, the movement powers the engine would use, movement spent)]."""
        self.hover_cell = None
        self.focus_hero: str | None = None
        self.fly_kind: str | None = None
        """In the altitude stage from a flier's button: which ("take off", "climb", …); None from a cell."""
        self.tips: dict = {}
        """Model id → the (turn, segment) its first-time flying tip shows in (once a fight for each flier)."""
        self.cast = sf.cast(public)
        """The heroes' names and teams the log names them by (`facts.cast`: fixed for the fight)."""
        self.colours: dict = {}
        """Model id → its team's colour number (`colour`)."""
        self.heroes: dict = {}
        """Model id → its hero made from the view (`facts.hero_of`), for the art."""
        self.layout(app.size)
        self.sync()
        self.begin_log(sf.start_events(game))

    # ------------------------------------------------------------------ layout
    frame = Frame(hud=360, hud_share=0.36, top=46, bar=136, menu_y=6, log_share=0.36, board_margin=(16, 24),
                  button_text=16, hint_text=16)
    hud_fill = (22, 16, 30, 240)
    banner_fill = (30, 20, 34, 235)
    panel_fill, panel_edge = PANEL_FILL, PANEL_EDGE

    def sync(self) -> None:
        sync(self.view, self.seen(), lambda at: self.board.centre(self.cell(at)))

    # ----------------------------------------------------------------- the log
    @property
    def log(self) -> list[str]:
        """The log lines the player at the screen may read (a line told to some teams only shows to them)."""
        who = self.viewer
        return [line for line, to in self.entries if to is None or (who is not None and who in to)]

    @log.setter
    def log(self, lines) -> None:
        self.entries = [(line, None) for line in lines]

    def write(self, line: str, to: tuple | None = None) -> None:
        self.entries.append((line[:1].upper() + line[1:], to))
        self.entries = self.entries[-400:]
        self.log_scroll = 0

    # ----------------------------------------------------------------- engine
    def seen(self):
        """The fight as the player at the screen may see it (the public view when nobody sits there): made
        once per change of the fight by the front, so asked for freely."""
        return self.front.view(self.viewer)

    def asker(self) -> str | None:
        """Who the table asks the rules for (odds, plans, reach): the seat deciding, else the viewer."""
        return self.decision.player if self.decision is not None else self.viewer

    def ask(self, question: str, *args):
        return self.front.ask(self.asker(), question, *args)

    def colour(self, model_id) -> int:
        c = self.colours.get(model_id)
        if c is None:  # (a hero's team never changes: its colour is looked up once)
            m = self.seen().models.get(model_id)
            c = self.colours[model_id] = self.index.get(m.owner if m is not None else model_id, 0)
        return c

    def hero(self, model_id):
        """The hero of `model_id` for the art (its look: nothing secret)."""
        h = self.heroes.get(model_id)
        if h is None:
            h = self.heroes[model_id] = sf.hero_of(self.seen().models[model_id])
        return h

    def cell(self, c):
        """A cell of the view (a plain pair) as the board's grid names it."""
        return None if c is None else self.board.arena.grid.cell(*c)

    def steps_for(self, event) -> list:
        return event_steps(event, self.seen(), self.board.centre)

    def take(self, events) -> None:
        from ...client.steps import Call

        for e in events:
            self.animator.add([e])
            line = describe(e, self.cast)
            if line:
                self.animator.queue.append(Call(lambda view, line=line, to=audience(e): self.write(line, to)))

    def where_words(self, public) -> str:
        """Where the fight is, for the hand-off (from the public view only): placing, or the turn and
        its segment (never what the coming seat is asked: a defence, a gizmo to name)."""
        turn, segment = public.get("turn") or 0, public.get("segment") or 0
        if turn <= 0:
            return "Placing your heroes"
        return f"Turn {turn}, segment {segment}" if segment > 0 else f"Turn {turn}"

    def piece_points(self) -> list:
        """Where the pieces are on screen (the recap panel keeps clear of either side's)."""
        return [self.board.screen(f.x, f.y) for f in self.view.figures.values() if getattr(f, "placed", True)]

    def map_rect(self) -> pygame.Rect:
        """The map's rectangle on screen (the recap panel takes the margin beside it when it fits)."""
        return pygame.Rect(self.board.rect)

    def recap_lines(self, events, viewer) -> list:
        """"Since your last turn" (scenes/recap.py): the log's lines of the events told to `viewer` (a line
        told to some teams only, for them)."""
        out = [self.taken_words] if self.taken_words else []  # (a hit taken unasked: why, before what it did)
        for e in self.front.told(events, viewer):
            if audience(e) is None or (viewer is not None and viewer in audience(e)):
                # (short: a segment's heading without its acting order, which the track shows)
                out.append(f"— Segment {e.segment} —" if isinstance(e, ev.SegmentStarted) else describe(e, self.cast))
        return out

    def answer(self, action) -> None:
        super().answer(action)
        self.picked = []

    def new_decision(self) -> None:
        if not self.animator.busy:
            self.sync()
        if self.take_unstoppable_hit():
            return
        super().new_decision()
        if self.decision is not None and self.on_phone():
            # a phone lists the attacks first, the long moves last; an area attack may also burst on an empty
            # spot (as a click on the board offers it), the spots that reach a hero of another team
            self.options = sphone.ordered(self.options + self.area_spots())

    def area_spots(self) -> list:
        """The area attacks of the acting hero at an empty cell (legal, not in `front.legal`'s list: the board
        offers them) worth a phone's button: a burst that reaches foes no attack of that power at a hero reaches
        all of (an attack at a hero does it full damage, a burst on a spot half to all), one spot for each set of
        heroes reached with the same odds (the marks on the picture show where)."""
        d = self.decision
        m = self.me
        if d is None or d.kind != ac.ACT or m is None or m.at is None:
            return []
        v = self.seen()
        foes = {mid: tuple(o.at) for mid, o in v.models.items()
                if o.owner != m.owner and not o.fainted and o.at is not None}
        out = []
        grid = self.board.arena.grid
        for power in self.attack_powers():
            got = self.ask("attack_power", d.model, power)
            if got is None or got["type"] != "shot" or not {"area", "superarea"} & set(got["styles"]):
                continue
            radius = 2 if "superarea" in got["styles"] else 1
            direct = [{h.hero for h in self.ask("odds", o) or ()} & set(foes) for o in self.options
                      if isinstance(o, ac.Attack) and o.power == power and o.target]
            kept = set()
            for c in sorted(self.board.arena.floor):  # (only the cells a burst from could reach a foe: a few)
                if sf.occupant(v, c) is not None or \
                        not any(grid.distance(self.cell(f), c) <= radius for f in foes.values()):
                    continue
                a = ac.Attack(m.owner, d.model, power, None, c)
                if not self.front.is_legal(d.player, a):
                    continue
                hits = self.ask("odds", a) or []
                reached = {h.hero for h in hits} & set(foes)
                if not reached or any(reached <= r for r in direct):  # (an attack at a hero does more)
                    continue
                key = tuple(sorted((h.hero, h.hit, h.damage, h.entangle) for h in hits))
                if key not in kept:
                    kept.add(key)
                    out.append(a)
        return out

    def take_unstoppable_hit(self) -> bool:
        """A person's hero is hit and none of its defences could stop that hit (each would spend a use and do
        nothing: slippery against a roll it can not slip, toughness against piercing…): the question has one
        sensible answer, so it is not asked — nor the screen handed to the defender in the middle of the
        attacker's action. The hit is taken as it is and the log says why. Whether it was."""
        f = self.front
        d = f.decision(f.turn)
        if d is None or d.kind != ac.DEFEND or d.about != "hit" or not d.options or d.player in self.auto:
            return False
        self.decision = d
        whys = [(name, self.useless_defence(d, name)) for name in d.options]
        if not all(why for _, why in whys):
            return False  # (a defence that may help: asked, as ever)
        self.options = f.legal(d.player)
        m = self.me
        name = m.name if m is not None else d.model
        line = f"{name} takes the hit: " + "; ".join(f"{p} could not help ({why})" for p, why in whys)
        self.write(line)
        last = self.last_human
        marks = recap.tracker(self).marks
        mark = marks.get(d.player)
        self.taken_words = line  # (told in "since your last turn" too: a phone seat reads it there and in its log)
        try:
            self.answer(ac.Defend(d.player, d.model, None))
        finally:
            self.taken_words = None
        self.last_human = last  # (the defender did not sit down to answer)
        if mark is None:  # … nor decided: its "since your last turn" still starts at its own last answer
            marks.pop(d.player, None)
        else:
            marks[d.player] = mark
        return True

    taken_words: str | None = None
    """While a hit is taken unasked (`take_unstoppable_hit`): the log's line saying why."""

    def fallback_answer(self):
        return self.rng.choice(self.options)  # (the computer seat's legal answers, taken up with its decision)

    def player_view(self):
        """The fight as the player at the screen may see it (nobody's secrets when nobody sits there)."""
        return self.seen()

    # --------------------------------------------------------------- stages
    @property
    def me(self):
        """The hero the decision is about, as the view shows it (None for none)."""
        d = self.decision
        return self.seen().models.get(d.model) if d is not None and d.model else None

    def of_type(self, *types) -> list:
        return [o for o in self.options if isinstance(o, types)]

    def attack_powers(self) -> list[str]:
        """The attack powers the acting hero may use now, in card order (a stored copy last)."""
        names: list[str] = []
        for o in self.of_type(ac.Attack, ac.AttackGizmo):
            if o.power not in names:
                names.append(o.power)
        m = self.me
        if m is None:
            return names
        order = [p.name for p in m.powers] + ([m.stored.name] if m.stored is not None else [])
        return sorted(names, key=lambda n: order.index(n) if n in order else len(order))

    def enter_stage(self) -> None:
        """Set out the decision: what may be picked on the board, and the buttons."""
        kind = self.decision.kind
        self.candidates = {}
        self.picked = []
        self.fly_kind = None
        self.stage = kind
        if kind == ac.PLACE:
            for o in self.options:
                self.candidates.setdefault(o.at, []).append(o)
        elif kind == ac.ACT:
            if self.of_type(ac.Move):
                self.mode = ("move",)
            elif self.attack_powers():
                self.mode = ("attack", self.attack_powers()[0])
            else:
                self.mode = ("hold",)
            self.candidates = self.act_candidates()
            m = self.me
            if m is not None and sf.flight_powers(m):
                v = self.seen()
                self.tips.setdefault(self.decision.model, (v.turn, v.segment))
        self.focus_hero = self.decision.model
        self.place_cursor(fresh=True)
        self.make_buttons()

    def set_mode(self, mode: tuple) -> None:
        self.stage = ac.ACT
        self.mode = mode
        self.picked = []
        self.fly_kind = None
        self.candidates = self.act_candidates()
        self.place_cursor()
        self.make_buttons()

    def act_candidates(self) -> dict:
        out: dict = {}
        kind = self.mode[0]
        v = self.seen()
        m = self.me
        mid = self.decision.model if self.decision is not None else None
        self.move_plans = {}
        if kind == "move":
            for o in self.of_type(ac.Move):
                out.setdefault(o.path[-1] if o.path else self.cell(m.at), []).append(o)
            for cell in out:
                out[cell].sort(key=lambda o: o.altitude if o.altitude is not None else m.altitude)
                plans = []
                for o in out[cell]:
                    plan = self.ask("move_plan", o)  # the engine's own choice of powers for that move
                    if plan is not None:
                        plans.append(plan)
                self.move_plans[cell] = plans
        elif kind == "attack":
            power = self.mode[1]
            for o in self.of_type(ac.Attack):
                if o.power == power:
                    out.setdefault(self.cell(v.models[o.target].at), []).append(o)
            got = self.ask("attack_power", mid, power)
            if got is not None and got["type"] == "shot" and {"area", "superarea"} & set(got["styles"]):
                for c in sorted(self.board.arena.floor):
                    if c in out or sf.occupant(v, c) is not None:
                        continue
                    a = ac.Attack(m.owner, mid, power, None, c)
                    if self.front.is_legal(self.asker(), a):
                        out[c] = [a]
        elif kind == "gizmo":
            for o in self.of_type(ac.AttackGizmo):
                out.setdefault(self.cell(v.models[o.target].at), []).append(o)
        elif kind == "notice":
            for o in self.of_type(ac.Notice):
                out.setdefault(self.cell(v.models[o.target].at), []).append(o)
        return out

    def own_cell(self):
        """The cell the acting hero stands on (None before it is placed)."""
        m = self.me
        return self.cell(m.at) if m is not None and m.at is not None else None

    def place_cursor(self, fresh: bool = False) -> None:
        """Put the keyboard's cursor on a cell that may be picked: where it is if it may (unless `fresh`: a new
        decision), else the one nearest the acting hero — never the hero's own cell while another may be
        picked, since a flier's own cell means flying up or down on the spot (the cursor left there by the
        last click made a stray Enter take off). Before a hero is placed: the first in Tab's order."""
        keys = self.candidate_order()
        if not keys:
            return
        here = self.own_cell()
        if not fresh and self.cursor in self.candidates and (self.cursor != here or len(keys) == 1):
            return
        if here is None:
            self.cursor = keys[0]
            return
        centre = self.board.centre(here)
        others = [c for c in keys if c != here] or keys
        self.cursor = min(others, key=lambda c: math.dist(self.board.centre(c), centre))

    # ------------------------------------------------------------------- input
    def hover(self, pos) -> None:
        self.hover_cell = self.board.cell_at(pos)
        if self.hover_cell in self.candidates:  # the cursor follows the mouse: one cell marked, the one described
            self.cursor = self.hover_cell
        o = sf.occupant(self.seen(), self.hover_cell)
        if o is not None:
            self.focus_hero = o

    def click(self, pos) -> None:
        if self.click_skips_or_presses(pos):
            return
        c = self.board.cell_at(pos)
        if c is not None:
            self.hover_cell = c
            if c in self.candidates:
                self.cursor = c
                self.pick_cell(c)

    def towards(self, way) -> tuple:
        """The cell that may be picked nearest the cursor in direction `way` ((dx, dy) on screen): the one
        furthest along that way for the least distance off it; the cursor itself if there is none that way.
        (Tab steps through the cells in reading order; the arrows walk the board.)"""
        cx, cy = self.board.centre(self.cursor)
        best, score = self.cursor, None
        for c in self.candidates:
            x, y = self.board.centre(c)
            along = (x - cx) * way[0] + (y - cy) * way[1]
            if c == self.cursor or along <= 1:
                continue
            across = abs((x - cx) * way[1] - (y - cy) * way[0])
            if across > 2 * along:  # more sideways than forwards: not that way
                continue
            if score is None or along + 2 * across < score:
                best, score = c, along + 2 * across
        return best

    def key(self, key, mod) -> None:
        if self.common_key(key):
            return
        if key in ARROWS and self.candidates and self.cursor in self.candidates:
            self.cursor = self.towards(ARROWS[key])
            o = sf.occupant(self.seen(), self.cursor)
            if o is not None:
                self.focus_hero = o
            return
        if key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and self.candidates:
            self.step_cursor(back=key in (pygame.K_LEFT, pygame.K_UP) or
                             (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT))
            o = sf.occupant(self.seen(), self.cursor)
            if o is not None:
                self.focus_hero = o
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.stage == "over":
                self.leave()
            elif self.stage == "altitude" and self.fly_kind is not None:
                return  # up or down where it stands: only the altitude's own key (or its button) says which
            elif self.cursor in self.candidates:
                self.pick_cell(self.cursor)
            return
        self.press_key(key)

    def back(self) -> bool:
        """Esc or the right button: back from a choice not yet sent. Whether there was one."""
        if self.stage in ("altitude", "pick"):
            self.set_mode(self.mode)
            return True
        return False

    def pick_cell(self, c) -> None:
        options = self.candidates.get(c)
        if not options:
            return
        if self.stage == ac.ACT and self.mode[0] == "move" and c == self.own_cell():
            # its own cell: flying up or down where it stands, never at once from a click on the hero (to look
            # at it) or a stray Enter — the altitude is asked, even when there is one, and Esc goes back
            self.picked = list(options)
            self.stage = "altitude"
            self.fly_kind = "here"
            self.candidates = {c: options}
            self.cursor = c
            self.make_buttons()
            return
        if self.stage == ac.ACT and len(options) > 1:
            self.picked = list(options)
            self.stage = "altitude" if self.mode[0] == "move" else "pick"
            self.candidates = {c: options}
            self.cursor = c
            self.make_buttons()
            return
        self.answer(options[0])

    # ----------------------------------------------------------------- buttons
    def make_buttons(self) -> None:
        self.buttons = []
        d = self.decision
        s = self.s
        add = self.button_row((10, 44), (104, 27), 5)

        if self.stage == "over":
            add("Results (Esc)", self.leave, key=pygame.K_ESCAPE, width=int(150 * s))
            return
        if d is None or self.stage in ("auto", "idle", ac.PLACE):
            return
        num = iter(NUMBER_KEYS)
        if self.stage == "altitude":
            m = self.me
            for o in self.picked:
                alt = o.altitude if o.altitude is not None else m.altitude
                name = "Ground" if alt == 0 else f"Altitude {alt}"
                add(f"{name} ({alt})" if alt < 10 else name, lambda o=o: self.answer(o),
                    key=ALT_KEYS[alt] if alt < 10 else None, width=int(120 * s),
                    hint=self.altitude_hint(o, alt))
            add("Back (Esc)", self.back)
            return
        if self.stage == "pick":
            for o in self.picked:
                k = next(num)
                label = f"{k - pygame.K_0} {o.gizmo} with {o.power}" if isinstance(o, ac.AttackGizmo) \
                    else f"{k - pygame.K_0} {o.power}"
                add(label, lambda o=o: self.answer(o), key=k, width=int(220 * s),
                    hint="A hit destroys the gizmo and the power it holds")
            add("Back (Esc)", self.back)
            return
        if self.stage == ac.DEFEND:
            escape = d.about == "escape"  # (a failed escape: no hit to take, only slip free or stay held)
            add("Stay held (N)" if escape else "No defence (N)", lambda: self.answer(ac.Defend(d.player, d.model, None)),
                key=pygame.K_n, width=int(140 * s),
                hint="Keep the power's use: the hero stays entangled" if escape else "Take the hit as it is")
            m = self.me
            for name in d.options:
                k = next(num)
                p = next((q for q in m.powers if q.name == name), None)
                left = p.left if p is not None else None
                label = f"{k - pygame.K_0} {name}" + (f" ({left} left)" if left is not None else "")
                hint = self.defence_hint(p)
                useless = self.useless_defence(d, name)
                if useless:
                    label += " — no use here"
                    hint = f"{useless}: it would spend a use and do nothing. {hint}"
                add(label, lambda n=name: self.answer(ac.Defend(d.player, d.model, n)), key=k,
                    width=int((270 if useless else 190) * s), hint=hint)
            return
        if self.stage == ac.COPY:
            add("Copy it (Y)", lambda: self.answer(ac.Copy(d.player, d.model, True)), key=pygame.K_y, width=int(130 * s),
                hint=f"Store {d.about} with {d.options[0] if d.options else 'the copy power'} (a use of it)")
            add("No (N)", lambda: self.answer(ac.Copy(d.player, d.model, False)), key=pygame.K_n)
            return
        if self.stage == ac.CHOOSE:
            for name in d.options:
                k = next(num)
                add(f"{k - pygame.K_0} {name}", lambda n=name: self.answer(ac.Choose(d.player, d.model, n)), key=k,
                    width=int(170 * s), hint="This hidden gizmo is the one they noticed")
            return
        # the act stage
        if self.of_type(ac.Move):
            add("Move (M)", lambda: self.set_mode(("move",)), key=pygame.K_m, selected=self.mode[0] == "move",
                hint="Green cells: where it may end this move, by its movement and powers")
        for kind, opts in (sf.altitude_moves(self.of_type(ac.Move), self.me).items() if self.me is not None else ()):
            words, k = ALTITUDE_BUTTONS[kind]
            add(f"{words} ({pygame.key.name(k).upper()})", lambda kind=kind, opts=opts: self.fly(kind, opts), key=k,
                width=int(120 * s), hint=self.fly_hint(kind, opts))
        for name in self.attack_powers():
            if not any(isinstance(o, ac.Attack) and o.power == name for o in self.options):
                continue
            k = next(num, None)
            add((f"{k - pygame.K_0} " if k else "") + name, lambda n=name: self.set_mode(("attack", n)), key=k,
                width=int(150 * s), selected=self.mode == ("attack", name),
                hint="Red cells: the heroes (or cells) this power reaches, with the hit chance")
        if self.of_type(ac.AttackGizmo):
            add("Gizmo (G)", lambda: self.set_mode(("gizmo",)), key=pygame.K_g, selected=self.mode[0] == "gizmo",
                hint="Attack a gizmo you know of: a hit destroys it and its power")
        if self.of_type(ac.Notice):
            add("Notice (N)", lambda: self.set_mode(("notice",)), key=pygame.K_n, selected=self.mode[0] == "notice",
                hint="Study an opponent for a hidden gizmo (a Perception roll)")
        for o in self.of_type(ac.Heal):
            add(f"Heal: {o.power} (R)", lambda o=o: self.answer(o), key=pygame.K_r, width=int(170 * s),
                hint="Regain oomph equal to the power's level")
            break
        for o in self.of_type(ac.Escape):
            if self.me is not None and self.me.entangled:
                add("Escape (E)", lambda o=o: self.answer(o), key=pygame.K_e,
                    hint=f"Pay {self.me.entangled} oomph, then roll to break free")
        for o in self.of_type(ac.Hold):
            m = self.me
            hint = "Do nothing this segment"
            if m is not None and m.altitude:
                hint += f" — it is in the air (altitude {m.altitude}): holding, it falls and loses oomph"
            add("Hold (H)", lambda o=o: self.answer(o), key=pygame.K_h, hint=hint)

    def fly(self, kind: str, opts: list) -> None:
        """A flier's Take off / Climb / Descend / Land / Hover button: the one altitude it offers at once, or
        the altitudes to pick from (their buttons, 0–9)."""
        if len(opts) == 1:
            self.answer(opts[0])
            return
        self.set_mode(("move",))
        self.picked = list(opts)
        self.fly_kind = kind
        self.stage = "altitude"
        here = self.cell(self.me.at)
        self.candidates = {here: list(opts)}
        self.cursor = here
        self.make_buttons()

    def flight_names(self, opts) -> str:
        """The movement powers the engine would use for these moves, by name ("Ride the Gale")."""
        names: list[str] = []
        for o in opts:
            plan = self.ask("move_plan", o)
            for p in (plan[1] if plan else ()):
                if p.name not in names:
                    names.append(p.name)
        return " or ".join(names)

    def fly_hint(self, kind: str, opts: list) -> str:
        """What a flier's altitude button does, in players' words (SUPERS.md §1, §3, §6)."""
        m = self.me
        alts = [o.altitude if o.altitude is not None else m.altitude for o in opts]
        to = f"altitude {alts[0]}" if len(alts) == 1 else f"altitude {alts[0]} to {alts[-1]} (you pick)"
        using = self.flight_names(opts)
        using = f", using a use of {using}" if using else ""
        return {"take off": f"Fly straight up from here to {to}: 1 movement a level{using}. In the air it "
                            "passes over heroes and pits, but must fly again on its next action or fall",
                "climb": f"Fly higher, here: to {to}{using}. It must fly again on its next action or fall",
                "hover": f"Stay in the air here at altitude {m.altitude}{using}: a hero in the air that does "
                         "not fly on its action falls and loses oomph",
                "descend": f"Come down part way, here: to {to}{using}; still in the air",
                "land": f"Come down to the ground here{using}; on the ground it need not fly again"}[kind]

    def altitude_hint(self, o, alt: int) -> str:
        """An altitude button's hint: what ending the move there costs and means."""
        plan = self.ask("move_plan", o)
        cost = f"{plan[2]} movement" if plan else ""
        where = ("on the ground" if alt == 0 else
                 f"in the air at altitude {alt}: it must fly again on its next action, or fall")
        return f"End the move {where}" + (f" ({cost})" if cost else "")

    def stoppers(self, o, h) -> tuple:
        """The defences the hero `h` (a HitOdds of the attack answer `o`) could stop that attack with."""
        return self.ask("stoppers", o, h)  # (advice only, as the odds: () when it can not be told)

    def useless_defence(self, d, name) -> str:
        """Why invoking the defence `name` against this hit would do nothing (the log's words), or ''."""
        if d.about != "hit" or self.seen().strike is None:
            return ""
        why = self.ask("defence_outlook", d.model, name)  # (advice only: None when it can not be told)
        return slog.WASTED.get(why, "") if why else ""

    def defence_hint(self, p) -> str:
        """What the defence stops, and beside it the facts of the hit being defended that decide it (its
        oomph, its styles, its level), so that a player sees a defence that would be wasted before using it."""
        if p is None:
            return ""
        what = {"toughness": f"Stops a hit of up to {4 * p.level} oomph (not entangling, not piercing)",
                "missile_deflection": f"Stops a missile of level {p.level} or less",
                "slippery": f"Slips an entangling hit if the die plus {p.level} is over the number"}.get(p.type, "")
        x = self.seen().strike
        d = self.decision
        if d is not None and d.about == "escape" and p.type == "slippery":  # (no hit: the failed escape's roll)
            return f"Slips free if the escape roll less {p.level} is within the number it needed"
        if not what or x is None or d is None or d.about == "escape":
            return what
        styles = x.power.styles
        if p.type == "toughness":
            dmg = self.ask("strike_damage", d.model)
            kinds = [k for k in ("entangling", "piercing") if k in styles]
            this = f"this hit: {dmg} oomph" + (f", {' and '.join(kinds)}" if kinds else "")
        elif p.type == "missile_deflection":
            this = f"{x.power_name} is {'a' if 'missile' in styles else 'not a'} missile, level {x.power.level}"
        else:
            this = f"{x.power_name} is {'' if 'entangling' in styles else 'not '}entangling"
        return f"{what}; {this}"

    @staticmethod
    def power_words(p) -> str:
        """A power as the defence question names it: "shot 5, missile", "smash 4, entangling and grappling"."""
        styles = [k for k in p.styles if k != "foiblish"]
        return ", ".join([f"{p.type.replace('_', ' ')} {p.level}", *styles])

    # -------------------------------------------------------------- the odds
    def shown_target(self):
        """The attack answers (or gizmo attacks) of the cell under the mouse or the cursor, in the act stage."""
        if self.stage not in (ac.ACT, "pick") or self.animator.busy:
            return None, []
        c = self.hover_cell if self.hover_cell in self.candidates else self.cursor
        opts = [o for o in self.candidates.get(c) or () if isinstance(o, (ac.Attack, ac.AttackGizmo))]
        return c, opts

    def attack_odds(self, o):
        """The odds of the attack answer `o` (`odds.attack_odds`'s list, or a gizmo attack's chance); None
        when they can not be told (the odds are advice: a failing helper must not stop the fight)."""
        return self.ask("odds", o)

    def reach_cells(self, o) -> list:
        """The cells an area attack at that target reaches (drawn while it is hovered)."""
        if not isinstance(o, ac.Attack):
            return []
        reach = set(self.ask("reach", o))
        return [c for c in self.board.cells if c in reach]

    # -------------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        surface.fill(self.board.background)
        self.board.draw(surface)
        self.draw_highlights(surface)
        self.draw_heroes(surface)
        self.draw_chances(surface)
        self.draw_effects(surface)
        self.draw_hud(surface)
        self.draw_track_hint(surface, pygame.mouse.get_pos())

    def track_words(self) -> str:
        """What the segment track means (its hover words), from the rules' Speed for each segment."""
        steps = sorted(SEGMENT_SPEED.items(), key=lambda kv: kv[1])
        need = ", ".join([f"Speed {steps[0][1]} acts in segment {steps[0][0]}"] +
                         [f"{v} also in {k}" for k, v in steps[1:]])
        return ("A turn has six segments; a hero acts in those its Speed reaches (the dots on its row): "
                f"{need}. In a segment the highest Dexterity acts first. The lit column is the segment now, "
                "the ringed dot the hero acting.")

    def draw_track_hint(self, surface, mouse) -> None:
        """The segment track's meaning, over the board beside it, while the mouse is on the track."""
        r = self.__dict__.get("track_rect")
        if r is None or not r.collidepoint(mouse):
            return
        s = self.s
        words = self.track_words()
        width = min(int(360 * s), self.board_rect.w - int(20 * s))
        size = int(15 * s)
        tip = pygame.Rect(0, r.y, width, block_height(words, size, width - int(12 * s), False, 0) + int(10 * s))
        tip.right = self.hud_rect.x - int(6 * s)
        panel(surface, tip)
        draw_text_block(surface, words, (tip.x + int(6 * s), tip.y + int(5 * s)), size, tip.w - int(12 * s),
                        line_gap=0, box=tip)

    def draw_highlights(self, surface) -> None:
        b = self.board
        hl = self.highlight_layer(surface)
        layer, mark = hl.layer, hl.mark
        lw = max(2, int(b.tile) // 22)
        m = self.me
        if m is not None and m.at is not None and self.stage not in ("idle", "auto", "over", ac.PLACE):
            mark(pygame.draw.polygon(layer, GOLD + (200,), b.corners(self.cell(m.at)), lw + 1))
        colour = {ac.PLACE: PLACE, "altitude": MOVE}.get(self.stage)
        if colour is None:
            colour = {"move": MOVE, "attack": ATTACK, "gizmo": GIZMO, "notice": NOTICE}.get(self.mode[0], MOVE)
        busy = self.animator.busy
        if not busy:
            for c in self.candidates:
                pts = b.corners(c)
                tint = colour
                if self.stage == ac.ACT and self.mode[0] == "move" and all(plan[1] for plan in self.move_plans.get(c, ())):
                    tint = MOVE_POWER  # only a movement power gets it there
                mark(pygame.draw.polygon(layer, tint + (60,), pts))
                mark(pygame.draw.polygon(layer, tint + (210,), pts, lw))
            c, opts = self.shown_target()
            if opts:
                for r in self.reach_cells(opts[0]):
                    mark(pygame.draw.polygon(layer, AREA + (70,), b.corners(r)))
                    mark(pygame.draw.polygon(layer, AREA + (200,), b.corners(r), 1))
            if self.cursor in self.candidates:
                mark(pygame.draw.polygon(layer, CURSOR + (255,), b.corners(self.cursor), lw + 2))
        hl.blit(surface)

    def draw_chances(self, surface) -> None:
        """Each attack target's hit chance on its cell (over the heroes)."""
        b = self.board
        if not self.animator.busy and self.stage == ac.ACT and self.mode[0] in ("attack", "gizmo"):
            size = max(11, int(b.tile * 0.26))
            for c, opts in self.candidates.items():
                o = self.attack_odds(opts[0])
                if o is None:
                    continue
                if isinstance(o, list):
                    mine = next((x for x in o if x.full), None)
                    if mine is None:
                        continue
                    chance = mine.hit
                else:
                    chance = o
                img = text(pct(chance), size, (255, 255, 255), True)
                x, y = b.point(c)
                r = img.get_rect(midtop=(x, y + int(b.tile * 0.28)))
                pygame.draw.rect(surface, (40, 10, 10), r.inflate(4, 0), border_radius=3)
                surface.blit(img, r)

    def hero_img(self, model_id, fainted=False):
        return art.hero_sprite(self.hero(model_id), self.colour(model_id), int(self.board.tile), fainted=fainted)

    def draw_heroes(self, surface) -> None:
        b = self.board
        cell = int(b.tile)
        v = self.seen()
        figs = sorted(self.view.figures.values(), key=lambda f: (not f.fainted, f.y))
        for f in figs:
            m = v.models.get(f.id)
            if m is None or not f.placed:
                continue
            x, y = b.screen(f.x, f.y)
            if f.frame is not None:
                kind, t, args = f.frame
                img = self.hero_img(f.id)
                if kind == "flight":
                    art.flight_frame(surface, img, (x, y), cell, args[0], args[1], t)
                elif kind == "fall":
                    art.fall_frame(surface, img, (x, y), cell, args[0], t)
                elif kind == "faint":
                    art.faint_frame(surface, img, (x, y), t)
                continue
            if f.fainted:
                img = self.hero_img(f.id, True).copy()
                img.set_alpha(150)
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
                continue
            rect = art.draw_hero(surface, self.hero(f.id), self.colour(f.id), (x, y), cell, altitude=round(f.alt),
                                 oomph=f.oomph, max_oomph=m.max_oomph, entangled=f.entangled,
                                 highlight=(f.id == v.acting))
            if f.flash > 0:
                pygame.draw.circle(surface, RED, rect.center, rect.w // 2 + 2, 3)
            marks = [gizmo_state(p) for p in m.powers]
            marks = [k for k in marks if k]
            size = max(10, cell // 4)
            for i, k in enumerate(marks[:3]):
                g = art.gizmo_marker(k, size)
                surface.blit(g, g.get_rect(topright=(rect.right + size // 3, rect.top + i * (size - 2))))

    def draw_effects(self, surface) -> None:
        b = self.board
        cell = b.tile
        for e in list(self.view.effects):
            a = e.args
            if e.kind == "shot":
                art.shot_frame(surface, b.screen(*a["start"]), b.screen(*a["end"]), e.t, kind=a.get("shot", "bolt"),
                               width=max(2, int(cell / 14)))
            elif e.kind == "smash":
                art.smash_frame(surface, b.screen(*a["at"]), e.t, int(cell * 0.9))
            elif e.kind == "area":
                art.area_frame(surface, b.screen(*a["centre"]), cell, a["radius"], e.t, square=b.square,
                               pointy=bool(getattr(b.layout, "pointy", True)))
            elif e.kind == "entangle":
                f = self.view.figures.get(a["hero"])
                if f is not None:
                    x, y = b.screen(f.x, f.y)
                    art.entangle_frame(surface, (x, y - art.rise_px(round(f.alt), int(cell))), int(cell * 0.9), e.t,
                                       a.get("level", 1))
        self.draw_floaters(surface, b.screen, cell, lift=0.5)
        if self.view.banner is not None:
            self.draw_banner_words(surface, self.view.banner[0], 32)

    # --- HUD ---
    def draw_side(self, surface, y: int) -> None:
        s = self.s
        y = self.draw_track(surface, y + int(6 * s))
        y = self.draw_roster(surface, y + int(6 * s))
        y = self.draw_tip(surface, y + int(4 * s))
        y = self.draw_odds(surface, y + int(4 * s))
        self.draw_card(surface, y + int(4 * s))

    def draw_top(self, surface) -> None:
        s = self.s
        v = self.view
        title = f"Turn {v.turn}" + (f", segment {v.segment}" if v.segment else "") if v.turn else "Placing the heroes"
        img = shortened(title, int(24 * s), int(260 * s), GOLD, True)
        surface.blit(img, (int(12 * s), int(10 * s)))
        x = int(12 * s) + img.get_width() + int(16 * s)
        words = ""
        v = self.seen()
        acting = self.view.acting if self.animator.busy else v.acting  # the hero whose action plays out now
        if acting is not None and acting in v.models:
            m = v.models[acting]
            words = f"{m.name}'s action ({m.owner})"
            d = v.pending
            if not self.animator.busy and d is not None and d.kind in (ac.DEFEND, ac.COPY, ac.CHOOSE) \
                    and d.model in v.models:  # a question to another team mid-action: who answers it now
                # (first: "Powder Nell's action (Maximilian Wolff) · The Green Abbess (Wilhelmina Gray) answers"
                # ran past the bar even at 1920 wide, the answer cut off)
                words = f"{v.models[d.model].name} ({d.player}) answers, in {m.name}'s action"
        hint = f"animations {'instant' if self.animator.speed >= 60 else f'x{self.animator.speed:g}'} ([ ])   {self.HINT}"
        himg = text(hint, int(14 * s), DIM)
        room = self.board_rect.right - x - himg.get_width() - int(20 * s)
        if words and room > int(60 * s):
            surface.blit(shortened(words, int(18 * s), room, INK), (x, int(14 * s)))
        if room > -himg.get_width() // 2:
            surface.blit(himg, (self.board_rect.right - himg.get_width() - int(10 * s), int(17 * s)))

    def draw_track(self, surface, y) -> int:
        s = self.s
        st = self.seen()
        order = list(st.order) or list(st.models)
        rows = [art.TrackRow(st.models[i].name, self.colour(i), tuple(st.models[i].segments),
                             self.view.figures[i].fainted if i in self.view.figures else st.models[i].fainted,
                             i == st.acting) for i in order]
        room = (self.hud_rect.h // 3)
        row_h = max(12, min(int(24 * s), (room - int(24 * s)) // max(1, len(rows))))
        key = (tuple(rows), self.view.segment, self.hud_rect.w - int(16 * s), row_h)
        if self.__dict__.get("_track_key") != key:  # drawn again only when one of its inputs changes
            self._track_key, self._track_img = key, art.segment_track(rows, key[1], key[2], row_h=row_h)
        img = self._track_img
        surface.blit(img, (self.hud_rect.x + int(8 * s), y))
        self.track_rect = pygame.Rect(self.hud_rect.x + int(8 * s), y, img.get_width(), img.get_height())
        y += img.get_height()
        width = self.hud_rect.w - int(16 * s)
        kept = self.__dict__.get("_caption")
        if kept is None or kept[0] is not st or kept[1] != (width, s):  # worked out once a view (0.26 ms a frame)
            words = sf.segment_words(st)
            size = fit_size(words, int(14 * s), width, int(36 * s), min_size=10, line_gap=0)
            self._caption = kept = (st, (width, s), words, size, block_height(words, size, width, False, 0))
        words, size, high = kept[2:]
        box = pygame.Rect(self.hud_rect.x + int(8 * s), y + int(2 * s), width, high)
        draw_text_block(surface, words, box.topleft, size, width, DIM, line_gap=0, box=box)
        return box.bottom

    def tip(self) -> tuple[str, str] | None:
        """The first-time tip on the table now (title, words), or None: how flying works, shown on each
        flier's first action of the fight (the whole of that action)."""
        if self.stage not in (ac.ACT, "altitude") or self.animator.busy:
            return None
        m = self.me
        v = self.seen()
        if m is None or self.tips.get(self.decision.model) != (v.turn, v.segment):
            return None
        kinds = sf.altitude_moves(self.of_type(ac.Move), m)
        keys = " / ".join(f"{ALTITUDE_BUTTONS[k][0]} ({pygame.key.name(ALTITUDE_BUTTONS[k][1]).upper()})"
                          for k in kinds)
        how = (f"The button {keys} changes" if len(kinds) == 1 else f"The buttons {keys} change") + \
            " its altitude where it stands" if kinds else "It flies with its flight power"
        return (f"{m.name} can fly", f"{how}, 1 movement a level; or click a cell and pick the altitude to "
                "end at. In the air it passes over heroes and pits. Close attacks reach one level "
                "up or down; range counts cells plus levels. A hero in the air must fly again on its next "
                "action (move, or Hover) or it falls and loses oomph.")

    def draw_tip(self, surface, y) -> int:
        """The first-time tip (`tip`), in a gold-edged panel under the roster, its words fitted to the room."""
        got = self.tip()
        if got is None:
            return y
        s = self.s
        title, words = got
        x = self.hud_rect.x + int(6 * s)
        width = self.hud_rect.w - int(12 * s)
        room = min(int(150 * s), (self.hud_rect.bottom - y) // 3)
        if room < int(50 * s):
            return y
        inner = pygame.Rect(x + int(6 * s), y + int(22 * s), width - int(12 * s), room - int(26 * s))
        size = fit_size(words, int(14 * s), inner.w, inner.h, min_size=10, line_gap=0)
        box = pygame.Rect(x, y, width, int(26 * s) + min(inner.h, block_height(words, size, inner.w, False, 0)))
        panel(surface, box, (40, 34, 20, 240), GOLD, 8)
        surface.blit(shortened(title, int(15 * s), width - int(12 * s), GOLD, True), (x + int(6 * s), y + int(3 * s)))
        inner.h = box.bottom - inner.y
        draw_text_block(surface, words, inner.topleft, size, inner.w, INK, line_gap=0, box=inner)
        return box.bottom

    def draw_roster(self, surface, y) -> int:
        """One line a hero: its team's colour, name, oomph bar and numbers, altitude and entangle."""
        s = self.s
        x = self.hud_rect.x + int(8 * s)
        width = self.hud_rect.w - int(16 * s)
        st = self.seen()
        n = max(1, len(st.models))
        line = max(int(14 * s), min(int(22 * s), (self.hud_rect.h // 3) // n))
        size = max(10, min(int(15 * s), line - 3))
        for mid in (list(st.order) or list(st.models)):
            m = st.models[mid]
            f = self.view.figures.get(mid)
            oomph = f.oomph if f is not None else m.oomph
            row = pygame.Rect(x, y, width, line)
            if mid == self.focus_hero:
                pygame.draw.rect(surface, (60, 48, 80), row, border_radius=4)
            pc = PLAYER_COLOURS[self.colour(mid) % len(PLAYER_COLOURS)]
            pygame.draw.rect(surface, pc.rgb, pygame.Rect(x + 2, y + 3, int(8 * s), line - 6), border_radius=2)
            fainted = f.fainted if f is not None else m.fainted
            bar_w = int(width * 0.3)
            name_w = width - bar_w - int(80 * s)
            small = size  # below 12 this face turns to a pixel font too small to read
            surface.blit(shortened(m.name, size, name_w, DIM if fainted else INK),
                         (x + int(14 * s), y + (line - size) // 2 - 1))
            bx = x + int(16 * s) + name_w
            if fainted:
                surface.blit(shortened("fainted", size, bar_w + int(60 * s), DIM), (bx, y + (line - size) // 2 - 1))
            else:
                state = f"{max(0, oomph)}/{m.max_oomph}"
                alt = round(f.alt) if f is not None else m.altitude
                if alt:
                    state += f" up {alt}"
                ent = f.entangled if f is not None else m.entangled
                if ent:
                    state += f" tied {ent}"
                # the numbers keep their size: a long line ("86/90 up 2 tied 4") takes room from the bar
                need = text(state, small, DIM).get_width() + int(4 * s)
                bar_w = max(int(width * 0.12), min(bar_w, width - (bx - x) - need))
                bar = art.oomph_bar(oomph, m.max_oomph, bar_w, max(4, line // 3))
                surface.blit(bar, (bx, y + (line - bar.get_height()) // 2))
                surface.blit(shortened(state, small, width - (bx - x) - bar_w - int(4 * s), DIM),
                             (bx + bar_w + int(4 * s), y + (line - size) // 2))
            y += line
        return y

    def move_lines(self) -> list[str]:
        """The move to the cell under the mouse or the cursor: its cost and the powers it uses, by altitude."""
        if self.stage not in (ac.ACT, "altitude") or self.mode[0] != "move" or self.animator.busy:
            return []
        c = self.hover_cell if self.hover_cell in self.candidates else self.cursor
        out = []
        for alt, powers, cost in self.move_plans.get(c, ()):
            how = ", ".join(f"{p.name} ({', '.join(sf.kind_words(k) for k in p.movement)})" for p in powers)
            out.append(f"altitude {alt}: {cost} movement" + (f", using {how}" if how else ", on foot"))
        return out

    def draw_odds(self, surface, y) -> int:
        """The attack under the mouse or the cursor: each hero it may hit, the chance and the damage (or the
        move there: what it costs and which powers it uses)."""
        s = self.s
        c, opts = self.shown_target()
        moves = self.move_lines()
        if moves:
            x = self.hud_rect.x + int(8 * s)
            width = self.hud_rect.w - int(16 * s)
            size = int(14 * s)
            wrapped = [w for line in moves for w in wrap(line, size, width - int(8 * s))][:6]
            box = pygame.Rect(x - int(2 * s), y, width + int(4 * s), int(24 * s) + len(wrapped) * int(17 * s))
            if box.bottom > self.hud_rect.bottom - int(60 * s):
                return y
            panel(surface, box, (20, 40, 30, 235), MOVE, 8)
            surface.blit(shortened("The move there", int(15 * s), width - int(8 * s), GOLD, True),
                         (x + int(4 * s), y + int(3 * s)))
            yy = y + int(22 * s)
            for words in wrapped:
                surface.blit(shortened(words, size, width - int(8 * s), INK), (x + int(4 * s), yy))
                yy += int(17 * s)
            return box.bottom
        if not opts:
            return y
        x = self.hud_rect.x + int(8 * s)
        width = self.hud_rect.w - int(16 * s)
        lines: list[tuple[str, tuple]] = []
        st = self.seen()
        for o in opts[:1]:
            odds = self.attack_odds(o)
            if isinstance(o, ac.AttackGizmo):
                for g in opts:
                    ch = self.attack_odds(g)
                    lines.append((f"{g.gizmo} of {st.models[g.target].name} with {g.power}: destroyed {pct(ch)}"
                                  if ch is not None else f"{g.gizmo} with {g.power}: odds not available", INK))
                break
            if not odds:
                lines.append(("Odds not available", DIM))
                continue
            power = self.ask("attack_power", o.model, o.power)
            then = f"; {power['reliability']}: a second die {power['works_on']} or less" \
                if power and power.get("works_on") else ""  # (the second die of an unreliable / wild power)
            for h in odds:
                t = st.models[h.hero]
                friend = " (your team!)" if t.owner == self.me.owner else ""
                needs = roll_words(h.number) + then
                if h.entangle:
                    lines.append((f"{t.name}{friend}: hit {pct(h.hit)} ({needs}), "
                                  f"entangled at level {h.entangle}", RED if friend else INK))
                else:
                    lines.append((f"{t.name}{friend}: hit {pct(h.hit)} ({needs}), "
                                  f"{h.damage} oomph; critical {pct(h.critical)} for {h.critical_damage}",
                                  RED if friend else INK))
                    lines.append((f"   on average {h.expected:.1f} oomph, before its defences", DIM))
                stop = self.stoppers(o, h)
                if stop:
                    lines.append((f"   {t.name} may stop it with {', '.join(stop)}", DIM))
        title = "Gizmo attack" if isinstance(opts[0], ac.AttackGizmo) else f"{opts[0].power}: if you attack there"
        size = int(14 * s)
        wrapped: list[tuple[str, tuple]] = []
        for words, colour in lines:
            wrapped += [(w, colour) for w in wrap(words, size, width - int(8 * s))]
        h = int(22 * s) + len(wrapped) * int(17 * s) + int(6 * s)
        box = pygame.Rect(x - int(2 * s), y, width + int(4 * s), min(h, self.hud_rect.bottom - y - int(4 * s)))
        if box.h < int(40 * s):
            return y
        panel(surface, box, (44, 20, 20, 235), ATTACK, 8)
        surface.blit(shortened(title, int(15 * s), width - int(8 * s), GOLD, True), (x + int(4 * s), y + int(3 * s)))
        yy = y + int(22 * s)
        for words, colour in wrapped:
            if yy + int(16 * s) > box.bottom:
                break
            surface.blit(shortened(words, size, width - int(8 * s), colour), (x + int(4 * s), yy))
            yy += int(17 * s)
        return box.bottom

    def draw_card(self, surface, y) -> None:
        """The focused hero's card as the player at the screen may see it (another team's hidden gizmo
        shows as an ordinary power)."""
        s = self.s
        mid = self.focus_hero
        view = self.player_view()
        hv = view["models"].get(mid) if mid else None
        if hv is None:
            return
        x = self.hud_rect.x + int(8 * s)
        width = self.hud_rect.w - int(16 * s)
        box = pygame.Rect(x - int(2 * s), y, width + int(4 * s), self.hud_rect.bottom - y - int(6 * s))
        if box.h < int(50 * s):
            return
        panel(surface, box, (34, 24, 40, 235), PANEL_EDGE, 8)
        head = f"{hv['name']} ({hv['owner']})"
        surface.blit(shortened(head, int(16 * s), width - int(8 * s), GOLD, True), (x + int(4 * s), y + int(3 * s)))
        lines = [f"Str {hv['str']} Dex {hv['dex']} Size {hv['size']} Per {hv['per']} · Combat {hv['combat']} · "
                 f"Speed {hv['speed']} · Move {hv['movement']}"]
        mv = self.seen().models.get(mid)
        if mv is not None and (mv.altitude or sf.flight_powers(mv)):
            lines.append(sf.altitude_words(mv) + (" · can fly" if sf.flight_powers(mv) else " · can not fly now"))
        for p in hv["powers"]:
            lines.append(power_words(p))
        if hv.get("stored"):
            st = hv["stored"]
            lines.append(f"Stored copy: {st['name']} ({TYPE_WORDS.get(st['type'], st['type'])} {st['level']})")
        words = "\n".join(lines)
        room = pygame.Rect(x + int(4 * s), y + int(24 * s), width - int(8 * s), box.bottom - y - int(28 * s))
        if room.h > int(10 * s):
            size = fit_size(words, int(17 * s), room.w, room.h, min_size=8, line_gap=0)
            draw_text_block(surface, words, room.topleft, size, room.w, INK, line_gap=0, box=room)
        marks = [(gizmo_state(p), p["name"]) for p in hv["powers"]]
        gx = box.right - int(6 * s)
        for k, _ in marks:
            if k:
                g = art.gizmo_marker(k, int(16 * s))
                gx -= g.get_width() + 2
                surface.blit(g, (gx, y + int(4 * s)))

    # --- the phones (scenes/phones.py): a phone seat's heroes, question and answers, in supers/phone.py's words ---
    def banner_words(self, d) -> str:
        """The screen's banner as a question out of turn goes to a phone: "Bob answers for The Winged Courier"
        (the table adds " — on the phone"; what is asked is the answering seat's alone)."""
        if d.kind in (ac.DEFEND, ac.COPY, ac.CHOOSE) and d.model:
            return f"{d.player} answers for {sf.hero_name(self.front.view(None), d.model)}"
        return super().banner_words(d)

    def phone_when(self) -> str:
        return sphone.when(self.front.view(None))

    def phone_hand(self, seat: str) -> list[dict]:
        return sphone.hand(self.front.view(seat), seat)

    def phone_status(self, seat: str, mine: bool) -> str:
        d = self.decision
        if mine and d is not None and d.kind != ac.ACT:
            name = sf.hero_name(self.front.view(seat), d.model) if d.model else "your hero"
            owner = sf.placed_for(self.front.view(seat), d)
            placed = f"{owner}'s {name}" if owner else name
            return {ac.PLACE: f"Your turn: place {placed}", ac.DEFEND: f"{name} is hit: your answer",
                    ac.COPY: f"{name}: copy the power?", ac.CHOOSE: f"{name}: which gizmo?"}.get(d.kind, "Your turn")
        if mine and d is not None and d.model:
            return f"Your turn: {sf.hero_name(self.front.view(seat), d.model)}"
        return super().phone_status(seat, mine)

    def phone_ctx(self, seat: str) -> sphone.Ctx:
        """The words' context of `seat`'s decision (made once an answer: the rules' answers are asked once)."""
        key = (self.front.answers, seat)
        kept = self.__dict__.get("_phone_ctx")
        if kept is None or kept[0] != key:
            r = self.board.rect
            grid = self.board.arena.grid

            def spot(c):
                try:
                    x, y = self.board.point(self.cell(tuple(c)))
                except (KeyError, TypeError, ValueError):
                    return None
                return ((x - r.x) / r.w, (y - r.y) / r.h) if r.w > 0 and r.h > 0 else None

            ctx = sphone.Ctx(self.front.view(seat), self.front.decision(seat),
                             lambda q, *args: self.front.ask(seat, q, *args), spot,
                             lambda a, b: grid.distance(self.cell(tuple(a)), self.cell(tuple(b))),
                             tuple(o.at for o in self.options if isinstance(o, ac.Place)))
            kept = self._phone_ctx = (key, ctx, {})
        return kept[1]

    def phone_prompt(self, seat: str) -> str:
        ctx = self.phone_ctx(seat)
        d, me = ctx.decision, ctx.me
        damage = ctx.ask("strike_damage", d.model) if d is not None and d.kind == ac.DEFEND and d.about == "hit" else None
        moves = [o for o in self.options if isinstance(o, ac.Move)]
        hover = me is not None and "hover" in sf.altitude_moves(moves, me)
        return sphone.prompt(ctx.view, d, damage=damage, can_hover=hover)

    def phone_choice(self, action, seat: str) -> dict:
        ctx = self.phone_ctx(seat)
        words = self._phone_ctx[2]
        if action not in words:  # the decision's answers worded at once: alike ones told apart ("(2 of 3)")
            d = ctx.decision
            actions = list(self.options) if action in self.options else [action]
            made = []
            for a in actions:
                if isinstance(a, ac.Defend) and a.power is not None and ctx.me is not None:
                    p = next((q for q in ctx.me.powers if q.name == a.power), None)
                    got = sphone.defence_choice(a, ctx.me, self.defence_hint(p), self.useless_defence(d, a.power))
                    got["who"] = ctx.name(d.model)
                else:
                    got = sphone.choice(a, ctx)
                made.append(got)
            words.update(zip(actions, sphone.distinct(made)))
        return words[action]

    def phone_cell(self, action, seat: str):
        """The cell an answer stands for on the board's picture: where a hero is placed or moves to, the target
        (its hero, or the spot an area attack bursts on), else the hero deciding."""
        v = self.front.view(seat)
        if isinstance(action, ac.Place):
            return self.cell(tuple(action.at))
        if isinstance(action, ac.Move) and action.path:
            return self.cell(tuple(action.path[-1]))
        if isinstance(action, ac.Attack) and action.target is None and action.at is not None:
            return self.cell(tuple(action.at))
        target = getattr(action, "target", None)
        mid = target if target is not None else getattr(action, "model", None)
        m = v.models.get(mid) if mid is not None else None
        return self.cell(tuple(m.at)) if m is not None and m.at is not None else None

    def phone_point(self, cell) -> tuple[float, float]:
        return self.board.point(cell)  # (the board's `centre` is in the map's own pixels)

    def phone_over(self, seat: str) -> dict:
        return sphone.over(self.front.view(seat))

    over_words = "The fight is over."

    def asked_words(self, who: str) -> str:
        d = self.decision
        m = self.me
        name = m.name if m is not None else who
        if self.stage == ac.PLACE:
            owner = sf.placed_for(self.seen(), d)
            if owner:
                return (f"{who}: place {owner}'s {name} ({sf.PLACED_BY_NEXT}) — click a blue cell (or Tab and "
                        "Enter).")
            return (f"{who}: place {name} — click a blue cell (or Tab and Enter). Heroes are placed lowest "
                    "Perception first; they act by Dexterity.")
        if self.stage == "altitude":
            alts = sorted(o.altitude if o.altitude is not None else m.altitude for o in self.picked)
            keys = f"{alts[0]}–{alts[-1]}" if alts and alts[-1] < 10 else "a button"
            if self.fly_kind is not None:
                verb = {"take off": "takes off", "climb": "climbs", "descend": "comes down",
                        "here": "takes off" if not m.altitude else "flies up or down"}.get(self.fly_kind, "flies")
                return f"{who}: {name} {verb} where it stands — to which altitude? ({keys}, or Esc)"
            return f"{who}: {name} moves there — at which altitude does it end? ({keys}, or Esc)"
        if self.stage == "pick":
            return f"{who}: which gizmo? (1…, or Esc)"
        if self.stage == ac.DEFEND:
            v = self.seen()
            x = v.strike
            what = ""
            if x is not None:
                a = v.models[x.attacker]
                what = f" by {a.name}'s {x.power_name} ({self.power_words(x.power)})"
                dmg = self.ask("strike_damage", d.model)
                if dmg:
                    what += f" for {dmg} oomph" + (" (a critical)" if d.model in x.crit else "")
                elif dmg == 0 and "entangling" in x.power.styles:
                    what += f", entangling at level {x.power.level}"
            if d.about == "escape":
                return f"{who}: {name}'s escape failed — invoke slippery (1…) or not (N)?"
            return f"{who}: {name} is hit{what} — defend with a power (1…) or not (N)?"
        if self.stage == ac.COPY:
            return f"{who}: {name} was hurt by {d.about} — copy it (Y) or not (N)?"
        if self.stage == ac.CHOOSE:
            return f"{who}: an opponent noticed one of {name}'s hidden gizmos — which one? (1…)"
        mode = self.mode[0]
        what = {"move": "green: where it may move (teal: only with a movement power)", "attack": f"red: targets of {self.mode[-1]}",
                "gizmo": "gold: heroes with a gizmo you know", "notice": "blue: heroes to study"}.get(mode, "")
        air = ""
        if m is not None and m.altitude:
            if "hover" in sf.altitude_moves(self.of_type(ac.Move), m):
                air = f" It is in the air (altitude {m.altitude}): fly again (a move, or Hover F) or it falls."
            else:
                air = f" It is in the air (altitude {m.altitude}) and can not fly now: it falls after this action."
        if not what or not self.candidates:  # nothing on the board to pick (no move, no target): the buttons
            return f"{who}: {name}'s action — pick a button below.{air}"
        return f"{who}: {name}'s action — {what} (click, or Tab + Enter); or a button.{air}"

    def draw_game_over(self, surface) -> None:
        head, lines = sf.outcome_words(self.seen())
        self.draw_outcome(surface, head, lines, (30, 20, 34, 245), 32, 18)

    # --- what tests and the tour read: where to click ---
    def cell_point(self, c) -> tuple[int, int]:
        """The screen point that picks cell `c`."""
        return self.board.point(c)


class SupersReplay(Replay, SupersTable):
    """A fight played again on the table from its record, every animation and log line as it happened;
    [ ] set the speed, Esc leaves. `source`: a finished fight, or a saved fight's record. The replay shows
    nobody's secrets (it is watched by anyone)."""

    replay_words = "Replay: the fight as it was fought ([ ] speed, Esc leaves)."

    def __init__(self, app, source):
        from ...rulesets.supers.setup import new_game

        self.replay_record(app, source, lambda setup, source: new_game(setup), map_path, sf.seats)
        self.viewer = None


def roll_words(number: int) -> str:
    """What the twenty-sided die needs to hit a hero whose number is `number`, as a player reads it: a 1
    always hits and a 20 always misses, so "needs 22 or less" on a d20 says "anything but a 20"."""
    if number >= 20:
        return "anything but a 20"
    if number <= 1:
        return "needs a 1"
    return f"needs {number} or less"


def map_path(game):
    """The map file a fight's arena came from (None for a generated arena): the game handed on unread."""
    return map_file(Front(game).ask(None, "arena"))


def start_battle(app, game, path=None) -> SupersTable:
    """Put a fight on its table with the player's settings and autosave; the results screen follows the
    end. Replaces every scene but the title screen."""
    return open_table(app, SupersTable, game, map_path(game) if path is None else path)
