"""What a seat may see of Take the Pot: view, secret_ids, inventory, outcome."""
from __future__ import annotations

from typing import Any

from games.core.engine import Outcome, rank_by


def view(rules: Any, s: Any, seat: int | None) -> dict:
    """The seat's picture: its own hand, the others' hand counts, the public zones."""
    return {
        "game": "example", "viewer": seat, "players": s.players, "turn_seat": s.turn_seat,
        "pending": s.pending.seen() if s.pending else None, "round": s.round, "turn": s.turn,
        "over": s.over, "winners": list(s.winners), "end_reason": s.end_reason,
        "hand": list(s.hands[seat]) if seat is not None else None,
        "hand_counts": [len(h) for h in s.hands], "stock_count": len(s.stock),
        "pot": [[p, c] for p, c in s.pot], "won": [list(w) for w in s.won],
        "scores": rules.scores(s), "options": dict(s.options),
        "events": [[e.key, e.params] for e in (ev.seen_by(seat) for ev in s.events)],
    }


def secret_ids(rules: Any, s: Any, seat: int | None) -> set[str]:
    """Cards ``seat`` must not see: the others' hands and the stock."""
    out = set(s.stock)
    for i, hand in enumerate(s.hands):
        if i != seat:
            out.update(hand)
    return out


def inventory(rules: Any, s: Any) -> dict[str, int]:
    """Every card is in exactly one zone: the count per card is always 1."""
    cards = [*s.stock, *(c for _, c in s.pot)]
    for zone in (*s.hands, *s.won):
        cards.extend(zone)
    return {c: cards.count(c) for c in cards}


def outcome(rules: Any, s: Any) -> Outcome | None:
    if not s.over:
        return None
    scores = rules.scores(s)
    ranking, winners = rank_by((p,) for p in scores)
    return Outcome(tuple(scores), winners, ranking, tuple({"example.points": p} for p in scores))
