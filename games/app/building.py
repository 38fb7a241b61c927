"""A screen built in steps before it is shown: no frame waits for a whole scene build.

APP-BUILDING-1 (perf, issue 31): building a game's play scene (its card faces painted ahead,
games/ui/cards.py) cost 39-115 ms, a hitch of several frames at every game start, and
before the first frame when the table was started straight into a game.  In the app's
own loop (``App.stepped_builds``, set by ``cli.run_app``) a scene class that offers
``build_steps(app, *args)`` (a generator that returns the scene) is built by ``Building``:
an overlay that runs the steps for at most ``STEP_SECONDS`` of CPU each frame while the
screen beneath stays as it was (its input waits), then puts the built scene in its
place.  A start straight into a game has nothing beneath: its first frames show the
felt and one line saying the table is being set up.  Tests that drive ``App.step``
themselves keep the one-frame switch unless they ask for steps.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Generator

import pygame

from games.app.app import App, Scene, scene_class
from games.ui import text, theme

STEP_SECONDS = 0.008  # CPU per frame for the build: the frame's own work stays within 16.7 ms


class Building(Scene):
    """Runs ``steps`` a few milliseconds a frame, then ``place(scene)``."""

    def __init__(self, app: App, steps: Generator[None, None, Scene], place: Callable[[Scene], None],
                 cover: bool = False) -> None:
        super().__init__(app)
        self.steps, self.place, self.cover = steps, place, cover
        self.overlay = not cover  # the screen beneath stays (a start into a game has none)
        self.frames = 0  # frames the build took (tests, the benchmark)
        self.scene: Scene | None = None

    @classmethod
    def start(cls, app: App, name: str, args: tuple, kwargs: dict, place: Callable[[Scene], None],
              cover: bool = False) -> bool:
        """Build the scene ``name`` in steps, then ``place(scene)``; False when that scene
        is built at once (it has no ``build_steps``: the caller builds it)."""
        steps = getattr(scene_class(name), "build_steps", None)
        if steps is None:
            return False
        app.push(cls(app, steps(app, *args, **kwargs), place, cover))
        return True

    def handle(self, event: pygame.event.Event) -> None:
        """Input waits for the new screen (clicks are not passed to the one beneath)."""

    def update(self, dt: float) -> None:
        if self.scene is not None:  # built in the last frame: shown in a frame of its own
            self.place(self.scene)
            return
        self.frames += 1
        end = time.thread_time() + STEP_SECONDS
        try:
            next(self.steps)  # at least one step a frame
            while time.thread_time() < end:
                next(self.steps)
        except StopIteration as done:
            self.scene = done.value

    def draw(self, surf: pygame.Surface) -> None:
        if self.cover:
            surf.fill(theme.BG)
            if self.frames > 1:  # not in the first frame: it shows before any font is open
                text.draw(surf, self.tr("app.preparing"), (theme.W // 2, theme.H // 2), 40, theme.INK_DIM,
                          False, "center")


def swap_top(app: App, scene: Scene) -> None:
    """The top scene (a build's) gives its place to ``scene`` (what is beneath stays)."""
    app.stack.pop()
    app.push(scene)
