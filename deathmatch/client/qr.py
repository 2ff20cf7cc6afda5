"""QR codes drawn crisply for the screen: a phone seat's link (its secret in it) as a phone's camera reads it.

    modules(url)          # the code's dark/light modules, its quiet zone included (rows of bools)
    picture(url, 5)       # a pygame Surface: 5 px a module, black on white, the quiet zone white

The code is made by segno (`segno.make_qr(url, error="m")`, never a Micro QR a phone's camera may not
read); each module is a whole number of pixels (a blurred, scaled code reads badly) and the quiet zone is
`QUIET` modules of white all round (the standard asks for 4).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

QUIET = 4
"""White modules all round the code (the standard's quiet zone)."""
DARK = (0, 0, 0)
LIGHT = (255, 255, 255)


@lru_cache(maxsize=64)
def _code(url: str):
    import segno  # lazy: only a game with phone seats draws a code

    return segno.make_qr(url, error="m")


def code_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The code's own modules (no quiet zone), True for dark: segno's matrix as drawn."""
    return tuple(tuple(bool(v) for v in row) for row in _code(url).matrix)


def modules(url: str) -> tuple[tuple[bool, ...], ...]:
    """The code's modules with the quiet zone round them, True for dark."""
    inner = code_matrix(url)
    n = len(inner) + 2 * QUIET
    blank = (False,) * n
    return (blank,) * QUIET + tuple((False,) * QUIET + row + (False,) * QUIET for row in inner) + (blank,) * QUIET


def size_in_modules(url: str) -> int:
    """How many modules wide the code is, its quiet zone included."""
    return len(_code(url).matrix) + 2 * QUIET


@lru_cache(maxsize=32)
def picture(url: str, module: int) -> pygame.Surface:
    """The code as a Surface, `module` whole pixels a module (at least 1), the quiet zone included."""
    module = max(1, int(module))
    grid = modules(url)
    n = len(grid)
    out = pygame.Surface((n * module, n * module))
    out.fill(LIGHT)
    for y, row in enumerate(grid):
        x = 0
        while x < n:  # a run of dark modules is one rect
            if row[x]:
                start = x
                while x < n and row[x]:
                    x += 1
                out.fill(DARK, pygame.Rect(start * module, y * module, (x - start) * module, module))
            else:
                x += 1
    return out


def read_back(surface: pygame.Surface, rect: pygame.Rect, n: int) -> tuple[tuple[bool, ...], ...]:
    """The modules a code of `n` modules drawn at `rect` on `surface` shows (each module's middle pixel:
    dark when it is darker than mid-grey) — what a camera would read off the screen, for the tests."""
    module = rect.w / n
    out = []
    for j in range(n):
        row = []
        for i in range(n):
            c = surface.get_at((int(rect.x + (i + 0.5) * module), int(rect.y + (j + 0.5) * module)))
            row.append(c.r + c.g + c.b < 3 * 128)
        out.append(tuple(row))
    return tuple(out)
