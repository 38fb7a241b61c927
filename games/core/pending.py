"""The pending choice: the one shape in which every game says what it waits for.

A game state's ``pending`` is None during an ordinary turn (play a card, draw, move), or a
``Pending`` while the game waits for one seat to answer a particular question: which seat
an Attack targets, what a Wild becomes, which witch to move, whether to keep a hand.  The
same four questions are asked of it in every game:

* ``kind``: what is asked, a short key the game's state module lists in a table;
* ``seat``: who must answer (``rules.current_player`` is this seat while it is set);
* ``card``: the card it is about, if any;
* ``offers``: the answers it offers when they are a small set fixed when it was made
  (target seats, cells, effect ids), else ``()`` and ``rules.legal_actions`` says;
* ``count`` and ``more``: a small number and any other immutable detail, documented per
  kind by the game.

It is immutable: a rule step that changes it makes a new one (``Pending(...)`` again), so
states that share it with their clones never see each other's changes.

- PENDING-1 (perf) A slotted class with a plain ``__init__`` and read-only properties (the shape
  of the engine's ``Event``, ENGINE-7), not a frozen dataclass: a frozen dataclass's ``__init__``
  sets each of its six fields through ``object.__setattr__``, so it was built in about five
  times the CPU time of an Event (~0.7 us); now about one Event's.  Equality, hashing and
  ``repr`` are the dataclass's (field by field, same class only).  Toutomi's random playouts
  (0.25 made an action): +2.5% actions per CPU second (docs/benchmark.md).
"""
from __future__ import annotations

from operator import attrgetter
from typing import Any


class Pending:
    """What the game waits for: ``Pending(kind, seat, card=None, offers=(), count=0, more=())``."""

    __slots__ = ("_kind", "_seat", "_card", "_offers", "_count", "_more")
    __match_args__ = ("kind", "seat", "card", "offers", "count", "more")

    def __init__(self, kind: str, seat: int, card: str | None = None, offers: tuple = (),
                 count: int = 0, more: tuple = ()) -> None:
        self._kind = kind
        self._seat = seat
        self._card = card
        self._offers = offers
        self._count = count
        self._more = more

    kind = property(attrgetter("_kind"), doc="what is asked (a key the game's state module lists)")
    seat = property(attrgetter("_seat"), doc="who must answer")
    card = property(attrgetter("_card"), doc="the card it is about, if any")
    offers = property(attrgetter("_offers"), doc="the answers it offers, when fixed (else ())")
    count = property(attrgetter("_count"), doc="a small number, documented per kind")
    more = property(attrgetter("_more"), doc="any other immutable detail, documented per kind")

    def _fields(self) -> tuple:
        return self._kind, self._seat, self._card, self._offers, self._count, self._more

    def __eq__(self, other: object) -> bool:
        if type(other) is not Pending:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return "Pending(kind={!r}, seat={!r}, card={!r}, offers={!r}, count={!r}, more={!r})".format(
            *self._fields())

    def seen(self) -> dict[str, Any]:
        """The pending choice as a view dict carries it (all of it is public)."""
        return {"kind": self.kind, "seat": self.seat, "card": self.card,
                "offers": _listed(self.offers), "count": self.count, "more": _listed(self.more)}

    def to_plain(self) -> dict[str, Any]:
        """For a position text: only the fields that differ from the defaults."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.card is not None:
            out["card"] = self.card
        if self.offers:
            out["offers"] = _listed(self.offers)
        if self.count:
            out["count"] = self.count
        if self.more:
            out["more"] = _listed(self.more)
        return out

    @classmethod
    def from_plain(cls, raw: Any) -> Pending | None:
        """Inverse of ``to_plain``; None stays None.  Raises ValueError on a bad shape."""
        if raw is None:
            return None
        if not isinstance(raw, dict) or not {"kind", "seat"} <= set(raw):
            raise ValueError("pending: needs kind and seat")
        unknown = set(raw) - {"kind", "seat", "card", "offers", "count", "more"}
        if unknown:
            raise ValueError(f"pending: unknown field {sorted(unknown)[0]}")
        return cls(str(raw["kind"]), int(raw["seat"]), raw.get("card"),
                   _frozen(raw.get("offers", ())), int(raw.get("count", 0)),
                   _frozen(raw.get("more", ())))


def _frozen(value: Any) -> tuple:
    """Lists (from YAML) become tuples, nested too, so a Pending stays hashable."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) if isinstance(v, (list, tuple)) else v for v in value)
    raise ValueError("pending: offers and more are lists")


def _listed(value: tuple) -> list:
    """Tuples become lists, nested too (JSON and YAML write lists)."""
    return [_listed(v) if isinstance(v, tuple) else v for v in value]
