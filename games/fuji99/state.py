"""The Fuji 99 game state: a plain dataclass, copied by games/core/state_copy.py (``successor``, ``clone``).

Cubes are identical, so every zone counts them by colour as ``[clear, yellow, red]``.
Lists are indexed by seat.  The deck's top card is the *last* item of ``deck``.

The pending choice (``games.core.pending.Pending``): every step of a Fuji turn is a question
to the seat whose turn it is, so ``pending`` is set from the first draw to the end of the
game and None only once it is over.  Kinds (the rulebook's turn steps that wait):

| kind      | seat        | card | offers | count | more                                   |
|-----------|-------------|------|--------|-------|----------------------------------------|
| "draw"    | turn's seat | -    | ()     | 0     | () — R-2.1: how many cubes (``draw N``) |
| "ability" | turn's seat | -    | ()     | 0     | () — R-2.6: ``use <card>`` or ``discover`` |
| "decide"  | turn's seat | -    | ()     | 0     | () — R-2.9: ``again`` or ``stop``       |
| "give"    | turn's seat | -    | ()     | 0     | ((card id, cubes still due), ...) in hand order —   |
|           |             |      |        |       | R-2.9 pagoda short (FUJI99-RULES-5)     |
"""
from __future__ import annotations

from dataclasses import dataclass, field

from games.core.pending import Pending
from games.core.rng import Stream
from games.core.state_copy import copier

CLEAR, YELLOW, RED = 0, 1, 2

# pending kinds (the turn steps that wait for a decision, table above)
DRAW, ABILITY, DECIDE, GIVE = "draw", "ability", "decide", "give"


@dataclass
class State:
    """Everything about a game in progress; equal (seed, options, actions) give equal states."""

    # Lists the rules change in place in most actions: ``successor`` copies them.  Every other
    # list or dict is replaced before it is changed (copy on write) and shared with copies:
    # positions, used_yellows, card_clear, deck, discard, space_stock; options, colours,
    # stories, last_draw and last_order are never changed in place.  The per-seat lists of
    # lists are copied one level: a seat's row is replaced before a change (``own``).
    COPIED = ("sheet_reds", "tray", "bags", "hands", "rocks_waiting", "rocks_active", "bonuses")

    seed: int | str
    players: int
    options: dict
    colours: list  # colour name per seat
    stories: list  # story-book id per seat
    start_player: int
    turn_seat: int  # seat whose turn it is
    pending: Pending | None  # the turn step waiting for turn_seat (table above); None when over
    round: int = 1  # Fuji 99 has no rounds
    turn: int = 0  # turns started so far
    over: bool = False
    winners: tuple = ()  # the seat that reached 99
    end_reason: str | None = None  # "floor99"
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
    events: list = field(default_factory=list)  # Events of the last apply
    rng: Stream | None = field(default=None, compare=False)  # derived from seed and options

    def clone(self) -> State:
        """A copy sharing nothing the rules change in place (see ``COPIED``), events kept."""
        return clone(self)

    def successor(self) -> State:
        """``clone`` for ``apply`` (rules._successor): no events yet, no remembered legal list."""
        return successor(self)

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


successor = copier(State, State.COPIED)  # what rules.apply changes (its _successor)
clone = copier(State, (*State.COPIED, "events"), fresh=())  # State.clone
