"""What lies beneath an overlay, veiled, kept as one surface while the overlay is on top.

APP-BACKDROP-1 (perf, issue 31): an overlay (pause, rules, settings, a message box…)
used to have every scene beneath it drawn each frame (the play scene's table, its top
bar and announcements) and then veiled (two full-screen blends).  Only the top scene is
updated and gets events, so what lies beneath cannot change while the overlay is on top:
the first frame draws it and veils it as before and keeps a copy (``veil``); the next
frames show that copy (``beneath``) and draw only the overlay over it.  The copy is
painted again when the top scene changes (another overlay opens or one closes), the
canvas changes (F11) or a setting changes (language, reduced motion…), and let go when
no overlay is on top.  Toasts and the kiosk guard are drawn after the scenes, never kept.
Overlays veil first and draw over the veil, so the frames are the same pixels as before.
"""
from __future__ import annotations

import dataclasses
import weakref
from typing import Any

import pygame

from games.ui import widgets


@dataclasses.dataclass
class Kept:
    surface: pygame.Surface | None = None
    key: tuple | None = None  # (the scenes drawn, the canvas, the settings) it was made with
    top: Any = None  # weakref to the overlay it was made for
    shown: Any = None  # weakref to the overlay it was shown for in this frame
    frame_key: tuple | None = None  # this frame's key
    drawn: int = 0  # frames in which the scenes beneath were drawn (tests)


def _kept(app: Any) -> Kept:
    kept = app.__dict__.get("_backdrop")
    if kept is None:
        kept = app.__dict__["_backdrop"] = Kept()
    return kept


def beneath(app: Any, scenes: list) -> list:
    """The scenes to draw this frame: all of ``scenes`` (the bottom full scene and the
    overlays over it), or only the top overlay when the kept backdrop is shown instead."""
    kept = _kept(app)
    kept.shown = None
    top = scenes[-1] if scenes else None
    if top is None or not top.overlay or len(scenes) < 2:
        kept.surface = kept.key = kept.top = kept.frame_key = None  # no overlay: let it go
        return scenes
    surf = app.surface
    key = (tuple(id(s) for s in scenes), id(surf), surf.get_size(), dataclasses.astuple(app.settings))
    same_top = kept.top is not None and kept.top() is top
    kept.frame_key = key
    if same_top and kept.key == key and kept.surface is not None:
        surf.blit(kept.surface, (0, 0))
        kept.shown = weakref.ref(top)
        return scenes[-1:]
    kept.key, kept.top = None, weakref.ref(top)
    kept.drawn += 1
    return scenes


def veil(overlay: Any, surf: pygame.Surface, colour: tuple[int, int, int, int]) -> None:
    """The overlay's veil over what lies beneath it, unless the kept backdrop (veiled
    already) was shown; the top overlay's first veiled frame is kept."""
    app = overlay.app
    kept = _kept(app)
    if kept.shown is not None and kept.shown() is overlay:
        return
    widgets.veil(surf, colour)
    if surf is not app.surface or kept.top is None or kept.top() is not overlay or kept.frame_key is None:
        return
    if kept.surface is None or kept.surface.get_size() != surf.get_size():
        kept.surface = pygame.Surface(surf.get_size(), 0, surf)
    kept.surface.blit(surf, (0, 0))
    kept.key = kept.frame_key
