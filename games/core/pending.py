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

It is immutable: a rule step that changes it makes a new one (``dataclasses.replace``), so
states that share it with their clones never see each other's changes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Pending:
    kind: str
    seat: int
    card: str | None = None
    offers: tuple = ()
    count: int = 0
    more: tuple = ()

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
