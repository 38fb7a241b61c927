"""What a table drew in its last ``TableView.draw``: a cheap report for tests and tools.

``ENABLED`` off (the default), nothing is noted and a draw costs one test per card and
text.  On, every card (its id, or None for a back, where it landed) and every line of
text (with its rect: Toutomi's total, "Field: 4") that a table's ``draw`` blits on its
target surface is noted in ``TableView.drew``; a test can then compare what a replay
shows with a fresh table built from the same state (tests/test_replay_draws.py).  What
is painted into a kept panel or a card's art is not noted (a cache hit paints nothing,
so the notes would depend on the cache): compare those parts by pixels.  Cards still in
the deck waiting to be dealt are not drawn, so not noted.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

ENABLED = False  # tests switch it on
NOTES: list | None = None  # the draw being noted, else None
TARGET: object = None  # the surface it draws on: what is painted into a kept panel or a card's art
                       # is not noted (a cache hit paints nothing: compare such parts by pixels)


def card(surf, card_id: str | None, rect) -> None:
    if NOTES is not None and surf is TARGET:
        NOTES.append(("card", card_id, tuple(rect)))


def text(surf, line: str, rect) -> None:
    if NOTES is not None and surf is TARGET:
        NOTES.append(("text", line, tuple(rect)))


@contextmanager
def noting(surf) -> Iterator[list | None]:
    """Note what is drawn on ``surf`` inside the block (a list, or None when not ``ENABLED``)."""
    global NOTES, TARGET
    if not ENABLED:
        yield None
        return
    outer, NOTES, target, TARGET = NOTES, [], TARGET, surf
    try:
        yield NOTES
    finally:
        NOTES, TARGET = outer, target
