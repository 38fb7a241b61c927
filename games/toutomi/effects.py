"""Playing cards and their effects (R-2.1, R-3, R-5.3): one step per action kind."""
from __future__ import annotations

from games.core.engine import Event
from games.core.pending import Pending
from games.toutomi.burst import burst, take_situation
from games.toutomi.data import WILD_EFFECTS
from games.toutomi.state import State, next_turn_seat
from games.toutomi.tables import Tables
from games.toutomi.turn import draw, end_play, new_total, own_hand


def play(t: Tables, s: State, card: str) -> None:
    """R-2.1: one card from hand to the field, then its effect (R-2.2 to R-2.5, R-3)."""
    seat, face = s.turn_seat, t.face[card]
    own_hand(s, seat).remove(card)
    s.field = [*s.field, card]  # copy on write (State.COPIED)
    before = s.total
    total = s.total = new_total(before, face)
    s.events.append(Event("toutomi.played", {"seat": seat, "card": face.id, "total": total, "before": before}))
    if face.kind == "trump":
        return trump(t, s, seat)
    if face.kind != "number":
        return special(t, s, face.kind, card)
    if face.value == before and face.value != 0:
        s.events.append(Event("toutomi.equal_number", {"seat": seat, "total": before}))
    if total > t.limit:
        return burst(t, s, seat, face.id)
    end_play(t, s)


def kuma(t: Tables, s: State, card: str) -> None:
    """R-5.3: a Kuma-wild leaves the game and acts as a Wild."""
    mine = [c for c in s.situations[s.turn_seat] if c != card]  # copy on write (see State.COPIED)
    s.situations = [mine if k == s.turn_seat else p for k, p in enumerate(s.situations)]
    s.removed = [*s.removed, card]
    s.events.append(Event("toutomi.kuma", {"seat": s.turn_seat, "card": card}))
    s.pending = Pending("wild", s.turn_seat, card, WILD_EFFECTS)


def wild(t: Tables, s: State, effect: str) -> None:
    """R-3.5: the Wild acts as the chosen special card."""
    card = s.pending.card
    s.pending = None
    if card in s.field:  # a Wild from hand (not a Kuma-wild): TOUTOMI-RULES-10
        s.wild_as = (*s.wild_as, (card, effect))
    special(t, s, effect, card)


def special(t: Tables, s: State, kind: str, card: str) -> None:
    """R-3.1 to R-3.5: what a special card (or a Wild as one) does."""
    seat = s.turn_seat
    if kind == "wild":
        s.pending = Pending("wild", seat, card, WILD_EFFECTS)
        return
    if kind == "attack":  # the target is chosen next
        s.pending = Pending("target", seat, card, t.others[s.players, seat])
        return
    if kind == "summon":
        return summon(t, s, seat, card)
    if kind == "reverse" and s.players > 2:
        s.direction = -s.direction
        s.events.append(Event("toutomi.reverse", {"seat": seat, "direction": s.direction}))
    else:  # and Reverse with 2 players (D-3)
        skipped = next_turn_seat(s)
        s.next_steps += 1
        s.next_attacked = False  # TOUTOMI-RULES-3
        key = "toutomi.skip" if kind == "skip" else "toutomi.reverse_as_skip"
        s.events.append(Event(key, {"seat": seat, "target": skipped}))
    end_play(t, s)


def target(t: Tables, s: State, seat: int) -> None:
    """R-3.4: the named player takes the next turn and plays two cards."""
    s.pending = None
    s.next_base, s.next_steps, s.next_attacked = seat, 0, True
    s.events.append(Event("toutomi.attack", {"seat": s.turn_seat, "target": seat}))
    end_play(t, s)


def summon(t: Tables, s: State, seat: int, card: str) -> None:
    """R-3.3: any number of hand cards may follow the Summon onto the field."""
    s.events.append(Event("toutomi.summon", {"seat": seat}))
    if s.hands[seat]:
        s.pending = Pending("dump", seat, card)
    else:
        end_play(t, s)  # TOUTOMI-RULES-5


def dump(t: Tables, s: State, card: str) -> None:
    """R-3.3, TOUTOMI-RULES-5: one more hand card onto the field."""
    seat = s.turn_seat
    own_hand(s, seat).remove(card)
    s.field = [*s.field, card]  # copy on write (State.COPIED)
    s.pending = Pending("dump", seat, s.pending.card, (), s.pending.count + 1)
    s.events.append(Event("toutomi.dumped", {"seat": seat, "card": t.face[card].id}))
    if not s.hands[seat]:
        dump_done(t, s)  # TOUTOMI-RULES-5


def dump_done(t: Tables, s: State) -> None:
    """R-3.3, TOUTOMI-RULES-5: draw as many cards as were dumped."""
    seat, count = s.turn_seat, s.pending.count
    s.pending = None
    if count:
        s.events.append(Event("toutomi.summon_drew", {"seat": seat, "count": count}))
        if not draw(t, s, seat, count):
            return
    end_play(t, s)


def pass_turn(t: Tables, s: State) -> None:
    """TOUTOMI-RULES-1: nothing can be played; the whole turn ends."""
    s.events.append(Event("toutomi.passed", {"seat": s.turn_seat}))
    s.plays_left = 1
    end_play(t, s)


def trump(t: Tables, s: State, seat: int) -> None:
    """R-3.6: take a situation card at once; the round goes on."""
    s.events.append(Event("toutomi.trump", {"seat": seat}))
    if take_situation(t, s, seat):
        end_play(t, s)
