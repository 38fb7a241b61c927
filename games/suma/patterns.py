"""Summon conditions (R-2.6): pattern rotations precomputed once, matching kept cheap.

A placement is a tuple of ``(map index, item kind)`` for the pattern's non-blank cells;
blank cells ask nothing and may lie off the map (D-6), so only non-blank cells are
positioned.  Rotations are 0/90/180/270 degrees clockwise, never mirrored.  Matching runs
for every hand card every turn (bots included), so each card's placements are computed
once per data file and matching is a tight loop over small tuples.

- SUMA-PATTERNS-1 (perf) ``find`` tests every placement of one rotation at once: a bit mask of
  the offsets (top-left corners) where the rotation lies on the map, ANDed for each pattern
  cell with the mask of the cells holding its kind shifted back by the cell's place in the
  pattern (offsets lie so that no cell wraps to another row).  The lowest bit left is the
  first placement in ``placements`` order, so the same one is found.  With reductions the
  misses are counted per offset in bit planes (a mask per count up to what the reductions
  can forgive: ``any`` and those of the pattern's kinds); the offsets within that are checked
  in order with ``fits``, which is needed only when the pattern has several kinds and one
  of them its own reduction (else "within" is exactly what ``fits`` says).
"""
from __future__ import annotations

from functools import lru_cache
from operator import itemgetter

from games.suma.data import Card, SumaData
from games.suma.forest import kind_masks


def rotate(pattern: tuple, quarter_turns: int) -> tuple:
    """The pattern grid (rows of kinds/None) turned clockwise ``quarter_turns`` times."""
    grid = [list(r) for r in pattern]
    for _ in range(quarter_turns % 4):
        h = len(grid)
        grid = [[grid[h - 1 - r][c] for r in range(h)] for c in range(len(grid[0]))]
    return tuple(tuple(r) for r in grid)


def _cells(grid: tuple) -> tuple:
    """Non-blank cells of a grid as (row, col, kind), shifted so the smallest row/col is 0."""
    cells = [(r, c, k) for r, row in enumerate(grid) for c, k in enumerate(row) if k]
    r0 = min(r for r, _, _ in cells)
    c0 = min(c for _, c, _ in cells)
    return tuple(sorted((r - r0, c - c0, k) for r, c, k in cells))


# The tables below are keyed by a data file's patterns (~21; at most 64, its bound) and the map
# size: a fixed domain per data file, < 2 MiB in all (memory.py APP-MEMORY-15), whatever the play time.
@lru_cache(maxsize=64)
def rotations(pattern: tuple) -> tuple:
    """Distinct rotations as ``(quarter_turns, cells)`` (symmetric patterns appear once)."""
    out, seen = [], set()
    for q in range(4):
        cells = _cells(rotate(pattern, q))
        if cells not in seen:
            seen.add(cells)
            out.append((q, cells))
    return tuple(out)


# The one tuple of each (map index, kind) cell and of each row of kinds: placements of a
# pattern repeat them over and over, so they are shared, not copied (the tables of a data
# file's 21 patterns take ~half the memory).  Bounded by the map: cells x kinds entries.
_SHARED: dict[tuple, tuple] = {}


def _shared(t: tuple) -> tuple:
    return _SHARED.setdefault(t, t)


@lru_cache(maxsize=4096)  # (pattern, map size): the same domain; its tuples are shared with _exact
def placements(pattern: tuple, size: int) -> tuple:
    """Every ``(quarter_turns, ((index, kind), ...))`` with all non-blank cells on the map."""
    out = []
    for q, cells in rotations(pattern):
        h = max(r for r, _, _ in cells) + 1
        w = max(c for _, c, _ in cells) + 1
        for top in range(size - h + 1):
            for left in range(size - w + 1):
                out.append((q, tuple(_shared(((top + r) * size + left + c, k)) for r, c, k in cells)))
    return tuple(out)


def reductions(d: SumaData, jobs: list) -> dict:
    """Summed reductions of a seat's job cards (R-3.3): kind (or "any") -> n."""
    out: dict = {}
    for cid in jobs:
        for p in d.card(cid).effect:
            if p.type == "reduce":
                out[p.kind] = out.get(p.kind, 0) + p.n
    return out


def fits(cells: tuple, board: list, red: dict) -> bool:
    """True when the placement's cells are met, ignoring up to the reductions ``red``."""
    if not red:
        for i, k in cells:
            if board[i] != k:
                return False
        return True
    miss: dict = {}
    for i, k in cells:
        if board[i] != k:
            miss[k] = miss.get(k, 0) + 1
    spare = red.get("any", 0)
    for k, m in miss.items():
        spare -= max(0, m - red.get(k, 0))
        if spare < 0:
            return False
    return True


