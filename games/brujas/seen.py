"""The seat's view of a Brujas state: a JSON-able dict with every secret removed.

Schema (``seat`` None = a spectator; cards are ids, see ``RULES.card_info``):

- the common keys (docs/vocabulary.md): ``game`` "brujas", ``players`` n, ``viewer`` the
  viewing seat or None, ``turn_seat`` whose turn it is (the acting seat; None when over),
  ``pending`` None during the card play, else ``Pending.seen()`` of a "witch" or "pick"
  choice (state.py's table), ``round`` 1, ``turn`` card-play turns begun, ``over``,
  ``winners`` [seats] once over, ``end_reason`` "tricks" once over, ``hand``,
  ``hand_counts``, ``events``, ``options``;
  ``leader`` seat that led the current trick
- ``trick`` [[seat, card], ...] in play order; ``table`` cards still in the centre
- ``lead`` {"kind": "colour", "value": "green"} | {"kind": "number", "value": 3} | None
- ``cannot_win`` trick cards played by seats that could not follow (R-2.4)
- ``winning`` [seat, card] winning so far (the trick's winner once it is complete) or None
- ``witches`` [{"colour", "score", "position"}] from the highest score card down;
  ``witch_order`` the same colours as a plain list
- ``witch_directions`` the legal witch moves ("up"/"down") during a "witch" choice, else []
- ``hand_counts`` per seat; ``hand`` the viewer's own card ids (None for a spectator);
  ``legal`` the viewer's cards that may be played now ([] unless the viewer plays now)
- ``captured`` per seat: card ids in the order taken (public); ``captured_by_colour``
  per seat {colour: count}; ``numbers`` [1..5] and ``captured_by_number`` per seat the
  counts aligned with ``numbers``
- ``majority_by`` "colour" (R-4.2, D-1) or "number" (the data's alternative);
  ``majority_leads`` per seat, per kind (colours in ``colour_ids`` order, or ``numbers``):
  True where the seat holds the most cards of that kind now (ties share)
- ``scores`` per seat {"witch", "majority", "total", "colour"} as if the game ended now
  (``colour``: the colour that would score witch points, or None)
- ``tricks_played``, ``tricks_left``, ``tricks_total``
- ``trick_winner`` seat or None; ``winning_card`` card or None (witch move and draft)
- ``draft_left`` cards still to take (during a "pick" choice, else []); ``draft_order`` seats still
  to take, the current picker first
- ``last_trick`` the latest completed trick or None; ``history`` every completed trick:
  {"leader", "plays": [[seat, card]], "lead", "winner", "card",
  "witch": {"colour", "from_score", "to_score", "direction"}, "picks": [[seat, card]]}
- ``box_count`` cards back in the box unseen (3 players: 1)
- ``events`` [[key, params], ...] of the last action, as the viewer may see them
- ``outcome`` {"scores", "winners", "ranking", "breakdown"} once over, else None
"""
from __future__ import annotations

from typing import Any

from games.brujas import tricks
from games.core.engine import Outcome, rank_by


def _lead(lead: tuple | None) -> dict | None:
    return None if lead is None else {"kind": lead[0], "value": lead[1]}


def _record(rules: Any, rec: Any) -> dict:
    colour, old, new = rec.witch
    scores = rules.data.score_cards
    return {"leader": rec.leader, "plays": [[p, c] for p, c in rec.plays], "lead": _lead(rec.lead),
            "winner": rec.winner, "card": rec.card,
            "witch": {"colour": colour, "from_score": scores[old], "to_score": scores[new],
                      "direction": "up" if new < old else "down"},
            "picks": [[p, c] for p, c in rec.picks]}


def _pile_counts(rules: Any, pile: list[str]) -> tuple[dict, list[int]]:
    by_colour = {c: 0 for c in rules.data.colour_ids}
    numbers = rules.data.numbers
    by_number = [0] * len(numbers)
    for card in pile:
        colour, number = rules.keys[card]
        by_colour[colour] += 1
        by_number[numbers.index(number)] += 1
    return by_colour, by_number


def _scores(rules: Any, s: Any) -> list[dict]:
    out = []
    for pile, (witch, majority) in zip(s.captured, rules.score_parts(s), strict=True):
        out.append({"witch": witch, "majority": majority, "total": witch + majority,
                    "colour": tricks.favourite_colour(pile, s.witches, rules.keys)})
    return out


def _winning(rules: Any, s: Any) -> list | None:
    if s.trick_winner is not None:
        return [s.trick_winner, s.winning_card]
    if not s.trick:
        return None
    i = tricks.winning_index([c for _, c in s.trick], s.lead, s.witches, rules.keys)
    return [s.trick[i][0], s.trick[i][1]]


