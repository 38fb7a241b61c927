"""Suma positions: a state as a short YAML text and back (games/core/position.py).

The text names every zone by card ids and cells by ``a1`` names::

    game: suma
    players: 2
    seed: 3
    first: 0
    round: 1
    turn_seat: 0
    board: {d4: circle, g4: square}      # occupied cells only
    stock: {circle: 43, ...}             # the warehouse
    decks: {red: [r3, r0, ...], ...}     # bottom first, the top last
    market: {red: [r5, null], ...}       # per colour, null = a gap
    hands: [[g4], []]
    jobs: [[], []]
    cards: [[numbers of seat 0's bingo card, FREE = -1], ...]
    marked: [[12], [12]]                 # marked bingo cells per seat
    pending: {kind: cross, seat: 0, card: g4, count: 2}

Optional fields default to a fresh game's: ``options`` {}, ``round_first`` ``first``,
``turn`` 0, ``excluded`` none, ``squares`` {} (square index: seat), ``supply``,
``reserve``, ``track`` and ``totals`` as dealt, ``history`` [], ``known`` (every market
card), ``summoned`` [], ``pending`` null, ``over`` false.  The random stream is the seed's
(rules SUMA-RULES-9).  ``load`` refuses a position that is not a legal state, with the field.
"""
from __future__ import annotations

from games.core.pending import Pending
from games.core.position import Fields, PositionError, check_conserved, parse, write
from games.core.rng import LEGACY_RNG, Stream
from games.suma import forest
from games.suma.data import SumaData, data
from games.suma.state import State, cell_index, cell_name

KINDS = ("start", "summon", "return", "cross", "effect", "mark", "endfx")  # state.py's table


def dump(s: State) -> str:
    """The position text of ``s`` (everything but the events)."""
    d = data()
    out = {"game": "suma", "players": s.players, "seed": s.seed, "first": s.first,
           "options": dict(s.options), "round": s.round, "round_first": s.round_first,
           "turn_seat": s.turn_seat, "turn": s.turn,
           "board": {cell_name(i, d.size): k for i, k in enumerate(s.board) if k is not None},
           "stock": dict(s.stock), "excluded": dict(s.excluded),
           "squares": {i: w for i, w in enumerate(s.squares) if w is not None},
           "decks": {c: list(v) for c, v in s.decks.items()},
           "market": {c: list(v) for c, v in s.market.items()},
           "hands": [list(h) for h in s.hands], "jobs": [list(j) for j in s.jobs],
           "cards": [list(c) for c in s.cards],
           "marked": [[i for i in range(len(c)) if m >> i & 1] for c, m in zip(s.cards, s.marked, strict=True)],
           "supply": list(s.supply), "reserve": list(s.reserve), "track": list(s.track),
           "totals": list(s.totals), "history": [dict(h) for h in s.history],
           "known": sorted(s.known), "summoned": list(s.summoned),
           "pending": s.pending.to_plain() if s.pending else None,
           "ended_by": s.ended_by, "round_end": s.round_end, "over": s.over,
           "winners": list(s.winners), "end_reason": s.end_reason}
    return write(out)


def load(text: str) -> State:
    """The state a position text describes, checked (``PositionError`` says what is wrong)."""
    d = data()
    raw = parse(text, "suma")
    players = Fields(raw).int("players", lo=2, hi=7)
    f = Fields(raw, players)
    seed = f.get("seed")
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise PositionError(f"seed: expected a number, got {seed!r}")
    first = f.seat("first")
    options = f.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("options: expected a mapping")
    s = State(seed, players, first, dict(options), Stream.for_game(seed, {LEGACY_RNG: True}))
    s.round = f.int("round", 1, lo=1, hi=d.rounds)
    s.round_first, s.turn_seat = f.seat("round_first", first), f.seat("turn_seat")
    s.turn = f.int("turn", 0, lo=0)
    _zones(d, f, s)
    _bingo(d, f, s)
    _pieces(d, f, s)
    _ending(d, f, s)
    s.pending = _pending(d, f, s)
    return s


def _counts(d: SumaData, f: Fields, name: str, default: dict) -> dict:
    raw = f.get(name, default)
    if not isinstance(raw, dict) or set(raw) - set(d.kinds):
        raise PositionError(f"{name}: expected a count per item kind {list(d.kinds)}")
    out = {}
    for k in d.kinds:
        n = raw.get(k, 0)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise PositionError(f"{name}.{k}: {n!r} is not a count (0 or more)")
        out[k] = n
    return out


