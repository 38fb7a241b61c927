"""What each seat may see of a Qumasu state, and the conserved counts.

Hands are secret (sizes public); castle cards are unknown to everybody, their owner
included; deck order is secret.  The battlefield, graveyards, cost areas and mulligans
are public.
"""
from __future__ import annotations

from games.core.engine import HasData, Outcome
from games.qumasu import board as B
from games.qumasu.data import QumasuData
from games.qumasu.effects import power, untapped, why_not_flower
from games.qumasu.state import State, owner


def view(rules: HasData[QumasuData], s: State, seat: int | None) -> dict:
    """The table as ``seat`` sees it (None: a spectator).  Keys:

    - the common keys (docs/vocabulary.md): ``game`` "qumasu", ``viewer``, ``players`` 2,
      ``turn_seat``, ``pending`` (``Pending.seen()``: kind mulligan|on_enter|warp|bloom, the
      table in state.py), ``round`` 1, ``turn`` (turns begun), ``over``, ``winners``,
      ``end_reason``, ``hand`` (the viewer's card ids, None for others), ``hand_counts``,
      ``events`` as seen, ``options``.
    - ``first``; ``decks`` deck id per seat.
    - ``board``: 9 cells (index row*3+col, row 0 = seat 0's own area), each None or
      {"card", "face", "owner", "power" (current), "base", "arrows", "entered", "cell"}.
    - ``deck_counts``, ``castle_counts``, ``graves`` (public card ids per seat).
    - ``costs`` per seat [[flower, tapped], ...]; ``untapped`` per seat.
    - ``moved``, ``attacked``, ``flowered`` (this turn); ``mulligans`` per seat
      (None undecided, else bool).
    - ``flower_why``: per flower effect id, why the turn player's flower may not take it now
      (a ``qumasu.`` reason key, None when it may): the picker says why a choice is greyed.
    - ``deckouts``, ``last_combat``.
    """
    own = seat in (0, 1)
    return {
        "game": "qumasu", "viewer": seat, "players": s.players, "turn_seat": s.turn_seat,
        "pending": s.pending.seen() if s.pending else None, "round": s.round, "turn": s.turn,
        "over": s.over, "winners": list(s.winners), "end_reason": s.end_reason,
        "hand": list(s.hands[seat]) if own else None, "hand_counts": [len(h) for h in s.hands],
        "events": [_event(ev, seat) for ev in s.events], "options": dict(s.options),
        "first": s.first, "decks": list(s.deck_ids), "board": _cells(rules, s),
        "deck_counts": [len(d) for d in s.decks],
        "castle_counts": [len(c) for c in s.castles], "graves": [list(g) for g in s.graves],
        "costs": [[list(c) for c in cs] for cs in s.costs],
        "untapped": [untapped(s, p) for p in (0, 1)],
        "moved": s.moved, "attacked": s.attacked, "flowered": s.flowered,
        "mulligans": list(s.mulligans), "flower_why": _flower_why(rules, s),
        "deckouts": list(s.deckouts),
        "last_combat": dict(s.last_combat) if s.last_combat else None,
    }


def _cells(rules: HasData[QumasuData], s: State) -> list:
    cells = []
    for i, card in enumerate(s.board):
        if card is None:
            cells.append(None)
            continue
        face = rules.data.face_of(card)
        cells.append({"card": card, "face": face.id, "owner": owner(card), "power": power(rules, s, i),
                      "base": face.power, "arrows": list(face.arrows), "entered": card in s.entered,
                      "cell": B.name(i)})
    return cells


def _flower_why(rules: HasData[QumasuData], s: State) -> dict:
    """effects.why_not_flower for the turn player's first flower (all flowers are alike)."""
    costs = s.costs[s.turn_seat] if s.costs else []
    k = next((k for k, (flower, _) in enumerate(costs) if flower), None)
    if k is None or s.over:
        return {}
    out = {}
    for fl in rules.data.flowers:
        why = why_not_flower(rules, s, k, fl.id)
        out[fl.id] = f"qumasu.{why}" if why else None
    return out


def _event(ev, seat: int | None) -> list:
    seen = ev.seen_by(seat)
    params = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in seen.params.items()}
    return [seen.key, params]


def secret_ids(rules: HasData[QumasuData], s: State, seat: int | None) -> set[str]:
    """Both decks, both castles (even from their owner) and the other seat's hand."""
    out: set[str] = set()
    for p in (0, 1):
        out.update(s.decks[p])
        out.update(s.castles[p])
        if p != seat:
            out.update(s.hands[p])
    return out


def inventory(rules: HasData[QumasuData], s: State) -> dict[str, int]:
    """Every card is in exactly one zone; three cost cards per seat once grown."""
    out = {}
    for p in (0, 1):
        on_board = sum(1 for c in s.board if c is not None and owner(c) == p)
        out[f"cards_{p}"] = (len(s.decks[p]) + len(s.hands[p]) + len(s.castles[p]) +
                             len(s.graves[p]) + on_board)
    return out


def outcome(rules: HasData[QumasuData], s: State) -> Outcome | None:
    """The win scores 1 (its column "Wins"); the castle cards left are the one number a
    player reads beside it (the deck outs are told in words, results_panel)."""
    if not s.over:
        return None
    w = s.winners[0]
    scores = tuple(1 if seat == w else 0 for seat in (0, 1))
    breakdown = tuple({"qumasu.bd_castle": len(s.castles[seat])} for seat in (0, 1))
    return Outcome(scores, (w,), (w, 1 - w), breakdown, None)
