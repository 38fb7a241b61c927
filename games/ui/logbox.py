"""The table's log: every event line, wrapped by phrase at a readable size, scrollable.

Whole entries are wrapped (never cut after two lines); the newest sit at the bottom.
The mouse wheel over the box scrolls back through the game (``TableContext.log_scroll``,
in lines from the bottom; the play scene moves it), and a small marker says when there
is more above or below.
"""
from __future__ import annotations

import pygame

from games.ui import text, theme, widgets

LOG_SIZE = 20  # text.MIN_SIZE: 14 px on a 1366×768 screen
LINE_STEP = 26


def draw_log(surf: pygame.Surface, ctx, rect: pygame.Rect, title: str,
             bg=(30, 40, 48), size: int = LOG_SIZE) -> None:
    """Draw ``ctx.log`` in ``rect`` (title on top); remembers ``rect`` for the wheel."""
    widgets.panel(surf, rect, bg, 14)
    text.draw(surf, title, (rect.left + 14, rect.top + 20), 20, theme.INK_DIM, True, "midleft")
    ctx.log_rect = rect
    step = int(size * 1.3)
    lines = wrapped_log(ctx, size, rect.width - 28)
    room = max(1, (rect.height - 48) // step)
    most = max(0, len(lines) - room)
    ctx.log_scroll = max(0, min(getattr(ctx, "log_scroll", 0), most))
    end = len(lines) - ctx.log_scroll
    shown = lines[max(0, end - room):end]
    y = rect.top + 40
    for part in shown:
        text.draw(surf, part, (rect.left + 14, y), size, theme.INK)
        y += step
    if end - room > 0:
        text.draw(surf, "▲", (rect.right - 18, rect.top + 20), 20, theme.INK_DIM, True, "center")
    if ctx.log_scroll > 0:
        text.draw(surf, "▼", (rect.right - 18, rect.bottom - 16), 20, theme.ACCENT, True, "center")


def wrapped_log(ctx, size: int, width: int) -> list[str]:
    """The log's lines wrapped at ``size`` and ``width``: each entry is wrapped once, when
    it arrives, and the whole list is kept until the log changes (not rebuilt per frame).

    Held on the table context: one list of lines and one small dict per log on screen,
    both bounded by the log itself (the play scene keeps its last 40 entries)."""
    entries = ctx.log[-200:]
    memo = ctx.log_wrap
    if memo is not None and memo[0] == (size, width) and memo[1] == entries:
        return memo[2]
    known = memo[3] if memo is not None and memo[0] == (size, width) else {}
    per_entry = {e: known.get(e) or tuple(text.wrap(e, size, width)) for e in entries}
    lines = [ln for e in entries for ln in per_entry[e]]
    ctx.log_wrap = ((size, width), list(entries), lines, per_entry)
    return lines


def scroll(ctx, pos: tuple[int, int], wheel_y: int) -> bool:
    """Wheel ``wheel_y`` (up > 0) over the log scrolls it back; True when it did."""
    rect = getattr(ctx, "log_rect", None)
    if rect is None or not rect.collidepoint(pos):
        return False
    ctx.log_scroll = max(0, getattr(ctx, "log_scroll", 0) + 3 * wheel_y)
    return True
