"""What a seat sees: the view dict, the secret ids, the inventory and the outcome.

Nothing is secret between players except the order of the deck (has_secrets = False):
the view gives the deck's size only, never its card ids.

View keys:
  game "fuji99"; viewer (seat or None); players; turn_seat (None when over); pending
  (``Pending.seen()``: kind "draw" | "ability" | "decide" | "give", seat, ...; None when
  over); stage (the pending kind, or "over": the turn step the table shows); round (1);
  turn (turns started); over; winners [seat]; end_reason ("floor99" or None); hand (the
  viewer's hand card ids, or None); hand_counts; options {risk_helper}; events: [[key,
  params]] of the last action;
  rules {goal, crisis_limit, red_limit, min_draw, yellow_spaces}; start_player; token
    (movement token square);
  seats: per seat {seat, colour, position (pawn), standing (race position: the
    token for the current player), bag {clear, yellow, red}, bag_total, sheet_reds,
    used_yellows, rocks_waiting (落石 for their next turn), rocks_active (落石
    counting now), rock_reds, reds_counted (sheet + active 落石), hand [{id, clear}],
    hand_total (crisis sum), move_bonus (健脚 steps), bonuses (yellow spaces taken,
    e.g. [20]), story (story-book id; text via RULES.story)};
  last_draw {seat, clear, yellow, red, order: colours in draw order};
  tray {clear, yellow, red}: drawn cubes still in front of the player (yellow =
    what can still pay for cards); draws_this_turn;
  draw_range [min N, max N] in the draw step, else None;
  usable: card ids that can be used now (ability step); give {card id: cubes still
    due} while the pagoda choice is pending;
  spaces [{space, yellow}]; pagoda; deck (count only); discard (card ids, oldest first);
  odds (None when over): {seat, bag (of the next draw), reds_counted, red_limit,
    bust_by_n [chance of a red bust for N = index], hand_total, crisis (chance the
    next discover step ends in a crisis bust), crisis_by_total [same for a hand
    total = index], crisis_next_card (chance the next card alone does it),
    deck_values [[value, count]], deck_immediate};
  winner_story (story id or None).
"""
from __future__ import annotations

from collections import Counter

from games.core.engine import Outcome, rank_by
from games.fuji99 import odds
from games.fuji99.data import CUBES, Fuji99Data
from games.fuji99.effects import standing, strict_leader
from games.fuji99.state import ABILITY, CLEAR, DRAW, GIVE, RED, YELLOW, State
from games.fuji99.turn import (
    draw_range,
    hand_total,
    move_bonus,
    reds_counted,
    rock_reds,
    usable_cards,
)


def _cubes(counts) -> dict:
    """``[clear, yellow, red]`` as ``{"clear": .., "yellow": .., "red": ..}``."""
    return dict(zip(CUBES, counts, strict=True))


def _token_of(d: Fuji99Data, card: str) -> tuple:
    """The odds token of a card: stays in hand with its value, or an immediate kind."""
    kind = d.kind(card)
    if not kind.immediate:
        return odds.normal(kind.value)
    return odds.COMPANY if kind.effects[0].type == "company" else odds.ROCK


def _next_bag(s: State) -> list[int]:
    """The bag the current player's next draw comes from (after ``again`` if mid-turn)."""
    bag = s.bags[s.turn_seat]
    return [bag[i] + s.tray[i] for i in range(3)]


def _odds(s: State, d: Fuji99Data) -> dict:
    """The risk helper's numbers for the current player (public information only)."""
    seat = s.turn_seat
    bag = _next_bag(s)
    reds = reds_counted(s, d, seat)
    deck = [_token_of(d, c) for c in s.deck]  # the deck's contents are public, its order is not
    discard = [_token_of(d, c) for c in s.discard]
    rock_out = strict_leader(s) is None
    total = hand_total(s, d, seat)
    table = odds.crisis_table(deck, discard, s.players, rock_out, d.crisis_limit)
    return {
        "seat": seat,
        "bag": _cubes(bag),
        "reds_counted": reds,
        "red_limit": d.red_limit,
        "bust_by_n": odds.bust_table(bag, reds, d.red_limit),
        "hand_total": total,
        "crisis": table[min(total, d.crisis_limit)],
        "crisis_by_total": table,
        "crisis_next_card": float(odds.next_card_crisis(total, deck, discard, d.crisis_limit)),
        "deck_values": sorted([v, n] for v, n in Counter(
            d.kind(c).value for c in s.deck if not d.kind(c).immediate).items()),
        "deck_immediate": sum(1 for c in s.deck if d.kind(c).immediate),
    }


