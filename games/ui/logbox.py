"""The table's log: every event line, wrapped by phrase at a readable size, scrollable.

Whole entries are wrapped (never cut after two lines); the newest sit at the bottom.
The mouse wheel over the box scrolls back through the game (``TableContext.log_scroll``,
in lines from the bottom; the play scene moves it), and a small marker says when there
is more above or below.

- LOGBOX-1 The top of the box starts with an entry's first line, never the tail of one cut
  in two (a lone "つけた" read as an entry of its own); the newest line stays at the bottom.
"""
from __future__ import annotations

import pygame

from games.ui import text, theme, widgets

LOG_SIZE = text.MIN_SIZE  # 14 px in the first window on a 1366×768 screen (text.py TEXT-27)
LINE_STEP = 26


def draw_log(surf: pygame.Surface, ctx, rect: pygame.Rect, title: str,
             bg=(30, 40, 48), size: int = LOG_SIZE) -> None:
    """Draw ``ctx.log`` in ``rect`` (title on top); remembers ``rect`` for the wheel."""
    widgets.panel(surf, rect, bg, 14)
    text.draw(surf, title, (rect.left + 14, rect.top + 20), 20, theme.INK_DIM, True, "midleft")
    ctx.log_rect = rect
    step = int(size * 1.3)
    room = max(1, (rect.height - 48) // step)
    scroll = max(0, getattr(ctx, "log_scroll", 0))
    lines, whole = wrapped_log(ctx, size, rect.width - 28, room + scroll + 1)
    if whole:  # every entry wrapped: the scroll stops at the first line
        scroll = min(scroll, max(0, len(lines) - room))
    ctx.log_scroll = scroll
    end = len(lines) - scroll
    start = _first_whole(ctx.log_wrap[5], max(0, end - room), end)
    shown = lines[start:end]
    y = rect.top + 40 + (room - len(shown)) * step if start > max(0, end - room) else rect.top + 40
    for part in shown:
        text.draw(surf, part, (rect.left + 14, y), size, theme.INK)
        y += step
    if start > 0:
        text.draw(surf, "▲", (rect.right - 18, rect.top + 20), 20, theme.INK_DIM, True, "center")
    if ctx.log_scroll > 0:
        text.draw(surf, "▼", (rect.right - 18, rect.bottom - 16), 20, theme.ACCENT, True, "center")


def wrapped_log(ctx, size: int, width: int, need: int | None = None) -> tuple[list[str], bool]:
    """The log's newest lines wrapped at ``size`` and ``width``, at least ``need`` of them
    (all: None), and whether they are the whole log.  Each entry is wrapped once, when it
    is first shown, and the list is kept until the log changes (not rebuilt per frame);
    a whole game's log rebuilt on Continue is wrapped from its end, as far as it is seen.

    Held on the table context: one list of lines and one small dict per log on screen,
    both bounded by the log itself (games/app/gamelog.py APP-GAMELOG-32)."""
    entries = ctx.log
    memo = ctx.log_wrap
    if memo is not None and memo[0] == (size, width) and memo[1] == entries and (
            memo[4] or need is not None and len(memo[2]) >= need):
        return memo[2], memo[4]
    known = memo[3] if memo is not None and memo[0] == (size, width) else {}
    per_entry: dict = {}
    parts: list[tuple] = []
    count, i = 0, len(entries)
    while i > 0 and (need is None or count < need):
        i -= 1
        e = entries[i]
        wrapped = per_entry.get(e) or known.get(e) or tuple(text.wrap(e, size, width))
        per_entry[e] = wrapped
        parts.append(wrapped)
        count += len(wrapped)
    lines = [ln for wrapped in reversed(parts) for ln in wrapped]
    starts, at = set(), 0
    for wrapped in reversed(parts):
        starts.add(at)
        at += len(wrapped)
    ctx.log_wrap = ((size, width), list(entries), lines, per_entry, i == 0, starts)
    return lines, i == 0


def _first_whole(starts: set, start: int, end: int) -> int:
    """The first line at or after ``start`` that begins an entry (``start`` itself when an
    entry taller than the box fills it: its tail is shown rather than nothing)."""
    for k in range(start, end):
        if k in starts:
            return k
    return start


def scroll(ctx, pos: tuple[int, int], wheel_y: int) -> bool:
    """Wheel ``wheel_y`` (up > 0) over the log scrolls it back; True when it did."""
    rect = getattr(ctx, "log_rect", None)
    if rect is None or not rect.collidepoint(pos):
        return False
    ctx.log_scroll = max(0, getattr(ctx, "log_scroll", 0) + 3 * wheel_y)
    return True
