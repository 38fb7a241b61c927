"""The Brujas game state: the deal, the witches, the current trick and the history."""
from __future__ import annotations

from dataclasses import dataclass, field

PHASES = ("play", "witch", "draft", "over")


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
class BrujasState:
    """The whole game; ``clone`` copies the lists (records inside are immutable)."""

    players: int
    seed: int
    hands: list  # per seat: card ids in deck order
    box: list  # the undealt card(s), never shown
    witches: list  # colour ids, index 0 beside the highest score card
    captured: list  # per seat: card ids in the order taken (public)
    leader: int
    phase: str = "play"
    to_act: int | None = None
    trick: list = field(default_factory=list)  # [(seat, card)] in play order
    lead: tuple | None = None
    table: list = field(default_factory=list)  # trick cards still in the centre
    winner: int | None = None  # the trick's winner (witch and draft phases)
    winning_card: str | None = None
    witch_move: tuple | None = None
    picks: list = field(default_factory=list)  # [(seat, card)] of this draft
    history: list = field(default_factory=list)  # [TrickRecord]
    events: list = field(default_factory=list)

    def clone(self) -> "BrujasState":
        """Lists copied, records (immutable) shared."""
        new = self.successor()
        new.events = self.events[:]
        return new

    def successor(self) -> "BrujasState":
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list.

        Built through ``__init__``: CPython then keeps the attributes inline, several times
        cheaper to read and write than on an object whose ``__dict__`` was replaced.
        """
        return BrujasState(
            self.players, self.seed, [h[:] for h in self.hands], self.box[:], self.witches[:],
            [p[:] for p in self.captured], self.leader, self.phase, self.to_act, self.trick[:],
            self.lead, self.table[:], self.winner, self.winning_card, self.witch_move,
            self.picks[:], self.history[:], [])
