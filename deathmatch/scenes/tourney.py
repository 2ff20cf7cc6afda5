"""Tournament night on screen: setup, the standings between games, the draft, the podium."""

from __future__ import annotations

import pygame

from ..client import sprites
from ..client.ui import DIM, GOLD, INK, Button, draw_label, fit_text_block, panel, text
from ..core.front import Front
from .menu import MenuScene
from .setup import PEOPLE, NewGameScene, NightArenas, Seat, start_phones, tournament_key  # the shared setup frame (a helper, like menu), never another screen

GAMES = [3, 5, 7, 10]
ASSIGN = ["deal", "pick", "draft"]


class TournamentSetupScene(NightArenas, NewGameScene):
    """The new-game setup plus the tournament's own choices."""

    title = "Tournament night"

    def __init__(self, app):
        super().__init__(app)
        own = dict(app.settings.last_tournament or {})
        self.take_up_night(own, "", GAMES, 5, own.get("arenas") if isinstance(own.get("arenas"), list) else [])
        self.assign = own.get("assign") if own.get("assign") in ASSIGN else "deal"

    def remembered(self) -> tuple[dict, list]:
        """The last tournament's choices; the first night starts from the last new game's. (Keys
        "night_<ruleset>_…" are another ruleset's night's, kept beside these: scenes/skirmish/tourney.py.)"""
        own = {k: v for k, v in (self.app.settings.last_tournament or {}).items() if not k.startswith("night_")}
        if not own:
            return super().remembered()
        return own, list(own.get("seats") or [])

    def remember(self) -> None:
        """Keep the night's choices for the next tournament, apart from New game's and the Settings."""
        from ..settings import save_settings

        st = self.app.settings
        others = {k: v for k, v in (st.last_tournament or {}).items() if k.startswith("night_")}  # another game's night
        st.last_tournament = {
            **others,
            "seats": [{"name": s.name.strip(), "colour": s.colour, "kind": s.kind} for s in self.seats[: self.count]],
            "players": self.count, "arena": self.arenas[self.arena].id,
            "arenas": [self.arenas[k].id for k in self.chosen], "games": self.games, "shuffle": self.shuffle,
            "assign": self.assign, "no_repeat": self.no_repeat, **self.options.remembered()}
        st.bot_thinking = self.thinking  # the bots' thinking is one setting, whichever screen set it
        save_settings(st)

    def layout(self) -> None:
        super().layout()
        # the animation speed is a setting of the Settings screen, not a choice of the night
        self.buttons = [b for b in self.buttons if not b.label.startswith("Animations")]
        s = self.s
        w, h = self.app.size
        extra = [
            (f"Games: {self.games}", lambda: self._cycle("games", GAMES),
             "How many games the night plays (who places first turns round each game)"),
            (f"Arenas: {'shuffled' if self.shuffle else 'in order'}", lambda: self._flip("shuffle"),
             "The night's arenas in the order clicked, or shuffled"),
            (f"Cards: {self.assign}", lambda: self._cycle("assign", ASSIGN),
             "deal: celebrities dealt at random every game. pick: each player picks theirs before every game. "
             "draft: players take turns choosing from one shared pool"),
            (f"No repeats: {'on' if self.no_repeat else 'off'}", lambda: self._flip("no_repeat"),
             "On: nobody plays the same celebrity twice in the night (while another is left)"),
        ]
        # the tournament's own options: bottom left, under the seats
        for b in self.night_buttons(int(30 * s), h - int(160 * s), extra):
            self.buttons.insert(len(self.buttons) - 2, b)
        start = self.buttons[-1]
        start.label = "Start the tournament (Enter)"
        start.action = self.start
        self.focus = len(self.buttons) - 1

    def hint_area(self) -> pygame.Rect | None:
        """The room under the seats, above the night's own choices and their heading."""
        area = super().hint_area()
        area.height = self.app.size[1] - int(196 * self.s) - area.y
        return area

    def draw(self, surface) -> None:
        super().draw(surface)
        s = self.s
        surface.blit(text("Tournament  (click arenas to list them for the night, in order)", int(20 * s), GOLD, True),
                     (int(30 * s), self.app.size[1] - int(190 * s)))


