"""Qumasu positions: a state as a short YAML text, and a validated state built from one.

The text (``dump``) names every zone by physical card ids (``0-soldier-2``)::

    game: qumasu
    seed: 7
    options: {}
    decks: [standard, standard]      # the deck id per seat
    first: 0
    turn_seat: 0
    turn: 5
    pending: null                    # or {kind, seat, card, count, more}: state.py's table
    board: {a1: 0-soldier-1, b3: 1-knight-1}
    hands: [[0-warp-1], []]
    castles: [[...], [...]]
    deck: [[...], [...]]             # top of each deck last
    graves: [[], []]
    costs: [[seed, seed, flower/tapped], [seed]]
    mulligans: [false, false]        # null undecided, true taken
    moved: false                     # (also attacked, flowered, entered, buffs, shuffles,
                                     #  takes, deckouts, winners, end_reason, last_combat)

Fields after ``pending`` may be left out of a hand-written text and take their usual
values (a main phase with nothing done yet).  ``load`` refuses, with a ``PositionError``
naming the field, a card in two zones or missing or foreign or on the wrong seat's side, a
count out of range, a seat that is not 0 or 1 and a pending choice that does not fit.
"""
from __future__ import annotations

from games.core.pending import Pending
from games.core.position import Fields, PositionError, check_conserved, parse, write
from games.core.rng import Stream
from games.qumasu import board as B
from games.qumasu import data as game_data
from games.qumasu.state import State, owner

SEATS = (0, 1)
REASONS = (None, "castle", "deckout")
KINDS = ("mulligan", "on_enter", "warp", "bloom")


def dump(s: State) -> str:
    """The position text of ``s`` (events and the random stream's internals left out)."""
    return write({
        "game": "qumasu", "seed": s.seed, "options": dict(s.options), "decks": list(s.deck_ids),
        "first": s.first, "turn_seat": s.turn_seat, "turn": s.turn,
        "pending": s.pending.to_plain() if s.pending else None,
        "board": {B.name(i): c for i, c in enumerate(s.board) if c is not None},
        "hands": [list(h) for h in s.hands], "castles": [list(c) for c in s.castles],
        "deck": [list(d) for d in s.decks], "graves": [list(g) for g in s.graves],
        "costs": [[_cost_text(c) for c in cs] for cs in s.costs],
        "mulligans": list(s.mulligans), "moved": s.moved, "attacked": s.attacked,
        "flowered": s.flowered, "entered": list(s.entered), "buffs": dict(s.buffs),
        "shuffles": s.shuffles, "takes": s.takes, "deckouts": list(s.deckouts),
        "winners": list(s.winners), "end_reason": s.end_reason, "last_combat": s.last_combat,
    })


def load(text: str) -> State:
    """The state a position text describes, validated (PositionError says what is wrong)."""
    f = Fields(parse(text, "qumasu"), players=2)
    d = game_data.data()
    seed = f.int("seed")
    options = f.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("options: expected a mapping")
    deck_ids = f.per_seat("decks")
    for p in SEATS:
        if deck_ids[p] not in {deck.id for deck in d.decks}:
            raise PositionError(f"decks: {deck_ids[p]!r} is not a deck of the data file")
    s = State(seed, f.seat("first"), deck_ids, rng=Stream.for_game(seed, options), options=options)
    s.turn_seat, s.turn = f.seat("turn_seat"), f.int("turn", lo=0)
    _zones(f, s, d)
    _counters(f, s, d)
    s.pending = _pending(f, s, d)
    return s


def _zones(f: Fields, s: State, d) -> None:
    """Board, hands, castles, decks and graves: every card of both decks exactly once."""
    s.hands = [_seat_cards(f, "hands", p) for p in SEATS]
    s.castles = [_seat_cards(f, "castles", p) for p in SEATS]
    s.decks = [_seat_cards(f, "deck", p) for p in SEATS]
    s.graves = [_seat_cards(f, "graves", p) for p in SEATS]
    board = f.get("board", {})
    if not isinstance(board, dict):
        raise PositionError("board: expected a mapping of cells to card ids")
    for cell, card in board.items():
        if B.index(cell) is None or not isinstance(card, str):
            raise PositionError(f"board: {cell!r}: {card!r} is not a cell and a card id")
        s.board[B.index(cell)] = card
    every = [f"{p}-{face}-{k}" for p in SEATS for face, n in d.deck(s.deck_ids[p]).cards
             for k in range(1, n + 1)]
    zones = [(f"{name}[{p}]", getattr(s, attr)[p]) for p in SEATS
             for name, attr in (("hands", "hands"), ("castles", "castles"), ("deck", "decks"),
                                ("graves", "graves"))]
    check_conserved(zones + [("board", [c for c in s.board if c])], every)
    if len(s.castles[0]) > d.castle_size or len(s.castles[1]) > d.castle_size:
        raise PositionError(f"castles: at most {d.castle_size} cards each")