def _seat_view(s: State, d: Fuji99Data, seat: int) -> dict:
    return {
        "seat": seat,
        "colour": s.colours[seat],
        "position": s.positions[seat],
        "standing": standing(s)[seat],
        "bag": _cubes(s.bags[seat]),
        "bag_total": sum(s.bags[seat]),
        "sheet_reds": s.sheet_reds[seat],
        "used_yellows": s.used_yellows[seat],
        "rocks_waiting": len(s.rocks_waiting[seat]),
        "rocks_active": len(s.rocks_active[seat]),
        "rock_reds": rock_reds(s, d, seat),
        "reds_counted": reds_counted(s, d, seat),
        "hand": [{"id": c, "clear": s.card_clear.get(c, 0)} for c in s.hands[seat]],
        "hand_total": hand_total(s, d, seat),
        "move_bonus": move_bonus(s, d, seat),
        "bonuses": list(s.bonuses[seat]),
        "story": s.stories[seat],
    }


def view(rules, s: State, seat: int | None) -> dict:
    """The view dict: the common keys (docs/vocabulary.md) and Fuji's own (module doc)."""
    d = rules.data
    kind = s.pending.kind if s.pending else None
    return {
        "game": "fuji99",
        "viewer": seat,
        "players": s.players,
        "turn_seat": None if s.over else s.turn_seat,
        "pending": s.pending.seen() if s.pending else None,
        "stage": kind or "over",
        "round": s.round,
        "turn": s.turn,
        "over": s.over,
        "winners": list(s.winners),
        "end_reason": s.end_reason,
        "hand": list(s.hands[seat]) if seat is not None else None,
        "hand_counts": [len(h) for h in s.hands],
        "options": {"risk_helper": bool(s.options.get("risk_helper", True))},
        "events": _view_events(s, d, seat),
        "rules": {"goal": d.goal, "crisis_limit": d.crisis_limit, "red_limit": d.red_limit,
                  "min_draw": d.min_draw, "yellow_spaces": list(d.yellow_spaces)},
        "start_player": s.start_player,
        "token": s.token,
        "seats": [_seat_view(s, d, i) for i in range(s.players)],
        "last_draw": {"seat": s.last_seat, **_cubes(s.last_draw), "order": list(s.last_order)},
        "tray": _cubes(s.tray),
        "draws_this_turn": s.draws_this_turn,
        "draw_range": list(draw_range(s, d)) if kind == DRAW else None,
        "usable": usable_cards(s, d) if kind == ABILITY else [],
        "give": dict(s.pending.more) if kind == GIVE else {},
        "spaces": [{"space": sp, "yellow": k} for sp, k in zip(d.yellow_spaces, s.space_stock, strict=True)],
        "pagoda": s.pagoda,
        "deck": len(s.deck),
        "discard": list(s.discard),
        "odds": None if s.over else _odds(s, d),
        "winner_story": s.stories[s.winners[0]] if s.winners else None,
    }


def secret_ids(rules, s: State, seat: int | None) -> set[str]:
    """The face-down deck's cards: the view may only give their number."""
    return set(s.deck)


def inventory(rules, s: State) -> dict[str, int]:
    """Cubes by colour over every zone, plus the Fuji cards; unused seats' cubes are 'box'."""
    d, n = rules.data, s.players
    per_space = d.yellow_per_player * len(d.yellow_spaces)
    box = (0,  # every clear cube not in a bag starts in the pagoda
           d.components[YELLOW] - (d.bag[YELLOW] + per_space) * n,
           d.components[RED] - d.bag[RED] * n)
    bags = [sum(b[i] for b in s.bags) for i in range(3)]
    return {
        "clear": bags[CLEAR] + s.tray[CLEAR] + sum(s.card_clear.values()) + s.pagoda + box[CLEAR],
        "yellow": bags[YELLOW] + s.tray[YELLOW] + sum(s.used_yellows) + sum(s.space_stock) + box[YELLOW],
        "red": bags[RED] + s.tray[RED] + sum(s.sheet_reds) + box[RED],
        "fuji_cards": len(s.deck) + len(s.discard) + sum(map(len, s.hands))
        + sum(map(len, s.rocks_waiting)) + sum(map(len, s.rocks_active)),
    }


def outcome(rules, s: State) -> Outcome | None:
    """Winner: who reached 99; scores are pawn positions (FUJI99-RULES-11)."""
    if not s.winners:
        return None
    keys = [(1 if seat in s.winners else 0, s.positions[seat]) for seat in range(s.players)]
    ranking, winners = rank_by(keys)
    breakdown = tuple({"fuji99.bd_position": s.positions[i], "fuji99.bd_cards": len(s.hands[i]),
                       "fuji99.bd_yellow_bonus": len(s.bonuses[i])} for i in range(s.players))
    return Outcome(scores=tuple(s.positions), winners=winners, ranking=ranking,
                   breakdown=breakdown, tiebreak=None)


def _view_events(s: State, d: Fuji99Data, seat: int | None) -> list:
    """The view's "events" alone (``rules.view_events``) (the game log rebuilt on Continue: no odds worked out)."""
    return [[e.key, _public(e.params, s, d)] for e in (ev.seen_by(seat) for ev in s.events)]


def _public(params: dict, s: State, d: Fuji99Data) -> dict:
    """Event params; a card that went back into the deck in the same action (a reshuffle)
    is named by its kind only, so no view ever names a face-down card."""
    out = dict(params)
    card = out.get("card")
    if card is not None and card in s.deck:
        out["card"] = d.kind(card).id
    return out
