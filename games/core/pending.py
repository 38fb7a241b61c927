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

- PENDING-1 (perf) A slotted class, not a frozen dataclass: its ``__init__`` sets the six
  slots through their own setters (``__setattr__`` refuses any change afterwards, so it stays
  immutable) instead of six ``object.__setattr__`` calls, and its fields are plain slots, read
  as fast as the dataclass's (read-only properties over private slots were cheaper still to
  build but slowed Brujas, which shares its Pendings and reads them often, by 3%).  Equality,
  hashing and ``repr`` are the dataclass's (field by field, same class only); ``copy`` makes
  it again through ``__init__``.  Toutomi's random playouts (0.25 made an action) gain
  (docs/benchmark.md).
"""
from __future__ import annotations

from typing import Any


class Pending:
    """What the game waits for: ``Pending(kind, seat, card=None, offers=(), count=0, more=())``."""

    __slots__ = {"kind": "what is asked (a key the game's state module lists)", "seat": "who must answer",
                 "card": "the card it is about, if any", "offers": "the answers it offers, when fixed (else ())",
                 "count": "a small number, documented per kind", "more": "any other immutable detail, per kind"}
    __match_args__ = ("kind", "seat", "card", "offers", "count", "more")

    def __init__(self, kind: str, seat: int, card: str | None = None, offers: tuple = (),
                 count: int = 0, more: tuple = ()) -> None:
        _set_kind(self, kind)  # the slots' own setters: __setattr__ refuses every change
        _set_seat(self, seat)
        _set_card(self, card)
        _set_offers(self, offers)
        _set_count(self, count)
        _set_more(self, more)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Pending is immutable: make a new one instead of setting {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Pending is immutable: {name} stays")

    def _fields(self) -> tuple:
        return self.kind, self.seat, self.card, self.offers, self.count, self.more

    def __reduce__(self) -> tuple:  # copy and deepcopy make it again through __init__
        return Pending, self._fields()

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


_set_kind, _set_seat, _set_card, _set_offers, _set_count, _set_more = (
    Pending.__dict__[name].__set__ for name in Pending.__match_args__)


def _frozen(value: Any) -> tuple:
    """Lists (from YAML) become tuples, nested too, so a Pending stays hashable."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) if isinstance(v, (list, tuple)) else v for v in value)
    raise ValueError("pending: offers and more are lists")


def _listed(value: tuple) -> list:
    """Tuples become lists, nested too (JSON and YAML write lists)."""
    return [_listed(v) if isinstance(v, tuple) else v for v in value]
