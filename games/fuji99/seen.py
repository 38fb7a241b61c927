"""What a seat sees: the JSON-able view dict and the odds of the risk helper.

Nothing is secret between players except the order of the deck (has_secrets = False):
the view gives the deck's size only, never its card ids.
"""
from __future__ import annotations

from collections import Counter

from games.fuji99 import odds
from games.fuji99.data import CUBES, Fuji99Data
from games.fuji99.effects import standing, strict_leader
from games.fuji99.state import ABILITY, DRAW, OVER, State
from games.fuji99.turn import (draw_range, hand_total, move_bonus, reds_counted, rock_reds,
                               usable_cards)


def cubes(counts) -> dict:
    """``[clear, yellow, red]`` as ``{"clear": .., "yellow": .., "red": ..}``."""
    return dict(zip(CUBES, counts))


def token_of(d: Fuji99Data, card: str) -> tuple:
    """The odds token of a card: stays in hand with its value, or an immediate kind."""
    kind = d.kind(card)
    if not kind.immediate:
        return odds.normal(kind.value)
    return odds.COMPANY if kind.effects[0].type == "company" else odds.ROCK


def next_bag(s: State) -> list[int]:
    """The bag the current player's next draw comes from (after ``again`` if mid-turn)."""
    bag = s.bags[s.current]
    return [bag[i] + s.tray[i] for i in range(3)]


def odds_for(s: State, d: Fuji99Data) -> dict:
    """The risk helper's numbers for the current player (public information only)."""
    seat = s.current
    bag = next_bag(s)
    reds = reds_counted(s, d, seat)
    deck = [token_of(d, c) for c in s.deck]  # the deck's contents are public, its order is not
    discard = [token_of(d, c) for c in s.discard]
    rock_out = strict_leader(s) is None
    total = hand_total(s, d, seat)
    table = odds.crisis_table(deck, discard, s.players, rock_out, d.crisis_limit)
    return {
        "seat": seat,
        "bag": cubes(bag),
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


def seat_view(s: State, d: Fuji99Data, seat: int) -> dict:
    return {
        "seat": seat,
        "colour": s.colours[seat],
        "position": s.positions[seat],
        "standing": standing(s)[seat],
        "bag": cubes(s.bags[seat]),
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


def build_view(s: State, d: Fuji99Data, seat: int | None) -> dict:
    """The view dict (schema in Fuji99Rules.view)."""
    live = s.phase != OVER
    return {
        "game": "fuji99",
        "viewer": seat,
        "players": s.players,
        "rules": {"goal": d.goal, "crisis_limit": d.crisis_limit, "red_limit": d.red_limit,
                  "min_draw": d.min_draw, "yellow_spaces": list(d.yellow_spaces)},
        "current": s.current if live else None,
        "phase": s.phase,
        "turn": s.turn,
        "start_player": s.start_player,
        "token": s.token,
        "seats": [seat_view(s, d, i) for i in range(s.players)],
        "last_draw": {"seat": s.last_seat, **cubes(s.last_draw), "order": list(s.last_order)},
        "tray": cubes(s.tray),
        "draws_this_turn": s.draws_this_turn,
        "draw_range": list(draw_range(s, d)) if s.phase == DRAW else None,
        "usable": usable_cards(s, d) if s.phase == ABILITY else [],
        "give": dict(s.give_left),
        "spaces": [{"space": sp, "yellow": k} for sp, k in zip(d.yellow_spaces, s.space_stock)],
        "pagoda": s.pagoda,
        "deck": len(s.deck),
        "discard": list(s.discard),
        "odds": odds_for(s, d) if live else None,
        "winner": s.winner,
        "winner_story": s.stories[s.winner] if s.winner is not None else None,
        "options": {"risk_helper": bool(s.options.get("risk_helper", True))},
        "events": view_events(s, d, seat),
    }


def view_events(s: State, d: Fuji99Data, seat: int | None) -> list:
    """The view's "events" alone (the game log rebuilt on Continue: no odds worked out)."""
    return [[e.key, _public(e.params, s, d)] for e in (ev.seen_by(seat) for ev in s.events)]


def _public(params: dict, s: State, d: Fuji99Data) -> dict:
    """Event params; a card that went back into the deck in the same action (a reshuffle)
    is named by its kind only, so no view ever names a face-down card."""
    out = dict(params)
    card = out.get("card")
    if card is not None and card in s.deck:
        out["card"] = d.kind(card).id
    return out
