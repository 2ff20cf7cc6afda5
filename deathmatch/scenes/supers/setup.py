"""New game of Superhero Gladiators: the shared setup frame (scenes/setup.py) with 2–4 teams, each
sending 2 or 3 heroes into the arena, the arenas marked for Superhero Gladiators, and its options
(scenes/supers/options.py).

A seat's "Team" button picks the seat whose team the hero list below changes; a click (or Tab to it and
Enter) on a hero there puts it in that team or takes it out. A team with no heroes picked brings heroes
drawn at random when the fight starts ("Random" clears a team). Seats are people or the computer
(the ruleset's bot levels; "easy" plays random legal answers while no bot is installed).
"""

from __future__ import annotations

import random

import pygame

from ...client.ui import DIM, GOLD, Button, draw_label
from ..setup import PEOPLE, GameSetup
from .facts import TEAM_SIZES, counted, kind_words

MAX_TEAMS = 4
"""The most teams a bundled arena has spawn zones for (the Skyline: four)."""


def teams_text(teams: list[list[str]]) -> str:
    """The seats' picked teams as one plain text, as the settings keep a ruleset's choices (plain values
    only): "id,id,id|id,id|" (a seat each, in order; an empty team: dealt at random); "" (nothing kept)
    if that is longer than the settings keep a text (`settings.MAX_TEXT_CHARS`)."""
    from ...settings import MAX_TEXT_CHARS

    words = "|".join(",".join(t) for t in teams)
    return words if len(words) <= MAX_TEXT_CHARS else ""


def teams_of(kept) -> list[list[str]]:
    """The teams `teams_text` wrote (or a list of lists, as settings from before it kept them)."""
    if isinstance(kept, str):
        return [[h for h in part.split(",") if h] for part in kept.split("|")]
    if isinstance(kept, list):
        return [[h for h in t if isinstance(h, str)] if isinstance(t, list) else [] for t in kept]
    return []


