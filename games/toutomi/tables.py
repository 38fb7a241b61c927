"""What the Toutomi rule steps read on every action, worked out once from the data."""
from __future__ import annotations

from games.core.engine import ActionTable
from games.toutomi.data import WILD_EFFECTS, ToutomiData
from games.toutomi.state import seat_after


class Tables:
    """The data, its limits and the shared Actions, as plain attributes (engine ENGINE-2)."""

    def __init__(self, data: ToutomiData, act: ActionTable, fewest: int, most: int) -> None:
        self.data, self.act, self.limit, self.hand_size = data, act, data.burst_limit, data.hand_size
        cards = self.face = data.by_card  # card id (physical or face) -> Face
        self.trumps = frozenset(c for c, f in cards.items() if f.kind == "trump")
        self.plays = {c: act("play", c) for c in cards}
        # the same with None for a trump (R-3.6: barred below the limit): legal_actions maps
        # a hand through one of the two and drops the Nones, with no Python loop
        self.plays_no_trump = {c: None if c in self.trumps else a for c, a in self.plays.items()}
        self.kumas = {c: act("kuma", c) for c, f in cards.items() if f.kind == "kuma_wild"}
        self.dumps = {c: act("dump", c) for c in cards}
        self.dump_done = act("dump_done")
        self.wilds = tuple(act("wild", e) for e in WILD_EFFECTS)
        # (players, attacker) -> the other seats, an Attack's offers, and their Actions
        self.others = {(n, me): tuple(x for x in range(n) if x != me) for n in range(fewest, most + 1)
                       for me in range(n)}
        self.targets = {key: tuple(act("target", x) for x in seats) for key, seats in self.others.items()}
        # (players, first seat, direction) -> the seats in turn order from it: a new round's
        # refills walk it instead of calling seat_after for each seat (issue 29; with draw
        # counting its cards once, +3.1% random playouts: docs/benchmark.md)
        self.turn_order = {(n, first, d): tuple(seat_after(first, k, d, n) for k in range(n))
                           for n in range(fewest, most + 1) for first in range(n) for d in (1, -1)}
