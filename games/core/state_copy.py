"""One way to copy a game state for ``apply``, written once for every dataclass state.

A game declares which of its fields the rules change in place (``COPIED``: lists copied
by every copy) and which start empty in the successor (``FRESH``: the events); every
other field is shared with the original (immutable values, or lists the rules replace
before changing them: copy on write, engine DX-3).

- DX-1 (perf) The copy is built through the dataclass's own ``__init__`` with every field
  passed in order, the values read in C (``operator.attrgetter``): CPython then keeps the
  attribute values inline (engine DX-2).  Measured on Toutomi's random playouts (issue
  29): ``copy.copy`` plus list copies costs 25% of the actions per second, a Python loop
  of ``setattr`` 23%, this about 10% against a hand-written field-by-field copy.  The
  remembered legal list (engine ``LEGAL_SLOT``) is never carried: the copy is a new object.
"""
from __future__ import annotations

from dataclasses import fields
from operator import attrgetter
from typing import Any, Callable


def copier(cls: type, copied: tuple[str, ...] = (), fresh: tuple[str, ...] = ("events",)
           ) -> Callable[[Any], Any]:
    """``copy(s)``: a new ``cls`` equal to ``s`` but for new copies of the ``copied`` lists
    and empty ``fresh`` lists.  Every field of ``cls`` must be an ``__init__`` field."""
    names = tuple(f.name for f in fields(cls))
    if any(not f.init for f in fields(cls)):
        raise TypeError(f"{cls.__name__}: every field must be an __init__ field")
    unknown = (set(copied) | set(fresh)) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__}: no field {sorted(unknown)[0]}")
    read = attrgetter(*names)
    copy_at = tuple(names.index(n) for n in copied)
    fresh_at = tuple(names.index(n) for n in fresh)

    def copy(s: Any) -> Any:
        values = [*read(s)]
        for i in copy_at:
            values[i] = values[i].copy()
        for i in fresh_at:
            values[i] = []
        return new(*values)

    new = cls
    copy.__doc__ = f"A {cls.__name__} for apply to change: {', '.join(copied)} copied, {', '.join(fresh)} empty."
    return copy
