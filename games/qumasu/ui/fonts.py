"""Cached text measuring for the Qumasu table (fit and wrap run every frame otherwise)."""
from __future__ import annotations

from functools import lru_cache

import pygame

from games.ui import text


@lru_cache(maxsize=512)
def fit(label: str, size: int, width: int, bold: bool = False) -> int:
    return text.fit_size(label, size, width, bold)


@lru_cache(maxsize=512)
def wrapped(label: str, size: int, width: int, bold: bool = False) -> tuple:
    return tuple(text.wrap(label, size, width, bold))


def draw_lines(surf: pygame.Surface, label: str, rect: pygame.Rect, size: int, colour, bold: bool = False,
               gap: float = 1.3) -> None:
    """Like ``text.draw_wrapped`` with the wrapping cached."""
    y, step = rect.top, int(size * gap)
    for line in wrapped(label, size, rect.width, bold):
        if y + step > rect.bottom + step // 3:
            break
        text.draw(surf, line, (rect.left, y), size, colour, bold)
        y += step
