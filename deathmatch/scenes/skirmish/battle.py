"""Chessboard Skirmish's table: the board from the map, the miniatures as dice, and every decision
of a hotseat game, by mouse alone or keyboard alone.

The table asks the engine, through its front (`deathmatch.core.front`), what is legal
(`front.legal`) and the odds of an attack (`front.ask(viewer, "odds", …)`: the rules' `odds.py`),
sends the players' answers (`front.apply`) and animates the events that come back; all it shows
of the game is the seated player's view (`front.view(viewer)`: Skirmish hides nothing). It
decides no rule itself: the green squares, the red targets, the "d8 vs d6: 37 %" on a target, the
placement squares and every outcome come from the engine.

Keys: the arrows move the cursor square, Enter picks what is under it, Tab / Shift+Tab jump to
the next / previous square that may be picked; the buttons' keys (E end, P pick up, D drop, R
re-roll, K keep, 1 / 2 melee or ranged, N another reserve); Space skips the animations; Esc goes
back, then opens the menu. The mouse: click a
square or a button; the right button goes back.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from ...board.square import Square
from ...client.art.palette import (EDGE, PLAYER_COLOURS, SK_ATTACK, SK_CURSOR, SK_MOVE, SK_PLACE, SK_SELECTED,
                                   TABLE_EDGE, TABLE_FILL, UI_PANEL_EDGE)
from ...client.art.skirmish import die_sprite, marker_sprite, miniature_sprite
from ...client.squareview import SquareBoard
from ...client.ui import DIM, GOLD, GREEN, INK, RED, Button, draw_text_block, fit_size, line_height, panel, shortened, text, wrap
from ...core.front import Front
from ..table import Frame, Replay, Table, map_file, open_table
from . import facts as rf
from . import phone
from .anim import Animator, Call, View, event_steps
from .log import describe


PANEL_FILL, PANEL_EDGE = TABLE_FILL, TABLE_EDGE


CONTROLS = [
    ("Mouse", ""),
    ("click a gold square", "that miniature acts now (a pick is final, as the rules say)"),
    ("click green / red", "move there / attack that enemy (its chance shown)"),
    ("click a lit square", "place a miniature on your home row"),
    ("buttons", "end, pick up, drop, re-roll or keep, melee or ranged"),
    ("right click", "go back from melee-or-ranged (a choice not yet made)"),
    ("Keyboard", ""),
    ("arrows", "move the cursor square; Enter picks it"),
    ("Tab / Shift+Tab", "jump to the next / previous square you may pick"),
    ("E P D · R K · 1 2 · N", "end, pick up, drop · re-roll, keep · melee, ranged · other reserve"),
    ("Esc", "go back, or the menu"),
    ("Space / click", "skip the animation; [ ] animation speed"),
    ("F5", "save the game under a name (it also saves itself after every move)"),
    ("F11", "fullscreen;  F1: this help"),
]
"""The table's controls, for the F1 overlay."""


def colour_of(index: int):
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


