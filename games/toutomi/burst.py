"""The end of a round and situation cards (R-4, R-5.4, R-6.2): one step each."""
from __future__ import annotations

from games.core.engine import Event
from games.toutomi.state import State, scorer_if_burst
from games.toutomi.tables import Tables
from games.toutomi.turn import draw, game_over, shuffle, start_turn


def burst(t: Tables, s: State, seat: int, card: str) -> None:
    """R-4.1 to R-4.3: 尊みバースト."""
    faces = [t.face[c].id for c in s.hands[seat]]
    s.field = [*s.field, *s.hands[seat]]  # copy on write (State.COPIED)
    s.hands[seat] = []
    scorer = scorer_if_burst(s)  # TOUTOMI-RULES-2
    s.events.append(Event("toutomi.burst", {"seat": seat, "scorer": scorer, "total": s.total}))
    s.last_round = {"kind": "burst", "seat": seat, "scorer": scorer, "total": s.total,
                    "round": s.round, "card": card, "dropped": faces}
    if not take_situation(t, s, scorer):
        return
    s.deck = shuffle(s, s.deck + s.field)
    s.field, s.wild_as = [], ()
    new_round(t, s, seat)


def declare(t: Tables, s: State) -> None:
    """R-6.2: 尊すぎ! — the player before takes the field as points."""
    seat = s.turn_seat
    scorer = scorer_if_burst(s)  # TOUTOMI-RULES-2
    s.events.append(Event("toutomi.declare", {"seat": seat, "scorer": scorer, "cards": len(s.field)}))
    s.last_round = {"kind": "declare", "seat": seat, "scorer": scorer, "total": s.total,
                    "round": s.round, "cards": len(s.field)}
    s.points = [[*p, *s.field] if k == scorer else p for k, p in enumerate(s.points)]  # copy on write
    s.field, s.wild_as = [], ()
    new_round(t, s, seat)


def new_round(t: Tables, s: State, starter: int) -> None:
    """R-4.3 / R-6.2: total 0, everyone refills, the buster or declarer starts."""
    s.total = 0
    s.pending = None
    for seat in t.turn_order[s.players, starter, s.direction]:  # refill from the starter
        if not draw(t, s, seat):
            return
    s.round += 1
    s.previous = None
    s.events.append(Event("toutomi.new_round", {"seat": starter, "round": s.round}))
    start_turn(s, starter, False)


def take_situation(t: Tables, s: State, seat: int) -> bool:
    """One situation card to ``seat``, secretly; False when that ended the game (R-5.4)."""
    card = s.situation_deck[-1]
    s.situation_deck = s.situation_deck[:-1]  # copy on write (see State.COPIED)
    situations = s.situations = s.situations[:]  # copy on write: the list and this seat's pile
    situations[seat] = [*situations[seat], card]
    s.events.append(Event("toutomi.situation_taken", {"seat": seat, "card": card}, {"seat": seat}, (seat,)))
    if s.situation_deck:
        return True
    game_over(t, s, "situation")
    return False
