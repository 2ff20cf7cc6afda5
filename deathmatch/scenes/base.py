"""Scenes and the scene stack (STYLE.md: Tuxemon, pygame-ce examples).

A `Scene` has a life cycle the stack calls: `enter` when pushed, `pause`
when another scene is pushed over it, `resume` when that one is popped,
`exit` when it leaves. Each frame the stack offers events to the top scene
first: `handle_event` returns None when it consumed the event, or the event
to pass it down to the scene below. `update(dt)` advances time; `draw(surface)`
paints and changes nothing. The stack draws from the topmost opaque scene
upward, so overlays (hand-off screen, prompts) are scenes with
`transparent = True`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from .app import App


class Scene:
    transparent = False
    """True for overlays: the scenes below are drawn first."""

    def __init__(self, app: App):
        self.app = app

    # life cycle
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    @property
    def animating(self) -> bool:
        """True while the scene needs frames (something moves); the loop sleeps otherwise."""
        return False

    def handle_event(self, event: pygame.event.Event):
        """Return None to consume the event, or the event to pass it down."""
        return event

    def update(self, dt: float) -> None:
        """Advance `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene. Changes nothing."""


class SceneStack:
    def __init__(self):
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.top:
            self.top.resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take `scene` out wherever it is (the top one is popped properly)."""
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.exit()

    def replace(self, scene: Scene) -> None:
        while self.scenes:
            self.pop()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque one upward."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].transparent:
                start = i
                break
        return self.scenes[start:]

    @property
    def animating(self) -> bool:
        return any(s.animating for s in self.visible())

    def handle_event(self, event) -> None:
        for scene in reversed(self.scenes):
            event = scene.handle_event(event)
            if event is None:
                return

    def update(self, dt: float) -> None:
        for scene in self.visible():
            scene.update(dt)

    def draw(self, surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
