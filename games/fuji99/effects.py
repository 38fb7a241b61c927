"""Card effects and the shared mechanics they use: moving the token, drawing Fuji cards.

Each effect type of the data vocabulary (cards.EFFECT_PARAMS) has one function here; the
rules never look at a card's name.  Everything mutates the state it is given (the rules
call these on a fresh clone) and appends Events.
"""
from __future__ import annotations

from games.core.engine import Event
from games.fuji99.data import CardKind, Effect, Fuji99Data
from games.fuji99.state import CLEAR, RED, State


# --- positions and movement (R-2.3 to) -------------------------------------------
def standing(s: State) -> list[int]:
    """Each seat's race position: the movement token stands for the current player."""
    return [s.token if seat == s.turn_seat else pos for seat, pos in enumerate(s.positions)]


def strict_leader(s: State) -> int | None:
    """The seat strictly in 1st place, or None when 1st place is tied (D-3)."""
    pos = standing(s)
    best = max(pos)
    leaders = [seat for seat, p in enumerate(pos) if p == best]
    return leaders[0] if len(leaders) == 1 else None


def rank_above(s: State) -> int | None:
    """Position of the nearest pawn strictly ahead of the token (FUJI99-RULES-1), or None if 1st."""
    ahead = [p for seat, p in enumerate(s.positions) if seat != s.turn_seat and p > s.token]
    return min(ahead) if ahead else None


def move_token(s: State, d: Fuji99Data, steps: int) -> bool:
    """Advance the token; yellow cubes on passed spaces (R-2.4); True when 99 is reached."""
    seat, old = s.turn_seat, s.token
    new = min(d.goal, old + max(0, steps))
    s.token = new
    for i, space in enumerate(d.yellow_spaces):
        if old < space <= new and space not in s.bonuses[seat] and s.space_stock[i] > 0:
            stock = s.space_stock = s.space_stock[:]  # copy on write (State.successor)
            stock[i] -= 1
            s.own(s.bags, seat)[1] += 1
            s.own(s.bonuses, seat).append(space)
            s.events.append(Event("fuji99.yellow_taken", {"seat": seat, "space": space}, None, None))
    if new >= d.goal:
        reach_goal(s, d)
        return True
    return False


def reach_goal(s: State, d: Fuji99Data) -> None:
    """R-2.5: reaching 99 wins at once; nothing else is resolved."""
    s.over, s.winners, s.end_reason, s.pending = True, (s.turn_seat,), "floor99", None
    positions = s.positions = s.positions[:]  # copy on write (State.successor)
    positions[s.turn_seat] = d.goal
    s.events.append(
        Event("fuji99.reached_goal", {"seat": s.turn_seat, "story": s.stories[s.turn_seat]}, None, None)
    )


# --- Fuji cards: drawing and immediate effects (R-2.7, R-4.2, R-4.3) -------------------------
def draw_fuji(s: State, d: Fuji99Data, seat: int, why: str) -> str | None:
    """``seat`` draws one Fuji card; immediate cards resolve at once and leave the hand."""
    if not s.deck:
        if not s.discard:
            s.events.append(Event("fuji99.deck_empty", {"seat": seat}, None, None))
            return None
        s.deck = s.stream().shuffled(s.discard, "reshuffle", s.next_salt())
        s.discard = []
        s.events.append(Event("fuji99.deck_reshuffled", {"count": len(s.deck)}, None, None))
    card, s.deck = s.deck[-1], s.deck[:-1]  # copy on write (State.successor)
    s.events.append(Event("fuji99.card_drawn", {"seat": seat, "card": card, "why": why}, None, None))
    kind = d.kind(card)
    if not kind.immediate:
        s.own(s.hands, seat).append(card)
        return card
    effect = kind.effects[0]
    if effect.type == "falling_rock":
        falling_rock(s, card, seat)
    elif effect.type == "company":
        company(s, d, card, seat)
    return card


def falling_rock(s: State, card: str, drawer: int) -> None:
    """R-4.3: the strict leader keeps it for their next turn; a tie discards it."""
    leader = strict_leader(s)
    if leader is None:
        s.discard = [*s.discard, card]  # copy on write (State.successor)
        s.events.append(Event("fuji99.rock_missed", {"seat": drawer, "card": card}, None, None))
        return
    s.own(s.rocks_waiting, leader).append(card)
    s.events.append(Event("fuji99.rock_falls", {"seat": drawer, "target": leader, "card": card}, None, None))