def _zones(d: SumaData, f: Fields, s: State) -> None:
    """The map, the warehouse and the 36 cards (each in exactly one zone)."""
    board = f.get("board", {})
    if not isinstance(board, dict):
        raise PositionError("board: expected a mapping of cells to item kinds")
    s.board = [None] * (d.size * d.size)
    for name, kind in board.items():
        i = cell_index(name, d.size)
        if i is None:
            raise PositionError(f"board: {name!r} is not a cell")
        if kind not in d.kinds or not forest.kind_fits(d, i, kind):
            raise PositionError(f"board.{name}: {kind!r} may not lie there")
        s.board[i] = kind
    s.stock = _counts(d, f, "stock", ...)
    s.excluded = _counts(d, f, "excluded", {})
    for item in d.items:
        k = item.kind
        if s.board.count(k) + s.stock[k] + s.excluded[k] != item.count:
            raise PositionError(f"stock.{k}: map + warehouse + excluded must be {item.count} items")
    cols = d.colour_ids()
    s.decks = _per_colour(f, "decks", cols, gaps=False)
    s.market = _per_colour(f, "market", cols, gaps=True)
    if any(len(m) != d.limits["market_per_colour"] for m in s.market.values()):
        raise PositionError(f"market: {d.limits['market_per_colour']} slots per colour")
    s.hands, s.jobs = _seat_cards(f, "hands"), _seat_cards(f, "jobs")
    zones = [*((f"decks.{c}", s.decks[c]) for c in cols),
             *((f"market.{c}", [x for x in s.market[c] if x]) for c in cols),
             *((f"hands[{p}]", h) for p, h in enumerate(s.hands)),
             *((f"jobs[{p}]", j) for p, j in enumerate(s.jobs))]
    check_conserved(zones, d.cards)
    for p, (h, j) in enumerate(zip(s.hands, s.jobs, strict=True)):
        if len(h) > d.limits["hand"]:
            raise PositionError(f"hands[{p}]: {len(h)} cards, the limit is {d.limits['hand']}")
        if len(j) > d.limits["jobs"] + 1:  # one more only while one is being returned
            raise PositionError(f"jobs[{p}]: {len(j)} cards, the limit is {d.limits['jobs']}")
    market = {c for m in s.market.values() for c in m if c}
    s.known = set(f.cards("known", sorted(market)))
    if not market <= s.known or not s.known <= set(d.cards):
        raise PositionError("known: every market card and only cards of the game")
    s.summoned = f.cards("summoned", [])


def _seat_cards(f: Fields, name: str) -> list[list[str]]:
    out = []
    for p, cards in enumerate(f.per_seat(name)):
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise PositionError(f"{name}[{p}]: expected a list of card ids")
        out.append(list(cards))
    return out


def _per_colour(f: Fields, name: str, cols: tuple, gaps: bool) -> dict:
    raw = f.get(name)
    if not isinstance(raw, dict) or set(raw) != set(cols):
        raise PositionError(f"{name}: expected one list per colour {list(cols)}")
    out = {}
    for c in cols:
        v = raw[c]
        if not isinstance(v, list) or not all(isinstance(x, str) or (gaps and x is None) for x in v):
            raise PositionError(f"{name}.{c}: expected a list of card ids")
        out[c] = list(v)
    return out


def _bingo(d: SumaData, f: Fields, s: State) -> None:
    """Bingo cards (numbers, FREE = -1) and their marked cells."""
    cells = d.bingo_size * d.bingo_size
    s.cards, s.marked = [], []
    for p, (card, marks) in enumerate(zip(f.per_seat("cards"), f.per_seat("marked"), strict=True)):
        if (not isinstance(card, list) or len(card) != cells
                or not all(isinstance(n, int) and -1 <= n < d.numbers for n in card)):
            raise PositionError(f"cards[{p}]: expected {cells} numbers 0..{d.numbers - 1} (FREE -1)")
        if not isinstance(marks, list) or not all(isinstance(i, int) and 0 <= i < cells for i in marks):
            raise PositionError(f"marked[{p}]: expected bingo cells 0..{cells - 1}")
        free = [i for i, n in enumerate(card) if n == -1]
        if not set(free) <= set(marks):
            raise PositionError(f"marked[{p}]: FREE cells are always marked")
        s.cards.append(list(card))
        s.marked.append(sum(1 << i for i in set(marks)))


