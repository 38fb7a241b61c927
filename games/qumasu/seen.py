"""What each seat may see of a Qumasu state, and the conserved counts.

Hands are secret (sizes public); castle cards are unknown to everybody, their owner
included; deck order is secret.  The battlefield, graveyards, cost areas and mulligans
are public.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.qumasu import board as B
from games.qumasu.effects import power, untapped, why_not_flower
from games.qumasu.state import QumasuState, owner

if TYPE_CHECKING:
    from games.qumasu.rules import QumasuRules


def view(rules: QumasuRules, s: QumasuState, seat: int | None) -> dict:
    """The table as ``seat`` sees it (None: a spectator).  Keys:

    - ``game`` "qumasu", ``seat``, ``first``, ``current`` (None when over), ``turn_player``,
      ``turn`` (turns begun), ``decks`` deck id per seat.
    - ``board``: 9 cells (index row*3+col, row 0 = seat 0's own area), each None or
      {"card", "face", "owner", "power" (current), "base", "arrows", "entered"}.
    - ``hand`` the viewing seat's card ids (None for others); ``hand_counts``,
      ``deck_counts``, ``castle_counts``, ``graves`` (public card ids per seat).
    - ``costs`` per seat [[flower, tapped], ...]; ``untapped`` per seat.
    - ``moved``, ``attacked``, ``flowered`` (this turn); ``mulligans`` per seat
      (None undecided, else bool).
    - ``pending`` None or {"kind": mulligan|on_enter|warp|bloom, "seat", "card", "cell"}.
    - ``flower_why``: per flower effect id, why the turn player's flower may not take it now
      (a ``qumasu.`` reason key, None when it may): the picker says why a choice is greyed.
    - ``winner``, ``end_reason``, ``deckouts``, ``last_combat``; ``events`` as seen.
    """
    own = seat in (0, 1)
    cells = []
    for i, card in enumerate(s.board):
        if card is None:
            cells.append(None)
            continue
        face = rules.data.face_of(card)
        cells.append({"card": card, "face": face.id, "owner": owner(card), "power": power(rules, s, i),
                      "base": face.power, "arrows": list(face.arrows), "entered": card in s.entered,
                      "cell": B.name(i)})
    return {
        "game": "qumasu", "seat": seat, "first": s.first, "current": rules.current_player(s),
        "turn_player": s.turn_player, "turn": s.turn, "decks": list(s.deck_ids),
        "board": cells,
        "hand": list(s.hands[seat]) if own else None,
        "hand_counts": [len(h) for h in s.hands], "deck_counts": [len(d) for d in s.decks],
        "castle_counts": [len(c) for c in s.castles], "graves": [list(g) for g in s.graves],
        "costs": [[list(c) for c in cs] for cs in s.costs],
        "untapped": [untapped(s, p) for p in (0, 1)],
        "moved": s.moved, "attacked": s.attacked, "flowered": s.flowered,
        "mulligans": list(s.mulligans), "pending": _pending(s), "flower_why": _flower_why(rules, s),
        "winner": s.winner, "end_reason": s.end_reason, "deckouts": list(s.deckouts),
        "last_combat": dict(s.last_combat) if s.last_combat else None,
        "events": [_event(ev, seat) for ev in s.events],
    }


def _flower_why(rules: QumasuRules, s: QumasuState) -> dict:
    """effects.why_not_flower for the turn player's first flower (all flowers are alike)."""
    costs = s.costs[s.turn_player] if s.costs else []
    k = next((k for k, (flower, _) in enumerate(costs) if flower), None)
    if k is None or s.over:
        return {}
    out = {}
    for fl in rules.data.flowers:
        why = why_not_flower(rules, s, k, fl.id)
        out[fl.id] = f"qumasu.{why}" if why else None
    return out


def _pending(s: QumasuState) -> dict | None:
    if not s.pending:
        return None
    kind = s.pending[0]
    out = {"kind": kind, "seat": s.pending[1] if kind == "mulligan" else s.turn_player}
    if kind in ("on_enter", "warp"):
        out["card"] = s.pending[1]
    if kind == "warp":
        out["cell"] = s.pending[2]
    if kind == "bloom":
        out["amount"] = s.pending[2]
    return out


def _event(ev, seat: int | None) -> list:
    seen = ev.seen_by(seat)
    params = {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in seen.params.items()}
    return [seen.key, params]


def secret_ids(s: QumasuState, seat: int | None) -> set[str]:
    """Both decks, both castles (even from their owner) and the other seat's hand."""
    out: set[str] = set()
    for p in (0, 1):
        out.update(s.decks[p])
        out.update(s.castles[p])
        if p != seat:
            out.update(s.hands[p])
    return out


def inventory(s: QumasuState) -> dict[str, int]:
    """Every card is in exactly one zone; three cost cards per seat once grown."""
    out = {}
    for p in (0, 1):
        on_board = sum(1 for c in s.board if c is not None and owner(c) == p)
        out[f"cards_{p}"] = (len(s.decks[p]) + len(s.hands[p]) + len(s.castles[p]) +
                             len(s.graves[p]) + on_board)
    return out