class SkirmishTable(Table):
    controls = CONTROLS
    bot_thread = "skirmish-bot"
    HINT = "F1: controls    Esc: menu"
    menu = True

    def __init__(self, app, game, arena_path: Path | None, *, handoff: bool = True, auto_players=(),
                 anim_speed: float = 1.0, seed: int = 0, on_exit=None, auto_delay: float = 0.35, autosave=None):
        super().__init__(app)
        self.game = game
        seen = self.front.view(None)
        self.board = SquareBoard(self.front.ask(None, "arena"), arena_path)
        seats = rf.seats(seen)
        self.index = {p: c for p, c in zip(seats, rf.colours(seen))}
        """Player → colour number (the colour they picked at setup)."""
        self.view = View()
        seed_of = self.front.hand_to(rf.seed_of)  # (the host's: the bots' seeds; in no view)
        self.seat_table(seats, Animator(self.view, self.steps_for, anim_speed), effect_for=rf.effect_for,
                        auto_players=auto_players, bot_seats=rf.bot_seats(seen), bot_seed=seed_of, handoff=handoff,
                        seed=seed, on_exit=on_exit, auto_delay=auto_delay, autosave=autosave)
        # The stages: idle (animating, nothing asked), auto (a bot's turn), pick (choose a miniature), act (the
        # picked one's move, attack, pick up, drop or end), weapon (melee or ranged at one target), place (a
        # miniature onto a home-row square), reroll (the hero's re-roll), over.
        self.selected: str | None = None
        """The miniature whose activation is open (the decision's)."""
        self.place_mini: str | None = None
        """The reserve being placed (the player may switch to another)."""
        self.pending_attacks: list = []
        self.cursor = Square(0, 0)
        self.hover_square = None
        self.rf = rf
        rf.sync(self.view, seen)
        self.layout(app.size)
        self.begin_log(self.front.opening)

    # ------------------------------------------------------------------ layout
    frame = Frame(hud=300, top=54, bar=112, menu_y=10, log_share=0.42, board_margin=(16, 12))

    # ----------------------------------------------------------------- engine
    @property
    def seen(self):
        """The game as the seated player sees it (`front.view(self.viewer)`; the public view behind the
        hand-off): all the table draws from. Made once per change of the game."""
        return self.front.view(self.viewer)

    def needs(self, purpose: str, sides: int):
        """The least roll of a d`sides` that succeeds at `purpose` (the rules' answer), or None."""
        return self.front.ask(self.viewer, "needs", purpose, sides)

    def steps_for(self, event) -> list:
        """The animation of an engine event (anim.py), the dice in their roller's colour."""
        minis = self.seen.minis

        def rgb_of(who):
            m = minis.get(who)
            owner = m.owner if m is not None else who
            return colour_of(self.index.get(owner, 0)).rgb
        return event_steps(event, self.seen, rgb_of)

    def take(self, events) -> None:
        """Animate the events the viewer may be told of; each one's log line is written as its animation
        ends (a die's result is not told before it lands)."""
        seen = self.seen
        for e in self.front.told(events, self.viewer):
            self.animator.add([e])
            line = describe(e, seen, self.needs)
            if line:
                self.animator.queue.append(Call(lambda view, line=line: self.write(line)))

    def where_words(self, public) -> str:
        """Where the game is, for the hand-off (from the public view only): placing, or the round."""
        n = public.get("round") or 0
        return f"Round {n}" if n > 0 else "Placing your army"

    def recap_lines(self, events, viewer) -> list:
        """"Since your last turn" (scenes/recap.py): the log's lines of the events told to `viewer`."""
        seen = self.front.view(viewer)
        needs = lambda purpose, sides: self.front.ask(viewer, "needs", purpose, sides)  # noqa: E731
        return [describe(e, seen, needs) for e in self.front.told(events, viewer)]

    def piece_points(self) -> list:
        """Where the pieces are on screen (the recap panel keeps clear of either side's)."""
        return [self.screen_of(f.x, f.y) for f in self.view.figures.values() if f.on_board and f.alpha > 0]

    def map_rect(self) -> pygame.Rect:
        """The board's rectangle on screen (the recap panel takes the margin beside it when it fits)."""
        return pygame.Rect(self.board.rect)

    def snap_picture(self) -> None:
        rf.sync(self.view, self.seen)

    def answer(self, action) -> None:
        super().answer(action)
        self.pending_attacks = []

    def new_decision(self) -> None:
        rf.sync(self.view, self.seen)
        if self.front.turn is None:
            self.selected = None
        super().new_decision()
        if self.decision is not None and self.on_phone():
            self.options = phone.ordered(self.options)  # (the fight first on the phone: the same answers)

    def fallback_answer(self):
        return rf.random_answer(self.front.legal(self.front.turn), self.rng)

    def enter_stage(self) -> None:
        """Set out the decision: what may be picked on the board, and the buttons."""
        kind = rf.decision_kind(self.decision)
        self.pending_attacks = []
        self.selected = self.decision.mini if kind == "act" else None
        if kind == "place":
            minis = self.placeable()
            if self.place_mini not in minis:
                self.place_mini = minis[0] if minis else None
            self.stage = "place"
            self.candidates = {}
            for o in self.options:
                if o.mini == self.place_mini:
                    self.candidates.setdefault(rf.place_square(o), []).append(o)
        elif kind == "reroll":
            self.stage = "reroll"
            self.candidates = {}
        elif kind == "pick":
            self.stage = "pick"
            self.candidates = {}
            for o in self.options:
                at = rf.square_of(self.seen, o.mini)
                if rf.action_kind(o) == "pick" and at is not None:
                    self.candidates.setdefault(at, []).append(o)
        else:
            self.stage = "act"
            self.candidates = self.act_candidates()
        self.place_cursor()
        self.make_buttons()

    def placeable(self) -> list[str]:
        """The miniatures the deciding player may place now, in army order."""
        out = []
        for o in self.options:
            if rf.action_kind(o) == "place" and o.mini not in out:
                out.append(o.mini)
        return out

    def next_place_mini(self) -> None:
        minis = self.placeable()
        if len(minis) > 1:
            self.place_mini = minis[(minis.index(self.place_mini) + 1) % len(minis)]
            self.enter_stage()

    def act_candidates(self) -> dict:
        """The active miniature's squares: where it may move, whom it may attack."""
        out: dict = {}
        for o in self.options:
            kind = rf.action_kind(o)
            if kind == "move":
                end = rf.move_end(o)
                if end not in out:
                    out[end] = [o]
            elif kind == "attack":
                out.setdefault(rf.square_of(self.seen, rf.target_of(o)), []).append(o)
        return out

    def place_cursor(self) -> None:
        keys = self.candidate_order()
        at = rf.square_of(self.seen, self.selected) if self.selected is not None else None
        if at is not None:
            self.cursor = at
        elif keys and self.cursor not in self.candidates:
            self.cursor = keys[0]

    def candidate_order(self) -> list:
        """The squares that may be picked, top rank first, left to right (Tab's order)."""
        return sorted(self.candidates, key=lambda sq: (-sq[1], sq[0]))

    # ------------------------------------------------------------------- input
    def hover(self, pos) -> None:
        self.hover_square = self.board.square_at(pos)

    def click(self, pos) -> None:
        if self.click_skips_or_presses(pos):
            return
        sq = self.board.square_at(pos)
        if sq is not None:
            self.cursor = sq
            self.pick_square(sq)

    def key(self, key, mod) -> None:
        if self.common_key(key):
            return
        steps = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
        if key in steps:
            dx, dy = steps[key]
            nxt = Square(self.cursor[0] + dx, self.cursor[1] + dy)
            if nxt in self.board.arena.terrain:
                self.cursor = nxt
            return
        if key == pygame.K_TAB and self.candidates:
            self.step_cursor(back=bool(mod & pygame.KMOD_SHIFT))
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):  # not Space: a Space meant to skip an animation picks nothing
            if self.stage == "over":
                self.leave()
            elif self.cursor in self.candidates:
                self.pick_square(self.cursor)
            return
        self.press_key(key)

    def back(self) -> bool:
        """Esc or the right button: take back a choice not yet sent (melee or ranged). Whether there was one."""
        if self.stage == "weapon":
            self.stage = "act"
            self.pending_attacks = []
            self.candidates = self.act_candidates()
            self.make_buttons()
            return True
        return False

    # ---------------------------------------------------------------- choices
    def pick_square(self, sq) -> None:
        options = self.candidates.get(sq)
        if not options:
            return
        if self.stage in ("place", "pick"):
            self.answer(options[0])
        elif self.stage == "act":
            attacks = [o for o in options if rf.action_kind(o) == "attack"]
            if len(attacks) > 1 and self.same_odds(attacks):
                attacks = attacks[:1]  # a gun next to its target: melee and a shot roll the same, so no question
            if len(attacks) == 1:
                self.answer(attacks[0])
            elif attacks:
                self.stage = "weapon"
                self.pending_attacks = attacks
                self.make_buttons()
            else:
                self.answer(options[0])

    def same_odds(self, attacks) -> bool:
        """Whether the ways of attacking one target have exactly the same odds (the rules' `odds`: a gun's
        shot rolls the full die, as melee does): then which one is asked for cannot change a thing."""
        first = rf.odds_of(self.front, self.viewer, attacks[0])
        return all(rf.odds_of(self.front, self.viewer, o) == first for o in attacks[1:])

    def own_actions(self, kind: str) -> list:
        return [o for o in self.options if rf.action_kind(o) == kind]

    # ----------------------------------------------------------------- buttons
    def make_buttons(self) -> None:
        self.buttons = []
        d = self.decision
        s = self.s
        add = self.button_row((12, 44), (118, 30), 6, clamp=False)

        if self.stage == "over":
            add("Results (Esc)", self.leave, key=pygame.K_ESCAPE, width=int(150 * s))
            return
        if d is None or self.stage in ("auto", "idle"):
            return
        if self.stage == "reroll":
            for o in self.options:
                if rf.is_reroll(o):
                    add("Re-roll (R)", lambda o=o: self.answer(o), key=pygame.K_r,
                        hint="Roll this die again; the new result stands.")
            for o in self.options:
                if not rf.is_reroll(o):
                    add("Keep (K)", lambda o=o: self.answer(o), key=pygame.K_k, hint="Keep the result as it is.")
            return
        if self.stage == "weapon":
            for i, o in enumerate(self.pending_attacks[:2]):
                label = f"{i + 1} {rf.attack_with(o).capitalize()} {self.odds_words(o, short=True)}"
                add(label, lambda o=o: self.answer(o), key=(pygame.K_1, pygame.K_2)[i], width=int(180 * s))
            add("Back (Esc)", self.back)
            return
        if self.stage == "place" and len(self.placeable()) > 1:
            add("Another one (N)", self.next_place_mini, key=pygame.K_n, width=int(160 * s),
                hint="Place another of your miniatures first (this one waits its turn).")
        if self.stage == "act":
            m = self.game_mini(d.mini) if getattr(d, "mini", None) else None
            least = self.needs("skill", m.die) if m is not None else None
            skill = f", {least} or more on its d{m.die}" if least is not None else ""
            for kind, label, key, hint in (("pick_up", "Pick up (P)", pygame.K_p, f"Try to pick up the marker: a skill check{skill}."),
                                           ("drop", "Drop (D)", pygame.K_d, "Put the marker down on this square."),
                                           ("end", "End (E)", pygame.K_e, "This miniature's activation ends here.")):
                acts = self.own_actions(kind)
                if acts:
                    add(label, lambda a=acts[0]: self.answer(a), key=key, hint=hint)

    # ---------------------------------------------------------------- phones
    # (a phone seat's words: scenes/skirmish/phone.py, from that seat's own view and its legal answers)
    def phone_needs(self, seat):
        return lambda purpose, sides: self.front.ask(seat, "needs", purpose, sides)

    def phone_hand(self, seat: str) -> list[dict]:
        return phone.hand(self.front.view(seat), seat, self.phone_needs(seat))

    def phone_prompt(self, seat: str) -> str:
        return phone.prompt(self.front.view(seat), self.decision, self.options, self.phone_needs(seat))

    def phone_choice(self, action, seat: str) -> dict:
        return phone.choice(self.front.view(seat), self.decision, action, self.phone_needs(seat),
                            lambda a: rf.odds_percent(self.front, seat, a))

    def phone_cell(self, action, seat: str):
        return phone.cell(self.front.view(seat), self.decision, action)

    def phone_over(self, seat: str) -> dict:
        return phone.over(self.front.view(seat))

    def phone_point(self, cell) -> tuple[float, float]:
        return self.board.square_center(cell)

    # -------------------------------------------------------------------- draw
    def odds_words(self, attack, short: bool = False) -> str:
        """"d8 vs d6: 37 %" for an attack answer (the rules' odds)."""
        a, t = self.game_mini(rf.actor(attack)), self.game_mini(rf.target_of(attack))
        pct = self.odds_percent(attack)
        if short:
            return f"{pct} %"
        bow = " (bow: half)" if rf.attack_with(attack) == "ranged" and a.weapon == "bow" else ""
        return f"d{a.die}{bow} vs d{t.die}: {pct} %"

    def odds_percent(self, attack) -> int:
        """The chance an attack answer succeeds, in %, as the rules answer the viewer."""
        return rf.odds_percent(self.front, self.viewer, attack)

    def game_mini(self, mid):
        """Miniature `mid` as the viewer sees it (its view: owner, name, die, weapon, hero, armour …)."""
        return rf.mini(self.seen, mid)

    def draw(self, surface) -> None:
        surface.fill(self.board.background)
        self.board.draw(surface)
        self.draw_highlights(surface)
        self.draw_pieces(surface)
        self.draw_effects(surface)
        self.draw_hud(surface)

    def draw_highlights(self, surface) -> None:
        b = self.board
        hl = self.highlight_layer(surface)
        layer, mark = hl.layer, hl.mark
        line_w = max(2, b.tile // 22)
        if self.selected is not None and self.stage in ("act", "weapon"):
            at = rf.square_of(self.seen, self.selected)
            if at is not None:
                mark(pygame.draw.rect(layer, SK_SELECTED + (90,), b.square_rect(at)))
        for sq, opts in self.candidates.items():
            kinds = {rf.action_kind(o) for o in opts}
            if "attack" in kinds:
                colour = SK_ATTACK
            elif self.stage == "place":
                colour = SK_PLACE
            elif "pick" in kinds:
                colour = SK_SELECTED
            else:
                colour = SK_MOVE
            r = b.square_rect(sq)
            if "pick" in kinds:
                mark(pygame.draw.rect(layer, colour + (200,), r.inflate(-2, -2), line_w, border_radius=4))
            else:
                mark(pygame.draw.rect(layer, colour + (120 if self.stage == "place" else 70,), r))
                mark(pygame.draw.rect(layer, colour + (210,), r.inflate(-2, -2), line_w, border_radius=3))
                if kinds == {"move"}:  # a dot in the middle: plain on any ground (grass, water, marble)
                    mark(pygame.draw.circle(layer, EDGE + (200,), r.center, max(3, b.tile // 8)))
                    mark(pygame.draw.circle(layer, colour + (255,), r.center, max(2, b.tile // 8 - max(1, b.tile // 40))))
        # ranged lines to every ranged target of the picked miniature
        if self.selected is not None and self.stage in ("act", "weapon"):
            start = rf.square_of(self.seen, self.selected)
            for opts in self.candidates.values():
                for o in opts:
                    if rf.action_kind(o) == "attack" and rf.attack_with(o) == "ranged":
                        end = rf.square_of(self.seen, rf.target_of(o))
                        for r in self.dashed(layer, b.square_center(start), b.square_center(end), SK_ATTACK + (200,), line_w):
                            mark(r)
        # where a player could win with one move: the square ringed in red, dashed from the miniature
        if not self.animator.busy:
            for d in getattr(self.seen, "one_move_from_winning", None) or ():
                colour = self.danger_colour(d.player)
                r = b.square_rect(Square(*d.to))
                mark(pygame.draw.rect(layer, colour + (230,), r.inflate(-line_w * 2, -line_w * 2), line_w * 2,
                                      border_radius=max(4, b.tile // 6)))
                start = rf.square_of(self.seen, d.mini)
                if start is not None:
                    for dash in self.dashed(layer, b.square_center(start), r.center, colour + (160,), line_w):
                        mark(dash)
        if not self.animator.busy and self.decision is not None and self.stage in ("place", "pick", "act"):
            mark(pygame.draw.rect(layer, SK_CURSOR + (255,), b.square_rect(self.cursor), max(2, line_w), border_radius=3))
        hl.blit(surface)

    @staticmethod
    def dashed(surface, a, b, colour, width) -> list[pygame.Rect]:
        """A dashed line from `a` to `b`; the rects of its dashes."""
        ax, ay = a
        bx, by = b
        length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
        dash = 10
        n = int(length // dash)
        drawn = []
        for i in range(0, n, 2):
            t0, t1 = i / n, min(1.0, (i + 1) / n)
            drawn.append(pygame.draw.line(surface, colour, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                                          (ax + (bx - ax) * t1, ay + (by - ay) * t1), width))
        return drawn

    def screen_of(self, x: float, y: float) -> tuple[float, float]:
        """The screen point of a (fractional) square position."""
        b = self.board
        col, row = b.offset((x, y))
        return b.rect.x + (col + 0.5) * b.tile, b.rect.y + (row + 0.5) * b.tile

    def draw_pieces(self, surface) -> None:
        b = self.board
        tile = b.tile
        if self.view.marker is not None:
            img = marker_sprite(int(tile * 0.8))
            surface.blit(img, img.get_rect(center=b.square_center(self.view.marker)))
        for mid, f in sorted(self.view.figures.items(), key=lambda kv: -kv[1].y):
            if not f.on_board or f.alpha <= 0:
                continue
            m = self.game_mini(mid)
            state = "ready"
            if mid == self.selected and self.stage in ("act", "weapon") or mid == self.view.acting:
                state = "selected"
            elif mid in self.view.acted and f.alive:
                state = "acted"
            size = max(12, int(tile * f.scale))
            img = miniature_sprite(m.die, m.weapon, self.index.get(m.owner, 0), size, armour=f.armour,
                                   hero=m.hero, carrying=self.view.carrier == mid, state=state)
            if f.alpha < 1:
                img = img.copy()
                img.set_alpha(int(255 * f.alpha))
            cx, cy = self.screen_of(f.x + f.dx, f.y + f.dy)
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            if f.flash > 0:
                pygame.draw.rect(surface, RED, pygame.Rect(0, 0, tile, tile).move(cx - tile / 2, cy - tile / 2), 3,
                                 border_radius=4)
        # the reserve being placed, seen where it would go (the cursor's or the mouse's square)
        if self.stage == "place" and self.place_mini is not None and not self.animator.busy:
            at = self.hover_square if self.hover_square in self.candidates else self.cursor
            if at in self.candidates:
                m = self.game_mini(self.place_mini)
                img = miniature_sprite(m.die, m.weapon, self.index.get(m.owner, 0), tile, armour=m.armour,
                                       hero=m.hero).copy()
                img.set_alpha(150)
                surface.blit(img, img.get_rect(center=b.square_center(at)))
        # the odds on each target: "d8 vs d6" over "34 %" (just the percent on small squares)
        if self.stage in ("act", "weapon") and self.selected is not None:
            for sq, opts in self.candidates.items():
                attacks = [o for o in opts if rf.action_kind(o) == "attack"]
                if attacks:
                    self.draw_odds_tag(surface, sq, max(attacks, key=self.odds_percent))

    def draw_odds_tag(self, surface, sq, attack) -> None:
        b = self.board
        tile = b.tile
        a, t = self.game_mini(rf.actor(attack)), self.game_mini(rf.target_of(attack))
        lines = [f"{self.odds_percent(attack)} %"]
        if tile >= 72:
            lines.insert(0, f"d{a.die} vs d{t.die}")
        size = max(11, int(tile * 0.2))
        imgs = [text(line, size, INK, True) for line in lines]
        w = max(i.get_width() for i in imgs) + 8
        h = sum(i.get_height() for i in imgs) + 2
        r = b.square_rect(sq)
        tag = pygame.Rect(0, 0, w, h)
        tag.midtop = (r.centerx, r.top + 1)
        tag.clamp_ip(b.rect)
        panel(surface, tag, (60, 14, 12, 225), SK_ATTACK, 4)
        y = tag.y + 1
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(tag.centerx, y)))
            y += img.get_height()

    def draw_effects(self, surface) -> None:
        v = self.view
        b = self.board
        for shot in v.shots:
            a = self.screen_of(*shot.start)
            z = self.screen_of(*shot.end)
            t = min(1.0, shot.age / 0.3)
            tip = (a[0] + (z[0] - a[0]) * t, a[1] + (z[1] - a[1]) * t)
            pygame.draw.line(surface, SK_ATTACK, a, tip, max(2, b.tile // 16))
            pygame.draw.circle(surface, GOLD, tip, max(3, b.tile // 12))
        self.draw_floaters(surface, self.screen_of, b.tile)
        if v.banner is not None:
            self.draw_banner_words(surface, v.banner[0], 34)

    # --- HUD ---
    def draw_side(self, surface, y: int) -> None:
        s = self.s
        y = self.draw_players(surface, y + int(8 * s))
        y = self.draw_scenario(surface, y + int(6 * s))
        y = self.draw_tray(surface, y + int(6 * s))
        self.draw_card(surface, y + int(6 * s))

    def draw_top(self, surface) -> None:
        s = self.s
        g = self.seen
        rnd = rf.round_of(g)
        title = f"Round {rnd}" if rnd else "Setting up"
        img = text(title, int(28 * s), GOLD, True)
        surface.blit(img, (int(12 * s), int(12 * s)))
        x = int(12 * s) + img.get_width() + int(18 * s)
        room = self.board_rect.right - x - int(10 * s)
        if not self.animator.busy or "_initiative" not in self.__dict__:
            # (the view is ahead of the dice on screen: its words wait until they have landed — "Red 5: Red acts
            # first" showed while the initiative die was still rolling, and "Game over" before the last blow)
            self._initiative = rf.initiative_words(g)
        init = self._initiative
        hint = f"animations {'instant' if self.animator.speed >= 60 else f'x{self.animator.speed:g}'} ([ ])   {self.HINT}"
        himg = text(hint, int(15 * s), DIM)
        if init:
            size = int(20 * s)
            while size > 11 and text(init, size).get_width() > room - himg.get_width() - int(16 * s):
                size -= 1
            iimg = text(init, size, INK)
            if iimg.get_width() + himg.get_width() + int(16 * s) <= room:
                surface.blit(iimg, (x, int(27 * s) - iimg.get_height() // 2))
                surface.blit(himg, (self.board_rect.right - himg.get_width() - int(10 * s), int(20 * s)))
                return
            surface.blit(shortened(init, int(17 * s), room), (x, int(8 * s)))
            surface.blit(shortened(hint, int(13 * s), room, DIM), (x, int(32 * s)))
            return
        surface.blit(himg, (self.board_rect.right - himg.get_width() - int(10 * s), int(20 * s)))

    def draw_players(self, surface, y) -> int:
        s = self.s
        g = self.seen
        x = self.hud_rect.x + int(10 * s)
        width = self.hud_rect.w - int(20 * s)
        for p in rf.seats(g):
            colour = colour_of(self.index.get(p, 0))
            sw = pygame.Rect(x, y + 2, int(20 * s), int(20 * s))
            pygame.draw.rect(surface, colour.rgb, sw, border_radius=4)
            deciding = self.decision is not None and self.decision.player == p
            name = shortened(p + self.phone_tag(p) + ("  · to play" if deciding else ""), int(21 * s), width - int(28 * s),
                             GOLD if deciding else INK, True)
            surface.blit(name, (x + int(28 * s), y))
            y += int(24 * s)
            board, reserve, lost = rf.counts(g, p)
            line = f"{board} on the board · {reserve} in reserve · {lost} lost"
            surface.blit(shortened(line, int(16 * s), width - int(28 * s), DIM), (x + int(28 * s), y))
            y += int(19 * s)
            res = [m for m in rf.minis_of(g, p) if m.alive and m.at is None]
            if res:
                size = int(34 * s)
                xx = x + int(28 * s)
                for m in res:
                    if xx + size > self.hud_rect.right - int(8 * s):
                        break
                    placing = self.stage == "place" and m.id == self.place_mini
                    surface.blit(miniature_sprite(m.die, m.weapon, self.index.get(p, 0), size,
                                                  armour=m.armour, hero=m.hero,
                                                  state="selected" if placing else "ready"), (xx, y))
                    xx += size + 2
                y += size + 2
            y += int(4 * s)
        return y

    def draw_scenario(self, surface, y) -> int:
        s = self.s
        x = self.hud_rect.x + int(10 * s)
        width = self.hud_rect.w - int(20 * s)
        title, goal, progress = rf.scenario_words(self.seen)
        surface.blit(text(title, int(20 * s), GOLD, True), (x, y))
        y += int(22 * s)
        lines = [(goal, DIM), *((p, INK) for p in progress)]
        legend = rf.legend_words(self.seen, self.board.rings)
        if legend:
            lines.append((legend, DIM))
        for words, colour in lines:
            for line in wrap(words, int(16 * s), width):
                surface.blit(text(line, int(16 * s), colour), (x, y))
                y += int(17 * s)
        return self.draw_danger(surface, y)

    def danger_colour(self, player) -> tuple[int, int, int]:
        """A way to win next move is a warning (red) to everyone but the one who would win: to the seat at the
        table that would win it, it is a chance (gold)."""
        return tuple(GOLD[:3]) if player == self.viewer else tuple(SK_ATTACK[:3])

    def draw_danger(self, surface, y) -> int:
        """The warning when a player could win with one move (the rules' `one_move_from_winning`): a panel
        under the scenario for each way, red to the others, gold to the seat that would win, and the square it
        would win on ringed on the board in the same colour."""
        s = self.s
        warnings = rf.danger_words(self.seen)
        if not warnings:
            return y
        x = self.hud_rect.x + int(10 * s)
        width = self.hud_rect.w - int(20 * s)
        size = int(16 * s)
        bottom = y
        for p, words in warnings:
            colour = self.danger_colour(p)
            mine = colour != tuple(SK_ATTACK[:3])
            lines = wrap(words, size, width - int(8 * s), True)
            box = pygame.Rect(x - int(4 * s), bottom + int(4 * s), width + int(8 * s),
                              len(lines) * line_height(size, True) + int(8 * s))
            panel(surface, box, (58, 46, 12, 235) if mine else (70, 16, 14, 235), colour, 6)
            yy = box.y + int(4 * s)
            for line in lines:
                surface.blit(text(line, size, (255, 236, 170) if mine else (255, 214, 170), True), (x, yy))
                yy += line_height(size, True)
            bottom = box.bottom
        return bottom

    def draw_tray(self, surface, y) -> int:
        """The dice just rolled: attack against defence, the save, a skill check, the initiative. Each
        die's label ("re-roll defence") and its verdict ("5 vs 3: gets through") wrap under it, whole, in
        its column (a smaller font only where a word is wider than the column); the panel grows to fit."""
        s = self.s
        v = self.view
        if not v.tray:
            return y
        x = self.hud_rect.x + int(10 * s)
        width = self.hud_rect.w - int(20 * s)
        n = min(4, len(v.tray))
        cell = width // max(2, n)
        size = min(int(50 * s), cell - int(8 * s))
        title_size = fit_size(v.tray_title, int(16 * s), width, 2 * line_height(int(16 * s)), min_size=max(9, int(11 * s)),
                              line_gap=0)
        title = wrap(v.tray_title, title_size, width)
        top = y + int(4 * s) + len(title) * line_height(title_size)
        columns = []
        for d in v.tray[-n:]:
            under = []
            for words, colour, bold in ((d.label, INK, False),
                                        (d.verdict, GREEN if d.good else RED, True) if d.verdict and d.rolling <= 0
                                        else (d.needs, DIM, False)):
                if words:
                    fs = fit_size(words, int(14 * s), cell - 4, 3 * line_height(int(14 * s), bold), bold,
                                  min_size=max(9, int(10 * s)), line_gap=0)
                    under += [(line, fs, colour, bold) for line in wrap(words, fs, cell - 4, bold)]
            columns.append((d, under))
        low = max(sum(line_height(fs, b) for _, fs, _, b in under) for _, under in columns)
        box = pygame.Rect(x - int(4 * s), y, width + int(8 * s), top - y + size + int(6 * s) + low + int(8 * s))
        panel(surface, box, (34, 24, 30, 235), UI_PANEL_EDGE, 8)
        for k, line in enumerate(title):
            surface.blit(text(line, title_size, DIM), (x, y + int(4 * s) + k * line_height(title_size)))
        for i, (d, under) in enumerate(columns):
            cx = x + cell * i + cell // 2
            img = die_sprite(d.sides, size, d.colour, str(d.shown))
            surface.blit(img, img.get_rect(midtop=(cx, top)))
            yy = top + size + int(4 * s)
            for line, fs, colour, bold in under:
                img = text(line, fs, colour, bold)
                surface.blit(img, img.get_rect(midtop=(cx, yy)))
                yy += line_height(fs, bold)
        return box.bottom

    def draw_card(self, surface, y) -> None:
        """The miniature under the cursor or the mouse (or the picked one): its die and what it can do."""
        s = self.s
        mid = None
        for sq in (self.hover_square, self.cursor if self.stage not in ("auto", "idle") else None):
            if sq is not None:
                mid = rf.mini_at(self.seen, sq)
                if mid is not None:
                    break
        mid = mid or self.selected
        if mid is None:
            return
        m = self.game_mini(mid)
        x = self.hud_rect.x + int(10 * s)
        width = self.hud_rect.w - int(20 * s)
        room = self.hud_rect.bottom - y - int(8 * s)
        if room < int(60 * s):
            return
        size = min(int(64 * s), room)
        surface.blit(miniature_sprite(m.die, m.weapon, self.index.get(m.owner, 0), size, armour=m.armour,
                                      hero=m.hero, carrying=self.view.carrier == mid), (x, y))
        tx = x + size + int(8 * s)
        surface.blit(shortened(m.name, int(20 * s), width - size - int(8 * s), INK, True), (tx, y))
        surface.blit(shortened(rf.status_words(self.seen, mid), int(15 * s), width - size - int(8 * s), DIM),
                     (tx, y + int(22 * s)))
        yy = y + max(size, int(44 * s)) + int(4 * s)
        for line in rf.stat_lines(m, self.needs("save", m.die), self.needs("skill", m.die)):
            if yy + int(17 * s) > self.hud_rect.bottom - int(4 * s):
                break
            surface.blit(shortened(line, int(16 * s), width, INK), (x, yy))
            yy += int(17 * s)

    def asked_words(self, who: str) -> str:
        d = self.decision
        if self.stage == "place":
            m = self.game_mini(self.place_mini)
            ranks = sorted({sq[1] + 1 for sq in self.candidates})
            row = f" (row {ranks[0]})" if len(ranks) == 1 else ""
            # (not "a blue square": the other side's home row is drawn in its own colour, blue for Sky Blue)
            return f"{who}: place your {m.name} (d{m.die}) on a lit square of your home row{row}"
        if self.stage == "reroll":
            return f"{who}: {rf.reroll_words(self.seen, self.decision, self.needs)} Re-roll (R) or keep (K)?"
        if self.stage == "weapon":
            a = self.pending_attacks[0]
            return (f"{who}: {self.game_mini(a.mini).name} attacks {self.game_mini(a.target).name} — "
                    f"in melee or at range? (1 / 2, Esc back)")
        if self.stage == "pick":
            return (f"{who}: pick a miniature to act — a pick is final (gold squares; click, or Tab / arrows and "
                    "Enter)")
        name = self.game_mini(self.selected).name
        target = self.candidates.get(self.cursor) or self.candidates.get(self.hover_square) or []
        attacks = [o for o in target if rf.action_kind(o) == "attack"]
        if attacks:
            if len(attacks) > 1 and self.same_odds(attacks):
                attacks = attacks[:1]  # (as a click on it: one attack, not asked which)
            target = self.game_mini(rf.target_of(attacks[0]))
            actor = self.game_mini(self.selected)
            # (a d10 with 9 % against a d8 puzzles a new player: say the heroes' re-rolls are in the odds)
            heroes = [m.name for m in (actor, target) if m.hero and not m.rerolled]
            note = {0: "", 1: f" ({heroes[0]}'s hero re-roll counted in)"}.get(len(heroes), " (both heroes' re-rolls counted in)")
            return f"{who}: {name} attacks {target.name}: " + \
                " or ".join(f"{rf.attack_with(o)} {self.odds_words(o)}" for o in attacks) + note
        kinds = {rf.action_kind(o) for opts in self.candidates.values() for o in opts}
        board = [w for k, w in (("move", "green: move"), ("attack", "red: attack (odds shown)")) if k in kinds]
        labels = [b.label for b in self.buttons if b.enabled]
        # (only what is on offer: after a move onto the marker there is nothing green or red left)
        said = ", ".join(board)
        if labels:
            said += ("; or " if said else "") + " or ".join(labels)
        return f"{who}: {name} — {said}" if said else f"{who}: {name}"

    prompt_font = 19
    prompt_inset = (12, 8)

    def draw_game_over(self, surface) -> None:
        head, lines = rf.outcome_words(self.seen)
        self.draw_outcome(surface, head, lines, (30, 20, 24, 245), 38, 20, room=110, first=64)


class SkirmishReplay(Replay, SkirmishTable):
    """A game played again on the table from its record (its setup and decisions), every animation and
    log line as it happened; [ ] set the speed, Esc leaves (back to the results or the load screen).
    `source` is a finished game, or a saved game's record (`core.record.Record`) from the load screen,
    finished or not: an unfinished one stops where the record ends."""

    replay_words = "Replay: the game as it was played ([ ] speed, Esc leaves)."

    def __init__(self, app, source):
        from ...rulesets.skirmish.setup import new_game

        def set_out(setup, source):  # (a finished game's own board, unless its obstacles were generated)
            played = hasattr(source, "history") and not setup.options.obstacles
            return new_game(setup, Front(source).ask(None, "arena") if played else None)
        self.replay_record(app, source, set_out, map_path, rf.seats, "board")


def map_path(game):
    """The map file a game's board came from (None for a generated board): the game handed on unread,
    its board asked for."""
    return map_file(Front(game).ask(None, "arena"))


def start_battle(app, game, path=None) -> SkirmishTable:
    """Put a game of Chessboard Skirmish on its table with the player's settings and autosave; the results
    screen follows the end. Replaces every scene but the title screen."""
    return open_table(app, SkirmishTable, game, map_path(game) if path is None else path)

