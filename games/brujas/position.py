"""Brujas positions: a state written as a short YAML text and built back from one, validated.

A position names every zone by card ids (``hands``, ``box``, ``table``, ``captured``), the
witch order from the one beside the highest score card down, the current trick
(``trick`` [[seat, card]], ``lead`` null | [colour, id] | [number, n], ``trick_winner``,
``winning_card``, ``witch_move`` [colour, from, to], ``picks`` [[seat, card]]), the finished
tricks (``history``), the counters and ``pending`` (state.py's table).  ``load`` refuses a
text that is not a reachable-looking state, with a reason naming the field: every card in
exactly one zone, the box as large as the deal leaves, seats and counts in range, the lead
and the trick's winner as the rules would have them, the pending choice as the rules make it.
"""
from __future__ import annotations

from typing import Any

from games.brujas import tricks
from games.brujas.rules import RULES
from games.brujas.state import State, TrickRecord
from games.core.position import Fields, PositionError, check_conserved, parse, write
from games.core.rng import Stream

GAME = "brujas"


def dump(s: State) -> str:
    """The position text of ``s`` (events and the stream's key are left out)."""
    return write({
        "game": GAME, "players": s.players, "seed": s.seed, "options": dict(s.options),
        "round": s.round, "turn": s.turn, "turn_seat": s.turn_seat,
        "pending": None if s.pending is None else s.pending.to_plain(),
        "over": s.over, "winners": list(s.winners), "end_reason": s.end_reason,
        "witches": list(s.witches), "leader": s.leader,
        "hands": [list(h) for h in s.hands], "box": list(s.box),
        "captured": [list(p) for p in s.captured],
        "trick": [[p, c] for p, c in s.trick], "lead": None if s.lead is None else list(s.lead),
        "table": list(s.table), "trick_winner": s.trick_winner, "winning_card": s.winning_card,
        "witch_move": None if s.witch_move is None else list(s.witch_move),
        "picks": [[p, c] for p, c in s.picks],
        "history": [_record_plain(r) for r in s.history],
    })


def _record_plain(r: TrickRecord) -> dict:
    return {"leader": r.leader, "plays": [[p, c] for p, c in r.plays],
            "lead": None if r.lead is None else list(r.lead), "winner": r.winner, "card": r.card,
            "witch": list(r.witch), "picks": [[p, c] for p, c in r.picks]}


def load(text: str) -> State:
    """The state a position text describes; PositionError with the reason if it is not one."""
    raw = parse(text, GAME)
    players = Fields(raw).int("players", lo=RULES.min_players, hi=RULES.max_players)
    f = Fields(raw, players)
    options = f.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("options: expected a mapping")
    seed = f.int("seed", 0)
    s = State(players, seed, _rows(f, "hands"), f.cards("box", []), _witches(f),
              _rows(f, "captured"), f.seat("leader"), f.seat("turn_seat"), f.pending(),
              _plays(f, "trick"), _lead(f.get("lead", None), "lead"), f.cards("table", []),
              f.seat("trick_winner", None, allow_none=True), f.get("winning_card", None),
              _witch_move(f), _plays(f, "picks"), _history(f), f.int("round", 1, lo=1, hi=1),
              f.int("turn", 1, lo=1), f.bool("over", False), _winners(f),
              f.get("end_reason", None), dict(options), [], Stream.for_game(seed, options))
    _check_cards(s)
    _check_trick(s)
    _check_turn(s)
    return s


def _rows(f: Fields, name: str) -> list[list[str]]:
    rows = f.per_seat(name)
    for i, row in enumerate(rows):
        if not isinstance(row, list) or not all(isinstance(c, str) for c in row):
            raise PositionError(f"{name}[{i}]: expected a list of card ids")
    return [list(r) for r in rows]


def _witches(f: Fields) -> list[str]:
    witches = f.get("witches")
    if not isinstance(witches, list) or sorted(map(str, witches)) != sorted(RULES.data.colour_ids):
        raise PositionError(f"witches: expected each colour once ({', '.join(RULES.data.colour_ids)})")
    return list(witches)


def _pair(value: Any, name: str, players: int) -> tuple:
    if not isinstance(value, list) or len(value) != 2 or not isinstance(value[1], str):
        raise PositionError(f"{name}: expected [seat, card]")
    seat = value[0]
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise PositionError(f"{name}: {seat!r} is not a seat (0..{players - 1})")
    return (seat, value[1])


def _plays(f: Fields, name: str) -> list[tuple]:
    value = f.get(name, [])
    if not isinstance(value, list):
        raise PositionError(f"{name}: expected a list of [seat, card]")
    return [_pair(v, f"{name}[{i}]", f.players) for i, v in enumerate(value)]


def _lead(value: Any, name: str) -> tuple | None:
    if value is None:
        return None
    ok = isinstance(value, list) and len(value) == 2 and (
        (value[0] == "colour" and value[1] in RULES.data.colour_ids)
        or (value[0] == "number" and value[1] in RULES.data.numbers))
    if not ok:
        raise PositionError(f"{name}: expected null, [colour, <colour>] or [number, <number>]")
    return (value[0], value[1])


def _witch_move(f: Fields, value: Any = ..., name: str = "witch_move") -> tuple | None:
    value = f.get(name, None) if value is ... else value
    if value is None:
        return None
    top = len(RULES.data.score_cards) - 1
    if not (isinstance(value, list) and len(value) == 3 and value[0] in RULES.data.colour_ids
            and all(isinstance(v, int) and 0 <= v <= top for v in value[1:])
            and abs(value[1] - value[2]) == 1):
        raise PositionError(f"{name}: expected [colour, from, to], neighbouring positions 0..{top}")
    return tuple(value)


