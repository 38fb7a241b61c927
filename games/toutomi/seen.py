"""What each seat may see of a Toutomi state, the conserved counts, and the final scores."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.engine import Outcome, rank_by
from games.toutomi.data import WILD_EFFECTS, ToutomiData
from games.toutomi.state import ToutomiState, next_owner, scorer_if_burst

if TYPE_CHECKING:
    from games.toutomi.rules import ToutomiRules


def view(rules: ToutomiRules, s: ToutomiState, seat: int | None) -> dict:
    """The table as ``seat`` sees it (None: a spectator, who sees no hand).  Keys:

    - ``game`` "toutomi"; ``seat`` the viewing seat or None; ``players``; ``short`` (bool).
    - ``limit`` the burst limit; ``hand_size``; ``total`` the announced total (may be < 0).
    - ``direction`` 1 = clockwise (seat i -> i+1), -1 = reversed.
    - ``current`` seat to act or None when over; ``turn_owner`` whose turn it is.
    - ``previous`` who took the turn before this one in this round (None at a round's
      start); ``scorer_if_burst`` who would score if the current player burst now (R-4.2).
    - ``attacked`` (bool) this turn is an attacked one; ``plays_left`` cards still owed.
    - ``next_turn`` {"seat", "attacked", "base", "steps"}: who takes the next turn if this
      one ended now (seat = base + steps * direction, so a later Reverse can be foreseen).
    - ``pending`` None or {"kind": "wild"|"target"|"dump", "card": id of the Wild/Kuma/
      Attack/Summon card, "options": effects | seats | the hand ids to dump (only for the
      acting seat, else None), "dumped": cards dumped so far (dump only)}.
    - ``hand_counts`` per seat; ``hand`` the viewing seat's card ids (None for spectators).
    - ``field`` card ids on the field, oldest first; ``wild_as`` {card id: effect} what
      each Wild on the field was played as (rules DX-10; a dumped Wild is not in it); ``deck_count``;
      ``situation_deck_count``; ``situation_counts`` per seat; ``situation`` the viewing
      seat's situation card ids (None for spectators); ``revealed_situations`` every
      seat's situation ids once the game is over, else None; ``removed`` used Kuma-wilds.
    - ``points`` per seat: short-variant point piles (card ids, public); ``point_counts``.
    - ``round``, ``turn`` counters; ``last_round`` None or {"kind": "burst"|"declare",
      "seat", "scorer", "total", "round", and "card" + "dropped" face ids (burst) or
      "cards" (declare)}.
    - ``over`` (bool); ``end_reason`` None | "situation" | "deck".
    - ``events`` [[key, params], ...] of the last action as this seat may see them.
    """
    data = rules.data
    own = seat is not None and 0 <= seat < s.players
    return {
        "game": "toutomi", "seat": seat, "players": s.players, "short": s.short,
        "limit": data.burst_limit, "hand_size": data.hand_size, "total": s.total,
        "direction": s.direction, "current": None if s.over else s.owner,
        "turn_owner": None if s.over else s.owner, "previous": s.previous,
        "scorer_if_burst": None if s.over else scorer_if_burst(s),
        "attacked": s.attacked, "plays_left": s.plays_left,
        "next_turn": None if s.over else {"seat": next_owner(s), "attacked": s.next_attacked,
                                          "base": s.next_base, "steps": s.next_steps},
        "pending": _pending(s, seat),
        "hand_counts": [len(h) for h in s.hands],
        "hand": list(s.hands[seat]) if own else None,
        "field": list(s.field), "deck_count": len(s.deck),
        "wild_as": {c: e for c, e in s.wild_as if c in s.field},
        "situation_deck_count": len(s.situation_deck),
        "situation_counts": [len(p) for p in s.situations],
        "situation": list(s.situations[seat]) if own else None,
        "revealed_situations": [list(p) for p in s.situations] if s.over else None,
        "removed": list(s.removed),
        "points": [list(p) for p in s.points], "point_counts": [len(p) for p in s.points],
        "round": s.round, "turn": s.turn,
        "last_round": dict(s.last_round) if s.last_round else None,
        "over": s.over, "end_reason": s.end_reason,
        "events": [_event(ev, seat) for ev in s.events],
    }


def _pending(s: ToutomiState, seat: int | None) -> dict | None:
    if not s.pending:
        return None
    kind, card = s.pending[0], s.pending[1]
    if kind == "wild":
        return {"kind": kind, "card": card, "options": list(WILD_EFFECTS)}
    if kind == "target":
        return {"kind": kind, "card": card,
                "options": [t for t in range(s.players) if t != s.owner]}
    options = list(s.hands[s.owner]) if seat == s.owner else None
    return {"kind": kind, "card": card, "options": options, "dumped": s.pending[2]}


def _event(ev, seat: int | None) -> list:
    seen = ev.seen_by(seat)
    params = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in seen.params.items()}
    return [seen.key, params]


def secret_ids(s: ToutomiState, seat: int | None) -> set[str]:
    """Other seats' hands and situation cards (until the end), and both decks."""
    out = set(s.deck) | set(s.situation_deck)
    for other in range(s.players):
        if other != seat:
            out.update(s.hands[other])
            if not s.over:
                out.update(s.situations[other])
    return out


def inventory(s: ToutomiState) -> dict[str, int]:
    """Every 尊み card and every situation card is in exactly one zone."""
    toutomi = len(s.deck) + len(s.field) + sum(map(len, s.hands)) + sum(map(len, s.points))
    situation = len(s.situation_deck) + sum(map(len, s.situations)) + len(s.removed)
    return {"toutomi_cards": toutomi, "situation": situation}


def outcome(data: ToutomiData, s: ToutomiState) -> Outcome:
    """R-5.1 to R-5.4 (standard) or R-6.3 (short variant)."""
    if s.short:
        counts = [len(p) for p in s.points]
        ranking, winners = rank_by([(c,) for c in counts])
        return Outcome(tuple(counts), winners, ranking,
                       tuple({"toutomi.bd_point_cards": c} for c in counts), None)
    counts = [len(p) for p in s.situations]
    fewest = min(counts)
    scores, breakdown = [], []
    for seat, held in enumerate(s.situations):
        faces = [data.face_of(c) for c in held]
        plain = sum(f.points for f in faces if f.kind == "points")
        bonus = sum(f.points for f in faces if f.kind == "new_world") if counts[seat] == fewest else 0
        scores.append(plain + bonus)
        breakdown.append({"toutomi.bd_points": plain, "toutomi.bd_new_world": bonus})
    ranking, winners = rank_by(list(zip(scores, counts)))
    best = max(scores)
    tied = [i for i in range(s.players) if scores[i] == best]
    tiebreak = None
    if len(tied) > 1:  # more situation cards; still tied, a shared win
        tiebreak = "toutomi.tiebreak_cards" if len(winners) < len(tied) else "toutomi.tiebreak_shared"
    return Outcome(tuple(scores), winners, ranking, tuple(breakdown), tiebreak)
