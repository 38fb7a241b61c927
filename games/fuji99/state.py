"""The Fuji 99 game state: a plain dataclass with a fast ``clone`` (no deepcopy).

Cubes are identical, so every zone counts them by colour as ``[clear, yellow, red]``.
Lists are indexed by seat.  The deck's top card is the *last* item of ``deck``.
"""
from __future__ import annotations

from dataclasses import dataclass, field

CLEAR, YELLOW, RED = 0, 1, 2

# phases (the rulebook's turn steps that wait for a decision)
DRAW, ABILITY, DECIDE, GIVE, OVER = "draw", "ability", "decide", "give", "over"


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
    counter: int = 0  # salt of the next random event (rng_for(seed, what, counter))
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

    def clone(self) -> "State":
        """A copy sharing nothing mutable with ``self`` (lists and dicts are copied)."""
        return State(
            seed=self.seed, players=self.players, options=dict(self.options),
            colours=list(self.colours), stories=list(self.stories),
            start_player=self.start_player, current=self.current, phase=self.phase,
            turn=self.turn, counter=self.counter, positions=list(self.positions),
            token=self.token, bags=[list(b) for b in self.bags],
            sheet_reds=list(self.sheet_reds), used_yellows=list(self.used_yellows),
            tray=list(self.tray), last_draw=list(self.last_draw), last_order=list(self.last_order),
            last_seat=self.last_seat, draws_this_turn=self.draws_this_turn,
            hands=[list(h) for h in self.hands], card_clear=dict(self.card_clear),
            deck=list(self.deck), discard=list(self.discard),
            rocks_waiting=[list(r) for r in self.rocks_waiting],
            rocks_active=[list(r) for r in self.rocks_active],
            space_stock=list(self.space_stock), bonuses=[list(b) for b in self.bonuses],
            pagoda=self.pagoda, give_left=dict(self.give_left), winner=self.winner,
            events=list(self.events))

    def next_salt(self) -> int:
        """The salt of a new random event (bag draw, reshuffle)."""
        self.counter += 1
        return self.counter
