"""The Qumasu game state: a plain mutable dataclass whose ``clone`` copies its lists.

The battlefield is a list of 9 cells, index ``row * 3 + col``; row 0 is seat 0's own area,
row 2 seat 1's.  Cell names are ``a1`` .. ``c3`` (column letter, row number from 1).
Decks are lists with the top at the end.  A cost card is ``[flower, tapped]``.
"""
from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field


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

    def clone(self) -> "QumasuState":
        return QumasuState(
            self.seed, self.first, list(self.deck_ids), [list(d) for d in self.decks],
            [list(h) for h in self.hands], [list(c) for c in self.castles],
            [list(g) for g in self.graves], [[list(c) for c in cs] for cs in self.costs],
            list(self.board), list(self.mulligans), self.turn_player, self.turn,
            list(self.entered), dict(self.buffs), self.moved, self.attacked, self.flowered,
            self.pending, self.shuffles, self.takes, self.winner, self.end_reason,
            list(self.deckouts), self.last_combat, list(self.events))

    @property
    def over(self) -> bool:
        return self.winner is not None


def owner(card: str) -> int:
    """The seat a physical card id belongs to (``1-knight-2`` -> 1)."""
    return int(card[0])
