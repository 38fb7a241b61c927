"""What may be done (R-2.1, R-3.6, R-5.3, R-6.2, TOUTOMI-RULES-1) and why anything else is refused.

- TOUTOMI-LEGAL-1 (perf) ``legal_actions`` lists a hand's plays and the Kuma-wilds with plain
  ``for`` loops over the shared Actions (``Tables``), not ``filter(None, map(...))``: for a
  hand of three cards and a pile of one or two the iterator objects cost more than the
  loop (~0.5 us an action in playouts).  Part of ENGINE-8's +5.1% (docs/benchmark.md).
"""
from __future__ import annotations

from typing import Any

from games.core.engine import Action, IllegalAction
from games.toutomi.state import State
from games.toutomi.tables import Tables
from games.toutomi.turn import new_total

ARITY = {"play": (str,), "kuma": (str,), "wild": (str,), "target": (int,), "dump": (str,),
         "dump_done": (), "declare": (), "pass": ()}
PENDING_KIND = {"wild": "wild", "target": "target", "dump": "dump", "dump_done": "dump"}


def legal_actions(t: Tables, s: State) -> list[Action]:
    """Every legal action, in a deterministic order (fresh lists of shared Actions)."""
    if s.over:
        return []
    if s.pending:
        return pending_actions(t, s)
    hand = s.hands[s.turn_seat]
    # a trump only at the limit with a situation card left (R-3.6, TOUTOMI-RULES-7)
    plays = t.plays if s.total == t.limit and s.situation_deck else t.plays_no_trump
    out = []
    for card in hand:  # TOUTOMI-LEGAL-1
        a = plays[card]
        if a is not None:
            out.append(a)
    if s.short:  # no card that would raise the total above the limit (TOUTOMI-RULES-6)
        out = [a for a in out if keeps_limit(t, s, a.args[0])]
    for card in s.situations[s.turn_seat]:
        a = t.kumas.get(card)
        if a is not None:
            out.append(a)
    if s.short and not any(keeps_limit(t, s, c) for c in hand):
        out.append(t.act("declare"))  # TOUTOMI-RULES-6
    return out or [t.act("pass")]  # TOUTOMI-RULES-1


def pending_actions(t: Tables, s: State) -> list[Action]:
    kind = s.pending.kind
    if kind == "wild":
        return [*t.wilds]
    if kind == "target":
        return [*t.targets[s.players, s.turn_seat]]
    out = [*map(t.dumps.__getitem__, s.hands[s.turn_seat])]
    out.append(t.dump_done)
    return out


def keeps_limit(t: Tables, s: State, card: str) -> bool:
    return new_total(s.total, t.face[card]) <= t.limit


def explain_illegal(t: Tables, s: State, a: Action) -> IllegalAction:
    """The most specific reason ``a`` is refused (called only for illegal actions)."""
    if a.kind not in ARITY:
        return IllegalAction("toutomi.unknown_action", action=a.kind)
    types = ARITY[a.kind]
    if len(a.args) != len(types) or any(not isinstance(v, k) for v, k in zip(a.args, types, strict=True)):
        return IllegalAction("toutomi.bad_args", action=str(a))
    if s.pending and PENDING_KIND.get(a.kind) != s.pending.kind:
        return IllegalAction(f"toutomi.finish_{s.pending.kind}_first")
    if not s.pending and a.kind in PENDING_KIND:
        return IllegalAction(f"toutomi.no_{PENDING_KIND[a.kind]}_pending")
    arg = a.args[0] if a.args else None
    return WHY_NOT[a.kind](t, s, arg) or IllegalAction("core.illegal")


def _why_not_play(t: Tables, s: State, card: str) -> IllegalAction | None:
    faces = t.data.faces
    if card not in faces and card.rsplit("-", 1)[0] not in faces:
        return IllegalAction("toutomi.unknown_card", card=card)
    if card not in s.hands[s.turn_seat]:
        return IllegalAction("toutomi.not_in_hand", card=card)
    face = t.data.face_of(card)
    if face.kind == "trump" and not s.situation_deck:
        return IllegalAction("toutomi.trump_no_situation")
    if face.kind == "trump":
        return IllegalAction("toutomi.trump_needs_total", total=s.total, limit=t.limit)
    if s.short and not keeps_limit(t, s, card):
        new = new_total(s.total, face)
        if any(keeps_limit(t, s, c) for c in s.hands[s.turn_seat]):
            return IllegalAction("toutomi.short_keep_total", total=s.total, new_total=new, limit=t.limit)
        return IllegalAction("toutomi.short_must_declare", total=s.total, new_total=new, limit=t.limit)
    return None


def _why_not_kuma(t: Tables, s: State, card: str) -> IllegalAction | None:
    if card not in s.situations[s.turn_seat]:
        return IllegalAction("toutomi.kuma_not_yours", card=card)
    return IllegalAction("toutomi.not_kuma", card=card)


def _why_not_target(t: Tables, s: State, target: int) -> IllegalAction | None:
    if target == s.turn_seat:
        return IllegalAction("toutomi.attack_self")
    return IllegalAction("toutomi.no_such_seat", target=target)


def _why_not_declare(t: Tables, s: State, _: Any) -> IllegalAction | None:
    if not s.short:
        return IllegalAction("toutomi.declare_short_only")
    return IllegalAction("toutomi.declare_has_card", total=s.total, limit=t.limit)


WHY_NOT = {
    "play": _why_not_play,
    "kuma": _why_not_kuma,
    "wild": lambda t, s, effect: IllegalAction("toutomi.unknown_effect", effect=effect),
    "target": _why_not_target,
    "dump": lambda t, s, card: IllegalAction("toutomi.not_in_hand", card=card),
    "dump_done": lambda t, s, _: None,
    "declare": _why_not_declare,
    "pass": lambda t, s, _: IllegalAction("toutomi.pass_not_allowed"),
}
