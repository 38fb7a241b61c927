"""Bingo cards (R-1.1, R-2.3, R-2.5, R-3.4, D-3): numbers, marks as bit masks, lines.

A card is a list of ``size * size`` numbers in reading order, FREE as -1; marks are an int
bit mask (bit i = cell i), so cloning a state copies ints and a line test is one AND.
"""
from __future__ import annotations

from functools import lru_cache

from games.core.rng import Stream

FREE = -1


@lru_cache(maxsize=8)
def lines(size: int) -> tuple:
    """Bit masks of the rows, columns and two diagonals (12 on a 5x5 card)."""
    rows = [sum(1 << (r * size + c) for c in range(size)) for r in range(size)]
    cols = [sum(1 << (r * size + c) for r in range(size)) for c in range(size)]
    diag = [sum(1 << (i * size + i) for i in range(size)),
            sum(1 << (i * size + size - 1 - i) for i in range(size))]
    return tuple(rows + cols + diag)


def deal(rng: Stream, salt: str, size: int, free_centre: bool, numbers: int, copies: int) -> tuple[list, int]:
    """A new card and its initial marks: numbers drawn from the pool, FREE marked (R-1.1)."""
    pool = [n for n in range(numbers) for _ in range(copies)]
    cells = size * size
    centre = cells // 2 if free_centre else None
    drawn = rng.shuffled(pool, "bingo", salt)[: cells - (1 if free_centre else 0)]
    card = []
    for i in range(cells):
        card.append(FREE if i == centre else drawn.pop())
    return card, (1 << centre) if centre is not None else 0


def count(marked: int, size: int) -> int:
    """Completed lines (bingos)."""
    return sum(1 for m in lines(size) if marked & m == m)


def all_lines(marks: list[int], size: int) -> bool:
    """Some card has every line complete (R-4.1 "all bingos"): the lines cover the card, so
    that is every cell marked."""
    every = (1 << size * size) - 1
    for m in marks:
        if m & every == every:
            return True
    return False


def completed_lines(marked: int, size: int) -> list[int]:
    """Indices of the completed lines (for drawing them struck through)."""
    return [i for i, m in enumerate(lines(size)) if marked & m == m]


def unmarked_of(card: list, marked: int, number: int) -> list[int]:
    """Unmarked cells holding ``number``."""
    out, i = [], -1
    for _ in range(card.count(number)):  # the cells holding it found in C
        i = card.index(number, i + 1)
        if not marked >> i & 1:
            out.append(i)
    return out


def unmarked_numbers(card: list, marked: int) -> set[int]:
    """The numbers that have an unmarked cell."""
    return {n for i, n in enumerate(card) if not marked >> i & 1}


def unmarked(card: list, marked: int) -> list[int]:
    return [i for i in range(len(card)) if not marked >> i & 1]


def auto_cell(cells: list[int], marked: int, size: int) -> int:
    """D-3's choice: the cell completing most lines, then in most partly marked lines, then first."""
    def key(i: int) -> tuple:
        done = part = 0
        for m in lines(size):
            if m >> i & 1:
                after = marked | (1 << i)
                if after & m == m:
                    done += 1
                elif marked & m:
                    part += 1
        return (-done, -part, i)
    return min(cells, key=key)
