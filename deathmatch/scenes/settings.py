"""Settings, saved per player: window, UI scale, volumes, animation speed, hand-off, confirmations."""

from __future__ import annotations

import pygame

from ..client.ui import GOLD, INK, DIM, Button, text
from .menu import MenuScene

SIZES = [(1024, 600), (1152, 648), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160)]
"""The window sizes Settings may offer, smallest first (`window_sizes` keeps those the desktop has room for)."""
SCALES = [0.75, 0.9, 1.0, 1.15, 1.3, 1.5]
VOLUMES = [0.0, 0.25, 0.5, 0.75, 1.0]
SPEEDS = [0.5, 1.0, 2.0, 4.0]


def window_sizes(desktop: tuple[int, int] | None, margin: tuple[int, int] = (16, 80)) -> list[tuple[int, int]]:
    """The sizes of SIZES a window can take on a desktop of this size (None: not known), `margin` left
    for its borders, title bar and taskbar (the app's DESKTOP_MARGIN): a window larger than the screen
    would put its bottom (the Back button) out of reach. The smallest is always offered (a desktop
    smaller than it plays fullscreen anyway)."""
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return [size for size in SIZES if size <= (1920, 1080)]
    room = desktop[0] - margin[0], desktop[1] - margin[1]
    return [size for size in SIZES if size[0] <= room[0] and size[1] <= room[1]] or SIZES[:1]


class SettingsScene(MenuScene):
    def layout(self) -> None:
        st = self.app.settings
        rows = [
            ("Window: {}×{}".format(*self.app.windowed_size), self.cycle_size, pygame.K_w),
            (f"Fullscreen: {'on' if st.fullscreen else 'off'} (F11)", self.toggle_fullscreen, pygame.K_f),
            (f"UI scale: ×{st.ui_scale:g}", lambda: self.cycle("ui_scale", SCALES), pygame.K_u),
            (f"Music volume: {int(st.music_volume * 100)} %", lambda: self.cycle("music_volume", VOLUMES), pygame.K_m),
            (f"Effects volume: {int(st.effects_volume * 100)} %", lambda: self.cycle("effects_volume", VOLUMES), pygame.K_e),
            (f"Animation speed: ×{st.animation_speed:g}", lambda: self.cycle("animation_speed", SPEEDS), pygame.K_a),
            (f"Hand-off screen: {'on' if st.handoff else 'off (open cards)'}", lambda: self.flip("handoff"), pygame.K_h),
            (f"Confirm before ending an activation: {'on' if st.confirm_end else 'off'}", lambda: self.flip("confirm_end"), pygame.K_c),
            ("Back (Esc)", self.back, pygame.K_ESCAPE),
        ]
        focus = self.focus
        self.buttons = self.column([(label, act, True, key) for label, act, key in rows], int(110 * self.s), width=560)
        self.focus = min(focus, len(self.buttons) - 1)

    def save(self) -> None:
        from ..settings import save_settings

        self.message = ""
        try:
            save_settings(self.app.settings)
        except OSError as e:  # a full disk: the settings apply for now, the file keeps the old ones
            from ..saves import save_problem

            self.message = save_problem(e)
        sound = self.app.sound
        if sound is not None:
            sound.set_volumes(self.app.settings.effects_volume, self.app.settings.music_volume)
        self.layout()

    def cycle(self, attr, values) -> None:
        st = self.app.settings
        cur = getattr(st, attr)
        i = min(range(len(values)), key=lambda k: abs(values[k] - cur))
        setattr(st, attr, values[(i + 1) % len(values)])
        self.save()
        self.app.on_resize()

    def flip(self, attr) -> None:
        setattr(self.app.settings, attr, not getattr(self.app.settings, attr))
        self.save()

    def cycle_size(self) -> None:
        """The next window size that fits this desktop (after the largest, the smallest again)."""
        st = self.app.settings
        cur = tuple(self.app.windowed_size)  # what the window is now (the first one fits the desktop)
        sizes = window_sizes(self.app.desktop(), self.app.desktop_margin)
        bigger = [size for size in sizes if size[0] * size[1] > cur[0] * cur[1]]
        st.width, st.height = bigger[0] if bigger else sizes[0]
        self.save()
        if not self.app.fullscreen:
            self.app.resize_window((st.width, st.height))

    def toggle_fullscreen(self) -> None:
        self.app.settings.fullscreen = not self.app.settings.fullscreen
        self.app.toggle_fullscreen()
        self.save()

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        surface.blit(text("Settings", int(44 * s), GOLD, True), (int(30 * s), int(24 * s)))
        self.draw_buttons(surface)
        note = text("Saved as you change them.", int(18 * s), DIM)
        surface.blit(note, note.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - int(20 * s))))
        self.draw_message(surface, surface.get_height() - int(70 * s))  # a save the disk refused
