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

from dataclasses import dataclass, field

from games.core.pending import Pending
from games.core.rng import Stream
from games.core.state_copy import copier


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

    # What a copy copies (games/core/state_copy.py): the lists an action changes in place
    # (``trick``, ``table``, ``picks``) and, row by row, the per-seat lists of lists (``hands``,
    # ``captured``); ``events`` starts empty.  Every other field is immutable or replaced by the
    # rules, never changed in place, so parent and successor share it: options, rng, pending,
    # tuples, ``box`` (fixed by the deal), ``witches`` and ``history`` (the rules assign a new
    # list: they change once a trick).
    COPIED = ("trick", "table", "picks", ("hands", 2), ("captured", 2))

    def clone(self) -> State:
        """An independent copy (events kept; no list shared, whoever changes it)."""
        return clone(self)

    def successor(self) -> State:
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list."""
        return successor(self)


successor = copier(State, State.COPIED)  # what rules.apply changes (its _successor)
clone = copier(State, (*State.COPIED, "box", "witches", "history", "events"), fresh=())  # State.clone
