"""One way to copy a game state for ``apply``, written once for every dataclass state.

A game declares which of its fields the rules change in place (``copied``: copied by every
copy; a name, or ``(name, depth)`` for nested lists: depth 2 copies each row of a per-seat
list of lists too, depth 3 the lists in those rows) and which start empty in the successor
(``fresh``: the events); every other field is shared with the original (immutable values,
or lists the rules replace before changing them: copy on write, engine ENGINE-3).  A game's
``state.py`` makes its ``successor`` (what ``apply`` changes) and its ``clone`` (for bots and
tests: also the shared lists copied, events kept) with ``copier`` and lists nothing else.

- STATE-COPY-1 (perf) The copy is the instance dict copied in C, the ``COPIED`` lists copied and
  the remembered legal list (engine ``LEGAL_SLOT``) dropped.  Measured on Toutomi's random
  playouts, 4 seats (issue 29, medians, same run): as fast as its former hand-written
  field-by-field copy (which kept CPython's inline attribute values, engine ENGINE-2; a
  first measurement said 9% slower, a rerun with today's rules finds no difference); the
  dataclass ``__init__`` fed by ``operator.attrgetter`` gives 16-19% fewer actions per
  second, ``copy.copy`` 22-27%, and ``__slots__`` with that ``__init__`` costs twice the
  copy for about 1 ns less per attribute read.  A state then keeps its attributes in a dict
  (every access a hashed lookup, still specialised by CPython 3.11).
- STATE-COPY-2 (perf) Nested lists are copied by depth with one comprehension per depth,
  the names grouped by depth when the copier is made, so a copy runs no per-field test.
  Fuji 99, Brujas and Qumasu moved onto it from their own copies (Fuji 99's dict copy with a
  loop, Brujas's ``__init__`` fed by ``attrgetter``, Qumasu's dict copy with a depth test per
  field).  ``engine_section`` (5 rounds x 2 s, CPU actions/s), six runs alternating the old
  and the new tree in one session on a loaded machine, medians: Fuji 99 102.5k -> 101.0k
  (-1.4%), Brujas 163.5k -> 157.1k (-3.9%: its states no longer keep inline attributes,
  engine ENGINE-2), Qumasu 25.8k -> 25.7k (-0.2%); all well within issue 29's 15%.
- STATE-COPY-3 (perf) A copier that copies one flat list and empties one (Toutomi's
  ``successor``: the hands, the events) gets a copy with no loop (``_one_list_copy``): about
  120 ns less a copy (a quarter of it), +2.3% Toutomi random playouts (7 runs alternating
  with the looping copy, same session, medians).  Every other copier keeps the loops.
- STATE-COPY-4 (perf) A copy drops the remembered legal list from its dict, so a successor
  carries none (the engine contract; tests/test_state_copy.py and tests/test_engine_fast_path.py
  check ``vars``).  ``pop`` leaves a dummy entry where the key was, the successor's own list is
  then set one entry further on (missing CPython's attribute hint) and the table grows until it
  is resized.  The one-list copy (STATE-COPY-3) takes the key off with ``popitem`` (it is the
  last key set, after every field; if not, the popped item goes back): no dummy, the key in
  the same place every time.  +0.8% Toutomi random playouts (6 alternating runs, medians).
  A copy keeping the key with an empty list measured +4.6% more, but would break the contract.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import fields
from typing import Any

from games.core.engine import LEGAL_SLOT

Copied = Iterable[str | tuple[str, int]]  # a field name, or (name, depth 1-3)


def _by_depth(copied: Copied) -> tuple[list[str], list[str], list[str]]:
    out: tuple[list[str], list[str], list[str]] = ([], [], [])
    for item in copied:
        name, depth = (item, 1) if isinstance(item, str) else item
        if depth not in (1, 2, 3):
            raise ValueError(f"{name}: depth {depth} (1, 2 or 3)")
        out[depth - 1].append(name)
    return out


def copier(cls: type, copied: Copied = (), fresh: tuple[str, ...] = ("events",)
           ) -> Callable[[Any], Any]:
    """``copy(s)``: a new ``cls`` equal to ``s`` but for new copies of the ``copied`` fields
    (to their depth) and empty ``fresh`` lists, without the remembered legal list."""
    flat, rows, grids = _by_depth(copied)
    unknown = ({*flat, *rows, *grids} | set(fresh)) - {f.name for f in fields(cls)}
    if unknown:
        raise TypeError(f"{cls.__name__}: no field {sorted(unknown)[0]}")
    flat_, rows_, grids_, fresh_ = tuple(flat), tuple(rows), tuple(grids), tuple(fresh)
    new_object = object.__new__

    def copy(s: Any) -> Any:
        values = s.__dict__.copy()
        values.pop(LEGAL_SLOT, None)
        for name in flat_:
            values[name] = values[name].copy()
        for name in rows_:
            values[name] = [row[:] for row in values[name]]
        for name in grids_:
            values[name] = [[c[:] for c in row] for row in values[name]]
        for name in fresh_:
            values[name] = []
        new = new_object(cls)
        new.__dict__ = values
        return new

    if not rows_ and not grids_ and len(flat_) == 1 and len(fresh_) == 1:  # STATE-COPY-3
        copy = _one_list_copy(cls, flat_[0], fresh_[0])
    names = [*flat, *(f"{n} (rows)" for n in rows), *(f"{n} (rows of rows)" for n in grids)]
    copy.__doc__ = f"A {cls.__name__} for apply to change: {', '.join(names)} copied, {', '.join(fresh)} empty."
    return copy


def _one_list_copy(cls: type, name: str, empty: str) -> Callable[[Any], Any]:
    """``copier``'s copy when it copies one flat list and empties one (STATE-COPY-3)."""
    new_object = object.__new__

    def copy(s: Any) -> Any:
        values = s.__dict__.copy()
        if LEGAL_SLOT in values:  # STATE-COPY-4: the remembered list is the last key set
            key, last = values.popitem()  # so dropped without a dummy entry
            if key != LEGAL_SLOT:
                values[key] = last
                del values[LEGAL_SLOT]
        values[name] = values[name].copy()
        values[empty] = []
        new = new_object(cls)
        new.__dict__ = values
        return new
    return copy