def _seat_cards(f: Fields, name: str, p: int) -> list[str]:
    value = f.per_seat(name, [[], []])[p]
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PositionError(f"{name}[{p}]: expected a list of card ids")
    wrong = next((c for c in value if not c[:1].isdigit() or owner(c) != p), None)
    if wrong is not None:
        raise PositionError(f"{name}[{p}]: card {wrong} belongs to the other seat")
    return list(value)


def _counters(f: Fields, s: State, d) -> None:
    s.costs = [[_cost(c, p) for c in _cost_list(f, p, d)] for p in SEATS]
    s.mulligans = f.per_seat("mulligans", [False, False])
    if any(m not in (None, True, False) for m in s.mulligans):
        raise PositionError("mulligans: each is null, true or false")
    s.moved, s.attacked, s.flowered = f.bool("moved", False), f.bool("attacked", False), \
        f.bool("flowered", False)
    on_board = {c for c in s.board if c}
    s.entered = f.cards("entered", [])
    if any(c not in on_board for c in s.entered):
        raise PositionError("entered: a card that is not on the board")
    s.buffs = f.get("buffs", {})
    if not isinstance(s.buffs, dict) or any(c not in on_board or not isinstance(v, int)
                                            for c, v in s.buffs.items()):
        raise PositionError("buffs: a whole number per card on the board")
    s.shuffles, s.takes = f.int("shuffles", 0, lo=0), f.int("takes", 0, lo=0)
    s.deckouts = [_count(f, "deckouts", v) for v in f.per_seat("deckouts", [0, 0])]
    winners = f.get("winners", [])
    if not isinstance(winners, list) or len(winners) > 1 or any(w not in SEATS for w in winners):
        raise PositionError(f"winners: {winners!r} is not [] or [a seat]")
    s.winners = tuple(winners)
    s.end_reason = f.get("end_reason", None)
    if s.end_reason not in REASONS or (s.end_reason is None) != (not s.winners):
        raise PositionError(f"end_reason: {s.end_reason!r} does not fit winners {winners}")
    s.last_combat = f.get("last_combat", None)


def _count(f: Fields, name: str, value) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{name}: {value!r} is not a count (0 or more)")
    return value


def _cost_list(f: Fields, p: int, d) -> list:
    costs = f.per_seat("costs", [[], []])[p]
    if not isinstance(costs, list) or len(costs) > d.cost_cards:
        raise PositionError(f"costs[{p}]: at most {d.cost_cards} cost cards")
    return costs


def _cost_text(card: list) -> str:
    return ("flower" if card[0] else "seed") + ("/tapped" if card[1] else "")


def _cost(text, p: int) -> list:
    side, _, tapped = str(text).partition("/")
    if side not in ("seed", "flower") or tapped not in ("", "tapped"):
        raise PositionError(f"costs[{p}]: {text!r} is not seed, flower, seed/tapped or flower/tapped")
    return [side == "flower", bool(tapped)]


def _pending(f: Fields, s: State, d) -> Pending | None:
    """The pending choice, checked against state.py's table of kinds."""
    p = f.pending()
    if p is None:
        return None
    if p.kind not in KINDS:
        raise PositionError(f"pending.kind: {p.kind!r} is not one of {', '.join(KINDS)}")
    if s.winners:
        raise PositionError("pending: the game is over")
    if p.kind == "mulligan":
        if s.turn != 0 or p.card is not None or p.more:
            raise PositionError("pending: a mulligan comes before turn 1 and names no card")
        return p
    if p.seat != s.turn_seat or s.turn == 0:
        raise PositionError("pending.seat: a choice in a turn is the turn seat's")
    if p.kind == "on_enter" and (p.card not in s.board or p.card not in s.entered):
        raise PositionError("pending.card: the on-enter unit is not on the board this turn")
    if p.kind == "warp" and (p.card not in s.graves[p.seat] or len(p.more) != 1
                             or B.index(p.more[0]) is None or s.board[B.index(p.more[0])] is None):
        raise PositionError("pending: warp needs its spell in the graveyard and more: [the unit's cell]")
    if p.kind == "bloom" and (len(p.more) != 1 or p.more[0] not in d.flower_types or p.count < 0):
        raise PositionError("pending: bloom needs more: [a flower effect id] and a count of 0 or more")
    return p
