"""Round end, scoring and the next round (R-4, R-5, D-1, D-2, D-13).

``end_round`` runs the end-of-round effects (achieve choices are pending ``endfx`` steps
in turn order from the player after the one who ended the round), then ``score_round``
records the capped total with pieces on the track and either sets up round 2 or ends the
game.
"""
from __future__ import annotations

from games.core.engine import Event
from games.suma import bingo, forest
from games.suma.data import SumaData
from games.suma.state import SumaState


def round_end_reason(d: SumaData, s: SumaState) -> str | None:
    """R-4.1: the first condition that ends the round, or None."""
    if all(x == 0 for x in s.supply):
        return "supply"
    if any(bingo.count(m, d.bingo_size) == len(bingo.lines(d.bingo_size)) for m in s.marked):
        return "all_bingos"
    if forest.full(s.board):
        return "map_full"
    if not forest.placeable(d, s.board, s.stock):
        return "no_placement"
    return None


def setup_round(d: SumaData, s: SumaState, first: int) -> None:
    """R-1.1 / R-5.1: fresh bingo cards, the start player, START's item choice (D-8)."""
    s.round_first = s.turn_player = first
    s.cards, s.marked = [], []
    for p in range(s.players):
        card, marks = bingo.deal(s.seed, f"{s.round}:{p}", d.bingo_size, d.free_centre, d.numbers, d.pool_copies)
        s.cards.append(card)
        s.marked.append(marks)
    s.phase, s.ctx = "start", {}
    s.events.append(Event("suma.round_start", {"round": s.round, "seat": first}))
    if not [k for k in d.kinds if s.stock.get(k, 0) > 0]:
        s.phase = "turn"  # nothing to put on START (never with the default data)


def end_round(d: SumaData, s: SumaState, ender: int, reason: str | None = None) -> None:
    """R-4.2: end-of-round effects in turn order from the player after ``ender``.

    ``reason``: the R-4.1 condition that ended the round (``round_end_reason``); the
    round's summary keeps it, so the table and the results can say why (DX-8)."""
    s.ended_by = ender
    stars = [0] * s.players
    queue = []
    for k in range(1, s.players + 1):
        p = (ender + k) % s.players
        achieve = 0
        for cid in s.jobs[p]:
            c = d.card(cid)
            if c.timing != "end":
                continue
            for part in c.effect:
                if part.type == "score":
                    stars[p] += part.n
                elif part.type == "achieve":
                    achieve += part.n
        if achieve:
            queue.append([p, achieve])
    s.phase, s.ctx = "endfx", {"queue": queue, "stars": stars, "reason": reason}
    continue_end_effects(d, s)


def continue_end_effects(d: SumaData, s: SumaState) -> None:
    """Achieves without a real choice are marked at once; then the round is scored."""
    queue = s.ctx["queue"]
    while queue:
        seat, n = queue[0]
        free = bingo.unmarked(s.cards[seat], s.marked[seat])
        if n > 0 and len(free) > n:
            return  # the seat chooses
        for i in free[:n]:
            s.marked[seat] |= 1 << i
            s.events.append(Event("suma.achieved", {"seat": seat, "index": i, "number": s.cards[seat][i]}))
        queue.pop(0)
    score_round(d, s, s.ctx["stars"])


def score_round(d: SumaData, s: SumaState, stars: list[int]) -> None:
    """R-4.2/R-4.3: bingos x2 + stars, the 49 cap, pieces home then onto the track (D-1, D-2)."""
    for n, who in enumerate(s.squares):
        if who is not None:
            s.supply[who] += 1
            s.squares[n] = None
    summary = {"round": s.round, "bingos": [], "stars": list(stars), "points": [], "lost": [],
               "total": [], "pieces": [], "ended_by": s.ended_by, "reason": s.ctx.get("reason")}
    for p in range(s.players):
        b = bingo.count(s.marked[p], d.bingo_size)
        pts = d.limits["bingo_points"] * b + stars[p]
        raw = s.totals[p] + pts
        s.totals[p] = min(d.cap, raw)
        used = _pieces_to_track(d, s, p)
        for key, val in (("bingos", b), ("points", pts), ("lost", raw - s.totals[p]),
                         ("total", s.totals[p]), ("pieces", used)):
            summary[key].append(val)
    s.history.append(summary)
    s.events.append(Event("suma.round_scored", {"round": s.round}))
    if s.round >= d.rounds:
        s.phase, s.ctx = "over", {}
        s.events.append(Event("suma.game_over", {}))
        return
    next_round(d, s)


def _pieces_to_track(d: SumaData, s: SumaState, p: int) -> int:
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


def next_round(d: SumaData, s: SumaState) -> None:
    """R-5.1: map items home, excluded items stay out (D-2), new cards; the next player starts."""
    for i, k in enumerate(s.board):
        if k is not None:
            s.stock[k] += 1
            s.board[i] = None
    if d.excluded_items_return:
        for k in d.kinds:
            s.stock[k] += s.excluded[k]
            s.excluded[k] = 0
    s.round += 1
    s.turn += 1
    setup_round(d, s, (s.ended_by + 1) % s.players)


def final_keys(s: SumaState) -> list[tuple]:
    """R-5.2: points, then bingos over both rounds, then fewer cards in hand."""
    return [(s.totals[p], sum(h["bingos"][p] for h in s.history), -len(s.hands[p]))
            for p in range(s.players)]
