"""Text that can always be drawn. `pygame.font` refuses some strings outright: a NUL
("A null character was found in the text"), text of only zero-width characters (a
zero-width space, a right-to-left mark: "Text has zero width"), a lone surrogate (what
`os.fsdecode` makes of a file name that is not UTF-8). Names come from files, settings
and saves that others wrote, so every font the client makes is a `SafeFont`, whose
`render` and `size` take any string: control characters are drawn as "�", invisible
format characters (zero-width spaces, direction marks and overrides) are left out, text
past MAX_DRAWN characters is cut with "…", and a string that still has no width draws
as an empty surface of the font's height. A string of printable characters (every
normal string) is passed to pygame untouched, so it draws exactly as before."""

from __future__ import annotations

import unicodedata

import pygame

MAX_DRAWN = 2000
"""The most characters one `render` draws (a line on screen holds about 150)."""
REPLACEMENT = "\ufffd"


def drawable(s: object) -> str:
    """`s` as a string pygame can draw: unchanged when it is printable text (line breaks
    are kept too: pygame-ce draws them as new lines)."""
    if not isinstance(s, str):
        s = str(s)
    if len(s) > MAX_DRAWN:
        s = s[:MAX_DRAWN - 1] + "…"
    if s.isprintable():
        return s
    out = []
    for ch in s:
        if ch == "\n" or ch.isprintable():
            out.append(ch)
            continue
        kind = unicodedata.category(ch)
        if kind == "Cf":
            continue  # zero-width space, joiners, direction marks and overrides: they show nothing
        out.append(" " if kind in ("Zl", "Zp") else REPLACEMENT if kind in ("Cc", "Cs") else ch)
    return "".join(out)


class SafeFont(pygame.font.Font):
    """A `pygame.font.Font` whose `render` and `size` never raise on a string (see the module)."""

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # noqa: D102
        s = drawable(text)
        try:
            if bgcolor is None and not wraplength:
                return super().render(s, antialias, color)
            return super().render(s, antialias, color, bgcolor, wraplength)
        except (pygame.error, ValueError, UnicodeError):
            return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)

    def size(self, text):  # noqa: D102
        try:
            return super().size(drawable(text))
        except (pygame.error, ValueError, UnicodeError):
            return 0, self.get_height()


def typable(typed: str) -> bool:
    """Whether the text a key typed may go into a name field: printable, and no zero-width,
    direction or other invisible character (the one name rule, yamlfile.text_problem)."""
    from ..yamlfile import BIDI_CONTROLS, INVISIBLE

    return bool(typed) and typed.isprintable() and not any(ch in BIDI_CONTROLS or ch in INVISIBLE for ch in typed)
