"""Take the Pot's state: the vocabulary fields (docs/vocabulary.md) plus its zones.

Pending kinds:

- ``take``: asked of the trick's winner; offers the pot's card ids, and ``stock`` while the
  stock has cards.  A pot card: score it; ``stock``: its top card into the hand.  The rest
  of the pot goes under the stock.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.core.pending import Pending
from games.core.rng import Stream
from games.core.state_copy import copier


@dataclass
class State:
    players: int
    seed: int
    options: dict
    hands: list[tuple[str, ...]]          # per seat, secret to the others
    stock: tuple[str, ...]                # face down, secret to everyone
    pot: tuple[tuple[int, str], ...] = ()  # (seat, card) played this trick, face up
    won: list[tuple[str, ...]] = field(default_factory=list)  # per seat, scored cards, face up
    turn_seat: int = 0
    pending: Pending | None = None
    round: int = 1                        # the trick being played
    turn: int = 1
    over: bool = False
    winners: tuple[int, ...] = ()
    end_reason: str | None = None         # "empty": the seat to play had no card
    events: list = field(default_factory=list)  # the last apply's (not part of a position)
    rng: Stream | None = None

    def clone(self) -> State:
        return _copy(self)


_copy = copier(State, copied=("hands", "won"))
