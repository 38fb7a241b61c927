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
        """Lists copied, records (immutable) shared; from the instance dict, no copy.copy."""
        d = self.__dict__.copy()
        d.pop("_legal", None)
        d["hands"] = [h[:] for h in self.hands]
        d["captured"] = [p[:] for p in self.captured]
        d["box"], d["witches"], d["trick"] = self.box[:], self.witches[:], self.trick[:]
        d["table"], d["picks"], d["history"] = self.table[:], self.picks[:], self.history[:]
        d["events"] = self.events[:]
        new = object.__new__(BrujasState)
        new.__dict__ = d
        return new
