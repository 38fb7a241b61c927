"""Drive the real scenes headless with posted mouse events (used by the UI tests).

``Driver`` owns an App on the dummy video driver; ``perform(action)`` finds the gesture
that means ``action`` in the current table (a piece dragged onto a zone, or a zone
clicked) and posts the mouse events for it, exactly as a person would do it.
"""
from __future__ import annotations

import pygame

from games.app.app import App
from games.app.play import PlayScene
from games.core.engine import Action
from games.ui import cards


class Driver:
    def __init__(self, lang: str = "en") -> None:
        self.app = App(fullscreen=False)
        self.app.settings.lang = lang
        self.app.sounds.enabled = False
        pygame.event.clear()

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(1 / 60)

    def post(self, kind: int, pos: tuple[int, int], **extra) -> None:
        if kind == pygame.MOUSEMOTION:
            pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        else:
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        self.step()

    def click(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos)
        self.post(pygame.MOUSEBUTTONUP, pos)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, start)
        for k in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
            self.post(pygame.MOUSEMOTION, p)
        self.post(pygame.MOUSEBUTTONUP, end)

    @property
    def scene(self):
        return self.app.top

    def gesture_for(self, scene: PlayScene, action: Action):
        """(piece_id | None, zone_id) whose gesture means ``action``, else None."""
        view, ctl, table = scene.table.view, scene.controller, scene.table
        for z in table.zones:
            if ctl.action_for(view, None, z.id) == action:
                return None, z.id
        for p in table.pieces:
            if not p.draggable:
                continue
            for z in table.zones:
                if ctl.action_for(view, p.id, z.id) == action:
                    return p.id, z.id
        return None

    def perform(self, action: Action, use_drag: bool = True) -> None:
        """Do ``action`` through the mouse; fails the test if no gesture means it."""
        scene = self.scene
        found = self.gesture_for(scene, action)
        assert found is not None, f"no gesture for {action} in {scene.game_id}"
        piece, zone = found
        zrect = scene.table.zone(zone).rect
        if piece is None:
            self.click(zrect.center)
            return
        prect = scene.table.piece(piece).rect
        if use_drag:
            self.drag(prect.center, zrect.center)
        else:  # click the piece, then click the target
            self.click(prect.center)
            self.click(zrect.center)


def face_up_this_frame() -> list[str]:
    return list(cards.DRAW_LOG.frame)
