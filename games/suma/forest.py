"""The forest map (R-2.2, R-3.1, D-8, D-11): which item may go where.

An item goes on an empty cell sharing a side with a cell that holds an item (corners do
not count); the "anywhere" kind (〇) fits any cell, a special kind only cells of its own
symbol, and START takes any item.

- SUMA-FOREST-1 (perf) A board is read as bit masks (bit i = cell i): the items of each kind,
  the occupied cells and the open cells (empty, sharing a side with an item), so a kind's
  legal cells are one AND with the cells it fits.  ``survey`` works them out once per board
  and keeps them on the state (``SURVEY_SLOT``, not a field: equality, records and positions
  ignore it); a successor shares it while its board is equal (most actions do not touch the
  map), and a board changed in any way, by the rules or by hand, gets a new survey.  The
  place actions (moves.py), derived from the board alone, are kept on its survey too: they
  live as long as that board.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import compress
from operator import ne

from games.suma.data import SumaData

SURVEY_SLOT = "_survey"  # where a state keeps its board's Survey (SUMA-FOREST-1)


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


@lru_cache(maxsize=8)
def _masks(d: SumaData) -> tuple:
    """The whole map, the cells off the first and the last column, each kind's fitting cells."""
    size, codes, anyk = d.size, _codes(d), _anywhere(d)
    every = (1 << size * size) - 1
    first = sum(1 << r * size for r in range(size))
    last = first << size - 1
    fit = {k: sum(1 << i for i in range(size * size) if codes[i] in ("start", k)) for k in d.kinds}
    fit[anyk] = every
    return every, every & ~first, every & ~last, fit


def kind_masks(board: list) -> dict:
    """The cells holding each item kind, as bit masks."""
    out: dict = {}
    for i, x in enumerate(board):
        if x is not None:
            out[x] = out.get(x, 0) | 1 << i
    return out


class Survey:
    """What one board says, as bit masks (SUMA-FOREST-1), and what was derived from it."""

    __slots__ = ("board", "data", "by_kind", "occupied", "open", "places")

    def __init__(self, d: SumaData, board: list, by_kind: dict | None = None) -> None:
        every, not_first, not_last, _ = _masks(d)
        self.board, self.data = list(board), d
        self.by_kind = kind_masks(board) if by_kind is None else by_kind
        occ = 0
        for m in self.by_kind.values():
            occ |= m
        size = d.size
        near = (occ << size) | (occ >> size) | ((occ & not_last) << 1) | ((occ & not_first) >> 1)
        self.occupied, self.open = occ, near & every & ~occ
        self.places: dict = {}  # moves.place_actions: kind -> its place actions

    def after(self, board: list) -> Survey:
        """The survey of ``board``, a board of the same size: the kinds' masks updated at the
        cells that differ from this one's (found in C; an action changes one or two)."""
        by_kind = dict(self.by_kind)
        for i in compress(range(len(board)), map(ne, self.board, board)):
            bit = 1 << i
            old, new = self.board[i], board[i]
            if old is not None:
                by_kind[old] &= ~bit
            if new is not None:
                by_kind[new] = by_kind.get(new, 0) | bit
        return Survey(self.data, board, by_kind)


def survey(d: SumaData, s) -> Survey:
    """The survey of ``s``'s board: the one kept on ``s`` while the board is equal, else new."""
    sv = getattr(s, SURVEY_SLOT, None)
    board = s.board
    if sv is not None and sv.data is d and len(sv.board) == len(board):
        if sv.board == board:
            return sv
        sv = sv.after(board)
    else:
        sv = Survey(d, board)
    setattr(s, SURVEY_SLOT, sv)  # setattr, as engine ENGINE-2 says
    return sv


def cells(mask: int) -> list[int]:
    """The indices of a mask's bits, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def legal_cells(d: SumaData, sv: Survey, kind: str) -> int:
    """Empty cells where ``kind`` may be placed now (R-2.2), as a mask."""
    return sv.open & _masks(d)[3][kind]


def why_not_place(d: SumaData, board: list, kind: str, i: int) -> str | None:
    """The reason key why ``kind`` cannot go on cell ``i``, or None."""
    if board[i] is not None:
        return "suma.cell_taken"
    if not kind_fits(d, i, kind):
        return "suma.wrong_cell_kind"
    if not touches(board, i, d.size):
        return "suma.not_adjacent"
    return None


def placeable(d: SumaData, sv: Survey, stock: dict) -> bool:
    """Some warehouse item has a legal cell (R-4.1's last condition)."""
    return any(stock.get(k, 0) > 0 and legal_cells(d, sv, k) for k in d.kinds)


def full(d: SumaData, sv: Survey) -> bool:
    return sv.occupied == _masks(d)[0]
