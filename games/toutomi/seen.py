"""What each seat may see of a Toutomi state, the conserved counts, and the final scores."""
from __future__ import annotations

from games.core.engine import HasData, Outcome
from games.toutomi.data import ToutomiData
from games.toutomi.score import scores
from games.toutomi.state import State, next_turn_seat, scorer_if_burst


def view(rules: HasData[ToutomiData], s: State, seat: int | None) -> dict:
    """The table as ``seat`` sees it (None: a spectator, who sees no hand).  Keys:

    - ``game`` "toutomi"; ``viewer`` the viewing seat or None; ``players``; ``options`` the
      game's options; ``short`` (bool).
    - ``limit`` the burst limit; ``hand_size``; ``total`` the announced total (may be < 0).
    - ``direction`` 1 = clockwise (seat i -> i+1), -1 = reversed.
    - ``turn_seat`` whose turn it is (the seat to act: every pending choice is the turn
      seat's), None when over.
    - ``previous`` who took the turn before this one in this round (None at a round's
      start); ``scorer_if_burst`` who would score if the current player burst now (R-4.2).
    - ``attacked`` (bool) this turn is an attacked one; ``plays_left`` cards still owed.
    - ``next_turn`` {"seat", "attacked", "base", "steps"}: who takes the next turn if this
      one ended now (seat = base + steps * direction, so a later Reverse can be foreseen).
    - ``pending`` None or ``Pending.seen()``: {"kind": "wild"|"target"|"dump", "seat",
      "card": id of the Wild/Kuma/Attack/Summon card, "offers": effects | seats | [] (dump:
      the hand, see legal actions), "count": cards dumped so far (dump), "more": []}.
    - ``hand_counts`` per seat; ``hand`` the viewing seat's card ids (None for spectators).
    - ``field`` card ids on the field, oldest first; ``wild_as`` {card id: effect} what
      each Wild on the field was played as (rules TOUTOMI-RULES-10; a dumped Wild is not in it); ``deck_count``;
      ``situation_deck_count``; ``situation_counts`` per seat; ``situation`` the viewing
      seat's situation card ids (None for spectators); ``revealed_situations`` every
      seat's situation ids once the game is over, else None; ``removed`` used Kuma-wilds.
    - ``points`` per seat: short-variant point piles (card ids, public); ``point_counts``.
    - ``round``, ``turn`` counters; ``last_round`` None or {"kind": "burst"|"declare",
      "seat", "scorer", "total", "round", and "card" + "dropped" face ids (burst) or
      "cards" (declare)}.
    - ``over`` (bool); ``winners`` the winning seats once over, else []; ``end_reason``
      None | "situation" | "deck".
    - ``events`` [[key, params], ...] of the last action as this seat may see them.
    """
    data = rules.data
    own = seat is not None and 0 <= seat < s.players
    return {
        "game": "toutomi", "viewer": seat, "players": s.players, "options": dict(s.options),
        "short": s.short,
        "limit": data.burst_limit, "hand_size": data.hand_size, "total": s.total,
        "direction": s.direction, "turn_seat": None if s.over else s.turn_seat,
        "previous": s.previous,
        "scorer_if_burst": None if s.over else scorer_if_burst(s),
        "attacked": s.attacked, "plays_left": s.plays_left,
        "next_turn": None if s.over else {"seat": next_turn_seat(s), "attacked": s.next_attacked,
                                          "base": s.next_base, "steps": s.next_steps},
        "pending": s.pending.seen() if s.pending else None,
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
        "over": s.over, "winners": list(s.winners), "end_reason": s.end_reason,
        "events": [_event(ev, seat) for ev in s.events],
    }


def _event(ev, seat: int | None) -> list:
    seen = ev.seen_by(seat)
    params = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in seen.params.items()}
    return [seen.key, params]


def secret_ids(rules: HasData[ToutomiData], s: State, seat: int | None) -> set[str]:
    """Other seats' hands and situation cards (until the end), and both decks."""
    out = set(s.deck) | set(s.situation_deck)
    for other in range(s.players):
        if other != seat:
            out.update(s.hands[other])
            if not s.over:
                out.update(s.situations[other])
    return out


def inventory(rules: HasData[ToutomiData], s: State) -> dict[str, int]:
    """Every 尊み card and every situation card is in exactly one zone."""
    toutomi = len(s.deck) + len(s.field) + sum(map(len, s.hands)) + sum(map(len, s.points))
    situation = len(s.situation_deck) + sum(map(len, s.situations)) + len(s.removed)
    return {"toutomi_cards": toutomi, "situation": situation}


def outcome(rules: HasData[ToutomiData], s: State) -> Outcome | None:
    """R-5.1 to R-5.4 (standard) or R-6.3 (short variant), once the game is over."""
    return scores(rules.data, s) if s.over else None
