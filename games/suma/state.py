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

from games.core.pending import Pending
from games.core.rng import Stream
from games.core.state_copy import copier


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

    # The fields the rules change in place, copied one level by every successor
    # (games/core/state_copy.py).  Every other field is shared with the successor (copy on
    # write, engine ENGINE-3): immutable values; ``cards`` and ``history``, which the rules
    # replace whole (a new round's bingo cards, the history plus a round); the rarely changed
    # ``excluded``, ``squares``, ``reserve``, ``track``, ``totals``, ``known`` and ``summoned``,
    # replaced before they change; and ``decks``, ``market``, ``hands`` and ``jobs``, whose
    # rows change through ``own`` (turn.py).
    COPIED = ("board", "stock", "marked", "supply")
    ROWS = ("decks", "market", "hands", "jobs")  # copy on write, a row at a time (``own``)
    SHARED = ("excluded", "squares", "reserve", "track", "totals", "known", "summoned", *ROWS)

    def clone(self) -> State:
        """An independent copy (bots, tests, the table): every container but ``cards`` and
        ``history`` (replaced whole, never changed) copied, the events included."""
        return clone(self)

    def successor(self) -> State:
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list."""
        return successor(self)


successor = copier(State, State.COPIED)  # what rules.apply changes (its _successor)
_copy_all = copier(State, (*State.COPIED, *State.SHARED, "events"), fresh=())


def clone(s: State) -> State:
    """State.clone: the successor's copies, the shared fields and every row copied too."""
    new = _copy_all(s)
    for name in State.ROWS:
        rows = getattr(new, name)
        for key in (rows if isinstance(rows, dict) else range(len(rows))):
            rows[key] = rows[key].copy()
    return new


def own(s: State, name: str, key):
    """Copy on write (State.ROWS): the field ``name`` of ``s`` and its row ``key`` replaced by
    copies; the row is returned to be changed."""
    rows = getattr(s, name).copy()
    row = rows[key] = rows[key].copy()
    setattr(s, name, rows)
    return row


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