class SupersSetupScene(GameSetup):
    title = "New game: Superhero Gladiators"
    ruleset_id = "supers"
    default_arena = "bundled:supers_crater"
    no_arena = "No arena found for Superhero Gladiators: put a map marked rulesets=supers in your arenas folder."
    no_bot_levels = ("easy",)
    offers_thinking = False

    def __init__(self, app):
        self.team_seat = 0
        """The seat whose team the hero list changes."""
        self.hero_buttons: list[tuple[str, Button]] = []
        super().__init__(app)
        last = self.take_up_arenas(self.seats)
        n = last.get("supers_players", 2)
        self.count = n if isinstance(n, int) and 2 <= n <= MAX_TEAMS else 2
        teams = teams_of(last.get("supers_teams"))
        for k, seat in enumerate(self.seats):
            team = teams[k] if k < len(teams) else []
            seat.cards = [h for h in team if h in self.app.library.cards][:max(TEAM_SIZES)]
        self.layout()

    # --- the choices ---
    def set_count(self, d: int) -> None:
        self.count = max(2, min(MAX_TEAMS, self.count + d))
        self.team_seat = min(self.team_seat, self.count - 1)
        self.layout()

    def heroes(self) -> list[str]:
        """The hero ids a team may pick, by name."""
        lib = self.app.library
        return sorted(lib.cards, key=lambda k: (lib.cards[k].hero.name.lower(), k))

    def pick(self, i: int) -> None:
        """Seat `i`'s team is the one the hero list changes now."""
        self.team_seat = i
        self.message = ""
        self.layout()

    def toggle(self, hero_id: str) -> None:
        """Put the hero in the chosen seat's team, or take it out (at most 3 a team)."""
        seat = self.seats[self.team_seat]
        if hero_id in seat.cards:
            seat.cards.remove(hero_id)
        elif len(seat.cards) >= max(TEAM_SIZES):
            self.message = f"{seat.name}'s team has {max(TEAM_SIZES)} heroes: take one out first."
            return
        else:
            seat.cards.append(hero_id)
        self.message = ""
        self.layout()

    def problem(self) -> str:
        seats = self.seats[: self.count]
        why = self.seats_problem(seats)
        if why:
            return why
        a = self.arenas[self.arena].report.arena
        if not a.min_players <= self.count <= a.max_players:
            span = f"{a.min_players}" if a.min_players == a.max_players else f"{a.min_players}–{a.max_players}"
            return f"{a.name} is for {span} teams, you have {self.count}."
        for s in seats:
            if s.cards and len(s.cards) not in TEAM_SIZES:
                return f"{s.name} has {len(s.cards)} hero: pick 2 or 3, or none for a random team."
        return ""

    def make(self, seed=None):
        rng = random.Random(seed)
        seats = self.seats[: self.count]
        entry = self.arenas[self.arena]
        return self.side.new_game(entry.report.arena, [(s.name.strip(), list(s.cards)) for s in seats], self.app.library,
                                  self.options.options(), seed=rng.randrange(1 << 30) if seed is None else seed,
                                  colours=[s.colour for s in seats],
                                  bots={s.name.strip(): s.kind for s in seats if s.kind not in PEOPLE},
                                  random_heroes=self.options.random_heroes,
                                  not_dealt=self.app.designed.get(self.ruleset_id, set()))

    def own_choices(self) -> dict:
        return {"supers_players": self.count,
                "supers_teams": teams_text([list(s.cards) for s in self.seats[: self.count]])}

    # --- the frame: the seats' rows, then the hero list for the chosen team ---
    def focused_rect(self):
        """Where the keyboard's focus is (a button's rect), to find it again after the buttons are remade."""
        buttons = getattr(self, "buttons", None) or []
        return buttons[self.focus].rect.copy() if 0 <= getattr(self, "focus", -1) < len(buttons) else None

    keyed = False
    """Whether the event being handled is a key: a button pressed from the keyboard keeps the focus."""

    def handle_event(self, event):
        self.keyed = event.type == pygame.KEYDOWN
        try:
            return super().handle_event(event)
        finally:
            self.keyed = False

    def refocus(self, was) -> None:
        """After the buttons are remade: a button pressed from the keyboard (Enter on a seat's kind, on a hero)
        keeps the focus, so that the next Tab goes on from there instead of from Start; after a click, or
        with the button gone, the focus is on Start, so that Enter starts as its label says."""
        at = next((i for i, b in enumerate(self.buttons)
                   if self.keyed and was is not None and b.rect == was and b.enabled), None)
        self.focus = at if at is not None else len(self.buttons) - 1

    def layout(self) -> None:
        if not hasattr(self, "options"):
            return
        was = self.focused_rect()
        super().layout()
        s = self.s
        w, h = self.app.size
        keep = []
        row_of = {y: i for i, y, _ in self.rows}
        for b in self.buttons:
            i = row_of.get(b.rect.y, 0)
            if b.label in ("Pick cards", "Change"):
                b.label = "Team"
                b.selected = i == self.team_seat
                b.hint = "Pick this team's heroes in the list below"
            elif b.label == "Deal":
                b.label = "Random"
                b.hint = "Heroes drawn at random when the fight starts"
            keep.append(b)
        limit = next((b for b in keep if b.label.startswith("Turn limit")), None)
        for b in keep:  # the options are one row here: the animation speed comes up under it, leaving no gap
            if limit is not None and b.label.startswith("Animations"):
                b.rect.y = limit.rect.y + int(40 * s)
        start = keep[-1]
        top = max(y for _, y, _ in self.rows) + int(80 * s)
        right = int(w * 0.52) - int(12 * s)
        bottom = h - int(72 * s)
        self.list_rect = pygame.Rect(int(30 * s), top - int(30 * s), right - int(30 * s), bottom - top + int(30 * s))
        ids = self.heroes()
        gap = int(6 * s)
        cols = 3
        rows = max(1, -(-len(ids) // cols))
        bh = min(int(30 * s), (bottom - top) // rows - gap)
        while bh < int(20 * s) and cols < 5:
            cols += 1
            rows = max(1, -(-len(ids) // cols))
            bh = min(int(30 * s), (bottom - top) // rows - gap)
        bw = (right - int(30 * s) - (cols - 1) * gap) // cols
        team = self.seats[self.team_seat].cards
        self.hero_buttons = []
        for k, hid in enumerate(ids):
            r, c = divmod(k, cols)
            rect = pygame.Rect(int(30 * s) + c * (bw + gap), top + r * (bh + gap), bw, max(12, bh))
            name = self.app.library.cards[hid].hero.name
            b = Button(name, rect, lambda hid=hid: self.toggle(hid), True, None,
                       "Put this hero in the chosen team, or take it out", selected=hid in team)
            self.hero_buttons.append((hid, b))
        back = next(b.rect for b in keep if b.label.startswith("Back"))
        design = Button("Design a hero… (D)", pygame.Rect(back.right + int(14 * s), back.y, int(210 * s), back.height),
                        self.design, True, pygame.K_d,
                        "Make your own hero on a 200-point card and save it to your heroes folder (D)")
        self.buttons = keep[:-1] + [b for _, b in self.hero_buttons] + [design, start]
        self.refocus(was)  # Enter starts the fight, as on every setup screen, once the focus is on Start

    # --- the hero designer (scenes/supers/designer.py) ---
    def design(self) -> None:
        self.app.open("hero designer", on_saved=self.hero_saved)

    def hero_saved(self, hero, path=None) -> None:
        """A hero the designer saved joins the list at once, in the team being picked if it has room. It is
        never dealt at random to a team (`newgame.team_for`): its hidden gizmos are known to its designer."""
        self.app.designed.setdefault(self.ruleset_id, set()).add(hero.id)
        self.app.forget_library()
        self.layout()
        team = self.seats[self.team_seat].cards
        if hero.id in self.heroes() and hero.id not in team and len(team) < 3:
            self.toggle(hero.id)

    def picture(self, entry, size):
        """The arena's picture in the list; a square map (which the shared map view does not draw) by the table's board."""
        try:
            img = super().picture(entry, size)
        except Exception:
            img = None
        if img is not None:
            return img
        from .board import Board

        board = Board(entry.report.arena, entry.path)
        board.fit(pygame.Rect(0, 0, *size))
        img = pygame.Surface(size)
        img.fill(board.background)
        board.draw(img)
        return img

    def shown_hero(self):
        """The hero under the mouse or the keyboard's focus in the list (else the team's last pick)."""
        mouse = pygame.mouse.get_pos()
        for hid, b in self.hero_buttons:
            if b.rect.collidepoint(mouse):
                return hid
        if 0 <= self.focus < len(self.buttons):
            for hid, b in self.hero_buttons:
                if b is self.buttons[self.focus]:
                    return hid
        team = self.seats[self.team_seat].cards
        return team[-1] if team else None

    def draw_hero(self, surface) -> None:
        """The shown hero's card in the room under the list: attributes, traits, powers (no gizmos: a hidden
        one is its owner's secret once the fight starts)."""
        from ...client.art.supers import hero_sprite
        from ...client.ui import INK, draw_text_block, fit_size

        s = self.s
        bottom = self.list_rect.bottom  # (a hero file that would not load: the frame's line at the bottom says so)
        hid = self.shown_hero()
        entry = self.app.library.cards.get(hid) if hid else None
        if entry is None or not self.hero_buttons:
            return
        last = max(b.rect.bottom for _, b in self.hero_buttons)
        box = pygame.Rect(self.list_rect.x, last + int(10 * s), self.list_rect.w, bottom - last - int(10 * s))
        if box.h < int(40 * s):
            return
        h = entry.hero
        pad = int(6 * s)
        icon = min(box.h - 2 * pad, int(72 * s))
        surface.blit(hero_sprite(h, self.seats[self.team_seat].colour, icon), (box.x + pad, box.y + pad))
        tx = box.x + 2 * pad + icon
        lines = [f"{h.name}" + (f" — {h.flavour}" if h.flavour else ""),
                 f"Str {h.str} Dex {h.dex} Size {h.size} Per {h.per} · Combat {h.combat} · Oomph {h.max_oomph} · "
                 f"Speed {h.speed} (segments {', '.join(map(str, h.segments))}) · Move {h.movement}"]
        for p in h.powers:
            extra = ", ".join(list(p.styles) + [kind_words(k) for k in p.movement]
                              + ([p.reliability] if p.reliability != "reliable" else []))  # as the table's card says
            uses = "unlimited uses" if p.uses is None else counted(p.uses, "use")
            lines.append(f"{p.name}: {p.type.replace('_', ' ')} {p.level}" + (f" ({extra})" if extra else "") + f", {uses}")
        words = "\n".join(lines)
        room = pygame.Rect(tx, box.y + pad, box.right - pad - tx, box.h - 2 * pad)
        size = fit_size(words, int(16 * s), room.w, room.h, min_size=8, line_gap=0)
        draw_text_block(surface, words, room.topleft, size, room.w, INK, line_gap=0, box=room)

    def team_words(self, seat) -> str:
        """The hero list's heading: whose team it changes, and what an empty one brings."""
        return f"{seat.name}'s team: {len(seat.cards)} picked (2 or 3; none: {self.options.random_heroes} at random)"

    def draw(self, surface) -> None:
        super().draw(surface)
        self.draw_hero(surface)
        s = self.s
        seat = self.seats[self.team_seat] if self.team_seat < self.count else self.seats[0]
        r = self.list_rect
        draw_label(surface, self.team_words(seat), pygame.Rect(r.x, r.y, r.w, int(24 * s)), int(19 * s), GOLD, True, min_size=9)
        if not self.hero_buttons:
            draw_label(surface, "No heroes found: every team is drawn at random.",
                       pygame.Rect(r.x, r.y + int(30 * s), r.w, int(22 * s)), int(17 * s), DIM)
