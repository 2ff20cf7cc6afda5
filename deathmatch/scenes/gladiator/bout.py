"""Gladiator!'s table: the hex arena from its Tiled map, the two men with their facing and state, the
dropped kit, each man's body diagram, AP pool and posture, the dice of every exchange, and every
decision of a bout, by mouse alone or keyboard alone.

The table reads the bout through its front (`deathmatch.core.front`), never the game: what it draws
from the view (`front.view(viewer)`, `self.seen`), what is legal from the decision's answers
(`front.legal`, `front.is_legal`), and it asks the ruleset (`front.ask`) for the arena, the sides two
men show each other and what an exchange is likely to do (the odds); it sends the players' answers
(`apply`) and animates the events that come back. It decides no rule itself.

Keys: Tab / Shift+Tab (or the arrows) step through the hexes that may be picked, Enter picks the
one under the cursor; the buttons' keys (A attack, N net, G get loose, P pick up, S stand up, R
recover, T turn, C cards, E end the half; 1–6 a choice of a list or a facing); Space skips the
animations; Esc goes back, then opens the menu. The mouse: click a hex or a button; the right
button goes back.
"""

from __future__ import annotations

import importlib
import random
import re
from pathlib import Path

import pygame

from ...board import Hex
from ...client.art.gladiator import (ap_pool, body_diagram, d6_sprite, dropped_sprite, man_sprite, posture_icon,
                                     sides_overlay, thumbs_icon)
from ...client.art.palette import PLAYER_COLOURS, TABLE_EDGE, TABLE_FILL
from ...client.mapview import FittedMap
from ...client.ui import (DIM, GOLD, GREEN, INK, RED, Button, block_height, draw_text_block, fit_size, panel, shortened,
                          text)
from ...rulesets.gladiator import actions as ac
from ...rulesets.gladiator import events as ev
from ...rulesets.gladiator.model import POSTURE_MOD
from ...rulesets.gladiator.view import seating
from ..table import Frame, Replay, Table, map_file, open_table
from . import facts as gf
from . import phone
from .anim import Animator, Call, TrayDie, View, event_steps, sync
from .log import describe

ROLLED = re.compile(r" \(rolled -?\d+\)")
"""A die under a total in the log ("attack 3 (rolled 5)"): the recap gives the totals only."""

PANEL_FILL, PANEL_EDGE = TABLE_FILL, TABLE_EDGE
ADVANCE = (110, 200, 110)
RETREAT = (90, 160, 230)
ATTACK = (230, 80, 60)
FACING = (240, 210, 90)
CURSOR = (255, 240, 160)
GROUND_RIM = (255, 236, 190, 70)
"""The faint rim round every floor hex (where a man may stand)."""
BLOCKED_SHADE = (12, 8, 10, 100)
BLOCKED_HATCH = (20, 12, 12, 150)
BLOCKED_EDGE = (30, 18, 18)
"""A blocked hex's darkening, hatching and edge (nobody may stand there or cross it)."""
NUMBER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
               pygame.K_9)

CONTROLS = [
    ("Mouse", ""),
    ("click a green hex", "advance there (then pick the way he faces)"),
    ("click a blue hex", "retreat there (the facing is kept)"),
    ("click the enemy", "attack, frenzied attack or net: the odds first"),
    ("hover a hex or a man", "which side of him each hex is"),
    ("buttons", "posture, turn, pick up, stand up, recover, cards, end the half"),
    ("right click", "go back"),
    ("Keyboard", ""),
    ("Tab / arrows", "step through the hexes you may pick; Enter picks"),
    ("A N G P S R T C E", "attack, net, get loose, pick up, stand up, recover, turn, cards, end"),
    ("B · K", "retreat there instead · keep a die as rolled"),
    ("1–9", "a choice from the buttons; 1–6 a facing"),
    ("O", "when to ask you to call on the gods (the Gods button)"),
    ("Esc", "go back, or the menu"),
    ("Space / click", "skip the animation; [ ] animation speed"),
    ("F5", "save the bout under a name (it also saves itself after every decision)"),
    ("F11", "fullscreen;  F1: this help"),
]


def posture_words(posture: str, his: str = "his") -> str:
    """"attack +1, defence −1, AP +1": a posture's modifiers (the rules' table, §3); `his`: the man's
    possessive word (her, their, its)."""
    a, d, ap = POSTURE_MOD[posture]
    return f"attack {a:+d}, defence {d:+d}, AP {ap:+d} until {his} next half".replace("-", "−")


def attack_costs(options) -> str:
    """The AP of the attacks `options` offers, only those it offers: "attack 1 AP, frenzied 2 AP, net 2 AP"."""
    out = []
    if any(isinstance(o, ac.Attack) and not o.frenzied for o in options):
        out.append("attack 1 AP")
    if any(isinstance(o, ac.Attack) and o.frenzied for o in options):
        out.append("frenzied 2 AP")
    if any(isinstance(o, ac.ThrowNet) for o in options):
        out.append("net 2 AP")
    return ", ".join(out)


def ap_guide(m) -> list[str]:
    """What a man of the view buys with his AP and what his sides mean, in players' words (what applies to
    him: a lion's steps, a net only while he has one)."""
    if m.beast:
        moves = "Green hex: advance, 1 AP for every 2 hexes. Blue: retreat, 1 AP a hex."
    else:
        moves = "Green hex: advance, 1 AP a hex. Blue: retreat (backwards, facing kept), 2 AP a hex."
    fight = "Turn 1 AP. Attack 1 AP; frenzied attack 2 AP (+1 attack)"
    if m.net and not m.net_spent:
        fight += "; throw the net 2 AP"
    lines = [moves, fight + ". AP left at the end of the half are lost."]
    lines.append("Sides (hover a man): Face, Shield, Weapon, Back. Strike his Back: +2 attack and he cannot hit "
                 "back; his Weapon side: +1 attack; his Shield side: +1 to your defence. Keep your own Back away "
                 "from him: a man behind you cannot be attacked until you turn.")
    return lines


def hex_of(m) -> Hex:
    """The hex a man of the view stands on."""
    return Hex(*m.at)


def colour_of(index: int):
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def odds_module():
    """The rules' odds module (`rulesets/gladiator/odds.py`), or None while it is not installed."""
    try:
        return importlib.import_module("deathmatch.rulesets.gladiator.odds")
    except ImportError:
        return None


