"""A Gladiator! season's hub on screen (docs/CAREERS.md): the standings, the schedule with the bouts
played and the next, each ludus's gladiators with their records, the memorial, the money; and the
way the season goes on — each owner picks a fighter (`PickScene`, in secret: a person's pick is
never shown before the bout, and two people pass the screen between picks), the bout is fought on
the real bout table (scenes/gladiator/bout.py, bots on a bot ludus's seat) or, between two bot ludi,
played out by the bots off screen (or watched on the table), and its result goes into the season
(`BoutDoneScene`: the purses, the deaths, the experience card the winner draws).

Everything is saved after every action (`season.py`). The bout on the table is kept beside the
season after every answer (`season.bout_path`): a bout left mid-way (Quit to title, or the program
stopped) is taken up where it stood by Play next bout; a kept bout that does not match is fought
again from its seed.
"""

from __future__ import annotations

import pygame

from ...rulesets.gladiator import season as S
from ...client.art.gladiator import man_sprite
from ...client.ui import DIM, GOLD, INK, Button, block_height, fit_text_block, panel, shortened, text, wrap
from ...rulesets.gladiator.career import DEAD_ENDS, PRICES, SeasonError, bout_with_bots
from ..menu import MenuScene
from ..table import thinker
from .ledger import card_effects, card_lines, card_names, draw_columns, fighter_head, kit_words, record_line, rgb, scars, swatch
from . import facts as gf

TABS = ("Schedule", "Ludi", "Memorial")
END_WORDS = {"standing": "on his feet", "spared": "down, spared by the crowd",
             "thumbs_down": "down, and the crowd's thumbs went down", "killed": "dead in the sand"}


def end_words(end: str, pronoun_his: str = "his") -> str:
    return END_WORDS.get(end, end).replace("his", pronoun_his)


