"""The Qumasu game state: a plain mutable dataclass copied by games/core/state_copy.py.

The battlefield is a list of 9 cells, index ``row * 3 + col``; row 0 is seat 0's own area,
row 2 seat 1's.  Cell names are ``a1`` .. ``c3`` (column letter, row number from 1).
Decks are lists with the top at the end.  A cost card is ``[flower, tapped]``.

The pending choices (``State.pending``, a games.core.pending ``Pending``; None during the
ordinary main phase):

| kind       | seat              | card                  | count        | more              |
|------------|-------------------|-----------------------|--------------|-------------------|
| "mulligan" | the deciding seat | None                  | 0            | ()                |
| "on_enter" | the turn seat     | the unit just summoned| 0            | ()                |
| "warp"     | the turn seat     | the Warp spell        | 0            | (the unit's cell,)|
| "bloom"    | the turn seat     | None                  | power to add | (flower effect id,)|

``offers`` is always ``()``: the ``target`` cells are worked out by ``effects.pending_cells``.
During the mulligans (before turn 1) ``turn_seat`` is 0 and ``turn`` is 0.
"""
from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field

from games.core.pending import Pending
from games.core.rng import Stream
from games.core.state_copy import copier


@dataclass
class State:
    seed: int
    first: int  # the first player
    deck_ids: list  # deck id per seat (public)
    decks: list = _field(default_factory=list)
    hands: list = _field(default_factory=list)
    castles: list = _field(default_factory=list)
    graves: list = _field(default_factory=list)
    costs: list = _field(default_factory=list)  # per seat: [[flower, tapped], ...]
    board: list = _field(default_factory=lambda: [None] * 9)
    mulligans: list = _field(default_factory=lambda: [None, None])  # None undecided, bool taken
    turn_seat: int = 0
    turn: int = 0  # turns begun so far (1 = the first player's first turn)
    entered: list = _field(default_factory=list)  # card ids that entered this turn
    buffs: dict = _field(default_factory=dict)  # card id -> this-turn power bonus
    moved: bool = False
    attacked: bool = False
    flowered: bool = False
    pending: Pending | None = None  # the kinds: the table above
    shuffles: int = 0
    takes: int = 0
    winners: tuple = ()  # (the winner,) once over
    end_reason: str | None = None  # "castle" (R-2.1) | "deckout"
    deckouts: list = _field(default_factory=lambda: [0, 0])
    last_combat: dict | None = None
    events: list = _field(default_factory=list)
    rng: Stream | None = None  # the game's random stream (None: derived from seed when needed)
    options: dict = _field(default_factory=dict)  # the options the game was made with
    players: int = 2
    round: int = 1  # Qumasu has no rounds

    # What a copy copies (games/core/state_copy.py), by depth (1: the list or dict, 2: its
    # lists too, 3: the lists in those); every other field is immutable and shared.  A new
    # mutable field is added here.
    COPIED = ("deck_ids", "board", "mulligans", "entered", "buffs", "deckouts", ("decks", 2),
              ("hands", 2), ("castles", 2), ("graves", 2), ("costs", 3))

    @property
    def look(self) -> bool:
        """QUMASU-RULES-7 (rules.py): a mulligan's new hand is kept by a separate ``keep``."""
        return self.options.get("mulligan_look") is True

    @property
    def over(self) -> bool:
        return bool(self.winners)

    def clone(self) -> State:
        """An independent copy (events too)."""
        return clone(self)

    def successor(self) -> State:
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list."""
        return successor(self)

    def stream(self) -> Stream:
        """The game's random stream (built by new_game; derived here for hand-built states)."""
        if self.rng is None:
            self.rng = Stream.for_game(self.seed, self.options)
        return self.rng


successor = copier(State, State.COPIED)  # what rules.apply changes (its _successor)
clone = copier(State, (*State.COPIED, "events"), fresh=())  # State.clone


def owner(card: str) -> int:
    """The seat a physical card id belongs to (``1-knight-2`` -> 1)."""
    return int(card[0])
