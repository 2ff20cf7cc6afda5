"""The replay viewer: step forward and back through a saved or finished game, one decision at a time.

The board is the battle screen's (a `BattleScene` in replay mode: nobody
answers, no bots, no autosave, no hand-off). The state at step k is the
record's first k decisions replayed on its setup; a copy of the game is kept
every `SNAPSHOT_EVERY` steps so that a step back or a jump replays only a few
decisions. A step forward animates that decision's events as the battle did.

Hidden cards: in a replay of an unfinished game with hidden cards on, only the
abilities played so far show; a finished game shows every card.

Keys: Left/Right a decision, PgUp/PgDn a round, Home/End the ends, Esc back.

The viewer is the host of the games it steps through (made again from the record): it copies and
answers them through a `Front` (`deathmatch.core.front`) and draws from their views, like the table.
"""

from __future__ import annotations

import pygame

from .anim import Animator, View, sync
from .log import describe
from ...client.ui import DIM, GOLD, INK, Button, panel, text
from ...core.front import Front
from .battle import BattleScene

SNAPSHOT_EVERY = 16


def copied(front: Front):
    """A copy of the game under `front` (the replay's own: the host's hands, `Front.hand_to`)."""
    return front.hand_to(lambda played: played.copy())


class ReplayScene(BattleScene):
    HINT = "F1: controls"
    menu = False

    def __init__(self, app, record, *, arena=None, start: int | None = None):
        from ...board.tiled import resolve_map_path
        from ...core.record import Record
        from ...rulesets.celebrity.record import GameRecord
        from ...rulesets.celebrity.timeline import Timeline, replay_steps

        if isinstance(record, Record):  # a save, as the shell's load screen reads it: Celebrity's setup and actions
            record = GameRecord.from_record(record)
        self.record = record
        self.k = 0
        self.sliding = False
        self.slider = pygame.Rect(0, 0, 0, 0)
        self.need_sync = False
        self.snapshots = {}
        steps = []
        game = None
        for step, game in replay_steps(record.setup, record.decisions, arena):
            steps.append(step)
            if step.index % SNAPSHOT_EVERY == 0:
                self.snapshots[step.index] = copied(Front(game))
        last = Front(game)
        board = last.ask(None, "arena")
        if board.layout is None:
            from ...rulesets.celebrity import RecordError

            raise RecordError(f"its arena ({board.name}) is not a Tiled map: the replay viewer shows map arenas only")
        self.timeline = Timeline(steps, game)
        from ...rulesets.celebrity import SetOrder

        self.shown = [st.index for st in steps if not isinstance(st.decision, SetOrder)]
        """The steps the viewer stops at: a standing order is private to its owner, so the step
        of setting one is never shown (stepping passes over it, and no count betrays it)."""
        self.finished = last.over
        first = copied(Front(self.snapshots[0]))
        path = resolve_map_path(board.source.get("map"))
        settings = getattr(app, "settings", None)
        super().__init__(app, first, path, hidden_cards=record.setup.options.hidden_cards and not self.finished,
                         handoff=False, anim_speed=getattr(settings, "animation_speed", 1.0))
        self.bots, self.auto = {}, set()
        self.stage = "replay"
        self.show_log(0)
        if start:
            self.go(start)

    # ----------------------------------------------------------------- the steps
    @property
    def last(self) -> int:
        return len(self.timeline.steps) - 1

    def game_at(self, k: int):
        """A fresh game in the state after the record's first k decisions."""
        base = max(i for i in self.snapshots if i <= k)
        front = Front(copied(Front(self.snapshots[base])))
        for action in self.record.decisions[base:k]:
            front.apply(front.turn, action)
        return front.hand_to(lambda played: played)

    def go(self, k: int) -> None:
        """Show step k: a step forward is animated, anything else is shown at once."""
        k = max(0, min(self.last, k))
        if k not in self.shown:  # an order's step: on to the next shown step the way we were going
            later = [i for i in self.shown if i > k]
            earlier = [i for i in self.shown if i < k]
            k = (later[0] if later else earlier[-1]) if k > self.k or not earlier else earlier[-1]
        if self.animator.busy:
            self.animator.skip()
        if self.k >= 0 and k > self.k and [i for i in self.shown if i > self.k][:1] == [k]:
            events = []
            for action in self.record.decisions[self.k:k]:  # self.game is our own copy
                events.extend(self.front.apply(self.front.turn, action))
            self.animator.add(events)
            self.need_sync = True
        elif k != self.k:
            self.game = self.game_at(k)
            speed = self.animator.speed
            self.view = View()
            sync(self.view, self.now(), self.mapview)
            self.animator = Animator(self.view, self.mapview, speed)
            self.animator.sound = getattr(self.app, "sound", None)
            self.need_sync = False
        self.k = k
        self.show_log(k)

    def show_log(self, k: int) -> None:
        lines = []
        for e in self.timeline.steps[k].events:
            line = describe(e, self.front.view(None))
            if line:
                lines.append(line[:1].upper() + line[1:] if not line.startswith(" ") else line)
        self.log = lines or ["(nothing to tell)"]
        rows = max(1, (self.log_rect.h - 8) // int(17 * self.s))
        self.log_scroll = max(0, len(self.log) - rows)  # the step's first lines in view

    def round_jump(self, direction: int) -> None:
        tl = self.timeline
        r = tl.steps[self.k].round
        if direction > 0:
            self.go(tl.first_step_of_round(r + 1) if r < tl.steps[-1].round else self.last)
        else:
            start = tl.first_step_of_round(r) if r > 0 else 0
            self.go(start if self.k > start else (tl.first_step_of_round(r - 1) if r > 1 else 0))

    def leave(self) -> None:
        self.app.stack.pop()

    # ----------------------------------------------------------------- battle screen hooks
    @property
    def animating(self) -> bool:
        return self.animator.lively

    def card_viewer(self, player: str) -> str | None:
        """Unplayed abilities show only when the game is over (or had no hidden cards): each card
        in its owner's view; else in the public view."""
        return player if not self.hidden_cards else None

    def update(self, dt: float) -> None:
        self.animator.update(dt)
        if self.need_sync and not self.animator.busy:
            sync(self.view, self.now(), self.mapview)
            self.need_sync = False

    def make_buttons(self) -> None:
        s = self.s
        x0 = self.log_rect.right + int(12 * s)
        right = self.bar_rect.right - int(8 * s)
        entries = [("|<", lambda: self.go(0), pygame.K_HOME, "The setup (Home)"),
                   ("<<", lambda: self.round_jump(-1), pygame.K_PAGEUP, "A round back (PgUp)"),
                   ("<", lambda: self.go(self.k - 1), pygame.K_LEFT, "A decision back (Left)"),
                   (">", lambda: self.go(self.k + 1), pygame.K_RIGHT, "The next decision (Right)"),
                   (">>", lambda: self.round_jump(1), pygame.K_PAGEDOWN, "The next round (PgDn)"),
                   (">|", lambda: self.go(self.last), pygame.K_END, "The last decision (End)"),
                   ("Exit", self.leave, pygame.K_ESCAPE, "Back (Esc)")]
        gap = int(6 * s)
        bw = min(int(70 * s), (right - x0 - gap * (len(entries) - 1)) // len(entries))
        y = self.bar_rect.y + int(34 * s)
        self.buttons = []
        for i, (label, action, key, hint) in enumerate(entries):
            r = pygame.Rect(x0 + i * (bw + gap), y, bw, int(30 * s))
            self.buttons.append(Button(label, r, action, True, key, hint))
        knob = int(10 * s)  # the knob stays inside the bar at both ends
        self.slider = pygame.Rect(x0 + knob, y + int(46 * s), right - x0 - 2 * knob, int(12 * s))

    # ----------------------------------------------------------------- input
    def handle_event(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.slider.inflate(0, 12).collidepoint(event.pos):
            self.sliding = True
            self.slide_to(event.pos[0])
            return None
        if event.type == pygame.MOUSEMOTION and self.sliding:
            self.slide_to(event.pos[0])
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.sliding:
            self.sliding = False
            return None
        return super().handle_event(event)

    def slide_to(self, x: int) -> None:
        r = self.slider
        k = round((x - r.x) / max(1, r.w) * self.last)
        if k != self.k:
            self.jump(k)

    def jump(self, k: int) -> None:
        """Show step k at once (no animation, even for the next step)."""
        k = max(0, min(self.last, k))
        self.k = -2  # never "one step forward": go() rebuilds the state
        self.go(k)

    def click(self, pos) -> None:
        for b in self.buttons:
            if b.hit(pos):
                b.action()
                return
        super().click(pos)

    def key(self, key, mod) -> None:
        actions = {pygame.K_RIGHT: lambda: self.go(self.k + 1), pygame.K_LEFT: lambda: self.go(self.k - 1),
                   pygame.K_HOME: lambda: self.go(0), pygame.K_END: lambda: self.go(self.last),
                   pygame.K_PAGEDOWN: lambda: self.round_jump(1), pygame.K_PAGEUP: lambda: self.round_jump(-1),
                   pygame.K_ESCAPE: self.leave}
        if key in actions:
            actions[key]()
            return
        if key == pygame.K_F5:  # a replay is not a game to save
            return
        super().key(key, mod)

    # ----------------------------------------------------------------- drawing
    def draw_prompt(self, surface) -> None:
        from .story import decision_words
        from ...client.ui import shortened as fit

        s = self.s
        step = self.timeline.steps[self.k]
        x, y = self.log_rect.right + int(12 * s), self.bar_rect.y + int(8 * s)
        shown = self.shown.index(self.k) if self.k in self.shown else self.k
        head = text(f"Replay {shown}/{len(self.shown) - 1}", int(19 * s), GOLD, True)
        surface.blit(head, (x, y))
        where = "placement" if step.round == 0 else f"round {step.round}"
        words = f"{where} — {decision_words(step, self.front.view(None))}"
        hx = x + head.get_width() + int(10 * s)
        surface.blit(fit(words, int(19 * s), self.bar_rect.right - int(8 * s) - hx, INK), (hx, y))
        self.draw_slider(surface)

    def draw_slider(self, surface) -> None:
        s = self.s
        r = self.slider
        panel(surface, r, (46, 34, 40, 230), (120, 86, 52), max(2, r.h // 2))
        last = max(1, self.last)
        tl = self.timeline
        rounds = tl.steps[-1].round
        every = max(1, rounds // 10 + (1 if rounds % 10 else 0)) if rounds > 10 else 1
        for rnd in range(1, rounds + 1):
            k = tl.first_step_of_round(rnd)
            tx = r.x + r.w * k / last
            pygame.draw.line(surface, DIM, (tx, r.y - int(2 * s)), (tx, r.bottom + int(1 * s)), 1)
            if rnd % every == 0 and r.w > 200:
                img = text(str(rnd), int(14 * s), DIM)
                surface.blit(img, img.get_rect(midtop=(tx, r.bottom + int(1 * s))))
        knob = (int(r.x + r.w * self.k / last), r.centery)
        pygame.draw.circle(surface, (0, 0, 0), knob, int(9 * s) + 1)
        pygame.draw.circle(surface, GOLD, knob, int(9 * s))
