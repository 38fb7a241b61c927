"""What may be done now (R-2, R-3): legal actions per step and precise refusal reasons.

Action text forms (cells ``a1`` .. ``g7``; bingo cells 0..24 in reading order):
``start <kind>``, ``take <card>`` (market), ``draw <colour>`` (deck top), ``place <kind> <cell>``,
``privilege <square>`` (warehouse square index; the
default layout has square i = number i), ``summon <card>``, ``return <card>``, ``mark <bingo cell>`` (a cross,
an achieve or a privilege's mark), ``remove <cell>``, ``done``.
"""
from __future__ import annotations

from functools import lru_cache

from games.core.engine import Action, ActionTable
from games.suma import bingo, forest, patterns
from games.suma.data import SumaData
from games.suma.state import State, cell_name, step

_act = ActionTable()  # shared immutable Actions: bounded by kinds x cells, cards, numbers


class _OneArg(dict):
    """The shared Actions of one kind taking one argument, by argument: ``TAKE[card]`` (one
    dict look-up where an ``ActionTable`` call builds a key; bounded like it)."""

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, arg) -> Action:
        a = self[arg] = _act(self.kind, arg)
        return a


DRAW, TAKE, PRIVILEGE, SUMMON, RETURN, MARK, START = (
    _OneArg(k) for k in ("draw", "take", "privilege", "summon", "return", "mark", "start"))


@lru_cache(maxsize=8)  # per data file: kinds x cells Actions
def _cell_actions(d: SumaData) -> dict:
    """Per item kind its place action on each cell, and under ``None`` the remove actions."""
    names = [cell_name(i, d.size) for i in range(d.size * d.size)]
    out = {k: tuple(_act("place", k, c) for c in names) for k in d.kinds}
    out[None] = tuple(_act("remove", c) for c in names)
    return out


def start_kinds(d: SumaData, s: State) -> list[str]:
    """D-8: a special kind still in the warehouse, else the anywhere kind (if any left)."""
    kinds = [k for k in d.start_item_kinds if s.stock.get(k, 0) > 0]
    if kinds:
        return kinds
    anyk = forest.anywhere_kind(d)
    return [anyk] if s.stock.get(anyk, 0) > 0 else []


def summon_fit(d: SumaData, s: State, seat: int, card: str) -> tuple | None:
    """The placement meeting ``card``'s condition for ``seat`` now, or None (R-2.6, R-3.3)."""
    return patterns.find(d.card(card), s.board, d.size, patterns.reductions(d, s.jobs[seat]),
                         forest.survey(d, s).by_kind)


def summonable(d: SumaData, s: State, seat: int) -> list[str]:
    """The hand cards whose condition is met now (``summon_fit``'s, the survey and the
    reductions read once for the whole hand)."""
    hand = s.hands[seat]
    if not hand:
        return []
    board, size, by_kind = s.board, d.size, forest.survey(d, s).by_kind
    red = patterns.reductions(d, s.jobs[seat])
    return [c for c in hand if patterns.find(d.card(c), board, size, red, by_kind) is not None]


def privilege_squares(d: SumaData, s: State, seat: int) -> list[int]:
    """R-2.5/D-7: empty squares whose number is unmarked on the seat's own card."""
    if s.supply[seat] <= 0:
        return []
    numbers = bingo.unmarked_numbers(s.cards[seat], s.marked[seat])
    return [i for i, (_, n) in enumerate(d.squares) if s.squares[i] is None and n in numbers]


def take_actions(d: SumaData, s: State, seat: int) -> list[Action]:
    if len(s.hands[seat]) >= d.limits["hand"]:
        return []
    out = [DRAW[col] for col in d.colour_ids() if s.decks[col]]
    for col in d.colour_ids():
        out += [TAKE[c] for c in s.market[col] if c is not None]
    return out


def place_actions(d: SumaData, s: State, kinds: list[str] | None = None) -> list[Action]:
    """The place actions of ``kinds`` (all by default) with items in the warehouse, kind by kind."""
    sv = forest.survey(d, s)
    out: list[Action] = []
    for k in kinds or d.kinds:
        if s.stock.get(k, 0) > 0:
            places = sv.places.get(k)
            if places is None:
                row = _cell_actions(d)[k]
                places = sv.places[k] = [row[i] for i in forest.cells(forest.legal_cells(d, sv, k))]
            out += places
    return out


