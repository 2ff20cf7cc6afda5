"""The battle screen: the arena, the figures, the HUD, and every decision of a hotseat game.

The scene reads the game only through its `front` (`deathmatch.core.front`): the view of the game
for the person seated (`rulesets/celebrity/view.py`: another seat's unplayed abilities are not in
it), the decision and its legal answers for the seat that answers it, the ruleset's questions
(`needed_roll`, `attack_needs`, `orders`, `arena`); it sends the answers (`front.apply`) and
animates the events that come back. It decides no rule itself: the highlighted hexes, the targets,
the "5+" on a target and every outcome come from the engine.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import pygame

from ...client import sprites
from .anim import Animator, View, sync
from .. import recap
from . import phone
from .log import describe
from .facts import ability, ability_heading, face, hex_of, models_of, needs_words, roll_words, who
from ...client.mapview import Camera, MapView
from ...client.ui import GOLD, INK, DIM, RED, GREEN, Button, draw_text_block, panel, text
from ...client.ui import MIN_TEXT, block_height, draw_label, fit_size, fit_text_block, font, line_height, wrap
from ...rulesets.celebrity import Attack, Hold, Move, MoveAttack, Pass, Place, PushBack, UseAbility
from ...rulesets.celebrity import events as ev
from ...rulesets.celebrity.randomplay import random_answer
from ...rulesets.celebrity.view import bot_seats
from ...core.front import Front, seen
from ..table import Frame, Table, open_table


HIGHLIGHT = {
    "move": (90, 200, 255),
    "attack": (255, 80, 60),
    "place": (120, 230, 140),
    "push": (255, 190, 60),
    "target": (255, 140, 40),
    "cursor": (255, 255, 255),
}
KEY_ACTIONS = [pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8, pygame.K_9]


class BattleScene(Table):
    HINT = "F1: controls    Esc: menu"
    menu = True
    """Whether the Menu button shows (not in the replay viewer)."""

    def __init__(self, app, game, arena_path: Path, *, hidden_cards: bool = True, handoff: bool = True,
                 auto_players=(), anim_speed: float = 1.0, seed: int = 0, on_exit=None, auto_delay: float = 0.35,
                 autosave=None):
        super().__init__(app)
        self.game = game
        arena = self.front.ask(None, "arena")
        self.mapview = MapView(arena, Path(arena_path))
        public = self.front.view(None)
        seats = list(public.seats)
        self.index = {p: c for p, c in zip(seats, public.colours)}
        """Player → colour number: their seat at setup (the colour they picked), not the dice-off order."""
        self.view = View()
        sync(self.view, public, self.mapview)  # (where things stand is public)
        self.hidden_cards = hidden_cards
        computer = self.front.hand_to(bot_seats)  # (the host's: a bot's seed is no screen's)
        # (with one person at the table, `humans`, there is nobody to hide cards from)
        self.seat_table(seats, Animator(self.view, self.mapview, anim_speed), auto_players=auto_players,
                        bot_seats=[(player, strength) for player, strength, _ in computer],
                        bot_seed=computer[0][2] if computer else 0, handoff=handoff, seed=seed, on_exit=on_exit,
                        auto_delay=auto_delay, autosave=autosave)
        self.log_marks: list[int] = []
        """The log's length before each answer (an undo cuts the log back to it)."""
        self.undo_run: list[str | None] = []
        """Who gave each of the last answers that may still be taken back (`undo_steps`)."""
        self.filter = None  # which kind of board choice the number keys picked
        self.cursor = 0
        self.facing_at = None
        self.facing_build = None
        self.facing_choices = list(range(6))
        self.facing_pick = 0
        self.hover_hex = None
        self.mouse_down = None
        self.dragging = False
        self.over_banner = False
        lay = arena.layout
        self.radius = min(lay.tile_width, lay.tile_height) / 2 if lay else 56
        self.layout(app.size)
        self.camera.fit()
        self.begin_log(self.front.opening)

    # ------------------------------------------------------------------ layout
    frame = Frame(hud=300, top=54, bar=112, menu_y=10, log_share=0.42, button_text=19)

    def fit_board(self) -> None:
        """The arena is shown through a camera (zoom and pan), fitted to the board's rectangle."""
        if not hasattr(self, "camera"):
            self.camera = Camera(self.board_rect, self.mapview.size)
        else:
            self.camera.resize(self.board_rect)

    def resume(self) -> None:
        """Back on top (after a hand-off, the orders or the menu): the buttons depend on who sits here;
        a hand-off owed while a prompt was over this screen opens now."""
        self.make_buttons()
        self.refresh_hover()
        self.hand_over()

    def refresh_hover(self) -> None:
        """Where the mouse is now: it may have moved while another screen was on top (a hand-off, the
        orders), and a hex it left then must not pick the card shown to the next seat."""
        pos = pygame.mouse.get_pos() if pygame.display.get_init() and pygame.mouse.get_focused() else None
        if pos is None:
            self.hover_hex = None
        else:
            self.hover(pos)

    # ----------------------------------------------------------------- engine
    def take(self, events) -> None:
        """Animate the events; each one's log line is written as its animation ends (the shared
        table's `write_after`: a die's result is not told before it lands)."""
        public = self.front.view(None)
        told = set(map(id, self.front.told(events, None)))  # the log is the table's: nothing any seat may not see
        ability = None  # the ability last played: the VP its effect scores are "from" it
        for e in events:
            self.animator.add([e])
            if isinstance(e, ev.AbilityPlayed):
                ability = e.ability
            line = describe(e, public, ability) if id(e) in told else None
            if line:
                self.write_after(line)

    def where_words(self, public) -> str:
        """Where the game is, for the hand-off (from the public view only): placing, or the round."""
        n = public.get("round") or 0
        return f"Round {n}" if n > 0 else "Placing your celebrities"

    def recap_lines(self, events, viewer) -> list:
        """"Since your last turn" (scenes/recap.py): the log's lines, which are the table's (told to every
        seat), worded short: an ability played by its name only (the log adds its rules text), and at a
        table of more than two players whose celebrity acts ("Joan of Arc (Ann) moves 2 hexes")."""
        public = self.front.view(None)
        many = len(getattr(public, "players", ()) or ()) > 2
        out, played = [], None
        for e in self.front.told(events, None):
            if isinstance(e, ev.AbilityPlayed):
                played = e.ability
            line = describe(e, public, played)
            if not line:
                continue
            actor = {ev.AbilityPlayed: "model", ev.Moved: "model", ev.AttackDeclared: "attacker",
                     ev.LootTaken: "model"}.get(type(e))
            if isinstance(e, ev.AbilityPlayed):
                target = f" on {who(public, e.target)}" if e.target else ""
                standing = " (standing order)" if getattr(e, "by_order", False) else ""
                line = f"{who(public, e.model)} plays {e.ability}{target}{standing}"
            if many and actor is not None:
                mid = getattr(e, actor)
                name = who(public, mid)
                if mid in public.models and line.startswith(name):
                    line = f"{name} ({public.models[mid].player}){line[len(name):]}"
            out.append(line)
        return out

    def cell_point(self, h) -> tuple:
        """Where hex `h` is on screen (the recap panel keeps clear of the hexes that may be picked)."""
        return self.camera.world_to_screen(*self.mapview.hex_center(h))

    def piece_points(self) -> list:
        """Where the pieces are on screen (the recap panel keeps clear of either side's)."""
        cam = self.camera
        return [cam.world_to_screen(f.x, f.y) for f in (*self.view.figures.values(), *self.view.beasts.values())
                if getattr(f, "alpha", 1.0) > 0.02]

    def map_rect(self) -> pygame.Rect:
        """The map's rectangle on screen (the recap panel takes the margin beside it when it fits)."""
        (x0, y0), (x1, y1) = self.camera.world_to_screen(0, 0), self.camera.world_to_screen(*self.camera.world_size)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))

    def snap_picture(self) -> None:
        """The picture snapped to the game as the seat at the screen sees it (a replay's start and end)."""
        sync(self.view, self.now(), self.mapview)

    def answer(self, action, confirmed: bool = False) -> None:
        """Send an answer to the engine and animate what it causes (and autosave)."""
        if self.decision is not None and self.on_phone(self.decision):
            if not self.phone_step(action):
                return
            confirmed = True  # (the phone's page asks its own "Do it")
        settings = getattr(self.app, "settings", None)
        if (not confirmed and settings is not None and settings.confirm_end and self.decision is not None
                and self.decision.kind == "action" and self.decision.player not in self.auto):
            self.stage = "confirm"
            self.to_confirm = action
            self.candidates = {}
            self.make_buttons()
            return
        self.log_marks = (self.log_marks + [len(self.log)])[-50:]
        player = self.decision.player if self.decision is not None else self.front.turn
        super().answer(action)
        # the answers that may still be taken back, newest last (the engine says whether each may)
        self.undo_run = (self.undo_run + [player])[-50:] if self.front.view(None).can_undo else []

    def undo_steps(self) -> tuple[str | None, int]:
        """(the person whose last answer may be taken back, how many answers that takes back: theirs
        and the computer seats' after it). Against the computer a plain move is answered at once: its
        take-back takes back the computer's answers after it too (like a chess program's), as long as
        nothing the rules name came since (a die, an ability, loot or a beast placed)."""
        n = 0
        for p in reversed(self.undo_run):
            n += 1
            if p not in self.auto:
                if self.phones is not None and p in self.phones.seats:
                    return None, 0  # a phone seat's answer: whoever is at the screen is someone else
                return p, n
        return None, 0

    def set_order(self, order) -> None:
        """A standing order from the seated player (the orders screen): an answer that keeps
        the decision where it is; private, so nothing is logged or animated."""
        self.front.apply(order.player, order)
        self.save_now()

    def open_orders(self) -> None:
        if self.can_give_orders():
            self.app.open("orders", self)

    FIRST_TURN_NOTE = ("Your reactions play themselves on standing orders until you change them: "
                       "Orders (O) on your turn.")

    def first_turn_note(self, seat: str) -> str | None:
        """The hand-off's word to a person taking the seat for the first time while hidden cards are on (every
        person then starts on standing orders, which may play a reaction before their first turn: a re-roll
        spent on round 1's dice puzzled players who never saw the orders). The same for every seat: public."""
        if not self.hidden_cards or seat not in self.humans or seat in recap.tracker(self).marks:
            return None
        return self.FIRST_TURN_NOTE

    def can_give_orders(self) -> bool:
        """On the seated player's own decision, if they have a reaction left to give an order for."""
        d = self.decision
        if d is None or d.player in self.auto or d.player != self.viewer or self.animator.busy:
            return False
        return bool(self.front.ask(d.player, "orders"))

    def can_undo(self, for_player: str | None = None) -> bool:
        """Whether the last answer may be taken back now (the engine says whether the rules
        allow it: no die rolled, nothing hidden shown since). With hidden cards only the player
        who gave it may, while still seated (or from the hand-off screen, before the next
        player has seen anything)."""
        who, _ = self.undo_steps()
        now = self.front.view(self.viewer)
        if who is None or self.animator.busy or self.stage == "auto" or not now.can_undo:
            return False
        d = now.pending
        if self.hidden_cards and d is not None and d.kind == "window" and d.player != who and not self.own_turn(now, d):
            return False  # the table has seen that another seat holds a reaction now: hidden information shown
        if for_player is not None:
            return who == for_player
        return not self.hidden_cards or self.viewer == who

    @staticmethod
    def own_turn(view, d) -> bool:
        """Whether the view's pending window decision `d` is the start of the asked seat's own model's activation: the
        hand-off to them came anyway (for its action), so it shows nobody anything hidden."""
        subject = view.models.get(d.model) if d.model is not None else None  # (a window's model: its subject)
        return d.window == "activation_start" and subject is not None and subject.player == d.player

    def undo(self) -> None:
        """Take back the last answer: the game replayed from its record without it."""
        from ...rulesets.celebrity.record import undo

        who, n = self.undo_steps()
        if not self.can_undo() and not self.can_undo(who):
            return
        for _ in range(n):  # theirs, and the computer seats' answers after it
            self.game = undo(self.game)
            if self.log_marks:
                self.log = self.log[:self.log_marks.pop()]
        self.animator = Animator(self.view, self.mapview, self.animator.speed)
        self.animator.sound = getattr(self.app, "sound", None)
        self.undo_run = []
        self.last_human = None
        self.viewer = who if self.hidden_cards else self.viewer
        self.save_now()
        self.decision = None
        self.stage = "idle"
        self.candidates = {}
        self.buttons = []
        self.log.append(f"{who} takes back their last move")

    def new_decision(self) -> None:
        self.phone_facing = None
        sync(self.view, self.now(), self.mapview)
        self.filter = None  # which kind of board choice the number keys picked
        super().new_decision()

    def now(self):
        """The game as the person seated may see it (`self.viewer`; None: nobody seated, the public
        view): all the board, the HUD and the prompt read."""
        return self.front.view(self.viewer)

    def fallback_answer(self):
        return self.front.hand_to(lambda game_: random_answer(game_, self.rng, 0.5))

    def enter_stage(self) -> None:
        d = self.decision
        self.cursor = 0
        if d.kind == "place":
            self.stage = "place"
            self.candidates = {o.to: [o] for o in self.options}
        elif d.kind == "push_back":
            self.stage = "push"
            self.candidates = {o.to: [o] for o in self.options}
        elif d.kind == "action":
            self.stage = "choose"
            self.candidates = self.action_candidates()
        else:
            self.stage = "window"
            self.candidates = {}
        self.make_buttons()

    def action_candidates(self) -> dict:
        """Board hexes the player may click now → the actions they stand for."""
        out: dict = {}
        models = self.now().models
        for o in self.options:
            if isinstance(o, Move) and self.filter in (None, "move"):
                end = o.path[-1]
                out.setdefault(end, []).append(o)
            elif isinstance(o, Attack) and self.filter in (None, "attack"):
                out.setdefault(hex_of(models[o.target].at), []).append(o)
            elif isinstance(o, MoveAttack) and self.filter in (None, "move_attack"):
                out.setdefault(hex_of(models[o.target].at), []).append(o)
        return out

    # ------------------------------------------------------------------- input
    def handle_event(self, event):
        if self.phone_panel_event(event):
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.mouse_down = (event.pos, event.button)
            self.dragging = False
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
            if self.mouse_down and (event.buttons[0] or event.buttons[1] or event.buttons[2]):
                (x0, y0), _ = self.mouse_down
                if self.dragging or abs(event.pos[0] - x0) + abs(event.pos[1] - y0) > 6:
                    self.dragging = True
                    self.camera.pan(*event.rel)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            down, self.mouse_down = self.mouse_down, None
            if not self.dragging and down and event.button == 1:
                self.click(event.pos)
            elif not self.dragging and down and event.button == 3:
                self.cancel()
            self.dragging = False
            return None
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.log_rect.collidepoint(pos):
                self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + event.y))
            else:
                self.camera.zoom_at(1.1 ** event.y, pos)
            return None
        if event.type == pygame.KEYDOWN:
            self.key(event.key, event.mod)
            return None
        return event

    def hover(self, pos) -> None:
        self.hover_hex = None
        if self.board_rect.collidepoint(pos):
            wx, wy = self.camera.screen_to_world(*pos)
            self.hover_hex = self.mapview.hex_at(wx, wy)
        if self.stage == "facing" and self.facing_at is not None:
            cx, cy = self.camera.world_to_screen(*self.mapview.hex_center(self.facing_at))
            angle = math.degrees(math.atan2(-(pos[1] - cy), pos[0] - cx))
            self.facing_pick = min(range(len(self.facing_choices)), key=lambda i: abs(
                (self.mapview.facing_angle(self.facing_choices[i]) - angle + 180) % 360 - 180))

    def click(self, pos) -> None:
        if self.animator.busy:
            self.animator.skip()
            return
        if recap.panel_click(self, pos):  # the "since your last turn" panel's × or replay
            return
        if self.stage == "over":
            for b in self.buttons:
                if b.hit(pos):
                    b.action()
            return
        for b in self.buttons + ([self.menu_button] if self.menu else []):
            if b.hit(pos):
                b.action()
                return
        if self.stage == "facing":
            self.hover(pos)
            self.confirm_facing()
            return
        if self.board_rect.collidepoint(pos):
            wx, wy = self.camera.screen_to_world(*pos)
            h = self.mapview.hex_at(wx, wy)
            if h is not None:
                self.pick_hex(h)

    def key(self, key, mod) -> None:
        if key == pygame.K_SPACE and self.animator.busy:
            self.animator.skip()
            return
        pan = 40 * self.s
        if self.stage == "facing":
            if key in (pygame.K_LEFT, pygame.K_a):
                self.facing_pick = (self.facing_pick + 1) % len(self.facing_choices)
                return
            if key in (pygame.K_RIGHT, pygame.K_d):
                self.facing_pick = (self.facing_pick - 1) % len(self.facing_choices)
                return
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.confirm_facing()
                return
            if key in KEY_ACTIONS[:6]:  # 1–6: the directions counter-clockwise from the right
                order = sorted(range(len(self.facing_choices)),
                               key=lambda i: self.mapview.facing_angle(self.facing_choices[i]) % 360)
                k = KEY_ACTIONS.index(key)
                if k < len(order):
                    self.facing_pick = order[k]
                return
        moves = {pygame.K_LEFT: (pan, 0), pygame.K_RIGHT: (-pan, 0), pygame.K_UP: (0, pan), pygame.K_DOWN: (0, -pan),
                 pygame.K_a: (pan, 0), pygame.K_d: (-pan, 0), pygame.K_w: (0, pan), pygame.K_s: (0, -pan)}
        if key in moves:
            self.camera.pan(*moves[key])
            return
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera.zoom_at(1.15, self.board_rect.center)
            return
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera.zoom_at(1 / 1.15, self.board_rect.center)
            return
        if key == pygame.K_F5 and not self.front.over:
            self.app.open("save as", self.game)
            return
        if key == pygame.K_o:
            self.open_orders()
            return
        if key == pygame.K_u or (key == pygame.K_z and mod & pygame.KMOD_CTRL):
            if self.can_undo():
                self.undo()
            return
        if key == pygame.K_F1:
            self.app.open("help")
            return
        if key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            speeds = [0.5, 1.0, 2.0, 4.0, 60.0]
            i = min(range(len(speeds)), key=lambda k: abs(speeds[k] - self.animator.speed))
            i = max(0, i - 1) if key == pygame.K_LEFTBRACKET else min(len(speeds) - 1, i + 1)
            self.animator.speed = speeds[i]
            return
        if key == pygame.K_ESCAPE:
            if self.stage == "over":
                self.leave()
            elif self.stage in ("facing", "step", "use", "confirm") or self.filter is not None:
                self.cancel()
            else:
                self.open_menu()
            return
        if self.animator.busy:
            return
        if key == pygame.K_TAB and self.candidates:
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            self.cursor = (self.cursor + step) % len(self.candidates)
            return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            keys = self.candidate_order()
            if keys:
                self.pick_hex(keys[self.cursor % len(keys)])
            elif self.stage == "over":
                self.leave()
            return
        for b in self.buttons:
            if b.key == key and b.enabled:
                b.action()
                return

    def candidate_order(self) -> list:
        return sorted(self.candidates, key=lambda h: (h.r, h.q))

    def cancel(self) -> None:
        if self.decision is not None and self.stage not in ("auto", "over"):
            self.filter = None
            self.enter_stage()

    # ---------------------------------------------------------------- choices
    def pick_hex(self, h) -> None:
        options = self.candidates.get(h)
        if not options:
            return
        if self.stage == "place":
            o = options[0]
            self.ask_facing(h, lambda f, o=o: Place(o.model, o.to, f))
        elif self.stage == "push":
            self.answer(options[0])
        elif self.stage == "choose":
            moves = [o for o in options if isinstance(o, Move)]
            attacks = [o for o in options if isinstance(o, Attack)]
            jumps = [o for o in options if isinstance(o, MoveAttack)]
            if attacks:
                self.answer(attacks[0])
            elif moves:
                loot = set(self.now().loot)
                move = max(moves, key=lambda m: sum(1 for x in m.path if x in loot))
                self.ask_facing(h, lambda f, m=move: Move(m.model, m.path, f))
            elif len(jumps) == 1:
                self.answer(jumps[0])
            elif jumps:
                self.stage = "step"
                self.candidates = {j.path[0]: [j] for j in jumps}
                self.cursor = 0
                self.make_buttons()  # Back (Esc), not the action's buttons
        elif self.stage == "step":
            self.answer(options[0])
        elif self.stage == "use":
            self.choose_use(options, h)

    def ask_facing(self, at, build, choices=None, model: str | None = None) -> None:
        """Ask which way `model` (default: the decision's model) faces, with the wheel drawn at `at`."""
        self.stage = "facing"
        self.facing_at = at
        self.facing_build = build
        self.facing_choices = list(choices) if choices is not None else list(range(6))
        self.facing_model = model if model is not None else (self.decision.model if self.decision else None)
        m = self.now().models.get(self.facing_model) if self.facing_model else None
        current = m.facing if m is not None and m.facing in self.facing_choices else self.facing_choices[0]
        self.facing_pick = self.facing_choices.index(current)
        self.candidates = {}
        self.make_buttons()

    def confirm_facing(self) -> None:
        if self.facing_build is not None:
            action = self.facing_build(self.facing_choices[self.facing_pick])
            self.facing_build = None
            self.answer(action)

    def start_use(self, uses: list[UseAbility]) -> None:
        """The player picked an ability button: choose among its uses on the board."""
        if len(uses) == 1 and uses[0].target is None and not uses[0].path and uses[0].to is None:
            self.answer(uses[0])
            return
        cands: dict = {}
        for u in uses:
            if u.to is not None:
                cands.setdefault(u.to, []).append(u)
            elif u.target is not None:
                cands.setdefault(hex_of(self.now().models[u.target].at), []).append(u)
            elif u.path:
                cands.setdefault(u.path[-1], []).append(u)
        self.stage = "use"
        self.using = uses[0].ability if uses else ""
        self.candidates = cands
        self.cursor = 0
        self.make_buttons()

    def choose_use(self, uses: list[UseAbility], h) -> None:
        paths = {u.path for u in uses}
        facings = sorted({u.facing for u in uses if u.facing is not None})
        if len(paths) > 1:  # a charge with several runs to the same target: pick where it ends
            self.stage = "use"
            self.candidates = {}
            for u in uses:
                self.candidates.setdefault(u.path[-1] if u.path else hex_of(self.now().models[u.model].at), []).append(
                    UseAbility(u.model, u.ability, u.target, u.path, u.to, u.facing))
            # one use per end hex now: picking a hex answers
            self.candidates = {k: v[:1] for k, v in self.candidates.items()}
            return
        u = uses[0]
        if facings:  # the ability sets a facing (turn a foe): choose it, the wheel on whoever turns
            models = self.now().models
            turner = u.target if u.target in models else u.model
            self.ask_facing(hex_of(models[turner].at) or h,
                            lambda f, u=u: UseAbility(u.model, u.ability, u.target, u.path, u.to, f), facings, turner)
        elif u.path or u.to is not None:  # the model moves: it may face any way, where it ends
            end = u.to if u.to is not None else u.path[-1]
            self.ask_facing(end, lambda f, u=u: UseAbility(u.model, u.ability, u.target, u.path, u.to, f),
                            model=u.model)
        else:
            self.answer(u)

    # ----------------------------------------------------------------- buttons
    def make_buttons(self) -> None:
        self.buttons = []
        d = self.decision
        s = self.s
        x = self.log_rect.right + int(12 * s)
        y = self.bar_rect.y + int(40 * s)
        bw, bh, gap = int(120 * s), int(30 * s), int(6 * s)

        def add(label, action, enabled=True, key=None, hint="", selected=False):
            nonlocal x, y
            need = font(int(19 * s)).size(label)[0] + int(16 * s)  # a long ability name gets a wider button
            width = bw if need <= bw else min(2 * bw + gap, need, self.bar_rect.right - gap - self.log_rect.right - int(12 * s))
            if x + width > self.bar_rect.right - gap:
                x = self.log_rect.right + int(12 * s)
                y += bh + gap
            self.buttons.append(Button(label, pygame.Rect(x, y, width, bh), action, enabled, key, hint, selected))
            x += width + gap

        if self.stage == "over":
            add("Leave (Esc)", self.leave, key=pygame.K_ESCAPE)
            return
        if d is None or self.stage in ("auto", "idle"):
            return
        if self.stage == "confirm":
            add("Confirm (Enter)", lambda: self.answer(self.to_confirm, confirmed=True), True, pygame.K_RETURN)
            add("Back (Esc)", self.cancel, key=pygame.K_ESCAPE)
            return
        if self.stage in ("facing", "step", "use"):
            if self.stage == "facing":
                add("Confirm (Enter)", self.confirm_facing, key=pygame.K_RETURN)
            add("Back (Esc)", self.cancel, key=pygame.K_ESCAPE)
            return
        if self.can_undo():
            add("Undo (U)", self.undo, True, None,
                "Take back your last move, facing or placement (and the computer's moves after it) "
                "until a die is rolled or an ability played.")
        if self.can_give_orders():
            add("Orders (O)", self.open_orders, True, None,
                "Standing orders: when the game plays your reactions for you, without stopping to ask.")
        if d.kind == "action":
            kinds = {type(o) for o in self.options}
            m = self.front.view(d.player).models[d.model]  # (their own model: its abilities theirs to read)
            at = hex_of(m.at)

            def set_filter(f):
                def go():
                    self.filter = None if self.filter == f else f
                    self.candidates = self.action_candidates()
                    self.cursor = 0
                    self.make_buttons()
                return go

            add("1 Move", set_filter("move"), Move in kinds, pygame.K_1, selected=self.filter == "move",
                hint="Walk up to 2 hexes (the blue ones), then turn any way." + ("" if Move in kinds else "  (No room to move.)"))
            add("2 Attack", set_filter("attack"), Attack in kinds, pygame.K_2, selected=self.filter == "attack",
                hint="Attack a foe next to you: a 6 hits, a 5 or a 6 from one of the three hexes at its back."
                     + ("" if Attack in kinds else "  (No foe next to you.)"))
            add("3 Move+attack", set_filter("move_attack"), MoveAttack in kinds, pygame.K_3, selected=self.filter == "move_attack",
                hint="Step one hex, then attack a foe next to you there." + ("" if MoveAttack in kinds else "  (No foe one step away.)"))
            add("4 Hold", lambda: self.ask_facing(at, lambda f: Hold(d.model, f)), True, pygame.K_4,
                hint="Stay where you are and turn to face any way.")
            n = 5
            for ab in m.card_abilities:
                if ab is None or ab.timing != "action":
                    continue
                uses = [o for o in self.options if isinstance(o, UseAbility) and o.ability == ab.name]
                label = f"{n} {ab.name}" + (" (used)" if ab.name in m.used else "")
                why = "" if uses else ("  (Played: once per game.)" if ab.name in m.used else "  (Nothing it can do from here now.)")
                add(label, (lambda u=uses: self.start_use(u)), bool(uses), KEY_ACTIONS[n - 1] if n <= 9 else None,
                    ab.text + why)
                n += 1
        elif d.kind == "window":
            groups: dict = {}
            for o in self.options:
                if isinstance(o, UseAbility):
                    groups.setdefault((o.model, o.ability), []).append(o)
            for n, ((mid, name), uses) in enumerate(groups.items(), start=1):
                ab = ability(self.front.view(d.player).models[mid], name)
                add(f"{n} {name}", (lambda u=uses: self.start_use(u)), True, KEY_ACTIONS[n - 1] if n <= 9 else None,
                    ab.text if ab else "")
            add("0 Pass", lambda: self.answer(Pass(d.player)), True, pygame.K_0)

    # -------------------------------------------------------------------- draw
    def draw(self, surface) -> None:
        surface.fill(self.mapview.background)
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        self.camera.draw_map(surface, self.mapview, filled=True)  # (the whole window was just filled)
        self.draw_highlights(surface)
        self.draw_pieces(surface)
        self.draw_attack_from(surface)
        self.draw_effects(surface)
        surface.set_clip(clip)
        self.draw_hud(surface)

    def hex_poly(self, h):
        return [self.camera.world_to_screen(x, y) for x, y in self.mapview.hex_corners(h)]

    def draw_highlights(self, surface) -> None:
        if not self.candidates and self.stage not in ("facing", "window"):
            return
        hl = self.highlight_layer(surface)
        layer, mark = hl.layer, hl.mark
        kind_colour = {"place": HIGHLIGHT["place"], "push": HIGHLIGHT["push"], "step": HIGHLIGHT["move"],
                       "use": HIGHLIGHT["target"]}
        order = self.candidate_order()
        for i, (h, opts) in enumerate(self.candidates.items()):
            if self.stage == "choose":
                colour = HIGHLIGHT["attack"] if any(isinstance(o, (Attack, MoveAttack)) for o in opts) else HIGHLIGHT["move"]
            elif self.stage == "use":
                colour = self.use_colour(h, opts)
            else:
                colour = kind_colour.get(self.stage, HIGHLIGHT["move"])
            poly = self.hex_poly(h)
            mark(pygame.draw.polygon(layer, colour + (70,), poly))
            mark(pygame.draw.polygon(layer, colour + (200,), poly, max(1, int(2 * self.s))))
        if order and self.stage in ("choose", "place", "push", "step", "use"):
            h = order[self.cursor % len(order)]
            mark(pygame.draw.polygon(layer, HIGHLIGHT["cursor"] + (230,), self.hex_poly(h), max(2, int(3 * self.s))))
        if self.hover_hex in self.candidates:
            mark(pygame.draw.polygon(layer, (255, 255, 255, 60), self.hex_poly(self.hover_hex)))
            if self.stage == "choose":
                moves = [o for o in self.candidates[self.hover_hex] if isinstance(o, Move)]
                if moves:
                    m = self.now().models[self.decision.model]
                    pts = [self.camera.world_to_screen(*self.mapview.hex_center(x)) for x in (hex_of(m.at),) + moves[0].path]
                    mark(pygame.draw.lines(layer, (255, 255, 255, 220), False, pts, max(2, int(4 * self.s))))
        models = self.now().models
        if self.decision is not None and self.decision.model in models and self.stage not in ("auto",):
            m = models[self.decision.model]
            if m.at is not None and m.alive:
                mark(pygame.draw.polygon(layer, GOLD + (255,), self.hex_poly(hex_of(m.at)), max(2, int(3 * self.s))))
        if self.stage == "facing" and self.facing_at is not None:
            cx, cy = self.camera.world_to_screen(*self.mapview.hex_center(self.facing_at))
            r = self.camera.zoom * self.radius * 1.05
            for i, f in enumerate(self.facing_choices):
                a = math.radians(self.mapview.facing_angle(f))
                tip = (cx + math.cos(a) * r, cy - math.sin(a) * r)
                colour = GOLD + (255,) if i == self.facing_pick else (230, 230, 230, 130)
                mark(pygame.draw.line(layer, colour, (cx, cy), tip, max(2, int(4 * self.s)) if i == self.facing_pick else 2))
                mark(pygame.draw.circle(layer, colour, tip, max(4, int(7 * self.s))))
        hl.blit(surface)

    def use_kind(self) -> str:
        """What the hexes of an ability's use stand for: "foe" (enemy models to target), "model" (models,
        a friend among them), or "hex" (where the model goes)."""
        models = self.now().models
        d = self.decision
        kinds = set()
        for h, opts in self.candidates.items():
            o = opts[0]
            if o.target is not None and o.target in models and not (o.to == h or (o.path and o.path[-1] == h)):
                kinds.add("foe" if d is None or models[o.target].player != d.player else "model")
            else:
                kinds.add("hex")
        return "hex" if kinds == {"hex"} else ("foe" if kinds == {"foe"} else "model")

    def use_colour(self, h, opts) -> tuple:
        """A use's hex on the board: where to go in the move's blue, a foe in the attack's red, a friend
        in green (the orange it had before vanished on sand)."""
        o = opts[0]
        models = self.now().models
        if o.target is not None and o.target in models and hex_of(models[o.target].at) == h:
            mine = self.decision is not None and models[o.target].player == self.decision.player
            return HIGHLIGHT["place"] if mine else HIGHLIGHT["attack"]
        return HIGHLIGHT["move"]

    def figure_size(self) -> int:
        return max(14, int(self.radius * 1.85 * self.camera.zoom))

    def draw_pieces(self, surface) -> None:
        size = self.figure_size()
        cam = self.camera
        for h in self.view.loot:
            img = sprites.loot_sprite(int(size * 0.7))
            x, y = cam.world_to_screen(*self.mapview.hex_center(h))
            surface.blit(img, img.get_rect(center=(x, y)))
        now = self.now()
        for mid, h in self.view.dead.items():
            m = now.models[mid]
            img = sprites.dead_marker(self.index[m.player], int(size * 0.7))
            x, y = cam.world_to_screen(*self.mapview.hex_center(h))
            surface.blit(img, img.get_rect(center=(x, y)))
        things = []
        for bid, f in self.view.beasts.items():
            things.append((f.y, "beast", bid, f))
        for mid, f in self.view.figures.items():
            if f.alpha > 0.02:
                things.append((f.y, "model", mid, f))
        things.sort(key=lambda t: t[0])
        targets = self.target_labels()
        for _, kind, ident, f in things:
            x, y = cam.world_to_screen(f.x + f.dx, f.y + f.dy)
            if kind == "beast":
                img = sprites.beast_sprite(now.beast_kinds[ident], size, round(f.angle / 15) * 15)
            else:
                m = now.models[ident]
                # Turning figures are drawn at 15° steps: every in-between angle would be a new sprite.
                angle = f.angle if self.animator.current is None else round(f.angle / 15) * 15
                img = sprites.model_sprite(face(m), self.index[m.player], size, angle, highlight=f.flash > 0)
                if f.fallen > 0:  # toppling over as it dies
                    img = pygame.transform.rotozoom(img, 75 * f.fallen, 1 - 0.3 * f.fallen)
                if f.alpha < 1.0:
                    img = img.copy()
                    img.set_alpha(int(255 * f.alpha))
            surface.blit(img, img.get_rect(center=(x, y)))
            if kind == "model" and f.alive:
                self.draw_lives(surface, x, y + size * 0.48, f.lives)
                label = targets.get(ident)
                if label:
                    t, centre, radius = self.target_badge(label, x, y, size)
                    pygame.draw.circle(surface, (170, 30, 20), centre, radius)
                    surface.blit(t, t.get_rect(center=centre))

    def target_badge(self, label: str, x: float, y: float, size: int) -> tuple[pygame.Surface, tuple[int, int], int]:
        """The roll a foe needs, on a red disc at its figure's top right: (the words, the disc's centre, its radius)."""
        t = text(label, int(22 * self.s), (255, 255, 255), True)
        r = t.get_rect(center=(x + size * 0.42, y - size * 0.42))
        return t, r.center, max(r.w, r.h) // 2 + 3

    def target_badge_circles(self) -> list[tuple[tuple[int, int], int]]:
        """Where the foes' badges are (`target_badge`): (centre, radius) each."""
        size, out = self.figure_size(), []
        for ident, label in self.target_labels().items():
            f = self.view.figures.get(ident)
            if f is not None and f.alive and f.alpha > 0.02:
                x, y = self.camera.world_to_screen(f.x + f.dx, f.y + f.dy)
                out.append(self.target_badge(label, x, y, size)[1:])
        return out

    def attack_from_badges(self) -> list[tuple[pygame.Rect, str, int]]:
        """Move+attack: the roll needed from each hex it could attack from, as (badge, words, font
        size). Each badge sits in the middle of its hex and inside it (the hex is empty: it is where the
        model would step), so it stays clear of the figures on the hexes round it and of the other
        badges: "needs 5+" where the hex has room, else "5+", the font shrunk to the hex."""
        out = []
        r = self.radius * self.camera.zoom
        room_w, room_h = int(r * 1.3), int(r * 0.8)
        pad_w, pad_h = max(4, int(6 * self.s)), 2
        labels = self.attack_from_labels()
        badges = self.target_badge_circles() if labels else []
        for h, label in labels.items():
            cx, cy = self.camera.world_to_screen(*self.mapview.hex_center(h))
            words, size = f"needs {label}", int(18 * self.s)
            if font(size, True).size(words)[0] + 2 + pad_w > room_w:
                words = label
            while size > MIN_TEXT and (font(size, True).size(words)[0] + 2 + pad_w > room_w
                                       or line_height(size, True) + pad_h > room_h):
                size -= 1
            w, h_ = font(size, True).size(words)[0] + 2 + pad_w, line_height(size, True) + pad_h
            # in the middle of the hex, else lower or higher in it: clear of a foe's badge and the others
            spots = [pygame.Rect(round(cx - w / 2), round(cy - h_ / 2 + dy * r), w, h_) for dy in (0, 0.3, -0.3)]
            rect = next((spot for spot in spots if spot.collidelist([b for b, _, _ in out]) == -1
                         and not any(_meets(spot, c, rad) for c, rad in badges)), spots[0])
            out.append((rect, words, size))
        return out

    def draw_attack_from(self, surface) -> None:
        """The move+attack badges, over the figures (see `attack_from_badges`)."""
        for rect, words, size in self.attack_from_badges():
            pygame.draw.rect(surface, (170, 30, 20), rect, border_radius=max(2, rect.h // 3))
            t = text(words, size, (255, 255, 255), True)
            surface.blit(t, t.get_rect(center=rect.center))

    def attack_from_labels(self) -> dict:
        """Move+attack: with the mouse on a foe (or choosing the step), each hex the model
        could attack it from → the roll it would need there (the engine's figure)."""
        if self.stage == "choose" and self.hover_hex in self.candidates:
            options = self.candidates[self.hover_hex]
        elif self.stage == "step":
            options = [o for opts in self.candidates.values() for o in opts]
        else:
            return {}
        out = {}
        for o in options:
            if isinstance(o, MoveAttack) and o.path:
                n = self.needed_roll(o)
                if n is not None:
                    out[o.path[0]] = "6" if n >= 6 else f"{n}+"
        return out

    def target_labels(self) -> dict:
        """Attackable enemies → the roll they need, from the engine."""
        out = {}
        best: dict = {}
        if self.stage == "choose":
            for opts in self.candidates.values():
                for o in opts:
                    if isinstance(o, (Attack, MoveAttack)):
                        n = self.needed_roll(o)
                        if n is not None:  # an attack from where it stands; else the best hex to jump to
                            key = (0 if isinstance(o, Attack) else 1, n)
                            if o.target not in best or key < best[o.target]:
                                best[o.target] = key
                                out[o.target] = "6" if n >= 6 else f"{n}+"
        elif self.stage == "use":
            for opts in self.candidates.values():
                for o in opts:
                    if o.target:
                        n = self.needed_roll(o)
                        if n is not None:
                            out[o.target] = "6" if n >= 6 else f"{n}+"
        return out

    def needed_roll(self, action) -> int | None:
        """The roll the deciding seat's `action` would need (the engine's figure), None for none."""
        d = self.decision
        return None if d is None else self.front.ask(d.player, "needed_roll", action)

    def draw_lives(self, surface, x, y, lives) -> None:
        r = max(2, int(4 * self.s * min(1.5, self.camera.zoom * 2)))
        for i in range(3):
            cx = x + (i - 1) * (r * 2.6)
            colour = (220, 50, 50) if i < lives else (60, 50, 50)
            pygame.draw.circle(surface, (0, 0, 0), (cx, y), r + 1)
            pygame.draw.circle(surface, colour, (cx, y), r)

    def draw_effects(self, surface) -> None:
        cam, s = self.camera, self.s
        for fl in self.view.floaters:
            if not fl.text:
                continue
            x, y = cam.world_to_screen(fl.x, fl.y)
            img = text(fl.text, int(30 * s), fl.colour, True).copy()
            img.set_alpha(int(255 * max(0.0, 1 - fl.age / fl.life)))
            surface.blit(img, img.get_rect(center=(x, y - fl.age * 40 * s)))
        d = self.view.dice
        if d is not None and d.age < 1.5:
            x, y = cam.world_to_screen(d.x, d.y)
            self.draw_die(surface, x, y, d.shown, d.rolling > 0)
        if self.view.card is not None:
            self.draw_card_flip(surface)
        if self.view.diceoff:
            self.draw_diceoff(surface)
        if self.view.banner:
            words, age = self.view.banner
            img = text(words, int(48 * s), GOLD, True)
            surface.blit(img, img.get_rect(center=(self.board_rect.centerx, self.board_rect.y + int(50 * s))))

    def draw_diceoff(self, surface) -> None:
        """The dice-off: each round of rolls, then the placement order (in two columns, then smaller
        rows, when there are too many rolls for the arena's height)."""
        s = self.s
        rolls = [(player, roll, i > 0) for i, r in enumerate(self.view.diceoff) for player, roll in r]
        words = "Order: " + ", ".join(self.view.order) if self.view.order else ""
        room = self.board_rect.h - int(16 * s) - int(70 * s)
        cols = 1 if len(rolls) * int(30 * s) + int(60 * s) <= room else 2
        col_w = int(420 * s) if cols == 1 else min(int(400 * s), (self.board_rect.w - int(64 * s)) // 2)
        width = cols * col_w + int(40 * s)
        order_h = block_height(words, int(20 * s), width - int(48 * s)) + int(8 * s) if words else 0
        per_col = -(-len(rolls) // cols)
        row = max(int(14 * s), min(int(44 * s), (room - order_h) // max(1, per_col)))
        k = row / (44 * s)
        rect = pygame.Rect(0, 0, width, int(70 * s) + row * per_col + order_h)
        rect.center = self.board_rect.center
        panel(surface, rect, (30, 20, 24, 240), GOLD, 12)
        title = text("Dice-off: highest places first", int(28 * s), GOLD, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + int(12 * s))))
        top = rect.y + int(58 * s)
        for j, (player, roll, again) in enumerate(rolls):
            c, r = divmod(j, per_col)
            x, y = rect.x + int(24 * s) + c * col_w, top + r * row
            colour = sprites.PLAYER_COLOURS[self.index.get(player, 0) % len(sprites.PLAYER_COLOURS)]
            draw_label(surface, player + (" (re-roll)" if again else ""), pygame.Rect(x, y, col_w - int(80 * s), row),
                       max(9, int(22 * s * k)), colour.rgb, True)
            self.draw_die(surface, x + col_w - int(50 * s), y + row // 2, roll, False, max(8, int(32 * s * k)))
        if words:
            y = top + per_col * row
            draw_text_block(surface, words, (rect.x + int(24 * s), y + int(4 * s)), int(20 * s), width - int(48 * s), INK, box=rect)

    def draw_die(self, surface, x, y, value, rolling, size=None) -> None:
        size = size or int(40 * self.s)
        r = pygame.Rect(0, 0, size, size)
        r.center = (x, y)
        if rolling:
            r = r.move(random.randint(-3, 3), random.randint(-3, 3))
        pygame.draw.rect(surface, (0, 0, 0), r.move(3, 3), border_radius=7)
        pygame.draw.rect(surface, (245, 238, 220), r, border_radius=7)
        pygame.draw.rect(surface, (120, 90, 60), r, 2, border_radius=7)
        pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}[value]
        for px, py in pips:
            pygame.draw.circle(surface, (150, 20, 20) if value in (1, 6) else (30, 20, 20),
                               (r.centerx + px * size * 0.26, r.centery + py * size * 0.26), max(2, size // 10))

    def draw_card_flip(self, surface) -> None:
        c = self.view.card
        m = self.now().models[c.model]
        ab = ability(m, c.ability)  # (played: everyone's to read)
        s = self.s
        t = min(1.0, c.age / 0.25)
        w, h = int(380 * s), int(150 * s)
        rect = pygame.Rect(0, 0, max(4, int(w * t)), h)
        rect.center = (self.board_rect.centerx, self.board_rect.y + int(130 * s))
        panel(surface, rect, (52, 36, 24, 240), GOLD, 10)
        if t < 1:
            return
        x, y = rect.x + int(14 * s), rect.y + int(10 * s)
        surface.blit(text(f"{m.name} plays", int(20 * s), DIM), (x, y))
        surface.blit(text(ab.name if ab else c.ability, int(30 * s), GOLD, True), (x, y + int(20 * s)))
        fit_text_block(surface, ab.text if ab else "", pygame.Rect(x, y + int(54 * s), w - int(28 * s), rect.bottom - y - int(60 * s)),
                       int(19 * s), min_size=10)

    # --- HUD ---
    def draw_top(self, surface) -> None:
        s = self.s
        now = self.now()
        title = f"Round {now.round}" if now.round else "Placement"
        surface.blit(text(title, int(28 * s), GOLD, True), (int(12 * s), int(8 * s)))
        self.draw_turn_strip(surface)
        speed = self.animator.speed
        label = "instant" if speed >= 60 else f"x{speed:g}"
        img = text(f"animations {label}  ([ ])    {self.HINT}", int(16 * s), DIM)
        surface.blit(img, (self.board_rect.right - img.get_width() - int(10 * s), int(18 * s)))

    def draw_side(self, surface, y: int) -> None:
        y = self.draw_roster(surface, y + int(8 * self.s))
        self.draw_card_panel(surface, y + int(8 * self.s))

    def draw_button_hint(self, surface, mouse, size: int) -> None:
        """The whole card text of the button under the mouse, over the arena (not the prompt or buttons)."""
        s = self.s
        w = surface.get_width()
        for b in self.buttons:
            if b.hint and b.rect.collidepoint(mouse):
                tip = pygame.Rect(b.rect.x, 0, int(360 * s), block_height(b.hint, int(18 * s), int(360 * s) - 12) + 8)
                tip.bottom = min(b.rect.y, self.bar_rect.y) - int(4 * s)
                tip.right = min(tip.right, w - 4)  # the whole card text, on the screen
                panel(surface, tip)
                draw_text_block(surface, b.hint, (tip.x + 6, tip.y + 4), int(18 * s), tip.w - 12, box=tip)

    def dice_still_rolling(self) -> bool:
        """Whether the dice-off is on screen and its order not yet shown: the roster and the turn strip
        (which follow the placement order) must not tell the result before the dice do."""
        return bool(self.view.diceoff) and not self.view.order

    def draw_turn_strip(self, surface) -> None:
        if self.dice_still_rolling():
            return
        s = self.s
        g = self.now()
        x = int(130 * s)
        size = int(38 * s)
        order = [mid for mid in g.order if g.models[mid].alive]
        active = g.active
        if active in order:
            i = order.index(active)
            order = order[i:] + order[:i]
        for mid in order[:14]:
            m = g.models[mid]
            colour = sprites.PLAYER_COLOURS[self.index[m.player] % len(sprites.PLAYER_COLOURS)]
            r = pygame.Rect(x, int(8 * s), size, size)
            pygame.draw.rect(surface, colour.rgb, r.inflate(4, 4), border_radius=6)
            img = sprites.portrait(face(m), (size, size))
            surface.blit(img, r)
            if mid == active:
                pygame.draw.rect(surface, GOLD, r.inflate(8, 8), 3, border_radius=8)
            x += size + int(8 * s)
        surface.blit(text("next up:", int(16 * s), DIM), (int(12 * s), int(34 * s)))

    def draw_roster(self, surface, y) -> int:
        s = self.s
        g = self.now()
        x = self.hud_rect.x + int(10 * s)
        seats = list(self.index)  # (in seat order)
        players = sorted(g.players, key=seats.index) if self.dice_still_rolling() else g.players
        for p in players:
            colour = sprites.PLAYER_COLOURS[self.index[p] % len(sprites.PLAYER_COLOURS)]
            sw = pygame.Rect(x, y + 2, int(22 * s), int(22 * s))
            pygame.draw.rect(surface, colour.rgb, sw, border_radius=4)
            draw_label(surface, str(colour.number), sw.inflate(-2, 0), int(18 * s), (0, 0, 0), True, align="center", min_size=8)
            name = p + self.phone_tag(p) + ("  <" if self.decision is not None and self.decision.player == p else "")
            surface.blit(text(name, int(22 * s), INK, True), (x + int(30 * s), y))
            vp = self.view.scores.get(p, g.scores[p][0])
            vimg = text(f"{vp} VP", int(22 * s), GOLD, True)
            surface.blit(vimg, (self.hud_rect.right - vimg.get_width() - int(10 * s), y))
            y += int(24 * s)
            for mid, m in models_of(g, p):
                f = self.view.figures.get(mid)
                lives = f.lives if f else m.lives
                alive = f.alive if f else m.alive
                label = m.name.split(",")[0]
                surface.blit(text(label, int(18 * s), INK if alive else DIM), (x + int(30 * s), y))
                hx = self.hud_rect.right - int(60 * s)
                if alive:
                    for i in range(3):
                        pygame.draw.circle(surface, (220, 50, 50) if i < lives else (60, 50, 50),
                                           (hx + i * int(14 * s), y + int(8 * s)), int(5 * s))
                else:
                    surface.blit(text("dead", int(16 * s), DIM), (hx, y))
                y += int(20 * s)
            y += int(6 * s)
        return y

    def card_viewer(self, player: str) -> str | None:
        """Whose view a card of `player`'s model is read in: the seated player's (None while nobody
        is seated: during the dice-off, a resume, or behind a hand-off) when cards are hidden; at an
        open table (cards not hidden, or no hand-off) everyone at the screen reads every card, each
        in its owner's view."""
        return player if not self.hidden_cards else self.viewer

    def card_of(self, mid: str):
        """Model `mid` as the card panel may show it: its abilities the viewer may not read are None."""
        return self.front.view(self.card_viewer(self.now().models[mid].player)).models[mid]

    def panel_model(self) -> str | None:
        """The model the card panel shows: the one under the mouse, else the seated player's
        model the decision is about (in a window: their model with a play), else the active one."""
        now = self.now()
        models = now.models
        if self.hover_hex is not None and now.occupant.get(self.hover_hex) in models:
            return now.occupant[self.hover_hex]
        d = self.decision
        if d is not None and d.player == self.viewer:
            if d.kind == "window":
                mine = [o.model for o in self.options if isinstance(o, UseAbility)]
                if mine:
                    return mine[0]
            if d.model in models and models[d.model].player == d.player:
                return d.model
        if now.active in models:
            return now.active
        return d.model if d is not None and d.model in models else None

    def draw_card_panel(self, surface, y) -> None:
        s = self.s
        mid = self.panel_model()
        if mid is None:
            return
        m = self.card_of(mid)
        rect = pygame.Rect(self.hud_rect.x + int(8 * s), y, self.hud_rect.w - int(16 * s), self.hud_rect.bottom - y - int(8 * s))
        # The whole card, always: its fonts shrink to fit the room under the roster; when even the
        # smallest do not fit (a crowded roster), the card floats over the arena's corner instead.
        # (Where and how big is measured once per look of the card, not every frame.)
        key = (mid, tuple(rect), tuple(self.board_rect), m.abilities, m.used)
        fitted = self.__dict__.setdefault("_card_fit", {})
        if key not in fitted:
            k = next((k for k in (1.0, 0.93, 0.86, 0.8, 0.75) if self._draw_card(None, m, rect, k) <= rect.bottom), None)
            if k is None:
                rect = pygame.Rect(0, 0, rect.w, self.board_rect.h - int(16 * s))
                k = next((k for k in (1.0, 0.93, 0.86, 0.8, 0.75, 0.7) if self._draw_card(None, m, rect, k) <= rect.bottom), 0.7)
                rect.h = self._draw_card(None, m, rect, k) - rect.y
                rect.bottomright = (self.board_rect.right - int(8 * s), self.board_rect.bottom - int(8 * s))
            if len(fitted) > 64:
                fitted.clear()
            fitted[key] = (rect, k)
        rect, k = fitted[key]
        panel(surface, rect, (44, 32, 26, 240), (150, 110, 60), 8)
        self._draw_card(surface, m, rect, k)

    def _draw_card(self, surface, m, rect, k: float = 1.0) -> int:
        """Draw the card of model `m` (as the view shows it: `card_of`) in `rect` at `k` times the
        usual font sizes (on None: only measure); returns the bottom of the text."""
        s = self.s * k
        inner = rect.inflate(-4, -4)

        def block(words, pos, size, width, colour, bold=False) -> int:
            if surface is None:
                return block_height(words, size, width, bold)
            return draw_text_block(surface, words, pos, size, width, colour, bold, box=inner)

        px = int(72 * s)
        tx = rect.x + px + int(16 * s)
        if surface is not None:
            surface.blit(sprites.portrait(face(m), (px, px)), (rect.x + int(8 * s), rect.y + int(8 * s)))
            draw_label(surface, m.name, pygame.Rect(tx, rect.y + int(6 * s), rect.right - tx - 6, int(24 * s)),
                       int(22 * s), GOLD, True, min_size=8)
        top = rect.y + int(30 * s) + block(m.face.title, (tx, rect.y + int(30 * s)), int(17 * s), rect.right - tx - 6, DIM)
        yy = max(top, rect.y + px + int(14 * s))
        yy += block(f"“{m.face.flavour}”", (rect.x + int(10 * s), yy), int(16 * s), rect.w - int(20 * s), DIM)
        for ab in m.card_abilities:
            if ab is None:  # hidden from whoever looks
                yy += int(6 * s)
                yy += block("— a hidden ability —", (rect.x + int(10 * s), yy), int(18 * s), rect.w - int(20 * s), DIM)
                continue
            used = ab.name in m.used
            colour = DIM if used else INK
            yy += int(6 * s)
            head = ability_heading(ab, "  ") + ("  — used" if used else "")
            yy += block(head, (rect.x + int(10 * s), yy), int(18 * s), rect.w - int(20 * s), GOLD if not used else DIM, True)
            yy += block(ab.text, (rect.x + int(10 * s), yy), int(16 * s), rect.w - int(20 * s), colour)
        return yy + int(6 * s)

    def draw_log(self, surface) -> None:
        s = self.s
        r = self.log_rect
        panel(surface, r, (14, 10, 16, 230), (70, 50, 40), 6)
        size = int(16 * s)
        line_h = int(17 * s)
        rows = max(1, (r.h - 8) // line_h)
        end = len(self.log) - self.log_scroll
        lines: list[tuple[str, bool]] = []  # the last entries, wrapped to the log's width
        for entry in reversed(self.log[max(0, end - rows):end]):
            lines[:0] = [(part, entry.startswith("   ")) for part in wrap(entry, size, r.w - 14)]
            if len(lines) >= rows:
                break
        y = r.y + 4
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-4, -4))
        for line, aside in lines[-rows:]:
            img = text(line, size, DIM if aside else INK)
            surface.blit(img, (r.x + 6, y))
            y += line_h
        surface.set_clip(clip)

    def draw_prompt(self, surface) -> None:
        s = self.s
        d = self.decision
        x, y = self.log_rect.right + int(12 * s), self.bar_rect.y + int(8 * s)
        reserve = 0  # room kept at the right for the die of a die-rolled window
        words, short = self.prompt_words()
        if (d is not None and not self.animator.busy and self.stage == "window" and self.pass_to is None
                and d.kind == "window" and d.window.roll is not None):
            size = int(30 * s)
            self.draw_die(surface, self.bar_rect.right - size, y + size // 2, d.window.roll.value, False, size)
            reserve = size + int(12 * s)
        top = min([b.rect.y for b in self.buttons] + [self.bar_rect.bottom])
        box = pygame.Rect(x, y, self.bar_rect.right - x - 10 - reserve, top - y - int(2 * s))
        size = fit_size(words, int(20 * s), box.w, box.h)
        if short and size < int(17 * s):
            words = short
            size = fit_size(words, int(20 * s), box.w, box.h)
        draw_text_block(surface, words, box.topleft, size, box.w, INK, box=box)

    def prompt_words(self) -> tuple[str, str]:
        """(what the prompt says now, the fewest words that still say it when the whole sentence
        will not fit above the buttons: "" for none)."""
        d = self.decision
        short = ""
        if self.animator.busy:
            words = recap.busy_words(self)
        elif self.stage == "over":
            words = "The game is over."
        elif d is None:
            words = ""
        elif self.pass_to is not None:
            words = f"Next: {self.pass_to}. The screen passes to them when this prompt closes."
        else:
            who = d.player
            now = self.now()
            m = now.models.get(d.model) if d.model else None
            name = m.name.split(",")[0] if m else ""
            if d.kind == "place":
                words = f"{who}: place {name} on a green hex, then face it (mouse, or Left/Right and Enter)"
                short = f"{who}: place {name} on a green hex"
            elif d.kind == "action":
                words = f"{who}: {name}'s action — click a blue hex to move, a red foe to attack; or a button"
                short = f"{who}: {name}'s action"
            elif d.kind == "push_back":
                words = f"{who}: {name} is pushed back — pick one of the two hexes behind it"
                short = f"{who}: push {name} back — pick a hex"
            else:
                words = f"{who}: {self.window_words(d.window)} Play an ability now, or pass."
                short = f"{who}: {self.window_words(d.window, short=True)} Play or pass?"
            if self.stage == "confirm":
                words = f"{who}: end {name}'s activation with this? Enter confirms, Esc goes back"
                short = f"{who}: end {name}'s activation? (Enter / Esc)"
            elif self.stage == "facing":
                fm = now.models.get(getattr(self, "facing_model", None) or "")
                fname = fm.name.split(",")[0] if fm else name
                words = f"{who}: which way does {fname or 'it'} face? Point with the mouse (or 1–6, Left/Right), click or Enter"
                short = f"{who}: which way does {fname or 'it'} face?"
            elif self.stage == "step":
                words = f"{who}: {name} attacks from which hex? Each shows the roll it needs there (Esc goes back)"
                short = f"{who}: attack from which hex?"
            elif self.stage == "use":
                roll = " (its badge: the roll it needs)" if self.target_labels() else ""
                what = {"foe": f"the foe to target{roll}", "model": f"the model to target{roll}",
                        "hex": f"where {name} goes (blue)"}[self.use_kind()]
                using = getattr(self, "using", "")
                words = f"{who}: {using + ' — ' if using else ''}click {what}; Esc goes back"
                short = f"{who}: {using + ': ' if using else ''}pick {what.split(' (')[0]}"
            elif self.stage == "auto":
                words = f"{who} is choosing on the phone…" if self.on_phone(d) else f"{who} (computer) is thinking…"
                short = ""
        return words, short

    # ------------------------------------------------------------------ phones
    phone_facing = None
    """The answer a phone seat picked that the table would ask a facing for: its phone is offered the six
    facings of it (and Back) as a second step, as the table's facing wheel (`scenes/celebrity/phone.py`)."""

    def phone_step(self, action) -> bool:
        """A phone seat's answer: True to send it to the engine; False when it was a step of the phone's own
        (an answer needing a facing: the facings are offered now; Back: the decision's answers again)."""
        d = self.decision
        if isinstance(action, phone.Back):
            self.phone_facing = None
            self.options = self.front.legal(d.player)
        elif self.phone_facing is None and phone.needs_facing(action):
            self.phone_facing = action
            self.options = phone.with_facings(action) + [phone.BACK]
        else:
            self.phone_facing = None
            return True
        if self.phones is not None:
            self.phones.changed()
        return False

    def phone_ways(self) -> dict:
        """Hex direction → its compass word on this board as its picture shows it ("north-east")."""
        ways = self.__dict__.get("_phone_ways")
        if ways is None:
            ways = self._phone_ways = {d: phone.compass(self.mapview.facing_angle(d)) for d in range(6)}
        return ways

    def phone_bearing(self, h) -> tuple[str, float]:
        """Where hex `h` is in the arena: (its compass word from the arena's middle, or "middle"; how far out)."""
        w, h_ = self.mapview.size
        x, y = self.mapview.hex_center(h)
        dx, dy = x - w / 2, y - h_ / 2
        far = math.hypot(dx / max(1, w), dy / max(1, h_))
        return ("middle" if far < 0.12 else phone.compass(math.degrees(math.atan2(-dy, dx)))), far

    def phone_hand(self, seat: str) -> list[dict]:
        view = self.front.view(seat)
        d = self.decision
        return phone.hand(view, seat, acting=view.active if d is not None and d.kind != "place" else None)

    def phone_status(self, seat: str, mine: bool) -> str:
        """A question asked in another seat's activation (a reaction, a push back) says so, not "Your turn"."""
        d = self.decision
        if mine and d is not None and d.kind in ("window", "push_back") and not self.front.over:
            view = self.front.view(seat)
            active = view.models.get(view.active) if view.active is not None else None
            if active is None or active.player != seat:
                return "Quick — your answer"
        return super().phone_status(seat, mine)

    def phone_orders(self, seat: str) -> list[dict]:
        rows = phone.orders(seen(self.front.ask(seat, "orders")))
        d = self.decision
        if d is None or d.player != seat:  # (the rules take an order on the seat's own decision only)
            for row in rows:
                row["locked"] = "You set these on your own turn."
        return rows

    def phone_set_order(self, seat: str, order: str, value: str):
        return phone.order_answer(seen(self.front.ask(seat, "orders")), seat, order, value)

    def phone_prompt(self, seat: str) -> str:
        d = self.decision
        view = self.front.view(seat)
        window = self.window_words(d.window) if d.kind == "window" and d.window is not None else ""
        facing_of = phone.facing_subject(view, self.phone_facing) if self.phone_facing is not None else None
        return phone.prompt(view, d, window, facing_of)

    def phone_choice(self, action, seat: str) -> dict:
        view = self.front.view(seat)
        natural = (self.front.ask(seat, "needed_roll", action)
                   if isinstance(action, (Attack, MoveAttack, UseAbility)) and self.phone_facing is None else None)
        side = ""
        if isinstance(action, Place):
            places = [o.to for o in self.options if isinstance(o, Place)]
            side = phone.place_sides(view, places, self.phone_bearing).get(action.to, "")
        return phone.choice(view, self.decision, action, seat=seat, ways=self.phone_ways(), natural=natural,
                            side=side, facing_step=self.phone_facing is not None)

    def phone_cell(self, action, seat: str):
        return phone.cell(self.front.view(seat), action)

    def phone_over(self, seat: str) -> dict:
        return phone.over(self.front.view(seat), seat)

    @property
    def board(self):
        """The board's points as the phones' pictures need them (`scenes/phones.PhoneLink.where`)."""
        return _Points(self)

    def window_words(self, w, short: bool = False) -> str:
        """What the window is about, in words: for a die, who rolled it, what for and what it needs
        (`short`: the fewest words that still say it)."""
        g = self.now()
        name_of = who
        a, r = w.attack, w.roll
        if w.name == "die_rolled" and r is not None:
            roller = name_of(g, r.by)
            if r.purpose == "beast_direction":
                return f"{roller[:1].upper() + roller[1:]} rolled {r.value} for the way it prowls."
            if a is not None:
                needs, rear = self.front.ask(self.viewer, "attack_needs", a)
                need = needs_words(needs)
                behind = " from behind" if rear else ""
                verdict = "a hit" if r.value >= needs else "a miss"
                rolled = roll_words(r.value, getattr(r, "first", None))  # "rolled 2, re-rolled to 5"
                if short:
                    return f"{roller[:1].upper() + roller[1:]} {rolled} vs {name_of(g, a.target)}, needs {need}{behind}."
                return (f"{roller[:1].upper() + roller[1:]} {rolled} attacking {name_of(g, a.target)}{behind}"
                        f" (needs {need}): {verdict} so far.")
            return f"{roller[:1].upper() + roller[1:]} rolled {r.value}."
        if w.name == "attack_declared" and a is not None:
            needs, rear = self.front.ask(self.viewer, "attack_needs", a)
            need = needs_words(needs)
            return f"{name_of(g, a.attacker)} attacks {name_of(g, a.target)}{' from behind' if rear else ''} (needs {need})."
        subject = name_of(g, w.subject) if w.subject else ""
        return {
            "activation_start": f"{subject} is about to act.",
            "activation_end": f"{subject} has acted.",
            "on_hit": f"{subject} was hit.",
            "on_death": f"{subject} died.",
            "on_kill": f"{subject} made a kill.",
            "on_loot": f"{subject} grabbed loot.",
        }.get(w.name, w.name.replace("_", " ") + ".")

    def draw_game_over(self, surface) -> None:
        s = self.s
        g = self.now()
        if g.outcome is None:
            return
        rect = pygame.Rect(0, 0, int(520 * s), int(120 * s + 30 * s * len(g.players)))
        rect.center = self.board_rect.center
        panel(surface, rect, (30, 20, 24, 245), GOLD, 12)
        win = " and ".join(g.outcome.winners)
        img = text(f"{win} win{'s' if len(g.outcome.winners) == 1 else ''}!", int(40 * s), GOLD, True)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, rect.y + int(14 * s))))
        y = rect.y + int(66 * s)
        for p, vp, kills, loot in g.outcome.standings:
            surface.blit(text(f"{p}", int(24 * s), INK, True), (rect.x + int(30 * s), y))
            surface.blit(text(f"{vp} VP   {kills} kills   {loot} loot", int(22 * s), INK), (rect.x + int(220 * s), y))
            y += int(30 * s)


def start_battle(app, game, path=None) -> BattleScene:
    """Put a game on the battle screen, with the player's settings and autosave; the
    results screen follows the end. Replaces every scene but the title screen."""
    from ...board.tiled import resolve_map_path

    front = Front(game)  # (the host's: the table it opens reads its game through one too)
    if path is None:
        path = resolve_map_path(front.ask(None, "arena").source.get("map"))
    return open_table(app, BattleScene, game, path,
                      hidden_cards=front.view(None).options.hidden_cards and app.settings.handoff)


class _Points:
    """A hex's centre on the screen (the board's picture is the board's rectangle of the screen)."""

    def __init__(self, battle):
        self.battle = battle

    def centre(self, h):
        return self.battle.cell_point(h)


def _meets(rect: pygame.Rect, centre, radius: float) -> bool:
    """Whether a rectangle and a disc overlap."""
    x = min(max(centre[0], rect.left), rect.right)
    y = min(max(centre[1], rect.top), rect.bottom)
    return (x - centre[0]) ** 2 + (y - centre[1]) ** 2 < radius ** 2