class HexBoard(FittedMap):
    """The arena as the table draws it: its Tiled map (client/mapview.py, the map view Celebrity uses),
    or, for an arena made without a map, plain hexagons; fitted whole into a rectangle, with screen
    point ↔ hex."""

    R = 40.0

    def __init__(self, arena, path: Path | None):
        self.arena = arena
        self.map = None
        if path is not None and getattr(arena, "layout", None) is not None:
            from ...client.mapview import MapView

            self.map = MapView(arena, path)
            self.size = self.map.size
            self.background = self.map.background
        else:
            xs = [self._raw(h)[0] for h in arena.cells] if getattr(arena, "cells", None) else \
                [self._raw(h)[0] for h in arena.floor]
            ys = [self._raw(h)[1] for h in (arena.cells if getattr(arena, "cells", None) else arena.floor)]
            self.x0, self.y0 = min(xs) - self.R, min(ys) - self.R
            self.size = (int(max(xs) - self.x0 + self.R), int(max(ys) - self.y0 + self.R))
            self.background = (46, 38, 32)
        self.zoom = 1.0
        self.ox = self.oy = 0.0
        self.rect = pygame.Rect(0, 0, *self.size)
        self._scaled = None

    def _raw(self, h) -> tuple[float, float]:
        return self.R * 3 ** 0.5 * (h[0] + h[1] / 2), self.R * 1.5 * h[1]

    def centre(self, h) -> tuple[float, float]:
        """Map pixels (zoom 1) of a hex's centre."""
        h = Hex(*h)
        if self.map is not None:
            return self.map.hex_center(h)
        x, y = self._raw(h)
        return x - self.x0, y - self.y0

    def angle(self, direction: int) -> float:
        if self.map is not None:
            return self.map.facing_angle(direction)
        a = self.centre(Hex(0, 0))
        b = self.centre(Hex(0, 0).neighbor(direction))
        import math

        return math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))

    def hex_at(self, pos) -> Hex | None:
        x, y = (pos[0] - self.ox) / self.zoom, (pos[1] - self.oy) / self.zoom
        if self.map is not None:
            h = self.map.hex_at(x, y)
        else:
            best = min(self.arena.floor | set(getattr(self.arena, "blocked", set())),
                       key=lambda c: (self.centre(c)[0] - x) ** 2 + (self.centre(c)[1] - y) ** 2, default=None)
            h = best if best is not None and ((self.centre(best)[0] - x) ** 2 + (self.centre(best)[1] - y) ** 2) \
                <= self.R ** 2 else None
        return h if h is not None and h in self.arena.floor else None

    @property
    def tile(self) -> float:
        """A hex's width on screen."""
        a, b = self.point(Hex(0, 0)), self.point(Hex(1, 0))
        return max(8.0, ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)

    def corners(self, h) -> list[tuple[float, float]]:
        if self.map is not None:
            return [self.screen(x, y) for x, y in self.map.hex_corners(Hex(*h))]
        import math

        cx, cy = self.centre(h)
        return [self.screen(cx + self.R * math.cos(math.radians(60 * i - 30)),
                            cy + self.R * math.sin(math.radians(60 * i - 30))) for i in range(6)]

    def draw(self, surface) -> None:
        if self._scaled is None:
            if self.map is not None:
                self._scaled = self.map.scaled(self.zoom)
            else:
                img = pygame.Surface(self.rect.size)
                img.fill(self.background)
                for h in self.arena.floor:
                    pts = [(x - self.ox, y - self.oy) for x, y in self.corners(h)]
                    pygame.draw.polygon(img, (196, 170, 120), pts)
                    pygame.draw.polygon(img, (120, 96, 70), pts, 1)
                self._scaled = img
            self._scaled = self.with_ground_marks(self._scaled)
        surface.blit(self._scaled, self.rect)

    def blocked_cells(self) -> list:
        """The hexes of the map nobody may stand on or cross (the arena's blocked hexes and the map's cells
        that are no floor), which the table marks."""
        cells = set(getattr(self.arena, "cells", None) or ()) | set(getattr(self.arena, "blocked", None) or ())
        return sorted(c for c in cells if c not in self.arena.floor)

    def with_ground_marks(self, img: pygame.Surface) -> pygame.Surface:
        """The board's picture with the ground told apart at a glance: a faint light rim round every floor hex
        (where a man may stand) and a dark hatching over every blocked hex (where nobody may), so a stone floor
        hex never looks like a stone pillar."""
        out = img.copy()
        size = out.get_size()
        pts_of = lambda h: [(x - self.ox, y - self.oy) for x, y in self.corners(h)]  # noqa: E731
        lw = max(1, int(self.tile) // 40)
        rims = pygame.Surface(size, pygame.SRCALPHA)
        for h in self.arena.floor:
            pygame.draw.polygon(rims, GROUND_RIM, pts_of(h), lw)
        blocked = self.blocked_cells()
        if blocked:
            shade = pygame.Surface(size, pygame.SRCALPHA)
            mask = pygame.Surface(size, pygame.SRCALPHA)
            for h in blocked:
                pts = pts_of(h)
                pygame.draw.polygon(shade, BLOCKED_SHADE, pts)
                pygame.draw.polygon(mask, (255, 255, 255, 255), pts)
            hatch = pygame.Surface(size, pygame.SRCALPHA)
            step = max(6, int(self.tile) // 7)
            for x in range(-size[1], size[0], step):
                pygame.draw.line(hatch, BLOCKED_HATCH, (x, size[1]), (x + size[1], 0), max(1, lw + 1))
            hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            out.blit(shade, (0, 0))
            out.blit(hatch, (0, 0))
            for h in blocked:
                pygame.draw.polygon(out, BLOCKED_EDGE, pts_of(h), lw + 1)
        out.blit(rims, (0, 0))
        return out


class GladiatorTable(Table):
    controls = CONTROLS
    bot_thread = "gladiator-bot"
    HINT = "F1: controls    Esc: menu"
    menu = True
    prompt_font = 17
    log_font = 15

    def hover(self, pos) -> None:
        self.hover_hex = self.hex_at(pos)

    def __init__(self, app, game, arena_path: Path | None, *, handoff: bool = True, auto_players=(),
                 anim_speed: float = 1.0, seed: int = 0, on_exit=None, auto_delay: float = 0.35, autosave=None):
        super().__init__(app)
        self.game = game
        front = self.front
        self.board = HexBoard(front.ask(None, "arena"), arena_path)
        seats = gf.seats(front)
        self.index = {p: c for p, c in zip(seats, gf.colours(front))}
        """Player → colour number."""
        self.view = View()
        bot_seats, bot_seed = front.hand_to(seating)  # (the host's: who plays by computer, and their seed)
        self.seat_table(seats, Animator(self.view, self.steps_for, anim_speed), effect_for=gf.effect_for,
                        auto_players=auto_players, bot_seats=bot_seats, bot_seed=bot_seed, handoff=handoff, seed=seed,
                        on_exit=on_exit, auto_delay=auto_delay, autosave=autosave)
        # The stages: idle, auto, choose, posture, reroll, card, order, facing (after an advance hex), turn,
        # attack (the exchange's choices and odds), recover (a location), cards (order cards), over.
        self.move = None
        """The Advance being given its last facing (stage facing)."""
        self.cursor: Hex | None = None
        self.hover_hex: Hex | None = None
        self.odds = odds_module()
        self.layout(app.size)
        self.sync()
        self.show_pending_die()
        self.begin_log(gf.start_events(front))

    def show_pending_die(self) -> None:
        """A bout taken up again on a question about a die ("Macer's AP die rolled 1. Keep it…?"): that die
        lies in the dice panel, as it did when it was rolled (the panel is otherwise empty after a load)."""
        p = self.seen.pending
        if p is None or p.roll is None or self.view.tray:
            return
        purpose, value = p.roll
        label = {"ap": "AP"}.get(purpose, purpose)
        mark = purpose if purpose in ("attack", "defence", "location") else None
        self.view.tray = [TrayDie(label, value, self.colour(p.man), mark, rolling=0.0)]
        self.view.tray_title = f"{gf.man_name(self.seen, p.man)}'s {gf.die_words(purpose)}"

    # ------------------------------------------------------------------ layout
    frame = Frame(hud=340, hud_share=0.34, top=50, bar=132, menu_y=8, log_share=0.36, board_margin=(16, 12),
                  button_text=17, hint_text=16)

    gods_button: Button | None = None
    """The top bar's "Gods" button (when to ask each person to call on the gods); None with nobody to ask."""

    def layout(self, size) -> None:
        super().layout(size)
        self.gods_button = None
        if self.humans:  # (a replay has nobody to ask)
            s = self.s
            r = self.menu_button.rect
            self.gods_button = Button("Gods (O)", pygame.Rect(r.right + int(8 * s), r.y, int(96 * s), r.h),
                                      self.open_gods, True, None, "When to ask you to call on the gods (O)")

    def open_gods(self) -> None:
        """The "Calling on the gods" panel: each person's standing order, changed now."""
        if not self.front.over:
            panel = self.app.router.scene_class("gods orders", self.front.ruleset_id)  # (this bout's own screen)
            self.app.stack.push(panel(self.app, self))

    def set_gods(self, order) -> None:
        """A person's standing order for calling on the gods (the panel): a side answer the engine keeps in
        the record, said in the log; the decision waiting stays as it is."""
        events = self.front.apply(order.player, order)
        self.save_now()
        self.take(events)

    def draw_hud(self, surface) -> None:
        super().draw_hud(surface)
        if self.gods_button is not None and not self.front.over:
            b = self.gods_button
            b.draw(surface, int(17 * self.s), b.rect.collidepoint(pygame.mouse.get_pos()))

    @property
    def seen(self):
        """The bout as the person at the screen sees it (Gladiator! hides nothing: everyone sees the same)."""
        return self.front.view(self.viewer)

    def sync(self) -> None:
        sync(self.view, self.seen, self.board.centre, self.board.angle)

    # ----------------------------------------------------------------- engine
    def colour(self, man_id) -> int:
        m = self.seen.men.get(man_id)
        return self.index.get(m.owner if m is not None else man_id, 0)

    def steps_for(self, event) -> list:
        return event_steps(event, self.seen, self.board.centre, self.board.angle, self.colour)

    def take(self, events) -> None:
        for e in self.front.told(events, self.viewer):  # (every event of a bout is told to all)
            self.animator.add([e])
            line = describe(e, self.seen)
            if line:
                self.animator.queue.append(Call(lambda view, line=line: self.write(line)))

    def where_words(self, public) -> str:
        """Where the bout is, for the hand-off (from the public view only): its game turn."""
        n = public.get("turn") or 0
        return f"Game turn {n}" if n > 0 else ""

    def piece_points(self) -> list:
        """Where the pieces are on screen (the recap panel keeps clear of either side's)."""
        return [self.board.screen(f.x, f.y) for f in self.view.figures.values() if getattr(f, "placed", True)]

    def map_rect(self) -> pygame.Rect:
        """The map's rectangle on screen (the recap panel takes the margin beside it when it fits)."""
        return pygame.Rect(self.board.rect)

    def recap_lines(self, events, viewer) -> list:
        """"Since your last turn" (scenes/recap.py): the log's lines of the events told to `viewer`."""
        seen = self.front.view(viewer)
        out = []
        for e in self.front.told(events, viewer):
            line = describe(e, seen)
            if line and isinstance(e, ev.ExchangeResolved):  # (short: the totals, not the dice under them)
                line = ROLLED.sub("", line)
            out.append(line)
        return out

    def answer(self, action) -> None:
        if self.phone_facing(action):
            return
        super().answer(action)
        self.move = None

    def new_decision(self) -> None:
        if not self.animator.busy:
            self.sync()
        super().new_decision()
        if self.decision is not None and self.on_phone():
            self.options = phone.ordered(self.options)  # (the fight first on the phone: the same answers)

    def fallback_answer(self):
        return self.rng.choice(self.front.legal(self.front.turn))

    def enter_stage(self) -> None:
        """Set out the decision: what may be picked on the board, and the buttons."""
        kind = self.decision.kind
        self.candidates = {}
        self.move = None
        if kind == ac.ORDER:
            self.stage = "order"
            self.candidates = self.order_candidates()
        else:
            self.stage = kind
        self.place_cursor()
        self.make_buttons()

    @property
    def me(self):
        """The man the decision is about, as the view shows him (None for none)."""
        d = self.decision
        return self.seen.men.get(d.man) if d is not None and d.man else None

    @property
    def foe(self):
        m = self.me
        return gf.other(self.seen, m.id) if m is not None else None

    def order_candidates(self) -> dict:
        out: dict = {}
        foe = self.foe
        for o in self.options:
            if isinstance(o, (ac.Advance, ac.Retreat)):
                out.setdefault(o.path[-1], []).append(o)
            elif isinstance(o, (ac.Attack, ac.ThrowNet)) and foe is not None:
                out.setdefault(hex_of(foe), []).append(o)
        return out

    def of_type(self, *types) -> list:
        return [o for o in self.options if isinstance(o, types)]

    def place_cursor(self) -> None:
        keys = self.candidate_order()
        if keys and self.cursor not in self.candidates:
            foe = self.foe
            if foe is None:
                self.cursor = keys[0]
            elif hex_of(foe) in self.candidates:
                self.cursor = hex_of(foe)
            else:  # the step toward him, not a far corner of the arena ("advance 3" over an empty corner)
                self.cursor = min(keys, key=lambda h: Hex(*h).distance(hex_of(foe)))

    # ------------------------------------------------------------------- input
    def hex_at(self, pos):
        """The floor hex at a screen point, or a hex that may be picked there though it is no floor (a
        facing toward the arena's edge is picked by the hex beyond it)."""
        h = self.board.hex_at(pos)
        if h is not None:
            return h
        reach = (self.board.tile * 0.45) ** 2
        for c in self.candidates:
            x, y = self.board.point(c)
            if (x - pos[0]) ** 2 + (y - pos[1]) ** 2 <= reach:
                return c
        return None

    def click(self, pos) -> None:
        if self.gods_button is not None and self.gods_button.hit(pos) and not self.animator.busy:
            self.gods_button.action()
            return
        if self.click_skips_or_presses(pos):
            return
        h = self.hex_at(pos)
        if h is not None:
            self.hover_hex = h
            if h in self.candidates:
                self.cursor = h
                self.pick_hex(h)

    def key(self, key, mod) -> None:
        if self.common_key(key):
            return
        if key == pygame.K_o and self.gods_button is not None:
            self.open_gods()
            return
        if key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN) and self.candidates:
            self.step_cursor(back=key in (pygame.K_LEFT, pygame.K_UP) or
                             (key == pygame.K_TAB and mod & pygame.KMOD_SHIFT))
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.stage == "over":
                self.leave()
            elif self.stage == "facing":
                self.answer(self.move)
            elif self.cursor in self.candidates:
                self.pick_hex(self.cursor)
            return
        self.press_key(key)

    def back(self) -> bool:
        """Esc or the right button: back from a choice not yet sent. Whether there was one."""
        if self.stage in ("facing", "turn", "attack", "recover", "cards"):
            self.stage = "order"
            self.move = None
            self.candidates = self.order_candidates()
            self.place_cursor()
            self.make_buttons()
            return True
        return False

    # ---------------------------------------------------------------- choices
    def pick_hex(self, h) -> None:
        options = self.candidates.get(h)
        if not options:
            return
        if self.stage == "order":
            if any(isinstance(o, (ac.Attack, ac.ThrowNet)) for o in options):
                self.open_attack()
                return
            advances = [o for o in options if isinstance(o, ac.Advance)]
            if advances:
                self.open_facing(advances[0])
                return
            self.answer(options[0])
        elif self.stage in ("facing", "turn"):
            self.answer(options[0])

    def open_attack(self) -> None:
        self.stage = "attack"
        self.candidates = {}
        self.make_buttons()

    def open_facing(self, advance) -> None:
        """After the last step of an advance: each legal facing is a neighbour hex of where he ends."""
        self.stage = "facing"
        self.move = advance
        end = advance.path[-1]
        self.candidates = {}
        for d in range(6):
            a = ac.Advance(advance.player, advance.man, advance.path, d)
            if self.front.is_legal(advance.player, a):
                self.candidates[end.neighbor(d)] = [a]
        self.cursor = end.neighbor(self.arrival_facing(advance))
        self.make_buttons()

    def arrival_facing(self, advance) -> int:
        """The way the last step of an advance goes (his facing if he says no other)."""
        m = self.seen.men[advance.man]
        path = (hex_of(m), *advance.path)
        d = path[-2].direction_to(path[-1])
        return d if d is not None else m.facing

    def open_turn(self) -> None:
        self.stage = "turn"
        m = self.me
        self.candidates = {hex_of(m).neighbor(o.facing): [o] for o in self.of_type(ac.Turn)}
        self.place_cursor()
        self.make_buttons()

    def open(self, stage: str) -> None:
        self.stage = stage
        self.candidates = {}
        self.make_buttons()

    # ----------------------------------------------------------------- buttons
    def make_buttons(self) -> None:
        self.buttons = []
        d = self.decision
        s = self.s
        add = self.button_row((10, 40), (112, 28), 5)

        if self.stage == "over":
            add("Results (Esc)", self.leave, key=pygame.K_ESCAPE, width=int(150 * s))
            return
        if d is None or self.stage in ("auto", "idle"):
            return
        num = iter(NUMBER_KEYS)
        if self.stage == "choose":
            for o in self.options:
                k = next(num)
                add(f"{k - pygame.K_0} Go {'first' if o.first else 'second'}", lambda o=o: self.answer(o), key=k,
                    width=int(140 * s), hint=self.CHOOSE_HINTS[o.first])
            return
        if self.stage == "posture":
            for o in self.options:
                k = next(num)
                add(f"{k - pygame.K_0} {o.posture.capitalize()}", lambda o=o: self.answer(o), key=k,
                    hint=posture_words(o.posture, gf.words_of(self.me).possessive), width=int(150 * s))
                self.buttons[-1].tag = ("posture", o.posture)
            return
        if self.stage == "reroll":
            for o in self.options:
                if not o.yes:
                    add("Keep (K)", lambda o=o: self.answer(o), key=pygame.K_k, hint="The die stands as rolled.")
                elif o.card is None:
                    add("Call on the gods (R)", lambda o=o: self.answer(o), key=pygame.K_r, width=int(170 * s),
                        hint="Roll that die again, once a game turn; the new result stands.")
                else:
                    k = next(num)
                    add(f"{k - pygame.K_0} Play {self.card_name(o.card)}", lambda o=o: self.answer(o), key=k,
                        width=int(170 * s))
            return
        if self.stage == "card":
            for o in self.options:
                if isinstance(o, ac.Pass):
                    add("Pass (P)", lambda o=o: self.answer(o), key=pygame.K_p)
                else:
                    k = next(num)
                    add(f"{k - pygame.K_0} Play {self.card_name(o.card)}", lambda o=o: self.answer(o), key=k,
                        width=int(170 * s), hint=self.card_text(o.card))
            return
        if self.stage == "attack":
            words = {True: "Frenzied attack", False: "Attack"}
            for o in self.options:
                if isinstance(o, ac.Attack):
                    k = next(num)
                    add(f"{k - pygame.K_0} {words[o.frenzied]} ({2 if o.frenzied else 1} AP)", lambda o=o: self.answer(o),
                        key=k, width=int(180 * s))
                elif isinstance(o, ac.ThrowNet):
                    k = next(num)
                    add(f"{k - pygame.K_0} Throw the net (2 AP)", lambda o=o: self.answer(o), key=k, width=int(180 * s))
            add("Back (Esc)", self.back)
            return
        if self.stage == "facing":
            add("Keep this way (Enter)", lambda: self.answer(self.move), width=int(170 * s))
            for o in self.of_type(ac.Retreat):
                if o.path[-1] == self.move.path[-1]:
                    add("Retreat there (B)", lambda o=o: self.answer(o), key=pygame.K_b, width=int(150 * s))
                    break
            for dd in range(6):
                opts = self.candidates.get(self.move.path[-1].neighbor(dd))
                if opts:
                    add(f"{dd + 1}", lambda o=opts[0]: self.answer(o), key=NUMBER_KEYS[dd], width=int(34 * s),
                        hint="Face that way (the numbers on the hexes round him)")
            add("Back (Esc)", self.back)
            return
        if self.stage == "turn":
            for o in self.of_type(ac.Turn):
                add(f"{o.facing + 1}", lambda o=o: self.answer(o), key=NUMBER_KEYS[o.facing], width=int(34 * s),
                    hint="Face that way (1 AP; the numbers on the hexes round him)")
            add("Back (Esc)", self.back)
            return
        if self.stage == "recover":
            for o in self.of_type(ac.Recover):
                k = next(num)
                add(f"{k - pygame.K_0} {o.location.capitalize()}", lambda o=o: self.answer(o), key=k)
            add("Back (Esc)", self.back)
            return
        if self.stage == "cards":
            for o in self.of_type(ac.PlayCard):
                k = next(num)
                extra = f" ({o.location})" if o.location else (f" (face {o.facing + 1})" if o.facing is not None else "")
                add(f"{k - pygame.K_0} {self.card_name(o.card)}{extra}", lambda o=o: self.answer(o), key=k,
                    width=int(180 * s), hint=self.card_text(o.card))
            add("Back (Esc)", self.back)
            return
        # the orders
        if self.of_type(ac.Attack, ac.ThrowNet):
            add("Attack… (A)", self.open_attack, key=pygame.K_a, hint="Attack, frenzied attack or net: the odds first")
        for typ, label, key, hint in ((ac.GetLoose, "Get loose (G)", pygame.K_g, "Work at the net: 3 AP in all"),
                                      (ac.PickUp, "Pick up (P)", pygame.K_p, "Pick up your dropped kit here (1 AP)"),
                                      (ac.StandUp, "Stand up (S)", pygame.K_s, "Get up off the sand (1 AP)")):
            opts = self.of_type(typ)
            if opts:
                add(label, lambda o=opts[0]: self.answer(o), key=key, hint=hint)
        if self.of_type(ac.Turn):
            add("Turn… 1 AP (T)", self.open_turn, key=pygame.K_t, hint="Face another way (1 AP)")
        if self.of_type(ac.Recover):
            add("Recover… (R)", lambda: self.open("recover"), key=pygame.K_r,
                hint="All your AP, the only order of the half: 1 off a wound and 1 off the damage")
        if self.of_type(ac.PlayCard):
            add("Cards… (C)", lambda: self.open("cards"), key=pygame.K_c, hint="Play an experience card (0 AP)")
        for o in self.of_type(ac.End):
            add("End half (E)", lambda o=o: self.answer(o), key=pygame.K_e, hint="AP left is lost")

    CHOOSE_HINTS = {True: "Your half now: strike or close in before he moves.",
                    False: "He moves first and you answer; win the next initiative, go first, and you act "
                           "twice in a row."}
    """What going first or second is for (the initiative winner's buttons' hints)."""

    def card_name(self, card_id) -> str:
        c = gf.card_of(self.seen, card_id)
        return c.name if c is not None else str(card_id)

    def card_text(self, card_id) -> str:
        c = gf.card_of(self.seen, card_id)
        if c is None:
            return ""
        return f"{c.words} ({c.text})" if c.text else c.words

    # ---------------------------------------------------------------- phones
    # (a phone seat's words: scenes/gladiator/phone.py, from that seat's own view and its legal answers; a
    # direction is named by its arrow on the board's picture)
    def phone_way(self, a, b) -> float:
        """The angle on the screen (degrees, counter-clockwise from the right) from hex `a` to hex `b`."""
        import math

        (ax, ay), (bx, by) = self.board.point(a), self.board.point(b)
        return math.degrees(math.atan2(-(by - ay), bx - ax))

    def phone_facing(self, action) -> bool:
        """A phone's advance: which way he faces at the end is asked next, on the phone, as the table's facing
        stage asks it (the advance's last answers: each legal facing, and back to the orders), before the
        advance is sent. Whether `action` was such a step (nothing sent to the game then)."""
        d = self.decision
        if d is None or self.stage != "auto" or not self.on_phone(d):
            return False
        if action == phone.BACK:
            self.move = None
            self.options = phone.ordered(self.front.legal(d.player))
        elif isinstance(action, ac.Advance) and action.facing is None and self.move is None:
            facings = [ac.Advance(action.player, action.man, action.path, k) for k in range(6)]
            facings = [a for a in facings if self.front.is_legal(d.player, a)]
            if len(facings) <= 1:
                return False
            self.move = action
            self.options = [*facings, phone.BACK]
        else:
            return False
        self.phones.changed()
        return True

    BANNER_STATUS = {ac.REROLL: "Call on the gods?", ac.CARD: "Play a card?", ac.CHOOSE: "Go first or second?"}

    def phone_status(self, seat: str, mine: bool) -> str:
        """A question asked outside the seat's own half says what it is (not "Your turn" in the other's half)."""
        d = self.decision
        if mine and d is not None and d.kind in self.BANNER_STATUS:
            return self.BANNER_STATUS[d.kind]
        return super().phone_status(seat, mine)

    def phone_hand(self, seat: str) -> list[dict]:
        return phone.hand(self.front.view(seat), seat, self.board.angle)

    def phone_orders(self, seat: str) -> list[dict]:
        return phone.orders(self.front.view(seat), seat) if not self.front.over else []

    def phone_set_order(self, seat: str, order: str, value: str):
        return phone.set_order(seat, order, value)

    def phone_prompt(self, seat: str) -> str:
        if self.move is not None and self.stage == "auto":
            return phone.facing_prompt(self.front.view(seat), self.move, self.phone_way)
        return phone.prompt(self.front.view(seat), self.decision)

    def phone_choice(self, action, seat: str) -> dict:
        def odds(a):
            if self.odds is None or not isinstance(a, ac.Attack):
                return None
            try:
                return self.front.ask(seat, "exchange_odds", a.man, a.target, frenzied=a.frenzied)
            except Exception:  # the odds are advice: a failing helper must not stop the bout
                return None
        if self.move is not None and self.stage == "auto":
            return phone.facing_choice(self.front.view(seat), self.decision, action, way=self.phone_way,
                                       heading=self.board.angle)
        return phone.choice(self.front.view(seat), self.decision, action, odds=odds,
                            sides=lambda a, b: self.front.ask(seat, "sides", a, b), way=self.phone_way,
                            heading=self.board.angle)

    def phone_cell(self, action, seat: str):
        if action == phone.BACK:
            return None
        if self.move is not None and self.stage == "auto":
            return Hex(*action.path[-1]).neighbor(action.facing)
        return phone.cell(self.front.view(seat), self.decision, action)

    def phone_point(self, cell) -> tuple[float, float]:
        return self.board.point(cell)

    def phone_over(self, seat: str) -> dict:
        return phone.over(self.front.view(seat))

    # -------------------------------------------------------------- the odds
    def exchange_odds(self, attack):
        """The odds of an Attack answer (None while the odds module is not installed)."""
        if self.odds is None or not isinstance(attack, ac.Attack):
            return None
        try:
            return self.front.ask(self.viewer, "exchange_odds", attack.man, attack.target, frenzied=attack.frenzied)
        except Exception:  # the odds are advice: a failing helper must not stop the bout
            return None

    def shown_attacks(self) -> list:
        """The attacks whose odds the HUD shows now: in the attack stage, or the enemy hovered / under the cursor."""
        if self.stage == "attack":
            return self.of_type(ac.Attack)
        if self.stage == "order":
            foe = self.foe
            if foe is not None and hex_of(foe) in (self.hover_hex, self.cursor):
                return self.of_type(ac.Attack)
        return []

    # -------------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        surface.fill(self.board.background)
        self.board.draw(surface)
        overlay = self.overlay()
        if overlay is not None:
            surface.blit(overlay.tint, overlay.topleft)
        self.draw_highlights(surface)
        self.draw_men(surface)
        if overlay is not None:
            surface.blit(overlay.labels, overlay.topleft)
        self.draw_facing_numbers(surface)
        self.draw_effects(surface)
        self.draw_hud(surface)

    def overlay(self):
        """The sides overlay: of the man under the mouse or the cursor, else of the man deciding when a hex is
        hovered; in the facing stage, of the man where he ends, facing the way under the cursor."""
        if self.animator.busy or self.stage in ("idle", "over"):
            return None
        centre = lambda h: self.board.screen(*self.board.centre(h))  # noqa: E731
        if self.stage == "facing" and self.move is not None:
            end = self.move.path[-1]
            d = self.facing_shown(end)
            return sides_overlay(centre, end, d, two_weapon_sides=gf.two_weapon_sides(self.me))
        if self.stage == "attack" and self.foe is not None:  # the sides of the man about to be attacked
            m = self.foe
            return sides_overlay(centre, hex_of(m), m.facing, two_weapon_sides=gf.two_weapon_sides(m))
        h = self.hover_hex or (self.cursor if self.stage in ("order", "turn") else None)
        if h is None:
            return None
        m = gf.occupant(self.seen, h) or self.me
        if m is None or not m.alive:
            return None
        return sides_overlay(centre, hex_of(m), m.facing, two_weapon_sides=gf.two_weapon_sides(m))

    def facing_shown(self, end) -> int:
        """The facing the advance being given one ends with as shown: toward the hex under the mouse or
        the cursor, else the way of its last step."""
        h = self.hover_hex if self.hover_hex in self.candidates else self.cursor
        if h is not None and end.distance(h) == 1:
            return end.direction_to(h)
        return self.arrival_facing(self.move)

    def draw_highlights(self, surface) -> None:
        b = self.board
        hl = self.highlight_layer(surface)
        layer, mark = hl.layer, hl.mark
        lw = max(2, int(b.tile) // 22)
        m = self.me
        if m is not None and self.stage not in ("idle", "auto", "over"):
            mark(pygame.draw.polygon(layer, GOLD + (200,), b.corners(hex_of(m)), lw + 1))
        for h, opts in self.candidates.items():
            if self.stage in ("facing", "turn"):
                colour = FACING
            elif any(isinstance(o, (ac.Attack, ac.ThrowNet)) for o in opts):
                colour = ATTACK
            elif any(isinstance(o, ac.Advance) for o in opts):
                colour = ADVANCE
            else:
                colour = RETREAT
            pts = b.corners(h)
            mark(pygame.draw.polygon(layer, colour + (70,), pts))
            mark(pygame.draw.polygon(layer, colour + (220,), pts, lw))
        if self.stage == "attack" and self.foe is not None:
            mark(pygame.draw.polygon(layer, ATTACK + (230,), b.corners(hex_of(self.foe)), lw + 2))
        if not self.animator.busy and self.cursor in self.candidates:
            mark(pygame.draw.polygon(layer, CURSOR + (255,), b.corners(self.cursor), lw + 2))
        hl.blit(surface)

    def draw_facing_numbers(self, surface) -> None:
        """The facing choices' numbers (the keys 1–6) on their hexes."""
        if self.stage not in ("facing", "turn") or self.animator.busy:
            return
        size = max(12, int(self.board.tile * 0.26))
        centre = self.move.path[-1] if self.stage == "facing" else hex_of(self.me)
        cx, cy = self.board.point(centre)
        for h in self.candidates:
            img = text(str(centre.direction_to(h) + 1), size, (20, 14, 10), True)
            x, y = self.board.point(h)
            at = (round(cx + (x - cx) * 1.3), round(cy + (y - cy) * 1.3))  # at the hex's outer edge: its label shows
            pygame.draw.circle(surface, FACING, at, size * 0.7)
            pygame.draw.circle(surface, (20, 14, 10), at, size * 0.7, 1)
            surface.blit(img, img.get_rect(center=at))

    def draw_men(self, surface) -> None:
        b = self.board
        tile = b.tile
        size = max(16, int(tile * 0.95))
        men = self.seen.men
        for mid, what, where in self.view.dropped:
            m = men.get(mid)
            item = what
            if m is not None:
                item = m.kit.weapon if what == "weapon" else m.kit.shield
            if item in ("two_swords",):
                item = "sword"
            try:
                img = dropped_sprite(item, int(tile * 0.55), self.colour(mid))
            except ValueError:
                continue
            x, y = b.point(where)
            surface.blit(img, img.get_rect(center=(x + tile * 0.18, y + tile * 0.18)))
        for mid, f in sorted(self.view.figures.items(), key=lambda kv: kv[1].y):
            m = men[mid]
            img = man_sprite(m.type, self.colour(mid), size, f.angle, state=f.state, kit=self.kit_now(m),
                             highlight=(mid == self.view.acting))
            x, y = b.screen(f.x + f.dx, f.y + f.dy)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
            if f.flash > 0:
                pygame.draw.circle(surface, RED, (round(x), round(y)), int(tile * 0.5), 3)
        # the man ghosted where he would end, facing the way chosen
        if self.stage == "facing" and self.move is not None and not self.animator.busy:
            m = self.me
            end = self.move.path[-1]
            d = self.facing_shown(end)
            img = man_sprite(m.type, self.colour(m.id), size, b.angle(d), kit=self.kit_now(m)).copy()
            img.set_alpha(160)
            surface.blit(img, img.get_rect(center=b.point(end)))

    @staticmethod
    def kit_now(m):
        """What a man of the view fights with now."""
        return gf.kit_now(m)

    def draw_effects(self, surface) -> None:
        v = self.view
        b = self.board
        s = self.s
        if v.net is not None:
            (ax, ay), (bx, by), t = v.net
            a = b.screen(ax, ay)
            z = b.screen(bx, by)
            tip = (a[0] + (z[0] - a[0]) * t, a[1] + (z[1] - a[1]) * t)
            pygame.draw.line(surface, (214, 192, 140), a, tip, 3)
            pygame.draw.circle(surface, (214, 192, 140), tip, max(6, int(b.tile * 0.25)), 2)
        if v.thumbs is not None:
            mid, up, age = v.thumbs
            f = v.figures.get(mid)
            if f is not None and age < 1.0:
                img = thumbs_icon(up, max(24, int(b.tile * 0.8)))
                x, y = b.screen(f.x, f.y)
                surface.blit(img, img.get_rect(midbottom=(x, y - b.tile * 0.4)))
        self.draw_floaters(surface, b.screen, b.tile, size=0.28)
        if v.banner is not None:
            self.draw_banner_words(surface, v.banner[0], 34)

    # --- HUD ---
    def draw_side(self, surface, y: int) -> None:
        s = self.s
        y += int(6 * s)
        for mid in self.seen.men:
            y = self.draw_man_card(surface, mid, y) + int(4 * s)
        y = self.draw_tray(surface, y)
        if self.shown_attacks():
            self.draw_odds(surface, y + int(4 * s))
        else:
            self.draw_guide(surface, y + int(4 * s))

    def draw_button(self, surface, b, mouse) -> None:
        super().draw_button(surface, b, mouse)
        if isinstance(b.tag, tuple) and b.tag[0] == "posture":  # the posture picker: each posture's icon
            icon = posture_icon(b.tag[1], b.rect.h - 4)
            surface.blit(icon, (b.rect.x + 3, b.rect.y + 2))

    def top_words(self) -> str:
        """The top bar's words: whose half, who goes first, or (once the picture has shown it) the result."""
        st = self.seen
        words = ""
        if st.outcome is None and self.animator.busy:
            # (the view is ahead of the dice on screen: "Crixus goes first" waits until the initiative dice land)
            return self.__dict__.get("_top_words", "")
        if st.outcome is not None:  # the bout's result, no longer who goes first; not before the dice show it
            acting = self.view.acting if self.animator.busy else None
            if acting in st.men:
                words = f"{st.men[acting].name}'s half ({st.men[acting].owner})"
            elif not self.animator.busy:
                words = gf.outcome_words(st)[0]
        elif st.acting is not None:
            m = st.men[st.acting]
            words = f"{m.name}'s half ({m.owner})"
        elif st.first is not None:
            words = f"{st.men[st.first].name} goes first"
        if st.outcome is None:
            self._top_words = words
        return words

    def draw_top(self, surface) -> None:
        s = self.s
        st = self.seen
        title = f"Game turn {st.turn}" if st.turn else "Gladiator!"
        img = text(title, int(26 * s), GOLD, True)
        surface.blit(img, (int(12 * s), int(11 * s)))
        x = int(12 * s) + img.get_width() + int(16 * s)
        words = self.top_words()
        hint = f"animations {'instant' if self.animator.speed >= 60 else f'x{self.animator.speed:g}'} ([ ])   {self.HINT}"
        himg = text(hint, int(14 * s), DIM)
        room = self.board_rect.right - x - himg.get_width() - int(20 * s)
        if words and room > int(60 * s):
            surface.blit(shortened(words, int(19 * s), room, INK), (x, int(15 * s)))
        if room > -himg.get_width() // 2:
            surface.blit(himg, (self.board_rect.right - himg.get_width() - int(10 * s), int(19 * s)))

    def draw_man_card(self, surface, mid, y) -> int:
        """One man: name and owner, the body diagram, posture, AP pool, his state and cards."""
        s = self.s
        m = self.seen.men[mid]
        body = self.view.bodies.get(mid)
        x = self.hud_rect.x + int(8 * s)
        width = self.hud_rect.w - int(16 * s)
        bw = int(64 * s)
        bh = int(bw * 1.75)
        box = pygame.Rect(x - int(2 * s), y, width + int(4 * s), bh + int(32 * s))
        acting = self.view.acting == mid
        panel(surface, box, (34, 24, 30, 235), GOLD if acting else PANEL_EDGE, 8)
        colour = colour_of(self.colour(mid))
        pygame.draw.rect(surface, colour.rgb, pygame.Rect(x + int(4 * s), y + int(6 * s), int(14 * s), int(14 * s)),
                         border_radius=3)
        deciding = self.decision is not None and self.decision.player == m.owner and self.stage not in ("idle",)
        head = f"{m.name} · {gf.type_name(m)}"
        surface.blit(shortened(head, int(19 * s), width - int(26 * s), GOLD if deciding else INK, True),
                     (x + int(24 * s), y + int(3 * s)))
        top = y + int(26 * s)
        wounds = body.wounds if body is not None else dict(m.wounds)
        damage = body.damage if body is not None else m.damage
        hit = body.hit if body is not None else None
        surface.blit(body_diagram(wounds, damage, bw, hit=hit), (x + int(2 * s), top))
        tx = x + bw + int(10 * s)
        tw = box.right - tx - int(6 * s)
        yy = top
        surface.blit(shortened(f"{m.owner}{self.phone_tag(m.owner)}", int(16 * s), tw, DIM), (tx, yy))
        yy += int(19 * s)
        posture = body.posture if body is not None else m.posture
        icon = posture_icon(posture, int(22 * s))
        surface.blit(icon, (tx, yy))
        surface.blit(shortened(f"{posture} posture", int(16 * s), tw - int(26 * s), INK), (tx + int(26 * s), yy + int(3 * s)))
        yy += int(26 * s)
        ap = body.ap if body is not None else m.ap
        spent = body.spent if body is not None else 0
        if ap or spent:
            pool = ap_pool(ap, spent, int(18 * s))
            if pool.get_width() > tw:
                pool = pygame.transform.smoothscale(pool, (tw, max(1, pool.get_height() * tw // pool.get_width())))
            surface.blit(pool, (tx, yy))
            label = f"{ap} AP left" + (f", {spent} spent" if spent else "")
            cost = self.cost_words() if mid == (self.decision.man if self.decision else None) else ""
            surface.blit(shortened(label, int(15 * s), tw, INK), (tx, yy + pool.get_height() + int(2 * s)))
            yy += pool.get_height() + int(19 * s)
            if cost:
                surface.blit(shortened(cost, int(15 * s), tw, GOLD), (tx, yy))
                yy += int(18 * s)
        state = self.state_words(m, damage)
        room = pygame.Rect(tx, yy, tw, box.bottom - int(4 * s) - yy)
        if room.h > int(10 * s):
            # his cards with what each does while that fits at a readable size, else their names alone
            # (the Cards… buttons say what each does)
            readable = max(9, int(12 * s))
            for cards in ([f"{c.name} ({c.effect.rstrip('.')})" for c in m.hand], [c.name for c in m.hand]):
                words = " · ".join(state + (["cards: " + ", ".join(cards)] if cards else [])) or "unhurt"
                size = fit_size(words, int(15 * s), room.w, room.h, min_size=8, line_gap=0)
                if size >= readable and block_height(words, size, room.w, line_gap=0) <= room.h:
                    break
            draw_text_block(surface, words, room.topleft, size, room.w, DIM, line_gap=0, box=room)
        return box.bottom

    def state_words(self, m, damage: int) -> list[str]:
        """A man's state for his panel, as far as the picture has got: while the dice of an exchange still
        roll, no "weapon dropped", "dead" or damage the dice have not shown yet (`damage`: the body's, as
        animated; the figure's sprite state and what lies dropped on the sand, likewise)."""
        f = self.view.figures.get(m.id)
        shown = f.state if f is not None else None
        lying = {what for who, what, _ in self.view.dropped if who == m.id}

        def reached(state: str) -> bool:
            return shown is None or shown == state

        state = []
        if m.netted and reached("netted"):
            state.append(f"netted ({m.loose}/3 AP loose)")
        if m.fallen and reached("fallen"):
            state.append("fallen")
        if m.weapon_dropped and (f is None or "weapon" in lying):
            state.append("weapon dropped")
        if m.shield_dropped and (f is None or "shield" in lying):
            state.append("shield dropped")
        if not m.alive and reached("dead"):
            state.append("dead")
        elif m.down and reached("down"):
            state.append("down")
        if m.kit.net and m.net_spent:
            state.append("net thrown")
        if damage and not any(w in state for w in ("dead", "down")):
            state.insert(0, f"{damage} damage (down at 7)")
        return state

    def cost_words(self) -> str:
        """The AP the order under the mouse or the cursor would cost."""
        h = self.hover_hex if self.hover_hex in self.candidates else self.cursor
        opts = self.candidates.get(h) or []
        m = self.me
        if m is None:
            return ""
        for o in opts:
            if isinstance(o, ac.Advance):
                n = len(o.path)
                return f"advance {n}: {(n + 1) // 2 if m.beast else n} AP"
            if isinstance(o, ac.Retreat):
                n = len(o.path)
                return f"retreat {n}: {n if m.beast else 2 * n} AP"
            if isinstance(o, ac.Turn):
                return "turn: 1 AP"
        attacks = [o for o in opts if isinstance(o, (ac.Attack, ac.ThrowNet))]
        if attacks:
            return attack_costs(attacks)
        return ""

    def guide_lines(self) -> list[str]:
        """What his AP buy and what his sides mean, for the man giving orders (only what applies to him)."""
        m = self.me
        if m is None or self.stage not in ("order", "turn", "facing") or self.animator.busy:
            return []
        return ap_guide(m)

    def draw_guide(self, surface, y) -> None:
        """The guide (`guide_lines`) under the men's cards, when the odds do not take that place."""
        lines = self.guide_lines()
        if not lines:
            return
        s = self.s
        x = self.hud_rect.x + int(8 * s)
        width = self.hud_rect.w - int(16 * s)
        box = pygame.Rect(x - int(2 * s), y, width + int(4 * s), self.hud_rect.bottom - y - int(6 * s))
        if box.h < int(60 * s):
            return
        title = f"{gf.words_of(self.me).possessive.capitalize()} AP and sides"
        inner = pygame.Rect(x + int(4 * s), y + int(24 * s), width - int(8 * s), box.h - int(30 * s))
        words = "\n".join(lines)
        size = fit_size(words, int(15 * s), inner.w, inner.h, min_size=9, line_gap=2)
        box.h = min(box.h, block_height(words, size, inner.w, line_gap=2) + int(32 * s))
        panel(surface, box, (34, 24, 30, 235), PANEL_EDGE, 8)
        surface.blit(shortened(title, int(16 * s), width - int(8 * s), GOLD, True), (x + int(4 * s), y + int(3 * s)))
        inner.h = box.bottom - inner.y
        draw_text_block(surface, words, inner.topleft, size, inner.w, INK, line_gap=2, box=inner)

    def draw_tray(self, surface, y) -> int:
        s = self.s
        v = self.view
        if not v.tray:
            return y
        x = self.hud_rect.x + int(8 * s)
        width = self.hud_rect.w - int(16 * s)
        box = pygame.Rect(x - int(2 * s), y, width + int(4 * s), int(106 * s))
        panel(surface, box, (34, 24, 30, 235), PANEL_EDGE, 8)
        surface.blit(shortened(v.tray_title, int(15 * s), width - int(8 * s), DIM), (x + int(4 * s), y + int(3 * s)))
        n = len(v.tray)
        cell = width // max(4, n)
        size = min(int(44 * s), cell - int(8 * s))
        for i, d in enumerate(v.tray):
            cx = x + cell * i + cell // 2
            img = d6_sprite(d.shown, size, d.player, d.mark)
            surface.blit(img, img.get_rect(midtop=(cx, y + int(22 * s))))
            ly = y + int(24 * s) + size
            first, _, rest = d.label.partition(" ")
            if rest and text(d.label, int(14 * s), INK).get_width() > cell - 2:  # "re-roll initiative": two lines
                for k, part in enumerate((first, rest)):
                    lab = shortened(part, int(13 * s), cell - 2, INK)
                    surface.blit(lab, lab.get_rect(midtop=(cx, ly + k * int(14 * s))))
                continue
            lab = shortened(d.label, int(14 * s), cell - 2, INK)
            surface.blit(lab, lab.get_rect(midtop=(cx, ly)))
        if v.verdict:
            img = shortened(v.verdict, int(17 * s), width - int(8 * s), GOLD, True)
            surface.blit(img, (x + int(4 * s), box.bottom - int(21 * s)))
        return box.bottom

    def draw_odds(self, surface, y) -> None:
        """The exchange if declared now, each way: expected damage, the chance to wound and to be wounded."""
        s = self.s
        attacks = self.shown_attacks()
        if not attacks:
            return
        x = self.hud_rect.x + int(8 * s)
        width = self.hud_rect.w - int(16 * s)
        lines: list[tuple[str, tuple]] = []
        for a in attacks:
            o = self.exchange_odds(a)
            name = "Frenzied" if a.frenzied else "Attack"
            if o is None:
                lines.append((f"{name}: odds not available", DIM))
                continue
            lines.append((f"{name}: you deal {o.to_target:.1f}, you take {o.to_attacker:.1f} on average", INK))
            them = gf.words_of(self.foe).object
            lines.append((f"   wound {them} {float(o.wound_target):.0%} · be wounded {float(o.wound_attacker):.0%}",
                          GREEN if o.wound_target >= o.wound_attacker else RED))
            lines.append((f"   down or dead: {them} {float(o.kill_target):.0%} · you {float(o.kill_attacker):.0%}", DIM))
        me, foe = self.me, self.foe
        sides = self.front.ask(self.viewer, "sides", me.id, foe.id) if me is not None and foe is not None else None
        if sides is not None:
            lines.insert(0, (f"Your {gf.SIDE_WORDS[sides[0]]} side against {gf.words_of(foe).possessive} {gf.SIDE_WORDS[sides[1]]} side"
                             .replace("Face side", "Face").replace("Back side", "Back"), INK))
        h = int(24 * s) + len(lines) * int(19 * s) + int(6 * s)
        box = pygame.Rect(x - int(2 * s), y, width + int(4 * s), min(h, self.hud_rect.bottom - y - int(4 * s)))
        if box.h < int(40 * s):
            return
        panel(surface, box, (44, 20, 20, 235), ATTACK, 8)
        surface.blit(shortened("The exchange if you attack now", int(16 * s), width - int(8 * s), GOLD, True),
                     (x + int(4 * s), y + int(3 * s)))
        yy = y + int(24 * s)
        for words, colour in lines:
            if yy + int(18 * s) > box.bottom:
                break
            surface.blit(shortened(words, int(15 * s), width - int(8 * s), colour), (x + int(4 * s), yy))
            yy += int(19 * s)

    over_words = "The bout is over."

    BANNER_QUESTIONS = {ac.REROLL: "call on the gods?", ac.CARD: "play a card?", ac.CHOOSE: "go first or second?"}
    """The banner's words for a question a person is asked outside their own half (mid-attack, at the
    initiative): not "Bob's turn" while Ann's half goes on."""

    def banner_words(self, d) -> str:
        question = self.BANNER_QUESTIONS.get(d.kind)
        return f"{d.player}: {question}" if question else super().banner_words(d)

    def asked_words(self, who: str) -> str:
        d = self.decision
        m = self.me
        name = m.name if m is not None else who
        if self.stage == "choose":
            return f"{who}: you won the initiative. Go first or second? (1 / 2)"
        if self.stage == "posture":
            w = gf.words_of(m)
            return (f"{who}: {name} opens {w.possessive} half — {w.possessive} posture? "
                    f"1 attack ({posture_words('attack', w.possessive)}), "
                    f"2 balanced, 3 defend ({posture_words('defend', w.possessive)})")
        if self.stage == "reroll":
            r = d.roll
            what = f"{name}'s {gf.die_words(r.purpose)} rolled {r.value}" if r is not None else f"{name}'s die"
            return f"{who}: {what}. Keep it (K) or call on the gods to roll it again (R)? (O: choose when you are asked)"
        if self.stage == "card":
            return f"{who}: {name} may play a card now ({gf.card_moment_words(d.timing)}). Pass (P) or play (1…)?"
        if self.stage == "attack":
            return f"{who}: {name} against {self.foe.name} — the odds are on the right. 1, 2… or Esc"
        if self.stage == "facing":
            return f"{who}: {name} advances — which way does {gf.words_of(m).subject} face at the end? Click a numbered hex, 1–6, or Enter"
        if self.stage == "turn":
            return f"{who}: {name} turns (1 AP) — click a numbered hex or press 1–6"
        if self.stage == "recover":
            return f"{who}: {name} recovers — which wound? (1…)"
        if self.stage == "cards":
            return f"{who}: {name}'s experience cards (0 AP)"
        return (f"{who}: {name}'s orders — green: advance, blue: retreat, red: the enemy (click or Tab + Enter); "
                f"or a button")

    def draw_game_over(self, surface) -> None:
        head, lines = gf.outcome_words(self.seen)
        self.draw_outcome(surface, head, lines, (30, 20, 24, 245), 34, 19)

    # --- what tests and the tour read: where to click ---
    def hex_point(self, h) -> tuple[int, int]:
        """The screen point that picks hex `h`."""
        return self.board.point(h)


class GladiatorReplay(Replay, GladiatorTable):
    """A bout played again on the table from its record, every animation and log line as it happened;
    [ ] set the speed, Esc leaves. `source`: a finished bout, or a saved bout's record."""

    replay_words = "Replay: the bout as it was fought ([ ] speed, Esc leaves)."

    def __init__(self, app, source):
        from ...rulesets.gladiator.setup import new_game

        self.replay_record(app, source, lambda setup, source: new_game(setup), map_path, gf.seats)


def map_path(game):
    """The map file a bout's arena came from (None for a generated arena)."""
    return map_file(gf.arena_of(game))


def start_battle(app, game, path=None) -> GladiatorTable:
    """Put a bout on its table with the player's settings and autosave; the results screen follows the
    end. Replaces every scene but the title screen."""
    return open_table(app, GladiatorTable, game, map_path(game) if path is None else path)
