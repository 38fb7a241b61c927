"""Toutomi positions: a state as a short YAML text (``dump``) and back, validated (``load``).

The text names every zone by card ids (decks with their top card last, as the state keeps
them), the counters, ``turn_seat`` and ``pending``; no events, and of the random stream only
the seed (it is rebuilt from the seed and the options).  ``load`` refuses with a
``PositionError`` naming the field: a card in two zones, missing or foreign (every 尊み
card of the game, and every situation card of the long game, lies in exactly one zone), a
seat out of range, a negative count, a malformed pending choice.
"""
from __future__ import annotations

from games.core.pending import Pending
from games.core.position import Fields, PositionError, check_conserved, parse, write
from games.core.rng import Stream
from games.toutomi.data import MAX_PLAYERS, WILD_EFFECTS, data
from games.toutomi.state import State

PENDING_KINDS = ("wild", "target", "dump")
ENDS = (None, "situation", "deck")


def dump(s: State) -> str:
    """The position text of ``s`` (``load(dump(s)) == s``)."""
    return write({
        "game": "toutomi", "players": s.players, "seed": s.seed, "options": dict(s.options),
        "deck": list(s.deck), "situation_deck": list(s.situation_deck),
        "hands": [list(h) for h in s.hands], "field": list(s.field),
        "situations": [list(p) for p in s.situations], "removed": list(s.removed),
        "points": [list(p) for p in s.points],
        "total": s.total, "direction": s.direction, "turn_seat": s.turn_seat, "previous": s.previous,
        "plays_left": s.plays_left, "attacked": s.attacked, "next_base": s.next_base,
        "next_steps": s.next_steps, "next_attacked": s.next_attacked,
        "pending": s.pending.to_plain() if s.pending else None,
        "wild_as": [[c, e] for c, e in s.wild_as], "round": s.round, "turn": s.turn,
        "shuffles": s.shuffles, "over": s.over, "winners": list(s.winners),
        "end_reason": s.end_reason, "last_round": s.last_round,
    })


def load(text: str) -> State:
    """The state a position text describes, validated (``PositionError`` says what is wrong)."""
    raw = parse(text, "toutomi")
    players = Fields(raw).int("players", lo=2, hi=MAX_PLAYERS)
    f = Fields(raw, players)
    options = f.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("options: expected a mapping")
    short = bool(options.get("short", False))
    seed = f.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise PositionError(f"seed: expected a number or a text, got {seed!r}")
    s = State(players, seed, short, f.cards("deck"), f.cards("situation_deck", []),
              [_cards(h, f"hands[{k}]") for k, h in enumerate(f.per_seat("hands"))], f.cards("field", []),
              [_cards(p, f"situations[{k}]") for k, p in enumerate(f.per_seat("situations", [[]] * players))],
              f.cards("removed", []),
              [_cards(p, f"points[{k}]") for k, p in enumerate(f.per_seat("points", [[]] * players))],
              options=dict(options), rng=Stream.for_game(seed, options))
    _counters(f, s)
    _check_cards(s)
    s.pending = _pending(f, s)
    return s


def _cards(value, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PositionError(f"{name}: expected a list of card ids")
    return list(value)


def _counters(f: Fields, s: State) -> None:
    s.total = f.int("total", 0, lo=-10, hi=data().burst_limit + 20)
    s.direction = f.int("direction", 1, lo=-1, hi=1)
    if s.direction == 0:
        raise PositionError("direction: 1 (clockwise) or -1")
    s.turn_seat, s.previous = f.seat("turn_seat"), f.seat("previous", None, allow_none=True)
    s.plays_left, s.attacked = f.int("plays_left", 1, lo=0, hi=2), f.bool("attacked", False)
    s.next_base, s.next_steps = f.seat("next_base", s.turn_seat), f.int("next_steps", 1, lo=0, hi=s.players + 4)
    s.next_attacked = f.bool("next_attacked", False)
    s.round, s.turn = f.int("round", 1, lo=1), f.int("turn", 1, lo=1)
    s.shuffles, s.over = f.int("shuffles", 0, lo=0), f.bool("over", False)
    winners = f.get("winners", [])
    if not isinstance(winners, list):
        raise PositionError("winners: expected a list of seats")
    s.winners = tuple(Fields({"winners": w}, s.players).seat("winners") for w in winners)
    s.end_reason = f.get("end_reason", None)
    if s.end_reason not in ENDS or (s.end_reason is None) == s.over:
        raise PositionError(f"end_reason: {s.end_reason!r} (over: {s.over}); one of situation, deck once over")
    s.last_round = f.get("last_round", None)
    if s.last_round is not None and not isinstance(s.last_round, dict):
        raise PositionError("last_round: expected a mapping or null")
    wild_as = f.get("wild_as", [])
    if not isinstance(wild_as, list) or not all(isinstance(w, list) and len(w) == 2 and w[1] in WILD_EFFECTS
                                                for w in wild_as):
        raise PositionError("wild_as: expected [card, effect] pairs")
    s.wild_as = tuple((c, e) for c, e in wild_as)


def _check_cards(s: State) -> None:
    d = data()
    check_conserved([("deck", s.deck), ("field", s.field),
                     *((f"hands[{k}]", h) for k, h in enumerate(s.hands)),
                     *((f"points[{k}]", p) for k, p in enumerate(s.points))],
                    d.toutomi_ids(with_trump=not s.short))
    check_conserved([("situation_deck", s.situation_deck), ("removed", s.removed),
                     *((f"situations[{k}]", p) for k, p in enumerate(s.situations))],
                    [] if s.short else d.situation_ids())
    size = d.hand_size
    for k, hand in enumerate(s.hands):
        if len(hand) > size:
            raise PositionError(f"hands[{k}]: {len(hand)} cards, more than a hand holds ({size})")


def _pending(f: Fields, s: State) -> Pending | None:
    p = f.pending()
    if p is None:
        return None
    if s.over:
        raise PositionError("pending: the game is over")
    if p.kind not in PENDING_KINDS:
        raise PositionError(f"pending.kind: {p.kind!r} is not one of {', '.join(PENDING_KINDS)}")
    if p.seat != s.turn_seat:
        raise PositionError(f"pending.seat: {p.seat} is not the turn seat {s.turn_seat}")
    offers = {"wild": WILD_EFFECTS, "target": tuple(x for x in range(s.players) if x != p.seat),
              "dump": ()}[p.kind]
    if p.offers != offers:
        raise PositionError(f"pending.offers: expected {list(offers)}")
    if p.count < 0 or (p.kind != "dump" and p.count):
        raise PositionError(f"pending.count: {p.count} out of range")
    if not isinstance(p.card, str) or p.card not in data().by_card:
        raise PositionError(f"pending.card: {p.card!r} is not a card")
    return p
