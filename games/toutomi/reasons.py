"""Why a Toutomi move is good, in one line (BOTS-4): ``explain(rules, view, action)``.

Works from the mover's view alone and says only what the move makes public or the table
shows (the total, the limit, who plays next, how many cards each seat has won): the line is
shown to everyone (the game log, the store demo's narration, a hint seen over a shoulder).
Texts: ``data/i18n/toutomi_why.yaml``.

- TOUTOMI-REASONS-1 A line is true of the move whoever makes it (a person's move in a
  replay as well as the Strong bot's): it states what the card does to the total and to the
  next turn, never a guess at the others' hands.  "Room" is the limit minus the total: a
  number above it bursts, except a card equal to the total (R-2.3), a 0 or a −1 (R-2.4).
- TOUTOMI-REASONS-2 A burst names the player it scores for (R-4.2).  It says "no card in the
  hand stayed under the limit" only when that is so; the rest of the hand is laid on the
  field by the burst (R-4.1), so the line reveals nothing the burst does not.  Otherwise the
  burst was chosen: the buster opens the next round with a fresh hand (R-4.3).  From a
  spectator's view (no hand: the store demo's narration) the line says neither.
- TOUTOMI-REASONS-3 A card is named by its face id (``n7``, ``skip``), never its physical id,
  as the rules' public events do (TOUTOMI-RULES-8).
"""
from __future__ import annotations

from games.core.engine import Action
from games.toutomi.state import seat_after
from games.toutomi.turn import new_total

Reason = tuple[str, dict] | None
SQUEEZE_ROOM = 2  # at this much room or less, the next player is squeezed


def explain(rules, view: dict, action: Action) -> Reason:
    """The i18n key (``toutomi_why.*``) and params saying why ``action`` is good, or None."""
    if view.get("over") or view.get("turn_seat") is None:
        return None
    step = _STEPS.get(action.kind)
    return step(rules, view, action) if step else None


def _key(name: str, **params) -> tuple[str, dict]:
    return f"toutomi_why.{name}", params


def _play(rules, view: dict, action: Action) -> Reason:
    face = rules.data.face_of(action.args[0])
    if face.kind == "number":
        return _number(rules, view, face)
    if face.kind == "trump":
        return _key("trump", limit=view["limit"])
    if face.kind == "wild":
        return _key("wild", total=view["total"])
    return _effect(view, face.kind, face.id)


def _number(rules, view: dict, face) -> Reason:
    """R-2.2 to R-2.4 and R-4: the total after the card, and what it leaves the next player."""
    before, limit, mover = view["total"], view["limit"], view["turn_seat"]
    total = new_total(before, face)
    if total > limit:  # TOUTOMI-REASONS-2
        scorer = view["scorer_if_burst"]
        hand = view.get("hand")
        if hand is None:  # a spectator's view: whether the buster had a choice is not known
            return _key("burst", total=total, scorer=scorer, seat=mover)
        if all(_bursts(rules, c, before, limit) for c in hand):
            return _key("burst_forced", total=total, limit=limit, scorer=scorer)
        return _key("burst_chosen", total=total, scorer=scorer, seat=mover)
    room = limit - total
    if view["plays_left"] > 1:  # the first card of an attacked turn: the second comes from the same hand
        return _key("first_of_two", card=face.id, total=total, room=room)
    nxt = view["next_turn"]["seat"]
    squeezed = nxt != mover and room <= SQUEEZE_ROOM
    held = face.value <= 0 or face.value == before  # the total does not rise
    if held:
        name = "equal" if face.value == before and face.value != 0 else "zero" if total == before else "minus"
        if squeezed:
            name = ("hold_limit_short" if view["short"] else "hold_limit") if room == 0 else f"{name}_squeeze"
        return _key(name, card=face.id, total=total, target=nxt, room=room, seat=mover)
    if not squeezed:
        return _key("safe", card=face.id, total=total, limit=limit)
    if room == 0:
        return _key("at_limit_short" if view["short"] else "at_limit", total=total, target=nxt, seat=mover)
    return _key("squeeze_short" if view["short"] else "squeeze", total=total, target=nxt, room=room, seat=mover)


def _bursts(rules, card: str, total: int, limit: int) -> bool:
    return new_total(total, rules.data.face_of(card)) > limit


def _effect(view: dict, kind: str, card: str) -> Reason:
    """R-3.1 to R-3.4 (a special card, or what a Wild became): what it does to the next turn."""
    total, mover, players = view["total"], view["turn_seat"], view["players"]
    nxt = view["next_turn"]
    if kind == "attack":
        return _key("attack", card=card, total=total)
    if kind == "summon":
        return _key("summon", card=card, total=total)
    if kind == "reverse" and players > 2:
        after = seat_after(nxt["base"], nxt["steps"], -view["direction"], players)
        return _key("reverse", card=card, target=nxt["seat"], next=after, total=total)
    after = seat_after(nxt["base"], nxt["steps"] + 1, view["direction"], players)  # D-3
    if after == mover:
        return _key("skip_again", card=card, target=nxt["seat"], seat=mover, total=total)
    return _key("skip", card=card, target=nxt["seat"], next=after, total=total)


def _wild(rules, view: dict, action: Action) -> Reason:
    return _effect(view, action.args[0], action.args[0])


def _target(rules, view: dict, action: Action) -> Reason:
    """R-3.4: the attacked seat plays twice, and its burst would score for the attacker (R-4.2)."""
    seat = action.args[0]
    counts = view["point_counts"] if view["short"] else view["situation_counts"]
    others = [c for k, c in enumerate(counts) if k != view["turn_seat"]]
    params = {"target": seat, "total": view["total"], "seat": view["turn_seat"]}
    short = "_short" if view["short"] else ""
    if counts[seat] and counts[seat] == max(others):
        return _key(f"target_leader{short}", count=counts[seat], **params)
    return _key(f"target{short}", **params)


def _dump(rules, view: dict, action: Action) -> Reason:
    """R-3.3: a card laid down by a Summon is swapped for a fresh one."""
    face = rules.data.face_of(action.args[0])
    if _bursts(rules, action.args[0], view["total"], view["limit"]):
        return _key("dump_burst", card=face.id, total=view["total"])
    return _key("dump", card=face.id)


def _dump_done(rules, view: dict, action: Action) -> Reason:
    count = (view.get("pending") or {}).get("count", 0)
    return _key("dump_done", count=count) if count else _key("dump_none")


def _kuma(rules, view: dict, action: Action) -> Reason:
    return _key("kuma", total=view["total"])


def _declare(rules, view: dict, action: Action) -> Reason:
    return _key("declare", limit=view["limit"], scorer=view["scorer_if_burst"], count=len(view["field"]))


def _pass(rules, view: dict, action: Action) -> Reason:
    return _key("pass")


_STEPS = {"play": _play, "wild": _wild, "target": _target, "dump": _dump, "dump_done": _dump_done,
          "kuma": _kuma, "declare": _declare, "pass": _pass}
