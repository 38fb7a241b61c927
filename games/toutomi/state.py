"""The Toutomi game state and the small turn-order arithmetic shared with the bot.

A state is a plain mutable dataclass copied through games/core/state_copy.py (never
deepcopy): ``apply``'s ``successor`` copies only the lists named in ``COPIED`` (the rules
replace every other list before changing it), ``clone`` also the deck, the field and the
events.  Card lists hold physical card ids; the top of a deck is the end of its list.

The pending choices (``State.pending``, a games.core.pending.Pending; None during an
ordinary turn):

| kind     | seat         | card                       | offers                  | count              |
|----------|--------------|----------------------------|-------------------------|--------------------|
| "wild"   | the turn seat | the Wild or Kuma-wild      | the effects (R-3.5)     | 0                  |
| "target" | the turn seat | the Attack (or the Wild)   | the other seats (R-3.4) | 0                  |
| "dump"   | the turn seat | the Summon (or the Wild)   | () (legal_actions: the hand) | cards dumped (R-3.3) |

(TOUTOMI-RULES-5: a dump counts the cards dumped so far.)

``more`` is never used.
"""
from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field

from games.core.pending import Pending
from games.core.rng import Stream
from games.core.state_copy import copier

CLOCKWISE = 1


@dataclass
class State:
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
    turn_seat: int = 0  # whose turn it is
    previous: int | None = None  # the last other player to take a turn this round (R-4.2, TOUTOMI-RULES-2)
    plays_left: int = 1  # 2 on an attacked turn
    attacked: bool = False
    next_base: int = 0  # the next turn goes to next_base + next_steps * direction
    next_steps: int = 1
    next_attacked: bool = False
    pending: Pending | None = None  # the pending choice (the table above)
    wild_as: tuple = ()  # ((card, effect), ...): what each Wild played this round became (TOUTOMI-RULES-10)
    round: int = 1
    turn: int = 1
    shuffles: int = 0  # salt of the next shuffle: rng.shuffled(ids, "shuffle", shuffles)
    over: bool = False
    winners: tuple = ()  # once over: the winning seats (several on a shared win)
    end_reason: str | None = None  # "situation" or "deck"
    last_round: dict | None = None  # how the last round ended (replaced, never mutated)
    options: dict = _field(default_factory=dict)  # the options the game was made with
    events: list = _field(default_factory=list)  # Events of the last apply
    rng: Stream | None = None  # the game's random stream (None: derived from seed when needed)

    # the lists the rules change in place, copied by every copy; every other list is shared
    # and replaced before it changes (copy on write, engine ENGINE-3: ``turn.own_hand``,
    # ``turn.draw``, ``effects.play``)
    COPIED = ("hands",)

    def clone(self) -> State:
        """A copy for bots and tests, whose deck, field, hands and events lists are its own."""
        return clone(self)

    def successor(self) -> State:
        """``clone`` for ``apply``: no events yet, no remembered legal list."""
        return successor(self)


successor = copier(State, State.COPIED)  # what rules.apply changes (its _successor)
clone = copier(State, ("deck", "field", *State.COPIED, "events"), fresh=())  # State.clone


def seat_after(seat: int, steps: int, direction: int, players: int) -> int:
    """The seat ``steps`` places after ``seat`` in the given direction."""
    return (seat + steps * direction) % players


def next_turn_seat(s: State) -> int:
    """Who takes the next turn if the current one ended now (Skip, Reverse, Attack applied)."""
    return seat_after(s.next_base, s.next_steps, s.direction, s.players)


def scorer_if_burst(s: State) -> int:
    """R-4.2 / R-4.4 / TOUTOMI-RULES-2: the last other player to take a turn, else the seat before."""
    if s.previous is not None:
        return s.previous
    return seat_after(s.turn_seat, -1, s.direction, s.players)