def company(s: State, d: Fuji99Data, card: str, drawer: int) -> None:
    """R-4.2: every other player draws (in turn order), then the drawer; then discard it."""
    s.events.append(Event("fuji99.company", {"seat": drawer, "card": card}, None, None))
    for k in range(1, s.players):
        draw_fuji(s, d, (drawer + k) % s.players, "company")
    draw_fuji(s, d, drawer, "company")
    s.discard = [*s.discard, card]  # copy on write (State.successor)


# --- use effects (R-2.6, R-4.1, R-4.4 to) --------------------------------------------------
def use_effects(s: State, d: Fuji99Data, kind: CardKind, card: str) -> None:
    """Resolve a used card's effects in order; an effect that cannot happen does nothing."""
    for effect in kind.effects:
        USE_EFFECTS[effect.type](s, d, effect, card)
        if s.over:
            return


def _advance(s: State, d: Fuji99Data, steps: int, card: str) -> None:
    if steps <= 0:
        s.events.append(Event("fuji99.effect_none", {"seat": s.turn_seat, "card": card}, None, None))
        return
    start = s.token
    s.events.append(
        Event(
            "fuji99.effect_advance",
            {"seat": s.turn_seat, "card": card, "steps": steps, "from": start, "to": min(d.goal, start + steps)},
        )
    )
    move_token(s, d, steps)


def eff_advance(s: State, d: Fuji99Data, e: Effect, card: str) -> None:
    _advance(s, d, e.get("steps"), card)


def eff_advance_by_clear_drawn(s: State, d: Fuji99Data, e: Effect, card: str) -> None:
    """R-4.5: only the clear cubes of the latest draw count."""
    _advance(s, d, s.last_draw[CLEAR], card)


def eff_advance_to_rank_above(s: State, d: Fuji99Data, e: Effect, card: str) -> None:
    """R-4.4: to the next pawn ahead, then ``then_steps``; 2 players: fixed steps (FUJI99-RULES-2)."""
    if s.players == 2:
        _advance(s, d, e.get("two_players_steps"), card)
    else:
        target = rank_above(s)
        if target is None:
            s.events.append(Event("fuji99.effect_none", {"seat": s.turn_seat, "card": card}, None, None))
            return
        _advance(s, d, target - s.token, card)
    if not s.over and e.get("then_steps"):
        _advance(s, d, e.get("then_steps"), card)


def eff_return_red(s: State, d: Fuji99Data, e: Effect, card: str) -> None:
    """Reds go from the sheet back into the bag; 落石 cards cannot be returned (R-4.3)."""
    seat = s.turn_seat
    k = min(e.get("count"), s.sheet_reds[seat])
    if not k:
        s.events.append(Event("fuji99.effect_none", {"seat": seat, "card": card}, None, None))
        return
    s.sheet_reds[seat] -= k
    s.own(s.bags, seat)[RED] += k
    s.events.append(Event("fuji99.effect_return_red", {"seat": seat, "card": card, "count": k}, None, None))


def eff_add_clear_to_bag(s: State, d: Fuji99Data, e: Effect, card: str) -> None:
    """Clear cubes from the pagoda into the bag, as many as the pagoda still has."""
    seat = s.turn_seat
    k = min(e.get("count"), s.pagoda)
    if not k:
        s.events.append(Event("fuji99.effect_none", {"seat": seat, "card": card}, None, None))
        return
    s.pagoda -= k
    s.own(s.bags, seat)[CLEAR] += k
    s.events.append(Event("fuji99.effect_add_clear", {"seat": seat, "card": card, "count": k}, None, None))


def eff_nothing(s: State, d: Fuji99Data, e: Effect, card: str) -> None:
    """R-4.6: a continuous card used as a card does nothing else."""
    s.events.append(Event("fuji99.effect_none", {"seat": s.turn_seat, "card": card}, None, None))


USE_EFFECTS = {
    "advance": eff_advance,
    "advance_by_clear_drawn": eff_advance_by_clear_drawn,
    "advance_to_rank_above": eff_advance_to_rank_above,
    "return_red": eff_return_red,
    "add_clear_to_bag": eff_add_clear_to_bag,
    "move_bonus": eff_nothing,
}
