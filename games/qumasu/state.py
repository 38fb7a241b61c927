"""The Qumasu game state: a plain mutable dataclass whose ``clone`` copies its lists.

The battlefield is a list of 9 cells, index ``row * 3 + col``; row 0 is seat 0's own area,
row 2 seat 1's.  Cell names are ``a1`` .. ``c3`` (column letter, row number from 1).
Decks are lists with the top at the end.  A cost card is ``[flower, tapped]``.
"""
from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field

from games.core.rng import Stream


@dataclass
class QumasuState:
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
    turn_player: int = 0
    turn: int = 0  # turns begun so far (1 = the first player's first turn)
    entered: list = _field(default_factory=list)  # card ids that entered this turn
    buffs: dict = _field(default_factory=dict)  # card id -> this-turn power bonus
    moved: bool = False
    attacked: bool = False
    flowered: bool = False
    pending: tuple | None = None  # ("mulligan", seat) | ("on_enter", card) | ("warp", card, cell)
    #                                 | ("bloom", flower id)
    shuffles: int = 0
    takes: int = 0
    winner: int | None = None
    end_reason: str | None = None  # "castle" (R-2.1) | "deckout"
    deckouts: list = _field(default_factory=lambda: [0, 0])
    last_combat: dict | None = None
    events: list = _field(default_factory=list)
    rng: Stream | None = None  # the game's random stream (None: derived from seed when needed)
    look: bool = False  # DX-7 (rules.py): a mulligan's new hand is kept by a separate ``keep``

    def clone(self) -> "QumasuState":
        """Lists copied (cost cards two levels down)."""
        new = self.successor()
        new.events = self.events[:]
        return new

    def successor(self) -> "QumasuState":
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list.

        Built through ``__init__``: CPython then keeps the attributes inline, and the rules
        read and write them several times cheaper than on an object whose ``__dict__`` was
        replaced (the older clone).
        """
        return QumasuState(
            self.seed, self.first, self.deck_ids[:], [x[:] for x in self.decks],
            [x[:] for x in self.hands], [x[:] for x in self.castles], [x[:] for x in self.graves],
            [[c[:] for c in cs] for cs in self.costs], self.board[:], self.mulligans[:],
            self.turn_player, self.turn, self.entered[:], self.buffs.copy(), self.moved,
            self.attacked, self.flowered, self.pending, self.shuffles, self.takes, self.winner,
            self.end_reason, self.deckouts[:], self.last_combat, [], self.rng, self.look)

    def stream(self) -> Stream:
        """The game's random stream (built by new_game; derived here for hand-built states)."""
        if self.rng is None:
            self.rng = Stream.for_game(self.seed)
        return self.rng

    @property
    def over(self) -> bool:
        return self.winner is not None


def owner(card: str) -> int:
    """The seat a physical card id belongs to (``1-knight-2`` -> 1)."""
    return int(card[0])
