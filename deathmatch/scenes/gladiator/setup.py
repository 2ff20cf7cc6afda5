"""New game of Gladiator!: the shared setup frame (scenes/setup.py) with two seats, each sending a
gladiator into the sand, the arenas marked for Gladiator!, and its options (scenes/gladiator/options.py).

A seat's "Gladiator" button (or G / H for the first / second seat) steps through the bundled and the
player's own gladiators (scenes/gladiator/newgame.py lists them); after the last one comes "at random",
drawn when the bout starts. Each seat's man is shown below the seats: his name, type, kit, flavour
and experience cards.
"""

from __future__ import annotations

import pygame

from ...client.art.gladiator import man_sprite
from ...client.ui import DIM, GOLD, INK, Button, draw_text_block, fit_size, panel, shortened
from ...rulesets.gladiator.model import TYPE_NAMES, modifiers
from ..setup import TwoSeatSetup
from .ledger import NET_WORDS

KIT_WORDS = {"armoured": "armoured", "unarmoured": "no armour", "large": "large shield", "medium": "medium shield",
             "none": "no shield", "sword": "sword", "sica": "sica", "dagger": "dagger", "trident": "trident",
             "two_swords": "two swords", "claws": "claws and teeth"}


def kit_words(g) -> str:
    """"armoured · medium shield · sica · net" for a gladiator's kit."""
    k = g.kit()
    if k.beast:
        return "a lion: claws and teeth, 2 hexes an AP"
    parts = [KIT_WORDS.get(k.armour, k.armour)]
    if k.shield != "none":
        parts.append(KIT_WORDS.get(k.shield, k.shield))
    parts.append(KIT_WORDS.get(k.weapon, k.weapon))
    if k.net:
        parts.append(NET_WORDS.get(g.type, "net"))
    return " · ".join(parts)


class GladiatorSetupScene(TwoSeatSetup):
    title = "New game: Gladiator!"
    ruleset_id = "gladiator"
    default_arena = "bundled:sand_circle"
    no_arena = "No arena found for Gladiator!: put a hex map marked rulesets=gladiator in your arenas folder."
    piece = "gladiator"
    pick_hint = "Step through the gladiators, bundled and your own (G: first seat, H: second)"
    random_hint = "A gladiator drawn at random when the bout starts"
    pick_keys = (pygame.K_g, pygame.K_h)

    def __init__(self, app):
        super().__init__(app)
        self.count = 2
        last = self.take_up_arenas(self.seats[:2])
        picks = last.get("gladiator_picks") or []
        for k, seat in enumerate(self.seats[:2]):
            pick = picks[k] if k < len(picks) else None
            seat.cards = [pick] if isinstance(pick, str) and pick in self.app.library.cards else []

    # --- the choices ---
    def choices(self) -> list[str]:
        return self.gladiators()

    def gladiators(self) -> list[str]:
        """The gladiator ids a seat may pick, by name."""
        lib = self.app.library
        return sorted(lib.cards, key=lambda k: (lib.cards[k].gladiator.name.lower(), k))

    def piece_problems(self, entry) -> list[str]:
        return entry.gladiator.problems()

    def problem(self) -> str:
        why = super().problem()
        a, b = (s.cards[0] if s.cards else None for s in self.seats[:2])
        if not why and a is not None and a == b and a in self.app.library.cards:
            name = self.app.library.cards[a].gladiator.name
            return (f"Both seats send {name} into the sand: pick two different gladiators (H, or the second "
                    "seat's Next gladiator).")
        return why

    def pick(self, i: int) -> None:
        """Seat `i`'s next gladiator, passing over the other seat's (a man does not fight himself)."""
        super().pick(i)
        other = self.seats[1 - i].cards[:1] if i < 2 else []
        if other and self.seats[i].cards == other:
            super().pick(i)

    def own_choices(self) -> dict:
        return {"gladiator_picks": [s.cards[0] if s.cards else None for s in self.seats[:2]]}

    # --- the frame, for two seats with a gladiator each ---
    def layout(self) -> None:
        super().layout()
        keep = self.seat_buttons()
        s = self.s
        w, h = self.app.size
        careers = Button("Careers: seasons (C)", pygame.Rect(int(200 * s), h - int(60 * s), int(230 * s), int(40 * s)),
                         lambda: self.app.open("seasons"), True, pygame.K_c,
                         "League play: each player's ludus of gladiators across a season of bouts, saved after every action")
        keep.insert(len(keep) - 1, careers)
        self.buttons = keep
        self.focus = len(keep) - 1  # Enter starts the bout, as on every setup screen
        top = max(y for _, y, _ in self.rows) + int(48 * s)
        right = int(w * 0.52) - int(12 * s)
        bottom = h - int(72 * s)
        gap = int(8 * s)
        each = max(int(60 * s), (bottom - top - gap) // 2)
        self.man_boxes = [pygame.Rect(int(30 * s), top + k * (each + gap), right - int(30 * s), each) for k in range(2)]

    def draw(self, surface) -> None:
        super().draw(surface)
        self.draw_men(surface)

    def draw_men(self, surface) -> None:
        """Each seat's gladiator: sprite, name and type, kit, flavour, experience cards."""
        s = self.s
        lib = self.app.library
        for k, box in enumerate(getattr(self, "man_boxes", [])):
            seat = self.seats[k]
            panel(surface, box, (34, 26, 30, 220), (90, 64, 44), 6)
            entry = lib.cards.get(seat.cards[0]) if seat.cards else None
            pad = int(8 * s)
            size = min(box.h - 2 * pad, int(84 * s))
            if entry is None:
                draw_text_block(surface, f"{seat.name}: a gladiator drawn at random when the bout starts "
                                f"({len(lib.cards)} to draw from).", (box.x + pad, box.y + pad), int(18 * s),
                                box.w - 2 * pad, DIM, box=box.inflate(-2 * pad, -2 * pad))
                continue
            g = entry.gladiator
            size = min(box.h - 2 * pad, int(110 * s))
            surface.blit(man_sprite(g.type, seat.colour, size, 90.0, kit=g), (box.x + pad, box.y + pad))
            tx = box.x + 2 * pad + size
            tw = box.right - pad - tx
            y = box.y + pad
            head = f"{g.name} — {TYPE_NAMES.get(g.type, g.type)}"
            surface.blit(shortened(head, int(22 * s), tw, GOLD, True), (tx, y))
            y += int(26 * s)
            surface.blit(shortened(kit_words(g) + (f" · +{g.bonus_ap} AP" if g.bonus_ap else ""), int(18 * s), tw, INK),
                         (tx, y))
            y += int(22 * s)
            cards = [lib.experience[c] for c in g.cards if c in lib.experience]
            lines = [g.flavour] if g.flavour else []
            if not g.kit().beast:
                a, d, ap = modifiers(g.kit(), "balanced")
                lines.append(f"Kit: attack {a:+d}, defence {d:+d}, AP {ap:+d} (before posture)".replace("-", "−"))
            for c in cards:
                lines.append(f"Card: {c.name} — {c.words}")
            if not cards:
                lines.append("No experience cards yet.")
            words = "\n".join(lines)
            room = pygame.Rect(tx, y, tw, box.bottom - pad - y)
            if room.h > int(12 * s):
                size_t = fit_size(words, int(17 * s), room.w, room.h, min_size=9, line_gap=0)
                draw_text_block(surface, words, room.topleft, size_t, room.w, DIM, line_gap=0, box=room)

