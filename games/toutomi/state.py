"""The Toutomi game state and the small turn-order arithmetic shared with the bot.

A state is a plain mutable dataclass; ``clone`` copies its lists (never deepcopy) and the
rules mutate only fresh clones.  Card lists hold physical card ids; the top of a deck is
the end of its list.
"""
from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field

from games.core.rng import Stream

CLOCKWISE = 1


@dataclass
class ToutomiState:
    """Everything about one game; equal (seed, options, actions) give equal states."""

    players: int
    seed: int
    short: bool
    deck: list = _field(default_factory=list)  # 尊み deck, top = last
    situation_deck: list = _field(default_factory=list)  # top = last
    hands: list = _field(default_factory=list)  # per seat: card ids
    field: list = _field(default_factory=list)  # 場: cards played this round, in order
    situations: list = _field(default_factory=list)  # per seat: situation card ids
    removed: list = _field(default_factory=list)  # used Kuma-wilds
    points: list = _field(default_factory=list)  # short variant: per seat point piles
    total: int = 0
    direction: int = CLOCKWISE
    owner: int = 0  # whose turn it is
    previous: int | None = None  # the last other player to take a turn this round (R-4.2, DX-2)
    plays_left: int = 1  # 2 on an attacked turn
    attacked: bool = False
    next_base: int = 0  # the next turn goes to next_base + next_steps * direction
    next_steps: int = 1
    next_attacked: bool = False
    pending: tuple | None = None  # ("wild", card) | ("target", card) | ("dump", card, dumped)
    round: int = 1
    turn: int = 1
    shuffles: int = 0  # salt of the next shuffle: rng.shuffled(ids, "shuffle", shuffles)
    over: bool = False
    end_reason: str | None = None  # "situation" or "deck"
    last_round: dict | None = None  # how the last round ended (replaced, never mutated)
    events: list = _field(default_factory=list)  # Events of the last apply
    rng: Stream | None = None  # the game's random stream (None: derived from seed when needed)

    def clone(self) -> ToutomiState:
        """A copy whose lists the rules may change in place: deck, field, events, the hands list.

        Each hand, ``situation_deck``, ``situations``, ``points`` and ``removed`` are shared
        with the original and the rules replace them before changing them (copy on write:
        ``rules._own_hand``), so a clone costs a few list copies.
        """
        new = self.successor()
        new.events = self.events[:]
        return new

    def successor(self) -> ToutomiState:
        """``clone`` for ``apply`` (rules._successor): the same copies, with no events yet.

        Built through ``__init__`` on purpose: an object whose ``__dict__`` was replaced
        (the older clone) keeps its attributes in a plain dict, and every read and write of
        one then costs about three times as much as on an object set up by ``__init__``
        (CPython's inline attribute values); the rules touch the state dozens of times per
        action.  The remembered legal list is not copied.
        """
        return ToutomiState(
            self.players, self.seed, self.short, self.deck[:], self.situation_deck, self.hands[:],
            self.field[:], self.situations, self.removed, self.points, self.total, self.direction,
            self.owner, self.previous, self.plays_left, self.attacked, self.next_base,
            self.next_steps, self.next_attacked, self.pending, self.round, self.turn, self.shuffles,
            self.over, self.end_reason, self.last_round, [], self.rng)


def seat_after(seat: int, steps: int, direction: int, players: int) -> int:
    """The seat ``steps`` places after ``seat`` in the given direction."""
    return (seat + steps * direction) % players


def next_owner(s: ToutomiState) -> int:
    """Who takes the next turn if the current one ended now (Skip, Reverse, Attack applied)."""
    return seat_after(s.next_base, s.next_steps, s.direction, s.players)