class TournamentScene(MenuScene):
    """Between games: the standings, the next game's placement order, export, drop-outs."""

    def __init__(self, app, tournament):
        super().__init__(app)
        self.t = tournament
        self.results = tournament.results()
        self.exported = ""
        self.next_arena: tuple | None = None
        """(games played, players in, the arena's name) of the next game, worked out once (`next_arena_name`):
        a night may list thousands of arenas, and finding the one that takes the players loads maps."""

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        y = h - int(64 * s)
        entries = []
        if not self.t.over:
            entries.append(("Next game (Enter)", self.next_game, pygame.K_RETURN))
        entries += [("Export (E)", self.export, pygame.K_e), ("Title (Esc)", self.back, pygame.K_ESCAPE)]
        bw = int(230 * s)
        self.buttons = []
        for i, (label, act, key) in enumerate(entries):
            r = pygame.Rect(0, y, bw, int(44 * s))
            r.centerx = w // 2 + int((i - (len(entries) - 1) / 2) * (bw + 20 * s))
            self.buttons.append(Button(label, r, act, True, key))
        if not self.t.over:
            for i, row in enumerate(self.t.standings(self.results)):
                if row["dropped"] or len(self.t.players_in(len(self.t.records))) <= 2:
                    continue
                r = pygame.Rect(int(w * 0.86), int(150 * s) + i * int(34 * s), int(110 * s), int(28 * s))
                self.buttons.append(Button("drop out", r, (lambda p=row["player"]: self.drop(p))))
        self.focus = 0

    def next_arena_name(self) -> str:
        """The next game's arena, by name: found once for the games played and the players still in
        (again after a game or a drop-out), never on every frame."""
        done = len(self.t.records)
        key = (done, tuple(e.name for e in self.t.players_in(done)))
        if self.next_arena is None or self.next_arena[:2] != key:
            self.next_arena = (*key, _arena_name(self.t.arena_for(done)))
        return self.next_arena[2]

    def drop(self, player) -> None:
        self.t.drop(player)
        self.t.save()
        self.layout()

    def back(self) -> None:
        self.app.go("title")

    def export(self) -> None:
        from ..saves import saves_dir, write_atomic

        folder = saves_dir()
        try:  # never through a link (a linked tournament.csv is refused, said, not written through)
            write_atomic(folder / "tournament.csv", self.t.export_csv())
            write_atomic(folder / "tournament.html", self.t.export_html())
        except OSError as e:
            self.exported = f"Not saved: {e.strerror or e}"
            return
        self.exported = f"Saved {folder / 'tournament.html'} and tournament.csv"

    def next_game(self) -> None:
        if self.t.assignment == "deal":
            self.launch(None)
        else:
            self.app.push(DraftScene(self.app, self.t, self.launch))

    def launch(self, cards) -> None:
        game = self.t.start_game(self.night_library(), cards)
        self.t.save()
        start_tournament_battle(self.app, self.t, game)

    def night_library(self):
        """What the night's games are dealt from: the ruleset's content as its tournament rules take it
        (its new-game side's `night_library(library)` if it has one, else the content itself)."""
        side = self.app.router.new_game_side(self.t.ruleset)
        library = self.app.library_for(self.t.ruleset)
        convert = getattr(side, "night_library", None)
        return convert(library) if convert is not None else library

    def order_words(self, order) -> str:
        """The next game's seating, in the ruleset's words (its new-game side's `placement_words(order)`)."""
        words = getattr(self.app.router.new_game_side(self.t.ruleset), "placement_words", None)
        return words(order) if words is not None else f"placement order {', '.join(order)}"

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        t = self.t
        done = len(t.records)
        table = t.standings(self.results)
        champion = t.champion(table)
        leaders = [champion] if champion else t.leaders(table)
        # only a finished night has a champion; before the first game nobody leads
        title = "Champion!" if champion else f"Tournament — {t.progress()}"
        self.draw_title(surface, title, int(16 * s), 50)
        if champion:
            self.draw_podium(surface, table[:3], int(80 * s))
            top = int(260 * s)
        else:
            order = t.placement_order(done)
            words = f"Next: game {done + 1} on {self.next_arena_name()}; {self.order_words(order)}"
            box = pygame.Rect(int(w * 0.1), int(72 * s), int(w * 0.8), int(44 * s))
            fit_text_block(surface, words, box, int(20 * s), INK, min_size=10, line_gap=0)
            top = int(120 * s)
        rect = pygame.Rect(int(w * 0.1), top, int(w * 0.74), int((44 + 34 * len(table)) * s))
        panel(surface, rect)
        columns = t.scoring.totals  # the game's own columns (its manifest's scoring)
        xs = (0.42, 0.52, 0.64, 0.76) if len(columns) == 4 else [0.42 + 0.46 * i / len(columns) for i in range(len(columns))]
        cols = [("#", 0.0), ("player", 0.06), *((c.label, x) for c, x in zip(columns, xs)), ("games", 0.88)]
        for c, x in cols:
            surface.blit(text(c, int(18 * s), DIM, True), (rect.x + int(12 * s) + x * rect.w, rect.y + int(10 * s)))
        y = rect.y + int(40 * s)
        colour_of = {e.name: e.colour for e in t.entrants}
        if not done:  # nothing played: the players as they sit, nobody ranked yet (not 1 to 4 by name)
            seat = {e.name: i for i, e in enumerate(t.entrants)}
            table = [{**row, "rank": "–"} for row in sorted(table, key=lambda r: seat.get(r["player"], 0))]
        for row in table:
            pc = sprites.PLAYER_COLOURS[colour_of.get(row["player"], 0) % 10]
            pygame.draw.rect(surface, pc.rgb, (rect.x + int(4 * s), y + 4, int(8 * s), int(16 * s)))  # left of the rank
            values = [row["rank"], row["player"] + (" (out)" if row["dropped"] else ""),
                      *(c.shown(row[c.key]) for c in columns), row["games"]]
            lead = row["player"] in leaders
            for (c, x), v in zip(cols, values):
                surface.blit(text(str(v), int(22 * s), GOLD if lead else INK, lead),
                             (rect.x + int(14 * s) + x * rect.w, y))
            y += int(34 * s)
        note = text("Ties: " + ", then ".join(t.scoring.column(k).label for k in t.scoring.tie_breaks) + ".",
                    int(16 * s), DIM)
        surface.blit(note, (rect.x, rect.bottom + int(6 * s)))
        hy = rect.bottom + int(32 * s)
        for line in t.highlights(self.results):
            surface.blit(text(line, int(19 * s), INK), (rect.x, hy))
            hy += int(24 * s)
        if self.exported:
            img = text(self.exported, int(17 * s), (160, 220, 160))
            surface.blit(img, img.get_rect(midbottom=(w // 2, h - int(74 * s))))
        self.draw_buttons(surface)

    def draw_podium(self, surface, top3, y) -> None:
        s = self.s
        w = surface.get_width()
        heights = {1: 140, 2: 105, 3: 80}
        xs = {2: -1, 1: 0, 3: 1}
        for row in top3:
            r = row["rank"]
            hh = int(heights.get(r, 60) * s)
            box = pygame.Rect(0, 0, int(160 * s), hh)
            box.midbottom = (w // 2 + xs.get(r, 0) * int(175 * s), y + int(160 * s))
            panel(surface, box, ((226, 184, 77, 240) if r == 1 else (192, 192, 200, 240) if r == 2 else (201, 138, 74, 240)),
                  (90, 60, 20), 6)
            draw_label(surface, row["player"], pygame.Rect(box.x + 8, box.y + 4, box.w - 16, int(24 * s)), int(22 * s),
                       (30, 20, 10), True, min_size=8)
            lead = self.t.scoring.lead  # the first tie-break's number (VP)
            surface.blit(text(f"{lead.shown(row[lead.key])} {lead.label}", int(18 * s), (30, 20, 10)),
                         (box.x + 8, box.y + int(30 * s)))
            big = text(str(r), int(48 * s), (30, 20, 10), True)
            surface.blit(big, big.get_rect(midbottom=(box.centerx, box.bottom - 4)))


class DraftScene(MenuScene):
    """Cards for the next game: each player picks in secret (pick), or all pick in turn from one pool (draft)."""

    def __init__(self, app, tournament, then):
        super().__init__(app)
        import random

        self.t = tournament
        self.then = then
        k = len(tournament.records)
        self.players = tournament.players_in(k)
        self.per = app.router.new_game_side().cards_each(len(self.players))
        self.order = tournament.placement_order(k)
        self.cards = {e.name: [] for e in self.players}
        self.rng = random.Random(f"{tournament.seed}:draft:{k}")
        if tournament.assignment == "draft":  # round by round, one card each, snake order
            self.queue = [p for r in range(self.per) for p in (self.order if r % 2 == 0 else self.order[::-1])]
        else:
            self.queue = [p for p in self.order for _ in range(1)]
        self.waiting = None
        self.on_phone = None
        """A phone seat's secret pick going on (`scenes/phones.PhonePick`), None when none."""

    def taken(self) -> set:
        return {c for cs in self.cards.values() for c in cs}

    def banned(self, player) -> set:
        return self.t.played_cards(player) if self.t.no_repeat else set()

    def enter(self) -> None:
        self.advance()

    def resume(self) -> None:
        if self.waiting is not None:
            seat = self.waiting
            # (a draft asks each person several times: a pick adds to the ones before, never replaces them)
            self.cards[seat.name] += [c for c in seat.cards if c not in self.cards[seat.name]]
            self.waiting = None
        self.advance()

    def advance(self) -> None:
        kinds = {e.name: e.kind for e in self.t.entrants}
        while self.queue:
            p = self.queue.pop(0)
            need = 1 if self.t.assignment == "draft" else self.per
            pool = sorted(set(self.app.library.cards) - self.taken() - self.banned(p))
            if kinds.get(p, "Human") not in PEOPLE or len(pool) < need:
                self.cards[p] += self.rng.sample(pool if len(pool) >= need else sorted(self.app.library.cards), need)
                continue
            host = self.app.phones
            if kinds.get(p) == "Phone" and (host is None or p not in host.seats):
                # a night taken up after the program closed (Continue) has no host before its first table: the
                # night's own, with its kept codes, so its phone seats still pick on their phones
                host = start_phones(self.app, self.t.entrants, "tournament", tournament_key(self.t))
            if kinds.get(p) == "Phone" and host is not None and p in host.seats and self.pick_on_phone(p, pool, need):
                return
            self.pick_at_screen(p, need)
            return
        self.app.stack.remove(self)
        self.then(self.cards)

    def pick_at_screen(self, p: str, need: int) -> None:
        seat = Seat(p, 0)
        self.waiting = seat
        self.app.open("gallery", seat, need, self.taken() | self.banned(p), hidden=True)

    def pick_on_phone(self, p: str, pool: list, need: int) -> bool:
        """A phone seat picks on its phone (the screen only says whose pick it is); False if its server can
        not listen (the pick is then made at the screen)."""
        from .phones import PhonePick  # lazy: start-up

        cards = self.app.library.cards
        items = [{"id": c, "label": cards[c].name, "hint": cards[c].title or cards[c].era,
                  "lines": [f"{a.name}: {a.text}" for a in cards[c].abilities]} for c in pool]
        words = "Pick a character" if need == 1 else "Pick your characters"
        pick = PhonePick(self.app.phones, p, items, need, words)
        if not self.app.phones.listening:
            return False
        self.on_phone = pick
        self.buttons = [Button("Pick at the screen instead", pygame.Rect(0, 0, int(300 * self.s), int(44 * self.s)),
                               self.take_back, True, pygame.K_RETURN,
                               f"{p}'s phone is lost or asleep: pick behind a pass screen here")]
        self.buttons[0].rect.center = (self.app.size[0] // 2, self.app.size[1] // 2 + int(80 * self.s))
        return True

    def take_back(self) -> None:
        pick, self.on_phone = self.on_phone, None
        self.buttons = []
        if pick is not None:
            pick.cancel()
            self.cards[pick.seat] += [c for c in pick.picked if c not in self.cards[pick.seat]]
            self.pick_at_screen(pick.seat, pick.count - len(pick.picked))

    def update(self, dt: float) -> None:
        pick = self.on_phone
        if pick is None:
            return
        pick.update()
        if pick.done is not None:
            self.on_phone = None
            self.buttons = []
            self.cards[pick.seat] += pick.done
            self.advance()

    @property
    def animating(self) -> bool:
        """A frame when a phone's answer waits or its phone came or went (the loop sleeps otherwise)."""
        return self.on_phone is not None and self.on_phone.wants_frame()

    def draw(self, surface) -> None:
        self.draw_backdrop(surface)
        if self.on_phone is not None:
            self.on_phone.draw(surface, self.s, self.buttons, f"{self.on_phone.seat} is picking on the phone…")


def _arena_name(ref) -> str:
    """The arena as the setup screens name it (its map's own name: "The Skyline")."""
    from ..board.tiled import arena_title

    return arena_title(ref)


def start_tournament_battle(app, tournament, game):
    """A tournament game on the battle screen: saved after every action, back to the standings after."""
    from .. import saves

    bots = {e.name: e.kind for e in tournament.entrants if e.kind not in PEOPLE}
    if bots and not Front(game).hand_to(lambda g: getattr(getattr(g, "setup", None), "bots", None)):  # host
        game.seat_bots = bots  # a ruleset whose setup records no bots: its table reads who plays by computer here
    # the night's phones: one host all night (the same codes; phones stay connected between games), made again
    # with the kept codes when the night is taken up after the program was closed
    start_phones(app, tournament.entrants, "tournament", tournament_key(tournament))
    battle = app.play(game)
    left = tournament.games - len(tournament.records) - 1  # (this game not filed yet)
    battle.phone_after = ("The standings are on the big screen. Keep this page open: your next game comes to it."
                          if left > 0 else "The night is over: the podium is on the big screen. Thanks for playing!")

    finished = []

    def autosave(g):
        # first: a full disk (raised below, said by the table) loses nothing in memory. The answer that
        # ends the game files it with the night's results at once: a window closed on the game's end
        # (or Quit to title) must not leave it as the game in progress, for Continue to offer again.
        if Front(g).over:
            if not finished:
                tournament.finish_game(g)
                finished.append(g)
        else:
            if finished:  # the game's last answer taken back: in progress again
                tournament.records.pop()
                finished.clear()
            tournament.record_game(g)
        try:
            saves.write_game(g)
        finally:
            tournament.save()

    def leave(b):
        if not finished:
            tournament.finish_game(b.game)
        tournament.save()
        app.go("tournament", tournament)

    battle.autosave = autosave
    battle.on_exit = leave
    return battle
