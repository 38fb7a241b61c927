"""Battlefield geometry (R-0.1 to R-0.4, D-1, D-3): cells, arrows, placement limits.

Pure functions over a 9-cell board list (index ``row * 3 + col``; row 0 = seat 0's own
area).  Arrows are relative to the card's owner: seat 0 faces up the rows (+1), seat 1
faces down; L/R turn with the player.
"""
from __future__ import annotations

COLS = "abc"
CASTLE = "castle"


NAMES = tuple(f"{COLS[i % 3]}{i // 3 + 1}" for i in range(9))  # a1 b1 c1 a2 ... c3
_INDEX = {n: i for i, n in enumerate(NAMES)}


def name(idx: int) -> str:
    return NAMES[idx]


def index(cell: str) -> int | None:
    """The index of a cell name, None for anything else (a person's or a file's text)."""
    return _INDEX.get(cell) if isinstance(cell, str) else None


def home_row(seat: int) -> int:
    return 0 if seat == 0 else 2


def enemy_row(seat: int) -> int:
    return 2 - home_row(seat)


def step(seat: int, arrow: str) -> tuple[int, int]:
    """(d col, d row) of an arrow for ``seat``."""
    fwd = 1 if seat == 0 else -1
    return {"F": (0, fwd), "B": (0, -fwd), "L": (-fwd, 0), "R": (fwd, 0)}[arrow]


def _reach(seat: int, idx: int, arrow: str) -> int | None:
    dc, dr = step(seat, arrow)
    c, r = idx % 3 + dc, idx // 3 + dr
    if 0 <= c < 3 and 0 <= r < 3:
        return r * 3 + c
    return None


# (seat, cell, arrow) -> the cell reached; (seat, from, to) -> the arrow that steps there
_REACH = {(seat, i, a): _reach(seat, i, a) for seat in (0, 1) for i in range(9) for a in "FBLR"}
_ARROW_TO = {(seat, i, j): a for (seat, i, a), j in reversed(list(_REACH.items())) if j is not None}


def reach(seat: int, idx: int, arrow: str) -> int | None:
    """The cell an arrow reaches from ``idx``, None off the grid (the castle is separate)."""
    return _REACH[seat, idx, arrow]


def arrow_to(seat: int, i: int, j: int) -> str | None:
    """The first arrow of F, B, L, R that steps from ``i`` to ``j`` for ``seat`` (None: none)."""
    return _ARROW_TO.get((seat, i, j))


def reaches_castle(seat: int, idx: int, arrows) -> bool:
    """R-0.4 / R-4.6: F from a unit in its enemy area reaches the enemy castle."""
    return "F" in arrows and idx // 3 == enemy_row(seat)


def _adjacent(idx: int) -> tuple[int, ...]:
    c, r = idx % 3, idx // 3
    out = []
    for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        if 0 <= c + dc < 3 and 0 <= r + dr < 3:
            out.append((r + dr) * 3 + c + dc)
    return tuple(out)


_ADJACENT = tuple(_adjacent(i) for i in range(9))


def adjacent(idx: int) -> tuple[int, ...]:
    """The cells next to ``idx`` (up, down, right, left order), worked out once."""
    return _ADJACENT[idx]


def fits(board: list, seat: int, dest: int, moving: int | None, column_limit: int,
         outside_limit: int, forward_limit: str) -> str | None:
    """Why ``seat`` may not put a unit on ``dest`` (None: it may), R-0.1 to R-0.3.

    ``moving`` is the cell the unit leaves (None for a summon); it no longer counts.
    """
    mine = [i for i, c in enumerate(board) if c is not None and int(c[0]) == seat and i != moving]
    if sum(1 for i in mine if i % 3 == dest % 3) >= column_limit:
        return "column_full"
    home = home_row(seat)
    if dest // 3 != home:
        if forward_limit == "per_area":
            outside = [i for i in mine if i // 3 == dest // 3]
        else:
            outside = [i for i in mine if i // 3 != home]
        if len(outside) >= outside_limit:
            return "forward_full"
    return None
