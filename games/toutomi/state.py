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
    wild_as: tuple = ()  # ((card, effect), ...): what each Wild played this round became (DX-10)
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

        Set attribute by attribute, in field order, on purpose: CPython then keeps the
        values inline (as ``__init__`` would, without its argument passing and default
        checks: 4% of a playout); an object whose ``__dict__`` was replaced (the older clone)
        keeps them in a plain dict, where every read and write costs about three times as
        much, and the rules touch the state dozens of times per action.  A field added to
        the dataclass must be added here (test_toutomi_rules checks they match).  The
        remembered legal list is not copied.
        """
        new = object.__new__(ToutomiState)
        new.players = self.players
        new.seed = self.seed
        new.short = self.short
        new.deck = self.deck[:]
        new.situation_deck = self.situation_deck
        new.hands = self.hands[:]
        new.field = self.field[:]
        new.situations = self.situations
        new.removed = self.removed
        new.points = self.points
        new.total = self.total
        new.direction = self.direction
        new.owner = self.owner
        new.previous = self.previous
        new.plays_left = self.plays_left
        new.attacked = self.attacked
        new.next_base = self.next_base
        new.next_steps = self.next_steps
        new.next_attacked = self.next_attacked
        new.pending = self.pending
        new.wild_as = self.wild_as
        new.round = self.round
        new.turn = self.turn
        new.shuffles = self.shuffles
        new.over = self.over
        new.end_reason = self.end_reason
        new.last_round = self.last_round
        new.events = []
        new.rng = self.rng
        return new


def seat_after(seat: int, steps: int, direction: int, players: int) -> int:
    """The seat ``steps`` places after ``seat`` in the given direction."""
    return (seat + steps * direction) % players


def next_owner(s: ToutomiState) -> int:
    """Who takes the next turn if the current one ended now (Skip, Reverse, Attack applied)."""
    return seat_after(s.next_base, s.next_steps, s.direction, s.players)
