"""The rules as played (RULES.md with its rulings, and the engine's own rulings), scrollable; and the gallery."""

from __future__ import annotations

import pygame

from ..client.ui import DIM, GOLD, INK, Button, text, wrap
from ..paths import assets_dir
from .menu import MenuScene


def rule_lines() -> list[tuple[str, str]]:
    """(style, line) pairs from the bundled rule texts: style is h1, h2, or body."""
    out = []
    for name in ("RULES.md", "RULINGS.md"):
        path = assets_dir() / "rules" / name
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError:
            out.append(("body", f"({path} is missing)"))
            continue
        for line in lines:
            t = line.rstrip().replace("**", "").replace("`", "")
            if t.startswith("# "):
                out.append(("h1", t[2:]))
            elif t.startswith("## ") or t.startswith("### "):
                out.append(("h2", t.lstrip("# ")))
            elif t.startswith("|---"):
                continue
            else:
                out.append(("body", t.replace("|", "  ").strip()))
        out.append(("body", ""))
    return out


class RulesScene(MenuScene):
    def __init__(self, app):
        super().__init__(app)
        self.scroll = 0
        self.source = rule_lines()
        self.rendered = []

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        self.buttons = [Button("Back (Esc)", pygame.Rect(int(30 * s), h - int(56 * s), int(160 * s), int(40 * s)), self.back),
                        Button("The celebrities (G)", pygame.Rect(w - int(260 * s), h - int(56 * s), int(230 * s), int(40 * s)),
                               self.gallery, True, pygame.K_g)]
        width = int(w * 0.8)
        self.rendered = []
        for style, line in self.source:
            size = {"h1": 34, "h2": 26}.get(style, 20)
            for part in wrap(line, int(size * s), width, style != "body") or [""]:
                self.rendered.append((style, part, int(size * s)))

    def gallery(self) -> None:
        from .gallery import GalleryScene

        self.app.push(GalleryScene(self.app))

    def wheel(self, dy) -> None:
        self.scroll = max(0, self.scroll - dy * 3)

    def key(self, event) -> bool:
        page = max(1, int(self.app.size[1] / (26 * self.s)) - 4)
        moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page,
                 pygame.K_SPACE: page, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
        if event.key in moves:
            self.scroll = max(0, min(len(self.rendered) - 1, self.scroll + moves[event.key]))
            return True
        return False

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        y = int(24 * s)
        x = int(w * 0.1)
        bottom = h - int(70 * s)
        for style, line, size in self.rendered[self.scroll:]:
            colour = GOLD if style != "body" else INK
            img = text(line, size, colour, style != "body")
            if y + img.get_height() > bottom:
                break
            surface.blit(img, (x, y))
            y += img.get_height() + int(4 * s) + (int(6 * s) if style != "body" else 0)
        hint = text(f"line {self.scroll + 1} of {len(self.rendered)} — wheel, Up/Down, PgUp/PgDn", int(16 * s), DIM)
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - int(18 * s))))
        self.draw_buttons(surface)
