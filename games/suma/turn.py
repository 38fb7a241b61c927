"""Doing an action (R-1.4, R-2, R-3): one function per rule step, then the turn's end.

Each function mutates the fresh clone made by ``GameRules.apply``.  After a turn's last
step ``end_turn`` checks R-4.1 and either passes the turn or starts the round's scoring
(scoring.py).
"""
from __future__ import annotations

from games.core.engine import Action, Event
from games.core.pending import Pending
from games.suma import bingo, forest, moves, scoring
from games.suma.data import SumaData
from games.suma.state import State, cell_index, own


def apply(d: SumaData, s: State, a: Action) -> None:
    """Dispatch a checked action."""
    seat = s.turn_seat
    k = a.kind
    if k == "start":
        put_start_item(d, s, a.args[0])
    elif k in ("take", "draw"):
        take_card(d, s, seat, a)
        end_turn(d, s)
    elif k == "place":
        place_item(d, s, a.args[0], cell_index(a.args[1], d.size))
    elif k == "privilege":
        privilege(d, s, seat, a.args[0])
    elif k == "summon":
        summon(d, s, seat, a.args[0])
    elif k == "return":
        return_job(d, s, seat, a.args[0])
    elif k == "mark":
        mark(d, s, a.args[0])
    elif k == "remove":
        remove_item(d, s, cell_index(a.args[0], d.size))
    elif k == "done":
        s.events.append(Event("suma.done", {"seat": seat}))
        end_turn(d, s)


def put_start_item(d: SumaData, s: State, kind: str) -> None:
    """R-1.4 / R-5.1 / D-8: the start player's special item on START."""
    s.stock[kind] -= 1
    s.board[forest.start_index(d)] = kind
    s.events.append(Event("suma.start_item", {"seat": s.turn_seat, "kind": kind}))
    s.pending = None


def take_card(d: SumaData, s: State, seat: int, a: Action) -> None:
    """R-2.1: a deck's top card or a market card; a market gap refills from its deck (D-9)."""
    if a.kind == "draw":
        card = own(s, "decks", a.args[0]).pop()
        own(s, "hands", seat).append(card)
        s.events.append(Event("suma.drew", {"seat": seat, "colour": a.args[0], "card": card},
                              {"seat": seat, "colour": a.args[0]}, (seat,)))
        return
    card = a.args[0]
    col = d.card(card).colour
    market = own(s, "market", col)
    market[market.index(card)] = None
    own(s, "hands", seat).append(card)
    s.events.append(Event("suma.took", {"seat": seat, "card": card}))
    refill(s, col)


def refill(s: State, col: str) -> None:
    """D-9: gaps of a colour fill from that colour's deck while it has cards."""
    if None not in s.market[col] or not s.decks[col]:
        return
    market, deck = own(s, "market", col), own(s, "decks", col)
    for slot, c in enumerate(market):
        if c is None and deck:
            new = deck.pop()
            market[slot] = new
            s.known = s.known | {new}  # copy on write (State.SHARED)


def place_item(d: SumaData, s: State, kind: str, i: int) -> None:
    """R-2.2 as an action, or one item of an effect's place part (R-3.1)."""
    s.stock[kind] -= 1
    s.board[i] = kind
    s.events.append(Event("suma.placed", {"seat": s.turn_seat, "kind": kind, "cell": i}))
    if s.pending is not None:  # an effect's place part
        _use_part(s, "place", kind)
        continue_effect(d, s)
    else:
        end_turn(d, s)


def remove_item(d: SumaData, s: State, i: int) -> None:
    """R-3.1/D-10: an item back to the warehouse."""
    kind = s.board[i]
    s.board[i] = None
    s.stock[kind] += 1
    s.events.append(Event("suma.removed", {"seat": s.turn_seat, "kind": kind, "cell": i}))
    _use_part(s, "remove", None)
    continue_effect(d, s)


def _use_part(s: State, ptype: str, kind: str | None) -> None:
    """One unit of the first matching part of the pending effect is used."""
    p = s.pending
    parts = p.more
    for j, (t, k, n) in enumerate(parts):
        if t == ptype and n > 0 and (kind is None or k == kind):
            s.pending = Pending(p.kind, p.seat, p.card, p.offers, p.count, (*parts[:j], (t, k, n - 1), *parts[j + 1:]))
            return


def privilege(d: SumaData, s: State, seat: int, sq: int) -> None:
    """R-2.5: piece on the square, up to 3 items of its frame out of the game, marks for all."""
    s.supply[seat] -= 1
    s.squares = [*s.squares]  # copy on write (State.SHARED)
    s.squares[sq] = seat
    kind, n = d.squares[sq]
    gone = min(d.limits["privilege_removes"], s.stock[kind])
    s.stock[kind] -= gone
    s.excluded = {**s.excluded, kind: s.excluded[kind] + gone}  # copy on write (State.SHARED)
    s.events.append(Event("suma.privilege", {"seat": seat, "square": sq, "number": n, "kind": kind, "excluded": gone}))
    queue = []
    for k in range(s.players):
        p = (seat + k) % s.players
        cells = bingo.unmarked_of(s.cards[p], s.marked[p], n)
        if len(cells) == 1:
            _mark_cell(s, p, cells[0], "suma.marked")
        elif len(cells) > 1:
            queue.append(p)  # D-3: they choose
    if queue:
        s.pending = Pending("mark", queue[0], count=n, more=tuple(queue[1:]))
    else:
        end_turn(d, s)


