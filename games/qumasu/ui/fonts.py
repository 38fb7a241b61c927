"""Text measuring for the Qumasu table: fit and wrap, looked up (not measured) every frame.

Decisions (issue 13, memory):
- QUMASU-UI-FONTS-1 (perf): no memo of its own.  ``fit`` and ``wrapped`` kept 512 answers each
  (``lru_cache``: bounded by count, not bytes, and still filling after hours of demo, as
  every label with a new name or number was a new entry) in front of ``text.fit_size`` and
  ``text.wrap``, which already keep their answers in the text module's memo, bounded by
  bytes (games/ui/text.py ``MEASURE_BYTES``, games/core/bounded.py).  They now ask it
  directly: a frame's call is the same one dictionary look-up, and Qumasu's texts count
  against the one budget (tests/test_bounded.py).
"""
from __future__ import annotations

import pygame

from games.ui import text


def fit(label: str, size: int, width: int, bold: bool = False) -> int:
    """``text.fit_size`` (measured once per text, kept in the text module's bounded memo)."""
    return text.fit_size(label, size, width, bold)


def wrapped(label: str, size: int, width: int, bold: bool = False) -> tuple:
    """``text.wrap`` as a tuple (measured once per text, kept in the same memo)."""
    return tuple(text.wrap(label, size, width, bold))


def draw_lines(surf: pygame.Surface, label: str, rect: pygame.Rect, size: int, colour, bold: bool = False,
               gap: float = 1.3) -> None:
    """``text.draw_wrapped`` with Qumasu's line gap (the wrapping looked up, not measured)."""
    text.draw_wrapped(surf, label, rect, size, colour, bold, line_gap=gap)