class SeasonHub(MenuScene):
    """The season between bouts. `humans`: people still to found a ludus (a new season's first visit)."""

    def __init__(self, app, path, season=None, humans: int = 0, fresh: bool = False, resume: bool = False,
                 phones: list[bool] | None = None):
        super().__init__(app)
        self.resume_bout = resume
        """Take a bout left on the table up at once (the title's Continue): once, on the first entering."""
        self.path = path
        self.season = season if season is not None else S.load(path)
        self.to_found = humans
        self.fresh = fresh
        """A season just made: once its people have founded their ludi (none: at once) it begins."""
        self.tab = 0
        self.scroll = 0
        self.shown_ludus = next((n for n, l in self.season.ludi.items() if not l.bot), next(iter(self.season.ludi), None))
        self.fighting = None
        """(bout index, the future of a bout the bots play off screen) while they play it."""
        self.play_on = False
        """Bot bouts: keep playing them until a person is needed."""
        self.exported = ""
        self.phone_people = list(phones or [])
        """For each person still to found a ludus, in order: whether they play by phone."""
        self.phone_ludi: list[str] = []
        """The ludi whose owners play their bouts from their phones (the season's phone seats)."""
        self.founded: set[str] = set()
        if not fresh:  # taken up (Continue, the seasons list): the phone ludi kept with their codes
            self.phone_ludi = self.kept_phone_ludi()
            self.seat_phones()

    # --- the phones -----------------------------------------------------------------------------------
    @property
    def phones_key(self) -> str:
        """What the season's phone codes are kept under (`App.seat_phones`): its file."""
        from pathlib import Path

        return str(Path(self.path).resolve())

    def kept_phone_ludi(self) -> list[str]:
        """The ludi played by phone, as kept with their codes (none when the codes are lost: then their owners
        play at the screen, which is said)."""
        from ...paths import user_data_dir
        from ...phones import kept

        entries, why = kept.read(user_data_dir())
        if why:
            self.app.note_phones_problem(why)
            self.message = f"{why}; the ludi played by phone are played at this screen."
        old = kept.secrets_for(entries, "season", self.phones_key) or {}
        return [n for n in old if n in self.season.ludi and not self.season.ludi[n].bot]

    def seat_phones(self) -> None:
        """The season's phone host: one for all its bouts (the same codes; the phones stay connected)."""
        self.app.seat_phones(self.phone_ludi, "season", self.phones_key)

    # --- the flow ---
    def enter(self) -> None:
        super().enter()
        if self.to_found > 0:
            self.found_next()
        elif self.fresh and not self.season.begun:
            self.begin()
        elif S.bout_path(self.path).exists() and self.season.begun and not self.season.over:
            if self.resume_bout:  # Continue: straight back to the bout where it stood (the hub under it)
                self.resume_bout = False
                self.play_next()
                return
            self.message = "A bout was left on the table: Play next bout takes it up where it stood."
        self.resume_bout = False

    def found_next(self) -> None:
        """The next person founds a ludus, then buys (then the next, then the season begins)."""
        self.to_found -= 1
        self.founded = {n for n, l in self.season.ludi.items() if not l.bot}
        self.app.open("found ludus", self.path, self.season, then=self.after_founding)

    def after_founding(self) -> None:
        new = [n for n, l in self.season.ludi.items() if not l.bot and n not in self.founded]
        if new and self.phone_people and self.phone_people.pop(0):
            self.phone_ludi.append(new[0])  # this person plays by phone
        shown = self.season.ludi.get(self.shown_ludus) if self.shown_ludus else None
        if shown is None or shown.bot:  # made before the people founded theirs: show a person's
            self.shown_ludus = next((n for n, l in self.season.ludi.items() if not l.bot), self.shown_ludus)
        self.layout()
        if self.to_found > 0:
            self.found_next()
        else:
            self.begin()

    def begin(self) -> None:
        why = self.why_not_begin()
        if why:
            self.message = why
            return
        try:
            S.advance(self.season, self.path)  # the bots' last purchases, then the season begins
        except SeasonError as e:
            self.message = str(e)
            return
        self.seat_phones()
        n = len(self.season.bouts)
        bouts = f"{n} bout{'s' if n != 1 else ''}"
        self.message = f"The season has begun: {bouts} in round 1." \
            if self.season.schedule == "swiss" else f"The season has begun: {bouts}."
        self.layout()

    def why_not_begin(self) -> str:
        s = self.season
        if len(s.ludi) < 2:
            return "A season needs 2 ludi or more: found another."
        empty = [n for n in s.ludi if not s.living(n)]
        if empty:
            return f"{empty[0]} has no gladiator yet: it buys one first (Market)."
        return ""

    def play_next(self) -> None:
        """Go on with the season: what nobody decides is taken, then the next person's choice or the bout."""
        if self.fighting is not None:
            return
        s = self.season
        try:
            S.advance(s, self.path)
        except SeasonError as e:
            self.message = str(e)
            return
        step = s.waiting_on()
        self.layout()
        if step is None:
            self.play_on = False
            self.message = ""  # under the standings: "The season is over: … is the champion"
            return
        b = s.bouts[step.bout] if step.bout is not None else None
        if step.kind == "pick" and b is not None:
            out = [n for n in b.sides if n != step.ludus and n not in b.picks and s.out(n)]
            if out:  # the other side can send nobody: a walkover, no pick (nor hand-off) asked for
                try:
                    s.forfeit(out[0])
                except SeasonError as e:
                    self.message = str(e)
                    return
                S.save(s, self.path)
                self.play_next()
                return
        if step.kind == "buy":
            self.play_on = False
            self.app.open("market", self.path, s, step.ludus, then=self.play_next,
                          note=f"Nobody of {step.ludus} is alive: buy a man to send into bout {step.bout + 1}.")
        elif step.kind == "pick":
            self.play_on = False
            both = all(not s.ludi[n].bot for n in b.sides)
            self.app.open("pick fighter", self.path, s, step.ludus, pass_first=both, then=self.play_next)
        elif step.kind == "bout":
            if all(s.ludi[n].bot for n in b.sides):
                self.fight_off_screen(step.bout)
            else:
                self.play_on = False
                self.on_table(step.bout)

    def play_bot_bouts(self) -> None:
        self.play_on = True
        self.play_next()

    def next_is_bots_only(self) -> bool:
        b = self.season.current()
        return b is not None and all(self.season.ludi[n].bot for n in b.sides)

    def fight_off_screen(self, index: int) -> None:
        """The bots fight bout `index` off screen, on the worker thread (a hard bot thinks for seconds)."""
        setup, seed = self.season.bout_setup(index), self.season.bout_seed(index)
        self.fighting = (index, thinker("season-bouts").submit(bout_with_bots(), setup, seed))
        self.message = f"Bout {index + 1}: the bots are fighting…"
        self.layout()

    @property
    def animating(self) -> bool:
        return self.fighting is not None

    def update(self, dt: float) -> None:
        if self.fighting is None or not self.fighting[1].done():
            return
        index, future = self.fighting
        self.fighting = None
        try:
            result = future.result()
            self.season.apply({"do": "result", "bout": index, "result": result.to_json()})
            self.draw_card()
            S.save(self.season, self.path)
        except SeasonError as e:
            self.message = f"Bout {index + 1} could not be played: {e}"
            self.play_on = False
            self.layout()
            return
        self.message = f"Bout {index + 1}: {bout_words(self.season, self.season.bouts[index])}."
        self.layout()
        if self.play_on and not self.season.over and self.next_is_bots_only():
            self.play_next()
        else:
            self.play_on = False

    def watch(self) -> None:
        """The next bout, between two bot ludi, fought on the table for all to watch."""
        s = self.season
        S.advance(s, self.path)
        step = s.waiting_on()
        if step is not None and step.kind == "bout":
            self.on_table(step.bout)

    def on_table(self, index: int) -> None:
        """Bout `index` on the real bout table (bots on a bot ludus's seat); its end comes back here."""
        from ...board.tiled import resolve_map_path

        try:
            game, resumed = S.bout_game(self.season, index, self.path)
        except (SeasonError, OSError, ValueError) as e:
            self.message = f"Bout {index + 1} can not be set out: {e}"
            return
        self.message = ""  # "a bout was left on the table" is said only until it is taken up
        if resumed and gf.front_of(game).over:  # it ended before its result was kept
            self.finish(index, game)
            return
        spec = getattr(gf.arena_of(game), "source", {}) or {}
        st = self.app.settings
        path = self.path
        if not resumed:
            standing_orders(game, st)

        def autosave(g):
            S.save_bout(path, index, g)  # a full disk raises, and the table says so (Table.save_now)

        def leave(t):
            self.app.stack.remove(t)
            self.finish(index, t.game)

        table = self.app.router.make("battle", game, resolve_map_path(spec["map"]) if spec.get("map") else None,
                                     handoff=st.handoff, anim_speed=st.animation_speed, on_exit=leave,
                                     autosave=autosave)
        table.kept_with = "season"  # the pause menu's Save as… would make a standalone copy of the bout
        self.table = table
        self.app.push(table)
        try:
            S.save_bout(path, index, game)
        except OSError as e:  # a full disk: said in the table's log, the bout is played on
            from ...saves import save_problem

            table.write(save_problem(e))
        if resumed:
            table.write(f"Bout {index + 1} taken up where it was left.")

    def finish(self, index: int, game) -> None:
        """A bout ended on the table: its result into the season, the winner's card, the bout's screen."""
        money = self.money()
        try:
            result = S.result_of(self.season, index, game)
            self.season.apply({"do": "result", "bout": index, "result": result.to_json()})
            card = self.draw_card()
            S.save(self.season, self.path)
        except SeasonError as e:
            self.message = f"Bout {index + 1}'s result was refused: {e}"
            self.layout()
            return
        S.drop_bout(self.path)
        self.layout()
        self.app.open("bout done", self.path, self.season, index, money, card)

    def draw_card(self):
        step = self.season.waiting_on()
        return self.season.draw_card() if step is not None and step.kind == "draw" else None

    def money(self) -> dict:
        return {n: l.money for n, l in self.season.ludi.items()}

    # --- other buttons ---
    def market(self) -> None:
        n = self.shown_ludus
        if n is None or self.season.ludi[n].bot:
            people = [m for m, l in self.season.ludi.items() if not l.bot]
            if len(people) != 1:
                self.shown_ludus, self.tab = (people[0] if people else n), 1
                self.layout()
                self.message = "Whose market? Show a person's ludus here (Left/Right), then Market (M)."
                return
            n = people[0]
        self.app.open("market", self.path, self.season, n)

    def found_one(self) -> None:
        self.app.open("found ludus", self.path, self.season, then=self.layout)

    def export(self) -> None:
        try:
            csv_path, html_path = S.export_files(self.season, self.path)
        except OSError as e:
            self.message = f"The sheets could not be written: {e.strerror or e}"
            return
        self.exported = f"Saved {html_path} and {csv_path.name}"
        self.message = ""

    def back(self) -> None:
        if self.fighting is not None:
            return
        self.app.stack.remove(self)

    def set_tab(self, k: int) -> None:
        self.tab = k
        self.scroll = 0
        self.layout()

    def step_ludus(self, d: int) -> None:
        names = list(self.season.ludi)
        if names:
            k = names.index(self.shown_ludus) if self.shown_ludus in names else 0
            self.shown_ludus = names[(k + d) % len(names)]
            self.tab = 1
            self.layout()

    def key(self, event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step_ludus(1 if event.key == pygame.K_RIGHT else -1)
            return True
        if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.wheel(-5 if event.key == pygame.K_PAGEDOWN else 5)
            return True
        return False

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, self.scroll - dy)

    # --- layout ---
    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        pad = int(16 * s)
        self.left = pygame.Rect(pad, int(64 * s), int(w * 0.56) - pad, 0)
        self.right = pygame.Rect(int(w * 0.56) + pad, int(64 * s), w - int(w * 0.56) - 2 * pad, 0)
        by = h - int(56 * s)
        season = self.season
        entries = []
        busy = self.fighting is not None
        if not season.begun:
            entries += [("Begin the season (Enter)", self.begin, not self.why_not_begin() and not busy, pygame.K_RETURN),
                        ("Found a ludus (F)", self.found_one, len(season.ludi) < 8, pygame.K_f)]
        else:
            nxt = not season.over and not busy
            entries.append(("Play next bout (Enter)", self.play_next, nxt, pygame.K_RETURN))
            if self.next_is_bots_only():
                entries.append(("Watch it (W)", self.watch, nxt, pygame.K_w))
                entries.append(("Bot bouts: play on (B)", self.play_bot_bouts, nxt, pygame.K_b))
        people = any(not l.bot for l in season.ludi.values())
        entries += [("Market (M)", self.market, people and not busy and not season.over, pygame.K_m),
                    ("Export (E)", self.export, True, pygame.K_e),
                    ("Seasons (Esc)", self.back, not busy, pygame.K_ESCAPE)]
        gap = int(8 * s)
        bw = min(int(220 * s), (w - 2 * pad - gap * (len(entries) - 1)) // len(entries))
        x = pad
        self.buttons = []
        for label, act, enabled, key in entries:
            self.buttons.append(Button(label, pygame.Rect(x, by, bw, int(44 * s)), act, enabled, key))
            x += bw + gap
        tab_w = (self.right.w - 2 * gap) // 3
        for k, name in enumerate(TABS):
            b = Button(f"{name} ({k + 1})", pygame.Rect(self.right.x + k * (tab_w + gap), self.right.y, tab_w, int(32 * s)),
                       (lambda k=k: self.set_tab(k)), True, pygame.K_1 + k)
            b.selected = k == self.tab
            self.buttons.append(b)
        if self.tab == 1:
            half = int(40 * s)
            y = self.right.y + int(40 * s)
            self.buttons.append(Button("<", pygame.Rect(self.right.x, y, half, int(30 * s)), lambda: self.step_ludus(-1),
                                       True, None, "The ludus before (Left)"))
            self.buttons.append(Button(">", pygame.Rect(self.right.right - half, y, half, int(30 * s)),
                                       lambda: self.step_ludus(1), True, None, "The next ludus (Right)"))
        self.focus = 0 if self.buttons and self.buttons[0].enabled else next(
            (i for i, b in enumerate(self.buttons) if b.enabled), 0)
        self.bottom = by - int(8 * s)

    # --- drawing ---
    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        season = self.season
        champion = season.champion()
        head = f"{season.name} — champion: {champion}" if champion else f"{season.name} — {season.progress()}"
        surface.blit(shortened(head, int(30 * s), w - int(32 * s), GOLD, True), (int(16 * s), int(14 * s)))
        y = self.draw_standings(surface)
        self.draw_next(surface, y + int(10 * s))
        area = pygame.Rect(self.right.x, self.right.y + int(40 * s), self.right.w, self.bottom - self.right.y - int(40 * s))
        panel(surface, area, (34, 26, 30, 220), (90, 64, 44), 6)
        clip = surface.get_clip()
        surface.set_clip(area.inflate(-4, -4))
        [self.draw_schedule, self.draw_ludus, self.draw_memorial][self.tab](surface, area.inflate(-int(16 * s), -int(12 * s)))
        surface.set_clip(clip)
        self.draw_buttons(surface)

    def draw_standings(self, surface) -> int:
        s = self.s
        r = self.left
        table = self.season.standings()
        size = int(18 * s)
        row_h = int(25 * s)
        rect = pygame.Rect(r.x, r.y, r.w, row_h * (len(table) + 1) + int(16 * s))
        panel(surface, rect)
        cols = [("#", 0.0), ("ludus", 0.05), ("owner", 0.38), ("pts", 0.55), ("W", 0.605), ("D", 0.65), ("L", 0.695),
                ("kills", 0.74), ("dead", 0.81), ("denarii", 0.88)]
        x = rect.x + int(10 * s)
        rows = [[row["rank"], row["ludus"] + (" (out)" if row["out"] else ""), row["owner"], row["points"], row["wins"],
                 row["draws"], row["losses"], row["kills"], row["dead"], row["money"]] for row in table]
        champion = self.season.champion()
        colours = [GOLD if row["ludus"] == champion else INK for row in table]
        draw_columns(surface, x + int(14 * s), rect.y + int(8 * s), rect.w - int(34 * s), cols, rows, size, row_h, colours)
        for i, row in enumerate(table):
            swatch(surface, pygame.Rect(x, rect.y + int(8 * s) + (i + 1) * row_h + int(3 * s), int(10 * s), int(14 * s)),
                   self.season.ludi[row["ludus"]].colour)
        return rect.bottom

    def draw_next(self, surface, y: int) -> None:
        """Under the standings: the money, the next bout (never its picks), what the hub is doing."""
        s = self.s
        season = self.season
        r = pygame.Rect(self.left.x, y, self.left.w, self.bottom - y)
        lines = []
        b = season.current()
        if not season.begun:
            lines.append(f"Founding: {len(season.ludi)} ludi so far. Each needs a gladiator; then Begin the season.")
            why = self.why_not_begin()
            if why:
                lines.append(why)
        elif b is not None:
            kinds = [("bot" if season.ludi[n].bot else "by phone" if n in self.phone_ludi else "person")
                     for n in b.sides]
            lines.append(f"Next: bout {b.index + 1} (round {b.round}): {b.sides[0]} ({kinds[0]}) against "
                         f"{b.sides[1]} ({kinds[1]}).")
            if all(k == "bot" for k in kinds):
                lines.append("Two bot ludi: Play next bout has them fight it out off screen, Watch it puts it on "
                             "the table; Bot bouts: play on plays every bot bout until a person is needed.")
        elif champion := season.champion():
            lines.append(f"The season is over: {champion} is the champion. Export prints the sheet.")
        if season.begun and not season.over:
            for n, l in season.ludi.items():  # "(out)" in the standings, said in words
                if season.out(n):
                    lines.append(f"{n} is out: nobody alive, and {l.money} denarii buy no recruit (the cheapest "
                                 f"costs {min(PRICES.values())}): it forfeits every bout left.")
        if self.message:
            lines.append(self.message)
        if self.exported:
            lines.append(self.exported)
        done = [b for b in season.bouts if b.settled][-4:]
        if done:
            lines.append("")
            lines.append("The last bouts:")
            lines += [bout_words(season, b) for b in reversed(done)]
        fit_text_block(surface, "\n".join(lines), r, int(19 * s), INK, min_size=9, line_gap=2)

    def draw_schedule(self, surface, r) -> None:
        s = self.s
        season = self.season
        size = int(19 * s)
        line_h = int(24 * s)
        lines = []
        current = season.current()
        for b in season.bouts:
            last_of_round = b.index + 1 == len(season.bouts) or season.bouts[b.index + 1].round != b.round
            pair = f"{b.index + 1}. Round {b.round}: {b.sides[0]} v {b.sides[1]}"
            if b.settled:
                lines.append((pair, INK))
                lines.append(("      " + bout_words(season, b, short=True), DIM))
            elif b is current:
                lines.append((pair, GOLD))
                lines.append(("      next to fight", GOLD))
            else:
                lines.append((pair, DIM))
            if last_of_round:
                fighting = {n for o in season.bouts if o.round == b.round for n in o.sides}
                out = [n for n in season.ludi if n not in fighting]
                if out:
                    lines.append((f"      {', '.join(out)} sit{'s' if len(out) == 1 else ''} out round {b.round}", DIM))
        if season.schedule == "swiss" and season.begun and not season.over:
            lines.append((f"Swiss: {season.rounds} rounds; the next round is paired when this one is over.", DIM))
        if not lines:
            lines = [("The schedule is made when the season begins.", DIM)]
        self.draw_lines(surface, r, lines, size, line_h)

    def draw_lines(self, surface, r, lines, size, line_h) -> None:
        """(words, colour) lines in `r`, each wrapped to its width (a wrapped line goes on indented),
        scrolled by the wheel or PgUp/PgDn."""
        rows = []
        for words, colour in lines:
            indent = len(words) - len(words.lstrip(" "))
            room = r.w - text(" " * (indent + 4), size).get_width()
            for k, part in enumerate(wrap(words.strip(), size, room)):
                rows.append((" " * (indent if k == 0 else indent + 4) + part, colour))
        fit = max(1, r.h // line_h)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        y = r.y
        for words, colour in rows[self.scroll:self.scroll + fit]:
            surface.blit(shortened(words, size, r.w, colour), (r.x, y))
            y += line_h
        if len(rows) > fit:
            more = text(f"{self.scroll + 1}–{min(len(rows), self.scroll + fit)} of {len(rows)} (wheel)", int(13 * self.s), DIM)
            surface.blit(more, more.get_rect(bottomright=r.bottomright))

    def draw_ludus(self, surface, r) -> None:
        s = self.s
        season = self.season
        l = season.ludi.get(self.shown_ludus) if self.shown_ludus else None
        if l is None:
            return
        top = r.y + int(4 * s)
        who = f"run by a bot ({l.bot})" if l.bot else f"owner {l.owner}"
        title = shortened(l.name, int(20 * s), r.w - int(90 * s), GOLD, True)
        surface.blit(title, title.get_rect(midtop=(r.centerx, top - int(4 * s))))
        sub = shortened(f"{who} · {l.money} denarii · {len(season.living(l.name))} living", int(16 * s),
                        r.w - int(90 * s), DIM)
        surface.blit(sub, sub.get_rect(midtop=(r.centerx, top + int(18 * s))))
        pygame.draw.rect(surface, rgb(l.colour), (r.x, top + int(44 * s), r.w, int(3 * s)))
        lines = []
        for fid in l.fighters:
            f = season.fighters[fid]
            colour = INK if f.alive else DIM
            lines.append((fighter_head(f) + ("" if f.alive else f" † bout {f.death.bout}"), GOLD if f.alive else DIM))
            lines.append(("   " + record_line(f) + f"; scars: {scars(f)}", colour))
            held = card_lines(season, f.gladiator.cards)
            lines.append(("   cards held:" + ("" if held else " none"), colour))
            lines += [("      " + words, colour) for words in held]
            if f.cards_used:
                lines.append((f"   cards used: {card_effects(season, f.cards_used)}", colour))
        if not lines:
            lines = [("No gladiator yet.", DIM)]
        self.draw_lines(surface, pygame.Rect(r.x, top + int(52 * s), r.w, r.bottom - top - int(52 * s)), lines,
                        int(19 * s), int(24 * s))

    def draw_memorial(self, surface, r) -> None:
        s = self.s
        lines = []
        for f in self.season.memorial():
            d = f.death
            how = "killed in the sand" if d.how == "killed" else "down, and the crowd's thumbs went down"
            lines.append((f"† {f.name} of {f.ludus}, bout {d.bout}", INK))
            lines.append((f"   {how} by {d.by} of {d.by_ludus}", DIM))
            lines.append((f"   {record_line(f)}", DIM))
        if not lines:
            lines = [("Nobody has died. Yet.", DIM)]
        self.draw_lines(surface, r, lines, int(19 * s), int(24 * s))


def bout_words(season, b, short: bool = False) -> str:
    """A settled bout in words: who beat whom (their men), a draw, a walkover; the dead."""
    men = [season.fighters[b.picks[n]].name if n in b.picks else None for n in b.sides]
    if b.forfeits:
        if len(b.forfeits) == 2:
            return "both forfeit (nobody to send)"
        return f"{b.winner()} by walkover ({b.forfeits[0]} could send nobody)"
    win = b.winner()
    if win is None:
        words = f"{men[0]} and {men[1]} drew"
    else:
        k = b.sides.index(win)
        words = f"{men[k]} beat {men[1 - k]}" if short else f"{men[k]} of {win} beat {men[1 - k]} of {b.sides[1 - k]}"
    dead = [m for m, man in zip(men, b.result.men) if man.end in DEAD_ENDS]
    if dead:
        words += f" († {', '.join(dead)})"
    if b.drawn and not short:
        words += f"; {men[b.sides.index(win)]} drew {card_names(season, [b.drawn])}"
    return words


class PickScene(MenuScene):
    """A ludus's owner picks the man it sends into the bout (1–8, or a click). With `pass_first`
    (both owners people) the screen first asks to be passed to this owner: nothing of the bout's
    picks shows there, nor here (the other side's roster is public; its pick is not)."""

    def __init__(self, app, path, season, ludus: str, pass_first: bool = False, then=None):
        super().__init__(app)
        self.path, self.season, self.ludus_name, self.then = path, season, ludus, then
        self.passing = pass_first
        self.bout = season.current()
        self.on_phone = None
        """The owner's pick on its phone (`scenes/phones.PhonePick`) when the ludus is played by phone."""

    def enter(self) -> None:
        host = self.app.phones
        if host is not None and self.ludus_name in host.seats:  # a phone's ludus: picked on the phone, unseen here
            from ..phones import PhonePick  # lazy: start-up

            men = self.season.living(self.ludus_name)
            items = [{"id": f.id, "label": fighter_head(f), "hint": record_line(f),
                      "lines": [kit_words(f.gladiator.type), f"Scars: {scars(f)}",
                                f"Cards: {card_names(self.season, f.gladiator.cards) or 'none'}"]} for f in men]
            pick = PhonePick(host, self.ludus_name, items, 1, f"Pick your man for bout {self.bout.index + 1}")
            if host.listening:
                self.on_phone, self.passing = pick, False
        super().enter()

    def update(self, dt: float) -> None:
        pick = self.on_phone
        if pick is not None:
            pick.update()
            if pick.done:
                self.on_phone = None
                self.pick(pick.done[0])

    @property
    def animating(self) -> bool:
        return self.on_phone is not None and self.on_phone.wants_frame()

    def at_the_screen(self) -> None:
        """The owner's phone is lost: the pick is made here, behind the pass screen."""
        if self.on_phone is not None:
            self.on_phone.cancel()
            self.on_phone = None
            self.passing = True
            self.layout()

    def back(self) -> None:
        if self.on_phone is not None:
            self.on_phone.cancel()
            self.on_phone = None
        super().back()

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        if self.on_phone is not None:
            self.buttons = [Button("Pick at the screen instead", pygame.Rect(0, 0, int(320 * s), int(44 * s)),
                                   self.at_the_screen, True, None,
                                   f"{self.season.ludi[self.ludus_name].owner}'s phone is lost or asleep"),
                            Button("Back to the season (Esc)", pygame.Rect(0, 0, int(320 * s), int(44 * s)),
                                   self.back, True)]
            self.focus = 0
            return
        if self.passing:
            r = pygame.Rect(0, 0, int(420 * s), int(50 * s))
            r.center = (w // 2, h // 2 + int(60 * s))
            self.buttons = [Button(f"I am {self.season.ludi[self.ludus_name].owner} (Enter)", r, self.passed, True,
                                   pygame.K_RETURN)]
            self.focus = 0
            return
        men = self.season.living(self.ludus_name)
        top = int(130 * s)
        bh = max(int(40 * s), min(int(64 * s), (h - top - int(90 * s)) // max(1, len(men)) - int(6 * s)))
        self.pic = bh
        bw = min(int(640 * s), int(w * 0.56)) - bh - int(8 * s)
        self.buttons = []
        for i, f in enumerate(men):
            r = pygame.Rect(int(30 * s) + bh + int(8 * s), top + i * (bh + int(6 * s)), bw, bh)
            label = f"{i + 1}  {fighter_head(f)}"
            b = Button(label, r, (lambda f=f: self.pick(f.id)), True, pygame.K_1 + i if i < 9 else None,
                       f"{record_line(f)}; scars: {scars(f)}; cards: "
                       f"{card_names(self.season, f.gladiator.cards) or 'none'}")
            b.tag = f
            self.buttons.append(b)
        self.buttons.append(Button("Back to the season (Esc)", pygame.Rect(int(30 * s), h - int(64 * s), int(280 * s),
                                                                          int(44 * s)), self.back, True))
        self.focus = 0

    def passed(self) -> None:
        self.passing = False
        self.layout()

    def pick(self, gid: str) -> None:
        try:
            self.season.pick(self.ludus_name, gid)
        except SeasonError as e:
            self.message = str(e)
            return
        S.save(self.season, self.path)
        self.app.stack.remove(self)
        if self.then is not None:
            self.then()

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        season, b = self.season, self.bout
        l = season.ludi[self.ludus_name]
        other = next(n for n in b.sides if n != self.ludus_name)
        if self.on_phone is not None:
            self.on_phone.draw(surface, s, self.buttons, f"{l.name} ({l.owner}) picks its man on the phone…")
            return
        if self.passing:
            self.draw_title(surface, f"Pass the screen to {l.owner}", h // 2 - int(120 * s), 48)
            img = text(f"{l.name} picks its man for bout {b.index + 1}, in secret.", int(22 * s), INK)
            surface.blit(img, img.get_rect(midtop=(w // 2, h // 2 - int(40 * s))))
            self.draw_buttons(surface)
            return
        swatch(surface, pygame.Rect(int(30 * s), int(24 * s), int(22 * s), int(22 * s)), l.colour)
        surface.blit(shortened(f"{l.name} ({l.owner}): pick your man", int(30 * s), w - int(90 * s), GOLD, True),
                     (int(60 * s), int(18 * s)))
        sub = f"Bout {b.index + 1}, round {b.round}, against {other} ({season.ludi[other].owner}). " \
              "The other side does not see your pick before the bout."
        fit_text_block(surface, sub, pygame.Rect(int(30 * s), int(62 * s), w - int(60 * s), int(56 * s)), int(18 * s),
                       DIM, min_size=9, line_gap=0)
        self.draw_buttons(surface)
        for b in self.buttons:
            if b.tag is not None:
                f = b.tag
                surface.blit(man_sprite(f.gladiator.type, l.colour, self.pic, 90.0, kit=f.gladiator.kit()),
                             (int(30 * s), b.rect.y))
        # the focused man's record, and the other side's living men (public)
        x = int(30 * s) + min(int(640 * s), int(w * 0.56)) + int(20 * s)
        r = pygame.Rect(x, int(130 * s), w - x - int(30 * s), h - int(210 * s))
        panel(surface, r, (34, 26, 30, 220), (90, 64, 44), 6)
        lines = []
        if 0 <= self.focus < len(self.buttons) and self.buttons[self.focus].tag is not None:
            f = self.buttons[self.focus].tag
            lines += [fighter_head(f), kit_words(f.gladiator.type), self.buttons[self.focus].hint, ""]
        lines.append(f"{other}'s living men:")
        lines += [f"  {fighter_head(f)}: {record_line(f)}" for f in season.living(other)]
        fit_text_block(surface, "\n".join(lines), r.inflate(-int(16 * s), -int(12 * s)), int(20 * s), INK, min_size=9,
                       line_gap=2)
        if self.message:
            self.draw_message(surface, h - int(110 * s))


class BoutDoneScene(MenuScene):
    """A bout's end in the season: each man's end, damage and wounds, each ludus's purse, the
    deaths, the experience card the winner drew; the market for a person's ludus that has money."""

    def __init__(self, app, path, season, index: int, money_before: dict, card=None):
        super().__init__(app)
        self.path, self.season, self.index, self.before, self.card = path, season, index, money_before, card
        self.after = {n: l.money for n, l in season.ludi.items()}
        """Each ludus's money as the bout left it: its purse is this less `before` (what the market
        opened from here spends is not the bout's)."""

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        b = self.season.bouts[self.index]
        entries = [("Back to the season (Enter)", self.back, True, pygame.K_RETURN)]
        for k, n in enumerate(b.sides):
            l = self.season.ludi[n]
            if not l.bot:
                entries.append((f"Market: {n} ({k + 1})", (lambda n=n: self.market(n)), self.season.can_buy(l),
                                pygame.K_1 + k))
        bw = min(int(300 * s), (w - int(40 * s)) // len(entries) - int(10 * s))
        self.buttons = []
        x = w // 2 - (len(entries) * (bw + int(10 * s)) - int(10 * s)) // 2
        for label, act, enabled, key in entries:
            self.buttons.append(Button(label, pygame.Rect(x, h - int(64 * s), bw, int(44 * s)), act, enabled, key))
            x += bw + int(10 * s)
        self.focus = 0

    def market(self, ludus: str) -> None:
        self.app.open("market", self.path, self.season, ludus)

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        season = self.season
        b = season.bouts[self.index]
        win = b.winner()
        head = f"Bout {self.index + 1}: {win} wins" if win else f"Bout {self.index + 1}: a draw"
        self.draw_title(surface, head, int(16 * s), 44)
        col_w = (w - int(60 * s)) // 2
        top = int(80 * s)
        bottom = h - int(150 * s)
        size = int(20 * s)
        panels_bottom = top
        for k, n in enumerate(b.sides):
            f = season.fighters[b.picks[n]]
            man = b.result.men[k] if b.result else None
            l = season.ludi[n]
            lines = [fighter_head(f)]
            if man is not None:
                his = f.gladiator.words().possessive
                lines += [f"Ended {end_words(man.end, his)}.",
                          f"Damage dealt {man.damage_dealt}; wounds taken: "
                          + (", ".join(f"{loc} {n_}" for loc, n_ in man.wounds) or "none") + ".",
                          "Cards used: " + (card_effects(season, man.cards_used) or "none") + "."]
            gain = self.after.get(n, l.money) - self.before.get(n, l.money)
            lines.append(f"Purse: {'+' if gain >= 0 else ''}{gain} denarii (now {l.money}).")
            if not f.alive:
                lines.append(f"† {f.name} died: a name for the memorial.")
            lines.append(f"Career: {record_line(f)}; scars: {scars(f)}.")
            if f.alive and f.gladiator.cards:
                lines.append("Cards held: " + " ".join(card_lines(season, f.gladiator.cards)))
            pic = int(110 * s)
            words = "\n".join(lines)
            tw = col_w - pic - int(40 * s)
            need = block_height(words, size, tw, line_gap=3) + int(60 * s)
            r = pygame.Rect(int(20 * s) + k * (col_w + int(20 * s)), top, col_w, min(bottom - top, max(need, pic + int(60 * s))))
            panels_bottom = max(panels_bottom, r.bottom)
            panel(surface, r, (34, 26, 30, 220), GOLD if win == n else (90, 64, 44), 8)
            pygame.draw.rect(surface, rgb(l.colour), (r.x, r.y, r.w, int(6 * s)))
            surface.blit(shortened(f"{n} ({l.owner})", int(22 * s), r.w - int(24 * s), GOLD if win == n else INK, True),
                         (r.x + int(12 * s), r.y + int(14 * s)))
            state = "standing" if man is None or man.end == "standing" else ("down" if f.alive else "dead")
            surface.blit(man_sprite(f.gladiator.type, l.colour, pic, 90.0, state=state, kit=f.gladiator.kit()),
                         (r.x + int(10 * s), r.y + int(46 * s)))
            box = pygame.Rect(r.x + pic + int(24 * s), r.y + int(46 * s), tw, r.h - int(56 * s))
            fit_text_block(surface, words, box, size, INK, min_size=9, line_gap=3)
        bottom = panels_bottom
        words = []
        if self.card is not None:
            winner = season.fighters[b.picks[win]]
            words.append(f"{winner.name} draws an experience card: {self.card.name} — {self.card.words}")
        elif win is not None:
            words.append("The winner draws no card (the season's deck is empty).")
        words.append(f"The season: {season.progress()}.")
        box = pygame.Rect(int(30 * s), bottom + int(12 * s), w - int(60 * s), h - int(74 * s) - bottom - int(12 * s))
        fit_text_block(surface, "\n".join(words), box, int(18 * s), GOLD, min_size=9, line_gap=1)
        self.draw_buttons(surface)


def standing_orders(game, settings) -> None:
    """A season's bout, new on the table: each person's standing order for calling on the gods, the one
    they chose last on the setup screen (new players: only when it can change the result), given as
    the bout's first answers (`SetGods`: kept in its record, so the season still believes its result;
    the season's setup of a bout names no orders). A computer seat answers for itself."""
    from ...rulesets.gladiator.actions import REROLL, Reroll, SetGods
    from ...rulesets.gladiator.view import seating
    from .facts import GODS_CHOICES

    order = (getattr(settings, "last_setup", None) or {}).get("gladiator_gods", "useful")
    order = order if order in GODS_CHOICES else "useful"
    front = gf.front_of(game)
    bots = {p for p, _ in front.hand_to(seating)[0]}
    for p in gf.seats(front):
        if p not in bots and front.view(None).gods_orders.get(p) != order:
            front.apply(p, SetGods(p, order))
    # The bout's first die (an initiative) was rolled before these orders: if it waits on a question the
    # order would not have asked (a 6 of initiative under "only when it can change the result"), it stands.
    d = front.decision(front.turn)
    if d is not None and d.kind == REROLL and d.player not in bots and not d.cards and d.roll is not None:
        asked = order == "ask" or (order == "useful" and front.ask(None, "reroll_worth_asking", d.man,
                                                                   d.roll.purpose, d.roll.value))
        if not asked:
            front.apply(d.player, Reroll(d.player, False))
