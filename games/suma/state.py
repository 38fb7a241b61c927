"""The Suma no Mori game state: a plain mutable dataclass whose ``clone`` copies its parts.

The map is a list of ``size * size`` cells (index ``row * size + col``), each None or an
item kind.  Cell names are ``a1`` .. ``g7`` (column letter, row number from 1).  Decks are
lists with the top at the end; the market holds ``market_per_colour`` slots per colour
(None = a gap, D-9).  Bingo marks are int bit masks (see bingo.py).  ``phase`` says what
is awaited and ``ctx`` holds that step's details (a pending-choice state):

- ``start``  {}: the round's start player puts a special item on START (R-1.4, D-8).
- ``turn``   {}: one of the four actions (R-2).
- ``summon`` {}: after a summon, another summon or ``done`` (R-2.3, D-4).
- ``return`` {card}: a 4th job card came; return one of the others (R-2.4).
- ``cross``  {card, left}: choose cells to cross (R-2.3 step 3).
- ``effect`` {card, parts: [[type, kind, n], ...]}: an immediate effect, any order (R-3.1).
- ``mark``   {number, queue}: a privilege's marks, each queued seat chooses (R-2.5, D-3).
- ``endfx``  {queue: [[seat, n], ...]}: end-of-round achieve choices (R-4.2).
- ``over``   the game has ended.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SumaState:
    seed: int
    players: int
    first: int  # round 1's start player (R-1.3)
    round: int = 1
    round_first: int = 0
    turn_player: int = 0
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
    phase: str = "start"
    ctx: dict = field(default_factory=dict)
    ended_by: int | None = None
    events: list = field(default_factory=list)

    def clone(self) -> "SumaState":
        new = self.successor()
        new.events = list(self.events)
        return new

    def successor(self) -> "SumaState":
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list.

        ``history`` entries are never changed once appended, so the list is copied one level;
        ``ctx`` (lists and dicts of numbers and ids) by ``_tree``, not ``copy.deepcopy``.
        """
        return SumaState(
            self.seed, self.players, self.first, self.round, self.round_first, self.turn_player,
            self.turn, list(self.board), dict(self.stock), dict(self.excluded), list(self.squares),
            {k: list(v) for k, v in self.decks.items()}, {k: list(v) for k, v in self.market.items()},
            [list(h) for h in self.hands], [list(j) for j in self.jobs], [list(c) for c in self.cards],
            list(self.marked), list(self.supply), list(self.reserve), list(self.track), list(self.totals),
            list(self.history), set(self.known), list(self.summoned), self.phase,
            _tree(self.ctx), self.ended_by, [])

    @property
    def over(self) -> bool:
        return self.phase == "over"


def _tree(x):
    """A copy of nested lists, dicts and sets (what ``ctx`` holds); other values are shared."""
    kind = type(x)
    if kind is list:
        return [_tree(v) for v in x]
    if kind is dict:
        return {k: _tree(v) for k, v in x.items()}
    if kind is set:
        return set(x)
    return x


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
