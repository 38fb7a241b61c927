"""The Fuji 99 game state: a plain dataclass with a fast ``clone`` (no deepcopy).

Cubes are identical, so every zone counts them by colour as ``[clear, yellow, red]``.
Lists are indexed by seat.  The deck's top card is the *last* item of ``deck``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter

from games.core.rng import Stream

CLEAR, YELLOW, RED = 0, 1, 2

# phases (the rulebook's turn steps that wait for a decision)
DRAW, ABILITY, DECIDE, GIVE, OVER = "draw", "ability", "decide", "give", "over"


_FLAT = ("sheet_reds", "tray")  # changed in place by most actions: copied by every clone
# positions, used_yellows, card_clear, deck, discard, space_stock and give_left change in a
# few actions only: the rules replace them before changing them (copy on write), so clones
# share them.  options, colours, stories, last_draw and last_order are never changed in
# place (set at setup, or replaced whole by a draw).
_NESTED = ("bags", "hands", "rocks_waiting", "rocks_active", "bonuses")  # lists of per-seat lists
# A clone copies the outer per-seat lists only: the rules never change a seat's row in
# place but replace it first (``own``, copy on write), so rows are shared between states.
_LISTS = (*_FLAT, *_NESTED)
_get_lists = itemgetter(*_LISTS)


@dataclass
class State:
    """Everything about a game in progress; equal (seed, options, actions) give equal states."""

    seed: int | str
    players: int
    options: dict
    colours: list  # colour name per seat
    stories: list  # story-book id per seat
    start_player: int
    current: int  # seat whose turn it is
    phase: str
    turn: int = 0  # turns started so far
    counter: int = 0  # salt of the next random event (stream().sample(pool, n, what, counter))
    positions: list = field(default_factory=list)  # pawn per seat
    token: int = 0  # the shared movement token
    bags: list = field(default_factory=list)  # [clear, yellow, red] per seat
    sheet_reds: list = field(default_factory=list)  # reds on each summary sheet
    used_yellows: list = field(default_factory=list)  # paid yellows on each sheet
    tray: list = field(default_factory=lambda: [0, 0, 0])  # drawn cubes still in front of the player
    last_draw: list = field(default_factory=lambda: [0, 0, 0])  # counts of the latest draw
    last_order: list = field(default_factory=list)  # colours of the latest draw, in order
    last_seat: int | None = None  # who made the latest draw
    draws_this_turn: int = 0
    hands: list = field(default_factory=list)  # card ids per seat, in the order drawn
    card_clear: dict = field(default_factory=dict)  # card id -> clear cubes lying on it
    deck: list = field(default_factory=list)  # face down; top = last
    discard: list = field(default_factory=list)  # face up; top = last
    rocks_waiting: list = field(default_factory=list)  # 落石 cards per seat, for their next turn
    rocks_active: list = field(default_factory=list)  # 落石 cards counting as reds this turn
    space_stock: list = field(default_factory=list)  # yellow cubes left on each yellow space
    bonuses: list = field(default_factory=list)  # yellow spaces each seat has taken a cube from
    pagoda: int = 0  # spare clear cubes (五重塔)
    give_left: dict = field(default_factory=dict)  # pagoda short at stop: card -> cubes still due
    winner: int | None = None
    events: list = field(default_factory=list)  # Events of the last apply
    rng: Stream | None = None  # the game's random stream (derived on first use)

    def clone(self) -> "State":
        """A copy sharing nothing the rules change in place (see ``_FLAT`` and ``_NESTED``)."""
        new = self.successor()
        new.events = self.events[:]
        return new

    def successor(self) -> "State":
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list.

        Built from a copy of the instance dict, the copies made in C (33 fields: more than
        CPython keeps as inline values, so ``__init__`` would not make attribute access
        cheaper, only the copy dearer).
        """
        d = self.__dict__.copy()
        d.pop("_legal", None)
        d.update(zip(_LISTS, map(list.copy, _get_lists(d))))  # the copies made in C
        d["events"] = []
        new = object.__new__(State)
        new.__dict__ = d
        return new

    def stream(self) -> Stream:
        """The game's random stream, derived once from the seed (and a format-1 flag)."""
        if self.rng is None:
            self.rng = Stream.for_game(self.seed, self.options)
        return self.rng

    def own(self, rows: list, seat: int) -> list:
        """``rows[seat]`` (a per-seat list of this state) copied before a change: rows are shared
        with clones (copy on write)."""
        row = rows[seat] = rows[seat][:]
        return row

    def next_salt(self) -> int:
        """The salt of a new random event (bag draw, reshuffle)."""
        self.counter += 1
        return self.counter
