"""What the tutorial draws over the real table: the instruction panel, and the piece to
move and its target highlighted (found through the table's own ``piece``/``zone`` lookups
and the game's controller, so no table view knows about tutorials).

``gestures(scene, action)`` is the gesture that means ``action`` now: a piece dropped on a
zone, or a zone clicked.  A few moves take more than one gesture (Fuji 99: set how many
cubes, then draw; Qumasu: a flower card, then its effect); ``_special`` names the next one.

- APP-TUTORIAL_DRAW-1 The highlight pulses (an outline and an arrow from the piece to its
  target) and is drawn over the table every frame, never into the kept table layer, so
  the table's pixels are the real game's.  With reduced motion it stands still.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from games.core.engine import Action
from games.ui import text, theme, widgets

GLOW = (255, 214, 90)
PANEL_BG = (20, 26, 36)


def gestures(scene: Any, action: Action) -> tuple[str | None, pygame.Rect] | None:
    """(piece id or None, target rect): the next gesture toward ``action`` on this table."""
    table, ctl = scene.table, scene.controller
    special = _special(scene, action)
    if special is not None:
        zone = table.zone(special[1])
        return (special[0], zone.rect.copy()) if zone else None
    view = table.view
    clicks = [z for z in table.zones if ctl.action_for(view, None, z.id) == action]
    if clicks:  # the largest place that means it (Suma: the big bingo card, not the small one)
        return None, max(clicks, key=lambda z: z.rect.width * z.rect.height).rect.copy()
    args = tuple(str(a) for a in action.args)
    named = sorted(table.pieces, key=lambda p: not any(p.id.endswith(":" + a) for a in args))
    for p in named:  # the piece the action names first (Fuji: the card, not a yellow cube)
        if p.draggable:
            for z in table.zones:
                if ctl.action_for(view, p.id, z.id) == action:
                    return p.id, z.rect.copy()
    return None


def _special(scene: Any, action: Action) -> tuple[str | None, str] | None:
    """The moves made of several gestures: the one to make next."""
    table, ctl, game = scene.table, scene.controller, scene.game_id
    if game == "fuji99" and action.kind == "draw" and hasattr(ctl, "n"):
        n = ctl.n(table.view)
        if n < action.args[0]:
            return ("bagcube", "tray") if table.piece("bagcube") else (None, "plus")
        if n > action.args[0]:
            return None, "minus"
        return None, "draw"
    if game == "qumasu" and action.kind == "flower":
        pick = f"pick:{action.args[1]}"
        return (None, pick) if table.zone(pick) else (None, f"flower:{action.args[0]}")
    if game == "suma" and table.zone("summary:close") is not None:
        return None, "summary:close"
    return None


def marks(scene: Any) -> list[tuple[pygame.Rect | None, pygame.Rect]]:
    """(piece rect or None, target rect) for each move the step accepts, and the marked
    cards (their own rect twice): what to highlight now."""
    runner, table = scene.runner, scene.table
    out: list[tuple[pygame.Rect | None, pygame.Rect]] = []
    step = runner.step
    if step is None:
        return out
    if runner.person_turn() and step.actions is not None:
        for action in step.actions:
            found = gestures(scene, action)
            if found is None:
                continue
            piece, target = found
            p = table.piece(piece) if piece else None
            out.append((p.rect.copy() if p else None, target))
    for card in step.mark:
        for p in table.pieces:
            if p.id == card or p.id.endswith(":" + card):
                out.append((None, p.rect.copy()))
    return out


def draw_marks(surf: pygame.Surface, found: list, t: float, still: bool) -> None:
    """Pulsing outlines on each piece and target, and an arrow between them."""
    pulse = 1.0 if still else 0.5 + 0.5 * math.sin(t * 5.0)
    width = 4 + int(3 * pulse)
    for piece, zone in found:
        for r in (piece, zone):
            if r is not None:
                pygame.draw.rect(surf, GLOW, r.inflate(10 + width, 10 + width), width, border_radius=14)
        if piece is not None and zone is not None and not piece.colliderect(zone):
            _arrow(surf, piece.center, zone.center, width)


def _arrow(surf: pygame.Surface, a: tuple[int, int], b: tuple[int, int], width: int) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    tip = (b[0] - ux * 30, b[1] - uy * 30)
    start = (a[0] + ux * 40, a[1] + uy * 40)
    pygame.draw.line(surf, GLOW, start, tip, width + 2)
    left = (tip[0] - ux * 26 - uy * 16, tip[1] - uy * 26 + ux * 16)
    right = (tip[0] - ux * 26 + uy * 16, tip[1] - uy * 26 - ux * 16)
    pygame.draw.polygon(surf, GLOW, [(tip[0] + ux * 8, tip[1] + uy * 8), left, right])


def panel_rect(scene: Any) -> pygame.Rect:
    """Where the instructions go: the tutorial's own place, else over the game's log."""
    tut = scene.runner.tutorial
    if tut.panel is not None:
        return pygame.Rect(tut.panel)
    log = getattr(scene.ctx, "log_rect", None)
    if log is not None and log.width >= 300 and log.height >= 240:
        return pygame.Rect(log)
    return pygame.Rect(theme.W - 460, theme.H - 420, 440, 400)


def layout(box: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
    """(text, Next, real game, title) rects in the panel: the buttons under the text, or in a
    column on the right of a low panel."""
    if box.height >= 300:
        half = (box.width - 48) // 2
        row = box.bottom - 76
        return (pygame.Rect(box.left + 18, box.top + 48, box.width - 36, row - box.top - 60),
                pygame.Rect(box.right - 200, row, 182, 60), pygame.Rect(box.left + 16, row, half, 60),
                pygame.Rect(box.left + 32 + half, row, half, 60))
    col = box.right - 236
    return (pygame.Rect(box.left + 18, box.top + 44, col - box.left - 30, box.height - 54),
            pygame.Rect(col, box.bottom - 72, 220, 58), pygame.Rect(col, box.top + 12, 220, 56),
            pygame.Rect(col, box.top + 76, 220, 56))


def draw_panel(surf: pygame.Surface, scene: Any) -> None:
    """The step counter, the instruction (or the why, or the end) and the buttons."""
    runner, lang = scene.runner, scene.ctx.lang
    box = panel_rect(scene)
    widgets.panel(surf, box, PANEL_BG, 14, GLOW, 3)
    total = len(runner.tutorial.steps)
    head = scene.tr("tutorial.head", n=min(runner.index + 1, total), total=total)
    text.draw(surf, head, (box.left + 18, box.top + 24), 22, GLOW, True, "midleft")
    if runner.done:
        msg = runner.tutorial.end[lang] if runner.tutorial.end else scene.tr("tutorial.done")
        body = msg + "\n" + scene.tr("tutorial.done_more")
    elif runner.step.kind == "bot" and not runner.showing_why:
        body = scene.tr("tutorial.watch", name=scene.ctx.seat_name(scene.session.current))
    else:
        body = runner.text(lang)
    area = layout(box)[0]
    size, lines = text.fit_lines(body, 26, area.width, area.height, False)
    step = int(size * 1.2)
    for i, line in enumerate(lines):
        text.draw(surf, line, (area.left, area.top + i * step), size, theme.INK)
    for b in scene.panel_buttons():
        b.draw(surf, scene.ix.mouse)