def _kind(s: Any) -> str | None:
    return s.pending.kind if s.pending is not None else None


def _draft_order(s: Any) -> list[int]:
    if _kind(s) != "pick":
        return []
    return [(s.pending.seat + k) % s.players for k in range(len(s.table))]


def view(rules: Any, s: Any, seat: int | None) -> dict:
    """The view of ``s`` for ``seat`` (see the module docstring for the schema)."""
    out = _common(rules, s, seat)
    out.update(_table(rules, s, seat))
    return out


def _common(rules: Any, s: Any, seat: int | None) -> dict:
    """The keys every game's view has (docs/vocabulary.md)."""
    return {
        "game": rules.game_id, "players": s.players, "viewer": seat,
        "turn_seat": rules.turn_owner(s), "pending": None if s.pending is None else s.pending.seen(),
        "round": s.round, "turn": s.turn, "over": s.over, "winners": list(s.winners),
        "end_reason": s.end_reason, "hand_counts": [len(h) for h in s.hands],
        "hand": None if seat is None else list(s.hands[seat]),
        "events": [[ev.seen_by(seat).key, dict(ev.seen_by(seat).params)] for ev in s.events],
        "options": dict(s.options),
    }


def _table(rules: Any, s: Any, seat: int | None) -> dict:
    """Brujas' own keys: the trick, the witches, the piles and the scores."""
    counts = [_pile_counts(rules, pile) for pile in s.captured]
    total = rules.data.hand_size(s.players)
    played = len(s.history)
    acting = seat is not None and not s.over and s.pending is None and s.turn_seat == seat
    witch_dirs = list(s.pending.offers) if _kind(s) == "witch" else []
    result = outcome(rules, s)
    scores = rules.data.score_cards
    return {
        "leader": s.leader,
        "trick": [[p, c] for p, c in s.trick], "table": list(s.table),
        "lead": _lead(s.lead), "winning": _winning(rules, s),
        "cannot_win": [c for (_, c), ok in zip(s.trick, tricks.followed(
            [c for _, c in s.trick], rules.keys), strict=True) if not ok],
        "witches": [{"colour": c, "score": scores[i], "position": i}
                    for i, c in enumerate(s.witches)],
        "witch_order": list(s.witches), "witch_directions": witch_dirs,
        "legal": rules.legal_cards(s) if acting else [],
        "captured": [list(p) for p in s.captured],
        "captured_by_colour": [c for c, _ in counts],
        "numbers": list(rules.data.numbers),
        "captured_by_number": [n for _, n in counts],
        "majority_by": rules.data.majority_by,
        "majority_leads": tricks.majority_leaders(tricks.kind_counts(
            s.captured, rules.data.majority_kinds, rules.data.majority_attr, rules.keys)),
        "scores": _scores(rules, s),
        "tricks_played": played, "tricks_left": total - played, "tricks_total": total,
        "trick_winner": s.trick_winner, "winning_card": s.winning_card,
        "draft_left": list(s.table) if _kind(s) == "pick" else [],
        "draft_order": _draft_order(s),
        "last_trick": _record(rules, s.history[-1]) if s.history else None,
        "history": [_record(rules, r) for r in s.history],
        "box_count": len(s.box),
        "outcome": None if result is None else {
            "scores": list(result.scores), "winners": list(result.winners),
            "ranking": list(result.ranking), "breakdown": [dict(b) for b in result.breakdown]},
    }


def outcome(rules: Any, s: Any) -> Outcome | None:
    """R-4.3: the final scores and ranking once the game is over (D-2: ties share)."""
    if not s.over:
        return None
    parts = rules.score_parts(s)
    scores = tuple(w + m for w, m in parts)
    ranking, winners = rank_by((t,) for t in scores)
    breakdown = tuple({"brujas.witch_points": w, "brujas.majority_points": m} for w, m in parts)
    return Outcome(scores, winners, ranking, breakdown, tiebreak=None)


def secret_ids(rules: Any, s: Any, seat: int | None) -> set[str]:
    """The box and every hand but the seat's own."""
    hidden = set(s.box)
    for other, hand in enumerate(s.hands):
        if other != seat:
            hidden.update(hand)
    return hidden


def inventory(rules: Any, s: Any) -> dict[str, int]:
    """Every card is in the box, a hand, the centre or a pile."""
    count = len(s.box) + len(s.table) + sum(map(len, s.hands)) + sum(map(len, s.captured))
    return {"cards": count}