def _pieces(d: SumaData, f: Fields, s: State) -> None:
    """Each seat's pieces: supply + reserve + track + privilege squares = all it has."""
    n = s.players
    raw = f.get("squares", {})
    if not isinstance(raw, dict):
        raise PositionError("squares: expected a mapping of square index to seat")
    s.squares = [None] * len(d.squares)
    for i, seat in raw.items():
        if not isinstance(i, int) or not 0 <= i < len(d.squares):
            raise PositionError(f"squares: {i!r} is not a square (0..{len(d.squares) - 1})")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise PositionError(f"squares.{i}: {seat!r} is not a seat (0..{n - 1})")
        s.squares[i] = seat
    for name, default in (("supply", d.pieces_given - 1), ("reserve", d.reserve), ("track", 1), ("totals", 0)):
        values = f.per_seat(name, [default] * n)
        hi = d.cap if name == "totals" else d.pieces_given + d.reserve
        for p, v in enumerate(values):
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= hi:
                raise PositionError(f"{name}[{p}]: {v!r} is out of range 0..{hi}")
        setattr(s, name, list(values))
    for p in range(n):
        if s.supply[p] + s.reserve[p] + s.track[p] + s.squares.count(p) != d.pieces_given + d.reserve:
            raise PositionError(f"supply[{p}]: supply + reserve + track + squares must be "
                                f"{d.pieces_given + d.reserve} pieces")


def _ending(d: SumaData, f: Fields, s: State) -> None:
    """Rounds scored so far, who ended the round, whether and how the game ended."""
    s.history = f.get("history", [])
    if not isinstance(s.history, list) or len(s.history) > d.rounds or not all(isinstance(h, dict) for h in s.history):
        raise PositionError("history: expected one summary per finished round")
    s.history = [dict(h) for h in s.history]
    s.ended_by = f.seat("ended_by", None, allow_none=True)
    s.round_end = f.get("round_end", None)
    s.over = f.bool("over", False)
    winners = f.get("winners", [])
    if not isinstance(winners, list) or not all(isinstance(w, int) and 0 <= w < s.players for w in winners):
        raise PositionError("winners: expected a list of seats")
    s.winners = tuple(winners)
    s.end_reason = f.get("end_reason", None)
    if s.over != bool(s.winners):
        raise PositionError("winners: a game over has winners, a game going on none")


def _pending(d: SumaData, f: Fields, s: State) -> Pending | None:
    """The pending choice, checked against the state.py table."""
    p = f.pending()
    if p is None:
        return None
    if s.over:
        raise PositionError("pending: a game over waits for nobody")
    if p.kind not in KINDS:
        raise PositionError(f"pending.kind: {p.kind!r} is not one of {list(KINDS)}")
    needs_card = p.kind in ("return", "cross", "effect")
    if needs_card != (p.card is not None) or (p.card is not None and p.card not in d.cards):
        raise PositionError(f"pending.card: {p.kind} {'needs a card' if needs_card else 'has none'}")
    if p.kind in ("summon", "return", "cross", "effect") and p.seat != s.turn_seat:
        raise PositionError(f"pending.seat: a {p.kind} choice is the turn seat's")
    if p.kind != "return" and len(s.jobs[s.turn_seat]) > d.limits["jobs"]:
        raise PositionError(f"jobs[{s.turn_seat}]: {d.limits['jobs'] + 1} job cards only while one is returned")
    if p.kind == "return" and (p.card not in s.jobs[p.seat] or len(s.jobs[p.seat]) != d.limits["jobs"] + 1):
        raise PositionError("pending.card: a return comes with one job card too many, this one new")
    if p.count < 0 or (p.kind == "mark" and not 0 <= p.count < d.numbers):
        raise PositionError(f"pending.count: {p.count} is out of range")
    seats = [x[0] if isinstance(x, tuple) else x for x in p.more] if p.kind in ("mark", "endfx") else []
    if not all(isinstance(x, int) and 0 <= x < s.players for x in seats):
        raise PositionError("pending.more: seats out of range")
    if p.kind == "effect" and not all(isinstance(x, tuple) and len(x) == 3 for x in p.more):
        raise PositionError("pending.more: effect parts are [type, kind, n]")
    return p