def summon(d: SumaData, s: State, seat: int, card: str) -> None:
    """R-2.3 step 1 (D-12: the suma side is shown), then steps 2-4."""
    own(s, "hands", seat).remove(card)
    own(s, "jobs", seat).append(card)
    s.known = s.known | {card}  # copy on write (State.SHARED), like summoned
    s.summoned = [*s.summoned, card]
    fit = moves.summon_fit(d, s, seat, card)
    s.events.append(Event("suma.summoned", {"seat": seat, "card": card,
                                            "rotation": fit[0] * 90 if fit else 0}))
    if len(s.jobs[seat]) > d.limits["jobs"]:
        s.pending = Pending("return", seat, card)
        return
    start_crosses(d, s, card)


def return_job(d: SumaData, s: State, seat: int, card: str) -> None:
    """R-2.4: an older job card to the bottom of its colour's deck (D-9 refill)."""
    new = s.pending.card
    own(s, "jobs", seat).remove(card)
    col = d.card(card).colour
    own(s, "decks", col).insert(0, card)
    s.events.append(Event("suma.returned", {"seat": seat, "card": card}))
    refill(s, col)
    start_crosses(d, s, new)


def start_crosses(d: SumaData, s: State, card: str) -> None:
    """R-2.3 step 3: crosses auto-placed when there is no choice, wasted when none is left."""
    seat = s.turn_seat
    c = d.card(card)
    cells = bingo.unmarked_of(s.cards[seat], s.marked[seat], c.number)
    if len(cells) <= c.count:
        for i in cells:
            _mark_cell(s, seat, i, "suma.crossed")
        wasted = c.count - len(cells)
        if wasted:
            s.events.append(Event("suma.wasted", {"seat": seat, "n": wasted, "number": c.number}))
        start_effect(d, s, card)
    else:
        s.pending = Pending("cross", seat, card, count=c.count)


def start_effect(d: SumaData, s: State, card: str) -> None:
    """R-2.3 step 4 / R-3.2: the immediate effect, if any."""
    c = d.card(card)
    parts = tuple((p.type, p.kind, p.n) for p in c.effect) if c.timing == "immediate" else ()
    s.pending = Pending("effect", s.turn_seat, card, more=parts)
    continue_effect(d, s)


def continue_effect(d: SumaData, s: State) -> None:
    """R-3.1: go on while some part can still act ("as far as they can")."""
    if moves.effect_actions(d, s):
        return
    if any(p[2] > 0 for p in s.pending.more):
        s.events.append(Event("suma.effect_stopped", {"seat": s.turn_seat}))
    after_summon(d, s)


def after_summon(d: SumaData, s: State) -> None:
    """D-4: another summon or the end of the action (automatic when no card qualifies)."""
    s.pending = Pending("summon", s.turn_seat)
    if not moves.summonable(d, s, s.turn_seat):
        end_turn(d, s)


def mark(d: SumaData, s: State, i: int) -> None:
    """A chosen bingo cell: a cross, an achieve, a privilege's mark or an end-of-round achieve."""
    p = s.pending
    if p.kind == "cross":
        _mark_cell(s, p.seat, i, "suma.crossed")
        s.pending = Pending(p.kind, p.seat, p.card, p.offers, p.count - 1, p.more)
        if p.count == 1:
            start_effect(d, s, p.card)
    elif p.kind == "effect":
        _mark_cell(s, p.seat, i, "suma.achieved")
        _use_part(s, "achieve", None)
        continue_effect(d, s)
    elif p.kind == "mark":
        _mark_cell(s, p.seat, i, "suma.marked")
        if p.more:
            s.pending = Pending(p.kind, p.more[0], p.card, p.offers, p.count, p.more[1:])
        else:
            end_turn(d, s)
    else:  # endfx
        _mark_cell(s, p.seat, i, "suma.achieved")
        scoring.continue_end_effects(d, s, [(p.seat, p.count - 1), *p.more])


def _mark_cell(s: State, seat: int, i: int, key: str) -> None:
    s.marked[seat] |= 1 << i
    s.events.append(Event(key, {"seat": seat, "index": i, "number": s.cards[seat][i]}))


def end_turn(d: SumaData, s: State) -> None:
    """R-4.1 at the end of the turn; else the next player (clockwise) acts."""
    s.summoned = []
    reason = scoring.round_end_reason(d, s)
    if reason:
        s.events.append(Event("suma.round_end", {"round": s.round, "reason": reason, "seat": s.turn_seat}))
        scoring.end_round(d, s, s.turn_seat, reason)
        return
    s.turn_seat = (s.turn_seat + 1) % s.players
    s.turn += 1
    s.pending = None
