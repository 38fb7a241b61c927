"""Turns, draws and the end of the game (R-2, R-3.4's second play, R-6.3): one step each."""
from __future__ import annotations

from games.core.engine import Event
from games.core.rng import Stream
from games.toutomi.data import Face
from games.toutomi.score import scores
from games.toutomi.state import State, next_turn_seat
from games.toutomi.tables import Tables


def new_total(total: int, face: Face) -> int:
    """R-2.2 to R-2.5 and D-1: the total after playing ``face``."""
    if face.kind != "number" or face.value == total:
        return total
    if face.value <= 0:
        return total + min(face.value, 0)  # 0 and -1 never raise the total
    return total + face.value


def end_play(t: Tables, s: State) -> None:
    """One card done: an attacked turn goes on (R-3.4), otherwise the turn ends."""
    s.plays_left -= 1
    if s.plays_left > 0:
        return
    seat = s.turn_seat
    if not draw(t, s, seat):  # back to the hand size
        return
    nxt = next_turn_seat(s)  # whoever the effects designate
    if nxt != seat:  # TOUTOMI-RULES-2: a second turn in a row keeps the earlier other player
        s.previous = seat
    start_turn(s, nxt, s.next_attacked)


def start_turn(s: State, seat: int, attacked: bool) -> None:
    s.turn_seat = s.next_base = seat
    s.next_steps, s.next_attacked = 1, False
    s.attacked, s.plays_left = attacked, 2 if attacked else 1
    s.turn += 1
    key = "toutomi.turn_attacked" if attacked else "toutomi.turn"
    s.events.append(Event(key, {"seat": seat, "plays": s.plays_left}))


def draw(t: Tables, s: State, seat: int, count: int | None = None) -> bool:
    """``count`` cards from the deck to ``seat``'s hand, by default (R-2.6's refill) as many as
    bring it back to the hand size; False when the game ended (R-6.3)."""
    if count is None:
        count = t.hand_size - len(s.hands[seat])
    if count <= 0:
        return True
    deck = s.deck
    if count <= len(deck):  # enough cards: those pop() would give, in that order
        drawn = deck[:-count - 1:-1]
        s.deck = deck[:-count]  # copy on write (State.COPIED)
    else:
        drawn = _draw_reshuffling(s, count)
    s.hands[seat] = s.hands[seat] + drawn  # copy on write (State.COPIED): one new list
    n = len(drawn)
    if n:
        s.events.append(Event("toutomi.drew", {"seat": seat, "cards": drawn, "count": n},
                              {"seat": seat, "count": n}, (seat,)))
    if n < count and s.short:  # TOUTOMI-RULES-6
        game_over(t, s, "deck")
        return False
    return True


def _draw_reshuffling(s: State, count: int) -> list:
    """Up to ``count`` cards one by one, reshuffling the field into an empty deck."""
    drawn, s.deck = [], s.deck[:]  # copy on write (State.COPIED)
    for _ in range(count):
        if not s.deck and not s.short and s.field:  # D-2: the total is kept
            s.events.append(Event("toutomi.reshuffle", {"cards": len(s.field)}))
            s.deck = shuffle(s, s.field)
            s.field, s.wild_as = [], ()
        if not s.deck:
            break
        drawn.append(s.deck.pop())
    return drawn


def shuffle(s: State, ids: list[str]) -> list[str]:
    """The game's next shuffle (its salt counts the shuffles: records replay alike)."""
    if s.rng is None:  # a state built by hand (bots' sampled worlds, tests)
        s.rng = Stream.for_game(s.seed)
    out = s.rng.shuffled(ids, "shuffle", s.shuffles)
    s.shuffles += 1
    return out


def own_hand(s: State, seat: int) -> list:
    """The seat's hand as a list this state alone holds (clones share hands: copy on write)."""
    hand = s.hands[seat] = s.hands[seat][:]
    return hand


def game_over(t: Tables, s: State, reason: str) -> None:
    s.over, s.end_reason, s.pending = True, reason, None
    s.winners = scores(t.data, s).winners
    s.events.append(Event(f"toutomi.game_end_{reason}", {}))
