"""The Brujas game state: the deal, the witches, the current trick and the history.

The ordinary turn is playing a card (``turn_seat`` plays, ``pending`` None).  After a trick,
the game waits for pending choices (``games.core.pending.Pending``):

| kind    | seat                     | card                 | offers                                     | count, more |
|---------|--------------------------|----------------------|--------------------------------------------|-------------|
| "witch" | the trick's winner       | the winning card     | the legal directions ("up", "down"), R-3.1 | unused      |
| "pick"  | the seat picking now     | the winning card     | () (the cards left are ``table``), R-3.2   | unused      |

While a choice is pending ``turn_seat`` is its seat (rules BRUJAS-RULES-9: the draft's picker owns the
turn).  The trick's own words stay game words: ``trick_winner``, ``winning_card``,
``witch_move``.  ``turn`` counts the card-play turns begun; Brujas has no rounds (``round``
stays 1).  ``end_reason`` is "tricks" (every hand played out, R-3.3).
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter

from games.core.pending import Pending
from games.core.rng import Stream


@dataclass(frozen=True)
class TrickRecord:
    """A completed trick, all public: who played what, the lead, the winner, the picks."""

    leader: int
    plays: tuple  # ((seat, card), ...) in play order
    lead: tuple | None
    winner: int
    card: str
    witch: tuple  # (colour, from_position, to_position); 0 = beside the highest score card
    picks: tuple  # ((seat, card), ...) in draft order


@dataclass
class State:
    """The whole game; ``clone`` copies the lists (records inside are immutable)."""

    players: int
    seed: int
    hands: list  # per seat: card ids in deck order
    box: list  # the undealt card(s), never shown
    witches: list  # colour ids, index 0 beside the highest score card
    captured: list  # per seat: card ids in the order taken (public)
    leader: int  # the seat that led the current trick
    turn_seat: int = 0
    pending: Pending | None = None
    trick: list = field(default_factory=list)  # [(seat, card)] in play order
    lead: tuple | None = None
    table: list = field(default_factory=list)  # trick cards still in the centre
    trick_winner: int | None = None  # the trick's winner (witch move and draft)
    winning_card: str | None = None
    witch_move: tuple | None = None
    picks: list = field(default_factory=list)  # [(seat, card)] of this draft
    history: list = field(default_factory=list)  # [TrickRecord]
    round: int = 1
    turn: int = 1
    over: bool = False
    winners: tuple = ()
    end_reason: str | None = None
    options: dict = field(default_factory=dict)
    events: list = field(default_factory=list)
    rng: Stream | None = None

    # The one copying rule (engine ENGINE-1, ENGINE-3): every field taken over as it is, but for the
    # lists an action changes in place, which get fresh copies (LISTS; ROWS: lists of per-seat
    # lists, each row copied); ``events`` starts empty.  Every other field is immutable or
    # replaced by the rules, never changed in place, so parent and successor share it: options,
    # rng, pending, tuples, ``box`` (fixed by the deal), ``witches`` and ``history`` (the rules
    # assign a new list: they change once a trick).
    LISTS = ("trick", "table", "picks")
    ROWS = ("hands", "captured")

    def clone(self) -> State:
        """An independent copy (events kept; no list shared, whoever changes it)."""
        new = self.successor()
        new.box, new.witches, new.history = self.box[:], self.witches[:], self.history[:]
        new.events = self.events[:]
        return new

    def successor(self) -> State:
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list.

        Built through ``__init__`` from the field values (engine ENGINE-2: the attributes stay
        inline, cheaper to read and write than after a ``__dict__`` copy).
        """
        values = list(_VALUES(self))
        for i in _LISTS:
            values[i] = values[i][:]
        for i in _ROWS:
            values[i] = [row[:] for row in values[i]]
        values[_EVENTS] = []
        return State(*values)


_NAMES = tuple(f.name for f in fields(State))
_VALUES = attrgetter(*_NAMES)  # a state's field values, in field order
_LISTS = tuple(_NAMES.index(n) for n in State.LISTS)
_ROWS = tuple(_NAMES.index(n) for n in State.ROWS)
_EVENTS = _NAMES.index("events")