def _history(f: Fields) -> list[TrickRecord]:
    out = []
    for i, raw in enumerate(f.get("history", [])):
        name = f"history[{i}]"
        if not isinstance(raw, dict) or set(raw) != {"leader", "plays", "lead", "winner", "card",
                                                     "witch", "picks"}:
            raise PositionError(f"{name}: expected leader, plays, lead, winner, card, witch, picks")
        g = Fields(raw, f.players)
        plays, picks = _plays(g, "plays"), _plays(g, "picks")
        if len(plays) != f.players or sorted(c for _, c in plays) != sorted(c for _, c in picks):
            raise PositionError(f"{name}: every seat plays one card and every card is picked")
        out.append(TrickRecord(g.seat("leader"), tuple(plays), _lead(raw["lead"], f"{name}.lead"),
                               g.seat("winner"), raw["card"], _witch_move(g, raw["witch"], f"{name}.witch"),
                               tuple(picks)))
    return out


def _winners(f: Fields) -> tuple:
    value = f.get("winners", [])
    if not isinstance(value, list):
        raise PositionError("winners: expected a list of seats")
    return tuple(Fields({"w": w}, f.players).seat("w") for w in value)


def _check_cards(s: State) -> None:
    """Cards conserved; hands in deck order and no larger than the deal leaves.

    The box holds at least what the deal leaves; a scenario may deal smaller or uneven hands
    (the rest stays in the box), so a hand is only checked against the deal size.
    """
    zones = [(f"hands[{i}]", h) for i, h in enumerate(s.hands)] + [("box", s.box), ("table", s.table)]
    zones += [(f"captured[{i}]", p) for i, p in enumerate(s.captured)]
    check_conserved(zones, RULES.keys)
    size = RULES.data.hand_size(s.players)
    if len(s.history) > size:
        raise PositionError(f"history: {len(s.history)} tricks, a deal has {size}")
    if len(s.box) < len(RULES.keys) - s.players * size:
        raise PositionError(f"box: {len(s.box)} cards, fewer than the deal leaves")
    played = {p for p, _ in s.trick}
    for i, hand in enumerate(s.hands):
        if len(hand) + (i in played) > size - len(s.history):
            raise PositionError(f"hands[{i}]: {len(hand)} cards, more than the deal leaves "
                                f"({size - len(s.history)} after {len(s.history)} tricks)")
    if [sorted(h, key=RULES.order.__getitem__) for h in s.hands] != s.hands:
        raise PositionError("hands: cards must be listed in deck order")


def _check_trick(s: State) -> None:
    """The trick as the rules would have played it: seats in order, its lead and winner."""
    cards = [c for _, c in s.trick]
    seats = [(s.leader + k) % s.players for k in range(len(cards))]
    if [p for p, _ in s.trick] != seats or len(cards) > s.players:
        raise PositionError(f"trick: expected seats {seats} in play order from the leader")
    lead = None
    for card in cards[1:]:
        lead = lead or tricks.lead_set_by(cards[0], card, RULES.keys)
    if lead != s.lead:
        raise PositionError(f"lead: the trick sets {list(lead) if lead else None}")
    if sorted(s.table + [c for _, c in s.picks]) != sorted(cards):
        raise PositionError("table: the trick's cards are on the table or picked, nowhere else")
    winner = None
    if len(cards) == s.players:
        witches = list(s.witches)
        if s.witch_move:  # the trick was won before the witch moved: move it back
            _, old, new = s.witch_move
            witches[old], witches[new] = witches[new], witches[old]
        winner = s.trick[tricks.winning_index(cards, s.lead, witches, RULES.keys)]
    if (s.trick_winner, s.winning_card) != (winner or (None, None)):
        raise PositionError(f"trick_winner: the trick is won by {list(winner) if winner else None}")


def _check_turn(s: State) -> None:
    """``pending``, ``turn_seat`` and the end as the rules make them."""
    p, done = s.pending, len(s.trick) == s.players
    if s.over:
        want = RULES.outcome(s)
        if p or s.trick or any(s.hands) or s.winners != tuple(want.winners) or s.end_reason != "tricks":
            raise PositionError(f"over: all hands played out, no trick, winners {list(want.winners)}, "
                                "end_reason tricks")
        return
    if s.winners or s.end_reason is not None:
        raise PositionError("winners: only once over")
    if p is None:
        if done or s.witch_move or s.picks or s.turn_seat != (s.leader + len(s.trick)) % s.players:
            raise PositionError(f"turn_seat: seat {(s.leader + len(s.trick)) % s.players} plays now")
        return
    if not done or p.card != s.winning_card or s.turn_seat != p.seat:
        raise PositionError("pending: a choice follows a complete trick, about its winning card, "
                            "made by turn_seat")
    if p.kind == "witch":
        offers = tuple(tricks.witch_directions(s.witches, RULES.keys[s.winning_card][0]))
        if (p.seat, p.offers, p.count, p.more) != (s.trick_winner, offers, 0, ()) or s.picks or s.witch_move:
            raise PositionError(f"pending: the witch move is the winner's, offering {list(offers)}")
    elif p.kind == "pick":
        picker = (s.trick_winner + len(s.picks)) % s.players
        if (p.seat, p.offers, p.count, p.more) != (picker, (), 0, ()) or len(s.table) < 2 \
                or s.witch_move is None:
            raise PositionError(f"pending: seat {picker} picks, after the witch move, from 2+ cards")
    else:
        raise PositionError(f"pending.kind: {p.kind!r} is not witch or pick")