def _nothing(board: list) -> tuple:
    return ()


def _one(i: int):
    """A getter of one cell that gives a 1-tuple, like itemgetter does for several."""
    return lambda board: (board[i],)


@lru_cache(maxsize=64)  # a data file has ~21 patterns of ~32 KiB each here: at most ~2 MiB
def _exact(pattern: tuple, size: int) -> tuple:
    """``placements`` with a C-level test each: ``get(board) == want`` iff every cell matches."""
    out = []
    for q, cells in placements(pattern, size):
        if not cells:  # nothing asked: met on any board
            out.append((q, cells, _nothing, ()))
            continue
        idx, kinds = zip(*cells, strict=True)
        get = itemgetter(*idx) if len(idx) > 1 else _one(idx[0])  # always a tuple
        out.append((q, cells, get, _shared(kinds)))
    return tuple(out)


@lru_cache(maxsize=64)  # the same domain as _exact, ~12 KiB a pattern (its placements by offset)
def _by_rotation(pattern: tuple, size: int) -> tuple:
    """The pattern's kinds, then per distinct rotation ``(offsets, ((kind, shift), ...),
    {offset: (quarter_turns, cells)})`` (SUMA-PATTERNS-1): ``offsets`` the mask of its top-left
    corners on the map, ``shift`` a cell's distance in cells from the corner, the placements
    those of ``_exact``."""
    out, table = [], iter(_exact(pattern, size))
    for _, cells in rotations(pattern):
        h = max(r for r, _, _ in cells) + 1
        w = max(c for _, c, _ in cells) + 1
        offsets, at = 0, {}
        for top in range(size - h + 1):
            for left in range(size - w + 1):
                offsets |= 1 << top * size + left
                at[top * size + left] = next(table)[:2]
        out.append((offsets, tuple((k, r * size + c) for r, c, k in cells), at))
    return tuple(sorted({k for row in pattern for k in row if k})), tuple(out)


def prepare(pattern: tuple, size: int) -> None:
    """Build the tables ``find`` and ``missing`` use for ``pattern`` now (a kiosk's start)."""
    _exact(pattern, size)
    _by_rotation(pattern, size)


def _miss_planes(offsets: int, parts: tuple, by_kind: dict, most: int) -> list:
    """``planes[t]``: the offsets where exactly ``t`` pattern cells are not met (t <= most)."""
    planes = [offsets] + [0] * most
    for k, shift in parts:
        hit = by_kind.get(k, 0) >> shift
        for t in range(most, 0, -1):
            planes[t] = (planes[t] & hit) | (planes[t - 1] & ~hit)
        planes[0] &= hit
    return planes


def find(card: Card, board: list, size: int, red: dict, by_kind: dict | None = None) -> tuple | None:
    """The first placement meeting the card's condition, or None (R-2.6).

    ``by_kind``: the board's ``forest.kind_masks`` when known (a survey's)."""
    if by_kind is None:
        by_kind = kind_masks(board)
    kinds, table = _by_rotation(card.pattern, size)
    if not red:  # every cell met: one AND per pattern cell for all offsets at once
        for offsets, parts, at in table:
            for k, shift in parts:
                offsets &= by_kind.get(k, 0) >> shift
                if not offsets:
                    break
            else:
                return at[(offsets & -offsets).bit_length() - 1]
        return None
    own = [red[k] for k in kinds if k in red]  # reductions of the pattern's own kinds
    most = red.get("any", 0) + sum(own)  # at most this many cells can be forgiven
    plain = not own or len(kinds) == 1  # then within ``most`` is exactly ``fits``
    for offsets, parts, at in table:
        planes = _miss_planes(offsets, parts, by_kind, most)
        near = 0
        for p in planes:
            near |= p
        while near:
            low = near & -near
            fit = at[low.bit_length() - 1]
            if plain or planes[0] & low or fits(fit[1], board, red):
                return fit
            near ^= low
    return None


def lacking(miss: dict, red: dict) -> int:
    """Items a placement still lacks: its unmet cells by kind (``miss``), less the mover's
    reductions of each kind and then of any kind (R-3.3)."""
    need = sum(max(0, m - red.get(k, 0)) for k, m in miss.items())
    return max(0, need - red.get("any", 0))


def missing(card: Card, board: list, size: int, red: dict) -> int:
    """How many more matching items the best placement needs (0 = met); for bots and hints."""
    best = 99
    for _, cells in placements(card.pattern, size):
        miss: dict = {}
        for i, k in cells:
            if board[i] != k:
                miss[k] = miss.get(k, 0) + 1
        need = lacking(miss, red)
        if need < best:
            best = need
            if best == 0:
                break
    return best
