"""Fuji 99 positions: a state as a short YAML text, and a validated state from one.

``load(dump(s))`` gives a state equal to ``s`` (events left out: a position has none; the
random stream is derived again from seed, options and ``counter``).  ``load`` refuses a text
that is no Fuji position with a ``PositionError`` naming the field: every Fuji card in
exactly one zone (hands, deck, discard, waiting and active 落石), clear cubes only on hand
cards, no more cubes of a colour on the table than the game has (R-1.2: a position may
leave cubes in the box, as a scenario with a short bag or pagoda does), counts, squares and
seats in range, and a pending step of the table in state.py.
"""
from __future__ import annotations

from games.core.position import Fields, PositionError, check_conserved, parse, write
from games.fuji99 import data as game_data
from games.fuji99.data import Fuji99Data
from games.fuji99.state import GIVE, State

KINDS = ("draw", "ability", "decide", "give")
PER_SEAT = ("colours", "stories", "positions", "bags", "sheet_reds", "used_yellows", "hands",
            "rocks_waiting", "rocks_active", "bonuses")


def dump(s: State) -> str:
    """The position text of ``s``: every zone, counter and the pending step."""
    p = s.pending
    return write({
        "game": "fuji99", "seed": s.seed, "players": s.players, "options": dict(s.options),
        "colours": list(s.colours), "stories": list(s.stories), "start_player": s.start_player,
        "turn_seat": s.turn_seat, "pending": p.to_plain() if p else None, "round": s.round,
        "turn": s.turn, "over": s.over, "winners": list(s.winners), "end_reason": s.end_reason,
        "counter": s.counter, "token": s.token, "positions": list(s.positions),
        "bags": [list(b) for b in s.bags], "sheet_reds": list(s.sheet_reds),
        "used_yellows": list(s.used_yellows), "tray": list(s.tray),
        "last_draw": list(s.last_draw), "last_order": list(s.last_order), "last_seat": s.last_seat,
        "draws_this_turn": s.draws_this_turn, "hands": [list(h) for h in s.hands],
        "card_clear": dict(s.card_clear), "deck": list(s.deck), "discard": list(s.discard),
        "rocks_waiting": [list(r) for r in s.rocks_waiting],
        "rocks_active": [list(r) for r in s.rocks_active],
        "space_stock": list(s.space_stock), "bonuses": [list(b) for b in s.bonuses],
        "pagoda": s.pagoda,
    })


def load(text: str, d: Fuji99Data | None = None) -> State:
    """The state a position text describes, validated (``PositionError`` says what is wrong)."""
    d = d or game_data.data()
    raw = parse(text, "fuji99")
    players = Fields(raw).int("players", lo=d.min_players, hi=d.max_players)
    f = Fields(raw, players)
    for name in PER_SEAT:
        f.per_seat(name)
    s = State(
        seed=f.get("seed"), players=players, options=dict(f.get("options", {}) or {}),
        colours=list(raw["colours"]), stories=list(raw["stories"]),
        start_player=f.seat("start_player"), turn_seat=f.seat("turn_seat"), pending=f.pending(),
        round=f.int("round", 1, lo=1, hi=1), turn=f.int("turn", lo=0), over=f.bool("over", False),
        winners=tuple(_seats(f, "winners")), end_reason=f.get("end_reason", None),
        counter=f.int("counter", lo=0), token=f.int("token", lo=0, hi=d.goal),
        positions=[_int(v, "positions", 0, d.goal) for v in raw["positions"]],
        bags=[_cubes(b, "bags") for b in raw["bags"]],
        sheet_reds=[_int(v, "sheet_reds", 0, d.red_limit) for v in raw["sheet_reds"]],
        used_yellows=[_int(v, "used_yellows", 0, None) for v in raw["used_yellows"]],
        tray=_cubes(f.get("tray"), "tray"), last_draw=_cubes(f.get("last_draw"), "last_draw"),
        last_order=_colours(f.get("last_order")), last_seat=f.seat("last_seat", None, allow_none=True),
        draws_this_turn=f.int("draws_this_turn", lo=0),
        hands=[_cards(h, "hands") for h in raw["hands"]], card_clear=_card_clear(f),
        deck=f.cards("deck"), discard=f.cards("discard"),
        rocks_waiting=[_cards(r, "rocks_waiting") for r in raw["rocks_waiting"]],
        rocks_active=[_cards(r, "rocks_active") for r in raw["rocks_active"]],
        space_stock=[_int(v, "space_stock", 0, d.yellow_per_player * players) for v in f.get("space_stock")],
        bonuses=[[_int(v, "bonuses", 0, d.goal) for v in b] for b in raw["bonuses"]],
        pagoda=f.int("pagoda", lo=0))
    _check(s, d)
    return s


