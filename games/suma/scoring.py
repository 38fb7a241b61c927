"""Round end, scoring and the next round (R-4, R-5, D-1, D-2, D-13).

``end_round`` runs the end-of-round effects (achieve choices are pending ``endfx`` steps
in turn order from the player after the one who ended the round), then ``score_round``
records the capped total with pieces on the track and either sets up round 2 or ends the
game.
"""
from __future__ import annotations

from games.core.engine import Event, rank_by
from games.core.pending import Pending
from games.suma import bingo, forest
from games.suma.data import SumaData
from games.suma.state import State


def round_end_reason(d: SumaData, s: State) -> str | None:
    """R-4.1: the first condition that ends the round, or None."""
    if not any(s.supply):  # no piece left in any supply
        return "supply"
    if bingo.all_lines(s.marked, d.bingo_size):
        return "all_bingos"
    sv = forest.survey(d, s)
    if forest.full(d, sv):
        return "map_full"
    if not forest.placeable(d, sv, s.stock):
        return "no_placement"
    return None


def setup_round(d: SumaData, s: State, first: int) -> None:
    """R-1.1 / R-5.1: fresh bingo cards, the start player, START's item choice (D-8)."""
    s.round_first = s.turn_seat = first
    s.cards, s.marked = [], []
    for p in range(s.players):
        card, marks = bingo.deal(s.rng, f"{s.round}:{p}", d.bingo_size, d.free_centre, d.numbers, d.pool_copies)
        s.cards.append(card)
        s.marked.append(marks)
    s.events.append(Event("suma.round_start", {"round": s.round, "seat": first}))
    # nothing to put on START (never with the default data): the turn begins at once
    s.pending = Pending("start", first) if [k for k in d.kinds if s.stock.get(k, 0) > 0] else None


def end_round(d: SumaData, s: State, ender: int, reason: str | None = None) -> None:
    """R-4.2: end-of-round effects in turn order from the player after ``ender``.

    ``reason``: the R-4.1 condition that ended the round (``round_end_reason``); the
    round's summary keeps it, so the table and the results can say why (SUMA-RULES-8)."""
    s.ended_by = ender
    s.round_end = reason
    queue = []
    for k in range(1, s.players + 1):
        p = (ender + k) % s.players
        achieve = _end_parts(d, s, p, "achieve")
        if achieve:
            queue.append((p, achieve))
    continue_end_effects(d, s, queue)


def _end_parts(d: SumaData, s: State, p: int, ptype: str) -> int:
    """The sum of a seat's end-of-round ``score`` (stars) or ``achieve`` parts (R-4.2)."""
    return sum(part.n for cid in s.jobs[p] if d.card(cid).timing == "end"
               for part in d.card(cid).effect if part.type == ptype)


def continue_end_effects(d: SumaData, s: State, queue: list) -> None:
    """Achieves without a real choice are marked at once; then the round is scored.

    ``queue``: ``(seat, n)`` still to achieve, in order; the first with a real choice
    becomes the ``endfx`` pending choice."""
    while queue:
        seat, n = queue[0]
        free = bingo.unmarked(s.cards[seat], s.marked[seat])
        if n > 0 and len(free) > n:
            s.pending = Pending("endfx", seat, count=n, more=tuple(queue[1:]))
            return  # the seat chooses
        for i in free[:n]:
            s.marked[seat] |= 1 << i
            s.events.append(Event("suma.achieved", {"seat": seat, "index": i, "number": s.cards[seat][i]}))
        queue.pop(0)
    s.pending = None
    score_round(d, s, [_end_parts(d, s, p, "score") for p in range(s.players)])


def score_round(d: SumaData, s: State, stars: list[int]) -> None:
    """R-4.2/R-4.3: bingos x2 + stars, the 49 cap, pieces home then onto the track (D-1, D-2)."""
    for who in s.squares:
        if who is not None:
            s.supply[who] += 1
    s.squares = [None] * len(s.squares)  # copy on write (State.SHARED), like the three below
    s.totals, s.track, s.reserve = [*s.totals], [*s.track], [*s.reserve]
    summary = {"round": s.round, "bingos": [], "stars": list(stars), "points": [], "lost": [],
               "total": [], "pieces": [], "ended_by": s.ended_by, "reason": s.round_end}
    for p in range(s.players):
        b = bingo.count(s.marked[p], d.bingo_size)
        pts = d.limits["bingo_points"] * b + stars[p]
        raw = s.totals[p] + pts
        s.totals[p] = min(d.cap, raw)
        used = _pieces_to_track(d, s, p)
        for key, val in (("bingos", b), ("points", pts), ("lost", raw - s.totals[p]),
                         ("total", s.totals[p]), ("pieces", used)):
            summary[key].append(val)
    s.history = [*s.history, summary]  # shared with earlier states (state.COPIES)
    s.events.append(Event("suma.round_scored", {"round": s.round}))
    if s.round >= d.rounds:
        s.over, s.end_reason = True, s.round_end
        s.winners = rank_by(final_keys(s))[1]
        s.events.append(Event("suma.game_over", {}))
        return
    next_round(d, s)


def _pieces_to_track(d: SumaData, s: State, p: int) -> int:
    """Each 10 points of the total needs one more piece on 0: supply first, then reserve."""
    need = 1 + s.totals[p] // d.track_squares - s.track[p]
    used = 0
    while need > 0 and (s.supply[p] or s.reserve[p]):
        if s.supply[p]:
            s.supply[p] -= 1
        else:
            s.reserve[p] -= 1
        s.track[p] += 1
        need -= 1
        used += 1
    return used


def next_round(d: SumaData, s: State) -> None:
    """R-5.1: map items home, excluded items stay out (D-2), new cards; the next player starts."""
    for i, k in enumerate(s.board):
        if k is not None:
            s.stock[k] += 1
            s.board[i] = None
    if d.excluded_items_return:
        for k in d.kinds:
            s.stock[k] += s.excluded[k]
        s.excluded = {**s.excluded, **dict.fromkeys(d.kinds, 0)}  # copy on write (State.SHARED)
    s.round += 1
    s.turn += 1
    setup_round(d, s, (s.ended_by + 1) % s.players)


def final_keys(s: State) -> list[tuple]:
    """R-5.2: points, then bingos over both rounds, then fewer cards in hand."""
    return [(s.totals[p], sum(h["bingos"][p] for h in s.history), -len(s.hands[p]))
            for p in range(s.players)]
