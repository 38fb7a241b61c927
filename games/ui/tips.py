"""Tooltips: what a symbol, counter, badge or card on a table means, in words.

- TIPS-1 A table's paint functions say what each thing they draw means where they draw it:
  ``tips.note(rect, key, **params)`` with an i18n key (rendered like an event, through the
  rules' ``event_text``: seat numbers become names, a card id its name).  Notes are kept with
  the layer that was painted (as the buttons' hover rects are), so a kept layer keeps its
  tips; outside a ``noting`` block a note costs one test and is dropped.  The topmost note
  under the pointer (the last one noted) is the one shown.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Tip:
    rect: tuple[int, int, int, int]  # x, y, w, h on the table's canvas
    key: str  # i18n key of the text
    params: tuple[tuple[str, Any], ...] = ()  # (name, value) pairs for the text's fields

    def contains(self, pos: tuple[int, int]) -> bool:
        x, y, w, h = self.rect
        return x <= pos[0] < x + w and y <= pos[1] < y + h


_INTO: list[list[Tip]] = []  # the notes being collected, innermost last


@contextmanager
def noting(into: list[Tip]) -> Iterator[list[Tip]]:
    """Collect the tips noted inside the block into ``into``."""
    _INTO.append(into)
    try:
        yield into
    finally:
        _INTO.pop()


def note(rect, key: str, **params: Any) -> None:
    """Say what the thing drawn at ``rect`` means (TIPS-1)."""
    if _INTO:
        _INTO[-1].append(Tip((int(rect[0]), int(rect[1]), int(rect[2]), int(rect[3])), key,
                             tuple(sorted(params.items()))))


def at(tips: list[Tip], pos: tuple[int, int]) -> Tip | None:
    """The topmost tip under ``pos`` (the last noted), or None."""
    for tip in reversed(tips):
        if tip.contains(pos):
            return tip
    return None