def _check(s: State, d: Fuji99Data) -> None:
    """What a position must hold beyond the types and ranges of each field."""
    n = s.players
    check_conserved([*((f"hands[{i}]", h) for i, h in enumerate(s.hands)), ("deck", s.deck),
                     ("discard", s.discard),
                     *((f"rocks_waiting[{i}]", r) for i, r in enumerate(s.rocks_waiting)),
                     *((f"rocks_active[{i}]", r) for i, r in enumerate(s.rocks_active))], d.card_ids)
    for card in s.card_clear:
        if not any(card in h for h in s.hands):
            raise PositionError(f"card_clear: {card} is in no hand (clear cubes lie on hand cards)")
    if len(s.space_stock) != len(d.yellow_spaces):
        raise PositionError(f"space_stock: expected one count per yellow space ({len(d.yellow_spaces)})")
    for seat, taken in enumerate(s.bonuses):
        if len(set(taken)) != len(taken) or not set(taken) <= set(d.yellow_spaces):
            raise PositionError(f"bonuses[{seat}]: {taken} are not distinct yellow spaces")
    _check_cubes(s, d, n)
    _check_pending(s)


def _check_cubes(s: State, d: Fuji99Data, n: int) -> None:
    per_space = d.yellow_per_player * len(d.yellow_spaces)
    have = (sum(b[0] for b in s.bags) + s.tray[0] + sum(s.card_clear.values()) + s.pagoda,
            sum(b[1] for b in s.bags) + s.tray[1] + sum(s.used_yellows) + sum(s.space_stock),
            sum(b[2] for b in s.bags) + s.tray[2] + sum(s.sheet_reds))
    box = (d.components[0], (d.bag[1] + per_space) * n, d.bag[2] * n)
    for colour, got, want in zip(("clear", "yellow", "red"), have, box, strict=True):
        if got > want:
            raise PositionError(f"{colour} cubes: {got} on the table, the game has {want}")


def _check_pending(s: State) -> None:
    p = s.pending
    if s.over != bool(s.winners) or (s.over and p is not None):
        raise PositionError("over: a finished game has winners and no pending step, and only it")
    if not s.over and p is None:
        raise PositionError("pending: a game in progress waits for a step")
    if p is None:
        return
    if p.kind not in KINDS:
        raise PositionError(f"pending.kind: {p.kind!r} is not one of {', '.join(KINDS)}")
    if p.seat != s.turn_seat:
        raise PositionError(f"pending.seat: {p.seat} is not the turn's seat {s.turn_seat}")
    if p.kind == GIVE:
        hand = s.hands[p.seat]
        if not p.more or not all(isinstance(e, tuple) and len(e) == 2 and e[0] in hand
                                 and isinstance(e[1], int) and e[1] > 0 for e in p.more):
            raise PositionError("pending.more: give needs [card in hand, cubes due > 0] pairs")
    elif p.more or p.offers or p.count or p.card is not None:
        raise PositionError(f"pending: a {p.kind} step carries nothing but kind and seat")


def _int(v, name: str, lo: int, hi: int | None) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < lo or (hi is not None and v > hi):
        raise PositionError(f"{name}: {v!r} is out of range {lo}..{'' if hi is None else hi}")
    return v


def _cubes(v, name: str) -> list:
    if not isinstance(v, list) or len(v) != 3:
        raise PositionError(f"{name}: expected [clear, yellow, red]")
    return [_int(x, name, 0, None) for x in v]


def _cards(v, name: str) -> list:
    if not isinstance(v, list) or not all(isinstance(c, str) for c in v):
        raise PositionError(f"{name}: expected a list of card ids")
    return list(v)


def _colours(v) -> list:
    if not isinstance(v, list) or not all(c in ("clear", "yellow", "red") for c in v):
        raise PositionError("last_order: expected a list of cube colours")
    return list(v)


def _seats(f: Fields, name: str) -> list:
    raw = f.get(name, [])
    if not isinstance(raw, list):
        raise PositionError(f"{name}: expected a list of seats")
    return [_int(v, name, 0, f.players - 1) for v in raw]


def _card_clear(f: Fields) -> dict:
    raw = f.get("card_clear", {}) or {}
    if not isinstance(raw, dict):
        raise PositionError("card_clear: expected card id: cubes")
    return {str(c): _int(k, "card_clear", 0, None) for c, k in raw.items()}