def effect_actions(d: SumaData, s: State) -> list[Action]:
    """Every unit step of the remaining parts, in any order the holder likes (R-3.1)."""
    seat = s.turn_seat
    out: list[Action] = []
    parts = s.pending.more
    kinds = [p[1] for p in parts if p[0] == "place" and p[2] > 0]
    if kinds:
        out += place_actions(d, s, sorted(set(kinds), key=d.kinds.index))
    if any(p[0] == "remove" and p[2] > 0 for p in parts):
        row = _cell_actions(d)[None]
        out += [row[i] for i, x in enumerate(s.board) if x is not None]
    if any(p[0] == "achieve" and p[2] > 0 for p in parts):
        out += [MARK[i] for i in bingo.unmarked(s.cards[seat], s.marked[seat])]
    return out


def legal(d: SumaData, s: State) -> list[Action]:
    """Every legal action in a deterministic order."""
    if s.over:
        return []
    p, seat = s.pending, s.turn_seat
    if p is None:  # an ordinary turn: one of the four actions
        out = take_actions(d, s, seat) + place_actions(d, s)
        out += [PRIVILEGE[n] for n in privilege_squares(d, s, seat)]
        return out + [SUMMON[c] for c in summonable(d, s, seat)]
    k, who = p.kind, p.seat
    if k == "start":
        return [START[x] for x in start_kinds(d, s)]
    if k == "summon":
        return [SUMMON[c] for c in summonable(d, s, seat)] + [_act("done")]
    if k == "return":
        return [RETURN[c] for c in s.jobs[seat] if c != p.card]
    if k == "cross":
        num = d.card(p.card).number
        return [MARK[i] for i in bingo.unmarked_of(s.cards[seat], s.marked[seat], num)]
    if k == "effect":
        return effect_actions(d, s)
    if k == "mark":
        return [MARK[i] for i in bingo.unmarked_of(s.cards[who], s.marked[who], p.count)]
    return [MARK[i] for i in bingo.unmarked(s.cards[who], s.marked[who])]  # endfx


def why_not(d: SumaData, s: State, a: Action) -> tuple[str, dict]:
    """A precise reason for an illegal action (the UI shows it translated)."""
    ph, seat = step(s.pending and s.pending.kind, s.over), s.turn_seat
    if ph != "turn" and a.kind in ("take", "draw", "privilege"):
        return "suma.not_now", {}
    if a.kind in ("take", "draw"):
        if len(s.hands[seat]) >= d.limits["hand"]:
            return "suma.hand_full", {"limit": d.limits["hand"]}
        return ("suma.deck_empty", {}) if a.kind == "draw" else ("suma.not_in_market", {})
    if a.kind == "place" and len(a.args) == 2:
        return _why_not_place(d, s, *a.args)
    if a.kind == "privilege" and a.args:
        return _why_not_privilege(d, s, seat, a.args[0])
    if a.kind == "summon" and a.args:
        if ph not in ("turn", "summon"):
            return "suma.not_now", {}
        if a.args[0] not in s.hands[seat]:
            return "suma.not_in_hand", {}
        return "suma.condition_unmet", {"card": a.args[0]}
    if a.kind == "mark":
        return "suma.cell_not_allowed", {}
    if a.kind == "return":
        return ("suma.keep_new_card", {}) if ph == "return" else ("suma.not_now", {})
    if a.kind == "remove":
        return ("suma.nothing_there", {}) if ph == "effect" else ("suma.not_now", {})
    if a.kind == "done":
        return "suma.not_now", {}
    return "suma.unknown_action", {"action": a.kind}


def _why_not_place(d: SumaData, s: State, kind, cell) -> tuple[str, dict]:
    from games.suma.state import cell_index
    if step(s.pending and s.pending.kind, s.over) not in ("turn", "effect"):
        return "suma.not_now", {}
    i = cell_index(cell, d.size)
    if kind not in d.kinds or i is None:
        return "suma.bad_args", {}
    if s.pending is not None and not any(p[0] == "place" and p[1] == kind and p[2] > 0 for p in s.pending.more):
        return "suma.effect_other_kind", {}
    if s.stock.get(kind, 0) <= 0:
        return "suma.none_left", {}
    key = forest.why_not_place(d, s.board, kind, i)
    return (key or "core.illegal"), {}


def _why_not_privilege(d: SumaData, s: State, seat: int, i) -> tuple[str, dict]:
    if s.supply[seat] <= 0:
        return "suma.no_supply", {}
    if not isinstance(i, int) or not 0 <= i < len(s.squares):
        return "suma.bad_args", {}
    if s.squares[i] is not None:
        return "suma.square_taken", {}
    return "suma.number_not_on_card", {"number": d.squares[i][1]}
