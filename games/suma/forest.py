"""The forest map (R-2.2, R-3.1, D-8, D-11): which item may go where.

An item goes on an empty cell sharing a side with a cell that holds an item (corners do
not count); the "anywhere" kind (〇) fits any cell, a special kind only cells of its own
symbol, and START takes any item.
"""
from __future__ import annotations

from functools import lru_cache

from games.suma.data import SumaData


@lru_cache(maxsize=8)
def neighbours(size: int) -> tuple:
    """Side-sharing neighbours of every cell."""
    out = []
    for i in range(size * size):
        r, c = divmod(i, size)
        out.append(tuple(j for j, ok in ((i - size, r > 0), (i + size, r < size - 1),
                                         (i - 1, c > 0), (i + 1, c < size - 1)) if ok))
    return tuple(out)


@lru_cache(maxsize=8)
def _codes(d: SumaData) -> tuple:
    return tuple(code for row in d.map for code in row)


@lru_cache(maxsize=8)
def _anywhere(d: SumaData) -> str:
    return next(i.kind for i in d.items if i.anywhere)


def anywhere_kind(d: SumaData) -> str:
    return _anywhere(d)


def start_index(d: SumaData) -> int:
    return _codes(d).index("start")


def cell_code(d: SumaData, i: int) -> str:
    return _codes(d)[i]


def kind_fits(d: SumaData, i: int, kind: str) -> bool:
    """Whether ``kind`` may lie on cell ``i`` (ignoring adjacency and emptiness)."""
    code = _codes(d)[i]
    return code == "start" or kind == _anywhere(d) or code == kind


def touches(board: list, i: int, size: int) -> bool:
    return any(board[j] is not None for j in neighbours(size)[i])


def legal_cells(d: SumaData, board: list, kind: str) -> list[int]:
    """Empty cells where ``kind`` may be placed now (R-2.2)."""
    size = d.size
    nb = neighbours(size)
    codes = _codes(d)
    anyk = kind == _anywhere(d)
    out = []
    for i, item in enumerate(board):
        if item is None and (anyk or codes[i] == kind or codes[i] == "start"):
            for j in nb[i]:
                if board[j] is not None:
                    out.append(i)
                    break
    return out


def why_not_place(d: SumaData, board: list, kind: str, i: int) -> str | None:
    """The reason key why ``kind`` cannot go on cell ``i``, or None."""
    if board[i] is not None:
        return "suma.cell_taken"
    if not kind_fits(d, i, kind):
        return "suma.wrong_cell_kind"
    if not touches(board, i, d.size):
        return "suma.not_adjacent"
    return None


def placeable(d: SumaData, board: list, stock: dict) -> bool:
    """Some warehouse item has a legal cell (R-4.1's last condition)."""
    return any(stock.get(k, 0) > 0 and legal_cells(d, board, k) for k in d.kinds)


def full(board: list) -> bool:
    return all(x is not None for x in board)
