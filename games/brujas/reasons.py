"""Why a Brujas move is good, in one line (BOTS-4): ``explain(rules, view, action)``.

Works from the mover's view alone and says only what is public once the move is made: the
card played, the trick, the lead, the witch column and the captured piles (R-3.2: they lie
face up).  Never the mover's other cards: the line is shown to everyone at the table.
Texts: ``data/i18n/brujas_why.yaml``.

- BRUJAS-REASONS-1 A card is judged against the trick as it stands (tricks.py, the rules'
  own steps): which lead it sets, which card it beats or stays under and why (the higher
  number of the lead colour, R-2.5; the witch standing higher, R-2.6; the later identical
  card, R-2.7).  A card that cannot follow says so: playing it shows that anyway (R-2.4).
- BRUJAS-REASONS-2 A witch move and a draft pick are judged by the scores as if the game
  ended now (the view's own preview, BRUJAS-RULES-6): the mover's gain first, then what it
  costs the leading rival (the witch) or keeps from a rival still to pick (the draft).  A
  pick says, in this order: a colour majority won or shared (R-4.2), points gained, points
  kept from a later picker, more of the colour its witch points come from (R-4.1), a wider
  lead in a majority already held; only a pick that does none of these gets the plain line.
- BRUJAS-REASONS-3 Another card than the one played is named by its colour and number
  (``{colour} {number}``, the card label's form): the rules' texts fill one ``{card}`` only.
"""
from __future__ import annotations

from games.brujas import tricks
from games.core.engine import Action

Reason = tuple[str, dict] | None


def explain(rules, view: dict, action: Action) -> Reason:
    """The i18n key (``brujas_why.*``) and params saying why ``action`` is good, or None."""
    if view.get("over") or view.get("turn_seat") is None:
        return None
    step = _STEPS.get(action.kind)
    return step(rules, view, action) if step else None


def _key(name: str, **params) -> tuple[str, dict]:
    return f"brujas_why.{name}", params


def _lead(lead: dict | None) -> tuple | None:
    return None if lead is None else (lead["kind"], lead["value"])


def _play(rules, view: dict, action: Action) -> Reason:
    """R-2.1 to R-2.8: the lead the card sets, and the card it beats or stays under."""
    keys, card = rules.keys, action.args[0]
    colour, number = keys[card]
    trick = [c for _, c in view["trick"]]
    if not trick:
        return _key("lead", card=card, colour=colour, number=number)
    lead = _lead(view["lead"])
    if not tricks.requirement(trick[0], lead, keys)(card):
        return _off(keys, card, trick[0], lead)
    new_lead = lead or tricks.lead_set_by(trick[0], card, keys)
    cards = [*trick, card]
    witches = view["witch_order"]
    best = tricks.winning_index(cards, new_lead, witches, keys)
    winning = best == len(cards) - 1
    last = len(cards) == view["players"]
    if lead is None and new_lead is not None:
        name = f"sets_{new_lead[0]}" + ("_win" if winning else "")
        return _key(name, card=card, colour=colour, number=number)
    if winning:
        beaten = cards[tricks.winning_index(trick, lead, witches, keys)]
        kind = "identical" if keys[beaten] == keys[card] else new_lead[0]
        bc, bn = keys[beaten]
        return _key(("wins_" if last else "beats_") + kind, card=card, colour=colour, other=bc,
                    number=bn, seat=view["turn_seat"])
    if new_lead is None:
        return _key("play_plain", card=card)
    wc, wn = keys[cards[best]]
    return _key(f"under_{new_lead[0]}", card=card, colour=colour, other=wc, number=wn)


def _off(keys, card: str, first: str, lead: tuple | None) -> Reason:
    """R-2.2, R-2.4: a card that cannot follow cannot win; the play shows the void anyway."""
    if lead is None:
        fc, fn = keys[first]
        return _key("off_first", card=card, colour=fc, number=fn)
    if lead[0] == "colour":
        return _key("off_colour", card=card, colour=lead[1])
    return _key("off_number", card=card, number=lead[1])


def _totals(rules, view: dict, piles: list) -> list[int]:
    """R-4.1 + R-4.2 for every seat, as if the game ended with these piles."""
    d, keys = rules.data, rules.keys
    order = view["witch_order"]
    scores = [w["score"] for w in view["witches"]]
    majority = tricks.majority_points(piles, d.majority_kinds, d.majority_attr, d.majority_points, keys)
    return [tricks.witch_points(p, order, scores, keys) + m for p, m in zip(piles, majority, strict=True)]


def _witch(rules, view: dict, action: Action) -> Reason:
    """R-3.1: the witch of the winning colour moves; whose witch points it changes."""
    keys, direction = rules.keys, action.args[0]
    colour = keys[view["winning_card"]][0]
    old = view["witch_order"]
    i = old.index(colour)
    j = i - 1 if direction == "up" else i + 1
    new = list(old)
    new[i], new[j] = new[j], new[i]
    scores = [w["score"] for w in view["witches"]]

    def points(order: list, seat: int) -> int:
        return tricks.witch_points(view["captured"][seat], order, scores, keys)

    mover = view["turn_seat"]
    base = {"colour": colour, "direction": direction, "score": scores[j], "other": old[j]}
    if points(new, mover) > points(old, mover):
        return _key("witch_gain", seat=mover, before=points(old, mover), after=points(new, mover), **base)
    totals = [s["total"] for s in view["scores"]]
    rival = max((s for s in range(view["players"]) if s != mover), key=lambda s: (totals[s], -s))
    if points(new, rival) < points(old, rival):
        return _key("witch_hurt", seat=rival, before=points(old, rival), after=points(new, rival), **base)
    return _key("witch_plain", **base)


def _take(rules, view: dict, action: Action) -> Reason:
    """R-3.2, R-4: a trick card into the mover's pile; what it does to the scores now."""
    card, mover = action.args[0], view["turn_seat"]
    piles = [list(p) for p in view["captured"]]
    now = _totals(rules, view, piles)

    def with_card(seat: int) -> list[int]:
        return _totals(rules, view, [[*p, card] if k == seat else p for k, p in enumerate(piles)])

    mine = with_card(mover)
    colour = rules.keys[card][0]
    counts = [sum(1 for c in p if rules.keys[c][0] == colour) for p in piles]
    best_other = max(n for k, n in enumerate(counts) if k != mover)
    by_colour = rules.data.majority_by == "colour"
    if by_colour and not (counts[mover] and counts[mover] >= best_other) and counts[mover] + 1 >= best_other:
        name = "take_majority" if counts[mover] + 1 > best_other else "take_majority_tie"
        return _key(name, card=card, colour=colour, count=counts[mover] + 1)
    if mine[mover] > now[mover]:
        return _key("take_points", card=card, seat=mover, before=now[mover], after=mine[mover])
    later = [s for s in view["draft_order"][1:] if s != mover]
    gains = [(with_card(s)[s] - now[s], s) for s in later]
    if gains and max(gains)[0] > 0:
        gain, seat = max(gains, key=lambda g: (g[0], -later.index(g[1])))
        return _key("take_deny", card=card, seat=seat, points=gain)
    if view["scores"][mover]["colour"] == colour:
        return _key("take_colour", card=card, colour=colour)
    if by_colour and counts[mover] >= best_other:
        return _key("take_secure", card=card, colour=colour, count=counts[mover] + 1, other=best_other)
    return _key("take_plain", card=card)


_STEPS = {"play": _play, "witch": _witch, "take": _take}
