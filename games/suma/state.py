"""The Suma no Mori game state: a plain mutable dataclass whose ``clone`` copies its parts.

The map is a list of ``size * size`` cells (index ``row * size + col``), each None or an
item kind.  Cell names are ``a1`` .. ``g7`` (column letter, row number from 1).  Decks are
lists with the top at the end; the market holds ``market_per_colour`` slots per colour
(None = a gap, D-9).  Bingo marks are int bit masks (see bingo.py).

``pending`` is None during an ordinary turn (one of the four actions of R-2) and once the
game is over; otherwise it is a ``games.core.pending.Pending`` of one of these kinds
(each with its seat, then the ``card``, ``count`` and ``more`` it sets, and its rule):

- ``start``: the round's start player (R-1.4, D-8: a special item on START)
- ``summon``: the turn seat (D-4: another summon or ``done``)
- ``return``: the turn seat; card the new job card (R-2.4: return one of the others)
- ``cross``: the turn seat; card the summoned card; count the crosses left (R-2.3 step 3)
- ``effect``: the turn seat; card the summoned card; more the parts left, ``((type, kind, n), ...)``
  (R-3.1: any order)
- ``mark``: the seat choosing now; count the number; more the seats choosing after it, in order (R-2.5, D-3)
- ``endfx``: the seat choosing now; count the achieves left; more ``((seat, n), ...)`` choosing after it (R-4.2)

``offers`` is always ``()`` (the legal actions say what may be chosen).  While ``endfx``
choices are made, ``ended_by`` and ``round_end`` say who ended the round and why (SUMA-RULES-8).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.core.engine import LEGAL_SLOT
from games.core.pending import Pending
from games.core.rng import Stream


def _rows(x: list) -> list:
    return [list(r) for r in x]


def _dict_rows(x: dict) -> dict:
    return {k: list(v) for k, v in x.items()}


@dataclass
class State:
    seed: int
    players: int
    first: int  # round 1's start player (R-1.3)
    options: dict = field(default_factory=dict)
    rng: Stream | None = None
    round: int = 1
    round_first: int = 0
    turn_seat: int = 0
    turn: int = 0
    board: list = field(default_factory=list)
    stock: dict = field(default_factory=dict)  # warehouse items per kind
    excluded: dict = field(default_factory=dict)  # removed from the game by privileges
    squares: list = field(default_factory=list)  # per number: seat of the piece or None
    decks: dict = field(default_factory=dict)
    market: dict = field(default_factory=dict)
    hands: list = field(default_factory=list)
    jobs: list = field(default_factory=list)
    cards: list = field(default_factory=list)  # bingo numbers per seat
    marked: list = field(default_factory=list)  # bit masks per seat
    supply: list = field(default_factory=list)
    reserve: list = field(default_factory=list)
    track: list = field(default_factory=list)  # pieces on the score track per seat
    totals: list = field(default_factory=list)  # recorded (capped) score per seat
    history: list = field(default_factory=list)  # per finished round: summary dict
    known: set = field(default_factory=set)  # card ids whose suma side everyone has seen
    summoned: list = field(default_factory=list)  # cards summoned in the current action
    pending: Pending | None = None
    ended_by: int | None = None  # who ended the round being (or last) scored
    round_end: str | None = None  # why it ended (R-4.1, SUMA-RULES-8)
    over: bool = False
    winners: tuple = ()
    end_reason: str | None = None  # the last round's condition (docs/rules/suma.md)
    events: list = field(default_factory=list)

    # How ``successor`` copies the mutable fields (one level; what they hold is immutable
    # or copied by the named function).  Every other field is shared with the successor:
    # immutable values, and ``cards`` and ``history``, which the rules replace whole (a new
    # round's bingo cards, the history plus a round), never change in place (engine ENGINE-3).
    COPIES = (("board", list), ("stock", dict), ("excluded", dict), ("squares", list),
              ("decks", _dict_rows), ("market", _dict_rows), ("hands", _rows), ("jobs", _rows),
              ("marked", list), ("supply", list), ("reserve", list), ("track", list),
              ("totals", list), ("known", set), ("summoned", list))

    def clone(self) -> State:
        new = self.successor()
        new.events = list(self.events)
        return new

    def successor(self) -> State:
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list.

        The one copying mechanism: the instance dict copied in C (about a third cheaper
        than ``copy.copy``, measured; attribute reads stay as fast), then ``COPIES``."""
        new = object.__new__(State)
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.pop(LEGAL_SLOT, None)
        for name, copier in self.COPIES:
            fields[name] = copier(fields[name])
        fields["events"] = []
        return new


def step(kind: str | None, over: bool) -> str:
    """A state's step by name: the pending kind, ``turn`` in an ordinary turn, ``over``.

    ``step(s.pending and s.pending.kind, s.over)`` for a state, ``step(v["pending"] and
    v["pending"]["kind"], v["over"])`` for a view (the table's prompts are per step)."""
    return "over" if over else kind or "turn"


COLS = "abcdefghijklmnopqrstuvwxyz"


def cell_name(i: int, size: int) -> str:
    return f"{COLS[i % size]}{i // size + 1}"


def cell_index(name: str, size: int) -> int | None:
    """Index of ``a1``-style names, None when not on the map."""
    if not isinstance(name, str) or len(name) < 2 or name[0] not in COLS[:size]:
        return None
    try:
        row = int(name[1:]) - 1
    except ValueError:
        return None
    return row * size + COLS.index(name[0]) if 0 <= row < size else None
