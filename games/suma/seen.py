"""What each seat may see of a Suma state, the conserved counts and the outcome.

Hand cards: the job side is public, the suma side only to their holder — or to everyone
once it has been seen (market cards, summoned cards: D-12).  Deck order is secret; each
deck's top shows its job side.  Bingo cards, job cards, the map, the warehouse, supplies
and scores are public.
"""
from __future__ import annotations

from games.core.engine import GameRules, Outcome, rank_by
from games.suma import bingo, scoring
from games.suma.data import SumaData, job_key
from games.suma.state import State


def _card_back(d: SumaData, s: State, card: str, show: bool) -> dict:
    c = d.card(card)
    return {"card": card if show or card in s.known else None, "colour": c.colour, "job": job_key(d, card)}


def view(rules: GameRules, s: State, seat: int | None) -> dict:
    """The table as ``seat`` sees it (None: a spectator).  Keys:

    the common keys of docs/vocabulary.md (``game``, ``viewer``, ``players``, ``turn_seat``,
    ``pending`` (``Pending.seen()``: its kinds are in state.py), ``round``, ``turn``,
    ``over``, ``winners``, ``end_reason``, ``hand``, ``hand_counts``, ``events``,
    ``options``); ``current`` (the acting seat), ``round_first``, ``first``, ``ended_by``;
    ``board`` (kinds or None),
    ``stock``, ``excluded``, ``squares`` (seat per number or None); ``decks`` per colour
    {count, top (job key or None)}; ``market`` per colour (card ids or None); ``hand``
    (own ids, None for others/spectators); ``hands`` per seat [{card (None when unseen),
    colour, job}]; ``jobs``, ``cards``, ``marked``, ``bingos``, ``supply``, ``reserve``,
    ``track``, ``totals``, ``history``, ``summoned``, ``events``.
    """
    d = rules.data
    own = seat is not None and 0 <= seat < s.players
    return {
        "game": "suma", "viewer": seat, "players": s.players, "round": s.round,
        "turn_seat": s.turn_seat, "pending": s.pending.seen() if s.pending else None,
        "over": s.over, "winners": list(s.winners), "end_reason": s.end_reason,
        "options": dict(s.options), "hand_counts": [len(h) for h in s.hands],
        "current": rules.current_player(s), "round_first": s.round_first, "first": s.first,
        "turn": s.turn,
        "board": list(s.board), "stock": dict(s.stock), "excluded": dict(s.excluded),
        "squares": list(s.squares),
        "decks": {col: {"count": len(dk), "top": job_key(d, dk[-1]) if dk else None}
                  for col, dk in s.decks.items()},
        "market": {col: list(m) for col, m in s.market.items()},
        "hand": list(s.hands[seat]) if own else None,
        "hands": [[_card_back(d, s, c, p == seat) for c in h] for p, h in enumerate(s.hands)],
        "jobs": [list(j) for j in s.jobs], "cards": [list(c) for c in s.cards],
        "marked": list(s.marked), "bingos": [bingo.count(m, d.bingo_size) for m in s.marked],
        "supply": list(s.supply), "reserve": list(s.reserve), "track": list(s.track),
        "totals": list(s.totals), "history": [dict(h) for h in s.history],
        "summoned": list(s.summoned), "ended_by": s.ended_by,
        "events": [_event(ev, seat) for ev in s.events],
    }


def _event(ev, seat: int | None) -> list:
    seen = ev.seen_by(seat)
    params = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in seen.params.items()}
    return [seen.key, params]


def secret_ids(rules: GameRules, s: State, seat: int | None) -> set[str]:
    """Unseen deck cards and other seats' unseen hand cards."""
    out = {c for dk in s.decks.values() for c in dk}
    for p, h in enumerate(s.hands):
        if p != seat:
            out.update(h)
    return out - s.known


def inventory(rules: GameRules, s: State) -> dict[str, int]:
    """Items per kind (map + warehouse + excluded), the 36 cards, each seat's pieces."""
    d = rules.data
    out = {}
    for k in d.kinds:
        out[f"items_{k}"] = sum(1 for x in s.board if x == k) + s.stock[k] + s.excluded[k]
    out["cards"] = (sum(len(x) for x in s.decks.values()) + sum(len(h) for h in s.hands) +
                    sum(len(j) for j in s.jobs) + sum(1 for m in s.market.values() for c in m if c))
    for p in range(s.players):
        out[f"pieces_{p}"] = (s.supply[p] + s.reserve[p] + s.track[p] +
                              sum(1 for w in s.squares if w == p))
    return out


def outcome(rules: GameRules, s: State) -> Outcome | None:
    """R-5.2: points, then bingos over both rounds, then fewer cards in hand."""
    if not s.over:
        return None
    keys = scoring.final_keys(s)
    ranking, winners = rank_by(keys)
    tiebreak = None
    if len(ranking) > 1:
        a, b = keys[ranking[0]], keys[ranking[1]]
        if a[0] == b[0]:
            tiebreak = ("suma.tb_bingos" if a[1] != b[1] else
                        "suma.tb_hand" if a[2] != b[2] else "suma.tb_shared")
    breakdown = tuple({**{f"suma.bd_round{h['round']}": h["points"][p] for h in s.history},
                       "suma.bd_bingos": keys[p][1], "suma.bd_hand": -keys[p][2]}
                      for p in range(s.players))
    return Outcome(tuple(s.totals), winners, ranking, breakdown, tiebreak)
