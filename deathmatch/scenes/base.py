"""Scenes and the scene stack (STYLE.md: Tuxemon, pygame-ce examples).

A `Scene` has a life cycle the stack calls: `enter` when pushed, `pause`
when another scene is pushed over it, `resume` when that one is popped,
`exit` when it leaves. Each frame the stack offers events to the top scene
first: `handle_event` returns None when it consumed the event, or the event
to pass it down to the scene below. `update(dt)` advances time; `draw(surface)`
paints and changes nothing. The stack draws from the topmost opaque scene
upward, so overlays (hand-off screen, prompts) are scenes with
`transparent = True`. Only the top scene's time runs: a scene under an overlay
(a table under the game menu, the help, Save as… or the standing orders) is
drawn as it stands and holds — its computer players do not answer, nothing
animates, no phone's answer is taken — until it is on top again.
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
        below = self.top
        self.scenes.append(scene)
        if below:
            below.pause()  # (with `scene` on top already: the one below may say it holds)
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
        """Whether the top scene needs frames (a scene under it holds: it needs none)."""
        return self.top is not None and self.top.animating

    def handle_event(self, event) -> None:
        for scene in reversed(self.scenes):
            event = scene.handle_event(event)
            if event is None:
                return

    def update(self, dt: float) -> None:
        """Advance the top scene; the ones under it hold (the game menu pauses the game)."""
        if self.top is not None:
            self.top.update(dt)

    def draw(self, surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
